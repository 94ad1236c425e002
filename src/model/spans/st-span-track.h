/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-span-track.h: spans that are not the trace's own, drawn as a track of
 * their own: the rows of a query's result that carry a start and a
 * duration (docs/sql.md, "The Query page"). Each span keeps the number of
 * the item it came from (a result's row). The spans are laid out as a
 * track's slices are: in rows where none overlaps another (the first row
 * with room, by start), at most ST_SPAN_TRACK_MAX_ROWS of them (the last
 * holds whatever overlaps all the others), each row with its level of
 * detail, so a frame walks a few runs per pixel column however many spans
 * there are. Their names are kept in a string table of their own.
 * Immutable once made; any thread may read it. */
#pragma once

#include "st-trace-types.h"

G_BEGIN_DECLS

#define ST_SPAN_TRACK_MAX_ROWS 8

typedef struct _StSpanTrack StSpanTrack;

/* One span to lay out: [start, start + dur), named @name (NULL for none),
 * from item @item. */
typedef struct
{
  gint64      start;
  gint64      dur;
  const char *name;
  guint       item;
} StSpanInput;

StSpanTrack *st_span_track_new (const StSpanInput *spans, guint n_spans);
StSpanTrack *st_span_track_ref (StSpanTrack *self);
void         st_span_track_unref (StSpanTrack *self);

guint st_span_track_get_n_spans (StSpanTrack *self);
guint st_span_track_get_n_rows (StSpanTrack *self);
/* The spans as slices (by row, then by start), their rows' bounds
 * (n_rows + 1 offsets) and levels of detail; a slice's name is an id of
 * st_span_track_get_name(). */
const StSlice  *st_span_track_get_slices (StSpanTrack *self);
const guint    *st_span_track_get_row_offsets (StSpanTrack *self);
const StRowLod *st_span_track_get_row_lod (StSpanTrack *self, guint row);
const char     *st_span_track_get_name (StSpanTrack *self, StStringId name);
guint           st_span_track_get_n_names (StSpanTrack *self);
/* The item of the slice at @index. */
guint st_span_track_get_item (StSpanTrack *self, guint index);
/* The slice of @item, FALSE when the item has no span. */
gboolean st_span_track_find_item (StSpanTrack *self, guint item, guint *index);
/* The slice of @row under time @t, or within @slop of it (the nearest);
 * FALSE when none is. */
gboolean st_span_track_slice_at (StSpanTrack *self, guint row, gint64 t, gint64 slop, guint *index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSpanTrack, st_span_track_unref)

G_END_DECLS
