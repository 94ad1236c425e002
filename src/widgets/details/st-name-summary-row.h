/* st-name-summary-row.h: the selected events of one name, summed: the
 * rows of the details pane when several events are selected. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_NAME_SUMMARY_ROW (st_name_summary_row_get_type ())

G_DECLARE_FINAL_TYPE (StNameSummaryRow, st_name_summary_row, ST, NAME_SUMMARY_ROW, GObject)

GListModel *st_name_summary_row_new_model (StTrace *trace, GArray *selection, gint64 *span);
const char *st_name_summary_row_get_name (StNameSummaryRow *self);
guint       st_name_summary_row_get_count (StNameSummaryRow *self);
gint64      st_name_summary_row_get_total (StNameSummaryRow *self);
gint64      st_name_summary_row_get_self (StNameSummaryRow *self);
gint64      st_name_summary_row_get_min (StNameSummaryRow *self);
gint64      st_name_summary_row_get_max (StNameSummaryRow *self);
double      st_name_summary_row_get_share (StNameSummaryRow *self);

G_END_DECLS
