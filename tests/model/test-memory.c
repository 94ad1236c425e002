/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Memory from PyTorch's "[memory]" events (docs/metrics.md 12): the counter
 * track each device gets on the timeline, and the peaks the Summary shows
 * for a range with the allocation at the peak. tests/data/memory/peaks.json
 * is written by hand; every expected value below is read off its events
 * (µs in the file, ns here):
 *
 *   GPU 0 (type 1, id 0)  ts 10 +100 → 100 / 1000 reserved, ts 20 +300 → 400,
 *                         ts 30 −300 → 100, ts 40 +500 → 600 / 2000 (in
 *                         aten::empty [39, 42) in aten::linear [35, 45)),
 *                         ts 50 −500 → 100, ts 60 +200 → 300, ts 70 +300 → 600
 *   GPU 2 (type 1, id 2)  Bytes only: +50, −80, +100, −100 (the last two at
 *                         ts 13, in that order): change 50, −30, 70, −30
 *   GPU 1 (type 6, id 1)  ts 33 +64 → 64, no Total Reserved
 *   CPU of pid 10         ts 15 +8 → 8, ts 25 +16 → 24, ts 26 −8 → 16
 *   CPU of pid 20         ts 50 +4 → 4
 *   an event without Device Id at ts 5, left out. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-memory-peak.h"
#include "st-summary.h"
#include "st-test-util.h"

#define US 1000

static const StCounterSeries *
series_named (StTrace *trace, const StTrack *track, const char *name)
{
  for (guint i = 0; i < track->n_series; i++)
    if (g_str_equal (st_trace_get_string (trace, track->series[i].name), name))
      return &track->series[i];
  return NULL;
}

/* docs/metrics.md 12.2: "Memory · GPU 0" in the GPU's process, Reserved
 * drawn first, then Allocated; values in bytes. */
static void
test_counter_tracks (void)
{
  g_autoptr (StTrace) trace = st_test_load ("memory", "peaks.json", NULL);
  const StTrack      *gpu
      = st_trace_get_track (trace, st_test_track (trace, "python3", "Memory \302\267 GPU 0"));
  const StCounterSeries *allocated = series_named (trace, gpu, "Allocated");
  const StCounterSeries *reserved = series_named (trace, gpu, "Reserved");
  static const double    expected[] = { 100, 400, 100, 600, 100, 300, 600 };

  g_assert_cmpint (gpu->kind, ==, ST_TRACK_COUNTER);
  g_assert_cmpuint (gpu->n_series, ==, 2);
  g_assert_true (&gpu->series[0] == reserved);
  g_assert_cmpuint (allocated->n_samples, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpfloat (allocated->values[i], ==, expected[i]);
  g_assert_cmpint (allocated->ts[0], ==, 10 * US);
  g_assert_cmpint (allocated->unit, ==, ST_COUNTER_UNIT_BYTES);
  g_assert_cmpfloat (reserved->max, ==, 2000);
  g_assert_cmpfloat (reserved->values[0], ==, 1000);
}

/* Without Total Allocated: the running sum of Bytes, events at the same
 * time in the order of the file; the CPU has no Reserved series; a HIP
 * device is a GPU too. */
static void
test_counter_change_and_cpu (void)
{
  g_autoptr (StTrace) trace = st_test_load ("memory", "peaks.json", NULL);
  const StTrack      *change
      = st_trace_get_track (trace, st_test_track (trace, "Process 2", "Memory \302\267 GPU 2"));
  const StTrack *cpu
      = st_trace_get_track (trace, st_test_track (trace, "python3", "Memory \302\267 CPU"));
  const StCounterSeries *sum = series_named (trace, change, "Allocated change");
  static const double    expected[] = { 50, -30, 70, -30 };

  g_assert_nonnull (sum);
  g_assert_cmpuint (change->n_series, ==, 1);
  g_assert_cmpuint (sum->n_samples, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpfloat (sum->values[i], ==, expected[i]);
  g_assert_cmpuint (cpu->n_series, ==, 1);
  g_assert_cmpfloat (series_named (trace, cpu, "Allocated")->max, ==, 24);
  g_assert_cmpint (st_test_find_track (trace, "Process 1", "Memory \302\267 GPU 1"), >=, 0);
  g_assert_cmpint (st_test_find_track (trace, "worker", "Memory \302\267 CPU"), >=, 0);
}

static GArray *
peaks_of (StTrace *trace, gint64 start, gint64 end)
{
  StMemoryTimeline *timeline = st_memory_timeline_ensure (trace, NULL);

  g_assert_nonnull (timeline);
  return st_memory_peaks_compute (timeline, trace, start, end);
}

static const StMemoryPeak *
peak_of (GArray *peaks, const char *label)
{
  for (guint i = 0; i < peaks->len; i++)
    if (g_str_equal (g_array_index (peaks, StMemoryPeak, i).label, label))
      return &g_array_index (peaks, StMemoryPeak, i);
  g_error ("no memory device %s", label);
  return NULL;
}

/* docs/metrics.md 12.1: by type and index, then the CPUs by pid, labelled
 * with their pids as the file has two. */
static void
test_devices (void)
{
  g_autoptr (StTrace) trace = st_test_load ("memory", "peaks.json", NULL);
  g_autoptr (GArray)  peaks = peaks_of (trace, 0, st_trace_get_end_ns (trace));
  static const char  *order[] = { "GPU 0", "GPU 2", "GPU 1", "CPU (pid 10)", "CPU (pid 20)" };

  g_assert_cmpuint (peaks->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpstr (g_array_index (peaks, StMemoryPeak, i).label, ==, order[i]);
}

/* The whole profile: 600 reached at 40 µs (70 µs writes 600 again: the
 * earliest counts), +500 B inside aten::empty; 2000 reserved from 40 µs. */
static void
test_whole_peaks (void)
{
  g_autoptr (StTrace) trace = st_test_load ("memory", "peaks.json", NULL);
  g_autoptr (GArray)  peaks = peaks_of (trace, 0, st_trace_get_end_ns (trace));
  const StMemoryPeak *gpu = peak_of (peaks, "GPU 0");
  const StMemoryPeak *change = peak_of (peaks, "GPU 2");
  const StMemoryPeak *cpu = peak_of (peaks, "CPU (pid 10)");
  const StMemoryPeak *hip = peak_of (peaks, "GPU 1");

  g_assert_false (gpu->allocated_is_change);
  g_assert_cmpfloat (gpu->allocated.bytes, ==, 600);
  g_assert_cmpint (gpu->allocated.ts, ==, 40 * US);
  g_assert_cmpfloat (gpu->allocated.event_bytes, ==, 500);
  g_assert_true (gpu->has_op);
  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_slice (trace, gpu->op)->name), ==,
                   "aten::empty");
  g_assert_cmpint (st_trace_get_slice (trace, gpu->op)->start, ==, 39 * US);
  g_assert_cmpfloat (gpu->reserved.bytes, ==, 2000);
  g_assert_cmpint (gpu->reserved.ts, ==, 40 * US);
  /* 50, −30, 70, −30: the +100 at 13 µs came before the −100 */
  g_assert_true (change->allocated_is_change);
  g_assert_cmpfloat (change->allocated.bytes, ==, 70);
  g_assert_cmpfloat (change->allocated.event_bytes, ==, 100);
  g_assert_false (change->reserved.present);
  g_assert_cmpfloat (cpu->allocated.bytes, ==, 24);
  g_assert_cmpint (cpu->allocated.ts, ==, 25 * US);
  g_assert_false (cpu->reserved.present);
  /* at 25 µs only the step encloses it */
  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_slice (trace, cpu->op)->name), ==,
                   "ProfilerStep#1");
  g_assert_cmpfloat (hip->allocated.bytes, ==, 64);
  g_assert_false (hip->reserved.present);
}

/* docs/metrics.md 12.3: the value in force at the start counts. */
static void
test_range_peaks (void)
{
  g_autoptr (StTrace) trace = st_test_load ("memory", "peaks.json", NULL);
  g_autoptr (GArray)  middle = peaks_of (trace, 15 * US, 25 * US);
  g_autoptr (GArray)  after = peaks_of (trace, 45 * US, 50 * US);
  g_autoptr (GArray)  late = peaks_of (trace, 51 * US, 65 * US);
  g_autoptr (GArray)  before = peaks_of (trace, 0, 5 * US);
  const StMemoryPeak *p;

  /* 100 in force at 15 µs, 400 set at 20 µs */
  p = peak_of (middle, "GPU 0");
  g_assert_cmpfloat (p->allocated.bytes, ==, 400);
  g_assert_cmpint (p->allocated.ts, ==, 20 * US);
  /* nothing in [45, 50): 600 in force, set at 40 µs before the range */
  p = peak_of (after, "GPU 0");
  g_assert_cmpfloat (p->allocated.bytes, ==, 600);
  g_assert_cmpint (p->allocated.ts, ==, 40 * US);
  /* 100 in force at 51 µs, then 300 at 60 µs; 2000 reserved since 40 µs,
   * which 50 µs only wrote again */
  p = peak_of (late, "GPU 0");
  g_assert_cmpfloat (p->allocated.bytes, ==, 300);
  g_assert_cmpint (p->allocated.ts, ==, 60 * US);
  g_assert_cmpfloat (p->allocated.event_bytes, ==, 200);
  g_assert_cmpint (p->reserved.ts, ==, 40 * US);
  /* GPU 1 writes its first value at 33 µs and the CPU of pid 20 at 50 µs:
   * in [15, 25) only GPU 0, GPU 2 and the CPU of pid 10 count */
  g_assert_cmpuint (middle->len, ==, 3);
  /* before any event, memory is unknown: no device counts */
  g_assert_cmpuint (before->len, ==, 0);
}

/* The Summary carries the peaks of its range, in the cards' part the
 * Summary page shows before its operations tables too; a profile without
 * memory events has none. */
static void
test_summary (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("memory", "peaks.json", NULL);
  g_autoptr (StTrace)   plain = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) summary = st_summary_compute (trace, 51 * US, 65 * US, NULL, NULL);
  g_autoptr (StSummary) none
      = st_summary_compute (plain, 0, st_trace_get_end_ns (plain), NULL, NULL);
  g_autoptr (StSummary) cards
      = st_summary_compute_parts (trace, 51 * US, 65 * US, ST_SUMMARY_CARDS, NULL, NULL);

  g_assert_cmpfloat (peak_of (st_summary_get_memory_peaks (summary), "GPU 0")->allocated.bytes, ==,
                     300);
  g_assert_cmpfloat (peak_of (st_summary_get_memory_peaks (cards), "GPU 0")->allocated.bytes, ==,
                     300);
  g_assert_cmpuint (st_summary_get_memory_peaks (none)->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/memory/counter-tracks", test_counter_tracks);
  g_test_add_func ("/model/memory/counter-change-and-cpu", test_counter_change_and_cpu);
  g_test_add_func ("/model/memory/devices", test_devices);
  g_test_add_func ("/model/memory/peaks/whole", test_whole_peaks);
  g_test_add_func ("/model/memory/peaks/range", test_range_peaks);
  g_test_add_func ("/model/memory/summary", test_summary);
  return g_test_run ();
}
