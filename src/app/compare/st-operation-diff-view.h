/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-diff-view.h: the table of an operation diff
 * (docs/metrics.md 8.4, 8.9): a row per operation of one table, kernels or
 * host ops as its "table" property says ("kernels" or "host"), with how
 * its names matched, the base's and the new side's count, total and
 * mean, Δ total and Δ %; the largest regressions first, every column
 * sortable. The Compare page shows a profile against its baseline in it,
 * the Summary two picked regions.
 *
 * Selecting a row emits "operation-selected" with its StDiffOperation
 * (NULL when none is selected); Return or a double click on it
 * "operation-activated". Its scrolled window's content heights are
 * properties, as a GtkScrolledWindow's. */
#pragma once

#include <gtk/gtk.h>

#include "st-diff-operation.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATION_DIFF_VIEW (st_operation_diff_view_get_type ())

G_DECLARE_FINAL_TYPE (StOperationDiffView,
                      st_operation_diff_view,
                      ST,
                      OPERATION_DIFF_VIEW,
                      GtkWidget)

GtkWidget *st_operation_diff_view_new (void);
/* Shows the rows of @diff (NULL: none), read now, so @diff may be freed
 * after. @base_name and @new_name name the two sides in the rows'
 * tooltips ("the baseline", "“ProfilerStep#3”"). */
void st_operation_diff_view_set_diff (StOperationDiffView *self,
                                      StOperationDiff     *diff,
                                      const char          *base_name,
                                      const char          *new_name);
/* The selected row, or NULL. */
StDiffOperation *st_operation_diff_view_get_selected (StOperationDiffView *self);
/* The rows of the table shown, in the order shown (a GtkSelectionModel of
 * StDiffOperation). */
GListModel *st_operation_diff_view_get_rows (StOperationDiffView *self);

G_END_DECLS
