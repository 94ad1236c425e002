/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-annotations-panel-private.h"

#include "st-format.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* How often the progress bar follows the highlighter's thread. */
#define PROGRESS_INTERVAL_MS 100
/* The panel's width, unless its content needs more: the same for every
 * method of the highlighter. */
#define PANEL_WIDTH 360

G_DEFINE_FINAL_TYPE (StAnnotationsPanel, st_annotations_panel, GTK_TYPE_WIDGET)

/* The session's regions, or NULL without a session. */
StRegionSet *
_st_annotations_panel_get_regions (StAnnotationsPanel *self)
{
  return self->session != NULL ? st_session_get_regions (self->session) : NULL;
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

void
_st_annotations_panel_dismiss_error (StAnnotationsPanel *self)
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

/* What the last run of the highlighter came to ("42 regions…"). */
void
_st_annotations_panel_set_status (StAnnotationsPanel *self, const char *text)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), text != NULL);
}

/* What the last run could not do: why it found nothing, or what it fell
 * back to. */
static void
set_explanation (StAnnotationsPanel *self, const char *text)
{
  gtk_label_set_text (self->explanation_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->explanation_box), text != NULL);
}

/* State of the actions and labels. */

gboolean
_st_annotations_panel_get_addable (StAnnotationsPanel *self,
                                   gint64             *start,
                                   gint64             *end,
                                   gboolean           *timing)
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
  gboolean addable = _st_annotations_panel_get_addable (self, &start, &end, &timing);

  enable (self, "add", addable);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->add_button),
                               !addable ? _ ("Measure a range with the Timing tool (4), or mark a "
                                             "selection’s range (M), to add it as a region")
                               : timing ? _ ("Add the timing measurement as a region (R)")
                                        : _ ("Add the marked range as a region (R)"));
}

void
_st_annotations_panel_update_actions (StAnnotationsPanel *self)
{
  StRegionSet *regions = _st_annotations_panel_get_regions (self);
  gboolean     has_session = self->session != NULL;
  gboolean     running = self->job != NULL;
  gboolean     has_selected = has_session && st_session_get_selected_region (self->session) != NULL;
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
  StRegionSet     *regions = _st_annotations_panel_get_regions (self);
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

static void
on_regions_edited (StAnnotationsPanel *self)
{
  update_count (self);
  _st_annotations_panel_update_actions (self);
}

/* The highlighter, on a thread. */

static gboolean
show_progress (gpointer data)
{
  StAnnotationsPanel *self = data;
  double              progress = st_highlighter_job_get_progress (self->job);
  g_autofree char    *text = NULL;

  /* the thread counts in thousandths: whole percents of those */
  text = g_strdup_printf (_ ("Looking for regions… %d %%"), (int)(progress * 1000 + 0.5) / 10);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, progress);
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
  g_clear_object (&self->job);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), FALSE);
}

static void
show_found (StAnnotationsPanel *self, StRegionArray *regions, const char *explanation)
{
  guint            n_found = st_region_array_get_length (regions);
  g_autofree char *n = NULL;
  g_autofree char *status = NULL;

  /* A sentence may come with regions too: which scopes kept their host
   * bounds. */
  set_explanation (self, explanation);
  if (n_found == 0)
    {
      if (explanation == NULL)
        _st_annotations_panel_set_status (
            self, _ ("Nothing matched this configuration; the regions are as they were."));
      return;
    }
  n = st_format_count (n_found);
  st_region_set_replace_all (_st_annotations_panel_get_regions (self), regions);
  /* Translators: %s is a number of regions */
  status = g_strdup_printf (ngettext ("%s region found. Ctrl+Z brings back the ones before.",
                                      "%s regions found. Ctrl+Z brings back the ones before.",
                                      n_found),
                            n);
  _st_annotations_panel_set_status (self, status);
}

static void
on_highlighted (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StAnnotationsPanel) self = user_data;
  StHighlighterJob              *job = ST_HIGHLIGHTER_JOB (source);
  g_autoptr (GError)             error = NULL;
  g_autoptr (StRegionArray)      regions = st_highlighter_job_run_finish (job, result, &error);

  if (job != self->job)
    return; /* replaced, or the session changed */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _st_annotations_panel_set_status (self, _ ("Stopped; the regions are as they were."));
  else if (regions == NULL)
    st_annotations_panel_show_error (self, error->message);
  else
    show_found (self, regions, st_highlighter_job_get_explanation (job));
  stop_job (self);
  _st_annotations_panel_update_actions (self);
}

/* Runs the form's configuration on the session's trace; its regions replace
 * the current ones (one undoable step). */
void
_st_annotations_panel_highlight (StAnnotationsPanel *self)
{
  g_autoptr (StHighlighterConfig) config = NULL;

  if (self->session == NULL || self->job != NULL)
    return;
  config = st_highlighter_form_get_config (self->form);
  self->job = st_highlighter_job_new (st_session_get_trace (self->session), config);
  self->cancellable = g_cancellable_new ();
  set_explanation (self, NULL);
  _st_annotations_panel_set_status (self, NULL);
  _st_annotations_panel_dismiss_error (self);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  self->progress_tick = g_timeout_add (PROGRESS_INTERVAL_MS, show_progress, self);
  st_highlighter_job_run_async (self->job, self->cancellable, on_highlighted, g_object_ref (self));
  _st_annotations_panel_update_actions (self);
}

void
_st_annotations_panel_cancel_highlight (StAnnotationsPanel *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* Highlighter configurations used recently. */

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

/* The session. */

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
  g_return_if_fail (session == NULL || ST_IS_SESSION (session));
  if (self->session == session)
    return;
  stop_job (self);
  g_set_object (&self->session, session);
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->region_signals, _st_annotations_panel_get_regions (self));
  g_clear_object (&self->regions_file);
  set_explanation (self, NULL);
  _st_annotations_panel_set_status (self, NULL);
  _st_annotations_panel_dismiss_error (self);
  st_region_list_set_session (self->list, session);
  st_chart_set_session (ST_CHART (self->chart), session);
  update_count (self);
  update_compare_label (self);
  _st_annotations_panel_update_actions (self);
}

GActionGroup *
st_annotations_panel_get_actions (StAnnotationsPanel *self)
{
  g_return_val_if_fail (ST_IS_ANNOTATIONS_PANEL (self), NULL);
  return G_ACTION_GROUP (self->actions);
}

/* Which sections show and how the chart spaces its points, as the person
 * left them last, in any window. */
void
st_annotations_panel_bind_settings (StAnnotationsPanel *self, GSettings *settings)
{
  g_return_if_fail (ST_IS_ANNOTATIONS_PANEL (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_settings_bind (settings, "annotations-show-highlighter", self->highlighter_toggle, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "annotations-show-regions", self->regions_toggle, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "annotations-show-chart", self->chart_toggle, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "region-chart-by-index", self->by_index_toggle, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

/* Asks for PANEL_WIDTH whatever its content's natural width, so that
 * the side pane does not follow the method's form. */
static void
st_annotations_panel_measure (GtkWidget     *widget,
                              GtkOrientation orientation,
                              int            for_size,
                              int           *minimum,
                              int           *natural,
                              int           *minimum_baseline,
                              int           *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, PANEL_WIDTH);
}

static void
st_annotations_panel_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
st_annotations_panel_dispose (GObject *object)
{
  StAnnotationsPanel *self = ST_ANNOTATIONS_PANEL (object);
  GtkWidget          *child;

  if (self->session != NULL)
    stop_job (self);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->region_signals);
  g_clear_object (&self->session);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_ANNOTATIONS_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->actions);
  g_clear_object (&self->regions_file);
  G_OBJECT_CLASS (st_annotations_panel_parent_class)->dispose (object);
}

static void
st_annotations_panel_class_init (StAnnotationsPanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_annotations_panel_dispose;
  widget_class->measure = st_annotations_panel_measure;
  widget_class->size_allocate = st_annotations_panel_size_allocate;

  /* A save asked for ended: TRUE when the regions went to a file, FALSE
   * when the person cancelled or the save failed. */
  g_signal_new ("save-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* A highlighter configuration was loaded from or saved to the file at
   * this URI: the window keeps it among the recent ones. */
  g_signal_new ("config-used", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (ST_TYPE_HIGHLIGHTER_FORM);
  g_type_ensure (ST_TYPE_REGION_LIST);
  g_type_ensure (ST_TYPE_REGION_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/regions/st-annotations-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, highlighter_toggle);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, regions_toggle);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, chart_toggle);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, by_index_toggle);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, error_revealer);
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
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, recent_configs_button);
  gtk_widget_class_bind_template_child (widget_class, StAnnotationsPanel, recent_configs);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_dismiss_error",
                                                G_CALLBACK (_st_annotations_panel_dismiss_error));
  gtk_widget_class_set_css_name (widget_class, "annotations");
}

static void
st_annotations_panel_init (StAnnotationsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _st_annotations_panel_init_actions (self);
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-region",
                                  G_CALLBACK (_st_annotations_panel_update_actions), self);
  g_signal_group_connect_swapped (self->session_signals, "marks-changed", G_CALLBACK (update_add),
                                  self);
  g_signal_group_connect_swapped (self->session_signals, "compare-changed",
                                  G_CALLBACK (update_compare_label), self);
  self->region_signals = g_signal_group_new (ST_TYPE_REGION_SET);
  g_signal_group_connect_swapped (self->region_signals, "edited", G_CALLBACK (on_regions_edited),
                                  self);
  g_signal_group_connect_swapped (self->region_signals, "items-changed",
                                  G_CALLBACK (on_regions_edited), self);
  set_explanation (self, NULL);
  update_count (self);
  update_compare_label (self);
  _st_annotations_panel_update_actions (self);
}

GtkWidget *
st_annotations_panel_new (void)
{
  return g_object_new (ST_TYPE_ANNOTATIONS_PANEL, NULL);
}
