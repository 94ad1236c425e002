/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-trends.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  guint  region; /* position in the array */
  gint64 start;
  gint64 end;
  double values[ST_N_TRENDS];
  guint8 present; /* a bit per series */
  guint8 outlier; /* a bit per series */
} Point;

typedef struct
{
  gboolean has_limits;
  double   median;
  double   distance;
  guint    n_outliers;
} Limits;

struct _StRegionTrends
{
  StRegionMethod method;
  GArray        *points; /* Point, in time order */
  Limits         limits[ST_N_TRENDS];
};

static const struct
{
  const char  *metric;
  StMetricUnit unit;
} series_info[ST_N_TRENDS] = {
  [ST_TREND_DURATION] = { "span_ns", ST_UNIT_NS },
  [ST_TREND_DEVICE_BUSY] = { "device_busy_percent", ST_UNIT_PERCENT },
  [ST_TREND_COMMUNICATION] = { "communication_time_ns", ST_UNIT_NS },
  [ST_TREND_EXPOSED_COMMUNICATION] = { "exposed_communication_ns", ST_UNIT_NS },
  [ST_TREND_MEMORY] = { "memory_time_ns", ST_UNIT_NS },
};

StRegionTrends *
st_region_trends_new (const StRegionArray *regions, StRegionMethod method)
{
  StRegionTrends *self = g_new0 (StRegionTrends, 1);
  guint           n = st_region_array_get_length (regions);

  self->method = method;
  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
  for (guint i = 0; i < n; i++)
    {
      Point p = { 0 };

      if (st_region_array_get_method (regions, i) != method)
        continue;
      p.region = i;
      p.start = st_region_array_get_start (regions, i);
      p.end = st_region_array_get_end (regions, i);
      g_array_append_val (self->points, p);
    }
  return self;
}

void
st_region_trends_free (StRegionTrends *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->points);
  g_free (self);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

/* The median of @n sorted values: for an even count, the mean of the two
 * middle ones (as for median_kernel_ns, docs/metrics.md 2). */
static double
sorted_median (const double *v, guint n)
{
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* docs/metrics.md 9: the median and 3 × 1.4826 × MAD of the values
 * present, and the points further than that from the median. */
static void
find_outliers (StRegionTrends *self, StTrendSeries series)
{
  Limits            *limits = &self->limits[series];
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (double));
  double             mad;

  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);

      if (p->present & (1u << series))
        g_array_append_val (v, p->values[series]);
    }
  if (v->len < ST_TREND_MIN_VALUES)
    return;
  qsort (v->data, v->len, sizeof (double), compare_doubles);
  limits->median = sorted_median ((const double *)v->data, v->len);
  for (guint i = 0; i < v->len; i++)
    g_array_index (v, double, i) = fabs (g_array_index (v, double, i) - limits->median);
  qsort (v->data, v->len, sizeof (double), compare_doubles);
  mad = sorted_median ((const double *)v->data, v->len);
  if (mad == 0)
    return;
  limits->has_limits = TRUE;
  limits->distance = ST_TREND_OUTLIER_K * ST_TREND_MAD_SCALE * mad;
  for (guint i = 0; i < self->points->len; i++)
    {
      Point *p = &g_array_index (self->points, Point, i);

      if ((p->present & (1u << series))
          && fabs (p->values[series] - limits->median) > limits->distance)
        {
          p->outlier |= 1u << series;
          limits->n_outliers++;
        }
    }
}

static void
take_values (Point *p, StSummary *summary)
{
  for (guint s = 0; s < ST_N_TRENDS; s++)
    {
      const StMetric *m = st_summary_lookup (summary, series_info[s].metric);

      if (m != NULL && m->present)
        {
          p->values[s] = m->value;
          p->present |= 1u << s;
        }
    }
}

gboolean
st_region_trends_compute (StRegionTrends        *self,
                          StTrace               *trace,
                          StRegionTrendsProgress progress,
                          gpointer               user_data,
                          GCancellable          *cancellable,
                          GError               **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (ST_IS_TRACE (trace), FALSE);

  for (guint i = 0; i < self->points->len; i++)
    {
      Point                *p = &g_array_index (self->points, Point, i);
      g_autoptr (StSummary) summary = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      summary = st_summary_compute (trace, p->start, p->end, cancellable, error);
      if (summary == NULL)
        return FALSE;
      p->present = p->outlier = 0;
      take_values (p, summary);
      if (progress != NULL)
        progress (i + 1, self->points->len, user_data);
    }
  memset (self->limits, 0, sizeof self->limits);
  for (guint s = 0; s < ST_N_TRENDS; s++)
    find_outliers (self, s);
  return TRUE;
}

StRegionMethod
st_region_trends_get_method (const StRegionTrends *self)
{
  return self->method;
}

guint
st_region_trends_get_n_points (const StRegionTrends *self)
{
  return self->points->len;
}

static const Point *
point_at (const StRegionTrends *self, guint point)
{
  g_return_val_if_fail (point < self->points->len, NULL);
  return &g_array_index (self->points, Point, point);
}

guint
st_region_trends_get_region (const StRegionTrends *self, guint point)
{
  const Point *p = point_at (self, point);

  return p ? p->region : G_MAXUINT;
}

gint64
st_region_trends_get_start (const StRegionTrends *self, guint point)
{
  const Point *p = point_at (self, point);

  return p ? p->start : 0;
}

gint64
st_region_trends_get_end (const StRegionTrends *self, guint point)
{
  const Point *p = point_at (self, point);

  return p ? p->end : 0;
}

gboolean
st_region_trends_get_value (const StRegionTrends *self,
                            StTrendSeries         series,
                            guint                 point,
                            double               *value)
{
  const Point *p = point_at (self, point);

  g_return_val_if_fail (series < ST_N_TRENDS, FALSE);
  if (p == NULL || !(p->present & (1u << series)))
    return FALSE;
  *value = p->values[series];
  return TRUE;
}

gboolean
st_region_trends_is_outlier (const StRegionTrends *self, StTrendSeries series, guint point)
{
  const Point *p = point_at (self, point);

  g_return_val_if_fail (series < ST_N_TRENDS, FALSE);
  return p != NULL && (p->outlier & (1u << series)) != 0;
}

guint
st_region_trends_get_n_outliers (const StRegionTrends *self, StTrendSeries series)
{
  g_return_val_if_fail (series < ST_N_TRENDS, 0);
  return self->limits[series].n_outliers;
}

gboolean
st_region_trends_get_limits (const StRegionTrends *self,
                             StTrendSeries         series,
                             double               *median,
                             double               *distance)
{
  g_return_val_if_fail (series < ST_N_TRENDS, FALSE);
  if (!self->limits[series].has_limits)
    return FALSE;
  *median = self->limits[series].median;
  *distance = self->limits[series].distance;
  return TRUE;
}

const char *
st_trend_series_get_metric (StTrendSeries series)
{
  g_return_val_if_fail (series < ST_N_TRENDS, NULL);
  return series_info[series].metric;
}

StMetricUnit
st_trend_series_get_unit (StTrendSeries series)
{
  g_return_val_if_fail (series < ST_N_TRENDS, ST_UNIT_NONE);
  return series_info[series].unit;
}
