/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SQL tables against the store of generated profiles (docs/sql.md):
 * every table holds exactly what the store holds, counted here by walking
 * the store's arrays, not through SQL; depth and parent_id against a sweep
 * of each row under the row above it (docs/metrics.md 17); device_work
 * against the analysis index and the Summary's bytes; args against the
 * details pane's reading; and every plan that uses the store's order (time
 * ranges, a track, names, a parent, ids, flows, an event's args) gives the
 * rows of a full scan, which a `+` before the column forces.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-device-work.h"
#include "st-sql-session.h"
#include "st-summary.h"
#include "st-test-util.h"

#include <string.h>

static StTrace *
load_env (const char *variable)
{
  const char        *path = g_getenv (variable);
  g_autoptr (GFile)  file = NULL;
  g_autoptr (GError) error = NULL;
  StTrace           *trace;

  g_assert_nonnull (path);
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static StSqlSession *
session_for (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSqlSession      *session = st_sql_session_new (trace, &error);

  g_assert_no_error (error);
  return session;
}

/* The rows of @sql as integers, @width columns each (null as G_MININT64). */
static GArray *
ints_of (StSqlSession *session, const char *sql, guint width)
{
  g_autoptr (GError)     error = NULL;
  g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, sql, &error);
  GArray                *out = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_assert_no_error (error);
  g_assert_cmpuint (st_sql_query_get_n_columns (query), ==, width);
  while (st_sql_query_next (query, NULL, &error))
    for (guint c = 0; c < width; c++)
      {
        gint64 v = st_sql_query_get_value_type (query, c) == ST_SQL_NULL
                       ? G_MININT64
                       : st_sql_query_get_int (query, c);

        g_array_append_val (out, v);
      }
  g_assert_no_error (error);
  return out;
}

static gint64
one_int (StSqlSession *session, const char *sql)
{
  g_autoptr (GArray) v = ints_of (session, sql, 1);

  g_assert_cmpuint (v->len, ==, 1);
  return g_array_index (v, gint64, 0);
}

/* Each track's first slice number, counted here: the ids of docs/sql.md. */
static guint32 *
slice_numbers (StTrace *trace)
{
  guint    n = st_trace_get_n_tracks (trace);
  guint32 *first = g_new0 (guint32, n + 1);

  for (guint t = 0; t < n; t++)
    first[t + 1] = first[t] + st_trace_get_track (trace, t)->n_slices;
  return first;
}

/* Every table has as many rows as the store has of it. */
static void
test_counts (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  guint64                  slices = 0, instants = 0, samples = 0;
  gsize                    n_flows;

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      slices += track->n_slices;
      instants += track->n_instants;
      for (guint s = 0; s < track->n_series; s++)
        samples += track->series[s].n_samples;
    }
  st_trace_get_flows (trace, &n_flows);
  g_assert_cmpuint (slices, ==, st_trace_get_counts (trace)->slices);
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM slice"), ==, slices);
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM instant"), ==, instants);
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM counter"), ==, samples);
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM flow"), ==, n_flows);
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM track"), ==,
                   st_trace_get_n_tracks (trace));
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM process"), ==,
                   st_trace_get_n_processes (trace));
  g_assert_cmpint (one_int (session, "SELECT min(id) FROM instant"), ==, slices);
}

/* Per name, the count and summed duration of a walk over every slice; in
 * the order of the names' bytes. */
static void
test_by_name (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autoptr (GHashTable)   walk = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr (StSqlQuery)   query = NULL;
  g_autoptr (GError)       error = NULL;
  g_autofree char         *last = NULL;
  guint                    rows = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        {
          const char *name = st_trace_get_string (trace, track->slices[i].name);
          gint64     *acc = g_hash_table_lookup (walk, name);

          if (acc == NULL)
            g_hash_table_insert (walk, (gpointer)name, acc = g_new0 (gint64, 2));
          acc[0]++;
          acc[1] += track->slices[i].dur;
        }
    }
  query = st_sql_session_prepare (
      session, "SELECT name, count(*), sum(dur) FROM slice GROUP BY name", &error);
  while (st_sql_query_next (query, NULL, &error))
    {
      const char *name = st_sql_query_get_text (query, 0, NULL);
      gint64     *acc = g_hash_table_lookup (walk, name);

      g_assert_nonnull (acc);
      g_assert_cmpint (st_sql_query_get_int (query, 1), ==, acc[0]);
      g_assert_cmpint (st_sql_query_get_int (query, 2), ==, acc[1]);
      g_assert_true (last == NULL || strcmp (last, name) < 0);
      g_free (last);
      last = g_strdup (name);
      rows++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (rows, ==, g_hash_table_size (walk));
}

/* depth and parent_id of every slice, by a sweep of each row under the row
 * above it in its lane: the last slice of the row above that starts at or
 * before it is its parent when it ends at or after its end. */
static void
test_depth_parent (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autofree guint32      *first = slice_numbers (trace);
  g_autoptr (GArray)       rows
      = ints_of (session, "SELECT id, track_id, depth, parent_id FROM slice ORDER BY id", 4);
  guint nested = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint r = 0, lane = 0; r < track->n_rows; r++)
        {
          guint above = track->row_offsets[r > 0 ? r - 1 : 0];

          while (lane + 1 < track->n_lanes && track->lane_rows[lane + 1] <= r)
            lane++;
          for (guint i = track->row_offsets[r]; i < track->row_offsets[r + 1]; i++)
            {
              const StSlice *s = &track->slices[i];
              const gint64  *row = &g_array_index (rows, gint64, 4 * (first[t] + i));
              gint64         parent = G_MININT64;

              while (r > track->lane_rows[lane] && above + 1 < track->row_offsets[r]
                     && track->slices[above + 1].start <= s->start)
                above++;
              if (r > track->lane_rows[lane] && track->slices[above].start <= s->start
                  && track->slices[above].start + track->slices[above].dur >= s->start + s->dur)
                parent = first[t] + above;
              g_assert_cmpint (row[0], ==, first[t] + i);
              g_assert_cmpint (row[1], ==, t);
              g_assert_cmpint (row[2], ==, r - track->lane_rows[lane]);
              g_assert_cmpint (row[3], ==, parent);
              nested += parent != G_MININT64;
            }
        }
    }
  g_assert_cmpuint (nested, >, 1000);
}

/* Each flow's ends as the store's refs number them. */
static void
test_flows (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autofree guint32      *first = slice_numbers (trace);
  g_autoptr (GArray)       rows
      = ints_of (session, "SELECT slice_out, slice_in FROM flow ORDER BY id", 2);
  gsize         n;
  const StFlow *flows = st_trace_get_flows (trace, &n);

  g_assert_cmpuint (rows->len, ==, 2 * n);
  g_assert_cmpuint (n, >, 100);
  for (gsize f = 0; f < n; f++)
    {
      g_assert_cmpint (g_array_index (rows, gint64, 2 * f), ==,
                       first[flows[f].from.track] + flows[f].from.index);
      g_assert_cmpint (g_array_index (rows, gint64, 2 * f + 1), ==,
                       first[flows[f].to.track] + flows[f].to.index);
    }
}

/* A slice's id leads back to the slice the store numbers so (counted
 * here track after track), and no id past the last does. */
static void
test_slice_ids (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autofree guint32      *first = slice_numbers (trace);
  guint                    n_tracks = st_trace_get_n_tracks (trace);
  StEventRef               ref;

  for (guint t = 0; t < n_tracks; t++)
    if (st_trace_get_track (trace, t)->n_slices > 0)
      {
        guint last = st_trace_get_track (trace, t)->n_slices - 1;

        g_assert_true (st_sql_session_get_slice (session, first[t], &ref));
        g_assert_cmpuint (ref.track, ==, t);
        g_assert_cmpuint (ref.index, ==, 0);
        g_assert_cmpint (ref.kind, ==, ST_EVENT_SLICE);
        g_assert_true (st_sql_session_get_slice (session, first[t] + last, &ref));
        g_assert_cmpuint (ref.track, ==, t);
        g_assert_cmpuint (ref.index, ==, last);
      }
  g_assert_false (st_sql_session_get_slice (session, first[n_tracks], &ref));
  g_assert_false (st_sql_session_get_slice (session, -1, &ref));
}

/* Which result columns hold slice ids: read from slice.id or a slice_id
 * column, through aliases and subqueries; not another table's id. */
static void
test_slice_id_columns (void)
{
  static const struct
  {
    const char *sql;
    gboolean    is_slice_id[2];
  } cases[] = {
    { "SELECT id AS a, track_id FROM slice", { TRUE, FALSE } },
    { "SELECT x.id, x.name FROM (SELECT id, name FROM slice) x", { TRUE, FALSE } },
    { "SELECT slice_id, device FROM device_work", { TRUE, FALSE } },
    { "SELECT slice_id, id FROM collective", { TRUE, FALSE } },
    { "SELECT id, name FROM track", { FALSE, FALSE } },
    { "SELECT id, name FROM thread_track", { FALSE, FALSE } },
    { "SELECT 3 AS slice_id, 4 AS id", { TRUE, FALSE } },
  };
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError)     error = NULL;
      g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, cases[i].sql, &error);

      g_assert_no_error (error);
      for (guint c = 0; c < 2; c++)
        g_assert_cmpint (st_sql_query_column_is_slice_id (query, c), ==, cases[i].is_slice_id[c]);
    }
}

/* @planned reads what the store's order selects (its plan is not a full
 * scan), and gives the rows of @scanned, its full scan. */
static void
assert_same_rows (StSqlSession *session, const char *planned, const char *scanned, guint width)
{
  g_autofree char       *explain = g_strdup_printf ("EXPLAIN QUERY PLAN %s", planned);
  g_autoptr (GError)     error = NULL;
  g_autoptr (StSqlQuery) plan = st_sql_session_prepare (session, explain, &error);
  g_autoptr (GArray)     a = ints_of (session, planned, width);
  g_autoptr (GArray)     b = ints_of (session, scanned, width);
  gboolean               indexed = FALSE;

  g_test_message ("%s", planned);
  while (st_sql_query_next (plan, NULL, &error))
    {
      const char *detail = st_sql_query_get_text (plan, 3, NULL);

      indexed |= strstr (detail, "VIRTUAL TABLE INDEX") != NULL
                 && strstr (detail, "VIRTUAL TABLE INDEX 0:") == NULL;
    }
  g_assert_no_error (error);
  g_assert_true (indexed);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpint (g_array_index (a, gint64, i), ==, g_array_index (b, gint64, i));
}

/* @pattern with @A, @B, @T, @P and @I put in from @values. */
static char *
fill (const char *pattern, const gint64 *values)
{
  GString    *s = g_string_new (pattern);
  const char *names[] = { "@A", "@B", "@T", "@P", "@I" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *v = g_strdup_printf ("%" G_GINT64_FORMAT, values[i]);

      g_string_replace (s, names[i], v, 0);
    }
  return g_string_free (s, FALSE);
}

/* Each WHERE clause beside its full scan: a + before a column keeps SQLite
 * from handing the constraint to the table. */
static void
test_ranges (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  gint64                   end = st_trace_get_end_ns (trace), a = end / 3, b = a + end / 50;
  gint64                   t = one_int (session, "SELECT ts FROM slice WHERE id = 1000");
  gint64                   p = one_int (session, "SELECT min(parent_id) FROM slice");
  const gint64             values[] = { a, b, t, p, 0 };
  const char *const        cases[][2] = {
           { "ts >= @A AND ts < @B", "+ts >= @A AND +ts < @B" },
           { "ts > @A AND ts <= @B", "+ts > @A AND +ts <= @B" },
           { "ts BETWEEN @A AND @B", "+ts BETWEEN @A AND @B" },
           { "ts < @A", "+ts < @A" },
           { "ts >= @B", "+ts >= @B" },
           { "ts = @T", "+ts = @T" },
           { "ts >= @A.5 AND ts < @B.5", "+ts >= @A.5 AND +ts < @B.5" },
           { "ts > 'text'", "+ts > 'text'" },
           { "ts < -1", "+ts < -1" },
           { "track_id = 3", "+track_id = 3" },
           { "track_id IN (1, 3, 99999)", "+track_id IN (1, 3, 99999)" },
           { "track_id = 3 AND ts >= @A AND ts < @B", "+track_id = 3 AND +ts >= @A AND +ts < @B" },
           { "name = 'aten::mm'", "+name = 'aten::mm'" },
           { "name = 'aten::mm' AND ts >= @A", "+name = 'aten::mm' AND +ts >= @A" },
           { "name IN ('aten::mm', 'cudaLaunchKernel', 'none')",
             "+name IN ('aten::mm', 'cudaLaunchKernel', 'none')" },
           { "name GLOB 'aten::*'", "+name GLOB 'aten::*'" },
           { "name LIKE '%MEMCPY%'", "+name LIKE '%MEMCPY%'" },
           { "name = 'no such name'", "+name = 'no such name'" },
           { "parent_id = @P", "+parent_id = @P" },
           { "id = 1000", "+id = 1000" },
           { "id IN (0, 5, 70000000)", "+id IN (0, 5, 70000000)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *w1 = fill (cases[i][0], values);
      g_autofree char *w2 = fill (cases[i][1], values);
      g_autofree char *q1 = g_strdup_printf ("SELECT id, dur FROM slice WHERE %s ORDER BY id", w1);
      g_autofree char *q2 = g_strdup_printf ("SELECT id, dur FROM slice WHERE %s ORDER BY +id", w2);

      assert_same_rows (session, q1, q2, 2);
    }
}

/* The other tables' plans: instants and counters by time and track, flows
 * by either end, an event's args, a device event. */
static void
test_other_ranges (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  gint64                   end = st_trace_get_end_ns (trace);
  gint64                   counter = one_int (session, "SELECT max(track_id) FROM counter");
  gint64                   out = one_int (session, "SELECT slice_out FROM flow WHERE id = 7");
  gint64                   in = one_int (session, "SELECT slice_in FROM flow WHERE id = 7");
  gint64                   work = one_int (session, "SELECT max(slice_id) FROM device_work");
  const gint64             values[] = { end / 4, end / 2, counter, out, in };
  const char *const        cases[][2] = {
           { "SELECT id FROM instant WHERE ts >= @A AND ts < @B ORDER BY id",
             "SELECT id FROM instant WHERE +ts >= @A AND +ts < @B ORDER BY +id" },
           { "SELECT id, value FROM counter WHERE ts < @A ORDER BY id",
             "SELECT id, value FROM counter WHERE +ts < @A ORDER BY +id" },
           { "SELECT id FROM counter WHERE track_id = @T ORDER BY id",
             "SELECT id FROM counter WHERE +track_id = @T ORDER BY +id" },
           { "SELECT id FROM flow WHERE slice_out = @P ORDER BY id",
             "SELECT id FROM flow WHERE +slice_out = @P ORDER BY +id" },
           { "SELECT id FROM flow WHERE slice_in = @I ORDER BY id",
             "SELECT id FROM flow WHERE +slice_in = @I ORDER BY +id" },
  };
  g_autofree char *work_sql = g_strdup_printf (
      "SELECT slice_id, bytes FROM device_work WHERE slice_id = %" G_GINT64_FORMAT, work);
  g_autofree char *work_scan = g_strdup_printf (
      "SELECT slice_id, bytes FROM device_work WHERE +slice_id = %" G_GINT64_FORMAT, work);
  g_autofree char *args_sql = g_strdup_printf (
      "SELECT arg_set_id, length(key), int_value FROM args WHERE arg_set_id = %" G_GINT64_FORMAT,
      work);
  g_autofree char *args_scan = g_strdup_printf (
      "SELECT arg_set_id, length(key), int_value FROM args WHERE +arg_set_id = %" G_GINT64_FORMAT,
      work);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *q1 = fill (cases[i][0], values);
      g_autofree char *q2 = fill (cases[i][1], values);

      assert_same_rows (session, q1, q2, strstr (q1, "value") ? 2 : 1);
    }
  assert_same_rows (session, work_sql, work_scan, 2);
  assert_same_rows (session, args_sql, args_scan, 3);
  g_assert_cmpint (one_int (session, "SELECT count(*) FROM device_work WHERE bytes > 0"), >, 0);
}

/* device_work against the analysis index: a row per slice with a class,
 * with its class; the copies' and sets' bytes sum to the Summary's
 * memcpy_bytes and memset_bytes of the whole profile. */
static void
test_device_work (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  StDeviceWork            *work = st_device_work_get (trace);
  g_autofree guint32      *first = slice_numbers (trace);
  g_autoptr (GError)       error = NULL;
  g_autoptr (StSummary)    summary
      = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);
  g_autoptr (GArray) rows = ints_of (
      session,
      "SELECT slice_id, CASE class WHEN 'compute' THEN 1 WHEN 'communication' THEN 2 WHEN "
      "'memory' THEN 3 WHEN 'wait' THEN 4 ELSE 5 END FROM device_work ORDER BY slice_id",
      2);
  guint k = 0;

  g_assert_no_error (error);
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StWorkTag *tags = st_device_work_get_tags (work, t);

      for (guint i = 0; tags != NULL && i < st_trace_get_track (trace, t)->n_slices; i++)
        if (tags[i].klass != ST_CLASS_NONE)
          {
            g_assert_cmpuint (k, <, rows->len / 2);
            g_assert_cmpint (g_array_index (rows, gint64, 2 * k), ==, first[t] + i);
            g_assert_cmpint (g_array_index (rows, gint64, 2 * k + 1), ==, tags[i].klass);
            k++;
          }
    }
  g_assert_cmpuint (k, ==, rows->len / 2);
  g_assert_cmpuint (k, >, 1000);
  g_assert_cmpint (one_int (session, "SELECT sum(bytes) FROM device_work WHERE kind = 'copy'"), ==,
                   (gint64)st_summary_lookup (summary, "memcpy_bytes")->value);
  g_assert_cmpint (one_int (session, "SELECT sum(bytes) FROM device_work WHERE kind = 'set'"), ==,
                   (gint64)st_summary_lookup (summary, "memset_bytes")->value);
  g_assert_cmpint (one_int (session, "SELECT count(DISTINCT device) FROM track"), ==,
                   st_device_work_get_n_devices (work));
}

/* For one event in every hundred, the args table holds what the details
 * pane reads (st_trace_get_args_flat, whose order is json-glib's): the
 * same keys, and for integers, strings, booleans and nulls the same text. */
static void
assert_args_as_details (const char *variable)
{
  g_autoptr (StTrace)      trace = load_env (variable);
  g_autoptr (StSqlSession) session = session_for (trace);
  guint64                  n = st_trace_get_counts (trace)->slices;
  guint                    compared = 0;

  for (guint64 id = 0; id < n; id += 100)
    {
      g_autofree char *sql = g_strdup_printf (
          "SELECT key, value_type, display_value FROM args WHERE arg_set_id = %" G_GUINT64_FORMAT,
          id);
      g_autoptr (StSqlQuery) query = st_sql_session_prepare (session, sql, NULL);
      g_autoptr (GHashTable) rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr (GPtrArray)  flat = NULL;
      StSliceRef             ref = { 0, 0 };
      guint64                left = id;

      while (left >= st_trace_get_track (trace, ref.track)->n_slices)
        left -= st_trace_get_track (trace, ref.track++)->n_slices;
      ref.index = (guint32)left;
      while (st_sql_query_next (query, NULL, NULL))
        g_hash_table_insert (rows, g_strdup (st_sql_query_get_text (query, 0, NULL)),
                             strcmp (st_sql_query_get_text (query, 1, NULL), "real") == 0
                                 ? NULL
                                 : g_strdup (st_sql_query_get_text (query, 2, NULL)));
      flat = st_test_args_flat (trace, st_trace_get_slice (trace, ref)->offset, NULL);
      g_assert_cmpuint (g_hash_table_size (rows), ==, flat->len);
      for (guint i = 0; i < flat->len; i++, compared++)
        {
          StArg           *arg = g_ptr_array_index (flat, i);
          g_autofree char *key = g_strdup_printf ("args.%s", arg->key);
          const char      *value;

          g_assert_true (g_hash_table_lookup_extended (rows, key, NULL, (gpointer *)&value));
          if (value != NULL)
            g_assert_cmpstr (value, ==, arg->value);
        }
    }
  g_assert_cmpuint (compared, >, 100);
}

static void
test_args_kineto (void)
{
  assert_args_as_details ("STRATA_TEST_TRACE");
}

/* A Neuron row's own fields are its args. */
static void
test_args_neuron (void)
{
  assert_args_as_details ("STRATA_TEST_NEURON");
}

/* A read of every event's args stops at once when cancelled. */
static void
test_cancel_args (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_TRACE");
  g_autoptr (StSqlSession) session = session_for (trace);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError)       error = NULL;
  g_autoptr (StSqlQuery)   query
      = st_sql_session_prepare (session, "SELECT count(*) FROM args", &error);

  g_assert_no_error (error);
  g_cancellable_cancel (cancellable);
  g_assert_false (st_sql_query_next (query, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/sql-store/counts", test_counts);
  g_test_add_func ("/model/sql-store/by-name", test_by_name);
  g_test_add_func ("/model/sql-store/depth-parent", test_depth_parent);
  g_test_add_func ("/model/sql-store/flows", test_flows);
  g_test_add_func ("/model/sql-store/slice-ids", test_slice_ids);
  g_test_add_func ("/model/sql-store/slice-id-columns", test_slice_id_columns);
  g_test_add_func ("/model/sql-store/ranges", test_ranges);
  g_test_add_func ("/model/sql-store/other-ranges", test_other_ranges);
  g_test_add_func ("/model/sql-store/device-work", test_device_work);
  g_test_add_func ("/model/sql-store/args-kineto", test_args_kineto);
  g_test_add_func ("/model/sql-store/args-neuron", test_args_neuron);
  g_test_add_func ("/model/sql-store/cancel-args", test_cancel_args);
  return g_test_run ();
}
