/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-device-work.h: the device work of a trace, as docs/metrics.md section
 * 1 defines it, made once per trace and kept with it: which tracks are a
 * device's and which device each belongs to, and the class of every device
 * event (compute of a kind, communication of a type, memory, wait, other),
 * launches followed back to the host ops that name a collective. The
 * summary, the highlighter, the merge of ranks and the CLI read it; none
 * classifies on its own.
 *
 * Made by whichever thread asks first; read-only after, so any thread may
 * read it.
 */
#pragma once

#include "st-event-class.h"
#include "st-launch-index.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_CLASS_NONE, /* not a device event */
  ST_CLASS_COMPUTE,
  ST_CLASS_COMMUNICATION,
  ST_CLASS_MEMORY,
  ST_CLASS_WAIT,
  ST_CLASS_OTHER, /* a marker: neither work nor wait */
} StWorkClass;

typedef enum
{
  ST_MEMORY_COPY,
  ST_MEMORY_SET,
} StMemoryKind;

typedef struct
{
  guint8 klass; /* StWorkClass */
  guint8 kind;  /* compute: StComputeKind; memory: StMemoryKind; communication: type bit index */
} StWorkTag;

typedef struct
{
  guint  process;
  guint  file;
  char  *label; /* "GPU 0", "rank 1 / GPU 0", "NeuronCore 0", "MTIA 17" */
  guint *tracks;
  guint  n_tracks;
} StDevice;

typedef struct _StDeviceWork StDeviceWork;

/* The device work of @trace, made on first use; it belongs to the trace. */
StDeviceWork *st_device_work_get (StTrace *trace);
/* The same, made on a thread that may give up: NULL when @cancellable is
 * cancelled before it is made. */
StDeviceWork *st_device_work_ensure (StTrace *trace, GCancellable *cancellable);

/* How many devices @trace has, without the rest of its device work: what
 * the window asks as it opens a profile, on its main thread. */
guint st_device_work_count_devices (StTrace *trace);
/* Which tracks of @trace are device tracks (docs/metrics.md 1.1), a flag
 * per track, without the rest of the device work; NULL when @cancellable
 * is cancelled first. The flags belong to the trace. */
const guint8 *st_device_work_get_device_tracks (StTrace *trace, GCancellable *cancellable);

guint           st_device_work_get_n_devices (StDeviceWork *self);
const StDevice *st_device_work_get_device (StDeviceWork *self, guint index);
/* The device @track belongs to, or -1 when it is not a device track. */
gint st_device_work_get_track_device (StDeviceWork *self, guint track);
/* One tag per slice of @track, or NULL when it is not a device track. */
const StWorkTag *st_device_work_get_tags (StDeviceWork *self, guint track);
StWorkTag        st_device_work_get_tag (StDeviceWork *self, StSliceRef ref);
/* The innermost collective host op around the launch call of @device
 * (docs/metrics.md 1.2 rule 5); FALSE when there is none. */
gboolean st_device_work_get_host_op (StDeviceWork *self, StSliceRef device, StSliceRef *op);
/* The type the collective host op @op names (docs/metrics.md 1.6): by its
 * name, else by its args["Collective name"] (record_param_comms's);
 * ST_COLLECTIVE_OTHER when neither names one. */
StCollectiveType st_device_work_get_op_type (StDeviceWork *self, const StSlice *op);
/* The call site of the communication event @device (docs/metrics.md 1.6):
 * of the collective host ops around its launch call, the innermost that
 * names a type, else the innermost, in *@site, and the type it names (or
 * ST_COLLECTIVE_OTHER) in *@type; FALSE when there is no such op. */
gboolean st_device_work_get_collective_site (StDeviceWork     *self,
                                             StSliceRef        device,
                                             StSliceRef       *site,
                                             StCollectiveType *type);
/* The size of the communication event @device in bytes (docs/metrics.md
 * 1.6): from its own args, else from its innermost collective host op's,
 * which is then *@op (*@has_op TRUE); 0 when unknown. */
guint64 st_device_work_read_collective_size (StDeviceWork *self,
                                             StSliceRef    device,
                                             StSliceRef   *op,
                                             gboolean     *has_op);

StEventClassifier *st_device_work_get_classifier (StDeviceWork *self);
StLaunchIndex     *st_device_work_get_launches (StDeviceWork *self);

static inline gboolean
st_work_class_is_work (guint klass)
{
  return klass == ST_CLASS_COMPUTE || klass == ST_CLASS_COMMUNICATION || klass == ST_CLASS_MEMORY;
}

static inline StCollectiveType
st_work_tag_get_collective (StWorkTag tag)
{
  return (StCollectiveType)(1u << tag.kind);
}

/* The kernel classes of docs/metrics.md 8.12: what a device's time went
 * to, by the kind of work, so that two profiles compare where no kernel
 * name matches (two vendors, two libraries). */
typedef enum
{
  ST_KERNEL_CLASS_GEMM,
  ST_KERNEL_CLASS_ATTENTION,
  ST_KERNEL_CLASS_ELEMENTWISE,
  ST_KERNEL_CLASS_REDUCE,
  ST_KERNEL_CLASS_COMMUNICATION,
  ST_KERNEL_CLASS_MEMORY,
  ST_KERNEL_CLASS_OTHER, /* compute of kind other, waits, markers */
  ST_N_KERNEL_CLASSES
} StKernelClass;

/* The class of a device event's tag; a tag of no device event is other. */
StKernelClass st_work_tag_get_kernel_class (StWorkTag tag);
/* "gemm", "attention", …: the ids of `strata-cli diff --json`. */
const char *st_kernel_class_to_string (StKernelClass klass);
/* "GEMM", "Reduce, norm, softmax", …, untranslated: pass it through _ (). */
const char *st_kernel_class_get_label (StKernelClass klass);

G_END_DECLS
