/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-histogram-plot.h"

#include "st-format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PAD_TOP        18.0 /* the percentiles' labels above the plot */
#define PAD_RIGHT      12.0
#define AXIS_HEIGHT    22.0 /* the x axis's labels under the plot */
#define LABEL_GAP      6.0  /* between a y label and the plot */
#define Y_SPACING      24.0 /* px between y labels, at least */
#define X_SPACING      14.0 /* between two x labels, at least */
#define LEGEND_ROW     18.0
#define LEGEND_SWATCH  10.0
#define LEGEND_MAX     220.0 /* a legend entry's label is cut here */
#define LEGEND_SPACING 14.0
#define TICK_LENGTH    4.0

guint
st_histogram_plot_series_of (guint group)
{
  return MIN (group, ST_HISTOGRAM_MAX_SERIES - 1);
}

static guint
n_series (const StNameDistribution *d)
{
  if (d->grouping == ST_GROUPING_NONE || d->n_groups == 0)
    return 1;
  return MIN (d->n_groups, ST_HISTOGRAM_MAX_SERIES);
}

static gboolean
has_zero_bin (const StNameDistribution *d)
{
  return d->n_bins > 0 && d->bins[0].k == G_MININT;
}

/* A count's label: 1 203 */
static void
count_text (guint count, char *buf, gsize size)
{
  g_autofree char *text = st_format_count (count);
  g_strlcpy (buf, text, size);
}

/* 1, 2 or 5 × 10^n, the smallest such at or above @value. */
static guint
nice_step (double value)
{
  guint step = 1;

  while (step < value)
    {
      if (step * 2 >= value)
        return step * 2;
      if (step * 5 >= value)
        return step * 5;
      step *= 10;
    }
  return step;
}

static void
layout_y (StHistogramLayout *layout, PangoLayout *pango, const StNameDistribution *d)
{
  guint most = 1;
  char  text[32];
  int   w;

  for (guint b = 0; b < d->n_bins; b++)
    most = MAX (most, d->bins[b].count);
  layout->y_step = nice_step (most / MAX (1.0, floor (layout->h / Y_SPACING)));
  layout->y_max = (most + layout->y_step - 1) / layout->y_step * layout->y_step;
  count_text (layout->y_max, text, sizeof text);
  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, NULL);
  layout->x = w + LABEL_GAP + 2;
  layout->w = MAX (1, layout->width - layout->x - PAD_RIGHT);
}

static const char *
group_name (const StHistogramPlot *plot, guint series)
{
  const StNameDistribution *d = plot->distribution;

  if (series == ST_HISTOGRAM_MAX_SERIES - 1 && d->n_groups > ST_HISTOGRAM_MAX_SERIES)
    return plot->other_text;
  return d->groups[series].label ? d->groups[series].label : plot->no_parent_text;
}

/* The count of each legend entry: its group's, or every group's past the
 * seventh. */
static guint
series_count (const StNameDistribution *d, guint series)
{
  guint n = 0;

  if (series < ST_HISTOGRAM_MAX_SERIES - 1 || d->n_groups <= ST_HISTOGRAM_MAX_SERIES)
    return d->groups[series].stats.count;
  for (guint g = series; g < d->n_groups; g++)
    n += d->groups[g].stats.count;
  return n;
}

static char *
legend_text (const StHistogramPlot *plot, guint series)
{
  g_autofree char *count = st_format_count (series_count (plot->distribution, series));

  return g_strdup_printf ("%s (%s)", group_name (plot, series), count);
}

static double
legend_entry_width (PangoLayout *pango, const StHistogramPlot *plot, guint series)
{
  g_autofree char *text = legend_text (plot, series);
  int              w;

  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, NULL);
  return LEGEND_SWATCH + 4 + MIN (w, LEGEND_MAX);
}

/* How many rows the legend takes at @width; 0 without groups. */
static guint
legend_rows (PangoLayout *pango, const StHistogramPlot *plot, double width)
{
  const StNameDistribution *d = plot->distribution;
  guint                     rows = 1;
  double                    x = 0;

  if (d->grouping == ST_GROUPING_NONE || d->n_groups == 0)
    return 0;
  for (guint s = 0; s < n_series (d); s++)
    {
      double w = legend_entry_width (pango, plot, s);

      if (x > 0 && x + w > width)
        {
          rows++;
          x = 0;
        }
      x += w + LEGEND_SPACING;
    }
  return rows;
}

void
st_histogram_plot_layout (StHistogramLayout     *layout,
                          PangoLayout           *pango,
                          const StHistogramPlot *plot,
                          double                 width,
                          double                 height)
{
  const StNameDistribution *d = plot->distribution;
  guint                     first, positive;
  double                    unit;

  memset (layout, 0, sizeof *layout);
  layout->width = width;
  layout->height = height;
  if (d == NULL || d->n_bins == 0)
    return;
  first = has_zero_bin (d) ? 1 : 0;
  positive = d->n_bins - first;
  layout->n_series = n_series (d);
  layout->legend_rows = legend_rows (pango, plot, MAX (1, width - 12));
  layout->y = PAD_TOP;
  layout->h = MAX (1, height - PAD_TOP - AXIS_HEIGHT - layout->legend_rows * LEGEND_ROW);
  layout->legend_y = layout->y + layout->h + AXIS_HEIGHT + LEGEND_ROW / 2;
  layout_y (layout, pango, d);
  if (positive > 0)
    {
      layout->log_lo = (double)d->bins[first].k / d->bins_per_decade;
      layout->log_hi = (double)(d->bins[d->n_bins - 1].k + 1) / d->bins_per_decade;
    }
  if (first == 0)
    return;
  /* the bin of 0 ns: a slot as wide as a bin, then half a bin of gap */
  unit = positive > 0 ? layout->w / (positive + 1.5) : layout->w / 3;
  layout->zero_x0 = layout->x + (positive > 0 ? 0 : unit);
  layout->zero_x1 = layout->zero_x0 + unit;
}

/* Where the positive bins' axis starts: after the slot of 0 ns. */
static double
axis_x (const StHistogramLayout *layout)
{
  return layout->zero_x1 > layout->zero_x0
             ? layout->zero_x1 + (layout->zero_x1 - layout->zero_x0) / 2
             : layout->x;
}

static double
log_x (const StHistogramLayout *layout, double log_ns)
{
  double x0 = axis_x (layout), span = layout->log_hi - layout->log_lo;

  if (span <= 0)
    return x0;
  return x0 + (log_ns - layout->log_lo) / span * (layout->x + layout->w - x0);
}

double
st_histogram_plot_x (const StHistogramLayout *layout, gint64 ns)
{
  if (ns <= 0)
    return (layout->zero_x0 + layout->zero_x1) / 2;
  return log_x (layout, log10 ((double)ns));
}

void
st_histogram_plot_bin_span (const StHistogramLayout *layout,
                            const StHistogramPlot   *plot,
                            guint                    bin,
                            double                  *x0,
                            double                  *x1)
{
  const StNameDistribution *d = plot->distribution;
  const StDurationBin      *b = &d->bins[bin];

  if (b->k == G_MININT)
    {
      *x0 = layout->zero_x0;
      *x1 = layout->zero_x1;
      return;
    }
  *x0 = log_x (layout, (double)b->k / d->bins_per_decade);
  *x1 = log_x (layout, (double)(b->k + 1) / d->bins_per_decade);
}

gint
st_histogram_plot_bin_at (const StHistogramLayout *layout,
                          const StHistogramPlot   *plot,
                          double                   x,
                          double                   y)
{
  if (y < layout->y || y > layout->y + layout->h)
    return -1;
  for (guint b = 0; b < plot->distribution->n_bins; b++)
    {
      double x0, x1;

      st_histogram_plot_bin_span (layout, plot, b, &x0, &x1);
      if (x >= x0 && x < x1)
        return b;
    }
  return -1;
}

static double
count_y (const StHistogramLayout *layout, guint count)
{
  return layout->y + layout->h - (double)count / MAX (1, layout->y_max) * layout->h;
}

static void
draw_y_axis (cairo_t *cr, PangoLayout *pango, const StHistogramLayout *l, const StChartStyle *style)
{
  for (guint v = 0; v <= l->y_max; v += l->y_step)
    {
      double y = floor (count_y (l, v)) + 0.5;
      char   text[32];

      st_chart_set_color (cr, &style->grid, v == 0 ? 1.0 : 0.5);
      cairo_rectangle (cr, l->x, floor (y), l->w, 1);
      cairo_fill (cr);
      count_text (v, text, sizeof text);
      st_chart_set_color (cr, &style->foreground, 0.55);
      st_chart_draw_text (cr, pango, text, l->x - LABEL_GAP, y, 1.0, 0);
      if (l->y_step == 0)
        break;
    }
}

/* A tick's label, short: "20 µs", "1.5 ms", "500 ns". */
static void
tick_text (double ns, char *buf, gsize size)
{
  static const struct
  {
    double      scale;
    const char *unit;
  } units[] = { { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "µs" }, { 1, "ns" } };
  guint u = 0;

  while (u + 1 < G_N_ELEMENTS (units) && ns < units[u].scale * 0.9999)
    u++;
  g_snprintf (buf, size, "%.3g %s", ns / units[u].scale, units[u].unit);
}

static double
text_width (PangoLayout *pango, const char *text)
{
  int w;

  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, NULL);
  return w;
}

/* The ticks of the axis in ns: 1, 2 and 5 × 10^n where their labels fit,
 * else the powers of ten (every other one, or fewer, when crowded); on a
 * range too narrow for two of those, evenly spaced round values. */
static GArray *
x_ticks (const StHistogramLayout *l, PangoLayout *pango)
{
  static const double steps[][3] = { { 1, 2, 5 }, { 1, 0, 0 } };
  GArray             *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  double              room = text_width (pango, "500 µs") + X_SPACING;

  for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
    for (guint every = 1; every <= 8; every *= 2)
      {
        g_array_set_size (ticks, 0);
        for (int e = (int)floor (l->log_lo); e <= (int)ceil (l->log_hi); e++)
          for (guint m = 0; m < 3 && (e % every == 0); m++)
            {
              double v = steps[s][m] * pow (10, e), lv = log10 (v);
              if (steps[s][m] > 0 && lv >= l->log_lo - 1e-9 && lv <= l->log_hi + 1e-9)
                g_array_append_val (ticks, v);
            }
        if (ticks->len >= 2
            && log_x (l, log10 (g_array_index (ticks, double, 1)))
                       - log_x (l, log10 (g_array_index (ticks, double, 0)))
                   >= room)
          return ticks;
        if (s == 0)
          break;
      }
  if (ticks->len < 2)
    {
      double lo = pow (10, l->log_lo), hi = pow (10, l->log_hi);
      double step = nice_step ((hi - lo) / MAX (1, floor (l->w / room)));

      g_array_set_size (ticks, 0);
      for (double v = ceil (lo / step) * step; v <= hi; v += step)
        g_array_append_val (ticks, v);
    }
  return ticks;
}

static void
draw_x_axis (cairo_t *cr, PangoLayout *pango, const StHistogramLayout *l, const StChartStyle *style)
{
  double             bottom = l->y + l->h, label_y = bottom + TICK_LENGTH + AXIS_HEIGHT / 2 - 2;
  g_autoptr (GArray) ticks = NULL;

  st_chart_set_color (cr, &style->foreground, 0.55);
  if (l->zero_x1 > l->zero_x0)
    st_chart_draw_text (cr, pango, "0", (l->zero_x0 + l->zero_x1) / 2, label_y, 0.5, 0);
  if (l->log_hi <= l->log_lo)
    return;
  ticks = x_ticks (l, pango);
  for (guint i = 0; i < ticks->len; i++)
    {
      double v = g_array_index (ticks, double, i), x = log_x (l, log10 (v)), w;
      char   text[32];

      tick_text (v, text, sizeof text);
      w = text_width (pango, text);
      cairo_rectangle (cr, floor (x), bottom, 1, TICK_LENGTH);
      cairo_fill (cr);
      st_chart_draw_text (cr, pango, text, CLAMP (x, w / 2 + 1, l->width - w / 2 - 1), label_y, 0.5,
                          0);
    }
}

/* Each series' count in bin @bin, stacked from the largest group. */
static void
bin_series (const StNameDistribution *d, guint bin, guint *counts)
{
  memset (counts, 0, sizeof (guint) * ST_HISTOGRAM_MAX_SERIES);
  if (d->grouping == ST_GROUPING_NONE || d->n_groups == 0)
    {
      counts[0] = d->bins[bin].count;
      return;
    }
  for (guint g = 0; g < d->n_groups; g++)
    counts[st_histogram_plot_series_of (g)] += d->groups[g].bin_counts[bin];
}

static void
draw_bars (cairo_t                 *cr,
           const StHistogramLayout *l,
           const StChartStyle      *style,
           const StHistogramPlot   *plot)
{
  const StNameDistribution *d = plot->distribution;

  for (guint b = 0; b < d->n_bins; b++)
    {
      guint  counts[ST_HISTOGRAM_MAX_SERIES], below = 0;
      double x0, x1, inset, alpha;

      if (d->bins[b].count == 0)
        continue;
      st_histogram_plot_bin_span (l, plot, b, &x0, &x1);
      inset = x1 - x0 >= 4 ? 0.5 : 0;
      /* with a selection, the bars outside it step back */
      alpha = plot->selected_first < 0
                      || ((gint)b >= plot->selected_first && (gint)b <= plot->selected_last)
                  ? 1.0
                  : 0.4;
      bin_series (d, b, counts);
      for (guint s = 0; s < l->n_series; s++)
        {
          double top = count_y (l, below + counts[s]), base = count_y (l, below);

          if (counts[s] == 0)
            continue;
          /* a bin of one instance still shows: at least a pixel */
          top = MIN (top, base - 1);
          cairo_rectangle (cr, x0 + inset, top, MAX (1, x1 - x0 - 2 * inset), base - top);
          st_chart_set_color (cr, &style->series[s], alpha);
          cairo_fill (cr);
          below += counts[s];
        }
    }
}

/* The selected bins framed in the accent colour over the plot's height
 * (a frame, not a fill: a band as tall as the plot would read as a bar),
 * the hovered one lit. */
static void
draw_bands (cairo_t                 *cr,
            const StHistogramLayout *l,
            const StChartStyle      *style,
            const StHistogramPlot   *plot)
{
  double x0, x1, a0, a1;

  if (plot->selected_first >= 0 && plot->selected_last >= plot->selected_first
      && plot->selected_last < (gint)plot->distribution->n_bins)
    {
      st_histogram_plot_bin_span (l, plot, plot->selected_first, &x0, &a1);
      st_histogram_plot_bin_span (l, plot, plot->selected_last, &a0, &x1);
      x0 = floor (x0) - 1.5;
      x1 = MAX (ceil (x1) + 1.5, x0 + 4);
      cairo_rectangle (cr, x0, l->y + 0.75, x1 - x0, l->h - 0.75);
      st_chart_set_color (cr, &style->accent, 0.1);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.5);
      st_chart_set_color (cr, &style->accent, 1.0);
      cairo_stroke (cr);
    }
  if (plot->hover >= 0 && plot->hover < (gint)plot->distribution->n_bins)
    {
      st_histogram_plot_bin_span (l, plot, plot->hover, &x0, &x1);
      cairo_rectangle (cr, x0, l->y, MAX (2, x1 - x0), l->h);
      st_chart_set_color (cr, &style->foreground, 0.08);
      cairo_fill (cr);
    }
}

/* Dashed lines at p50, p90 and p99, labelled above the plot: percentiles
 * of one duration share a label ("p90 p99"), a label that would touch the
 * one before moves right of it, and the last ones move left to stay in the
 * picture. */
static void
draw_percentiles (cairo_t                 *cr,
                  PangoLayout             *pango,
                  const StHistogramLayout *l,
                  const StChartStyle      *style,
                  const StHistogramPlot   *plot)
{
  const StDurationStats *s = &plot->distribution->stats;
  const gint64           values[] = { s->p50_ns, s->p90_ns, s->p99_ns };
  const char            *names[] = { "p50", "p90", "p99" };
  const double           dash[] = { 3, 3 };
  char                   labels[3][16] = { "" };
  double                 xs[3], lefts[3], widths[3], after = 0, limit = l->width - 1;
  guint                  n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      if (n > 0 && values[i] == values[i - 1])
        {
          g_strlcat (labels[n - 1], " ", sizeof labels[0]);
          g_strlcat (labels[n - 1], names[i], sizeof labels[0]);
          continue;
        }
      xs[n] = floor (st_histogram_plot_x (l, values[i])) + 0.5;
      g_strlcpy (labels[n++], names[i], sizeof labels[0]);
    }
  for (guint i = 0; i < n; i++)
    {
      widths[i] = text_width (pango, labels[i]);
      lefts[i] = MAX (xs[i] - widths[i] / 2, after);
      after = lefts[i] + widths[i] + 6;
    }
  for (gint i = (gint)n - 1; i >= 0; i--)
    {
      lefts[i] = MIN (lefts[i], limit - widths[i]);
      limit = lefts[i] - 6;
    }
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < n; i++)
    {
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, xs[i], l->y);
      cairo_line_to (cr, xs[i], l->y + l->h);
      st_chart_set_color (cr, &style->foreground, 0.6);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      st_chart_set_color (cr, &style->foreground, 0.75);
      st_chart_draw_text (cr, pango, labels[i], lefts[i], l->y - PAD_TOP / 2, 0.0, 0);
    }
}

static void
draw_legend (cairo_t                 *cr,
             PangoLayout             *pango,
             const StHistogramLayout *l,
             const StChartStyle      *style,
             const StHistogramPlot   *plot)
{
  double x = 6, y = l->legend_y;

  for (guint s = 0; l->legend_rows > 0 && s < l->n_series; s++)
    {
      g_autofree char *text = legend_text (plot, s);
      double           w = legend_entry_width (pango, plot, s);

      if (x > 6 && x + w > l->width - 6)
        {
          x = 6;
          y += LEGEND_ROW;
        }
      cairo_rectangle (cr, x, y - LEGEND_SWATCH / 2, LEGEND_SWATCH, LEGEND_SWATCH);
      st_chart_set_color (cr, &style->series[s], 1.0);
      cairo_fill (cr);
      st_chart_set_color (cr, &style->foreground, 0.8);
      st_chart_draw_text (cr, pango, text, x + LEGEND_SWATCH + 4, y, 0, LEGEND_MAX);
      x += w + LEGEND_SPACING;
    }
}

/* The bin the keyboard is on: a dashed frame, apart from the selection's. */
static void
draw_focus (cairo_t                 *cr,
            const StHistogramLayout *l,
            const StChartStyle      *style,
            const StHistogramPlot   *plot)
{
  const double dash[] = { 2, 2 };
  double       x0, x1;

  if (plot->focus < 0 || plot->focus >= (gint)plot->distribution->n_bins)
    return;
  st_histogram_plot_bin_span (l, plot, plot->focus, &x0, &x1);
  cairo_rectangle (cr, floor (x0) - 3.5, l->y - 2.5, MAX (7, ceil (x1 - x0) + 7), l->h + 5);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dash, 2, 0);
  st_chart_set_color (cr, &style->foreground, 0.8);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

void
st_histogram_plot_draw (cairo_t                 *cr,
                        PangoLayout             *pango,
                        const StHistogramLayout *layout,
                        const StChartStyle      *style,
                        const StHistogramPlot   *plot)
{
  st_chart_paint_background (cr, style);
  if (plot->distribution == NULL || plot->distribution->n_bins == 0)
    {
      st_chart_set_color (cr, &style->foreground, 0.55);
      st_chart_draw_text (cr, pango, plot->empty_text, layout->width / 2, layout->height / 2, 0.5,
                          0);
      return;
    }
  draw_bands (cr, layout, style, plot);
  draw_y_axis (cr, pango, layout, style);
  draw_bars (cr, layout, style, plot);
  draw_percentiles (cr, pango, layout, style, plot);
  draw_x_axis (cr, pango, layout, style);
  draw_legend (cr, pango, layout, style, plot);
  draw_focus (cr, layout, style, plot);
}
