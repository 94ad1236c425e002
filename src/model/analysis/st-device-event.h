/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-device-event.h: the device events of a range, device by device, each
 * device's by start, their intervals clipped to the range: what the
 * summary's unions, engines, collectives and Neuron metrics read
 * (docs/metrics.md 1 and 2). Events clipped to the same start keep the
 * order of their own starts, then of the device's tracks and rows. An
 * event counts when it ends after the range's start, or is an instant at
 * or after it. */
#pragma once

#include "st-device-work.h"

G_BEGIN_DECLS

/* What a device event is, for the unions: its class, with memory split
 * into copies and sets (docs/metrics.md 1.2). */
typedef enum
{
  ST_SLOT_COMPUTE,
  ST_SLOT_COMMUNICATION,
  ST_SLOT_COPY,
  ST_SLOT_SET,
  ST_SLOT_WAIT,
  ST_SLOT_OTHER,
} StDeviceSlot;

#define ST_SLOT_MASK(slot) (1u << (slot))
#define ST_SLOTS_MEMORY    (ST_SLOT_MASK (ST_SLOT_COPY) | ST_SLOT_MASK (ST_SLOT_SET))
#define ST_SLOTS_WORK \
  (ST_SLOT_MASK (ST_SLOT_COMPUTE) | ST_SLOT_MASK (ST_SLOT_COMMUNICATION) | ST_SLOTS_MEMORY)
#define ST_SLOTS_ALL 0x3f

/* One device event overlapping the range, its interval clipped to it. */
typedef struct
{
  gint64     start;
  gint64     end;
  gint64     dur; /* the event's own duration, unclipped */
  StSliceRef ref;
  guint16    device; /* in the trace's StDeviceWork */
  guint8     slot;   /* StDeviceSlot */
  guint8     kind;   /* the StWorkTag's kind: compute kind, collective type bit */
  guint8     kernel; /* a kernel, instruction or MTIA event, not a copy, set or transfer */
} StDeviceEvent;

/* Its kernel class (docs/metrics.md 8.12). */
StKernelClass st_device_event_get_kernel_class (const StDeviceEvent *ev);

GArray *st_device_events_collect (StTrace      *trace,
                                  StDeviceWork *work,
                                  gint64        start,
                                  gint64        end,
                                  GCancellable *cancellable);

G_END_DECLS
