/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-load: how fast Strata opens a trace, against the baselines of
 * DESIGN.md, all measured in one run on the same file:
 *
 *   - Strata's load of FILE.json (page cache -> trace ready to draw), on
 *     every core and on one thread (what a core's worth of reading costs);
 *   - a tokenizer written by hand, on as many threads (st-bench-tokenize.h):
 *     the yardstick, slowed down by whatever slows the machine down;
 *   - a json-glib JsonParser DOM load of the same file (the naive baseline);
 *   - inflating FILE.json.gz alone with the inflater Strata is built with
 *     (igzip or zlib), and Strata's load of it; and what two cores can do
 *     at best when one inflates: inflating and a load on one thread shared
 *     evenly between them;
 *   - anonymous memory per event after the load, and at its peak (sampled
 *     every millisecond), the file mapping (or, for gzip, the text it
 *     inflates to) aside.
 *
 * Any format Strata reads: the Chrome trace and the Neuron device profile
 * benchmarks both run it (an event of a Neuron profile is a row).
 *
 *   bench-load [--runs N] [--skip-json-glib] FILE.json [FILE.json.gz]
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-inflate.h"
#include "st-bench-tokenize.h"
#include "st-bench-util.h"

#include "st-trace-loader.h"
#include "st-trace.h"

#include <json-glib/json-glib.h>
#include <malloc.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

static gint64
rss_anon_kb (void)
{
  g_autofree char *status = NULL;
  const char      *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "RssAnon:");
  return line ? g_ascii_strtoll (line + 8, NULL, 10) : -1;
}

static StTrace *
load (const char *path, guint n_threads, double *seconds)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autoptr (GError)        error = NULL;
  gint64                    t0 = g_get_monotonic_time ();
  StTrace                  *trace;

  if (n_threads > 0)
    st_trace_loader_set_n_threads (loader, n_threads);
  trace = st_trace_loader_load (loader, NULL, &error);
  *seconds = (g_get_monotonic_time () - t0) / 1e6;
  if (trace == NULL)
    g_error ("%s", error->message);
  return trace;
}

/* The median time of @runs loads on @n_threads threads (0: one per core). */
static double
time_strata (const char *path, guint n_threads, guint runs, guint64 *events, char **format)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < runs; i++)
    {
      double              s;
      g_autoptr (StTrace) trace = load (path, n_threads, &s);
      *events = st_trace_get_counts (trace)->events;
      g_free (*format);
      *format = g_strdup (st_trace_get_format (trace));
      g_array_append_val (times, s);
    }
  return st_bench_median (times);
}

/* Strata's load on every core and the hand tokenizer on as many threads,
 * in turn (each first every other time), @runs times: their median times, and the median of the
 * pairs' ratios (the tokenizer's time over the load's: the load's speed as a share of the
 * tokenizer's), which other load on the machine moves less. */
static double
time_against_tokenizer (const char *path,
                        guint       runs,
                        double     *strata,
                        double     *tokenizer,
                        guint64    *events,
                        char      **format)
{
  g_autoptr (GArray) s = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) t = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) ratio = g_array_new (FALSE, FALSE, sizeof (double));
  guint64            tokens;

  for (guint i = 0; i < MAX (1u, runs); i++)
    {
      double a = 0, b = 0, r;

      /* What runs first leaves the machine (its caches, the file's pages,
       * memory given back) to what runs next: each goes first in turn. */
      if (i % 2 == 0)
        a = time_strata (path, 0, 1, events, format);
      b = st_bench_time_tokenize (path, g_get_num_processors (), 1, &tokens);
      if (i % 2 == 1)
        a = time_strata (path, 0, 1, events, format);
      r = b / a;

      g_array_append_val (s, a);
      g_array_append_val (t, b);
      g_array_append_val (ratio, r);
    }
  *strata = st_bench_median (s);
  *tokenizer = st_bench_median (t);
  return st_bench_median (ratio);
}

static double
time_json_glib (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError)     error = NULL;
  gint64                 t0 = g_get_monotonic_time ();

  if (!json_parser_load_from_mapped_file (parser, path, &error))
    g_error ("json-glib: %s", error->message);
  return (g_get_monotonic_time () - t0) / 1e6;
}

/* The most anonymous memory seen while a load runs. */
typedef struct
{
  gint   stop; /* atomic */
  gint64 peak_kb;
} Sampler;

static gpointer
sample_rss (gpointer data)
{
  Sampler *sampler = data;

  while (!g_atomic_int_get (&sampler->stop))
    {
      sampler->peak_kb = MAX (sampler->peak_kb, rss_anon_kb ());
      g_usleep (1000);
    }
  return NULL;
}

/* Anonymous memory per event after a load (*after) and at its peak
 * (*peak), less @text_bytes (what a gzip file inflates to, held in
 * anonymous memory while a plain file is mapped). */
static void
anon_bytes_per_event (const char *path, gsize text_bytes, double *after, double *peak)
{
  Sampler             sampler = { 0, 0 };
  gint64              before;
  double              s, events;
  GThread            *thread;
  g_autoptr (StTrace) trace = NULL;

  malloc_trim (0);
  before = rss_anon_kb ();
  thread = g_thread_new ("bench-rss", sample_rss, &sampler);
  trace = load (path, 0, &s);
  g_atomic_int_set (&sampler.stop, 1);
  g_thread_join (thread);
  malloc_trim (0);
  events = MAX (1, st_trace_get_counts (trace)->events);
  *after = ((rss_anon_kb () - before) * 1024.0 - text_bytes) / events;
  *peak = ((sampler.peak_kb - before) * 1024.0 - text_bytes) / events;
}

/* anon_bytes_per_event() in a process of its own (this program again, with
 * --memory-of): what a process that loads one file holds, untouched by
 * what earlier loads left in the allocator. */
static void
memory_of (const char *path, gsize text_bytes, double *after, double *peak)
{
  g_autofree char   *text = g_strdup_printf ("%" G_GSIZE_FORMAT, text_bytes);
  const char        *argv[] = { "/proc/self/exe", "--memory-of", path, "--text-bytes", text, NULL };
  g_autofree char   *out = NULL;
  g_autoptr (GError) error = NULL;
  int                status = 0;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                     &error)
      || !g_spawn_check_wait_status (status, &error) || sscanf (out, "%lf %lf", after, peak) != 2)
    g_error ("measuring the memory of %s: %s", path, error ? error->message : out);
}

static void
print_gzip (const char *path, guint runs, double one_thread)
{
  double           inflate, strata_gz, after, peak;
  gsize            inflated = 0;
  guint64          events = 0;
  g_autofree char *format = NULL;

  st_bench_warm (path);
  inflate
      = st_bench_time_inflate (st_bench_inflater_find (ST_GZIP_INFLATER), path, runs, &inflated);
  strata_gz = time_strata (path, 0, runs, &events, &format);
  memory_of (path, inflated, &after, &peak);
  g_print ("%-10s alone   %8.1f ms  %7.0f MB/s of text\n", ST_GZIP_INFLATER, inflate * 1e3,
           inflated / 1e6 / inflate);
  g_print ("strata load .gz   %8.1f ms  %7.0f MB/s of text  %5.2fx %s alone "
           "(target <= 1.2x, >= 1000 MB/s)\n",
           strata_gz * 1e3, inflated / 1e6 / strata_gz, strata_gz / inflate, ST_GZIP_INFLATER);
  g_print ("two cores at best %8.1f ms  (%s alone + one thread's load) / 2: %.2fx %s alone\n",
           (inflate + one_thread) / 2 * 1e3, ST_GZIP_INFLATER, (inflate + one_thread) / 2 / inflate,
           ST_GZIP_INFLATER);
  g_print ("memory .gz        %8.1f bytes/event after, %.1f at the peak, the text aside\n", after,
           peak);
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  gboolean           skip_json_glib = FALSE;
  g_autofree char   *memory_path = NULL;
  gint64             text_bytes = 0;
  const GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per measurement (the median is shown)", "N" },
    { "skip-json-glib", 0, 0, G_OPTION_ARG_NONE, &skip_json_glib,
      "Do not run the (slow) json-glib baseline", NULL },
    { "memory-of", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &memory_path,
      "Print only the memory per event of loading FILE, after and at the peak", "FILE" },
    { "text-bytes", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT64, &text_bytes,
      "With --memory-of: bytes of text held in anonymous memory, left out", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE.json [FILE.json.gz]");
  g_autoptr (GError)         error = NULL;
  double                     mb, after, peak, strata, one_thread, baseline, tokenizer, share;
  guint64                    events = 0;
  g_autofree char           *format = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (g_option_context_parse (context, &argc, &argv, &error) && memory_path != NULL)
    {
      anon_bytes_per_event (memory_path, text_bytes, &after, &peak);
      g_print ("%f %f\n", after, peak);
      return 0;
    }
  if (error != NULL || argc < 2)
    {
      g_printerr ("bench-load: %s\n", error ? error->message : "give FILE.json [FILE.json.gz]");
      return 2;
    }
  st_bench_warm (argv[1]);
  mb = st_bench_file_size (argv[1]) / 1e6;
  memory_of (argv[1], 0, &after, &peak);
  share = time_against_tokenizer (argv[1], runs, &strata, &tokenizer, &events, &format);
  one_thread = time_strata (argv[1], 1, runs, &events, &format);
  g_print ("file              %s: %s, %.1f MB, %" G_GUINT64_FORMAT " events (%.0f bytes/event)\n",
           argv[1], format, mb, events, mb * 1e6 / MAX (1, events));
  g_print ("strata load       %8.1f ms  %7.0f MB/s   (target >= 1500 MB/s on a quiet machine)\n",
           strata * 1e3, mb / strata);
  g_print ("one thread        %8.1f ms  %7.0f MB/s\n", one_thread * 1e3, mb / one_thread);
  g_print ("hand tokenizer    %8.1f ms  %7.0f MB/s   on %u threads, in turn with the load\n",
           tokenizer * 1e3, mb / tokenizer, g_get_num_processors ());
  g_print ("strata load       %8.2fx the tokenizer's speed, median of the pairs   (target >= 0.83: "
           "1500 of its 1800 MB/s)\n",
           share);
  g_print ("anonymous memory  %8.1f bytes/event after (target <= 40), %.1f at the peak "
           "(target <= 90)\n",
           after, peak);
  if (argc > 2)
    print_gzip (argv[2], runs, one_thread);
  if (!skip_json_glib)
    {
      baseline = time_json_glib (argv[1]);
      g_print ("json-glib DOM     %8.1f ms  %7.0f MB/s\n", baseline * 1e3, mb / baseline);
      g_print ("strata speed-up   %8.1fx json-glib      (target >= 50x)\n", baseline / strata);
    }
  return 0;
}
