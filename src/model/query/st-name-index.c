/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-name-index.h"

/* Each slice is a number: its track's first number plus its index there
 * (4 bytes a slice rather than a track and an index); per name, the numbers
 * of its slices are one run of @numbers, from @first[name] to
 * @first[name + 1]. */
struct _StNameIndex
{
  guint    n_tracks;
  guint32 *track_first; /* n_tracks + 1 */
  guint    n_names;
  guint32 *first; /* n_names + 1 */
  guint32 *numbers;
};

static void
name_index_free (gpointer data)
{
  StNameIndex *self = data;

  if (self == NULL)
    return;
  g_free (self->track_first);
  g_free (self->first);
  g_free (self->numbers);
  g_free (self);
}

/* Counts the slices of each name into @first[name + 1]; FALSE when
 * cancelled. */
static gboolean
count_names (StTrace *trace, StNameIndex *self, GCancellable *cancellable)
{
  for (guint t = 0; t < self->n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      self->track_first[t + 1] = self->track_first[t] + track->n_slices;
      for (guint i = 0; i < track->n_slices; i++)
        self->first[track->slices[i].name + 1]++;
    }
  return TRUE;
}

static gpointer
name_index_new (StTrace *trace, GCancellable *cancellable)
{
  StNameIndex        *self = g_new0 (StNameIndex, 1);
  g_autofree guint32 *next = NULL;

  self->n_tracks = st_trace_get_n_tracks (trace);
  self->n_names = st_trace_get_n_strings (trace);
  self->track_first = g_new0 (guint32, self->n_tracks + 1);
  self->first = g_new0 (guint32, self->n_names + 1);
  if (!count_names (trace, self, cancellable))
    {
      name_index_free (self);
      return NULL;
    }
  for (guint n = 0; n < self->n_names; n++)
    self->first[n + 1] += self->first[n];
  self->numbers = g_new (guint32, MAX (1, self->track_first[self->n_tracks]));
  next = g_memdup2 (self->first, sizeof (guint32) * self->n_names);
  for (guint t = 0; t < self->n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);
      guint32        base = self->track_first[t];

      for (guint i = 0; i < track->n_slices; i++)
        self->numbers[next[track->slices[i].name]++] = base + i;
    }
  return self;
}

StNameIndex *
st_name_index_get (StTrace *trace, GCancellable *cancellable)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return st_trace_ensure_data (trace, "name-index", name_index_new, name_index_free, cancellable);
}

const guint32 *
st_name_index_lookup (StNameIndex *self, StStringId name, guint *n_slices)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_slices != NULL, NULL);

  if (name >= self->n_names)
    {
      *n_slices = 0;
      return self->numbers;
    }
  *n_slices = self->first[name + 1] - self->first[name];
  return self->numbers + self->first[name];
}

StSliceRef
st_name_index_get_ref (StNameIndex *self, guint32 number)
{
  guint a = 0, b = self->n_tracks;

  /* the last track whose first number is at or before @number */
  while (b - a > 1)
    {
      guint mid = a + (b - a) / 2;
      if (self->track_first[mid] <= number)
        a = mid;
      else
        b = mid;
    }
  return (StSliceRef){ a, number - self->track_first[a] };
}
