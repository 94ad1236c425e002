/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-rank-table.c: see st-fleet-rank-table.h. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-fleet-rank-table.h"

#include "st-fleet-rank-item.h"
#include "st-format.h"
#include "st-summary.h"

#include <glib/gi18n.h>
#include <math.h>

struct _StFleetRankTable
{
  GtkWidget parent_instance;

  GtkColumnView     *view;
  GtkSliceListModel *shown; /* the first of the sorted ranks while rows are made */
  guint              grow_id;
  GtkSortListModel  *sorted;
  GtkMultiSelection *selection;
  GtkButton         *open_button;
  GtkButton         *merge_button;
};

G_DEFINE_FINAL_TYPE (StFleetRankTable, st_fleet_rank_table, GTK_TYPE_WIDGET)

enum
{
  OPEN_ROWS,
  FILLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A column: its title, the item's property it shows and sorts by, the
 * unit it is in (a count when ST_UNIT_COUNT), and its tooltip. */
typedef struct
{
  const char  *title;
  const char  *property;
  StMetricUnit unit;
  const char  *tooltip;
} Column;

/* What the findings weigh first (17.3), then the rank's whole trace. */
static const Column columns[] = {
  { N_ ("Rank"), "row", ST_UNIT_NONE, NULL },
  { N_ ("Caused wait"), "caused-wait-ns", ST_UNIT_NS,
    N_ ("The mean wait of the ranks it kept waiting, over the collectives it was last at") },
  { N_ ("Last at"), "slowest-count", ST_UNIT_COUNT,
    N_ ("How many matched collectives it was the last to start") },
  { N_ ("Link excess"), "link-excess-ns", ST_UNIT_NS,
    N_ ("How much longer its collectives took than the median, once all had arrived") },
  { N_ ("Median step"), "median-step-ns", ST_UNIT_NS, N_ ("The median of the rank’s step times") },
  { N_ ("Busy"), "device-busy-percent", ST_UNIT_PERCENT, N_ ("Device busy over the whole trace") },
  { N_ ("Exposed comm."), "exposed-communication-ns", ST_UNIT_NS,
    N_ ("Communication not overlapped by compute, over the whole trace") },
};

/* A cell's text: the rank's label, or the number as docs/metrics.md
 * writes it ("—" when absent). */
static char *
cell_text (StFleetRankItem *item, const Column *column)
{
  GValue value = G_VALUE_INIT;
  double v;

  if (g_str_equal (column->property, "row"))
    return g_strdup (st_fleet_rank_item_get_rank (item)->label);
  g_object_get_property (G_OBJECT (item), column->property, &value);
  v = G_VALUE_HOLDS_DOUBLE (&value)  ? g_value_get_double (&value)
      : G_VALUE_HOLDS_INT64 (&value) ? (double)g_value_get_int64 (&value)
                                     : (double)g_value_get_uint (&value);
  g_value_unset (&value);
  if (isnan (v))
    return g_strdup ("—");
  if (column->unit == ST_UNIT_COUNT)
    return st_format_count ((guint64)v);
  return st_summary_format_value (column->unit, v);
}

/* An inscription, not a label: GTK makes a row per item for up to 200
 * items at once, and a fleet has a thousand. */
static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, const Column *column)
{
  GtkWidget *label = gtk_inscription_new (NULL);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (label),
                              g_str_equal (column->property, "row") ? 0 : 1);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (label),
                                     GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  /* an inscription asks for no width of its own: "rank 1023", "999.9 ms" */
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (label), 9);
  /* "rank 1023" is never cut: the numbers scroll sideways first */
  if (g_str_equal (column->property, "row"))
    gtk_inscription_set_min_chars (GTK_INSCRIPTION (label), 9);
  if (!g_str_equal (column->property, "row"))
    gtk_widget_add_css_class (label, "numeric");
  if (column->tooltip != NULL)
    gtk_widget_set_tooltip_text (label, _ (column->tooltip));
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, const Column *column)
{
  g_autofree char *text = cell_text (gtk_list_item_get_item (item), column);

  gtk_inscription_set_text (GTK_INSCRIPTION (gtk_list_item_get_child (item)), text);
  /* two digests of one rank are told apart by their traces' names, which
   * the column may cut: the whole name on hover */
  if (g_str_equal (column->property, "row"))
    gtk_widget_set_tooltip_text (gtk_list_item_get_child (item),
                                 g_utf8_strlen (text, -1) > 9 ? text : NULL);
}

static void
add_columns (StFleetRankTable *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      GtkListItemFactory  *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkExpression       *expression
          = gtk_property_expression_new (ST_TYPE_FLEET_RANK_ITEM, NULL, columns[i].property);

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), (gpointer)&columns[i]);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), (gpointer)&columns[i]);
      column = gtk_column_view_column_new (_ (columns[i].title), factory);
      gtk_column_view_column_set_sorter (column, GTK_SORTER (gtk_numeric_sorter_new (expression)));
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (self->view, column);
      /* the rank that kept the others waiting longest first: the ranks to
       * look at before the other thousand (17.3) */
      if (g_str_equal (columns[i].property, "caused-wait-ns"))
        gtk_column_view_sort_by_column (self->view, column, GTK_SORT_DESCENDING);
      g_object_unref (column);
    }
}

/* The fleet rows of the selected items, in the table's order: at most
 * two. */
static guint
selected_rows (StFleetRankTable *self, guint rows[2])
{
  g_autoptr (GtkBitset) set
      = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GtkBitsetIter iter;
  guint         position, n = 0;

  for (gboolean more = gtk_bitset_iter_init_first (&iter, set, &position); more && n < 2;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (StFleetRankItem) item
          = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

      rows[n++] = st_fleet_rank_item_get_row (item);
    }
  return n;
}

static void
on_selection_changed (StFleetRankTable *self)
{
  guint rows[2];
  guint n = gtk_bitset_get_size (
      gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection)));

  selected_rows (self, rows);
  gtk_widget_set_sensitive (GTK_WIDGET (self->open_button), n >= 1);
  gtk_widget_set_sensitive (GTK_WIDGET (self->merge_button), n == 2);
}

static void
on_activate (StFleetRankTable *self, guint position)
{
  g_autoptr (StFleetRankItem) item
      = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  g_signal_emit (self, signals[OPEN_ROWS], 0, st_fleet_rank_item_get_row (item), G_MAXUINT);
}

static void
on_open_clicked (StFleetRankTable *self)
{
  guint rows[2];

  if (selected_rows (self, rows) >= 1)
    g_signal_emit (self, signals[OPEN_ROWS], 0, rows[0], G_MAXUINT);
}

static void
on_merge_clicked (StFleetRankTable *self)
{
  guint rows[2];

  if (selected_rows (self, rows) == 2)
    g_signal_emit (self, signals[OPEN_ROWS], 0, rows[0], rows[1]);
}

/* GTK makes a row for each of the first 200 items at once, and a row of
 * cells takes a while to style: so many that a fleet's table would hold
 * the main loop for a while. They come a few at a frame instead, in the
 * table's order (the rows are sliced after sorting: a row sorted in
 * above the first shown would sit out of view, the list keeping the row
 * it showed first at its top). */
#define ROWS_AT_ONCE 8

static gboolean
grow (gpointer data)
{
  StFleetRankTable *self = data;
  GListModel       *ranks = gtk_slice_list_model_get_model (self->shown);
  guint             size = gtk_slice_list_model_get_size (self->shown);
  guint             n = ranks ? g_list_model_get_n_items (ranks) : 0;

  /* past the rows GTK makes at once, the rest cost nothing */
  size = size >= 200 ? n : MIN (n, size + ROWS_AT_ONCE);
  gtk_slice_list_model_set_size (self->shown, size);
  if (size < n)
    return G_SOURCE_CONTINUE;
  self->grow_id = 0;
  g_signal_emit (self, signals[FILLED], 0);
  return G_SOURCE_REMOVE;
}

void
st_fleet_rank_table_set_ranks (StFleetRankTable *self, GListModel *ranks)
{
  g_return_if_fail (ST_IS_FLEET_RANK_TABLE (self));
  g_clear_handle_id (&self->grow_id, g_source_remove);
  gtk_slice_list_model_set_size (self->shown, 0);
  gtk_sort_list_model_set_model (self->sorted, ranks);
  if (ranks != NULL)
    self->grow_id = g_idle_add_full (G_PRIORITY_LOW, grow, self, NULL);
  on_selection_changed (self);
}

/* TRUE while the rows are still being made. */
gboolean
st_fleet_rank_table_is_filling (StFleetRankTable *self)
{
  g_return_val_if_fail (ST_IS_FLEET_RANK_TABLE (self), FALSE);
  return self->grow_id != 0;
}

void
st_fleet_rank_table_select_row (StFleetRankTable *self, guint row, gboolean extend)
{
  GListModel *model = G_LIST_MODEL (self->selection);

  g_return_if_fail (ST_IS_FLEET_RANK_TABLE (self));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (StFleetRankItem) item = g_list_model_get_item (model, i);

      if (st_fleet_rank_item_get_row (item) != row)
        continue;
      gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), i, !extend);
      gtk_widget_activate_action (GTK_WIDGET (self->view), "list.scroll-to-item", "u", i);
      return;
    }
}

static void
st_fleet_rank_table_dispose (GObject *object)
{
  GtkWidget *child;

  g_clear_handle_id (&ST_FLEET_RANK_TABLE (object)->grow_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_FLEET_RANK_TABLE);
  /* the children without an id */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_fleet_rank_table_parent_class)->dispose (object);
}

static void
st_fleet_rank_table_class_init (StFleetRankTableClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = st_fleet_rank_table_dispose;
  /* Open these rows' traces: one (the second G_MAXUINT), or two merged. */
  signals[OPEN_ROWS] = g_signal_new ("open-rows", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* Every rank has its row. */
  signals[FILLED] = g_signal_new ("filled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/fleet/st-fleet-rank-table.ui");
  gtk_widget_class_bind_template_child (widget_class, StFleetRankTable, view);
  gtk_widget_class_bind_template_child (widget_class, StFleetRankTable, shown);
  gtk_widget_class_bind_template_child (widget_class, StFleetRankTable, sorted);
  gtk_widget_class_bind_template_child (widget_class, StFleetRankTable, selection);
  gtk_widget_class_bind_template_child (widget_class, StFleetRankTable, open_button);
  gtk_widget_class_bind_template_child (widget_class, StFleetRankTable, merge_button);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_open_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_merge_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_selection_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_fleet_rank_table_init (StFleetRankTable *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_columns (self);
  gtk_sort_list_model_set_sorter (self->sorted, gtk_column_view_get_sorter (self->view));
  on_selection_changed (self);
}
