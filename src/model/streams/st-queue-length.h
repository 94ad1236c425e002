/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-queue-length.h: each stream's queue length over time, as
 * docs/metrics.md 10.4 defines it: the work launched on it and not yet
 * finished, a step at every change. Made once per trace on first use (the
 * timeline asks for it when it is shown, the summary for a range's
 * largest value) and kept with the trace; read-only after.
 */
#pragma once

#include "st-device-work.h"

G_BEGIN_DECLS

typedef struct _StQueueLength StQueueLength;

/* The queues of @trace; NULL when @cancellable is cancelled first. */
StQueueLength *st_queue_length_ensure (StTrace *trace, GCancellable *cancellable);

/* Per track, the queue of a stream with at least one launch call, else
 * NULL: st_trace_get_n_tracks() entries. The series' values are whole
 * numbers; their name is the stream's track's. */
const StCounterSeries *const *st_queue_length_get_series (StQueueLength *self);
/* The largest queue length of @track at a time in [start, end), the one at
 * @start included; FALSE when the stream has no queue. */
gboolean
st_queue_length_get_max (StQueueLength *self, guint track, gint64 start, gint64 end, guint *max);

G_END_DECLS
