/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A counter track read at a time and over a range (docs/metrics.md 19): a
 * hand-made series whose values were worked out by hand in the comments,
 * and a counter track of a small trace written at test time. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-counter-reading.h"
#include "st-trace-loader.h"
#include "st-test-util.h"

#include <glib/gstdio.h>

/* 4 at 10 ns, 8 and then 2 at 20 ns (8 holds for no time), 6 at 40 ns, 1
 * at 70 ns: the example of docs/metrics.md 19.2. */
static gint64 sample_ts[] = { 10, 20, 20, 40, 70 };
static double sample_values[] = { 4, 8, 2, 6, 1 };

static StCounterSeries
example_series (void)
{
  StCounterSeries s = { 0 };

  s.n_samples = G_N_ELEMENTS (sample_ts);
  s.ts = sample_ts;
  s.values = sample_values;
  return s;
}

/* The value of the last sample at or before t, and its time. */
static void
test_value_at (void)
{
  StCounterSeries s = example_series ();
  double          v = -1;
  gint64          since = -1;

  /* before the first sample: no value yet, not 0 */
  g_assert_false (st_counter_series_value_at (&s, 5, &v, &since));
  g_assert_true (st_counter_series_value_at (&s, 10, &v, &since));
  g_assert_cmpfloat (v, ==, 4);
  g_assert_cmpint (since, ==, 10);
  /* of the two samples at 20 ns the last holds */
  g_assert_true (st_counter_series_value_at (&s, 20, &v, &since));
  g_assert_cmpfloat (v, ==, 2);
  g_assert_cmpint (since, ==, 20);
  g_assert_true (st_counter_series_value_at (&s, 39, &v, &since));
  g_assert_cmpfloat (v, ==, 2);
  g_assert_cmpint (since, ==, 20);
  /* the last sample holds from its time on */
  g_assert_true (st_counter_series_value_at (&s, 1000, &v, &since));
  g_assert_cmpfloat (v, ==, 1);
  g_assert_cmpint (since, ==, 70);
}

/* [15, 60): 4 over [15, 20), 2 over [20, 40), 6 over [40, 60): mean
 * (20 + 40 + 120) / 45 = 4; 8 is never in force, so the max is 6. */
static void
test_range_inside (void)
{
  StCounterSeries     s = example_series ();
  StCounterRangeStats r;

  g_assert_true (st_counter_series_range_stats (&s, 15, 60, &r));
  g_assert_true (r.has_start_value);
  g_assert_cmpfloat (r.start_value, ==, 4);
  g_assert_cmpfloat (r.end_value, ==, 6);
  g_assert_cmpfloat (r.min, ==, 2);
  g_assert_cmpfloat (r.max, ==, 6);
  g_assert_cmpfloat_with_epsilon (r.mean, 4.0, 1e-12);
  g_assert_cmpint (r.known_ns, ==, 45);
  /* the samples at 20, 20 and 40 ns */
  g_assert_cmpuint (r.samples, ==, 3);
}

/* [0, 30): known from 10 ns, 4 over [10, 20), 2 over [20, 30): mean
 * (40 + 20) / 20 = 3, no value at the start. */
static void
test_range_before_first (void)
{
  StCounterSeries     s = example_series ();
  StCounterRangeStats r;

  g_assert_true (st_counter_series_range_stats (&s, 0, 30, &r));
  g_assert_false (r.has_start_value);
  g_assert_cmpfloat (r.end_value, ==, 2);
  g_assert_cmpfloat (r.min, ==, 2);
  g_assert_cmpfloat (r.max, ==, 4);
  g_assert_cmpfloat_with_epsilon (r.mean, 3.0, 1e-12);
  g_assert_cmpint (r.known_ns, ==, 20);
  g_assert_cmpuint (r.samples, ==, 3);
}

/* The edges: a range that starts at a sample takes it as the start value;
 * the sample at a range's end is not in it; a range wholly before the
 * first sample has no statistics. */
static void
test_range_edges (void)
{
  StCounterSeries     s = example_series ();
  StCounterRangeStats r;

  /* [70, 100): 1 throughout */
  g_assert_true (st_counter_series_range_stats (&s, 70, 100, &r));
  g_assert_true (r.has_start_value);
  g_assert_cmpfloat (r.start_value, ==, 1);
  g_assert_cmpfloat (r.end_value, ==, 1);
  g_assert_cmpfloat (r.mean, ==, 1);
  g_assert_cmpuint (r.samples, ==, 1);
  /* [30, 40): 2 throughout; 6 starts at the end, outside */
  g_assert_true (st_counter_series_range_stats (&s, 30, 40, &r));
  g_assert_cmpfloat (r.end_value, ==, 2);
  g_assert_cmpfloat (r.max, ==, 2);
  g_assert_cmpfloat (r.mean, ==, 2);
  g_assert_cmpuint (r.samples, ==, 0);
  g_assert_false (st_counter_series_range_stats (&s, 0, 10, &r));
}

/* A counter track as a trace has it: "Queue" with series "depth" and
 * "bytes" written at 1, 3 and 6 µs. */
static void
test_track_reading (void)
{
  static const char json[]
      = "{\"traceEvents\":["
        "{\"ph\":\"C\",\"name\":\"Queue\",\"pid\":1,\"ts\":1,\"args\":{\"depth\":3}},"
        "{\"ph\":\"C\",\"name\":\"Queue\",\"pid\":1,\"ts\":3,\"args\":{\"depth\":5}},"
        "{\"ph\":\"C\",\"name\":\"Queue\",\"pid\":1,\"ts\":6,\"args\":{\"depth\":1}},"
        "{\"ph\":\"X\",\"name\":\"work\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10}]}";
  g_autofree char    *path = NULL;
  g_autoptr (GFile)   file = NULL;
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  g_autoptr (GArray)  reading = NULL;
  const StTrack      *track = NULL;
  StCounterRangeStats r;
  int                 fd = g_file_open_tmp ("counter-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, json, -1, &error));
  g_close (fd, NULL);
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    if (st_trace_get_track (trace, i)->kind == ST_TRACK_COUNTER)
      track = st_trace_get_track (trace, i);
  g_assert_nonnull (track);
  g_assert_cmpuint (track->n_series, ==, 1);

  /* at 4 µs the sample of 3 µs holds: 5 */
  reading = st_counter_track_read_at (track, 4000);
  g_assert_cmpuint (reading->len, ==, 1);
  g_assert_cmpfloat (g_array_index (reading, StCounterReading, 0).value, ==, 5);
  g_assert_cmpint (g_array_index (reading, StCounterReading, 0).since, ==, 3000);
  g_assert_cmpuint (g_array_index (reading, StCounterReading, 0).series, ==, 0);
  g_clear_pointer (&reading, g_array_unref);
  reading = st_counter_track_read_at (track, 500);
  g_assert_cmpuint (reading->len, ==, 0);

  /* [2, 8) µs: 3 for 1 µs, 5 for 3 µs, 1 for 2 µs: (3 + 15 + 2) / 6 */
  g_assert_true (st_counter_series_range_stats (&track->series[0], 2000, 8000, &r));
  g_assert_cmpfloat (r.min, ==, 1);
  g_assert_cmpfloat (r.max, ==, 5);
  g_assert_cmpfloat_with_epsilon (r.mean, 20.0 / 6.0, 1e-12);
  g_assert_cmpfloat (r.start_value, ==, 3);
  g_assert_cmpfloat (r.end_value, ==, 1);
  g_unlink (path);
}

/* As the track writes values: bytes with B after their prefix. */
static void
test_format (void)
{
  g_autofree char *kb = st_counter_format_value (ST_COUNTER_UNIT_BYTES, 10240);
  g_autofree char *b = st_counter_format_value (ST_COUNTER_UNIT_BYTES, 512);
  g_autofree char *k = st_counter_format_value (ST_COUNTER_UNIT_NONE, 10240);
  g_autofree char *half = st_counter_format_value (ST_COUNTER_UNIT_NONE, 0.5);

  g_assert_cmpstr (kb, ==, "10.24 kB");
  g_assert_cmpstr (b, ==, "512 B");
  g_assert_cmpstr (k, ==, "10.24 k");
  g_assert_cmpstr (half, ==, "0.5");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/counter/value-at", test_value_at);
  g_test_add_func ("/model/counter/range/inside", test_range_inside);
  g_test_add_func ("/model/counter/range/before-first", test_range_before_first);
  g_test_add_func ("/model/counter/range/edges", test_range_edges);
  g_test_add_func ("/model/counter/track", test_track_reading);
  g_test_add_func ("/model/counter/format", test_format);

  return g_test_run ();
}
