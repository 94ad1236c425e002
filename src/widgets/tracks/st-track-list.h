/* st-track-list.h: the processes and tracks of a trace, as a tree table with
 * event counts. */
#pragma once

#include <gtk/gtk.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACK_LIST (st_track_list_get_type ())

G_DECLARE_FINAL_TYPE (StTrackList, st_track_list, ST, TRACK_LIST, GtkWidget)

GtkWidget  *st_track_list_new (void);
void        st_track_list_set_trace (StTrackList *self, StTrace *trace);
StTrace    *st_track_list_get_trace (StTrackList *self);
GListModel *st_track_list_get_model (StTrackList *self);

G_END_DECLS
