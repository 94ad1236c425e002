/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-share-chart.h: a share per bin of a time range, as columns (the
 * Summary's communication overlapped by compute over time); a bin with
 * nothing to share has none. Hovering a column says what its caller
 * wrote for that bin. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

#include "st-share-plot.h"

G_BEGIN_DECLS

#define ST_TYPE_SHARE_CHART (st_share_chart_get_type ())

G_DECLARE_FINAL_TYPE (StShareChart, st_share_chart, ST, SHARE_CHART, StChart)

GtkWidget *st_share_chart_new (void);
/* @tooltips: one per bin (markup), or NULL; @color: the style colour index
 * of the columns. */
void  st_share_chart_set_bins (StShareChart      *self,
                               const StShareBin  *bins,
                               guint              n_bins,
                               const char *const *tooltips,
                               guint              color);
guint st_share_chart_get_n_bins (StShareChart *self);
/* The bin whose column is at (@x, @y), or -1; its tooltip's markup. */
gint        st_share_chart_bin_at (StShareChart *self, double x, double y);
const char *st_share_chart_get_tooltip (StShareChart *self, guint bin);
/* Where bin @bin's column is: its middle across and its top. */
void st_share_chart_bin_point (StShareChart *self, guint bin, double *x, double *top);

G_END_DECLS
