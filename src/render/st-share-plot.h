/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-share-plot.h: a share (0 to 100 %) per bin of a time range, as
 * columns: the Summary's communication overlapped by compute over time.
 * A bin with nothing to share (no communication) has no column. A y axis
 * at 0, 50 and 100 %, the range's start and end under the plot.
 *
 * Geometry is computed once into a layout; drawing and hit testing both
 * read it. */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-chart-draw.h"

G_BEGIN_DECLS

typedef struct
{
  gint64 start;
  gint64 end;
  double percent; /* NAN: nothing to share in the bin */
} StShareBin;

typedef struct
{
  double x, y, width, height; /* the plot area */
  double label_height;        /* the time labels under it */
  gint64 start;
  gint64 end;
  guint  n_bins;
} StShareLayout;

void st_share_plot_layout (StShareLayout    *layout,
                           PangoLayout      *pango,
                           double            width,
                           double            height,
                           const StShareBin *bins,
                           guint             n_bins);
/* The bin whose column is at @x (anywhere in the plot's height), or -1. */
gint st_share_plot_bin_at (const StShareLayout *layout, double x, double y);
/* Where bin @index is drawn: [x0, x1) across, its column's top @top. */
void st_share_plot_bin_rect (const StShareLayout *layout,
                             const StShareBin    *bins,
                             guint                index,
                             double              *x0,
                             double              *x1,
                             double              *top);
void st_share_plot_draw (cairo_t             *cr,
                         PangoLayout         *pango,
                         const StShareLayout *layout,
                         const StChartStyle  *style,
                         const StShareBin    *bins,
                         guint                color);

G_END_DECLS
