/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Summary page's numbers: what a person reads on it for a range (busy
 * %, compute / communication / memory / idle time, kernels, bytes copied,
 * collective groups and their outliers, operations, engines), what the
 * profile lacks ("not in this profile", never 0), and which
 * recommendations fire: each rule just past its threshold and just short
 * of it. Hand-made traces (tests/data/summary, or written here from a list
 * of kernels) have known answers; µs in the files, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-gen-neuron.h"
#include "st-highlighter.h"
#include "st-profile-loader.h"
#include "st-summary.h"
#include "st-summary-rules.h"
#include "st-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

#define US 1000

static StSummary *
summarise (StTrace *trace, gint64 start, gint64 end)
{
  g_autoptr (GError) error = NULL;
  StSummary         *summary = st_summary_compute (trace, start, end, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static StSummary *
summarise_whole (StTrace *trace)
{
  return summarise (trace, 0, st_trace_get_end_ns (trace));
}

static double
value (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  if (m == NULL)
    g_error ("no metric %s", id);
  if (!m->present)
    g_error ("metric %s is absent", id);
  return m->value;
}

static void
assert_absent (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  g_assert_nonnull (m);
  if (m->present)
    g_error ("metric %s should be absent, is %g", id, m->value);
}

/* The recommendation of @rule, or NULL when it did not fire. */
static const StRecommendation *
finding (StSummary *summary, const char *rule)
{
  for (guint i = 0; i < st_summary_get_n_recommendations (summary); i++)
    if (g_str_equal (st_summary_get_recommendation (summary, i)->rule, rule))
      return st_summary_get_recommendation (summary, i);
  return NULL;
}

/* Whether @rule fires on @summary, whatever else fires with it. */
static gboolean
fires (StSummary *summary, const char *rule)
{
  StRecommendation r = { 0 };
  gboolean         fired = st_summary_rule_evaluate (st_summary_rules_lookup (rule), summary, &r);

  g_free (r.measured);
  return fired;
}

static char *
measured (StSummary *summary, const char *rule)
{
  StRecommendation r = { 0 };

  g_assert_true (st_summary_rule_evaluate (st_summary_rules_lookup (rule), summary, &r));
  return r.measured;
}

/* --- traces written from a list of events ----------------------------------- */

typedef struct
{
  char    *dir;
  GString *events;
} Gen;

static void
gen_init (Gen *g)
{
  g_autoptr (GError) error = NULL;

  g->dir = g_dir_make_tmp ("strata-summary-XXXXXX", &error);
  g_assert_no_error (error);
  g->events = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}}");
}

/* A device event on stream @tid of GPU 0 (µs). */
static void
gen_device (Gen        *g,
            guint       tid,
            const char *cat,
            const char *name,
            double      ts,
            double      dur,
            const char *args)
{
  g_string_append_printf (g->events,
                          ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", "
                          "\"pid\": 0, \"tid\": %u, \"ts\": %.3f, \"dur\": %.3f%s%s%s}",
                          cat, name, tid, ts, dur, args ? ", \"args\": {" : "", args ? args : "",
                          args ? "}" : "");
}

static void
gen_kernel (Gen *g, guint tid, double ts, double dur)
{
  gen_device (g, tid, "kernel", "gemm", ts, dur, NULL);
}

static void
gen_allreduce (Gen *g, double ts, double dur)
{
  gen_device (g, 13, "kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL", ts, dur,
              "\"In msg nelems\": 1024, \"dtype\": \"Float\"");
}

static StTrace *
gen_load (Gen *g)
{
  g_autofree char   *path = g_build_filename (g->dir, "trace.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile)  file = NULL;
  StTrace           *trace;

  g_string_append (g->events, "\n]}\n");
  g_assert_true (g_file_set_contents (path, g->events->str, -1, &error));
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (g->dir);
  g_free (g->dir);
  g_string_free (g->events, TRUE);
  return trace;
}

/* --- metrics of a hand-made trace ------------------------------------------------ */

/* basic.json, stream 7: gemm [0, 100), elementwise [150, 200), HtoD copy
 * [300, 350) of 1000 bytes, memset [350, 360) of 500 bytes, gemm [400,
 * 500); stream 13: AllReduces of 4 KiB [50, 250) and [450, 480). The copy
 * was launched at 260 (after the gap opened at 250: host-bound), the last
 * gemm at 350 (before the gap opened at 360). */
static void
test_metrics_whole (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);

  g_assert_cmpfloat (value (s, "span_ns"), ==, 500 * US);
  g_assert_cmpfloat (value (s, "device_time_ns"), ==, 500 * US);
  /* [0, 250) ∪ [300, 360) ∪ [400, 500) */
  g_assert_cmpfloat_with_epsilon (value (s, "device_busy_percent"), 82.0, 1e-9);
  g_assert_cmpfloat (value (s, "compute_time_ns"), ==, 250 * US);
  g_assert_cmpfloat (value (s, "communication_time_ns"), ==, 230 * US);
  g_assert_cmpfloat (value (s, "memory_time_ns"), ==, 60 * US);
  g_assert_cmpfloat (value (s, "idle_time_ns"), ==, 90 * US);
  /* [50, 250) less the gemm and elementwise: 100; [450, 480) hidden. */
  g_assert_cmpfloat (value (s, "exposed_communication_ns"), ==, 100 * US);
  g_assert_cmpfloat_with_epsilon (value (s, "exposed_communication_percent"), 20.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (value (s, "memory_time_percent"), 12.0, 1e-9);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 5);
  g_assert_cmpfloat (value (s, "median_kernel_ns"), ==, 100 * US);
  g_assert_cmpfloat (value (s, "memcpy_bytes"), ==, 1000);
  g_assert_cmpfloat (value (s, "memcpy_count"), ==, 1);
  g_assert_cmpfloat (value (s, "memset_bytes"), ==, 500);
  g_assert_cmpfloat (value (s, "collective_count"), ==, 2);
  /* Gaps [250, 300) host-bound and [360, 400) not. */
  g_assert_cmpfloat_with_epsilon (value (s, "host_bound_gap_percent"), 100.0 * 50 / 90, 1e-9);
  /* Stream 7 busy 310 µs, stream 13 230 µs. */
  g_assert_cmpfloat_with_epsilon (value (s, "busiest_stream_share_percent"), 100.0 * 310 / 540,
                                  1e-9);
  g_assert_cmpint (st_summary_get_metric (s, 0)->source, ==, ST_METRIC_DERIVED);
  g_assert_cmpstr (st_summary_lookup (s, "device_busy_percent")->group, ==, "compute");
  g_assert_cmpstr (st_summary_lookup (s, "device_busy_percent")->group_title, ==,
                   "Compute performance statistics");
  g_assert_cmpstr (st_summary_lookup (s, "memcpy_bytes")->group_title, ==,
                   "Memory bandwidth utilisation");
  g_assert_cmpstr (st_summary_lookup (s, "exposed_communication_ns")->group_title, ==,
                   "Communication");
  for (guint i = 0; i < st_summary_get_n_metrics (s); i++)
    {
      const StMetric *m = st_summary_get_metric (s, i);

      g_assert_true (m->title != NULL && *m->title != '\0');
      g_assert_true (m->description != NULL && strlen (m->description) > 20);
    }
}

/* [80, 420): the first gemm and the first AllReduce are clipped, the
 * second AllReduce (at 450) is outside. */
static void
test_metrics_clipped (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 80 * US, 420 * US);
  gint64                start, end;

  st_summary_get_range (s, &start, &end);
  g_assert_cmpint (start, ==, 80 * US);
  g_assert_cmpint (end, ==, 420 * US);
  g_assert_cmpfloat (value (s, "span_ns"), ==, 340 * US);
  g_assert_cmpfloat (value (s, "device_time_ns"), ==, 340 * US);
  g_assert_cmpfloat_with_epsilon (value (s, "device_busy_percent"), 100.0 * 250 / 340, 1e-9);
  g_assert_cmpfloat (value (s, "compute_time_ns"), ==, 90 * US);
  g_assert_cmpfloat (value (s, "communication_time_ns"), ==, 170 * US);
  g_assert_cmpfloat (value (s, "exposed_communication_ns"), ==, 100 * US);
  g_assert_cmpfloat (value (s, "idle_time_ns"), ==, 90 * US);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, 4);
  g_assert_cmpfloat (value (s, "collective_count"), ==, 1);
}

/* The metrics of device work: absent in a profile without any. */
static const char *const device_ids[] = {
  "device_time_ns", "device_busy_percent", "compute_time_ns",          "communication_time_ns",
  "memory_time_ns", "idle_time_ns",        "exposed_communication_ns", "kernel_count",
  "memcpy_bytes",   "median_kernel_ns",    "host_bound_gap_percent",
};

/* A range with no copy: the copy metrics are absent, not 0. */
static void
test_metrics_absent (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 0, 250 * US);
  g_autoptr (StTrace)   host = st_test_load ("summary", "host-only.json", NULL);
  g_autoptr (StSummary) h = summarise_whole (host);

  assert_absent (s, "memcpy_bytes");
  assert_absent (s, "memset_bytes");
  assert_absent (s, "memcpy_bandwidth");
  g_assert_cmpfloat (value (s, "memcpy_count"), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (device_ids); i++)
    assert_absent (h, device_ids[i]);
  g_assert_cmpfloat (value (h, "span_ns"), ==, 400 * US);
  g_assert_cmpuint (st_summary_get_n_engines (h), ==, 0);
  g_assert_cmpuint (st_summary_get_memory (h)->len, ==, 0);
}

static void
test_collective_groups (void)
{
  g_autoptr (StTrace)         trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary)       s = summarise_whole (trace);
  const StCollectiveGroup    *g;
  const StCollectiveInstance *inst;

  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 1);
  g = st_summary_get_collective_group (s, 0);
  g_assert_cmpint (g->type, ==, ST_COLLECTIVE_ALLREDUCE);
  g_assert_cmpuint (g->size_bytes, ==, 4096);
  /* its own args give the size; no host op launched it: no call site */
  g_assert_cmpstr (g->label, ==, "AllReduce · 4 KiB");
  g_assert_cmpuint (g->count, ==, 2);
  g_assert_cmpint (g->min_ns, ==, 30 * US);
  /* an even count: the mean of the two middle values (docs/metrics.md 3.1) */
  g_assert_cmpint (g->median_ns, ==, 115 * US);
  g_assert_cmpint (g->mean_ns, ==, 115 * US);
  g_assert_cmpint (g->max_ns, ==, 200 * US);
  /* two instances are too few to call either one an outlier */
  g_assert_cmpuint (g->n_outliers, ==, 0);
  inst = &g_array_index (g->instances, StCollectiveInstance, 0);
  g_assert_cmpint (inst->start, ==, 50 * US);
  g_assert_false (inst->outlier);
}

/* Host collectives when the device has none: the outermost c10d op, with
 * the size of the record_param_comms inside it (256 × bf16 = 512 B), and
 * the op itself its call site (docs/metrics.md 3.1). */
static void
test_collective_host (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("summary", "host-only.json", NULL);
  g_autoptr (StSummary)    s = summarise_whole (trace);
  const StCollectiveGroup *g;

  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 1);
  g = st_summary_get_collective_group (s, 0);
  g_assert_cmpstr (g->label, ==, "AllReduce · 512 B · c10d::allreduce_");
  g_assert_cmpuint (g->count, ==, 3);
  g_assert_cmpint (g->median_ns, ==, 20 * US);
  g_assert_cmpuint (g->n_outliers, ==, 1);
  g_assert_cmpfloat (value (s, "collective_count"), ==, 3);
}

/* between-collectives.json: two NCCL all-reduces on stream 13 at [10, 30)
 * and [70, 90) µs, each launched inside c10d::allreduce_ around
 * record_param_comms (1024 floats: 4 KiB), the second at 42, before the
 * gap between them ends; gemm_a [30, 60) on stream 7. docs/metrics.md
 * 3.1: a profile with communication kernels counts only them, so the gap
 * [30, 70) holds no collective and no communication, though the host
 * launches the next one in it. */
static void
test_collective_between (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("summary", "between-collectives.json", NULL);
  g_autoptr (StSummary)    gap = summarise (trace, 30 * US, 70 * US);
  g_autoptr (StSummary)    half = summarise (trace, 30 * US, 80 * US);
  g_autoptr (StSummary)    whole = summarise_whole (trace);
  const StCollectiveGroup *g;

  g_assert_cmpfloat (value (gap, "collective_count"), ==, 0);
  g_assert_cmpfloat (value (gap, "communication_time_ns"), ==, 0);
  g_assert_cmpfloat (value (gap, "exposed_communication_ns"), ==, 0);
  g_assert_cmpuint (st_summary_get_n_collective_groups (gap), ==, 0);
  g_assert_cmpfloat (value (gap, "compute_time_ns"), ==, 30 * US);
  /* [30, 80) reaches into the second all-reduce: it counts, clipped to
   * its first 10 µs */
  g_assert_cmpfloat (value (half, "collective_count"), ==, 1);
  g_assert_cmpfloat (value (half, "communication_time_ns"), ==, 10 * US);
  g_assert_cmpuint (st_summary_get_n_collective_groups (half), ==, 1);
  /* the whole profile: the two kernels, sized by their host ops
   * (record_param_comms: 1024 × Float = 4 KiB), called from
   * c10d::allreduce_, the op that names their type (1.6) */
  g_assert_cmpfloat (value (whole, "collective_count"), ==, 2);
  g_assert_cmpfloat (value (whole, "communication_time_ns"), ==, 40 * US);
  g_assert_cmpuint (st_summary_get_n_collective_groups (whole), ==, 1);
  g = st_summary_get_collective_group (whole, 0);
  g_assert_cmpstr (g->label, ==, "AllReduce · 4 KiB · c10d::allreduce_");
  g_assert_cmpuint (g->count, ==, 2);
}

/* The regions a configuration of the collectives method finds in @trace,
 * JSON keys @keys. */
static StRegionArray *
between_collectives (StTrace *trace, const char *keys)
{
  g_autofree char   *json = g_strdup_printf ("{\"version\": 1, \"method\": \"collectives\"%s%s}",
                                           keys ? ", " : "", keys ? keys : "");
  g_autoptr (GError) error = NULL;
  g_autoptr (StHighlighterConfig) config = st_highlighter_config_parse (json, -1, "test", &error);
  g_autofree char                *explanation = NULL;
  StRegionArray                  *regions;

  g_assert_no_error (error);
  regions = st_highlighter_run (trace, config, &explanation, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return regions;
}

/* The collective count and the communication time of a range agree
 * (docs/metrics.md 3.1: a collective counted in a range overlaps it on the
 * device), for the regions the collectives method makes.
 *
 * between-collectives.json: the one region is the gap [30, 70) µs between
 * the all-reduces at [10, 30) and [70, 90) on the device; the host
 * launches the second inside it (c10d::allreduce_ at 40), and the region
 * says 0 collectives, 0 communication.
 *
 * Written here: the same all-reduces on stream 13, gemms [0, 5) and
 * [30, 60) on stream 7, and an all-gather [60, 75) on stream 14. With "types":
 * ["allreduce"] the region is the gap between the all-reduces, [30, 70),
 * and the all-gather overlaps its end: 1 collective, 10 µs of
 * communication ([60, 70)), none under the gemm, so all 10 exposed. */
static void
test_collective_between_regions (void)
{
  g_autoptr (StTrace)       trace = st_test_load ("summary", "between-collectives.json", NULL);
  g_autoptr (StRegionArray) regions = between_collectives (trace, NULL);
  g_autoptr (StSummary)     gap = NULL;
  g_autoptr (StTrace)       edge_trace = NULL;
  g_autoptr (StRegionArray) edge_regions = NULL;
  g_autoptr (StSummary)     edge = NULL;
  GArray                   *host;
  gboolean                  launched = FALSE;
  Gen                       g;

  g_assert_cmpuint (st_region_array_get_length (regions), ==, 1);
  g_assert_cmpint (st_region_array_get_start (regions, 0), ==, 30 * US);
  g_assert_cmpint (st_region_array_get_end (regions, 0), ==, 70 * US);
  gap = summarise (trace, 30 * US, 70 * US);
  g_assert_cmpfloat (value (gap, "collective_count"), ==, 0);
  g_assert_cmpfloat (value (gap, "communication_time_ns"), ==, 0);
  g_assert_cmpuint (st_summary_get_n_collective_groups (gap), ==, 0);
  host = st_summary_get_operations (gap, ST_OPERATIONS_HOST, FALSE);
  for (guint i = 0; i < host->len; i++)
    launched
        |= g_str_equal (st_trace_get_string (trace, g_array_index (host, StOperationRow, i).name),
                        "c10d::allreduce_");
  g_assert_true (launched);

  gen_init (&g);
  gen_kernel (&g, 7, 0, 5); /* the trace's times start at 0 */
  gen_allreduce (&g, 10, 20);
  gen_allreduce (&g, 70, 20);
  gen_kernel (&g, 7, 30, 30);
  gen_device (&g, 14, "kernel", "ncclDevKernel_AllGather_RING_LL", 60, 15, NULL);
  edge_trace = gen_load (&g);
  edge_regions = between_collectives (edge_trace, "\"types\": [\"allreduce\"]");
  g_assert_cmpuint (st_region_array_get_length (edge_regions), ==, 1);
  g_assert_cmpint (st_region_array_get_start (edge_regions, 0), ==, 30 * US);
  g_assert_cmpint (st_region_array_get_end (edge_regions, 0), ==, 70 * US);
  edge = summarise (edge_trace, 30 * US, 70 * US);
  g_assert_cmpfloat (value (edge, "collective_count"), ==, 1);
  g_assert_cmpfloat (value (edge, "communication_time_ns"), ==, 10 * US);
  g_assert_cmpfloat (value (edge, "exposed_communication_ns"), ==, 10 * US);
  g_assert_cmpuint (st_summary_get_n_collective_groups (edge), ==, 1);
  g_assert_cmpuint (st_summary_get_collective_group (edge, 0)->count, ==, 1);
}

/* host-only.json has no device at all: its c10d ops are the instances in
 * any range, here [150, 250) µs, which holds the one at [200, 220). */
static void
test_collective_host_range (void)
{
  g_autoptr (StTrace)      trace = st_test_load ("summary", "host-only.json", NULL);
  g_autoptr (StSummary)    s = summarise (trace, 150 * US, 250 * US);
  const StCollectiveGroup *g;

  g_assert_cmpfloat (value (s, "collective_count"), ==, 1);
  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 1);
  g = st_summary_get_collective_group (s, 0);
  g_assert_cmpstr (g->label, ==, "AllReduce · 512 B · c10d::allreduce_");
  g_assert_cmpint (g->min_ns, ==, 20 * US);
}

static void
test_collective_size_unknown (void)
{
  Gen                   g;
  g_autoptr (StTrace)   trace = NULL;
  g_autoptr (StSummary) s = NULL;

  gen_init (&g);
  gen_device (&g, 13, "kernel", "ncclDevKernel_AllGather_RING_LL", 0, 10, NULL);
  gen_device (&g, 13, "kernel", "ncclDevKernel_AllGather_RING_LL", 20, 10, "\"bytes\": 2048");
  trace = gen_load (&g);
  s = summarise_whole (trace);
  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 2);
  g_assert_cmpstr (st_summary_get_collective_group (s, 0)->label, ==, "AllGather · size unknown");
  g_assert_cmpuint (st_summary_get_collective_group (s, 0)->size_bytes, ==, 0);
  g_assert_cmpstr (st_summary_get_collective_group (s, 1)->label, ==, "AllGather · 2 KiB");
}

/* Sizes at int64's end (docs/metrics.md 1.6): 2^61 Floats are 2^63 bytes,
 * no message, so unknown (before, the product was written as -2^63);
 * 2^62 Floats wrapped to 0 as a 64-bit product and now fall through to
 * their "bytes", 4096; 2^61 − 1 Floats are 2^63 − 4 bytes, the largest
 * size there is. Groups of known size sort by size, unknown last. */
static void
test_collective_size_edges (void)
{
  Gen                   g;
  g_autoptr (StTrace)   trace = NULL;
  g_autoptr (StSummary) s = NULL;
  guint64               sizes[3];

  gen_init (&g);
  gen_device (&g, 13, "kernel", "ncclDevKernel_AllGather_RING_LL", 0, 10,
              "\"In msg nelems\": 2305843009213693952, \"dtype\": \"Float\"");
  gen_device (&g, 13, "kernel", "ncclDevKernel_AllGather_RING_LL", 20, 10,
              "\"In msg nelems\": 4611686018427387904, \"dtype\": \"Float\", \"bytes\": 4096");
  gen_device (&g, 13, "kernel", "ncclDevKernel_AllGather_RING_LL", 40, 10,
              "\"In msg nelems\": 2305843009213693951, \"dtype\": \"Float\"");
  trace = gen_load (&g);
  s = summarise_whole (trace);
  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 3);
  for (guint i = 0; i < 3; i++)
    sizes[i] = st_summary_get_collective_group (s, i)->size_bytes;
  /* whatever the order, one of each */
  for (guint i = 0; i < 3; i++)
    g_assert_true (sizes[i] == 0 || sizes[i] == 4096
                   || sizes[i] == G_GUINT64_CONSTANT (9223372036854775804));
  g_assert_true (sizes[0] != sizes[1] && sizes[1] != sizes[2] && sizes[0] != sizes[2]);
}

/* Over [80, 420) µs of basic.json. Host ops: ProfilerStep#1 clipped to
 * [80, 420) is 340 µs, and its children cudaMemcpyAsync [260, 265) and
 * cudaLaunchKernel [350, 355) leave it 330 µs of self time, of the table's
 * 340 µs. Kernels: gemm_a at [80, 100) and [400, 420), 40 µs of the
 * table's 320 µs (nccl 170, elementwise 50, memcpy 50, memset 10, gemm_a
 * 40): 12.5 %. (Before docs/metrics.md 4 the share was total over span.) */
static void
test_operations (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) s = summarise (trace, 80 * US, 420 * US);
  GArray               *ops = st_summary_get_operations (s, ST_OPERATIONS_HOST, FALSE);
  GArray               *kernels = st_summary_get_operations (s, ST_OPERATIONS_KERNELS, FALSE);
  GArray               *by_track = st_summary_get_operations (s, ST_OPERATIONS_KERNELS, TRUE);
  const StOperationRow *row;
  gboolean              found = FALSE;

  row = &g_array_index (ops, StOperationRow, 0);
  g_assert_cmpstr (st_trace_get_string (trace, row->name), ==, "ProfilerStep#1");
  g_assert_cmpint (row->total_ns, ==, 340 * US);
  g_assert_cmpint (row->self_ns, ==, 330 * US);
  g_assert_cmpfloat_with_epsilon (row->share_percent, 100.0 * 330 / 340, 1e-9);
  g_assert_cmpuint (row->track, ==, G_MAXUINT);
  for (guint i = 0; i < kernels->len; i++)
    {
      row = &g_array_index (kernels, StOperationRow, i);
      if (i > 0)
        g_assert_cmpint (row->total_ns, <=,
                         g_array_index (kernels, StOperationRow, i - 1).total_ns);
      if (g_str_equal (st_trace_get_string (trace, row->name), "gemm_a"))
        {
          g_assert_cmpuint (row->count, ==, 2);
          g_assert_cmpint (row->total_ns, ==, 40 * US);
          g_assert_cmpint (row->self_ns, ==, 40 * US);
          g_assert_cmpint (row->min_ns, ==, 20 * US);
          g_assert_cmpint (row->max_ns, ==, 20 * US);
          g_assert_cmpfloat_with_epsilon (row->share_percent, 12.5, 1e-9);
          found = TRUE;
        }
    }
  g_assert_true (found);
  /* each kernel name runs on one stream */
  g_assert_cmpuint (by_track->len, ==, kernels->len);
  for (guint i = 0; i < by_track->len; i++)
    g_assert_cmpuint (g_array_index (by_track, StOperationRow, i).track, <,
                      st_trace_get_n_tracks (trace));
}

/* A range of the whole int64 line (strata-cli summary --region
 * -9223372036854775808:9223372036854775807) holds every slice: the kernels'
 * table is the whole trace's, row for row (basic.json: gemm_a twice, 100 µs
 * each, and the others once), and nothing overflows (the sanitizer build
 * runs this: end − start is 2^64 − 1, beyond int64). */
static void
test_operations_whole_line (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) line = summarise (trace, G_MININT64, G_MAXINT64);
  g_autoptr (StSummary) whole = summarise_whole (trace);
  GArray               *a = st_summary_get_operations (line, ST_OPERATIONS_KERNELS, FALSE);
  GArray               *b = st_summary_get_operations (whole, ST_OPERATIONS_KERNELS, FALSE);

  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const StOperationRow *x = &g_array_index (a, StOperationRow, i);
      const StOperationRow *y = &g_array_index (b, StOperationRow, i);

      g_assert_cmpuint (x->name, ==, y->name);
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpint (x->total_ns, ==, y->total_ns);
      if (g_str_equal (st_trace_get_string (trace, x->name), "gemm_a"))
        {
          g_assert_cmpuint (x->count, ==, 2);
          g_assert_cmpint (x->total_ns, ==, 200 * US);
        }
    }
}

static const StEngineUsage *
engine_named (StSummary *s, const char *name)
{
  for (guint i = 0; i < st_summary_get_n_engines (s); i++)
    if (g_str_equal (st_summary_get_engine (s, i)->name, name))
      return st_summary_get_engine (s, i);
  g_error ("no engine %s", name);
  return NULL;
}

static void
test_engines_and_memory (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  GArray               *memory = st_summary_get_memory (s);
  const StEngineUsage  *e;

  g_assert_cmpuint (st_summary_get_n_engines (s), ==, 2);
  e = engine_named (s, "stream 7");
  g_assert_cmpint (e->busy_ns, ==, 310 * US);
  g_assert_cmpfloat_with_epsilon (e->busy_percent, 62.0, 1e-9);
  g_assert_cmpuint (e->classes->len, ==, 4);
  g_assert_cmpstr (g_array_index (e->classes, StEngineClass, 0).name, ==, "GEMM");
  g_assert_cmpint (g_array_index (e->classes, StEngineClass, 0).busy_ns, ==, 200 * US);
  g_assert_cmpstr (g_array_index (e->classes, StEngineClass, 1).name, ==, "Memcpy");
  g_assert_cmpstr (g_array_index (e->classes, StEngineClass, 2).name, ==, "Memset");
  g_assert_cmpstr (g_array_index (e->classes, StEngineClass, 3).name, ==, "Elementwise");
  e = engine_named (s, "stream 13");
  g_assert_cmpstr (g_array_index (e->classes, StEngineClass, 0).name, ==, "Collective");
  g_assert_cmpuint (memory->len, ==, 2);
  g_assert_cmpstr (g_array_index (memory, StMemoryPart, 0).name, ==, "Memcpy HtoD");
  g_assert_cmpuint (g_array_index (memory, StMemoryPart, 0).bytes, ==, 1000);
  g_assert_cmpstr (g_array_index (memory, StMemoryPart, 1).name, ==, "Memset");
  g_assert_cmpuint (g_array_index (memory, StMemoryPart, 1).bytes, ==, 500);
}

/* --- GPU rules: just past and just short of each threshold ---------------------- */

static StSummary *
busy_trace (double first_dur, gboolean with_launches, StTrace **out)
{
  Gen g;

  gen_init (&g);
  gen_device (&g, 7, "kernel", "gemm", 0, first_dur, NULL);
  gen_device (&g, 7, "kernel", "gemm", 999, 1, with_launches ? "\"correlation\": 9" : NULL);
  if (with_launches)
    g_string_append (g.events,
                     ",\n{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": "
                     "\"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": 990, \"dur\": 2, "
                     "\"args\": {\"correlation\": 9}}");
  *out = gen_load (&g);
  return summarise_whole (*out);
}

static void
test_rule_device_busy (void)
{
  g_autoptr (StTrace)     t1 = NULL, t2 = NULL, t3 = NULL;
  g_autoptr (StSummary)   under = busy_trace (698, FALSE, &t1); /* 69.9 % */
  g_autoptr (StSummary)   over = busy_trace (700, FALSE, &t2);  /* 70.1 % */
  g_autoptr (StSummary)   host = busy_trace (698, TRUE, &t3);
  g_autofree char        *text = measured (under, "device-busy");
  const StRecommendation *r;

  g_assert_cmpfloat_with_epsilon (value (under, "device_busy_percent"), 69.9, 1e-9);
  g_assert_true (fires (under, "device-busy"));
  g_assert_false (fires (over, "device-busy"));
  g_assert_cmpstr (text, ==, "Device busy 69.9% (< 70%)");
  /* It points at the idle gap; the gap is not host-bound without launches. */
  r = finding (under, "device-busy");
  g_assert_nonnull (r);
  g_assert_cmpint (r->start_ns, ==, 698 * US);
  g_assert_cmpint (r->end_ns, ==, 999 * US);
  assert_absent (under, "host_bound_gap_percent");
  g_assert_null (strstr (r->cause, "host-bound"));
  /* Launched at 990, after the gap opened: the cause says host-bound. */
  g_assert_cmpfloat (value (host, "host_bound_gap_percent"), ==, 100);
  r = finding (host, "device-busy");
  g_assert_nonnull (strstr (r->cause, "host-bound"));
  g_assert_nonnull (strstr (r->measured, "host-bound idle time 100%"));
}

static StSummary *
exposed_trace (double nccl_dur, StTrace **out)
{
  Gen g;

  gen_init (&g);
  gen_kernel (&g, 7, 0, 1000);
  gen_kernel (&g, 7, 1900, 100);
  gen_allreduce (&g, 1000, nccl_dur);
  *out = gen_load (&g);
  return summarise_whole (*out);
}

static void
test_rule_exposed_communication (void)
{
  g_autoptr (StTrace)   t1 = NULL, t2 = NULL;
  g_autoptr (StSummary) over = exposed_trace (201, &t1);  /* 10.05 % of 2000 µs */
  g_autoptr (StSummary) under = exposed_trace (199, &t2); /* 9.95 % */
  g_autofree char      *text = measured (over, "exposed-communication");

  g_assert_cmpfloat (value (over, "exposed_communication_ns"), ==, 201 * US);
  g_assert_true (fires (over, "exposed-communication"));
  g_assert_false (fires (under, "exposed-communication"));
  g_assert_cmpstr (text, ==, "Exposed communication 10.1% (> 10%)");
}

static StSummary *
memory_trace (double copy_start, StTrace **out)
{
  Gen g;

  gen_init (&g);
  gen_kernel (&g, 7, 0, 850);
  gen_device (&g, 8, "gpu_memcpy", "Memcpy DtoD (Device -> Device)", copy_start, 1000 - copy_start,
              "\"bytes\": 4096");
  *out = gen_load (&g);
  return summarise_whole (*out);
}

static void
test_rule_memory_time (void)
{
  g_autoptr (StTrace)   t1 = NULL, t2 = NULL;
  g_autoptr (StSummary) over = memory_trace (849, &t1);  /* 15.1 % */
  g_autoptr (StSummary) under = memory_trace (851, &t2); /* 14.9 % */

  g_assert_true (fires (over, "memory-time"));
  g_assert_false (fires (under, "memory-time"));
  g_assert_cmpstr (g_array_index (st_summary_get_memory (over), StMemoryPart, 0).name, ==,
                   "Memcpy DtoD");
}

static StSummary *
short_kernels_trace (guint n, double dur, StTrace **out)
{
  Gen g;

  gen_init (&g);
  for (guint i = 0; i < n; i++)
    gen_kernel (&g, 7, i * 20.0, dur);
  *out = gen_load (&g);
  return summarise_whole (*out);
}

static void
test_rule_short_kernels (void)
{
  g_autoptr (StTrace)   t1 = NULL, t2 = NULL, t3 = NULL;
  g_autoptr (StSummary) fire = short_kernels_trace (1001, 9.999, &t1);
  g_autoptr (StSummary) few = short_kernels_trace (1000, 9.999, &t2);
  g_autoptr (StSummary) longer = short_kernels_trace (1001, 10, &t3);

  g_assert_cmpfloat (value (fire, "kernel_count"), ==, 1001);
  g_assert_cmpfloat (value (fire, "median_kernel_ns"), ==, 9999);
  g_assert_true (fires (fire, "short-kernels"));
  g_assert_false (fires (few, "short-kernels"));
  g_assert_false (fires (longer, "short-kernels"));
}

static StSummary *
outlier_trace (double last_dur, StTrace **out)
{
  Gen g;

  gen_init (&g);
  gen_allreduce (&g, 0, 10);
  gen_allreduce (&g, 100, 10);
  gen_allreduce (&g, 200, last_dur);
  gen_kernel (&g, 7, 0, 300);
  *out = gen_load (&g);
  return summarise_whole (*out);
}

static void
test_rule_collective_outlier (void)
{
  g_autoptr (StTrace)     t1 = NULL, t2 = NULL;
  g_autoptr (StSummary)   over = outlier_trace (20.1, &t1);
  g_autoptr (StSummary)   under = outlier_trace (20, &t2);
  const StRecommendation *r;

  g_assert_true (fires (over, "collective-outlier"));
  g_assert_false (fires (under, "collective-outlier"));
  g_assert_cmpuint (st_summary_get_collective_group (over, 0)->n_outliers, ==, 1);
  g_assert_cmpuint (st_summary_get_collective_group (under, 0)->n_outliers, ==, 0);
  r = finding (over, "collective-outlier");
  g_assert_nonnull (r);
  g_assert_cmpint (r->start_ns, ==, 200 * US);
  g_assert_cmpint (r->end_ns, ==, 200 * US + 20100);
}

static StSummary *
imbalance_trace (double other, StTrace **out)
{
  Gen g;

  gen_init (&g);
  gen_kernel (&g, 7, 0, 1000 - other);
  gen_kernel (&g, 8, 0, other);
  *out = gen_load (&g);
  return summarise_whole (*out);
}

static void
test_rule_stream_imbalance (void)
{
  g_autoptr (StTrace)   t1 = NULL, t2 = NULL, t3 = NULL;
  g_autoptr (StSummary) over = imbalance_trace (99, &t1);   /* 90.1 % */
  g_autoptr (StSummary) under = imbalance_trace (101, &t2); /* 89.9 % */
  g_autoptr (StSummary) single = short_kernels_trace (3, 5, &t3);

  g_assert_cmpfloat_with_epsilon (value (over, "busiest_stream_share_percent"), 90.1, 1e-9);
  g_assert_true (fires (over, "stream-imbalance"));
  g_assert_false (fires (under, "stream-imbalance"));
  assert_absent (single, "busiest_stream_share_percent");
}

/* Most severe first, at most four. two-rules.json: on one GPU, kernels
 * [0, 100) and [400, 500) µs, and three 4 KiB all-reduces [50, 250),
 * [250, 280) and [300, 330): communication 260 µs of which 210 µs no
 * kernel overlaps (42 % of the 500 µs device time, > 10 %), and the first
 * all-reduce 6.7× its group's 30 µs median (> 2×). */
static void
test_rule_order (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "two-rules.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  g_autoptr (StTrace)   quiet_trace = NULL;
  g_autoptr (StSummary) quiet = imbalance_trace (400, &quiet_trace);

  g_assert_cmpuint (st_summary_get_n_recommendations (s), ==, 2);
  g_assert_cmpstr (st_summary_get_recommendation (s, 0)->rule, ==, "exposed-communication");
  g_assert_cmpstr (st_summary_get_recommendation (s, 1)->rule, ==, "collective-outlier");
  g_assert_cmpfloat (st_summary_get_recommendation (s, 0)->severity, >=,
                     st_summary_get_recommendation (s, 1)->severity);
  g_assert_cmpuint (st_summary_get_n_recommendations (quiet), ==, 0);
}

/* --- Neuron -------------------------------------------------------------------- */

/* A Neuron profile with one Tensor instruction [0, 1000) and @summary as
 * summary[0] (fractions for percents, as the profiler writes). */
static StTrace *
neuron_trace (const char *summary, const char *rows)
{
  Gen                g;
  g_autofree char   *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile)  file = NULL;
  g_autofree char   *text
      = g_strdup_printf ("{\"summary\": [{%s}],\n \"metadata\": [{\"pe_num_rows\": 128}],\n "
                         "\"instruction\": [%s]%s}\n",
                         summary,
                         rows ? rows
                              : "{\"timestamp\": 0, \"duration\": 1000, \"subgroup\": \"Tensor\", "
                                "\"opcode\": \"MatMult\"}",
                         "");
  StTrace *trace;

  gen_init (&g);
  path = g_build_filename (g.dir, "neuron.json", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (st_trace_get_format (trace), ==, "neuron-json");
  g_unlink (path);
  g_rmdir (g.dir);
  g_free (g.dir);
  g_string_free (g.events, TRUE);
  return trace;
}

static gboolean
neuron_fires (const char *summary, const char *rule)
{
  g_autoptr (StTrace)   trace = neuron_trace (summary, NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);

  return fires (s, rule);
}

static void
test_neuron_rules (void)
{
  g_autoptr (StTrace)   trace = neuron_trace ("\"tensor_engine_active_time_percent\": 0.699", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  g_autofree char      *text = measured (s, "tensor-engine-utilisation");

  g_assert_cmpstr (text, ==, "Tensor engine utilisation 69.9% (< 70%)");
  g_assert_cmpint (st_summary_lookup (s, "tensor_engine_active_time_percent")->source, ==,
                   ST_METRIC_PROFILE);
  g_assert_false (
      neuron_fires ("\"tensor_engine_active_time_percent\": 0.701", "tensor-engine-utilisation"));
  g_assert_true (neuron_fires ("\"sbuf_fullness_percent\": 0.91", "sbuf-spill"));
  g_assert_false (neuron_fires ("\"sbuf_fullness_percent\": 0.89", "sbuf-spill"));
  g_assert_true (neuron_fires ("\"sbuf_reload_ratio\": 0.61", "sbuf-spill"));
  g_assert_false (neuron_fires ("\"sbuf_reload_ratio\": 0.59", "sbuf-spill"));
  g_assert_true (neuron_fires ("\"sbuf_save_ratio\": 0.61", "sbuf-spill"));
  g_assert_false (
      neuron_fires ("\"sbuf_save_ratio\": 0.59, \"sbuf_reload_ratio\": 0.1", "sbuf-spill"));
  g_assert_true (neuron_fires ("\"mm_arithmetic_intensity\": 99.9, "
                               "\"peak_flops_bandwidth_ratio\": 100",
                               "memory-bound"));
  g_assert_false (neuron_fires ("\"mm_arithmetic_intensity\": 100, "
                                "\"peak_flops_bandwidth_ratio\": 100",
                                "memory-bound"));
  g_assert_true (neuron_fires ("\"mm_arithmetic_intensity\": 100, "
                               "\"peak_flops_bandwidth_ratio\": 100",
                               "compute-bound"));
  g_assert_false (neuron_fires ("\"mm_arithmetic_intensity\": 99.9, "
                                "\"peak_flops_bandwidth_ratio\": 100",
                                "compute-bound"));
  g_assert_true (
      neuron_fires ("\"weight_queue_bytes\": 2000, \"weight_size_bytes\": 1000", "weight-reload"));
  g_assert_false (
      neuron_fires ("\"weight_queue_bytes\": 1999, \"weight_size_bytes\": 1000", "weight-reload"));
  g_assert_true (neuron_fires ("\"dma_transfer_average_bytes\": 32767, "
                               "\"dma_transfer_count\": 1001",
                               "fragmented-dma"));
  g_assert_false (neuron_fires ("\"dma_transfer_average_bytes\": 32768, "
                                "\"dma_transfer_count\": 1001",
                                "fragmented-dma"));
  g_assert_false (neuron_fires ("\"dma_transfer_average_bytes\": 32767, "
                                "\"dma_transfer_count\": 1000",
                                "fragmented-dma"));
  {
    /* a rule against another metric names both in words, as the metric
     * tables do: 99.9 and 100 as ratios, one decimal where it is not whole */
    g_autoptr (StTrace) bound = neuron_trace (
        "\"mm_arithmetic_intensity\": 99.9, \"peak_flops_bandwidth_ratio\": 100", NULL);
    g_autoptr (StSummary) whole = summarise_whole (bound);
    g_autofree char      *words = measured (whole, "memory-bound");

    g_assert_cmpstr (words, ==, "Arithmetic intensity 99.9× (< Peak FLOPs per byte 100×)");
  }
  /* GPU rules do not run on Neuron profiles. */
  g_assert_false (neuron_fires ("\"tensor_engine_active_time_percent\": 0.9", "device-busy"));
}

/* DMA in flight while no engine runs: [849, 1000) of 1000 is 15.1 %. */
static void
test_neuron_dma_wait (void)
{
  const char *over_rows
      = "{\"timestamp\": 0, \"duration\": 849, \"subgroup\": \"Tensor\", \"opcode\": \"MatMult\"}],"
        "\"dma\": [{\"timestamp\": 800, \"duration\": 200, \"subgroup\": \"qSyncIO\", "
        "\"transfer_size\": 4096}";
  const char *under_rows
      = "{\"timestamp\": 0, \"duration\": 851, \"subgroup\": \"Tensor\", \"opcode\": \"MatMult\"}],"
        "\"dma\": [{\"timestamp\": 800, \"duration\": 200, \"subgroup\": \"qSyncIO\", "
        "\"transfer_size\": 4096}";
  g_autoptr (StTrace)   over_trace = neuron_trace ("\"total_time\": 0.000001", over_rows);
  g_autoptr (StTrace)   under_trace = neuron_trace ("\"total_time\": 0.000001", under_rows);
  g_autoptr (StSummary) over = summarise_whole (over_trace);
  g_autoptr (StSummary) under = summarise_whole (under_trace);

  g_assert_cmpfloat_with_epsilon (value (over, "dma_wait_percent"), 15.1, 1e-9);
  g_assert_true (fires (over, "dma-wait"));
  g_assert_false (fires (under, "dma-wait"));
  /* total_time, written in seconds, reads as a duration. */
  g_assert_cmpfloat_with_epsilon (value (over, "total_time"), 1000, 1e-6);
  g_assert_cmpint (st_summary_lookup (over, "total_time")->unit, ==, ST_UNIT_NS);
}

static StTrace *
load_generated_neuron (void)
{
  const char        *path = g_getenv ("STRATA_TEST_NEURON");
  g_autoptr (GFile)  file = NULL;
  g_autoptr (GError) error = NULL;
  StTrace           *trace;

  g_assert_nonnull (path);
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* The whole profile shows the file's values, with the file's groups. */
static void
test_neuron_whole (void)
{
  g_autoptr (StTrace)   trace = load_generated_neuron ();
  g_autoptr (StSummary) s = summarise_whole (trace);
  const StMetric       *m = st_summary_lookup (s, "hbm_read_bytes");
  guint64               n = 600, read = 0, reload = 0, working = 0;
  GArray               *memory = st_summary_get_memory (s);

  for (guint64 j = 0; j < n; j++)
    {
      read += gen_hbm_read (j);
      reload += gen_spill_reload (j);
      /* the Sync engine's SemaphoreWait is a wait, not a kernel (docs/metrics.md 1.2) */
      working += strcmp (gen_opcode (j, n), "SemaphoreWait") != 0;
    }
  g_assert_cmpint (m->source, ==, ST_METRIC_PROFILE);
  g_assert_cmpstr (m->group, ==, "data_movement");
  g_assert_cmpstr (m->description, ==, "Bytes read from HBM.");
  g_assert_cmpfloat (m->value, ==, read);
  g_assert_cmpfloat (value (s, "throttle_active_percent"), ==, 0);
  g_assert_cmpfloat (value (s, "kernel_count"), ==, working);
  g_assert_cmpstr (g_array_index (memory, StMemoryPart, 0).name, ==, "HBM read");
  g_assert_cmpuint (g_array_index (memory, StMemoryPart, 0).bytes, ==, read);
  g_assert_cmpstr (g_array_index (memory, StMemoryPart, 3).name, ==, "Spill reload");
  g_assert_cmpuint (g_array_index (memory, StMemoryPart, 3).bytes, ==, reload);
  g_assert_cmpuint (st_summary_get_n_engines (s), ==, GEN_N_ENGINES);
  g_assert_cmpint (engine_named (s, "Tensor")->busy_ns, >, 0);
  g_assert_true (fires (s, "weight-reload"));
}

/* A region: what the rows inside it add up to, recomputed; the throttling
 * metrics cannot be and are absent; the hardware ratio is carried. */
static void
test_neuron_region (void)
{
  g_autoptr (StTrace)   trace = load_generated_neuron ();
  g_autoptr (StSummary) whole = summarise_whole (trace);
  guint64               n = 600, read = 0, write = 0, dma_count = 0, dma_bytes = 0, tensor = 0;
  gint64                rs = 20 * US, re = 40 * US;
  g_autoptr (StSummary) s = summarise (trace, rs, re);
  g_autoptr (StSummary) almost = summarise (trace, 0, st_trace_get_end_ns (trace) - 1);

  for (guint64 j = 0; j < n; j++)
    {
      gint64 ts = gen_ts (0, j, n) - GEN_T0, end = ts + gen_dur (j);

      if (ts < re && end > rs)
        {
          read += gen_hbm_read (j);
          write += gen_hbm_write (j);
          tensor += gen_engine (j) == 0;
        }
      if (gen_has_dma (j))
        {
          gint64 dts = gen_dma_ts (0, j, n) - GEN_T0, dend = dts + gen_dma_dur (j);

          if (dts < re && dend > rs)
            {
              dma_count++;
              dma_bytes += gen_dma_size (j);
            }
        }
    }
  g_assert_cmpfloat (value (s, "hbm_read_bytes"), ==, read);
  g_assert_cmpfloat (value (s, "hbm_write_bytes"), ==, write);
  g_assert_cmpfloat (value (s, "tensor_engine_instruction_count"), ==, tensor);
  g_assert_cmpfloat (value (s, "dma_transfer_count"), ==, dma_count);
  g_assert_cmpfloat_with_epsilon (value (s, "dma_transfer_average_bytes"),
                                  (double)dma_bytes / dma_count, 1e-9);
  g_assert_cmpint (st_summary_lookup (s, "hbm_read_bytes")->source, ==, ST_METRIC_PROFILE);
  assert_absent (s, "throttle_active_percent");
  assert_absent (s, "throttle_event_count");
  g_assert_cmpfloat (value (s, "peak_flops_bandwidth_ratio"), ==,
                     value (whole, "peak_flops_bandwidth_ratio"));
  g_assert_cmpfloat (value (s, "total_time"), ==, value (s, "device_time_ns"));
  /* All rows but one nanosecond: the recomputed sums are the file's. */
  g_assert_cmpfloat (value (almost, "hbm_read_bytes"), ==, value (whole, "hbm_read_bytes"));
  g_assert_cmpfloat (value (almost, "spill_save_bytes"), ==, value (whole, "spill_save_bytes"));
  g_assert_cmpfloat (value (almost, "weight_queue_bytes"), ==, value (whole, "weight_queue_bytes"));
  g_assert_cmpfloat (value (almost, "dma_transfer_count"), ==, value (whole, "dma_transfer_count"));
  g_assert_cmpfloat (value (almost, "hardware_flops"), ==, value (whole, "hardware_flops"));
  g_assert_cmpfloat (value (almost, "model_flops"), ==, value (whole, "model_flops"));
  g_assert_cmpfloat_with_epsilon (value (almost, "tensor_engine_active_time_percent"),
                                  value (whole, "tensor_engine_active_time_percent"), 0.01);
  g_assert_cmpfloat_with_epsilon (value (almost, "mfu_estimated_percent"),
                                  value (whole, "mfu_estimated_percent"), 0.01);
  g_assert_cmpfloat_with_epsilon (value (almost, "mbu_estimated_percent"),
                                  value (whole, "mbu_estimated_percent"), 0.01);
  g_assert_cmpfloat_with_epsilon (value (almost, "sbuf_reload_ratio"),
                                  value (whole, "sbuf_reload_ratio"), 1e-9);
}

/* --- real fixtures ------------------------------------------------------------------ */

static void
test_real_nccl (void)
{
  g_autoptr (StTrace) trace
      = st_test_load ("real", "hta_nccl_parser_allreduce_bcast.json.gz", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  guint                 in_groups = 0;

  g_assert_cmpfloat (value (s, "device_busy_percent"), >, 0);
  g_assert_cmpfloat (value (s, "device_busy_percent"), <=, 100);
  g_assert_cmpfloat (value (s, "compute_time_ns") + value (s, "idle_time_ns"), <=,
                     value (s, "device_time_ns"));
  for (guint i = 0; i < st_summary_get_n_collective_groups (s); i++)
    {
      const StCollectiveGroup *g = st_summary_get_collective_group (s, i);

      in_groups += g->count;
      g_assert_cmpint (g->min_ns, <=, g->median_ns);
      g_assert_cmpint (g->median_ns, <=, g->max_ns);
      g_assert_cmpuint (g->instances->len, ==, g->count);
    }
  g_assert_cmpuint (in_groups, ==, 21);
  g_assert_cmpfloat (value (s, "collective_count"), ==, 21);
  g_assert_cmpfloat (value (s, "memcpy_bytes"), >, 0);
  g_assert_cmpuint (st_summary_get_n_recommendations (s), >=, 1);
  g_assert_cmpuint (st_summary_get_n_recommendations (s), <=, 4);
}

static void
test_real_fixtures (void)
{
  const char *const files[] = {
    "hta_alexnet_critical_path.json.gz",
    "hta_amd_mi250_rocm62_minitoy.json.gz",
    "kineto_resnet50_2021jan_arrayform.pt.trace.json.gz",
    "tracelens_h100_qwen1.5_0.5b.json.gz",
    "catapult_simple_trace.json",
    "clang19_ftime_trace_main.json",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (StTrace)   trace = st_test_load ("real", files[i], NULL);
      g_autoptr (StSummary) s = summarise_whole (trace);
      const StMetric       *busy = st_summary_lookup (s, "device_busy_percent");

      if (busy->present)
        {
          g_assert_cmpfloat (busy->value, >, 0);
          g_assert_cmpfloat (busy->value, <=, 100);
        }
      g_assert_cmpuint (st_summary_get_operations (s, ST_OPERATIONS_HOST, FALSE)->len, >, 0);
      g_assert_cmpuint (st_summary_get_n_recommendations (s), <=, 4);
    }
}

/* --- several files (one per rank) as one profile --------------------------------- */

/* Writes @gen's events as the file of rank @rank in @dir. */
static char *
gen_rank_file (const char *dir, guint rank, Gen *g)
{
  g_autofree char   *name = g_strdup_printf ("rank%u.json", rank);
  char              *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char   *text
      = g_strdup_printf ("{\"distributedInfo\": {\"rank\": %u, \"world_size\": 2}, %s\n]}\n", rank,
                         g->events->str + 1);

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_rmdir (g->dir);
  g_free (g->dir);
  g_string_free (g->events, TRUE);
  return path;
}

static StTrace *
load_ranks (char **paths, guint n)
{
  g_autoptr (GError) error = NULL;
  StTrace           *trace = st_profile_load_args (paths, n, ST_ALIGN_CLOCK, 1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

/* Rank 0: gemm [0, 100), AllReduce [100, 200), gemm [200, 300), AllReduce
 * [300, 350). Rank 1: gemm [0, 150), AllReduce [150, 200), gemm [200,
 * 250), AllReduce [260, 350) with a gemm [270, 300) on another stream
 * under it. Rank 1 comes 50 µs late to the first AllReduce, rank 0 40 µs
 * late to the second. */
static void
test_ranks (void)
{
  g_autofree char        *dir = g_dir_make_tmp ("strata-ranks-XXXXXX", NULL);
  char                   *paths[3] = { NULL };
  g_autoptr (StTrace)     trace = NULL;
  g_autoptr (StSummary)   s = NULL;
  g_autoptr (StSummary)   part = NULL;
  g_autoptr (StTrace)     alone = NULL;
  g_autoptr (StSummary)   one = NULL;
  const StRankUsage      *r0, *r1;
  const StRankCollective *c;
  Gen                     g;

  gen_init (&g);
  gen_kernel (&g, 7, 0, 100);
  gen_allreduce (&g, 100, 100);
  gen_kernel (&g, 7, 200, 100);
  gen_allreduce (&g, 300, 50);
  paths[0] = gen_rank_file (dir, 0, &g);
  gen_init (&g);
  gen_kernel (&g, 7, 0, 150);
  gen_allreduce (&g, 150, 50);
  gen_kernel (&g, 7, 200, 50);
  gen_allreduce (&g, 260, 90);
  gen_kernel (&g, 8, 270, 30);
  paths[1] = gen_rank_file (dir, 1, &g);
  trace = load_ranks (paths, 2);
  s = summarise_whole (trace);

  g_assert_cmpuint (st_summary_get_n_ranks (s), ==, 2);
  r0 = st_summary_get_rank (s, 0);
  r1 = st_summary_get_rank (s, 1);
  g_assert_cmpstr (r0->label, ==, "rank 0");
  g_assert_cmpstr (r1->label, ==, "rank 1");
  g_assert_true (r0->has_device && r1->has_device);
  g_assert_cmpint (r0->device_time_ns, ==, 350 * US);
  g_assert_cmpfloat_with_epsilon (r0->device_busy_percent, 100.0, 1e-9);
  g_assert_cmpint (r0->communication_ns, ==, 150 * US);
  g_assert_cmpint (r0->exposed_communication_ns, ==, 150 * US);
  /* [0, 250) ∪ [260, 350) */
  g_assert_cmpint (r1->busy_ns, ==, 340 * US);
  g_assert_cmpfloat_with_epsilon (r1->device_busy_percent, 100.0 * 340 / 350, 1e-9);
  g_assert_cmpint (r1->communication_ns, ==, 140 * US);
  /* the gemm on stream 8 hides 30 µs of the second AllReduce */
  g_assert_cmpint (r1->exposed_communication_ns, ==, 110 * US);
  g_assert_cmpuint (r0->n_collectives, ==, 2);
  g_assert_cmpuint (r1->n_collectives, ==, 2);

  /* the k-th AllReduce of each rank is one operation */
  g_assert_cmpuint (st_summary_get_n_rank_collectives (s), ==, 2);
  c = st_summary_get_rank_collective (s, 0);
  g_assert_cmpstr (c->label, ==, "AllReduce #1");
  g_assert_cmpuint (c->n_ranks, ==, 2);
  g_assert_cmpint (c->start_ns, ==, 100 * US);
  g_assert_cmpint (c->end_ns, ==, 200 * US);
  g_assert_cmpuint (c->slowest_file, ==, 1);
  g_assert_cmpint (c->late_ns, ==, 50 * US);
  g_assert_cmpint (st_trace_get_slice (trace, c->slice)->start, ==, 150 * US);
  c = st_summary_get_rank_collective (s, 1);
  g_assert_cmpstr (c->label, ==, "AllReduce #2");
  g_assert_cmpint (c->start_ns, ==, 260 * US);
  g_assert_cmpint (c->end_ns, ==, 350 * US);
  g_assert_cmpuint (c->slowest_file, ==, 0);
  g_assert_cmpint (c->late_ns, ==, 40 * US);
  g_assert_cmpuint (r0->slowest_count, ==, 1);
  g_assert_cmpint (r0->slowest_total_ns, ==, 40 * US);
  g_assert_cmpuint (r1->slowest_count, ==, 1);
  g_assert_cmpint (r1->slowest_total_ns, ==, 50 * US);

  /* a region: [0, 220) holds the first AllReduce of both ranks only */
  part = summarise (trace, 0, 220 * US);
  g_assert_cmpuint (st_summary_get_n_rank_collectives (part), ==, 1);
  g_assert_cmpuint (st_summary_get_rank (part, 1)->slowest_count, ==, 1);
  g_assert_cmpuint (st_summary_get_rank (part, 0)->slowest_count, ==, 0);
  g_assert_cmpint (st_summary_get_rank (part, 0)->communication_ns, ==, 100 * US);

  /* one file alone has no per-rank rows */
  alone = load_ranks (paths, 1);
  one = summarise_whole (alone);
  g_assert_cmpuint (st_summary_get_n_ranks (one), ==, 0);
  g_assert_cmpuint (st_summary_get_n_rank_collectives (one), ==, 0);

  g_unlink (paths[0]);
  g_unlink (paths[1]);
  g_free (paths[0]);
  g_free (paths[1]);
  g_rmdir (dir);
}

/* The two HTA sampled ranks: 10 SendRecvs on each, matched one to one;
 * rank 1 starts 8 of them last. Each rank has one GPU, so each rank's row
 * is its GPU's, and the profile's busy share and communication time are
 * the mean of the two (docs/metrics.md 2: never a union across GPUs). */
static void
test_ranks_real (void)
{
  g_autofree char *rank0
      = g_test_build_filename (G_TEST_DIST, "data", "real", "hta_sampled_rank0.json.gz", NULL);
  g_autofree char *rank1
      = g_test_build_filename (G_TEST_DIST, "data", "real", "hta_sampled_rank1.json.gz", NULL);
  char                 *paths[] = { rank0, rank1 };
  g_autoptr (StTrace)   trace = load_ranks (paths, 2);
  g_autoptr (StSummary) s = summarise_whole (trace);
  guint                 late = 0;

  g_assert_cmpuint (st_summary_get_n_ranks (s), ==, 2);
  g_assert_cmpuint (st_summary_get_n_rank_collectives (s), ==, 10);
  for (guint i = 0; i < 10; i++)
    {
      const StRankCollective *c = st_summary_get_rank_collective (s, i);

      g_assert_cmpuint (c->n_ranks, ==, 2);
      g_assert_cmpint (c->late_ns, >=, 0);
      g_assert_cmpint (st_trace_get_track (trace, c->slice.track)->file, ==, c->slowest_file);
      if (i > 0)
        g_assert_cmpint (c->start_ns, >=, st_summary_get_rank_collective (s, i - 1)->start_ns);
      late += c->late_ns > 0;
    }
  g_assert_cmpuint (st_summary_get_rank (s, 0)->slowest_count, ==, 2);
  g_assert_cmpuint (st_summary_get_rank (s, 1)->slowest_count, ==, 8);
  g_assert_cmpuint (late, ==, 10);
  for (guint f = 0; f < 2; f++)
    {
      const StRankUsage *r = st_summary_get_rank (s, f);

      g_assert_cmpuint (r->n_collectives, ==, 10);
      g_assert_cmpint (r->exposed_communication_ns, <=, r->communication_ns);
    }
  g_assert_cmpfloat_with_epsilon (value (s, "device_busy_percent"),
                                  (st_summary_get_rank (s, 0)->device_busy_percent
                                   + st_summary_get_rank (s, 1)->device_busy_percent)
                                      / 2,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (
      value (s, "communication_time_ns"),
      (st_summary_get_rank (s, 0)->communication_ns + st_summary_get_rank (s, 1)->communication_ns)
          / 2.0,
      1);
}

/* Values read from the args (bytes copied, set) come from each event's
 * own file: the merged profile's are the sum of the two files'. */
static void
test_ranks_args_per_file (void)
{
  g_autofree char *rank0
      = g_test_build_filename (G_TEST_DIST, "data", "real", "hta_sampled_rank0.json.gz", NULL);
  g_autofree char *rank1
      = g_test_build_filename (G_TEST_DIST, "data", "real", "hta_sampled_rank1.json.gz", NULL);
  char                 *paths[] = { rank0, rank1 };
  char                 *first[] = { rank0 }, *second[] = { rank1 };
  g_autoptr (StTrace)   both = load_ranks (paths, 2);
  g_autoptr (StTrace)   only0 = load_ranks (first, 1);
  g_autoptr (StTrace)   only1 = load_ranks (second, 1);
  g_autoptr (StSummary) s = summarise_whole (both);
  g_autoptr (StSummary) s0 = summarise_whole (only0);
  g_autoptr (StSummary) s1 = summarise_whole (only1);

  g_assert_cmpfloat (value (s0, "memcpy_bytes"), >, 0);
  g_assert_cmpfloat (value (s1, "memcpy_bytes"), >, 0);
  g_assert_cmpfloat (value (s, "memcpy_bytes"), ==,
                     value (s0, "memcpy_bytes") + value (s1, "memcpy_bytes"));
  g_assert_cmpfloat (value (s, "memset_bytes"), ==,
                     value (s0, "memset_bytes") + value (s1, "memset_bytes"));
}

/* Three GPUs of 30 000 kernels each, enough device events that the
 * summary collects them on two threads: each row must still be its own
 * device's, in the devices' order. GPU d has kernels [4k, 4k + d + 1)
 * µs for k < 30 000 and an AllReduce [0, 10) µs. By hand: compute (d + 1)
 * × 30 000 µs; the kernels under the AllReduce start at 0, 4 and 8, so
 * its overlapped part is 3, 6 and 8 µs (the last kernel of GPU 2 clipped
 * at 10) and busy is compute + 10 − that; device time runs from 0 to the
 * last kernel's end, 4 × 29 999 + d + 1 µs. Of the 90 003 kernels'
 * durations (30 000 each of 1, 2 and 3 µs, three of 10) the middle one is
 * 2 µs. */
static void
test_metrics_many_devices (void)
{
  static const gint64   overlapped_us[] = { 3, 6, 8 };
  g_autoptr (GString)   json = g_string_new ("{\"traceEvents\": [\n");
  g_autoptr (StTrace)   trace = NULL;
  g_autoptr (StSummary) summary = NULL;
  StOverlap            *overlap;

  for (guint d = 0; d < 3; d++)
    {
      g_string_append_printf (
          json,
          "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": %u, "
          "\"args\": {\"name\": \"GPU %u\"}},\n"
          "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": "
          "\"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", \"pid\": %u, \"tid\": 13, "
          "\"ts\": 0, \"dur\": 10},\n",
          d, d, d);
      for (guint k = 0; k < 30000; k++)
        g_string_append_printf (json,
                                "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", "
                                "\"pid\": %u, \"tid\": 7, \"ts\": %u, \"dur\": %u}%s\n",
                                d, 4 * k, d + 1, d == 2 && k == 29999 ? "" : ",");
    }
  g_string_append (json, "]}\n");
  trace = st_test_load_text (json->str, json->len);
  summary = summarise_whole (trace);
  overlap = st_summary_get_overlap (summary);

  g_assert_cmpuint (st_summary_get_n_devices (summary), ==, 3);
  g_assert_cmpuint (st_overlap_get_n_devices (overlap), ==, 3);
  for (guint d = 0; d < 3; d++)
    {
      const StDeviceUsage *u = st_summary_get_device (summary, d);
      g_autofree char     *label = g_strdup_printf ("GPU %u (pid %u)", d, d);

      g_assert_cmpstr (u->label, ==, label);
      g_assert_cmpint (u->compute_ns, ==, (d + 1) * 30000 * US);
      g_assert_cmpint (u->communication_ns, ==, 10 * US);
      g_assert_cmpint (u->busy_ns, ==, ((d + 1) * 30000 + 10 - overlapped_us[d]) * US);
      g_assert_cmpint (u->device_time_ns, ==, (4 * 29999 + d + 1) * US);
      g_assert_cmpint (st_overlap_get_device (overlap, d)->overlapped_ns, ==,
                       overlapped_us[d] * US);
    }
  g_assert_cmpfloat (value (summary, "kernel_count"), ==, 90003);
  g_assert_cmpfloat (value (summary, "median_kernel_ns"), ==, 2 * US);
  /* one AllReduce a GPU: one group of 3, their size unknown alike */
  g_assert_cmpfloat (value (summary, "collective_count"), ==, 3);
  g_assert_cmpuint (st_summary_get_n_collective_groups (summary), ==, 1);
  g_assert_cmpuint (st_summary_get_collective_group (summary, 0)->count, ==, 3);
}

/* dims-in-words.json, the case: an all-reduce under
 * symm_mem::one_shot_all_reduce with Input Dims [[2557440], [], []] of
 * c10::BFloat16, and one under an op whose name holds a line break and a
 * tab, given a list of tensors. By docs/metrics.md 1.6 and 3.1, worked by
 * hand: 2 557 440 × 2 B = 5 114 880 B = 4.88 MiB, said as derived; a list
 * of tensors gives no size; each label one line of words, no bracket of
 * the dims in it. */
static void
test_collective_labels_in_words (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "dims-in-words.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);
  const char *derived = "AllReduce · ≈ 4.9 MiB (2\u202f557\u202f440 × BFloat16, from the "
                        "op’s dims) · symm_mem::one_shot_all_reduce";
  const char *unknown = "AllReduce · size unknown · nccl:all_reduce  bucket 3";
  gboolean    seen_derived = FALSE, seen_unknown = FALSE;

  g_assert_cmpuint (st_summary_get_n_collective_groups (s), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const StCollectiveGroup *g = st_summary_get_collective_group (s, i);

      g_assert_null (strpbrk (g->label, "[]\n\r\t"));
      if (g->size_source == ST_COLLECTIVE_SIZE_DIMS)
        {
          g_assert_cmpstr (g->label, ==, derived);
          g_assert_cmpuint (g->size_bytes, ==, 5114880);
          seen_derived = TRUE;
        }
      else
        {
          g_assert_cmpstr (g->label, ==, unknown);
          seen_unknown = TRUE;
        }
    }
  g_assert_true (seen_derived && seen_unknown);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/summary/ranks/args-per-file", test_ranks_args_per_file);
  g_test_add_func ("/model/summary/metrics/whole", test_metrics_whole);
  g_test_add_func ("/model/summary/metrics/many-devices", test_metrics_many_devices);
  g_test_add_func ("/model/summary/metrics/clipped", test_metrics_clipped);
  g_test_add_func ("/model/summary/metrics/absent", test_metrics_absent);
  g_test_add_func ("/model/summary/collectives/groups", test_collective_groups);
  g_test_add_func ("/model/summary/collectives/host", test_collective_host);
  g_test_add_func ("/model/summary/collectives/host-range", test_collective_host_range);
  g_test_add_func ("/model/summary/collectives/between", test_collective_between);
  g_test_add_func ("/model/summary/collectives/between-regions", test_collective_between_regions);
  g_test_add_func ("/model/summary/collectives/size-unknown", test_collective_size_unknown);
  g_test_add_func ("/model/summary/collectives/size-edges", test_collective_size_edges);
  g_test_add_func ("/model/summary/collectives/labels-in-words", test_collective_labels_in_words);
  g_test_add_func ("/model/summary/operations", test_operations);
  g_test_add_func ("/model/summary/engines-and-memory", test_engines_and_memory);
  g_test_add_func ("/model/summary/rules/device-busy", test_rule_device_busy);
  g_test_add_func ("/model/summary/rules/exposed-communication", test_rule_exposed_communication);
  g_test_add_func ("/model/summary/rules/memory-time", test_rule_memory_time);
  g_test_add_func ("/model/summary/rules/short-kernels", test_rule_short_kernels);
  g_test_add_func ("/model/summary/rules/collective-outlier", test_rule_collective_outlier);
  g_test_add_func ("/model/summary/rules/stream-imbalance", test_rule_stream_imbalance);
  g_test_add_func ("/model/summary/rules/order", test_rule_order);
  g_test_add_func ("/model/summary/neuron/rules", test_neuron_rules);
  g_test_add_func ("/model/summary/neuron/dma-wait", test_neuron_dma_wait);
  g_test_add_func ("/model/summary/neuron/whole", test_neuron_whole);
  g_test_add_func ("/model/summary/neuron/region", test_neuron_region);
  g_test_add_func ("/model/summary/real/nccl", test_real_nccl);
  g_test_add_func ("/model/summary/operations/whole-line", test_operations_whole_line);
  g_test_add_func ("/model/summary/real/fixtures", test_real_fixtures);
  g_test_add_func ("/model/summary/ranks/hand-made", test_ranks);
  g_test_add_func ("/model/summary/ranks/hta", test_ranks_real);
  return g_test_run ();
}
