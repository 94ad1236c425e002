/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-inflate: how close Strata's gzip load comes to inflating alone,
 * all measured in one run on the same file:
 *
 *   - inflating FILE.json.gz alone with each gzip library of this build
 *     (zlib, ISA-L's igzip, libdeflate: those found), the median of N runs;
 *   - Strata's load of the same file (page cache -> trace ready to draw),
 *     against the inflater Strata is built with.
 *
 *   bench-inflate [--runs N] FILE.json.gz
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-inflate.h"
#include "st-bench-util.h"

#include "st-trace-loader.h"

static double
time_load (const char *path, guint runs)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < runs; i++)
    {
      g_autoptr (GError)  error = NULL;
      gint64              t0 = g_get_monotonic_time ();
      g_autoptr (StTrace) trace = st_trace_load_file (file, NULL, &error);
      double              s = (g_get_monotonic_time () - t0) / 1e6;

      if (trace == NULL)
        g_error ("%s", error->message);
      g_array_append_val (times, s);
    }
  return st_bench_median (times);
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  const GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per measurement (the median is shown)", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE.json.gz");
  g_autoptr (GError)         error = NULL;
  const StBenchInflater     *chosen = st_bench_inflater_find (ST_GZIP_INFLATER);
  double                     zlib = 0, chosen_s = 0, load;
  gsize                      text = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("bench-inflate: %s\n", error ? error->message : "give FILE.json.gz");
      return 2;
    }
  if (chosen == NULL)
    g_error ("Strata inflates with %s, which this benchmark was built without", ST_GZIP_INFLATER);
  st_bench_warm (argv[1]);
  g_print ("file              %s: %.1f MB of gzip\n", argv[1], st_bench_file_size (argv[1]) / 1e6);
  for (const StBenchInflater *i = st_bench_inflaters; i->name != NULL; i++)
    {
      double s = st_bench_time_inflate (i, argv[1], runs, &text);

      if (i == st_bench_inflaters)
        zlib = s;
      if (i == chosen)
        chosen_s = s;
      g_print ("%-10s alone   %8.1f ms  %7.0f MB/s of text  %5.2fx zlib's speed\n", i->name,
               s * 1e3, text / 1e6 / s, zlib / s);
    }
  load = time_load (argv[1], runs);
  g_print ("strata load .gz   %8.1f ms  %7.0f MB/s of text  %5.2fx %s alone (target <= 1.2x)\n",
           load * 1e3, text / 1e6 / load, load / chosen_s, chosen->name);
  return 0;
}
