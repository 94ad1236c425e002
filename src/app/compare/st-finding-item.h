/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-finding-item.h: one finding of what got worse (docs/metrics.md 8.6)
 * in the Compare page's list: its sentence and its place in the current
 * profile, where activating it goes. */
#pragma once

#include "st-profile-diff.h"

G_BEGIN_DECLS

#define ST_TYPE_FINDING_ITEM (st_finding_item_get_type ())

G_DECLARE_FINAL_TYPE (StFindingItem, st_finding_item, ST, FINDING_ITEM, GObject)

StFindingItem *st_finding_item_new (const StDiffFinding *finding);
const char    *st_finding_item_get_text (StFindingItem *self);
void           st_finding_item_get_place (StFindingItem *self, gint64 *start, gint64 *end);
/* The instance it points to (an operation's or collective type's
 * longest), or FALSE for a metric's range. */
gboolean st_finding_item_get_slice (StFindingItem *self, StSliceRef *slice);

G_END_DECLS
