/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-queue-length.h"
#include "st-sort.h"

struct _StQueueLength
{
  guint             n_tracks;
  StCounterSeries **series; /* per track, or NULL */
};

ST_DEFINE_SORT (sort_times, gint64, *a < *b)

/* The launches of @track's device events and their ends, for the events
 * counted (10.4: ending after their launch call starts). */
static guint
collect (StTrace *trace, StDeviceWork *work, guint track, gint64 *starts, gint64 *ends)
{
  const StTrack   *t = st_trace_get_track (trace, track);
  const StWorkTag *tags = st_device_work_get_tags (work, track);
  StLaunchIndex   *launches = st_device_work_get_launches (work);
  guint            n = 0;

  for (guint i = 0; tags != NULL && i < t->n_slices; i++)
    {
      StSliceRef host;
      gint64     launch;

      if (tags[i].klass == ST_CLASS_NONE
          || !st_launch_index_get_launch (launches, (StSliceRef){ track, i }, &host, &launch, NULL))
        continue;
      if (t->slices[i].start + t->slices[i].dur <= launch)
        continue;
      starts[n] = launch;
      ends[n] = t->slices[i].start + t->slices[i].dur;
      n++;
    }
  sort_times (starts, n, NULL);
  sort_times (ends, n, NULL);
  return n;
}

static void
finish_series (StCounterSeries *s)
{
  guint n_blocks = s->n_samples / ST_COUNTER_BLOCK + 1;

  s->min = G_MAXDOUBLE;
  s->max = -G_MAXDOUBLE;
  s->block_min = g_new (double, n_blocks);
  s->block_max = g_new (double, n_blocks);
  for (guint b = 0; b < n_blocks; b++)
    {
      s->block_min[b] = G_MAXDOUBLE;
      s->block_max[b] = -G_MAXDOUBLE;
    }
  for (guint i = 0; i < s->n_samples; i++)
    {
      double v = s->values[i];

      s->min = MIN (s->min, v);
      s->max = MAX (s->max, v);
      s->block_min[i / ST_COUNTER_BLOCK] = MIN (s->block_min[i / ST_COUNTER_BLOCK], v);
      s->block_max[i / ST_COUNTER_BLOCK] = MAX (s->block_max[i / ST_COUNTER_BLOCK], v);
    }
}

/* A step at every time the queue changes: after all the launches and ends
 * at that time, the launches up to it minus the ends up to it. */
static StCounterSeries *
make_series (StStringId name, const gint64 *starts, const gint64 *ends, guint n)
{
  StCounterSeries *s = g_new0 (StCounterSeries, 1);
  guint            i = 0, j = 0, k = 0;
  double           last = 0;

  s->name = name;
  s->ts = g_new (gint64, 2 * n);
  s->values = g_new (double, 2 * n);
  while (i < n || j < n)
    {
      gint64 t = j >= n || (i < n && starts[i] < ends[j]) ? starts[i] : ends[j];
      double v;

      while (i < n && starts[i] == t)
        i++;
      while (j < n && ends[j] == t)
        j++;
      v = (double)i - (double)j;
      if (k > 0 && v == last)
        continue;
      s->ts[k] = t;
      s->values[k++] = last = v;
    }
  s->n_samples = k;
  finish_series (s);
  return s;
}

static void
series_free (StCounterSeries *s)
{
  if (s == NULL)
    return;
  g_free (s->ts);
  g_free (s->values);
  g_free (s->block_min);
  g_free (s->block_max);
  g_free (s);
}

static void
queue_length_free (gpointer data)
{
  StQueueLength *self = data;

  for (guint t = 0; t < self->n_tracks; t++)
    series_free (self->series[t]);
  g_free (self->series);
  g_free (self);
}

static gpointer
queue_length_new (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork  *work = st_device_work_ensure (trace, cancellable);
  StQueueLength *self;

  if (work == NULL)
    return NULL;
  self = g_new0 (StQueueLength, 1);
  self->n_tracks = st_trace_get_n_tracks (trace);
  self->series = g_new0 (StCounterSeries *, MAX (1, self->n_tracks));
  for (guint t = 0; t < self->n_tracks && !g_cancellable_is_cancelled (cancellable); t++)
    {
      guint              n_slices = st_trace_get_track (trace, t)->n_slices, n;
      g_autofree gint64 *starts = NULL, *ends = NULL;

      if (st_device_work_get_track_device (work, t) < 0)
        continue;
      starts = g_new (gint64, MAX (1, n_slices));
      ends = g_new (gint64, MAX (1, n_slices));
      n = collect (trace, work, t, starts, ends);
      if (n > 0)
        self->series[t] = make_series (st_trace_get_track (trace, t)->name, starts, ends, n);
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      queue_length_free (self);
      return NULL;
    }
  return self;
}

StQueueLength *
st_queue_length_ensure (StTrace *trace, GCancellable *cancellable)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return st_trace_ensure_data (trace, "queue-length", queue_length_new, queue_length_free,
                               cancellable);
}

const StCounterSeries *const *
st_queue_length_get_series (StQueueLength *self)
{
  return (const StCounterSeries *const *)self->series;
}

/* The first sample of @s after @t. */
static guint
first_after (const StCounterSeries *s, gint64 t)
{
  guint lo = 0, hi = s->n_samples;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->ts[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

gboolean
st_queue_length_get_max (StQueueLength *self, guint track, gint64 start, gint64 end, guint *max)
{
  const StCounterSeries *s;
  guint                  i, j;
  double                 best;

  g_return_val_if_fail (max != NULL, FALSE);
  if (track >= self->n_tracks || (s = self->series[track]) == NULL)
    return FALSE;
  i = first_after (s, start);
  /* the value held at the range's start, 0 before the first launch */
  best = i > 0 ? s->values[i - 1] : 0;
  for (j = i; j < s->n_samples && s->ts[j] < end;)
    {
      if (j % ST_COUNTER_BLOCK == 0 && j + ST_COUNTER_BLOCK <= s->n_samples
          && s->ts[j + ST_COUNTER_BLOCK - 1] < end)
        {
          best = MAX (best, s->block_max[j / ST_COUNTER_BLOCK]);
          j += ST_COUNTER_BLOCK;
          continue;
        }
      best = MAX (best, s->values[j]);
      j++;
    }
  *max = (guint)best;
  return TRUE;
}
