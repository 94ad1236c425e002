/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Trends per step (docs/metrics.md 9.1): a merged profile of five ranks,
 * written here, each with the steps ProfilerStep#10 … #15 at the same
 * times, so every expected value follows from how the files were built
 * (µs in the files, ns here).
 *
 * Step i (0 … 5) of every rank starts at 1000 i µs and lasts 100 µs; rank
 * 2's step 13 lasts 300 µs. On each rank's GPU 0 in step i: a gemm
 * [s, s+50) and an all-reduce [s+60, s+80) (in step 15: [s+60, s+100)).
 * Device time 80 µs, busy 70 µs: 87.5 %, exposed communication 20 µs (in
 * step 15: 100 µs, 90 µs, 90 %, 40 µs). Memory: [memory] events of
 * GPU 0 with Total Allocated (100 + i) MiB at s+10 ((200 + i) MiB on rank
 * 4) and 10 MiB at s+90, so a step's peak is the first. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-profile-loader.h"
#include "st-step-trends.h"
#include "st-test-util.h"

#include <glib/gstdio.h>

#define US      1000
#define MIB     (1024.0 * 1024.0)
#define N_RANKS 5
#define N_STEPS 6

static gint64
step_length (guint rank, guint i)
{
  return rank == 2 && i == 3 ? 300 : 100;
}

static char *
rank_json (guint rank)
{
  GString *json = g_string_new (NULL);

  g_string_append_printf (
      json,
      "{\"distributedInfo\": {\"rank\": %u, \"world_size\": %u}, \"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}",
      rank, N_RANKS);
  for (guint i = 0; i < N_STEPS; i++)
    {
      gint64 s = 1000 * i;
      guint  mib = (rank == 4 ? 200 : 100) + i;

      g_string_append_printf (
          json,
          ",\n{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#%u\", "
          "\"pid\": 1, \"tid\": 1, \"ts\": %" G_GINT64_FORMAT ", \"dur\": %" G_GINT64_FORMAT "}"
          ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, "
          "\"ts\": %" G_GINT64_FORMAT ", \"dur\": 50}"
          ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": "
          "\"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", \"pid\": 0, \"tid\": 13, "
          "\"ts\": %" G_GINT64_FORMAT ", \"dur\": %u}"
          ",\n{\"ph\": \"i\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 1, "
          "\"ts\": %" G_GINT64_FORMAT ", \"args\": {\"Device Type\": 1, \"Device Id\": 0, "
          "\"Bytes\": 1, \"Total Allocated\": %" G_GUINT64_FORMAT "}}"
          ",\n{\"ph\": \"i\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 1, "
          "\"ts\": %" G_GINT64_FORMAT ", \"args\": {\"Device Type\": 1, \"Device Id\": 0, "
          "\"Bytes\": -1, \"Total Allocated\": %" G_GUINT64_FORMAT "}}",
          10 + i, s, step_length (rank, i), s, s + 60, i == 5 ? 40 : 20, s + 10, (guint64)mib << 20,
          s + 90, (guint64)10 << 20);
    }
  g_string_append (json, "\n]}\n");
  return g_string_free (json, FALSE);
}

static StStepTrends *
load_and_compute (char **dir)
{
  g_autoptr (GPtrArray)       files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (StProfileLoader) loader = NULL;
  g_autoptr (StTrace)         trace = NULL;
  g_autoptr (GError)          error = NULL;
  StStepTrends               *trends;

  *dir = g_dir_make_tmp ("strata-step-trends-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint r = 0; r < N_RANKS; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank%u.json", r);
      g_autofree char *path = g_build_filename (*dir, name, NULL);
      g_autofree char *json = rank_json (r);

      g_assert_true (g_file_set_contents (path, json, -1, &error));
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  loader = st_profile_loader_new ((GFile **)files->pdata, files->len);
  trace = st_profile_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  trends = st_step_trends_compute (trace, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trends;
}

static double
value (StStepTrends *t, StStepTrendSeries series, guint rank, guint step)
{
  double v = -1;

  g_assert_true (st_step_trends_get_value (t, series, rank, step, &v));
  return v;
}

static void
test_values (void)
{
  g_autofree char         *dir = NULL;
  g_autoptr (StStepTrends) t = load_and_compute (&dir);

  /* the ranks' steps at the same times are each rank's own */
  g_assert_cmpuint (st_step_trends_get_n_ranks (t), ==, N_RANKS);
  g_assert_cmpuint (st_step_trends_get_n_steps (t), ==, N_STEPS);
  for (guint r = 0; r < N_RANKS; r++)
    {
      g_autofree char *label = g_strdup_printf ("rank %u", r);

      g_assert_cmpstr (st_step_trends_get_rank_label (t, r), ==, label);
      for (guint i = 0; i < N_STEPS; i++)
        {
          StSliceRef slice;
          gint64     start, end;

          g_assert_cmpint (st_step_trends_get_step_number (t, i), ==, 10 + i);
          g_assert_true (st_step_trends_get_span (t, r, i, &slice, &start, &end));
          g_assert_cmpint (start, ==, 1000 * i * US);
          g_assert_cmpint (end - start, ==, step_length (r, i) * US);
          g_assert_cmpfloat (value (t, ST_STEP_TREND_TIME, r, i), ==, step_length (r, i) * US);
          g_assert_cmpfloat_with_epsilon (value (t, ST_STEP_TREND_BUSY, r, i), i == 5 ? 90.0 : 87.5,
                                          1e-9);
          g_assert_cmpfloat (value (t, ST_STEP_TREND_EXPOSED, r, i), ==, (i == 5 ? 40 : 20) * US);
          g_assert_cmpfloat (value (t, ST_STEP_TREND_MEMORY_PEAK, r, i), ==,
                             ((r == 4 ? 200 : 100) + i) * MIB);
        }
    }
  st_test_remove_tree (dir);
}

/* Step time: rank 2's values are 100 µs but one 300 µs, MAD 0, so σ is
 * the floor (1 µs, and 1 % of 100 µs): only that point stands out; the
 * step's median over the ranks is 100 µs, no outlier step. Step 15's
 * exposed communication (40 µs against a median of 20, σ 1 µs) stands
 * out on every rank and as a step; its busy, 90 % against 87.5 with σ
 * 0.875 (1 % of the median), lies 2.5 from it, within 3σ = 2.625: not.
 * Memory: rank 4's median peak 202.5 MiB against the ranks' 102.5 MiB,
 * σ 1.025 MiB: an outlier rank; within each rank the peaks 100 … 105 MiB
 * have a MAD of 1.5 MiB, σ 2.22 MiB: no outlier point. */
static void
test_outliers (void)
{
  g_autofree char         *dir = NULL;
  g_autoptr (StStepTrends) t = load_and_compute (&dir);

  for (guint r = 0; r < N_RANKS; r++)
    for (guint i = 0; i < N_STEPS; i++)
      {
        g_assert_cmpint (st_step_trends_is_outlier (t, ST_STEP_TREND_TIME, r, i), ==,
                         r == 2 && i == 3);
        g_assert_cmpint (st_step_trends_is_outlier (t, ST_STEP_TREND_EXPOSED, r, i), ==, i == 5);
        g_assert_false (st_step_trends_is_outlier (t, ST_STEP_TREND_BUSY, r, i));
        g_assert_false (st_step_trends_is_outlier (t, ST_STEP_TREND_MEMORY_PEAK, r, i));
      }
  for (guint i = 0; i < N_STEPS; i++)
    {
      g_assert_false (st_step_trends_is_outlier_step (t, ST_STEP_TREND_TIME, i));
      g_assert_cmpint (st_step_trends_is_outlier_step (t, ST_STEP_TREND_EXPOSED, i), ==, i == 5);
    }
  for (guint r = 0; r < N_RANKS; r++)
    {
      g_assert_cmpint (st_step_trends_is_outlier_rank (t, ST_STEP_TREND_MEMORY_PEAK, r), ==,
                       r == 4);
      g_assert_false (st_step_trends_is_outlier_rank (t, ST_STEP_TREND_TIME, r));
    }
  /* rank 2's step 13, and step 15 on the five ranks */
  g_assert_cmpuint (st_step_trends_count_outliers (t), ==, 1 + N_RANKS);
  st_test_remove_tree (dir);
}

/* One GPU without communication: two steps of 100 µs, each with gemms at
 * [s, s+50) and [s+99, s+100): device time 100 µs, busy 51 µs, 51 %. Its
 * steps have no communication to expose: absent ("not in this profile"),
 * not 0 ns, while their busy share is there. */
static void
test_no_communication (void)
{
  static const char text[]
      = "{\"traceEvents\": ["
        "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\", \"pid\": 1, "
        "\"tid\": 1, \"ts\": 0, \"dur\": 100},"
        "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, "
        "\"ts\": 0, \"dur\": 50},"
        "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, "
        "\"ts\": 99, \"dur\": 1},"
        "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#2\", \"pid\": 1, "
        "\"tid\": 1, \"ts\": 100, \"dur\": 100},"
        "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, "
        "\"ts\": 100, \"dur\": 50},"
        "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, "
        "\"ts\": 199, \"dur\": 1}]}";
  g_autoptr (GError)       error = NULL;
  g_autoptr (StTrace)      trace = st_test_load_text (text, -1);
  g_autoptr (StStepTrends) t = st_step_trends_compute (trace, NULL, NULL, NULL, &error);
  double                   v;

  g_assert_no_error (error);
  g_assert_cmpuint (st_step_trends_get_n_steps (t), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_false (st_step_trends_get_value (t, ST_STEP_TREND_EXPOSED, 0, i, &v));
      g_assert_true (st_step_trends_get_value (t, ST_STEP_TREND_BUSY, 0, i, &v));
      g_assert_cmpfloat_with_epsilon (v, 51.0, 1e-9);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/step-trends/values", test_values);
  g_test_add_func ("/step-trends/outliers", test_outliers);
  g_test_add_func ("/step-trends/no-communication", test_no_communication);
  return g_test_run ();
}
