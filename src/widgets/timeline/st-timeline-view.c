#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-format.h"
#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-overlay.h"
#include "st-timeline-view.h"
#include "st-trace-query.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#define GUTTER_WIDTH   240
#define ZOOM_STEP      0.8 /* W: the span shrinks to this; Shift: squared */
#define PAN_STEP       0.1 /* A/D: this share of the span */
#define DRAG_THRESHOLD 3.0
#define PICK_SLOP_PX   3.0

/* Physical key positions (evdev codes + 8, as GDK reports them on Linux):
 * the keys in the places of W, A, S, D and 1–4 on a US keyboard, whatever
 * the layout prints on them. */
#define KEYCODE_1 10
#define KEYCODE_4 13
#define KEYCODE_W 25
#define KEYCODE_A 38
#define KEYCODE_S 39
#define KEYCODE_D 40

struct _StTimelineView
{
  GtkWidget parent_instance;

  StSession          *session;
  StTimelineRenderer *renderer;
  StTimelineLayout   *layout;
  GtkAdjustment      *vadjustment;
  GtkAdjustment      *hadjustment;
  gboolean            syncing;

  double     pointer_x;
  double     pointer_y;
  gboolean   pointer_inside;
  gboolean   has_hover;
  StEventRef hover;

  StDragKind drag;
  gboolean   dragging_pan;
  gboolean   moved; /* the primary button moved past the threshold */
  double     drag_x0, drag_y0, drag_x1, drag_y1;
  gint64     pan_start;
  double     pan_scroll;

  GArray  *bands; /* StOverlayRegion of the session's regions */
  gboolean bands_dirty;
  gboolean over_tab;
};

G_DEFINE_FINAL_TYPE (StTimelineView, st_timeline_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Colours: named in ui/style.css from libadwaita's, so they follow the
 * style; slice colours are the palette's own. */
static void
lookup (GtkWidget *widget, const char *name, StColor *out)
{
  GdkRGBA rgba;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &rgba))
    *out = (StColor){ rgba.red, rgba.green, rgba.blue, rgba.alpha };
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
update_palette (StTimelineView *self)
{
  gboolean  dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  StPalette p;

  if (self->renderer == NULL)
    return;
  st_palette_init_default (&p, dark);
  lookup (GTK_WIDGET (self), "timeline_bg_color", &p.background);
  lookup (GTK_WIDGET (self), "timeline_fg_color", &p.foreground);
  lookup (GTK_WIDGET (self), "timeline_dim_color", &p.dim);
  lookup (GTK_WIDGET (self), "timeline_grid_color", &p.grid);
  lookup (GTK_WIDGET (self), "timeline_header_color", &p.header);
  lookup (GTK_WIDGET (self), "timeline_gutter_color", &p.gutter);
  lookup (GTK_WIDGET (self), "timeline_accent_color", &p.accent);
  lookup (GTK_WIDGET (self), "timeline_marked_color", &p.marked);
  lookup (GTK_WIDGET (self), "timeline_timing_color", &p.timing);
  lookup (GTK_WIDGET (self), "timeline_flow_color", &p.flow);
  lookup (GTK_WIDGET (self), "timeline_region_color", &p.region);
  st_timeline_renderer_set_palette (self->renderer, &p);
}

static void
update_font (StTimelineView *self)
{
  if (self->renderer != NULL)
    st_timeline_renderer_set_font (
        self->renderer,
        pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self))));
}

static void
st_timeline_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (st_timeline_view_parent_class)->css_changed (widget, change);
  update_palette (ST_TIMELINE_VIEW (widget));
  update_font (ST_TIMELINE_VIEW (widget));
  gtk_widget_queue_draw (widget);
}

static double
area_height (StTimelineView *self)
{
  return MAX (1, gtk_widget_get_height (GTK_WIDGET (self)) - ST_RULER_HEIGHT);
}

static void
update_vadjustment (StTimelineView *self)
{
  double upper = self->layout ? st_timeline_layout_get_height (self->layout) : 0;
  double page = area_height (self);

  gtk_adjustment_configure (
      self->vadjustment,
      CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, MAX (0, upper - page)), 0, upper,
      ST_LAYOUT_ROW_HEIGHT * 3, page * 0.9, page);
}

static void
update_hadjustment (StTimelineView *self)
{
  gint64 start, end, trace_end;

  if (self->session == NULL)
    return;
  st_session_get_range (self->session, &start, &end);
  trace_end = st_trace_get_end_ns (st_session_get_trace (self->session));
  self->syncing = TRUE;
  gtk_adjustment_configure (self->hadjustment, start, MIN (0, start), MAX (trace_end, end),
                            (end - start) / 10.0, (end - start) * 0.9, end - start);
  self->syncing = FALSE;
}

static void
rebuild_layout (StTimelineView *self)
{
  g_clear_pointer (&self->layout, st_timeline_layout_free);
  if (self->session == NULL)
    return;
  self->layout = st_timeline_layout_new (st_session_get_trace (self->session),
                                         st_session_get_collapsed (self->session));
  st_timeline_renderer_set_layout (self->renderer, self->layout);
  update_vadjustment (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The picture's geometry now. */
void
st_timeline_view_get_viewport (StTimelineView *self, StViewport *vp)
{
  gint64 start = 0, end = 1;

  if (self->session != NULL)
    st_session_get_range (self->session, &start, &end);
  vp->start = start;
  vp->end = end;
  vp->width = gtk_widget_get_width (GTK_WIDGET (self));
  vp->height = gtk_widget_get_height (GTK_WIDGET (self));
  vp->gutter = MIN (GUTTER_WIDTH, vp->width / 3);
  vp->scroll_y = gtk_adjustment_get_value (self->vadjustment);
}

/* The region bands as the overlay wants them, rebuilt after every change
 * of the regions or of the selected one. */
static void
update_bands (StTimelineView *self)
{
  StRegionSet *regions = st_session_get_regions (self->session);
  StRegion    *selected = st_session_get_selected_region (self->session);
  guint        n = st_region_set_get_n_regions (regions);

  if (!self->bands_dirty)
    return;
  g_array_set_size (self->bands, n);
  for (guint i = 0; i < n; i++)
    {
      StRegion *r = st_region_set_get_region (regions, i);

      g_array_index (self->bands, StOverlayRegion, i)
          = (StOverlayRegion){ st_region_get_start (r), st_region_get_end (r),
                               st_region_get_name (r), r == selected };
    }
  self->bands_dirty = FALSE;
}

static void
fill_overlay (StTimelineView *self, StOverlay *o)
{
  gint current = st_session_get_find_current (self->session);

  memset (o, 0, sizeof *o);
  update_bands (self);
  o->regions = (const StOverlayRegion *)self->bands->data;
  o->n_regions = self->bands->len;
  o->selection = st_session_get_selection (self->session);
  o->has_found = current >= 0;
  if (o->has_found)
    o->found = g_array_index (st_session_get_find_results (self->session), StEventRef, current);
  o->has_hover = self->has_hover;
  o->hover = self->hover;
  o->has_marked = st_session_get_marked (self->session, &o->marked_start, &o->marked_end);
  o->has_timing = st_session_get_timing (self->session, &o->timing_start, &o->timing_end);
  o->all_flows = st_session_get_show_flows (self->session);
  o->drag = self->drag;
  o->drag_x0 = self->drag_x0;
  o->drag_y0 = self->drag_y0;
  o->drag_x1 = self->drag_x1;
  o->drag_y1 = self->drag_y1;
}

static void
st_timeline_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);
  int             w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  StViewport      vp;
  StOverlay       overlay;
  cairo_t        *cr;

  if (self->session == NULL || self->layout == NULL || w <= 0 || h <= 0)
    return;
  st_timeline_view_get_viewport (self, &vp);
  fill_overlay (self, &overlay);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  st_timeline_renderer_draw (self->renderer, cr, &vp);
  st_timeline_renderer_draw_overlay (self->renderer, cr, &vp, &overlay);
  cairo_destroy (cr);
}

static void
st_timeline_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  update_vadjustment (ST_TIMELINE_VIEW (widget));
}

/* Hit testing. */

static double
ns_per_px (const StViewport *vp)
{
  return (double)(vp->end - vp->start) / st_viewport_track_width (vp);
}

/* The event drawn under (@x, @y), if any (thin ones within a few pixels). */
gboolean
st_timeline_view_event_at (StTimelineView *self, double x, double y, StEventRef *out)
{
  StTrace       *trace;
  StViewport     vp;
  guint          track, row;
  gint64         t, slop;
  const StTrack *tr;
  StSliceRef     slice;

  if (self->session == NULL || self->layout == NULL)
    return FALSE;
  st_timeline_view_get_viewport (self, &vp);
  if (x < vp.gutter || y < ST_RULER_HEIGHT
      || !st_timeline_layout_row_at (self->layout, (int)st_viewport_content_y (&vp, y), &track,
                                     &row))
    return FALSE;
  trace = st_session_get_trace (self->session);
  tr = st_trace_get_track (trace, track);
  t = st_viewport_time_at (&vp, x);
  slop = (gint64)(PICK_SLOP_PX * ns_per_px (&vp));
  if (tr->kind == ST_TRACK_COUNTER)
    return FALSE;
  if (tr->kind != ST_TRACK_INSTANTS && row < tr->n_rows)
    {
      if (!st_trace_find_slice_at (trace, track, row, t, slop, &slice))
        return FALSE;
      *out = st_event_ref_for_slice (slice);
      return TRUE;
    }
  return st_trace_find_instant_at (trace, track, t, slop, out);
}

/* Where @ref is drawn in widget coordinates (for tests and popovers). */
gboolean
st_timeline_view_event_bounds (StTimelineView *self, StEventRef ref, graphene_rect_t *bounds)
{
  StViewport        vp;
  cairo_rectangle_t r;

  st_timeline_view_get_viewport (self, &vp);
  if (!st_timeline_renderer_event_rect (self->renderer, &vp, ref, &r))
    return FALSE;
  graphene_rect_init (bounds, r.x, r.y, r.width, r.height);
  return TRUE;
}

/* The region whose tab (its name, under the ruler) is at (@x, @y), or
 * NULL. */
StRegion *
st_timeline_view_region_at (StTimelineView *self, double x, double y)
{
  StViewport vp;
  StOverlay  o;
  gint       index;

  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), NULL);
  if (self->session == NULL || self->renderer == NULL)
    return NULL;
  st_timeline_view_get_viewport (self, &vp);
  fill_overlay (self, &o);
  index = st_timeline_renderer_region_at (self->renderer, &vp, &o, x, y);
  return index >= 0 ? st_region_set_get_region (st_session_get_regions (self->session), index)
                    : NULL;
}

/* Where the tab of @region is drawn (for tests); FALSE when it has none. */
gboolean
st_timeline_view_region_tab_bounds (StTimelineView *self, StRegion *region, graphene_rect_t *bounds)
{
  StViewport        vp;
  StOverlay         o;
  cairo_rectangle_t r;
  guint             index;

  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), FALSE);
  if (self->session == NULL)
    return FALSE;
  index = st_region_set_find (st_session_get_regions (self->session), region);
  st_timeline_view_get_viewport (self, &vp);
  fill_overlay (self, &o);
  if (index == G_MAXUINT || !st_timeline_renderer_region_tab (self->renderer, &vp, &o, index, &r))
    return FALSE;
  graphene_rect_init (bounds, r.x, r.y, r.width, r.height);
  return TRUE;
}

/* Where W/S zoom around: the pointer when it is over the tracks. */
static gint64
zoom_anchor (StTimelineView *self)
{
  StViewport vp;

  st_timeline_view_get_viewport (self, &vp);
  if (self->pointer_inside && self->pointer_x >= vp.gutter)
    return st_viewport_time_at (&vp, self->pointer_x);
  return (vp.start + vp.end) / 2;
}

/* Tests have no real pointer: they put it here. */
void
st_timeline_view_set_pointer (StTimelineView *self, double x, double y)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
}

static void
scroll_to_row (StTimelineView *self, guint track, guint row)
{
  int    y = st_timeline_layout_row_y (self->layout, track, row);
  double top = gtk_adjustment_get_value (self->vadjustment), page = area_height (self);

  if (y < 0)
    return;
  if (y < top || y + ST_LAYOUT_ROW_HEIGHT > top + page)
    gtk_adjustment_set_value (self->vadjustment, y - page / 2);
}

static void
on_reveal (StSession *session, guint track, guint index, guint kind, StTimelineView *self)
{
  StTrace       *trace = st_session_get_trace (session);
  const StTrack *t = st_trace_get_track (trace, track);
  guint          row = kind == ST_EVENT_SLICE ? t->slices[index].depth : MAX (1, t->n_rows);

  scroll_to_row (self, track, t->kind == ST_TRACK_INSTANTS ? 0 : row);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Actions. */

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
  st_session_zoom (self->session, factor, zoom_anchor (self));
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
  switch (keycode)
    {
    case KEYCODE_W: action = "timeline.zoom-in"; break;
    case KEYCODE_S: action = "timeline.zoom-out"; break;
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
  StEventRef ref;
  gboolean   has = st_timeline_view_event_at (self, x, y, &ref);
  gboolean   over_tab = st_timeline_view_region_at (self, x, y) != NULL;

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
}

static void
on_leave (GtkEventControllerMotion *controller, StTimelineView *self)
{
  self->pointer_inside = FALSE;
  if (self->has_hover)
    {
      self->has_hover = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
on_query_tooltip (GtkWidget      *widget,
                  int             x,
                  int             y,
                  gboolean        keyboard,
                  GtkTooltip     *tooltip,
                  StTimelineView *self)
{
  StTrace         *trace;
  StEventRef       ref;
  StRegion        *region;
  g_autofree char *dur = NULL, *markup = NULL;

  if (keyboard)
    return FALSE;
  if ((region = st_timeline_view_region_at (self, x, y)) != NULL)
    {
      dur = st_format_duration (st_region_get_duration (region));
      markup = g_markup_printf_escaped (
          _ ("<b>%s</b>\n%s, %s\nClick to select, double-click to zoom to it"),
          st_region_get_name (region), dur,
          st_region_method_get_label (st_region_get_method (region)));
      gtk_tooltip_set_markup (tooltip, markup);
      return TRUE;
    }
  if (!st_timeline_view_event_at (self, x, y, &ref))
    return FALSE;
  trace = st_session_get_trace (self->session);
  dur = st_format_duration (st_event_get_duration (trace, ref));
  markup = g_markup_printf_escaped ("<b>%s</b>\n%s",
                                    st_trace_get_string (trace, st_event_get_name (trace, ref)),
                                    ref.kind == ST_EVENT_SLICE ? dur : _ ("instant"));
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* A click on a section header (anywhere on its band) opens or closes it. */
static gboolean
toggle_section_at (StTimelineView *self, double y)
{
  StViewport    vp;
  gint          band;
  const StBand *b;

  st_timeline_view_get_viewport (self, &vp);
  if (y < ST_RULER_HEIGHT)
    return FALSE;
  band = st_timeline_layout_band_at (self->layout, (int)st_viewport_content_y (&vp, y));
  if (band < 0)
    return FALSE;
  b = st_timeline_layout_get_band (self->layout, band);
  if (b->kind != ST_BAND_SECTION)
    return FALSE;
  st_session_toggle_section (self->session, b->process);
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
  StEventRef ref;
  StRegion  *region;

  g_return_if_fail (ST_IS_TIMELINE_VIEW (self));
  if (self->session == NULL)
    return;
  if ((region = st_timeline_view_region_at (self, x, y)) != NULL)
    {
      st_session_set_selected_region (self->session, region);
      if (n_press == 2)
        st_session_zoom_to_region (self->session, region);
      return;
    }
  if (toggle_section_at (self, y))
    return;
  if (!st_timeline_view_event_at (self, x, y, &ref))
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
  guint a = t->row_offsets[row], b = t->row_offsets[row + 1], hi = b;

  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (t->slices[mid].start + t->slices[mid].dur < t0)
        a = mid + 1;
      else
        b = mid;
    }
  for (guint i = a; i < hi && t->slices[i].start <= t1; i++)
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

  st_timeline_view_get_viewport (self, &vp);
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
start_pan (StTimelineView *self)
{
  gint64 end;

  self->dragging_pan = TRUE;
  st_session_get_range (self->session, &self->pan_start, &end);
  self->pan_scroll = gtk_adjustment_get_value (self->vadjustment);
}

static void
pan_by (StTimelineView *self, double dx, double dy)
{
  StViewport vp;
  gint64     start, end;

  st_timeline_view_get_viewport (self, &vp);
  st_session_get_range (self->session, &start, &end);
  st_session_set_range (self->session, self->pan_start - (gint64)(dx * ns_per_px (&vp)),
                        self->pan_start - (gint64)(dx * ns_per_px (&vp)) + (end - start));
  gtk_adjustment_set_value (self->vadjustment, self->pan_scroll - dy);
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, StTimelineView *self)
{
  StViewport vp;

  st_timeline_view_get_viewport (self, &vp);
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
        start_pan (self);
      pan_by (self, dx, dy);
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
  gint64             t0, t1;

  st_timeline_view_get_viewport (self, &vp);
  t0 = st_viewport_time_at (&vp, MIN (self->drag_x0, self->drag_x1));
  t1 = st_viewport_time_at (&vp, MAX (self->drag_x0, self->drag_x1));
  switch (self->drag)
    {
    case ST_DRAG_BOX:
      refs = events_in_box (self, self->drag_x0, self->drag_y0, self->drag_x1, self->drag_y1);
      st_session_select_many (self->session, refs,
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
      start_pan (self);
      pan_by (self, x1 - x0, y1 - y0);
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
    start_pan (self);
}

static void
on_middle_update (GtkGestureDrag *gesture, double dx, double dy, StTimelineView *self)
{
  if (self->dragging_pan)
    pan_by (self, dx, dy);
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
    st_session_zoom (self->session, pow (1.2, dy), zoom_anchor (self));
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

/* The session. */

static void
on_range_changed (StSession *session, GParamSpec *pspec, StTimelineView *self)
{
  update_hadjustment (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_redraw (StTimelineView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_regions_changed (StTimelineView *self)
{
  self->bands_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_hadjustment_changed (GtkAdjustment *adjustment, StTimelineView *self)
{
  gint64 start, end;

  if (self->syncing || self->session == NULL)
    return;
  st_session_get_range (self->session, &start, &end);
  st_session_set_range (self->session, (gint64)gtk_adjustment_get_value (adjustment),
                        (gint64)gtk_adjustment_get_value (adjustment) + (end - start));
}

StSession *
st_timeline_view_get_session (StTimelineView *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), NULL);
  return self->session;
}

static void
disconnect_session (StTimelineView *self)
{
  if (self->session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->session, self);
  g_signal_handlers_disconnect_by_data (st_session_get_regions (self->session), self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->renderer, st_timeline_renderer_free);
  g_clear_pointer (&self->layout, st_timeline_layout_free);
}

void
st_timeline_view_set_session (StTimelineView *self, StSession *session)
{
  g_return_if_fail (ST_IS_TIMELINE_VIEW (self));
  if (self->session == session)
    return;
  disconnect_session (self);
  self->has_hover = FALSE;
  if (session != NULL)
    {
      self->session = g_object_ref (session);
      self->renderer = st_timeline_renderer_new (st_session_get_trace (session));
      update_palette (self);
      update_font (self);
      g_signal_connect (session, "notify::start", G_CALLBACK (on_range_changed), self);
      g_signal_connect (session, "notify::end", G_CALLBACK (on_range_changed), self);
      g_signal_connect_swapped (session, "notify::show-flows", G_CALLBACK (on_redraw), self);
      g_signal_connect_swapped (session, "notify::find-current", G_CALLBACK (on_redraw), self);
      g_signal_connect_swapped (session, "selection-changed", G_CALLBACK (on_redraw), self);
      g_signal_connect_swapped (session, "marks-changed", G_CALLBACK (on_redraw), self);
      g_signal_connect_swapped (session, "layout-changed", G_CALLBACK (rebuild_layout), self);
      g_signal_connect (session, "reveal", G_CALLBACK (on_reveal), self);
      g_signal_connect_swapped (session, "notify::selected-region", G_CALLBACK (on_regions_changed),
                                self);
      g_signal_connect_swapped (st_session_get_regions (session), "items-changed",
                                G_CALLBACK (on_regions_changed), self);
      g_signal_connect_swapped (st_session_get_regions (session), "edited",
                                G_CALLBACK (on_regions_changed), self);
      self->bands_dirty = TRUE;
      rebuild_layout (self);
      update_hadjustment (self);
    }
  gtk_adjustment_set_value (self->vadjustment, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GtkAdjustment *
st_timeline_view_get_vadjustment (StTimelineView *self)
{
  return self->vadjustment;
}

GtkAdjustment *
st_timeline_view_get_hadjustment (StTimelineView *self)
{
  return self->hadjustment;
}

static void
st_timeline_view_dispose (GObject *object)
{
  StTimelineView *self = ST_TIMELINE_VIEW (object);

  disconnect_session (self);
  g_clear_pointer (&self->bands, g_array_unref);
  g_clear_object (&self->vadjustment);
  g_clear_object (&self->hadjustment);
  G_OBJECT_CLASS (st_timeline_view_parent_class)->dispose (object);
}

static void
st_timeline_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StTimelineView *self = ST_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_timeline_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  StTimelineView *self = ST_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION: st_timeline_view_set_session (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_actions (GtkWidgetClass *widget_class)
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

static void
st_timeline_view_class_init (StTimelineViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_timeline_view_dispose;
  object_class->get_property = st_timeline_view_get_property;
  object_class->set_property = st_timeline_view_set_property;
  widget_class->snapshot = st_timeline_view_snapshot;
  widget_class->size_allocate = st_timeline_view_size_allocate;
  widget_class->css_changed = st_timeline_view_css_changed;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  install_actions (widget_class);
  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
add_controllers (StTimelineView *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *middle = gtk_gesture_drag_new ();

  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
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
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (middle));
}

static void
st_timeline_view_init (StTimelineView *self)
{
  self->bands = g_array_new (FALSE, FALSE, sizeof (StOverlayRegion));
  self->vadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  self->hadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (gtk_widget_queue_draw),
                            self);
  g_signal_connect (self->hadjustment, "value-changed", G_CALLBACK (on_hadjustment_changed), self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  add_controllers (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_palette), self, G_CONNECT_SWAPPED);
}

GtkWidget *
st_timeline_view_new (void)
{
  return g_object_new (ST_TYPE_TIMELINE_VIEW, NULL);
}
