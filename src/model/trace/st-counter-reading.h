/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-counter-reading.h: what a counter track reads at a time and over a
 * range, as docs/metrics.md 19 defines it: the value at the pointer for a
 * hover readout, a selected range's min, max, time-weighted mean and the
 * value at each edge. Works on any StCounterSeries: a trace's counter
 * tracks, the memory series, the queues of st-queue-length.h.
 */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

/* A series' value at a time (19.1). */
typedef struct
{
  guint  series; /* its index among the track's series */
  double value;
  gint64 since; /* the time of the sample it comes from */
} StCounterReading;

/* A series over a range (19.2). */
typedef struct
{
  gboolean has_start_value; /* FALSE: no value yet at the range's start */
  double   start_value;
  double   end_value;
  double   min;
  double   max;
  double   mean;
  gint64   known_ns;
  guint    samples;
} StCounterRangeStats;

gboolean
st_counter_series_value_at (const StCounterSeries *series, gint64 t, double *value, gint64 *since);
GArray  *st_counter_track_read_at (const StTrack *track, gint64 t);
gboolean st_counter_series_range_stats (const StCounterSeries *series,
                                        gint64                 start,
                                        gint64                 end,
                                        StCounterRangeStats   *out);
char    *st_counter_format_value (StCounterUnit unit, double value);

G_END_DECLS
