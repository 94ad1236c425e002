/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-row-lod.h: level of detail for one row of slices.
 *
 * Level k merges neighbouring slices of the row into runs wherever the gap
 * between them is shorter than gap_k and the merged run stays shorter than
 * gap_k (gap_k grows 4x per level); a slice longer than that keeps its own
 * run. A level is kept only when it has at most half the runs of the last
 * kept one, so the pyramid costs at most as many runs as the row has
 * slices. To draw at r ns per pixel, take the coarsest level whose gap is at
 * most r: the gaps it hides and the runs it merges are thinner than a pixel,
 * and any two runs apart from their neighbour span at least gap_k, so a
 * frame walks a few runs per pixel column whatever the zoom.
 */
#pragma once

#include "st-trace-types.h"

G_BEGIN_DECLS

/* StRowLod's levels are finest first; rep is the longest slice of each run
 * (an index into the track's slices). */

void              st_row_lod_build (StRowLod *lod, const StSlice *slices, guint first, guint n);
void              st_row_lod_clear (StRowLod *lod);
StRowLod         *st_row_lods_new (const StSlice *slices, guint n_rows, const guint *row_offsets);
StRowLod         *st_row_lods_new_in (const StSlice *slices,
                                      guint          n_rows,
                                      const guint   *row_offsets,
                                      gpointer       scratch,
                                      gsize          scratch_size);
void              st_row_lods_free (StRowLod *lods, guint n_rows);
const StLodLevel *st_row_lod_pick (const StRowLod *lod, double ns_per_pixel);
gsize             st_row_lod_get_memory (const StRowLod *lod);

G_END_DECLS
