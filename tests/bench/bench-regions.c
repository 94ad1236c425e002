/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-regions: how long the Region Highlighter takes on a 10 M-event
 * trace, for each method with its default configuration and with the
 * configurations people use most, against DESIGN.md's budget of 100 ms,
 * all in one run on the same loaded trace. Each figure is the time a
 * person waits: the run, then filling the region set the list shows. Each
 * is the median of N runs after one warm-up run.
 *
 *   bench-regions [--runs N] [--case I] FILE
 *
 * --case runs only the I-th configuration (from 1), to profile one of
 * them without the others.
 *
 * Exits 0 when it ran, whether the budget was met or not, and says which
 * runs met it.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-highlighter.h"
#include "st-region-set.h"
#include "st-trace-loader.h"

#include <stdio.h>
#include <time.h>

#define BUDGET_MS 100.0

static const struct
{
  const char *label;
  const char *json;
} cases[] = {
  { "collectives (default)", "{\"version\": 1, \"method\": \"collectives\"}" },
  { "collectives, edges, min gap", "{\"version\": 1, \"method\": \"collectives\", "
                                   "\"include_edges\": true, \"min_gap_ns\": 1000}" },
  { "hierarchy (default: steps on device)", "{\"version\": 1, \"method\": \"hierarchy\"}" },
  { "hierarchy, nn.Module on device", "{\"version\": 1, \"method\": \"hierarchy\", "
                                      "\"match\": \"nn.Module: *\", \"project\": \"device\"}" },
  { "hierarchy, depth 2 on host", "{\"version\": 1, \"method\": \"hierarchy\", \"depth\": 2, "
                                  "\"project\": \"host\"}" },
  { "stack (default: innermost frame)", "{\"version\": 1, \"method\": \"stack\"}" },
  { "stack, frame glob", "{\"version\": 1, \"method\": \"stack\", \"frame\": \"nn.Module: *\"}" },
  { "stack, each kernel", "{\"version\": 1, \"method\": \"stack\", \"frame\": \"kernel\"}" },
};

static double
clock_ms (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The set starts with the regions of the run before, as in a window
 * where a person tries one configuration after another. Returns the wall
 * time and sets @cpu_ms to the processor time: on a machine shared with
 * others the two part, and the processor time is what a quiet machine's
 * wall time would be (the run uses one thread). */
static double
time_run (StTrace                   *trace,
          const StHighlighterConfig *config,
          StRegionSet               *set,
          guint                     *n_regions,
          double                    *cpu_ms)
{
  g_autoptr (GError)        error = NULL;
  g_autoptr (StRegionArray) regions = NULL;
  double                    start = clock_ms (CLOCK_MONOTONIC), ms;
  double                    cpu_start = clock_ms (CLOCK_PROCESS_CPUTIME_ID);

  regions = st_highlighter_run (trace, config, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  st_region_set_replace_all (set, regions);
  ms = clock_ms (CLOCK_MONOTONIC) - start;
  *cpu_ms = clock_ms (CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  *n_regions = st_region_set_get_n_regions (set);
  return ms;
}

static gboolean
bench_case (StTrace *trace, guint index, guint runs)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config
      = st_highlighter_config_parse (cases[index].json, -1, cases[index].label, &error);
  g_autoptr (GArray)      times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)      cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (StRegionSet) set = st_region_set_new ();
  guint                   n_regions = 0;
  double                  median, cpu_ms;

  g_assert_no_error (error);
  time_run (trace, config, set, &n_regions, &cpu_ms);
  for (guint r = 0; r < runs; r++)
    {
      double ms = time_run (trace, config, set, &n_regions, &cpu_ms);

      g_array_append_val (times, ms);
      g_array_append_val (cpu_times, cpu_ms);
    }
  median = st_bench_median (times);
  printf ("  %-40s %8.2f ms (processor %7.2f ms)  %7u regions  = %.2fx of the %.0f ms budget%s\n",
          cases[index].label, median, st_bench_median (cpu_times), n_regions, median / BUDGET_MS,
          BUDGET_MS, median <= BUDGET_MS ? "" : "  OVER");
  return median <= BUDGET_MS;
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  int                only = 0;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs per case (default 5)", "N" },
          { "case", 'c', 0, G_OPTION_ARG_INT, &only, "Run only configuration I (from 1)", "I" },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  guint                      met = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || runs < 1
      || only < 0 || only > (int)G_N_ELEMENTS (cases))
    {
      fprintf (stderr, "bench-regions: %s\n", error ? error->message : "give one FILE");
      return 2;
    }
  st_bench_warm (rest[0]);
  file = g_file_new_for_path (rest[0]);
  trace = st_trace_load_file (file, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "bench-regions: %s\n", error->message);
      return 1;
    }
  printf ("Region Highlighter on %s: %" G_GUINT64_FORMAT " events, median of %d runs\n", rest[0],
          st_trace_get_counts (trace)->events, runs);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (only == 0 || (guint)only == i + 1)
      met += bench_case (trace, i, runs);
  printf ("%u of %u within the budget\n", met, only == 0 ? (guint)G_N_ELEMENTS (cases) : 1);
  return 0;
}
