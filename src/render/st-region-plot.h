/* st-region-plot.h: the Region Duration Distribution drawn with cairo,
 * without a widget: one dot per region, x its index (regions in time
 * order, evenly spaced across the plot), y its duration (0 at the bottom,
 * a round number of ruler steps at the top, just above the longest). The
 * y axis is labelled on the left, the first and last region's numbers
 * under the plot; the selected and the hovered dot are ringed, the dots
 * picked for comparison are badges with their pick number.
 *
 * The layout is computed once; drawing and hit testing both read it, so
 * what is hit is what is drawn.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-chart-draw.h"

G_BEGIN_DECLS

#define ST_REGION_PLOT_PAD_TOP     10.0
#define ST_REGION_PLOT_PAD_BOTTOM  18.0 /* room for the first and last region's numbers */
#define ST_REGION_PLOT_PAD_RIGHT   12.0
#define ST_REGION_PLOT_LABEL_GAP   10.0 /* between the widest y label and the plot */
#define ST_REGION_PLOT_HIT_RADIUS  8.0
#define ST_REGION_PLOT_PICK_RADIUS 8.0

typedef struct
{
  const gint64 *durations; /* ns, one per region in time order */
  guint         n;
  gint          selected; /* index, or -1 */
  gint          hover;    /* index, or -1 */
  const guint  *picks;    /* indices picked for comparison, in pick order */
  guint         n_picks;
  const char   *empty_text; /* said in the middle when there are no regions */
} StRegionPlot;

typedef struct
{
  StDurationLayout area; /* the plot area and the y scale; a column per region */
  double           width, height;
} StRegionPlotLayout;

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
