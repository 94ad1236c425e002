/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-slice-nest.h: a track's slices over a range as their nesting sees
 * them, outer first: by start, then the longest, then in file order (of two
 * slices with the same bounds, the first written holds the second). The
 * operations tables and the call tree walk them with a stack. */
#pragma once

#include "st-trace-types.h"

G_BEGIN_DECLS

typedef struct
{
  gint64  start;
  gint64  end;    /* unclipped */
  guint64 offset; /* the slice's file order */
  guint32 index;  /* in the track's slices */
} StSliceNest;

/* The slices of @track overlapping [start, end) (an instant counts where it
 * stands), but those whose category or name is @skip (ST_STRING_NONE:
 * none), outer first; StSliceNests. */
GArray *st_slice_nests_in_range (const StTrack *track, gint64 start, gint64 end, StStringId skip);
/* The same into @nests (StSliceNests, resized here): a walk of every
 * track reuses it, rather than making and freeing a block the size of each
 * large track. */
void st_slice_nests_fill (const StTrack *track,
                          gint64         start,
                          gint64         end,
                          StStringId     skip,
                          GArray        *nests);

G_END_DECLS
