/* st-track-row.h: one row of the track list, a process (with its tracks as
 * children) or a track. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"
#include "st-track-arrangement.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACK_ROW (st_track_row_get_type ())

G_DECLARE_FINAL_TYPE (StTrackRow, st_track_row, ST, TRACK_ROW, GObject)

GListModel *st_track_row_new_model (StTrace *trace);
const char *st_track_row_get_title (StTrackRow *self);
guint64     st_track_row_get_events (StTrackRow *self);
GListModel *st_track_row_get_children (StTrackRow *self);
guint       st_track_row_get_track (StTrackRow *self);
void        st_track_row_update (StTrackRow *self, StTrackArrangement *tracks);

G_END_DECLS
