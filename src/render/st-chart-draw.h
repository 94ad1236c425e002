/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart-draw.h: the Summary page's charts drawn with cairo, without a
 * widget, so tests and the command line can draw them on an image surface:
 * horizontal stacked bars (engine / stream utilisation, memory breakdown)
 * and a duration chart of series in columns (collective operations by type
 * and size) as a scatter or as box plots.
 *
 * Geometry is computed once into a layout struct; drawing and hit testing
 * both read it, so what is hit is what is drawn.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-palette.h"

G_BEGIN_DECLS

#define ST_CHART_N_COLORS 8

typedef struct
{
  StColor foreground;                /* labels */
  StColor grid;                      /* axis lines */
  StColor track;                     /* the empty part of a bar */
  StColor series[ST_CHART_N_COLORS]; /* segments and series, by index mod 8 */
  StColor background;                /* under a chart drawn alone; a widget's is see-through */
  StColor region;                    /* regions, as the timeline draws them */
  StColor accent;                    /* what is picked */
  StColor on_accent;                 /* text on the accent colour */
} StChartStyle;

void st_chart_style_init_default (StChartStyle *style, gboolean dark);
/* Fills the whole target with the style's background, unless it is
 * see-through. */
void st_chart_paint_background (cairo_t *cr, const StChartStyle *style);
void st_chart_set_color (cairo_t *cr, const StColor *c, double alpha);
/* @text at (@x, @y), @y its middle, @xalign 0 left … 1 right; cut with an
 * ellipsis at @max_width (0: never). */
void st_chart_draw_text (cairo_t     *cr,
                         PangoLayout *pango,
                         const char  *text,
                         double       x,
                         double       y,
                         double       xalign,
                         double       max_width);

/* Horizontal stacked bars: a label column, the bars, a value column. */
typedef struct
{
  double x, y, width, height;
  double label_width;
  double value_width;
  double bar_x, bar_width; /* the bars' area */
  double pitch;            /* one bar's row */
  double bar_height;
  double max; /* the value at the right end of the bars */
  guint  n_bars;
  guint  n_segments;
} StHBarLayout;

void st_chart_hbar_layout (StHBarLayout *layout,
                           double        x,
                           double        y,
                           double        width,
                           double        height,
                           guint         n_bars,
                           guint         n_segments,
                           double        label_width,
                           double        value_width,
                           double        max);
/* The segment [x0, x1) of @bar's @segment, and its row's [y0, y1). */
void     st_chart_hbar_segment_rect (const StHBarLayout *layout,
                                     const double       *values,
                                     guint               bar,
                                     guint               segment,
                                     double             *x0,
                                     double             *x1,
                                     double             *y0,
                                     double             *y1);
gboolean st_chart_hbar_segment_at (const StHBarLayout *layout,
                                   const double       *values,
                                   double              x,
                                   double              y,
                                   guint              *bar,
                                   guint              *segment);
/* @values: n_bars × n_segments, row by row; @colors: a style colour index
 * per segment; @labels and @value_texts: one per bar (NULL for none). */
void st_chart_draw_hbars (cairo_t            *cr,
                          PangoLayout        *pango,
                          const StHBarLayout *layout,
                          const StChartStyle *style,
                          const char *const  *labels,
                          const char *const  *value_texts,
                          const double       *values,
                          const guint        *colors);

/* A duration chart: one column per series, durations up the y axis. */
typedef enum
{
  ST_CHART_SCATTER,
  ST_CHART_BOX,
} StChartMode;

typedef struct
{
  const char   *label;
  const gint64 *values;   /* ns, in any order */
  const guint8 *outliers; /* per value, or NULL */
  guint         n_values;
  guint         color;   /* style colour index */
  gboolean      visible; /* a hidden series keeps its column, draws nothing */
  /* filled by st_chart_series_compute_stats () */
  gint64 min, q1, median, q3, max;
} StChartSeries;

typedef struct
{
  double x, y, width, height; /* the plot area */
  double label_height;        /* column labels under it */
  gint64 y_max;
  gint64 step;
  /* durations spread over more than two decades are drawn on a log scale
   * (decades from log_lo to log_hi), so the short ones do not sit on 0 */
  gboolean log;
  gint64   log_lo;
  gint64   log_hi;
  guint    n_series;
} StDurationLayout;

/* How the y axis of a duration chart is drawn: a line per tick, the one
 * at the bottom in its own alpha, and the tick labels @gap px left of the
 * plot area. */
typedef struct
{
  const StColor *line;
  double         base_alpha;
  double         line_alpha;
  const StColor *label;
  double         label_alpha;
  double         gap;
} StChartAxis;

void st_chart_series_compute_stats (StChartSeries *series);
void st_chart_duration_layout (StDurationLayout    *layout,
                               PangoLayout         *pango,
                               double               x,
                               double               y,
                               double               width,
                               double               height,
                               const StChartSeries *series,
                               guint                n_series);
/* The width of the widest tick label of @layout's y axis. */
int    st_chart_duration_labels_width (const StDurationLayout *layout, PangoLayout *pango);
double st_chart_duration_y (const StDurationLayout *layout, gint64 value);
double st_chart_column_x (const StDurationLayout *layout, guint series);
/* Where value @index of @series is drawn in the scatter. */
double st_chart_point_x (const StDurationLayout *layout, guint series, guint index);
/* The drawn point nearest (@x, @y) within @radius: only visible series,
 * and in box mode only the outliers (the box stands for the others). */
gboolean st_chart_duration_point_at (const StDurationLayout *layout,
                                     const StChartSeries    *series,
                                     StChartMode             mode,
                                     double                  x,
                                     double                  y,
                                     double                  radius,
                                     guint                  *series_index,
                                     guint                  *value_index);
void     st_chart_draw_duration_axis (cairo_t                *cr,
                                      PangoLayout            *pango,
                                      const StDurationLayout *layout,
                                      const StChartAxis      *axis);
/* The whole chart: its frame, then its points. */
void st_chart_draw_durations (cairo_t                *cr,
                              PangoLayout            *pango,
                              const StDurationLayout *layout,
                              const StChartStyle     *style,
                              const StChartSeries    *series,
                              StChartMode             mode);
/* The axis, the series' labels and, in box mode, the boxes: the text of
 * the chart, cheap to draw. */
void st_chart_draw_durations_frame (cairo_t                *cr,
                                    PangoLayout            *pango,
                                    const StDurationLayout *layout,
                                    const StChartStyle     *style,
                                    const StChartSeries    *series,
                                    StChartMode             mode);
/* The points and the outliers' rings, over the frame: tens of thousands of
 * them may take tens of ms. No text: any thread may draw them into a
 * surface of its own. */
void st_chart_draw_durations_points (cairo_t                *cr,
                                     const StDurationLayout *layout,
                                     const StChartStyle     *style,
                                     const StChartSeries    *series,
                                     StChartMode             mode);

#define ST_CHART_POINT_RADIUS 3.0

G_END_DECLS
