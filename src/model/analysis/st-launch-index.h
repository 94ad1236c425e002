/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-launch-index.h: which host call launched each device event (kernel,
 * copy, memset), read from launch flows (Kineto's ac2g) or, in profiles
 * without them, from matching "correlation" ids in the args; and the other
 * way round, the device events launched from a host thread in time order.
 * Which tracks are a device's is given (per track, TRUE or FALSE): it is
 * StDeviceWork's to say, and StDeviceWork keeps the index it makes.
 */
#pragma once

#include "st-event-class.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef struct
{
  gint64     host_start; /* start of the launch call */
  StSliceRef host;       /* the launch call */
  StSliceRef device;     /* what it launched */
} StLaunch;

typedef struct _StLaunchIndex StLaunchIndex;

/* Stops early when @cancellable is cancelled: the index is then incomplete,
 * to be freed unread. */
StLaunchIndex *st_launch_index_new (StTrace           *trace,
                                    StEventClassifier *classes,
                                    const guint8      *device_track,
                                    GCancellable      *cancellable);
void           st_launch_index_free (StLaunchIndex *self);
gboolean       st_launch_index_is_empty (StLaunchIndex *self);
/* The launch call of a device slice; FALSE when none is known. */
gboolean st_launch_index_get_launcher (StLaunchIndex *self, StSliceRef device, StSliceRef *host);
/* The same, with the call's start and end (kept with the index: a reader
 * of every device slice's launch would otherwise fetch every call); either
 * may be NULL. */
gboolean st_launch_index_get_launch (StLaunchIndex *self,
                                     StSliceRef     device,
                                     StSliceRef    *host,
                                     gint64        *start,
                                     gint64        *end);
/* The launch calls of every slice of @track, by index: one walking a whole
 * track reads them without a call per slice. A slice whose launch call is
 * not known has ST_LAUNCH_NONE as its track. NULL when no slice of @track
 * has one. */
#define ST_LAUNCH_NONE G_MAXUINT32
const StSliceRef *st_launch_index_get_launchers (StLaunchIndex *self, guint track);
/* The launches made from host @track, by host start. */
const StLaunch *st_launch_index_get_launches (StLaunchIndex *self, guint track, guint *n_launches);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StLaunchIndex, st_launch_index_free)

G_END_DECLS
