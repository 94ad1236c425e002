/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-timeline-view-private.h"

#include "st-format.h"
#include "st-trace-query.h"

#include <glib/gi18n.h>
#include <math.h>

/* The timeline view's input: the keys (at their physical places), the
 * actions they run, the pointer's hover and tooltip, clicks, the drag of
 * each tool, the middle button and the wheel. */

#define ZOOM_STEP      (1 / 1.5) /* a press of W: the span shrinks to this; Shift: squared */
#define GLIDE_RATE     4.0       /* held, per second: 2× per half second; Shift: squared */
#define GLIDE_HOLD_US  150000    /* a tap is one step; a key held longer glides */
#define PAN_STEP       0.1       /* A/D: this share of the span */
#define DRAG_THRESHOLD 3.0
/* at 1280 px a tooltip beside the pointer fits in the window */
#define TOOLTIP_WIDTH_CHARS 60

/* Physical key positions (evdev codes + 8, as GDK reports them on Linux):
 * the keys in the places of W, A, S, D and 1–4 on a US keyboard, whatever
 * the layout prints on them. */
#define KEYCODE_1 10
#define KEYCODE_4 13
#define KEYCODE_W 25
#define KEYCODE_A 38
#define KEYCODE_S 39
#define KEYCODE_D 40

static gboolean
fast (GVariant *parameter)
{
  return parameter != NULL && g_variant_get_boolean (parameter);
}

static void
zoom_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);
  double          factor = fast (parameter) ? ZOOM_STEP * ZOOM_STEP : ZOOM_STEP;

  if (g_str_equal (name, "timeline.zoom-out"))
    factor = 1.0 / factor;
  st_session_zoom (self->session, factor, _st_timeline_view_zoom_anchor (self));
}

static void
pan_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);
  gint64          start, end;
  double          share = fast (parameter) ? PAN_STEP * 3 : PAN_STEP;

  st_session_get_range (self->session, &start, &end);
  st_session_pan (self->session, (gint64)((end - start) * share)
                                     * (g_str_equal (name, "timeline.pan-left") ? -1 : 1));
}

static void
fit_all_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_session_fit_all (ST_TIMELINE_VIEW (widget)->session);
}

static void
fit_selection_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_session_fit_selection (ST_TIMELINE_VIEW (widget)->session);
}

static void
mark_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_session_mark_selection (ST_TIMELINE_VIEW (widget)->session);
}

static void
clear_marked_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_session_clear_marked (ST_TIMELINE_VIEW (widget)->session);
}

/* ←/→: the previous or next slice of the selected one's row. */
static void
step_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);
  GArray         *selection = st_session_get_selection (self->session);
  StEventRef      ref;
  StSliceRef      next;

  if (selection->len == 0)
    return;
  ref = g_array_index (selection, StEventRef, selection->len - 1);
  if (ref.kind != ST_EVENT_SLICE
      || !st_trace_step_slice (st_session_get_trace (self->session),
                               (StSliceRef){ ref.track, ref.index },
                               g_str_equal (name, "timeline.prev-event") ? -1 : 1, &next))
    return;
  st_session_select (self->session, st_event_ref_for_slice (next), ST_SELECT_REPLACE);
  st_session_reveal (self->session, st_event_ref_for_slice (next));
}

/* W/S held: the view zooms at the pointer by GLIDE_RATE per second,
 * frame by frame, from GLIDE_HOLD_US after the press until the release.
 * It goes by the monotonic clock the press was stamped with, not by the
 * frame clock's time: that one is smoothed and runs ahead when frames
 * come late, which made the glide outrun the key on a busy machine. The
 * release glides the last stretch since the last frame, so a key held
 * as long zooms as far however late the frames came. */
static void
glide_to_now (StTimelineView *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 from = MAX (self->glide_last, self->glide_pressed + GLIDE_HOLD_US);
  double rate = self->glide_fast ? GLIDE_RATE * GLIDE_RATE : GLIDE_RATE;

  if (self->session != NULL && now > from)
    st_session_zoom (self->session, pow (rate, -self->glide_direction * (now - from) / 1e6),
                     _st_timeline_view_zoom_anchor (self));
  self->glide_last = MAX (self->glide_last, now);
}

static gboolean
glide_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  glide_to_now (ST_TIMELINE_VIEW (widget));
  return G_SOURCE_CONTINUE;
}

static void
stop_glide (StTimelineView *self)
{
  if (self->glide_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->glide_id);
  self->glide_id = 0;
  self->glide_keycode = 0;
}

/* A press zooms one step at once; held, the zoom glides on. The key's
 * repeats while held are the glide's, not more steps. */
static gboolean
start_glide (StTimelineView *self, guint keycode, gboolean fast)
{
  if (self->glide_keycode == keycode)
    return TRUE;
  stop_glide (self);
  if (!gtk_widget_activate_action_variant (
          GTK_WIDGET (self), keycode == KEYCODE_W ? "timeline.zoom-in" : "timeline.zoom-out",
          g_variant_new_boolean (fast)))
    return FALSE;
  self->glide_keycode = keycode;
  self->glide_direction = keycode == KEYCODE_W ? 1 : -1;
  self->glide_fast = fast;
  self->glide_pressed = g_get_monotonic_time ();
  self->glide_last = self->glide_pressed;
  self->glide_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), glide_tick, NULL, NULL);
  return TRUE;
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 StTimelineView        *self)
{
  if (keycode == self->glide_keycode)
    {
      glide_to_now (self);
      stop_glide (self);
    }
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                StTimelineView        *self)
{
  const char *action = NULL;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  if (keycode == KEYCODE_W || keycode == KEYCODE_S)
    return start_glide (self, keycode, (state & GDK_SHIFT_MASK) != 0);
  switch (keycode)
    {
    case KEYCODE_A: action = "timeline.pan-left"; break;
    case KEYCODE_D: action = "timeline.pan-right"; break;
    default: break;
    }
  if (action != NULL)
    return gtk_widget_activate_action_variant (
        GTK_WIDGET (self), action, g_variant_new_boolean ((state & GDK_SHIFT_MASK) != 0));
  if (keycode >= KEYCODE_1 && keycode <= KEYCODE_4)
    {
      st_session_set_tool (self->session, keycode - KEYCODE_1);
      return TRUE;
    }
  return FALSE;
}

/* The mouse. */

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StTimelineView *self)
{
  StEventRef           ref;
  gboolean             has = _st_timeline_view_event_at (self, x, y, &ref);
  g_autoptr (StRegion) tab = _st_timeline_view_region_at (self, x, y);
  gboolean             over_tab = tab != NULL;

  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  if (over_tab != self->over_tab)
    {
      self->over_tab = over_tab;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), over_tab ? "pointer" : NULL);
    }
  if (has != self->has_hover || (has && !st_event_equal (ref, self->hover)))
    {
      self->has_hover = has;
      self->hover = ref;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  _st_timeline_view_hover_span (self, x, y);
}

static void
on_leave (GtkEventControllerMotion *controller, StTimelineView *self)
{
  self->pointer_inside = FALSE;
  if (self->has_hover || self->has_span_hover)
    {
      self->has_hover = FALSE;
      self->has_span_hover = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* What the tooltip at (@x, @y) says, as markup: a region's tab, a
 * counter band's reading (docs/metrics.md 19.3), or an event; NULL for
 * nothing. */
char *
st_timeline_view_dup_tooltip (StTimelineView *self, double x, double y)
{
  StTrace             *trace;
  StEventRef           ref;
  g_autoptr (StRegion) region = NULL;
  g_autofree char     *dur = NULL;
  char                *readout;

  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), NULL);
  if ((region = _st_timeline_view_region_at (self, x, y)) != NULL)
    {
      dur = st_format_duration (st_region_get_duration (region));
      return g_markup_printf_escaped (
          _ ("<b>%s</b>\n%s, %s\nClick to select, double-click to zoom to it"),
          st_region_get_name (region), dur,
          st_region_method_get_label (st_region_get_method (region)));
    }
  if ((readout = _st_timeline_view_dup_counter_readout (self, x, y)) != NULL
      || (readout = _st_timeline_view_dup_span_tooltip (self, x, y)) != NULL)
    return readout;
  if (!_st_timeline_view_event_at (self, x, y, &ref))
    return NULL;
  trace = st_session_get_trace (self->session);
  dur = st_format_duration (st_event_get_duration (trace, ref));
  return g_markup_printf_escaped ("<b>%s</b>\n%s",
                                  st_trace_get_string (trace, st_event_get_name (trace, ref)),
                                  ref.kind == ST_EVENT_SLICE ? dur : _ ("instant"));
}

static gboolean
on_query_tooltip (GtkWidget      *widget,
                  int             x,
                  int             y,
                  gboolean        keyboard,
                  GtkTooltip     *tooltip,
                  StTimelineView *self)
{
  g_autofree char *markup = NULL;
  GtkWidget       *label;

  if (keyboard || (markup = st_timeline_view_dup_tooltip (self, x, y)) == NULL)
    return FALSE;
  /* a kernel's name can be hundreds of letters without a space: wrapped
   * anywhere, the tooltip stays inside the window */
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), TOOLTIP_WIDTH_CHARS);
  gtk_tooltip_set_custom (tooltip, label);
  return TRUE;
}

/* A click on a section header (anywhere on its band, or on the one kept at
 * the top while its tracks scroll) opens or closes it. */
static gboolean
toggle_section_at (StTimelineView *self, double y)
{
  StViewport vp;
  gint       band;

  _st_timeline_view_get_viewport (self, &vp);
  band = st_timeline_renderer_section_at (self->renderer, &vp, y);
  if (band < 0)
    return FALSE;
  st_session_toggle_section (self->session,
                             st_timeline_layout_get_band (self->layout, band)->process);
  return TRUE;
}

/* What a click of the primary button at @x, @y does: select the region
 * whose tab is there (a double click zooms to it), select the event there
 * (Ctrl toggles it in the selection, Shift adds it; a double click selects
 * every event of its name), open or close a section, or clear the
 * selection on empty space. */
void
st_timeline_view_click (StTimelineView *self,
                        double          x,
                        double          y,
                        int             n_press,
                        GdkModifierType state)
{
  StEventRef           ref;
  g_autoptr (StRegion) region = NULL;

  g_return_if_fail (ST_IS_TIMELINE_VIEW (self));
  if (self->session == NULL)
    return;
  if ((region = _st_timeline_view_region_at (self, x, y)) != NULL)
    {
      st_session_set_selected_region (self->session, region);
      if (n_press == 2)
        st_session_zoom_to_region (self->session, region);
      return;
    }
  if (toggle_section_at (self, y) || _st_timeline_view_click_span (self, x, y))
    return;
  if (!_st_timeline_view_event_at (self, x, y, &ref))
    {
      if (!(state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)))
        st_session_clear_selection (self->session);
      return;
    }
  if (n_press == 2)
    st_session_select_same_name (self->session, ref);
  else
    st_session_select (self->session, ref,
                       state & GDK_CONTROL_MASK ? ST_SELECT_TOGGLE
                       : state & GDK_SHIFT_MASK ? ST_SELECT_ADD
                                                : ST_SELECT_REPLACE);
}

static void
on_click_released (GtkGestureClick *gesture, int n_press, double x, double y, StTimelineView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->moved) /* the end of a drag, not a click */
    return;
  st_timeline_view_click (
      self, x, y, n_press,
      gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
}

/* Adds the slices of one row that overlap [t0, t1]. */
static void
add_row_slices (const StTrack *t, guint track, guint row, gint64 t0, gint64 t1, GArray *refs)
{
  guint hi = t->row_offsets[row + 1];

  for (guint i = st_row_first_ending (t->slices, t->row_offsets[row], hi, t0);
       i < hi && t->slices[i].start <= t1; i++)
    g_array_append_val (refs, ((StEventRef){ track, i, ST_EVENT_SLICE }));
}

/* The slices inside the box, on every row it touches. */
static GArray *
events_in_box (StTimelineView *self, double x0, double y0, double x1, double y1)
{
  StTrace   *trace = st_session_get_trace (self->session);
  GArray    *refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  guint      last_track = G_MAXUINT, last_row = G_MAXUINT;
  StViewport vp;
  gint64     t0, t1;

  _st_timeline_view_get_viewport (self, &vp);
  t0 = st_viewport_time_at (&vp, MIN (x0, x1));
  t1 = st_viewport_time_at (&vp, MAX (x0, x1));
  for (double y = MIN (y0, y1); y <= MAX (y0, y1) + 1; y += 2)
    {
      guint          track, row;
      const StTrack *t;

      if (!st_timeline_layout_row_at (self->layout, (int)st_viewport_content_y (&vp, y), &track,
                                      &row)
          || (track == last_track && row == last_row))
        continue;
      last_track = track;
      last_row = row;
      t = st_trace_get_track (trace, track);
      if (row < t->n_rows && t->kind != ST_TRACK_COUNTER)
        add_row_slices (t, track, row, t0, t1, refs);
    }
  return refs;
}

static StDragKind
drag_kind_for_tool (StTool tool)
{
  switch (tool)
    {
    case ST_TOOL_SELECT: return ST_DRAG_BOX;
    case ST_TOOL_ZOOM: return ST_DRAG_RANGE;
    case ST_TOOL_TIMING: return ST_DRAG_TIMING;
    default: return ST_DRAG_NONE;
    }
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, StTimelineView *self)
{
  StViewport vp;

  _st_timeline_view_get_viewport (self, &vp);
  self->drag_x0 = self->drag_x1 = MAX (x, vp.gutter);
  self->drag_y0 = self->drag_y1 = y;
  self->drag = ST_DRAG_NONE;
  self->dragging_pan = FALSE;
  self->moved = FALSE;
  if (self->session == NULL || x < vp.gutter)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, StTimelineView *self)
{
  StTool tool = st_session_get_tool (self->session);

  if (self->drag == ST_DRAG_NONE && !self->dragging_pan && hypot (dx, dy) < DRAG_THRESHOLD)
    return;
  self->moved = TRUE;
  if (tool == ST_TOOL_PAN)
    {
      if (!self->dragging_pan)
        _st_timeline_view_start_pan (self);
      _st_timeline_view_pan_by (self, dx, dy);
      return;
    }
  self->drag = drag_kind_for_tool (tool);
  self->drag_x1 = self->drag_x0 + dx;
  self->drag_y1 = self->drag_y0 + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
finish_drag (StTimelineView *self, GdkModifierType state)
{
  StViewport         vp;
  g_autoptr (GArray) refs = NULL;
  g_autoptr (GArray) counters = NULL;
  gint64             t0, t1;

  _st_timeline_view_get_viewport (self, &vp);
  t0 = st_viewport_time_at (&vp, MIN (self->drag_x0, self->drag_x1));
  t1 = st_viewport_time_at (&vp, MAX (self->drag_x0, self->drag_x1));
  switch (self->drag)
    {
    case ST_DRAG_BOX:
      refs = events_in_box (self, self->drag_x0, self->drag_y0, self->drag_x1, self->drag_y1);
      counters = _st_timeline_view_counters_in_box (self, self->drag_y0, self->drag_y1);
      st_session_select_box (self->session, refs, counters, t0, t1,
                             state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK) ? ST_SELECT_ADD
                                                                         : ST_SELECT_REPLACE);
      break;
    case ST_DRAG_RANGE:
      if (t1 > t0)
        st_session_set_range (self->session, t0, t1);
      break;
    case ST_DRAG_TIMING: st_session_set_timing (self->session, t0, t1); break;
    default: break;
    }
}

static void
on_drag_end (GtkGestureDrag *gesture, double dx, double dy, StTimelineView *self)
{
  if (self->drag != ST_DRAG_NONE)
    finish_drag (self,
                 gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
  self->drag = ST_DRAG_NONE;
  self->dragging_pan = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* What a drag of the primary button from @x0, @y0 to @x1, @y1 does in the
 * session's tool: select the events in the box, zoom to the time range,
 * measure it, or pan. */
void
st_timeline_view_drag (StTimelineView *self,
                       double          x0,
                       double          y0,
                       double          x1,
                       double          y1,
                       GdkModifierType state)
{
  g_return_if_fail (ST_IS_TIMELINE_VIEW (self));
  if (self->session == NULL)
    return;
  if (st_session_get_tool (self->session) == ST_TOOL_PAN)
    {
      _st_timeline_view_start_pan (self);
      _st_timeline_view_pan_by (self, x1 - x0, y1 - y0);
      self->dragging_pan = FALSE;
      return;
    }
  self->drag = drag_kind_for_tool (st_session_get_tool (self->session));
  self->drag_x0 = x0;
  self->drag_y0 = y0;
  self->drag_x1 = x1;
  self->drag_y1 = y1;
  finish_drag (self, state);
  self->drag = ST_DRAG_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The middle button pans in every tool. */
static void
on_middle_begin (GtkGestureDrag *gesture, double x, double y, StTimelineView *self)
{
  if (self->session != NULL)
    _st_timeline_view_start_pan (self);
}

static void
on_middle_update (GtkGestureDrag *gesture, double dx, double dy, StTimelineView *self)
{
  if (self->dragging_pan)
    _st_timeline_view_pan_by (self, dx, dy);
}

/* Ctrl+wheel zooms at the pointer; the wheel scrolls rows; sideways (or
 * Shift+wheel) pans. */
static gboolean
on_scroll (GtkEventControllerScroll *controller, double dx, double dy, StTimelineView *self)
{
  GdkModifierType state
      = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gint64 start, end;

  if (self->session == NULL)
    return FALSE;
  st_session_get_range (self->session, &start, &end);
  if (state & GDK_CONTROL_MASK)
    st_session_zoom (self->session, pow (1.2, dy), _st_timeline_view_zoom_anchor (self));
  else if (state & GDK_SHIFT_MASK)
    st_session_pan (self->session, (gint64)((end - start) * 0.05 * (dx + dy)));
  else
    {
      gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment)
                                                       + dy * ST_LAYOUT_ROW_HEIGHT * 3);
      if (dx != 0)
        st_session_pan (self->session, (gint64)((end - start) * 0.05 * dx));
    }
  return TRUE;
}

void
_st_timeline_view_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", "b", zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", "b", zoom_action);
  gtk_widget_class_install_action (widget_class, "timeline.pan-left", "b", pan_action);
  gtk_widget_class_install_action (widget_class, "timeline.pan-right", "b", pan_action);
  gtk_widget_class_install_action (widget_class, "timeline.fit-all", NULL, fit_all_action);
  gtk_widget_class_install_action (widget_class, "timeline.fit-selection", NULL,
                                   fit_selection_action);
  gtk_widget_class_install_action (widget_class, "timeline.mark", NULL, mark_action);
  gtk_widget_class_install_action (widget_class, "timeline.clear-marked", NULL,
                                   clear_marked_action);
  gtk_widget_class_install_action (widget_class, "timeline.prev-event", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "timeline.next-event", NULL, step_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "timeline.fit-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "timeline.mark", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "timeline.fit-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, 0, "timeline.fit-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "timeline.fit-all", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "timeline.prev-event", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "timeline.next-event", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "timeline.clear-marked",
                                       NULL);
}

void
_st_timeline_view_add_controllers (StTimelineView *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *scroll
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *middle = gtk_gesture_drag_new ();

  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (key, "key-released", G_CALLBACK (on_key_released), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (stop_glide), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (middle), GDK_BUTTON_MIDDLE);
  g_signal_connect (middle, "drag-begin", G_CALLBACK (on_middle_begin), self);
  g_signal_connect (middle, "drag-update", G_CALLBACK (on_middle_update), self);
  g_signal_connect (middle, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (middle));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
}
