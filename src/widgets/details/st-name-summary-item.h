/* st-name-summary-item.h: the selected events of one name, summed: the
 * rows of the details pane when several events are selected. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_NAME_SUMMARY_ITEM (st_name_summary_item_get_type ())

G_DECLARE_FINAL_TYPE (StNameSummaryItem, st_name_summary_item, ST, NAME_SUMMARY_ITEM, GObject)

GListModel *st_name_summary_item_new_model (StTrace *trace, GArray *selection, gint64 *span);
const char *st_name_summary_item_get_name (StNameSummaryItem *self);
guint       st_name_summary_item_get_count (StNameSummaryItem *self);
gint64      st_name_summary_item_get_total (StNameSummaryItem *self);
gint64      st_name_summary_item_get_self (StNameSummaryItem *self);
gint64      st_name_summary_item_get_min (StNameSummaryItem *self);
gint64      st_name_summary_item_get_max (StNameSummaryItem *self);
double      st_name_summary_item_get_share (StNameSummaryItem *self);

G_END_DECLS
