/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-plot.h: the Region Duration Distribution drawn with cairo,
 * without a widget: one dot per region, y its duration (0 at the bottom,
 * a round number of ruler steps at the top, just above the longest), x its
 * start time (labelled as the timeline's ruler is, from the trace start) or,
 * on request, its index (regions evenly spaced in time order, the first and
 * last region's numbers under the plot). The y axis is labelled on the left;
 * the selected and the hovered dot are ringed, the dot the keyboard is on is
 * framed, the dots picked for comparison are badges with their pick number
 * on a line down to the axis, so a pick shows among many dots.
 *
 * The layout is computed once; drawing and hit testing both read it, so
 * what is hit is what is drawn.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-chart-draw.h"
#include "st-region-dots.h"

G_BEGIN_DECLS

#define ST_REGION_PLOT_PAD_TOP     10.0
#define ST_REGION_PLOT_PAD_BOTTOM  20.0 /* room for the x axis labels */
#define ST_REGION_PLOT_PAD_RIGHT   12.0
#define ST_REGION_PLOT_LABEL_GAP   10.0 /* between the widest y label and the plot */
#define ST_REGION_PLOT_DOT_RADIUS  4.0  /* a dot's radius, unless the dots crowd */
#define ST_REGION_PLOT_HIT_RADIUS  8.0  /* how far from a dot a click still hits it */
#define ST_REGION_PLOT_PICK_RADIUS 8.0
/* By start time, the first and last dot stay this far inside the plot
 * area, so that their badges do too. */
#define ST_REGION_PLOT_INSET 10.0

typedef enum
{
  ST_REGION_PLOT_BY_TIME,
  ST_REGION_PLOT_BY_INDEX,
} StRegionPlotAxis;

/* What the layout reads of all the regions: measured once by
 * st_region_plot_measure(), so that a frame does not read them all. */
typedef struct
{
  gint64 longest;     /* the longest duration, at least 1 */
  gint64 first, last; /* the earliest and the latest start */
} StRegionPlotExtent;

typedef struct _StRegionPlot
{
  const gint64    *durations; /* ns, one per region in time order */
  const gint64    *starts;    /* ns from the trace start, one per region */
  guint            n;
  StRegionPlotAxis axis;
  gint             selected; /* index, or -1 */
  gint             hover;    /* index, or -1 */
  gint             focus;    /* index of the dot the keyboard is on, or -1 */
  const guint     *picks;    /* indices picked for comparison, in pick order */
  guint            n_picks;
  const char      *empty_text; /* said in the middle when there are no regions */
  /* NULL: measured by each layout */
  const StRegionPlotExtent *extent;
  /* NULL: a dot drawn per region, up to ST_REGION_DOTS_MIN regions (more
   * are drawn only from their dots, made once for this layout) */
  const StRegionDots *dots;
} StRegionPlot;

typedef struct _StRegionPlotLayout
{
  StDurationLayout area; /* the plot area and the y scale; a column per region */
  double           width, height;
  gint64           first, last; /* by start time: the starts at the inset edges */
} StRegionPlotLayout;

void st_region_plot_measure (const StRegionPlot *plot, StRegionPlotExtent *extent);
void st_region_plot_layout (StRegionPlotLayout *layout,
                            PangoLayout        *pango,
                            const StRegionPlot *plot,
                            double              width,
                            double              height);
/* Where the dot of region @index is. */
void st_region_plot_point (const StRegionPlotLayout *layout,
                           const StRegionPlot       *plot,
                           guint                     index,
                           double                   *x,
                           double                   *y);
/* When the dot of region @index is as near (@x, @y) as *@best_d or
 * nearer, makes it the *@best, at that distance. */
void st_region_plot_nearest (const StRegionPlotLayout *layout,
                             const StRegionPlot       *plot,
                             guint                     index,
                             double                    x,
                             double                    y,
                             gint                     *best,
                             double                   *best_d);
/* The radius of every dot: smaller when they crowd. */
double st_region_plot_dot_radius (const StRegionPlotLayout *layout);
/* The region whose dot is nearest (@x, @y), within the hit radius, or -1. */
gint st_region_plot_point_at (const StRegionPlotLayout *layout,
                              const StRegionPlot       *plot,
                              double                    x,
                              double                    y);
void st_region_plot_draw (cairo_t                  *cr,
                          PangoLayout              *pango,
                          const StRegionPlotLayout *layout,
                          const StChartStyle       *style,
                          const StRegionPlot       *plot);

G_END_DECLS
