/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-totals.h: per operation name, the count and total time of
 * the operations tables (docs/metrics.md 4) summed over one or more
 * ranges of one trace (a profile's steps, or one range), and how many
 * ranges were added, so a comparison divides them into per-range means
 * (8.1). The steps' own slices are left out: they are the steps (8.4). */
#pragma once

#include "st-summary.h"

G_BEGIN_DECLS

typedef struct
{
  StStringId name;     /* a string of the trace */
  guint64    count;    /* slices of that name overlapping the ranges */
  gint64     total_ns; /* their durations clipped to each range, summed */
  gint64     self_ns;  /* of that, not in the slices one level deeper (docs/metrics.md 4) */
} StOperationTotal;

typedef struct _StOperationTotals StOperationTotals;

/* Empty totals of @trace (held with a reference). */
StOperationTotals *st_operation_totals_new (StTrace *trace);
void               st_operation_totals_free (StOperationTotals *self);

/* Adds the per-name rows of both tables of @summary, a summary of the
 * trace's, as one more range. */
void st_operation_totals_add (StOperationTotals *self, StSummary *summary);

StTrace *st_operation_totals_get_trace (StOperationTotals *self);
/* The ranges added so far. */
guint st_operation_totals_get_n_ranges (StOperationTotals *self);
/* The StOperationTotal of @table, one per name, by name id. */
GArray *st_operation_totals_get (StOperationTotals *self, StOperationsTable table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StOperationTotals, st_operation_totals_free)

G_END_DECLS
