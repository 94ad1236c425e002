/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-sql: SQL over a loaded profile (docs/sql.md) against its budgets,
 * in one run:
 *
 * - `SELECT name, count(*), sum(dur) FROM slice GROUP BY name` over every
 *   slice: the first run (which builds the name index kept with the trace)
 *   and the median of the runs after it, against 2 s;
 * - the same over 1 % of the profile's time (`ts >= A AND ts < B`, the
 *   middle percent), whose median must cost at most 5 % of the whole's;
 * - the anonymous memory the session and its queries added, against 10 %
 *   of what the loaded trace holds;
 * - both queries on a plain SQLite in-memory table loaded with the same
 *   rows (every column of `slice`), for the ratio of the two.
 *
 *   bench-sql [--runs N] FILE
 */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-util.h"

#include "st-sql-session.h"
#include "st-trace-loader.h"

#include <sqlite3.h>
#include <stdio.h>

#define WHOLE_QUERY "SELECT name, count(*), sum(dur) FROM slice GROUP BY name"
#define RANGE_QUERY                                                          \
  "SELECT name, count(*), sum(dur) FROM slice WHERE ts >= %" G_GINT64_FORMAT \
  " AND ts < %" G_GINT64_FORMAT " GROUP BY name"

#define BUDGET_WHOLE_MS     2000.0
#define BUDGET_RANGE_SHARE  0.05
#define BUDGET_MEMORY_SHARE 0.10

/* Runs @sql to its end; its rows in *@rows, its time in ms. */
static double
run_ours (StSqlSession *session, const char *sql, guint *rows)
{
  double                 t0 = st_bench_now_ms ();
  g_autoptr (GError)     error = NULL;
  g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, sql, &error);

  *rows = 0;
  while (query != NULL && st_sql_query_next (query, NULL, &error))
    (*rows)++;
  if (error != NULL)
    g_error ("bench-sql: %s", error->message);
  return st_bench_now_ms () - t0;
}

static double
run_plain (sqlite3 *db, const char *sql, guint *rows)
{
  double        t0 = st_bench_now_ms ();
  sqlite3_stmt *stmt = NULL;

  *rows = 0;
  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    g_error ("bench-sql: %s", sqlite3_errmsg (db));
  while (sqlite3_step (stmt) == SQLITE_ROW)
    (*rows)++;
  sqlite3_finalize (stmt);
  return st_bench_now_ms () - t0;
}

typedef double (*RunFunc) (gpointer db, const char *sql, guint *rows);

static double
median_of (RunFunc run, gpointer db, const char *sql, guint runs, guint *rows)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint r = 0; r < runs; r++)
    {
      double ms = run (db, sql, rows);

      g_array_append_val (times, ms);
    }
  return st_bench_median (times);
}

/* A plain table with the rows of `slice`, copied through the session's
 * own query: the same rows, every column. */
static sqlite3 *
load_plain (StSqlSession *session, double *ms)
{
  double                 t0 = st_bench_now_ms ();
  sqlite3               *db = NULL;
  sqlite3_stmt          *insert = NULL;
  g_autoptr (GError)     error = NULL;
  g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, "SELECT * FROM slice", &error);

  sqlite3_open (":memory:", &db);
  sqlite3_exec (db,
                "CREATE TABLE slice(id INTEGER PRIMARY KEY, ts INTEGER, dur INTEGER, track_id "
                "INTEGER, category TEXT, name TEXT, depth INTEGER, parent_id INTEGER, arg_set_id "
                "INTEGER); BEGIN",
                NULL, NULL, NULL);
  sqlite3_prepare_v2 (db, "INSERT INTO slice VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &insert,
                      NULL);
  while (st_sql_query_next (query, NULL, &error))
    {
      for (guint c = 0; c < 9; c++)
        switch (st_sql_query_get_value_type (query, c))
          {
          case ST_SQL_INTEGER:
            sqlite3_bind_int64 (insert, c + 1, st_sql_query_get_int (query, c));
            break;
          case ST_SQL_TEXT:
            sqlite3_bind_text (insert, c + 1, st_sql_query_get_text (query, c, NULL), -1,
                               SQLITE_TRANSIENT);
            break;
          default: sqlite3_bind_null (insert, c + 1); break;
          }
      sqlite3_step (insert);
      sqlite3_reset (insert);
    }
  sqlite3_finalize (insert);
  sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  *ms = st_bench_now_ms () - t0;
  return db;
}

static void
report (const char *what, double ms, double budget_ms)
{
  printf ("  %-52s %10.1f ms  (budget %.0f ms) %s\n", what, ms, budget_ms,
          ms <= budget_ms ? "met" : "MISSED");
}

int
main (int argc, char *argv[])
{
  int                runs = 5;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "runs", 'r', 0, G_OPTION_ARG_INT, &runs, "Timed runs per query (default 5)", "N" },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr (GError)         error = NULL;
  g_autoptr (GFile)          file = NULL;
  g_autoptr (StTrace)        trace = NULL;
  g_autoptr (StSqlSession)   session = NULL;
  g_autofree char           *range_sql = NULL;
  sqlite3                   *plain;
  guint64                    loaded, before, grown;
  guint                      rows, range_rows;
  double                     first, whole, range, plain_load, plain_whole, plain_range;
  gint64                     end, a, b;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL || runs < 1)
    {
      fprintf (stderr, "bench-sql: %s\n", error ? error->message : "give one FILE");
      return 2;
    }
  st_bench_warm (rest[0]);
  before = st_bench_anonymous_bytes ();
  file = g_file_new_for_path (rest[0]);
  trace = st_trace_load_file (file, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "bench-sql: %s\n", error->message);
      return 1;
    }
  loaded = st_bench_anonymous_bytes () - before;
  end = st_trace_get_end_ns (trace);
  a = end / 2;
  b = a + end / 100;
  range_sql = g_strdup_printf (RANGE_QUERY, a, b);
  printf ("SQL on %s: %" G_GUINT64_FORMAT " slices, the trace holding %.1f MB, median of %d runs\n",
          rest[0], st_trace_get_counts (trace)->slices, loaded / 1e6, runs);

  before = st_bench_anonymous_bytes ();
  session = st_sql_session_new (trace, &error);
  g_assert_no_error (error);
  first = run_ours (session, WHOLE_QUERY, &rows);
  whole = median_of ((RunFunc)run_ours, session, WHOLE_QUERY, runs, &rows);
  range = median_of ((RunFunc)run_ours, session, range_sql, runs, &range_rows);
  grown = st_bench_anonymous_bytes () - before;
  report ("GROUP BY name, every slice, first (name index made)", first, BUDGET_WHOLE_MS);
  report ("GROUP BY name, every slice, after", whole, BUDGET_WHOLE_MS);
  printf ("  %-52s %10.1f ms  %u names, %.2f %% of the whole's (budget 5 %%) %s\n",
          "GROUP BY name, 1 % of the time", range, range_rows, 100 * range / whole,
          range <= BUDGET_RANGE_SHARE * whole ? "met" : "MISSED");
  printf ("  %-52s %10.1f MB  %.2f %% of the trace's (budget 10 %%) %s\n",
          "memory the session and its queries added", grown / 1e6, 100.0 * grown / MAX (1, loaded),
          grown <= BUDGET_MEMORY_SHARE * loaded ? "met" : "MISSED");

  plain = load_plain (session, &plain_load);
  plain_whole = median_of ((RunFunc)run_plain, plain, WHOLE_QUERY, runs, &rows);
  plain_range = median_of ((RunFunc)run_plain, plain, range_sql, runs, &range_rows);
  printf ("Plain SQLite in-memory table of the same rows (loaded in %.0f ms):\n", plain_load);
  printf ("  %-52s %10.1f ms  Strata %.2f× its time\n", "GROUP BY name, every slice", plain_whole,
          whole / plain_whole);
  printf ("  %-52s %10.1f ms  Strata %.2f× its time\n", "GROUP BY name, 1 % of the time",
          plain_range, range / plain_range);
  sqlite3_close (plain);
  return 0;
}
