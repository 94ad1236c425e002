/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-trends-plot.h"

#include "st-format.h"

#include <math.h>
#include <string.h>

#define PAD_TOP        4.0
#define ROW_PAD        10.0 /* above and below each row's plot area */
#define LABEL_GAP      10.0 /* between the label column and the plot */
#define AXIS_HEIGHT    18.0 /* the first and last numbers under the rows */
#define LEGEND_HEIGHT  22.0
#define DOT_RADIUS     2.5
#define OUTLIER_RADIUS 4.5
#define FOCUS_HALF     6.0

/* The smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k at or above @v
 * (> 0): fine enough that a row's largest value reaches past half of
 * its height (a 1, 2, 5 scale left a 21 ms row under a 50 ms top). */
static double
round_up (double v)
{
  static const double steps[] = { 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 };
  double              decade = pow (10, floor (log10 (v)));

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (v <= steps[i] * decade)
      return steps[i] * decade;
  return 10 * decade;
}

static guint
n_lines (const StTrendsRow *row)
{
  return MAX (1, row->n_lines);
}

static double
row_max (const StTrendsRow *row, guint n)
{
  double max = 0;

  if (row->percent)
    return 100;
  for (guint i = 0; i < n * n_lines (row); i++)
    if (row->present[i])
      max = MAX (max, row->values[i]);
  /* 0: every value is 0, drawn on the base line */
  return max > 0 ? round_up (max) : 0;
}

/* The value at the top of a row: "100%", "2 ms"; none over a row of 0s. */
static char *
top_label (const StTrendsRow *row, double y_max)
{
  if (y_max <= 0)
    return g_strdup ("");
  if (row->bytes)
    {
      g_autofree char *q = st_format_quantity (y_max);

      return g_strdup_printf ("%s%sB", q, strchr (q, ' ') ? "" : " ");
    }
  return row->percent ? g_strdup_printf ("%.0f%%", y_max) : st_format_duration ((gint64)y_max);
}

static int
text_width (PangoLayout *pango, const char *text)
{
  int w;

  pango_layout_set_width (pango, -1);
  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, NULL);
  return w;
}

void
st_trends_plot_layout (StTrendsPlotLayout *layout,
                       PangoLayout        *pango,
                       const StTrendsPlot *plot,
                       double              width,
                       double              height)
{
  guint  n_rows = MIN (plot->n_rows, ST_TRENDS_PLOT_MAX_ROWS);
  double widest = 0;

  memset (layout, 0, sizeof *layout);
  layout->width = width;
  layout->height = height;
  for (guint r = 0; r < n_rows; r++)
    {
      g_autofree char *label = NULL;

      layout->y_max[r] = row_max (&plot->rows[r], plot->n);
      label = top_label (&plot->rows[r], layout->y_max[r]);
      widest = MAX (widest, text_width (pango, label));
      widest = MAX (widest, text_width (pango, plot->rows[r].title));
    }
  layout->label_width = widest + LABEL_GAP;
  layout->x = layout->label_width;
  layout->plot_width = MAX (1, width - layout->x - ST_TRENDS_PLOT_INSET);
  layout->rows_y = PAD_TOP;
  layout->row_height
      = MAX (2 * ROW_PAD + 1, (height - PAD_TOP - AXIS_HEIGHT - LEGEND_HEIGHT) / MAX (1, n_rows));
  layout->axis_y = layout->rows_y + n_rows * layout->row_height + AXIS_HEIGHT / 2;
  layout->legend_y = layout->axis_y + AXIS_HEIGHT / 2 + LEGEND_HEIGHT / 2;
}

double
st_trends_plot_column_x (const StTrendsPlotLayout *layout, const StTrendsPlot *plot, guint column)
{
  double span = MAX (0, layout->plot_width - 2 * ST_TRENDS_PLOT_INSET);

  if (plot->n <= 1)
    return layout->x + layout->plot_width / 2;
  return layout->x + ST_TRENDS_PLOT_INSET + span * column / (plot->n - 1);
}

/* The top and bottom of @row's plot area. */
static void
row_area (const StTrendsPlotLayout *layout, guint row, double *top, double *bottom)
{
  *top = layout->rows_y + row * layout->row_height + ROW_PAD;
  *bottom = layout->rows_y + (row + 1) * layout->row_height - ROW_PAD;
}

static double
value_y (const StTrendsPlotLayout *layout, guint row, double value)
{
  double top, bottom;

  row_area (layout, row, &top, &bottom);
  if (layout->y_max[row] <= 0)
    return bottom;
  value = CLAMP (value, 0, layout->y_max[row]);
  return bottom - (bottom - top) * value / layout->y_max[row];
}

gboolean
st_trends_plot_line_point (const StTrendsPlotLayout *layout,
                           const StTrendsPlot       *plot,
                           guint                     row,
                           guint                     line,
                           guint                     column,
                           double                   *x,
                           double                   *y)
{
  gsize at = (gsize)line * plot->n + column;

  g_return_val_if_fail (row < plot->n_rows && column < plot->n, FALSE);
  g_return_val_if_fail (line < n_lines (&plot->rows[row]), FALSE);

  if (!plot->rows[row].present[at])
    return FALSE;
  *x = st_trends_plot_column_x (layout, plot, column);
  *y = value_y (layout, row, plot->rows[row].values[at]);
  return TRUE;
}

gboolean
st_trends_plot_point (const StTrendsPlotLayout *layout,
                      const StTrendsPlot       *plot,
                      guint                     row,
                      guint                     column,
                      double                   *x,
                      double                   *y)
{
  return st_trends_plot_line_point (layout, plot, row, 0, column, x, y);
}

gint
st_trends_plot_point_at (const StTrendsPlotLayout *layout,
                         const StTrendsPlot       *plot,
                         double                    x,
                         double                    y,
                         guint                    *row)
{
  return st_trends_plot_hit (layout, plot, x, y, row, NULL);
}

gint
st_trends_plot_hit (const StTrendsPlotLayout *layout,
                    const StTrendsPlot       *plot,
                    double                    x,
                    double                    y,
                    guint                    *row,
                    guint                    *line)
{
  double pitch = plot->n > 1 ? (layout->plot_width - 2 * ST_TRENDS_PLOT_INSET) / (plot->n - 1) : 1;
  double at = plot->n > 1 ? (x - layout->x - ST_TRENDS_PLOT_INSET) / MAX (pitch, 1e-9) : 0;
  double reach = ST_TRENDS_PLOT_HIT_RADIUS / MAX (pitch, 1e-9);
  double best_d = ST_TRENDS_PLOT_HIT_RADIUS;
  gint   best = -1, r;
  guint  best_line = 0;

  if (plot->n == 0 || y < layout->rows_y)
    return -1;
  r = (gint)((y - layout->rows_y) / layout->row_height);
  if (r >= (gint)MIN (plot->n_rows, ST_TRENDS_PLOT_MAX_ROWS))
    return -1;
  for (gint64 c = MAX (0, (gint64)floor (at - reach));
       c <= MIN ((gint64)plot->n - 1, (gint64)ceil (at + reach)); c++)
    for (guint l = 0; l < n_lines (&plot->rows[r]); l++)
      {
        double px, py, d;

        if (!st_trends_plot_line_point (layout, plot, r, l, c, &px, &py))
          continue;
        d = hypot (px - x, py - y);
        /* on a tie, the line drawn on top */
        if (d < best_d || (d == best_d && (best < 0 || (gint)l == plot->line)))
          {
            best_d = d;
            best = c;
            best_line = l;
          }
      }
  if (row != NULL)
    *row = r;
  if (line != NULL)
    *line = best_line;
  return best;
}

/* The least or the largest value of @column over the row's lines; FALSE
 * where no line has one. */
static gboolean
column_extreme (const StTrendsRow *row, guint n, guint column, gboolean largest, double *value)
{
  gboolean found = FALSE;

  for (guint l = 0; l < n_lines (row); l++)
    {
      gsize at = (gsize)l * n + column;

      if (row->present[at]
          && (!found || (largest ? row->values[at] > *value : row->values[at] < *value)))
        {
          *value = row->values[at];
          found = TRUE;
        }
    }
  return found;
}

/* Of several lines, the spread of their values: from the least to the
 * largest in each column, a faint area behind them. */
static void
draw_spread (cairo_t                  *cr,
             const StTrendsPlotLayout *layout,
             const StChartStyle       *style,
             const StTrendsPlot       *plot,
             guint                     row)
{
  const StTrendsRow *r = &plot->rows[row];
  double             v = 0;

  if (n_lines (r) < 2)
    return;
  cairo_new_path (cr);
  /* the largest values from left to right, then the least back */
  for (guint c = 0; c < plot->n; c++)
    if (column_extreme (r, plot->n, c, TRUE, &v))
      cairo_line_to (cr, st_trends_plot_column_x (layout, plot, c), value_y (layout, row, v));
  for (guint c = plot->n; c-- > 0;)
    if (column_extreme (r, plot->n, c, FALSE, &v))
      cairo_line_to (cr, st_trends_plot_column_x (layout, plot, c), value_y (layout, row, v) + 1);
  cairo_close_path (cr);
  st_chart_set_color (cr, &style->series[r->color % ST_CHART_N_COLORS], 0.18);
  cairo_fill (cr);
}

/* The band around the median inside which no point is an outlier. */
static void
draw_band (cairo_t                  *cr,
           const StTrendsPlotLayout *layout,
           const StChartStyle       *style,
           const StTrendsPlot       *plot,
           guint                     row)
{
  const StTrendsRow *r = &plot->rows[row];
  double             y0, y1;

  if (!r->has_band || n_lines (r) > 1)
    return;
  y0 = value_y (layout, row, r->median + r->distance);
  y1 = value_y (layout, row, r->median - r->distance);
  cairo_rectangle (cr, layout->x, y0, layout->plot_width, MAX (1, y1 - y0));
  st_chart_set_color (cr, &style->series[r->color % ST_CHART_N_COLORS], 0.14);
  cairo_fill (cr);
}

/* The line through the points present, broken where a region lacks the
 * metric, and a dot on each point while they do not crowd; of several
 * lines, all but the one on top faint and thin. */
static void
draw_line (cairo_t                  *cr,
           const StTrendsPlotLayout *layout,
           const StChartStyle       *style,
           const StTrendsPlot       *plot,
           guint                     row,
           guint                     line)
{
  const StColor *color = &style->series[plot->rows[row].color % ST_CHART_N_COLORS];
  double         pitch = plot->n > 1 ? layout->plot_width / plot->n : layout->plot_width;
  gboolean       open = FALSE, faint = n_lines (&plot->rows[row]) > 1 && (gint)line != plot->line;

  for (guint c = 0; c < plot->n; c++)
    {
      double x, y;

      if (!st_trends_plot_line_point (layout, plot, row, line, c, &x, &y))
        {
          open = FALSE;
          continue;
        }
      if (open)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      open = TRUE;
    }
  cairo_set_line_width (cr, faint ? 1.0 : n_lines (&plot->rows[row]) > 1 ? 2.5 : 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  /* with no line on top, every line in the row's colour, lighter */
  if (faint && plot->line >= 0)
    st_chart_set_color (cr, &style->foreground, 0.3);
  else
    st_chart_set_color (cr, color, faint ? 0.55 : 0.9);
  cairo_stroke (cr);
  if (pitch < 3 * DOT_RADIUS || faint)
    return;
  for (guint c = 0; c < plot->n; c++)
    {
      double x, y;

      if (!st_trends_plot_line_point (layout, plot, row, line, c, &x, &y))
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, DOT_RADIUS, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

static void
draw_series (cairo_t                  *cr,
             const StTrendsPlotLayout *layout,
             const StChartStyle       *style,
             const StTrendsPlot       *plot,
             guint                     row)
{
  guint lines = n_lines (&plot->rows[row]);

  for (guint l = 0; l < lines; l++)
    if ((gint)l != plot->line || lines == 1)
      draw_line (cr, layout, style, plot, row, l);
  if (lines > 1 && plot->line >= 0 && plot->line < (gint)lines)
    draw_line (cr, layout, style, plot, row, plot->line);
}

/* Outliers over everything else of the row; the selected region's point
 * (of the line on top) ringed in the accent colour. */
static void
draw_marks (cairo_t                  *cr,
            const StTrendsPlotLayout *layout,
            const StChartStyle       *style,
            const StTrendsPlot       *plot,
            guint                     row)
{
  guint  lines = n_lines (&plot->rows[row]);
  guint  ring = lines == 1 ? 0 : (guint)MAX (plot->line, 0);
  double x, y;

  for (guint l = 0; l < lines; l++)
    for (guint c = 0; c < plot->n; c++)
      {
        if (!plot->rows[row].outliers[(gsize)l * plot->n + c]
            || !st_trends_plot_line_point (layout, plot, row, l, c, &x, &y))
          continue;
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, OUTLIER_RADIUS, 0, 2 * G_PI);
      }
  st_chart_set_color (cr, &plot->outlier, 1.0);
  cairo_fill (cr);
  if (plot->selected >= 0 && plot->selected < (gint)plot->n && (lines == 1 || plot->line >= 0)
      && st_trends_plot_line_point (layout, plot, row, ring, plot->selected, &x, &y))
    {
      cairo_arc (cr, x, y, OUTLIER_RADIUS + 2, 0, 2 * G_PI);
      cairo_set_line_width (cr, 2);
      st_chart_set_color (cr, &style->accent, 1.0);
      cairo_stroke (cr);
    }
}

static gboolean
row_has_values (const StTrendsRow *row, guint n)
{
  for (guint i = 0; i < n * n_lines (row); i++)
    if (row->present[i])
      return TRUE;
  return FALSE;
}

/* The title in the middle of the label column, the top value and 0
 * right-aligned at the top and bottom of the plot area, a base line; in a
 * row without values, what is absent instead of a scale. */
static void
draw_row_frame (cairo_t                  *cr,
                PangoLayout              *pango,
                const StTrendsPlotLayout *layout,
                const StChartStyle       *style,
                const StTrendsPlot       *plot,
                guint                     row)
{
  g_autofree char *top_text = top_label (&plot->rows[row], layout->y_max[row]);
  double           top, bottom, right = layout->label_width - LABEL_GAP;

  row_area (layout, row, &top, &bottom);
  st_chart_set_color (cr, &style->grid, 1.0);
  cairo_rectangle (cr, layout->x, floor (bottom), layout->plot_width, 1);
  cairo_fill (cr);
  st_chart_set_color (cr, &style->grid, 0.5);
  cairo_rectangle (cr, layout->x, floor (top), layout->plot_width, 1);
  cairo_fill (cr);
  st_chart_set_color (cr, &style->foreground, 0.9);
  st_chart_draw_text (cr, pango, plot->rows[row].title, 0, (top + bottom) / 2, 0, 0);
  st_chart_set_color (cr, &style->foreground, 0.55);
  if (plot->absent_text != NULL && !row_has_values (&plot->rows[row], plot->n))
    {
      st_chart_draw_text (cr, pango, plot->absent_text, layout->x + layout->plot_width / 2,
                          (top + bottom) / 2, 0.5, 0);
      return;
    }
  st_chart_draw_text (cr, pango, top_text, right, top, 1.0, 0);
  st_chart_draw_text (cr, pango, "0", right, bottom, 1.0, 0);
}

/* The hovered and the selected region's column through every row. */
static void
draw_columns (cairo_t                  *cr,
              const StTrendsPlotLayout *layout,
              const StChartStyle       *style,
              const StTrendsPlot       *plot)
{
  guint  n_rows = MIN (plot->n_rows, ST_TRENDS_PLOT_MAX_ROWS);
  double top = layout->rows_y, height = n_rows * layout->row_height;

  if (plot->hover >= 0 && plot->hover < (gint)plot->n && plot->hover != plot->selected)
    {
      cairo_rectangle (cr, floor (st_trends_plot_column_x (layout, plot, plot->hover)), top, 1,
                       height);
      st_chart_set_color (cr, &style->foreground, 0.3);
      cairo_fill (cr);
    }
  if (plot->selected >= 0 && plot->selected < (gint)plot->n)
    {
      cairo_rectangle (cr, floor (st_trends_plot_column_x (layout, plot, plot->selected)) - 0.5,
                       top, 2, height);
      st_chart_set_color (cr, &style->accent, 0.7);
      cairo_fill (cr);
    }
  if (plot->focus >= 0 && plot->focus < (gint)plot->n)
    {
      double x = st_trends_plot_column_x (layout, plot, plot->focus);

      cairo_rectangle (cr, x - FOCUS_HALF, top + 1, 2 * FOCUS_HALF, height - 2);
      cairo_set_line_width (cr, 2);
      st_chart_set_color (cr, &style->accent, 1.0);
      cairo_stroke (cr);
    }
}

/* The columns' names under the rows, as many as fit without touching,
 * the first and the last always, and the axis' title left of them. */
static void
draw_column_labels (cairo_t                  *cr,
                    PangoLayout              *pango,
                    const StTrendsPlotLayout *layout,
                    const StTrendsPlot       *plot)
{
  double pitch = plot->n > 1 ? (layout->plot_width - 2 * ST_TRENDS_PLOT_INSET) / (plot->n - 1) : 1;
  int    widest = 0;
  guint  every;

  for (guint c = 0; c < plot->n; c++)
    widest = MAX (widest, text_width (pango, plot->column_labels[c]));
  every = (guint)MAX (1, ceil ((widest + 12) / MAX (pitch, 1e-9)));
  for (guint c = 0; c < plot->n; c++)
    {
      guint to_last = plot->n - 1 - c;

      /* every few, leaving room for the last */
      if (c > 0 && to_last > 0 && (c % every != 0 || to_last < every))
        continue;
      st_chart_draw_text (cr, pango, plot->column_labels[c],
                          st_trends_plot_column_x (layout, plot, c), layout->axis_y, 0.5, 0);
    }
  if (plot->axis_title != NULL)
    st_chart_draw_text (cr, pango, plot->axis_title, 0, layout->axis_y, 0,
                        layout->label_width - LABEL_GAP);
}

/* The first and last region's numbers, or the columns' names; the legend:
 * a dot in the outlier colour and what an outlier is. */
static void
draw_axis_and_legend (cairo_t                  *cr,
                      PangoLayout              *pango,
                      const StTrendsPlotLayout *layout,
                      const StChartStyle       *style,
                      const StTrendsPlot       *plot)
{
  g_autofree char *last = g_strdup_printf ("%u", plot->n);
  double           dot_x = layout->x + OUTLIER_RADIUS;

  st_chart_set_color (cr, &style->foreground, 0.55);
  if (plot->column_labels != NULL)
    draw_column_labels (cr, pango, layout, plot);
  else
    {
      st_chart_draw_text (cr, pango, "1", st_trends_plot_column_x (layout, plot, 0), layout->axis_y,
                          0.5, 0);
      if (plot->n > 1)
        st_chart_draw_text (cr, pango, last,
                            st_trends_plot_column_x (layout, plot, plot->n - 1) + 4, layout->axis_y,
                            1.0, 0);
    }
  if (plot->legend == NULL)
    return;
  st_chart_draw_text (cr, pango, plot->legend, dot_x + OUTLIER_RADIUS + 6, layout->legend_y, 0,
                      MAX (1, layout->width - dot_x - OUTLIER_RADIUS - 6));
  cairo_arc (cr, dot_x, layout->legend_y, OUTLIER_RADIUS, 0, 2 * G_PI);
  st_chart_set_color (cr, &plot->outlier, 1.0);
  cairo_fill (cr);
}

void
st_trends_plot_draw (cairo_t                  *cr,
                     PangoLayout              *pango,
                     const StTrendsPlotLayout *layout,
                     const StChartStyle       *style,
                     const StTrendsPlot       *plot)
{
  guint n_rows = MIN (plot->n_rows, ST_TRENDS_PLOT_MAX_ROWS);

  st_chart_paint_background (cr, style);
  if (plot->n == 0)
    {
      st_chart_set_color (cr, &style->foreground, 0.55);
      st_chart_draw_text (cr, pango, plot->empty_text, layout->width / 2, layout->height / 2, 0.5,
                          0);
      return;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      draw_row_frame (cr, pango, layout, style, plot, r);
      draw_band (cr, layout, style, plot, r);
      draw_spread (cr, layout, style, plot, r);
    }
  draw_columns (cr, layout, style, plot);
  for (guint r = 0; r < n_rows; r++)
    {
      draw_series (cr, layout, style, plot, r);
      draw_marks (cr, layout, style, plot, r);
    }
  draw_axis_and_legend (cr, pango, layout, style, plot);
}
