/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-track-list.h: the processes and tracks of a profile, as a tree table
 * with event counts; where a person pins, hides and reorders the
 * timeline's tracks and filters them by name (the tracks' arrangement). */
#pragma once

#include <gtk/gtk.h>

#include "st-track-arrangement.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACK_LIST (st_track_list_get_type ())

G_DECLARE_FINAL_TYPE (StTrackList, st_track_list, ST, TRACK_LIST, GtkWidget)

GtkWidget          *st_track_list_new (void);
void                st_track_list_set_arrangement (StTrackList *self, StTrackArrangement *tracks);
StTrackArrangement *st_track_list_get_arrangement (StTrackList *self);
void                st_track_list_focus_filter (StTrackList *self);
GListModel         *st_track_list_get_model (StTrackList *self);

G_END_DECLS
