/* st-timeline-overlay.h: what is drawn over the slices: the marked range,
 * the timing measurement, a drag in progress, the selection, the hovered and
 * the current found event, and flow arrows. */
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

typedef struct
{
  GArray     *selection;   /* StEventRef, may be NULL */
  gboolean    has_found;
  StEventRef  found;
  gboolean    has_hover;
  StEventRef  hover;
  gboolean    has_marked;
  gint64      marked_start;
  gint64      marked_end;
  gboolean    has_timing;
  gint64      timing_start;
  gint64      timing_end;
  gboolean    all_flows;   /* every visible flow, not only the selection's */
  StDragKind  drag;
  double      drag_x0, drag_y0, drag_x1, drag_y1;
} StOverlay;

/* Flows drawn at most, whatever the zoom. */
#define ST_OVERLAY_MAX_FLOWS 20000

void  st_timeline_renderer_draw_overlay (StTimelineRenderer *self,
                                         cairo_t            *cr,
                                         const StViewport   *vp,
                                         const StOverlay    *overlay);
guint st_timeline_renderer_visible_flows (StTimelineRenderer *self,
                                          const StViewport   *vp,
                                          GArray             *out);

G_END_DECLS
