/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-device-item.h: one row of the Summary page's Devices card as the
 * column view sees it: one device (a GPU, an MTIA, a NeuronCore) over the
 * chosen range, as docs/metrics.md 2 defines its numbers: busy share,
 * compute, communication, exposed communication, memory, wait, and for Neuron the
 * profiler's own active share. */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_DEVICE_ITEM (st_device_item_get_type ())

G_DECLARE_FINAL_TYPE (StDeviceItem, st_device_item, ST, DEVICE_ITEM, GObject)

/* A GListModel of StDeviceItem, one per device of @summary, in its order. */
GListModel *st_device_item_new_model (StSummary *summary);

G_END_DECLS
