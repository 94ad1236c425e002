/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-diff.h: the operations of two sets of totals side by side
 * (docs/metrics.md 8.4): per name, in each table (kernels and host ops
 * apart), base and new count and total as per-range means, the delta and
 * how the names were matched: the same name (exact), else the same normal
 * form (st-name-normal-form.h: normalized), else only in the new totals
 * (added) or only in the base (removed).
 *
 * The two totals may be of two traces or of the same trace (two regions
 * of one profile). Every difference is new minus base. */
#pragma once

#include "st-operation-totals.h"

G_BEGIN_DECLS

typedef enum
{
  ST_OPERATION_MATCH_EXACT,
  ST_OPERATION_MATCH_NORMALIZED,
  ST_OPERATION_MATCH_ADDED,   /* only in the new totals */
  ST_OPERATION_MATCH_REMOVED, /* only in the base */
} StOperationMatch;

typedef struct
{
  char             *name;  /* the new side's name with the largest total (removed: the base's) */
  StOperationsTable table; /* ST_OPERATIONS_KERNELS or ST_OPERATIONS_HOST */
  StOperationMatch  match;
  double            base_count;    /* per range: the sum over the ranges / their number */
  gint64            base_total_ns; /* per range, rounded to the nearest ns */
  gint64            base_mean_ns;  /* base_total_ns / base_count; 0 when the count is 0 */
  double            new_count;
  gint64            new_total_ns;
  gint64            new_mean_ns;
  gint64            base_self_ns; /* per range: their self time (docs/metrics.md 4) */
  gint64            new_self_ns;
  gint64            delta_self_ns;     /* new_self_ns − base_self_ns */
  gint64            delta_ns;          /* new_total_ns − base_total_ns */
  gboolean          has_delta_percent; /* FALSE when base_total_ns is 0 (an added row) */
  double            delta_percent;     /* 100 × delta_ns / base_total_ns */
  /* The names the row holds on each side, as StStringIds of that side's
   * trace (empty on the side that lacks it), to find their instances on
   * each timeline. One id unless the row is normalized. */
  GArray *base_ids;
  GArray *new_ids;
  /* The base's names, when normalized (NULL otherwise): the row's name is
   * the new profile's, these are what the base called it. */
  GPtrArray *base_names;
} StOperationDiffRow;

typedef struct _StOperationDiff StOperationDiff;

/* Matches the names of @base and @new_ (their traces may be the same). */
StOperationDiff *st_operation_diff_new (StOperationTotals *base, StOperationTotals *new_);
/* Two picked regions of one profile (docs/metrics.md 8.9): the operations
 * of the ranges of @base and @new_, two summaries of @trace, one range a
 * side, so a row's counts and totals are each region's own. */
StOperationDiff *st_operation_diff_new_between (StTrace *trace, StSummary *base, StSummary *new_);
void             st_operation_diff_free (StOperationDiff *self);

/* The rows, by |delta_ns| (largest first), then kernels before host ops,
 * then by name: the order of `strata-cli diff --json`. */
guint                     st_operation_diff_get_n_rows (StOperationDiff *self);
const StOperationDiffRow *st_operation_diff_get_row (StOperationDiff *self, guint index);
/* How many rows matched (exact or normalized): 0 when the two share no
 * operation. */
guint st_operation_diff_get_n_matched (StOperationDiff *self);

const char *st_operation_match_to_string (StOperationMatch match); /* "exact", … */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StOperationDiff, st_operation_diff_free)

G_END_DECLS
