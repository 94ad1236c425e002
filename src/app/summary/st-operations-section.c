/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-operations-section.h"

#include "st-format.h"

struct _StOperationsSection
{
  StSummarySection parent_instance;

  gboolean          by_track;
  StOperationsTable table;
  StTrace          *trace;
  /* StOperationRow of the summary shown: per table, per name and per name and track */
  GArray *rows[ST_N_OPERATIONS_TABLES][2];

  GtkSpinner          *spinner;
  GtkColumnView       *operations_view;
  GtkColumnViewColumn *total_column;
  GtkColumnViewColumn *self_column;
  GtkPopover          *name_popover;
};

G_DEFINE_FINAL_TYPE (StOperationsSection, st_operations_section, ST_TYPE_SUMMARY_SECTION)

enum
{
  PROP_0,
  PROP_BY_TRACK,
  PROP_OPERATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The table's nicks, as the page's "operations" property names them. */
static const char *const table_names[ST_N_OPERATIONS_TABLES] = {
  [ST_OPERATIONS_HOST] = "host",
  [ST_OPERATIONS_KERNELS] = "kernels",
};

/* The full name of the row selected, or NULL. */
static char *
dup_selected_name (StOperationsSection *self)
{
  GtkSingleSelection *selection
      = GTK_SINGLE_SELECTION (gtk_column_view_get_model (self->operations_view));
  char    *name = NULL;
  GObject *item;

  if (selection == NULL || (item = gtk_single_selection_get_selected_item (selection)) == NULL)
    return NULL;
  g_object_get (item, "name", &name, NULL);
  return name;
}

static void
on_selection_changed (GtkSelectionModel   *selection,
                      guint                position,
                      guint                n_items,
                      StOperationsSection *self)
{
  gboolean any = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (selection)) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.copy-name", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.show-distribution", any);
}

/* The rows of the summary shown, of the table chosen, per name or per name
 * and track. */
static void
fill (StOperationsSection *self)
{
  g_autoptr (GListModel) items
      = st_summary_list_operations (self->trace, self->rows[self->table][self->by_track]);
  g_autoptr (GtkSortListModel) sorted = gtk_sort_list_model_new (
      g_steal_pointer (&items), g_object_ref (gtk_column_view_get_sorter (self->operations_view)));
  g_autoptr (GtkSingleSelection) selection
      = gtk_single_selection_new (G_LIST_MODEL (g_steal_pointer (&sorted)));

  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  g_signal_connect_object (selection, "selection-changed", G_CALLBACK (on_selection_changed), self,
                           0);
  gtk_column_view_set_model (self->operations_view, GTK_SELECTION_MODEL (selection));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.copy-name", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.show-distribution", FALSE);
  /* a device event has no children: its self time is its total */
  gtk_column_view_column_set_visible (self->self_column, self->table == ST_OPERATIONS_HOST);
}

/* Each table opens on where its time goes (docs/metrics.md 4): host ops
 * by self time, so that the frames that only enclose others (a thread's
 * run, a module's __call__) do not come first; kernels by total, which is
 * their self time. */
static void
sort_by_default (StOperationsSection *self)
{
  /* cleared first: the header of the column sorted before keeps its arrow otherwise */
  gtk_column_view_sort_by_column (self->operations_view, NULL, GTK_SORT_DESCENDING);
  gtk_column_view_sort_by_column (self->operations_view,
                                  self->table == ST_OPERATIONS_HOST ? self->self_column
                                                                    : self->total_column,
                                  GTK_SORT_DESCENDING);
}

/* A right click on a name selects its row and offers to copy the name or
 * to show its distribution. */
static void
on_name_pressed (GtkGestureClick *gesture, int n_press, double x, double y, GtkListItem *item)
{
  GtkWidget           *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget           *section = gtk_widget_get_ancestor (cell, ST_TYPE_OPERATIONS_SECTION);
  StOperationsSection *self = ST_OPERATIONS_SECTION (section);
  GtkSelectionModel   *selection = gtk_column_view_get_model (self->operations_view);
  double               sx, sy;

  gtk_selection_model_select_item (selection, gtk_list_item_get_position (item), TRUE);
  if (!gtk_widget_translate_coordinates (cell, section, x, y, &sx, &sy))
    return;
  gtk_popover_set_pointing_to (self->name_popover, &(GdkRectangle){ (int)sx, (int)sy, 1, 1 });
  gtk_popover_popup (self->name_popover);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* The full name, not the short form the table shows. */
static void
copy_name_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StOperationsSection *self = ST_OPERATIONS_SECTION (widget);
  g_autofree char     *name = dup_selected_name (self);

  if (name != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), name);
}

/* Ctrl+I, or the row's menu: the timeline, with the durations of every
 * slice of the name beside the details pane. */
static void
show_distribution_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StOperationsSection *self = ST_OPERATIONS_SECTION (widget);
  g_autofree char     *name = dup_selected_name (self);

  if (name != NULL)
    gtk_widget_activate_action (widget, "win.show-distribution", "s", name);
}

/* The texts of the table's cells, from the numbers its columns sort by. */
static char *
format_count (GtkListItem *item, guint count)
{
  return st_format_count (count);
}

static char *
format_duration (GtkListItem *item, gint64 ns)
{
  return st_format_duration (ns);
}

static char *
format_share (GtkListItem *item, double percent)
{
  return g_strdup_printf ("%.1f%%", percent);
}

static void
st_operations_section_show (StSummarySection  *section,
                            StTrace           *trace,
                            StSummary *const  *summaries,
                            const char *const *titles,
                            guint              n_summaries)
{
  StOperationsSection *self = ST_OPERATIONS_SECTION (section);

  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  g_set_object (&self->trace, trace);
  for (guint table = 0; table < ST_N_OPERATIONS_TABLES; table++)
    for (guint by_track = 0; by_track < 2; by_track++)
      {
        g_clear_pointer (&self->rows[table][by_track], g_array_unref);
        self->rows[table][by_track]
            = g_array_ref (st_summary_get_operations (summaries[0], table, by_track));
      }
  fill (self);
}

static void
st_operations_section_dispose (GObject *object)
{
  StOperationsSection *self = ST_OPERATIONS_SECTION (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_OPERATIONS_SECTION);
  g_clear_object (&self->trace);
  for (guint table = 0; table < ST_N_OPERATIONS_TABLES; table++)
    {
      g_clear_pointer (&self->rows[table][0], g_array_unref);
      g_clear_pointer (&self->rows[table][1], g_array_unref);
    }
  G_OBJECT_CLASS (st_operations_section_parent_class)->dispose (object);
}

static void
st_operations_section_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  StOperationsSection *self = ST_OPERATIONS_SECTION (object);

  switch (prop_id)
    {
    case PROP_BY_TRACK: g_value_set_boolean (value, self->by_track); break;
    case PROP_OPERATIONS: g_value_set_string (value, table_names[self->table]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operations_section_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  StOperationsSection *self = ST_OPERATIONS_SECTION (object);

  switch (prop_id)
    {
    case PROP_BY_TRACK:
      st_operations_section_set_by_track (self, g_value_get_boolean (value));
      break;
    case PROP_OPERATIONS:
      st_operations_section_set_operations (self, g_value_get_string (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operations_section_class_init (StOperationsSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_operations_section_dispose;
  object_class->get_property = st_operations_section_get_property;
  object_class->set_property = st_operations_section_set_property;
  section_class->show = st_operations_section_show;

  properties[PROP_BY_TRACK]
      = g_param_spec_boolean ("by-track", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPERATIONS]
      = g_param_spec_string ("operations", NULL, NULL, table_names[ST_OPERATIONS_HOST],
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_OPERATION);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-operations-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StOperationsSection, spinner);
  gtk_widget_class_bind_template_child (widget_class, StOperationsSection, operations_view);
  gtk_widget_class_bind_template_child (widget_class, StOperationsSection, total_column);
  gtk_widget_class_bind_template_child (widget_class, StOperationsSection, self_column);
  gtk_widget_class_bind_template_child (widget_class, StOperationsSection, name_popover);
  gtk_widget_class_bind_template_callback (widget_class, on_name_pressed);
  gtk_widget_class_bind_template_callback (widget_class, format_count);
  gtk_widget_class_bind_template_callback (widget_class, format_duration);
  gtk_widget_class_bind_template_callback (widget_class, format_share);

  gtk_widget_class_install_action (widget_class, "operations.copy-name", NULL, copy_name_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "operations.copy-name", NULL);
  gtk_widget_class_install_action (widget_class, "operations.show-distribution", NULL,
                                   show_distribution_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "operations.show-distribution", NULL);
}

static void
st_operations_section_init (StOperationsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.copy-name", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.show-distribution", FALSE);
  sort_by_default (self);
}

/* The rows of another range are on their way: the rows shown go, and a
 * spinner says that the table is coming. */
void
st_operations_section_wait (StOperationsSection *self)
{
  g_return_if_fail (ST_IS_OPERATIONS_SECTION (self));

  for (guint table = 0; table < ST_N_OPERATIONS_TABLES; table++)
    {
      g_clear_pointer (&self->rows[table][0], g_array_unref);
      g_clear_pointer (&self->rows[table][1], g_array_unref);
    }
  gtk_column_view_set_model (self->operations_view, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "operations.copy-name", FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
}

gboolean
st_operations_section_get_by_track (StOperationsSection *self)
{
  g_return_val_if_fail (ST_IS_OPERATIONS_SECTION (self), FALSE);
  return self->by_track;
}

void
st_operations_section_set_by_track (StOperationsSection *self, gboolean by_track)
{
  g_return_if_fail (ST_IS_OPERATIONS_SECTION (self));

  by_track = !!by_track;
  if (self->by_track == by_track)
    return;
  self->by_track = by_track;
  if (self->rows[self->table][by_track] != NULL)
    fill (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_TRACK]);
}

const char *
st_operations_section_get_operations (StOperationsSection *self)
{
  g_return_val_if_fail (ST_IS_OPERATIONS_SECTION (self), NULL);
  return table_names[self->table];
}

/* "kernels" or "host": the table shown. */
void
st_operations_section_set_operations (StOperationsSection *self, const char *operations)
{
  StOperationsTable table;

  g_return_if_fail (ST_IS_OPERATIONS_SECTION (self));
  g_return_if_fail (operations != NULL);

  for (table = 0; table < ST_N_OPERATIONS_TABLES; table++)
    if (g_str_equal (operations, table_names[table]))
      break;
  g_return_if_fail (table < ST_N_OPERATIONS_TABLES);
  if (self->table == table)
    return;
  self->table = table;
  sort_by_default (self);
  if (self->rows[table][self->by_track] != NULL)
    fill (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPERATIONS]);
}
