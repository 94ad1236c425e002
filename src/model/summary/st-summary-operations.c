/* st-summary-operations.c: the operations table: per name, and per name
 * and track, the slices overlapping the range: count, total, min and max
 * of their durations clipped to the range, and the total's share of the
 * range; largest total first. Every slice track counts, host and device:
 * this is also the Stack Tracing report's per-hyperfunction view. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-summary-private.h"
#include "st-sort.h"

#include <string.h>

ST_DEFINE_SORT (sort_rows,
                StOperationRow,
                a->total_ns != b->total_ns ? a->total_ns > b->total_ns
                : a->name != b->name       ? a->name < b->name
                                           : a->track < b->track)

typedef struct
{
  StSummaryJob   *job;
  StOperationRow *by_name;   /* per string id; count 0: unused */
  guint          *track_row; /* per string id: index + 1 in rows of the current track */
  GArray         *rows;      /* per name and track */
  GArray         *touched;   /* string ids with a row on the current track */
  guint           track;
  StStringId      state_cat; /* Neuron's "active_time" rows: engine states, not operations */
} OpJob;

static inline void
account (StOperationRow *row, gint64 dur)
{
  if (row->count == 0 || dur < row->min_ns)
    row->min_ns = dur;
  if (row->count == 0 || dur > row->max_ns)
    row->max_ns = dur;
  row->count++;
  row->total_ns += dur;
}

static void
op_slice (const StSlice *slice, guint index, gpointer data)
{
  OpJob *op = data;
  gint64 dur = st_summary_clipped (slice, op->job->start, op->job->end);
  guint  slot = op->track_row[slice->name];

  if (slice->cat == op->state_cat)
    return;
  op->by_name[slice->name].name = slice->name;
  account (&op->by_name[slice->name], dur);
  if (slot == 0)
    {
      StOperationRow row = { slice->name, op->track, 0, 0, 0, 0, 0 };

      g_array_append_val (op->rows, row);
      slot = op->track_row[slice->name] = op->rows->len;
      g_array_append_val (op->touched, slice->name);
    }
  account (&g_array_index (op->rows, StOperationRow, slot - 1), dur);
}

static void
finish (GArray *rows, gint64 span)
{
  for (guint i = 0; i < rows->len; i++)
    {
      StOperationRow *row = &g_array_index (rows, StOperationRow, i);

      row->share_percent = span > 0 ? 100.0 * row->total_ns / span : 0;
    }
  sort_rows ((StOperationRow *)(void *)rows->data, rows->len, NULL);
}

void
st_summary_operations (StSummaryJob *job)
{
  guint                      n_strings = MAX (1, st_trace_get_n_strings (job->trace));
  guint                      n_tracks = st_trace_get_n_tracks (job->trace);
  g_autofree StOperationRow *by_name = g_new0 (StOperationRow, n_strings);
  g_autofree guint          *track_row = g_new0 (guint, n_strings);
  g_autoptr (GArray)         touched = g_array_new (FALSE, FALSE, sizeof (StStringId));
  OpJob                      op = { job,
                                    by_name,
                                    track_row,
                                    job->summary->track_operations,
                                    touched,
                                    0,
                                    st_trace_lookup_string (job->trace, "active_time") };

  for (guint t = 0; t < n_tracks && !g_cancellable_is_cancelled (job->cancellable); t++)
    {
      op.track = t;
      st_summary_each_slice (job->trace, t, job->start, job->end, op_slice, &op);
      for (guint i = 0; i < touched->len; i++)
        track_row[g_array_index (touched, StStringId, i)] = 0;
      g_array_set_size (touched, 0);
    }
  for (guint s = 0; s < n_strings; s++)
    if (by_name[s].count > 0)
      {
        by_name[s].track = G_MAXUINT;
        g_array_append_val (job->summary->operations, by_name[s]);
      }
  finish (job->summary->operations, st_time_span (job->start, job->end));
  finish (job->summary->track_operations, st_time_span (job->start, job->end));
}
