/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-dots.h: the dots of the Region Duration Distribution when there
 * are too many to draw one by one.
 *
 * A million regions are a million cairo arcs, a minute a frame. But the
 * plot has only so many pixels: beyond ST_REGION_DOTS_MIN regions, each
 * pixel of the picture keeps one region whose dot is centred in it (the
 * last in order), and the dots of those pixels are stamped once into a mask,
 * which a frame paints in the region colour whatever the number of regions.
 * Dots overlap into one shape either way, so the picture is the same up to
 * where a dot's centre falls inside its pixel. Hit testing reads only the
 * pixels around the pointer.
 *
 * Built for one layout (size, scale, axis), off the main thread when it
 * has to be; immutable afterwards.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* From this many regions on, a plot draws them through StRegionDots. */
#define ST_REGION_DOTS_MIN 4096

typedef struct _StRegionDots StRegionDots;

/* (Declared in st-region-plot.h.) */
struct _StRegionPlot;
struct _StRegionPlotLayout;

/* The dots of @plot's regions in @layout, for a picture at @scale device
 * pixels per logical pixel; NULL when @cancellable is cancelled meanwhile. */
StRegionDots *st_region_dots_new (const struct _StRegionPlotLayout *layout,
                                  const struct _StRegionPlot       *plot,
                                  int                               scale,
                                  GCancellable                     *cancellable);
void          st_region_dots_free (StRegionDots *self);

/* Fills the dots with the current source of @cr. */
void st_region_dots_fill (const StRegionDots *self, cairo_t *cr);
/* The region whose dot is nearest (@x, @y) within @radius, or -1. */
gint st_region_dots_point_at (const StRegionDots               *self,
                              const struct _StRegionPlotLayout *layout,
                              const struct _StRegionPlot       *plot,
                              double                            x,
                              double                            y,
                              double                            radius);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StRegionDots, st_region_dots_free)

G_END_DECLS
