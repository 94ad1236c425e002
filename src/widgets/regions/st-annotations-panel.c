#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-name-cell.h"

#include "st-format.h"
#include "st-highlighter.h"
#include "st-region-chart.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* How often the progress bar follows the highlighter's thread. */
#define PROGRESS_INTERVAL_MS 100

struct _StAnnotationsPanel
{
  GtkWidget parent_instance;

  StSession           *session;
  GSimpleActionGroup  *actions;
  GtkSortListModel    *sorted;
  GtkSingleSelection  *selection;
  gboolean             syncing;
  GHashTable          *name_labels;  /* StRegion -> its StNameCell in the list */
  GFile               *regions_file; /* where the regions were last saved or loaded */
  struct HighlightJob *job;
  GCancellable        *cancellable;
  guint                progress_tick;
  GtkWidget           *row_menu;
  GMenuModel          *row_menu_model;

  GtkRevealer       *error_revealer;
  GtkLabel          *error_label;
  StHighlighterForm *form;
  GtkBox            *progress_box;
  GtkProgressBar    *progress_bar;
  GtkBox            *explanation_box;
  GtkLabel          *explanation_label;
  GtkLabel          *status_label;
  GtkLabel          *count_label;
  GtkButton         *add_button;
  GtkStack          *list_stack;
  GtkColumnView     *list;
  StRegionChart     *chart;
  GtkLabel          *compare_label;
  GtkMenuButton     *recent_configs_button;
  GMenu             *recent_configs;
};

G_DEFINE_FINAL_TYPE (StAnnotationsPanel, st_annotations_panel, GTK_TYPE_WIDGET)

enum
{
  SAVE_FINISHED,
  CONFIG_USED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static StRegionSet *
get_regions (StAnnotationsPanel *self)
{
  return self->session != NULL ? st_session_get_regions (self->session) : NULL;
}

static StRegion *
selected_region (StAnnotationsPanel *self)
{
  return self->session != NULL ? st_session_get_selected_region (self->session) : NULL;
}

static void
enable (StAnnotationsPanel *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* Messages. */

void
st_annotations_panel_show_error (StAnnotationsPanel *self, const char *message)
{
  g_return_if_fail (ST_IS_ANNOTATIONS_PANEL (self));
  gtk_label_set_text (self->error_label, message);
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
}

static void
on_dismiss_error (StAnnotationsPanel *self)
{
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
}

/* The error shown, or NULL. */
const char *
st_annotations_panel_get_error (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return gtk_revealer_get_reveal_child (self->error_revealer)
             ? gtk_label_get_text (self->error_label)
             : NULL;
}

static void
set_status (StAnnotationsPanel *self, const char *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
}

/* What the last run of the highlighter came to ("42 regions…"), or NULL. */
const char *
st_annotations_panel_get_status (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->status_label))
             ? gtk_label_get_text (self->status_label)
             : NULL;
}

static void
set_explanation (StAnnotationsPanel *self, const char *text)
{
  gtk_label_set_text (self->explanation_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->explanation_box), text != NULL);
}

/* Why the last run found nothing: what the profile lacks; or NULL. */
const char *
st_annotations_panel_get_explanation (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->explanation_box))
             ? gtk_label_get_text (self->explanation_label)
             : NULL;
}

/* "2 of 3 picked for comparison", or how to pick. */
const char *
st_annotations_panel_get_compare_text (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return gtk_label_get_text (self->compare_label);
}

/* State of the actions and labels. */

static gboolean
get_addable (StAnnotationsPanel *self, gint64 *start, gint64 *end, gboolean *timing)
{
  if (self->session == NULL)
    return FALSE;
  *timing = TRUE;
  if (st_session_get_timing (self->session, start, end) && *end > *start)
    return TRUE;
  *timing = FALSE;
  return st_session_get_marked (self->session, start, end) && *end > *start;
}

static void
update_add (StAnnotationsPanel *self)
{
  gint64   start, end;
  gboolean timing = FALSE;
  gboolean addable = get_addable (self, &start, &end, &timing);

  enable (self, "add", addable);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->add_button),
                               !addable ? _ ("Measure a range with the Timing tool (4), or mark a "
                                             "selection’s range (M), to add it as a region")
                               : timing ? _ ("Add the timing measurement as a region (R)")
                                        : _ ("Add the marked range as a region (R)"));
}

static void
update_actions (StAnnotationsPanel *self)
{
  StRegionSet *regions = get_regions (self);
  gboolean     has_session = self->session != NULL;
  gboolean     running = self->job != NULL;
  gboolean     has_selected = selected_region (self) != NULL;
  guint        n = regions != NULL ? st_region_set_get_n_regions (regions) : 0;

  enable (self, "highlight", has_session && !running);
  enable (self, "cancel-highlight", running);
  enable (self, "delete", has_selected);
  enable (self, "rename", has_session);
  enable (self, "edit-name", has_selected);
  enable (self, "zoom", has_selected);
  enable (self, "toggle-compare", has_selected);
  enable (self, "previous", n > 0);
  enable (self, "next", n > 0);
  enable (self, "undo", regions != NULL && st_region_set_can_undo (regions));
  enable (self, "redo", regions != NULL && st_region_set_can_redo (regions));
  enable (self, "save", n > 0);
  enable (self, "save-as", n > 0);
  enable (self, "load", has_session);
  update_add (self);
}

static void
update_count (StAnnotationsPanel *self)
{
  StRegionSet     *regions = get_regions (self);
  guint            n = regions != NULL ? st_region_set_get_n_regions (regions) : 0;
  g_autofree char *count = st_format_count (n);

  gtk_label_set_text (self->count_label, n > 0 ? count : "");
  gtk_stack_set_visible_child_name (self->list_stack, n > 0 ? "list" : "empty");
}

static void
update_compare_label (StAnnotationsPanel *self)
{
  guint n = self->session != NULL ? st_session_get_compare_regions (self->session)->len : 0;
  g_autofree char *text = NULL;

  if (n == 0)
    text = g_strdup (_ ("Click points to pick up to 3 regions for comparison."));
  else
    /* Translators: how many regions are picked, of at most 3 */
    text = g_strdup_printf (_ ("%u of %u picked for comparison"), n, ST_SESSION_MAX_COMPARE);
  gtk_label_set_text (self->compare_label, text);
}

/* The list's selection follows the session's selected region, and back. */

static guint
row_of (StAnnotationsPanel *self, StRegion *region)
{
  GListModel *rows = G_LIST_MODEL (self->sorted);

  for (guint i = 0; region != NULL && i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (StRegion) r = g_list_model_get_item (rows, i);
      if (r == region)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* GtkColumnView has no scroll_to in GTK 4.8; its list view's action does
 * it. */
static void
scroll_to_row (StAnnotationsPanel *self, guint row)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->list)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      gtk_widget_activate_action (c, "list.scroll-to-item", "u", row);
}

static void
on_session_selected (StAnnotationsPanel *self)
{
  guint row = row_of (self, selected_region (self));

  if (!self->syncing)
    {
      self->syncing = TRUE;
      gtk_single_selection_set_selected (self->selection, row);
      self->syncing = FALSE;
      if (row != GTK_INVALID_LIST_POSITION && gtk_widget_get_mapped (GTK_WIDGET (self->list)))
        scroll_to_row (self, row);
    }
  update_actions (self);
}

static void
on_list_selected (StAnnotationsPanel *self)
{
  if (self->syncing || self->session == NULL)
    return;
  self->syncing = TRUE;
  st_session_set_selected_region (self->session,
                                  gtk_single_selection_get_selected_item (self->selection));
  self->syncing = FALSE;
  update_actions (self);
}

static void
on_regions_edited (StAnnotationsPanel *self)
{
  update_count (self);
  update_actions (self);
}

/* The rows. */

static char *
describe_region (StRegion *region)
{
  g_autofree char *start = st_format_duration (st_region_get_start (region));
  g_autofree char *duration = st_format_duration (st_region_get_duration (region));

  /* Translators: a region's name, method, start and duration, as its tooltip */
  return g_markup_printf_escaped (
      _ ("<b>%s</b>\n%s, from %s for %s\nDouble-click or Shift+F to zoom to it, F2 to rename it"),
      st_region_get_name (region), st_region_method_get_label (st_region_get_method (region)),
      start, duration);
}

static void
update_name_cell (GtkWidget *box)
{
  StRegion        *region = g_object_get_data (G_OBJECT (box), "st-region");
  StSession       *session = g_object_get_data (G_OBJECT (box), "st-session");
  GtkWidget       *label = gtk_widget_get_first_child (box);
  GtkWidget       *badge = gtk_widget_get_next_sibling (label);
  g_autofree char *tooltip = NULL;
  gint             pick;

  if (region == NULL)
    return;
  pick = session != NULL ? st_session_get_compare_index (session, region) : -1;
  tooltip = describe_region (region);
  gtk_widget_set_tooltip_markup (box, tooltip);
  if (!st_name_cell_get_editing (ST_NAME_CELL (label)))
    st_name_cell_set_text (ST_NAME_CELL (label), st_region_get_name (region));
  gtk_widget_set_visible (badge, pick >= 0);
  if (pick >= 0)
    {
      char text[4];
      g_snprintf (text, sizeof text, "%d", pick + 1);
      gtk_label_set_text (GTK_LABEL (badge), text);
    }
}

/* A name typed in place: renamed through regions.rename, so it can be
 * undone; an empty or unchanged name keeps the old one. */
static void
on_name_committed (StNameCell *cell, const char *text, StAnnotationsPanel *self)
{
  GtkWidget       *box = gtk_widget_get_parent (GTK_WIDGET (cell));
  StRegion        *region = g_object_get_data (G_OBJECT (box), "st-region");
  g_autofree char *name = g_strstrip (g_strdup (text));
  guint            position;

  if (region == NULL || self->session == NULL)
    return;
  position = st_region_set_find (get_regions (self), region);
  if (*name != '\0' && position != G_MAXUINT && !g_str_equal (name, st_region_get_name (region)))
    g_action_group_activate_action (G_ACTION_GROUP (self->actions), "rename",
                                    g_variant_new ("(us)", position, name));
  gtk_widget_grab_focus (GTK_WIDGET (self->list));
}

static void
setup_name (GtkSignalListItemFactory *factory, GtkListItem *item, StAnnotationsPanel *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *badge = gtk_label_new (NULL);
  GtkWidget *label = st_name_cell_new ();

  gtk_widget_add_css_class (badge, "pick-badge");
  gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (badge, FALSE);
  gtk_widget_set_hexpand (label, TRUE);
  g_signal_connect_object (label, "committed", G_CALLBACK (on_name_committed), self, 0);
  gtk_widget_set_tooltip_text (badge, _ ("Picked for comparison (C drops it)"));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), badge);
  gtk_list_item_set_child (item, box);
}

static void
bind_name (GtkSignalListItemFactory *factory, GtkListItem *item, StAnnotationsPanel *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  StRegion  *region = gtk_list_item_get_item (item);

  g_object_set_data (G_OBJECT (box), "st-region", region);
  g_object_set_data (G_OBJECT (box), "st-session", self->session);
  g_signal_connect_object (region, "notify::name", G_CALLBACK (update_name_cell), box,
                           G_CONNECT_SWAPPED);
  if (self->session != NULL)
    g_signal_connect_object (self->session, "compare-changed", G_CALLBACK (update_name_cell), box,
                             G_CONNECT_SWAPPED);
  g_hash_table_insert (self->name_labels, region, gtk_widget_get_first_child (box));
  update_name_cell (box);
}

static void
unbind_name (GtkSignalListItemFactory *factory, GtkListItem *item, StAnnotationsPanel *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  StRegion  *region = gtk_list_item_get_item (item);
  StSession *session = g_object_get_data (G_OBJECT (box), "st-session");

  g_signal_handlers_disconnect_by_func (region, update_name_cell, box);
  if (session != NULL)
    g_signal_handlers_disconnect_by_func (session, update_name_cell, box);
  if (g_hash_table_lookup (self->name_labels, region) == gtk_widget_get_first_child (box))
    g_hash_table_remove (self->name_labels, region);
  g_object_set_data (G_OBJECT (box), "st-region", NULL);
  g_object_set_data (G_OBJECT (box), "st-session", NULL);
}

static void
setup_time (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_time (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  StRegion        *region = gtk_list_item_get_item (item);
  gboolean         duration = GPOINTER_TO_INT (user_data);
  g_autofree char *text = st_format_duration (duration ? st_region_get_duration (region)
                                                       : st_region_get_start (region));

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static GtkColumnViewColumn *
add_column (StAnnotationsPanel *self,
            const char         *title,
            GtkListItemFactory *factory,
            GtkSorter          *sorter)
{
  GtkColumnViewColumn *column = gtk_column_view_column_new (title, factory);

  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_append_column (self->list, column);
  g_object_unref (sorter);
  g_object_unref (column);
  return column;
}

static GtkListItemFactory *
time_factory (gboolean duration)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_time), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_time), GINT_TO_POINTER (duration));
  return factory;
}

static void
build_columns (StAnnotationsPanel *self)
{
  GtkListItemFactory  *name = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (name, "setup", G_CALLBACK (setup_name), self);
  g_signal_connect (name, "bind", G_CALLBACK (bind_name), self);
  g_signal_connect (name, "unbind", G_CALLBACK (unbind_name), self);
  column = add_column (self, _ ("Name"), name,
                       GTK_SORTER (gtk_string_sorter_new (
                           gtk_property_expression_new (ST_TYPE_REGION, NULL, "name"))));
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_column_set_resizable (column, TRUE);
  column = add_column (self, _ ("Start"), time_factory (FALSE),
                       GTK_SORTER (gtk_numeric_sorter_new (
                           gtk_property_expression_new (ST_TYPE_REGION, NULL, "start"))));
  gtk_column_view_column_set_fixed_width (column, 88);
  column = add_column (self, _ ("Duration"), time_factory (TRUE),
                       GTK_SORTER (gtk_numeric_sorter_new (
                           gtk_property_expression_new (ST_TYPE_REGION, NULL, "duration"))));
  gtk_column_view_column_set_fixed_width (column, 88);
}

/* Renaming in place: F2 (or Rename in the menu) turns the name into an
 * entry; Enter commits through regions.rename, Escape keeps the name. */
gboolean
st_annotations_panel_start_editing (StAnnotationsPanel *self, StRegion *region)
{
  GtkWidget *label;

  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), FALSE);
  scroll_to_row (self, row_of (self, region));
  label = g_hash_table_lookup (self->name_labels, region);
  if (label == NULL)
    return FALSE;
  st_name_cell_start_editing (ST_NAME_CELL (label));
  return TRUE;
}

/* The row menu, on a right click. */

static StRegion *
region_at (StAnnotationsPanel *self, double x, double y)
{
  for (GtkWidget *w = gtk_widget_pick (GTK_WIDGET (self->list), x, y, GTK_PICK_DEFAULT); w != NULL;
       w = gtk_widget_get_parent (w))
    {
      StRegion *region = g_object_get_data (G_OBJECT (w), "st-region");
      if (region != NULL)
        return region;
      if (w == GTK_WIDGET (self->list))
        break;
    }
  return NULL;
}

static void
on_list_right_click (GtkGestureClick    *gesture,
                     int                 n_press,
                     double              x,
                     double              y,
                     StAnnotationsPanel *self)
{
  StRegion        *region = region_at (self, x, y);
  graphene_point_t at;

  if (region == NULL)
    return;
  st_session_set_selected_region (self->session, region);
  if (!gtk_widget_compute_point (GTK_WIDGET (self->list), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (x, y), &at))
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->row_menu), &(GdkRectangle){ at.x, at.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->row_menu));
}

static void
on_activate (GtkColumnView *list, guint row, StAnnotationsPanel *self)
{
  g_autoptr (StRegion) region = g_list_model_get_item (G_LIST_MODEL (self->sorted), row);

  if (region == NULL)
    return;
  st_session_set_selected_region (self->session, region);
  st_session_zoom_to_region (self->session, region);
}

/* The highlighter, on a thread. */

/* Shared by the panel and the thread (reference counted). */
typedef struct HighlightJob
{
  StTrace             *trace;
  StHighlighterConfig *config;
  int                  permille;    /* how far the thread got */
  char                *explanation; /* set by the thread before it returns */
} HighlightJob;

static void
job_clear (gpointer data)
{
  HighlightJob *job = data;

  g_clear_object (&job->trace);
  g_clear_pointer (&job->config, st_highlighter_config_free);
  g_clear_pointer (&job->explanation, g_free);
}

static void
job_release (gpointer data)
{
  g_rc_box_release_full (data, job_clear);
}

static void
on_job_progress (double fraction, gpointer data)
{
  g_atomic_int_set (&((HighlightJob *)data)->permille, (int)(CLAMP (fraction, 0, 1) * 1000));
}

static void
highlight_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HighlightJob *job = data;
  GError       *error = NULL;
  GPtrArray *regions = st_highlighter_run (job->trace, job->config, &job->explanation, cancellable,
                                           on_job_progress, job, &error);

  if (regions == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, regions, (GDestroyNotify)g_ptr_array_unref);
}

static gboolean
show_progress (gpointer data)
{
  StAnnotationsPanel *self = data;
  int                 permille = g_atomic_int_get (&self->job->permille);
  g_autofree char    *text = g_strdup_printf (_ ("Looking for regions… %d %%"), permille / 10);

  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, permille / 1000.0);
  gtk_progress_bar_set_text (self->progress_bar, text);
  return G_SOURCE_CONTINUE;
}

/* Forgets the run in progress, if any; its result will be ignored. */
static void
stop_job (StAnnotationsPanel *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_tick, g_source_remove);
  g_clear_pointer (&self->job, job_release);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), FALSE);
}

static void
on_highlighted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StAnnotationsPanel) self = user_data;
  HighlightJob                  *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError)             error = NULL;
  g_autoptr (GPtrArray)          regions = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char               *status = NULL;

  if (job != self->job)
    return; /* replaced, or the session changed */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      stop_job (self);
      set_status (self, _ ("Stopped; the regions are as they were."));
      update_actions (self);
      return;
    }
  if (regions == NULL)
    {
      stop_job (self);
      st_annotations_panel_show_error (self, error->message);
      update_actions (self);
      return;
    }
  if (job->explanation != NULL)
    set_explanation (self, job->explanation);
  else if (regions->len == 0)
    set_status (self, _ ("Nothing matched this configuration; the regions are as they were."));
  else
    {
      g_autofree char *n = st_format_count (regions->len);

      st_region_set_replace_all (get_regions (self), regions);
      /* Translators: %s is a number of regions */
      status = g_strdup_printf (ngettext ("%s region found. Ctrl+Z brings back the ones before.",
                                          "%s regions found. Ctrl+Z brings back the ones before.",
                                          regions->len),
                                n);
      set_status (self, status);
    }
  stop_job (self);
  update_actions (self);
}

static void
highlight_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;
  g_autoptr (GTask)   task = NULL;
  HighlightJob       *job;

  if (self->session == NULL || self->job != NULL)
    return;
  job = g_rc_box_new0 (HighlightJob);
  job->trace = g_object_ref (st_session_get_trace (self->session));
  job->config = st_highlighter_form_get_config (self->form);
  self->job = g_rc_box_acquire (job);
  self->cancellable = g_cancellable_new ();
  set_explanation (self, NULL);
  set_status (self, NULL);
  on_dismiss_error (self);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  self->progress_tick = g_timeout_add (PROGRESS_INTERVAL_MS, show_progress, self);
  task = g_task_new (NULL, self->cancellable, on_highlighted, g_object_ref (self));
  g_task_set_source_tag (task, highlight_action);
  g_task_set_task_data (task, job, job_release);
  g_task_run_in_thread (task, highlight_thread);
  update_actions (self);
}

static void
cancel_highlight_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* TRUE while the highlighter runs. */
gboolean
st_annotations_panel_is_highlighting (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), FALSE);
  return self->job != NULL;
}

/* File choosers. */

typedef void (*ChosenFunc) (StAnnotationsPanel *self, GFile *file);

static void
on_chooser_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  StAnnotationsPanel *self = g_object_get_data (G_OBJECT (dialog), "st-panel");
  ChosenFunc          func = user_data;
  g_autoptr (GFile)   file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  func (self, file);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
choose_file (StAnnotationsPanel  *self,
             GtkFileChooserAction mode,
             const char          *title,
             const char          *accept,
             const char          *suggested_name,
             ChosenFunc           func)
{
  GtkRoot                  *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative     *chooser;
  g_autoptr (GtkFileFilter) json = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         mode, accept, _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (json, _ ("JSON files"));
  gtk_file_filter_add_pattern (json, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), json);
  gtk_file_filter_set_name (all, _ ("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested_name);
  g_object_set_data (G_OBJECT (chooser), "st-panel", g_object_ref (self));
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), func);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* "profile.json.gz" -> "profile-regions.json" (or -highlighter.json). */
static char *
suggest_name (StAnnotationsPanel *self, const char *suffix)
{
  const StProfileIdentity *identity
      = self->session ? st_session_get_profile_identity (self->session) : NULL;
  g_autofree char *base
      = g_strdup (identity != NULL && identity->name != NULL ? identity->name : "profile");
  const char *ends[] = { ".gz", ".json", ".trace" };

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    if (g_str_has_suffix (base, ends[i]) && strlen (base) > strlen (ends[i]))
      base[strlen (base) - strlen (ends[i])] = '\0';
  return g_strconcat (base, suffix, NULL);
}

/* Highlighter configurations. */

static void
config_used (StAnnotationsPanel *self, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  g_signal_emit (self, signals[CONFIG_USED], 0, uri);
}

static void
config_chosen_for_load (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = NULL;

  if (file == NULL)
    return;
  config = st_highlighter_config_load (file, &error);
  if (config == NULL)
    {
      st_annotations_panel_show_error (self, error->message);
      return;
    }
  on_dismiss_error (self);
  st_highlighter_form_set_config (self->form, config);
  config_used (self, file);
}

static void
config_chosen_for_save (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = NULL;

  if (file == NULL)
    return;
  config = st_highlighter_form_get_config (self->form);
  if (!st_highlighter_config_save (config, file, &error))
    st_annotations_panel_show_error (self, error->message);
  else
    config_used (self, file);
}

static void
load_config_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  choose_file (user_data, GTK_FILE_CHOOSER_ACTION_OPEN, _ ("Load a Highlighter Configuration"),
               _ ("_Load"), NULL, config_chosen_for_load);
}

static void
load_config_uri_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  config_chosen_for_load (user_data, file);
}

/* The configurations loaded or saved last (URIs, the most recent first), in
 * the menu beside Load…; without any, the menu is not shown. */
void
st_annotations_panel_set_recent_configs (StAnnotationsPanel *self, const char *const *uris)
{
  g_return_if_fail (ST_IS_ANNOTATIONS_PANEL (self));
  g_menu_remove_all (self->recent_configs);
  for (guint i = 0; uris != NULL && uris[i] != NULL; i++)
    {
      g_autoptr (GFile)     file = g_file_new_for_uri (uris[i]);
      g_autofree char      *label = g_file_get_basename (file);
      g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "regions.load-config-uri", "s", uris[i]);
      g_menu_append_item (self->recent_configs, item);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_configs_button),
                          g_menu_model_get_n_items (G_MENU_MODEL (self->recent_configs)) > 0);
}

GMenuModel *
st_annotations_panel_get_recent_configs (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return G_MENU_MODEL (self->recent_configs);
}

static void
save_config_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autofree char *name = suggest_name (user_data, "-highlighter.json");

  choose_file (user_data, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("Save the Highlighter Configuration"),
               _ ("_Save"), name, config_chosen_for_save);
}

/* Editing the regions. */

/* "Region N", N the first number no region has. */
static char *
new_region_name (StAnnotationsPanel *self)
{
  StRegionSet *regions = get_regions (self);
  guint        n = st_region_set_get_n_regions (regions);

  for (guint k = n + 1;; k++)
    {
      /* Translators: the name of a region added by hand; %u is a number */
      g_autofree char *name = g_strdup_printf (_ ("Region %u"), k - n);
      gboolean         taken = FALSE;

      for (guint i = 0; i < n && !taken; i++)
        taken = g_str_equal (st_region_get_name (st_region_set_get_region (regions, i)), name);
      if (!taken)
        return g_steal_pointer (&name);
    }
}

static void
add_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel  *self = user_data;
  g_autoptr (StRegion) region = NULL;
  g_autofree char     *name = NULL;
  gint64               start, end;
  gboolean             timing;

  if (!get_addable (self, &start, &end, &timing))
    return;
  name = new_region_name (self);
  region = st_region_new (name, start, end, ST_REGION_MANUAL);
  st_region_set_add (get_regions (self), region);
  st_session_set_selected_region (self->session, region);
}

static void
delete_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;
  StRegion           *region = selected_region (self);
  guint position = region != NULL ? st_region_set_find (get_regions (self), region) : G_MAXUINT;
  guint n;

  if (position == G_MAXUINT)
    return;
  st_region_set_remove (get_regions (self), position);
  /* the next one is selected, so Delete Delete removes two */
  n = st_region_set_get_n_regions (get_regions (self));
  if (n > 0)
    st_session_set_selected_region (
        self->session, st_region_set_get_region (get_regions (self), MIN (position, n - 1)));
}

static void
rename_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;
  guint               position;
  g_autofree char    *name = NULL;

  g_variant_get (parameter, "(us)", &position, &name);
  g_strstrip (name);
  if (self->session == NULL || position >= st_region_set_get_n_regions (get_regions (self))
      || *name == '\0')
    return;
  st_region_set_rename (get_regions (self), position, name);
}

static void
edit_name_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (selected_region (self) != NULL)
    st_annotations_panel_start_editing (self, selected_region (self));
}

static void
zoom_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (selected_region (self) != NULL)
    st_session_zoom_to_region (self->session, selected_region (self));
}

/* [ and ]: the region before or after the selected one, in time order. */
static void
step_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;
  StRegionSet        *regions = get_regions (self);
  gboolean            forward = g_str_equal (g_action_get_name (G_ACTION (action)), "next");
  guint               n = regions != NULL ? st_region_set_get_n_regions (regions) : 0;
  StRegion           *current = selected_region (self), *next;
  guint               at;

  if (n == 0)
    return;
  if (current == NULL)
    at = forward ? 0 : n - 1;
  else
    {
      at = st_region_set_find (regions, current);
      if ((forward && at + 1 >= n) || (!forward && at == 0))
        return;
      at = forward ? at + 1 : at - 1;
    }
  next = st_region_set_get_region (regions, at);
  st_session_set_selected_region (self->session, next);
  st_session_reveal_region (self->session, next);
}

static void
toggle_compare_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (selected_region (self) != NULL)
    st_session_toggle_compare (self->session, selected_region (self));
}

static void
undo_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (g_str_equal (g_action_get_name (G_ACTION (action)), "undo"))
    st_region_set_undo (get_regions (self));
  else
    st_region_set_redo (get_regions (self));
}

/* Region files. */

/* The region file last saved or loaded (where Ctrl+S saves), or NULL. */
GFile *
st_annotations_panel_get_file (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return self->regions_file;
}

/* Saves the regions to @file, with the profile they belong to; later saves
 * (Ctrl+S) go there too. */
gboolean
st_annotations_panel_save_to (StAnnotationsPanel *self, GFile *file, GError **error)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), FALSE);
  g_return_val_if_fail (self->session != NULL, FALSE);

  if (!st_region_set_save (get_regions (self), file,
                           st_session_get_profile_identity (self->session), error))
    return FALSE;
  g_set_object (&self->regions_file, file);
  return TRUE;
}

static void
regions_chosen_for_save (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  gboolean           saved = FALSE;

  if (file != NULL)
    {
      saved = st_annotations_panel_save_to (self, file, &error);
      if (!saved)
        st_annotations_panel_show_error (self, error->message);
      else
        on_dismiss_error (self);
    }
  g_signal_emit (self, signals[SAVE_FINISHED], 0, saved);
}

static void
save_as_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autofree char *name = suggest_name (user_data, "-regions.json");

  choose_file (user_data, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("Save Regions"), _ ("_Save"), name,
               regions_chosen_for_save);
}

static void
save_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StAnnotationsPanel *self = user_data;

  if (self->regions_file != NULL)
    regions_chosen_for_save (self, self->regions_file);
  else
    save_as_action (action, parameter, user_data);
}

static void
apply_loaded (StAnnotationsPanel *self, GFile *file, GPtrArray *regions)
{
  StRegionSet *set = get_regions (self);

  st_region_set_replace_all (set, regions);
  /* what the list shows is what the file holds */
  st_region_set_set_modified (set, FALSE);
  g_set_object (&self->regions_file, file);
  on_dismiss_error (self);
}

typedef struct
{
  StAnnotationsPanel *panel;
  GFile              *file;
  GPtrArray          *regions;
} PendingLoad;

static void
pending_load_free (gpointer data, GClosure *closure)
{
  PendingLoad *load = data;

  g_object_unref (load->panel);
  g_object_unref (load->file);
  g_ptr_array_unref (load->regions);
  g_free (load);
}

static void
on_load_anyway (AdwMessageDialog *dialog, const char *response, PendingLoad *load)
{
  if (g_str_equal (response, "load") && load->panel->session != NULL)
    apply_loaded (load->panel, load->file, load->regions);
}

/* Loads the regions of @file in place of the current ones (one undoable
 * step); when the file says they were made for another profile, asks
 * first. A newer or damaged file is refused and the current regions stay. */
void
st_annotations_panel_load_from (StAnnotationsPanel *self, GFile *file)
{
  g_autoptr (GError)            error = NULL;
  g_autoptr (StProfileIdentity) made_for = NULL;
  g_autoptr (GPtrArray)         regions = NULL;
  const StProfileIdentity      *current;
  PendingLoad                  *load;
  GtkRoot                      *root;
  GtkWidget                    *dialog;
  g_autofree char              *heading = NULL, *body = NULL, *basename = NULL;

  g_return_if_fail (ST_IS_ANNOTATIONS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));
  if (self->session == NULL)
    return;
  regions = st_region_set_read_file (file, &made_for, &error);
  if (regions == NULL)
    {
      st_annotations_panel_show_error (self, error->message);
      return;
    }
  current = st_session_get_profile_identity (self->session);
  if (made_for == NULL || current == NULL || st_profile_identity_equal (made_for, current))
    {
      apply_loaded (self, file, regions);
      return;
    }

  basename = g_file_get_basename (file);
  heading = g_strdup_printf (_ ("These Regions Were Made for “%s”"),
                             made_for->name != NULL ? made_for->name : _ ("another profile"));
  body = g_strdup_printf (_ ("“%s” holds regions of a different profile file than “%s”. Their "
                             "times may not line up with this one."),
                          basename, current->name != NULL ? current->name : "");
  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "load",
                                    _ ("_Load Anyway"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "load",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  load = g_new0 (PendingLoad, 1);
  load->panel = g_object_ref (self);
  load->file = g_object_ref (file);
  load->regions = g_steal_pointer (&regions);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_load_anyway), load, pending_load_free,
                         0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
regions_chosen_for_load (StAnnotationsPanel *self, GFile *file)
{
  if (file != NULL)
    st_annotations_panel_load_from (self, file);
}

static void
load_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  choose_file (user_data, GTK_FILE_CHOOSER_ACTION_OPEN, _ ("Load Regions"), _ ("_Load"), NULL,
               regions_chosen_for_load);
}

static void
build_actions (StAnnotationsPanel *self)
{
  const GActionEntry entries[] = {
    { "highlight", highlight_action },
    { "cancel-highlight", cancel_highlight_action },
    { "load-config", load_config_action },
    { "load-config-uri", load_config_uri_action, "s" },
    { "save-config", save_config_action },
    { "add", add_action },
    { "delete", delete_action },
    { "rename", rename_action, "(us)" },
    { "edit-name", edit_name_action },
    { "zoom", zoom_action },
    { "previous", step_action },
    { "next", step_action },
    { "toggle-compare", toggle_compare_action },
    { "undo", undo_action },
    { "redo", undo_action },
    { "save", save_action },
    { "save-as", save_as_action },
    { "load", load_action },
  };

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries),
                                   self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", G_ACTION_GROUP (self->actions));
}

/* The session. */

static void
disconnect_session (StAnnotationsPanel *self)
{
  if (self->session == NULL)
    return;
  stop_job (self);
  g_signal_handlers_disconnect_by_data (self->session, self);
  g_signal_handlers_disconnect_by_data (st_session_get_regions (self->session), self);
  g_clear_object (&self->session);
}

StSession *
st_annotations_panel_get_session (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return self->session;
}

/* Shows the regions of @session (NULL: none), whose file is not known yet. */
void
st_annotations_panel_set_session (StAnnotationsPanel *self, StSession *session)
{
  g_return_if_fail (ST_IS_ANNOTATIONS_PANEL (self));
  if (self->session == session)
    return;
  disconnect_session (self);
  g_clear_object (&self->regions_file);
  set_explanation (self, NULL);
  set_status (self, NULL);
  on_dismiss_error (self);
  if (session != NULL)
    {
      StRegionSet *regions = st_session_get_regions (session);

      self->session = g_object_ref (session);
      g_signal_connect_swapped (session, "notify::selected-region",
                                G_CALLBACK (on_session_selected), self);
      g_signal_connect_swapped (session, "marks-changed", G_CALLBACK (update_add), self);
      g_signal_connect_swapped (session, "compare-changed", G_CALLBACK (update_compare_label),
                                self);
      g_signal_connect_swapped (regions, "edited", G_CALLBACK (on_regions_edited), self);
      g_signal_connect_swapped (regions, "items-changed", G_CALLBACK (on_regions_edited), self);
    }
  gtk_sort_list_model_set_model (
      self->sorted, session != NULL ? G_LIST_MODEL (st_session_get_regions (session)) : NULL);
  st_region_chart_set_session (self->chart, session);
  update_count (self);
  update_compare_label (self);
  on_session_selected (self);
}

GActionGroup *
st_annotations_panel_get_actions (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

StHighlighterForm *
st_annotations_panel_get_form (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return self->form;
}

/* The rows as the list shows them (sorted by the chosen column). */
GListModel *
st_annotations_panel_get_rows (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return G_LIST_MODEL (self->sorted);
}

static void
st_annotations_panel_dispose (GObject *object)
{
  StAnnotationsPanel *self = ST_ANNOTATIONS_PANEL (object);
  GtkWidget          *child;

  disconnect_session (self);
  g_clear_pointer (&self->row_menu, gtk_widget_unparent);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_ANNOTATIONS_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->recent_configs);
  g_clear_object (&self->actions);
  g_clear_object (&self->regions_file);
  g_clear_pointer (&self->name_labels, g_hash_table_unref);
  G_OBJECT_CLASS (st_annotations_panel_parent_class)->dispose (object);
}

static void
st_annotations_panel_class_init (StAnnotationsPanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_annotations_panel_dispose;

  /* A save asked for ended: TRUE when the regions went to a file, FALSE
   * when the person cancelled or the save failed. */
  signals[SAVE_FINISHED]
      = g_signal_new ("save-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* A highlighter configuration was loaded from or saved to the file at
   * this URI: the window keeps it among the recent ones. */
  signals[CONFIG_USED] = g_signal_new ("config-used", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (ST_TYPE_HIGHLIGHTER_FORM);
  g_type_ensure (ST_TYPE_REGION_CHART);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-annotations-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, recent_configs_button);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, form);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, progress_box);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, explanation_box);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, count_label);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, add_button);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, list_stack);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, list);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, chart);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, compare_label);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, row_menu_model);
  gtk_widget_class_bind_template_callback (widget_class, on_dismiss_error);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "annotations");
}

static void
st_annotations_panel_init (StAnnotationsPanel *self)
{
  GtkGesture *right_click = gtk_gesture_click_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->name_labels = g_hash_table_new (NULL, NULL);
  self->recent_configs = g_menu_new ();
  gtk_menu_button_set_menu_model (self->recent_configs_button, G_MENU_MODEL (self->recent_configs));
  build_actions (self);
  build_columns (self);
  self->sorted
      = gtk_sort_list_model_new (NULL, g_object_ref (gtk_column_view_get_sorter (self->list)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (on_list_selected),
                            self);
  g_signal_connect (self->list, "activate", G_CALLBACK (on_activate), self);

  self->row_menu = gtk_popover_menu_new_from_model (self->row_menu_model);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->row_menu), FALSE);
  gtk_widget_set_halign (self->row_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->row_menu, GTK_WIDGET (self));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (right_click), GDK_BUTTON_SECONDARY);
  g_signal_connect (right_click, "pressed", G_CALLBACK (on_list_right_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (right_click));

  set_explanation (self, NULL);
  update_count (self);
  update_compare_label (self);
  update_actions (self);
}

GtkWidget *
st_annotations_panel_new (void)
{
  return g_object_new (ST_TYPE_ANNOTATIONS_PANEL, NULL);
}
