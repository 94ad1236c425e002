/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-region-plot.h"

#include "st-time-ruler.h"
#include "st-time.h"

#include <math.h>

#define TICK_SPACING 26.0 /* px between y axis labels, at least */
#define AXIS_GAP     6.0  /* between a y label's right end and the plot */
#define FOCUS_HALF   (ST_REGION_PLOT_PICK_RADIUS + 3) /* the keyboard's frame, around a badge too */
#define TICK_LENGTH  3.0

void
st_region_plot_measure (const StRegionPlot *plot, StRegionPlotExtent *extent)
{
  *extent = (StRegionPlotExtent){ 1, 0, 0 };
  for (guint i = 0; i < plot->n; i++)
    {
      extent->longest = MAX (extent->longest, plot->durations[i]);
      extent->first = i == 0 ? plot->starts[i] : MIN (extent->first, plot->starts[i]);
      extent->last = i == 0 ? plot->starts[i] : MAX (extent->last, plot->starts[i]);
    }
}

void
st_region_plot_layout (StRegionPlotLayout *layout,
                       PangoLayout        *pango,
                       const StRegionPlot *plot,
                       double              width,
                       double              height)
{
  StDurationLayout  *area = &layout->area;
  StRegionPlotExtent measured;
  gint64             longest;

  if (plot->extent == NULL)
    st_region_plot_measure (plot, &measured);
  else
    measured = *plot->extent;
  longest = MAX (1, measured.longest);
  memset (layout, 0, sizeof *layout);
  layout->first = measured.first;
  layout->last = measured.last;
  layout->width = width;
  layout->height = height;
  area->y = ST_REGION_PLOT_PAD_TOP;
  area->height = MAX (1, height - ST_REGION_PLOT_PAD_TOP - ST_REGION_PLOT_PAD_BOTTOM);
  area->step = st_time_ruler_step (longest, area->height, TICK_SPACING);
  area->y_max = (longest + area->step - 1) / area->step * area->step;
  area->n_series = plot->n;
  area->x = st_chart_duration_labels_width (area, pango) + ST_REGION_PLOT_LABEL_GAP;
  area->width = MAX (1, width - area->x - ST_REGION_PLOT_PAD_RIGHT);
}

/* By start time: where @start falls between the inset edges. */
static double
time_x (const StRegionPlotLayout *layout, gint64 start)
{
  const StDurationLayout *area = &layout->area;
  double                  span = area->width - 2 * ST_REGION_PLOT_INSET;

  if (layout->last <= layout->first)
    return area->x + area->width / 2;
  return area->x + ST_REGION_PLOT_INSET
         + st_time_fraction (start, layout->first, layout->last) * MAX (0, span);
}

void
st_region_plot_point (const StRegionPlotLayout *layout,
                      const StRegionPlot       *plot,
                      guint                     index,
                      double                   *x,
                      double                   *y)
{
  g_return_if_fail (index < plot->n);
  *x = plot->axis == ST_REGION_PLOT_BY_INDEX ? st_chart_column_x (&layout->area, index)
                                             : time_x (layout, plot->starts[index]);
  *y = st_chart_duration_y (&layout->area, plot->durations[index]);
}

void
st_region_plot_nearest (const StRegionPlotLayout *layout,
                        const StRegionPlot       *plot,
                        guint                     index,
                        double                    x,
                        double                    y,
                        gint                     *best,
                        double                   *best_d)
{
  double px, py, d;

  st_region_plot_point (layout, plot, index, &px, &py);
  d = hypot (px - x, py - y);
  if (d <= *best_d)
    {
      *best_d = d;
      *best = (gint)index;
    }
}

gint
st_region_plot_point_at (const StRegionPlotLayout *layout,
                         const StRegionPlot       *plot,
                         double                    x,
                         double                    y)
{
  gint   best = -1;
  double best_d = ST_REGION_PLOT_HIT_RADIUS;

  if (plot->dots != NULL)
    return st_region_dots_point_at (plot->dots, layout, plot, x, y, ST_REGION_PLOT_HIT_RADIUS);
  if (plot->n >= ST_REGION_DOTS_MIN)
    return -1; /* not drawn yet */
  for (guint i = 0; i < plot->n; i++)
    st_region_plot_nearest (layout, plot, i, x, y, &best, &best_d);
  return best;
}

/* Smaller dots when they crowd, never so small that they are hard to see. */
double
st_region_plot_dot_radius (const StRegionPlotLayout *layout)
{
  return CLAMP (layout->area.width / MAX (1, layout->area.n_series) / 2.5, 2.5,
                ST_REGION_PLOT_DOT_RADIUS);
}

static void
draw_dots (cairo_t                  *cr,
           const StRegionPlotLayout *layout,
           const StChartStyle       *style,
           const StRegionPlot       *plot)
{
  double radius = st_region_plot_dot_radius (layout);

  st_chart_set_color (cr, &style->region, 0.85);
  if (plot->dots != NULL)
    {
      st_region_dots_fill (plot->dots, cr);
      return;
    }
  if (plot->n >= ST_REGION_DOTS_MIN)
    return; /* too many to draw one by one: only from their dots */
  for (guint i = 0; i < plot->n; i++)
    {
      double x, y;

      st_region_plot_point (layout, plot, i, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_close_path (cr);
    }
  cairo_fill (cr);
}

/* A ring around the selected dot, a fainter one around the hovered. */
static void
draw_rings (cairo_t                  *cr,
            const StRegionPlotLayout *layout,
            const StChartStyle       *style,
            const StRegionPlot       *plot)
{
  double radius = st_region_plot_dot_radius (layout);
  gint   ringed[2] = { plot->selected, plot->hover };

  cairo_set_line_width (cr, 1.5);
  for (guint k = 0; k < G_N_ELEMENTS (ringed); k++)
    {
      gint   i = ringed[k];
      double x, y;

      if (i < 0 || i >= (gint)plot->n || (k == 1 && i == plot->selected))
        continue;
      st_region_plot_point (layout, plot, i, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, radius + 3, 0, 2 * G_PI);
      st_chart_set_color (cr, &style->foreground, (gint)i == plot->selected ? 0.9 : 0.5);
      cairo_stroke (cr);
    }
}

/* A square frame in the accent colour around the dot the keyboard is on,
 * wide enough to go around a badge. */
static void
draw_focus (cairo_t                  *cr,
            const StRegionPlotLayout *layout,
            const StChartStyle       *style,
            const StRegionPlot       *plot)
{
  double x, y;

  if (plot->focus < 0 || plot->focus >= (gint)plot->n)
    return;
  st_region_plot_point (layout, plot, plot->focus, &x, &y);
  cairo_rectangle (cr, x - FOCUS_HALF, y - FOCUS_HALF, 2 * FOCUS_HALF, 2 * FOCUS_HALF);
  cairo_set_line_width (cr, 2);
  st_chart_set_color (cr, &style->accent, 1.0);
  cairo_stroke (cr);
}

/* A picked dot: a line down to the axis and a disc in the accent colour
 * with its pick number. */
static void
draw_pick (cairo_t                  *cr,
           PangoLayout              *pango,
           const StRegionPlotLayout *layout,
           const StChartStyle       *style,
           double                    x,
           double                    y,
           guint                     number)
{
  double bottom = layout->area.y + layout->area.height;
  char   text[4];

  st_chart_set_color (cr, &style->accent, 0.6);
  cairo_rectangle (cr, floor (x), y, 1, MAX (0, bottom - y));
  cairo_fill (cr);
  cairo_arc (cr, x, y, ST_REGION_PLOT_PICK_RADIUS, 0, 2 * G_PI);
  st_chart_set_color (cr, &style->accent, 1.0);
  cairo_fill (cr);
  g_snprintf (text, sizeof text, "%u", number);
  st_chart_set_color (cr, &style->on_accent, 1.0);
  st_chart_draw_text (cr, pango, text, x, y, 0.5, 0);
}

/* By index: the first and last region's numbers. */
static void
draw_numbers (cairo_t                  *cr,
              PangoLayout              *pango,
              const StRegionPlotLayout *layout,
              const StRegionPlot       *plot)
{
  double           y = layout->height - ST_REGION_PLOT_PAD_BOTTOM / 2;
  g_autofree char *last = g_strdup_printf ("%u", plot->n);

  st_chart_draw_text (cr, pango, "1", st_chart_column_x (&layout->area, 0), y, 0.5, 0);
  /* right-aligned: "2009" centred on the last dot would leave the chart */
  if (plot->n > 1)
    st_chart_draw_text (cr, pango, last, st_chart_column_x (&layout->area, plot->n - 1) + 4, y, 1.0,
                        0);
}

/* By start time: ticks as the timeline's ruler has them, counted from the
 * trace start, each label kept inside the picture. */
static void
draw_times (cairo_t *cr, PangoLayout *pango, const StRegionPlotLayout *layout)
{
  const StDurationLayout *area = &layout->area;
  double                  bottom = area->y + area->height;
  double                  y = layout->height - ST_REGION_PLOT_PAD_BOTTOM / 2 + TICK_LENGTH / 2;
  g_autoptr (GArray)      ticks = NULL;

  if (layout->last <= layout->first)
    return;
  pango_layout_set_width (pango, -1);
  ticks = st_time_ruler_fit (pango, layout->first, layout->last, area->x + ST_REGION_PLOT_INSET,
                             MAX (1, area->width - 2 * ST_REGION_PLOT_INSET));
  for (guint i = 0; i < ticks->len; i++)
    {
      const StRulerTick *tick = &g_array_index (ticks, StRulerTick, i);
      int                w;

      cairo_rectangle (cr, floor (tick->x), bottom, 1, TICK_LENGTH);
      cairo_fill (cr);
      pango_layout_set_text (pango, tick->label, -1);
      pango_layout_get_pixel_size (pango, &w, NULL);
      st_chart_draw_text (cr, pango, tick->label,
                          CLAMP (tick->x, w / 2.0 + 1, layout->width - w / 2.0 - 1), y, 0.5, 0);
    }
}

void
st_region_plot_draw (cairo_t                  *cr,
                     PangoLayout              *pango,
                     const StRegionPlotLayout *layout,
                     const StChartStyle       *style,
                     const StRegionPlot       *plot)
{
  const StChartAxis axis = { &style->foreground, 0.3, 0.1, &style->foreground, 0.55, AXIS_GAP };

  st_chart_paint_background (cr, style);
  if (plot->n == 0)
    {
      st_chart_set_color (cr, &style->foreground, 0.55);
      st_chart_draw_text (cr, pango, plot->empty_text, layout->width / 2, layout->height / 2, 0.5,
                          0);
      return;
    }
  st_chart_draw_duration_axis (cr, pango, &layout->area, &axis);
  st_chart_set_color (cr, &style->foreground, 0.55);
  if (plot->axis == ST_REGION_PLOT_BY_INDEX)
    draw_numbers (cr, pango, layout, plot);
  else
    draw_times (cr, pango, layout);
  draw_dots (cr, layout, style, plot);
  draw_rings (cr, layout, style, plot);
  for (guint k = 0; k < plot->n_picks; k++)
    {
      double x, y;

      st_region_plot_point (layout, plot, plot->picks[k], &x, &y);
      draw_pick (cr, pango, layout, style, x, y, k + 1);
    }
  draw_focus (cr, layout, style, plot);
}
