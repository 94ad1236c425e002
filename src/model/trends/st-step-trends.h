/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-step-trends.h: trends per step (docs/metrics.md 9.1): each rank's
 * step time, device busy, exposed communication and peak memory in each of
 * its ProfilerStep#N steps, the steps matched across the ranks of a merged
 * profile by N, and what stands out by the rule of docs/metrics.md 17.4:
 * the points that are outliers of their rank's steps, the outlier steps
 * (their median over the ranks) and the outlier ranks (their median over
 * the steps).
 *
 * Computed on any thread, one summary per rank and step.
 */
#pragma once

#include <gio/gio.h>

#include "st-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ST_STEP_TREND_TIME,        /* step_time_ns */
  ST_STEP_TREND_BUSY,        /* device_busy_percent */
  ST_STEP_TREND_EXPOSED,     /* exposed_communication_ns */
  ST_STEP_TREND_MEMORY_PEAK, /* memory_peak_bytes */
  ST_N_STEP_TRENDS
} StStepTrendSeries;

/* docs/metrics.md 17.4: a set of fewer values has no outlier; an outlier
 * lies more than this many robust spreads from the median. */
#define ST_STEP_TRENDS_MIN_VALUES 5
#define ST_STEP_TRENDS_SPREADS    3.0

typedef struct _StStepTrends StStepTrends;

/* Called on the computing thread after each rank's step. */
typedef void (*StStepTrendsProgress) (guint done, guint total, gpointer user_data);

/* The steps of @trace and their values; a profile without steps gives
 * trends of no step. NULL with an error when cancelled. */
StStepTrends *st_step_trends_compute (StTrace             *trace,
                                      StStepTrendsProgress progress,
                                      gpointer             user_data,
                                      GCancellable        *cancellable,
                                      GError             **error);
void          st_step_trends_free (StStepTrends *self);

/* The ranks with a step: files of the trace, in file order. */
guint       st_step_trends_get_n_ranks (const StStepTrends *self);
guint       st_step_trends_get_rank_file (const StStepTrends *self, guint rank);
const char *st_step_trends_get_rank_label (const StStepTrends *self, guint rank); /* "rank 3" */
/* The steps' numbers over all ranks, in order. */
guint  st_step_trends_get_n_steps (const StStepTrends *self);
gint64 st_step_trends_get_step_number (const StStepTrends *self, guint step);

/* Where @rank ran @step: its slice and its range; FALSE when it has no
 * such step. */
gboolean st_step_trends_get_span (const StStepTrends *self,
                                  guint               rank,
                                  guint               step,
                                  StSliceRef         *slice,
                                  gint64             *start,
                                  gint64             *end);
/* FALSE where absent ("not in this profile", or no such step). */
gboolean st_step_trends_get_value (const StStepTrends *self,
                                   StStepTrendSeries   series,
                                   guint               rank,
                                   guint               step,
                                   double             *value);
/* An outlier of @rank's values over its steps. */
gboolean st_step_trends_is_outlier (const StStepTrends *self,
                                    StStepTrendSeries   series,
                                    guint               rank,
                                    guint               step);
/* The step's value (the median over the ranks) is an outlier of the
 * steps' values. */
gboolean
st_step_trends_is_outlier_step (const StStepTrends *self, StStepTrendSeries series, guint step);
/* The rank's value (the median over its steps) is an outlier of the
 * ranks' values. */
gboolean
st_step_trends_is_outlier_rank (const StStepTrends *self, StStepTrendSeries series, guint rank);
/* The points that are outliers, over every series. */
guint st_step_trends_count_outliers (const StStepTrends *self);

const char  *st_step_trend_series_get_metric (StStepTrendSeries series); /* "step_time_ns", … */
StMetricUnit st_step_trend_series_get_unit (StStepTrendSeries series);

/* docs/metrics.md 17.4: the median of @n values (an even count: the mean
 * of the two middle ones) and their robust spread, no less than @floor;
 * FALSE for fewer than ST_STEP_TRENDS_MIN_VALUES values. */
gboolean
st_step_trends_robust (const double *values, guint n, double floor, double *median, double *spread);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StStepTrends, st_step_trends_free)

G_END_DECLS
