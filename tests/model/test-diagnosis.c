/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The diagnosis (docs/metrics.md 16) on traces made here, one per kind of
 * phase, each with its answer worked out by hand in its comment: a
 * device-bound prefill behind a stream wait, a graph capture, a host-bound
 * decode, exposed all-reduce, a late rank, a Neuron profile that is mostly
 * one semaphore wait, a warm-up, and the stream advice where it applies
 * and where it does not. Times in the traces are µs (Chrome's ts), in the
 * diagnosis ns. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-diagnosis-private.h"
#include "st-diagnosis.h"
#include "st-profile-loader.h"
#include "st-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

#define MS G_GINT64_CONSTANT (1000000)
#define US G_GINT64_CONSTANT (1000)

/* --- writing traces ------------------------------------------------------------ */

typedef struct
{
  GString *text;
  gboolean first;
} Writer;

static void
writer_init (Writer *w, const char *head)
{
  w->text = g_string_new ("{");
  if (head != NULL)
    g_string_append_printf (w->text, "%s, ", head);
  g_string_append (w->text, "\"traceEvents\": [\n");
  w->first = TRUE;
}

static void event (Writer *w, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
event (Writer *w, const char *format, ...)
{
  va_list args;

  g_string_append (w->text, w->first ? "  {" : ",\n  {");
  va_start (args, format);
  g_string_append_vprintf (w->text, format, args);
  va_end (args);
  g_string_append (w->text, "}");
  w->first = FALSE;
}

/* GPU 0 (pid 0) with its streams, and the host (pid 1, tid 1). */
static void
gpu (Writer *w, gboolean two_streams)
{
  event (w, "\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"args\":{\"name\":\"GPU 0\"}");
  event (w, "\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":0,\"tid\":7,\"args\":{\"name\":\"stream "
            "7\"}");
  if (two_streams)
    event (w, "\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":0,\"tid\":13,\"args\":{\"name\":"
              "\"stream 13\"}");
  event (w, "\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"args\":{\"name\":\"python\"}");
}

static void
host (Writer *w, const char *cat, const char *name, gint64 ts, gint64 dur, gint corr)
{
  if (corr > 0)
    event (
        w,
        "\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":1,\"tid\":1,\"ts\":%" G_GINT64_FORMAT
        ",\"dur\":%" G_GINT64_FORMAT ",\"args\":{\"correlation\":%d}",
        cat, name, ts, dur, corr);
  else
    event (
        w,
        "\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":1,\"tid\":1,\"ts\":%" G_GINT64_FORMAT
        ",\"dur\":%" G_GINT64_FORMAT,
        cat, name, ts, dur);
}

static void
device (Writer *w, const char *cat, const char *name, gint tid, gint64 ts, gint64 dur, gint corr)
{
  event (w,
         "\"ph\":\"X\",\"cat\":\"%s\",\"name\":\"%s\",\"pid\":0,\"tid\":%d,\"ts\":%" G_GINT64_FORMAT
         ",\"dur\":%" G_GINT64_FORMAT ",\"args\":{\"correlation\":%d,\"bytes\":1000}",
         cat, name, tid, ts, dur, corr);
}

static char *
writer_end (Writer *w)
{
  g_string_append (w->text, "\n]}\n");
  return g_string_free (w->text, FALSE);
}

/* --- reading the diagnosis --------------------------------------------------------- */

typedef struct
{
  StTrace     *trace;
  StSummary   *summary;
  StDiagnosis *diagnosis;
} Diagnosed;

static void
diagnosed_clear (Diagnosed *d)
{
  g_clear_pointer (&d->diagnosis, st_diagnosis_free);
  g_clear_pointer (&d->summary, st_summary_free);
  g_clear_object (&d->trace);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Diagnosed, diagnosed_clear)

static void
diagnose_trace (Diagnosed *d, StTrace *trace)
{
  g_autoptr (GError) error = NULL;

  d->trace = trace;
  d->summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);
  g_assert_no_error (error);
  d->diagnosis = st_diagnosis_compute (trace, d->summary, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (d->diagnosis);
}

static void
diagnose (Diagnosed *d, char *text)
{
  g_autofree char *owned = text;

  diagnose_trace (d, st_test_load_text (owned, -1));
}

static const StFinding *
finding (Diagnosed *d, guint index)
{
  g_assert_cmpuint (index, <, st_diagnosis_get_n_findings (d->diagnosis));
  return st_diagnosis_get_finding (d->diagnosis, index);
}

static const StFinding *
find (Diagnosed *d, const char *id)
{
  for (guint i = 0; i < st_diagnosis_get_n_findings (d->diagnosis); i++)
    if (g_str_equal (st_diagnosis_get_finding (d->diagnosis, i)->id, id))
      return st_diagnosis_get_finding (d->diagnosis, i);
  return NULL;
}

static const StPhase *
phase (Diagnosed *d, guint index)
{
  g_assert_cmpuint (index, <, st_diagnosis_get_n_phases (d->diagnosis));
  return st_diagnosis_get_phase (d->diagnosis, index);
}

static void
assert_contains (const char *text, const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not say “%s”", text ? text : "(null)", part);
}

/* --- the cases ---------------------------------------------------------------------- */

/* A 50-kernel prefill on one stream behind a stream wait (the issue's
 * device-bound prefill called host-bound). The host copies (launched at 0,
 * run 5–15 µs), enqueues a stream wait at 20 µs, and launches 50 GEMMs at
 * 30 + 40k µs; they run back to back from 500 ms, 10 ms each, to 1 s.
 *
 * The gap 15 µs–500 ms: its next event, GEMM 0, was launched at 30 µs, so
 * the host's part is 15 µs and the queued part 499.97 ms; a stream wait was
 * enqueued (20 µs) after the copy began and before the launch: sync. It is
 * long (≥ max (1 ms, 5 % of 1 s)): a sync wait phase; the copy before it,
 * 10 µs, under 2 % of the span, joins it. Phases: sync wait [5 µs, 500 ms),
 * device-bound [500 ms, 1 s). The active part leaves the leading wait out:
 * the bound is device-bound, first, though the wait is as long. Its
 * evidence: 50 launches, all 50 queued at 500 ms; the median (25th) delay,
 * GEMM 24's, is 740 ms − 990 µs = 739.01 ms; GEMM is all of the work. The
 * wait follows, its 499.985 ms at stake; nothing is host-bound. */
static char *
prefill_trace (void)
{
  Writer w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  host (&w, "cuda_runtime", "cudaMemcpyAsync", 0, 5, 1);
  device (&w, "gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 7, 5, 10, 1);
  host (&w, "cuda_runtime", "cudaStreamWaitEvent", 20, 2, 0);
  for (gint k = 0; k < 50; k++)
    {
      host (&w, "cuda_runtime", "cudaLaunchKernel", 30 + 40 * k, 5, 100 + k);
      device (&w, "kernel", "sm90_gemm_bf16_kernel", 7, 500000 + 10000 * k, 10000, 100 + k);
    }
  return writer_end (&w);
}

static void
test_prefill_behind_wait (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, prefill_trace ());

  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 2);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_SYNC_WAIT);
  g_assert_cmpint (phase (&d, 0)->start, ==, 5 * US);
  g_assert_cmpint (phase (&d, 0)->end, ==, 500 * MS);
  g_assert_cmpint (phase (&d, 0)->idle_ns[ST_IDLE_SYNC], ==, 500 * MS - 15 * US);
  g_assert_cmpint (phase (&d, 1)->kind, ==, ST_PHASE_DEVICE_BOUND);
  g_assert_cmpint (phase (&d, 1)->launches, ==, 50);
  g_assert_cmpuint (phase (&d, 1)->queue_max, ==, 50);
  g_assert_cmpint (phase (&d, 1)->delay_p50_ns, ==, 739010 * US);
  g_assert_cmpstr (phase (&d, 1)->top_class, ==, "GEMM");
  g_assert_cmpfloat_with_epsilon (phase (&d, 1)->top_class_percent, 100.0, 1e-9);

  g_assert_cmpstr (finding (&d, 0)->id, ==, "device-bound");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 500 * MS);
  assert_contains (finding (&d, 0)->text, "up to 50 launches queued");
  assert_contains (finding (&d, 0)->action, "GEMM");
  g_assert_cmpstr (finding (&d, 1)->id, ==, "sync-wait");
  g_assert_cmpint (finding (&d, 1)->time_at_stake_ns, ==, 500 * MS - 15 * US);
  g_assert_null (find (&d, "host-bound"));
}

/* strata-cli summary cuts the phases while the FLOP ops are still being
 * made, and finds the findings after: the prefill's phases of
 * test_prefill_behind_wait, derived there, and no finding after the
 * first step; then its two findings. */
static void
test_two_steps (void)
{
  g_auto (Diagnosed) d = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char   *text = prefill_trace ();

  d.trace = st_test_load_text (text, -1);
  d.summary = st_summary_compute_parts (d.trace, 0, st_trace_get_end_ns (d.trace),
                                        ST_SUMMARY_ALL | ST_SUMMARY_LATER_FLOP_RATES, NULL, &error);
  g_assert_no_error (error);
  d.diagnosis = st_diagnosis_cut (d.trace, d.summary, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 2);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_SYNC_WAIT);
  g_assert_cmpint (phase (&d, 1)->kind, ==, ST_PHASE_DEVICE_BOUND);
  g_assert_cmpint (phase (&d, 1)->delay_p50_ns, ==, 739010 * US);
  g_assert_cmpuint (st_diagnosis_get_n_findings (d.diagnosis), ==, 0);

  g_assert_true (st_summary_add_flop_rates (d.summary, d.trace, NULL));
  g_assert_true (st_diagnosis_find (d.diagnosis, d.trace, d.summary, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (finding (&d, 0)->id, ==, "device-bound");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 500 * MS);
  g_assert_cmpstr (finding (&d, 1)->id, ==, "sync-wait");
  g_assert_cmpint (finding (&d, 1)->time_at_stake_ns, ==, 500 * MS - 15 * US);
}

/* A trace taken while a CUDA graph was captured (the 428 launches
 * and 10 device ops). Five elementwise kernels run 10–30, 110–130, … µs,
 * each launched 10 µs before it; a capture window from 1 000 µs to the end
 * of the end-capture call at 4 010 µs holds 100 launches that run nothing;
 * a graph launch at 5 000 µs; three more kernels at 5 110, 5 210, 5 310 µs.
 *
 * Every gap opens before its launch (the host's part 70 of 80 µs, and
 * 4 670 of 4 680 µs for the long one): all host gaps; with the stretches
 * around it (busy 24 % and 27 %), one host-bound phase [10, 5 330) µs, whose
 * part in the window [1 000, 4 010) becomes graph capture. 100 of the 108
 * kernel launch calls are captured: graph capture is the bound, first,
 * with its 3 010 µs. The host-bound finding gives no launch-overhead
 * advice: graphs are launched here (its phase [4 010, 5 330) has two gaps
 * of 80 µs, median 80 µs, launch overhead, graphs already in use). */
static void
test_graph_capture (void)
{
  g_auto (Diagnosed) d = { 0 };
  const StFinding   *host_bound;
  Writer             w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  for (gint k = 0; k < 5; k++)
    {
      host (&w, "cuda_runtime", "cudaLaunchKernel", 100 * k, 5, 1 + k);
      device (&w, "kernel", "vectorized_elementwise_kernel", 7, 100 * k + 10, 20, 1 + k);
    }
  host (&w, "cuda_runtime", "cudaStreamBeginCapture", 1000, 5, 0);
  for (gint k = 0; k < 100; k++)
    host (&w, "cuda_runtime", "cudaLaunchKernel", 1010 + 30 * k, 5, 0);
  host (&w, "cuda_runtime", "cudaStreamEndCapture", 4000, 10, 0);
  host (&w, "cuda_runtime", "cudaGraphLaunch", 5000, 20, 0);
  for (gint k = 0; k < 3; k++)
    {
      host (&w, "cuda_runtime", "cudaLaunchKernel", 5100 + 100 * k, 5, 50 + k);
      device (&w, "kernel", "vectorized_elementwise_kernel", 7, 5110 + 100 * k, 20, 50 + k);
    }
  diagnose (&d, writer_end (&w));

  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 3);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_HOST_BOUND);
  g_assert_cmpint (phase (&d, 1)->kind, ==, ST_PHASE_GRAPH_CAPTURE);
  g_assert_cmpint (phase (&d, 1)->start, ==, 1000 * US);
  g_assert_cmpint (phase (&d, 1)->end, ==, 4010 * US);
  g_assert_cmpint (phase (&d, 2)->kind, ==, ST_PHASE_HOST_BOUND);
  g_assert_cmpstr (finding (&d, 0)->id, ==, "graph-capture");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 3010 * US);
  assert_contains (finding (&d, 0)->text, "100 of the range's 108 launches");
  host_bound = find (&d, "host-bound");
  g_assert_nonnull (host_bound);
  g_assert_null (strstr (host_bound->action, "CUDA graphs or torch.compile"));
  assert_contains (host_bound->action, "already launched");
}

/* A host-bound decode: 200 elementwise kernels of 20 µs, kernel i at
 * 100 + 50 i µs, each launched 10 µs before it after the host ran
 * aten::nonzero for 18 µs. Each gap of 30 µs opens 20 µs before the next
 * launch (the host's part 20, the queued 10): 199 host gaps, 5 970 µs of
 * host idle over a span of 10 070 − 100 µs, busy 40 %: one host-bound
 * phase, the bound. The middle of a gap (15 µs before the next kernel)
 * falls in aten::nonzero; the gaps are short (median 30 µs): launch
 * overhead, and with no capture and no graph launch the advice is CUDA
 * graphs or torch.compile. */
static char *
host_bound_decode_trace (gboolean compiled)
{
  Writer w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  if (compiled)
    host (&w, "cpu_op", "Torch-Compiled Region: 0/0", 0, 60, 0);
  for (gint i = 0; i < 200; i++)
    {
      gint64 t = 100 + 50 * i;

      if (i > 0)
        host (&w, "cpu_op", "aten::nonzero", t - 29, 18, 0);
      host (&w, "cuda_runtime", "cudaLaunchKernel", t - 10, 5, 1 + i);
      device (&w, "kernel", "vectorized_elementwise_kernel", 7, t, 20, 1 + i);
    }
  return writer_end (&w);
}

static void
test_host_bound_decode (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, host_bound_decode_trace (FALSE));
  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 1);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_HOST_BOUND);
  g_assert_cmpuint (phase (&d, 0)->gaps, ==, 199);
  g_assert_cmpuint (phase (&d, 0)->host_gaps, ==, 199);
  g_assert_cmpint (phase (&d, 0)->host_gap_p50_ns, ==, 30 * US);
  g_assert_cmpstr (st_trace_get_string (d.trace, phase (&d, 0)->host_op), ==, "aten::nonzero");
  g_assert_cmpstr (finding (&d, 0)->id, ==, "host-bound");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 199 * 30 * US);
  assert_contains (finding (&d, 0)->text, "199 of 199 gaps opened before the next launch");
  assert_contains (finding (&d, 0)->text, "“aten::nonzero”");
  assert_contains (finding (&d, 0)->action, "CUDA graphs or torch.compile");
}

/* The decode above in a program where torch.compile is in use already (a
 * compiled region before it, which ends before the first kernel and
 * changes no phase): the launch-overhead advice is its CUDA graphs
 * (mode="reduce-overhead"), not torch.compile again (16.3). */
static void
test_host_bound_compiled (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, host_bound_decode_trace (TRUE));
  g_assert_cmpstr (finding (&d, 0)->id, ==, "host-bound");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 199 * 30 * US);
  assert_contains (finding (&d, 0)->action, "reduce-overhead");
  g_assert_null (strstr (finding (&d, 0)->action, "CUDA graphs or torch.compile"));
}

/* The decode above with one long gap before kernel n / 2, whose host
 * part holds
 * - "free": cudaFree, 200 kernels, the gap 5 000 µs longer; the longest
 *   gap is a phase of its own and the allocator's: the advice names
 *   cudaFree and the allocator's cache, not CUDA graphs (16.3);
 * - "launch": the next kernel's own launch call, 200 kernels, the call
 *   starting 10 µs after the device went idle and lasting 5 020 µs: the
 *   host's part of the gap runs to the call's end (16.1), so the gap is the
 *   host's, not unexplained, and the advice names the launch call and eager
 *   loading, the setting of the call's runtime (CUDA's) alone;
 * - "loader": the data loader's next, 2 000 kernels (a span of 103 ms, 5 %
 *   of it over 5 ms), the gap 3 000 µs longer: short of a long gap, so it
 *   stays in the decode's phase, whose median gap (30 µs) is short: the
 *   launch-overhead advice, then the longest gap's own work named. */
static void
test_longest_gap_advice (void)
{
  static const struct
  {
    const char *what;
    guint       n;
    gint64      extra;
    const char *op, *advice, *absent;
  } cases[] = {
    { "free", 200, 5000, "cudaFree",
      "The longest gap is the host allocating or freeing device memory (“cudaFree”)",
      "CUDA graphs" },
    { "launch", 200, 5000, "cudaLaunchKernel",
      "The longest gap is the host inside a launch call (“cudaLaunchKernel”): most often the "
      "runtime loading the kernel's code on its first launch. Load it eagerly "
      "(CUDA_MODULE_LOADING=EAGER) or",
      "CUDA graphs" },
    { "loader", 2000, 3000, "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__",
      "CUDA graphs or torch.compile, fewer and larger ops, no synchronising calls (.item(), "
      ".cpu(), prints) inside the loop. The longest gap is the host's own work "
      "(“enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__”)",
      "worker processes" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto (Diagnosed) d = { 0 };
      guint              half = cases[c].n / 2;
      gint64             gap_start = 100 + 50 * (half - 1) + 20;
      const StFinding   *f;
      Writer             w;

      writer_init (&w, NULL);
      gpu (&w, FALSE);
      for (guint i = 0; i < cases[c].n; i++)
        {
          gint64 t = 100 + 50 * i + (i >= half ? cases[c].extra : 0);

          if (i == half && g_str_equal (cases[c].what, "launch"))
            {
              host (&w, "cuda_runtime", "cudaLaunchKernel", gap_start + 10, t - gap_start - 20,
                    1 + i);
              device (&w, "kernel", "vectorized_elementwise_kernel", 7, t, 20, 1 + i);
              continue;
            }
          if (i == half)
            host (&w, g_str_equal (cases[c].what, "free") ? "cuda_runtime" : "user_annotation",
                  cases[c].op, gap_start + 30, cases[c].extra - 60, 0);
          if (i > 0)
            host (&w, "cpu_op", "aten::nonzero", t - 29, 18, 0);
          host (&w, "cuda_runtime", "cudaLaunchKernel", t - 10, 5, 1 + i);
          device (&w, "kernel", "vectorized_elementwise_kernel", 7, t, 20, 1 + i);
        }
      diagnose (&d, writer_end (&w));

      f = find (&d, "host-bound");
      g_assert_nonnull (f);
      g_test_message ("%s: %s", cases[c].what, f->action);
      assert_contains (f->action, cases[c].advice);
      g_assert_null (strstr (f->action, cases[c].absent));
      for (guint i = 0; i < st_diagnosis_get_n_phases (d.diagnosis); i++)
        g_assert_cmpint (phase (&d, i)->kind, !=, ST_PHASE_IDLE);
    }
}

/* Two kernels queued at once, 100–200 µs and 5 100–5 200 µs, the device
 * idle between (4.9 ms, a long gap: an idle phase, 16.2; its cause
 * unexplained, since both were queued before it, 16.1). Launched by one
 * cudaGraphLaunch (0–50 µs; both carry its correlation), the idle finding
 * says the time is inside the graph's replay and advises looking at what
 * its nodes wait for (16.3); launched by two cudaLaunchKernel calls at 0
 * and 60 µs, it says nothing recorded says why, and advises nothing. */
static void
test_idle_in_graph (void)
{
  for (gint graph = 0; graph < 2; graph++)
    {
      g_auto (Diagnosed) d = { 0 };
      const StFinding   *idle;
      Writer             w;

      writer_init (&w, NULL);
      gpu (&w, FALSE);
      if (graph)
        host (&w, "cuda_runtime", "cudaGraphLaunch", 0, 50, 1);
      else
        {
          host (&w, "cuda_runtime", "cudaLaunchKernel", 0, 5, 1);
          host (&w, "cuda_runtime", "cudaLaunchKernel", 60, 5, 2);
        }
      device (&w, "kernel", "vectorized_elementwise_kernel", 7, 100, 100, 1);
      device (&w, "kernel", "vectorized_elementwise_kernel", 7, 5100, 100, graph ? 1 : 2);
      diagnose (&d, writer_end (&w));

      idle = find (&d, "idle");
      g_assert_nonnull (idle);
      g_assert_cmpint (idle->time_at_stake_ns, ==, 4900 * US);
      if (graph)
        {
          assert_contains (idle->text, "inside a graph's replay");
          assert_contains (idle->action, "Look at what the graph's nodes wait for");
        }
      else
        {
          assert_contains (idle->text, "with nothing recorded that says why");
          g_assert_null (idle->action);
        }
    }
}

/* Exposed all-reduce: three steps of 100 ms, each a GEMM on stream 7 for
 * 30 ms, then an all-reduce on stream 13 for 70 ms with nothing else
 * running. No gap: one stretch of 300 ms whose communication alone, 210 ms,
 * is over a quarter and more than any idle time: communication-bound, the
 * bound, with 210 ms (70 %) at stake; its 90 ms of compute, over a tenth of
 * 210, could hide it: the overlap advice. With a GEMM of 1 ms a step and an
 * all-reduce of 99 ms, 3 ms of compute against 297 ms (under a tenth):
 * overlap could hide little, the advice is cheaper communication
 * (docs/metrics.md 16.3). */
static void
test_exposed_all_reduce (void)
{
  static const struct
  {
    gint64      gemm_us;
    gint64      alone_ms;
    const char *text, *action;
  } cases[] = {
    { 30000, 210, "210.0 ms (70.0 %)", "Overlap communication with compute" },
    { 1000, 297, "297.0 ms (99.0 %)",
      "There is too little compute here to hide it under (3.000 ms, against 297.0 ms of "
      "communication alone): make the communication cheaper" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto (Diagnosed) d = { 0 };
      Writer             w;

      writer_init (&w, NULL);
      gpu (&w, TRUE);
      for (gint s = 0; s < 3; s++)
        {
          device (&w, "kernel", "sm80_gemm_kernel", 7, 100000 * s, cases[c].gemm_us, 1);
          device (&w, "kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", 13,
                  100000 * s + cases[c].gemm_us, 100000 - cases[c].gemm_us, 2);
        }
      diagnose (&d, writer_end (&w));

      g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 1);
      g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_COMMUNICATION_BOUND);
      g_assert_cmpstr (finding (&d, 0)->id, ==, "communication-bound");
      g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, cases[c].alone_ms * MS);
      assert_contains (finding (&d, 0)->text, cases[c].text);
      assert_contains (finding (&d, 0)->action, cases[c].action);
    }
}

/* The exposed communication above (the first case: 90 ms of compute
 * against 210 ms of it) under a PyTorch operator, by the collective its
 * kernels are: the overlap advice names what overlaps that collective in
 * PyTorch (16.3) — DDP's buckets for an all-reduce, FSDP's prefetch for an
 * all-gather, a pipeline of batches for an all-to-all, micro-batches for
 * pipeline stages' sends — and none of the others'; without PyTorch's
 * operators, the runtime's words for any of them. */
static void
test_overlap_by_collective (void)
{
  static const struct
  {
    const char *kernel;
    gboolean    pytorch;
    const char *says, *not_says;
  } cases[] = {
    { "ncclDevKernel_AllReduce_Sum_f32_RING_LL", TRUE, "bucket_cap_mb", "FSDP" },
    { "ncclDevKernel_AllGather_RING_LL", TRUE, "forward_prefetch", "bucket_cap_mb" },
    { "ncclDevKernel_AllToAll_RING_LL", TRUE, "TrainPipelineSparseDist", "bucket_cap_mb" },
    { "ncclDevKernel_SendRecv", TRUE, "micro-batches", "bucket_cap_mb" },
    { "ncclDevKernel_AllToAll_RING_LL", FALSE, "as early as their inputs allow", "torchrec" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto (Diagnosed) d = { 0 };
      Writer             w;

      writer_init (&w, NULL);
      gpu (&w, TRUE);
      if (cases[c].pytorch)
        host (&w, "cpu_op", "aten::mm", 0, 10, 0);
      for (gint s = 0; s < 3; s++)
        {
          device (&w, "kernel", "sm80_gemm_kernel", 7, 100000 * s, 30000, 1);
          device (&w, "kernel", cases[c].kernel, 13, 100000 * s + 30000, 70000, 2);
        }
      diagnose (&d, writer_end (&w));

      g_assert_cmpstr (finding (&d, 0)->id, ==, "communication-bound");
      assert_contains (finding (&d, 0)->action, cases[c].says);
      g_assert_null (strstr (finding (&d, 0)->action, cases[c].not_says));
    }
}

static char *
rank_trace (gint rank, gint64 step, gint64 all_reduce)
{
  g_autofree char *head
      = g_strdup_printf ("\"distributedInfo\": {\"rank\": %d, \"world_size\": 2}", rank);
  Writer w;

  writer_init (&w, head);
  gpu (&w, FALSE);
  host (&w, "user_annotation", "ProfilerStep#1", step, 50000, 0);
  device (&w, "kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", 7, all_reduce, 5000, 1);
  return writer_end (&w);
}

/* A late rank: rank 0 begins ProfilerStep#1 at 1 ms and its all-reduce at
 * 10 ms; rank 1 begins the step 7 ms later (8 ms) and the all-reduce 7.6 ms
 * later (17.6 ms). Rank 1 is the straggler of the one collective, 7.6 ms
 * late; rank 0 waited 7.6 ms for it (7.6 ms over two ranks at stake). At
 * its step's start it was already 7 ms late, more than half of 7.6:
 * late before the step began. */
static void
test_late_rank (void)
{
  g_auto (Diagnosed) d = { 0 };
  g_autofree char   *dir = g_dir_make_tmp ("strata-diagnosis-XXXXXX", NULL);
  g_autofree char   *a = g_build_filename (dir, "rank0.json", NULL);
  g_autofree char   *b = g_build_filename (dir, "rank1.json", NULL);
  g_autofree char   *text_a = rank_trace (0, 1000, 10000);
  g_autofree char   *text_b = rank_trace (1, 8000, 17600);
  char              *paths[] = { a, b, NULL };
  g_autoptr (GError) error = NULL;
  const StFinding   *late;
  StTrace           *trace;

  g_assert_true (g_file_set_contents (a, text_a, -1, NULL));
  g_assert_true (g_file_set_contents (b, text_b, -1, NULL));
  trace = st_profile_load_args (paths, 2, ST_ALIGN_CLOCK, 0, &error);
  g_assert_no_error (error);
  diagnose_trace (&d, trace);
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);

  late = find (&d, "straggler");
  g_assert_nonnull (late);
  g_assert_cmpint (late->time_at_stake_ns, ==, 7600 * US / 2);
  assert_contains (late->text, "rank 1 arrived last at 1 of the 1 collectives");
  assert_contains (late->text, "7.600 ms late at AllReduce #1");
  assert_contains (late->text, "waited 7.600 ms for it");
  assert_contains (late->text, "already 7.000 ms late when ProfilerStep#1 began");
}

/* A Neuron profile that is one leading semaphore wait around a 10 µs
 * matmul (the "increase batch size" on a wait): 0–990 µs
 * EVENT_SEMAPHORE (class wait), 990–1 000 µs MatMult. The gap before the
 * matmul is covered by the wait: sync. It is under 1 ms, so no long gap;
 * the one stretch cannot be cut (the matmul is 1 % of it): busy 1 %, a
 * sync wait phase, the whole span. The span is all waiting, so it counts
 * whole: the bound is the wait, 990 µs at stake. The tensor engine's 1 %
 * fires the utilisation rule, but it is not given (its batch-size advice
 * cannot apply to a wait). */
static void
test_neuron_leading_wait (void)
{
  g_auto (Diagnosed) d = { 0 };
  const char         text[]
      = "{\"summary\": [{\"total_time\": 0.001, \"tensor_engine_active_time_percent\": 0.01}],\n"
        " \"instruction\": [\n"
        "  {\"timestamp\": 0, \"duration\": 990000, \"subgroup\": \"Pool\", \"opcode\": "
        "\"EVENT_SEMAPHORE\"},\n"
        "  {\"timestamp\": 990000, \"duration\": 10000, \"subgroup\": \"Tensor\", \"opcode\": "
        "\"MatMult\"}\n"
        " ]}\n";

  diagnose (&d, g_strdup (text));
  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 1);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_SYNC_WAIT);
  g_assert_cmpstr (finding (&d, 0)->id, ==, "sync-wait");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 990 * US);
  g_assert_null (find (&d, "tensor-engine-utilisation"));
  for (guint i = 0; i < st_diagnosis_get_n_findings (d.diagnosis); i++)
    g_assert_null (strstr (finding (&d, i)->action ? finding (&d, i)->action : "", "batch size"));
}

/* Warm-up: aten::mm (cpu_op) first runs 5 ms, then nine times 100 µs from
 * 10 ms on, each holding an aten::mm_inner of the same pattern (4.9 ms,
 * then 90 µs). The first mm is 50× its later median and over 1 ms: a
 * warm-up with 5 ms − 100 µs = 4.9 ms at stake; the inner one is a warm-up
 * too but lies inside it, so only the outer one is said. */
static void
test_warm_up (void)
{
  g_auto (Diagnosed) d = { 0 };
  const StFinding   *warm = NULL;
  guint              n_warm = 0;
  Writer             w;

  writer_init (&w, NULL);
  host (&w, "cpu_op", "aten::mm", 0, 5000, 0);
  host (&w, "cpu_op", "aten::mm_inner", 50, 4900, 0);
  for (gint k = 0; k < 9; k++)
    {
      host (&w, "cpu_op", "aten::mm", 10000 + 1000 * k, 100, 0);
      host (&w, "cpu_op", "aten::mm_inner", 10000 + 1000 * k + 5, 90, 0);
    }
  diagnose (&d, writer_end (&w));

  for (guint i = 0; i < st_diagnosis_get_n_findings (d.diagnosis); i++)
    if (g_str_equal (finding (&d, i)->id, "warm-up"))
      {
        warm = finding (&d, i);
        n_warm++;
      }
  g_assert_cmpuint (n_warm, ==, 1);
  g_assert_cmpint (warm->time_at_stake_ns, ==, 4900 * US);
  assert_contains (warm->text, "the first “aten::mm” took 5.000 ms, 50× the median of its 9 "
                               "later calls (100.0 µs)");
}

/* A gap inside a warm-up is the warm-up's (16.1), not the host's: a
 * kernel runs 0–100 µs; the first aten::conv2d runs 100 µs–50.1 ms and
 * launches its kernel at 50 ms (it runs 50.02–50.52 ms); five later
 * conv2d of 1 ms each start at 60 + 2k ms and launch at +900 µs, their
 * kernels running +920 µs for 500 µs. conv2d has 6 slices, the first 50 ×
 * the later median (1 ms): a warm-up.
 *
 * The gap 100 µs–50.02 ms: its next event was launched at 50 ms, so the
 * host's part (49.9 ms) is the larger; no synchronisation; its middle,
 * 25.05 ms, lies in conv2d's first slice: cause warm-up. The gap
 * 50.52–60.92 ms: the host's part (to 60.9 ms) is the larger and its
 * middle outside any warm-up: host, as are the four of 1.5 ms between the
 * later kernels. The span is 0–69.42 ms; long gaps at least 3.471 ms (5 %):
 * the first (a warm-up phase) and the second (host-bound); the stretch
 * after it (8.5 ms: 2.5 ms busy, 6 ms host) host-bound, and joined with
 * it; the kernels at 0 and at 50.02 ms (100 and 500 µs, under 2 % of the
 * span, 1.388 ms) join their longer neighbour, the warm-up. Phases: warm-up
 * [0, 50.52 ms), host-bound [50.52, 69.42 ms). The warm-up holds the most
 * time: it is the bound, first, with 49.92 ms at stake (98.8 % of its
 * 50.52 ms), and says conv2d; conv2d is not said again on its own.
 *
 * After the device's last work, aten::linear runs 2 ms at 70 ms, then five
 * times 100 µs: a warm-up too (20× the median), 1.9 ms at stake, outside
 * the phases. It is said in a finding of its own with no advice: the
 * warm-up phase's finding, shown first, gives it (16.3: said once). Both
 * are of kind warm-up: the bound's finding is the phase's, not the first
 * warm-up after the others by time at stake (linear's, before). */
static void
test_warm_up_phase (void)
{
  g_auto (Diagnosed) d = { 0 };
  const StFinding   *linear = NULL;
  Writer             w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 0, 5, 1);
  device (&w, "kernel", "gemm", 7, 0, 100, 1);
  host (&w, "cpu_op", "aten::conv2d", 100, 50000, 0);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 50000, 10, 2);
  device (&w, "kernel", "gemm", 7, 50020, 500, 2);
  for (gint k = 0; k < 5; k++)
    {
      gint64 at = 60000 + 2000 * k;

      host (&w, "cpu_op", "aten::conv2d", at, 1000, 0);
      host (&w, "cuda_runtime", "cudaLaunchKernel", at + 900, 10, 3 + k);
      device (&w, "kernel", "gemm", 7, at + 920, 500, 3 + k);
    }
  host (&w, "cpu_op", "aten::linear", 70000, 2000, 0);
  for (gint k = 0; k < 5; k++)
    host (&w, "cpu_op", "aten::linear", 73000 + 500 * k, 100, 0);
  diagnose (&d, writer_end (&w));

  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), ==, 2);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_WARM_UP);
  g_assert_cmpint (phase (&d, 0)->start, ==, 0);
  g_assert_cmpint (phase (&d, 0)->end, ==, 50520 * US);
  g_assert_cmpint (phase (&d, 0)->idle_ns[ST_IDLE_WARM_UP], ==, 49920 * US);
  g_assert_cmpint (phase (&d, 1)->kind, ==, ST_PHASE_HOST_BOUND);
  g_assert_cmpint (phase (&d, 1)->start, ==, 50520 * US);
  g_assert_cmpint (phase (&d, 1)->end, ==, 69420 * US);
  g_assert_cmpint (phase (&d, 1)->idle_ns[ST_IDLE_HOST], ==, (10400 + 4 * 1500) * US);
  g_assert_cmpstr (finding (&d, 0)->id, ==, "warm-up");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 49920 * US);
  assert_contains (finding (&d, 0)->text,
                   "the device waited 49.92 ms (98.8 %) while the host ran the first "
                   "“aten::conv2d”, which took 50.00 ms, 50× the median of its 5 later calls "
                   "(1.000 ms).");
  g_assert_nonnull (finding (&d, 0)->action);
  for (guint i = 1; i < st_diagnosis_get_n_findings (d.diagnosis); i++)
    if (g_str_equal (finding (&d, i)->id, "warm-up"))
      {
        g_assert_null (linear);
        linear = finding (&d, i);
      }
  g_assert_nonnull (linear);
  g_assert_cmpint (linear->time_at_stake_ns, ==, 1900 * US);
  assert_contains (linear->text, "the first “aten::linear” took 2.000 ms, 20× the median of its 5 "
                                 "later calls (100.0 µs).");
  g_assert_null (strstr (linear->text, "conv2d"));
  g_assert_null (linear->action);
}

/* Warm-ups at int64's edge: three framework ops on three threads, op t
 * first called at t ms for 4 × 10^18 ns, then five times 1 µs after it,
 * are three warm-ups (none inside another: each starts and ends after the
 * one before), each 4 × 10^18 − 1000 ns at stake (op1's two more long
 * calls, on threads 4 and 5, start with its first and are no first call;
 * op1's 12 × 10^18 ns in all is held at the limit too).
 * Their sum passes 2^63 − 1: the joined finding's time at stake stays at
 * that limit instead of wrapping to a negative time (UBSan would report
 * the overflow too). */
static void
test_warm_ups_at_the_edge (void)
{
  g_auto (Diagnosed) d = { 0 };
  const StFinding   *warm;
  Writer             w;

  writer_init (&w, NULL);
  for (gint t = 1; t <= 3; t++)
    {
      g_autofree char *name = g_strdup_printf ("aten::op%d", t);

      event (&w,
             "\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"%s\",\"pid\":1,\"tid\":%d,"
             "\"ts\":%d,\"dur\":4000000000000000",
             name, t, 1000 * t);
      for (gint k = 0; k < 5; k++)
        event (&w,
               "\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"%s\",\"pid\":1,\"tid\":%d,"
               "\"ts\":%" G_GINT64_FORMAT ",\"dur\":1",
               name, t, G_GINT64_CONSTANT (4000000000010000) + 10 * k);
    }
  /* two more long calls of op1, on threads 4 and 5: its name's time
   * passes 2^63 − 1 too (the warm-ups rank names by it) */
  for (gint t = 4; t <= 5; t++)
    event (&w,
           "\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::op1\",\"pid\":1,\"tid\":%d,"
           "\"ts\":1000,\"dur\":4000000000000000",
           t);
  diagnose (&d, writer_end (&w));

  warm = find (&d, "warm-up");
  g_assert_nonnull (warm);
  g_assert_cmpuint (warm->operations->len, ==, 3);
  g_assert_cmpint (warm->time_at_stake_ns, ==, G_MAXINT64);
}

/* Device work at int64's edge (the longest span a trace may have is 146
 * years, 4.6 × 10^18 ns): a GEMM runs 2 × 10^18 ns from 20 µs, launched at
 * 10 µs; then the host sits in a cudaMemcpy for 2 × 10^18 − 100 µs while
 * the device idles, and its copy runs at the end. The first stretch is
 * all busy: device-bound (5 × busy ≥ 4 × length, 10^19 against
 * 8 × 10^18, which overflowed an int64); the second a sync wait. */
static void
test_device_at_the_edge (void)
{
  g_auto (Diagnosed) d = { 0 };
  Writer             w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 10, 5, 1);
  device (&w, "kernel", "sm80_xmma_gemm", 7, 20, G_GINT64_CONSTANT (2000000000000000), 1);
  host (&w, "cuda_runtime", "cudaMemcpy", G_GINT64_CONSTANT (2000000000000030),
        G_GINT64_CONSTANT (2000000000000000) - 100, 2);
  device (&w, "gpu_memcpy", "Memcpy DtoH", 7, G_GINT64_CONSTANT (3999999999999950), 40, 2);
  diagnose (&d, writer_end (&w));

  g_assert_cmpuint (st_diagnosis_get_n_phases (d.diagnosis), >=, 2);
  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_DEVICE_BOUND);
  g_assert_cmpint (phase (&d, 1)->kind, ==, ST_PHASE_SYNC_WAIT);
  for (guint i = 0; i < st_diagnosis_get_n_findings (d.diagnosis); i++)
    g_assert_cmpint (finding (&d, i)->time_at_stake_ns, >=, 0);
}

/* Kernels the CUPTI range profiler timed (16.3): on the GPU process,
 * cuda_profiler_range slices at 0–100 ms (tid 0), 50–170 ms (tid 1) and
 * 300–340 ms (tid 0), beside a host op to 400 ms. Three kernels; their
 * union 170 + 40 = 210 ms is the time at stake; the median of 100, 120
 * and 40 ms is 100 ms; the place from 0 to 340 ms. A trace with the same
 * events as kernels has no such finding. */
static void
test_counter_collection (void)
{
  const char *const cats[] = { "cuda_profiler_range", "kernel" };

  for (guint k = 0; k < G_N_ELEMENTS (cats); k++)
    {
      g_auto (Diagnosed) d = { 0 };
      const StFinding   *f;
      Writer             w;

      writer_init (&w, NULL);
      gpu (&w, FALSE);
      device (&w, cats[k], "ampere_sgemm_32x32_sliced1x4_tn", 0, 0, 100000, 0);
      device (&w, cats[k], "elementwise_kernel", 1, 50000, 120000, 0);
      device (&w, cats[k], "ampere_sgemm_32x32_sliced1x4_tn", 0, 300000, 40000, 0);
      host (&w, "cpu_op", "aten::mm", 0, 400000, 0);
      diagnose (&d, writer_end (&w));

      f = find (&d, "counter-collection");
      if (k == 1)
        {
          g_assert_null (f);
          continue;
        }
      g_assert_nonnull (f);
      g_assert_cmpint (f->time_at_stake_ns, ==, 210 * MS);
      g_assert_cmpint (f->start_ns, ==, 0);
      g_assert_cmpint (f->end_ns, ==, 340 * MS);
      assert_contains (f->text, "Counter collection: 3 kernels were timed by the CUPTI range "
                                "profiler, 210.0 ms in all (median 100.0 ms).");
      g_assert_nonnull (f->action);
      g_assert_true (finding (&d, 0) == f);
    }
}

/* The warm-ups of a range are one finding (16.3), however many. Host ops
 * alone (no device): aten::a runs 5 ms, b 3 ms, c 2 ms, d 1.5 ms, each
 * once and then five times 100, 200, 100 and 50 µs, one after another.
 * Each first call is at least 10× its later median and 1 ms: four
 * warm-ups, at stake 4.9, 2.8, 1.9 and 1.45 ms, 11.05 ms together. The
 * finding names the three with the most at stake in that order, then "1
 * more" with 1.45 ms; it spans from a's start (0) to d's end; with no
 * warm-up phase to give it, it carries the advice. */
static void
test_warm_ups_joined (void)
{
  g_auto (Diagnosed) d = { 0 };
  const char *const  names[] = { "aten::a", "aten::b", "aten::c", "aten::d" };
  const gint64       first[] = { 5000, 3000, 2000, 1500 }, later[] = { 100, 200, 100, 50 };
  const StFinding   *warm = NULL;
  gint64             at = 0;
  Writer             w;

  writer_init (&w, NULL);
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      host (&w, "cpu_op", names[n], at, first[n], 0);
      at += first[n];
    }
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    for (gint k = 0; k < 5; k++)
      {
        host (&w, "cpu_op", names[n], at, later[n], 0);
        at += later[n];
      }
  diagnose (&d, writer_end (&w));

  for (guint i = 0; i < st_diagnosis_get_n_findings (d.diagnosis); i++)
    if (g_str_equal (finding (&d, i)->id, "warm-up"))
      {
        g_assert_null (warm);
        warm = finding (&d, i);
      }
  g_assert_nonnull (warm);
  g_assert_cmpint (warm->time_at_stake_ns, ==, 11050 * US);
  g_assert_cmpint (warm->start_ns, ==, 0);
  g_assert_cmpint (warm->end_ns, ==, 11500 * US);
  assert_contains (warm->text,
                   "Warm-up: the first calls of 4 operations were slow: “aten::a” took 5.000 ms, "
                   "50× the median of its 5 later calls (100.0 µs); “aten::b” took 3.000 ms, 15× "
                   "the median of its 5 later calls (200.0 µs); “aten::c” took 2.000 ms, 20× the "
                   "median of its 5 later calls (100.0 µs); and 1 more, 1.450 ms at stake "
                   "together.");
  g_assert_cmpuint (warm->operations->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (warm->operations, 3), ==, "aten::d");
  g_assert_nonnull (warm->action);
}

/* The stream advice only where another stream could take work from
 * compute (docs/metrics.md 16.3): stream 7 runs 95 of the 100 ms of work
 * (95 %, over the rule's 90 %), stream 13 an elementwise kernel (95–100).
 * Stream 7 made of
 * - GEMMs alone: nothing on it could move, no finding;
 * - a GEMM (0–50 ms) and a copy (50–95): the copy could run beside the
 *   GEMM, min (45, 50) = 45 ms at stake;
 * - a GEMM (0–20) and a copy (20–95): the overlap could hide at most the
 *   GEMM's 20 ms, min (75, 20);
 * - a copy alone (0–95): it already has a stream of its own, no finding. */
static void
test_stream_advice (void)
{
  static const struct
  {
    gint64 gemm_us, copy_us, stake_ms; /* stake 0: no finding */
  } cases[] = { { 95000, 0, 0 }, { 50000, 45000, 45 }, { 20000, 75000, 20 }, { 0, 95000, 0 } };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_auto (Diagnosed) d = { 0 };
      const StFinding   *busy;
      Writer             w;

      writer_init (&w, NULL);
      gpu (&w, TRUE);
      if (cases[c].gemm_us > 0)
        device (&w, "kernel", "sm80_gemm_kernel", 7, 0, cases[c].gemm_us, 1);
      if (cases[c].copy_us > 0)
        device (&w, "gpu_memcpy", "Memcpy DtoD (Device -> Device)", 7, cases[c].gemm_us,
                cases[c].copy_us, 2);
      device (&w, "kernel", "vectorized_elementwise_kernel", 13, 95000, 5000, 3);
      diagnose (&d, writer_end (&w));

      busy = find (&d, "stream-imbalance");
      if (cases[c].stake_ms == 0)
        g_assert_null (busy);
      else
        {
          g_assert_nonnull (busy);
          g_assert_cmpint (busy->time_at_stake_ns, ==, cases[c].stake_ms * MS);
        }
    }
}

/* A range that is the host's: a setup op runs 0–9.9 s, then one kernel,
 * launched at 9.98 s, runs 9.99–9.991 s. The device's span is 1 ms of the
 * 9.991 s range, under a fifth: no device work is the bound, with
 * 9.991 s − 1 ms at stake, the 9.99 s before the kernel said. The kernel's
 * own device-bound finding (1 ms) is under 1 % of the range: not shown. */
static char *
host_range_trace (const char *cat, const char *lead, const char *trail)
{
  Writer w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  host (&w, cat, lead, 0, 9900000, 0);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 9980000, 5, 1);
  device (&w, "kernel", "vectorized_elementwise_kernel", 7, 9990000, 1000, 1);
  if (trail != NULL)
    host (&w, cat, trail, 9991000, 9000, 0);
  return writer_end (&w);
}

static void
test_no_device_work (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, host_range_trace ("cpu_op", "setup", NULL));

  g_assert_cmpstr (finding (&d, 0)->id, ==, "no-device-work");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 9991 * MS - 1 * MS);
  assert_contains (finding (&d, 0)->text, "1.000 ms of its 9.991 s");
  assert_contains (finding (&d, 0)->text, "9.990 s before the first device work");
  g_assert_cmpuint (st_diagnosis_get_n_shown (d.diagnosis), ==, 1);
}

/* The range above as a JAX program's trace shows it when the profiler's
 * own start-up takes it: its start_trace frame 0–9.9 s, the kernel at
 * 9.99 s, then its stop_trace frame 9.991–10 s (the trace written out).
 * The device's 1 ms of the 10 s range: no device work, 10 s − 1 ms at
 * stake; the profiler's frames hold 9.9 + 0.009 = 9.909 s of the rest,
 * over half: the finding says that time is the profiler's, and the
 * advice is to read the program's part, not to move setup out (16.3);
 * its place is that part. */
static void
test_no_device_work_profiler (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, host_range_trace ("python", "$profiler.py:91 start_trace",
                                  "$profiler.py:193 stop_trace"));

  g_assert_cmpstr (finding (&d, 0)->id, ==, "no-device-work");
  g_assert_cmpint (finding (&d, 0)->time_at_stake_ns, ==, 10000 * MS - 1 * MS);
  assert_contains (finding (&d, 0)->text, "9.909 s of the rest is the profiler's own start");
  assert_contains (finding (&d, 0)->action, "between the profiler's start and stop");
  /* its place: the program's part, the kernel 9.99–9.991 s */
  g_assert_cmpint (finding (&d, 0)->start_ns, ==, 9990 * MS);
  g_assert_cmpint (finding (&d, 0)->end_ns, ==, 9991 * MS);
}

/* The work a device-bound phase names is of its busiest kind: GEMMs gemm_a
 * and gemm_b run 30 ms each, one elementwise kernel 40 ms, back to back.
 * GEMM is 60 of the 100 ms; of the GEMMs gemm_a and gemm_b tie at 30 ms
 * and the first named wins: "gemm_a", not the longer elementwise kernel. */
static void
test_top_event_of_top_kind (void)
{
  g_auto (Diagnosed) d = { 0 };
  Writer             w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  device (&w, "kernel", "gemm_a", 7, 0, 30000, 1);
  device (&w, "kernel", "gemm_b", 7, 30000, 30000, 2);
  device (&w, "kernel", "vectorized_elementwise_kernel", 7, 60000, 40000, 3);
  diagnose (&d, writer_end (&w));

  g_assert_cmpint (phase (&d, 0)->kind, ==, ST_PHASE_DEVICE_BOUND);
  g_assert_cmpstr (phase (&d, 0)->top_class, ==, "GEMM");
  g_assert_cmpfloat_with_epsilon (phase (&d, 0)->top_class_percent, 60.0, 1e-9);
  g_assert_cmpstr (st_trace_get_string (d.trace, phase (&d, 0)->top_event), ==, "gemm_a");
  g_assert_cmpint (phase (&d, 0)->top_event_ns, ==, 30 * MS);
}

/* The call that blocked the host is the synchronisation call, not the op
 * the host ran next; a finding of several phases says so. Kernels A
 * (1 000–1 100 µs), B (61 010–71 010 µs) and C (131 010–141 010 µs), each
 * launched just before. Each gap opens while the host is in a
 * hipMemcpyWithStream (a blocking copy: 1 050–1 200 and 70 960–71 110 µs),
 * which ends before the next launch; the host then runs an aten::transpose
 * until that launch. The host's part of each gap is almost all of it and a
 * synchronisation call was running when it opened: sync (16.1). Each gap
 * is longer than 5 % of the 140 ms span: two sync wait phases. The deepest
 * slice through each gap's middle is the transpose; the call named must be
 * the copy (16.2), and the text says it is the largest of 2 phases. */
static void
test_sync_call_named (void)
{
  g_auto (Diagnosed) d = { 0 };
  const StFinding   *sync;
  guint              n_sync = 0;
  Writer             w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 990, 5, 1);
  host (&w, "cuda_runtime", "hipMemcpyWithStream", 1050, 150, 0);
  device (&w, "kernel", "gemm_a", 7, 1000, 100, 1);
  host (&w, "cpu_op", "aten::transpose", 1200, 59800, 0);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 61000, 5, 2);
  host (&w, "cuda_runtime", "hipMemcpyWithStream", 70960, 150, 0);
  device (&w, "kernel", "gemm_b", 7, 61010, 10000, 2);
  host (&w, "cpu_op", "aten::transpose", 71110, 59890, 0);
  host (&w, "cuda_runtime", "cudaLaunchKernel", 131000, 5, 3);
  device (&w, "kernel", "gemm_c", 7, 131010, 10000, 3);
  diagnose (&d, writer_end (&w));

  for (guint i = 0; i < st_diagnosis_get_n_phases (d.diagnosis); i++)
    n_sync += phase (&d, i)->kind == ST_PHASE_SYNC_WAIT;
  g_assert_cmpuint (n_sync, ==, 2);
  sync = find (&d, "sync-wait");
  g_assert_nonnull (sync);
  assert_contains (sync->text, "“hipMemcpyWithStream”");
  g_assert_null (strstr (sync->text, "transpose"));
  assert_contains (sync->text, "largest of 2 phases");
}

/* A device held by copies: 20 host-to-device copies launched within 20 µs
 * run back to back from 100 µs, 10 ms each (to 200.1 ms). The device is
 * busy all its span with up to 20 launches queued: device-bound, and copy
 * is all of its work, so the fix named is the copies' (16.3), not "its
 * longest kernels"; copies are all of the device time, so the memory-time
 * rule (over 15 %) holds too. With @framework, the host also runs a
 * PyTorch operator of that category ("cpu_op", or an NVTX range named
 * aten::…): the profile's terms (16.3) are PyTorch's; without, the
 * runtime's, whose calls are @copy's (cudaMemcpyAsync, hipMemcpyAsync). */
static void
copy_trace_begin (Writer *w, const char *framework)
{
  writer_init (w, NULL);
  gpu (w, FALSE);
  if (framework != NULL)
    host (w, framework, "aten::copy_", 0, 30, 0);
}

static char *
copy_bound_trace_calls (const char *framework, const char *copy)
{
  Writer w;

  copy_trace_begin (&w, framework);
  for (gint k = 0; k < 20; k++)
    {
      host (&w, "cuda_runtime", copy, k, 1, 1 + k);
      device (&w, "gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 7, 100 + 10000 * k, 10000,
              1 + k);
    }
  return writer_end (&w);
}

static char *
copy_bound_trace (const char *framework)
{
  return copy_bound_trace_calls (framework, "cudaMemcpyAsync");
}

/* Copies among GEMMs: 20 GEMMs of 10 ms, each followed by a 3 ms copy,
 * all launched within 40 µs and run back to back from 100 µs. Device-bound
 * by its GEMMs (200 of 260 ms, 77 %), so that finding's fix is the GEMMs';
 * the copies are 60 of 260 ms of device time, 23 % (over 6's 15 %): the
 * memory-time rule's finding keeps its own fix (16.3). @framework and
 * @copy as for copy_bound_trace_calls (); the launches are @copy's
 * runtime's. */
static char *
copies_among_gemms_trace (const char *framework, const char *copy)
{
  const char *launch = g_str_has_prefix (copy, "hip") ? "hipLaunchKernel" : "cudaLaunchKernel";
  Writer      w;

  copy_trace_begin (&w, framework);
  for (gint k = 0; k < 20; k++)
    {
      host (&w, "cuda_runtime", launch, 2 * k, 1, 1 + 2 * k);
      device (&w, "kernel", "gemm", 7, 100 + 13000 * k, 10000, 1 + 2 * k);
      host (&w, "cuda_runtime", copy, 2 * k + 1, 1, 2 + 2 * k);
      device (&w, "gpu_memcpy", "Memcpy HtoD (Pinned -> Device)", 7, 10100 + 13000 * k, 3000,
              2 + 2 * k);
    }
  return writer_end (&w);
}

static void
test_copy_bound (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, copy_bound_trace ("cpu_op"));
  g_assert_cmpstr (finding (&d, 0)->id, ==, "device-bound");
  g_assert_cmpstr (phase (&d, 0)->top_class, ==, "copy");
  assert_contains (finding (&d, 0)->action, "pinned memory");
}

/* The advice in the profile's terms (16.3): the copy-bound trace above in
 * PyTorch's (a cpu_op; an NVTX range of an aten:: name) and in the
 * runtime's (no framework: the program's own copies, as an Nsight Systems
 * export of a CUDA program shows them; CUDA's calls named for a CUDA
 * program, HIP's for a HIP one), its device-bound finding and its
 * memory-time rule hit each; an XLA profile's host-bound launch advice
 * (the xplane of a JAX program whose host launches between short kernels,
 * tests/data/real); a Neuron profile's copy-bound phase (its DMA). Each
 * text must name its own software's fix and none of another's. */
static void
test_advice_terms (void)
{
  const char *const pytorch[] = { "cpu_op", "nvtx" };
  const char *const runtime[][3] = { { "cudaMemcpyAsync", "(cudaMallocHost)", "hip" },
                                     { "hipMemcpyAsync", "(hipHostMalloc)", "cuda" } };

  for (guint i = 0; i < G_N_ELEMENTS (pytorch); i++)
    {
      g_auto (Diagnosed) d = { 0 };
      g_auto (Diagnosed) mixed = { 0 };

      diagnose (&d, copy_bound_trace (pytorch[i]));
      assert_contains (find (&d, "device-bound")->action, "pin_memory=True");
      /* the copies' fix is the device-bound finding's: said once */
      g_assert_null (find (&d, "memory-time")->action);
      diagnose (&mixed, copies_among_gemms_trace (pytorch[i], "cudaMemcpyAsync"));
      assert_contains (find (&mixed, "device-bound")->action, "GEMMs");
      assert_contains (find (&mixed, "memory-time")->action, "non_blocking=True");
    }
  for (guint i = 0; i < G_N_ELEMENTS (runtime); i++)
    {
      g_auto (Diagnosed) d = { 0 };
      g_auto (Diagnosed) mixed = { 0 };
      const char        *own = runtime[i][0], *pinned = runtime[i][1], *other = runtime[i][2];
      g_autofree char   *copy_call = g_strdup_printf ("(%s)", own);

      diagnose (&d, copy_bound_trace_calls (NULL, own));
      assert_contains (find (&d, "device-bound")->action, pinned);
      g_assert_null (strstr (find (&d, "device-bound")->action, "pin_memory"));
      g_assert_null (strstr (find (&d, "device-bound")->action, other));
      g_assert_null (find (&d, "memory-time")->action);
      diagnose (&mixed, copies_among_gemms_trace (NULL, own));
      assert_contains (find (&mixed, "memory-time")->action, copy_call);
      g_assert_null (strstr (find (&mixed, "memory-time")->action, "non_blocking"));
      g_assert_null (strstr (find (&mixed, "memory-time")->action, other));
    }
  {
    g_auto (Diagnosed) d = { 0 };
    const StFinding   *host_bound;

    diagnose_trace (&d, st_test_load ("real", "tracelens_jax_mi300_conv_legacy.xplane.pb", NULL));
    host_bound = find (&d, "host-bound");
    g_assert_nonnull (host_bound);
    assert_contains (host_bound->action, "jax.jit");
    g_assert_null (strstr (host_bound->action, "torch"));
    g_assert_null (strstr (find (&d, "no-device-work")->action, "schedule"));
  }
  {
    g_auto (Diagnosed) d = { 0 };

    diagnose_trace (&d, st_test_load ("neuron", "dma-routes.json", NULL));
    assert_contains (find (&d, "device-bound")->action, "SBUF");
    g_assert_null (strstr (find (&d, "device-bound")->action, "pinned"));
  }
}

/* Elementwise kernels holding the device: 10 of 5 ms back to back, named
 * @kernel, under a PyTorch operator. Eager PyTorch's are fused by
 * torch.compile; Inductor's Triton kernels are torch.compile's already, and
 * the advice is to fuse further (16.3). */
static char *
back_to_back_trace (const char *op, const char *kernel)
{
  Writer w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  host (&w, "cpu_op", op, 0, 20, 0);
  for (gint k = 0; k < 10; k++)
    {
      host (&w, "cuda_runtime", "cudaLaunchKernel", 1 + k, 1, 1 + k);
      device (&w, "kernel", kernel, 7, 100 + 5000 * k, 5000, 1 + k);
    }
  return writer_end (&w);
}

static void
assert_elementwise_advice (const char *kernel, const char *says, const char *not_says)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, back_to_back_trace ("aten::add", kernel));

  g_assert_cmpstr (finding (&d, 0)->id, ==, "device-bound");
  g_assert_cmpstr (phase (&d, 0)->top_class, ==, "Elementwise");
  assert_contains (finding (&d, 0)->action, says);
  g_assert_null (strstr (finding (&d, 0)->action, not_says));
}

static void
test_compiled_elementwise (void)
{
  assert_elementwise_advice ("vectorized_elementwise_kernel<4, add_kernel>", "(torch.compile)",
                             "graph breaks");
  assert_elementwise_advice ("triton_poi_fused_add_cos_sin_0", "graph breaks", "(torch.compile)");
}

/* Which terms a profile's advice is said in (16.3), from what it holds:
 * Kineto's operator category, an NVTX range of an aten:: name, either of
 * those with torch.compile in use (a compiled region; an Inductor kernel,
 * here written before the only aten:: name, so that the search must go on
 * past it), none of them (the runtime's: CUDA's calls alone, HIP's alone,
 * both or none), an xplane, a Neuron profile. */
static StAdviceTerms
terms_of_events (const char *first, const char *second)
{
  g_autoptr (StTrace) trace = NULL;
  g_autofree char    *text = NULL;
  Writer              w;

  writer_init (&w, NULL);
  gpu (&w, FALSE);
  if (first != NULL)
    event (&w, "%s", first);
  if (second != NULL)
    event (&w, "%s", second);
  device (&w, "kernel", "gemm", 7, 100, 10, 1);
  text = writer_end (&w);
  trace = st_test_load_text (text, -1);
  return st_advice_terms_of (trace);
}

#define HOST_EVENT(cat, name) \
  "\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":5"
#define KERNEL_EVENT(name) \
  "\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" name "\",\"pid\":0,\"tid\":7,\"ts\":50,\"dur\":5"

static void
test_advice_terms_of (void)
{
  g_autoptr (StTrace) xplane
      = st_test_load ("real", "tracelens_jax_mi300_conv_legacy.xplane.pb", NULL);
  g_autoptr (StTrace) neuron = st_test_load ("neuron", "dma-routes.json", NULL);

  g_assert_cmpint (terms_of_events (HOST_EVENT ("cpu_op", "aten::mm"), NULL), ==,
                   ST_ADVICE_TERMS_PYTORCH);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("nvtx", "aten::mm"), NULL), ==,
                   ST_ADVICE_TERMS_PYTORCH);
  g_assert_cmpint (
      terms_of_events (KERNEL_EVENT ("triton_poi_fused_add_0"), HOST_EVENT ("nvtx", "aten::add")),
      ==, ST_ADVICE_TERMS_PYTORCH_COMPILED);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("cpu_op", "Torch-Compiled Region: 0/0"), NULL), ==,
                   ST_ADVICE_TERMS_PYTORCH_COMPILED);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("cuda_runtime", "cudaMemcpy"), NULL), ==,
                   ST_ADVICE_TERMS_CUDA);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("cuda_driver", "cuLaunchKernel"), NULL), ==,
                   ST_ADVICE_TERMS_CUDA);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("cuda_runtime", "hipMemcpyWithStream"), NULL), ==,
                   ST_ADVICE_TERMS_HIP);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("cuda_runtime", "hipMemcpy"),
                                    HOST_EVENT ("cuda_runtime", "cudaMemcpy")),
                   ==, ST_ADVICE_TERMS_RUNTIME);
  g_assert_cmpint (terms_of_events (HOST_EVENT ("user_annotation", "step"), NULL), ==,
                   ST_ADVICE_TERMS_RUNTIME);
  g_assert_cmpint (st_advice_terms_of (xplane), ==, ST_ADVICE_TERMS_XLA);
  g_assert_cmpint (st_advice_terms_of (neuron), ==, ST_ADVICE_TERMS_NEURON);
}

/* Attention's own kernels (FlashAttention's, here) holding the device:
 * 10 of 5 ms back to back. They are fused already, so the advice is to
 * make them do less, not to use a fused kernel (16.3). */
static void
test_attention_bound (void)
{
  g_auto (Diagnosed) d = { 0 };

  diagnose (&d, back_to_back_trace ("aten::_flash_attention_forward", "flash_fwd_kernel"));

  g_assert_cmpstr (finding (&d, 0)->id, ==, "device-bound");
  assert_contains (finding (&d, 0)->action, "make them do less");
  g_assert_null (strstr (finding (&d, 0)->action, "Use a fused attention kernel"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/diagnosis/prefill-behind-wait", test_prefill_behind_wait);
  g_test_add_func ("/model/diagnosis/two-steps", test_two_steps);
  g_test_add_func ("/model/diagnosis/graph-capture", test_graph_capture);
  g_test_add_func ("/model/diagnosis/host-bound-decode", test_host_bound_decode);
  g_test_add_func ("/model/diagnosis/host-bound-compiled", test_host_bound_compiled);
  g_test_add_func ("/model/diagnosis/longest-gap-advice", test_longest_gap_advice);
  g_test_add_func ("/model/diagnosis/idle-in-graph", test_idle_in_graph);
  g_test_add_func ("/model/diagnosis/exposed-all-reduce", test_exposed_all_reduce);
  g_test_add_func ("/model/diagnosis/overlap-by-collective", test_overlap_by_collective);
  g_test_add_func ("/model/diagnosis/late-rank", test_late_rank);
  g_test_add_func ("/model/diagnosis/neuron-leading-wait", test_neuron_leading_wait);
  g_test_add_func ("/model/diagnosis/warm-up", test_warm_up);
  g_test_add_func ("/model/diagnosis/warm-up-phase", test_warm_up_phase);
  g_test_add_func ("/model/diagnosis/warm-ups-joined", test_warm_ups_joined);
  g_test_add_func ("/model/diagnosis/counter-collection", test_counter_collection);
  g_test_add_func ("/model/diagnosis/warm-ups-at-the-edge", test_warm_ups_at_the_edge);
  g_test_add_func ("/model/diagnosis/device-at-the-edge", test_device_at_the_edge);
  g_test_add_func ("/model/diagnosis/stream-advice", test_stream_advice);
  g_test_add_func ("/model/diagnosis/no-device-work", test_no_device_work);
  g_test_add_func ("/model/diagnosis/no-device-work-profiler", test_no_device_work_profiler);
  g_test_add_func ("/model/diagnosis/top-event-of-top-kind", test_top_event_of_top_kind);
  g_test_add_func ("/model/diagnosis/sync-call-named", test_sync_call_named);
  g_test_add_func ("/model/diagnosis/copy-bound", test_copy_bound);
  g_test_add_func ("/model/diagnosis/advice-terms", test_advice_terms);
  g_test_add_func ("/model/diagnosis/advice-terms-of", test_advice_terms_of);
  g_test_add_func ("/model/diagnosis/attention-bound", test_attention_bound);
  g_test_add_func ("/model/diagnosis/compiled-elementwise", test_compiled_elementwise);
  return g_test_run ();
}
