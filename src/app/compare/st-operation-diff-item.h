/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-diff-item.h: one row of the operation diff (docs/metrics.md
 * 8.4, 8.9) as a table shows it (st-operation-diff-view.h): the texts of
 * its cells, the numbers its columns sort by, and the names it holds on
 * each side, to select their instances on the timeline: each profile's,
 * or each picked region's. */
#pragma once

#include "st-profile-diff.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATION_DIFF_ITEM (st_operation_diff_item_get_type ())

G_DECLARE_FINAL_TYPE (StOperationDiffItem, st_operation_diff_item, ST, OPERATION_DIFF_ITEM, GObject)

/* @base_name and @new_name name the sides in what the tooltips say of the
 * match ("Only in the baseline"). */
StOperationDiffItem *st_operation_diff_item_new (const StOperationDiffRow *row,
                                                 const char               *base_name,
                                                 const char               *new_name);
/* The StStringIds of the row's names in that side's trace. */
GArray *st_operation_diff_item_get_ids (StOperationDiffItem *self, StDiffSide side);
/* The row's instances on @side: the slices of @trace (that side's) named
 * by one of its names there and overlapping [@start, @end), as
 * StEventRefs in track order. */
GArray *st_operation_diff_item_find_instances (StOperationDiffItem *self,
                                               StDiffSide           side,
                                               StTrace             *trace,
                                               gint64               start,
                                               gint64               end);

G_END_DECLS
