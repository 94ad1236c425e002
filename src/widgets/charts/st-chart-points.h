/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart-points.h: the points of a duration chart as an image, drawn on
 * a worker thread. Tens of thousands of points take longer than a frame to
 * draw: a chart shows its frame (axis, labels) at once, and its points when
 * their image is in. The image last drawn stays until the next one is in,
 * so a chart that changes keeps showing its points meanwhile.
 */
#pragma once

#include <gtk/gtk.h>

#include "st-chart-draw.h"

G_BEGIN_DECLS

#define ST_TYPE_CHART_POINTS (st_chart_points_get_type ())

G_DECLARE_FINAL_TYPE (StChartPoints, st_chart_points, ST, CHART_POINTS, GObject)

StChartPoints *st_chart_points_new (void);
/* Draws @series in @layout into an image of @width × @height (logical px)
 * at @scale, on a thread, cancelling the drawing under way; "ready" says
 * when the image is in. @keep (GArrays, or NULL) holds the series' values:
 * it is kept until the drawing is done. */
void st_chart_points_draw (StChartPoints          *self,
                           const StChartSeries    *series,
                           guint                   n_series,
                           GPtrArray              *keep,
                           const StDurationLayout *layout,
                           const StChartStyle     *style,
                           StChartMode             mode,
                           int                     width,
                           int                     height,
                           int                     scale);
/* The image last drawn, or NULL, and its size in logical px. */
GdkTexture *st_chart_points_get_texture (StChartPoints *self, int *width, int *height);
/* Whether a drawing is under way. */
gboolean st_chart_points_is_drawing (StChartPoints *self);
/* Stops the drawing under way, if any, and forgets the image. */
void st_chart_points_clear (StChartPoints *self);

G_END_DECLS
