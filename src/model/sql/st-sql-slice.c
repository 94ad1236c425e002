/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-slice.c: the `slice` and `instant` tables (docs/sql.md).
 *
 * A slice's part is one row of its track: the row is in start order, so a
 * time range is a binary search per row, and its depth is the row's place
 * in its lane (docs/metrics.md 18). Names are found, and given in the
 * order of their text, through the name index kept with the trace; a
 * parent's children are found in the row below it between its start and
 * end.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sql-private.h"
#include "st-trace-query.h"

#include <string.h>

enum
{
  SLICE_ID,
  SLICE_TS,
  SLICE_DUR,
  SLICE_TRACK_ID,
  SLICE_CATEGORY,
  SLICE_NAME,
  SLICE_DEPTH,
  SLICE_PARENT_ID,
  SLICE_ARG_SET_ID,
};

static gint64
slice_count (StSqlContext *ctx)
{
  return ctx->track_first[ctx->n_tracks];
}

static gboolean
slice_prepare (StSqlScan *scan, GError **error)
{
  const GArray *parts = _st_sql_slice_parts (scan->ctx);

  scan->parts = (const StSqlPart *)(void *)parts->data;
  scan->n_parts = parts->len;
  return TRUE;
}

static inline const StSlice *
slice_at (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return &scan->ctx->tracks[part->key]->slices[part->b + index];
}

static gint64
slice_ts (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return slice_at (scan, part, index)->start;
}

static void
slice_prefetch (StSqlScan *scan, const StSqlPart *part, guint index)
{
  __builtin_prefetch (slice_at (scan, part, index));
}

static void
slice_column (StSqlScan *scan, const StSqlPart *part, guint index, int column, sqlite3_context *out)
{
  const StSlice *s = slice_at (scan, part, index);
  StSliceRef     parent;

  switch (column)
    {
    case SLICE_TS: sqlite3_result_int64 (out, s->start); break;
    case SLICE_DUR: sqlite3_result_int64 (out, s->dur); break;
    case SLICE_TRACK_ID: sqlite3_result_int64 (out, part->key); break;
    case SLICE_CATEGORY: _st_sql_result_string_or_null (out, scan->ctx->strings, s->cat); break;
    case SLICE_NAME: _st_sql_result_string (out, scan->ctx->strings, s->name); break;
    case SLICE_DEPTH: sqlite3_result_int64 (out, part->c); break;
    case SLICE_PARENT_ID:
      if (st_trace_get_parent (scan->ctx->trace, (StSliceRef){ part->key, part->b + index },
                               &parent))
        sqlite3_result_int64 (out, scan->ctx->track_first[parent.track] + parent.index);
      else
        sqlite3_result_null (out);
      break;
    case SLICE_ARG_SET_ID: sqlite3_result_int64 (out, part->first + index); break;
    default: sqlite3_result_null (out); break;
    }
}

/* The runs of the name index of each name at @names[from, to). */
static void
add_names (StSqlScan        *scan,
           StNameIndex      *index,
           const StStringId *names,
           guint             from,
           guint             to,
           gboolean          desc)
{
  for (guint k = 0; k < to - from; k++)
    {
      guint          count;
      const guint32 *numbers
          = st_name_index_lookup (index, names[desc ? to - 1 - k : from + k], &count);

      _st_sql_scan_add_run (scan, numbers, count);
    }
}

static int
compare_text (StStringTable *strings, StStringId id, const char *text, gsize len)
{
  gsize l = st_string_table_get_length (strings, id);
  int   c = memcmp (st_string_table_get (strings, id), text, MIN (l, len));

  return c != 0 ? c : l < len ? -1 : l > len;
}

/* The names whose text is @text: [*from, *to) of the sorted names. */
static void
equal_names (StStringTable    *strings,
             const StStringId *names,
             guint             n,
             const char       *text,
             gsize             len,
             guint            *from,
             guint            *to)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (compare_text (strings, names[mid], text, len) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  *from = lo;
  while (lo < n && compare_text (strings, names[lo], text, len) == 0)
    lo++;
  *to = lo;
}

static gboolean
lookup_names (StSqlScan     *scan,
              StSqlMatch     match,
              sqlite3_value *value,
              gboolean       desc,
              GError       **error)
{
  StNameIndex      *index = _st_sql_name_index (scan->ctx, error);
  guint             n, from = 0, to;
  const StStringId *names = index ? _st_sql_sorted_names (scan->ctx, &n, error) : NULL;
  const char       *text;

  if (names == NULL)
    return FALSE;
  to = n;
  if (value == NULL)
    {
      add_names (scan, index, names, 0, n, desc);
      return TRUE;
    }
  if (sqlite3_value_type (value) == SQLITE_NULL
      || (text = (const char *)sqlite3_value_text (value)) == NULL)
    return TRUE;
  if (match == ST_SQL_MATCH_EQ)
    {
      equal_names (scan->ctx->strings, names, n, text, sqlite3_value_bytes (value), &from, &to);
      add_names (scan, index, names, from, to, desc);
      return TRUE;
    }
  for (guint k = 0; k < n; k++)
    {
      guint       at = desc ? n - 1 - k : k;
      const char *name = st_string_table_get (scan->ctx->strings, names[at]);
      gboolean    hit = match == ST_SQL_MATCH_GLOB ? sqlite3_strglob (text, name) == 0
                                                   : sqlite3_strlike (text, name, 0) == 0;

      if (k % 4096 == 0 && _st_sql_context_cancelled (scan->ctx, error))
        return FALSE;
      if (hit)
        add_names (scan, index, names, at, at + 1, FALSE);
    }
  return TRUE;
}

/* The slices of the row under @parent that it encloses (metrics.md 18). */
static void
lookup_children (StSqlScan *scan, sqlite3_value *value)
{
  StSqlContext      *ctx = scan->ctx;
  gint64             number;
  StSliceRef         ref, up;
  const StTrack     *t;
  const StSlice     *p;
  g_autoptr (GArray) children = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (sqlite3_value_numeric_type (value) != SQLITE_INTEGER)
    return;
  number = sqlite3_value_int64 (value);
  if (!_st_sql_slice_ref (ctx, number, &ref))
    return;
  t = ctx->tracks[ref.track];
  p = &t->slices[ref.index];
  if (p->depth + 1 >= t->n_rows)
    return;
  for (guint i = st_row_first_starting (t->slices, t->row_offsets[p->depth + 1],
                                        t->row_offsets[p->depth + 2], p->start);
       i < t->row_offsets[p->depth + 2] && t->slices[i].start <= p->start + p->dur; i++)
    if (st_trace_get_parent (ctx->trace, (StSliceRef){ ref.track, i }, &up)
        && up.index == ref.index)
      {
        guint32 child = ctx->track_first[ref.track] + i;

        g_array_append_val (children, child);
      }
  _st_sql_scan_add_numbers (scan, (const guint32 *)(void *)children->data, children->len);
}

static gboolean
slice_lookup (StSqlScan     *scan,
              int            column,
              StSqlMatch     match,
              sqlite3_value *value,
              gboolean       desc,
              GError       **error)
{
  if (column == SLICE_PARENT_ID)
    {
      lookup_children (scan, value);
      return TRUE;
    }
  return lookup_names (scan, match, value, desc, error);
}

const StSqlTableDef st_sql_slice_table = {
  .name = "slice",
  .schema = "CREATE TABLE x(id INTEGER, ts INTEGER, dur INTEGER, track_id INTEGER, category "
            "TEXT, name TEXT, depth INTEGER, parent_id INTEGER, arg_set_id INTEGER)",
  .ts_column = SLICE_TS,
  .key_column = SLICE_TRACK_ID,
  .lookup_columns = 1u << SLICE_NAME | 1u << SLICE_PARENT_ID,
  .pattern_columns = 1u << SLICE_NAME,
  .order_columns = 1u << SLICE_NAME,
  .count = slice_count,
  .prepare = slice_prepare,
  .get_ts = slice_ts,
  .prefetch = slice_prefetch,
  .column = slice_column,
  .lookup = slice_lookup,
};

/* --- instant ------------------------------------------------------------------ */

enum
{
  INSTANT_ID,
  INSTANT_TS,
  INSTANT_TRACK_ID,
  INSTANT_CATEGORY,
  INSTANT_NAME,
  INSTANT_ARG_SET_ID,
};

static gint64
instant_count (StSqlContext *ctx)
{
  return ctx->instant_first[ctx->n_tracks];
}

/* A part per track with instants, numbered after every slice. */
static gboolean
instant_prepare (StSqlScan *scan, GError **error)
{
  StSqlContext *ctx = scan->ctx;

  scan->own_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  for (guint t = 0; t < ctx->n_tracks; t++)
    if (ctx->tracks[t]->n_instants > 0)
      {
        StSqlPart part = { ctx->instant_first[t], ctx->tracks[t]->n_instants, t, 0, 0, 0 };

        g_array_append_val (scan->own_parts, part);
      }
  scan->parts = (const StSqlPart *)(void *)scan->own_parts->data;
  scan->n_parts = scan->own_parts->len;
  scan->base = ctx->track_first[ctx->n_tracks];
  return TRUE;
}

static gint64
instant_ts (StSqlScan *scan, const StSqlPart *part, guint index)
{
  return scan->ctx->tracks[part->key]->instants[index].ts;
}

static void
instant_column (StSqlScan       *scan,
                const StSqlPart *part,
                guint            index,
                int              column,
                sqlite3_context *out)
{
  const StInstant *i = &scan->ctx->tracks[part->key]->instants[index];

  switch (column)
    {
    case INSTANT_TS: sqlite3_result_int64 (out, i->ts); break;
    case INSTANT_TRACK_ID: sqlite3_result_int64 (out, part->key); break;
    case INSTANT_CATEGORY: _st_sql_result_string_or_null (out, scan->ctx->strings, i->cat); break;
    case INSTANT_NAME: _st_sql_result_string (out, scan->ctx->strings, i->name); break;
    case INSTANT_ARG_SET_ID: sqlite3_result_int64 (out, scan->base + part->first + index); break;
    default: sqlite3_result_null (out); break;
    }
}

const StSqlTableDef st_sql_instant_table = {
  .name = "instant",
  .schema = "CREATE TABLE x(id INTEGER, ts INTEGER, track_id INTEGER, category TEXT, name TEXT, "
            "arg_set_id INTEGER)",
  .ts_column = INSTANT_TS,
  .key_column = INSTANT_TRACK_ID,
  .count = instant_count,
  .prepare = instant_prepare,
  .get_ts = instant_ts,
  .column = instant_column,
};
