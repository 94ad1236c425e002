/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-track-arrangement.h: how a person arranged a profile's tracks on the
 * timeline: which are pinned to the top, which are hidden, their order
 * within their sections, whether device tracks are grouped by rank or by
 * stream across ranks, and a filter on their names. Kept per profile in a file beside the regions'
 * sidecar ("KEY.tracks.json"), written atomically. GIO only.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACK_ARRANGEMENT (st_track_arrangement_get_type ())

G_DECLARE_FINAL_TYPE (StTrackArrangement, st_track_arrangement, ST, TRACK_ARRANGEMENT, GObject)

/* The sections of device tracks grouped by stream across ranks: those
 * mostly computing, mostly communicating, and the other device tracks. */
#define ST_TRACK_SECTION_COMPUTE       (G_MAXUINT - 2)
#define ST_TRACK_SECTION_COMMUNICATION (G_MAXUINT - 3)
#define ST_TRACK_SECTION_DEVICE        (G_MAXUINT - 4)

StTrackArrangement *st_track_arrangement_new (StTrace *trace);
StTrace            *st_track_arrangement_get_trace (StTrackArrangement *self);
const guint        *st_track_arrangement_get_order (StTrackArrangement *self);
gboolean            st_track_arrangement_get_pinned (StTrackArrangement *self, guint track);
void     st_track_arrangement_set_pinned (StTrackArrangement *self, guint track, gboolean pinned);
gboolean st_track_arrangement_get_hidden (StTrackArrangement *self, guint track);
void     st_track_arrangement_set_hidden (StTrackArrangement *self, guint track, gboolean hidden);
guint    st_track_arrangement_get_n_hidden (StTrackArrangement *self);
void     st_track_arrangement_show_all (StTrackArrangement *self);
gboolean st_track_arrangement_move (StTrackArrangement *self, guint track, int direction);
GArray  *st_track_arrangement_dup_visible (StTrackArrangement *self, guint *n_pinned);
guint    st_track_arrangement_get_section (StTrackArrangement *self, guint track);
gboolean st_track_arrangement_can_group_by_stream (StTrackArrangement *self);
gboolean st_track_arrangement_get_group_by_stream (StTrackArrangement *self);
void     st_track_arrangement_set_group_by_stream (StTrackArrangement *self, gboolean by_stream);
const char *st_track_arrangement_get_filter (StTrackArrangement *self);
void        st_track_arrangement_set_filter (StTrackArrangement *self, const char *filter);
gboolean    st_track_arrangement_matches (StTrackArrangement *self, guint track);

char *st_track_arrangement_to_json (StTrackArrangement *self);
gboolean
      st_track_arrangement_load_json (StTrackArrangement *self, const char *text, GError **error);
char *st_track_arrangement_dup_path (const char *sidecar_path);

G_END_DECLS
