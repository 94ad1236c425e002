/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-diff-private.h: what the parts of a profile comparison share
 * while it is made: each side's sums over its ranges, and the result. */
#pragma once

#include "st-profile-diff.h"

G_BEGIN_DECLS

/* A metric's values over one side's ranges. */
typedef struct
{
  const char  *id; /* the key of the side's metric table */
  char        *title;
  StMetricUnit unit;
  double       sum; /* of the values present */
  guint        n;   /* the ranges where it is present */
  double       min;
  double       max;
  StTimeSpan   min_range; /* the range where it is smallest */
  StTimeSpan   max_range; /* the range where it is largest */
} StDiffMetricSum;

typedef struct
{
  StTrace             *trace;
  GArray              *steps;     /* StTimeSpan: the side's steps in its range */
  GArray              *ranges;    /* StTimeSpan: the steps, or the one range compared */
  GArray              *metrics;   /* StDiffMetricSum, in the order first seen */
  GHashTable          *metric_at; /* id → index + 1 in metrics */
  double               breakdown[ST_N_BREAKDOWN_PARTS]; /* sums of the per-range device means */
  guint                n_breakdown;                     /* ranges with device work */
  double               class_ns[ST_N_KERNEL_CLASSES];   /* sums of the per-range device means */
  double               class_count[ST_N_KERNEL_CLASSES];
  StEnvironment       *environment;
  guint64              collective_count[ST_N_COLLECTIVE_TYPES];
  gint64               collective_ns[ST_N_COLLECTIVE_TYPES];
  StCollectiveInstance longest[ST_N_COLLECTIVE_TYPES]; /* dur 0: none */
  StOperationTotals   *totals;
} StDiffSideSums;

struct _StProfileDiff
{
  StDiffSideSums   side[ST_N_DIFF_SIDES];
  StDiffScope      scope;
  GPtrArray       *notes;   /* char* */
  GArray          *metrics; /* StMetricDiff */
  StBreakdown      breakdown[ST_N_DIFF_SIDES];
  StOperationDiff *operations;
  GArray          *collectives;             /* StCollectiveDiff */
  GArray          *environment_differences; /* StEnvironmentDifference */
  char            *warning;
  GArray          *classes; /* StClassDiff */
  StStepTimes      step_times[ST_N_DIFF_SIDES];
  GArray          *findings; /* StDiffFinding */
};

/* The per-range mean of the sum @total, rounded to the nearest ns. */
gint64 st_profile_diff_mean (gint64 total, guint n);

/* The mean length of the base's ranges: its step time, or its span. */
gint64 st_profile_diff_base_step_time (StProfileDiff *self);

void st_profile_diff_make_metrics (StProfileDiff *self);
void st_profile_diff_make_findings (StProfileDiff *self);

G_END_DECLS
