/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-event-class.h: what a slice's category and name say, as the tables of
 * docs/metrics.md (sections 1.1 to 1.5) define it: whether it is a device
 * event and of which kind, a host launch call, a Python frame; whether its
 * name is a communication kernel's, a wait's, a collective host op's, and
 * which compute kind it names. What a device event is once its launch is
 * known (rule 5) is StDeviceWork's.
 *
 * A classifier caches the answer per string, so asking for every slice of
 * a 10 M-event trace costs a table look-up each. It may be shared between
 * threads: each cache entry is written atomically with the value any thread
 * would compute alike. It does not hold the trace, which must outlive it
 * (so it can be kept with the trace).
 */
#pragma once

#include "st-collective.h"
#include "st-trace.h"

G_BEGIN_DECLS

/* What a slice's category says. */
typedef enum
{
  ST_WORK_OTHER,
  ST_WORK_KERNEL,    /* a device event of kind kernel, instruction or MTIA (see below) */
  ST_WORK_MEMCPY,    /* copy: gpu_memcpy, Memcpy, Neuron dma and cc_dma, rocprofv3 memory_copy */
  ST_WORK_MEMSET,    /* set: gpu_memset, Memset */
  ST_WORK_LAUNCH,    /* cuda_runtime, cuda_driver, Runtime, mtia_runtime, hip_api, hsa_api: the host
                      * side of a launch */
  ST_WORK_PYTHON,    /* python_function: a Python stack frame */
  ST_WORK_OP,        /* cpu_op, Operator: a framework op of the host */
  ST_WORK_COMM_CALL, /* rccl_api: a call of the communication library (1.4) */
} StWorkKind;

/* The device event kinds of docs/metrics.md 1.1. */
typedef enum
{
  ST_DEVICE_EVENT_NONE,
  ST_DEVICE_EVENT_KERNEL,
  ST_DEVICE_EVENT_COPY,
  ST_DEVICE_EVENT_SET,
  ST_DEVICE_EVENT_MTIA,        /* mtia_ccp_events: classified by name */
  ST_DEVICE_EVENT_INSTRUCTION, /* a Neuron engine instruction */
  ST_DEVICE_EVENT_TRANSFER,    /* a Neuron DMA transfer */
  ST_DEVICE_EVENT_CC_TRANSFER, /* a Neuron collective DMA transfer */
} StDeviceEventKind;

/* What a name says (docs/metrics.md 1.2 to 1.5), as flags. */
typedef enum
{
  ST_NAME_COMM_KERNEL = 1 << 0,       /* a communication kernel name (1.3) */
  ST_NAME_NEURON_COLLECTIVE = 1 << 1, /* a Neuron collective instruction (1.2 rule 1) */
  ST_NAME_WAIT = 1 << 2,              /* semaphore, wait, barrier (rule 3) */
  ST_NAME_RECORD = 1 << 3,            /* an MTIA marker (rule 4) */
  ST_NAME_DMA = 1 << 4,               /* an MTIA transfer (rule 6) */
  ST_NAME_HOST_COLLECTIVE = 1 << 5,   /* a collective host op by its prefix or name (1.4) */
  ST_NAME_MOE = 1 << 6,               /* MoE dispatch / combine: an all-to-all */
  ST_NAME_COLLECTIVE_WORD = 1 << 7,   /* names a collective: a collective host op if an op (1.4) */
} StNameFlags;

/* The compute kinds of 1.5. */
typedef enum
{
  ST_COMPUTE_GEMM,
  ST_COMPUTE_ATTENTION,
  ST_COMPUTE_ELEMENTWISE,
  ST_COMPUTE_REDUCE,
  ST_COMPUTE_OTHER,
} StComputeKind;

#define ST_N_COMPUTE_KINDS 5

typedef struct _StEventClassifier StEventClassifier;

StEventClassifier *st_event_classifier_new (StTrace *trace);
void               st_event_classifier_free (StEventClassifier *self);

StWorkKind        st_event_classifier_work (StEventClassifier *self, const StSlice *slice);
StDeviceEventKind st_event_classifier_device_kind (StEventClassifier *self, const StSlice *slice);
/* A kernel, instruction or MTIA event: not a copy, set or transfer. */
gboolean st_event_classifier_is_kernel (StEventClassifier *self, const StSlice *slice);
/* StNameFlags of @name. */
guint st_event_classifier_name_flags (StEventClassifier *self, StStringId name);
/* The collective type @name names (1.6), ST_COLLECTIVE_OTHER when none. */
StCollectiveType st_event_classifier_collective (StEventClassifier *self, StStringId name);
StComputeKind    st_event_classifier_compute_kind (StEventClassifier *self, StStringId name);
/* A host slice that is a collective host op (1.4). */
gboolean st_event_classifier_is_host_collective (StEventClassifier *self, const StSlice *slice);

/* "GEMM", "Attention"…, untranslated: pass it through _ (). */
const char *st_compute_kind_get_label (StComputeKind kind);

/* The names of the synchronisation calls (docs/metrics.md 10.2), and
 * whether @name is one. */
const char *const *st_synchronisation_call_names (guint *n_names);
gboolean           st_is_synchronisation_call (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StEventClassifier, st_event_classifier_free)

G_END_DECLS
