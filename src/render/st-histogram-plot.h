/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-histogram-plot.h: one operation's distribution drawn with cairo,
 * without a widget (docs/metrics.md 14): a bar per bin on a log time axis
 * (tick labels in time units, at 1, 2, 5 × 10^n where they fit), counts up
 * the y axis, the bin of 0 ns in a slot of its own at the left, the bars
 * stacked by group with a legend under the axis (the seven largest groups
 * in colours of their own, the rest together as "Other"), lines at p50,
 * p90 and p99, the selected bins framed in the accent colour (the other
 * bars paler), the bin under the pointer lit and the one the keyboard is
 * on in a dashed frame.
 *
 * The layout is computed once; drawing and hit testing both read it, so
 * what is hit is what is drawn.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-chart-draw.h"
#include "st-name-distribution.h"

G_BEGIN_DECLS

#define ST_HISTOGRAM_MAX_SERIES 8 /* seven groups and "Other" */

typedef struct
{
  const StNameDistribution *distribution;
  gint                      selected_first; /* bins selected, or -1 */
  gint                      selected_last;
  gint                      hover; /* bin, or -1 */
  gint                      focus; /* bin the keyboard is on, or -1 */
  const char               *empty_text;
  const char               *other_text;     /* the legend's name for the groups past seven */
  const char               *no_parent_text; /* and for the group without parent */
} StHistogramPlot;

typedef struct
{
  double width, height;
  double x, y, w, h;       /* the plot area */
  double log_lo, log_hi;   /* the axis, in log10 ns, over the positive bins */
  double zero_x0, zero_x1; /* the slot of the bin of 0 ns, when it has one */
  guint  y_max, y_step;
  guint  n_series; /* stacked series: 1 without groups */
  double legend_y; /* the legend's first row */
  guint  legend_rows;
} StHistogramLayout;

void st_histogram_plot_layout (StHistogramLayout     *layout,
                               PangoLayout           *pango,
                               const StHistogramPlot *plot,
                               double                 width,
                               double                 height);
/* Where bin @bin is drawn, from @x0 to @x1. */
void st_histogram_plot_bin_span (const StHistogramLayout *layout,
                                 const StHistogramPlot   *plot,
                                 guint                    bin,
                                 double                  *x0,
                                 double                  *x1);
/* The x of a duration on the axis. */
double st_histogram_plot_x (const StHistogramLayout *layout, gint64 ns);
/* The bin drawn under @x (in the plot area's height), or -1. */
gint st_histogram_plot_bin_at (const StHistogramLayout *layout,
                               const StHistogramPlot   *plot,
                               double                   x,
                               double                   y);
/* The series a group is stacked in: its own up to the seventh, then
 * "Other". */
guint st_histogram_plot_series_of (guint group);
void  st_histogram_plot_draw (cairo_t                 *cr,
                              PangoLayout             *pango,
                              const StHistogramLayout *layout,
                              const StChartStyle      *style,
                              const StHistogramPlot   *plot);

G_END_DECLS
