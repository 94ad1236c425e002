/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-roofline-plot.h: the roofline chart of the FLOPs card
 * (docs/metrics.md 13.7) drawn with cairo, without a widget: log-log axes
 * of arithmetic intensity (FLOP/B) and achieved rate (FLOP/s) in whole
 * decades, the compute roof and the memory-bandwidth slope meeting at the
 * ridge point, and a disc per row whose area is its device time, the
 * largest few named. A roof whose peak is unknown is not drawn and a
 * sentence says why.
 *
 * The layout is computed once; drawing and hit testing both read it, so
 * what is hit is what is drawn.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-chart-draw.h"

G_BEGIN_DECLS

#define ST_ROOFLINE_PLOT_MAX_RADIUS 14.0 /* the disc of the most device time */
#define ST_ROOFLINE_PLOT_MIN_RADIUS 2.5
#define ST_ROOFLINE_PLOT_HIT_RADIUS 4.0 /* how far outside a disc a click still hits it */
#define ST_ROOFLINE_PLOT_PAD        10.0
#define ST_ROOFLINE_PLOT_N_NAMED    3 /* the points with the most time that carry their name */

typedef struct
{
  double      intensity; /* FLOP/B, > 0 */
  double      rate;      /* FLOP/s, > 0 */
  gint64      device_ns; /* its disc's area */
  const char *name;      /* written by the largest few */
  guint       color;     /* a style series index */
} StRooflinePoint;

typedef struct
{
  const StRooflinePoint *points;
  guint                  n;
  double                 peak;           /* FLOP/s of the compute roof, 0 unknown */
  double                 bandwidth;      /* B/s of the memory roof, 0 unknown */
  const char            *peak_text;      /* written on the compute roof */
  const char            *bandwidth_text; /* written along the memory roof */
  const char            *ridge_text;     /* written at the ridge point */
  const char            *note;           /* why a roof is missing, or NULL */
  const char            *x_title;        /* under the x axis */
  const char            *empty_text;     /* said in the middle when there are no points */
  gint                   hover;          /* index, or -1 */
  gint                   selected;       /* index, or -1 */
  gint                   focus;          /* index of the point the keyboard is on, or -1 */
} StRooflinePlot;

typedef struct
{
  double x, y, width, height; /* the plot area */
  double total_width, total_height;
  int    x_lo, x_hi; /* decades of FLOP/B at the left and right edges */
  int    y_lo, y_hi; /* decades of FLOP/s at the bottom and top edges */
  double radius;     /* of the disc of the most device time */
  gint64 max_ns;
} StRooflineLayout;

/* The ridge point of @plot: peak / bandwidth, 0 when either is unknown. */
double st_roofline_plot_ridge (const StRooflinePlot *plot);
void   st_roofline_plot_layout (StRooflineLayout     *layout,
                                PangoLayout          *pango,
                                const StRooflinePlot *plot,
                                double                width,
                                double                height);
/* Where intensity @intensity and rate @rate are drawn. */
void   st_roofline_plot_position (const StRooflineLayout *layout,
                                  double                  intensity,
                                  double                  rate,
                                  double                 *x,
                                  double                 *y);
double st_roofline_plot_radius (const StRooflineLayout *layout, gint64 device_ns);
/* The point whose disc is under (@x, @y), the smallest of those that
 * overlap there, or -1. */
gint st_roofline_plot_point_at (const StRooflineLayout *layout,
                                const StRooflinePlot   *plot,
                                double                  x,
                                double                  y);
void st_roofline_plot_draw (cairo_t                *cr,
                            PangoLayout            *pango,
                            const StRooflineLayout *layout,
                            const StChartStyle     *style,
                            const StRooflinePlot   *plot);

G_END_DECLS
