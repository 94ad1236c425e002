/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flop-shape-item.h: one row of the FLOPs card's table of shapes as the
 * column view sees it: a shape's work over the chosen range and what the
 * roofline says of it (docs/metrics.md 13.6), each number absent (-1, its
 * text "—") where 13.6 says so. */
#pragma once

#include <gio/gio.h>

#include "st-flop-rates.h"

G_BEGIN_DECLS

#define ST_TYPE_FLOP_SHAPE_ITEM (st_flop_shape_item_get_type ())

G_DECLARE_FINAL_TYPE (StFlopShapeItem, st_flop_shape_item, ST, FLOP_SHAPE_ITEM, GObject)

/* A GListModel of StFlopShapeItem, one per shape row of @rates, in its
 * order (the most device time first). */
GListModel *st_flop_shape_item_new_model (const StFlopRates *rates, StFlopOps *ops, StTrace *trace);
const StFlopRow *st_flop_shape_item_get_row (StFlopShapeItem *self);
/* "aten::mm [8944, 1024], [1024, 2816] bf16" */
const char *st_flop_shape_item_get_label (StFlopShapeItem *self);
/* The shape's numbers, a line each: its label, count and time, rate,
 * bandwidth and intensity, bound and share of the roof. */
char *st_flop_shape_item_dup_summary (StFlopShapeItem *self);
/* What the table shows in @column ("count-text", "time-text",
 * "rate-text", "bandwidth-text", "intensity-text", "roof-text"). */
char *st_flop_shape_item_dup_text (StFlopShapeItem *self, const char *column);

G_END_DECLS
