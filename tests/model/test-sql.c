/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SQL over a profile (docs/sql.md): what each table answers on small
 * hand-written profiles, every value worked out by hand from the file
 * (tests/data/sql: times in the files are µs, here ns); that writes are
 * refused and a bad query says why; cancelling. The tables against the
 * store of a generated profile, and constrained plans against full scans,
 * are in test-sql-store.c.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-profile-loader.h"
#include "st-region-array.h"
#include "st-sql-session.h"
#include "st-summary.h"
#include "st-test-util.h"

#include <string.h>

/* The rows of @sql, each its values as text joined by "|", null as NULL. */
static GPtrArray *
rows_of (StSqlSession *session, const char *sql)
{
  g_autoptr (GError)     error = NULL;
  g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, sql, &error);
  GPtrArray             *rows = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  while (st_sql_query_next (query, NULL, &error))
    {
      g_autoptr (GString) row = g_string_new (NULL);

      for (guint c = 0; c < st_sql_query_get_n_columns (query); c++)
        {
          char number[G_ASCII_DTOSTR_BUF_SIZE];

          if (c > 0)
            g_string_append_c (row, '|');
          switch (st_sql_query_get_value_type (query, c))
            {
            case ST_SQL_NULL: g_string_append (row, "NULL"); break;
            case ST_SQL_INTEGER:
              g_string_append_printf (row, "%" G_GINT64_FORMAT, st_sql_query_get_int (query, c));
              break;
            case ST_SQL_REAL:
              g_string_append (
                  row, g_ascii_dtostr (number, sizeof number, st_sql_query_get_double (query, c)));
              break;
            default: g_string_append (row, st_sql_query_get_text (query, c, NULL)); break;
            }
        }
      g_ptr_array_add (rows, g_string_free (g_steal_pointer (&row), FALSE));
    }
  g_assert_no_error (error);
  return rows;
}

/* @sql gives exactly the rows @expected (NULL-terminated), in order. */
static void
assert_rows (StSqlSession *session, const char *sql, const char *const *expected)
{
  g_autoptr (GPtrArray) rows = rows_of (session, sql);

  for (guint i = 0; i < rows->len && expected[i] != NULL; i++)
    g_assert_cmpstr (g_ptr_array_index (rows, i), ==, expected[i]);
  g_assert_cmpuint (rows->len, ==, g_strv_length ((char **)expected));
}

static StSqlSession *
session_for (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSqlSession      *session = st_sql_session_new (trace, &error);

  g_assert_no_error (error);
  return session;
}

/* small.json: on tid 10 "outer" [0, 100) µs holds "inner" [10, 30) and
 * [40, 70), the second holding "leaf" [45, 50) (no category); "other"
 * [50, 60) on tid 11. So the depths are 0, 1, 1, 2 and 0, and leaf's
 * parent is the inner that starts at 40. */
static void
test_slices (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);
  const char *const        slices[]
      = { "0|100000|outer|cpu_op|0|NULL|NULL",    "10000|20000|inner|cpu_op|1|outer|0",
          "40000|30000|inner|cpu_op|1|outer|0",   "45000|5000|leaf|NULL|2|inner|40000",
          "50000|10000|other|cpu_op|0|NULL|NULL", NULL };
  /* inner: 20 + 30 µs; the others one each */
  const char *const by_name[]
      = { "inner|2|50000", "leaf|1|5000", "other|1|10000", "outer|1|100000", NULL };

  assert_rows (session,
               "SELECT s.ts, s.dur, s.name, s.category, s.depth, p.name, p.ts FROM slice s "
               "LEFT JOIN slice p ON p.id = s.parent_id ORDER BY s.ts",
               slices);
  assert_rows (session, "SELECT name, count(*), sum(dur) FROM slice GROUP BY name", by_name);
  assert_rows (session, "SELECT name, count(*), sum(dur) FROM slice GROUP BY name ORDER BY name",
               by_name);
  /* the slices whose parent is outer: both inners */
  assert_rows (session,
               "SELECT ts FROM slice WHERE parent_id = (SELECT id FROM slice WHERE name = 'outer')",
               (const char *const[]){ "10000", "40000", NULL });
  assert_rows (session, "SELECT count(*) FROM slice WHERE id = arg_set_id",
               (const char *const[]){ "5", NULL });
}

/* Two threads of process 1 (python3): tid 10 named main, tid 11 without
 * a name ("Thread 11"); the counter "mem" is a track of the process. */
static void
test_tracks (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);

  assert_rows (session,
               "SELECT t.name, t.kind, th.tid, p.pid, p.name, p.labels FROM thread th "
               "JOIN track t ON t.utid = th.utid JOIN process p USING (upid) ORDER BY th.tid",
               (const char *const[]){ "main|slices|10|1|python3|NULL",
                                      "Thread 11|slices|11|1|python3|NULL", NULL });
  /* the joins people write for trace_processor */
  assert_rows (session,
               "SELECT s.name, t.tid FROM slice s JOIN thread_track tt ON s.track_id = tt.id "
               "JOIN thread t USING (utid) LEFT JOIN process USING (upid) WHERE s.depth = 0 "
               "ORDER BY s.ts",
               (const char *const[]){ "outer|10", "other|11", NULL });
  assert_rows (session, "SELECT name, upid FROM process_track",
               (const char *const[]){ "mem|0", NULL });
  assert_rows (session, "SELECT count(*) FROM track WHERE device IS NOT NULL OR stream IS NOT NULL",
               (const char *const[]){ "0", NULL });
}

/* The counter's two series, by name then time; the flow "hop" from the
 * slice around 12 µs on tid 10 (the inner at 10) to the one around 55 µs
 * on tid 11 ("other", its binding point the enclosing slice); the
 * instant at 60 µs. */
static void
test_counters_flows_instants (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);

  assert_rows (
      session, "SELECT name, ts, value FROM counter ORDER BY name, ts",
      (const char *const[]){ "free|0|7", "free|50000|6.5", "used|0|5", "used|50000|6", NULL });
  assert_rows (session,
               "SELECT o.name, o.ts, i.name, f.name, f.category FROM flow f "
               "JOIN slice o ON o.id = f.slice_out JOIN slice i ON i.id = f.slice_in",
               (const char *const[]){ "inner|10000|other|hop|flowcat", NULL });
  /* numbered after the five slices */
  assert_rows (session,
               "SELECT id, ts, name, category, extract_arg(arg_set_id, 'args.why') FROM instant",
               (const char *const[]){ "5|60000|mark|note|here", NULL });
}

/* outer's args as written: {"a": 1, "s": "x\"y", "nested": {"k": [1, 2.5]},
 * "t": true, "n": null, "big": 1e3}; leaf's {"a": "text"}; the instant's
 * {"why": "here"}: 9 args of 3 events. */
static void
test_args (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);

  assert_rows (session,
               "SELECT key, flat_key, value_type, int_value, string_value, real_value, "
               "display_value FROM args WHERE arg_set_id = "
               "(SELECT arg_set_id FROM slice WHERE name = 'outer')",
               (const char *const[]){
                   "args.a|args.a|int|1|NULL|NULL|1", "args.s|args.s|string|NULL|x\"y|NULL|x\"y",
                   "args.nested.k[0]|args.nested.k|int|1|NULL|NULL|1",
                   "args.nested.k[1]|args.nested.k|real|NULL|NULL|2.5|2.5",
                   "args.t|args.t|bool|1|NULL|NULL|true", "args.n|args.n|null|NULL|NULL|NULL|null",
                   "args.big|args.big|real|NULL|NULL|1000|1e3", NULL });
  assert_rows (session, "SELECT count(*), count(DISTINCT arg_set_id) FROM args",
               (const char *const[]){ "9|3", NULL });
  assert_rows (
      session,
      "SELECT name, extract_arg(arg_set_id, 'args.a'), typeof(extract_arg(arg_set_id, "
      "'args.a')), extract_arg(arg_set_id, 'args.nested.k[1]'), "
      "extract_arg(arg_set_id, 'args.nested') FROM slice WHERE name IN ('outer', 'leaf') "
      "ORDER BY ts",
      (const char *const[]){ "outer|1|integer|2.5|NULL", "leaf|text|text|NULL|NULL", NULL });
}

/* Statements that would write, attach or load are refused, and the
 * tables stay as they were. */
static void
test_writes_refused (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);
  const char *const        writes[] = {
           "INSERT INTO slice (name) VALUES ('x')",
           "UPDATE slice SET dur = 0",
           "DELETE FROM slice",
           "DROP TABLE slice",
           "CREATE TABLE t (a)",
           "CREATE TEMP TABLE t (a)",
           "CREATE TEMP VIEW v AS SELECT 1",
           "ALTER TABLE slice RENAME TO s",
           "ATTACH DATABASE 'strata-test-attached.db' AS other",
           "VACUUM INTO 'strata-test-vacuum.db'",
           "PRAGMA query_only = 0",
           "PRAGMA writable_schema = 1",
           "BEGIN",
           "SELECT load_extension('libm.so.6')",
           "CREATE VIRTUAL TABLE v USING slice",
           "DROP VIEW thread_track",
  };

  for (guint i = 0; i < G_N_ELEMENTS (writes); i++)
    {
      g_autoptr (GError)     error = NULL;
      g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, writes[i], &error);

      g_test_message ("%s", writes[i]);
      g_assert_error (error, ST_SQL_ERROR, ST_SQL_ERROR_READ_ONLY);
      g_assert_null (query);
    }
  g_assert_false (g_file_test ("strata-test-attached.db", G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test ("strata-test-vacuum.db", G_FILE_TEST_EXISTS));
  assert_rows (session, "SELECT count(*), sum(dur) FROM slice",
               (const char *const[]){ "5|165000", NULL });
  /* SQLite's tables that only read are there */
  assert_rows (session, "SELECT count(*) FROM pragma_table_info('slice')",
               (const char *const[]){ "9", NULL });
  assert_rows (session, "SELECT sum(value) FROM json_each('[1, 2, 3]')",
               (const char *const[]){ "6", NULL });
}

static void
assert_query_error (StSqlSession *session, const char *sql, const char *message)
{
  g_autoptr (GError)     error = NULL;
  g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, sql, &error);

  g_assert_error (error, ST_SQL_ERROR, ST_SQL_ERROR_QUERY);
  g_assert_null (query);
  g_assert_nonnull (strstr (error->message, message));
}

/* SQLite's own message for what it cannot compile; one statement only. */
static void
test_bad_query (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);

  assert_query_error (session, "SELEC name FROM slice", "near \"SELEC\": syntax error");
  assert_query_error (session, "SELECT nope FROM slice", "no such column: nope");
  assert_query_error (session, "SELECT * FROM slices", "no such table: slices");
  assert_query_error (session, "SELECT 1; SELECT 2", "one statement");
  assert_query_error (session, "  -- nothing\n", "empty");
  /* a trailing semicolon and comment are one statement */
  assert_rows (session, "SELECT count(*) FROM slice; -- all\n", (const char *const[]){ "5", NULL });
}

/* Regions attached to the session, in start order: [0, 10), [5, 20),
 * [30, 40) ns. */
static void
test_regions (void)
{
  g_autoptr (StTrace)       trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession)  session = session_for (trace);
  g_autoptr (StRegionArray) regions = st_region_array_new ();

  assert_rows (session, "SELECT count(*) FROM region", (const char *const[]){ "0", NULL });
  st_region_array_add (regions, "a", 0, 10, ST_REGION_MANUAL);
  st_region_array_add (regions, "b", 5, 20, ST_REGION_COLLECTIVES);
  st_region_array_add (regions, "c", 30, 40, ST_REGION_MANUAL);
  st_sql_session_set_regions (session, regions);
  assert_rows (session, "SELECT id, name, ts, dur, method FROM region WHERE ts >= 5",
               (const char *const[]){ "1|b|5|15|collectives", "2|c|30|10|manual", NULL });
  assert_rows (session, "SELECT count(*) FROM region WHERE ts > 5 AND ts < 30",
               (const char *const[]){ "0", NULL });
  st_sql_session_set_regions (session, NULL);
  assert_rows (session, "SELECT count(*) FROM region", (const char *const[]){ "0", NULL });
}

static StTrace *
load_ranks (void)
{
  g_autofree char   *rank0 = g_test_build_filename (G_TEST_DIST, "data", "sql", "rank0.json", NULL);
  g_autofree char   *rank1 = g_test_build_filename (G_TEST_DIST, "data", "sql", "rank1.json", NULL);
  char              *paths[] = { rank0, rank1 };
  g_autoptr (GError) error = NULL;
  StTrace           *trace = st_profile_load_args (paths, 2, ST_ALIGN_CLOCK, 0, &error);

  g_assert_no_error (error);
  return trace;
}

/* rank0.json and rank1.json: each GPU runs an NCCL all-reduce of 50 µs at
 * 100 µs (rank 1 at 103) and at 300 µs (rank 1 at 300.2). The first is
 * late on rank 1 by 3 µs: its straggler; the second by 0.2 µs, under the
 * 1 µs of metrics.md 3.2: nobody waited. Rank 0's first all-reduce says
 * 1024 floats (4096 bytes), its copy and rank 1's set say their bytes. */
static void
test_collectives (void)
{
  g_autoptr (StTrace)      trace = load_ranks ();
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autoptr (GError)       error = NULL;
  g_autoptr (StSummary)    summary
      = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);

  assert_rows (session,
               "SELECT c.name, c.ts, c.dur, c.ranks, c.straggler, c.late_ns, c.waited_ns, s.ts "
               "FROM collective c JOIN slice s ON s.id = c.slice_id ORDER BY c.ts",
               (const char *const[]){ "AllReduce #1|100000|53000|2|rank 1|3000|3000|103000",
                                      "AllReduce #2|300000|50200|2|NULL|200|200|300200", NULL });
  /* the summary's own matching says the same */
  g_assert_no_error (error);
  g_assert_cmpuint (st_summary_get_n_rank_collectives (summary), ==, 2);
  g_assert_cmpint (st_summary_get_rank_collective (summary, 0)->late_ns, ==, 3000);
  g_assert_false (st_summary_get_rank_collective (summary, 1)->has_straggler);
  assert_rows (session,
               "SELECT w.device, w.class, w.kind, w.bytes, s.ts FROM device_work w "
               "JOIN slice s ON s.id = w.slice_id ORDER BY w.device, s.ts",
               (const char *const[]){ "rank 0 / GPU 0|compute|gemm|NULL|0",
                                      "rank 0 / GPU 0|communication|allreduce|4096|100000",
                                      "rank 0 / GPU 0|memory|copy|4096|200000",
                                      "rank 0 / GPU 0|communication|allreduce|NULL|300000",
                                      "rank 1 / GPU 1|compute|gemm|NULL|0",
                                      "rank 1 / GPU 1|communication|allreduce|NULL|103000",
                                      "rank 1 / GPU 1|memory|set|512|200000",
                                      "rank 1 / GPU 1|communication|allreduce|NULL|300200", NULL });
  assert_rows (session, "SELECT upid, file, rank, labels FROM process",
               (const char *const[]){ "0|0|0|GPU 0", "1|1|1|GPU 1", NULL });
}

/* A profile of one file matches no collective across ranks. */
static void
test_collectives_one_file (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "rank0.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);

  assert_rows (session, "SELECT count(*) FROM collective", (const char *const[]){ "0", NULL });
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (100 * G_TIME_SPAN_MILLISECOND);
  g_cancellable_cancel (data);
  return NULL;
}

/* A query without end (a count of an endless recursion) stops when its
 * cancellable is cancelled from another thread, and the session answers
 * the next query. */
static void
test_cancel (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("sql", "small.json", NULL);
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError)       error = NULL;
  g_autoptr (StSqlQuery)   query = st_sql_session_prepare (
        session,
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n, "
          "slice",
        &error);
  GThread *thread;

  g_assert_no_error (error);
  thread = g_thread_new ("cancel", cancel_later, cancellable);
  g_assert_false (st_sql_query_next (query, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_thread_join (thread);
  g_assert_false (st_sql_query_next (query, NULL, NULL));
  assert_rows (session, "SELECT count(*) FROM slice", (const char *const[]){ "5", NULL });
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/sql/slices", test_slices);
  g_test_add_func ("/model/sql/tracks", test_tracks);
  g_test_add_func ("/model/sql/counters-flows-instants", test_counters_flows_instants);
  g_test_add_func ("/model/sql/args", test_args);
  g_test_add_func ("/model/sql/writes-refused", test_writes_refused);
  g_test_add_func ("/model/sql/bad-query", test_bad_query);
  g_test_add_func ("/model/sql/regions", test_regions);
  g_test_add_func ("/model/sql/collectives", test_collectives);
  g_test_add_func ("/model/sql/collectives-one-file", test_collectives_one_file);
  g_test_add_func ("/model/sql/cancel", test_cancel);
  return g_test_run ();
}
