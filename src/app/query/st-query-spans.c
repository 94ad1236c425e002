/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-query-spans.h"

#include "st-trace-query.h"
#include "st-trace.h"

static int
first_column (StSqlQuery *query, const char *field)
{
  for (guint c = 0; c < st_sql_query_get_n_columns (query); c++)
    if (st_sql_query_column_is (query, c, field))
      return (int)c;
  return -1;
}

gboolean
st_query_span_columns_find (StQuerySpanColumns *columns, StSqlQuery *query)
{
  columns->ts = first_column (query, "ts");
  columns->dur = first_column (query, "dur");
  columns->name = first_column (query, "name");
  columns->track_id = first_column (query, "track_id");
  columns->slice_id = -1;
  for (guint c = 0; c < st_sql_query_get_n_columns (query) && columns->slice_id < 0; c++)
    if (st_sql_query_column_is_slice_id (query, c))
      columns->slice_id = (int)c;
  return columns->ts >= 0 && columns->dur >= 0;
}

/* The slice of @track (the `track` table's id, the store's order) that
 * starts at @ts and lasts @dur: a binary search per row. */
static gboolean
find_on_track (StTrace *trace, gint64 track, gint64 ts, gint64 dur, StEventRef *ref)
{
  const StTrack *t;

  if (track < 0 || track >= st_trace_get_n_tracks (trace))
    return FALSE;
  t = st_trace_get_track (trace, (guint)track);
  for (guint row = 0; row < t->n_rows; row++)
    {
      guint hi = t->row_offsets[row + 1];
      guint i = st_row_first_starting (t->slices, t->row_offsets[row], hi, ts);

      for (; i < hi && t->slices[i].start == ts; i++)
        if (t->slices[i].dur == dur)
          {
            *ref = (StEventRef){ .kind = ST_EVENT_SLICE, .track = (guint)track, .index = i };
            return TRUE;
          }
    }
  return FALSE;
}

/* The slice @row names, if any. */
static gboolean
row_slice (const StQuerySpanColumns *columns,
           StQueryRowItem           *row,
           StSqlSession             *session,
           gint64                    ts,
           gint64                    dur,
           StEventRef               *ref)
{
  gint64 id, track;

  if (columns->slice_id >= 0)
    return st_query_row_item_get_int (row, (guint)columns->slice_id, &id)
           && st_sql_session_get_slice (session, id, ref);
  return columns->track_id >= 0 && st_query_row_item_get_int (row, (guint)columns->track_id, &track)
         && find_on_track (st_sql_session_get_trace (session), track, ts, dur, ref);
}

static int
compare_starts (gconstpointer a, gconstpointer b, gpointer trace)
{
  gint64 x = st_event_get_start (trace, *(const StEventRef *)a);
  gint64 y = st_event_get_start (trace, *(const StEventRef *)b);

  return x < y ? -1 : x > y;
}

StSpanTrack *
st_query_spans_new (const StQuerySpanColumns *columns,
                    GPtrArray                *rows,
                    StSqlSession             *session,
                    GArray                  **slices)
{
  g_autoptr (GArray) spans = g_array_sized_new (FALSE, FALSE, sizeof (StSpanInput), rows->len);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));

  *slices = NULL;
  for (guint i = 0; i < rows->len; i++)
    {
      StQueryRowItem *row = g_ptr_array_index (rows, i);
      StSpanInput     span = { 0, 0, NULL, i };
      StEventRef      ref;

      if (!st_query_row_item_get_int (row, (guint)columns->ts, &span.start)
          || !st_query_row_item_get_int (row, (guint)columns->dur, &span.dur))
        continue;
      if (columns->name >= 0)
        span.name = st_query_row_item_get_text (row, (guint)columns->name);
      g_array_append_val (spans, span);
      if (row_slice (columns, row, session, span.start, span.dur, &ref))
        g_array_append_val (refs, ref);
    }
  if (spans->len == 0)
    return NULL;
  if (refs->len > 0)
    {
      g_qsort_with_data (refs->data, refs->len, sizeof (StEventRef), compare_starts,
                         st_sql_session_get_trace (session));
      *slices = g_steal_pointer (&refs);
    }
  return st_span_track_new ((const StSpanInput *)spans->data, spans->len);
}
