/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-timeline-view-private.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* The timeline view's track commands: a track's menu (a right click on its
 * name) and the keys that act on the selected event's track: pin it to the
 * top, hide it (a toast offers Undo), move it within its section, show
 * every track again. */

/* The track a command acts on: the one whose menu is open, else the
 * selected event's; -1 for none. */
static gint
target_track (StTimelineView *self)
{
  GArray *selection;

  if (self->session == NULL)
    return -1;
  if (self->menu_track >= 0)
    return self->menu_track;
  selection = st_session_get_selection (self->session);
  if (selection->len == 0)
    return -1;
  return g_array_index (selection, StEventRef, selection->len - 1).track;
}

static void
on_undo_hide (AdwToast *toast, StTimelineView *self)
{
  guint track = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (toast), "track"));

  if (self->session != NULL)
    st_track_arrangement_set_hidden (st_session_get_track_arrangement (self->session), track,
                                     FALSE);
}

/* Hiding is undone from the toast it shows. */
static void
show_hidden_toast (StTimelineView *self, guint track)
{
  GtkWidget       *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  StTrace         *trace = st_session_get_trace (self->session);
  g_autofree char *name = NULL, *title = NULL;
  AdwToast        *toast;

  if (overlay == NULL)
    return;
  /* the title is markup in libadwaita 1.2 */
  name = g_markup_escape_text (st_trace_get_string (trace, st_trace_get_track (trace, track)->name),
                               -1);
  title = g_strdup_printf (_ ("“%s” hidden"), name);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _ ("_Undo"));
  g_object_set_data (G_OBJECT (toast), "track", GUINT_TO_POINTER (track));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_hide), self, 0);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

static void
track_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelineView     *self = ST_TIMELINE_VIEW (widget);
  gint                track = target_track (self);
  StTrackArrangement *tracks;

  if (track < 0)
    return;
  tracks = st_session_get_track_arrangement (self->session);
  if (g_str_equal (name, "timeline.pin-track"))
    st_track_arrangement_set_pinned (tracks, track,
                                     !st_track_arrangement_get_pinned (tracks, track));
  else if (g_str_equal (name, "timeline.unpin-track"))
    st_track_arrangement_set_pinned (tracks, track, FALSE);
  else if (g_str_equal (name, "timeline.hide-track"))
    {
      st_track_arrangement_set_hidden (tracks, track, TRUE);
      show_hidden_toast (self, track);
    }
  else
    st_track_arrangement_move (tracks, track,
                               g_str_equal (name, "timeline.move-track-up") ? -1 : 1);
}

static void
show_all_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);

  if (self->session != NULL)
    st_track_arrangement_show_all (st_session_get_track_arrangement (self->session));
}

/* The track whose name is at (@x, @y) in the label column, or -1. */
static gint
track_at_label (StTimelineView *self, double x, double y)
{
  StViewport    vp;
  gint          band;
  const StBand *b;

  _st_timeline_view_get_viewport (self, &vp);
  if (self->layout == NULL || x >= vp.gutter || y < ST_RULER_HEIGHT
      || st_timeline_renderer_section_at (self->renderer, &vp, y) >= 0)
    return -1;
  band = st_timeline_layout_band_at (self->layout, (int)st_viewport_content_y (&vp, y));
  if (band < 0)
    return -1;
  b = st_timeline_layout_get_band (self->layout, band);
  return b->kind == ST_BAND_TRACK ? (gint)b->track : -1;
}

/* Closed, the keys act on the selection's track again, pinned or not. */
static void
on_menu_closed (StTimelineView *self)
{
  self->menu_track = -1;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.pin-track", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.unpin-track", TRUE);
}

/* Opens the menu of the track whose name is at (@x, @y); FALSE when no
 * track's name is there. */
gboolean
_st_timeline_view_open_track_menu (StTimelineView *self, double x, double y)
{
  gint                track = track_at_label (self, x, y);
  StTrackArrangement *tracks;
  gboolean            pinned;

  if (track < 0)
    return FALSE;
  tracks = st_session_get_track_arrangement (self->session);
  pinned = st_track_arrangement_get_pinned (tracks, track);
  self->menu_track = track;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.pin-track", !pinned);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.unpin-track", pinned);
  gtk_popover_set_pointing_to (self->track_menu, &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup (self->track_menu);
  return TRUE;
}

/* Opens the menu of the event at (@x, @y), selecting it first unless it
 * is selected already (so that a selection of several stays); FALSE when
 * no event is there. */
gboolean
_st_timeline_view_open_slice_menu (StTimelineView *self, double x, double y)
{
  StEventRef ref;

  if (self->session == NULL || !_st_timeline_view_event_at (self, x, y, &ref))
    return FALSE;
  if (!st_session_is_selected (self->session, ref))
    st_session_select (self->session, ref, ST_SELECT_REPLACE);
  gtk_popover_set_pointing_to (self->slice_menu, &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup (self->slice_menu);
  return TRUE;
}

static void
on_secondary_pressed (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      StTimelineView  *self)
{
  if (_st_timeline_view_open_query_menu (self, x, y)
      || _st_timeline_view_open_track_menu (self, x, y)
      || _st_timeline_view_open_slice_menu (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static GtkPopover *
new_menu (const char *resource, const char *id, GtkWidget *parent)
{
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (resource);
  GtkPopover            *menu = GTK_POPOVER (
                 gtk_popover_menu_new_from_model (G_MENU_MODEL (gtk_builder_get_object (builder, id))));

  gtk_popover_set_has_arrow (menu, FALSE);
  gtk_popover_set_position (menu, GTK_POS_BOTTOM);
  gtk_widget_set_halign (GTK_WIDGET (menu), GTK_ALIGN_START);
  gtk_widget_set_parent (GTK_WIDGET (menu), parent);
  return menu;
}

void
_st_timeline_view_add_track_menu (StTimelineView *self)
{
  GtkGesture *secondary = gtk_gesture_click_new ();

  self->menu_track = -1;
  self->track_menu = new_menu ("/io/github/strata/Strata/widgets/timeline/st-track-menu.ui",
                               "track_menu", GTK_WIDGET (self));
  self->slice_menu = new_menu ("/io/github/strata/Strata/widgets/timeline/st-slice-menu.ui",
                               "slice_menu", GTK_WIDGET (self));
  self->query_menu = new_menu ("/io/github/strata/Strata/widgets/timeline/st-query-track-menu.ui",
                               "query_track_menu", GTK_WIDGET (self));
  g_signal_connect_swapped (self->track_menu, "closed", G_CALLBACK (on_menu_closed), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
}

void
_st_timeline_view_install_track_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.pin-track", NULL, track_action);
  gtk_widget_class_install_action (widget_class, "timeline.unpin-track", NULL, track_action);
  gtk_widget_class_install_action (widget_class, "timeline.hide-track", NULL, track_action);
  gtk_widget_class_install_action (widget_class, "timeline.move-track-up", NULL, track_action);
  gtk_widget_class_install_action (widget_class, "timeline.move-track-down", NULL, track_action);
  gtk_widget_class_install_action (widget_class, "timeline.show-all-tracks", NULL, show_all_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, 0, "timeline.pin-track", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, 0, "timeline.hide-track", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_H, GDK_SHIFT_MASK,
                                       "timeline.show-all-tracks", NULL);
  /* the page's action, where the profile has streams to group */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, 0, "timeline.group-by-stream",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK,
                                       "timeline.move-track-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK,
                                       "timeline.move-track-down", NULL);
}
