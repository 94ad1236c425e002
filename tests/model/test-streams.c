/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Idle time per stream by kind, launch delays, queue length and the
 * overlap of communication by compute (docs/metrics.md 10 and 11), on
 * profiles written here with known answers: every expected value below is
 * worked out by hand from the events listed, in µs in the files and in ns
 * in the assertions. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-profile-loader.h"
#include "st-queue-length.h"
#include "st-stream-launches.h"
#include "st-summary.h"
#include "st-test-util.h"

#include <glib/gstdio.h>

#define US 1000

static char *tmp_dir;

static char *
write_file (const char *name, const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static StTrace *
load_text (const char *name, const char *text)
{
  g_autofree char   *path = write_file (name, text);
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  StTrace           *trace = st_trace_load_file (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_unlink (path);
  return trace;
}

static StSummary *
summarise (StTrace *trace, gint64 start, gint64 end)
{
  g_autoptr (GError) error = NULL;
  StSummary         *summary = st_summary_compute (trace, start, end, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static const StStreamUsage *
stream (StSummary *summary, const char *label)
{
  for (guint i = 0; i < st_summary_get_n_streams (summary); i++)
    if (g_str_equal (st_summary_get_stream (summary, i)->label, label))
      return st_summary_get_stream (summary, i);
  g_error ("no stream %s", label);
  return NULL;
}

static const StMetric *
metric (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  g_assert_nonnull (m);
  return m;
}

/* One GPU, one stream, one host thread; launches matched by correlation.
 *
 *   kernel  on the stream   launch call   the gap before it
 *   k1      [100, 200)      90            —
 *   k2      [250, 300)      220           [200, 250): launched after the stream went idle: host
 *   k3      [400, 450)      260           [300, 400): queued, a cudaStreamWaitEvent at 255
 *                                         after k2's launch (220): stream wait
 *   k4      [470, 500)      300           [450, 470): queued, no wait since k3's launch: other
 *   k5      [600, 650)      580           [500, 600): the host was in cudaStreamSynchronize
 *                                         [480, 570) when the stream went idle: stream wait
 *   k6      [700, 720)      none          [650, 700): no launch call: other
 *   k7      [760, 800)      730           [720, 760): the synchronisation [600, 710) had
 *                                         ended before the stream went idle: host
 *
 * Host wait 50 + 40 = 90, stream wait 100 + 100 = 200, other 20 + 50 = 70,
 * idle 360 in 6 gaps; busy 100 + 50 + 50 + 30 + 50 + 20 + 40 = 340. */
static const char kinds_trace[]
    = "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1, \"args\": {\"labels\": \"GPU "
      "0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": "
      "\"stream 7 \"}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 90, \"dur\": 5, \"args\": {\"correlation\": 1}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 220, \"dur\": 5, \"args\": {\"correlation\": 2}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaStreamWaitEvent\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 255, \"dur\": 3, \"args\": {\"correlation\": 90}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 260, \"dur\": 5, \"args\": {\"correlation\": 3}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 300, \"dur\": 5, \"args\": {\"correlation\": 4}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaStreamSynchronize\", \"pid\": "
      "100, \"tid\": 100, \"ts\": 480, \"dur\": 90, \"args\": {\"correlation\": 91}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 580, \"dur\": 5, \"args\": {\"correlation\": 5}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaStreamSynchronize\", \"pid\": "
      "100, \"tid\": 100, \"ts\": 600, \"dur\": 110, \"args\": {\"correlation\": 92}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 730, \"dur\": 5, \"args\": {\"correlation\": 7}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k1\", \"pid\": 1, \"tid\": 7, \"ts\": 100, "
      "\"dur\": 100, \"args\": {\"correlation\": 1}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k2\", \"pid\": 1, \"tid\": 7, \"ts\": 250, "
      "\"dur\": 50, \"args\": {\"correlation\": 2}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k3\", \"pid\": 1, \"tid\": 7, \"ts\": 400, "
      "\"dur\": 50, \"args\": {\"correlation\": 3}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k4\", \"pid\": 1, \"tid\": 7, \"ts\": 470, "
      "\"dur\": 30, \"args\": {\"correlation\": 4}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k5\", \"pid\": 1, \"tid\": 7, \"ts\": 600, "
      "\"dur\": 50, \"args\": {\"correlation\": 5}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k6\", \"pid\": 1, \"tid\": 7, \"ts\": 700, "
      "\"dur\": 20},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k7\", \"pid\": 1, \"tid\": 7, \"ts\": 760, "
      "\"dur\": 40, \"args\": {\"correlation\": 7}}\n"
      "]}\n";

/* The trace starts at its first event (90 µs): times below are from it. */
#define T(us) (((us)-90) * US)

static void
test_idle_kinds (void)
{
  g_autoptr (StTrace)   trace = load_text ("kinds.json", kinds_trace);
  g_autoptr (StSummary) s = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StStreamUsage  *u;

  g_assert_cmpuint (st_summary_get_n_streams (s), ==, 1);
  /* the track's name without its trailing space, after its device's label */
  u = stream (s, "GPU 0 / stream 7");
  g_assert_true (u->has_kinds);
  g_assert_cmpint (u->busy_ns, ==, 340 * US);
  g_assert_cmpint (u->idle_ns, ==, 360 * US);
  g_assert_cmpuint (u->gaps, ==, 6);
  g_assert_cmpint (u->kind_ns[ST_GAP_HOST_WAIT], ==, 90 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_STREAM_WAIT], ==, 200 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_OTHER], ==, 70 * US);
  /* 90 / 360 and 200 / 360 of the idle time */
  g_assert_cmpfloat_with_epsilon (metric (s, "idle_host_wait_percent")->value, 25.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (metric (s, "idle_stream_wait_percent")->value, 100.0 * 200 / 360,
                                  1e-9);
}

/* The cards' part of a summary, which the Summary page shows before its
 * operations tables, has the streams and idle shares test_idle_kinds
 * derives by hand. */
static void
test_cards_part (void)
{
  g_autoptr (StTrace)   trace = load_text ("kinds.json", kinds_trace);
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) s = st_summary_compute_parts (trace, 0, st_trace_get_end_ns (trace),
                                                      ST_SUMMARY_CARDS, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (st_summary_get_n_streams (s), ==, 1);
  g_assert_cmpint (stream (s, "GPU 0 / stream 7")->idle_ns, ==, 360 * US);
  g_assert_cmpfloat_with_epsilon (metric (s, "idle_host_wait_percent")->value, 25.0, 1e-9);
}

/* The launches table of @s, on kinds_trace over the whole trace, lists its
 * one stream with the numbers test_launches_and_queue works out below, named
 * by its track alone: the profile has one device. */
static void
assert_listed (StSummary *s, StTrace *trace)
{
  g_autoptr (GListModel)       list = st_summary_list_streams (s, trace);
  g_autoptr (StStreamLaunches) row = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 1);
  row = g_list_model_get_item (list, 0);
  g_assert_cmpstr (st_stream_launches_get_label (row), ==, "stream 7");
  g_assert_cmpuint (st_stream_launches_get_launches (row), ==, 6);
  g_assert_cmpint (st_stream_launches_get_delay (row, 0), ==, 30 * US);
  g_assert_cmpint (st_stream_launches_get_delay (row, 1), ==, 170 * US);
  g_assert_cmpint (st_stream_launches_get_delay (row, 3), ==, 170 * US);
  g_assert_cmpuint (st_stream_launches_get_queue (row), ==, 2);
}

/* The launch delays of k1…k7 but k6: 10, 30, 140, 170, 20, 30; sorted 10,
 * 20, 30, 30, 140, 170. Nearest rank: p50 the 3rd (30), p90 and p99 the
 * 6th (170). The queue: 1 from 90, 0 at 200, 1 at 220, 2 at 260 (and still
 * 2 at 300, k4 launched as k2 ends), 1 at 450, 0 at 500, 1 at 580, 0 at
 * 650, 1 at 730, 0 at 800. */
static void
test_launches_and_queue (void)
{
  g_autoptr (StTrace)    trace = load_text ("launches.json", kinds_trace);
  g_autoptr (StSummary)  s = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StStreamUsage   *u = stream (s, "GPU 0 / stream 7");
  StQueueLength         *queues = st_queue_length_ensure (trace, NULL);
  const StCounterSeries *q = st_queue_length_get_series (queues)[u->track];
  static const gint64    ts[] = { 90, 200, 220, 260, 450, 500, 580, 650, 730, 800 };
  static const double    values[] = { 1, 0, 1, 2, 1, 0, 1, 0, 1, 0 };
  guint                  max;

  g_assert_cmpuint (u->launches, ==, 6);
  g_assert_cmpint (u->delay_p50_ns, ==, 30 * US);
  g_assert_cmpint (u->delay_p90_ns, ==, 170 * US);
  g_assert_cmpint (u->delay_p99_ns, ==, 170 * US);
  g_assert_cmpint (u->delay_max_ns, ==, 170 * US);
  g_assert_true (u->has_queue);
  g_assert_cmpuint (u->queue_max, ==, 2);
  assert_listed (s, trace);

  g_assert_nonnull (q);
  g_assert_cmpuint (q->n_samples, ==, G_N_ELEMENTS (ts));
  for (guint i = 0; i < G_N_ELEMENTS (ts); i++)
    {
      g_assert_cmpint (q->ts[i], ==, T (ts[i]));
      g_assert_cmpfloat (q->values[i], ==, values[i]);
    }
  /* the value held at a range's start counts: 1 from 450 */
  g_assert_true (st_queue_length_get_max (queues, u->track, T (460), T (560), &max));
  g_assert_cmpuint (max, ==, 1);
  g_assert_true (st_queue_length_get_max (queues, u->track, T (300), T (301), &max));
  g_assert_cmpuint (max, ==, 2);
  /* no host track has a queue */
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    if (t != u->track)
      g_assert_null (st_queue_length_get_series (queues)[t]);
}

/* [230, 480): the parts of the gaps inside it, of each gap's own kind —
 * [230, 250) host 20, [300, 400) stream 100, [450, 470) other 20 — and
 * the runs' parts 50 + 50 + 10. The launches of k2, k3, k4 start inside
 * it: delays 30, 140, 170; p50 the 2nd (140), p90 the 3rd. The queue is 1
 * at 230 and 2 from 260. */
static void
test_range (void)
{
  g_autoptr (StTrace)   trace = load_text ("range.json", kinds_trace);
  g_autoptr (StSummary) s = summarise (trace, T (230), T (480));
  const StStreamUsage  *u = stream (s, "GPU 0 / stream 7");
  g_autoptr (StSummary) a = summarise (trace, T (0), T (400));
  g_autoptr (StSummary) b = summarise (trace, T (400), st_trace_get_end_ns (trace));
  const StStreamUsage  *ua = stream (a, "GPU 0 / stream 7"), *ub = stream (b, "GPU 0 / stream 7");

  g_assert_cmpint (u->busy_ns, ==, 110 * US);
  g_assert_cmpint (u->idle_ns, ==, 140 * US);
  g_assert_cmpuint (u->gaps, ==, 3);
  g_assert_cmpint (u->kind_ns[ST_GAP_HOST_WAIT], ==, 20 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_STREAM_WAIT], ==, 100 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_OTHER], ==, 20 * US);
  g_assert_cmpuint (u->launches, ==, 3);
  g_assert_cmpint (u->delay_p50_ns, ==, 140 * US);
  g_assert_cmpint (u->delay_p90_ns, ==, 170 * US);
  g_assert_cmpuint (u->queue_max, ==, 2);
  /* two adjacent ranges add up to their union: the gap [300, 400) falls
   * in the first, whole */
  for (guint k = 0; k < ST_N_GAP_KINDS; k++)
    g_assert_cmpint (ua->kind_ns[k] + ub->kind_ns[k], ==,
                     k == ST_GAP_HOST_WAIT     ? 90 * US
                     : k == ST_GAP_STREAM_WAIT ? 200 * US
                                               : 70 * US);
  g_assert_cmpint (ua->kind_ns[ST_GAP_STREAM_WAIT], ==, 100 * US);
}

/* Where the file records the device side of synchronisation (a cuda_sync
 * slice on a device track), only the "Stream Wait Event" slices on the
 * stream say a wait was enqueued, not the host's cudaStreamWaitEvent.
 *
 *   k1 [100, 200) launched at 90; k2 [300, 350) at 150; k3 [400, 420) at 210.
 *   [200, 300): k2 was queued (150 < 200), a Stream Wait Event on the
 *   stream at 120, after k1's launch (90): stream wait, 100.
 *   [350, 400): k3 was queued (210 < 350); the host's cudaStreamWaitEvent
 *   at 205 does not count here and the stream has no wait after k2's
 *   launch (150): other, 50. */
static const char records_trace[]
    = "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1, \"args\": {\"labels\": \"GPU "
      "0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 7, \"args\": {\"name\": "
      "\"stream 7\"}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 90, \"dur\": 5, \"args\": {\"correlation\": 1}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaStreamWaitEvent\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 119, \"dur\": 3, \"args\": {\"correlation\": 8}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 150, \"dur\": 5, \"args\": {\"correlation\": 2}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaStreamWaitEvent\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 205, \"dur\": 3, \"args\": {\"correlation\": 9}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 100, "
      "\"tid\": 100, \"ts\": 210, \"dur\": 5, \"args\": {\"correlation\": 3}},\n"
      "{\"ph\": \"X\", \"cat\": \"cuda_sync\", \"name\": \"Stream Wait Event\", \"pid\": 1, "
      "\"tid\": 7, \"ts\": 120, \"dur\": 1, \"args\": {\"correlation\": 8}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k1\", \"pid\": 1, \"tid\": 7, \"ts\": 100, "
      "\"dur\": 100, \"args\": {\"correlation\": 1}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k2\", \"pid\": 1, \"tid\": 7, \"ts\": 300, "
      "\"dur\": 50, \"args\": {\"correlation\": 2}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k3\", \"pid\": 1, \"tid\": 7, \"ts\": 400, "
      "\"dur\": 20, \"args\": {\"correlation\": 3}}\n"
      "]}\n";

static void
test_device_side_waits (void)
{
  g_autoptr (StTrace)   trace = load_text ("records.json", records_trace);
  g_autoptr (StSummary) s = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StStreamUsage  *u = stream (s, "GPU 0 / stream 7");

  g_assert_cmpint (u->idle_ns, ==, 150 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_STREAM_WAIT], ==, 100 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_OTHER], ==, 50 * US);
  g_assert_cmpint (u->kind_ns[ST_GAP_HOST_WAIT], ==, 0);
}

/* Without a launch call anywhere the gaps have no kind: the idle time is
 * there, its split, the shares, the launches and the queue are not. */
static const char no_launch_trace[] = "{\"traceEvents\": [\n"
                                      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1, "
                                      "\"args\": {\"labels\": \"GPU 0\"}},\n"
                                      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, "
                                      "\"tid\": 7, \"args\": {\"name\": \"stream 7\"}},\n"
                                      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k1\", "
                                      "\"pid\": 1, \"tid\": 7, \"ts\": 0, \"dur\": 10},\n"
                                      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k2\", "
                                      "\"pid\": 1, \"tid\": 7, \"ts\": 30, \"dur\": 10},\n"
                                      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k3\", "
                                      "\"pid\": 1, \"tid\": 7, \"ts\": 45, \"dur\": 0}\n"
                                      "]}\n";

static void
test_no_launches (void)
{
  g_autoptr (StTrace)   trace = load_text ("no-launch.json", no_launch_trace);
  g_autoptr (StSummary) s = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StStreamUsage  *u = stream (s, "GPU 0 / stream 7");

  /* k3 takes no time: one gap, [10, 30) */
  g_assert_cmpint (u->idle_ns, ==, 20 * US);
  g_assert_cmpuint (u->gaps, ==, 1);
  g_assert_cmpint (u->busy_ns, ==, 20 * US);
  g_assert_false (u->has_kinds);
  g_assert_false (u->has_queue);
  g_assert_cmpuint (u->launches, ==, 0);
  g_assert_false (metric (s, "idle_host_wait_percent")->present);
  g_assert_false (metric (s, "idle_stream_wait_percent")->present);
  /* no communication either */
  g_assert_false (metric (s, "communication_overlap_percent")->present);
  g_assert_false (st_overlap_has_communication (st_summary_get_overlap (s)));
}

/* GPU 0: compute [0, 100) and [150, 250) on stream 7, an all-reduce
 * [50, 200) on stream 8: 150 of communication, of it [50, 100) and
 * [150, 200) under compute: 100, two thirds. GPU 1 computes only. The
 * profile spans [0, 250): bins of 5 µs; bins 10–19 are [50, 100), all
 * overlapped; 20–29 [100, 150), none; 30–39 [150, 200), all; the others
 * have no communication. */
static const char overlap_trace[]
    = "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1, \"args\": {\"labels\": \"GPU "
      "0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 2, \"args\": {\"labels\": \"GPU "
      "1\"}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 1, \"tid\": 7, \"ts\": 0, "
      "\"dur\": 100},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 1, \"tid\": 7, \"ts\": "
      "150, \"dur\": 100},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", "
      "\"pid\": 1, \"tid\": 8, \"ts\": 50, \"dur\": 150},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 2, \"tid\": 7, \"ts\": 0, "
      "\"dur\": 250}\n"
      "]}\n";

static void
test_overlap (void)
{
  g_autoptr (StTrace)   trace = load_text ("overlap.json", overlap_trace);
  g_autoptr (StSummary) s = summarise (trace, 0, 250 * US);
  StOverlap            *o = st_summary_get_overlap (s);
  const StOverlapBin   *bins = st_overlap_get_bins (o);
  const StOverlapRow   *gpu0, *gpu1;

  g_assert_cmpuint (st_overlap_get_n_devices (o), ==, 2);
  gpu0 = st_overlap_get_device (o, 0);
  gpu1 = st_overlap_get_device (o, 1);
  g_assert_cmpstr (gpu0->label, ==, "GPU 0");
  g_assert_cmpint (gpu0->communication_ns, ==, 150 * US);
  g_assert_cmpint (gpu0->overlapped_ns, ==, 100 * US);
  g_assert_true (gpu0->has_percent);
  g_assert_cmpfloat_with_epsilon (gpu0->overlap_percent, 100.0 * 2 / 3, 1e-9);
  g_assert_cmpint (gpu1->communication_ns, ==, 0);
  g_assert_false (gpu1->has_percent);
  /* the mean over the devices that communicate: GPU 0 alone */
  g_assert_cmpfloat_with_epsilon (metric (s, "communication_overlap_percent")->value, 100.0 * 2 / 3,
                                  1e-9);
  g_assert_cmpuint (st_overlap_get_n_ranks (o), ==, 0);
  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    {
      g_assert_cmpint (bins[k].start, ==, k * 5 * US);
      g_assert_cmpint (bins[k].end, ==, (k + 1) * 5 * US);
      if (k < 10 || k >= 40)
        {
          g_assert_false (bins[k].has_percent);
          continue;
        }
      g_assert_cmpint (bins[k].communication_ns, ==, 5 * US);
      g_assert_cmpfloat (bins[k].overlap_percent, ==, k < 20 || k >= 30 ? 100 : 0);
    }
}

/* A range of 7 ns: the bins are [⌊k × 7 / 50⌋, ⌊(k + 1) × 7 / 50⌋), so
 * most are empty, and they still tile the range. */
static void
test_overlap_bins_of_a_short_range (void)
{
  g_autoptr (StTrace)   trace = load_text ("short.json", overlap_trace);
  g_autoptr (StSummary) s = summarise (trace, 60 * US, 60 * US + 7);
  const StOverlapBin   *bins = st_overlap_get_bins (st_summary_get_overlap (s));
  gint64                total = 0;

  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    {
      g_assert_cmpint (bins[k].start, ==, 60 * US + (gint64)k * 7 / 50);
      total += bins[k].communication_ns;
      g_assert_cmpint (bins[k].overlapped_ns, ==, bins[k].communication_ns);
    }
  /* the all-reduce and a gemm cover all 7 ns */
  g_assert_cmpint (total, ==, 7);
}

/* Two files, one rank each: rank 0 communicates 100 µs, 40 of them under
 * compute; rank 1 communicates 50 µs, all of them under compute. Per rank
 * 40 % and 100 %; the profile's value is the mean over the devices, 70 %. */
static const char rank_trace[]
    = "{\"distributedInfo\": {\"rank\": %d}, \"baseTimeNanoseconds\": 0, \"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 1, \"args\": {\"labels\": \"GPU "
      "0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 8, \"args\": {\"name\": "
      "\"stream 8\"}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 1, \"tid\": 7, \"ts\": 0, "
      "\"dur\": %d},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce\", \"pid\": 1, "
      "\"tid\": 8, \"ts\": %d, \"dur\": %d}\n"
      "]}\n";

static void
test_overlap_per_rank (void)
{
  g_autofree char *text0 = g_strdup_printf (rank_trace, 0, 100, 60, 100);
  g_autofree char *text1 = g_strdup_printf (rank_trace, 1, 100, 0, 50);
  char            *paths[] = { write_file ("rank0.json", text0), write_file ("rank1.json", text1) };
  g_autoptr (GError)    error = NULL;
  g_autoptr (StTrace)   trace = st_profile_load_args (paths, 2, ST_ALIGN_CLOCK, 1, &error);
  g_autoptr (StSummary) s = NULL;
  StOverlap            *o;

  g_assert_no_error (error);
  s = summarise (trace, 0, st_trace_get_end_ns (trace));
  o = st_summary_get_overlap (s);
  g_assert_cmpuint (st_overlap_get_n_ranks (o), ==, 2);
  g_assert_cmpstr (st_overlap_get_rank (o, 0)->label, ==, "rank 0");
  g_assert_cmpint (st_overlap_get_rank (o, 0)->communication_ns, ==, 100 * US);
  g_assert_cmpint (st_overlap_get_rank (o, 0)->overlapped_ns, ==, 40 * US);
  g_assert_cmpfloat_with_epsilon (st_overlap_get_rank (o, 0)->overlap_percent, 40, 1e-9);
  g_assert_cmpfloat_with_epsilon (st_overlap_get_rank (o, 1)->overlap_percent, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (metric (s, "communication_overlap_percent")->value, 70, 1e-9);
  /* the streams carry their rank */
  g_assert_cmpuint (stream (s, "rank 1 / GPU 0 / stream 8")->file, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_unlink (paths[i]);
      g_free (paths[i]);
    }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("strata-streams-XXXXXX", NULL);
  g_test_add_func ("/model/streams/idle-kinds", test_idle_kinds);
  g_test_add_func ("/model/streams/cards-part", test_cards_part);
  g_test_add_func ("/model/streams/launches-and-queue", test_launches_and_queue);
  g_test_add_func ("/model/streams/range", test_range);
  g_test_add_func ("/model/streams/device-side-waits", test_device_side_waits);
  g_test_add_func ("/model/streams/no-launches", test_no_launches);
  g_test_add_func ("/model/streams/overlap", test_overlap);
  g_test_add_func ("/model/streams/overlap-bins-short-range", test_overlap_bins_of_a_short_range);
  g_test_add_func ("/model/streams/overlap-per-rank", test_overlap_per_rank);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  return status;
}
