/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-items.h: the rows of the region list: a list model over a
 * session's region set with one StRegionItem per region, made only when the
 * list asks for that position (a list that shows 30 of a million regions
 * makes about 30), and the same object while it is held.
 *
 * Property: "session" (NULL: no rows).
 */
#pragma once

#include <gio/gio.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_ITEMS (st_region_items_get_type ())

G_DECLARE_FINAL_TYPE (StRegionItems, st_region_items, ST, REGION_ITEMS, GObject)

StRegionItems *st_region_items_new (void);
StSession     *st_region_items_get_session (StRegionItems *self);
void           st_region_items_set_session (StRegionItems *self, StSession *session);

G_END_DECLS
