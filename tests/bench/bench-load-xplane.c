/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-load-xplane: an XProf xplane.pb load against the Chrome JSON load of
 * the same events (st-gen-xplane writes both), in one run:
 *
 *   - the median time of each load, taken in turns (each first every other
 *     time), and the median of the pairs' ratios, xplane over JSON (target
 *     <= 1.5x);
 *   - anonymous memory per event after each load, each in a process of its
 *     own (this program again), the JSON file's mapping aside; the xplane
 *     load's includes the args text it writes, which is what the JSON
 *     load's mapping holds.
 *
 *   bench-load-xplane [--runs N] FILE.xplane.pb FILE.json
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-trace-loader.h"
#include "st-trace.h"

#include <stdio.h>

static double
load_seconds (const char *path, guint64 *events, const char **format)
{
  g_autoptr (GFile)   file = g_file_new_for_path (path);
  g_autoptr (GError)  error = NULL;
  double              t0 = st_bench_now_ms ();
  g_autoptr (StTrace) trace = st_trace_load_file (file, NULL, &error);

  if (trace == NULL)
    g_error ("%s", error->message);
  *events = st_trace_get_counts (trace)->slices;
  if (format != NULL)
    *format = g_intern_string (st_trace_get_format (trace));
  return (st_bench_now_ms () - t0) / 1e3;
}

/* Anonymous bytes per slice that a process holds after loading @path, and
 * of those the text the importer wrote (*text; 0 for a mapped file). */
static double
memory_of (const char *path, double *text)
{
  const char        *argv[] = { "/proc/self/exe", "--memory-of", path, NULL };
  g_autofree char   *out = NULL;
  g_autoptr (GError) error = NULL;
  int                status = 0;
  double             bytes;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                     &error)
      || !g_spawn_check_wait_status (status, &error) || sscanf (out, "%lf %lf", &bytes, text) != 2)
    g_error ("measuring the memory of %s: %s", path, error ? error->message : out);
  return bytes;
}

static int
print_memory_of (const char *path)
{
  guint64             before = st_bench_anonymous_bytes (), events, bytes = 0;
  g_autoptr (GFile)   file = g_file_new_for_path (path);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_trace_load_file (file, NULL, &error);
  gsize               size = 0;

  if (trace == NULL)
    g_error ("%s", error->message);
  events = MAX (1, st_trace_get_counts (trace)->slices);
  st_trace_get_event_text (trace, 0, &size, &bytes);
  /* a mapped file's text is no anonymous memory */
  if (!g_str_equal (st_trace_get_format (trace), "xplane"))
    size = 0;
  g_print ("%.1f %.1f\n", ((double)st_bench_anonymous_bytes () - (double)before) / events,
           (double)size / events);
  return 0;
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  g_autofree char   *memory_path = NULL;
  const GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per load (the median is shown)", "N" },
    { "memory-of", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &memory_path,
      "Print only the memory per event of loading FILE", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE.xplane.pb FILE.json");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GArray)         xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)         js = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)         ratios = g_array_new (FALSE, FALSE, sizeof (double));
  guint64                    x_events = 0, j_events = 0;
  const char                *x_format = NULL, *j_format = NULL;
  double                     x_mem, j_mem, x_text, j_text, ratio;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (memory_path != NULL)
    return print_memory_of (memory_path);
  if (argc != 3)
    g_error ("usage: bench-load-xplane [--runs N] FILE.xplane.pb FILE.json");
  st_bench_warm (argv[1]);
  st_bench_warm (argv[2]);
  for (int i = 0; i < MAX (1, runs); i++)
    {
      double x = 0, j = 0, r;

      /* what runs first leaves the machine to what runs next: each goes first in turn */
      if (i % 2 == 0)
        x = load_seconds (argv[1], &x_events, &x_format);
      j = load_seconds (argv[2], &j_events, &j_format);
      if (i % 2 == 1)
        x = load_seconds (argv[1], &x_events, &x_format);
      r = x / j;
      g_array_append_val (xs, x);
      g_array_append_val (js, j);
      g_array_append_val (ratios, r);
    }
  if (x_events != j_events)
    g_error ("the files hold different events: %" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT,
             x_events, j_events);
  x_mem = memory_of (argv[1], &x_text);
  j_mem = memory_of (argv[2], &j_text);
  ratio = st_bench_median (ratios);
  g_print ("events            %" G_GUINT64_FORMAT " slices in each\n", x_events);
  g_print ("%-17s %8.1f ms  %6.2f MB on disk\n", x_format, st_bench_median (xs) * 1e3,
           st_bench_file_size (argv[1]) / 1e6);
  g_print ("%-17s %8.1f ms  %6.2f MB on disk\n", j_format, st_bench_median (js) * 1e3,
           st_bench_file_size (argv[2]) / 1e6);
  g_print ("xplane / json     %8.2fx  (target <= 1.5x) %s\n", ratio,
           ratio <= 1.5 ? "met" : "MISSED");
  g_print ("memory            %.1f bytes/event xplane, %.1f json: %.2fx\n", x_mem, j_mem,
           x_mem / j_mem);
  g_print ("  but the text    %.1f bytes/event xplane, %.1f json: %.2fx (the xplane load holds "
           "the args text it wrote, %.1f bytes/event; the JSON load's text is its file mapping, "
           "%.1f)\n",
           x_mem - x_text, j_mem, (x_mem - x_text) / j_mem, x_text,
           (double)st_bench_file_size (argv[2]) / MAX (1, j_events));
  return 0;
}
