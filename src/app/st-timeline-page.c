#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-timeline-page.h"

#include "st-annotations-panel.h"
#include "st-timeline-page-private.h"
#include "st-application.h"
#include "st-details-pane.h"
#include "st-distribution-pane.h"
#include "st-format.h"
#include "st-trace-query.h"
#include "st-trace-search.h"

#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (StTimelinePage, st_timeline_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SHOW_ANNOTATIONS,
  PROP_SHOW_BASELINE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The visible range, in the toolbar. */
static void
update_range_label (StTimelinePage *self)
{
  gint64           start, end;
  g_autofree char *a = NULL, *b = NULL, *span = NULL, *text = NULL;

  st_session_get_range (self->session, &start, &end);
  a = st_format_duration (start);
  b = st_format_duration (end);
  span = st_format_duration (end - start);
  text = g_strdup_printf (_ ("%s – %s (%s)"), a, b, span);
  gtk_label_set_text (self->range_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->range_label), text);
}

/* The find count of the timeline last focused: each keeps its own. */
void
st_timeline_page_update_count (StTimelinePage *self)
{
  GArray          *found = self->active ? st_session_get_find_results (self->active) : NULL;
  gint             current = self->active ? st_session_get_find_current (self->active) : -1;
  g_autofree char *n = NULL, *at = NULL, *text = NULL;

  if (found == NULL)
    {
      gtk_label_set_text (self->count_label, "");
      return;
    }
  if (found->len == 0)
    {
      gtk_label_set_text (self->count_label, _ ("No results"));
      return;
    }
  n = st_format_count (found->len);
  at = st_format_count (current + 1);
  /* Translators: the result shown, of how many; "12 of 3 051" */
  text = g_strdup_printf (_ ("%s of %s"), at, n);
  gtk_label_set_text (self->count_label, text);
}

/* What the find thread looks for. */
typedef struct
{
  StTrace    *trace;
  char       *pattern;
  StFindFlags flags;
} FindJob;

static void
find_job_free (gpointer data)
{
  FindJob *job = data;

  g_object_unref (job->trace);
  g_free (job->pattern);
  g_free (job);
}

static gpointer
find_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  FindJob *job = data;

  return st_trace_find (job->trace, job->pattern, job->flags, cancellable, st_job_report, run,
                        error);
}

static void
show_find_progress (StTimelinePage *self)
{
  g_autofree char *text
      = g_strdup_printf (_ ("Searching… %d %%"), (int)(st_job_get_fraction (self->find) * 100));

  gtk_label_set_text (self->count_label, text);
}

/* The results, for the session the find ran in: the timeline focused
 * when it began. */
static void
on_found (gpointer owner, gpointer result, const GError *error)
{
  StTimelinePage    *self = owner;
  g_autoptr (GArray) found = result;

  if (found == NULL)
    {
      gtk_label_set_text (self->count_label, error->message);
      return;
    }
  st_session_set_find_results (self->find_session, found);
  st_timeline_page_update_count (self);
}

/* The text in the bar, and whether in args too: what results are of. */
static char *
find_key (StTimelinePage *self)
{
  return g_strdup_printf ("%d%s", gtk_check_button_get_active (self->args_check),
                          gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* Finds @pattern in the whole trace of the timeline last focused, on a
 * thread; the results go to its session, which brings the first one into
 * view. */
static void
find_in_trace (StTimelinePage *self, const char *pattern, gboolean in_args)
{
  FindJob *job;
  guint    side = st_timeline_page_active_index (self);

  if (self->active == NULL)
    return;
  st_job_cancel (self->find);
  g_free (self->found_for[side]);
  self->found_for[side] = find_key (self);

  if (pattern == NULL || *pattern == '\0')
    {
      st_session_set_find_results (self->active, NULL);
      return;
    }
  job = g_new0 (FindJob, 1);
  job->trace = g_object_ref (st_session_get_trace (self->active));
  job->pattern = g_strdup (pattern);
  job->flags = in_args ? ST_FIND_ARGS : ST_FIND_NAMES;
  g_set_object (&self->find_session, self->active);
  gtk_label_set_text (self->count_label, _ ("Searching…"));
  st_job_start (self->find, find_thread, job, find_job_free, on_found,
                (GDestroyNotify)g_array_unref);
}

void
st_timeline_page_refind (StTimelinePage *self)
{
  find_in_trace (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)),
                 gtk_check_button_get_active (self->args_check));
}

/* Enter, Shift+Enter: the next or previous result of the timeline last
 * focused; when its results are not of the text in the bar (found in the
 * other timeline), a find there first. */
static void
find_step (StTimelinePage *self, int direction)
{
  g_autofree char *key = find_key (self);

  if (self->active == NULL)
    return;
  if (g_strcmp0 (key, self->found_for[st_timeline_page_active_index (self)]) != 0)
    st_timeline_page_refind (self);
  else
    st_session_find_step (self->active, direction);
}

static void
find_next_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  find_step (ST_TIMELINE_PAGE (widget), g_str_equal (name, "page.find-next") ? 1 : -1);
}

/* Opens the find bar with its text selected. */
void
st_timeline_page_start_find (StTimelinePage *self)
{
  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
}

static void
find_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_timeline_page_start_find (ST_TIMELINE_PAGE (widget));
}

static gboolean
on_entry_key (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              StTimelinePage        *self)
{
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) && (state & GDK_SHIFT_MASK))
    {
      find_step (self, -1);
      return TRUE;
    }
  return FALSE;
}

static void
on_entry_activate (StTimelinePage *self)
{
  find_step (self, 1);
}

static void
on_stop_search (StTimelinePage *self)
{
  if (st_job_is_running (self->find))
    {
      st_job_cancel (self->find);
      gtk_label_set_text (self->count_label, _ ("Stopped"));
    }
  /* back to the timeline the find was in */
  gtk_widget_grab_focus (st_timeline_page_active_index (self) == 1
                             ? GTK_WIDGET (self->baseline_view)
                             : GTK_WIDGET (self->view));
}

/* With a filter on the tracks' names, how many tracks the timeline shows
 * (the pinned ones too) of all the profile's. */
static void
update_filter_bar (StTimelinePage *self)
{
  StTrackArrangement *tracks = st_session_get_track_arrangement (self->session);
  const char         *filter = st_track_arrangement_get_filter (tracks);
  guint               n = st_trace_get_n_tracks (st_session_get_trace (self->session)), n_pinned;
  g_autoptr (GArray)  visible = NULL;
  g_autofree char    *shown = NULL, *all = NULL, *text = NULL;

  gtk_widget_set_visible (self->filter_bar, filter != NULL);
  if (filter == NULL)
    return;
  visible = st_track_arrangement_dup_visible (tracks, &n_pinned);
  shown = st_format_count (visible->len);
  all = st_format_count (n);
  /* Translators: "Showing 16 of 96 tracks, filtered by “nccl”" */
  text = g_strdup_printf (ngettext ("Showing %s of %s track, filtered by “%s”",
                                    "Showing %s of %s tracks, filtered by “%s”", n),
                          shown, all, filter);
  gtk_label_set_text (self->filter_label, text);
}

static void
follow_session (StTimelinePage *self)
{
  self->tracks_signals = g_signal_group_new (ST_TYPE_TRACK_ARRANGEMENT);
  g_signal_group_connect_object (self->tracks_signals, "changed", G_CALLBACK (update_filter_bar),
                                 self, G_CONNECT_SWAPPED);
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::start",
                                 G_CALLBACK (update_range_label), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::end",
                                 G_CALLBACK (update_range_label), self, G_CONNECT_SWAPPED);
}

/* Toolbar buttons act on the view from outside it: the stateless actions
 * forward to the view's own, tool and flows are the session's properties,
 * the grouping its tracks' arrangement's. */
static void
forward_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StTimelinePage  *self = user_data;
  g_autofree char *name = g_strconcat ("timeline.", g_action_get_name (G_ACTION (action)), NULL);

  gtk_widget_activate_action_variant (GTK_WIDGET (self->view), name,
                                      parameter ? g_variant_ref (parameter) : NULL);
}

static void
clear_filter_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StTimelinePage *self = user_data;

  st_track_arrangement_set_filter (st_session_get_track_arrangement (self->session), NULL);
}

static void
build_actions (StTimelinePage *self)
{
  const GActionEntry forwarded[] = {
    { "zoom-in", forward_action, "b" },
    { "zoom-out", forward_action, "b" },
    { "fit-all", forward_action },
    { "clear-track-filter", clear_filter_action },
  };
  g_autoptr (GPropertyAction) tool = g_property_action_new ("tool", self->session, "tool");
  g_autoptr (GPropertyAction) flows
      = g_property_action_new ("show-flows", self->session, "show-flows");
  StTrackArrangement         *tracks = st_session_get_track_arrangement (self->session);
  g_autoptr (GPropertyAction) group
      = g_property_action_new ("group-by-stream", tracks, "group-by-stream");

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), forwarded,
                                   G_N_ELEMENTS (forwarded), self);
  g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (tool));
  g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (flows));
  /* only where there are streams of several devices to group */
  if (st_track_arrangement_can_group_by_stream (tracks))
    g_action_map_add_action (G_ACTION_MAP (self->actions), G_ACTION (group));
  gtk_widget_set_visible (GTK_WIDGET (self->group_button),
                          st_track_arrangement_can_group_by_stream (tracks));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "timeline", G_ACTION_GROUP (self->actions));
}

/* Shows @trace (a new session: whole trace in view, nothing selected). */
void
st_timeline_page_set_trace (StTimelinePage *self, StTrace *trace)
{
  g_return_if_fail (ST_IS_TIMELINE_PAGE (self));

  st_job_cancel (self->find);
  g_clear_object (&self->session);
  g_clear_object (&self->active);
  g_clear_pointer (&self->found_for[0], g_free);
  g_clear_pointer (&self->found_for[1], g_free);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "timeline", NULL);
  g_clear_object (&self->actions);
  if (trace != NULL)
    {
      g_autoptr (GSettings) settings = st_application_new_settings ();

      self->session = st_session_new (trace);
      /* Flow Events starts as it was last left, in any window; toggling
       * it here does not reach the profiles already open */
      if (settings != NULL)
        g_settings_bind (settings, "show-flows", self->session, "show-flows",
                         G_SETTINGS_BIND_GET | G_SETTINGS_BIND_SET
                             | G_SETTINGS_BIND_GET_NO_CHANGES);
      build_actions (self);
    }
  g_signal_group_set_target (self->session_signals, self->session);
  g_signal_group_set_target (self->tracks_signals,
                             self->session ? st_session_get_track_arrangement (self->session)
                                           : NULL);
  gtk_widget_set_visible (self->filter_bar, FALSE);
  if (self->session != NULL)
    {
      update_range_label (self);
      update_filter_bar (self);
    }
  st_timeline_view_set_session (self->view, self->session);
  st_annotations_panel_set_session (self->annotations, self->session);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  st_timeline_page_update_baseline (self);
  gtk_label_set_text (self->count_label, "");
}

StSession *
st_timeline_page_get_session (StTimelinePage *self)
{
  return self->session;
}

StTimelineView *
st_timeline_page_get_view (StTimelinePage *self)
{
  return self->view;
}

StAnnotationsPanel *
st_timeline_page_get_annotations (StTimelinePage *self)
{
  return self->annotations;
}

gboolean
st_timeline_page_get_show_annotations (StTimelinePage *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_PAGE (self), FALSE);
  return self->show_annotations;
}

/* Shows or hides the Annotations panel at the right of the timeline. */
void
st_timeline_page_set_show_annotations (StTimelinePage *self, gboolean show)
{
  g_return_if_fail (ST_IS_TIMELINE_PAGE (self));
  if (self->show_annotations == show)
    return;
  self->show_annotations = show;
  gtk_widget_set_visible (GTK_WIDGET (self->annotations), show);
  if (!show && gtk_widget_get_focus_child (GTK_WIDGET (self->annotations)) != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_ANNOTATIONS]);
}

/* The distribution pane wants room for its chart: the area under the
 * timeline grows to DISTRIBUTION_HEIGHT (more on a tall window) where the
 * page has the height, and the pane takes the right part of it, at least
 * DISTRIBUTION_WIDTH, but leaves the details DETAILS_WIDTH where the two
 * fit at their least (a laptop's screen with the Annotations panel open). */
#define DISTRIBUTION_HEIGHT    280
#define DISTRIBUTION_WIDTH     560
#define DISTRIBUTION_MIN_WIDTH 360
#define DETAILS_WIDTH          480
#define MIN_TIMELINE           200

static gboolean make_room_when_shown (GtkWidget *widget, GdkFrameClock *clock, gpointer data);

static void
make_room_for_distribution (StTimelinePage *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->paned));
  int width = gtk_widget_get_width (GTK_WIDGET (self->bottom_paned));
  int position = gtk_paned_get_position (self->paned);
  int bottom = MAX (DISTRIBUTION_HEIGHT, height * 3 / 8);

  /* opened from another page: the timeline is laid out at its next frame */
  if ((height <= 0 || width <= 0) && self->room_tick == 0)
    {
      self->room_tick
          = gtk_widget_add_tick_callback (GTK_WIDGET (self), make_room_when_shown, NULL, NULL);
      return;
    }
  if (height > 0 && height - position < bottom)
    gtk_paned_set_position (self->paned, MAX (MIN_TIMELINE, MIN (position, height - bottom)));
  if (width > 0)
    gtk_paned_set_position (self->bottom_paned,
                            MAX (MIN (DETAILS_WIDTH, width - DISTRIBUTION_MIN_WIDTH),
                                 width - MAX (DISTRIBUTION_WIDTH, width * 9 / 20)));
}

static gboolean
make_room_when_shown (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  StTimelinePage *self = ST_TIMELINE_PAGE (widget);

  if (gtk_widget_get_width (GTK_WIDGET (self->bottom_paned)) <= 0)
    return G_SOURCE_CONTINUE;
  self->room_tick = 0;
  make_room_for_distribution (self);
  return G_SOURCE_REMOVE;
}

/* Shows the distribution of the slices named @name beside the details
 * pane (docs/metrics.md 14). */
void
st_timeline_page_show_distribution (StTimelinePage *self, const char *name)
{
  gboolean shown;

  g_return_if_fail (ST_IS_TIMELINE_PAGE (self));
  g_return_if_fail (name != NULL);
  if (self->session == NULL)
    return;
  shown = gtk_widget_get_visible (GTK_WIDGET (self->distribution));
  st_distribution_pane_show_name (self->distribution, name);
  if (!shown)
    make_room_for_distribution (self);
}

StDistributionPane *
st_timeline_page_get_distribution (StTimelinePage *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_PAGE (self), NULL);
  return self->distribution;
}

/* The name whose distribution Ctrl+I shows: in the find bar, the text
 * typed when it is the whole name of a slice, else the name of the result
 * shown; elsewhere the name of the event selected last. */
static const char *
distribution_name (StTimelinePage *self)
{
  StTrace    *trace = st_session_get_trace (self->session);
  GArray     *selection = st_session_get_selection (self->session);
  GtkWidget  *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  GArray     *found = st_session_get_find_results (self->session);
  gint        current = st_session_get_find_current (self->session);

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->search_bar)))
    {
      if (*typed != '\0' && st_trace_lookup_string (trace, typed) != ST_STRING_NONE)
        return typed;
      if (found != NULL && current >= 0 && current < (gint)found->len)
        return st_trace_get_string (
            trace, st_event_get_name (trace, g_array_index (found, StEventRef, current)));
    }
  if (selection->len == 0)
    return NULL;
  return st_trace_get_string (
      trace, st_event_get_name (trace, g_array_index (selection, StEventRef, selection->len - 1)));
}

/* Ctrl+I, the details pane's Distribution button, an event's menu. */
static void
show_distribution_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelinePage *self = ST_TIMELINE_PAGE (widget);
  const char     *which;

  if (self->session == NULL || (which = distribution_name (self)) == NULL)
    return;
  st_timeline_page_show_distribution (self, which);
}

static gboolean
rename_when_shown (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  StTimelinePage *self = ST_TIMELINE_PAGE (widget);

  self->rename_tick = 0;
  gtk_widget_activate_action (GTK_WIDGET (self->annotations), "regions.edit-name", NULL);
  return G_SOURCE_REMOVE;
}

/* F2: renames the selected region in the panel's list, opening the panel
 * first when it is hidden (its rows exist once it is laid out). */
static void
rename_region_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelinePage *self = ST_TIMELINE_PAGE (widget);

  if (self->session == NULL || st_session_get_selected_region (self->session) == NULL)
    return;
  if (self->show_annotations)
    {
      gtk_widget_activate_action (GTK_WIDGET (self->annotations), "regions.edit-name", NULL);
      return;
    }
  st_timeline_page_set_show_annotations (self, TRUE);
  if (self->rename_tick == 0)
    self->rename_tick = gtk_widget_add_tick_callback (widget, rename_when_shown, NULL, NULL);
}

static void
st_timeline_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SHOW_ANNOTATIONS:
      g_value_set_boolean (value, ST_TIMELINE_PAGE (object)->show_annotations);
      break;
    case PROP_SHOW_BASELINE:
      g_value_set_boolean (value, ST_TIMELINE_PAGE (object)->baseline_shown);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_timeline_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SHOW_ANNOTATIONS:
      st_timeline_page_set_show_annotations (ST_TIMELINE_PAGE (object),
                                             g_value_get_boolean (value));
      break;
    case PROP_SHOW_BASELINE:
      st_timeline_page_set_show_baseline (ST_TIMELINE_PAGE (object), g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The keys of the regions: where the timeline and the panel both see
 * them, and after the focused widget had its turn (so a name being edited
 * takes its letters, and Ctrl+Z undoes typing there). */
static void
add_region_shortcuts (StTimelinePage *self)
{
  static const struct
  {
    const char *trigger;
    const char *action;
  } keys[] = {
    { "bracketleft", "regions.previous" },   { "bracketright", "regions.next" },
    { "Delete", "regions.delete" },          { "KP_Delete", "regions.delete" },
    { "F2", "page.rename-region" },          { "<Shift>f", "regions.zoom" },
    { "c", "regions.toggle-compare" },       { "r", "regions.add" },
    { "<Control>h", "regions.highlight" },   { "<Control>z", "regions.undo" },
    { "<Control><Shift>z", "regions.redo" }, { "<Control>y", "regions.redo" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, "st-region-keys");
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller),
                                     GTK_SHORTCUT_SCOPE_LOCAL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (
        GTK_SHORTCUT_CONTROLLER (controller),
        gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                          gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
st_timeline_page_dispose (GObject *object)
{
  StTimelinePage *self = ST_TIMELINE_PAGE (object);
  GtkWidget      *child;

  st_job_cancel (self->find);
  g_clear_object (&self->find_session);
  st_timeline_page_dispose_baseline (self);
  if (self->rename_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->rename_tick);
  self->rename_tick = 0;
  if (self->room_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->room_tick);
  self->room_tick = 0;
  g_clear_object (&self->session_signals);
  g_clear_object (&self->tracks_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->active);
  g_clear_pointer (&self->found_for[0], g_free);
  g_clear_pointer (&self->found_for[1], g_free);
  g_clear_object (&self->actions);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_TIMELINE_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_timeline_page_parent_class)->dispose (object);
}

static void
st_timeline_page_finalize (GObject *object)
{
  g_object_unref (ST_TIMELINE_PAGE (object)->find);
  G_OBJECT_CLASS (st_timeline_page_parent_class)->finalize (object);
}

/* The page's own actions and their keys. */
static void
class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "page.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "page.find-next", NULL, find_next_action);
  gtk_widget_class_install_action (widget_class, "page.find-previous", NULL, find_next_action);
  gtk_widget_class_install_action (widget_class, "page.rename-region", NULL, rename_region_action);
  gtk_widget_class_install_action (widget_class, "page.show-distribution", NULL,
                                   show_distribution_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "page.show-distribution", NULL);
  gtk_widget_class_install_property_action (widget_class, "page.show-annotations",
                                            "show-annotations");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_slash, 0, "page.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Divide, 0, "page.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, 0, "win.show-help-overlay",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "page.find-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "page.find-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_SHIFT_MASK,
                                       "page.find-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_SHIFT_MASK,
                                       "page.find-previous", NULL);
}

static void
st_timeline_page_class_init (StTimelinePageClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_timeline_page_dispose;
  object_class->finalize = st_timeline_page_finalize;
  object_class->get_property = st_timeline_page_get_property;
  object_class->set_property = st_timeline_page_set_property;

  properties[PROP_SHOW_ANNOTATIONS]
      = g_param_spec_boolean ("show-annotations", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_BASELINE]
      = g_param_spec_boolean ("show-baseline", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_TIMELINE_VIEW);
  g_type_ensure (ST_TYPE_DETAILS_PANE);
  g_type_ensure (ST_TYPE_DISTRIBUTION_PANE);
  g_type_ensure (ST_TYPE_ANNOTATIONS_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-timeline-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, view);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, details);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, paned);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, bottom_paned);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, distribution);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, annotations);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, search_bar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, args_check);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, count_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, range_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, find_button);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, group_button);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, filter_bar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, filter_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, hscrollbar);
  st_timeline_page_class_init_baseline (widget_class);
  class_init_actions (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

/* The split between the timeline and the details pane is where the first
 * layout put it, and stays there: without a set position GtkPaned splits
 * by the children's natural sizes again at every change, so the timeline
 * would jump whenever the details or the find count change. A person's
 * drag moves it, and a taller window goes to the timeline. */
static void
keep_split (GtkPaned *paned)
{
  gboolean set;

  g_object_get (paned, "position-set", &set, NULL);
  if (!set && gtk_widget_get_height (GTK_WIDGET (paned)) > 0)
    gtk_paned_set_position (paned, gtk_paned_get_position (paned));
}

static void
st_timeline_page_init (StTimelinePage *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->find = st_job_new (self);
  g_signal_connect_swapped (self->find, "progress", G_CALLBACK (show_find_progress), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  follow_session (self);
  g_signal_connect (self->paned, "notify::position", G_CALLBACK (keep_split), NULL);
  gtk_scrollbar_set_adjustment (self->vscrollbar, st_timeline_view_get_vadjustment (self->view));
  gtk_scrollbar_set_adjustment (self->hscrollbar, st_timeline_view_get_hadjustment (self->view));
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  g_object_bind_property (self->find_button, "active", self->search_bar, "search-mode-enabled",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->search_entry, "search-changed",
                            G_CALLBACK (st_timeline_page_refind), self);
  g_signal_connect_swapped (self->args_check, "toggled", G_CALLBACK (st_timeline_page_refind),
                            self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (on_stop_search), self);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_entry_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions",
                                  st_annotations_panel_get_actions (self->annotations));
  add_region_shortcuts (self);
  st_timeline_page_init_baseline (self);
}

GtkWidget *
st_timeline_page_new (void)
{
  return g_object_new (ST_TYPE_TIMELINE_PAGE, NULL);
}
