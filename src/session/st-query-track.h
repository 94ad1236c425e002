/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-track.h: the "Query results" track of the timeline (docs/sql.md,
 * "The Query page"): the spans of the last query's rows that carry ts and
 * dur, or none. The Query page sets it and tells each row's values
 * ("describe"); the timeline draws it at the top and, on a click, asks
 * the page to select the row ("activated"). GIO only. */
#pragma once

#include <gio/gio.h>

#include "st-span-track.h"

G_BEGIN_DECLS

#define ST_TYPE_QUERY_TRACK (st_query_track_get_type ())

G_DECLARE_FINAL_TYPE (StQueryTrack, st_query_track, ST, QUERY_TRACK, GObject)

StQueryTrack *st_query_track_new (void);
/* The spans of @n_rows result rows (each span's item is its row), or none
 * for NULL: the track goes away; with @slices (StEventRef, by start; or
 * NULL), the slices the rows name, highlighted on their own tracks. Emits
 * "changed". */
void
st_query_track_set_spans (StQueryTrack *self, StSpanTrack *spans, guint64 n_rows, GArray *slices);
StSpanTrack *st_query_track_get_spans (StQueryTrack *self);
GArray      *st_query_track_get_slices (StQueryTrack *self);
/* How many rows the query gave (some may have no span). */
guint64 st_query_track_get_n_rows (StQueryTrack *self);
/* The row selected in the page (drawn outlined), or -1. */
void st_query_track_set_selected (StQueryTrack *self, gint item);
gint st_query_track_get_selected (StQueryTrack *self);
/* The row's values as a line per column, from whoever answers "describe";
 * NULL when nobody does. */
char *st_query_track_dup_description (StQueryTrack *self, guint item);
/* A span of row @item was clicked: "activated". */
void st_query_track_activate (StQueryTrack *self, guint item);

G_END_DECLS
