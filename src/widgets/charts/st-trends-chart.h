/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trends-chart.h: Trends Across Regions: small multiples of each region's
 * duration, device busy, communication, exposed communication and memory
 * time, the regions of one method in time order (st-trends-plot.h), the
 * outliers of each row in the theme's error colour. Hovering a point tells
 * its region's name and values; clicking it (or Enter on the point the
 * keyboard is on; Left, Right, Home and End go from region to region)
 * selects its region in the session and emits "region-activated";
 * double-clicking it (or Shift+F) zooms the timeline to the region and
 * shows the timeline. The selected region's column is in the accent
 * colour. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

#include "st-region-trends.h"
#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_TRENDS_CHART (st_trends_chart_get_type ())

G_DECLARE_FINAL_TYPE (StTrendsChart, st_trends_chart, ST, TRENDS_CHART, StChart)

GtkWidget *st_trends_chart_new (void);
/* Shows @trends (taken; NULL for none), computed from the session's
 * regions as they are now. */
void st_trends_chart_set_trends (StTrendsChart *self, StRegionTrends *trends);

G_END_DECLS
