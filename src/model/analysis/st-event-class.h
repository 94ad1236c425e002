/* st-event-class.h: what kind of work a slice is, read from its category
 * and name: a device kernel, a copy, a memset, a host launch call, a
 * collective operation. The region highlighter and the summary share it.
 *
 * A classifier caches the answer per string, so asking for every slice of a
 * 10 M-event trace costs a table look-up each.
 */
#pragma once

#include "st-collective.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_WORK_OTHER,
  ST_WORK_KERNEL, /* kernel, Kernel */
  ST_WORK_MEMCPY, /* gpu_memcpy, Memcpy */
  ST_WORK_MEMSET, /* gpu_memset, Memset */
  ST_WORK_LAUNCH, /* cuda_runtime, cuda_driver, Runtime: the host side of a launch */
  ST_WORK_PYTHON, /* python_function: a Python stack frame */
} StWorkKind;

typedef struct _StEventClassifier StEventClassifier;

StEventClassifier *st_event_classifier_new (StTrace *trace);
void               st_event_classifier_free (StEventClassifier *self);
StWorkKind         st_event_classifier_work (StEventClassifier *self, const StSlice *slice);
/* The collective type (one StCollectiveType bit) of a slice name, or 0. */
guint st_event_classifier_collective (StEventClassifier *self, StStringId name);
/* A device-side collective: an NCCL/RCCL kernel. */
gboolean st_event_classifier_is_device_collective (StEventClassifier *self, const StSlice *slice);
/* A host-side collective: c10d::*, record_param_comms, nccl:* annotations. */
gboolean st_event_classifier_is_host_collective (StEventClassifier *self, const StSlice *slice);
/* A track that runs device work (kernels, copies or memsets). */
gboolean st_event_classifier_is_device_track (StEventClassifier *self, guint track);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StEventClassifier, st_event_classifier_free)

G_END_DECLS
