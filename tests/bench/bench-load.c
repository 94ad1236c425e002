/* bench-load: how fast Strata opens a trace, against the baselines of
 * DESIGN.md, all measured in one run on the same file:
 *
 *   - Strata's load of FILE.json (page cache -> trace ready to draw);
 *   - a json-glib JsonParser DOM load of the same file (the naive baseline);
 *   - inflating FILE.json.gz alone with the inflater Strata is built with
 *     (igzip or zlib), and Strata's load of it;
 *   - anonymous memory per event after the load (the file mapping aside).
 *
 * Any format Strata reads: the Chrome trace and the Neuron device profile
 * benchmarks both run it (an event of a Neuron profile is a row).
 *
 *   bench-load [--runs N] [--skip-json-glib] FILE.json [FILE.json.gz]
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-inflate.h"
#include "st-bench-util.h"

#include "st-trace-loader.h"

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
load (const char *path, double *seconds)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  gint64             t0 = g_get_monotonic_time ();
  StTrace           *trace = st_trace_load_file (file, NULL, &error);

  *seconds = (g_get_monotonic_time () - t0) / 1e6;
  if (trace == NULL)
    g_error ("%s", error->message);
  return trace;
}

static double
time_strata (const char *path, guint runs, guint64 *events, char **format)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < runs; i++)
    {
      double              s;
      g_autoptr (StTrace) trace = load (path, &s);
      *events = st_trace_get_counts (trace)->events;
      g_free (*format);
      *format = g_strdup (st_trace_get_format (trace));
      g_array_append_val (times, s);
    }
  return st_bench_median (times);
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

static double
anon_bytes_per_event (const char *path)
{
  gint64              before, after;
  double              s;
  g_autoptr (StTrace) trace = NULL;

  malloc_trim (0);
  before = rss_anon_kb ();
  trace = load (path, &s);
  malloc_trim (0);
  after = rss_anon_kb ();
  return (after - before) * 1024.0 / MAX (1, st_trace_get_counts (trace)->events);
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  gboolean           skip_json_glib = FALSE;
  const GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per measurement (the median is shown)", "N" },
    { "skip-json-glib", 0, 0, G_OPTION_ARG_NONE, &skip_json_glib,
      "Do not run the (slow) json-glib baseline", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE.json [FILE.json.gz]");
  g_autoptr (GError)         error = NULL;
  double                     mb, per_event, strata, baseline = 0, inflate = 0, strata_gz = 0;
  guint64                    events = 0;
  gsize                      inflated = 0;
  g_autofree char           *format = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2)
    {
      g_printerr ("bench-load: %s\n", error ? error->message : "give FILE.json [FILE.json.gz]");
      return 2;
    }
  st_bench_warm (argv[1]);
  mb = st_bench_file_size (argv[1]) / 1e6;
  per_event = anon_bytes_per_event (argv[1]);
  strata = time_strata (argv[1], runs, &events, &format);
  g_print ("file              %s: %s, %.1f MB, %" G_GUINT64_FORMAT " events (%.0f bytes/event)\n",
           argv[1], format, mb, events, mb * 1e6 / MAX (1, events));
  g_print ("strata load       %8.1f ms  %7.0f MB/s   (target >= 600 MB/s)\n", strata * 1e3,
           mb / strata);
  g_print ("anonymous memory  %8.1f bytes/event       (target <= 64)\n", per_event);
  if (argc > 2)
    {
      st_bench_warm (argv[2]);
      inflate = st_bench_time_inflate (st_bench_inflater_find (ST_GZIP_INFLATER), argv[2], runs,
                                       &inflated);
      strata_gz = time_strata (argv[2], runs, &events, &format);
      g_print ("%-10s alone   %8.1f ms  %7.0f MB/s of text\n", ST_GZIP_INFLATER, inflate * 1e3,
               inflated / 1e6 / inflate);
      g_print ("strata load .gz   %8.1f ms  %7.2fx %s alone (target <= 1.2x)\n", strata_gz * 1e3,
               strata_gz / inflate, ST_GZIP_INFLATER);
    }
  if (!skip_json_glib)
    {
      baseline = time_json_glib (argv[1]);
      g_print ("json-glib DOM     %8.1f ms  %7.0f MB/s\n", baseline * 1e3, mb / baseline);
      g_print ("strata speed-up   %8.1fx json-glib      (target >= 25x)\n", baseline / strata);
    }
  return 0;
}
