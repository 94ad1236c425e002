/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-compare-row-item.h: one row of the Compare page's metrics, step-time
 * breakdown and collectives tables, as its cells read: a name, base → new,
 * the difference, its percent and whether it is better or worse. */
#pragma once

#include <glib-object.h>

#include "st-delta-label.h"

G_BEGIN_DECLS

#define ST_TYPE_COMPARE_ROW_ITEM (st_compare_row_item_get_type ())

G_DECLARE_FINAL_TYPE (StCompareRowItem, st_compare_row_item, ST, COMPARE_ROW_ITEM, GObject)

/* @tooltip: what the row's number means; NULL for none. */
StCompareRowItem *st_compare_row_item_new (const char      *name,
                                           const char      *tooltip,
                                           const char      *base,
                                           const char      *new_,
                                           const char      *delta,
                                           const char      *percent,
                                           StDeltaJudgement judgement);

G_END_DECLS
