/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-step-trends-chart.h: Trends per Step (docs/metrics.md 9.1): small
 * multiples of each step's time, device busy, exposed communication and
 * peak memory, the steps as x named by their number, a line per rank of a
 * merged profile (st-trends-plot.h), the outliers in the theme's error
 * colour. Hovering a point tells its rank, step and values and lifts its
 * rank's line over the others; clicking it (or Enter on the point the
 * keyboard is on: Left, Right, Home and End go from step to step, Up and
 * Down from rank to rank) selects that step's slice on that rank, zooms
 * the timeline to it and shows the timeline. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

#include "st-session.h"
#include "st-step-trends.h"

G_BEGIN_DECLS

#define ST_TYPE_STEP_TRENDS_CHART (st_step_trends_chart_get_type ())

G_DECLARE_FINAL_TYPE (StStepTrendsChart, st_step_trends_chart, ST, STEP_TRENDS_CHART, StChart)

GtkWidget *st_step_trends_chart_new (void);
/* Shows @trends (taken; NULL for none), computed from the session's
 * trace. */
void st_step_trends_chart_set_trends (StStepTrendsChart *self, StStepTrends *trends);
/* The point the keyboard is on, or FALSE. */
gboolean st_step_trends_chart_get_focus (StStepTrendsChart *self, guint *rank, guint *step);

G_END_DECLS
