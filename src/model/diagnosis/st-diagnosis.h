/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-diagnosis.h: what bounds the device in each phase of a range, and the
 * findings ranked by the time their fix could recover (docs/metrics.md 16).
 *
 * A diagnosis reads a summary of the same range (its devices, ranks, rule
 * hits and operations) and the indexes kept with the trace (the device
 * work, the streams' gaps and queues, the synchronisation calls). The
 * Summary page, strata-cli and later features read it; nothing here knows
 * of a display. Runs on any thread.
 */
#pragma once

#include "st-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ST_PHASE_DEVICE_BOUND,
  ST_PHASE_HOST_BOUND,
  ST_PHASE_SYNC_WAIT,
  ST_PHASE_COMMUNICATION_BOUND,
  ST_PHASE_GRAPH_CAPTURE,
  ST_PHASE_IDLE,
  ST_PHASE_WARM_UP, /* the host inside an operation's first, slow call */
  ST_N_PHASE_KINDS
} StPhaseKind;

/* Why a device idled in a work gap (16.1). */
typedef enum
{
  ST_IDLE_HOST,
  ST_IDLE_SYNC,
  ST_IDLE_UNEXPLAINED,
  ST_IDLE_TRAIL,
  ST_IDLE_WARM_UP,
  ST_N_IDLE_CAUSES
} StIdleCause;

/* One phase of one device, with its evidence (16.2). */
typedef struct
{
  StPhaseKind kind;
  guint       device; /* in the trace's StDeviceWork */
  gint64      start;
  gint64      end;
  gint64      compute_ns;       /* a compute event runs */
  gint64      communication_ns; /* communication, no compute */
  gint64      memory_ns;        /* a copy or set alone */
  gint64      idle_ns[ST_N_IDLE_CAUSES];
  guint       gaps;            /* work gaps that open in it */
  guint       host_gaps;       /* of those, host gaps */
  gint64      host_gap_p50_ns; /* their median length */
  guint       launches;        /* device events with a launch call starting in it */
  gint64      delay_p50_ns;
  gboolean    has_queue;
  guint       queue_max;
  const char *top_class; /* "GEMM", "attention", …, "communication", "copy", "set"; NULL: no work */
  double      top_class_percent; /* of the work time in it */
  StStringId top_event;          /* ST_STRING_NONE: no work */
  gint64     top_event_ns;       /* its work time in the phase */
  guint      top_collective; /* the StCollectiveType with the most communication time; 0: none */
  StStringId
      host_op; /* host-bound: the host op in its longest host gap; warm-up: the warm-up's op */
  StStringId sync_call;  /* sync wait: the call that blocked the host in its longest gap */
  StStringId host_scope; /* what encloses either below the step, or ST_STRING_NONE */
  gint64     gap_start;  /* its longest gap of its own cause, or the phase */
  gint64     gap_end;
  gboolean   in_launch; /* host-bound: the host op is inside the next work's launch call */
  gboolean   in_graph;  /* idle: the work ending its longest gap was a graph's, queued */
} StPhase;

typedef enum
{
  ST_FINDING_DEVICE_BOUND,
  ST_FINDING_HOST_BOUND,
  ST_FINDING_SYNC_WAIT,
  ST_FINDING_COMMUNICATION_BOUND,
  ST_FINDING_GRAPH_CAPTURE,
  ST_FINDING_IDLE,
  ST_FINDING_STRAGGLER,
  ST_FINDING_COLLECTIVE_OUTLIER,
  ST_FINDING_MEMORY_TIME,
  ST_FINDING_ONE_BUSY_STREAM,
  ST_FINDING_WARM_UP,
  ST_FINDING_NO_DEVICE_WORK,
  ST_FINDING_COUNTER_COLLECTION, /* kernels timed by the CUPTI range profiler (docs/metrics.md 16.3)
                                  */
  ST_FINDING_SLOW_SHAPE,         /* a shape slower than its peers (docs/metrics.md 16.3) */
  ST_FINDING_MEMORY_BOUND,       /* a kernel class held by memory bandwidth */
  ST_FINDING_RULE, /* a rule of the Neuron table (docs/metrics.md 6), as the summary fired it */
} StFindingKind;

typedef struct
{
  StFindingKind kind;
  const char   *id;     /* "device-bound", …, or the Neuron rule's id */
  const char   *title;  /* what the text opens with: "Host-bound", "Straggler", …; or NULL */
  char         *text;   /* the finding in numbers */
  char         *action; /* what a fix would be, or NULL where none applies */
  gint64        time_at_stake_ns;
  gint64        start_ns; /* the place */
  gint64        end_ns;
  GPtrArray    *operations; /* char *: the names it hinges on */
} StFinding;

typedef struct _StDiagnosis StDiagnosis;

/* The diagnosis of @summary's range; NULL with @error when @cancellable
 * was cancelled. */
StDiagnosis *st_diagnosis_compute (StTrace      *trace,
                                   StSummary    *summary,
                                   GCancellable *cancellable,
                                   GError      **error);
/* The same in two steps: the phases of @summary's devices (16.2), which
 * read its devices only, so they may be cut before its FLOP rates are
 * added (ST_SUMMARY_LATER_FLOP_RATES); then, with them, the findings
 * (16.3). FALSE or NULL with @error when @cancellable was cancelled. */
StDiagnosis *
st_diagnosis_cut (StTrace *trace, StSummary *summary, GCancellable *cancellable, GError **error);
gboolean st_diagnosis_find (StDiagnosis  *self,
                            StTrace      *trace,
                            StSummary    *summary,
                            GCancellable *cancellable,
                            GError      **error);
void     st_diagnosis_free (StDiagnosis *self);

/* Every device's phases, device by device (in the summary's order), each
 * device's by start. */
guint          st_diagnosis_get_n_phases (StDiagnosis *self);
const StPhase *st_diagnosis_get_phase (StDiagnosis *self, guint index);
/* Every finding, in the order of 16.3: the bound first, then by time at
 * stake. */
guint            st_diagnosis_get_n_findings (StDiagnosis *self);
const StFinding *st_diagnosis_get_finding (StDiagnosis *self, guint index);
/* How many of the first findings are shown (16.3: at most four, each
 * worth 1 % of the mean span and 1 µs). */
guint st_diagnosis_get_n_shown (StDiagnosis *self);

const char *st_phase_kind_to_string (StPhaseKind kind);
/* "Device-bound", "Host-bound", …: a phase's kind as people read it. */
const char *st_phase_kind_get_title (StPhaseKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StDiagnosis, st_diagnosis_free)

G_END_DECLS
