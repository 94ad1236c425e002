/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-share-plot.h"

#include "st-format.h"

#include <math.h>
#include <pango/pangocairo.h>

#define AXIS_GAP 6.0

static int
text_size (PangoLayout *pango, const char *text, int *height)
{
  int w;

  pango_layout_set_width (pango, -1);
  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, height);
  return w;
}

void
st_share_plot_layout (StShareLayout    *layout,
                      PangoLayout      *pango,
                      double            width,
                      double            height,
                      const StShareBin *bins,
                      guint             n_bins)
{
  int label_h, axis_w = text_size (pango, "100%", &label_h);

  layout->label_height = label_h + 2;
  layout->x = axis_w + AXIS_GAP;
  layout->y = label_h / 2.0;
  layout->width = MAX (1, width - layout->x);
  layout->height = MAX (1, height - layout->y - layout->label_height);
  layout->n_bins = n_bins;
  layout->start = n_bins > 0 ? bins[0].start : 0;
  layout->end = n_bins > 0 ? bins[n_bins - 1].end : 0;
}

gint
st_share_plot_bin_at (const StShareLayout *layout, double x, double y)
{
  gint k;

  if (layout->n_bins == 0 || x < layout->x || x >= layout->x + layout->width || y < layout->y
      || y >= layout->y + layout->height)
    return -1;
  k = (gint)((x - layout->x) / layout->width * layout->n_bins);
  return CLAMP (k, 0, (gint)layout->n_bins - 1);
}

void
st_share_plot_bin_rect (const StShareLayout *layout,
                        const StShareBin    *bins,
                        guint                index,
                        double              *x0,
                        double              *x1,
                        double              *top)
{
  double pitch = layout->width / MAX (1, layout->n_bins);
  double p = isnan (bins[index].percent) ? 0 : CLAMP (bins[index].percent, 0, 100);

  *x0 = floor (layout->x + index * pitch) + (pitch >= 4 ? 1 : 0);
  *x1 = MAX (*x0 + 1, floor (layout->x + (index + 1) * pitch));
  *top = layout->y + layout->height - round (p / 100 * layout->height);
}

static void
draw_axis (cairo_t *cr, PangoLayout *pango, const StShareLayout *layout, const StChartStyle *style)
{
  static const int ticks[] = { 0, 50, 100 };

  for (guint i = 0; i < G_N_ELEMENTS (ticks); i++)
    {
      double           y = floor (layout->y + layout->height * (1 - ticks[i] / 100.0)) + 0.5;
      g_autofree char *text = g_strdup_printf ("%d%%", ticks[i]);

      st_chart_set_color (cr, &style->grid, ticks[i] == 0 ? 2.0 : 1.0);
      cairo_move_to (cr, layout->x, y);
      cairo_line_to (cr, layout->x + layout->width, y);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      st_chart_set_color (cr, &style->foreground, 0.6);
      st_chart_draw_text (cr, pango, text, layout->x - AXIS_GAP, y, 1.0, 0);
    }
}

/* The range's start and end under the plot. */
static void
draw_times (cairo_t *cr, PangoLayout *pango, const StShareLayout *layout, const StChartStyle *style)
{
  g_autofree char *start = st_format_duration (layout->start);
  g_autofree char *end = st_format_duration (layout->end);
  double           y = layout->y + layout->height + layout->label_height / 2.0 + 1;

  st_chart_set_color (cr, &style->foreground, 0.6);
  st_chart_draw_text (cr, pango, start, layout->x, y, 0.0, layout->width / 2);
  st_chart_draw_text (cr, pango, end, layout->x + layout->width, y, 1.0, layout->width / 2);
}

void
st_share_plot_draw (cairo_t             *cr,
                    PangoLayout         *pango,
                    const StShareLayout *layout,
                    const StChartStyle  *style,
                    const StShareBin    *bins,
                    guint                color)
{
  draw_axis (cr, pango, layout, style);
  draw_times (cr, pango, layout, style);
  for (guint k = 0; k < layout->n_bins; k++)
    {
      double x0, x1, top, bottom = layout->y + layout->height;

      if (isnan (bins[k].percent))
        continue;
      st_share_plot_bin_rect (layout, bins, k, &x0, &x1, &top);
      /* the bin's whole height faint: communication is there, hidden or not */
      st_chart_set_color (cr, &style->track, 2.0);
      cairo_rectangle (cr, x0, layout->y, x1 - x0, bottom - layout->y);
      cairo_fill (cr);
      st_chart_set_color (cr, &style->series[color % ST_CHART_N_COLORS], 1.0);
      cairo_rectangle (cr, x0, top, x1 - x0, bottom - top);
      cairo_fill (cr);
    }
}
