/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-rect-batch.h: the slices' rectangles of a frame, gathered per colour
 * and filled together.
 *
 * A rectangle that continues the last one of its colour on the same line
 * grows it. A flush fills the colours in order, so where rectangles of two
 * colours overlap the later colour shows, as if each colour were one cairo
 * path filled in turn. Cairo removes the overlaps of a many-rectangle path
 * before filling it, which costs a whole view's tens of thousands of
 * strips more than the fill itself; so when every rectangle lies on whole
 * pixels, the colours are opaque and the target is an image surface drawn
 * on unscaled, the flush writes the pixels cairo would write straight into
 * the surface.
 */
#pragma once

#include "st-palette.h"

#include <cairo.h>

G_BEGIN_DECLS

typedef struct _StRectBatch StRectBatch;

StRectBatch *st_rect_batch_new (guint n_colors);
void         st_rect_batch_free (StRectBatch *self);
void st_rect_batch_add (StRectBatch *self, guint color, double x, double y, double w, double h);
void st_rect_batch_flush (StRectBatch *self, cairo_t *cr, const StColor *colors);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StRectBatch, st_rect_batch_free)

G_END_DECLS
