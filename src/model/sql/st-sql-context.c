/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-context.c: what the tables of a session make once and share: the
 * numbers of the slices and instants, the rows of the slices' tracks as
 * parts, the slice names in the order of their text, the threads, and the
 * indexes kept with the trace, asked for with the query's cancellable.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sql-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
_st_sql_context_init (StSqlContext *ctx, StTrace *trace)
{
  ctx->trace = g_object_ref (trace);
  ctx->strings = st_trace_get_strings (trace);
  ctx->n_tracks = st_trace_get_n_tracks (trace);
  ctx->tracks = g_new (const StTrack *, MAX (1, ctx->n_tracks));
  ctx->track_first = g_new0 (guint32, ctx->n_tracks + 1);
  ctx->instant_first = g_new0 (guint32, ctx->n_tracks + 1);
  for (guint t = 0; t < ctx->n_tracks; t++)
    {
      ctx->tracks[t] = st_trace_get_track (trace, t);
      ctx->track_first[t + 1] = ctx->track_first[t] + ctx->tracks[t]->n_slices;
      ctx->instant_first[t + 1] = ctx->instant_first[t] + ctx->tracks[t]->n_instants;
    }
}

void
_st_sql_context_clear (StSqlContext *ctx)
{
  g_clear_pointer (&ctx->tracks, g_free);
  g_clear_pointer (&ctx->track_first, g_free);
  g_clear_pointer (&ctx->instant_first, g_free);
  g_clear_pointer (&ctx->slice_parts, g_array_unref);
  g_clear_pointer (&ctx->sorted_names, g_free);
  g_clear_pointer (&ctx->utid_of_track, g_free);
  g_clear_pointer (&ctx->thread_tracks, g_free);
  g_clear_pointer (&ctx->summary, st_summary_free);
  g_clear_pointer (&ctx->regions, st_region_array_unref);
  g_clear_object (&ctx->trace);
}

gboolean
_st_sql_context_cancelled (StSqlContext *ctx, GError **error)
{
  return g_cancellable_set_error_if_cancelled (ctx->cancellable, error);
}

gboolean
_st_sql_slice_ref (StSqlContext *ctx, gint64 number, StSliceRef *ref)
{
  guint a = 0, b = ctx->n_tracks;

  if (number < 0 || number >= ctx->track_first[ctx->n_tracks])
    return FALSE;
  /* the last track whose first number is at or before @number */
  while (b - a > 1)
    {
      guint mid = a + (b - a) / 2;

      if (ctx->track_first[mid] <= number)
        a = mid;
      else
        b = mid;
    }
  *ref = (StSliceRef){ a, (guint32)(number - ctx->track_first[a]) };
  return TRUE;
}

/* The first row of the lane that holds @row. */
static guint
lane_first_row (const StTrack *track, guint row)
{
  guint first = 0;

  for (guint l = 0; l < track->n_lanes; l++)
    if (track->lane_rows[l] <= row)
      first = track->lane_rows[l];
  return first;
}

/* A part per row of each track's slices (metrics.md 18: a row's depth is
 * its place in its lane). */
const GArray *
_st_sql_slice_parts (StSqlContext *ctx)
{
  if (ctx->slice_parts != NULL)
    return ctx->slice_parts;
  ctx->slice_parts = g_array_new (FALSE, FALSE, sizeof (StSqlPart));
  for (guint t = 0; t < ctx->n_tracks; t++)
    {
      const StTrack *track = ctx->tracks[t];

      for (guint r = 0; r < track->n_rows && track->n_slices > 0; r++)
        {
          StSqlPart part = { ctx->track_first[t] + track->row_offsets[r],
                             track->row_offsets[r + 1] - track->row_offsets[r],
                             t,
                             r,
                             track->row_offsets[r],
                             r - lane_first_row (track, r) };

          if (part.n > 0)
            g_array_append_val (ctx->slice_parts, part);
        }
    }
  return ctx->slice_parts;
}

/* docs/sql.md: a thread's track is a track of slices or instants of a
 * process, with a tid. */
gboolean
_st_sql_threads (StSqlContext *ctx)
{
  if (ctx->utid_of_track != NULL)
    return TRUE;
  ctx->utid_of_track = g_new (guint, MAX (1, ctx->n_tracks));
  ctx->thread_tracks = g_new (guint, MAX (1, ctx->n_tracks));
  for (guint t = 0; t < ctx->n_tracks; t++)
    {
      const StTrack *track = ctx->tracks[t];
      gboolean       thread = (track->kind == ST_TRACK_SLICES || track->kind == ST_TRACK_INSTANTS)
                        && track->process != ST_NO_PROCESS && track->tid != ST_STRING_EMPTY
                        && track->tid != ST_STRING_NONE;

      ctx->utid_of_track[t] = thread ? ctx->n_threads : G_MAXUINT;
      if (thread)
        ctx->thread_tracks[ctx->n_threads++] = t;
    }
  return TRUE;
}

StDeviceWork *
_st_sql_device_work (StSqlContext *ctx, GError **error)
{
  StDeviceWork *work = st_device_work_ensure (ctx->trace, ctx->cancellable);

  if (work == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("Cancelled"));
  return work;
}

StNameIndex *
_st_sql_name_index (StSqlContext *ctx, GError **error)
{
  StNameIndex *index = st_name_index_get (ctx->trace, ctx->cancellable);

  if (index == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("Cancelled"));
  return index;
}

/* By text as SQLite's BINARY collation orders it (bytes, then length),
 * then by id, so that ids of the same text come together. */
static int
compare_names (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const StStringTable *strings = data;
  StStringId           a = *(const StStringId *)pa, b = *(const StStringId *)pb;
  gsize                la = st_string_table_get_length (strings, a);
  gsize                lb = st_string_table_get_length (strings, b);
  int c = memcmp (st_string_table_get (strings, a), st_string_table_get (strings, b), MIN (la, lb));

  if (c != 0)
    return c;
  if (la != lb)
    return la < lb ? -1 : 1;
  return a < b ? -1 : a > b;
}

const StStringId *
_st_sql_sorted_names (StSqlContext *ctx, guint *n, GError **error)
{
  StNameIndex *index;
  guint        n_strings = st_trace_get_n_strings (ctx->trace);

  if (ctx->sorted_names == NULL)
    {
      if ((index = _st_sql_name_index (ctx, error)) == NULL)
        return NULL;
      ctx->sorted_names = g_new (StStringId, MAX (1, n_strings));
      for (StStringId id = 0; id < n_strings; id++)
        {
          guint count;

          st_name_index_lookup (index, id, &count);
          if (count > 0)
            ctx->sorted_names[ctx->n_sorted_names++] = id;
        }
      g_qsort_with_data (ctx->sorted_names, ctx->n_sorted_names, sizeof (StStringId), compare_names,
                         ctx->strings);
    }
  *n = ctx->n_sorted_names;
  return ctx->sorted_names;
}

/* The whole profile's summary cards in *@summary: NULL for a profile of
 * one file, which matches no collective across ranks. */
gboolean
_st_sql_summary (StSqlContext *ctx, StSummary **summary, GError **error)
{
  if (!ctx->summarised && st_trace_get_n_files (ctx->trace) > 1)
    {
      ctx->summary = st_summary_compute_parts (ctx->trace, 0, st_trace_get_end_ns (ctx->trace),
                                               ST_SUMMARY_CARDS, ctx->cancellable, error);
      if (ctx->summary == NULL)
        return FALSE;
    }
  ctx->summarised = TRUE;
  *summary = ctx->summary;
  return TRUE;
}

void
_st_sql_result_id_text (sqlite3_context *out, const char *text)
{
  gint64 value;

  if (g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &value, NULL))
    sqlite3_result_int64 (out, value);
  else
    sqlite3_result_text (out, text, -1, SQLITE_STATIC);
}
