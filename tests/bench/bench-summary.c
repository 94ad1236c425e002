/* bench-summary: how long the Summary page's numbers take on a 1 M-event
 * trace: for the whole profile and for one profiler step (the region a
 * person picks from the Region Selection menu), against DESIGN.md's budget
 * of 50 ms for a region. Each figure is the median of N runs after one
 * warm-up run.
 *
 *   bench-summary [--runs N] FILE
 *
 * Exits 0 when it ran, whether the budget was met or not, and says which
 * runs met it.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-summary.h"
#include "st-trace-loader.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define BUDGET_MS 50.0

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double
time_run (StTrace *trace, gint64 start, gint64 end, guint *n_recommendations)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) summary = NULL;
  double                t0 = now_ms (), ms;

  summary = st_summary_compute (trace, start, end, NULL, &error);
  ms = now_ms () - t0;
  g_assert_no_error (error);
  *n_recommendations = st_summary_get_n_recommendations (summary);
  return ms;
}

static gboolean
bench_range (StTrace *trace, const char *label, gint64 start, gint64 end, guint runs)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  guint              n = 0;
  double             median;

  time_run (trace, start, end, &n);
  for (guint r = 0; r < runs; r++)
    {
      double ms = time_run (trace, start, end, &n);

      g_array_append_val (times, ms);
    }
  median = st_bench_median (times);
  printf ("  %-44s %8.2f ms  %u findings  = %.2fx of the %.0f ms budget%s\n", label, median, n,
          median / BUDGET_MS, BUDGET_MS, median <= BUDGET_MS ? "" : "  OVER");
  return median <= BUDGET_MS;
}

/* The middle "ProfilerStep#…" slice of the trace. */
static gboolean
find_step (StTrace *trace, gint64 *start, gint64 *end, char **name)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (StSliceRef));

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        if (g_str_has_prefix (st_trace_get_string (trace, track->slices[i].name), "ProfilerStep#"))
          {
            StSliceRef ref = { t, i };

            g_array_append_val (steps, ref);
          }
    }
  if (steps->len == 0)
    return FALSE;
  {
    const StSlice *s
        = st_trace_get_slice (trace, g_array_index (steps, StSliceRef, steps->len / 2));

    *start = s->start;
    *end = s->start + s->dur;
    *name = g_strdup (st_trace_get_string (trace, s->name));
  }
  return TRUE;
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
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  g_autofree char           *step = NULL, *label = NULL;
  gint64                     start, end;
  guint                      met = 0, cases = 1;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || runs < 1)
    {
      fprintf (stderr, "bench-summary: %s\n", error ? error->message : "give one FILE");
      return 2;
    }
  st_bench_warm (rest[0]);
  file = g_file_new_for_path (rest[0]);
  trace = st_trace_load_file (file, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "bench-summary: %s\n", error->message);
      return 1;
    }
  printf ("Summary on %s: %" G_GUINT64_FORMAT " events, median of %d runs\n", rest[0],
          st_trace_get_counts (trace)->events, runs);
  met += bench_range (trace, "whole profile", 0, st_trace_get_end_ns (trace), runs);
  if (find_step (trace, &start, &end, &step))
    {
      label = g_strdup_printf ("region %s (%.1f ms of trace)", step, (end - start) / 1e6);
      met += bench_range (trace, label, start, end, runs);
      cases++;
    }
  printf ("%u of %u within the budget (the budget is for a region; the whole profile is shown "
          "for comparison)\n",
          met, cases);
  return 0;
}
