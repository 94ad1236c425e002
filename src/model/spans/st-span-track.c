/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-span-track.h"

#include "st-row-lod.h"
#include "st-string-table.h"

struct _StSpanTrack
{
  gatomicrefcount ref_count;
  StSlice        *slices; /* by row, then by start */
  guint          *items;  /* per slice */
  guint           n_spans;
  guint           n_rows;
  guint           row_offsets[ST_SPAN_TRACK_MAX_ROWS + 1];
  StRowLod       *row_lods;
  StStringTable  *names;
  guint          *item_index; /* per item up to the largest: its slice, or G_MAXUINT */
  guint           n_items;
};

static int
compare_inputs (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const StSpanInput *a = pa, *b = pb;

  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  /* the longer first, so that it takes the upper row */
  if (a->dur != b->dur)
    return a->dur > b->dur ? -1 : 1;
  return a->item < b->item ? -1 : a->item > b->item;
}

/* Each span's row: the first whose last span ended at or before its start. */
static guint8 *
assign_rows (const StSpanInput *sorted, guint n, guint *n_rows, guint *counts)
{
  gint64  row_end[ST_SPAN_TRACK_MAX_ROWS];
  guint8 *rows = g_new (guint8, MAX (1, n));

  *n_rows = 0;
  for (guint i = 0; i < n; i++)
    {
      guint r = 0;

      while (r < *n_rows && row_end[r] > sorted[i].start)
        r++;
      if (r == ST_SPAN_TRACK_MAX_ROWS)
        r = ST_SPAN_TRACK_MAX_ROWS - 1;
      if (r == *n_rows)
        row_end[(*n_rows)++] = G_MININT64;
      row_end[r] = MAX (row_end[r], sorted[i].start + sorted[i].dur);
      rows[i] = (guint8)r;
      counts[r]++;
    }
  return rows;
}

/* Lays @spans out (a negative duration counts as 0). */
StSpanTrack *
st_span_track_new (const StSpanInput *spans, guint n_spans)
{
  StSpanTrack            *self = g_new0 (StSpanTrack, 1);
  g_autofree StSpanInput *sorted = g_memdup2 (spans, sizeof *spans * MAX (1, n_spans));
  guint                   counts[ST_SPAN_TRACK_MAX_ROWS] = { 0 };
  guint                   at[ST_SPAN_TRACK_MAX_ROWS];
  g_autofree guint8      *rows = NULL;

  g_atomic_ref_count_init (&self->ref_count);
  self->names = st_string_table_new ();
  self->n_spans = n_spans;
  for (guint i = 0; i < n_spans; i++)
    {
      sorted[i].dur = MAX (0, sorted[i].dur);
      self->n_items = MAX (self->n_items, sorted[i].item + 1);
    }
  if (n_spans > 1)
    g_qsort_with_data (sorted, n_spans, sizeof *sorted, compare_inputs, NULL);
  rows = assign_rows (sorted, n_spans, &self->n_rows, counts);
  for (guint r = 0; r < self->n_rows; r++)
    {
      self->row_offsets[r + 1] = self->row_offsets[r] + counts[r];
      at[r] = self->row_offsets[r];
    }
  self->slices = g_new0 (StSlice, MAX (1, n_spans));
  self->items = g_new (guint, MAX (1, n_spans));
  self->item_index = g_new (guint, MAX (1, self->n_items));
  memset (self->item_index, 0xff, sizeof (guint) * MAX (1, self->n_items));
  for (guint i = 0; i < n_spans; i++)
    {
      guint       k = at[rows[i]]++;
      const char *name = sorted[i].name != NULL ? sorted[i].name : "";

      self->slices[k]
          = (StSlice){ .start = sorted[i].start,
                       .dur = sorted[i].dur,
                       .name = st_string_table_intern (self->names, name, strlen (name)),
                       .depth = rows[i] };
      self->items[k] = sorted[i].item;
      self->item_index[sorted[i].item] = k;
    }
  self->row_lods = st_row_lods_new (self->slices, self->n_rows, self->row_offsets);
  return self;
}

StSpanTrack *
st_span_track_ref (StSpanTrack *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
st_span_track_unref (StSpanTrack *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  st_row_lods_free (self->row_lods, self->n_rows);
  st_string_table_free (self->names);
  g_free (self->slices);
  g_free (self->items);
  g_free (self->item_index);
  g_free (self);
}

guint
st_span_track_get_n_spans (StSpanTrack *self)
{
  return self->n_spans;
}

guint
st_span_track_get_n_rows (StSpanTrack *self)
{
  return self->n_rows;
}

const StSlice *
st_span_track_get_slices (StSpanTrack *self)
{
  return self->slices;
}

const guint *
st_span_track_get_row_offsets (StSpanTrack *self)
{
  return self->row_offsets;
}

const StRowLod *
st_span_track_get_row_lod (StSpanTrack *self, guint row)
{
  g_return_val_if_fail (row < self->n_rows, NULL);
  return &self->row_lods[row];
}

const char *
st_span_track_get_name (StSpanTrack *self, StStringId name)
{
  return st_string_table_get (self->names, name);
}

guint
st_span_track_get_n_names (StSpanTrack *self)
{
  return st_string_table_get_size (self->names);
}

guint
st_span_track_get_item (StSpanTrack *self, guint index)
{
  g_return_val_if_fail (index < self->n_spans, 0);
  return self->items[index];
}

gboolean
st_span_track_find_item (StSpanTrack *self, guint item, guint *index)
{
  if (item >= self->n_items || self->item_index[item] == G_MAXUINT)
    return FALSE;
  *index = self->item_index[item];
  return TRUE;
}

static gint64
distance (const StSlice *s, gint64 t)
{
  return t < s->start ? s->start - t : t >= s->start + s->dur ? t - (s->start + s->dur) + 1 : 0;
}

/* The candidates are the slice starting last at or before @t and its
 * neighbours: a row's spans do not overlap (but in the last row, where the
 * nearest of a few is taken). */
gboolean
st_span_track_slice_at (StSpanTrack *self, guint row, gint64 t, gint64 slop, guint *index)
{
  guint  lo, hi, a, b;
  gint64 best = -1, best_distance = G_MAXINT64;

  if (row >= self->n_rows)
    return FALSE;
  lo = a = self->row_offsets[row];
  hi = b = self->row_offsets[row + 1];
  while (a < b)
    {
      guint mid = a + (b - a) / 2;

      if (self->slices[mid].start <= t)
        a = mid + 1;
      else
        b = mid;
    }
  for (gint64 k = MAX ((gint64)lo, (gint64)a - 2); k <= MIN ((gint64)hi - 1, (gint64)a); k++)
    {
      gint64 d = distance (&self->slices[k], t);

      if (d <= slop && d < best_distance)
        {
          best = k;
          best_distance = d;
        }
    }
  if (best < 0)
    return FALSE;
  *index = (guint)best;
  return TRUE;
}
