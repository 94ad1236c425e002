/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-memory-peak-item.h: one row of the Summary page's Peak Memory card as
 * the column view sees it: one memory device over the chosen range, its
 * peak allocated and reserved memory and the allocation at the peak
 * (docs/metrics.md 12.3), with the "[memory]" event it leads to. */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_MEMORY_PEAK_ITEM (st_memory_peak_item_get_type ())

G_DECLARE_FINAL_TYPE (StMemoryPeakItem, st_memory_peak_item, ST, MEMORY_PEAK_ITEM, GObject)

/* A GListModel of StMemoryPeakItem, one per memory device of @summary, in
 * its order. */
GListModel *st_memory_peak_item_new_model (StTrace *trace, StSummary *summary);
/* The "[memory]" event at the allocated peak; FALSE when there is none. */
gboolean st_memory_peak_item_get_event (StMemoryPeakItem *self, StEventRef *event);

G_END_DECLS
