/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-operation-diff-view.h"
#include "st-compare-format.h"
#include "st-delta-label.h"

#include <glib/gi18n.h>

struct _StOperationDiffView
{
  GtkWidget parent_instance;

  GListStore         *operations[2]; /* StDiffOperation: kernels, host ops */
  GtkSortListModel   *sorted;
  GtkSingleSelection *selection;
  gboolean            host_table;
  char               *base_name; /* the sides, as the match's tooltip names them */
  char               *new_name;

  GtkScrolledWindow   *scroller;
  GtkColumnView       *diff_column_view;
  GtkColumnViewColumn *match_column;
};

G_DEFINE_FINAL_TYPE (StOperationDiffView, st_operation_diff_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TABLE,
  PROP_MIN_CONTENT_HEIGHT,
  PROP_MAX_CONTENT_HEIGHT,
  PROP_PROPAGATE_NATURAL_HEIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  OPERATION_SELECTED,
  OPERATION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Largest increase (regression) first: the model's order is by |delta|,
 * the table's by delta. */
static int
compare_operations (gconstpointer a, gconstpointer b, gpointer user_data)
{
  gint64 da = st_diff_operation_get_delta ((StDiffOperation *)a);
  gint64 db = st_diff_operation_get_delta ((StDiffOperation *)b);

  return da > db ? -1 : da < db ? 1 : 0;
}

void
st_operation_diff_view_set_diff (StOperationDiffView *self,
                                 StOperationDiff     *diff,
                                 const char          *base_name,
                                 const char          *new_name)
{
  g_return_if_fail (ST_IS_OPERATION_DIFF_VIEW (self));

  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_free (self->base_name);
  g_free (self->new_name);
  self->base_name = g_strdup (base_name);
  self->new_name = g_strdup (new_name);
  for (guint t = 0; t < 2; t++)
    {
      g_autoptr (GListModel) rows
          = st_operation_diff_list_rows (diff, t == 0 ? ST_OPERATIONS_KERNELS : ST_OPERATIONS_HOST);
      guint                 n = g_list_model_get_n_items (rows);
      g_autoptr (GPtrArray) objects = g_ptr_array_new_full (n, g_object_unref);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (objects, g_list_model_get_item (rows, i));
      g_list_store_splice (self->operations[t], 0,
                           g_list_model_get_n_items (G_LIST_MODEL (self->operations[t])),
                           objects->pdata, objects->len);
      g_list_store_sort (self->operations[t], compare_operations, NULL);
    }
}

StDiffOperation *
st_operation_diff_view_get_selected (StOperationDiffView *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_DIFF_VIEW (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

GListModel *
st_operation_diff_view_get_rows (StOperationDiffView *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_DIFF_VIEW (self), NULL);
  return G_LIST_MODEL (self->selection);
}

static void
on_selected (StOperationDiffView *self)
{
  g_signal_emit (self, signals[OPERATION_SELECTED], 0,
                 gtk_single_selection_get_selected_item (self->selection));
}

/* Return or a double click on a row: it is selected, then activated. */
static void
on_activated (StOperationDiffView *self, guint position)
{
  gtk_single_selection_set_selected (self->selection, position);
  g_signal_emit (self, signals[OPERATION_ACTIVATED], 0,
                 gtk_single_selection_get_selected_item (self->selection));
}

static void
set_table (StOperationDiffView *self, const char *table)
{
  gboolean host = g_strcmp0 (table, "host") == 0;

  if (host == self->host_table)
    return;
  self->host_table = host;
  gtk_sort_list_model_set_model (self->sorted, G_LIST_MODEL (self->operations[host]));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

/* The texts of the table's cells, from the numbers its columns sort by. */
static char *
format_count (GtkListItem *item, double count)
{
  return st_compare_format_count (count);
}

static char *
format_duration (GtkListItem *item, gint64 ns)
{
  return st_compare_format_duration (ns);
}

static char *
format_delta (GtkListItem *item, gint64 delta_ns)
{
  return st_compare_format_delta_duration (delta_ns);
}

static char *
format_percent (GtkListItem *item, gboolean has_percent, double percent)
{
  return st_compare_format_percent (has_percent, percent);
}

/* The same work taking longer is a regression. */
static int
judge_delta (GtkListItem *item, gint64 delta_ns)
{
  return delta_ns > 0 ? ST_DELTA_WORSE : delta_ns < 0 ? ST_DELTA_BETTER : ST_DELTA_UNJUDGED;
}

/* "exact", "normalized", "added" or "removed": the Match column's text and
 * what it sorts by. */
static char *
word_match (gpointer object, int match)
{
  return g_strdup (st_operation_match_to_string (match));
}

/* What the tooltip says of the match, naming the two sides: a normalized
 * row lists the base's names. */
static char *
describe_match (StOperationDiffView *self, StDiffOperation *operation)
{
  const char *const  *base_names = st_diff_operation_get_base_names (operation);
  g_autoptr (GString) names = g_string_new (NULL);

  switch (st_diff_operation_get_match (operation))
    {
    case ST_OPERATION_MATCH_EXACT:
      /* Translators: the two sides compared, "the baseline" and "the current profile" */
      return g_strdup_printf (_ ("The same name in %s and %s"), self->base_name, self->new_name);
    case ST_OPERATION_MATCH_NORMALIZED:
      for (guint i = 0; base_names != NULL && base_names[i] != NULL; i++)
        g_string_append_printf (names, "\n%s", base_names[i]);
      /* Translators: the side the names are from ("the baseline"), then its names */
      return g_strdup_printf (_ ("The same name once template arguments, addresses and numeric "
                                 "suffixes are left out. Its names in %s:%s"),
                              self->base_name, names->str);
    case ST_OPERATION_MATCH_ADDED:
      /* Translators: a side compared, "the current profile" or a region's name */
      return g_strdup_printf (_ ("Only in %s"), self->new_name);
    default: return g_strdup_printf (_ ("Only in %s"), self->base_name);
    }
}

/* The Match column's cells are made here rather than in the template: the
 * tooltip names the sides, which the view holds and a cell's expressions
 * cannot reach. */
static void
setup_match (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  gtk_list_item_set_child (item, g_object_new (GTK_TYPE_LABEL, "xalign", 0.0f, NULL));
}

static void
bind_match (GtkSignalListItemFactory *factory, GtkListItem *item, StOperationDiffView *self)
{
  StDiffOperation *operation = gtk_list_item_get_item (item);
  GtkLabel        *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *word = word_match (operation, st_diff_operation_get_match (operation));
  g_autofree char *tooltip = describe_match (self, operation);

  gtk_label_set_label (label, word);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), tooltip);
}

static void
st_operation_diff_view_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StOperationDiffView *self = ST_OPERATION_DIFF_VIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE: g_value_set_string (value, self->host_table ? "host" : "kernels"); break;
    case PROP_MIN_CONTENT_HEIGHT:
      g_value_set_int (value, gtk_scrolled_window_get_min_content_height (self->scroller));
      break;
    case PROP_MAX_CONTENT_HEIGHT:
      g_value_set_int (value, gtk_scrolled_window_get_max_content_height (self->scroller));
      break;
    case PROP_PROPAGATE_NATURAL_HEIGHT:
      g_value_set_boolean (value,
                           gtk_scrolled_window_get_propagate_natural_height (self->scroller));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operation_diff_view_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  StOperationDiffView *self = ST_OPERATION_DIFF_VIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE: set_table (self, g_value_get_string (value)); break;
    case PROP_MIN_CONTENT_HEIGHT:
      gtk_scrolled_window_set_min_content_height (self->scroller, g_value_get_int (value));
      break;
    case PROP_MAX_CONTENT_HEIGHT:
      gtk_scrolled_window_set_max_content_height (self->scroller, g_value_get_int (value));
      break;
    case PROP_PROPAGATE_NATURAL_HEIGHT:
      gtk_scrolled_window_set_propagate_natural_height (self->scroller,
                                                        g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operation_diff_view_dispose (GObject *object)
{
  StOperationDiffView *self = ST_OPERATION_DIFF_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_OPERATION_DIFF_VIEW);
  g_clear_object (&self->selection);
  g_clear_object (&self->operations[0]);
  g_clear_object (&self->operations[1]);
  G_OBJECT_CLASS (st_operation_diff_view_parent_class)->dispose (object);
}

static void
st_operation_diff_view_finalize (GObject *object)
{
  StOperationDiffView *self = ST_OPERATION_DIFF_VIEW (object);

  g_free (self->base_name);
  g_free (self->new_name);
  G_OBJECT_CLASS (st_operation_diff_view_parent_class)->finalize (object);
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  properties[PROP_TABLE] = g_param_spec_string ("table", NULL, NULL, "kernels", rw);
  properties[PROP_MIN_CONTENT_HEIGHT]
      = g_param_spec_int ("min-content-height", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_MAX_CONTENT_HEIGHT]
      = g_param_spec_int ("max-content-height", NULL, NULL, -1, G_MAXINT, -1, rw);
  properties[PROP_PROPAGATE_NATURAL_HEIGHT]
      = g_param_spec_boolean ("propagate-natural-height", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_operation_diff_view_class_init (StOperationDiffViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_operation_diff_view_dispose;
  object_class->finalize = st_operation_diff_view_finalize;
  object_class->get_property = st_operation_diff_view_get_property;
  object_class->set_property = st_operation_diff_view_set_property;
  install_properties (object_class);

  signals[OPERATION_SELECTED]
      = g_signal_new ("operation-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_DIFF_OPERATION);
  signals[OPERATION_ACTIVATED]
      = g_signal_new ("operation-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_DIFF_OPERATION);

  g_type_ensure (ST_TYPE_DELTA_LABEL);
  g_type_ensure (ST_TYPE_DIFF_OPERATION);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/compare/st-operation-diff-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StOperationDiffView, scroller);
  gtk_widget_class_bind_template_child (widget_class, StOperationDiffView, diff_column_view);
  gtk_widget_class_bind_template_child (widget_class, StOperationDiffView, match_column);
  gtk_widget_class_bind_template_callback (widget_class, on_activated);
  gtk_widget_class_bind_template_callback (widget_class, format_count);
  gtk_widget_class_bind_template_callback (widget_class, format_duration);
  gtk_widget_class_bind_template_callback (widget_class, format_delta);
  gtk_widget_class_bind_template_callback (widget_class, format_percent);
  gtk_widget_class_bind_template_callback (widget_class, judge_delta);
  gtk_widget_class_bind_template_callback (widget_class, word_match);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_operation_diff_view_init (StOperationDiffView *self)
{
  g_autoptr (GtkListItemFactory) match_factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (match_factory, "setup", G_CALLBACK (setup_match), NULL);
  g_signal_connect_object (match_factory, "bind", G_CALLBACK (bind_match), self, 0);
  gtk_column_view_column_set_factory (self->match_column, match_factory);
  self->operations[0] = g_list_store_new (ST_TYPE_DIFF_OPERATION);
  self->operations[1] = g_list_store_new (ST_TYPE_DIFF_OPERATION);
  self->sorted = gtk_sort_list_model_new (
      G_LIST_MODEL (g_object_ref (self->operations[0])),
      g_object_ref (gtk_column_view_get_sorter (self->diff_column_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->diff_column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected-item", G_CALLBACK (on_selected), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
st_operation_diff_view_new (void)
{
  return g_object_new (ST_TYPE_OPERATION_DIFF_VIEW, NULL);
}
