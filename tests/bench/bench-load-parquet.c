/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-load-parquet: a Neuron Explorer Parquet profile (a folder, from
 * st-gen-neuron-parquet) against a Chrome JSON trace of about as many
 * events (st-gen-kineto), in one run:
 *
 *   - the load's time per event (the median of --runs loads on every core:
 *     page cache -> trace ready to draw), and its ratio to the JSON's;
 *   - the processor time per event of the same loads (every thread's), which
 *     a machine shared with other work leaves less scattered than the time;
 *   - the anonymous memory per event after the load and at its peak, each
 *     load in a process of its own. As bench-load sets aside the text a
 *     gzip file inflates to, the text the Parquet import writes of its
 *     rows (the JSON a details pane reads) is set aside, and also counted
 *     in a second figure. Per slice too: every row of a Neuron profile is
 *     a slice, while a Kineto trace's events are also flows, counters and
 *     metadata, which cost less.
 *
 * The budget: at most 1.5 times the JSON's time per event, and no more
 * memory per event than the JSON's.
 *
 *   bench-load-parquet [--runs N] FOLDER TRACE.json
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-trace-loader.h"
#include "st-trace.h"

#include <malloc.h>
#include <stdio.h>
#include <sys/resource.h>

typedef struct
{
  gint    stop; /* atomic */
  guint64 peak;
} Sampler;

static gpointer
sample (gpointer data)
{
  Sampler *s = data;

  while (!g_atomic_int_get (&s->stop))
    {
      s->peak = MAX (s->peak, st_bench_anonymous_bytes ());
      g_usleep (1000);
    }
  return NULL;
}

static StTrace *
load (const char *path, double *seconds)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  double             t0 = st_bench_now_ms ();
  StTrace           *trace = st_trace_load_file (file, NULL, &error);

  *seconds = (st_bench_now_ms () - t0) / 1000.0;
  if (trace == NULL)
    g_error ("%s", error->message);
  return trace;
}

/* Prints "after peak text events" for one load of @path, in this process. */
static int
memory_of (const char *path)
{
  Sampler             sampler = { 0, 0 };
  guint64             before = st_bench_anonymous_bytes ();
  GThread            *thread = g_thread_new ("bench-rss", sample, &sampler);
  double              s;
  g_autoptr (StTrace) trace = load (path, &s);
  guint64             text = 0;

  g_atomic_int_set (&sampler.stop, 1);
  g_thread_join (thread);
  /* The Parquet import's text is memory of its own; a JSON file is mapped. */
  if (g_strcmp0 (st_trace_get_format (trace), "neuron-parquet") == 0)
    text = st_trace_get_text_size (trace);
  printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
          "\n",
          st_bench_anonymous_bytes () - before, MAX (sampler.peak, before) - before, text,
          st_trace_get_counts (trace)->events);
  return 0;
}

typedef struct
{
  const char *path;
  double      seconds; /* median */
  double      cpu;     /* processor seconds, the mean of the loads */
  guint64     events;
  guint64     slices;
  double      after, peak, text; /* bytes */
} Result;

static double
cpu_seconds (void)
{
  struct rusage u;

  getrusage (RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

static void
measure (Result *r, guint runs)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  const char        *argv[] = { "/proc/self/exe", "--memory-of", r->path, NULL };
  g_autofree char   *out = NULL;
  g_autoptr (GError) error = NULL;
  int                status = 0;

  st_bench_warm (r->path);
  for (guint i = 0; i < runs; i++)
    {
      double              s, c0 = cpu_seconds ();
      g_autoptr (StTrace) trace = load (r->path, &s);

      r->cpu += (cpu_seconds () - c0) / runs;
      r->events = st_trace_get_counts (trace)->events;
      r->slices = st_trace_get_counts (trace)->slices;
      g_array_append_val (times, s);
    }
  r->seconds = st_bench_median (times);
  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                     &error)
      || !g_spawn_check_wait_status (status, &error)
      || sscanf (out, "%lf %lf %lf", &r->after, &r->peak, &r->text) != 3)
    g_error ("measuring the memory of %s: %s", r->path, error ? error->message : out);
}

static void
report (const char *what, const Result *r)
{
  double e = MAX (1, r->events);

  printf ("%s %s\n  %" G_GUINT64_FORMAT " events (%" G_GUINT64_FORMAT
          " slices) in %.3f s: %.0f ns per event, %.0f ns of processor time\n",
          what, r->path, r->events, r->slices, r->seconds, r->seconds * 1e9 / e, r->cpu * 1e9 / e);
  printf ("  anonymous memory per event: %.0f B after the load, %.0f B at its peak",
          (r->after - r->text) / e, (r->peak - r->text) / e);
  if (r->text > 0)
    printf (" (with the text of its rows: %.0f B, %.0f B)", r->after / e, r->peak / e);
  printf ("; %.0f B per slice after the load\n", (r->after - r->text) / MAX (1, r->slices));
}

int
main (int argc, char *argv[])
{
  gint         runs = 3;
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "loads to take the median of", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FOLDER TRACE.json");
  g_autoptr (GError)         error = NULL;
  Result                     parquet = { 0 }, json = { 0 };
  double                     time_ratio, memory_ratio;

  if (argc == 3 && g_str_equal (argv[1], "--memory-of"))
    return memory_of (argv[2]);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || runs < 1)
    {
      g_printerr ("bench-load-parquet: give FOLDER TRACE.json%s%s\n", error ? ": " : "",
                  error ? error->message : "");
      return 2;
    }
  parquet.path = argv[1];
  json.path = argv[2];
  measure (&parquet, (guint)runs);
  measure (&json, (guint)runs);
  report ("Neuron Explorer Parquet", &parquet);
  report ("Chrome JSON", &json);
  time_ratio = (parquet.seconds / MAX (1, parquet.events)) / (json.seconds / MAX (1, json.events));
  memory_ratio = ((parquet.after - parquet.text) / MAX (1, parquet.events))
                 / MAX (1.0, json.after / MAX (1, json.events));
  printf ("time per event: %.2f× the JSON's (budget 1.5×): %s\n", time_ratio,
          time_ratio <= 1.5 ? "within" : "OVER");
  printf ("processor time per event: %.2f× the JSON's\n",
          (parquet.cpu / MAX (1, parquet.events)) / (json.cpu / MAX (1, json.events)));
  printf ("memory per event after the load: %.2f× the JSON's (budget 1×): %s\n", memory_ratio,
          memory_ratio <= 1.0 ? "within" : "OVER");
  printf ("memory per slice after the load: %.2f× the JSON's\n",
          ((parquet.after - parquet.text) / MAX (1, parquet.slices))
              / MAX (1.0, json.after / MAX (1, json.slices)));
  return 0;
}
