/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-memory-peak.h"

/* The first sample at or after @t. */
static guint
first_at (GArray *series, gint64 t)
{
  guint lo = 0, hi = series->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (series, StMemorySample, mid).ts < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The value in force at @start and those set in [start, end): their
 * largest, from the event that raised the series to it. */
static StMemoryPeakValue
series_peak (GArray *series, gint64 start, gint64 end)
{
  StMemoryPeakValue     peak = { 0 };
  guint                 a = first_at (series, start), b = first_at (series, end), at = 0;
  const StMemorySample *s;

  for (guint i = a > 0 ? a - 1 : 0; i < b; i++)
    {
      s = &g_array_index (series, StMemorySample, i);
      if (peak.present && s->value <= peak.bytes)
        continue;
      peak.present = TRUE;
      peak.bytes = s->value;
      at = i;
    }
  if (!peak.present)
    return peak;
  /* the value in force only kept what an earlier event reached */
  while (at + 1 == a && at > 0
         && g_array_index (series, StMemorySample, at - 1).value == peak.bytes)
    a = at--;
  s = &g_array_index (series, StMemorySample, at);
  peak.ts = s->ts;
  peak.event_bytes = s->bytes;
  peak.event = s->event;
  return peak;
}

/* The last slice of row [lo, hi) starting at or before @ts. */
static gint
last_starting (const StSlice *slices, guint lo, guint hi, gint64 ts)
{
  guint a = lo, b = hi;

  while (a < b)
    {
      guint mid = a + (b - a) / 2;

      if (slices[mid].start <= ts)
        a = mid + 1;
      else
        b = mid;
    }
  return (gint)a - 1 >= (gint)lo ? (gint)a - 1 : -1;
}

gboolean
st_memory_enclosing_slice (StTrace *trace, guint track, gint64 ts, StSliceRef *out)
{
  const StTrack *t = st_trace_get_track (trace, track);
  gboolean       found = FALSE;
  gint64         shortest = 0;

  /* Nested slices hold each other: the innermost is the shortest, also
   * when an overlapping one lies in an extra lane. */
  for (guint row = 0; t->row_offsets != NULL && row < t->n_rows; row++)
    {
      gint i = last_starting (t->slices, t->row_offsets[row], t->row_offsets[row + 1], ts);
      const StSlice *s = i >= 0 ? &t->slices[i] : NULL;

      if (s == NULL || ts >= s->start + s->dur || (found && s->dur >= shortest))
        continue;
      found = TRUE;
      shortest = s->dur;
      *out = (StSliceRef){ track, (guint32)i };
    }
  return found;
}

static void
peak_clear (gpointer data)
{
  g_free (((StMemoryPeak *)data)->label);
}

GArray *
st_memory_peaks_compute (StMemoryTimeline *timeline, StTrace *trace, gint64 start, gint64 end)
{
  GArray *peaks = g_array_new (FALSE, TRUE, sizeof (StMemoryPeak));

  g_return_val_if_fail (timeline != NULL, peaks);
  g_array_set_clear_func (peaks, peak_clear);
  for (guint i = 0; i < st_memory_timeline_get_n_devices (timeline); i++)
    {
      const StMemoryDevice *d = st_memory_timeline_get_device (timeline, i);
      StMemoryPeak          p = { 0 };

      p.device = i;
      p.allocated_is_change = d->series[ST_MEMORY_ALLOCATED]->len == 0;
      p.allocated = series_peak (
          d->series[p.allocated_is_change ? ST_MEMORY_ALLOCATED_CHANGE : ST_MEMORY_ALLOCATED],
          start, end);
      p.reserved = series_peak (d->series[ST_MEMORY_RESERVED], start, end);
      if (!p.allocated.present && !p.reserved.present)
        continue;
      if (p.allocated.present)
        p.has_op
            = st_memory_enclosing_slice (trace, p.allocated.event.track, p.allocated.ts, &p.op);
      p.label = g_strdup (d->label);
      g_array_append_val (peaks, p);
    }
  return peaks;
}
