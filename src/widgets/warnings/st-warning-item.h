/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-warning-item.h: one kind of import warning, for the warnings list. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_WARNING_ITEM (st_warning_item_get_type ())

G_DECLARE_FINAL_TYPE (StWarningItem, st_warning_item, ST, WARNING_ITEM, GObject)

GListModel *st_warning_item_new_model (StTrace *trace);
guint64     st_warning_item_get_count (StWarningItem *self);
const char *st_warning_item_get_kind (StWarningItem *self);

G_END_DECLS
