/* st-operation-diff-item.h: one row of the operation diff (docs/metrics.md
 * 8.4) as the Compare page's table shows it: the texts of its cells, the
 * numbers its columns sort by, and the names it holds on each side, to
 * select their instances on each profile's timeline. */
#pragma once

#include "st-profile-diff.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATION_DIFF_ITEM (st_operation_diff_item_get_type ())

G_DECLARE_FINAL_TYPE (StOperationDiffItem, st_operation_diff_item, ST, OPERATION_DIFF_ITEM, GObject)

StOperationDiffItem *st_operation_diff_item_new (const StOperationDiffRow *row);
/* The StStringIds of the row's names in that side's trace. */
GArray *st_operation_diff_item_get_ids (StOperationDiffItem *self, StDiffSide side);

G_END_DECLS
