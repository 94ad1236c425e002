/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-time-ruler.h"

#include "st-time.h"

#include <math.h>
#include <pango/pangocairo.h>

/* The smallest 1/2/5 × 10^n ns step that keeps ticks @min_spacing apart;
 * 5 × 10^18 ns, the largest that fits, for any wider spacing. */
gint64
st_time_ruler_step (gint64 span, double width, double min_spacing)
{
  static const int mantissa[] = { 1, 2, 5 };
  double           ns_per_px = MAX (1e-3, (double)span / MAX (1.0, width));
  gint64           magnitude = 1;

  for (;; magnitude *= 10)
    {
      for (guint i = 0; i < G_N_ELEMENTS (mantissa); i++)
        if ((double)(mantissa[i] * magnitude) / ns_per_px >= min_spacing)
          return mantissa[i] * magnitude;
      if (magnitude > G_MAXINT64 / 50)
        return 5 * magnitude;
    }
}

/* @time in a unit fit for @magnitude (the largest time in view), with
 * the decimals that @step needs and no more: "250 µs", "1.5 ms", "12 s". */
void
st_time_ruler_label (gint64 time, gint64 step, gint64 magnitude, char *buf, gsize size)
{
  static const struct
  {
    gint64      scale;
    const char *unit;
  } units[] = {
    { 1000000000, "s" },
    { 1000000, "ms" },
    { 1000, "µs" },
    { 1, "ns" },
  };
  guint   u = 0;
  int     decimals = 0;
  guint64 size_of = st_time_abs (magnitude);

  while (u + 1 < G_N_ELEMENTS (units) && size_of < (guint64)units[u].scale)
    u++;
  for (gint64 unit = units[u].scale; unit > 1 && step % unit != 0; unit /= 10)
    decimals++;
  g_snprintf (buf, size, "%.*f %s", decimals, (double)time / units[u].scale, units[u].unit);
}

/* The first multiple of @step at or after @start; FALSE when it does not
 * fit in 64 bits. */
static gboolean
first_multiple (gint64 start, gint64 step, gint64 *out)
{
  gint64 q = start / step; /* rounds towards zero */

  if (start > 0 && start % step != 0)
    q++;
  return !__builtin_mul_overflow (q, step, out);
}

/* The ticks in [start, end] drawn over [x, x + width], at least
 * @min_spacing pixels apart. Any range works, up to the limits of gint64:
 * the ticks stop where the next one would not fit. */
GArray *
st_time_ruler_ticks (gint64 start, gint64 end, double x, double width, double min_spacing)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (StRulerTick));
  gint64  magnitude = (gint64)MIN (MAX (st_time_abs (start), st_time_abs (end)), G_MAXINT64);
  gint64  span, step, t;

  /* a range wider than gint64 holds is at most twice its largest span */
  if (st_time_sub (end, start, &span))
    step = st_time_ruler_step (MAX (1, span), width, min_spacing);
  else
    step = st_time_ruler_step (G_MAXINT64, width / 2, min_spacing);

  if (!first_multiple (start, step, &t))
    return ticks;
  while (t <= end)
    {
      StRulerTick tick;
      tick.time = t;
      tick.x = x + st_time_fraction (t, start, end) * width;
      st_time_ruler_label (t, step, magnitude, tick.label, sizeof tick.label);
      g_array_append_val (ticks, tick);
      if (!st_time_add (t, step, &t))
        break;
    }
  return ticks;
}

/* Ticks whose labels fit between them: the spacing grows until the widest
 * label does. The grid and the ruler draw the same ones. */
GArray *
st_time_ruler_fit (PangoLayout *layout, gint64 start, gint64 end, double x, double width)
{
  for (double spacing = ST_RULER_MIN_SPACING;; spacing *= 1.5)
    {
      GArray *ticks = st_time_ruler_ticks (start, end, x, width, spacing);
      int     widest = 0;

      for (guint i = 0; i < ticks->len; i++)
        {
          int w;
          pango_layout_set_text (layout, g_array_index (ticks, StRulerTick, i).label, -1);
          pango_layout_get_pixel_size (layout, &w, NULL);
          widest = MAX (widest, w);
        }
      if (widest + 12 <= spacing || spacing > width)
        return ticks;
      g_array_unref (ticks);
    }
}

static void
set_color (cairo_t *cr, const StColor *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

/* Draws the ruler band (ST_RULER_HEIGHT tall at y = 0) with its ticks and
 * labels. */
void
st_time_ruler_draw (cairo_t         *cr,
                    PangoLayout     *layout,
                    const StPalette *palette,
                    GArray          *ticks,
                    double           x,
                    double           width)
{
  set_color (cr, &palette->gutter);
  cairo_rectangle (cr, x, 0, width, ST_RULER_HEIGHT);
  cairo_fill (cr);
  set_color (cr, &palette->grid);
  cairo_rectangle (cr, x, ST_RULER_HEIGHT - 1, width, 1);
  cairo_fill (cr);
  for (guint i = 0; i < ticks->len; i++)
    {
      const StRulerTick *tick = &g_array_index (ticks, StRulerTick, i);
      double             tx = floor (tick->x) + 0.5;

      set_color (cr, &palette->grid);
      cairo_move_to (cr, tx, ST_RULER_HEIGHT - 8);
      cairo_line_to (cr, tx, ST_RULER_HEIGHT);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      set_color (cr, &palette->dim);
      pango_layout_set_text (layout, tick->label, -1);
      cairo_move_to (cr, tx + 4, 4);
      pango_cairo_show_layout (cr, layout);
    }
}
