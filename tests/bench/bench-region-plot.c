/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-region-plot: what a frame of the Region Duration Distribution costs
 * with a thousand regions and with a million (a hierarchy run on a trace of
 * a million scopes), drawn as the chart draws it: st_region_plot_draw()
 * into an 800x300 picture, the million from their dots (made once per
 * layout on a thread of the window; that cost is reported too). The
 * budget is a ratio, not a time: a frame of a million regions costs at most
 * four frames of a thousand (a frame costs the plot's pixels, not the
 * regions). Each figure is the median of N frames after two warm-up ones.
 *
 *   bench-region-plot [--frames N]
 *
 * A benchmark reports: it exits 0 when it ran, whether the budget was met
 * or not, and says so.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-region-dots.h"
#include "st-region-plot.h"

#include <pango/pangocairo.h>
#include <stdio.h>

#define WIDTH  800
#define HEIGHT 300
#define BUDGET 4.0

typedef struct
{
  gint64            *durations;
  gint64            *starts;
  StRegionPlot       plot;
  StRegionPlotExtent extent;
  StRegionPlotLayout layout;
  StRegionDots      *dots;
  double             dots_ms;
} Set;

/* @n regions as the display test makes them: one every 20 µs, durations
 * from 100 ns to 10 µs and back, so the dots cover the plot. */
static void
set_init (Set *s, guint n, PangoLayout *pango)
{
  double start;

  s->durations = g_new (gint64, n);
  s->starts = g_new (gint64, n);
  for (guint i = 0; i < n; i++)
    {
      s->starts[i] = (gint64)i * 20000;
      s->durations[i] = 100 + (i * 7919) % 9900;
    }
  s->plot = (StRegionPlot){ .durations = s->durations,
                            .starts = s->starts,
                            .n = n,
                            .axis = ST_REGION_PLOT_BY_TIME,
                            .selected = -1,
                            .hover = -1,
                            .focus = -1,
                            .empty_text = "No regions" };
  st_region_plot_measure (&s->plot, &s->extent);
  s->plot.extent = &s->extent;
  st_region_plot_layout (&s->layout, pango, &s->plot, WIDTH, HEIGHT);
  start = st_bench_now_ms ();
  if (n >= ST_REGION_DOTS_MIN)
    s->dots = st_region_dots_new (&s->layout, &s->plot, 1, NULL);
  s->dots_ms = st_bench_now_ms () - start;
  s->plot.dots = s->dots;
}

static void
set_clear (Set *s)
{
  g_clear_pointer (&s->dots, st_region_dots_free);
  g_clear_pointer (&s->durations, g_free);
  g_clear_pointer (&s->starts, g_free);
}

/* The median of @frames frames of @s, after two not counted. */
static double
frame_ms (Set *s, PangoLayout *pango, const StChartStyle *style, int frames)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  cairo_surface_t   *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);

  for (int i = -2; i < frames; i++)
    {
      cairo_t *cr = cairo_create (surface);
      double   start = st_bench_now_ms (), took;

      st_region_plot_draw (cr, pango, &s->layout, style, &s->plot);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      took = st_bench_now_ms () - start;
      if (i >= 0)
        g_array_append_val (times, took);
    }
  cairo_surface_destroy (surface);
  return st_bench_median (times);
}

int
main (int argc, char **argv)
{
  int          frames = 21;
  GOptionEntry entries[]
      = { { "frames", 0, 0, G_OPTION_ARG_INT, &frames, "Frames measured of each set", "N" },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new ("— the region plot's frame cost");
  g_autoptr (GError)         error = NULL;
  PangoFontMap              *map = pango_cairo_font_map_get_default ();
  PangoContext              *pango_context = pango_font_map_create_context (map);
  g_autoptr (PangoLayout)    pango = pango_layout_new (pango_context);
  StChartStyle               style;
  Set                        thousand = { 0 }, million = { 0 };
  double                     a, b;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || frames < 1)
    {
      fprintf (stderr, "bench-region-plot: %s\n", error ? error->message : "--frames: at least 1");
      return 2;
    }
  st_chart_style_init_default (&style, FALSE);
  set_init (&thousand, 1000, pango);
  set_init (&million, 1000000, pango);
  a = frame_ms (&thousand, pango, &style, frames);
  b = frame_ms (&million, pango, &style, frames);
  printf ("picture %dx%d; %d frames each (median)\n", WIDTH, HEIGHT, frames);
  printf ("1 000 regions       a frame %8.3f ms\n", a);
  printf ("1 000 000 regions   a frame %8.3f ms (their dots made once in %.0f ms)\n", b,
          million.dots_ms);
  printf ("a million's frame / a thousand's: %.2f = %.2fx of the budget of %.0f%s\n", b / a,
          b / a / BUDGET, BUDGET, b / a <= BUDGET ? "" : "  ** MISSED **");
  set_clear (&thousand);
  set_clear (&million);
  g_object_unref (pango_context);
  return 0;
}
