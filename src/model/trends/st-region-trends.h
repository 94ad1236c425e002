/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-trends.h: trends across the regions of one method
 * (docs/metrics.md 9): per region in time order, its duration, device busy,
 * communication, exposed communication and memory time on its range, and
 * which points are outliers of their series.
 *
 * Made in two steps: st_region_trends_new () copies the bounds of the
 * method's regions on the thread that owns the region array (arrays are not
 * thread-safe), st_region_trends_compute () then summarises each region on
 * any thread, one st_summary_compute () per region.
 */
#pragma once

#include <gio/gio.h>

#include "st-region-array.h"
#include "st-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ST_TREND_DURATION,              /* span_ns */
  ST_TREND_DEVICE_BUSY,           /* device_busy_percent */
  ST_TREND_COMMUNICATION,         /* communication_time_ns */
  ST_TREND_EXPOSED_COMMUNICATION, /* exposed_communication_ns */
  ST_TREND_MEMORY,                /* memory_time_ns */
  ST_N_TRENDS
} StTrendSeries;

/* A point is an outlier when its series has at least this many values
 * present and it lies more than ST_TREND_OUTLIER_K × 1.4826 × MAD from the
 * series' median. */
#define ST_TREND_MIN_VALUES 5
#define ST_TREND_OUTLIER_K  3.0
#define ST_TREND_MAD_SCALE  1.4826

/* Called on the computing thread after each region. */
typedef void (*StRegionTrendsProgress) (guint done, guint total, gpointer user_data);

typedef struct _StRegionTrends StRegionTrends;

/* The regions of @method in @regions, in the array's (time) order. */
StRegionTrends *st_region_trends_new (const StRegionArray *regions, StRegionMethod method);
void            st_region_trends_free (StRegionTrends *self);
/* Summarises every region of @self in @trace. Runs on any thread; FALSE
 * with an error when cancelled. */
gboolean st_region_trends_compute (StRegionTrends        *self,
                                   StTrace               *trace,
                                   StRegionTrendsProgress progress,
                                   gpointer               user_data,
                                   GCancellable          *cancellable,
                                   GError               **error);

StRegionMethod st_region_trends_get_method (const StRegionTrends *self);
guint          st_region_trends_get_n_points (const StRegionTrends *self);
/* The position of point @point's region in the array it was made from. */
guint  st_region_trends_get_region (const StRegionTrends *self, guint point);
gint64 st_region_trends_get_start (const StRegionTrends *self, guint point);
gint64 st_region_trends_get_end (const StRegionTrends *self, guint point);
/* FALSE when the region lacks the metric ("not in this profile"). */
gboolean st_region_trends_get_value (const StRegionTrends *self,
                                     StTrendSeries         series,
                                     guint                 point,
                                     double               *value);
gboolean
      st_region_trends_is_outlier (const StRegionTrends *self, StTrendSeries series, guint point);
guint st_region_trends_get_n_outliers (const StRegionTrends *self, StTrendSeries series);
/* The series' median and how far from it a point is an outlier
 * (ST_TREND_OUTLIER_K × 1.4826 × MAD); FALSE when the series can have no
 * outlier: fewer than ST_TREND_MIN_VALUES values, or a MAD of 0. */
gboolean st_region_trends_get_limits (const StRegionTrends *self,
                                      StTrendSeries         series,
                                      double               *median,
                                      double               *distance);

const char  *st_trend_series_get_metric (StTrendSeries series); /* "span_ns", … */
StMetricUnit st_trend_series_get_unit (StTrendSeries series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StRegionTrends, st_region_trends_free)

G_END_DECLS
