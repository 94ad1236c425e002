/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-rocprof: Strata's load of a rocprofv3 profile against its load of
 * the same events as a Chrome trace (st-gen-rocprof writes both), in one
 * run:
 *
 *   - the two loads in turn (each first every other time), @runs times:
 *     their median times, and the median of the pairs' ratios (rocprofv3
 *     over Chrome), which other load on the machine moves less; the same
 *     for the CPU time the loads took;
 *   - anonymous memory per slice after each load and at its peak, each in a
 *     process of its own (both files hold the same slices; their events
 *     differ in kind: a Chrome flow is an event, a rocprofv3 link is not).
 *
 *   bench-rocprof [--runs N] ROCPROF.json CHROME.json
 *
 * The budget: the rocprofv3 load within 1.5x the Chrome load's time, and
 * its memory per slice within the Chrome load's.
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
  double  wall_ms;
  double  cpu_ms;
  guint64 slices;
  guint64 events;
  guint64 flows;
  char   *format;
} Load;

static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static StTrace *
load (const char *path, Load *out)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  double             t0 = st_bench_now_ms (), c0 = cpu_ms ();
  StTrace           *trace = st_trace_load_file (file, NULL, &error);

  if (trace == NULL)
    g_error ("%s", error->message);
  out->wall_ms = st_bench_now_ms () - t0;
  out->cpu_ms = cpu_ms () - c0;
  out->slices = st_trace_get_counts (trace)->slices;
  out->events = st_trace_get_counts (trace)->events;
  out->flows = st_trace_get_counts (trace)->flows;
  g_free (out->format);
  out->format = g_strdup (st_trace_get_format (trace));
  return trace;
}

/* Loads @path and drops it; *out as it took. */
static void
time_load (const char *path, Load *out)
{
  g_object_unref (load (path, out));
  malloc_trim (0);
}

typedef struct
{
  gint   stop; /* atomic */
  gint64 peak;
} Sampler;

static gpointer
sample (gpointer data)
{
  Sampler *sampler = data;

  while (!g_atomic_int_get (&sampler->stop))
    {
      sampler->peak = MAX (sampler->peak, (gint64)st_bench_anonymous_bytes ());
      g_usleep (1000);
    }
  return NULL;
}

/* Anonymous bytes per slice after a load of @path and at its peak. */
static void
memory_per_slice (const char *path)
{
  Sampler             sampler = { 0, 0 };
  gint64              before = (gint64)st_bench_anonymous_bytes ();
  GThread            *thread = g_thread_new ("bench-rss", sample, &sampler);
  Load                l = { 0 };
  g_autoptr (StTrace) trace = load (path, &l);
  double              slices = MAX (1, l.slices);

  g_atomic_int_set (&sampler.stop, 1);
  g_thread_join (thread);
  g_print ("%f %f\n", ((gint64)st_bench_anonymous_bytes () - before) / slices,
           (sampler.peak - before) / slices);
  g_free (l.format);
}

/* memory_per_slice() in a process of its own (this program again). */
static void
memory_of (const char *path, double *after, double *peak)
{
  const char        *argv[] = { "/proc/self/exe", "--memory-of", path, NULL };
  g_autofree char   *out = NULL;
  g_autoptr (GError) error = NULL;
  int                status = 0;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                     &error)
      || !g_spawn_check_wait_status (status, &error) || sscanf (out, "%lf %lf", after, peak) != 2)
    g_error ("measuring the memory of %s: %s", path, error ? error->message : out);
}

static double
median_of (GArray *values)
{
  return st_bench_median (values);
}

/* The loads in turn, @runs times: medians of the times and of the ratios. */
static void
time_pairs (const char *rocprof, const char *chrome, guint runs, Load *r, Load *c)
{
  g_autoptr (GArray) rw = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) cw = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) rc = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) cc = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < runs; i++)
    {
      double ratio;

      if (i % 2 == 0)
        time_load (rocprof, r);
      time_load (chrome, c);
      if (i % 2 == 1)
        time_load (rocprof, r);
      g_array_append_val (rw, r->wall_ms);
      g_array_append_val (cw, c->wall_ms);
      g_array_append_val (rc, r->cpu_ms);
      g_array_append_val (cc, c->cpu_ms);
      ratio = r->wall_ms / c->wall_ms;
      g_array_append_val (wall, ratio);
      ratio = r->cpu_ms / c->cpu_ms;
      g_array_append_val (cpu, ratio);
    }
  g_print ("rocprofv3 load    %8.1f ms   %8.1f ms of CPU   %7.0f MB/s\n", median_of (rw),
           median_of (rc), st_bench_file_size (rocprof) / 1e3 / median_of (rw));
  g_print ("Chrome load       %8.1f ms   %8.1f ms of CPU   %7.0f MB/s\n", median_of (cw),
           median_of (cc), st_bench_file_size (chrome) / 1e3 / median_of (cw));
  g_print ("time ratio        %8.2fx the Chrome load, median of the pairs (target <= 1.5); "
           "CPU %.2fx\n",
           median_of (wall), median_of (cpu));
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  g_autofree char   *memory_path = NULL;
  const GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Loads of each file (the medians are shown)", "N" },
    { "memory-of", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &memory_path,
      "Print only the memory per slice of loading FILE, after and at the peak", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("ROCPROF.json CHROME.json");
  g_autoptr (GError)         error = NULL;
  Load                       r = { 0 }, c = { 0 };
  double                     r_after, r_peak, c_after, c_peak;

  g_option_context_add_main_entries (context, entries, NULL);
  if (g_option_context_parse (context, &argc, &argv, &error) && memory_path != NULL)
    {
      memory_per_slice (memory_path);
      return 0;
    }
  if (error != NULL || argc != 3 || runs < 1)
    {
      g_printerr ("bench-rocprof: %s\n", error ? error->message : "give ROCPROF.json CHROME.json");
      return 2;
    }
  st_bench_warm (argv[1]);
  st_bench_warm (argv[2]);
  memory_of (argv[1], &r_after, &r_peak);
  memory_of (argv[2], &c_after, &c_peak);
  time_pairs (argv[1], argv[2], (guint)runs, &r, &c);
  g_print ("files             %s: %s, %.1f MB, %" G_GUINT64_FORMAT " records\n", argv[1], r.format,
           st_bench_file_size (argv[1]) / 1e6, r.events);
  g_print ("                  %s: %s, %.1f MB, %" G_GUINT64_FORMAT " events\n", argv[2], c.format,
           st_bench_file_size (argv[2]) / 1e6, c.events);
  g_print ("                  both %" G_GUINT64_FORMAT " slices and %" G_GUINT64_FORMAT
           " flows: %s\n",
           r.slices, r.flows, r.slices == c.slices && r.flows == c.flows ? "the same" : "DIFFER");
  g_print ("memory            rocprofv3 %.1f bytes/slice after, %.1f at the peak; Chrome %.1f, "
           "%.1f\n",
           r_after, r_peak, c_after, c_peak);
  g_print ("memory ratio      %8.2fx after, %.2fx at the peak (target <= 1.0)\n", r_after / c_after,
           r_peak / c_peak);
  g_free (r.format);
  g_free (c.format);
  return 0;
}
