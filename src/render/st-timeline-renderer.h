/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-timeline-renderer.h: draws a viewport of a trace into any cairo_t.
 *
 * No widget here: the timeline view calls it from snapshot(), strata-cli
 * render and the benchmarks on an image surface. A frame is the time ruler
 * on top, the label column on the left (track names and the top section's
 * header stay in view while rows scroll), and the visible rows: per row a
 * binary search to the first visible slice and a walk through the level of
 * detail, runs thinner than a pixel merged into one fill, fills batched per
 * colour, labels only where they fit.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-label-cache.h"
#include "st-palette.h"
#include "st-span-track.h"
#include "st-timeline-layout.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  gint64 start; /* visible time range, ns from the trace start */
  gint64 end;
  double width; /* the whole picture, px */
  double height;
  double gutter;   /* width of the label column */
  double scroll_y; /* content offset at the top of the track area */
} StViewport;

typedef struct _StTimelineRenderer StTimelineRenderer;

StTimelineRenderer *st_timeline_renderer_new (StTrace *trace);
void                st_timeline_renderer_free (StTimelineRenderer *self);
void st_timeline_renderer_set_layout (StTimelineRenderer *self, StTimelineLayout *layout);
void st_timeline_renderer_set_matches (StTimelineRenderer *self, GArray *matches);
void st_timeline_renderer_set_spans (StTimelineRenderer *self, StSpanTrack *spans, guint64 n_rows);
StTimelineLayout *st_timeline_renderer_get_layout (StTimelineRenderer *self);
StTrace          *st_timeline_renderer_get_trace (StTimelineRenderer *self);
void st_timeline_renderer_set_palette (StTimelineRenderer *self, const StPalette *palette);
const StPalette *st_timeline_renderer_get_palette (StTimelineRenderer *self);
void     st_timeline_renderer_set_font (StTimelineRenderer *self, const PangoFontDescription *font);
void     st_timeline_renderer_draw (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp);
gboolean st_timeline_renderer_event_rect (StTimelineRenderer *self,
                                          const StViewport   *vp,
                                          StEventRef          ref,
                                          cairo_rectangle_t  *rect);
gboolean st_timeline_renderer_span_rect (StTimelineRenderer *self,
                                         const StViewport   *vp,
                                         guint               index,
                                         cairo_rectangle_t  *rect);
gboolean st_timeline_renderer_span_at (StTimelineRenderer *self,
                                       const StViewport   *vp,
                                       double              x,
                                       double              y,
                                       double              slop_px,
                                       guint              *index);
gint     st_timeline_renderer_section_at (StTimelineRenderer *self, const StViewport *vp, double y);
const StColor *st_timeline_renderer_name_color (StTimelineRenderer *self, StStringId name);
PangoLayout   *st_timeline_renderer_create_layout (StTimelineRenderer *self, const char *text);
StLabelCache  *st_timeline_renderer_get_region_labels (StTimelineRenderer *self);

double st_viewport_track_x (const StViewport *vp);
double st_viewport_track_width (const StViewport *vp);
double st_viewport_x_at (const StViewport *vp, gint64 time);
gint64 st_viewport_time_at (const StViewport *vp, double x);
double st_viewport_content_y (const StViewport *vp, double y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StTimelineRenderer, st_timeline_renderer_free)

G_END_DECLS
