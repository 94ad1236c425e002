/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-streams: what docs/metrics.md 10 costs on a big trace, apart from
 * the rest of the Summary, in CPU time of the measuring thread (the
 * machine may be busy; wall time would say more about it than about this):
 *
 * - making the stream index (the gaps and their kinds, the launches) and
 *   the queue lengths, once per trace, after the analysis index they read
 *   (made first and not counted), with the anonymous memory they keep per
 *   event;
 * - the streams of the whole profile and of ranges of growing length
 *   around the middle, with their cost per launch in range, to show that a
 *   range costs in proportion to what it holds.
 *
 * Each figure but the first is the median of N runs after one warm-up run.
 *
 *   bench-streams [--runs N] FILE
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-device-work.h"
#include "st-stream-index.h"
#include "st-trace-loader.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The streams of [start, end) as the Summary reads them; how many launches
 * start in it. */
static guint64
usages (StStreamIndex *index, StQueueLength *queues, gint64 start, gint64 end)
{
  g_autoptr (GArray) rows = st_stream_index_get_usages (index, queues, start, end);
  guint64            launches = 0;

  for (guint i = 0; i < rows->len; i++)
    launches += g_array_index (rows, StStreamUsage, i).launches;
  return launches;
}

static double
median_usages (StStreamIndex *index,
               StQueueLength *queues,
               gint64         start,
               gint64         end,
               guint          runs,
               guint64       *launches)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  *launches = usages (index, queues, start, end);
  for (guint r = 0; r < runs; r++)
    {
      double t0 = cpu_ms (), ms;

      usages (index, queues, start, end);
      ms = cpu_ms () - t0;
      g_array_append_val (times, ms);
    }
  return st_bench_median (times);
}

int
main (int argc, char *argv[])
{
  int            runs = 5;
  g_auto (GStrv) rest = NULL;
  GOptionEntry   entries[]
      = { { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Runs per figure", "N" },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  static const guint         parts[] = { 1000, 100, 10, 2, 1 };
  StStreamIndex             *index;
  StQueueLength             *queues;
  guint64                    before, events;
  double                     t0, index_ms, queue_ms;
  gint64                     length;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || runs < 1)
    {
      fprintf (stderr, "usage: bench-streams [--runs N] FILE\n");
      return 2;
    }
  st_bench_warm (rest[0]);
  file = g_file_new_for_path (rest[0]);
  trace = st_trace_load_file (file, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "bench-streams: %s\n", error->message);
      return 1;
    }
  events = st_trace_get_counts (trace)->events;
  st_device_work_get (trace);
  before = st_bench_anonymous_bytes ();
  t0 = cpu_ms ();
  index = st_stream_index_ensure (trace, NULL);
  index_ms = cpu_ms () - t0;
  t0 = cpu_ms ();
  queues = st_queue_length_ensure (trace, NULL);
  queue_ms = cpu_ms () - t0;
  printf ("Streams on %s: %" G_GUINT64_FORMAT " events, %u streams, CPU time, median of %d runs\n",
          rest[0], events, st_stream_index_get_n_streams (index), runs);
  printf ("  stream index, once per trace                   %8.2f ms\n", index_ms);
  printf ("  queue lengths, once per trace                  %8.2f ms\n", queue_ms);
  printf ("    anonymous memory they keep: %.1f bytes per event\n",
          events > 0 ? (double)(st_bench_anonymous_bytes () - before) / events : 0);
  length = st_trace_get_end_ns (trace);
  printf ("  ranges around the middle of the trace:\n");
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gint64  start = length / 2 - length / parts[i] / 2, end = start + length / parts[i];
      guint64 launches;
      double  ms = median_usages (index, queues, start, end, runs, &launches);

      printf ("    1/%-4u of the trace (%10" G_GUINT64_FORMAT " launches) %8.3f ms  %6.1f ns per "
              "launch\n",
              parts[i], launches, ms, launches > 0 ? ms * 1e6 / launches : 0);
    }
  return 0;
}
