/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-nsys: Strata's load of an Nsight Systems SQLite export against its
 * load of the same events as a Chrome trace (st-gen-nsys writes both), in
 * one run:
 *
 *   - the two loads in turn (each first every other time), their median
 *     times and the median of the pairs' ratios (target: the export within
 *     1.5x of the JSON);
 *   - memory per slice after each load, in a process of its own: the
 *     anonymous memory (which for the export holds the args text the
 *     importer writes), and the text each keeps for its events' args (the
 *     JSON's is the mapped file); the export's total is to stay within the
 *     JSON's;
 *   - the scan of the export's two big tables through SQLite, the database
 *     handed over in place (sqlite3_deserialize, what Strata does) and
 *     opened by its path (immutable, SQLite's own reads): why in place.
 *
 *   bench-nsys [--runs N] FILE.sqlite FILE.json
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-trace-loader.h"
#include "st-trace.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static StTrace *
load (const char *path, double *ms)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  double             t0 = st_bench_now_ms ();
  StTrace           *trace = st_trace_load_file (file, NULL, &error);

  *ms = st_bench_now_ms () - t0;
  if (trace == NULL)
    g_error ("%s", error->message);
  return trace;
}

/* The slices of a load and the bytes of text its events' offsets point
 * into, from a load in this process. */
static void
memory_here (const char *path, guint64 *slices, double *anon, double *text)
{
  guint64             before = st_bench_anonymous_bytes ();
  double              ms;
  g_autoptr (StTrace) trace = load (path, &ms);
  gsize               size = 0;
  guint64             bytes = 0;

  st_trace_get_event_text (trace, 0, &size, &bytes);
  *slices = MAX (1, st_trace_get_counts (trace)->slices);
  *anon = (double)(st_bench_anonymous_bytes () - before) / *slices;
  *text = (double)size / *slices;
}

/* memory_here() in a process of its own (this program again). */
static void
memory_of (const char *path, double *anon, double *text)
{
  const char        *argv[] = { "/proc/self/exe", "--memory-of", path, NULL };
  g_autofree char   *out = NULL;
  g_autoptr (GError) error = NULL;
  int                status = 0;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status,
                     &error)
      || !g_spawn_check_wait_status (status, &error) || sscanf (out, "%lf %lf", anon, text) != 2)
    g_error ("measuring the memory of %s: %s", path, error ? error->message : out);
}

/* Every column of the kernel and runtime tables, as a reader would. */
static guint64
scan (sqlite3 *db)
{
  static const char *const queries[] = {
    "SELECT * FROM CUPTI_ACTIVITY_KIND_KERNEL",
    "SELECT * FROM CUPTI_ACTIVITY_KIND_RUNTIME",
  };
  guint64 sum = 0;

  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      sqlite3_stmt *stmt = NULL;

      if (sqlite3_prepare_v2 (db, queries[q], -1, &stmt, NULL) != SQLITE_OK)
        g_error ("%s", sqlite3_errmsg (db));
      while (sqlite3_step (stmt) == SQLITE_ROW)
        for (int k = 0; k < sqlite3_column_count (stmt); k++)
          sum += sqlite3_column_int64 (stmt, k);
      sqlite3_finalize (stmt);
    }
  return sum;
}

/* The scan's time with the database handed over in place, or by path. */
static double
time_scan (const char *path, gboolean in_place)
{
  sqlite3         *db = NULL;
  int              fd = open (path, O_RDONLY);
  struct stat      st;
  void            *data;
  double           t0;
  g_autofree char *uri = g_strdup_printf ("file:%s?immutable=1", path);

  if (fd < 0 || fstat (fd, &st) != 0)
    g_error ("%s: cannot open", path);
  data = mmap (NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  t0 = st_bench_now_ms ();
  if (in_place)
    {
      sqlite3_open_v2 (":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
      sqlite3_deserialize (db, "main", data, st.st_size, st.st_size, SQLITE_DESERIALIZE_READONLY);
    }
  else
    sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
  scan (db);
  sqlite3_close (db);
  t0 = st_bench_now_ms () - t0;
  munmap (data, st.st_size);
  return t0;
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  g_autofree char   *memory_path = NULL;
  const GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per measurement (the median is shown)", "N" },
    { "memory-of", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &memory_path,
      "Print only the anonymous memory and the text per slice of loading FILE", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE.sqlite FILE.json");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GArray)         nsys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)         json = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)         ratio = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)         in_place = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray)         by_path = g_array_new (FALSE, FALSE, sizeof (double));
  double                     n_anon, n_text, j_anon, j_text;
  guint64                    slices = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (g_option_context_parse (context, &argc, &argv, &error) && memory_path != NULL)
    {
      memory_here (memory_path, &slices, &n_anon, &n_text);
      g_print ("%f %f\n", n_anon, n_text);
      return 0;
    }
  if (error != NULL || argc != 3)
    {
      g_printerr ("bench-nsys: %s\n", error ? error->message : "give FILE.sqlite FILE.json");
      return 2;
    }
  st_bench_warm (argv[1]);
  st_bench_warm (argv[2]);
  for (int i = 0; i < MAX (1, runs); i++)
    {
      double a = 0, b = 0, r;

      /* what runs first leaves the machine to what runs next: each goes
       * first in turn */
      if (i % 2 == 0)
        g_object_unref (load (argv[1], &a));
      g_object_unref (load (argv[2], &b));
      if (i % 2 == 1)
        g_object_unref (load (argv[1], &a));
      r = a / b;
      g_array_append_val (nsys, a);
      g_array_append_val (json, b);
      g_array_append_val (ratio, r);
      a = time_scan (argv[1], i % 2 == 0);
      b = time_scan (argv[1], i % 2 == 1);
      g_array_append_val (i % 2 == 0 ? in_place : by_path, a);
      g_array_append_val (i % 2 == 0 ? by_path : in_place, b);
    }
  memory_of (argv[1], &n_anon, &n_text);
  memory_of (argv[2], &j_anon, &j_text);
  {
    g_autoptr (StTrace) trace = NULL;
    double              ms;

    trace = load (argv[1], &ms);
    slices = st_trace_get_counts (trace)->slices;
  }
  g_print ("file              %s: %.1f MB, %s: %.1f MB, %" G_GUINT64_FORMAT " slices\n", argv[1],
           st_bench_file_size (argv[1]) / 1e6, argv[2], st_bench_file_size (argv[2]) / 1e6, slices);
  g_print ("nsys load         %8.1f ms\n", st_bench_median (nsys));
  g_print ("json load         %8.1f ms\n", st_bench_median (json));
  g_print ("nsys / json       %8.2fx  median of the pairs   (target <= 1.5x)\n",
           st_bench_median (ratio));
  g_print ("memory nsys       %8.1f bytes/slice anonymous (its args text included), "
           "%.1f of args text\n",
           n_anon, n_text);
  g_print ("memory json       %8.1f bytes/slice anonymous, %.1f of text mapped\n", j_anon, j_text);
  g_print ("memory nsys/json  %8.2fx  anonymous and text together   (target <= 1x)\n",
           n_anon / (j_anon + j_text));
  g_print ("sqlite scan       %8.1f ms in place (deserialized), %.1f ms by path (immutable)\n",
           st_bench_median (in_place), st_bench_median (by_path));
  return 0;
}
