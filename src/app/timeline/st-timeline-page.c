/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Timeline page: the toolbar, the find bar, the details pane with
 * one operation's distribution beside it, the Annotations panel, and with
 * a baseline, its timeline over the current one (docs/metrics.md 8.10):
 * shown with Ctrl+Shift+B or the Baseline button while a baseline is open,
 * each under a header naming its profile and file, the two zoomed and
 * panned together by the baseline (st-baseline.h).
 *
 * Each timeline keeps its own selection and find. The details pane and the
 * find bar follow the timeline last focused (a click or Tab into it), whose
 * header is marked: a person who clicks an event of the baseline wants to
 * read its duration and args, and one who presses / there wants to find in
 * it; a details pane kept on the current profile would show nothing for
 * that click. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-timeline-page.h"

#include "st-annotations-panel.h"
#include "st-baseline-header.h"
#include "st-details-pane.h"
#include "st-distribution-pane.h"
#include "st-filter-bar.h"
#include "st-find-bar.h"
#include "st-format.h"
#include "st-trace-query.h"

#include <glib/gi18n.h>

struct _StTimelinePage
{
  GtkWidget parent_instance;

  StSession          *session;
  GSettings          *settings;        /* Strata's, or NULL */
  GSignalGroup       *session_signals; /* on the session shown */
  GSimpleActionGroup *actions;
  gboolean            show_annotations;
  guint               rename_tick;
  guint               room_tick; /* makes room for the distribution once laid out */

  StTimelineView     *view;
  StAnnotationsPanel *annotations;
  StDetailsPane      *details;
  StDistributionPane *distribution;
  GtkPaned           *paned;
  GtkPaned           *bottom_paned;
  StFindBar          *find_bar;
  GtkLabel           *range_label;
  GtkToggleButton    *find_button;
  GtkToggleButton    *group_button;
  StFilterBar        *filter_bar;
  GtkScrollbar       *vscrollbar;
  GtkScrollbar       *hscrollbar;

  /* the baseline's timeline over the current one */
  StSession        *active;           /* the session of the timeline last focused */
  GSignalGroup     *baseline_signals; /* on the session's baseline */
  gboolean          baseline_shown;
  GtkToggleButton  *baseline_button;
  GtkWidget        *baseline_box;
  StBaselineHeader *baseline_header;
  StTimelineView   *baseline_view;
  GtkScrollbar     *baseline_vscrollbar;
  GtkScrollbar     *baseline_hscrollbar;
  GtkPaned         *timelines_paned;
  GtkWidget        *current_header;
  GtkLabel         *current_name_label;
};

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

/* "page.find" (/), Ctrl+F: the find bar, its text selected. */
void
st_timeline_page_start_find (StTimelinePage *self)
{
  st_find_bar_start (self->find_bar);
}

static void
find_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_timeline_page_start_find (ST_TIMELINE_PAGE (widget));
}

/* Enter, Shift+Enter anywhere on the page: the next or previous result
 * of the timeline last focused. */
static void
find_next_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_find_bar_step (ST_TIMELINE_PAGE (widget)->find_bar,
                    g_str_equal (name, "page.find-next") ? 1 : -1);
}

/* Escape in the find bar: back to the timeline the find was in. */
static void
on_find_stopped (StTimelinePage *self)
{
  gtk_widget_grab_focus (self->active != NULL && self->active != self->session
                             ? GTK_WIDGET (self->baseline_view)
                             : GTK_WIDGET (self->view));
}

/* --- the baseline's timeline over the current one (docs/metrics.md 8.10) --- */

static StBaseline *
page_baseline (StTimelinePage *self)
{
  return self->session != NULL ? st_session_get_baseline (self->session) : NULL;
}

/* Whether the timeline last focused is the baseline's. */
static gboolean
baseline_active (StTimelinePage *self)
{
  return self->active != NULL && self->active != self->session;
}

static void
mark_active (StTimelinePage *self)
{
  gboolean base = baseline_active (self);

  if (base)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->baseline_header), "active");
      gtk_widget_remove_css_class (self->current_header, "active");
    }
  else
    {
      gtk_widget_add_css_class (self->current_header, "active");
      gtk_widget_remove_css_class (GTK_WIDGET (self->baseline_header), "active");
    }
}

/* The details, the distribution and find follow @session's timeline. A find open in the
 * bar does not run there at once (its first result would take the place
 * of the event just clicked): Enter in the bar runs it. */
static void
set_active (StTimelinePage *self, StSession *session)
{
  if (self->active == session)
    return;
  g_set_object (&self->active, session);
  st_details_pane_set_session (self->details, session);
  st_distribution_pane_set_session (self->distribution, session);
  st_find_bar_set_session (self->find_bar, session);
  mark_active (self);
}

static void
on_view_focus (GtkEventControllerFocus *controller, StTimelinePage *self)
{
  StTimelineView *view
      = ST_TIMELINE_VIEW (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));

  if (st_timeline_view_get_session (view) != NULL)
    set_active (self, st_timeline_view_get_session (view));
}

/* The two timelines share the height until a person moves the split;
 * before the page has a height, at its first allocation. */
static void
split_in_half (StTimelinePage *self)
{
  gboolean set;
  int      height = gtk_widget_get_height (GTK_WIDGET (self->timelines_paned));

  g_object_get (self->timelines_paned, "position-set", &set, NULL);
  if (!set && self->baseline_shown && height > 0)
    gtk_paned_set_position (self->timelines_paned, height / 2);
}

static void
update_shown (StTimelinePage *self)
{
  StBaseline *base = page_baseline (self);
  gboolean    shown = base != NULL && st_baseline_get_shown (base);

  gtk_widget_set_visible (self->baseline_box, shown);
  gtk_widget_set_visible (self->current_header, shown);
  if (!shown)
    {
      if (gtk_widget_has_focus (GTK_WIDGET (self->baseline_view)))
        gtk_widget_grab_focus (GTK_WIDGET (self->view));
      set_active (self, self->session);
    }
  if (shown == self->baseline_shown)
    return;
  self->baseline_shown = shown;
  split_in_half (self);
  g_object_notify (G_OBJECT (self), "show-baseline");
}

/* The session's baseline changed, or the session did. */
static void
update_baseline (StTimelinePage *self)
{
  StBaseline *base = page_baseline (self);

  g_signal_group_set_target (self->baseline_signals, base);
  st_timeline_view_set_session (self->baseline_view,
                                base != NULL ? st_baseline_get_session (base) : NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.show-baseline", base != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->baseline_button), base != NULL);
  st_baseline_header_set_baseline (self->baseline_header, base);
  gtk_label_set_label (
      self->current_name_label,
      self->session ? st_trace_get_display_name (st_session_get_trace (self->session)) : "");
  update_shown (self);
  if (self->active == NULL || !self->baseline_shown)
    set_active (self, self->session);
  mark_active (self);
}

gboolean
st_timeline_page_get_show_baseline (StTimelinePage *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_PAGE (self), FALSE);
  return self->baseline_shown;
}

/* Shows or hides the baseline's timeline; without a baseline, nothing. */
void
st_timeline_page_set_show_baseline (StTimelinePage *self, gboolean show)
{
  StBaseline *base;

  g_return_if_fail (ST_IS_TIMELINE_PAGE (self));
  base = page_baseline (self);
  if (base != NULL)
    st_baseline_set_shown (base, show);
}

static void
bind_baseline (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_button);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, timelines_paned);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_box);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_header);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_view);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, baseline_hscrollbar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, current_header);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, current_name_label);
  gtk_widget_class_install_property_action (widget_class, "page.show-baseline", "show-baseline");
}

static void
follow_focus (StTimelinePage *self, StTimelineView *view)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (focus, "enter", G_CALLBACK (on_view_focus), self);
  gtk_widget_add_controller (GTK_WIDGET (view), focus);
}

static void
follow_baseline (StTimelinePage *self)
{
  self->baseline_signals = g_signal_group_new (ST_TYPE_BASELINE);
  g_signal_group_connect_object (self->baseline_signals, "notify::shown", G_CALLBACK (update_shown),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->session_signals, "notify::baseline",
                                 G_CALLBACK (update_baseline), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->timelines_paned, "notify::max-position",
                            G_CALLBACK (split_in_half), self);
  gtk_scrollbar_set_adjustment (self->baseline_vscrollbar,
                                st_timeline_view_get_vadjustment (self->baseline_view));
  gtk_scrollbar_set_adjustment (self->baseline_hscrollbar,
                                st_timeline_view_get_hadjustment (self->baseline_view));
  follow_focus (self, self->view);
  follow_focus (self, self->baseline_view);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "page.show-baseline", FALSE);
}

static void
follow_session (StTimelinePage *self)
{
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

  g_clear_object (&self->session);
  g_clear_object (&self->active);
  st_find_bar_clear (self->find_bar);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "timeline", NULL);
  g_clear_object (&self->actions);
  if (trace != NULL)
    {
      self->session = st_session_new (trace);
      /* Flow Events starts as it was last left, in any window; toggling
       * it here does not reach the profiles already open */
      if (self->settings != NULL)
        g_settings_bind (self->settings, "show-flows", self->session, "show-flows",
                         G_SETTINGS_BIND_GET | G_SETTINGS_BIND_SET
                             | G_SETTINGS_BIND_GET_NO_CHANGES);
      build_actions (self);
    }
  g_signal_group_set_target (self->session_signals, self->session);
  st_filter_bar_set_tracks (
      self->filter_bar, self->session ? st_session_get_track_arrangement (self->session) : NULL);
  if (self->session != NULL)
    update_range_label (self);
  st_timeline_view_set_session (self->view, self->session);
  st_annotations_panel_set_session (self->annotations, self->session);
  update_baseline (self);
}

/* Strata's settings, or NULL: Flow Events starts as it was last left. */
void
st_timeline_page_set_settings (StTimelinePage *self, GSettings *settings)
{
  g_return_if_fail (ST_IS_TIMELINE_PAGE (self));
  g_set_object (&self->settings, settings);
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
  const char *typed = st_find_bar_get_text (self->find_bar);
  GArray     *found = st_session_get_find_results (self->session);
  gint        current = st_session_get_find_current (self->session);

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->find_bar)))
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

  if (self->baseline_signals != NULL)
    g_signal_group_set_target (self->baseline_signals, NULL);
  g_clear_object (&self->baseline_signals);
  if (self->rename_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->rename_tick);
  self->rename_tick = 0;
  if (self->room_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->room_tick);
  self->room_tick = 0;
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->active);
  g_clear_object (&self->settings);
  g_clear_object (&self->actions);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_TIMELINE_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_timeline_page_parent_class)->dispose (object);
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
  g_type_ensure (ST_TYPE_BASELINE_HEADER);
  g_type_ensure (ST_TYPE_FILTER_BAR);
  g_type_ensure (ST_TYPE_FIND_BAR);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/timeline/st-timeline-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, view);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, details);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, paned);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, bottom_paned);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, distribution);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, annotations);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, find_bar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, range_label);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, find_button);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, group_button);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, filter_bar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, StTimelinePage, hscrollbar);
  bind_baseline (widget_class);
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

/* Nothing selected and no distribution open: the details' room goes to
 * the timeline. */
static void
sync_bottom (StTimelinePage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->bottom_paned),
                          !st_details_pane_get_empty (self->details)
                              || gtk_widget_get_visible (GTK_WIDGET (self->distribution)));
}

static void
st_timeline_page_init (StTimelinePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  follow_session (self);
  g_signal_connect (self->paned, "notify::position", G_CALLBACK (keep_split), NULL);
  g_signal_connect_swapped (self->details, "notify::empty", G_CALLBACK (sync_bottom), self);
  g_signal_connect_swapped (self->distribution, "notify::visible", G_CALLBACK (sync_bottom), self);
  sync_bottom (self);
  gtk_scrollbar_set_adjustment (self->vscrollbar, st_timeline_view_get_vadjustment (self->view));
  gtk_scrollbar_set_adjustment (self->hscrollbar, st_timeline_view_get_hadjustment (self->view));
  g_object_bind_property (self->find_button, "active", self->find_bar, "search-mode-enabled",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->find_bar, "stopped", G_CALLBACK (on_find_stopped), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions",
                                  st_annotations_panel_get_actions (self->annotations));
  add_region_shortcuts (self);
  follow_baseline (self);
}

GtkWidget *
st_timeline_page_new (void)
{
  return g_object_new (ST_TYPE_TIMELINE_PAGE, NULL);
}
