/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-analysis.c: the tables of Strata's own analyses (docs/sql.md):
 * `device_work` from the analysis index kept with the trace, `region` from
 * the regions given to the session, `collective` from the whole profile's
 * summary (docs/metrics.md 3.2).
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-event-scan.h"
#include "st-sql-private.h"

/* --- device_work ----------------------------------------------------------------- */

enum
{
  WORK_SLICE_ID,
  WORK_CLASS,
  WORK_KIND,
  WORK_DEVICE,
  WORK_BYTES,
};

static gint64
work_count (StSqlContext *ctx)
{
  return ctx->track_first[ctx->n_tracks] / 2;
}

/* A part per device track, numbered as its slices: a row's id is the
 * slice's. */
static gboolean
work_prepare (StSqlScan *scan, GError **error)
{
  StSqlContext *ctx = scan->ctx;
  StDeviceWork *work = _st_sql_device_work (ctx, error);

  if (work == NULL)
    return FALSE;
  scan->data = work;
  scan->own_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  for (guint t = 0; t < ctx->n_tracks; t++)
    if (st_device_work_get_tags (work, t) != NULL && ctx->tracks[t]->n_slices > 0)
      {
        StSqlPart part = { ctx->track_first[t], ctx->tracks[t]->n_slices, t, 0, 0, 0 };

        g_array_append_val (scan->own_parts, part);
      }
  scan->parts = (const StSqlPart *)(void *)scan->own_parts->data;
  scan->n_parts = scan->own_parts->len;
  return TRUE;
}

static StWorkTag
work_tag (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return st_device_work_get_tags (scan->data, part->key)[index];
}

/* A slice of a device track that is no device event (an annotation). */
static gboolean
work_skip (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return work_tag (scan, part, index).klass == ST_CLASS_NONE;
}

static const char *
class_name (guint klass)
{
  static const char *const names[] = {
    [ST_CLASS_COMPUTE] = "compute", [ST_CLASS_COMMUNICATION] = "communication",
    [ST_CLASS_MEMORY] = "memory",   [ST_CLASS_WAIT] = "wait",
    [ST_CLASS_OTHER] = "other",
  };

  return klass < G_N_ELEMENTS (names) ? names[klass] : NULL;
}

/* 1.5 and 1.6: the compute kind, copy or set, the collective type. */
static const char *
kind_name (StWorkTag tag)
{
  switch (tag.klass)
    {
    case ST_CLASS_COMPUTE: return st_kernel_class_to_string (st_work_tag_get_kernel_class (tag));
    case ST_CLASS_MEMORY: return tag.kind == ST_MEMORY_SET ? "set" : "copy";
    case ST_CLASS_COMMUNICATION:
      return st_collective_type_to_string (st_work_tag_get_collective (tag));
    default: return NULL;
    }
}

/* A copy's or set's args.bytes, a communication event's size (1.6). */
static void
bytes_column (StSqlScan       *scan,
              const StSqlPart *part,
              guint            index,
              StWorkTag        tag,
              sqlite3_context *out)
{
  const StSlice *s = &scan->ctx->tracks[part->key]->slices[index];
  gint64         bytes;
  guint64        size;
  StSliceRef     op;
  gboolean       has_op;

  if (tag.klass == ST_CLASS_MEMORY
      && st_event_scan_int (scan->ctx->trace, s->offset, "args", "bytes", &bytes) && bytes >= 0)
    sqlite3_result_int64 (out, bytes);
  else if (tag.klass == ST_CLASS_COMMUNICATION
           && (size = st_device_work_read_collective_size (
                   scan->data, (StSliceRef){ part->key, index }, &op, &has_op))
                  > 0
           && size <= G_MAXINT64)
    sqlite3_result_int64 (out, (gint64)size);
  else
    sqlite3_result_null (out);
}

static void
work_column (StSqlScan *scan, const StSqlPart *part, guint index, int column, sqlite3_context *out)
{
  StWorkTag   tag = work_tag (scan, part, index);
  const char *text;
  gint        device;

  switch (column)
    {
    case WORK_CLASS:
    case WORK_KIND:
      text = column == WORK_CLASS ? class_name (tag.klass) : kind_name (tag);
      if (text == NULL)
        sqlite3_result_null (out);
      else
        sqlite3_result_text (out, text, -1, SQLITE_STATIC);
      break;
    case WORK_DEVICE:
      device = st_device_work_get_track_device (scan->data, part->key);
      sqlite3_result_text (out, st_device_work_get_device (scan->data, device)->label, -1,
                           SQLITE_TRANSIENT);
      break;
    case WORK_BYTES: bytes_column (scan, part, index, tag, out); break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_device_work_table = {
  .name = "device_work",
  .schema = "CREATE TABLE x(slice_id INTEGER, class TEXT, kind TEXT, device TEXT, bytes INTEGER)",
  .ts_column = -1,
  .key_column = -1,
  .count = work_count,
  .prepare = work_prepare,
  .skip = work_skip,
  .column = work_column,
};

/* --- region ---------------------------------------------------------------------- */

enum
{
  REGION_ID,
  REGION_TS,
  REGION_DUR,
  REGION_NAME,
  REGION_METHOD,
};

static gint64
region_count (StSqlContext *ctx)
{
  return ctx->regions != NULL ? st_region_array_get_length (ctx->regions) : 0;
}

/* The regions given when the query starts, kept for it. */
static gboolean
region_prepare (StSqlScan *scan, GError **error)
{
  StRegionArray *regions = scan->ctx->regions;
  guint          n = regions != NULL ? st_region_array_get_length (regions) : 0;
  StSqlPart      part = { 0, n, 0, 0, 0, 0 };

  scan->own_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  if (n == 0)
    return TRUE;
  scan->data = st_region_array_ref (regions);
  scan->data_free = (GDestroyNotify)st_region_array_unref;
  g_array_append_val (scan->own_parts, part);
  scan->parts = (const StSqlPart *)(void *)scan->own_parts->data;
  scan->n_parts = 1;
  for (guint i = 1; i < n && !scan->unsorted; i++)
    scan->unsorted
        = st_region_array_get_start (regions, i) < st_region_array_get_start (regions, i - 1);
  return TRUE;
}

static gint64
region_ts (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return st_region_array_get_start (scan->data, index);
}

static void
region_column (StSqlScan       *scan,
               const StSqlPart *part,
               guint            index,
               int              column,
               sqlite3_context *out)
{
  StRegionArray *regions = scan->data;

  switch (column)
    {
    case REGION_TS: sqlite3_result_int64 (out, st_region_array_get_start (regions, index)); break;
    case REGION_DUR:
      sqlite3_result_int64 (out, st_region_array_get_duration (regions, index));
      break;
    case REGION_NAME:
      sqlite3_result_text (out, st_region_array_dup_name (regions, index), -1, g_free);
      break;
    case REGION_METHOD:
      sqlite3_result_text (out,
                           st_region_method_to_string (st_region_array_get_method (regions, index)),
                           -1, SQLITE_STATIC);
      break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_region_table = {
  .name = "region",
  .schema = "CREATE TABLE x(id INTEGER, ts INTEGER, dur INTEGER, name TEXT, method TEXT)",
  .ts_column = REGION_TS,
  .key_column = -1,
  .count = region_count,
  .prepare = region_prepare,
  .get_ts = region_ts,
  .column = region_column,
};

/* --- collective ------------------------------------------------------------------ */

enum
{
  COLLECTIVE_ID,
  COLLECTIVE_TS,
  COLLECTIVE_DUR,
  COLLECTIVE_NAME,
  COLLECTIVE_RANKS,
  COLLECTIVE_STRAGGLER,
  COLLECTIVE_LATE_NS,
  COLLECTIVE_WAITED_NS,
  COLLECTIVE_SLICE_ID,
};

static gint64
collective_count (StSqlContext *ctx)
{
  return st_trace_get_n_files (ctx->trace) > 1 ? 1000 : 0;
}

static gboolean
collective_prepare (StSqlScan *scan, GError **error)
{
  StSummary *summary = NULL;
  StSqlPart  part = { 0, 0, 0, 0, 0, 0 };

  if (!_st_sql_summary (scan->ctx, &summary, error))
    return FALSE;
  scan->data = summary;
  part.n = summary != NULL ? st_summary_get_n_rank_collectives (summary) : 0;
  scan->own_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  if (part.n > 0)
    g_array_append_val (scan->own_parts, part);
  scan->parts = (const StSqlPart *)(void *)scan->own_parts->data;
  scan->n_parts = scan->own_parts->len;
  return TRUE;
}

static gint64
collective_ts (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return st_summary_get_rank_collective (scan->data, index)->start_ns;
}

static void
collective_column (StSqlScan       *scan,
                   const StSqlPart *part,
                   guint            index,
                   int              column,
                   sqlite3_context *out)
{
  const StRankCollective *c = st_summary_get_rank_collective (scan->data, index);

  switch (column)
    {
    case COLLECTIVE_TS: sqlite3_result_int64 (out, c->start_ns); break;
    case COLLECTIVE_DUR: sqlite3_result_int64 (out, c->end_ns - c->start_ns); break;
    case COLLECTIVE_NAME: sqlite3_result_text (out, c->label, -1, SQLITE_STATIC); break;
    case COLLECTIVE_RANKS: sqlite3_result_int64 (out, c->n_ranks); break;
    case COLLECTIVE_STRAGGLER:
      if (c->has_straggler)
        sqlite3_result_text (out, st_trace_get_file (scan->ctx->trace, c->slowest_file)->label, -1,
                             SQLITE_STATIC);
      else
        sqlite3_result_null (out);
      break;
    case COLLECTIVE_LATE_NS: sqlite3_result_int64 (out, c->late_ns); break;
    case COLLECTIVE_WAITED_NS: sqlite3_result_int64 (out, c->waited_ns); break;
    case COLLECTIVE_SLICE_ID:
      sqlite3_result_int64 (out, scan->ctx->track_first[c->slice.track] + c->slice.index);
      break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_collective_table = {
  .name = "collective",
  .schema = "CREATE TABLE x(id INTEGER, ts INTEGER, dur INTEGER, name TEXT, ranks INTEGER, "
            "straggler TEXT, late_ns INTEGER, waited_ns INTEGER, slice_id INTEGER)",
  .ts_column = COLLECTIVE_TS,
  .key_column = -1,
  .count = collective_count,
  .prepare = collective_prepare,
  .get_ts = collective_ts,
  .column = collective_column,
};
