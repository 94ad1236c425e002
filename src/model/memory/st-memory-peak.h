/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-memory-peak.h: the peak allocated and reserved memory of each memory
 * device over a range, and the allocation at the peak (docs/metrics.md
 * 12.3). The value in force at the range's start counts; memory before a
 * device's first event is unknown, never 0.
 */
#pragma once

#include "st-memory-timeline.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean   present;     /* FALSE: the series has nothing for the range */
  double     bytes;       /* the peak */
  gint64     ts;          /* the time of the event at the peak (may lie before the range) */
  double     event_bytes; /* that event's Bytes */
  StEventRef event;
} StMemoryPeakValue;

typedef struct
{
  guint             device;              /* in the memory timeline */
  char             *label;               /* "GPU 0" */
  gboolean          allocated_is_change; /* from Allocated change: no Total Allocated */
  StMemoryPeakValue allocated;
  StMemoryPeakValue reserved;
  gboolean          has_op; /* a slice of its thread encloses the event at the allocated peak */
  StSliceRef        op;     /* the innermost one: the operation that allocated */
} StMemoryPeak;

/* StMemoryPeak of each memory device that counts for [start, end), in the
 * timeline's order; empty without memory events. */
GArray *
st_memory_peaks_compute (StMemoryTimeline *timeline, StTrace *trace, gint64 start, gint64 end);

/* The innermost slice of @track whose [start, start + dur) holds @ts. */
gboolean st_memory_enclosing_slice (StTrace *trace, guint track, gint64 ts, StSliceRef *out);

G_END_DECLS
