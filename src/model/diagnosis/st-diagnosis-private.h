/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-diagnosis-private.h: what the parts of the diagnosis share while it
 * is computed: the indexes it reads, one device's states over its span,
 * and the pieces that make phases and findings. */
#pragma once

#include "st-capture.h"
#include "st-device-event.h"
#include "st-diagnosis.h"
#include "st-stream-index.h"
#include "st-time.h"

G_BEGIN_DECLS

/* A warm-up said (16.3): the first slice of its op, on its track. */
typedef struct
{
  guint      track;
  gint64     start;
  gint64     end;
  StStringId name;
  gint64     median; /* of the op's later slices */
  guint      later;  /* how many */
} StWarmUp;

/* The software a profile's advice is said for (16.3, "Advice in the
 * profile's terms"), st-advice.c. */
typedef enum
{
  ST_ADVICE_TERMS_PYTORCH,
  ST_ADVICE_TERMS_XLA,
  ST_ADVICE_TERMS_RUNTIME, /* a CUDA or HIP program, or a framework not known */
  ST_ADVICE_TERMS_NEURON,
  ST_ADVICE_TERMS_PYTORCH_COMPILED, /* PyTorch with torch.compile in use; else as PyTorch */
  ST_ADVICE_TERMS_CUDA,             /* the runtime's, its calls CUDA's; else as the runtime */
  ST_ADVICE_TERMS_HIP,              /* the runtime's, its calls HIP's; else as the runtime */
  ST_N_ADVICE_TERMS
} StAdviceTerms;

/* The advice that depends on them. */
typedef enum
{
  ST_ADVICE_SYNC_WAIT,
  ST_ADVICE_FUSE_ELEMENTWISE,
  ST_ADVICE_ATTENTION,
  ST_ADVICE_COPIES,
  ST_ADVICE_MEMSETS,
  ST_ADVICE_LAUNCH_OVERHEAD,
  ST_ADVICE_ALLOCATOR, /* a format: the allocating call's name */
  ST_ADVICE_OVERLAP,
  ST_ADVICE_FEWER_BYTES,
  ST_ADVICE_TUNE_SHAPE,
  ST_ADVICE_WARM_UP,
  ST_ADVICE_STEADY_STATE,
  ST_ADVICE_MEMORY_TIME,   /* the memory-time rule's */
  ST_ADVICE_SHORT_KERNELS, /* the short-kernels rule's */
  ST_N_ADVICE
} StAdvice;

/* The terms of @trace, found once and kept with it. */
StAdviceTerms st_advice_terms_of (StTrace *trace);
gboolean      st_advice_terms_are_pytorch (StAdviceTerms terms);
/* The overlap advice for communication mostly of @collective (an
 * StCollectiveType, 0: none known). */
const char *st_advice_overlap (StAdviceTerms terms, guint collective);
/* @advice in @terms, translated. */
const char *st_advice_get (StAdvice advice, StAdviceTerms terms);
/* What a rule hit advises in @terms: the rule table's own words (which
 * name PyTorch where a rule's fix is PyTorch's) or their equivalent. */
const char *st_advice_for_rule (const StRecommendation *r, StAdviceTerms terms);

typedef struct
{
  StTrace       *trace;
  StSummary     *summary;
  StAdviceTerms  terms;
  StDeviceWork  *work;
  StStreamIndex *streams; /* NULL in a profile without device tracks */
  StSyncCalls   *sync;
  StQueueLength *queues;
  StLaunchIndex *launches;
  StCaptures    *captures;
  GCancellable  *cancellable;
  gint64         start;
  gint64         end;
  gint64        *by_name;  /* per string id, scratch for the evidence: all 0 between uses */
  GArray        *warm_ups; /* StWarmUp, by start: made before the phases, which read them */
} StDiagnosisJob;

/* A device's state at an instant (16.1). */
enum
{
  ST_STATE_COMPUTE,
  ST_STATE_COMMUNICATION,
  ST_STATE_MEMORY,
  ST_STATE_IDLE,
};

/* What the tallies of a device's segments count: the three busy
 * states, then idle time by cause. */
#define ST_N_TALLIES (3 + ST_N_IDLE_CAUSES)

/* A maximal interval of one state; an idle one is a work gap, with its
 * cause. */
typedef struct
{
  gint64 start;
  gint64 end;
  guint8 state;
  guint8 cause;
} StSegment;

/* One device over its span. */
typedef struct
{
  guint                device;
  guint                file;
  const StDeviceEvent *events; /* the device's, by start, clipped to the range */
  guint                n_events;
  StSegment           *segments;
  guint                n_segments;
  gint64               span_start;
  gint64               span_end;
  guint                cursor; /* where st_device_states_next_event () last looked */
} StDeviceStates;

/* st-phases.c */
gboolean st_device_states_init (StDeviceStates      *states,
                                StDiagnosisJob      *job,
                                guint                device,
                                const StDeviceEvent *events,
                                guint                n_events);
void     st_device_states_clear (StDeviceStates *states);
/* The work event that opens the gap ending at @t1 (16.1's next event) and
 * its launch call; FALSE when no work event starts there. Asked in time
 * order, it walks on from where it looked last. */
gboolean st_device_states_next_event (StDiagnosisJob *job,
                                      StDeviceStates *states,
                                      gint64          t1,
                                      StSliceRef     *event,
                                      StSliceRef     *launch);
/* Appends the device's phases (kinds and bounds, 16.2) to @phases. */
void st_phases_cut (StDiagnosisJob *job, const StDeviceStates *states, GArray *phases);

/* st-phase-evidence.c: fills the evidence of @phases[from…]. */
void
st_phases_fill_evidence (StDiagnosisJob *job, StDeviceStates *states, GArray *phases, guint from);

/* st-findings.c */
void st_findings_from_phases (StDiagnosisJob *job, GArray *phases, GPtrArray *findings);
/* st-findings-summary.c: the findings of 16.3 that read the summary; last the warm-ups, made
 * before by st_findings_warm_ups () (they read the slices only), moved
 * from @warm_ups. */
void st_findings_from_summary (StDiagnosisJob *job,
                               GArray         *phases,
                               GPtrArray      *warm_ups,
                               GPtrArray      *findings);
/* st-findings-warm-ups.c: the warm-ups, found before the phases; also
 * notes each warm-up said in job->warm_ups. */
void st_findings_warm_ups (StDiagnosisJob *job, GPtrArray *warm_ups);
/* Takes @warm_ups' findings: those a warm-up phase does not say, one
 * finding however many, its advice given once. */
void st_findings_warm_ups_join (StDiagnosisJob *job,
                                GArray         *phases,
                                GPtrArray      *warm_ups,
                                GPtrArray      *findings);
/* The warm-up of @job on @track whose first slice holds @t, or NULL. */
const StWarmUp *st_diagnosis_warm_up_at (StDiagnosisJob *job, guint track, gint64 t);
/* st-findings-kernels.c: a shape slower than its peers, a memory-bound
 * kernel class (13.6). */
void st_findings_from_flops (StDiagnosisJob *job, GPtrArray *findings);
/* The least time at stake a finding is shown with (16.3: 1 % of the
 * range and 1 µs). */
gint64 st_findings_shown_floor (StDiagnosisJob *job);
/* Orders @findings as 16.3 does; returns how many are shown. */
guint      st_findings_rank (StDiagnosisJob *job, GArray *phases, GPtrArray *findings);
StFinding *st_finding_new (StFindingKind kind, const char *id, gint64 at_stake);
void       st_finding_free (StFinding *finding);

/* The mean span of the devices that count: what a time at stake is set
 * against. */
gint64 st_diagnosis_mean_span (StDiagnosisJob *job);
/* How many devices count for the range (2). */
guint st_diagnosis_n_devices (StDiagnosisJob *job);

G_END_DECLS
