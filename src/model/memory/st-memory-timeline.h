/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-memory-timeline.h: the memory of each device over a profile, read
 * from PyTorch's "[memory]" events as docs/metrics.md 12 defines it: per
 * memory device (a GPU, the CPU of a process), its series Allocated,
 * Allocated change and Reserved, each value with the event that set it.
 * Made once per trace and kept with it; read-only after, so any thread may
 * read it.
 */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_MEMORY_ALLOCATED,        /* Total Allocated */
  ST_MEMORY_ALLOCATED_CHANGE, /* the running sum of Bytes, where there is no Total Allocated */
  ST_MEMORY_RESERVED,         /* Total Reserved */
  ST_N_MEMORY_SERIES
} StMemorySeries;

/* One value of a series: what its event set, from its time on. */
typedef struct
{
  gint64     ts;
  double     value; /* bytes */
  double     bytes; /* the event's Bytes: + allocated, − freed */
  StEventRef event; /* the "[memory]" instant */
} StMemorySample;

typedef struct
{
  char   *label; /* "GPU 0", "CPU", "CPU (pid 7)", "rank 1 / GPU 0" */
  guint   file;
  gint64  type;    /* PyTorch's device type: 0 the CPU, 1 CUDA, 6 HIP, … */
  gint64  id;      /* the device's index, -1 for the CPU */
  guint   process; /* the CPU's: the events' process; G_MAXUINT for another device */
  GArray *series[ST_N_MEMORY_SERIES]; /* StMemorySample, by time */
} StMemoryDevice;

typedef struct _StMemoryTimeline StMemoryTimeline;

/* The memory timeline of @trace, made on first use; it belongs to the
 * trace. NULL only when @cancellable is cancelled before it is made. */
StMemoryTimeline *st_memory_timeline_ensure (StTrace *trace, GCancellable *cancellable);

guint                 st_memory_timeline_get_n_devices (StMemoryTimeline *self);
const StMemoryDevice *st_memory_timeline_get_device (StMemoryTimeline *self, guint index);

/* "GPU 0" for PyTorch's device @type and @id, "CPU" for the CPU. */
char *st_memory_device_label (gint64 type, gint64 id);

G_END_DECLS
