/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-timeline-overlay.h: what is drawn over the slices: region bands with
 * their named tabs, the marked range, the timing measurement, a drag in
 * progress, the selection, the hovered event, every find match in view (the
 * current one stronger), the slices of the query's rows, the selected and
 * the hovered span of its result track, and flow arrows. */
#pragma once

#include "st-timeline-renderer.h"

G_BEGIN_DECLS

typedef enum
{
  ST_DRAG_NONE,
  ST_DRAG_BOX,    /* selecting the events in a box */
  ST_DRAG_RANGE,  /* zooming into a time range */
  ST_DRAG_TIMING, /* measuring */
} StDragKind;

/* A region as the overlay draws it: a translucent band over the track area
 * from @start to @end (trace ns) and a tab with its @name at the band's
 * top, "name (number)" when @number is not 0. Plain data: the renderer
 * knows nothing of region sets. */
typedef struct
{
  gint64      start;
  gint64      end;
  const char *name;
  gboolean    selected;
  guint       number;
} StOverlayRegion;

typedef struct
{
  const StOverlayRegion *regions; /* in start order, may be NULL */
  guint                  n_regions;
  GArray                *selection; /* StEventRef, may be NULL */
  GArray                *matches;   /* StEventRef of find, by start; may be NULL */
  gboolean               has_found;
  StEventRef             found; /* the current match */
  gboolean               has_hover;
  StEventRef             hover;
  GArray                *query_matches; /* StEventRef of the query's rows, by start; may be NULL */
  gboolean               has_span_selected; /* spans of the query's result track */
  guint                  span_selected;
  gboolean               has_span_hover;
  guint                  span_hover;
  gboolean               has_marked;
  gint64                 marked_start;
  gint64                 marked_end;
  gboolean               has_timing;
  gint64                 timing_start;
  gint64                 timing_end;
  gboolean               all_flows; /* every visible flow, not only the selection's */
  StDragKind             drag;
  double                 drag_x0, drag_y0, drag_x1, drag_y1;
} StOverlay;

/* Flows and find matches drawn at most, whatever the zoom. */
#define ST_OVERLAY_MAX_FLOWS   20000
#define ST_OVERLAY_MAX_MATCHES 20000

/* Region tabs stack in at most this many lanes under the ruler (nested
 * regions); a tab narrower than ST_OVERLAY_TAB_MIN_WIDTH (no room for a
 * name) is not drawn, nor are the edges of a band narrower than
 * ST_OVERLAY_EDGE_MIN_WIDTH unless it is selected: a thousand thin regions
 * stay a tint, not a wall of lines. */
#define ST_OVERLAY_TAB_LANES      3
#define ST_OVERLAY_TAB_MIN_WIDTH  32.0
#define ST_OVERLAY_EDGE_MIN_WIDTH 6.0

void st_timeline_renderer_draw_overlay (StTimelineRenderer *self,
                                        cairo_t            *cr,
                                        const StViewport   *vp,
                                        const StOverlay    *overlay);
guint
st_timeline_renderer_visible_flows (StTimelineRenderer *self, const StViewport *vp, GArray *out);
gint     st_timeline_renderer_region_at (StTimelineRenderer *self,
                                         const StViewport   *vp,
                                         const StOverlay    *overlay,
                                         double              x,
                                         double              y);
gboolean st_timeline_renderer_region_tab (StTimelineRenderer *self,
                                          const StViewport   *vp,
                                          const StOverlay    *overlay,
                                          guint               index,
                                          cairo_rectangle_t  *rect);

G_END_DECLS
