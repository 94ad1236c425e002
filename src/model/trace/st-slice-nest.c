/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-slice-nest.c: see st-slice-nest.h. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-slice-nest.h"

/* The order of st-slice-nest.h: by start, the longest first, in file
 * order; then by index, as a stable sort of the rows one after another
 * would leave two of the same bounds and offset. */
static inline gboolean
nest_before (const StSlice *slices, guint a, guint b)
{
  const StSlice *x = &slices[a], *y = &slices[b];
  gint64         x_end = x->start + x->dur, y_end = y->start + y->dur;

  if (x->start != y->start)
    return x->start < y->start;
  if (x_end != y_end)
    return x_end > y_end;
  if (x->offset != y->offset)
    return x->offset < y->offset;
  return a < b;
}

/* A row's next slice to merge, and where the row's part of the range ends. */
typedef struct
{
  guint next;
  guint past;
} Cursor;

static inline gboolean
wanted (const StSlice *s, gint64 start, StStringId skip)
{
  return (s->start + s->dur > start || (s->dur == 0 && s->start >= start)) && s->cat != skip
         && s->name != skip;
}

/* @c's next slice that is wanted, or FALSE when its row has none left. */
static inline gboolean
cursor_settle (Cursor *c, const StSlice *slices, gint64 start, StStringId skip)
{
  while (c->next < c->past && !wanted (&slices[c->next], start, skip))
    c->next++;
  return c->next < c->past;
}

static void
sift_down (Cursor *heap, guint n, guint at, const StSlice *slices)
{
  Cursor top = heap[at];

  for (;;)
    {
      guint child = 2 * at + 1;

      if (child >= n)
        break;
      if (child + 1 < n && nest_before (slices, heap[child + 1].next, heap[child].next))
        child++;
      if (!nest_before (slices, heap[child].next, top.next))
        break;
      heap[at] = heap[child];
      at = child;
    }
  heap[at] = top;
}

/* The runs of [lo, hi) in nest order onto @runs, with the slices of the
 * range: a row is in order by start, and only two slices of one start
 * (an instant where a slice begins) can be out of the nest order. */
static void
add_runs (GArray *runs, const StSlice *slices, guint lo, guint hi)
{
  Cursor c = { lo, hi };

  for (guint i = lo + 1; i < hi; i++)
    if (slices[i].start == slices[i - 1].start && nest_before (slices, i, i - 1))
      {
        c.past = i;
        g_array_append_val (runs, c);
        c.next = i;
      }
  c.past = hi;
  g_array_append_val (runs, c);
}

/* Each row of a track is in order already (the slices of one depth never
 * overlap), so the rows are merged: one pass over the slices, where
 * sorting them all again copied millions of them once per doubling of
 * the runs. */
void
st_slice_nests_fill (const StTrack *track, gint64 start, gint64 end, StStringId skip, GArray *nests)
{
  const StSlice     *slices = track->slices;
  gsize              bound = 0, n = 0;
  guint              n_heap = 0;
  g_autoptr (GArray) runs = g_array_new (FALSE, FALSE, sizeof (Cursor));
  Cursor            *heap;
  StSliceNest       *out;

  for (guint row = 0; track->row_offsets != NULL && row < track->n_rows; row++)
    {
      guint lo = track->row_offsets[row], hi = track->row_offsets[row + 1];
      guint from = st_row_first_ending (slices, lo, hi, start);
      guint past = st_row_first_starting (slices, lo, hi, end);

      if (from < past)
        {
          bound += past - from;
          add_runs (runs, slices, from, past);
        }
    }
  heap = (Cursor *)(void *)runs->data;
  for (guint i = 0; i < runs->len; i++)
    if (cursor_settle (&heap[i], slices, start, skip))
      heap[n_heap++] = heap[i];
  for (guint i = n_heap / 2; i-- > 0;)
    sift_down (heap, n_heap, i, slices);
  g_array_set_size (nests, bound);
  out = (StSliceNest *)(void *)nests->data;
  while (n_heap > 0)
    {
      const StSlice *s = &slices[heap[0].next];

      out[n++] = (StSliceNest){ s->start, s->start + s->dur, s->offset, heap[0].next };
      heap[0].next++;
      if (!cursor_settle (&heap[0], slices, start, skip))
        heap[0] = heap[--n_heap];
      if (n_heap > 1)
        sift_down (heap, n_heap, 0, slices);
    }
  g_array_set_size (nests, n);
}

GArray *
st_slice_nests_in_range (const StTrack *track, gint64 start, gint64 end, StStringId skip)
{
  GArray *nests = g_array_new (FALSE, FALSE, sizeof (StSliceNest));

  st_slice_nests_fill (track, start, end, skip, nests);
  return nests;
}
