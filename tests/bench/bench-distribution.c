/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-distribution: how long one operation's distribution takes
 * (docs/metrics.md 14), the Distribution pane's work:
 *
 * - the name index, built once on a freshly loaded trace, and the
 *   anonymous memory it keeps, per slice;
 * - then, per name — the name with the most slices, one with a tenth as
 *   many, one with a hundredth — the distribution without groups, by track
 *   and by parent, each the median of N runs after a warm-up;
 * - the walk over every slice that finds one name without the index (what
 *   a double click's "select every event of this name" does), for scale.
 *
 *   bench-distribution [--runs N] FILE
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-name-distribution.h"
#include "st-name-index.h"
#include "st-trace-loader.h"

#include <stdio.h>
#include <string.h>

static double
time_run (StTrace *trace, StStringId name, StGrouping grouping)
{
  double                         t0 = st_bench_now_ms ();
  g_autoptr (StNameDistribution) d
      = st_name_distribution_compute (trace, name, NULL, grouping, NULL);

  return st_bench_now_ms () - t0;
}

static double
median_run (StTrace *trace, StStringId name, StGrouping grouping, guint runs)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  time_run (trace, name, grouping);
  for (guint r = 0; r < runs; r++)
    {
      double ms = time_run (trace, name, grouping);
      g_array_append_val (times, ms);
    }
  return st_bench_median (times);
}

/* The slices of every name, counted by walking them all. */
static guint *
count_names (StTrace *trace, guint64 *slices)
{
  guint *counts = g_new0 (guint, st_trace_get_n_strings (trace));

  *slices = 0;
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        counts[track->slices[i].name]++;
      *slices += track->n_slices;
    }
  return counts;
}

/* The name whose count is nearest @wanted. */
static StStringId
name_near (const guint *counts, guint n, guint wanted)
{
  StStringId best = 0;

  for (guint i = 1; i < n; i++)
    if (ABS ((gint64)counts[i] - wanted) < ABS ((gint64)counts[best] - wanted))
      best = i;
  return best;
}

/* One name's slices by walking every slice, as without the index. */
static double
time_walk (StTrace *trace, StStringId name)
{
  double             t0 = st_bench_now_ms ();
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StSliceRef));

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        if (track->slices[i].name == name)
          g_array_append_val (refs, ((StSliceRef){ t, i }));
    }
  return st_bench_now_ms () - t0;
}

static void
report_name (StTrace *trace, StStringId name, guint count, guint runs)
{
  g_autofree char *shown = g_strndup (st_trace_get_string (trace, name), 40);

  printf ("  %-40s %9u slices: %8.2f ms, by track %8.2f ms, by parent %8.2f ms\n", shown, count,
          median_run (trace, name, ST_GROUPING_NONE, runs),
          median_run (trace, name, ST_GROUPING_TRACK, runs),
          median_run (trace, name, ST_GROUPING_PARENT, runs));
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
  g_autofree guint          *counts = NULL;
  guint64                    slices, loaded;
  StStringId                 most;
  guint                      n;
  double                     first;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || runs < 1)
    {
      fprintf (stderr, "bench-distribution: %s\n", error ? error->message : "give one FILE");
      return 2;
    }
  st_bench_warm (rest[0]);
  file = g_file_new_for_path (rest[0]);
  trace = st_trace_load_file (file, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "bench-distribution: %s\n", error->message);
      return 1;
    }
  n = st_trace_get_n_strings (trace);
  counts = count_names (trace, &slices);
  most = name_near (counts, n, G_MAXUINT);
  loaded = st_bench_anonymous_bytes ();
  printf ("Distribution on %s: %" G_GUINT64_FORMAT " slices, median of %d runs after a warm-up\n",
          rest[0], slices, runs);
  first = st_bench_now_ms ();
  st_name_index_get (trace, NULL);
  first = st_bench_now_ms () - first;
  printf ("  the name index, built once                   %8.2f ms, keeps %.1f bytes per slice\n",
          first, ((double)st_bench_anonymous_bytes () - loaded) / MAX (1, slices));
  report_name (trace, most, counts[most], runs);
  report_name (trace, name_near (counts, n, counts[most] / 10),
               counts[name_near (counts, n, counts[most] / 10)], runs);
  report_name (trace, name_near (counts, n, counts[most] / 100),
               counts[name_near (counts, n, counts[most] / 100)], runs);
  printf ("  one name by walking every slice, no index    %8.2f ms\n", time_walk (trace, most));
  return 0;
}
