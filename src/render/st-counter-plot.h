/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-counter-plot.h: a counter track's band in the timeline: per pixel
 * column the min and max of its samples (whole blocks read from their
 * summary), or the value held from the last sample, drawn as a stepped
 * area in the colour of the series' name, every series of the track on
 * one scale from the lowest value (or 0) to the highest. */
#pragma once

#include "st-timeline-renderer.h"

G_BEGIN_DECLS

void st_counter_plot_draw (StTimelineRenderer *renderer,
                           cairo_t            *cr,
                           const StTrack      *t,
                           double              y,
                           const StViewport   *vp);

/* @n_series series on one scale, in @color, or each in its name's when
 * @color is NULL: a counter band of height ST_LAYOUT_COUNTER_HEIGHT at @y. */
void st_counter_plot_draw_series (StTimelineRenderer    *renderer,
                                  cairo_t               *cr,
                                  const StCounterSeries *series,
                                  guint                  n_series,
                                  const StColor         *color,
                                  double                 y,
                                  const StViewport      *vp);

G_END_DECLS
