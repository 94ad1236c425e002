/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-item.h: one row of the Annotations panel's region list: a region
 * of a session ("region", "session"), with what its cells show as
 * properties to bind to: "name", "start" and "duration" (ns, for sorting),
 * "start-text" and "duration-text", "tooltip" (markup), and whether it is
 * picked for comparison ("picked") with its number ("pick-text"). Follows
 * renames and picks. */
#pragma once

#include <gio/gio.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_ITEM (st_region_item_get_type ())

G_DECLARE_FINAL_TYPE (StRegionItem, st_region_item, ST, REGION_ITEM, GObject)

StRegionItem *st_region_item_new (StRegion *region, StSession *session);
StRegion     *st_region_item_get_region (StRegionItem *self);

G_END_DECLS
