/* st-collective-chart.h: the Summary page's Collective operations duration
 * chart: a column per group of collectives of one type and size, each
 * operation a point (or a box plot per group, outliers still points).
 * Series are shown or hidden from the page's legend; hovering a point says
 * which operation it is; clicking one emits "instance-activated" with the
 * slice, for the page to show it on the timeline. */
#pragma once

#include <gtk/gtk.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_COLLECTIVE_CHART (st_collective_chart_get_type ())

G_DECLARE_FINAL_TYPE (StCollectiveChart, st_collective_chart, ST, COLLECTIVE_CHART, GtkWidget)

GtkWidget *st_collective_chart_new (void);
/* Copies what it draws from @summary (which may go afterwards). */
void st_collective_chart_set_summary (StCollectiveChart *self, StTrace *trace, StSummary *summary);
gboolean    st_collective_chart_get_box_plot (StCollectiveChart *self);
void        st_collective_chart_set_box_plot (StCollectiveChart *self, gboolean box_plot);
guint       st_collective_chart_get_n_series (StCollectiveChart *self);
const char *st_collective_chart_get_series_label (StCollectiveChart *self, guint series);
guint       st_collective_chart_get_series_color (StCollectiveChart *self, guint series);
gboolean    st_collective_chart_get_series_visible (StCollectiveChart *self, guint series);
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
