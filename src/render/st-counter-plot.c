/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-counter-plot.h"

#include <math.h>

/* The min and max of the samples in one pixel column. */
typedef struct
{
  double   min;
  double   max;
  gboolean any;
} Column;

static guint
first_sample_at (const StCounterSeries *s, guint from, gint64 t)
{
  guint a = from, b = s->n_samples;

  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (s->ts[mid] < t)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

static Column
column_range (const StCounterSeries *s, guint i, guint j)
{
  Column c = { G_MAXDOUBLE, -G_MAXDOUBLE, i < j };

  while (i < j)
    {
      if (i % ST_COUNTER_BLOCK == 0 && i + ST_COUNTER_BLOCK <= j)
        {
          c.min = MIN (c.min, s->block_min[i / ST_COUNTER_BLOCK]);
          c.max = MAX (c.max, s->block_max[i / ST_COUNTER_BLOCK]);
          i += ST_COUNTER_BLOCK;
          continue;
        }
      c.min = MIN (c.min, s->values[i]);
      c.max = MAX (c.max, s->values[i]);
      i++;
    }
  return c;
}

/* One pixel column of a counter: the screen rows of its min and max. */
typedef struct
{
  int y_min; /* lower on screen: the smaller value */
  int y_max;
} Span;

/* The min and max of each pixel column of @s, G_MININT where it has no
 * value yet; every column needs only the samples it covers (or the blocks
 * of them), and a column without samples holds the last value. */
static void
series_columns (const StCounterSeries *s,
                const StViewport      *vp,
                double                 top,
                double                 h,
                double                 lo,
                double                 range,
                Span                  *out)
{
  int    x0 = (int)st_viewport_track_x (vp), x1 = (int)vp->width;
  guint  i = first_sample_at (s, 0, vp->start);
  double held = i > 0 ? s->values[i - 1] : NAN;

  for (int x = x0; x < x1; x++)
    {
      guint  j = first_sample_at (s, i, st_viewport_time_at (vp, x + 1));
      Column c = column_range (s, i, j);
      double vmin = c.any ? c.min : held, vmax = c.any ? c.max : held;

      out[x - x0].y_min = isnan (vmin) ? G_MININT : (int)round (top + h - (vmin - lo) / range * h);
      out[x - x0].y_max = isnan (vmax) ? G_MININT : (int)round (top + h - (vmax - lo) / range * h);
      if (c.any)
        held = s->values[j - 1];
      i = j;
    }
}

/* Adds a rectangle per run of equal columns: from the minimum's row down to
 * @base when @to_base, else from the maximum's row down to the minimum's,
 * or only @thick rows from the maximum's (not on the baseline itself). */
static void
add_column_runs (cairo_t    *cr,
                 const Span *spans,
                 int         n,
                 int         x0,
                 int         base,
                 gboolean    to_base,
                 int         thick)
{
  for (int x = 0; x < n;)
    {
      int end = x + 1, top, bottom;

      while (end < n && spans[end].y_min == spans[x].y_min && spans[end].y_max == spans[x].y_max)
        end++;
      if (spans[x].y_min != G_MININT)
        {
          top = to_base ? spans[x].y_min : spans[x].y_max;
          bottom = thick > 0 ? MIN (top + thick, base) : to_base ? base : spans[x].y_min;
          if (bottom > top)
            cairo_rectangle (cr, x0 + x, top, end - x, bottom - top);
        }
      x = end;
    }
}

/* A stepped area: solid up to each pixel column's minimum, lighter from
 * there to its maximum, and a line along the maxima. Pixel-aligned
 * rectangles, so cairo fills them without antialiasing work. */
static void
draw_series (cairo_t               *cr,
             const StCounterSeries *s,
             const StColor         *color,
             double                 top,
             double                 h,
             double                 lo,
             double                 hi,
             const StViewport      *vp)
{
  int              x0 = (int)st_viewport_track_x (vp), n = MAX (0, (int)vp->width - x0);
  g_autofree Span *spans = g_new (Span, MAX (1, n));
  int              base = (int)round (top + h);

  series_columns (s, vp, top, h, lo, hi > lo ? hi - lo : 1.0, spans);
  add_column_runs (cr, spans, n, x0, base, TRUE, 0);
  cairo_set_source_rgba (cr, color->r, color->g, color->b, 0.55);
  cairo_fill (cr);
  add_column_runs (cr, spans, n, x0, base, FALSE, 0);
  cairo_set_source_rgba (cr, color->r, color->g, color->b, 0.3);
  cairo_fill (cr);
  add_column_runs (cr, spans, n, x0, base, FALSE, 1);
  cairo_set_source_rgba (cr, color->r, color->g, color->b, 1.0);
  cairo_fill (cr);
}

void
st_counter_plot_draw_series (StTimelineRenderer    *renderer,
                             cairo_t               *cr,
                             const StCounterSeries *series,
                             guint                  n_series,
                             const StColor         *color,
                             double                 y,
                             const StViewport      *vp)
{
  double lo = 0, hi = 0;

  for (guint k = 0; k < n_series; k++)
    {
      lo = MIN (lo, series[k].min);
      hi = MAX (hi, series[k].max);
    }
  for (guint k = 0; k < n_series; k++)
    draw_series (cr, &series[k],
                 color != NULL ? color : st_timeline_renderer_name_color (renderer, series[k].name),
                 y + 3, ST_LAYOUT_COUNTER_HEIGHT - 4, lo, hi, vp);
}

void
st_counter_plot_draw (StTimelineRenderer *renderer,
                      cairo_t            *cr,
                      const StTrack      *t,
                      double              y,
                      const StViewport   *vp)
{
  st_counter_plot_draw_series (renderer, cr, t->series, t->n_series, NULL, y, vp);
}
