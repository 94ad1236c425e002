/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-summary: how long the Summary page's numbers take on a 10 M-event
 * trace, against DESIGN.md's budgets of 20 ms for one step and 150 ms for
 * the whole profile:
 *
 * - the first summary on the freshly loaded trace, which builds the
 *   analysis index kept with the trace, and the anonymous memory that
 *   stays after it (the index), per event;
 * - the whole profile;
 * - one representative step: the middle "ProfilerStep#…" of the first
 *   thread that has them, with the slices each process has in it, to show
 *   that the range holds every rank's work;
 * - ranges of growing length around the middle of the trace, with their
 *   cost per slice in range, to show that a range costs in proportion to
 *   what it holds.
 *
 * Each figure but the first is the median of N runs after one warm-up run.
 * It uses only st_summary_compute(), so the same source measures an older
 * build for a ratio. With --whole-only it stops after the whole profile and
 * prints each of its runs too: on a two-core machine shared with others the
 * runs spread widely, and alternating processes of two builds with many
 * runs each gives a steadier ratio than the whole list of cases.
 *
 *   bench-summary [--runs N] [--whole-only] FILE
 *
 * Exits 0 when it ran, whether the budgets were met or not, and says which
 * were.
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-summary.h"
#include "st-trace-loader.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define STEP_BUDGET_MS  20.0
#define WHOLE_BUDGET_MS 150.0

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The process's anonymous resident memory in bytes (Linux), 0 if unknown,
 * after giving back what malloc holds free. */
static guint64
anonymous_bytes (void)
{
  g_autofree char *status = NULL;
  const char      *line;

  malloc_trim (0);
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "RssAnon:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("RssAnon:"), NULL, 10) * 1024;
}

static double
time_run (StTrace *trace, gint64 start, gint64 end)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) summary = NULL;
  double                t0 = now_ms (), ms;

  summary = st_summary_compute (trace, start, end, NULL, &error);
  ms = now_ms () - t0;
  g_assert_no_error (error);
  return ms;
}

static gboolean print_runs;

static double
median_run (StTrace *trace, gint64 start, gint64 end, guint runs)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  time_run (trace, start, end);
  for (guint r = 0; r < runs; r++)
    {
      double ms = time_run (trace, start, end);

      g_array_append_val (times, ms);
      if (print_runs)
        printf ("    run %2u %8.2f ms\n", r + 1, ms);
    }
  return st_bench_median (times);
}

static gboolean
overlaps (const StSlice *s, gint64 start, gint64 end)
{
  return s->start < end && (s->start + s->dur > start || (s->dur == 0 && s->start >= start));
}

/* The slices of slice tracks overlapping [start, end), per process when
 * @per_process is not NULL (n_processes entries). */
static guint64
count_slices (StTrace *trace, gint64 start, gint64 end, guint64 *per_process)
{
  guint64 total = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);
      guint64        n = 0;

      for (guint i = 0; i < track->n_slices; i++)
        n += overlaps (&track->slices[i], start, end);
      total += n;
      if (per_process != NULL && track->process != ST_NO_PROCESS)
        per_process[track->process] += n;
    }
  return total;
}

/* The middle "ProfilerStep#…" slice by start of the first track with them. */
static gboolean
find_step (StTrace *trace, gint64 *start, gint64 *end, char **name)
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
      /* the slices of one depth are by start */
      s = &track->slices[g_array_index (steps, guint, steps->len / 2)];
      *start = s->start;
      *end = s->start + s->dur;
      *name = g_strdup (st_trace_get_string (trace, s->name));
      return TRUE;
    }
  return FALSE;
}

static const char *
verdict (double ms, double budget)
{
  return ms <= budget ? "" : "  OVER";
}

static void
bench_step (StTrace *trace, guint runs, guint *met, guint *cases)
{
  guint               n_processes = st_trace_get_n_processes (trace);
  g_autofree guint64 *per = g_new0 (guint64, MAX (1, n_processes));
  g_autofree char    *step = NULL;
  g_autoptr (GString) where = g_string_new (NULL);
  gint64              start, end;
  double              ms;

  if (!find_step (trace, &start, &end, &step))
    return;
  count_slices (trace, start, end, per);
  for (guint p = 0; p < n_processes; p++)
    g_string_append_printf (where, "%s%" G_GUINT64_FORMAT, p > 0 ? " " : "", per[p]);
  ms = median_run (trace, start, end, runs);
  printf ("  step %s (%.1f ms of trace)                 %8.2f ms  = %.2fx of %.0f ms%s\n", step,
          (end - start) / 1e6, ms, ms / STEP_BUDGET_MS, STEP_BUDGET_MS,
          verdict (ms, STEP_BUDGET_MS));
  printf ("    slices in it per process: %s\n", where->str);
  *met += ms <= STEP_BUDGET_MS;
  (*cases)++;
}

/* Ranges around the middle of the trace, from a thousandth to a half. */
static void
bench_growing (StTrace *trace, guint runs)
{
  static const guint parts[] = { 1000, 100, 10, 2 };
  gint64             length = st_trace_get_end_ns (trace), middle = length / 2;

  printf ("  ranges around the middle of the trace:\n");
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gint64  start = middle - length / parts[i] / 2, end = start + length / parts[i];
      guint64 n = count_slices (trace, start, end, NULL);
      double  ms = median_run (trace, start, end, runs);

      printf ("    1/%-4u of the trace (%9.1f ms, %8" G_GUINT64_FORMAT " slices) %8.2f ms  "
              "%6.1f ns per slice\n",
              parts[i], (end - start) / 1e6, n, ms, n > 0 ? ms * 1e6 / n : 0);
    }
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs per case (default 5)", "N" },
          { "whole-only", 0, 0, G_OPTION_ARG_NONE, &print_runs,
            "Time only the whole profile, printing each run", NULL },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  guint64                    events, loaded, kept;
  double                     first, whole;
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
  events = MAX (1, st_trace_get_counts (trace)->events);
  loaded = anonymous_bytes ();
  printf ("Summary on %s: %" G_GUINT64_FORMAT " events, median of %d runs after a warm-up\n",
          rest[0], events, runs);
  first = time_run (trace, 0, st_trace_get_end_ns (trace));
  kept = anonymous_bytes ();
  printf ("  first summary, whole profile (builds the index) %8.2f ms\n", first);
  printf ("    anonymous memory: %.1f bytes per event after loading, %+.1f kept by the first "
          "summary\n",
          (double)loaded / events, ((double)kept - loaded) / events);
  whole = median_run (trace, 0, st_trace_get_end_ns (trace), runs);
  printf ("  whole profile                                   %8.2f ms  = %.2fx of %.0f ms%s\n",
          whole, whole / WHOLE_BUDGET_MS, WHOLE_BUDGET_MS, verdict (whole, WHOLE_BUDGET_MS));
  met += whole <= WHOLE_BUDGET_MS;
  if (print_runs)
    return 0;
  bench_step (trace, runs, &met, &cases);
  bench_growing (trace, runs);
  printf ("%u of %u within their budgets\n", met, cases);
  return 0;
}
