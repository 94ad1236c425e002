/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Chrome JSON importer on real traces and on hand-made edge cases:
 * the facts a person relies on (counts, names, nesting, times, flows). */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-event-scan.h"
#include "st-test-util.h"

#include <string.h>

#define US(x) ((gint64)(x)*1000)

static void
assert_slice (const StSlice *s, gint64 start, gint64 dur, guint depth)
{
  g_assert_nonnull (s);
  g_assert_cmpint (s->start, ==, start);
  g_assert_cmpint (s->dur, ==, dur);
  g_assert_cmpuint (s->depth, ==, depth);
}

static void
test_trivial (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "catapult_trivial_trace.json", NULL);
  guint               t = st_test_track (trace, "Process 52", "Thread 53");

  g_assert_cmpstr (st_trace_get_format (trace), ==, "chrome-json");
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, US (9524));
  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 4);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 2);
  assert_slice (st_test_find_slice (trace, t, "a"), 0, US (36), 0);
  assert_slice (st_test_find_slice (trace, t, "b"), US (105), US (2), 0);
  g_assert_cmpint (st_trace_get_end_ns (trace), ==, US (107));
}

/* X events that share a start nest by duration, whatever the file order. */
static void
test_matching_start (void)
{
  g_autoptr (StTrace) trace
      = st_test_load ("real", "speedscope_x-events-matching-start.json", NULL);
  guint t = st_test_track (trace, "Process 0", "Thread 0");

  assert_slice (st_test_find_slice_at (trace, t, "alpha", 0), 0, US (20), 0);
  assert_slice (st_test_find_slice_at (trace, t, "beta", US (1)), US (1), US (2), 1);
  assert_slice (st_test_find_slice_at (trace, t, "gamma", US (1)), US (1), US (1), 2);
  assert_slice (st_test_find_slice_at (trace, t, "gamma", US (5)), US (5), US (2), 1);
  assert_slice (st_test_find_slice_at (trace, t, "beta", US (5)), US (5), US (1), 2);
  assert_slice (st_test_find_slice_at (trace, t, "gamma", US (9)), US (9), US (2), 1);
  assert_slice (st_test_find_slice_at (trace, t, "beta", US (9)), US (9), US (1), 2);
  assert_slice (st_test_find_slice_at (trace, t, "beta", US (13)), US (13), US (2), 1);
  assert_slice (st_test_find_slice_at (trace, t, "gamma", US (13)), US (13), US (1), 2);
  g_assert_null (st_test_warning (trace, ST_WARNING_OVERLAPPING));
}

/* "At equal time a B opens before an E closes": an E written before the B
 * it closes makes a zero-length slice, not a broken stack. */
static void
test_zero_duration (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "speedscope_zero-duration-events.json", NULL);
  guint               t = st_test_track (trace, "Process 0", "Thread 0");
  guint               n;

  assert_slice (st_test_find_slice (trace, t, "A"), 0, US (10), 0);
  assert_slice (st_test_find_slice (trace, t, "B"), US (1), 0, 1);
  assert_slice (st_test_find_slice (trace, t, "C"), US (2), 0, 1);
  assert_slice (st_test_find_slice (trace, t, "D"), US (3), 0, 1);
  st_trace_get_warnings (trace, &n);
  g_assert_cmpuint (n, ==, 0);
}

/* An E naming an open slice that is not on top closes that one; the slice
 * left open past its parent goes to an extra lane. */
static void
test_unbalanced_name (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "speedscope_unbalanced-name.json", NULL);
  guint               t = st_test_track (trace, "Process 0", "Thread 0");
  const StSlice      *beta = st_test_find_slice (trace, t, "beta");

  assert_slice (st_test_find_slice (trace, t, "alpha"), 0, US (9), 0);
  assert_slice (beta, US (1), US (9), 1);
  g_assert_true (beta->flags & ST_SLICE_OVERLAPPING);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_OVERLAPPING), ==, 1);
}

static void
test_too_many_ends (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "speedscope_too-many-end-events.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 2);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_END), ==, 2);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISMATCHED_END), ==, 2);
}

/* catapult's test trace: an E named unlike the open slice closes the top. */
static void
test_mismatched_end_closes_top (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "catapult_simple_trace.json", NULL);
  guint               t = st_test_track (trace, "Process 22630", "threadA");
  const StSlice      *s = st_test_find_slice (trace, t, "Asub with a name that wont fit");

  g_assert_nonnull (s);
  g_assert_cmpint (s->dur, ==, US (1));
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISMATCHED_END), ==, 1);
}

static void
test_unclosed_real (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("real", "catapult_unclosed_slices_array.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_UNCLOSED_BEGIN);
  guint                  did_not_end = 0;

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 3386);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 1684);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 4);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack *track = st_trace_get_track (trace, i);
      for (guint k = 0; k < track->n_slices; k++)
        if (track->slices[k].flags & ST_SLICE_DID_NOT_END)
          {
            did_not_end++;
            g_assert_cmpint (track->slices[k].start + track->slices[k].dur, ==,
                             st_trace_get_end_ns (trace));
          }
    }
  g_assert_cmpuint (did_not_end, ==, 4);
}

static const char *
process_pid (StTrace *trace, guint index)
{
  return st_trace_get_string (trace, st_trace_get_process (trace, index)->pid);
}

static gboolean
has_flow (StTrace *trace, const char *from, const char *to)
{
  gsize         n;
  const StFlow *flows = st_trace_get_flows (trace, &n);

  for (gsize i = 0; i < n; i++)
    if (g_str_equal (st_trace_get_string (trace, st_trace_get_slice (trace, flows[i].from)->name),
                     from)
        && g_str_equal (st_trace_get_string (trace, st_trace_get_slice (trace, flows[i].to)->name),
                        to))
      return TRUE;
  return FALSE;
}

/* s binds to the enclosing slice; t and f without bp "e" to the next slice
 * that starts (or the enclosing one when none starts later). */
static void
test_flows_v1 (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "catapult_flow_simple.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->flows, ==, 3);
  g_assert_true (has_flow (trace, "SenderA", "OtherSlice"));
  g_assert_true (has_flow (trace, "OtherSlice", "SomeSlice"));
  g_assert_true (has_flow (trace, "SenderB", "Blergh"));
}

static void
test_flows_v2 (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "catapult_webview_flowv2.json.gz", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 9334);
  g_assert_cmpint (st_trace_get_counts (trace)->flows, ==, 590);
  g_assert_true (has_flow (trace, "WebURLLoaderImpl::Context::Start",
                           "WebURLLoaderImpl::Context::OnReceivedRedirect"));
  g_assert_true (has_flow (trace, "WebURLLoaderImpl::Context::OnReceivedResponse",
                           "WebURLLoaderImpl::Context::OnReceivedData"));
  g_assert_false (has_flow (trace, "WebURLLoaderImpl::Context::OnCompletedRequest",
                            "WebURLLoaderImpl::Context::Cancel"));
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_FLOW), ==, 34);
}

/* Kineto's launch -> GPU arrows: 155 starts and 345 ends in the file,
 * 206 ends without a start; 22 kernels are stamped before their launch
 * (clock skew) and still pair by id. */
static void
test_flows_ac2g (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "hta_alexnet_critical_path.json.gz", NULL);
  gsize               n;
  const StFlow       *flows = st_trace_get_flows (trace, &n);

  g_assert_cmpuint (n, ==, 139);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_FLOW), ==, 206);
  for (gsize i = 0; i < n; i++)
    {
      const char *from
          = st_trace_get_string (trace, st_trace_get_slice (trace, flows[i].from)->cat);
      guint from_process = st_trace_get_track (trace, flows[i].from.track)->process;
      guint to_process = st_trace_get_track (trace, flows[i].to.track)->process;

      /* a runtime call on the host to its work on the GPU (device 0) */
      g_assert_cmpstr (from, ==, "cuda_runtime");
      g_assert_cmpstr (process_pid (trace, from_process), ==, "2869224");
      g_assert_cmpstr (process_pid (trace, to_process), ==, "0");
      g_assert_cmpstr (st_trace_get_string (trace, flows[i].cat), ==, "ac2g");
    }
}

static void
test_flow_binding (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "flow-binding.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->flows, ==, 2);
  g_assert_true (has_flow (trace, "launch", "kernel"));
  g_assert_true (has_flow (trace, "outer", "next"));
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_FLOW), ==, 1);
}

static void
test_flow_v2_chain (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "flow-v2.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->flows, ==, 2);
  g_assert_true (has_flow (trace, "A", "B"));
  g_assert_true (has_flow (trace, "B", "C"));
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_FLOW), ==, 1);
}

static void
test_async (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "legacy-and-nestable-async.json", NULL);
  guint               request = st_test_track (trace, "Process 1", "request");
  guint               read = st_test_track (trace, "Process 1", "read");
  const StTrack      *t;

  t = st_trace_get_track (trace, request);
  g_assert_cmpint (t->kind, ==, ST_TRACK_ASYNC);
  /* Two requests overlap in time: they get two lanes, not parent and child. */
  assert_slice (st_test_find_slice_at (trace, request, "request", 0), 0, US (9), 0);
  assert_slice (st_test_find_slice (trace, request, "dns"), US (1), US (2), 1);
  assert_slice (st_test_find_slice_at (trace, request, "request", US (4)), US (4), US (2), 2);
  g_assert_cmpuint (t->n_instants, ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, t->instants[0].name), ==, "resolved");
  assert_slice (st_test_find_slice (trace, read, "read"), 0, US (8), 0);
  g_assert_cmpuint (st_trace_get_track (trace, read)->n_instants, ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_ASYNC), ==, 1);
}

/* An async id given as id2, and ids told apart by their scope: the same
 * id "0x2" in scopes a and b is two slices, a from 0 to 2 µs and b from 1
 * to 4 µs (were the scope ignored, the end at 2 µs would close the later
 * begin: 1 µs and 4 µs). Read by hand from async-id2-scope.json. */
static void
test_async_id2_scope (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "async-id2-scope.json", NULL);
  guint               req = st_test_track (trace, "Process 1", "req");
  guint               job = st_test_track (trace, "Process 1", "job");

  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISSING_FIELD), ==, 0);
  g_assert_cmpint (st_test_find_slice (trace, req, "req")->dur, ==, US (5));
  g_assert_cmpint (st_test_find_slice_at (trace, job, "job", 0)->dur, ==, US (2));
  g_assert_cmpint (st_test_find_slice_at (trace, job, "job", US (1))->dur, ==, US (3));
}

static void
test_async_real (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "catapult_async_begin_end.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 35);
  g_assert_cmpint (st_trace_get_counts (trace)->instants, ==, 7);
  g_assert_cmpint (st_trace_get_n_processes (trace), ==, 4);
  /* The 'F' of id bf1 has no 'S'; 'b' ub, 'S' us and 'S' bf2 never end. */
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNMATCHED_ASYNC), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNCLOSED_BEGIN), ==, 3);
}

static void
test_instants (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "instant-scopes.json", NULL);
  guint               global = st_test_track (trace, "Global", "Global instants");
  guint               process = st_test_track (trace, "Process 1", "Process instants");
  guint               thread = st_test_track (trace, "Process 1", "Thread 1");
  const StTrack      *t;

  g_assert_cmpint (global, ==, 0); /* the global row comes first */
  g_assert_cmpuint (st_trace_get_track (trace, global)->n_instants, ==, 1);
  g_assert_cmpuint (st_trace_get_track (trace, process)->n_instants, ==, 1);
  t = st_trace_get_track (trace, thread);
  g_assert_cmpint (t->kind, ==, ST_TRACK_INSTANTS);
  g_assert_cmpuint (t->n_instants, ==, 2);
  g_assert_cmpint (t->instants[0].phase, ==, 'i');
  g_assert_cmpint (t->instants[1].phase, ==, 'R');
  g_assert_cmpint (t->instants[1].ts, ==, US (3));
}

static void
test_counters (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "counters.json", NULL);
  const StTrack *memory = st_trace_get_track (trace, st_test_track (trace, "Process 1", "memory"));
  const StCounterSeries *used = NULL, *free_ = NULL;

  g_assert_cmpint (st_test_find_track (trace, "Process 1", "queue[7]"), >=, 0);
  g_assert_cmpint (st_test_find_track (trace, "Process 1", "queue[8]"), >=, 0);
  g_assert_cmpint (memory->kind, ==, ST_TRACK_COUNTER);
  for (guint i = 0; i < memory->n_series; i++)
    {
      const char *name = st_trace_get_string (trace, memory->series[i].name);
      if (g_str_equal (name, "used"))
        used = &memory->series[i];
      else if (g_str_equal (name, "free"))
        free_ = &memory->series[i];
    }
  /* Samples come out in time order whatever the file order. */
  g_assert_cmpuint (used->n_samples, ==, 3);
  g_assert_cmpint (used->ts[1], ==, US (1));
  g_assert_cmpfloat (used->values[0], ==, 10);
  g_assert_cmpfloat (used->values[1], ==, 20);
  g_assert_cmpfloat (used->values[2], ==, 30);
  g_assert_cmpfloat (used->max, ==, 30);
  /* "90" is a number written as a string; "lots" is not a number. */
  g_assert_cmpuint (free_->n_samples, ==, 2);
  g_assert_cmpfloat (free_->values[0], ==, 90);
  g_assert_cmpfloat (free_->values[1], ==, 70.5);
  g_assert_cmpint (st_trace_get_counts (trace)->counter_samples, ==, 7);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_BAD_COUNTER_VALUE), ==, 1);
}

static void
test_instance_counters_real (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "catapult_instance_counters.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->counter_samples, ==, 8);
}

static void
test_xprof_counters (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "xprof-counters.json", NULL);
  guint               t = st_test_track (trace, "/device:TPU:0", "HBM");
  const StTrack      *track;

  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "xprof");
  track = st_trace_get_track (trace, t);
  g_assert_cmpuint (track->n_series, ==, 2);
  g_assert_cmpstr (st_trace_get_string (trace, track->series[0].name), ==, "bytes");
  g_assert_cmpuint (track->series[0].n_samples, ==, 2);
  g_assert_cmpfloat (track->series[0].values[1], ==, 20);
  g_assert_cmpstr (st_trace_get_string (trace, track->series[1].name), ==, "value 2");
  g_assert_cmpfloat (track->series[1].values[0], ==, 5);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_BAD_COUNTER_VALUE), ==, 1);
}

/* Order: sort index, then name, then id. Names: the last record wins;
 * labels accumulate without repeats. */
static void
test_metadata_order (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "metadata-order.json", NULL);
  const StProcess    *beta;
  const StTrack      *t;

  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 4);
  g_assert_cmpstr (process_pid (trace, 0), ==, "3"); /* sort index -1 */
  g_assert_cmpstr (process_pid (trace, 1), ==, "1"); /* no name sorts first */
  g_assert_cmpstr (process_pid (trace, 2), ==, "2");
  g_assert_cmpstr (process_pid (trace, 3), ==, "4"); /* named, without events */
  beta = st_trace_get_process (trace, 2);
  g_assert_cmpstr (st_trace_get_string (trace, beta->name), ==, "beta");
  g_assert_cmpstr (st_trace_get_string (trace, beta->labels), ==, "GPU 0, rank 1");
  g_assert_cmpuint (beta->n_tracks, ==, 3);
  t = st_trace_get_track (trace, beta->first_track);
  g_assert_cmpstr (st_trace_get_string (trace, t->name), ==, "worker"); /* sort index -5 */
  g_assert_cmpuint (st_trace_get_process (trace, 3)->n_tracks, ==, 0);
}

static void
test_kineto_names (void)
{
  g_autoptr (StTrace) trace = st_test_load ("real", "hta_amd_mi250_rocm62_minitoy.json.gz", NULL);
  const char         *expected[][3] = {
            { "Global", "Global instants", NULL },
            { "python3", "thread 597913 (python3)", "CPU" },
            { "python3", "thread 598009 (pt_autograd_0)", "CPU" },
            { "python3", "stream 0 ", "GPU 2" },
            { "Spans", "PyTorch Profiler", "" },
  };

  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "kineto");
  /* Every pid counts: the CPU process, 16 GPUs, "Spans", "Traces" and "". */
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 20);
  g_assert_cmpuint (st_trace_get_n_tracks (trace), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      g_autofree char *title = t->process == ST_NO_PROCESS
                                   ? g_strdup ("Global")
                                   : st_trace_dup_process_title (trace, t->process);
      g_assert_cmpstr (title, ==, expected[i][0]);
      g_assert_cmpstr (st_trace_get_string (trace, t->name), ==, expected[i][1]);
      if (expected[i][2] != NULL)
        g_assert_cmpstr (
            st_trace_get_string (trace, st_trace_get_process (trace, t->process)->labels), ==,
            expected[i][2]);
    }
}

/* Legacy Kineto: a top-level array, tids written as strings. */
static void
test_kineto_array_form (void)
{
  g_autoptr (StTrace) trace
      = st_test_load ("real", "kineto_resnet50_2021jan_arrayform.pt.trace.json.gz", NULL);
  gboolean stream7 = FALSE;

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 82276);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 63166);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    stream7 |= g_str_equal (st_trace_get_string (trace, st_trace_get_track (trace, i)->tid),
                            "stream 7");
  g_assert_true (stream7);
}

/* 19 significant digits of epoch microseconds survive: a double would
 * round 1712195495519689.047 to .0 or .25. */
static void
test_exact_timestamps_real (void)
{
  g_autoptr (StTrace) trace
      = st_test_load ("real", "hta_ns_resolution_rank0.pt.trace.json.gz", NULL);
  const char    *div = "autograd::engine::evaluate_function: DivBackward1";
  const StSlice *s = NULL;

  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, G_GINT64_CONSTANT (1712195495406752797));
  for (guint i = 0; i < st_trace_get_n_tracks (trace) && s == NULL; i++)
    s = st_test_find_slice_at (trace, i, div,
                               G_GINT64_CONSTANT (1712195495519689047)
                                   - G_GINT64_CONSTANT (1712195495406752797));
  g_assert_nonnull (s);
  g_assert_cmpint (s->dur, ==, 63813);
}

static void
test_exact_timestamps (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "exact-timestamps.json", NULL);

  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, G_GINT64_CONSTANT (1712345678901234567));
  assert_slice (st_test_find_slice (trace, st_test_track (trace, "Process 1", "Thread 1"), "first"),
                0, 1, 0);
  assert_slice (
      st_test_find_slice (trace, st_test_track (trace, "Process 1", "Thread 1"), "second"), 1, 1000,
      0);
  /* …235.5675 µs is …235567.5 ns: rounded half away from zero. */
  assert_slice (
      st_test_find_slice (trace, st_test_track (trace, "Process 1", "Thread 2"), "rounded"), 1001,
      0, 0);
  assert_slice (
      st_test_find_slice (trace, st_test_track (trace, "Process 1", "Thread 3"), "exponent"), 1933,
      25000, 0);
}

static void
test_numbers_as_strings (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "numbers-as-strings.json", NULL);
  guint               t = st_test_track (trace, "Process 1", "Thread 1");

  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, 10500);
  assert_slice (st_test_find_slice (trace, t, "a"), 0, US (2), 0);
  assert_slice (st_test_find_slice (trace, t, "b"), 9500, 250, 0);
}

static void
test_samples (void)
{
  g_autoptr (StTrace) trace
      = st_test_load ("real", "speedscope_multi-thread-with-samples.json", NULL);
  guint t = st_test_track (trace, "hermes", "mqt_js");

  g_assert_cmpint (st_trace_get_counts (trace)->samples, ==, 8);
  g_assert_cmpuint (st_trace_get_track (trace, t)->n_instants, ==, 3);
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, US (G_GINT64_CONSTANT (11550183666)));
  g_assert_cmpint (st_trace_get_track (trace, t)->instants[2].ts, ==,
                   US (G_GINT64_CONSTANT (11552159337) - G_GINT64_CONSTANT (11550183666)));
}

/* Hand-made cases, one file each. */

static void
test_bom (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "bom.json", NULL);
  guint               n;

  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 1);
  st_trace_get_warnings (trace, &n);
  g_assert_cmpuint (n, ==, 0);
}

static void
test_empty_events (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "empty-events.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 3);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_EMPTY_EVENT), ==, 2);
}

static void
test_control_characters (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("edge", "control-characters.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_CONTROL_CHARACTER);
  const StSlice         *s = st_trace_get_track (trace, 0)->slices;

  g_assert_nonnull (w);
  g_assert_cmpuint (w->first_line, ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, s->name), ==, "tab\there\001");
}

static void
test_invalid_utf8 (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "invalid-utf8.json", NULL);
  const char *name = st_trace_get_string (trace, st_trace_get_track (trace, 0)->slices[0].name);

  g_assert_true (g_utf8_validate (name, -1, NULL));
  g_assert_true (g_str_has_prefix (name, "bad"));
  g_assert_true (g_str_has_suffix (name, "name"));
  g_assert_nonnull (strstr (name, "\357\277\275")); /* U+FFFD */
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_INVALID_UTF8), ==, 1);
}

static void
test_unicode_escapes (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "unicode-escapes.json", NULL);
  const char *name = st_trace_get_string (trace, st_trace_get_track (trace, 0)->slices[0].name);

  g_assert_cmpstr (name, ==, "caf\303\251 \360\237\230\200 \"q\" \\ /");
}

/* Escapes that are not next to the closing quote are decoded too. */
static void
test_escapes_inside (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "escapes-inside.json", NULL);
  const char *name = st_trace_get_string (trace, st_trace_get_track (trace, 0)->slices[0].name);

  g_assert_cmpstr (name, ==, "aAb\tc");
}

static void
test_unmatched_end (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("edge", "unmatched-end.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_UNMATCHED_END);

  assert_slice (st_test_find_slice (trace, 0, "a"), 0, US (5), 0);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->count, ==, 1);
  g_assert_cmpuint (w->first_line, ==, 3);
}

static void
test_unclosed_begin (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "unclosed-begin.json", NULL);
  const StSlice      *a
      = st_test_find_slice (trace, st_test_track (trace, "Process 1", "Thread 1"), "a");

  assert_slice (a, 0, US (11), 0);
  g_assert_true (a->flags & ST_SLICE_DID_NOT_END);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNCLOSED_BEGIN), ==, 1);
}

/* b overlaps a without nesting: it goes to a lane below a's nest (c is a's
 * child), flagged; nothing is dropped. */
static void
test_overlapping_complete (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "overlapping-complete.json", NULL);
  const StTrack      *t = st_trace_get_track (trace, 0);
  const StSlice      *b = st_test_find_slice (trace, 0, "b");

  assert_slice (st_test_find_slice (trace, 0, "a"), 0, US (10), 0);
  assert_slice (st_test_find_slice (trace, 0, "c"), US (6), US (1), 1);
  assert_slice (b, US (5), US (10), 2);
  g_assert_true (b->flags & ST_SLICE_OVERLAPPING);
  g_assert_cmpuint (t->n_rows, ==, 3);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_OVERLAPPING), ==, 1);
}

/* Chrome writes E without a name: back-to-back slices at one timestamp. */
static void
test_begin_end_same_time (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "begin-end-same-time.json", NULL);

  assert_slice (st_test_find_slice (trace, 0, "a"), 0, US (5), 0);
  assert_slice (st_test_find_slice (trace, 0, "b"), US (5), US (5), 0);
}

static void
test_negative_duration (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "negative-duration.json", NULL);

  assert_slice (st_test_find_slice (trace, 0, "a"), 0, 0, 0);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NEGATIVE_DURATION), ==, 1);
}

static void
test_bad_numbers (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "bad-numbers.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 7);
  g_assert_nonnull (st_test_find_slice (trace, 0, "minus-zero"));
  g_assert_nonnull (st_test_find_slice (trace, 0, "good"));
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 2);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISSING_FIELD), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_BAD_NUMBER), ==, 4);
}

static void
test_other_phases (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "other-phases.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 7);
  g_assert_cmpint (st_trace_get_counts (trace)->other_events, ==, 5);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNKNOWN_PHASE), ==, 2);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISSING_FIELD), ==, 1);
}

static void
test_not_objects (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "not-objects.json", NULL);

  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NOT_AN_OBJECT), ==, 4);
}

static void
test_keys_around_events (void)
{
  g_autoptr (StTrace)  trace = st_test_load ("edge", "keys-around-events.json", NULL);
  const char *const   *keys = st_trace_get_metadata_keys (trace);
  g_autoptr (JsonNode) info = NULL;
  g_autoptr (JsonNode) base = NULL;

  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "kineto");
  g_assert_cmpuint (g_strv_length ((char **)keys), ==, 4);
  g_assert_cmpstr (keys[0], ==, "schemaVersion");
  g_assert_cmpstr (keys[2], ==, "distributedInfo");
  info = st_trace_dup_metadata (trace, "distributedInfo", NULL);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (info), "rank"), ==, 3);
  base = st_trace_dup_metadata (trace, "baseTimeNanoseconds", NULL);
  g_assert_cmpint (json_node_get_int (base), ==, G_GINT64_CONSTANT (1735632360000000000));
}

static void
test_truncated_array (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("real", "speedscope_simple-partial.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_TRUNCATED);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 6);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 4);
  g_assert_nonnull (w);
  g_assert_nonnull (strstr (w->message, "]"));
  g_assert_null (st_test_warning (trace, ST_WARNING_TRAILING_COMMA));
}

static void
test_trailing_comma (void)
{
  const char *files[] = { "speedscope_simple-partial-trailing-comma.json",
                          "speedscope_simple-partial-whitespace.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (StTrace) trace = st_test_load ("real", files[i], NULL);
      g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 6);
      g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_TRAILING_COMMA), ==, 1);
      g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_TRUNCATED), ==, 1);
    }
}

static void
test_truncated_object (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("edge", "truncated-object.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_TRUNCATED);

  g_assert_cmpint (st_trace_get_counts (trace)->events, ==, 1);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->first_line, ==, 2);
  g_assert_nonnull (strstr (w->message, "partial"));
}

/* Broken JSON after good events: what came before is kept, with a warning
 * that says where. */
static void
test_syntax_error_later (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("edge", "syntax-error-later.json", NULL);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_SYNTAX);

  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 2);
  g_assert_nonnull (w);
  g_assert_cmpuint (w->first_line, ==, 3);
  g_assert_cmpuint (w->first_column, ==, 9);
}

static void
test_truncated_gzip (void)
{
  g_autoptr (StTrace) trace = st_test_load ("edge", "truncated-gzip.json.gz", NULL);
  gint64              slices = st_trace_get_counts (trace)->slices;

  /* The file holds 2 000 events; the stream is cut after 60% of it. */
  g_assert_cmpint (slices, >, 100);
  g_assert_cmpint (slices, <, 2000);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_COMPRESSION), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_TRUNCATED), ==, 1);
}

static void
test_gzip_by_magic (void)
{
  g_autoptr (StTrace) plain = st_test_load ("real", "catapult_simple_trace.json", NULL);
  g_autoptr (StTrace) gz = st_test_load ("real", "catapult_simple_trace_gz.gz", NULL);

  g_assert_cmpint (st_trace_get_counts (gz)->slices, ==, st_trace_get_counts (plain)->slices);
  g_assert_cmpint (st_trace_get_counts (gz)->counter_samples, ==, 5);
}

/* Args stay in the file until asked for, then come whole. */
static void
test_args_on_demand (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("edge", "deep-args.json", NULL);
  const StSlice        *shallow = st_test_find_slice (trace, 0, "shallow");
  const StSlice        *deep = st_test_find_slice (trace, 0, "deep");
  g_autoptr (GError)    error = NULL;
  g_autoptr (GPtrArray) flat = st_test_args_flat (trace, shallow->offset, &error);
  g_autoptr (JsonNode)  node = NULL;
  const char           *expected[][2] = {
              { "a.b[0]", "1" },    { "a.b[1]", "2.5" },  { "a.b[2]", "x" },
              { "a.b[3]", "true" }, { "a.b[4]", "null" },
  };

  g_assert_no_error (error);
  g_assert_cmpuint (flat->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < flat->len; i++)
    {
      StArg *arg = g_ptr_array_index (flat, i);
      g_assert_cmpstr (arg->key, ==, expected[i][0]);
      g_assert_cmpstr (arg->value, ==, expected[i][1]);
    }
  /* 100 000 nested brackets: refused with a message, never a crash. */
  node = st_trace_get_args (trace, deep->offset, &error);
  g_assert_null (node);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX);
}

static void
test_args_control_characters (void)
{
  g_autoptr (StTrace)  trace = st_test_load ("edge", "control-characters.json", NULL);
  g_autoptr (JsonNode) event
      = st_trace_dup_event (trace, st_trace_get_track (trace, 0)->slices[0].offset, NULL);

  g_assert_nonnull (event);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (event), "name"), ==,
                   "tab\there\001");
}

/* Names from the best source and in natural order (docs/metrics.md 1.1
 * and names in order): a Kineto file without metadata names its GPU "GPU
 * 3" after the pid and its stream "stream 7" after the tid, not "Process
 * 3 · Thread 7"; a host thread of an unnamed process stays "Process 9 ·
 * Thread 1"; DMA queues named E10, E2, E1 are ordered E1, E2, E10 (as text
 * E10 would come second). Orders and names written by hand from those
 * rules. */
static void
test_names_best_source (void)
{
  static const char text[]
      = "{\"traceEvents\":["
        "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":3,\"tid\":7,\"ts\":1,"
        "\"dur\":2},"
        "{\"ph\":\"X\",\"cat\":\"gpu_user_annotation\",\"name\":\"a\",\"pid\":3,\"tid\":7,"
        "\"ts\":1,\"dur\":2},"
        "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":9,\"tid\":1,\"ts\":0,"
        "\"dur\":5},"
        "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":5,\"args\":{\"name\":\"dma\"}},"
        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":5,\"tid\":1,\"args\":{\"name\":\"E10\"}},"
        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":5,\"tid\":2,\"args\":{\"name\":\"E2\"}},"
        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":5,\"tid\":3,\"args\":{\"name\":\"E1\"}},"
        "{\"ph\":\"X\",\"name\":\"t\",\"pid\":5,\"tid\":1,\"ts\":0,\"dur\":1},"
        "{\"ph\":\"X\",\"name\":\"t\",\"pid\":5,\"tid\":2,\"ts\":0,\"dur\":1},"
        "{\"ph\":\"X\",\"name\":\"t\",\"pid\":5,\"tid\":3,\"ts\":0,\"dur\":1}]}";
  g_autoptr (StTrace) trace = st_test_load_text (text, -1);
  const char         *queues[] = { "E1", "E2", "E10" };
  gint                gpu = st_test_find_track (trace, "GPU 3", "stream 7");
  guint               first = st_test_track (trace, "dma", "E1");

  g_assert_cmpint (gpu, >=, 0);
  g_assert_cmpint (st_test_find_track (trace, "Process 9", "Thread 1"), >=, 0);
  for (guint i = 0; i < G_N_ELEMENTS (queues); i++)
    g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_track (trace, first + i)->name), ==,
                     queues[i]);
}

/* The scans of a slice's args start where the importer noted them, and
 * read what a walk of the record reads: args after other members and
 * first of all; args more than 65 535 bytes into the record (a long name
 * before them) or not an object, and none at all, the walk's way. */
static void
test_args_at (void)
{
  static const char *const keys[] = { "k", "flops", NULL };
  g_autofree char         *long_name = g_strnfill (70000, 'n');
  g_autofree char         *text = g_strdup_printf (
              "[{\"ph\":\"X\",\"name\":\"after\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,"
                      "\"args\":{\"x\":[1,{\"k\":9}],\"k\":\"v1\",\"flops\":12}},"
                      "{\"args\":{\"k\":\"v2\"},\"ph\":\"X\",\"name\":\"first\",\"pid\":1,\"tid\":1,"
                      "\"ts\":2,\"dur\":1},"
                      "{\"ph\":\"X\",\"name\":\"%s\",\"pid\":1,\"tid\":1,\"ts\":4,\"dur\":1,"
                      "\"args\":{\"k\":\"v3\"}},"
                      "{\"ph\":\"X\",\"name\":\"number\",\"pid\":1,\"tid\":1,\"ts\":6,\"dur\":1,"
                      "\"args\":5},"
                      "{\"ph\":\"X\",\"name\":\"none\",\"pid\":1,\"tid\":1,\"ts\":8,\"dur\":1}]",
              long_name);
  g_autoptr (StTrace) trace = st_test_load_text (text, -1);
  const char         *expected_k[] = { "v1", "v2", "v3", NULL, NULL };
  const char         *names[] = { "after", "first", long_name, "number", "none" };
  gboolean            noted[] = { TRUE, TRUE, FALSE, FALSE, FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const StSlice *s = st_test_find_slice (trace, 0, names[i]);
      const char    *values[2];
      gsize          lengths[2];

      g_assert_nonnull (s);
      g_assert_cmpint (s->args_at != 0, ==, noted[i]);
      st_event_scan_slice_args (trace, s, keys, values, lengths);
      if (expected_k[i] == NULL)
        g_assert_null (values[0]);
      else
        {
          g_assert_nonnull (values[0]);
          g_assert_cmpmem (values[0], lengths[0], expected_k[i], strlen (expected_k[i]));
        }
      /* only the first has flops: 12, as written */
      if (i == 0)
        g_assert_cmpmem (values[1], lengths[1], "12", 2);
      else
        g_assert_null (values[1]);
    }
}

/* One member of a slice's args, read from where the importer noted them,
 * as a walk of the record reads it (st_event_scan_field ()): a string
 * without its quotes (one that begins with a brace too), a number as
 * written; an object or an array is no value (a collective's name must
 * not be found inside one); args after a long name, the walk's way. */
static void
test_args_at_one (void)
{
  g_autofree char *long_name = g_strnfill (70000, 'n');
  g_autofree char *text = g_strdup_printf (
      "[{\"ph\":\"X\",\"name\":\"string\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,"
      "\"args\":{\"x\":1,\"Collective name\":\"allreduce\"}},"
      "{\"ph\":\"X\",\"name\":\"brace\",\"pid\":1,\"tid\":1,\"ts\":2,\"dur\":1,"
      "\"args\":{\"Collective name\": \"{x}\"}},"
      "{\"ph\":\"X\",\"name\":\"number\",\"pid\":1,\"tid\":1,\"ts\":4,\"dur\":1,"
      "\"args\":{\"Collective name\": 7}},"
      "{\"ph\":\"X\",\"name\":\"object\",\"pid\":1,\"tid\":1,\"ts\":6,\"dur\":1,"
      "\"args\":{\"Collective name\":{\"n\":\"allreduce\"}}},"
      "{\"ph\":\"X\",\"name\":\"array\",\"pid\":1,\"tid\":1,\"ts\":8,\"dur\":1,"
      "\"args\":{\"Collective name\": [\"allreduce\"]}},"
      "{\"ph\":\"X\",\"name\":\"%s\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":1,"
      "\"args\":{\"Collective name\":\"send\"}}]",
      long_name);
  g_autoptr (StTrace) trace = st_test_load_text (text, -1);
  const char         *names[] = { "string", "brace", "number", "object", "array", long_name };
  const char         *expected[] = { "allreduce", "{x}", "7", NULL, NULL, "send" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const StSlice *s = st_test_find_slice (trace, 0, names[i]);
      const char    *value = NULL, *walked = NULL;
      gsize          length = 0, walked_length = 0;
      gboolean       found = st_event_scan_slice_arg (trace, s, "Collective name", &value, &length);

      g_assert_cmpint (found, ==, expected[i] != NULL);
      g_assert_cmpint (st_event_scan_field (trace, s->offset, "args", "Collective name", &walked,
                                            &walked_length),
                       ==, found);
      if (found)
        {
          g_assert_cmpmem (value, length, expected[i], strlen (expected[i]));
          g_assert_cmpmem (walked, walked_length, expected[i], strlen (expected[i]));
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/chrome/trivial", test_trivial);
  g_test_add_func ("/model/chrome/nesting/matching-start", test_matching_start);
  g_test_add_func ("/model/chrome/nesting/zero-duration", test_zero_duration);
  g_test_add_func ("/model/chrome/nesting/unbalanced-name", test_unbalanced_name);
  g_test_add_func ("/model/chrome/nesting/too-many-ends", test_too_many_ends);
  g_test_add_func ("/model/chrome/nesting/mismatched-end", test_mismatched_end_closes_top);
  g_test_add_func ("/model/chrome/nesting/unclosed-real", test_unclosed_real);
  g_test_add_func ("/model/chrome/nesting/unmatched-end", test_unmatched_end);
  g_test_add_func ("/model/chrome/nesting/unclosed-begin", test_unclosed_begin);
  g_test_add_func ("/model/chrome/nesting/overlapping-complete", test_overlapping_complete);
  g_test_add_func ("/model/chrome/nesting/begin-end-same-time", test_begin_end_same_time);
  g_test_add_func ("/model/chrome/flows/v1", test_flows_v1);
  g_test_add_func ("/model/chrome/flows/v2", test_flows_v2);
  g_test_add_func ("/model/chrome/flows/ac2g", test_flows_ac2g);
  g_test_add_func ("/model/chrome/flows/binding", test_flow_binding);
  g_test_add_func ("/model/chrome/flows/v2-chain", test_flow_v2_chain);
  g_test_add_func ("/model/chrome/async/edge", test_async);
  g_test_add_func ("/model/chrome/async/real", test_async_real);
  g_test_add_func ("/model/chrome/async/id2-and-scope", test_async_id2_scope);
  g_test_add_func ("/model/chrome/instants", test_instants);
  g_test_add_func ("/model/chrome/counters/edge", test_counters);
  g_test_add_func ("/model/chrome/counters/instances", test_instance_counters_real);
  g_test_add_func ("/model/chrome/counters/xprof-compact", test_xprof_counters);
  g_test_add_func ("/model/chrome/metadata/order", test_metadata_order);
  g_test_add_func ("/model/chrome/metadata/kineto", test_kineto_names);
  g_test_add_func ("/model/chrome/metadata/keys-around-events", test_keys_around_events);
  g_test_add_func ("/model/chrome/kineto/array-form", test_kineto_array_form);
  g_test_add_func ("/model/chrome/time/exact-real", test_exact_timestamps_real);
  g_test_add_func ("/model/chrome/time/exact", test_exact_timestamps);
  g_test_add_func ("/model/chrome/time/numbers-as-strings", test_numbers_as_strings);
  g_test_add_func ("/model/chrome/samples", test_samples);
  g_test_add_func ("/model/chrome/lenient/bom", test_bom);
  g_test_add_func ("/model/chrome/lenient/empty-events", test_empty_events);
  g_test_add_func ("/model/chrome/lenient/control-characters", test_control_characters);
  g_test_add_func ("/model/chrome/lenient/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/model/chrome/lenient/unicode-escapes", test_unicode_escapes);
  g_test_add_func ("/model/chrome/lenient/escapes-inside", test_escapes_inside);
  g_test_add_func ("/model/chrome/lenient/negative-duration", test_negative_duration);
  g_test_add_func ("/model/chrome/lenient/bad-numbers", test_bad_numbers);
  g_test_add_func ("/model/chrome/lenient/other-phases", test_other_phases);
  g_test_add_func ("/model/chrome/lenient/not-objects", test_not_objects);
  g_test_add_func ("/model/chrome/truncated/array", test_truncated_array);
  g_test_add_func ("/model/chrome/truncated/trailing-comma", test_trailing_comma);
  g_test_add_func ("/model/chrome/truncated/object", test_truncated_object);
  g_test_add_func ("/model/chrome/truncated/syntax-error-later", test_syntax_error_later);
  g_test_add_func ("/model/chrome/truncated/gzip", test_truncated_gzip);
  g_test_add_func ("/model/chrome/gzip-by-magic", test_gzip_by_magic);
  g_test_add_func ("/model/chrome/args/on-demand", test_args_on_demand);
  g_test_add_func ("/model/chrome/args/control-characters", test_args_control_characters);
  g_test_add_func ("/model/chrome/names/best-source", test_names_best_source);
  g_test_add_func ("/model/chrome/args/at", test_args_at);
  g_test_add_func ("/model/chrome/args/at-one", test_args_at_one);

  return g_test_run ();
}
