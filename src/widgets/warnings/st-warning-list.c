/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-warning-list.h"
#include "st-warning-item.h"

struct _StWarningList
{
  GtkWidget parent_instance;

  GtkStack      *stack;
  GtkColumnView *view;
};

G_DEFINE_FINAL_TYPE (StWarningList, st_warning_list, GTK_TYPE_WIDGET)

static void
st_warning_list_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_WARNING_LIST);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_warning_list_parent_class)->dispose (object);
}

static void
st_warning_list_class_init (StWarningListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_warning_list_dispose;

  g_type_ensure (ST_TYPE_WARNING_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/warnings/st-warning-list.ui");
  gtk_widget_class_bind_template_child (widget_class, StWarningList, stack);
  gtk_widget_class_bind_template_child (widget_class, StWarningList, view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_warning_list_init (StWarningList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
st_warning_list_new (void)
{
  return g_object_new (ST_TYPE_WARNING_LIST, NULL);
}

/* Shows the warnings of @trace, or a page saying there are none. */
void
st_warning_list_set_trace (StWarningList *self, StTrace *trace)
{
  g_autoptr (GListModel)     rows = NULL;
  g_autoptr (GtkNoSelection) selection = NULL;
  GtkSortListModel          *sorted;

  g_return_if_fail (ST_IS_WARNING_LIST (self));
  rows = trace ? st_warning_item_new_model (trace)
               : G_LIST_MODEL (g_list_store_new (ST_TYPE_WARNING_ITEM));
  gtk_stack_set_visible_child_name (self->stack, g_list_model_get_n_items (rows) ? "list" : "none");
  sorted = gtk_sort_list_model_new (g_steal_pointer (&rows),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
}

GListModel *
st_warning_list_get_model (StWarningList *self)
{
  g_return_val_if_fail (ST_IS_WARNING_LIST (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (self->view));
}
