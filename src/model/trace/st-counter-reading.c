/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-counter-reading.h"

#include "st-format.h"

/* The number of samples of @s before @t, or at or before it when
 * @inclusive. */
static guint
count_to (const StCounterSeries *s, gint64 t, gboolean inclusive)
{
  guint lo = 0, hi = s->n_samples;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->ts[mid] < t || (inclusive && s->ts[mid] == t))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The value of @series at @t (docs/metrics.md 19.1): its last sample at or
 * before @t, and in @since that sample's time; FALSE before the first
 * sample, when the series has no value yet. */
gboolean
st_counter_series_value_at (const StCounterSeries *series, gint64 t, double *value, gint64 *since)
{
  guint i;

  g_return_val_if_fail (series != NULL, FALSE);
  i = count_to (series, t, TRUE);
  if (i == 0)
    return FALSE;
  if (value != NULL)
    *value = series->values[i - 1];
  if (since != NULL)
    *since = series->ts[i - 1];
  return TRUE;
}

/* A counter track's reading at @t (19.1): an StCounterReading per series
 * that has a value, in the track's order; empty for a track that is no
 * counter's. */
GArray *
st_counter_track_read_at (const StTrack *track, gint64 t)
{
  GArray *out;

  g_return_val_if_fail (track != NULL, NULL);
  out = g_array_new (FALSE, FALSE, sizeof (StCounterReading));
  if (track->kind != ST_TRACK_COUNTER)
    return out;
  for (guint k = 0; k < track->n_series; k++)
    {
      StCounterReading r = { k, 0, 0 };

      if (st_counter_series_value_at (&track->series[k], t, &r.value, &r.since))
        g_array_append_val (out, r);
    }
  return out;
}

/* @series over [start, end) (19.2); FALSE, and @out untouched, when it has
 * no sample before @end. */
gboolean
st_counter_series_range_stats (const StCounterSeries *series,
                               gint64                 start,
                               gint64                 end,
                               StCounterRangeStats   *out)
{
  StCounterRangeStats r = { FALSE, 0, 0, G_MAXDOUBLE, -G_MAXDOUBLE, 0, 0, 0 };
  guint               lo, hi;
  double              sum = 0;

  g_return_val_if_fail (series != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (start < end, FALSE);
  if (series->n_samples == 0 || series->ts[0] >= end)
    return FALSE;
  lo = count_to (series, start, TRUE);
  hi = count_to (series, end, FALSE);
  /* from the sample in force at the start (or the first), each value over
   * the part of the range it holds; one at the time of the next holds for
   * no time and is not in force */
  for (guint j = lo > 0 ? lo - 1 : 0; j < hi; j++)
    {
      gint64 from = MAX (series->ts[j], start);
      gint64 to = j + 1 < series->n_samples ? MIN (series->ts[j + 1], end) : end;
      double v = series->values[j];

      if (to <= from)
        continue;
      r.min = MIN (r.min, v);
      r.max = MAX (r.max, v);
      sum += v * (double)(to - from);
    }
  r.has_start_value = lo > 0;
  r.start_value = lo > 0 ? series->values[lo - 1] : 0;
  r.end_value = series->values[hi - 1];
  r.known_ns = end - MAX (start, series->ts[0]);
  r.mean = sum / (double)r.known_ns;
  r.samples = hi - count_to (series, start, FALSE);
  *out = r;
  return TRUE;
}

/* A value as the track shows it (19): "10.24 kB" for bytes, "10.24 k"
 * else. */
char *
st_counter_format_value (StCounterUnit unit, double value)
{
  g_autofree char *quantity = st_format_quantity (value);

  if (unit != ST_COUNTER_UNIT_BYTES)
    return g_steal_pointer (&quantity);
  return g_strdup_printf ("%s%sB", quantity, strchr (quantity, ' ') ? "" : " ");
}
