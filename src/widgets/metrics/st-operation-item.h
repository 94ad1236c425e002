/* st-operation-item.h: one row of the Summary page's Operations table as
 * the column view sees it: the events of one name (or of one name on one
 * track) in the chosen range, counted and timed. */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"
#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATION_ITEM (st_operation_item_get_type ())

G_DECLARE_FINAL_TYPE (StOperationItem, st_operation_item, ST, OPERATION_ITEM, GObject)

/* A GListModel of StOperationItem, one per StOperationRow of @rows. */
GListModel *st_operation_item_new_model (StTrace *trace, GArray *rows);

G_END_DECLS
