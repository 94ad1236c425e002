/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-diff-operation.h: one row of an operation diff (docs/metrics.md 8.4,
 * 8.9) as an object a table lists: an operation of one table (kernels or
 * host ops) on both sides, its name whole and in the short form a column
 * shows (st_operation_name_shorten), how its names matched, each side's
 * count, total and mean per range, and the change. The properties are what
 * the table's columns show and sort by; the table words and formats them.
 * It keeps the names it holds on each side, to find their instances on
 * each timeline: each profile's, or each picked region's. */
#pragma once

#include <gio/gio.h>

#include "st-profile-diff.h"

G_BEGIN_DECLS

#define ST_TYPE_DIFF_OPERATION (st_diff_operation_get_type ())

G_DECLARE_FINAL_TYPE (StDiffOperation, st_diff_operation, ST, DIFF_OPERATION, GObject)

/* The object of @row, its values copied: @row's diff may be freed after. */
StDiffOperation *st_diff_operation_new (const StOperationDiffRow *row);
/* The rows of @table of @diff, an StDiffOperation each, in the diff's
 * order (st_operation_diff_get_row). */
GListModel *st_operation_diff_list_rows (StOperationDiff *diff, StOperationsTable table);

const char      *st_diff_operation_get_name (StDiffOperation *self);
StOperationMatch st_diff_operation_get_match (StDiffOperation *self);
gint64           st_diff_operation_get_delta (StDiffOperation *self);
/* What the base called the row when it is normalized (NULL otherwise). */
const char *const *st_diff_operation_get_base_names (StDiffOperation *self);
/* The row's instances on @side: the slices of @trace (that side's) named
 * by one of the row's names there and overlapping [@start, @end), as
 * StEventRefs in track order. */
GArray *st_diff_operation_find_instances (StDiffOperation *self,
                                          StDiffSide       side,
                                          StTrace         *trace,
                                          gint64           start,
                                          gint64           end);

G_END_DECLS
