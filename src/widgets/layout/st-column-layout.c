/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-column-layout.h"

#include "st-column-layout-child.h"

struct _StColumnLayout
{
  GtkLayoutManager parent_instance;

  int   spacing;
  int   column_width;
  guint max_columns;
};

G_DEFINE_FINAL_TYPE (StColumnLayout, st_column_layout, GTK_TYPE_LAYOUT_MANAGER)

enum
{
  PROP_0,
  PROP_SPACING,
  PROP_COLUMN_WIDTH,
  PROP_MAX_COLUMNS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A visible child, its column and its heights at the column's width. */
typedef struct
{
  GtkWidget *widget;
  guint      column;
  int        minimum;
  int        natural;
} Card;

/* The columns for a width: how many, where and how wide, and who goes
 * where. */
typedef struct
{
  guint   n_columns;
  int     width_all;
  int     x[G_MAXUINT8];
  int     width[G_MAXUINT8];
  GArray *cards;
  GArray *spans; /* Card: the children that take the whole width, below */
} Plan;

static gboolean spans (StColumnLayout *self, GtkWidget *child);

/* The narrowest a column may be: column-width, or the widest column
 * card's minimum; @natural gets the widest natural width as well. With
 * @all, the spanning cards count too (the narrowest the layout may be). */
static int
narrowest_column (StColumnLayout *self, GtkWidget *widget, gboolean all, int *natural)
{
  int narrowest = self->column_width, widest = self->column_width;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      int min, nat;

      if (!gtk_widget_should_layout (c) || (!all && spans (self, c)))
        continue;
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      narrowest = MAX (narrowest, min);
      widest = MAX (widest, nat);
    }
  if (natural != NULL)
    *natural = widest;
  return narrowest;
}

static guint
column_of (StColumnLayout *self, GtkWidget *child)
{
  return st_column_layout_child_get_column (ST_COLUMN_LAYOUT_CHILD (
      gtk_layout_manager_get_layout_child (GTK_LAYOUT_MANAGER (self), child)));
}

static gboolean
spans (StColumnLayout *self, GtkWidget *child)
{
  return st_column_layout_child_get_span (ST_COLUMN_LAYOUT_CHILD (
      gtk_layout_manager_get_layout_child (GTK_LAYOUT_MANAGER (self), child)));
}

static void
measure_card (Card *card, int width)
{
  gtk_widget_measure (card->widget, GTK_ORIENTATION_VERTICAL, width, &card->minimum, &card->natural,
                      NULL, NULL);
}

/* Fewer columns than all: the reading order cut into runs of about the
 * same height, a card going where its middle falls. */
static void
fill_in_order (GArray *cards, guint n_columns, int spacing)
{
  double total = 0, above = 0;
  guint  column = 0;

  for (guint i = 0; i < cards->len; i++)
    total += g_array_index (cards, Card, i).natural + spacing;
  for (guint i = 0; i < cards->len; i++)
    {
      Card *card = &g_array_index (cards, Card, i);

      if (column + 1 < n_columns
          && above + (card->natural + spacing) / 2.0 > total * (column + 1) / n_columns)
        column++;
      card->column = column;
      above += card->natural + spacing;
    }
}

/* With all columns, each card's column is its own, and the width beyond
 * their minimum goes first to the columns whose cards want more (a table
 * of long names); with fewer, the columns are as wide as each other. */
static void
size_columns (StColumnLayout *self, GtkWidget *widget, int width, int narrowest, Plan *plan)
{
  GtkRequestedSize sizes[G_MAXUINT8];
  gboolean         expand[G_MAXUINT8] = { FALSE };
  guint            n_expand = 0;
  int              extra = width - ((int)plan->n_columns - 1) * self->spacing;

  for (guint c = 0; c < plan->n_columns; c++)
    sizes[c] = (GtkRequestedSize){ NULL, narrowest, narrowest };
  if (plan->n_columns == self->max_columns)
    for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
      {
        guint column;
        int   nat;

        if (!gtk_widget_should_layout (c) || spans (self, c))
          continue;
        column = MIN (column_of (self, c), plan->n_columns - 1);
        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        sizes[column].natural_size = MAX (sizes[column].natural_size, nat);
        expand[column] |= gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL);
      }
  extra = gtk_distribute_natural_allocation (MAX (extra - (int)plan->n_columns * narrowest, 0),
                                             plan->n_columns, sizes);
  for (guint c = 0; c < plan->n_columns; c++)
    n_expand += expand[c];
  for (guint c = 0; c < plan->n_columns; c++)
    {
      int share = 0;

      /* what is left goes to the columns that expand, or to all alike */
      if (n_expand == 0 || expand[c])
        {
          share = extra / (int)(n_expand > 0 ? n_expand : plan->n_columns - c);
          extra -= share;
          n_expand -= n_expand > 0;
        }
      plan->width[c] = sizes[c].minimum_size + share;
      plan->x[c] = c > 0 ? plan->x[c - 1] + plan->width[c - 1] + self->spacing : 0;
    }
}

/* The children, each as a card of its column or one that spans. */
static void
collect_cards (StColumnLayout *self, GtkWidget *widget, Plan *plan)
{
  plan->cards = g_array_new (FALSE, FALSE, sizeof (Card));
  plan->spans = g_array_new (FALSE, FALSE, sizeof (Card));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      Card card = { c, MIN (column_of (self, c), plan->n_columns - 1), 0, 0 };

      if (!gtk_widget_should_layout (c))
        continue;
      if (spans (self, c))
        {
          measure_card (&card, plan->width_all);
          g_array_append_val (plan->spans, card);
        }
      else
        g_array_append_val (plan->cards, card);
    }
}

static void
make_plan (StColumnLayout *self, GtkWidget *widget, int width, Plan *plan)
{
  int natural, narrowest = narrowest_column (self, widget, FALSE, &natural);

  if (width < 0)
    width = self->max_columns * natural + (self->max_columns - 1) * self->spacing;
  plan->width_all = width;
  plan->n_columns
      = CLAMP ((width + self->spacing) / (narrowest + self->spacing), 1, (int)self->max_columns);
  size_columns (self, widget, width, narrowest, plan);
  collect_cards (self, widget, plan);
  if (plan->n_columns < self->max_columns)
    {
      /* the columns are as wide as each other: the heights at that width */
      for (guint i = 0; i < plan->cards->len; i++)
        measure_card (&g_array_index (plan->cards, Card, i), plan->width[0]);
      fill_in_order (plan->cards, plan->n_columns, self->spacing);
    }
  else
    for (guint i = 0; i < plan->cards->len; i++)
      {
        Card *card = &g_array_index (plan->cards, Card, i);

        measure_card (card, plan->width[card->column]);
      }
}

static void
plan_clear (Plan *plan)
{
  g_array_unref (plan->cards);
  g_array_unref (plan->spans);
}

static void
st_column_layout_measure (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  StColumnLayout *self = ST_COLUMN_LAYOUT (manager);
  Plan            plan;
  int             columns_min[G_MAXUINT8] = { 0 }, columns_nat[G_MAXUINT8] = { 0 };
  guint           columns_n[G_MAXUINT8] = { 0 };

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int widest;

      *minimum = narrowest_column (self, widget, TRUE, &widest);
      *natural = self->max_columns * widest + (self->max_columns - 1) * self->spacing;
      return;
    }
  make_plan (self, widget, for_size, &plan);
  *minimum = *natural = 0;
  for (guint i = 0; i < plan.cards->len; i++)
    {
      Card *card = &g_array_index (plan.cards, Card, i);
      int   gap = columns_n[card->column]++ > 0 ? self->spacing : 0;

      columns_min[card->column] += gap + card->minimum;
      columns_nat[card->column] += gap + card->natural;
      *minimum = MAX (*minimum, columns_min[card->column]);
      *natural = MAX (*natural, columns_nat[card->column]);
    }
  for (guint i = 0; i < plan.spans->len; i++)
    {
      Card *card = &g_array_index (plan.spans, Card, i);
      int   gap = *natural > 0 ? self->spacing : 0;

      *minimum += gap + card->minimum;
      *natural += gap + card->natural;
    }
  plan_clear (&plan);
}

/* One column's cards, @height high: each its natural height if there is
 * room (else its minimum and a share of the rest), and what is left over
 * to those that expand. */
static void
allocate_column (StColumnLayout *self, Card **cards, guint n, int x, int width, int height)
{
  GtkRequestedSize *sizes = g_newa (GtkRequestedSize, MAX (n, 1));
  int               extra = height - ((int)n - 1) * self->spacing;
  guint             n_expand = 0;
  int               y = 0;

  for (guint i = 0; i < n; i++)
    {
      sizes[i].data = cards[i]->widget;
      sizes[i].minimum_size = cards[i]->minimum;
      sizes[i].natural_size = cards[i]->natural;
      extra -= cards[i]->minimum;
      n_expand += gtk_widget_compute_expand (cards[i]->widget, GTK_ORIENTATION_VERTICAL);
    }
  extra = gtk_distribute_natural_allocation (MAX (extra, 0), n, sizes);
  for (guint i = 0; i < n; i++)
    {
      int h = sizes[i].minimum_size;

      if (n_expand > 0 && gtk_widget_compute_expand (cards[i]->widget, GTK_ORIENTATION_VERTICAL))
        {
          int share = extra / (int)n_expand;

          h += share;
          extra -= share;
          n_expand--;
        }
      gtk_widget_size_allocate (cards[i]->widget, &(GtkAllocation){ x, y, width, h }, -1);
      y += h + self->spacing;
    }
}

/* How tall the columns' cards are at their natural heights, or with
 * @minimum at their minimum ones. */
static int
columns_height (StColumnLayout *self, const Plan *plan, gboolean minimum)
{
  int height[G_MAXUINT8] = { 0 }, tallest = 0;

  for (guint i = 0; i < plan->cards->len; i++)
    {
      const Card *card = &g_array_index (plan->cards, Card, i);

      height[card->column] += (height[card->column] > 0 ? self->spacing : 0)
                              + (minimum ? card->minimum : card->natural);
      tallest = MAX (tallest, height[card->column]);
    }
  return tallest;
}

/* The spanning cards below the columns, each its natural height, the
 * height left over to those that expand; the height the columns get,
 * never less than their minimum, so that nothing overlaps. */
static int
allocate_spans (StColumnLayout *self, const Plan *plan, int width, int height)
{
  int total = 0, columns, y, extra;

  if (plan->spans->len == 0)
    return height;
  for (guint i = 0; i < plan->spans->len; i++)
    total += self->spacing + g_array_index (plan->spans, Card, i).natural;
  columns = MAX (MIN (height - total, columns_height (self, plan, FALSE)),
                 columns_height (self, plan, TRUE));
  extra = MAX (height - columns - total, 0);
  y = columns;
  for (guint i = 0; i < plan->spans->len; i++)
    {
      Card *card = &g_array_index (plan->spans, Card, i);
      int   h = card->natural;

      if (gtk_widget_compute_expand (card->widget, GTK_ORIENTATION_VERTICAL))
        {
          h += extra;
          extra = 0;
        }
      y += self->spacing;
      gtk_widget_size_allocate (card->widget, &(GtkAllocation){ 0, y, width, h }, -1);
      y += h;
    }
  return columns;
}

static void
st_column_layout_allocate (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  StColumnLayout *self = ST_COLUMN_LAYOUT (manager);
  Plan            plan;
  Card          **column;

  make_plan (self, widget, width, &plan);
  height = allocate_spans (self, &plan, width, height);
  column = g_new (Card *, MAX (plan.cards->len, 1));
  for (guint c = 0; c < plan.n_columns; c++)
    {
      guint n = 0;

      for (guint i = 0; i < plan.cards->len; i++)
        if (g_array_index (plan.cards, Card, i).column == c)
          column[n++] = &g_array_index (plan.cards, Card, i);
      allocate_column (self, column, n, plan.x[c], plan.width[c], height);
    }
  g_free (column);
  plan_clear (&plan);
}

static GtkSizeRequestMode
st_column_layout_get_request_mode (GtkLayoutManager *manager, GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
st_column_layout_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StColumnLayout *self = ST_COLUMN_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_SPACING: g_value_set_int (value, self->spacing); break;
    case PROP_COLUMN_WIDTH: g_value_set_int (value, self->column_width); break;
    case PROP_MAX_COLUMNS: g_value_set_uint (value, self->max_columns); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_column_layout_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  StColumnLayout *self = ST_COLUMN_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_SPACING: st_column_layout_set_spacing (self, g_value_get_int (value)); break;
    case PROP_COLUMN_WIDTH:
      st_column_layout_set_column_width (self, g_value_get_int (value));
      break;
    case PROP_MAX_COLUMNS: st_column_layout_set_max_columns (self, g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_column_layout_class_init (StColumnLayoutClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);
  const GParamFlags      rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = st_column_layout_get_property;
  object_class->set_property = st_column_layout_set_property;
  layout_class->measure = st_column_layout_measure;
  layout_class->allocate = st_column_layout_allocate;
  layout_class->get_request_mode = st_column_layout_get_request_mode;
  layout_class->layout_child_type = ST_TYPE_COLUMN_LAYOUT_CHILD;

  properties[PROP_SPACING] = g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT16, 0, rw);
  properties[PROP_COLUMN_WIDTH]
      = g_param_spec_int ("column-width", NULL, NULL, 1, G_MAXINT16, 1, rw);
  properties[PROP_MAX_COLUMNS]
      = g_param_spec_uint ("max-columns", NULL, NULL, 1, G_MAXUINT8 - 1, 3, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_column_layout_init (StColumnLayout *self)
{
  self->column_width = 1;
  self->max_columns = 3;
}

GtkLayoutManager *
st_column_layout_new (void)
{
  return g_object_new (ST_TYPE_COLUMN_LAYOUT, NULL);
}

int
st_column_layout_get_spacing (StColumnLayout *self)
{
  g_return_val_if_fail (ST_IS_COLUMN_LAYOUT (self), 0);
  return self->spacing;
}

void
st_column_layout_set_spacing (StColumnLayout *self, int spacing)
{
  g_return_if_fail (ST_IS_COLUMN_LAYOUT (self));

  if (self->spacing == spacing)
    return;
  self->spacing = spacing;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPACING]);
}

int
st_column_layout_get_column_width (StColumnLayout *self)
{
  g_return_val_if_fail (ST_IS_COLUMN_LAYOUT (self), 0);
  return self->column_width;
}

void
st_column_layout_set_column_width (StColumnLayout *self, int column_width)
{
  g_return_if_fail (ST_IS_COLUMN_LAYOUT (self));

  if (self->column_width == column_width)
    return;
  self->column_width = column_width;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMN_WIDTH]);
}

guint
st_column_layout_get_max_columns (StColumnLayout *self)
{
  g_return_val_if_fail (ST_IS_COLUMN_LAYOUT (self), 0);
  return self->max_columns;
}

void
st_column_layout_set_max_columns (StColumnLayout *self, guint max_columns)
{
  g_return_if_fail (ST_IS_COLUMN_LAYOUT (self));
  g_return_if_fail (max_columns >= 1 && max_columns < G_MAXUINT8);

  if (self->max_columns == max_columns)
    return;
  self->max_columns = max_columns;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_COLUMNS]);
}
