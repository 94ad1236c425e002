/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-calltree: how long the call tree of a scope takes (docs/metrics.md
 * 15), on a 10 M-event trace:
 *
 * - the whole profile, top-down (the walk of every host slice) and then
 *   bottom-up (made from the top-down tree), with the frames and nodes it
 *   has and the memory the tree keeps, per frame;
 * - one step: the middle "ProfilerStep#…" of the first thread that has
 *   them, over every track (what the window's region scope costs);
 * - ranges of growing length around the middle of the trace, with their
 *   cost per frame, to show that a scope costs in proportion to the
 *   slices it holds.
 *
 * Each figure is the median of N runs after one warm-up run. The window
 * builds the tree on a thread, so these are how long the page waits, not
 * how long the window stops.
 *
 *   bench-calltree [--runs N] FILE
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-call-tree.h"
#include "st-trace-loader.h"

#include <stdio.h>
#include <string.h>

typedef struct
{
  double  top_down_ms;
  double  bottom_up_ms;
  guint64 frames;
  guint   nodes;
  guint   bottom_up_nodes;
  guint   depth;
} Run;

static Run
time_run (StTrace *trace, gint64 start, gint64 end)
{
  StCallTreeScope        scope = { start, end, NULL, 0, FALSE };
  g_autoptr (GError)     error = NULL;
  g_autoptr (StCallTree) td = NULL;
  g_autoptr (StCallTree) bu = NULL;
  double                 t0 = st_bench_now_ms (), t1;
  Run                    run;

  td = st_call_tree_build (trace, &scope, NULL, NULL, NULL, &error);
  t1 = st_bench_now_ms ();
  g_assert_no_error (error);
  bu = st_call_tree_invert (td, NULL, &error);
  g_assert_no_error (error);
  run.top_down_ms = t1 - t0;
  run.bottom_up_ms = st_bench_now_ms () - t1;
  run.frames = st_call_tree_get_n_frames (td);
  run.nodes = st_call_tree_get_n_nodes (td);
  run.bottom_up_nodes = st_call_tree_get_n_nodes (bu);
  run.depth = st_call_tree_get_max_depth (td);
  return run;
}

static Run
median_run (StTrace *trace, gint64 start, gint64 end, guint runs)
{
  g_autoptr (GArray) td = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) bu = g_array_new (FALSE, FALSE, sizeof (double));
  Run                run = time_run (trace, start, end);

  for (guint r = 0; r < runs; r++)
    {
      run = time_run (trace, start, end);
      g_array_append_val (td, run.top_down_ms);
      g_array_append_val (bu, run.bottom_up_ms);
    }
  run.top_down_ms = st_bench_median (td);
  run.bottom_up_ms = st_bench_median (bu);
  return run;
}

static void
print_run (const char *what, const Run *run)
{
  printf ("  %-34s top-down %8.2f ms, bottom-up %7.2f ms; %9" G_GUINT64_FORMAT
          " frames, %6.1f ns per frame; %u + %u nodes, depth %u\n",
          what, run->top_down_ms, run->bottom_up_ms, run->frames,
          run->frames > 0 ? (run->top_down_ms + run->bottom_up_ms) * 1e6 / run->frames : 0,
          run->nodes, run->bottom_up_nodes, run->depth);
}

/* The middle "ProfilerStep#…" slice by start of the first track with them. */
static gboolean
find_step (StTrace *trace, gint64 *start, gint64 *end)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack     *track = st_trace_get_track (trace, t);
      g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (guint));
      const StSlice     *s;

      for (guint i = 0; i < track->n_slices; i++)
        if (g_str_has_prefix (st_trace_get_string (trace, track->slices[i].name), "ProfilerStep#"))
          g_array_append_val (steps, i);
      if (steps->len == 0)
        continue;
      s = &track->slices[g_array_index (steps, guint, steps->len / 2)];
      *start = s->start;
      *end = s->start + s->dur;
      return TRUE;
    }
  return FALSE;
}

/* The memory a whole-profile tree keeps (both directions), per frame. */
static void
measure_memory (StTrace *trace)
{
  StCallTreeScope        scope = { 0, st_trace_get_end_ns (trace), NULL, 0, FALSE };
  guint64                before = st_bench_anonymous_bytes ();
  g_autoptr (StCallTree) td = st_call_tree_build (trace, &scope, NULL, NULL, NULL, NULL);
  g_autoptr (StCallTree) bu = st_call_tree_invert (td, NULL, NULL);
  guint64                after = st_bench_anonymous_bytes ();

  printf ("  the whole profile's two trees keep %.1f bytes per frame\n",
          ((double)after - before) / MAX (1, st_call_tree_get_n_frames (td)));
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs per case (default 5)", "N" },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  static const guint         parts[] = { 1000, 100, 10, 2 };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  gint64                     start, end, length;
  Run                        run;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || runs < 1)
    {
      fprintf (stderr, "bench-calltree: %s\n", error ? error->message : "give one FILE");
      return 2;
    }
  st_bench_warm (rest[0]);
  file = g_file_new_for_path (rest[0]);
  trace = st_trace_load_file (file, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "bench-calltree: %s\n", error->message);
      return 1;
    }
  length = st_trace_get_end_ns (trace);
  printf ("Call tree on %s: %" G_GUINT64_FORMAT " events, median of %d runs after a warm-up\n",
          rest[0], st_trace_get_counts (trace)->events, runs);
  run = median_run (trace, 0, length, runs);
  print_run ("whole profile", &run);
  measure_memory (trace);
  if (find_step (trace, &start, &end))
    {
      run = median_run (trace, start, end, runs);
      print_run ("one step", &run);
    }
  printf ("  ranges around the middle of the trace:\n");
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autofree char *what = g_strdup_printf ("1/%u of the trace", parts[i]);

      start = length / 2 - length / parts[i] / 2;
      run = median_run (trace, start, start + length / parts[i], runs);
      print_run (what, &run);
    }
  return 0;
}
