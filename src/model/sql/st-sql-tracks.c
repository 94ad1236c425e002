/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-tracks.c: the `track`, `thread`, `process`, `counter` and `flow`
 * tables (docs/sql.md). The first three are one part each; a counter's
 * parts are its series, each in time order; a flow is found by either end
 * through the flow index kept with the trace.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sql-private.h"
#include "st-trace-query.h"

#include <string.h>

/* One part of @n rows. */
static void
one_part (StSqlScan *scan, guint n)
{
  StSqlPart part = { 0, n, 0, 0, 0, 0 };

  scan->own_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  if (n > 0)
    g_array_append_val (scan->own_parts, part);
  scan->parts = (const StSqlPart *)(void *)scan->own_parts->data;
  scan->n_parts = scan->own_parts->len;
}

/* --- track ----------------------------------------------------------------------- */

enum
{
  TRACK_ID,
  TRACK_NAME,
  TRACK_KIND,
  TRACK_UPID,
  TRACK_UTID,
  TRACK_DEVICE,
  TRACK_STREAM,
};

static gint64
track_count (StSqlContext *ctx)
{
  return ctx->n_tracks;
}

static gboolean
track_prepare (StSqlScan *scan, GError **error)
{
  _st_sql_threads (scan->ctx);
  one_part (scan, scan->ctx->n_tracks);
  return TRUE;
}

/* The track's device and its name as a stream (metrics.md 1.1, 10.1), or
 * null when it is not a device track. */
static void
device_column (StSqlScan *scan, guint track, int column, sqlite3_context *out)
{
  g_autoptr (GError) error = NULL;
  StDeviceWork      *work = _st_sql_device_work (scan->ctx, &error);
  gint               device;
  g_autofree char   *name = NULL;

  if (work == NULL)
    {
      sqlite3_result_error (out, error->message, -1);
      return;
    }
  device = st_device_work_get_track_device (work, track);
  if (device < 0)
    sqlite3_result_null (out);
  else if (column == TRACK_DEVICE)
    sqlite3_result_text (out, st_device_work_get_device (work, device)->label, -1,
                         SQLITE_TRANSIENT);
  else
    {
      name = g_strstrip (
          g_strdup (st_string_table_get (scan->ctx->strings, scan->ctx->tracks[track]->name)));
      sqlite3_result_text (out, name, -1, SQLITE_TRANSIENT);
    }
}

static void
track_column (StSqlScan *scan, const StSqlPart *part, guint index, int column, sqlite3_context *out)
{
  const StTrack *t = scan->ctx->tracks[index];

  switch (column)
    {
    case TRACK_NAME: _st_sql_result_string (out, scan->ctx->strings, t->name); break;
    case TRACK_KIND:
      sqlite3_result_text (out, st_track_kind_to_string (t->kind), -1, SQLITE_STATIC);
      break;
    case TRACK_UPID:
      if (t->process == ST_NO_PROCESS)
        sqlite3_result_null (out);
      else
        sqlite3_result_int64 (out, t->process);
      break;
    case TRACK_UTID:
      if (scan->ctx->utid_of_track[index] == G_MAXUINT)
        sqlite3_result_null (out);
      else
        sqlite3_result_int64 (out, scan->ctx->utid_of_track[index]);
      break;
    case TRACK_DEVICE:
    case TRACK_STREAM: device_column (scan, index, column, out); break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_track_table = {
  .name = "track",
  .schema = "CREATE TABLE x(id INTEGER, name TEXT, kind TEXT, upid INTEGER, utid INTEGER, device "
            "TEXT, stream TEXT)",
  .ts_column = -1,
  .key_column = -1,
  .count = track_count,
  .prepare = track_prepare,
  .column = track_column,
};

/* --- thread ---------------------------------------------------------------------- */

enum
{
  THREAD_UTID,
  THREAD_TID,
  THREAD_NAME,
  THREAD_UPID,
};

static gint64
thread_count (StSqlContext *ctx)
{
  _st_sql_threads (ctx);
  return ctx->n_threads;
}

static gboolean
thread_prepare (StSqlScan *scan, GError **error)
{
  _st_sql_threads (scan->ctx);
  one_part (scan, scan->ctx->n_threads);
  return TRUE;
}

static void
thread_column (StSqlScan       *scan,
               const StSqlPart *part,
               guint            index,
               int              column,
               sqlite3_context *out)
{
  const StTrack *t = scan->ctx->tracks[scan->ctx->thread_tracks[index]];

  switch (column)
    {
    case THREAD_TID:
      _st_sql_result_id_text (out, st_string_table_get (scan->ctx->strings, t->tid));
      break;
    case THREAD_NAME: _st_sql_result_string (out, scan->ctx->strings, t->name); break;
    case THREAD_UPID: sqlite3_result_int64 (out, t->process); break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_thread_table = {
  .name = "thread",
  .schema = "CREATE TABLE x(utid INTEGER, tid, name TEXT, upid INTEGER)",
  .ts_column = -1,
  .key_column = -1,
  .count = thread_count,
  .prepare = thread_prepare,
  .column = thread_column,
};

/* --- process --------------------------------------------------------------------- */

enum
{
  PROCESS_UPID,
  PROCESS_PID,
  PROCESS_NAME,
  PROCESS_LABELS,
  PROCESS_FILE,
  PROCESS_RANK,
};

static gint64
process_count (StSqlContext *ctx)
{
  return st_trace_get_n_processes (ctx->trace);
}

static gboolean
process_prepare (StSqlScan *scan, GError **error)
{
  one_part (scan, st_trace_get_n_processes (scan->ctx->trace));
  return TRUE;
}

static void
process_column (StSqlScan       *scan,
                const StSqlPart *part,
                guint            index,
                int              column,
                sqlite3_context *out)
{
  const StProcess   *p = st_trace_get_process (scan->ctx->trace, index);
  const StTraceFile *file = st_trace_get_file (scan->ctx->trace, p->file);

  switch (column)
    {
    case PROCESS_PID:
      _st_sql_result_id_text (out, st_string_table_get (scan->ctx->strings, p->pid));
      break;
    case PROCESS_NAME: _st_sql_result_string_or_null (out, scan->ctx->strings, p->name); break;
    case PROCESS_LABELS: _st_sql_result_string_or_null (out, scan->ctx->strings, p->labels); break;
    case PROCESS_FILE: sqlite3_result_int64 (out, p->file); break;
    case PROCESS_RANK:
      if (file->rank < 0)
        sqlite3_result_null (out);
      else
        sqlite3_result_int64 (out, file->rank);
      break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_process_table = {
  .name = "process",
  .schema = "CREATE TABLE x(upid INTEGER, pid, name TEXT, labels TEXT, file INTEGER, rank "
            "INTEGER)",
  .ts_column = -1,
  .key_column = -1,
  .count = process_count,
  .prepare = process_prepare,
  .column = process_column,
};

/* --- counter --------------------------------------------------------------------- */

enum
{
  COUNTER_ID,
  COUNTER_TS,
  COUNTER_TRACK_ID,
  COUNTER_NAME,
  COUNTER_VALUE,
};

static gint64
counter_count (StSqlContext *ctx)
{
  gint64 n = 0;

  for (guint t = 0; t < ctx->n_tracks; t++)
    for (guint s = 0; s < ctx->tracks[t]->n_series; s++)
      n += ctx->tracks[t]->series[s].n_samples;
  return n;
}

/* A part per series, track after track. */
static gboolean
counter_prepare (StSqlScan *scan, GError **error)
{
  StSqlContext *ctx = scan->ctx;
  guint32       first = 0;

  scan->own_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  for (guint t = 0; t < ctx->n_tracks; t++)
    for (guint s = 0; s < ctx->tracks[t]->n_series; s++)
      {
        StSqlPart part = { first, ctx->tracks[t]->series[s].n_samples, t, s, 0, 0 };

        first += part.n;
        if (part.n > 0)
          g_array_append_val (scan->own_parts, part);
      }
  scan->parts = (const StSqlPart *)(void *)scan->own_parts->data;
  scan->n_parts = scan->own_parts->len;
  return TRUE;
}

static gint64
counter_ts (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return scan->ctx->tracks[part->key]->series[part->a].ts[index];
}

static void
counter_column (StSqlScan       *scan,
                const StSqlPart *part,
                guint            index,
                int              column,
                sqlite3_context *out)
{
  const StCounterSeries *s = &scan->ctx->tracks[part->key]->series[part->a];

  switch (column)
    {
    case COUNTER_TS: sqlite3_result_int64 (out, s->ts[index]); break;
    case COUNTER_TRACK_ID: sqlite3_result_int64 (out, part->key); break;
    case COUNTER_NAME: _st_sql_result_string (out, scan->ctx->strings, s->name); break;
    case COUNTER_VALUE: sqlite3_result_double (out, s->values[index]); break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_counter_table = {
  .name = "counter",
  .schema = "CREATE TABLE x(id INTEGER, ts INTEGER, track_id INTEGER, name TEXT, value REAL)",
  .ts_column = COUNTER_TS,
  .key_column = COUNTER_TRACK_ID,
  .count = counter_count,
  .prepare = counter_prepare,
  .get_ts = counter_ts,
  .column = counter_column,
};

/* --- flow ------------------------------------------------------------------------ */

enum
{
  FLOW_ID,
  FLOW_SLICE_OUT,
  FLOW_SLICE_IN,
  FLOW_NAME,
  FLOW_CATEGORY,
};

static gint64
flow_count (StSqlContext *ctx)
{
  gsize n;

  st_trace_get_flows (ctx->trace, &n);
  return n;
}

static gboolean
flow_prepare (StSqlScan *scan, GError **error)
{
  gsize n;

  scan->data = (gpointer)st_trace_get_flows (scan->ctx->trace, &n);
  one_part (scan, n);
  return TRUE;
}

static void
flow_column (StSqlScan *scan, const StSqlPart *part, guint index, int column, sqlite3_context *out)
{
  const StFlow  *f = &((const StFlow *)scan->data)[index];
  const guint32 *first = scan->ctx->track_first;

  switch (column)
    {
    case FLOW_SLICE_OUT: sqlite3_result_int64 (out, first[f->from.track] + f->from.index); break;
    case FLOW_SLICE_IN: sqlite3_result_int64 (out, first[f->to.track] + f->to.index); break;
    case FLOW_NAME: _st_sql_result_string (out, scan->ctx->strings, f->name); break;
    case FLOW_CATEGORY: _st_sql_result_string_or_null (out, scan->ctx->strings, f->cat); break;
    default: sqlite3_result_null (out); break;
    }
}

/* The flows that leave or enter a slice, from the flow index. */
static gboolean
flow_lookup (StSqlScan     *scan,
             int            column,
             StSqlMatch     match,
             sqlite3_value *value,
             gboolean       desc,
             GError       **error)
{
  StSliceRef     ref;
  const guint32 *flows;
  guint          n;

  if (sqlite3_value_numeric_type (value) != SQLITE_INTEGER
      || !_st_sql_slice_ref (scan->ctx, sqlite3_value_int64 (value), &ref))
    return TRUE;
  flows = st_trace_get_slice_flows (scan->ctx->trace, ref, column == FLOW_SLICE_OUT, &n);
  _st_sql_scan_add_run (scan, flows, n);
  return TRUE;
}

const StSqlTableDef st_sql_flow_table = {
  .name = "flow",
  .schema = "CREATE TABLE x(id INTEGER, slice_out INTEGER, slice_in INTEGER, name TEXT, category "
            "TEXT)",
  .ts_column = -1,
  .key_column = -1,
  .lookup_columns = 1u << FLOW_SLICE_OUT | 1u << FLOW_SLICE_IN,
  .count = flow_count,
  .prepare = flow_prepare,
  .column = flow_column,
  .lookup = flow_lookup,
};
