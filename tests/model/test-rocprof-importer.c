/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rocprofv3 JSON importer: on a real profile (its counts and the
 * device busy time computed independently, see each test), on files of
 * st-gen-rocprof (whose records follow st-gen-rocprof.h, so the expected
 * counts, times and links are computed here from the formulas), and on
 * small files written here, good and bad, whose answers are read off the
 * text. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include "st-device-work.h"
#include "st-gen-rocprof.h"
#include "st-profile-loader.h"
#include "st-rocprof-importer.h"
#include "st-summary.h"
#include "st-trace-error.h"

#include <glib/gstdio.h>
#include <string.h>

/* As tests/model/meson.build generates them. */
#define N_LAUNCHES 4000
#define N_GPUS     2
#define N_BIG      40000

static StTrace *
load_path (const char *path, guint n_threads, GError **error)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autofree char          *base = g_path_get_basename (path);

  st_trace_loader_set_display_name (loader, base);
  if (n_threads > 0)
    st_trace_loader_set_n_threads (loader, n_threads);
  return st_trace_loader_load (loader, NULL, error);
}

static StTrace *
load_env (const char *variable, guint n_threads)
{
  const char        *path = g_getenv (variable);
  g_autoptr (GError) error = NULL;
  StTrace           *trace;

  if (path == NULL)
    g_error ("%s is not set: run the tests with meson test", variable);
  trace = load_path (path, n_threads, &error);
  g_assert_no_error (error);
  return trace;
}

/* @text written to a file "profile.json" of a private folder and loaded on
 * @n_threads threads (0: every core); the folder is removed again. */
static StTrace *
load_text (const char *text, guint n_threads, GError **error)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "profile.json", NULL);
  StTrace         *trace;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  trace = load_path (path, n_threads, error);
  g_unlink (path);
  g_rmdir (dir);
  return trace;
}

static StTrace *
load_good (const char *text)
{
  g_autoptr (GError) error = NULL;
  StTrace           *trace = load_text (text, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static StSummary *
summarise (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSummary *summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);

  g_assert_no_error (error);
  return summary;
}

static double
value (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  g_assert_nonnull (m);
  if (!m->present)
    g_error ("metric %s is absent", id);
  return m->value;
}

static guint
n_warnings (StTrace *trace)
{
  guint n = 0;

  st_trace_get_warnings (trace, &n);
  return n;
}

static const char *
slice_name (StTrace *trace, const StSlice *s)
{
  return st_trace_get_string (trace, s->name);
}

/* --- the real profile ---------------------------------------------------------- */

/* tests/data/real/tracelens_rocprofv3_908_results.json.gz. The numbers were
 * read from the file with Python's json module: 43 915 records in
 * buffer_records.kernel_dispatch, all on agent 37946 (the first of the
 * eight GPU agents, type 2, "AMD Instinct MI350X", "gfx950"), by
 * queue_id.handle 16: 311, 17: 500, 18: 38 761, 19: 3 034, 20: 1 309; the
 * earliest start_timestamp 63857982592000 (a __amd_rocclr_copyBuffer of
 * 2 840 ns on queue 16, grid_size.x 512), the latest end_timestamp
 * 63873104615494; 1 310 dispatches of ncclDevKernel_Generic_1. */
#define REAL_ORIGIN 63857982592000
#define REAL_END    (63873104615494 - REAL_ORIGIN)

static StTrace *
load_real (void)
{
  return st_test_load ("real", "tracelens_rocprofv3_908_results.json.gz", NULL);
}

static void
test_real_tracks (void)
{
  g_autoptr (StTrace) trace = load_real ();
  const char         *process = "AMD Instinct MI350X (gfx950)";
  const struct
  {
    const char *queue;
    guint       n;
  } queues[] = { { "queue 16", 311 },
                 { "queue 17", 500 },
                 { "queue 18", 38761 },
                 { "queue 19", 3034 },
                 { "queue 20", 1309 } };
  const StSlice *first;

  g_assert_cmpstr (st_trace_get_format (trace), ==, "rocprof-json");
  g_assert_cmpstr (st_trace_get_flavor (trace), ==, "rocprofv3");
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 43915);
  g_assert_cmpuint (st_trace_get_counts (trace)->flows, ==, 0);
  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, REAL_ORIGIN);
  g_assert_cmpint (st_trace_get_end_ns (trace), ==, REAL_END);
  /* The GPU that ran work is the one process: CPU agents and idle GPUs are
   * none. */
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_process (trace, 0)->labels), ==,
                   "GPU 0");
  for (guint q = 0; q < G_N_ELEMENTS (queues); q++)
    g_assert_cmpuint (
        st_trace_get_track (trace, st_test_track (trace, process, queues[q].queue))->n_slices, ==,
        queues[q].n);
  first = &st_trace_get_track (trace, st_test_track (trace, process, "queue 16"))->slices[0];
  g_assert_cmpint (first->start, ==, 0);
  g_assert_cmpint (first->dur, ==, 2840);
  g_assert_cmpstr (slice_name (trace, first), ==, "__amd_rocclr_copyBuffer");
  g_assert_cmpstr (st_trace_get_string (trace, first->cat), ==, "kernel_dispatch");
}

/* A record's fields are its args: the grid and workgroup sizes. */
static void
test_real_args (void)
{
  g_autoptr (StTrace) trace = load_real ();
  const StTrack      *t = st_trace_get_track (
           trace, st_test_track (trace, "AMD Instinct MI350X (gfx950)", "queue 16"));
  g_autoptr (GPtrArray) args = st_test_args_flat (trace, t->slices[0].offset, NULL);
  guint                 found = 0;

  g_assert_nonnull (args);
  for (guint i = 0; i < args->len; i++)
    {
      const StArg *arg = g_ptr_array_index (args, i);

      if (g_str_equal (arg->key, "dispatch_info.grid_size.x")
          || g_str_equal (arg->key, "dispatch_info.workgroup_size.x"))
        {
          g_assert_cmpstr (arg->value, ==, "512");
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 2);
  g_assert_true (
      g_strv_contains ((const char *const *)st_trace_get_metadata_keys (trace), "kernel_symbols"));
}

/* The device busy time is the union of the dispatches (4 233 112 334 ns,
 * computed with Python over the sorted (start, end) pairs), of a device
 * time from the first start to the last end; the RCCL kernels are the
 * collectives. */
static void
test_real_summary (void)
{
  g_autoptr (StTrace)   trace = load_real ();
  g_autoptr (StSummary) summary = summarise (trace);
  const StDeviceUsage  *gpu;

  g_assert_cmpuint (st_summary_get_n_devices (summary), ==, 1);
  gpu = st_summary_get_device (summary, 0);
  g_assert_cmpstr (gpu->label, ==, "GPU 0");
  g_assert_cmpint (gpu->busy_ns, ==, 4233112334);
  g_assert_cmpint (gpu->device_time_ns, ==, REAL_END);
  g_assert_cmpfloat (value (summary, "kernel_count"), ==, 43915);
  g_assert_cmpfloat (value (summary, "collective_count"), ==, 1310);
}

/* --- files of st-gen-rocprof --------------------------------------------------- */

/* What st-gen-rocprof.h says a file of @n launches on @gpus GPUs holds. */
typedef struct
{
  guint64 queue[GEN_MAX_GPUS][2]; /* dispatches per GPU and queue */
  guint64 copies[GEN_MAX_GPUS];
  guint64 thread[GEN_MAX_GPUS]; /* slices on each GPU's host thread */
  guint64 rccl;
  guint64 n_copies;
  guint64 copy_bytes;
  guint64 slices;
} Expected;

static void
expect (guint64 n, guint gpus, Expected *e)
{
  memset (e, 0, sizeof *e);
  for (guint64 i = 0; i < n; i++)
    {
      guint g = gen_gpu (i, gpus);

      e->thread[g]++; /* its HIP call */
      if (gen_is_rccl (i))
        {
          e->thread[g]++;
          e->rccl++;
        }
      if (gen_is_copy (i))
        {
          e->copies[g]++;
          e->n_copies++;
          e->copy_bytes += gen_copy_bytes (i);
        }
      else
        e->queue[g][gen_queue (i, gpus)]++;
    }
  e->thread[0] += gen_n_steps (n);
  e->slices = 2 * n + e->rccl + gen_n_steps (n);
}

/* The first marker range starts the profile. */
static gint64
rel (gint64 ts)
{
  return ts - gen_marker_ts (0);
}

/* The track named @name of the process labelled @label ("GPU 1"), or of
 * the one titled @label when no process is labelled so. */
static guint
track_of (StTrace *trace, const char *label, const char *name)
{
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      const StProcess *p = st_trace_get_process (trace, t->process);
      g_autofree char *title = st_trace_dup_process_title (trace, t->process);

      if ((g_str_equal (st_trace_get_string (trace, p->labels), label)
           || g_str_equal (title, label))
          && g_str_equal (st_trace_get_string (trace, t->name), name))
        return i;
    }
  g_error ("no track %s of %s", name, label);
}

static void
assert_generated (StTrace *trace, guint64 n, guint gpus)
{
  Expected e;

  expect (n, gpus, &e);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, e.slices);
  g_assert_cmpuint (st_trace_get_counts (trace)->flows, ==, n);
  g_assert_cmpuint (st_trace_get_n_processes (trace), ==, 1 + gpus);
  for (guint g = 0; g < gpus; g++)
    {
      g_autofree char *label = g_strdup_printf ("GPU %u", g);
      g_autofree char *tid = g_strdup_printf ("Thread %d", GEN_TID_BASE + g);

      for (guint q = 0; q < 2; q++)
        {
          g_autofree char *queue
              = g_strdup_printf ("queue %" G_GINT64_FORMAT, gen_queue_handle (g, q));
          g_assert_cmpuint (st_trace_get_track (trace, track_of (trace, label, queue))->n_slices,
                            ==, e.queue[g][q]);
        }
      g_assert_cmpuint (
          st_trace_get_track (trace, track_of (trace, label, "memory copies"))->n_slices, ==,
          e.copies[g]);
      g_assert_cmpuint (st_trace_get_track (trace, track_of (trace, "python3", tid))->n_slices, ==,
                        e.thread[g]);
    }
}

static void
test_generated_tracks (void)
{
  g_autoptr (StTrace) trace = load_env ("STRATA_TEST_ROCPROF", 0);
  const StTrack      *q16 = st_trace_get_track (trace, track_of (trace, "GPU 0", "queue 16"));
  const StProcess    *gpu = st_trace_get_process (trace, q16->process);

  g_assert_cmpint (st_trace_get_origin_ns (trace), ==, gen_marker_ts (0));
  assert_generated (trace, N_LAUNCHES, N_GPUS);
  g_assert_cmpuint (n_warnings (trace), ==, 0);
  g_assert_cmpstr (st_trace_get_string (trace, gpu->name), ==, "AMD Instinct MI300X (gfx942)");
  /* Launch 0 is GPU 0's first dispatch, on its queue 16, of kernel 1. */
  g_assert_cmpint (q16->slices[0].start, ==, rel (gen_device_ts (0)));
  g_assert_cmpint (q16->slices[0].dur, ==, gen_device_dur (0));
  g_assert_cmpstr (slice_name (trace, &q16->slices[0]), ==, gen_kernels[gen_kernel (0) - 1]);
}

/* Each dispatch and copy is launched by the HIP call of its correlation id,
 * GEN_LAUNCH before it. */
static void
test_generated_launches (void)
{
  g_autoptr (StTrace) trace = load_env ("STRATA_TEST_ROCPROF", 0);
  StDeviceWork       *work = st_device_work_get (trace);
  StLaunchIndex      *launches = st_device_work_get_launches (work);
  guint64             linked = 0;

  g_assert_cmpuint (st_device_work_get_n_devices (work), ==, N_GPUS);
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      if (st_device_work_get_track_device (work, t) < 0)
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        {
          StSliceRef     host;
          const StSlice *call;
          gboolean       copy
              = g_str_equal (st_trace_get_string (trace, track->slices[i].cat), "memory_copy");

          g_assert_true (st_launch_index_get_launcher (launches, (StSliceRef){ t, i }, &host));
          call = st_trace_get_slice (trace, host);
          g_assert_cmpint (call->start, ==, track->slices[i].start - GEN_LAUNCH);
          g_assert_cmpstr (slice_name (trace, call), ==,
                           copy ? "hipMemcpyAsync" : "hipLaunchKernel");
          g_assert_cmpstr (st_trace_get_string (trace, call->cat), ==, "hip_api");
          linked++;
        }
    }
  g_assert_cmpuint (linked, ==, N_LAUNCHES);
}

/* The RCCL kernels are communication, of the type of the ncclAllReduce
 * call around their launch; the copies carry their bytes. */
static void
test_generated_summary (void)
{
  g_autoptr (StTrace)      trace = load_env ("STRATA_TEST_ROCPROF", 0);
  g_autoptr (StSummary)    summary = summarise (trace);
  const StCollectiveGroup *group;
  Expected                 e;

  expect (N_LAUNCHES, N_GPUS, &e);
  g_assert_cmpuint (st_summary_get_n_collective_groups (summary), ==, 1);
  group = st_summary_get_collective_group (summary, 0);
  g_assert_cmpint (group->type, ==, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpuint (group->count, ==, e.rccl);
  g_assert_cmpfloat (value (summary, "collective_count"), ==, e.rccl);
  g_assert_cmpfloat (value (summary, "kernel_count"), ==, N_LAUNCHES - e.n_copies);
  g_assert_cmpfloat (value (summary, "memcpy_count"), ==, e.n_copies);
  g_assert_cmpfloat (value (summary, "memcpy_bytes"), ==, e.copy_bytes);
}

/* Marker ranges named by their messages enclose GPU 0's calls; an RCCL
 * call encloses its HIP call. */
static void
test_generated_nesting (void)
{
  g_autoptr (StTrace) trace = load_env ("STRATA_TEST_ROCPROF", 0);
  guint               t0 = track_of (trace, "python3", "Thread 4200");
  guint               t1 = track_of (trace, "python3", "Thread 4201");
  const StSlice      *step = st_test_find_slice (trace, t0, "step 1");
  const StSlice      *rccl = st_test_find_slice (trace, t1, "ncclAllReduce");
  const StSlice *call = st_test_find_slice_at (trace, t1, "hipLaunchKernel", rel (gen_call_ts (7)));

  g_assert_nonnull (step);
  g_assert_cmpint (step->start, ==, rel (gen_marker_ts (1)));
  g_assert_cmpint (step->dur, ==, gen_marker_end (1, N_LAUNCHES) - gen_marker_ts (1));
  g_assert_cmpuint (step->depth, ==, 0);
  g_assert_cmpstr (st_trace_get_string (trace, step->cat), ==, "marker_api");
  g_assert_cmpuint (st_trace_get_track (trace, t0)->n_rows, ==, 2);
  /* Launch 7 is the first RCCL kernel, on GPU 1. */
  g_assert_nonnull (rccl);
  g_assert_cmpint (rccl->start, ==, rel (gen_call_ts (7) - GEN_WRAP));
  g_assert_cmpuint (rccl->depth, ==, 0);
  g_assert_nonnull (call);
  g_assert_cmpuint (call->depth, ==, 1);
}

static void
test_generated_gzip (void)
{
  g_autoptr (StTrace) trace = load_env ("STRATA_TEST_ROCPROF_GZ", 0);

  assert_generated (trace, N_LAUNCHES, N_GPUS);
}

/* The same tracks on one thread and on several. */
static void
assert_same (StTrace *a, StTrace *b)
{
  g_assert_cmpuint (st_trace_get_n_tracks (a), ==, st_trace_get_n_tracks (b));
  g_assert_cmpuint (st_trace_get_counts (a)->flows, ==, st_trace_get_counts (b)->flows);
  g_assert_cmpuint (n_warnings (a), ==, n_warnings (b));
  for (guint t = 0; t < st_trace_get_n_tracks (a); t++)
    {
      const StTrack *x = st_trace_get_track (a, t), *y = st_trace_get_track (b, t);

      g_assert_cmpstr (st_trace_get_string (a, x->name), ==, st_trace_get_string (b, y->name));
      g_assert_cmpuint (x->n_slices, ==, y->n_slices);
      for (guint i = 0; i < x->n_slices; i++)
        g_assert_true (x->slices[i].start == y->slices[i].start
                       && x->slices[i].dur == y->slices[i].dur
                       && x->slices[i].offset == y->slices[i].offset);
    }
}

/* A big file's arrays are read in parts on several threads. */
static void
test_split_threads (void)
{
  g_autoptr (StTrace) one = load_env ("STRATA_TEST_ROCPROF_BIG", 1);
  g_autoptr (StTrace) two = load_env ("STRATA_TEST_ROCPROF_BIG", 2);
  g_autoptr (StTrace) four = load_env ("STRATA_TEST_ROCPROF_BIG", 4);

  assert_generated (two, N_BIG, N_GPUS);
  g_assert_cmpuint (n_warnings (two), ==, 0);
  assert_same (one, two);
  assert_same (one, four);
}

/* --- small files ------------------------------------------------------------- */

/* Process 77 (its program /usr/bin/app) with a CPU agent (handle 10) and a
 * GPU agent (11: "AMD Instinct MI300X", "gfx942"); the operations of the
 * record kinds as rocprofiler-sdk numbers them (5 HIP: 1 hipLaunchKernel,
 * 2 hipMemcpyAsync; 7 markers: 1 roctxRangePushA; 10 copies: 1 host to
 * host, 2 host to device, 3 device to host; 14 RCCL: 1 ncclAllReduce), the
 * message "forward" of marker 900, and kernel 1, "gemm_kernel". */
#define NO_OPS   "{\"kind\":\"UNUSED\",\"operations\":[]}"
#define METADATA "\"metadata\":{\"pid\":77,\"command\":[\"/usr/bin/app\",\"-x\"]}"
#define AGENTS                                                                              \
  "\"agents\":[{\"id\":{\"handle\":10},\"type\":1,\"name\":\"EPYC\"},"                      \
  "{\"id\":{\"handle\":11},\"type\":2,\"name\":\"gfx942\",\"product_name\":\"AMD Instinct " \
  "MI300X\"}]"
#define STRINGS                                                                                   \
  "\"strings\":{\"buffer_records\":[" NO_OPS "," NO_OPS "," NO_OPS "," NO_OPS "," NO_OPS ","      \
  "{\"kind\":\"HIP_RUNTIME_API\",\"operations\":[\"hipApiName\",\"hipLaunchKernel\","             \
  "\"hipMemcpyAsync\"]}," NO_OPS ","                                                              \
  "{\"kind\":\"MARKER_CORE_API\",\"operations\":[\"roctxMarkA\",\"roctxRangePushA\"]}," NO_OPS    \
  "," NO_OPS ","                                                                                  \
  "{\"kind\":\"MEMORY_COPY\",\"operations\":[\"MEMORY_COPY_NONE\",\"MEMORY_COPY_HOST_TO_HOST\","  \
  "\"MEMORY_COPY_HOST_TO_DEVICE\",\"MEMORY_COPY_DEVICE_TO_HOST\"]}," NO_OPS "," NO_OPS "," NO_OPS \
  ",{\"kind\":\"RCCL_API\",\"operations\":[\"ncclAllGather\",\"ncclAllReduce\"]}],"               \
  "\"marker_api\":[{\"key\":900,\"value\":\"forward\"}]}"
#define SYMBOLS                                                              \
  "\"kernel_symbols\":[{\"kernel_id\":1,\"kernel_name\":\"gemm_kernel.kd\"," \
  "\"formatted_kernel_name\":\"gemm_kernel\"}]"
#define SECTIONS METADATA "," AGENTS "," STRINGS "," SYMBOLS

#define DISPATCH(corr, start, end, agent, queue, kernel)                                          \
  "{\"size\":184,\"kind\":11,\"operation\":2,\"thread_id\":5,\"correlation_id\":{"                \
  "\"internal\":" #corr ",\"external\":0},\"start_timestamp\":" #start ",\"end_timestamp\":" #end \
  ",\"dispatch_info\":{\"agent_id\":{\"handle\":" #agent "},\"queue_id\":{\"handle\":" #queue     \
  "},\"kernel_id\":" #kernel ",\"grid_size\":{\"x\":64,\"y\":1,\"z\":1}}}"
#define API(kind, op, corr, start, end, tid)                                                       \
  "{\"size\":48,\"kind\":" #kind ",\"operation\":" #op ",\"correlation_id\":{\"internal\":" #corr  \
  ",\"external\":0},\"start_timestamp\":" #start ",\"end_timestamp\":" #end ",\"thread_id\":" #tid \
  "}"
#define COPY(op, corr, start, end, dst, src, bytes)                                                \
  "{\"kind\":10,\"operation\":" #op ",\"thread_id\":5,\"correlation_id\":{\"internal\":" #corr     \
  "},\"start_timestamp\":" #start ",\"end_timestamp\":" #end ",\"dst_agent_id\":{\"handle\":" #dst \
  "},\"src_agent_id\":{\"handle\":" #src "},\"bytes\":" #bytes "}"

/* A whole file: the sections above, then @records as buffer_records'
 * members. */
static char *
profile (const char *records)
{
  return g_strdup_printf ("{\"rocprofiler-sdk-tool\":[{" SECTIONS ",\"buffer_records\":{%s}}]}\n",
                          records);
}

/* A HIP call may launch several dispatches (one correlation id); a
 * dispatch that starts before the only call of its id, or whose id no call
 * has, has no launch call. */
static void
test_small_links (void)
{
  g_autofree char *text = profile (
      "\"hip_api\":[" API (5, 1, 1, 1000, 1100, 5) "," API (5, 1, 2, 2000, 2100, 5) "," API (
          5, 1, 3, 3000, 3100,
          5) "],"
             "\"kernel_dispatch\":[" DISPATCH (1, 1500, 1600, 11, 7, 1) "," DISPATCH (
                 1, 1700, 1800, 11, 7, 1) "," DISPATCH (2, 1900, 1950, 11, 8,
                                                        1) "," DISPATCH (9, 4000, 4100, 11, 7,
                                                                         1) "]");
  g_autoptr (StTrace) trace = load_good (text);
  StLaunchIndex      *launches = st_device_work_get_launches (st_device_work_get (trace));
  guint               q7 = track_of (trace, "GPU 0", "queue 7");
  guint               q8 = track_of (trace, "GPU 0", "queue 8");
  StSliceRef          host;

  g_assert_cmpuint (st_trace_get_counts (trace)->flows, ==, 2);
  g_assert_cmpuint (st_trace_get_track (trace, q7)->n_slices, ==, 3);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (st_launch_index_get_launcher (launches, (StSliceRef){ q7, i }, &host));
      g_assert_cmpint (st_trace_get_slice (trace, host)->start, ==, 0); /* the call at 1000 */
    }
  g_assert_false (st_launch_index_get_launcher (launches, (StSliceRef){ q7, 2 }, &host));
  g_assert_false (st_launch_index_get_launcher (launches, (StSliceRef){ q8, 0 }, &host));
  g_assert_cmpstr (slice_name (trace, &st_trace_get_track (trace, q7)->slices[0]), ==,
                   "gemm_kernel");
}

/* A copy is its GPU's, whichever way it goes; between CPUs it is no
 * device's work. */
static void
test_small_copies (void)
{
  g_autofree char *text
      = profile ("\"memory_copy\":[" COPY (2, 1, 100, 200, 11, 10, 4096) "," COPY (
          3, 2, 300, 400, 10, 11, 1024) "," COPY (1, 3, 500, 600, 10, 10, 64) "]");
  g_autoptr (StTrace)   trace = load_good (text);
  g_autoptr (StSummary) summary = summarise (trace);
  const StTrack *gpu = st_trace_get_track (trace, track_of (trace, "GPU 0", "memory copies"));
  const StTrack *host = st_trace_get_track (trace, track_of (trace, "app", "memory copies"));

  g_assert_cmpuint (gpu->n_slices, ==, 2);
  g_assert_cmpstr (slice_name (trace, &gpu->slices[0]), ==, "MEMORY_COPY_HOST_TO_DEVICE");
  g_assert_cmpstr (slice_name (trace, &gpu->slices[1]), ==, "MEMORY_COPY_DEVICE_TO_HOST");
  g_assert_cmpuint (host->n_slices, ==, 1);
  g_assert_cmpstr (st_trace_get_string (trace, host->slices[0].cat), ==, "host_memory_copy");
  g_assert_cmpuint (st_device_work_get_n_devices (st_device_work_get (trace)), ==, 1);
  g_assert_cmpfloat (value (summary, "memcpy_count"), ==, 2);
  g_assert_cmpfloat (value (summary, "memcpy_bytes"), ==, 4096 + 1024);
}

/* A marker range is named by its message; what the file does not list is
 * named by its number, with a warning each. */
static void
test_small_names (void)
{
  g_autofree char    *text = profile ("\"marker_api\":[" API (
         7, 1, 900, 100, 900,
         5) "],"
               "\"hip_api\":[" API (5, 99, 1, 200, 300,
                                 5) "],"
                                       "\"kernel_dispatch\":[" DISPATCH (0, 400, 500, 11, 7,
                                                                      42) "," DISPATCH (0, 600, 700,
                                                                                        99, 7, 1) "]");
  g_autoptr (StTrace) trace = load_good (text);
  guint               thread = track_of (trace, "app", "Thread 5");

  g_assert_nonnull (st_test_find_slice (trace, thread, "forward"));
  g_assert_nonnull (st_test_find_slice (trace, thread, "hip_api operation 99"));
  g_assert_nonnull (st_test_find_slice (trace, track_of (trace, "GPU 0", "queue 7"), "kernel 42"));
  g_assert_nonnull (
      st_test_find_slice (trace, track_of (trace, "agent 99", "queue 7"), "gemm_kernel"));
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNKNOWN_REFERENCE), ==, 3);
  g_assert_cmpuint (st_device_work_get_n_devices (st_device_work_get (trace)), ==, 2);
}

/* buffer_records before the sections its records need. */
static void
test_small_deferred (void)
{
  const char *text
      = "{\"rocprofiler-sdk-tool\":[{\"buffer_records\":{\"kernel_dispatch\":[" DISPATCH (
          1, 100, 200, 11, 7, 1) "]}," SECTIONS "}]}";
  g_autoptr (StTrace) trace = load_good (text);

  g_assert_nonnull (
      st_test_find_slice (trace, track_of (trace, "GPU 0", "queue 7"), "gemm_kernel"));
  g_assert_cmpuint (n_warnings (trace), ==, 0);
}

/* Two processes of one file: their queues apart, their sections kept under
 * their pids. */
static void
test_small_two_processes (void)
{
  const char *text
      = "{\"rocprofiler-sdk-tool\":[{" SECTIONS ",\"buffer_records\":{"
        "\"kernel_dispatch\":[" DISPATCH (
            1, 100, 200, 11, 7, 1) "]}},"
                                   "{\"metadata\":{\"pid\":78}," AGENTS "," STRINGS "," SYMBOLS
                                   ",\"buffer_records\":{\"kernel_dispatch\":[" DISPATCH (
                                       1, 150, 250, 11, 7, 1) "]}}]}";
  g_autoptr (StTrace) trace = load_good (text);
  const char *const  *keys = st_trace_get_metadata_keys (trace);

  g_assert_cmpuint (st_trace_get_track (trace, track_of (trace, "GPU 0", "queue 7"))->n_slices, ==,
                    1);
  g_assert_cmpuint (
      st_trace_get_track (trace, track_of (trace, "GPU 0", "queue 7 (pid 78)"))->n_slices, ==, 1);
  g_assert_true (g_strv_contains (keys, "agents"));
  g_assert_true (g_strv_contains (keys, "agents (pid 78)"));
}

/* Symbols listed after the records that came first, before more records:
 * the later records are named by them. */
static void
test_small_late_symbols (void)
{
  const char *text
      = "{\"rocprofiler-sdk-tool\":[{" SECTIONS
        ",\"buffer_records\":{\"kernel_dispatch\":[" DISPATCH (
            1, 100, 200, 11, 7,
            1) "]},"
               "\"kernel_symbols\":[{\"kernel_id\":2,\"formatted_kernel_name\":\"late\"}],"
               "\"buffer_records\":{\"kernel_dispatch\":[" DISPATCH (2, 300, 400, 11, 7, 2) "]}}]}";
  g_autoptr (StTrace) trace = load_good (text);
  guint               q7 = track_of (trace, "GPU 0", "queue 7");

  g_assert_nonnull (st_test_find_slice (trace, q7, "gemm_kernel"));
  g_assert_nonnull (st_test_find_slice (trace, q7, "late"));
}

/* Told by its key, wherever it stands among the first top-level keys. */
static void
test_sniff (void)
{
  const char *text
      = "{\"version\":\"1.0\",\"rocprofiler-sdk-tool\":[{" SECTIONS
        ",\"buffer_records\":{\"kernel_dispatch\":[" DISPATCH (1, 100, 200, 11, 7, 1) "]}}]}";
  g_autoptr (StTrace) trace = load_good (text);

  g_assert_cmpstr (st_trace_get_format (trace), ==, "rocprof-json");
  g_assert_true (g_strv_contains (st_trace_get_metadata_keys (trace), "version"));
}

/* --- bad files ------------------------------------------------------------------ */

static void
assert_error (const char *text, gint code, const char *part)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_text (text, 0, &error);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, "profile.json: "));
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

/* Cut in the third record: the two before it are kept, with a warning
 * naming the array. */
static void
test_bad_truncated (void)
{
  g_autofree char *whole
      = profile ("\"kernel_dispatch\":[" DISPATCH (1, 100, 200, 11, 7, 1) "," DISPATCH (
          2, 300, 400, 11, 7, 1) "," DISPATCH (3, 500, 600, 11, 7, 1) "]");
  g_autofree char       *cut = g_strndup (whole, strstr (whole, "\"internal\":3") - whole);
  g_autoptr (StTrace)    trace = load_good (cut);
  const StImportWarning *w = st_test_warning (trace, ST_WARNING_TRUNCATED);

  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 2);
  g_assert_nonnull (w);
  g_assert_nonnull (strstr (w->message, "kernel_dispatch"));
}

/* Cut before any record: nothing to show, and the place is said. */
static void
test_bad_truncated_early (void)
{
  g_autofree char *whole = profile ("\"kernel_dispatch\":[" DISPATCH (1, 100, 200, 11, 7, 1) "]");
  g_autofree char *cut = g_strndup (whole, strstr (whole, "\"type\":2") - whole);

  assert_error (cut, ST_TRACE_ERROR_SYNTAX, "line 1, column ");
  assert_error (cut, ST_TRACE_ERROR_SYNTAX, "ends before any record");
}

static void
test_bad_not_array (void)
{
  assert_error ("{\"rocprofiler-sdk-tool\": {\"metadata\": {}}}", ST_TRACE_ERROR_NOT_A_TRACE,
                "should be an array of processes");
  /* The bracket at column 40 ends nothing the object opened. */
  assert_error ("{\"rocprofiler-sdk-tool\": [{\"agents\": [}]}", ST_TRACE_ERROR_SYNTAX,
                "line 1, column 40: expected “,” or “}” between the keys of a process");
}

/* Each bad record is skipped with the warning of its kind; the good one
 * and the one ending before it starts (read as 0 long) are kept. */
static void
test_bad_records (void)
{
  g_autofree char *text = profile (
      "\"hip_api\":{\"not\":\"an array\"},"
      "\"kernel_dispatch\":[" DISPATCH (
          1, 100, 200, 11, 7,
          1) ","
             "5,"
             "{\"kind\":11,\"start_timestamp\":\"soon\",\"end_timestamp\":300,"
             "\"dispatch_info\":{\"agent_id\":{\"handle\":11},\"queue_id\":{\"handle\":7},"
             "\"kernel_id\":1}},"
             "{\"kind\":11,\"start_timestamp\":400,\"end_timestamp\":500,"
             "\"dispatch_info\":{\"queue_id\":{\"handle\":7},\"kernel_id\":1}}," DISPATCH (
                 2, 700, 600, 11, 7, 1) "]");
  g_autoptr (StTrace) trace = load_good (text);
  const StTrack      *q7 = st_trace_get_track (trace, track_of (trace, "GPU 0", "queue 7"));

  g_assert_cmpuint (q7->n_slices, ==, 2);
  g_assert_cmpint (q7->slices[1].start, ==, 600);
  g_assert_cmpint (q7->slices[1].dur, ==, 0);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_WRONG_TYPE), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NOT_AN_OBJECT), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_BAD_NUMBER), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_MISSING_FIELD), ==, 1);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NEGATIVE_DURATION), ==, 1);
}

/* Garbage after two records: they are kept, the rest is not read. */
static void
test_bad_syntax (void)
{
  g_autofree char    *text = profile ("\"kernel_dispatch\":[" DISPATCH (
         1, 100, 200, 11, 7, 1) "," DISPATCH (2, 300, 400, 11, 7, 1) " @ ]");
  g_autoptr (StTrace) trace = load_good (text);

  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 2);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_SYNTAX), ==, 1);
}

/* A profile that recorded nothing opens empty, and says so. */
static void
test_bad_empty (void)
{
  g_autofree char    *text = profile ("\"kernel_dispatch\":[],\"hip_api\":[]");
  g_autoptr (StTrace) trace = load_good (text);

  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, 0);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NO_EVENTS), ==, 1);
}

/* --- parts of big arrays, and several files ------------------------------------- */

/* A small dispatch array before a big HIP array: a cut planned for the
 * dispatches falls beyond their end, and is dropped. */
static void
test_split_beyond (void)
{
  g_autoptr (GString) records = g_string_new ("\"kernel_dispatch\":[");
  g_autofree char    *text = NULL;
  g_autoptr (StTrace) one = NULL, two = NULL;
  g_autoptr (GError)  error = NULL;
  guint               n_calls = 150000;

  for (guint i = 0; i < 200; i++)
    g_string_append_printf (records,
                            "%s{\"kind\":11,\"operation\":2,\"correlation_id\":{\"internal\":%u},"
                            "\"start_timestamp\":%u,\"end_timestamp\":%u,\"dispatch_info\":{"
                            "\"agent_id\":{\"handle\":11},\"queue_id\":{\"handle\":7},"
                            "\"kernel_id\":1}}",
                            i ? "," : "", i + 1, 1000 * i + 20000, 1000 * i + 20500);
  g_string_append (records, "],\"hip_api\":[");
  for (guint i = 0; i < n_calls; i++)
    g_string_append_printf (records,
                            "%s{\"kind\":5,\"operation\":1,\"correlation_id\":{\"internal\":%u},"
                            "\"start_timestamp\":%u,\"end_timestamp\":%u,\"thread_id\":5}",
                            i ? "," : "", i + 1, 1000 * i, 1000 * i + 100);
  g_string_append (records, "]");
  text = profile (records->str);
  g_assert_cmpuint (strlen (text), >, 16 * 1024 * 1024);
  one = load_text (text, 1, &error);
  g_assert_no_error (error);
  two = load_text (text, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_counts (two)->slices, ==, 200 + n_calls);
  g_assert_cmpuint (st_trace_get_counts (two)->flows, ==, 200);
  g_assert_cmpuint (n_warnings (two), ==, 0);
  assert_same (one, two);
}

static void
cancel_now (double fraction, gpointer cancellable)
{
  g_cancellable_cancel (cancellable);
}

/* Cancelled as it reads, on one thread and on several: it stops, and says
 * so. */
static void
test_cancel (void)
{
  for (guint threads = 1; threads <= 2; threads++)
    {
      g_autoptr (GFile)        file = g_file_new_for_path (g_getenv ("STRATA_TEST_ROCPROF_BIG"));
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError)       error = NULL;
      g_autoptr (StSource)     source = st_source_open (file, "big.json", NULL, &error);
      StTraceBuilder          *builder;
      gboolean                 ok;

      g_assert_no_error (error);
      builder = st_trace_builder_new (source, "rocprof-json");
      ok = st_rocprof_import (builder, source, 0, threads, cancellable, cancel_now, cancellable,
                              &error);
      st_trace_builder_free (builder);
      g_assert_false (ok);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

/* Two files as one profile: each file's GPU is a device of its own. */
static void
test_profile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char *text = profile ("\"kernel_dispatch\":[" DISPATCH (1, 100, 200, 11, 7, 1) "]");
  g_autoptr (GPtrArray)       files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError)          error = NULL;
  g_autoptr (StProfileLoader) loader = NULL;
  g_autoptr (StTrace)         trace = NULL;
  StDeviceWork               *work;

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("rank%u.json", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  loader = st_profile_loader_new ((GFile **)files->pdata, files->len);
  trace = st_profile_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_n_files (trace), ==, 2);
  work = st_device_work_get (trace);
  g_assert_cmpuint (st_device_work_get_n_devices (work), ==, 2);
  g_assert_true (g_str_has_suffix (st_device_work_get_device (work, 1)->label, " / GPU 0"));
  for (guint i = 0; i < files->len; i++)
    g_file_delete (g_ptr_array_index (files, i), NULL, NULL);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/rocprof/real/tracks", test_real_tracks);
  g_test_add_func ("/model/rocprof/real/args", test_real_args);
  g_test_add_func ("/model/rocprof/real/summary", test_real_summary);
  g_test_add_func ("/model/rocprof/generated/tracks", test_generated_tracks);
  g_test_add_func ("/model/rocprof/generated/launches", test_generated_launches);
  g_test_add_func ("/model/rocprof/generated/summary", test_generated_summary);
  g_test_add_func ("/model/rocprof/generated/nesting", test_generated_nesting);
  g_test_add_func ("/model/rocprof/generated/gzip", test_generated_gzip);
  g_test_add_func ("/model/rocprof/small/links", test_small_links);
  g_test_add_func ("/model/rocprof/small/copies", test_small_copies);
  g_test_add_func ("/model/rocprof/small/names", test_small_names);
  g_test_add_func ("/model/rocprof/small/deferred", test_small_deferred);
  g_test_add_func ("/model/rocprof/small/two-processes", test_small_two_processes);
  g_test_add_func ("/model/rocprof/small/late-symbols", test_small_late_symbols);
  g_test_add_func ("/model/rocprof/small/sniff", test_sniff);
  g_test_add_func ("/model/rocprof/bad/truncated", test_bad_truncated);
  g_test_add_func ("/model/rocprof/bad/truncated-early", test_bad_truncated_early);
  g_test_add_func ("/model/rocprof/bad/not-an-array", test_bad_not_array);
  g_test_add_func ("/model/rocprof/bad/records", test_bad_records);
  g_test_add_func ("/model/rocprof/bad/syntax", test_bad_syntax);
  g_test_add_func ("/model/rocprof/bad/empty", test_bad_empty);
  g_test_add_func ("/model/rocprof/split/threads", test_split_threads);
  g_test_add_func ("/model/rocprof/split/beyond", test_split_beyond);
  g_test_add_func ("/model/rocprof/cancel", test_cancel);
  g_test_add_func ("/model/rocprof/profile", test_profile);
  return g_test_run ();
}
