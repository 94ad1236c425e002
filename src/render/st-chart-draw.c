/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-chart-draw.h"

#include "st-time-ruler.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>

#define MAX_PITCH    30.0
#define TICK_SPACING 28.0
#define AXIS_GAP     8.0
/* longest / shortest from which the y axis is logarithmic */
#define LOG_SCALE_RATIO 50

/* The libadwaita palette's blue, orange, green, purple, yellow, red,
 * brown and teal: the same as ui/style.css defines for widgets. */
static const guint32 light_series[ST_CHART_N_COLORS] = {
  0x3584e4, 0xff7800, 0x2ec27e, 0x9141ac, 0xe5a50a, 0xe01b24, 0x986a44, 0x2190a4,
};
static const guint32 dark_series[ST_CHART_N_COLORS] = {
  0x62a0ea, 0xffa348, 0x57e389, 0xc061cb, 0xf8e45c, 0xf66151, 0xcdab8f, 0x5bc8d9,
};

static StColor
rgb (guint32 hex, double alpha)
{
  return (StColor){ ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0, (hex & 0xff) / 255.0,
                    alpha };
}

void
st_chart_style_init_default (StChartStyle *style, gboolean dark)
{
  style->foreground = dark ? rgb (0xffffff, 1.0) : rgb (0x000000, 0.8);
  style->grid = dark ? rgb (0xffffff, 0.12) : rgb (0x000000, 0.10);
  style->track = dark ? rgb (0xffffff, 0.06) : rgb (0x000000, 0.05);
  style->background = dark ? rgb (0x1e1e1e, 1.0) : rgb (0xffffff, 1.0);
  style->region = rgb (0x9141ac, 1.0);
  style->accent = rgb (0x3584e4, 1.0);
  style->on_accent = rgb (0xffffff, 1.0);
  for (guint i = 0; i < ST_CHART_N_COLORS; i++)
    style->series[i] = rgb (dark ? dark_series[i] : light_series[i], 1.0);
}

void
st_chart_set_color (cairo_t *cr, const StColor *c, double alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

void
st_chart_paint_background (cairo_t *cr, const StChartStyle *style)
{
  if (style->background.a <= 0)
    return;
  st_chart_set_color (cr, &style->background, 1.0);
  cairo_paint (cr);
}

void
st_chart_draw_text (cairo_t     *cr,
                    PangoLayout *pango,
                    const char  *text,
                    double       x,
                    double       y,
                    double       xalign,
                    double       max_width)
{
  int w, h;

  pango_layout_set_width (pango, max_width > 0 ? (int)(max_width * PANGO_SCALE) : -1);
  pango_layout_set_ellipsize (pango, max_width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, &h);
  cairo_move_to (cr, round (x - w * xalign), round (y - h / 2.0));
  pango_cairo_show_layout (cr, pango);
  pango_layout_set_width (pango, -1);
  pango_layout_set_ellipsize (pango, PANGO_ELLIPSIZE_NONE);
}

/* Horizontal bars. */

void
st_chart_hbar_layout (StHBarLayout *layout,
                      double        x,
                      double        y,
                      double        width,
                      double        height,
                      guint         n_bars,
                      guint         n_segments,
                      double        label_width,
                      double        value_width,
                      double        max)
{
  layout->x = x;
  layout->y = y;
  layout->width = width;
  layout->height = height;
  layout->label_width = label_width;
  layout->value_width = value_width;
  layout->bar_x = x + label_width;
  layout->bar_width = MAX (1, width - label_width - value_width);
  layout->n_bars = n_bars;
  layout->n_segments = n_segments;
  layout->pitch = n_bars > 0 ? MIN (MAX_PITCH, height / n_bars) : MAX_PITCH;
  layout->bar_height = MAX (2, round (layout->pitch * 0.62));
  layout->max = max > 0 ? max : 1;
}

void
st_chart_hbar_segment_rect (const StHBarLayout *layout,
                            const double       *values,
                            guint               bar,
                            guint               segment,
                            double             *x0,
                            double             *x1,
                            double             *y0,
                            double             *y1)
{
  const double *row = values + (gsize)bar * layout->n_segments;
  double        before = 0;

  for (guint s = 0; s < segment; s++)
    before += MAX (0, row[s]);
  *x0 = layout->bar_x + before / layout->max * layout->bar_width;
  *x1 = layout->bar_x + (before + MAX (0, row[segment])) / layout->max * layout->bar_width;
  *y0 = layout->y + bar * layout->pitch + (layout->pitch - layout->bar_height) / 2;
  *y1 = *y0 + layout->bar_height;
}

gboolean
st_chart_hbar_segment_at (const StHBarLayout *layout,
                          const double       *values,
                          double              x,
                          double              y,
                          guint              *bar,
                          guint              *segment)
{
  guint b;

  if (y < layout->y || layout->n_bars == 0)
    return FALSE;
  b = (guint)((y - layout->y) / layout->pitch);
  if (b >= layout->n_bars)
    return FALSE;
  for (guint s = 0; s < layout->n_segments; s++)
    {
      double x0, x1, y0, y1;

      st_chart_hbar_segment_rect (layout, values, b, s, &x0, &x1, &y0, &y1);
      if (x >= x0 && x < x1 && y >= y0 && y < y1)
        {
          *bar = b;
          *segment = s;
          return TRUE;
        }
    }
  return FALSE;
}

void
st_chart_draw_hbars (cairo_t            *cr,
                     PangoLayout        *pango,
                     const StHBarLayout *layout,
                     const StChartStyle *style,
                     const char *const  *labels,
                     const char *const  *value_texts,
                     const double       *values,
                     const guint        *colors)
{
  for (guint b = 0; b < layout->n_bars; b++)
    {
      double mid = layout->y + (b + 0.5) * layout->pitch;
      double x0, x1, y0, y1;

      /* the whole scale faintly, so a short bar reads as short */
      st_chart_hbar_segment_rect (layout, values, b, 0, &x0, &x1, &y0, &y1);
      st_chart_set_color (cr, &style->track, 1.0);
      cairo_rectangle (cr, layout->bar_x, y0, layout->bar_width, y1 - y0);
      cairo_fill (cr);
      for (guint s = 0; s < layout->n_segments; s++)
        {
          st_chart_hbar_segment_rect (layout, values, b, s, &x0, &x1, &y0, &y1);
          if (x1 - x0 <= 0)
            continue;
          st_chart_set_color (cr, &style->series[colors[s] % ST_CHART_N_COLORS], 1.0);
          /* at least a hair, so a tiny share is still seen */
          cairo_rectangle (cr, x0, y0, MAX (1, x1 - x0), y1 - y0);
          cairo_fill (cr);
        }
      st_chart_set_color (cr, &style->foreground, 0.8);
      if (labels != NULL && labels[b] != NULL)
        st_chart_draw_text (cr, pango, labels[b], layout->x, mid, 0,
                            layout->label_width - AXIS_GAP);
      if (value_texts != NULL && value_texts[b] != NULL)
        st_chart_draw_text (cr, pango, value_texts[b], layout->x + layout->width, mid, 1,
                            layout->value_width - 4);
    }
}

/* Durations in columns. */

static int
compare_gint64 (const void *a, const void *b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return x < y ? -1 : x > y;
}

static gint64
quantile (const gint64 *sorted, guint n, double q)
{
  double pos = q * (n - 1);
  guint  i = (guint)floor (pos);
  double f = pos - i;

  if (i + 1 >= n)
    return sorted[n - 1];
  return sorted[i] + (gint64)round (f * (sorted[i + 1] - sorted[i]));
}

void
st_chart_series_compute_stats (StChartSeries *series)
{
  g_autofree gint64 *sorted = NULL;
  guint              n = series->n_values;

  if (n == 0)
    {
      series->min = series->q1 = series->median = series->q3 = series->max = 0;
      return;
    }
  sorted = g_memdup2 (series->values, n * sizeof (gint64));
  qsort (sorted, n, sizeof (gint64), compare_gint64);
  series->min = sorted[0];
  series->max = sorted[n - 1];
  series->q1 = quantile (sorted, n, 0.25);
  series->median = quantile (sorted, n, 0.5);
  series->q3 = quantile (sorted, n, 0.75);
}

static gint64
first_tick (const StDurationLayout *layout)
{
  return layout->log ? layout->log_lo : 0;
}

static gint64
last_tick (const StDurationLayout *layout)
{
  return layout->log ? layout->log_hi : layout->y_max;
}

static gint64
next_tick (const StDurationLayout *layout, gint64 t)
{
  return layout->log ? t * 10 : t + layout->step;
}

static void
tick_label (const StDurationLayout *layout, gint64 t, char *label, gsize size)
{
  if (layout->log)
    st_time_ruler_label (t, t, t, label, size);
  else
    st_time_ruler_label (t, layout->step, layout->y_max, label, size);
}

int
st_chart_duration_labels_width (const StDurationLayout *layout, PangoLayout *pango)
{
  int widest = 0;

  for (gint64 t = first_tick (layout); t <= last_tick (layout); t = next_tick (layout, t))
    {
      char label[32];
      int  w;

      tick_label (layout, t, label, sizeof label);
      pango_layout_set_text (pango, label, -1);
      pango_layout_get_pixel_size (pango, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

void
st_chart_duration_layout (StDurationLayout    *layout,
                          PangoLayout         *pango,
                          double               x,
                          double               y,
                          double               width,
                          double               height,
                          const StChartSeries *series,
                          guint                n_series)
{
  gint64 longest = 1, shortest = G_MAXINT64;
  int    widest, line = 14;

  for (guint s = 0; s < n_series; s++)
    if (series[s].visible && series[s].n_values > 0)
      {
        longest = MAX (longest, series[s].max);
        for (guint i = 0; i < series[s].n_values; i++)
          if (series[s].values[i] > 0)
            shortest = MIN (shortest, series[s].values[i]);
      }
  layout->log = shortest != G_MAXINT64 && longest / shortest >= LOG_SCALE_RATIO;
  if (layout->log)
    {
      layout->log_lo = 1;
      while (layout->log_lo * 10 < shortest)
        layout->log_lo *= 10;
      layout->log_hi = layout->log_lo;
      while (layout->log_hi < longest)
        layout->log_hi *= 10;
    }
  if (pango != NULL)
    {
      pango_layout_set_text (pango, "0", -1);
      pango_layout_get_pixel_size (pango, NULL, &line);
    }
  layout->label_height = line + 6;
  layout->y = y + line / 2.0;
  layout->height = MAX (1, height - layout->label_height - line / 2.0);
  layout->step = st_time_ruler_step (longest, layout->height, TICK_SPACING);
  layout->y_max = (longest + layout->step - 1) / layout->step * layout->step;
  if (layout->y_max == longest)
    layout->y_max += layout->step; /* room above the top point */
  widest = pango != NULL ? st_chart_duration_labels_width (layout, pango) : 0;
  layout->x = x + widest + AXIS_GAP;
  layout->width = MAX (1, width - widest - AXIS_GAP);
  layout->n_series = n_series;
}

double
st_chart_duration_y (const StDurationLayout *layout, gint64 value)
{
  double f;

  if (layout->log)
    f = value <= layout->log_lo ? 0
                                : log10 ((double)value / layout->log_lo)
                                      / log10 ((double)layout->log_hi / layout->log_lo);
  else
    f = (double)value / layout->y_max;
  return layout->y + layout->height - f * layout->height;
}

double
st_chart_column_x (const StDurationLayout *layout, guint series)
{
  return layout->x + (series + 0.5) * layout->width / MAX (1, layout->n_series);
}

/* Spread across the middle of the column, so equal durations do not hide
 * each other; the same data draws the same. */
double
st_chart_point_x (const StDurationLayout *layout, guint series, guint index)
{
  double column = layout->width / MAX (1, layout->n_series);
  double spread = MIN (column * 0.6, 120);
  /* a hash, not a sequence: points in time order would otherwise line up
   * in slanted streaks when duration drifts with time */
  guint32 h = (guint32)index * 2654435761u;
  double  f;

  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  f = h / 4294967296.0;

  return st_chart_column_x (layout, series) + (f - 0.5) * spread;
}

static gboolean
drawn_as_point (const StChartSeries *s, StChartMode mode, guint i)
{
  return mode == ST_CHART_SCATTER || (s->outliers != NULL && s->outliers[i]);
}

gboolean
st_chart_duration_point_at (const StDurationLayout *layout,
                            const StChartSeries    *series,
                            StChartMode             mode,
                            double                  x,
                            double                  y,
                            double                  radius,
                            guint                  *series_index,
                            guint                  *value_index)
{
  double   column = layout->width / MAX (1, layout->n_series);
  double   best = radius;
  gboolean found = FALSE;
  gint     s;

  if (layout->n_series == 0)
    return FALSE;
  s = (gint)floor ((x - layout->x) / column);
  /* a point belongs to the column it is drawn in, but a radius may reach
   * over the edge: look at the neighbours too */
  for (gint c = MAX (0, s - 1); c <= MIN ((gint)layout->n_series - 1, s + 1); c++)
    {
      const StChartSeries *ser = &series[c];

      if (!ser->visible)
        continue;
      for (guint i = 0; i < ser->n_values; i++)
        {
          double d;

          if (!drawn_as_point (ser, mode, i))
            continue;
          d = hypot (st_chart_point_x (layout, c, i) - x,
                     st_chart_duration_y (layout, ser->values[i]) - y);
          if (d <= best)
            {
              best = d;
              *series_index = c;
              *value_index = i;
              found = TRUE;
            }
        }
    }
  return found;
}

void
st_chart_draw_duration_axis (cairo_t                *cr,
                             PangoLayout            *pango,
                             const StDurationLayout *layout,
                             const StChartAxis      *axis)
{
  cairo_set_line_width (cr, 1);
  for (gint64 t = first_tick (layout); t <= last_tick (layout); t = next_tick (layout, t))
    {
      double y = round (st_chart_duration_y (layout, t)) + 0.5;
      char   label[32];

      st_chart_set_color (cr, axis->line,
                          t == first_tick (layout) ? axis->base_alpha : axis->line_alpha);
      cairo_move_to (cr, layout->x, y);
      cairo_line_to (cr, layout->x + layout->width, y);
      cairo_stroke (cr);
      tick_label (layout, t, label, sizeof label);
      st_chart_set_color (cr, axis->label, axis->label_alpha);
      if (pango != NULL)
        st_chart_draw_text (cr, pango, label, layout->x - axis->gap, y, 1.0, 0);
    }
}

static void
draw_box (cairo_t                *cr,
          const StDurationLayout *layout,
          const StChartSeries    *s,
          guint                   index,
          const StColor          *color)
{
  double cx = st_chart_column_x (layout, index);
  double half = MIN (layout->width / MAX (1, layout->n_series) * 0.25, 40);
  double y_min = st_chart_duration_y (layout, s->min), y_max = st_chart_duration_y (layout, s->max);
  double y_q1 = st_chart_duration_y (layout, s->q1), y_q3 = st_chart_duration_y (layout, s->q3);
  double y_med = st_chart_duration_y (layout, s->median);

  st_chart_set_color (cr, color, 0.35);
  cairo_rectangle (cr, cx - half, y_q3, 2 * half, MAX (1, y_q1 - y_q3));
  cairo_fill (cr);
  st_chart_set_color (cr, color, 1.0);
  cairo_set_line_width (cr, 1.5);
  cairo_rectangle (cr, cx - half, y_q3, 2 * half, MAX (1, y_q1 - y_q3));
  cairo_stroke (cr);
  cairo_set_line_width (cr, 2.5);
  cairo_move_to (cr, cx - half, y_med);
  cairo_line_to (cr, cx + half, y_med);
  cairo_stroke (cr);
  /* whiskers to the extremes */
  cairo_set_line_width (cr, 1.5);
  cairo_move_to (cr, cx, y_q1);
  cairo_line_to (cr, cx, y_min);
  cairo_move_to (cr, cx - half / 2, y_min);
  cairo_line_to (cr, cx + half / 2, y_min);
  cairo_move_to (cr, cx, y_q3);
  cairo_line_to (cr, cx, y_max);
  cairo_move_to (cr, cx - half / 2, y_max);
  cairo_line_to (cr, cx + half / 2, y_max);
  cairo_stroke (cr);
}

/* A dot with its centre moved right and down by a fraction of a pixel, in
 * each of POINT_PHASES × POINT_PHASES steps, so that stamped copies land
 * within an eighth of a pixel of where a drawn circle would be. */
#define POINT_PHASES 4
#define POINT_SIZE   ((int)(2 * ST_CHART_POINT_RADIUS) + 3)

typedef struct
{
  cairo_surface_t *dots[POINT_PHASES][POINT_PHASES];
} PointSprites;

static void
point_sprites_init (PointSprites *sprites, cairo_t *cr)
{
  for (int py = 0; py < POINT_PHASES; py++)
    for (int px = 0; px < POINT_PHASES; px++)
      {
        cairo_surface_t *dot = cairo_surface_create_similar (
            cairo_get_target (cr), CAIRO_CONTENT_ALPHA, POINT_SIZE, POINT_SIZE);
        cairo_t *dc = cairo_create (dot);

        cairo_arc (dc, 1 + ST_CHART_POINT_RADIUS + (double)px / POINT_PHASES,
                   1 + ST_CHART_POINT_RADIUS + (double)py / POINT_PHASES, ST_CHART_POINT_RADIUS, 0,
                   2 * G_PI);
        cairo_fill (dc);
        cairo_destroy (dc);
        sprites->dots[py][px] = dot;
      }
}

static void
point_sprites_clear (PointSprites *sprites)
{
  for (int py = 0; py < POINT_PHASES; py++)
    for (int px = 0; px < POINT_PHASES; px++)
      cairo_surface_destroy (sprites->dots[py][px]);
}

/* The points of series @c as one shape in @color: a circle each. Tens of
 * thousands of circles filled as one path cost cairo hundreds of ms, so
 * each is stamped from a sprite instead, all into a group first: where
 * they overlap they do not add up, as in one filled path. */
static void
fill_points (cairo_t                *cr,
             const PointSprites     *sprites,
             const StDurationLayout *layout,
             const StChartSeries    *s,
             guint                   c,
             StChartMode             mode,
             const StColor          *color)
{
  cairo_push_group (cr);
  st_chart_set_color (cr, color, 1.0);
  for (guint i = 0; i < s->n_values; i++)
    {
      /* in steps of 1 / POINT_PHASES px */
      gint64 x = (gint64)round (st_chart_point_x (layout, c, i) * POINT_PHASES);
      gint64 y = (gint64)round (st_chart_duration_y (layout, s->values[i]) * POINT_PHASES);
      gint64 ix = x >= 0 ? x / POINT_PHASES : -((-x + POINT_PHASES - 1) / POINT_PHASES);
      gint64 iy = y >= 0 ? y / POINT_PHASES : -((-y + POINT_PHASES - 1) / POINT_PHASES);

      if (!drawn_as_point (s, mode, i))
        continue;
      cairo_mask_surface (cr, sprites->dots[y - iy * POINT_PHASES][x - ix * POINT_PHASES],
                          ix - 1 - ST_CHART_POINT_RADIUS, iy - 1 - ST_CHART_POINT_RADIUS);
    }
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, mode == ST_CHART_SCATTER ? 0.8 : 1.0);
}

void
st_chart_draw_durations_frame (cairo_t                *cr,
                               PangoLayout            *pango,
                               const StDurationLayout *layout,
                               const StChartStyle     *style,
                               const StChartSeries    *series,
                               StChartMode             mode)
{
  double            column = layout->width / MAX (1, layout->n_series);
  const StChartAxis axis = { &style->grid, 2.5, 1.0, &style->foreground, 0.6, AXIS_GAP };

  st_chart_draw_duration_axis (cr, pango, layout, &axis);
  for (guint c = 0; c < layout->n_series; c++)
    {
      const StChartSeries *s = &series[c];

      if (pango != NULL && s->label != NULL)
        {
          st_chart_set_color (cr, &style->foreground, s->visible ? 0.75 : 0.35);
          st_chart_draw_text (cr, pango, s->label, st_chart_column_x (layout, c),
                              layout->y + layout->height + layout->label_height / 2 + 2, 0.5,
                              column - 6);
        }
      if (s->visible && s->n_values > 0 && mode == ST_CHART_BOX)
        draw_box (cr, layout, s, c, &style->series[s->color % ST_CHART_N_COLORS]);
    }
}

void
st_chart_draw_durations_points (cairo_t                *cr,
                                const StDurationLayout *layout,
                                const StChartStyle     *style,
                                const StChartSeries    *series,
                                StChartMode             mode)
{
  PointSprites sprites;

  point_sprites_init (&sprites, cr);
  for (guint c = 0; c < layout->n_series; c++)
    {
      const StChartSeries *s = &series[c];

      if (!s->visible || s->n_values == 0)
        continue;
      fill_points (cr, &sprites, layout, s, c, mode, &style->series[s->color % ST_CHART_N_COLORS]);
      /* outliers ringed: they are what the chart is for */
      if (s->outliers != NULL)
        {
          for (guint i = 0; i < s->n_values; i++)
            if (s->outliers[i])
              {
                cairo_new_sub_path (cr);
                cairo_arc (cr, st_chart_point_x (layout, c, i),
                           st_chart_duration_y (layout, s->values[i]), ST_CHART_POINT_RADIUS + 2.5,
                           0, 2 * G_PI);
              }
          st_chart_set_color (cr, &style->foreground, 0.8);
          cairo_set_line_width (cr, 1.2);
          cairo_stroke (cr);
        }
    }
  point_sprites_clear (&sprites);
}

void
st_chart_draw_durations (cairo_t                *cr,
                         PangoLayout            *pango,
                         const StDurationLayout *layout,
                         const StChartStyle     *style,
                         const StChartSeries    *series,
                         StChartMode             mode)
{
  st_chart_draw_durations_frame (cr, pango, layout, style, series, mode);
  st_chart_draw_durations_points (cr, layout, style, series, mode);
}
