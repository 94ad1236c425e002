/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sort.h"
#include "st-trace-query.h"
#include "st-time.h"

/* Index of the last slice of row [lo, hi) starting at or before @t, or
 * lo - 1 when none does. */
static gint64
last_starting_before (const StSlice *s, guint lo, guint hi, gint64 t)
{
  guint a = lo, b = hi;

  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (s[mid].start <= t)
        a = mid + 1;
      else
        b = mid;
    }
  return (gint64)a - 1;
}

static gint64
distance (const StSlice *s, gint64 t)
{
  if (t < s->start)
    return s->start - t;
  if (t > s->start + s->dur)
    return t - (s->start + s->dur);
  return 0;
}

/* The slice of @row under @time, or the nearest one within @slop (for
 * slices narrower than a pixel). */
gboolean
st_trace_find_slice_at (StTrace    *self,
                        guint       track,
                        guint       row,
                        gint64      time,
                        gint64      slop,
                        StSliceRef *out)
{
  const StTrack *t;
  guint          lo, hi;
  gint64         i, best = -1, best_distance = G_MAXINT64;

  g_return_val_if_fail (ST_IS_TRACE (self), FALSE);
  g_return_val_if_fail (track < st_trace_get_n_tracks (self), FALSE);

  t = st_trace_get_track (self, track);
  if (row >= t->n_rows)
    return FALSE;
  lo = t->row_offsets[row];
  hi = t->row_offsets[row + 1];
  i = last_starting_before (t->slices, lo, hi, time);
  /* the candidates are the slice starting last at or before the point and
   * the one after it: a row's slices do not overlap, so their ends are in
   * order too, and every other slice is farther away */
  for (gint64 k = MAX ((gint64)lo, i); k <= MIN ((gint64)hi - 1, i + 1); k++)
    {
      gint64 d = distance (&t->slices[k], time);
      if (d <= slop && d < best_distance)
        {
          best = k;
          best_distance = d;
        }
    }
  if (best < 0)
    return FALSE;
  *out = (StSliceRef){ track, (guint32)best };
  return TRUE;
}

gboolean
st_trace_find_instant_at (StTrace *self, guint track, gint64 time, gint64 slop, StEventRef *out)
{
  const StTrack *t;
  guint          a = 0, b;
  gint64         best = -1, best_distance = G_MAXINT64;

  g_return_val_if_fail (ST_IS_TRACE (self), FALSE);
  g_return_val_if_fail (track < st_trace_get_n_tracks (self), FALSE);

  t = st_trace_get_track (self, track);
  b = t->n_instants;
  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (t->instants[mid].ts < time)
        a = mid + 1;
      else
        b = mid;
    }
  for (gint64 k = (gint64)a - 1; k <= (gint64)a; k++)
    if (k >= 0 && k < t->n_instants && ABS (t->instants[k].ts - time) <= slop
        && ABS (t->instants[k].ts - time) < best_distance)
      {
        best = k;
        best_distance = ABS (t->instants[k].ts - time);
      }
  if (best < 0)
    return FALSE;
  *out = (StEventRef){ track, (guint32)best, ST_EVENT_INSTANT };
  return TRUE;
}

/* The row (depth) a slice is drawn in. */
guint
st_trace_get_row_of (StTrace *self, StSliceRef ref)
{
  return st_trace_get_slice (self, ref)->depth;
}

/* The previous (@direction < 0) or next slice in the same row. */
gboolean
st_trace_step_slice (StTrace *self, StSliceRef ref, int direction, StSliceRef *out)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  guint          row = t->slices[ref.index].depth;
  gint64         next = (gint64)ref.index + (direction < 0 ? -1 : 1);

  if (next < t->row_offsets[row] || next >= t->row_offsets[row + 1])
    return FALSE;
  *out = (StSliceRef){ ref.track, (guint32)next };
  return TRUE;
}

/* The duration minus the time of its children (the slices of the next row
 * of the same lane inside it). */
gint64
st_trace_get_self_time (StTrace *self, StSliceRef ref)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  const StSlice *s = &t->slices[ref.index];
  guint          row = s->depth + 1;
  gint64         children = 0, end = s->start + s->dur;

  for (guint l = 1; l < t->n_lanes; l++)
    if (t->lane_rows[l] == row)
      return s->dur; /* the next row starts another lane: no children there */
  if (row >= t->n_rows)
    return s->dur;
  for (gint64 k = MAX ((gint64)t->row_offsets[row],
                       last_starting_before (t->slices, t->row_offsets[row],
                                             t->row_offsets[row + 1], s->start - 1)
                           + 1);
       k < t->row_offsets[row + 1] && t->slices[k].start < end; k++)
    if (t->slices[k].start >= s->start && t->slices[k].start + t->slices[k].dur <= end)
      children += t->slices[k].dur;
  return MAX (0, s->dur - children);
}

/* The slice enclosing @ref one row up in its lane: the slice of the row
 * above that starts at or before it and ends at or after its end. FALSE
 * for a slice in the first row of its lane, or with no such slice above
 * (docs/metrics.md 14.4). */
gboolean
st_trace_get_parent (StTrace *self, StSliceRef ref, StSliceRef *out)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  const StSlice *s = &t->slices[ref.index];
  guint          row = s->depth;
  gint64         k;

  for (guint l = 0; l < t->n_lanes; l++)
    if (t->lane_rows[l] == row)
      return FALSE;
  if (row == 0)
    return FALSE;
  k = last_starting_before (t->slices, t->row_offsets[row - 1], t->row_offsets[row], s->start);
  if (k < t->row_offsets[row - 1]
      || t->slices[k].start + t->slices[k].dur < st_time_add_sat (s->start, s->dur))
    return FALSE;
  *out = (StSliceRef){ ref.track, (guint32)k };
  return TRUE;
}

/* A track's name as the timeline names it among tracks of other processes
 * (pinned): the file's label with several files, the process's labels (or,
 * in a profile of one file, its title), then the track's name: "GPU 0 ·
 * stream 7". */
char *
st_trace_dup_track_label (StTrace *self, guint track)
{
  const StTrack   *t = st_trace_get_track (self, track);
  const StProcess *p;
  GString         *s;

  if (t->process == ST_NO_PROCESS)
    return g_strdup (st_trace_get_string (self, t->name));
  p = st_trace_get_process (self, t->process);
  s = g_string_new (NULL);
  if (st_trace_get_n_files (self) > 1)
    g_string_append_printf (s, "%s \302\267 ", st_trace_get_file (self, p->file)->label);
  if (p->labels != ST_STRING_EMPTY)
    g_string_append_printf (s, "%s \302\267 ", st_trace_get_string (self, p->labels));
  else if (st_trace_get_n_files (self) < 2)
    {
      g_autofree char *title = st_trace_dup_process_title (self, t->process);
      g_string_append_printf (s, "%s \302\267 ", title);
    }
  g_string_append (s, st_trace_get_string (self, t->name));
  return g_string_free (s, FALSE);
}

typedef struct
{
  guint64 key; /* (track << 32) | index of one end */
  guint32 flow;
} FlowKey;

ST_DEFINE_SORT (sort_flow_keys, FlowKey, a->key < b->key || (a->key == b->key && a->flow < b->flow))

/* For each direction, the flows sorted by the slice at that end: the keys
 * and the flow indexes in parallel arrays, so a slice's flows are one run. */
typedef struct
{
  const StFlow *flows;
  gsize         n;
  guint64      *from_keys;
  guint32      *from_flows;
  guint64      *to_keys;
  guint32      *to_flows;
  gint64       *by_time_left; /* min start of the two ends, ascending */
  guint32      *by_time;      /* the flows in that order */
  gint64        widest;       /* the largest span between a flow's two ends */
} StFlowIndex;

typedef struct
{
  gint64  left;
  guint32 flow;
} TimeKey;

ST_DEFINE_SORT (sort_time_keys,
                TimeKey,
                a->left < b->left || (a->left == b->left && a->flow < b->flow))

static inline guint64
ref_key (StSliceRef ref)
{
  return ((guint64)ref.track << 32) | ref.index;
}

static void
split_keys (FlowKey *keys, gsize n, guint64 **out_keys, guint32 **out_flows)
{
  sort_flow_keys (keys, n, NULL);
  *out_keys = g_new (guint64, MAX (1, n));
  *out_flows = g_new (guint32, MAX (1, n));
  for (gsize i = 0; i < n; i++)
    {
      (*out_keys)[i] = keys[i].key;
      (*out_flows)[i] = keys[i].flow;
    }
}

static void
index_by_time (StTrace *self, StFlowIndex *fi)
{
  g_autofree TimeKey *keys = g_new (TimeKey, MAX (1, fi->n));

  for (gsize i = 0; i < fi->n; i++)
    {
      gint64 a = st_trace_get_slice (self, fi->flows[i].from)->start;
      gint64 b = st_trace_get_slice (self, fi->flows[i].to)->start;
      keys[i] = (TimeKey){ MIN (a, b), (guint32)i };
      fi->widest = MAX (fi->widest, ABS (a - b));
    }
  sort_time_keys (keys, fi->n, NULL);
  fi->by_time_left = g_new (gint64, MAX (1, fi->n));
  fi->by_time = g_new (guint32, MAX (1, fi->n));
  for (gsize i = 0; i < fi->n; i++)
    {
      fi->by_time_left[i] = keys[i].left;
      fi->by_time[i] = keys[i].flow;
    }
}

static gpointer
flow_index_new (StTrace *self, GCancellable *cancellable)
{
  StFlowIndex        *fi = g_new0 (StFlowIndex, 1);
  g_autofree FlowKey *from = NULL;
  g_autofree FlowKey *to = NULL;

  fi->flows = st_trace_get_flows (self, &fi->n);
  from = g_new (FlowKey, MAX (1, fi->n));
  to = g_new (FlowKey, MAX (1, fi->n));

  for (gsize i = 0; i < fi->n; i++)
    {
      from[i] = (FlowKey){ ref_key (fi->flows[i].from), (guint32)i };
      to[i] = (FlowKey){ ref_key (fi->flows[i].to), (guint32)i };
    }
  split_keys (from, fi->n, &fi->from_keys, &fi->from_flows);
  split_keys (to, fi->n, &fi->to_keys, &fi->to_flows);
  index_by_time (self, fi);
  return fi;
}

static void
flow_index_free (gpointer data)
{
  StFlowIndex *fi = data;

  if (fi == NULL)
    return;
  g_free (fi->from_keys);
  g_free (fi->from_flows);
  g_free (fi->to_keys);
  g_free (fi->to_flows);
  g_free (fi->by_time_left);
  g_free (fi->by_time);
  g_free (fi);
}

/* Built the first time a slice's flows are asked for, by any thread. */
static StFlowIndex *
flow_index (StTrace *self)
{
  return st_trace_ensure_data (self, "flow-index", flow_index_new, flow_index_free, NULL);
}

/* The indexes (into st_trace_get_flows()) of the flows leaving @ref
 * (@outgoing) or entering it, *n_flows of them. The array belongs to the
 * trace. */
const guint32 *
st_trace_get_slice_flows (StTrace *self, StSliceRef ref, gboolean outgoing, guint *n_flows)
{
  StFlowIndex   *fi = flow_index (self);
  const guint64 *keys = outgoing ? fi->from_keys : fi->to_keys;
  const guint32 *flows = outgoing ? fi->from_flows : fi->to_flows;
  guint64        key = ref_key (ref);
  gsize          a = 0, b = fi->n, first;

  while (a < b)
    {
      gsize mid = a + (b - a) / 2;
      if (keys[mid] < key)
        a = mid + 1;
      else
        b = mid;
    }
  first = a;
  while (a < fi->n && keys[a] == key)
    a++;
  *n_flows = a - first;
  return flows + first;
}

/* Appends to @out (guint32 flow indexes) the flows with an end inside
 * [start, end] or spanning it, at most @max of them; returns how many. */
guint
st_trace_get_flows_in_range (StTrace *self, gint64 start, gint64 end, guint max, GArray *out)
{
  StFlowIndex *fi = flow_index (self);
  gsize        a = 0, b = fi->n;
  guint        n = 0;

  while (a < b)
    {
      gsize mid = a + (b - a) / 2;
      if (fi->by_time_left[mid] < start - fi->widest)
        a = mid + 1;
      else
        b = mid;
    }
  for (; a < fi->n && fi->by_time_left[a] <= end && n < max; a++)
    {
      const StFlow *f = &fi->flows[fi->by_time[a]];
      gint64        x = st_trace_get_slice (self, f->from)->start,
             y = st_trace_get_slice (self, f->to)->start;
      if (MAX (x, y) >= start)
        {
          g_array_append_val (out, fi->by_time[a]);
          n++;
        }
    }
  return n;
}

gint64
st_event_get_start (StTrace *self, StEventRef ref)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  return ref.kind == ST_EVENT_SLICE ? t->slices[ref.index].start : t->instants[ref.index].ts;
}

gint64
st_event_get_duration (StTrace *self, StEventRef ref)
{
  return ref.kind == ST_EVENT_SLICE ? st_trace_get_track (self, ref.track)->slices[ref.index].dur
                                    : 0;
}

StStringId
st_event_get_name (StTrace *self, StEventRef ref)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  return ref.kind == ST_EVENT_SLICE ? t->slices[ref.index].name : t->instants[ref.index].name;
}

StStringId
st_event_get_category (StTrace *self, StEventRef ref)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  return ref.kind == ST_EVENT_SLICE ? t->slices[ref.index].cat : t->instants[ref.index].cat;
}

/* Byte offset of the event in the source: what st_trace_get_args() takes. */
guint64
st_event_get_offset (StTrace *self, StEventRef ref)
{
  const StTrack *t = st_trace_get_track (self, ref.track);
  return ref.kind == ST_EVENT_SLICE ? t->slices[ref.index].offset : t->instants[ref.index].offset;
}

gboolean
st_event_equal (StEventRef a, StEventRef b)
{
  return a.track == b.track && a.index == b.index && a.kind == b.kind;
}
