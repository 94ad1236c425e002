/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-timeline-view.h"

#include "st-timeline-view-private.h"
#include "st-trace-query.h"

#include <adwaita.h>

#define PICK_SLOP_PX 3.0

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

/* The bands of the session's tracks as arranged: pinned first, hidden
 * ones left out, the others in their sections, each stream's queue
 * length under it once it is made. */
void
_st_timeline_view_rebuild_layout (StTimelineView *self)
{
  g_autoptr (GArray)  visible = NULL;
  g_autofree guint   *sections = NULL;
  StTrackArrangement *tracks;
  StTrackPlan         plan = { 0 };

  G_STATIC_ASSERT (ST_TRACK_SECTION_COMPUTE == ST_LAYOUT_COMPUTE);
  G_STATIC_ASSERT (ST_TRACK_SECTION_COMMUNICATION == ST_LAYOUT_COMMUNICATION);
  G_STATIC_ASSERT (ST_TRACK_SECTION_DEVICE == ST_LAYOUT_DEVICE);
  g_clear_pointer (&self->layout, st_timeline_layout_free);
  if (self->session == NULL)
    return;
  tracks = st_session_get_track_arrangement (self->session);
  visible = st_track_arrangement_dup_visible (tracks, &plan.n_pinned);
  sections = g_new (guint, MAX (1, visible->len));
  for (guint k = 0; k < visible->len; k++)
    sections[k] = st_track_arrangement_get_section (tracks, g_array_index (visible, guint, k));
  plan.tracks = (const guint *)visible->data;
  plan.sections = sections;
  plan.n_tracks = visible->len;
  plan.queues = _st_timeline_view_get_queues (self);
  plan.query_rows = _st_timeline_view_query_rows (self);
  self->layout = st_timeline_layout_new_planned (st_session_get_trace (self->session),
                                                 st_session_get_collapsed (self->session), &plan);
  st_timeline_renderer_set_layout (self->renderer, self->layout);
  _st_timeline_view_update_vadjustment (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The picture's geometry now. */
void
_st_timeline_view_get_viewport (StTimelineView *self, StViewport *vp)
{
  gint64 start = 0, end = 1;

  if (self->session != NULL)
    st_session_get_range (self->session, &start, &end);
  vp->start = start;
  vp->end = end;
  vp->width = gtk_widget_get_width (GTK_WIDGET (self));
  vp->height = gtk_widget_get_height (GTK_WIDGET (self));
  vp->gutter = MIN (ST_TIMELINE_VIEW_GUTTER_WIDTH, vp->width / 3);
  vp->scroll_y = gtk_adjustment_get_value (self->vadjustment);
}

/* The region bands as the overlay wants them, rebuilt after every change
 * of the regions or of the selected one. */
static void
update_bands (StTimelineView *self)
{
  StRegionSet   *set = st_session_get_regions (self->session);
  StRegionArray *regions = st_region_set_get_array (set);
  StRegion      *selected = st_session_get_selected_region (self->session);
  guint          n = st_region_array_get_length (regions);
  guint          chosen = selected != NULL ? st_region_set_find (set, selected) : G_MAXUINT;

  if (!self->bands_dirty)
    return;
  g_array_set_size (self->bands, n);
  for (guint i = 0; i < n; i++)
    g_array_index (self->bands, StOverlayRegion, i)
        = (StOverlayRegion){ st_region_array_get_start (regions, i),
                             st_region_array_get_end (regions, i),
                             st_region_array_get_base_name (regions, i), i == chosen,
                             st_region_array_get_number (regions, i) };
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
  o->matches = st_session_get_find_results (self->session);
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
  _st_timeline_view_fill_query_overlay (self, o);
}

/* The timeline is drawn into an image of its own and handed over as a
 * texture. Drawn through gtk_snapshot_append_cairo (), it would go to a
 * recording surface that cairo replays later, and there tens of thousands
 * of slice rectangles take cairo's general path (overlap removal per fill)
 * instead of the renderer's direct write of whole pixels into an image. */
static GdkTexture *
texture_for (cairo_surface_t *surface)
{
  int     stride = cairo_image_surface_get_stride (surface);
  int     height = cairo_image_surface_get_height (surface);
  GBytes *bytes;

  cairo_surface_flush (surface);
  bytes
      = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), (gsize)stride * height,
                                    (GDestroyNotify)cairo_surface_destroy, surface);
  return gdk_memory_texture_new (cairo_image_surface_get_width (surface), height,
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

static void
st_timeline_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  StTimelineView        *self = ST_TIMELINE_VIEW (widget);
  int                    w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  int                    scale = gtk_widget_get_scale_factor (widget);
  g_autoptr (GdkTexture) texture = NULL;
  cairo_surface_t       *surface;
  StViewport             vp;
  StOverlay              overlay;
  cairo_t               *cr;

  if (self->session == NULL || self->layout == NULL || w <= 0 || h <= 0)
    return;
  _st_timeline_view_get_viewport (self, &vp);
  fill_overlay (self, &overlay);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * scale, h * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  st_timeline_renderer_draw (self->renderer, cr, &vp);
  st_timeline_renderer_draw_overlay (self->renderer, cr, &vp, &overlay);
  cairo_destroy (cr);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return;
    }
  texture = texture_for (surface);
  gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (0, 0, w, h));
}

static void
st_timeline_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);
  double          keep = height - ST_LAYOUT_COUNTER_HEIGHT;

  _st_timeline_view_update_vadjustment (self);
  /* the details pane came up under the view (a selection): what the
   * pointer chose stays in view, just above the new bottom edge */
  if (self->pointer_inside && height < self->last_height && self->pointer_y > keep)
    gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment)
                                                     + self->pointer_y - keep);
  self->last_height = height;
  _st_timeline_view_reveal_pending (self);
  if (self->track_menu != NULL)
    gtk_popover_present (self->track_menu);
  if (self->slice_menu != NULL)
    gtk_popover_present (self->slice_menu);
  if (self->query_menu != NULL)
    gtk_popover_present (self->query_menu);
}

/* Hit testing. */

double
_st_timeline_view_ns_per_px (const StViewport *vp)
{
  return (double)(vp->end - vp->start) / st_viewport_track_width (vp);
}

/* The event drawn under (@x, @y), if any (thin ones within a few pixels). */
gboolean
_st_timeline_view_event_at (StTimelineView *self, double x, double y, StEventRef *out)
{
  StTrace       *trace;
  StViewport     vp;
  guint          track, row;
  gint64         t, slop;
  const StTrack *tr;
  StSliceRef     slice;

  if (self->session == NULL || self->layout == NULL)
    return FALSE;
  _st_timeline_view_get_viewport (self, &vp);
  if (x < vp.gutter || y < ST_RULER_HEIGHT
      || st_timeline_renderer_section_at (self->renderer, &vp, y) >= 0
      || !st_timeline_layout_row_at (self->layout, (int)st_viewport_content_y (&vp, y), &track,
                                     &row))
    return FALSE;
  trace = st_session_get_trace (self->session);
  tr = st_trace_get_track (trace, track);
  t = st_viewport_time_at (&vp, x);
  slop = (gint64)(PICK_SLOP_PX * _st_timeline_view_ns_per_px (&vp));
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

/* The region whose tab (its name, under the ruler) is at (@x, @y), or
 * NULL. */
StRegion *
_st_timeline_view_region_at (StTimelineView *self, double x, double y)
{
  StViewport vp;
  StOverlay  o;
  gint       index;

  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), NULL);
  if (self->session == NULL || self->renderer == NULL)
    return NULL;
  _st_timeline_view_get_viewport (self, &vp);
  fill_overlay (self, &o);
  index = st_timeline_renderer_region_at (self->renderer, &vp, &o, x, y);
  return index >= 0
             ? g_list_model_get_item (G_LIST_MODEL (st_session_get_regions (self->session)), index)
             : NULL;
}

/* The session. */

static void
on_range_changed (StSession *session, GParamSpec *pspec, StTimelineView *self)
{
  _st_timeline_view_update_hadjustment (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_redraw (StTimelineView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_found (StTimelineView *self)
{
  st_timeline_renderer_set_matches (self->renderer, st_session_get_find_results (self->session));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_regions_changed (StTimelineView *self)
{
  self->bands_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

StSession *
st_timeline_view_get_session (StTimelineView *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), NULL);
  return self->session;
}

void
st_timeline_view_set_session (StTimelineView *self, StSession *session)
{
  g_return_if_fail (ST_IS_TIMELINE_VIEW (self));
  if (self->session == session)
    return;
  g_clear_pointer (&self->renderer, st_timeline_renderer_free);
  g_clear_pointer (&self->layout, st_timeline_layout_free);
  _st_timeline_view_drop_queues (self);
  g_set_object (&self->session, session);
  self->has_hover = FALSE;
  self->reveal_pending = FALSE;
  if (session != NULL)
    {
      self->renderer = st_timeline_renderer_new (st_session_get_trace (session));
      st_timeline_renderer_set_matches (self->renderer, st_session_get_find_results (session));
      _st_timeline_view_sync_query (self);
      update_palette (self);
      update_font (self);
    }
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->region_signals,
                             session ? st_session_get_regions (session) : NULL);
  g_signal_group_set_target (self->track_signals,
                             session ? st_session_get_track_arrangement (session) : NULL);
  g_signal_group_set_target (self->query_signals,
                             session ? st_session_get_query_track (session) : NULL);
  if (session != NULL)
    {
      self->bands_dirty = TRUE;
      _st_timeline_view_rebuild_layout (self);
      _st_timeline_view_update_hadjustment (self);
      _st_timeline_view_ensure_queues (self);
    }
  gtk_adjustment_set_value (self->vadjustment, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
st_timeline_view_dispose (GObject *object)
{
  StTimelineView *self = ST_TIMELINE_VIEW (object);

  _st_timeline_view_drop_queues (self);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->region_signals);
  g_clear_object (&self->track_signals);
  g_clear_object (&self->query_signals);
  g_clear_pointer ((GtkWidget **)&self->track_menu, gtk_widget_unparent);
  g_clear_pointer ((GtkWidget **)&self->query_menu, gtk_widget_unparent);
  g_clear_pointer ((GtkWidget **)&self->slice_menu, gtk_widget_unparent);
  g_clear_object (&self->session);
  g_clear_pointer (&self->renderer, st_timeline_renderer_free);
  g_clear_pointer (&self->layout, st_timeline_layout_free);
  g_clear_pointer (&self->bands, g_array_unref);
  g_clear_object (&self->vadjustment);
  g_clear_object (&self->hadjustment);
  G_OBJECT_CLASS (st_timeline_view_parent_class)->dispose (object);
}

static void
st_timeline_view_finalize (GObject *object)
{
  g_object_unref (ST_TIMELINE_VIEW (object)->queues_job);
  G_OBJECT_CLASS (st_timeline_view_parent_class)->finalize (object);
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

/* What the view follows on its session and the session's regions. */
static void
follow_session (StTimelineView *self)
{
  GSignalGroup *s = g_signal_group_new (ST_TYPE_SESSION);
  GSignalGroup *r = g_signal_group_new (ST_TYPE_REGION_SET);
  GSignalGroup *t = g_signal_group_new (ST_TYPE_TRACK_ARRANGEMENT);

  g_signal_group_connect (s, "notify::start", G_CALLBACK (on_range_changed), self);
  g_signal_group_connect (s, "notify::end", G_CALLBACK (on_range_changed), self);
  g_signal_group_connect_swapped (s, "notify::show-flows", G_CALLBACK (on_redraw), self);
  g_signal_group_connect_swapped (s, "notify::find-current", G_CALLBACK (on_redraw), self);
  g_signal_group_connect_swapped (s, "notify::n-found", G_CALLBACK (on_found), self);
  g_signal_group_connect_swapped (s, "selection-changed", G_CALLBACK (on_redraw), self);
  g_signal_group_connect_swapped (s, "marks-changed", G_CALLBACK (on_redraw), self);
  g_signal_group_connect_swapped (s, "layout-changed",
                                  G_CALLBACK (_st_timeline_view_rebuild_layout), self);
  g_signal_group_connect (s, "reveal", G_CALLBACK (_st_timeline_view_reveal), self);
  g_signal_group_connect_swapped (s, "notify::selected-region", G_CALLBACK (on_regions_changed),
                                  self);
  g_signal_group_connect_swapped (r, "items-changed", G_CALLBACK (on_regions_changed), self);
  g_signal_group_connect_swapped (r, "edited", G_CALLBACK (on_regions_changed), self);
  g_signal_group_connect_swapped (t, "changed", G_CALLBACK (_st_timeline_view_rebuild_layout),
                                  self);
  self->session_signals = s;
  self->region_signals = r;
  self->track_signals = t;
  self->query_signals = _st_timeline_view_follow_query (self);
}

/* Shown for the first time: the queue lengths are worth making now. */
static void
st_timeline_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (st_timeline_view_parent_class)->map (widget);
  _st_timeline_view_ensure_queues (ST_TIMELINE_VIEW (widget));
}

static void
st_timeline_view_class_init (StTimelineViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_timeline_view_dispose;
  object_class->finalize = st_timeline_view_finalize;
  object_class->get_property = st_timeline_view_get_property;
  object_class->set_property = st_timeline_view_set_property;
  widget_class->snapshot = st_timeline_view_snapshot;
  widget_class->size_allocate = st_timeline_view_size_allocate;
  widget_class->css_changed = st_timeline_view_css_changed;
  widget_class->map = st_timeline_view_map;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _st_timeline_view_install_actions (widget_class);
  _st_timeline_view_install_track_actions (widget_class);
  _st_timeline_view_install_query_actions (widget_class);
  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_timeline_view_init (StTimelineView *self)
{
  self->bands = g_array_new (FALSE, FALSE, sizeof (StOverlayRegion));
  self->queues_job = st_job_new (self);
  _st_timeline_view_init_adjustments (self);
  follow_session (self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  _st_timeline_view_add_controllers (self);
  _st_timeline_view_add_track_menu (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_palette), self, G_CONNECT_SWAPPED);
}

GtkWidget *
st_timeline_view_new (void)
{
  return g_object_new (ST_TYPE_TIMELINE_VIEW, NULL);
}
