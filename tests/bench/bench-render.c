/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render: how fast the timeline is drawn and searched on a large
 * trace, against the budget of DESIGN.md, all in one run on the same file:
 *
 *   - one 1920x1080 frame of st_timeline_renderer_draw() (the time in the
 *     renderer, not in GTK) with the whole trace in view, at a mid zoom, at
 *     a deep zoom and, when the tracks are taller than the view, at the mid
 *     zoom scrolled down to the GPU streams; N frames each after a few
 *     warm-up frames, their median and 90th percentile reported, the whole
 *     view judged by its 90th percentile (the budget's), a zoom by its
 *     median;
 *   - st_trace_find() by name for names of different frequency, and once
 *     over the events' whole text (reported, no budget).
 *
 *   bench-render [--frames N] [--runs N] FILE
 *
 * A benchmark reports: it exits 0 when it ran, whether the budgets were met
 * or not, and says which were.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-palette.h"
#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-renderer.h"
#include "st-trace-loader.h"
#include "st-trace-search.h"

#include <stdio.h>
#include <sys/stat.h>

/* The budget's frame, drawn as the window draws it: st-timeline-view.c's
 * gutter, st_session_fit_all()'s margin and smallest span. */
#define WIDTH         1920
#define HEIGHT        1080
#define GUTTER_WIDTH  240
#define MIN_SPAN      50
#define WARMUP_FRAMES 3

#define WHOLE_BUDGET_MS 8.0
#define ZOOM_BUDGET_MS  16.0
#define FIND_BUDGET_MS  200.0

typedef struct
{
  guint met;
  guint total;
} Tally;

/* "= 0.64x of the 8 ms budget", counted in @tally. */
static char *
verdict (Tally *tally, double ms, double budget, gboolean *met)
{
  *met = ms <= budget;
  tally->total++;
  tally->met += *met;
  return g_strdup_printf ("= %.2fx of the %.0f ms budget", ms / budget, budget);
}

static char *
format_span (gint64 ns)
{
  if (ns >= 1000000000)
    return g_strdup_printf ("%.2f s", ns / 1e9);
  if (ns >= 1000000)
    return g_strdup_printf ("%.2f ms", ns / 1e6);
  return g_strdup_printf ("%.1f us", ns / 1e3);
}

/* The content offset of the section holding the first GPU stream track
 * (Kineto names them "stream N"), clamped as the view's vertical
 * adjustment clamps it; -1 when the trace has none. */
static double
gpu_scroll_y (StTrace *trace, StTimelineLayout *layout)
{
  double page = HEIGHT - ST_RULER_HEIGHT;
  double upper = st_timeline_layout_get_height (layout);

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);
      gint           band = st_timeline_layout_track_band (layout, t);

      if (band < 0
          || g_ascii_strncasecmp (st_trace_get_string (trace, track->name), "stream", 6) != 0)
        continue;
      while (band > 0 && st_timeline_layout_get_band (layout, band)->kind != ST_BAND_SECTION)
        band--;
      return CLAMP (st_timeline_layout_get_band (layout, band)->y, 0, MAX (0, upper - page));
    }
  return -1;
}

static void
bench_frames (StTimelineRenderer *renderer,
              const char         *name,
              const StViewport   *vp,
              guint               frames,
              double              budget,
              double              quantile,
              Tally              *tally)
{
  cairo_surface_t *surface
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, vp->width, vp->height);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char   *result = NULL, *span = NULL;
  double             judged;
  gboolean           met;

  for (guint i = 0; i < WARMUP_FRAMES + frames; i++)
    {
      /* A new cairo_t per frame, as gtk_snapshot_append_cairo() gives. */
      cairo_t *cr = cairo_create (surface);
      double   t0 = st_bench_now_ms (), ms;

      st_timeline_renderer_draw (renderer, cr, vp);
      cairo_surface_flush (surface);
      ms = st_bench_now_ms () - t0;
      cairo_destroy (cr);
      if (i >= WARMUP_FRAMES)
        g_array_append_val (times, ms);
    }
  cairo_surface_destroy (surface);
  st_bench_sort (times);
  judged = st_bench_quantile (times, quantile);
  result = verdict (tally, judged, budget, &met);
  span = format_span (vp->end - vp->start);
  g_print ("%-6s p50 %6.2f ms  p90 %6.2f  max %6.2f  %s %-28s view %s, scroll_y %.0f%s\n", name,
           st_bench_quantile (times, 0.5), st_bench_quantile (times, 0.9),
           st_bench_quantile (times, 1.0), quantile >= 0.9 ? "p90" : "p50", result, span,
           vp->scroll_y, met ? "" : "  ** MISSED **");
}

/* The median time of @runs finds of @pattern, and how many events it hit. */
static double
time_find (StTrace *trace, const char *pattern, StFindFlags flags, guint runs, guint *hits)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < runs; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) found = NULL;
      double             t0 = st_bench_now_ms (), ms;

      found = st_trace_find (trace, pattern, flags, NULL, NULL, NULL, &error);
      ms = st_bench_now_ms () - t0;
      if (found == NULL)
        g_error ("find %s: %s", pattern, error->message);
      *hits = found->len;
      g_array_append_val (times, ms);
    }
  st_bench_sort (times);
  return st_bench_quantile (times, 0.5);
}

/* "ProfilerStep#N" of the last step: one slice per rank, and no other step
 * name contains it. */
static char *
rare_step_name (StTrace *trace)
{
  gint64 last = -1;

  for (guint id = 0; id < st_trace_get_n_strings (trace); id++)
    {
      const char *s = st_trace_get_string (trace, id);
      if (g_str_has_prefix (s, "ProfilerStep#"))
        last = MAX (last, g_ascii_strtoll (s + 13, NULL, 10));
    }
  return last >= 0 ? g_strdup_printf ("ProfilerStep#%" G_GINT64_FORMAT, last) : NULL;
}

static void
bench_find (StTrace *trace, guint runs, Tally *tally)
{
  g_autofree char *step = rare_step_name (trace);
  /* Rare to very common in the Kineto-like traces of st-gen-kineto: a
   * step, a GPU kernel, a cpu op, the launch call of every kernel, and a
   * name that is nowhere (the bare cost of the pass). */
  const char *patterns[] = {
    step ? step : "ProfilerStep#", "ampere_sgemm_128x64_tn", "aten::mm", "cudaLaunchKernel",
    "no such event name",
  };
  guint  hits;
  double ms;

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autofree char *result = NULL;
      gboolean         met;

      ms = time_find (trace, patterns[i], ST_FIND_NAMES, runs, &hits);
      result = verdict (tally, ms, FIND_BUDGET_MS, &met);
      g_print ("find   median %6.1f ms of %2u runs                %-28s %8u hits  \"%s\"%s\n", ms,
               runs, result, hits, patterns[i], met ? "" : "  ** MISSED **");
    }
  ms = time_find (trace, "External id", ST_FIND_ARGS, 1, &hits);
  g_print ("find   %.1f ms, one run, in the events' whole text (information, no budget): %u hits "
           "\"External id\"\n",
           ms, hits);
}

int
main (int argc, char *argv[])
{
  int                frames = 50, runs = 10;
  const GOptionEntry entries[]
      = { { "frames", 0, 0, G_OPTION_ARG_INT, &frames, "Timed frames per case (default 50)", "N" },
          { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per find (default 10)", "N" },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE — frame time of the renderer "
                                                             "and find time on a large trace");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  g_autoptr (StTimelineLayout)   layout = NULL;
  g_autoptr (StTimelineRenderer) renderer = NULL;
  PangoFontDescription          *font;
  StPalette                      palette;
  StViewport                     vp;
  Tally                          tally = { 0, 0 };
  gint64                         end, mid, span;
  double                         t0, load_ms, mb, scroll;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || frames < 1
      || runs < 1)
    {
      g_printerr ("bench-render: %s\n", error ? error->message : "give one FILE, and N >= 1");
      return 2;
    }

  st_bench_warm (argv[1]);
  mb = st_bench_file_size (argv[1]) / 1e6;
  file = g_file_new_for_path (argv[1]);
  t0 = st_bench_now_ms ();
  trace = st_trace_load_file (file, NULL, &error);
  load_ms = st_bench_now_ms () - t0;
  if (trace == NULL)
    {
      g_printerr ("bench-render: %s\n", error->message);
      return 1;
    }
  g_print ("file   %s: %.1f MB, %" G_GUINT64_FORMAT " events, %u tracks\n", argv[1], mb,
           st_trace_get_counts (trace)->events, st_trace_get_n_tracks (trace));
  g_print ("load   %7.1f ms  %6.0f MB/s (information)\n", load_ms, mb / (load_ms / 1e3));

  layout = st_timeline_layout_new (trace, NULL);
  renderer = st_timeline_renderer_new (trace);
  font = pango_font_description_from_string ("Sans 10");
  st_timeline_renderer_set_font (renderer, font);
  pango_font_description_free (font);
  st_palette_init_default (&palette, FALSE);
  st_timeline_renderer_set_palette (renderer, &palette);
  st_timeline_renderer_set_layout (renderer, layout);

  end = MAX (MIN_SPAN, st_trace_get_end_ns (trace));
  mid = end / 2;
  span = MAX (MIN_SPAN, end / 50);
  vp = (StViewport){ -end / 100, end + end / 100, WIDTH, HEIGHT, MIN (GUTTER_WIDTH, WIDTH / 3), 0 };
  g_print ("frames %dx%d, gutter %.0f, layout %d px tall; %d timed frames per case after %d "
           "warm-up\n",
           WIDTH, HEIGHT, vp.gutter, st_timeline_layout_get_height (layout), frames, WARMUP_FRAMES);
  bench_frames (renderer, "whole", &vp, frames, WHOLE_BUDGET_MS, 0.9, &tally);
  vp.start = mid - span / 2;
  vp.end = vp.start + span;
  bench_frames (renderer, "mid", &vp, frames, ZOOM_BUDGET_MS, 0.5, &tally);
  vp.start = mid - 10000;
  vp.end = mid + 10000;
  bench_frames (renderer, "deep", &vp, frames, ZOOM_BUDGET_MS, 0.5, &tally);
  scroll = gpu_scroll_y (trace, layout);
  if (scroll > 0)
    {
      vp.start = mid - span / 2;
      vp.end = vp.start + span;
      vp.scroll_y = scroll;
      bench_frames (renderer, "gpu", &vp, frames, ZOOM_BUDGET_MS, 0.5, &tally);
    }
  else if (scroll == 0)
    g_print ("gpu    skipped: the GPU streams are in view unscrolled (the layout is %d px, the "
             "track area %d px), so \"mid\" drew them\n",
             st_timeline_layout_get_height (layout), HEIGHT - ST_RULER_HEIGHT);
  else
    g_print ("gpu    skipped: no \"stream\" track in this trace\n");

  bench_find (trace, runs, &tally);

  g_print ("budgets met: %u of %u%s\n", tally.met, tally.total,
           tally.met == tally.total ? "" : " (see ** MISSED ** above)");
  return 0;
}
