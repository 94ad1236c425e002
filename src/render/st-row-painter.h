/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-row-painter.h: rows of slices drawn through their level of detail,
 * for the timeline's tracks and for spans of its own (the query's result
 * track). Per row a binary search to the first visible slice, or the
 * coarsest level whose runs are no thinner than a pixel; runs thinner than
 * a pixel merged into one fill, fills batched per colour into the frame's
 * StRectBatch, labels kept for after the fills and drawn only where they
 * fit.
 *
 * The names of the slices a painter draws come from StRowNames: a trace's
 * strings or a string table of one's own, each coloured by a hash of its
 * text (the same name, the same colour, whoever holds it). */
#pragma once

#include <cairo.h>

#include "st-label-cache.h"
#include "st-palette.h"
#include "st-rect-batch.h"
#include "st-timeline-renderer.h"

G_BEGIN_DECLS

typedef const char *(*StRowNameFunc) (gpointer data, StStringId name);

typedef struct _StRowNames StRowNames;

/* @n_names names, read through @get; their labels keyed in the label
 * cache from @key_base up (so that two sources do not share keys). */
StRowNames *st_row_names_new (StRowNameFunc get, gpointer data, guint n_names, guint64 key_base);
void        st_row_names_free (StRowNames *self);
/* The palette's slice colour of @name. */
guint8      st_row_names_color (StRowNames *self, StStringId name);
const char *st_row_names_get (StRowNames *self, StStringId name);

typedef struct _StRowPainter StRowPainter;

StRowPainter *st_row_painter_new (StRectBatch *rects);
void          st_row_painter_free (StRowPainter *self);
/* Draws the slices [@lo, @hi) of one row (by start, none overlapping)
 * at @y, ST_LAYOUT_ROW_HEIGHT tall, through @lod when it has a level
 * fit for the zoom (may be NULL). */
void st_row_painter_draw_row (StRowPainter     *self,
                              StRowNames       *names,
                              const StSlice    *slices,
                              guint             lo,
                              guint             hi,
                              const StRowLod   *lod,
                              double            y,
                              const StViewport *vp);
/* Draws the labels kept since the last flush, on their fills. */
void st_row_painter_flush_labels (StRowPainter    *self,
                                  cairo_t         *cr,
                                  StLabelCache    *labels,
                                  const StPalette *palette);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StRowNames, st_row_names_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StRowPainter, st_row_painter_free)

G_END_DECLS
