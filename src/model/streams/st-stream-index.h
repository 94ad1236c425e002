/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-stream-index.h: every stream's idle gaps and launch delays, as
 * docs/metrics.md 10 defines them, made once per trace and kept with it:
 * per stream (a device track) its runs of work, the kind of each gap
 * between them (host wait, stream wait, other: the kind of a gap does not
 * depend on the range), and the delay of every launch by start. A range
 * then costs a binary search and its own gaps and launches.
 *
 * Made by whichever thread asks first; read-only after.
 */
#pragma once

#include "st-device-work.h"
#include "st-queue-length.h"
#include "st-sync-calls.h"

G_BEGIN_DECLS

typedef enum
{
  ST_GAP_HOST_WAIT,
  ST_GAP_STREAM_WAIT,
  ST_GAP_OTHER,
  ST_N_GAP_KINDS
} StGapKind;

typedef struct
{
  guint track;
  guint device; /* in the trace's StDeviceWork */
  guint file;
  char *label; /* "GPU 0 / stream 7", "rank 1 / GPU 0 / stream 7" */
  char *name;  /* its track's: "stream 7" */
} StStream;

/* One stream over a range (10.2 to 10.4). */
typedef struct
{
  guint    stream; /* in the index */
  char    *label;  /* the stream's, owned: st_stream_usage_clear () */
  char    *name;   /* its track's, owned */
  guint    track;
  guint    device;
  guint    file;
  gint64   busy_ns;
  gint64   idle_ns;
  guint    gaps;
  gboolean has_kinds;               /* FALSE in a profile without launch calls */
  gint64   kind_ns[ST_N_GAP_KINDS]; /* host wait, stream wait, other */
  guint    launches;                /* device events with a launch call starting in the range */
  gint64   delay_p50_ns;            /* nearest-rank percentiles of their launch delays */
  gint64   delay_p90_ns;
  gint64   delay_p99_ns;
  gint64   delay_max_ns;
  gboolean has_queue; /* FALSE in a profile without launch calls */
  guint    queue_max; /* the largest queue length inside the range */
} StStreamUsage;

typedef struct _StStreamIndex StStreamIndex;

/* The index of @trace, made on first use; NULL when @cancellable is
 * cancelled first. It belongs to the trace. */
StStreamIndex *st_stream_index_ensure (StTrace *trace, GCancellable *cancellable);

guint           st_stream_index_get_n_streams (StStreamIndex *self);
const StStream *st_stream_index_get_stream (StStreamIndex *self, guint index);
/* Whether the profile has a launch call at all: without one, gaps have no
 * kind. */
gboolean st_stream_index_has_launches (StStreamIndex *self);
/* Stream @index over [start, end) into @out, but the queue; FALSE when
 * neither its runs nor its gaps reach inside the range. */
gboolean st_stream_index_get_usage (StStreamIndex *self,
                                    guint          index,
                                    gint64         start,
                                    gint64         end,
                                    StStreamUsage *out);
void     st_stream_usage_clear (StStreamUsage *usage);
/* Every stream listed over [start, end) (10.2: with runs or gaps inside
 * it), with its largest queue from @queues: StStreamUsage, to be cleared
 * by the array. */
GArray *
st_stream_index_get_usages (StStreamIndex *self, StQueueLength *queues, gint64 start, gint64 end);
/* 10.2: the shares of @usages' idle time that are host waits and stream
 * waits; FALSE when they are absent. */
gboolean st_stream_index_get_idle_shares (StStreamIndex *self,
                                          GArray        *usages,
                                          double        *host_percent,
                                          double        *stream_percent);
/* The nearest-rank percentile @p (0 < p <= 100) of @n sorted @values. */
gint64 st_stream_index_percentile (const gint64 *values, guint n, guint p);

const char *st_gap_kind_to_string (StGapKind kind);

/* The kind of the gap of the stream of @track that ends at @t1 (its run
 * that starts there, after its first); FALSE when no gap of it ends
 * there. */
gboolean
st_stream_index_get_gap_kind (StStreamIndex *self, guint track, gint64 t1, StGapKind *kind);
/* The synchronisation calls the gaps were told from (st-sync-calls.h). */
StSyncCalls *st_stream_index_get_sync_calls (StStreamIndex *self);

G_END_DECLS
