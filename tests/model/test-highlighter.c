/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Region Highlighter: a person picks a method (between collectives, by
 * hierarchy, by kernel stack frame), maybe a configuration, and gets these
 * regions with these exact bounds and names — or a sentence saying what the
 * profile lacks. Hand-made traces have known answers; real fixtures check
 * that real files give sensible ones. Times: µs in the files, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-highlighter.h"
#include "st-profile-loader.h"
#include "st-region-error.h"
#include "st-test-util.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>

#define US 1000

static StTestRegions
run_config (const char *file, const StHighlighterConfig *config)
{
  g_autoptr (StTrace) trace = g_str_has_prefix (file, "real/")
                                  ? st_test_load ("real", file + 5, NULL)
                                  : st_test_load ("highlight", file, NULL);
  g_autoptr (GError)  error = NULL;
  StTestRegions       r = { NULL, NULL };
  StRegionArray      *regions
      = st_highlighter_run (trace, config, &r.explanation, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (regions);
  /* In start order, then end order, as it says, before any set sorts them. */
  for (guint i = 1; i < st_region_array_get_length (regions); i++)
    {
      gint64 start = st_region_array_get_start (regions, i - 1);

      g_assert_cmpint (start, <=, st_region_array_get_start (regions, i));
      if (start == st_region_array_get_start (regions, i))
        g_assert_cmpint (st_region_array_get_end (regions, i - 1), <=,
                         st_region_array_get_end (regions, i));
    }
  r.regions = st_test_region_objects (regions);
  return r;
}

/* Runs the method with a configuration given as JSON keys. */
static StTestRegions
run (const char *file, const char *method, const char *keys)
{
  g_autofree char   *json = g_strdup_printf ("{\"version\": 1, \"method\": \"%s\"%s%s}", method,
                                           keys ? ", " : "", keys ? keys : "");
  g_autoptr (GError) error = NULL;
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_parse (json, -1, "test", &error);

  g_assert_no_error (error);
  return run_config (file, config);
}

/* The regions as "name [start, end)" lines, in order, in ns. */
static char *
describe (GPtrArray *regions)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < regions->len; i++)
    {
      StRegion *region = g_ptr_array_index (regions, i);

      g_string_append_printf (s, "%s [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ")\n",
                              st_region_get_name (region), st_region_get_start (region),
                              st_region_get_end (region));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
assert_regions (StTestRegions *r, const char *expected)
{
  g_autofree char *got = describe (r->regions);

  g_assert_cmpstr (got, ==, expected);
  g_assert_null (r->explanation);
}

static void
assert_method (StTestRegions *r, StRegionMethod method)
{
  for (guint i = 0; i < r->regions->len; i++)
    g_assert_cmpint (st_region_get_method (g_ptr_array_index (r->regions, i)), ==, method);
}

/* --- collectives ------------------------------------------------------ */

static void
test_collectives_device (void)
{
  /* The overlapping AllReduce and AllGather merge into one (#1, 100–170
   * µs); the ReduceScatter (#2, 300–320) ends where the next AllReduce
   * (#3, 320–330) starts; SendRecv #4 at 500–510. The gaps, sorted, are
   * 0 (counted as 1 ns), 130 and 170 µs: a ratio of 130 000 with two gaps
   * above it, the other ratio 170 / 130 far under its square root, so the
   * empty gap closes and #2–#3 are one burst. Without
   * bursts the empty gap is skipped. The host's c10d op is ignored as the
   * device has collective kernels. */
  g_auto (StTestRegions) r = run ("device-collectives.json", "collectives", NULL);
  g_auto (StTestRegions) every
      = run ("device-collectives.json", "collectives", "\"bursts\": false");

  assert_regions (&r, "AllReduce+AllGather #1 → AllReduce+ReduceScatter #2–#3 [170000, 300000)\n"
                      "AllReduce+ReduceScatter #2–#3 → SendRecv #4 [330000, 500000)\n");
  assert_method (&r, ST_REGION_COLLECTIVES);
  assert_regions (&every, "AllReduce+AllGather #1 → ReduceScatter #2 [170000, 300000)\n"
                          "AllReduce #3 → SendRecv #4 [330000, 500000)\n");
}

static void
test_collectives_edges (void)
{
  g_auto (StTestRegions) r
      = run ("device-collectives.json", "collectives", "\"include_edges\": true");

  assert_regions (&r, "Start → AllReduce+AllGather #1 [0, 100000)\n"
                      "AllReduce+AllGather #1 → AllReduce+ReduceScatter #2–#3 [170000, 300000)\n"
                      "AllReduce+ReduceScatter #2–#3 → SendRecv #4 [330000, 500000)\n"
                      "SendRecv #4 → End [510000, 1000000)\n");
}

static void
test_collectives_min_gap (void)
{
  g_auto (StTestRegions) r
      = run ("device-collectives.json", "collectives", "\"min_gap_ns\": 150000");
  g_auto (StTestRegions) none
      = run ("device-collectives.json", "collectives", "\"min_gap_ns\": 1000000");

  assert_regions (&r, "AllReduce #3 → SendRecv #4 [330000, 500000)\n");
  g_assert_cmpuint (none.regions->len, ==, 0);
  g_assert_nonnull (strstr (none.explanation, "shorter than the minimum gap"));
}

static void
test_collectives_types (void)
{
  g_auto (StTestRegions) r
      = run ("device-collectives.json", "collectives", "\"types\": [\"allreduce\"]");

  assert_regions (&r, "AllReduce #1 → AllReduce #2 [150000, 320000)\n");
}

static void
test_collectives_tracks (void)
{
  g_auto (StTestRegions) by_name
      = run ("device-collectives.json", "collectives", "\"tracks\": \"GPU 0/stream 13\"");
  g_auto (StTestRegions) by_pid
      = run ("device-collectives.json", "collectives", "\"tracks\": \"0/stream 13\"");

  assert_regions (&by_name, "AllReduce #1 → ReduceScatter #2 [150000, 300000)\n");
  assert_regions (&by_pid, "AllReduce #1 → ReduceScatter #2 [150000, 300000)\n");
}

static void
test_collectives_match (void)
{
  g_auto (StTestRegions) r
      = run ("device-collectives.json", "collectives", "\"match\": \"ncclDevKernel_All*\"");

  assert_regions (&r, "AllReduce+AllGather #1 → AllReduce #2 [170000, 320000)\n");
}

static void
test_collectives_host (void)
{
  /* No collective kernels: the c10d ops and nccl: annotations count, the
   * nested record_param_comms and the overlapping annotation merged. */
  g_auto (StTestRegions) r = run ("host-collectives.json", "collectives", NULL);

  assert_regions (&r, "AllReduce #1 → Broadcast #2 [20000, 85000)\n");
}

static void
test_collectives_missing (void)
{
  g_auto (StTestRegions) r = run ("launches.json", "collectives", NULL);

  g_assert_cmpuint (r.regions->len, ==, 0);
  g_assert_cmpstr (r.explanation, ==,
                   "This profile has no collective operations: no NCCL/RCCL "
                   "kernels, c10d ops or collective annotations were found.");
}

static void
test_collectives_real_nccl (void)
{
  /* HTA's A100 all-reduce/broadcast trace: 21 NCCL kernels, none
   * overlapping, so 20 gaps; their lengths were read from the file
   * independently. Sorted, the largest ratio between consecutive ones is
   * 2 376 288 / 234 813 ns = 10.1, with 19 above it, but the next largest,
   * 22 966 060 / 6 488 554 = 3.54, squares to 12.5: the jump does not
   * stand out from the spread of the others, so no burst forms and every
   * gap is a region. */
  g_auto (StTestRegions) r
      = run ("real/hta_nccl_parser_allreduce_bcast.json.gz", "collectives", NULL);
  StRegion *first, *second, *third;

  g_assert_cmpuint (r.regions->len, ==, 20);
  first = g_ptr_array_index (r.regions, 0);
  second = g_ptr_array_index (r.regions, 1);
  third = g_ptr_array_index (r.regions, 2);
  g_assert_cmpstr (st_region_get_name (first), ==, "Broadcast #1 → Broadcast #2");
  g_assert_cmpint (st_region_get_duration (first), ==, 2522079);
  g_assert_cmpint (st_region_get_duration (second), ==, 98769491);
  g_assert_cmpint (st_region_get_duration (third), ==, 6488554);
  g_assert_cmpstr (st_region_get_name (second), ==, "Broadcast #2 → AllReduce #3");
}

/* --- hierarchy -------------------------------------------------------- */

static void
test_hierarchy_default_steps_on_device (void)
{
  /* ProfilerStep scopes, projected to the device through the launch flows:
   * from the first kernel (or copy) launched inside the step to the end of
   * the last one. */
  g_auto (StTestRegions) r = run ("launches.json", "hierarchy", NULL);

  assert_regions (&r, "ProfilerStep#1 [40000, 90000)\n"
                      "ProfilerStep#2 [190000, 200000)\n");
  assert_method (&r, ST_REGION_HIERARCHY);
}

static void
test_hierarchy_host (void)
{
  g_auto (StTestRegions) r = run ("launches.json", "hierarchy", "\"project\": \"host\"");

  assert_regions (&r, "ProfilerStep#1 [0, 100000)\n"
                      "ProfilerStep#2 [150000, 250000)\n");
}

static void
test_hierarchy_match_numbered (void)
{
  /* Three calls of mlp: one region each, numbered in time order; on the
   * device the second call's region ends with its copy. */
  g_auto (StTestRegions) host
      = run ("launches.json", "hierarchy", "\"match\": \"*: mlp\", \"project\": \"host\"");
  g_auto (StTestRegions) device
      = run ("launches.json", "hierarchy", "\"match\": \"*: mlp\", \"project\": \"device\"");

  assert_regions (&host, "model.py(20): mlp (1) [10000, 30000)\n"
                         "model.py(20): mlp (2) [35000, 55000)\n"
                         "model.py(20): mlp (3) [160000, 180000)\n");
  assert_regions (&device, "model.py(20): mlp (1) [40000, 50000)\n"
                           "model.py(20): mlp (2) [51000, 60000)\n"
                           "model.py(20): mlp (3) [190000, 200000)\n");
}

static void
test_hierarchy_depth (void)
{
  g_auto (StTestRegions) r
      = run ("launches.json", "hierarchy", "\"depth\": 1, \"project\": \"host\"");

  assert_regions (&r, "model.py(10): forward (1) [5000, 65000)\n"
                      "cudaLaunchKernel [80000, 82000)\n"
                      "model.py(10): forward (2) [155000, 215000)\n");
}

static void
test_hierarchy_default_repeating (void)
{
  /* No profiler steps: the outermost level of the busiest host thread at
   * which names repeat — here the c10d ops at depth 0 of thread 1. */
  g_auto (StTestRegions) r = run ("host-collectives.json", "hierarchy", NULL);

  g_assert_cmpuint (r.regions->len, ==, 0);
  g_assert_nonnull (strstr (r.explanation, "no operation hierarchy"));
}

static void
test_hierarchy_device_without_links (void)
{
  g_auto (StTestRegions) r
      = run ("unlinked-kernels.json", "hierarchy", "\"match\": \"*mlp\", \"project\": \"device\"");
  g_auto (StTestRegions) host = run ("unlinked-kernels.json", "hierarchy", "\"match\": \"*mlp\"");

  g_assert_cmpuint (r.regions->len, ==, 0);
  g_assert_nonnull (strstr (r.explanation, "cannot be projected onto the device"));
  /* "auto" falls back to the host when nothing links the two, and says so. */
  g_assert_cmpuint (host.regions->len, ==, 1);
  g_assert_cmpint (st_region_get_start (g_ptr_array_index (host.regions, 0)), ==, 0);
  g_assert_cmpint (st_region_get_end (g_ptr_array_index (host.regions, 0)), ==, 20000);
  g_assert_cmpstr (host.explanation, ==,
                   "This profile does not link host calls to the device events they launched: "
                   "the 1 scope keeps its host bounds.");
}

static void
test_hierarchy_missing (void)
{
  g_auto (StTestRegions) r = run ("flat.json", "hierarchy", NULL);
  g_auto (StTestRegions) match = run ("flat.json", "hierarchy", "\"match\": \"nn.Module: *\"");

  g_assert_cmpuint (r.regions->len, ==, 0);
  g_assert_cmpstr (r.explanation, ==,
                   "This profile has no operation hierarchy: no profiler steps "
                   "and no scopes that repeat on a host thread were found.");
  g_assert_cmpuint (match.regions->len, ==, 0);
  g_assert_nonnull (strstr (match.explanation, "nn.Module: *"));
}

static void
test_hierarchy_real_tracelens (void)
{
  /* TraceLens' H100 inference trace: one profiler step, projected to the
   * GPU: it must lie inside the step's host span's device work. */
  g_auto (StTestRegions) r = run ("real/tracelens_h100_qwen1.5_0.5b.json.gz", "hierarchy", NULL);
  g_auto (StTestRegions) modules = run ("real/tracelens_h100_qwen1.5_0.5b.json.gz", "hierarchy",
                                        "\"match\": \"nn.Module: *DecoderLayer*\"");

  g_assert_cmpuint (r.regions->len, ==, 1);
  g_assert_cmpstr (st_region_get_name (g_ptr_array_index (r.regions, 0)), ==, "ProfilerStep#6");
  /* 24 decoder layers in Qwen1.5-0.5B, each a region. */
  g_assert_cmpuint (modules.regions->len, ==, 24);
  for (guint i = 1; i < modules.regions->len; i++)
    g_assert_cmpint (st_region_get_start (g_ptr_array_index (modules.regions, i - 1)), <=,
                     st_region_get_start (g_ptr_array_index (modules.regions, i)));
}

/* --- kernel stack frames ---------------------------------------------- */

static void
test_stack_innermost (void)
{
  /* Kernels 1 and 2 come from the first call of mlp, kernel 3 from the
   * second: two calls in a row are two regions. The copy is not a kernel;
   * the relu launched outside any Python frame belongs to no region. */
  g_auto (StTestRegions) r = run ("launches.json", "stack", NULL);

  assert_regions (&r, "model.py(20): mlp (1) [40000, 50000)\n"
                      "model.py(20): mlp (2) [51000, 56000)\n"
                      "model.py(20): mlp (3) [190000, 200000)\n");
  assert_method (&r, ST_REGION_STACK);
}

static void
test_stack_frame_glob (void)
{
  g_auto (StTestRegions) r = run ("launches.json", "stack", "\"frame\": \"*forward\"");

  assert_regions (&r, "model.py(10): forward (1) [40000, 56000)\n"
                      "model.py(10): forward (2) [190000, 200000)\n");
}

static void
test_stack_each_kernel (void)
{
  g_auto (StTestRegions) r = run ("launches.json", "stack", "\"frame\": \"kernel\"");

  assert_regions (&r, "gemm_a (1) [40000, 45000)\n"
                      "gemm_b [46000, 50000)\n"
                      "gemm_a (2) [51000, 56000)\n"
                      "relu [85000, 90000)\n"
                      "gemm_a (3) [190000, 200000)\n");
}

static void
test_stack_merge_gap_and_min_duration (void)
{
  g_auto (StTestRegions) merged = run ("launches.json", "stack", "\"merge_gap_ns\": 1000");
  g_auto (StTestRegions) longer = run ("launches.json", "stack", "\"min_duration_ns\": 6000");

  assert_regions (&merged, "model.py(20): mlp (1) [40000, 56000)\n"
                           "model.py(20): mlp (2) [190000, 200000)\n");
  assert_regions (&longer, "model.py(20): mlp (1) [40000, 50000)\n"
                           "model.py(20): mlp (2) [190000, 200000)\n");
}

static void
test_stack_correlation (void)
{
  /* No flows: launches found by the args' correlation ids (beyond 2^32);
   * the kernel whose id matches no launch belongs to no region. */
  g_auto (StTestRegions) r = run ("correlation.json", "stack", NULL);

  assert_regions (&r, "model.py(20): mlp [30000, 40000)\n"
                      "model.py(30): attention [41000, 46000)\n");
}

static void
test_stack_overlapping_lane (void)
{
  /* "Overlap" overlaps "Outer" without nesting and is drawn in an extra
   * lane; the launch flow must still bind to the launch call inside the
   * Python frame, not to the slice of the extra lane. */
  g_auto (StTestRegions) r = run ("overlapping-lane.json", "stack", NULL);

  assert_regions (&r, "train.py(5): step [70000, 75000)\n");
}

static void
test_stack_frames_sf (void)
{
  /* No Python frames: the launches' "sf" ids into the file's stackFrames
   * (ids as numbers or strings alike); the launch without one falls back
   * to its enclosing scope; a glob walks out to the parent frames. */
  g_auto (StTestRegions) r = run ("stack-frames.json", "stack", NULL);
  g_auto (StTestRegions) outer = run ("stack-frames.json", "stack", "\"frame\": \"train*\"");

  assert_regions (&r, "mlp [40000, 50000)\n"
                      "attention [51000, 56000)\n"
                      "aten::mm [60000, 65000)\n");
  assert_regions (&outer, "train_step [40000, 56000)\n");
}

static void
test_stack_enclosing_scopes (void)
{
  /* No Python frames and no stackFrames: the innermost enclosing scope of
   * each launch is its frame. */
  g_auto (StTestRegions) r = run ("scope-launches.json", "stack", NULL);

  assert_regions (&r, "aten::mm [40000, 45000)\n"
                      "aten::linear [46000, 50000)\n");
}

static void
test_stack_frames_sf_two_files (void)
{
  /* Two files as one profile: each launch's "sf" is read in its own file's
   * stackFrames, and the same frame id of two files is two frames. */
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "data", "highlight", "stack-frames.json", NULL);
  g_autoptr (GFile)               a = g_file_new_for_path (path);
  g_autoptr (GFile)               b = g_file_new_for_path (path);
  GFile                          *files[] = { a, b };
  g_autoptr (StProfileLoader)     loader = st_profile_loader_new (files, 2);
  g_autoptr (GError)              error = NULL;
  g_autoptr (StTrace)             trace = st_profile_loader_load (loader, NULL, &error);
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_new (ST_REGION_STACK);
  g_auto (StTestRegions)          r = { NULL, NULL };

  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_n_files (trace), ==, 2);
  r.regions = st_test_region_objects (
      st_highlighter_run (trace, config, &r.explanation, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  /* Both files on one clock (no base time: the same start), so each
   * region comes twice. */
  assert_regions (&r, "mlp (1) [40000, 50000)\n"
                      "mlp (2) [40000, 50000)\n"
                      "attention (1) [51000, 56000)\n"
                      "attention (2) [51000, 56000)\n"
                      "aten::mm (1) [60000, 65000)\n"
                      "aten::mm (2) [60000, 65000)\n");
}

static void
test_stack_missing (void)
{
  g_auto (StTestRegions) unlinked = run ("unlinked-kernels.json", "stack", NULL);
  g_auto (StTestRegions) no_kernels = run ("host-collectives.json", "stack", NULL);
  g_auto (StTestRegions) no_frame = run ("launches.json", "stack", "\"frame\": \"*backward*\"");

  g_assert_cmpuint (unlinked.regions->len, ==, 0);
  g_assert_nonnull (strstr (unlinked.explanation, "no launch flows or correlation ids"));
  g_assert_cmpuint (no_kernels.regions->len, ==, 0);
  g_assert_nonnull (strstr (no_kernels.explanation, "no device kernels"));
  g_assert_cmpuint (no_frame.regions->len, ==, 0);
  g_assert_nonnull (strstr (no_frame.explanation, "*backward*"));
}

static void
test_stack_real_tracelens (void)
{
  /* Every region is named after a Python frame of the launching thread. */
  g_auto (StTestRegions) r = run ("real/tracelens_h100_qwen1.5_0.5b.json.gz", "stack",
                                  "\"frame\": \"*modeling_qwen2.py*\"");

  g_assert_cmpuint (r.regions->len, >, 24);
  for (guint i = 0; i < r.regions->len; i++)
    {
      StRegion *region = g_ptr_array_index (r.regions, i);

      g_assert_nonnull (strstr (st_region_get_name (region), "modeling_qwen2.py("));
      g_assert_cmpint (st_region_get_duration (region), >, 0);
    }
}

/* A trace of @n steps, each a Python frame "model.py(K): f" (K = step % 3
 * + 1) launching two kernels, "gemm" on stream 7 and "relu" on stream 8,
 * both at [10 step + 5, 10 step + 6) µs: enough kernels for the work to be
 * shared between threads. */
static StTrace *
load_many_kernels (guint n)
{
  g_autoptr (GString) json = g_string_new ("{\"traceEvents\": [\n");

  for (guint i = 0; i < n; i++)
    {
      guint b = 10 * i;

      g_string_append_printf (
          json,
          "{\"ph\": \"X\", \"cat\": \"python_function\", \"name\": "
          "\"model.py(%u): f\", \"pid\": 1, \"tid\": 1, \"ts\": %u, \"dur\": 8},\n",
          i % 3 + 1, b);
      for (guint k = 0; k < 2; k++)
        g_string_append_printf (
            json,
            "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": "
            "1, "
            "\"tid\": 1, \"ts\": %u, \"dur\": 1, \"args\": {\"correlation\": %u}},\n"
            "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": %u, "
            "\"ts\": %u, \"dur\": 1, \"args\": {\"correlation\": %u}}%s\n",
            b + 1 + 2 * k, 2 * i + k + 1, k == 0 ? "gemm" : "relu", 7 + k, b + 5, 2 * i + k + 1,
            i + 1 == n && k == 1 ? "" : ",");
    }
  g_string_append (json, "]}\n");
  return st_test_load_text (json->str, json->len);
}

static void
assert_region (GPtrArray *regions, guint index, const char *name, gint64 start, gint64 end)
{
  StRegion *region = g_ptr_array_index (regions, index);

  g_assert_cmpstr (st_region_get_name (region), ==, name);
  g_assert_cmpint (st_region_get_start (region), ==, start);
  g_assert_cmpint (st_region_get_end (region), ==, end);
}

static void
test_stack_many_kernels (void)
{
  /* Each kernel its own region, named by its frame and numbered in start
   * order across both streams; regions with the same bounds in the order
   * of their tracks, stream 7 first. */
  const guint                     n = 9000;
  g_autoptr (StTrace)             trace = load_many_kernels (n);
  g_autoptr (StHighlighterConfig) innermost = st_highlighter_config_new (ST_REGION_STACK);
  g_autoptr (StHighlighterConfig) each = st_highlighter_config_new (ST_REGION_STACK);
  g_autoptr (GError)              error = NULL;
  g_autoptr (GPtrArray)           frames = NULL;
  g_autoptr (GPtrArray)           kernels = NULL;

  each->frame = g_strdup ("kernel");
  frames = st_test_region_objects (
      st_highlighter_run (trace, innermost, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  kernels
      = st_test_region_objects (st_highlighter_run (trace, each, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (frames->len, ==, 2 * n);
  g_assert_cmpuint (kernels->len, ==, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      gint64 start = (10 * (gint64)i + 5) * US, end = start + US;

      for (guint k = 0; k < 2; k++)
        {
          g_autofree char *frame
              = g_strdup_printf ("model.py(%u): f (%u)", i % 3 + 1, 2 * (i / 3) + k + 1);
          g_autofree char *kernel = g_strdup_printf ("%s (%u)", k == 0 ? "gemm" : "relu", i + 1);

          assert_region (frames, 2 * i + k, frame, start, end);
          assert_region (kernels, 2 * i + k, kernel, start, end);
        }
    }
}

/* --- Neuron device profiles ------------------------------------------- */

static StTestRegions
run_neuron (const char *keys)
{
  g_autofree char                *json = g_strdup_printf ("{\"version\": 1, %s}", keys);
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_parse (json, -1, "test", &error);
  g_autoptr (GFile)               file = g_file_new_for_path (g_getenv ("STRATA_TEST_NEURON"));
  g_autoptr (StTrace)             trace = st_trace_load_file (file, NULL, &error);
  StTestRegions                   r = { NULL, NULL };

  g_assert_no_error (error);
  r.regions = st_test_region_objects (
      st_highlighter_run (trace, config, &r.explanation, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return r;
}

static void
assert_names (StTestRegions *r, const char **names)
{
  g_assert_cmpuint (r->regions->len, ==, g_strv_length ((char **)names));
  for (guint i = 0; i < r->regions->len; i++)
    {
      StRegion *region = g_ptr_array_index (r->regions, i);

      g_assert_cmpstr (st_region_get_name (region), ==, names[i]);
      g_assert_cmpint (st_region_get_duration (region), >, 0);
      if (i > 0)
        g_assert_cmpint (st_region_get_end (g_ptr_array_index (r->regions, i - 1)), <=,
                         st_region_get_start (region));
    }
}

static void
test_neuron_layers (void)
{
  /* The generator's four decoder layers: by default the outermost level of
   * the layer path whose names repeat up to their digits; a glob on one
   * path segment picks that segment in every layer. */
  const char *layers[] = { "layer_0", "layer_1", "layer_2", "layer_3", NULL };
  const char *attention[]
      = { "attention (1)", "attention (2)", "attention (3)", "attention (4)", NULL };
  g_auto (StTestRegions) by_default = run_neuron ("\"method\": \"hierarchy\"");
  g_auto (StTestRegions) by_glob
      = run_neuron ("\"method\": \"hierarchy\", \"match\": \"attention\"");

  assert_names (&by_default, layers);
  g_assert_null (by_default.explanation);
  assert_names (&by_glob, attention);
  for (guint i = 0; i < 4; i++)
    {
      StRegion *layer = g_ptr_array_index (by_default.regions, i);
      StRegion *part = g_ptr_array_index (by_glob.regions, i);

      g_assert_cmpint (st_region_get_start (part), >=, st_region_get_start (layer));
      g_assert_cmpint (st_region_get_end (part), <=, st_region_get_end (layer));
    }
}

static void
test_neuron_collectives (void)
{
  /* One gradient all-reduce after the layers (collective DMA rows and
   * collective instructions, merged): no gap between two, and with the
   * edges the time before it. */
  const char            *edges[] = { "Start → AllReduce #1", NULL };
  g_auto (StTestRegions) gaps = run_neuron ("\"method\": \"collectives\"");
  g_auto (StTestRegions) with_edges
      = run_neuron ("\"method\": \"collectives\", \"include_edges\": true");

  g_assert_cmpuint (gaps.regions->len, ==, 0);
  g_assert_nonnull (strstr (gaps.explanation, "Only one collective operation"));
  assert_names (&with_edges, edges);
  g_assert_cmpint (st_region_get_start (g_ptr_array_index (with_edges.regions, 0)), ==, 0);
}

/* --- cancelling and progress ------------------------------------------ */

static void
on_progress (double fraction, gpointer data)
{
  double *last = data;

  g_assert_cmpfloat (fraction, >=, *last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  *last = fraction;
}

static void
test_progress_and_cancel (void)
{
  g_autoptr (StTrace)             trace = st_test_load ("highlight", "launches.json", NULL);
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_new (ST_REGION_STACK);
  g_autoptr (GCancellable)        cancellable = g_cancellable_new ();
  g_autoptr (GError)              error = NULL;
  g_autoptr (GPtrArray)           regions = NULL;
  double                          last = 0;

  regions = st_test_region_objects (
      st_highlighter_run (trace, config, NULL, NULL, on_progress, &last, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (last, ==, 1.0);
  g_clear_pointer (&regions, g_ptr_array_unref);

  g_cancellable_cancel (cancellable);
  regions = st_test_region_objects (
      st_highlighter_run (trace, config, NULL, cancellable, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (regions);
}

/* --- configurations ----------------------------------------------------- */

static void
assert_refused (const char *json, int code, const char *fragment)
{
  g_autoptr (GError)              error = NULL;
  g_autoptr (StHighlighterConfig) config
      = st_highlighter_config_parse (json, -1, "cfg.json", &error);

  g_assert_null (config);
  g_assert_error (error, ST_REGION_ERROR, code);
  g_assert_nonnull (strstr (error->message, "cfg.json"));
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("“%s” not in “%s”", fragment, error->message);
}

static void
test_config_refused (void)
{
  assert_refused ("{\"version\": 1, \"method\": \"collectives\", \"depth\": 2}",
                  ST_REGION_ERROR_UNKNOWN_KEY, "depth");
  assert_refused ("{\"version\": 1, \"method\": \"stack\", \"fram\": \"x\"}",
                  ST_REGION_ERROR_UNKNOWN_KEY, "fram");
  assert_refused ("{\"version\": 2, \"method\": \"stack\"}", ST_REGION_ERROR_NEWER, "newer");
  assert_refused ("{\"method\": \"stack\"}", ST_REGION_ERROR_INVALID, "version");
  assert_refused ("{\"version\": 1, \"method\": \"manual\"}", ST_REGION_ERROR_BAD_VALUE, "method");
  assert_refused ("{\"version\": 1, \"method\": \"collectives\", \"types\": [\"allsum\"]}",
                  ST_REGION_ERROR_BAD_VALUE, "types");
  assert_refused ("{\"version\": 1, \"method\": \"collectives\", \"min_gap_ns\": -5}",
                  ST_REGION_ERROR_BAD_VALUE, "min_gap_ns");
  assert_refused ("{\"version\": 1, \"method\": \"collectives\", \"min_gap_ns\": 1.5}",
                  ST_REGION_ERROR_BAD_VALUE, "min_gap_ns");
  assert_refused ("{\"version\": 1, \"method\": \"hierarchy\", \"match\": \"a\", \"depth\": 1}",
                  ST_REGION_ERROR_BAD_VALUE, "not both");
  assert_refused ("{\"version\": 1, \"method\": \"hierarchy\", \"project\": \"gpu\"}",
                  ST_REGION_ERROR_BAD_VALUE, "project");
  assert_refused ("{\"version\": 1, \"method\": ", ST_REGION_ERROR_INVALID, "not valid JSON");
  assert_refused ("[1, 2]", ST_REGION_ERROR_INVALID, "JSON object");
}

/* A configuration as big as allowed: its "match" glob of @letter, so that
 * writing it takes long enough to be interrupted. */
static StHighlighterConfig *
big_config (char letter)
{
  StHighlighterConfig *config = st_highlighter_config_new (ST_REGION_HIERARCHY);

  config->match = g_strnfill (900 * 1024, letter);
  return config;
}

/* A writer of the configuration killed at any moment leaves the old file or
 * the new one, whole: never a part, never an empty file. */
static void
test_config_killed_writer (void)
{
  g_autofree char                *dir = g_dir_make_tmp ("strata-config-XXXXXX", NULL);
  g_autofree char                *path = g_build_filename (dir, "highlight.json", NULL);
  g_autoptr (GFile)               file = g_file_new_for_path (path);
  g_autoptr (StHighlighterConfig) a = big_config ('a');
  g_autoptr (StHighlighterConfig) b = big_config ('b');
  g_autoptr (GError)              error = NULL;
  guint                           seen[2] = { 0, 0 };

  g_assert_true (st_highlighter_config_save (a, file, &error));
  g_assert_no_error (error);
  for (guint round = 0; round < 30; round++)
    {
      g_autoptr (StHighlighterConfig) read = NULL;
      g_autoptr (GDir)                d = NULL;
      const char                     *name;
      int                             status = 0;
      pid_t                           pid = fork ();

      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        for (;;)
          if (!st_highlighter_config_save (b, file, NULL)
              || !st_highlighter_config_save (a, file, NULL))
            _exit (1);
      g_usleep (2000 + round * 1500);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));

      read = st_highlighter_config_load (file, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (strlen (read->match), ==, 900 * 1024);
      g_assert_true (read->match[0] == 'a' || read->match[0] == 'b');
      g_assert_cmpint (read->match[900 * 1024 - 1], ==, read->match[0]);
      seen[read->match[0] - 'a']++;
      /* What a kill before the rename leaves: removed here (the next save
       * removes it too, once it is a minute old). */
      d = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (d)) != NULL)
        if (!g_str_equal (name, "highlight.json"))
          {
            g_autofree char *left = g_build_filename (dir, name, NULL);
            g_assert_true (g_str_has_prefix (name, "highlight.json."));
            g_unlink (left);
          }
    }
  g_test_message ("old file after %u kills, new one after %u", seen[0], seen[1]);
  g_unlink (path);
  g_rmdir (dir);
}

/* Saving into a folder where no new file can be made fails, and leaves the
 * file as it was (GIO would have rewritten it in place). As root, in a
 * subprocess that has become nobody. */
static void
test_config_read_only_folder (void)
{
  g_autofree char                *top = NULL, *dir = NULL, *path = NULL;
  g_autoptr (GFile)               file = NULL;
  g_autoptr (StHighlighterConfig) a = big_config ('a');
  g_autoptr (StHighlighterConfig) read = NULL;
  g_autoptr (GError)              error = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr (StHighlighterConfig) b = big_config ('b');
      g_autoptr (GFile)               kept = g_file_new_for_path (g_getenv ("STRATA_TEST_CONFIG"));

      g_assert_true (setgid (65534) == 0 && setuid (65534) == 0);
      g_assert_false (st_highlighter_config_save (b, kept, &error));
      g_assert_nonnull (error);
      return;
    }
  top = g_dir_make_tmp ("strata-config-XXXXXX", NULL);
  dir = g_build_filename (top, "read-only", NULL);
  path = g_build_filename (dir, "kept.json", NULL);
  file = g_file_new_for_path (path);
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_true (st_highlighter_config_save (a, file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (top, 0755), ==, 0);
  g_assert_cmpint (g_chmod (path, 0666), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_setenv ("STRATA_TEST_CONFIG", path, TRUE);
  if (geteuid () == 0)
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
    }
  else
    {
      g_autoptr (StHighlighterConfig) b = big_config ('b');
      g_assert_false (st_highlighter_config_save (b, file, &error));
      g_clear_error (&error);
    }
  read = st_highlighter_config_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (read->match[0], ==, 'a');
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_unlink (path);
  g_rmdir (dir);
  g_rmdir (top);
}

static void
test_config_round_trip (void)
{
  const char *configs[] = {
    "{\"version\": 1, \"method\": \"collectives\", \"tracks\": \"GPU*\", \"match\": \"nccl*\", "
    "\"types\": [\"allreduce\", \"sendrecv\"], \"min_gap_ns\": 5, \"include_edges\": true, "
    "\"min_duration_ns\": 7}",
    "{\"version\": 1, \"method\": \"hierarchy\", \"depth\": 3, \"project\": \"device\"}",
    "{\"version\": 1, \"method\": \"stack\", \"frame\": \"*mlp*\", \"merge_gap_ns\": 9}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      g_autoptr (GError)              error = NULL;
      g_autoptr (StHighlighterConfig) a = st_highlighter_config_parse (configs[i], -1, "a", &error);
      g_autofree char                *json = NULL;
      g_autoptr (StHighlighterConfig) b = NULL;

      g_assert_no_error (error);
      json = st_highlighter_config_to_json (a);
      b = st_highlighter_config_parse (json, -1, "b", &error);
      g_assert_no_error (error);
      g_assert_cmpint (a->method, ==, b->method);
      g_assert_cmpstr (a->tracks, ==, b->tracks);
      g_assert_cmpstr (a->match, ==, b->match);
      g_assert_cmpstr (a->frame, ==, b->frame);
      g_assert_cmpuint (a->types, ==, b->types);
      g_assert_cmpint (a->min_gap_ns, ==, b->min_gap_ns);
      g_assert_cmpint (a->include_edges, ==, b->include_edges);
      g_assert_cmpint (a->depth, ==, b->depth);
      g_assert_cmpint (a->project, ==, b->project);
      g_assert_cmpint (a->merge_gap_ns, ==, b->merge_gap_ns);
      g_assert_cmpint (a->min_duration_ns, ==, b->min_duration_ns);
    }
}

static void
test_config_file_drives_run (void)
{
  /* A configuration saved to a file and loaded back gives the same
   * regions, as the command line would. */
  g_autoptr (GError)              error = NULL;
  g_autofree char                *dir = g_dir_make_tmp ("strata-config-XXXXXX", &error);
  g_autofree char                *path = g_build_filename (dir, "mlp.json", NULL);
  g_autoptr (GFile)               file = g_file_new_for_path (path);
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_new (ST_REGION_HIERARCHY);
  g_autoptr (StHighlighterConfig) loaded = NULL;

  config->match = g_strdup ("*: mlp");
  config->project = ST_PROJECT_HOST;
  g_assert_true (st_highlighter_config_save (config, file, &error));
  loaded = st_highlighter_config_load (file, &error);
  g_assert_no_error (error);
  {
    g_auto (StTestRegions) r = run_config ("launches.json", loaded);

    g_assert_cmpuint (r.regions->len, ==, 3);
  }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/highlighter/collectives/device", test_collectives_device);
  g_test_add_func ("/highlighter/collectives/edges", test_collectives_edges);
  g_test_add_func ("/highlighter/collectives/min-gap", test_collectives_min_gap);
  g_test_add_func ("/highlighter/collectives/types", test_collectives_types);
  g_test_add_func ("/highlighter/collectives/tracks", test_collectives_tracks);
  g_test_add_func ("/highlighter/collectives/match", test_collectives_match);
  g_test_add_func ("/highlighter/collectives/host", test_collectives_host);
  g_test_add_func ("/highlighter/collectives/missing", test_collectives_missing);
  g_test_add_func ("/highlighter/collectives/real-nccl", test_collectives_real_nccl);
  g_test_add_func ("/highlighter/hierarchy/default-steps-on-device",
                   test_hierarchy_default_steps_on_device);
  g_test_add_func ("/highlighter/hierarchy/host", test_hierarchy_host);
  g_test_add_func ("/highlighter/hierarchy/match-numbered", test_hierarchy_match_numbered);
  g_test_add_func ("/highlighter/hierarchy/depth", test_hierarchy_depth);
  g_test_add_func ("/highlighter/hierarchy/default-repeating", test_hierarchy_default_repeating);
  g_test_add_func ("/highlighter/hierarchy/device-without-links",
                   test_hierarchy_device_without_links);
  g_test_add_func ("/highlighter/hierarchy/missing", test_hierarchy_missing);
  g_test_add_func ("/highlighter/hierarchy/real-tracelens", test_hierarchy_real_tracelens);
  g_test_add_func ("/highlighter/stack/innermost", test_stack_innermost);
  g_test_add_func ("/highlighter/stack/frame-glob", test_stack_frame_glob);
  g_test_add_func ("/highlighter/stack/each-kernel", test_stack_each_kernel);
  g_test_add_func ("/highlighter/stack/merge-gap-and-min-duration",
                   test_stack_merge_gap_and_min_duration);
  g_test_add_func ("/highlighter/stack/correlation", test_stack_correlation);
  g_test_add_func ("/highlighter/stack/overlapping-lane", test_stack_overlapping_lane);
  g_test_add_func ("/highlighter/stack/stack-frames-sf", test_stack_frames_sf);
  g_test_add_func ("/highlighter/stack/enclosing-scopes", test_stack_enclosing_scopes);
  g_test_add_func ("/highlighter/stack/stack-frames-sf-two-files", test_stack_frames_sf_two_files);
  g_test_add_func ("/highlighter/stack/missing", test_stack_missing);
  g_test_add_func ("/highlighter/stack/real-tracelens", test_stack_real_tracelens);
  g_test_add_func ("/highlighter/stack/many-kernels", test_stack_many_kernels);
  g_test_add_func ("/highlighter/neuron/layers", test_neuron_layers);
  g_test_add_func ("/highlighter/neuron/collectives", test_neuron_collectives);
  g_test_add_func ("/highlighter/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/highlighter/config/refused", test_config_refused);
  g_test_add_func ("/highlighter/config/round-trip", test_config_round_trip);
  g_test_add_func ("/highlighter/config/killed-writer", test_config_killed_writer);
  g_test_add_func ("/highlighter/config/read-only-folder", test_config_read_only_folder);
  g_test_add_func ("/highlighter/config/file-drives-run", test_config_file_drives_run);

  return g_test_run ();
}
