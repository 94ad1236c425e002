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
const char *st_operation_item_get_name (StOperationItem *self);
const char *st_operation_item_get_track (StOperationItem *self);
guint       st_operation_item_get_count (StOperationItem *self);
gint64      st_operation_item_get_total (StOperationItem *self);
double      st_operation_item_get_share (StOperationItem *self);

G_END_DECLS
