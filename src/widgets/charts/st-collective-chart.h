/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-collective-chart.h: the Summary page's Collective operations duration
 * chart: a column per group of collectives of one type and size, each
 * operation a point (or a box plot per group, outliers still points).
 * Comparing regions, each group has a column per region, side by side
 * under the group's label, in the region's colour, on one duration axis.
 * Series are shown or hidden from the page's legend; hovering a point says
 * which operation it is; clicking one emits "instance-activated" with the
 * slice, for the page to show it on the timeline. The points are drawn on
 * a thread into an image (st-chart-points), shown when it is in: the axis
 * and labels come at once. */
#pragma once

#include <gtk/gtk.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_COLLECTIVE_CHART (st_collective_chart_get_type ())

G_DECLARE_FINAL_TYPE (StCollectiveChart, st_collective_chart, ST, COLLECTIVE_CHART, GtkWidget)

GtkWidget *st_collective_chart_new (void);
/* Whether what the chart shows is still being drawn: its frame not yet,
 * or its points. */
gboolean st_collective_chart_is_drawing (StCollectiveChart *self);
/* Copies what it draws from @summary (which may go afterwards). */
void st_collective_chart_set_summary (StCollectiveChart *self, StTrace *trace, StSummary *summary);
/* The same for the regions compared, named @titles: series by group, then
 * region. */
void        st_collective_chart_set_summaries (StCollectiveChart *self,
                                               StTrace           *trace,
                                               StSummary *const  *summaries,
                                               const char *const *titles,
                                               guint              n_summaries);
gboolean    st_collective_chart_get_box_plot (StCollectiveChart *self);
void        st_collective_chart_set_box_plot (StCollectiveChart *self, gboolean box_plot);
guint       st_collective_chart_get_n_series (StCollectiveChart *self);
const char *st_collective_chart_get_series_label (StCollectiveChart *self, guint series);
guint       st_collective_chart_get_series_color (StCollectiveChart *self, guint series);
gboolean    st_collective_chart_get_series_visible (StCollectiveChart *self, guint series);
/* Comparing: 1, or the number of regions; the colour of @region's
 * points, how many operations it has in the chart; showing or hiding all
 * its points. */
guint st_collective_chart_get_n_regions (StCollectiveChart *self);
guint st_collective_chart_get_region_color (StCollectiveChart *self, guint region);
guint st_collective_chart_get_region_count (StCollectiveChart *self, guint region);
void
st_collective_chart_set_region_visible (StCollectiveChart *self, guint region, gboolean visible);
void
st_collective_chart_set_series_visible (StCollectiveChart *self, guint series, gboolean visible);
/* Where operation @index of @series is drawn (FALSE when it is not). */
gboolean st_collective_chart_point_center (StCollectiveChart *self,
                                           guint              series,
                                           guint              index,
                                           graphene_point_t  *center);
/* What a click at (@x, @y) does: activates the operation drawn there. */
gboolean st_collective_chart_click (StCollectiveChart *self, double x, double y);

G_END_DECLS
