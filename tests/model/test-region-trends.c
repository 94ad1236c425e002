/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Trends across regions (docs/metrics.md 9): per region of one method, in
 * time order, its duration, device busy, communication, exposed
 * communication and memory time, and the outliers of each series. The
 * trace is written here, so every expected value follows from how it was
 * built; µs in the file, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-region-trends.h"
#include "st-test-util.h"

#define US 1000

/* The steps (µs): R0 … R5 hold device work, R6 none. R3 is the slow one. */
static const gint64 step_start[] = { 0, 1000, 2000, 3000, 4000, 5000, 6000 };
static const gint64 step_length[] = { 100, 104, 96, 300, 102, 98, 100 };
#define N_STEPS     G_N_ELEMENTS (step_start)
#define N_WITH_WORK 6

static void
add_event (GString *json, guint tid, const char *cat, const char *name, gint64 ts, gint64 dur)
{
  g_string_append_printf (json,
                          ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": 0, "
                          "\"tid\": %u, \"ts\": %" G_GINT64_FORMAT ", \"dur\": %" G_GINT64_FORMAT
                          "}",
                          cat, name, tid, ts, dur);
}

/* In each step s of R0 … R5, on GPU 0: a gemm [s, s+50) and a copy
 * [s+80, s+90) on stream 7, an all-reduce [s+40, s+70) on stream 13. So
 * per step: device time [s, s+90) = 90 µs; busy [s, s+70) ∪ [s+80, s+90)
 * = 80 µs, 100 × 80 / 90 %; communication 30 µs; exposed communication
 * [s+50, s+70) = 20 µs; memory 10 µs. */
static StTrace *
load_steps (void)
{
  g_autoptr (GString) json = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}}");

  for (guint i = 0; i < N_WITH_WORK; i++)
    {
      gint64 s = step_start[i];

      add_event (json, 7, "kernel", "gemm", s, 50);
      add_event (json, 13, "kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", s + 40, 30);
      add_event (json, 7, "gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", s + 80, 10);
    }
  g_string_append (json, "\n]}\n");
  return st_test_load_text (json->str, json->len);
}

/* The steps as hierarchy regions; a manual region over all of them and four
 * stack regions (µs): [7000, 7100), [7200, 7310), [7400, 7490),
 * [8000, 9000). */
static StRegionArray *
make_regions (void)
{
  StRegionArray *regions = st_region_array_new ();

  for (guint i = 0; i < N_STEPS; i++)
    {
      g_autofree char *name = g_strdup_printf ("ProfilerStep#%u", i);

      st_region_array_add (regions, name, step_start[i] * US, (step_start[i] + step_length[i]) * US,
                           ST_REGION_HIERARCHY);
    }
  st_region_array_add (regions, "all", 0, 6100 * US, ST_REGION_MANUAL);
  st_region_array_add (regions, "a", 7000 * US, 7100 * US, ST_REGION_STACK);
  st_region_array_add (regions, "b", 7200 * US, 7310 * US, ST_REGION_STACK);
  st_region_array_add (regions, "c", 7400 * US, 7490 * US, ST_REGION_STACK);
  st_region_array_add (regions, "d", 8000 * US, 9000 * US, ST_REGION_STACK);
  st_region_array_sort (regions);
  return regions;
}

static void
count_progress (guint done, guint total, gpointer user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (done, ==, *calls + 1);
  g_assert_cmpuint (total, ==, N_STEPS);
  (*calls)++;
}

static StRegionTrends *
compute (StTrace *trace, StRegionArray *regions, StRegionMethod method)
{
  g_autoptr (StRegionTrends) trends = st_region_trends_new (regions, method);
  g_autoptr (GError)         error = NULL;

  g_assert_true (st_region_trends_compute (trends, trace, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&trends);
}

static double
value (StRegionTrends *trends, StTrendSeries series, guint point)
{
  double v = -1;

  g_assert_true (st_region_trends_get_value (trends, series, point, &v));
  return v;
}

/* Each step's own values, in time order, and where its region is. */
static void
test_values (void)
{
  g_autoptr (StTrace)        trace = load_steps ();
  g_autoptr (StRegionArray)  regions = make_regions ();
  g_autoptr (StRegionTrends) trends = st_region_trends_new (regions, ST_REGION_HIERARCHY);
  g_autoptr (GError)         error = NULL;
  guint                      calls = 0;
  double                     v;

  g_assert_true (st_region_trends_compute (trends, trace, count_progress, &calls, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (calls, ==, N_STEPS);
  g_assert_cmpuint (st_region_trends_get_n_points (trends), ==, N_STEPS);
  for (guint i = 0; i < N_STEPS; i++)
    {
      guint region = st_region_trends_get_region (trends, i);

      /* the manual region [0, 6100) sorts after R0 [0, 100), by its end */
      g_assert_cmpuint (region, ==, i == 0 ? 0 : i + 1);
      g_assert_cmpint (st_region_trends_get_start (trends, i), ==, step_start[i] * US);
      g_assert_cmpint (st_region_trends_get_end (trends, i), ==,
                       (step_start[i] + step_length[i]) * US);
      g_assert_cmpfloat (value (trends, ST_TREND_DURATION, i), ==, step_length[i] * US);
      if (i >= N_WITH_WORK)
        {
          /* no device event: the device metrics are absent, not 0 */
          g_assert_false (st_region_trends_get_value (trends, ST_TREND_DEVICE_BUSY, i, &v));
          g_assert_false (st_region_trends_get_value (trends, ST_TREND_MEMORY, i, &v));
          continue;
        }
      g_assert_cmpfloat_with_epsilon (value (trends, ST_TREND_DEVICE_BUSY, i), 100.0 * 80 / 90,
                                      1e-9);
      g_assert_cmpfloat (value (trends, ST_TREND_COMMUNICATION, i), ==, 30 * US);
      g_assert_cmpfloat (value (trends, ST_TREND_EXPOSED_COMMUNICATION, i), ==, 20 * US);
      g_assert_cmpfloat (value (trends, ST_TREND_MEMORY, i), ==, 10 * US);
    }
}

/* Durations (µs) 100, 104, 96, 300, 102, 98, 100: sorted 96, 98, 100, 100,
 * 102, 104, 300, median 100. Absolute differences 0, 4, 4, 200, 2, 2, 0:
 * sorted 0, 0, 2, 2, 4, 4, 200, MAD 2. An outlier lies more than
 * 3 × 1.4826 × 2 = 8.8956 µs from 100: only R3's 300. */
static void
test_outlier (void)
{
  g_autoptr (StTrace)        trace = load_steps ();
  g_autoptr (StRegionArray)  regions = make_regions ();
  g_autoptr (StRegionTrends) trends = compute (trace, regions, ST_REGION_HIERARCHY);
  double                     median = 0, distance = 0;

  g_assert_true (st_region_trends_get_limits (trends, ST_TREND_DURATION, &median, &distance));
  g_assert_cmpfloat (median, ==, 100 * US);
  g_assert_cmpfloat_with_epsilon (distance, 8895.6, 1e-6);
  g_assert_cmpuint (st_region_trends_get_n_outliers (trends, ST_TREND_DURATION), ==, 1);
  for (guint i = 0; i < N_STEPS; i++)
    g_assert_cmpint (st_region_trends_is_outlier (trends, ST_TREND_DURATION, i), ==, i == 3);
  /* every step with work has the same busy, communication and memory: a
   * MAD of 0, so no outlier */
  for (StTrendSeries s = ST_TREND_DEVICE_BUSY; s < ST_N_TRENDS; s++)
    {
      g_assert_false (st_region_trends_get_limits (trends, s, &median, &distance));
      g_assert_cmpuint (st_region_trends_get_n_outliers (trends, s), ==, 0);
    }
}

/* The stack regions' durations (µs) 100, 110, 90, 1000: median 105,
 * differences 5, 5, 15, 895, MAD 10, so 1000 lies beyond 3 × 1.4826 × 10
 * of the median; but a series of four values has no outlier. */
static void
test_too_few (void)
{
  g_autoptr (StTrace)        trace = load_steps ();
  g_autoptr (StRegionArray)  regions = make_regions ();
  g_autoptr (StRegionTrends) trends = compute (trace, regions, ST_REGION_STACK);
  double                     median, distance;

  g_assert_cmpuint (st_region_trends_get_n_points (trends), ==, 4);
  g_assert_cmpfloat (value (trends, ST_TREND_DURATION, 3), ==, 1000 * US);
  g_assert_false (st_region_trends_get_limits (trends, ST_TREND_DURATION, &median, &distance));
  g_assert_false (st_region_trends_is_outlier (trends, ST_TREND_DURATION, 3));
}

static void
test_cancel (void)
{
  g_autoptr (StTrace)        trace = load_steps ();
  g_autoptr (StRegionArray)  regions = make_regions ();
  g_autoptr (StRegionTrends) trends = st_region_trends_new (regions, ST_REGION_HIERARCHY);
  g_autoptr (GCancellable)   cancellable = g_cancellable_new ();
  g_autoptr (GError)         error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (st_region_trends_compute (trends, trace, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/region-trends/values", test_values);
  g_test_add_func ("/region-trends/outlier", test_outlier);
  g_test_add_func ("/region-trends/too-few", test_too_few);
  g_test_add_func ("/region-trends/cancel", test_cancel);
  return g_test_run ();
}
