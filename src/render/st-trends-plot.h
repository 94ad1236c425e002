/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trends-plot.h: trends across regions drawn with cairo, without a
 * widget: small multiples, one row per metric (duration, device busy, …)
 * over one shared x axis, the regions evenly spaced in time order, so a
 * region is one column through every row. Each row joins its points with a
 * line, from 0 at its bottom to a round value at its top (0 … 100 for a
 * percentage), and shades the band around its median inside which no point
 * is an outlier; outliers are larger dots in the outlier colour, and a
 * legend line under the rows says what an outlier is. The selected region's
 * column is a line in the accent colour, the hovered one a faint line, and
 * the keyboard's is framed. A row may hold several lines (one per rank of
 * a merged profile): they share the row's scale, faint, the line of @line
 * drawn over them in full; the band is then left out (each line has its
 * own). The columns may be named (the steps' numbers) under the rows.
 *
 * The layout is computed once; drawing and hit testing both read it, so
 * what is hit is what is drawn.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-chart-draw.h"

G_BEGIN_DECLS

#define ST_TRENDS_PLOT_MAX_ROWS   8
#define ST_TRENDS_PLOT_HIT_RADIUS 8.0 /* how far from a point a click still hits it */
#define ST_TRENDS_PLOT_INSET      8.0 /* the first and last column stay this far inside */

typedef struct
{
  const char   *title;    /* "Duration" */
  const double *values;   /* one per region and line, line after line; read where present */
  const guint8 *present;  /* likewise: FALSE where the region lacks the metric */
  const guint8 *outliers; /* likewise */
  guint         n_lines;  /* lines of the row (a rank each), 0 or 1 for one */
  gboolean      percent;  /* 0 … 100 %; else nanoseconds, or bytes */
  gboolean      bytes;
  gboolean      has_band; /* the median and the outlier distance below are known */
  double        median;
  double        distance;
  guint         color; /* style series index */
} StTrendsRow;

typedef struct
{
  const StTrendsRow *rows;
  guint              n_rows;
  guint              n;        /* regions, in time order */
  gint               selected; /* column, or -1 */
  gint               hover;    /* column, or -1 */
  gint               focus;    /* the column the keyboard is on, or -1 */
  gint               line;     /* the line drawn over the others (hovered or focused), or -1 */
  /* what names each column under the rows ("12" for ProfilerStep#12), or
   * NULL for the regions' places from 1 */
  const char *const *column_labels;
  const char        *axis_title; /* before the column labels, or NULL */
  StColor            outlier;    /* the theme's error colour */
  const char        *legend;     /* what an outlier is, after a dot in the outlier colour */
  const char        *empty_text;
  /* said in a row with no value present ("not in this profile"), or NULL */
  const char *absent_text;
} StTrendsPlot;

typedef struct
{
  double width, height;
  double x, plot_width; /* the columns' area, shared by the rows */
  double label_width;   /* the titles and value labels, left of it */
  double row_height;    /* each row, its plot area inset by the pad */
  double rows_y;        /* the first row's top */
  double axis_y;        /* the middle of the line with the first and last numbers */
  double legend_y;      /* the middle of the legend line */
  double y_max[ST_TRENDS_PLOT_MAX_ROWS];
} StTrendsPlotLayout;

void st_trends_plot_layout (StTrendsPlotLayout *layout,
                            PangoLayout        *pango,
                            const StTrendsPlot *plot,
                            double              width,
                            double              height);
double
st_trends_plot_column_x (const StTrendsPlotLayout *layout, const StTrendsPlot *plot, guint column);
/* Where the point of @column in @row is; FALSE where the region lacks it. */
gboolean st_trends_plot_point (const StTrendsPlotLayout *layout,
                               const StTrendsPlot       *plot,
                               guint                     row,
                               guint                     column,
                               double                   *x,
                               double                   *y);
/* The column whose point of the row under (@x, @y) is nearest it, within
 * the hit radius, or -1; @row (may be NULL) is that row. */
gint st_trends_plot_point_at (const StTrendsPlotLayout *layout,
                              const StTrendsPlot       *plot,
                              double                    x,
                              double                    y,
                              guint                    *row);
/* The same over every line of the row: the nearest point's column, its
 * row and its line. */
gint st_trends_plot_hit (const StTrendsPlotLayout *layout,
                         const StTrendsPlot       *plot,
                         double                    x,
                         double                    y,
                         guint                    *row,
                         guint                    *line);
/* Where the point of @line in @row and @column is; FALSE where absent. */
gboolean st_trends_plot_line_point (const StTrendsPlotLayout *layout,
                                    const StTrendsPlot       *plot,
                                    guint                     row,
                                    guint                     line,
                                    guint                     column,
                                    double                   *x,
                                    double                   *y);
void     st_trends_plot_draw (cairo_t                  *cr,
                              PangoLayout              *pango,
                              const StTrendsPlotLayout *layout,
                              const StChartStyle       *style,
                              const StTrendsPlot       *plot);

G_END_DECLS
