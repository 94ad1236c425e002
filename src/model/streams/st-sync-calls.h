/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sync-calls.h: where a profile records that work waited for other
 * work, as docs/metrics.md 10.2 reads it: the host's synchronisation
 * calls (cudaStreamSynchronize and the like) and stream-wait calls
 * (cudaStreamWaitEvent) per host thread, and the device side of stream
 * waits (Kineto's cuda_sync "Stream Wait Event" slices) per stream, with
 * whether each file records that device side at all.
 *
 * Made while the stream index is (st-stream-index.h) and read-only after.
 */
#pragma once

#include "st-device-work.h"

G_BEGIN_DECLS

typedef struct _StSyncCalls StSyncCalls;

StSyncCalls *st_sync_calls_new (StTrace *trace, StDeviceWork *work, GCancellable *cancellable);
void         st_sync_calls_free (StSyncCalls *self);

/* Whether a synchronisation call on host @track started at or before @t0,
 * ended after it and at or before @before (rule 2 of 10.2). */
gboolean st_sync_calls_blocked (StSyncCalls *self, guint track, gint64 t0, gint64 before);
/* How long synchronisation calls on host @track ran inside [t0, t1) (their
 * union: nested calls count once). */
gint64 st_sync_calls_covered (StSyncCalls *self, guint track, gint64 t0, gint64 t1);
/* The synchronisation call on host @track that overlaps [t0, t1) the
 * longest, ST_STRING_NONE when none does. */
StStringId st_sync_calls_longest (StSyncCalls *self, guint track, gint64 t0, gint64 t1);
/* Whether a stream wait was enqueued on device @stream at a time w with
 * @after < w <= @until: on the stream itself where its file records the
 * device side, else by a stream-wait call on host @host (rule 4). */
gboolean
st_sync_calls_waited (StSyncCalls *self, guint stream, guint host, gint64 after, gint64 until);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSyncCalls, st_sync_calls_free)

G_END_DECLS
