/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-operation-diff-view.h"
#include "st-delta-label.h"

struct _StOperationDiffView
{
  GtkWidget parent_instance;

  GListStore         *operations[2]; /* StOperationDiffItem: kernels, host ops */
  GtkSortListModel   *sorted;
  GtkSingleSelection *selection;
  gboolean            host_table;

  GtkScrolledWindow *scroller;
  GtkColumnView     *diff_column_view;
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
  gint64 da, db;

  g_object_get ((gpointer)a, "delta-ns", &da, NULL);
  g_object_get ((gpointer)b, "delta-ns", &db, NULL);
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
  for (guint t = 0; t < 2; t++)
    g_list_store_remove_all (self->operations[t]);
  for (guint i = 0; diff != NULL && i < st_operation_diff_get_n_rows (diff); i++)
    {
      const StOperationDiffRow       *row = st_operation_diff_get_row (diff, i);
      g_autoptr (StOperationDiffItem) item = st_operation_diff_item_new (row, base_name, new_name);

      g_list_store_append (self->operations[row->table == ST_OPERATIONS_HOST], item);
    }
  for (guint t = 0; t < 2; t++)
    g_list_store_sort (self->operations[t], compare_operations, NULL);
}

StOperationDiffItem *
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
  object_class->get_property = st_operation_diff_view_get_property;
  object_class->set_property = st_operation_diff_view_set_property;
  install_properties (object_class);

  signals[OPERATION_SELECTED]
      = g_signal_new ("operation-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_OPERATION_DIFF_ITEM);
  signals[OPERATION_ACTIVATED]
      = g_signal_new ("operation-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_OPERATION_DIFF_ITEM);

  g_type_ensure (ST_TYPE_DELTA_LABEL);
  g_type_ensure (ST_TYPE_OPERATION_DIFF_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/compare/st-operation-diff-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StOperationDiffView, scroller);
  gtk_widget_class_bind_template_child (widget_class, StOperationDiffView, diff_column_view);
  gtk_widget_class_bind_template_callback (widget_class, on_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_operation_diff_view_init (StOperationDiffView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->operations[0] = g_list_store_new (ST_TYPE_OPERATION_DIFF_ITEM);
  self->operations[1] = g_list_store_new (ST_TYPE_OPERATION_DIFF_ITEM);
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
