/* st-warning-row.h: one kind of import warning, for the warnings list. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_WARNING_ROW (st_warning_row_get_type ())

G_DECLARE_FINAL_TYPE (StWarningRow, st_warning_row, ST, WARNING_ROW, GObject)

GListModel *st_warning_row_new_model (StTrace *trace);
guint64     st_warning_row_get_count (StWarningRow *self);
const char *st_warning_row_get_kind (StWarningRow *self);

G_END_DECLS
