/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-rules.h: the recommendation rules as data. A rule fires when
 * its clauses hold on the metric set (all of them, or any with `any`); a
 * clause compares a metric (optionally divided by another, and scaled) with
 * a threshold or with another metric. A clause on a metric the profile
 * lacks does not hold. */
#pragma once

#include "st-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ST_RULE_GPU = 1 << 0,    /* traces with GPU kernels (Chrome / Kineto) */
  ST_RULE_NEURON = 1 << 1, /* Neuron device profiles: the seed's rule table */
} StRuleFamily;

typedef enum
{
  ST_RULE_LT,
  ST_RULE_GT,
  ST_RULE_GE,
} StRuleCmp;

typedef enum
{
  ST_RULE_SPOT_RANGE,            /* the whole range */
  ST_RULE_SPOT_LONGEST_GAP,      /* the longest idle gap of the device */
  ST_RULE_SPOT_WORST_COLLECTIVE, /* the slowest collective against its group */
} StRuleSpot;

typedef struct
{
  const char  *metric;
  const char  *per;   /* divide by this metric first, or NULL */
  double       scale; /* then multiply (0: 1) */
  StRuleCmp    cmp;
  double       threshold;
  const char  *against; /* compare with this metric instead of the threshold */
  const char  *label;   /* "Device busy": how `measured` names it */
  StMetricUnit unit;    /* how `measured` writes the value */
} StRuleClause;

typedef struct
{
  const char  *id;
  guint        families; /* StRuleFamily */
  gboolean     any;      /* fires when any clause holds, not all */
  StRuleClause clauses[3];
  const char  *cause;
  const char  *action;
  /* When this clause holds too, the cause and action are these. */
  StRuleClause variant;
  const char  *variant_cause;
  const char  *variant_action;
  double       weight; /* severity: weight × (1 + how far past the threshold, at most 1) */
  StRuleSpot   spot;
  const char  *ranks_cause; /* the cause in a profile of several files (ranks), or NULL */
} StRule;

const StRule *st_summary_rules_get (guint *n_rules);
const StRule *st_summary_rules_lookup (const char *id);
/* Evaluates @rule on @summary; fills @out (measured, cause, action,
 * severity; start and end are the range) when it fires. */
gboolean st_summary_rule_evaluate (const StRule *rule, StSummary *summary, StRecommendation *out);

G_END_DECLS
