/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-diff.h: two profiles compared (docs/metrics.md 8): a base
 * (before a change) and a new profile (after it), every difference new
 * minus base. Per step when both have steps and the scope allows it
 * (st-profile-steps.h: each side's numbers are means over its steps, so
 * profiles of different length compare fairly), else the whole profiles
 * or a range of each. What it holds:
 *
 *   - the metrics of 2 side by side with delta, delta percent and whether
 *     the change is better (8.2), in the Summary's order;
 *   - where the step time went on each side (8.3): compute, exposed
 *     communication, exposed memory and idle, adding up to the step time;
 *   - the operations of both tables matched by name (8.4,
 *     st-operation-diff.h);
 *   - the collectives per type (8.5);
 *   - what each side ran on and how that differs (8.11,
 *     st-environment-diff.h), with the sentence said first when the
 *     hardware differs;
 *   - the device time per kernel class (8.12), which compares where no
 *     kernel name matches;
 *   - each side's step times: their spread beside the mean (8.13);
 *   - up to six findings of what got worse (8.6), each with its place in
 *     the new profile;
 *   - each side's number of steps and the notes (8.1, 8.7): sentences on
 *     what could not be compared.
 *
 * The two traces may be the same trace (two ranges of one profile). No
 * GTK; computed on any thread, one summary (st-summary.h) per step per
 * side. */
#pragma once

#include "st-environment-diff.h"
#include "st-operation-diff.h"

G_BEGIN_DECLS

typedef enum
{
  ST_DIFF_BASE,
  ST_DIFF_NEW,
  ST_N_DIFF_SIDES
} StDiffSide;

typedef enum
{
  ST_DIFF_SCOPE_AUTO,  /* per step when both profiles have steps, else whole */
  ST_DIFF_SCOPE_WHOLE, /* the whole profiles, or the range of each side */
  ST_DIFF_SCOPE_STEPS, /* per step; whole, with a note, when a profile has none */
} StDiffScope;

typedef struct
{
  StDiffScope scope;
  /* When has_range: only [start, end) of that side's trace (trace ns,
   * as st_summary_compute), and in step scope only the steps inside it. */
  gboolean has_range[ST_N_DIFF_SIDES];
  gint64   start[ST_N_DIFF_SIDES];
  gint64   end[ST_N_DIFF_SIDES];
} StProfileDiffOptions;

/* Whether a change is an improvement (8.2). */
typedef enum
{
  ST_DIFF_UNJUDGED, /* delta 0, a value absent, or the metric has no better way */
  ST_DIFF_BETTER,
  ST_DIFF_WORSE,
} StDiffJudgement;

typedef struct
{
  char           *id;    /* "device_busy_percent", or the profile's own name */
  char           *title; /* "Device busy" */
  StMetricUnit    unit;
  gboolean        present[ST_N_DIFF_SIDES]; /* FALSE: not in that profile */
  double          value[ST_N_DIFF_SIDES];   /* per step: the mean over the steps where present */
  gboolean        has_delta;                /* both present */
  double          delta;
  gboolean        has_delta_percent; /* both present and base ≠ 0 */
  double          delta_percent;     /* 100 × delta / |base| */
  StDiffJudgement judgement;
} StMetricDiff;

typedef enum
{
  ST_BREAKDOWN_STEP_TIME, /* the mean span of the steps (ranges) with device work */
  ST_BREAKDOWN_COMPUTE,
  ST_BREAKDOWN_EXPOSED_COMMUNICATION,
  ST_BREAKDOWN_EXPOSED_MEMORY,
  ST_BREAKDOWN_IDLE,                /* 2's idle: between the device's first work and its last */
  ST_BREAKDOWN_OUTSIDE_DEVICE_WORK, /* before the device's first work and after its last */
  ST_N_BREAKDOWN_PARTS
} StBreakdownPart;

/* One side's breakdown (8.3): the five parts add up to the step time, to
 * within 1 ns per part. */
typedef struct
{
  gboolean present; /* FALSE: the side has no device work in its ranges */
  gint64   ns[ST_N_BREAKDOWN_PARTS];
} StBreakdown;

typedef struct
{
  StCollectiveType type;
  double           count[ST_N_DIFF_SIDES];    /* instances (3.1) per step */
  gint64           total_ns[ST_N_DIFF_SIDES]; /* their own durations summed, per step */
  gint64           delta_ns;
  gboolean         has_delta_percent; /* base total ≠ 0 */
  double           delta_percent;
} StCollectiveDiff;

/* One kernel class on both sides (8.12), per step in step scope. */
typedef struct
{
  StKernelClass klass;
  double        count[ST_N_DIFF_SIDES]; /* its events, the mean per device */
  gint64        ns[ST_N_DIFF_SIDES];    /* their durations summed, the mean per device */
  gint64        delta_ns;
  gboolean      has_ratio; /* the base has time in it */
  double        ratio;     /* new / base */
} StClassDiff;

/* The lengths of one side's ranges (8.13): its steps, or its one range. */
typedef struct
{
  guint  count;
  gint64 min_ns;
  gint64 median_ns; /* even count: the mean of the two middle ones, rounded down */
  gint64 max_ns;
  gint64 mean_ns; /* rounded to the nearest ns */
} StStepTimes;

typedef enum
{
  ST_DIFF_FINDING_COLLECTIVE,
  ST_DIFF_FINDING_OPERATION,
  ST_DIFF_FINDING_METRIC,
  ST_DIFF_FINDING_SETUP, /* the environments differ in hardware or setup (8.11) */
  ST_DIFF_FINDING_CLASS, /* a kernel class grew */
} StDiffFindingKind;

/* What got worse (8.6) and where to look in the new profile. */
typedef struct
{
  StDiffFindingKind kind;
  char             *text;     /* "AllReduce +12.4 ms per step (1.38×)" */
  gint64            start_ns; /* the place in the new trace (trace ns) */
  gint64            end_ns;
  gboolean          has_slice; /* an operation's or collective type's longest instance */
  StSliceRef        slice;     /* that instance, in the new trace */
  guint             row; /* the index of its StOperationDiffRow, StCollectiveDiff, StMetricDiff or
                              StClassDiff */
} StDiffFinding;

typedef struct _StProfileDiff StProfileDiff;

/* Compares @base with @new_ (may be the same trace) as @options say (NULL:
 * scope auto, whole traces). NULL with @error set when @cancellable was
 * cancelled. Runs on any thread. */
StProfileDiff *st_profile_diff_compute (StTrace                    *base,
                                        StTrace                    *new_,
                                        const StProfileDiffOptions *options,
                                        GCancellable               *cancellable,
                                        GError                    **error);
void           st_profile_diff_free (StProfileDiff *self);

StTrace *st_profile_diff_get_trace (StProfileDiff *self, StDiffSide side);
/* ST_DIFF_SCOPE_WHOLE or ST_DIFF_SCOPE_STEPS: what was compared. */
StDiffScope st_profile_diff_get_scope (StProfileDiff *self);
/* The number of steps of that side in its range, whatever the scope. */
guint st_profile_diff_get_n_steps (StProfileDiff *self, StDiffSide side);
/* The steps of that side (StTimeSpan, trace ns, by start). */
GArray *st_profile_diff_get_steps (StProfileDiff *self, StDiffSide side);
/* The range of that side that was compared: the whole trace, its range,
 * or from its first step's start to its last step's end. */
void st_profile_diff_get_range (StProfileDiff *self, StDiffSide side, gint64 *start, gint64 *end);
/* Sentences on what could not be compared (8.1, 8.7). */
GPtrArray *st_profile_diff_get_notes (StProfileDiff *self);

guint               st_profile_diff_get_n_metrics (StProfileDiff *self);
const StMetricDiff *st_profile_diff_get_metric (StProfileDiff *self, guint index);
const StMetricDiff *st_profile_diff_lookup_metric (StProfileDiff *self, const char *id);

const StBreakdown *st_profile_diff_get_breakdown (StProfileDiff *self, StDiffSide side);

StOperationDiff *st_profile_diff_get_operations (StProfileDiff *self);

/* Per collective type present on either side, in the order of the types
 * (AllReduce, AllGather, …). */
guint                   st_profile_diff_get_n_collectives (StProfileDiff *self);
const StCollectiveDiff *st_profile_diff_get_collective (StProfileDiff *self, guint index);

/* What each side ran on (8.11). */
const StEnvironment *st_profile_diff_get_environment (StProfileDiff *self, StDiffSide side);
/* StEnvironmentDifference, in the order of the fields. */
GArray *st_profile_diff_get_environment_differences (StProfileDiff *self);
/* The sentence said first when the hardware differs; NULL when it does not. */
const char *st_profile_diff_get_warning (StProfileDiff *self);

/* Per kernel class with time on either side, in the order of the classes. */
guint              st_profile_diff_get_n_classes (StProfileDiff *self);
const StClassDiff *st_profile_diff_get_class (StProfileDiff *self, guint index);

const StStepTimes *st_profile_diff_get_step_times (StProfileDiff *self, StDiffSide side);

/* At most six, in the tiers of 8.6: setup, device time, host time,
 * metrics. */
guint                st_profile_diff_get_n_findings (StProfileDiff *self);
const StDiffFinding *st_profile_diff_get_finding (StProfileDiff *self, guint index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StProfileDiff, st_profile_diff_free)

G_END_DECLS
