/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-track-item.h: one row of the track list, a process (with its tracks as
 * children) or a track. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"
#include "st-track-arrangement.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACK_ITEM (st_track_item_get_type ())

G_DECLARE_FINAL_TYPE (StTrackItem, st_track_item, ST, TRACK_ITEM, GObject)

GListModel *st_track_item_new_model (StTrace *trace);
const char *st_track_item_get_title (StTrackItem *self);
guint64     st_track_item_get_events (StTrackItem *self);
GListModel *st_track_item_get_children (StTrackItem *self);
guint       st_track_item_get_track (StTrackItem *self);
void        st_track_item_update (StTrackItem *self, StTrackArrangement *tracks);

G_END_DECLS
