/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-format.h"
#include "st-sort.h"
#include "st-time-ruler.h"
#include "st-timeline-overlay.h"
#include "st-trace-query.h"

#include <math.h>
#include <pango/pangocairo.h>

/* Band fills: alternate regions a little apart, so regions that touch
 * read as two; the selected one stronger. */
#define REGION_FILL_EVEN     0.05
#define REGION_FILL_ODD      0.10
#define REGION_FILL_SELECTED 0.15
#define REGION_EDGE          0.45
#define REGION_TAB_TINT      0.22
#define TAB_PADDING          4.0

typedef struct
{
  guint  index;
  double x, y, w, h;
} Tab;

static void
set_color (cairo_t *cr, const StColor *c, double alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static double
tab_height (StTimelineRenderer *self)
{
  return st_label_cache_get_line_height (st_timeline_renderer_get_region_labels (self)) + 4;
}

/* The visible part of a region's band in picture x, whole pixels; FALSE
 * when none of it shows. */
static gboolean
band_extent (const StViewport *vp, const StOverlayRegion *r, double *x0, double *x1)
{
  *x0 = round (st_viewport_x_at (vp, r->start));
  *x1 = round (st_viewport_x_at (vp, r->end));
  return *x1 >= vp->gutter && *x0 <= vp->width;
}

/* Where the visible regions' tabs go: from the band's visible left edge
 * across its visible width, in the first lane where no earlier tab is;
 * nested regions stack, narrow ones go without. */
static GArray *
layout_tabs (StTimelineRenderer *self, const StViewport *vp, const StOverlay *o)
{
  GArray *tabs = g_array_new (FALSE, FALSE, sizeof (Tab));
  double  lane_end[ST_OVERLAY_TAB_LANES];
  double  h = tab_height (self);

  for (guint lane = 0; lane < ST_OVERLAY_TAB_LANES; lane++)
    lane_end[lane] = -G_MAXDOUBLE;
  for (guint i = 0; i < o->n_regions; i++)
    {
      double x0, x1;

      if (!band_extent (vp, &o->regions[i], &x0, &x1))
        continue;
      x0 = MAX (x0, vp->gutter);
      x1 = MIN (x1, vp->width);
      if (x1 - x0 < ST_OVERLAY_TAB_MIN_WIDTH)
        continue;
      for (guint lane = 0; lane < ST_OVERLAY_TAB_LANES; lane++)
        if (lane_end[lane] <= x0)
          {
            Tab tab = { i, x0, ST_RULER_HEIGHT + lane * h, x1 - x0, h - 1 };

            g_array_append_val (tabs, tab);
            lane_end[lane] = x1;
            break;
          }
    }
  return tabs;
}

/* The region whose tab is under (@x, @y), or -1. */
gint
st_timeline_renderer_region_at (StTimelineRenderer *self,
                                const StViewport   *vp,
                                const StOverlay    *o,
                                double              x,
                                double              y)
{
  g_autoptr (GArray) tabs = layout_tabs (self, vp, o);

  for (guint i = 0; i < tabs->len; i++)
    {
      const Tab *t = &g_array_index (tabs, Tab, i);
      if (x >= t->x && x < t->x + t->w && y >= t->y && y < t->y + t->h)
        return t->index;
    }
  return -1;
}

/* Where the tab of region @index is drawn; FALSE when it has none. */
gboolean
st_timeline_renderer_region_tab (StTimelineRenderer *self,
                                 const StViewport   *vp,
                                 const StOverlay    *o,
                                 guint               index,
                                 cairo_rectangle_t  *rect)
{
  g_autoptr (GArray) tabs = layout_tabs (self, vp, o);

  for (guint i = 0; i < tabs->len; i++)
    {
      const Tab *t = &g_array_index (tabs, Tab, i);
      if (t->index == index)
        {
          *rect = (cairo_rectangle_t){ t->x, t->y, t->w, t->h };
          return TRUE;
        }
    }
  return FALSE;
}

/* A key for the label cache: the name's hash and length, so a renamed
 * region gets a new layout. */
static guint64
name_key (const char *name)
{
  return ((guint64)MIN (strlen (name), 0x7fff) << 32) | g_str_hash (name);
}

/* Bands in one path per strength, so thousands of thin regions are three
 * fills and overlapping ones of a kind do not darken each other. */
static void
draw_bands (cairo_t *cr, const StViewport *vp, const StPalette *p, const StOverlay *o)
{
  static const double fills[] = { REGION_FILL_EVEN, REGION_FILL_ODD, REGION_FILL_SELECTED };

  for (guint kind = 0; kind < G_N_ELEMENTS (fills); kind++)
    {
      for (guint i = 0; i < o->n_regions; i++)
        {
          const StOverlayRegion *r = &o->regions[i];
          guint                  k = r->selected ? 2 : i % 2;
          double                 x0, x1;

          if (k == kind && band_extent (vp, r, &x0, &x1))
            cairo_rectangle (cr, x0, ST_RULER_HEIGHT, MAX (1, x1 - x0),
                             vp->height - ST_RULER_HEIGHT);
        }
      set_color (cr, &p->region, fills[kind]);
      cairo_fill (cr);
    }
  for (guint selected = 0; selected < 2; selected++)
    {
      for (guint i = 0; i < o->n_regions; i++)
        {
          const StOverlayRegion *r = &o->regions[i];
          double                 x0, x1;

          if ((guint) !!r->selected != selected || !band_extent (vp, r, &x0, &x1)
              || (!selected && x1 - x0 < ST_OVERLAY_EDGE_MIN_WIDTH))
            continue;
          cairo_rectangle (cr, x0, ST_RULER_HEIGHT, 1, vp->height - ST_RULER_HEIGHT);
          cairo_rectangle (cr, MAX (x0, x1 - 1), ST_RULER_HEIGHT, 1, vp->height - ST_RULER_HEIGHT);
        }
      set_color (cr, &p->region, selected ? 1.0 : REGION_EDGE);
      cairo_fill (cr);
    }
}

/* The tabs: the name on a tint of the region's colour over the
 * background, the selected one solid. */
static void
draw_tabs (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp, const StOverlay *o)
{
  const StPalette   *p = st_timeline_renderer_get_palette (self);
  StLabelCache      *labels = st_timeline_renderer_get_region_labels (self);
  g_autoptr (GArray) tabs = layout_tabs (self, vp, o);

  for (guint i = 0; i < tabs->len; i++)
    {
      const Tab             *t = &g_array_index (tabs, Tab, i);
      const StOverlayRegion *r = &o->regions[t->index];
      g_autofree char       *numbered = NULL;
      const char            *name = r->name;

      cairo_rectangle (cr, t->x, t->y, t->w, t->h);
      if (r->selected)
        {
          set_color (cr, &p->region, 1.0);
          cairo_fill (cr);
          set_color (cr, st_palette_text_on (p, &p->region), 1.0);
        }
      else
        {
          set_color (cr, &p->background, 1.0);
          cairo_fill_preserve (cr);
          set_color (cr, &p->region, REGION_TAB_TINT);
          cairo_fill (cr);
          set_color (cr, &p->region, 1.0);
          cairo_rectangle (cr, t->x, t->y, 1, t->h);
          cairo_fill (cr);
          set_color (cr, &p->foreground, 1.0);
        }
      cairo_save (cr);
      cairo_rectangle (cr, t->x, t->y, t->w, t->h);
      cairo_clip (cr);
      if (r->number != 0)
        name = numbered = g_strdup_printf ("%s (%u)", r->name, r->number);
      st_label_cache_draw (labels, cr, name_key (name), name, t->x + TAB_PADDING, t->y + t->h / 2.0,
                           t->w - 2 * TAB_PADDING);
      cairo_restore (cr);
    }
}

static void
draw_span (cairo_t          *cr,
           const StViewport *vp,
           const StColor    *color,
           gint64            start,
           gint64            end,
           double            fill)
{
  double x0 = st_viewport_x_at (vp, start), x1 = st_viewport_x_at (vp, end);

  set_color (cr, color, fill);
  cairo_rectangle (cr, x0, ST_RULER_HEIGHT, MAX (1, x1 - x0), vp->height - ST_RULER_HEIGHT);
  cairo_fill (cr);
  set_color (cr, color, 1.0);
  cairo_rectangle (cr, floor (x0), 0, 1, vp->height);
  cairo_rectangle (cr, floor (x1), 0, 1, vp->height);
  cairo_fill (cr);
}

/* How far down a label over [@x0, @x1) goes so that it covers neither
 * the ruler's tick labels nor the region tabs under the ruler. */
static double
below_tabs (StTimelineRenderer *self,
            const StViewport   *vp,
            const StOverlay    *o,
            double              x0,
            double              x1)
{
  g_autoptr (GArray) tabs = layout_tabs (self, vp, o);
  double             y = ST_RULER_HEIGHT + 2;

  for (guint i = 0; i < tabs->len; i++)
    {
      const Tab *t = &g_array_index (tabs, Tab, i);

      if (t->x < x1 && t->x + t->w > x0)
        y = MAX (y, t->y + t->h + 2);
    }
  return y;
}

/* A range's duration, between its two lines on @background, just under
 * the ruler (and the region tabs there), so that the ruler's ticks still
 * read. */
static void
draw_duration (StTimelineRenderer *self,
               cairo_t            *cr,
               const StViewport   *vp,
               const StOverlay    *o,
               const StColor      *background,
               gint64              start,
               gint64              end)
{
  const StPalette *p = st_timeline_renderer_get_palette (self);
  double           mid = (st_viewport_x_at (vp, start) + st_viewport_x_at (vp, end)) / 2;
  g_autofree char *text = st_format_duration (end - start);
  PangoLayout     *layout = st_timeline_renderer_create_layout (self, text);
  int              w, h;
  double           y;

  pango_layout_get_pixel_size (layout, &w, &h);
  y = below_tabs (self, vp, o, mid - w / 2.0 - 4, mid + w / 2.0 + 4);
  set_color (cr, background, 1.0);
  cairo_rectangle (cr, mid - w / 2.0 - 4, y, w + 8, h + 2);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, p->dark ? 0 : 1, p->dark ? 0 : 1, p->dark ? 0 : 1);
  cairo_move_to (cr, mid - w / 2.0, y + 1);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The timing tool's measurement: a faint span and its duration. */
static void
draw_timing (StTimelineRenderer *self,
             cairo_t            *cr,
             const StViewport   *vp,
             const StOverlay    *o,
             gint64              start,
             gint64              end)
{
  const StPalette *p = st_timeline_renderer_get_palette (self);

  draw_span (cr, vp, &p->timing, start, end, 0.08);
  draw_duration (self, cr, vp, o, &p->timing, start, end);
}

static void
outline_rect (cairo_t *cr, const StViewport *vp, cairo_rectangle_t r, double width)
{
  if (r.x + r.width < vp->gutter || r.x > vp->width || r.y + r.height < ST_RULER_HEIGHT
      || r.y > vp->height)
    return;
  cairo_rectangle (cr, r.x - width / 2, r.y - width / 2, r.width + width, r.height + width);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

static void
outline (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp, StEventRef ref, double width)
{
  cairo_rectangle_t r;

  if (st_timeline_renderer_event_rect (self, vp, ref, &r))
    outline_rect (cr, vp, r, width);
}

/* The selected span of the query's result track (@width 2) or the hovered
 * one (1). */
static void
outline_span (StTimelineRenderer *self,
              cairo_t            *cr,
              const StViewport   *vp,
              guint               index,
              double              width)
{
  cairo_rectangle_t r;

  if (st_timeline_renderer_span_rect (self, vp, index, &r))
    outline_rect (cr, vp, r, width);
}

typedef enum
{
  MATCH_OUTLINE,   /* the slice and half a pixel around it */
  MATCH_TINT,      /* the slice */
  MATCH_UNDERLINE, /* a bar 3 px tall along its bottom, 1 px wide at least */
} MatchShape;

/* Adds to the path a @shape for each match in view. Matches come by start:
 * the walk stops at the first one that starts after the view. */
static void
add_matches (StTimelineRenderer *self,
             cairo_t            *cr,
             const StViewport   *vp,
             GArray             *matches,
             MatchShape          shape)
{
  StTrace *trace = st_timeline_renderer_get_trace (self);
  guint    drawn = 0;

  for (guint i = 0; i < matches->len && drawn < ST_OVERLAY_MAX_MATCHES; i++)
    {
      StEventRef        ref = g_array_index (matches, StEventRef, i);
      gint64            start = st_event_get_start (trace, ref);
      cairo_rectangle_t r;

      if (start > vp->end)
        break;
      if (start + st_event_get_duration (trace, ref) < vp->start
          || !st_timeline_renderer_event_rect (self, vp, ref, &r) || r.x + r.width < vp->gutter
          || r.y + r.height < ST_RULER_HEIGHT || r.y > vp->height)
        continue;
      if (shape == MATCH_OUTLINE)
        cairo_rectangle (cr, r.x - 0.5, r.y - 0.5, r.width + 1, r.height + 1);
      else if (shape == MATCH_TINT)
        cairo_rectangle (cr, r.x, r.y, r.width, r.height);
      else
        cairo_rectangle (cr, floor (r.x), r.y + r.height - 3, MAX (1, round (r.width)), 3);
      drawn++;
    }
}

/* Every find match in view: a tint and a thin line around it, so the
 * matches read among their neighbours; the current one is outlined
 * stronger by the caller. The slices of a query's rows, often thousands
 * side by side, are @underlined instead: a faint tint and a bar of the
 * accent along their bottom, so that the slices' own colours still read
 * under them. */
static void
draw_matches (StTimelineRenderer *self,
              cairo_t            *cr,
              const StViewport   *vp,
              GArray             *matches,
              gboolean            underlined)
{
  const StPalette *p = st_timeline_renderer_get_palette (self);

  cairo_new_path (cr);
  add_matches (self, cr, vp, matches, underlined ? MATCH_TINT : MATCH_OUTLINE);
  set_color (cr, &p->accent, underlined ? 0.15 : 0.25);
  if (underlined)
    {
      cairo_fill (cr);
      add_matches (self, cr, vp, matches, MATCH_UNDERLINE);
      set_color (cr, &p->accent, 1.0);
      cairo_fill (cr);
      return;
    }
  cairo_fill_preserve (cr);
  set_color (cr, &p->accent, 0.9);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

/* An arrow from the start of one slice to the start of the other. */
static void
draw_flow (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp, const StFlow *flow)
{
  cairo_rectangle_t a, b;
  double            x0, y0, x1, y1, dx;

  if (!st_timeline_renderer_event_rect (self, vp, st_event_ref_for_slice (flow->from), &a)
      || !st_timeline_renderer_event_rect (self, vp, st_event_ref_for_slice (flow->to), &b))
    return;
  x0 = a.x;
  y0 = a.y + a.height / 2;
  x1 = b.x;
  y1 = b.y + b.height / 2;
  dx = MAX (20, fabs (x1 - x0) / 3);
  cairo_move_to (cr, x0, y0);
  cairo_curve_to (cr, x0 + dx, y0, x1 - dx, y1, x1, y1);
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - 7, y1 - 4);
  cairo_line_to (cr, x1 - 7, y1 + 4);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_selection_flows (StTimelineRenderer *self,
                      cairo_t            *cr,
                      const StViewport   *vp,
                      StTrace            *trace,
                      GArray             *selection)
{
  gsize         n_all;
  const StFlow *flows = st_trace_get_flows (trace, &n_all);
  guint         drawn = 0;

  for (guint i = 0; i < selection->len && drawn < ST_OVERLAY_MAX_FLOWS; i++)
    {
      StEventRef ref = g_array_index (selection, StEventRef, i);
      StSliceRef slice = { ref.track, ref.index };
      for (int outgoing = 0; ref.kind == ST_EVENT_SLICE && outgoing < 2; outgoing++)
        {
          guint          n;
          const guint32 *f = st_trace_get_slice_flows (trace, slice, outgoing, &n);
          for (guint k = 0; k < n; k++, drawn++)
            draw_flow (self, cr, vp, &flows[f[k]]);
        }
    }
}

/* The flows to draw with "Flow events" on, at most ST_OVERLAY_MAX_FLOWS. */
guint
st_timeline_renderer_visible_flows (StTimelineRenderer *self, const StViewport *vp, GArray *out)
{
  StTrace *trace = st_timeline_renderer_get_trace (self);
  return st_trace_get_flows_in_range (trace, vp->start, vp->end, ST_OVERLAY_MAX_FLOWS, out);
}

static void
draw_all_flows (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp)
{
  StTrace           *trace = st_timeline_renderer_get_trace (self);
  g_autoptr (GArray) visible = g_array_new (FALSE, FALSE, sizeof (guint32));
  gsize              n;
  const StFlow      *flows = st_trace_get_flows (trace, &n);

  st_timeline_renderer_visible_flows (self, vp, visible);
  for (guint i = 0; i < visible->len; i++)
    draw_flow (self, cr, vp, &flows[g_array_index (visible, guint32, i)]);
}

static void
draw_drag (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp, const StOverlay *o)
{
  const StPalette *p = st_timeline_renderer_get_palette (self);
  double           x0 = MIN (o->drag_x0, o->drag_x1), x1 = MAX (o->drag_x0, o->drag_x1);
  double           y0 = MIN (o->drag_y0, o->drag_y1), y1 = MAX (o->drag_y0, o->drag_y1);

  if (o->drag == ST_DRAG_BOX)
    {
      set_color (cr, &p->accent, 0.15);
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_fill_preserve (cr);
      set_color (cr, &p->accent, 1.0);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  else if (o->drag == ST_DRAG_RANGE)
    draw_span (cr, vp, &p->accent, st_viewport_time_at (vp, x0), st_viewport_time_at (vp, x1),
               0.15);
  else if (o->drag == ST_DRAG_TIMING)
    draw_timing (self, cr, vp, o, st_viewport_time_at (vp, x0), st_viewport_time_at (vp, x1));
}

/* Draws what goes over the slices, clipped below the ruler except for the
 * lines of the timing measurement and the marked range. Region tabs go on
 * top of the rest, so their names always read; the durations go under
 * them. */
void
st_timeline_renderer_draw_overlay (StTimelineRenderer *self,
                                   cairo_t            *cr,
                                   const StViewport   *vp,
                                   const StOverlay    *o)
{
  const StPalette *p = st_timeline_renderer_get_palette (self);
  StTrace         *trace = st_timeline_renderer_get_trace (self);

  cairo_save (cr);
  cairo_rectangle (cr, vp->gutter, 0, vp->width - vp->gutter, vp->height);
  cairo_clip (cr);
  if (o->n_regions > 0)
    draw_bands (cr, vp, p, o);
  if (o->has_marked)
    {
      draw_span (cr, vp, &p->marked, o->marked_start, o->marked_end, 1.0);
      draw_duration (self, cr, vp, o, &p->accent, o->marked_start, o->marked_end);
    }
  if (o->has_timing && o->drag != ST_DRAG_TIMING)
    draw_timing (self, cr, vp, o, o->timing_start, o->timing_end);
  cairo_rectangle (cr, vp->gutter, ST_RULER_HEIGHT, vp->width - vp->gutter, vp->height);
  cairo_clip (cr);
  /* every visible flow faint, the selection's in the accent colour on top */
  set_color (cr, &p->flow, 0.5);
  cairo_set_line_width (cr, 1.0);
  if (o->all_flows)
    draw_all_flows (self, cr, vp);
  set_color (cr, &p->accent, 1.0);
  cairo_set_line_width (cr, 1.5);
  if (o->selection != NULL)
    draw_selection_flows (self, cr, vp, trace, o->selection);
  if (o->matches != NULL)
    draw_matches (self, cr, vp, o->matches, FALSE);
  if (o->query_matches != NULL)
    draw_matches (self, cr, vp, o->query_matches, TRUE);
  set_color (cr, &p->accent, 1.0);
  if (o->has_span_selected)
    outline_span (self, cr, vp, o->span_selected, 2);
  for (guint i = 0; o->selection != NULL && i < o->selection->len; i++)
    outline (self, cr, vp, g_array_index (o->selection, StEventRef, i), 2);
  if (o->has_found)
    outline (self, cr, vp, o->found, 3);
  set_color (cr, &p->foreground, 0.8);
  if (o->has_hover)
    outline (self, cr, vp, o->hover, 1);
  if (o->has_span_hover)
    outline_span (self, cr, vp, o->span_hover, 1);
  if (o->n_regions > 0)
    draw_tabs (self, cr, vp, o);
  cairo_restore (cr);
  if (o->drag != ST_DRAG_NONE)
    draw_drag (self, cr, vp, o);
}
