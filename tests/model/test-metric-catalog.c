/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The metric catalogue as a person relies on it on the Summary page and in
 * strata-cli: a comparison marks the better region only where a metric
 * has a better way (busy higher, host-bound gaps lower; never a time, a
 * count or bytes, which grow with the range), and each metric is a row of
 * the table its definition names: the derived ones by their group in
 * st-summary.h, the Neuron profile's MFU, HFU, MBU and their kin in the
 * compute and memory tables as the Neuron summary viewer shows them, the
 * profile's other metrics in its own groups. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-metric-catalog.h"
#include "st-test-util.h"

static StSummary *
summarise_whole (StTrace *trace)
{
  g_autoptr (GError) error = NULL;
  StSummary *summary = st_summary_compute (trace, 0, st_trace_get_end_ns (trace), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
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

/* The row index of @id in @table over @summaries, or -1. */
static int
row_of (StSummaryTable table, StSummary **summaries, guint n, const char *id)
{
  g_autoptr (GPtrArray) ids = st_metric_catalog_get_table_ids (table, summaries, n);

  for (guint i = 0; i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), id))
      return i;
  return -1;
}

static StSummaryTable
table_of (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  if (m == NULL)
    g_error ("no metric %s", id);
  return st_metric_catalog_get_table (m);
}

/* Shares where more is more work done are better higher; shares of waste
 * or imbalance lower; amounts that grow with the range have no better way. */
static void
test_directions (void)
{
  static const char *const higher[] = {
    "device_busy_percent",
    "device_active_percent",
    "mfu_estimated_percent",
    "hfu_estimated_percent",
    "mbu_estimated_percent",
    "useful_read_percent",
    "tensor_engine_active_time_percent",
    /* more of the communication hidden under compute */
    "communication_overlap_percent",
    /* "Average size of a DMA transfer (higher is better)" */
    "dma_transfer_average_bytes",
  };
  static const char *const lower[] = {
    "host_bound_gap_percent", "busiest_stream_share_percent", "sbuf_reload_ratio",
    "sbuf_save_ratio",        "throttle_active_percent",
  };
  static const char *const none[] = {
    "span_ns",
    "device_time_ns",
    "exposed_communication_ns",
    "kernel_count",
    "memcpy_bytes",
    "memset_count",
    "collective_count",
    "total_time",
    "hbm_read_bytes",
    "wait_time_ns",
    "no_such_metric",
    /* a share of an idle time that may shrink or grow */
    "idle_host_wait_percent",
    "idle_stream_wait_percent",
  };

  for (guint i = 0; i < G_N_ELEMENTS (higher); i++)
    g_assert_cmpint (st_metric_catalog_get_better (higher[i]), ==, ST_METRIC_BETTER_HIGHER);
  for (guint i = 0; i < G_N_ELEMENTS (lower); i++)
    g_assert_cmpint (st_metric_catalog_get_better (lower[i]), ==, ST_METRIC_BETTER_LOWER);
  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    g_assert_cmpint (st_metric_catalog_get_better (none[i]), ==, ST_METRIC_BETTER_NONE);
}

/* A GPU trace: each derived metric in the table of its group, the time
 * span first, as the compute group's definitions start with it. */
static void
test_gpu_tables (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) s = summarise_whole (trace);

  g_assert_cmpint (table_of (s, "device_busy_percent"), ==, ST_SUMMARY_TABLE_COMPUTE);
  g_assert_cmpint (table_of (s, "kernel_count"), ==, ST_SUMMARY_TABLE_COMPUTE);
  g_assert_cmpint (table_of (s, "memcpy_bytes"), ==, ST_SUMMARY_TABLE_MEMORY);
  g_assert_cmpint (table_of (s, "memory_time_ns"), ==, ST_SUMMARY_TABLE_MEMORY);
  g_assert_cmpint (table_of (s, "exposed_communication_ns"), ==, ST_SUMMARY_TABLE_COMMUNICATION);
  g_assert_cmpint (table_of (s, "collective_count"), ==, ST_SUMMARY_TABLE_COMMUNICATION);

  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMPUTE, &s, 1, "span_ns"), ==, 0);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMPUTE, &s, 1, "device_busy_percent"), >, 0);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMPUTE, &s, 1, "memcpy_bytes"), ==, -1);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_MEMORY, &s, 1, "memcpy_bytes"), >=, 0);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMMUNICATION, &s, 1, "exposed_communication_ns"), >=,
                   0);
  /* a GPU trace carries no metrics of its own */
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_PROFILE, &s, 1, "device_busy_percent"), ==, -1);
}

/* A Neuron profile: its MFU, HFU, total time and arithmetic intensity are
 * rows of the compute table, after the derived ones and in the Neuron
 * summary viewer's order; MBU, the bandwidth available, the average DMA
 * size and the useful reads of the memory table; the rest stays in the
 * profile's own groups. */
static void
test_neuron_tables (void)
{
  g_autoptr (StTrace)      trace = load_generated_neuron ();
  g_autoptr (StSummary)    s = summarise_whole (trace);
  static const char *const compute[] = { "total_time", "mm_arithmetic_intensity",
                                         "hfu_estimated_percent", "mfu_estimated_percent" };
  static const char *const memory[] = { "total_bandwidth_available", "mbu_estimated_percent",
                                        "dma_transfer_average_bytes", "useful_read_percent" };
  int last = row_of (ST_SUMMARY_TABLE_COMPUTE, &s, 1, "busiest_stream_share_percent");

  g_assert_cmpint (last, >=, 0);
  for (guint i = 0; i < G_N_ELEMENTS (compute); i++)
    {
      g_assert_cmpint (table_of (s, compute[i]), ==, ST_SUMMARY_TABLE_COMPUTE);
      g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMPUTE, &s, 1, compute[i]), ==, last + 1);
      last++;
    }
  last = row_of (ST_SUMMARY_TABLE_MEMORY, &s, 1, "dma_wait_percent");
  g_assert_cmpint (last, >=, 0);
  for (guint i = 0; i < G_N_ELEMENTS (memory); i++)
    {
      g_assert_cmpint (table_of (s, memory[i]), ==, ST_SUMMARY_TABLE_MEMORY);
      g_assert_cmpint (row_of (ST_SUMMARY_TABLE_MEMORY, &s, 1, memory[i]), ==, last + 1);
      last++;
    }
  g_assert_cmpint (table_of (s, "hbm_read_bytes"), ==, ST_SUMMARY_TABLE_PROFILE);
  g_assert_cmpint (table_of (s, "sbuf_reload_ratio"), ==, ST_SUMMARY_TABLE_PROFILE);
  g_assert_cmpint (table_of (s, "throttle_active_percent"), ==, ST_SUMMARY_TABLE_PROFILE);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_PROFILE, &s, 1, "hbm_read_bytes"), >=, 0);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_PROFILE, &s, 1, "mfu_estimated_percent"), ==, -1);
  /* the derived metrics keep their own tables on a Neuron profile too */
  g_assert_cmpint (table_of (s, "device_busy_percent"), ==, ST_SUMMARY_TABLE_COMPUTE);
  g_assert_cmpint (table_of (s, "communication_time_ns"), ==, ST_SUMMARY_TABLE_COMMUNICATION);
}

/* Compared side by side, a table has the rows of every region: a metric
 * only one of them has is still a row. */
static void
test_compared_tables (void)
{
  g_autoptr (StTrace)   gpu_trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StTrace)   neuron_trace = load_generated_neuron ();
  g_autoptr (StSummary) gpu = summarise_whole (gpu_trace);
  g_autoptr (StSummary) neuron = summarise_whole (neuron_trace);
  StSummary            *both[] = { gpu, neuron };

  g_assert_null (st_summary_lookup (gpu, "mfu_estimated_percent"));
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMPUTE, both, 2, "mfu_estimated_percent"), >=, 0);
  g_assert_cmpint (row_of (ST_SUMMARY_TABLE_COMPUTE, both, 2, "span_ns"), ==, 0);
}

/* Every percentage a summary carries says what it is of (docs/metrics.md
 * 2.2): on a GPU profile and on the generated Neuron profile (which
 * carries every percentage the catalogue knows of Neuron's), each
 * percent metric has a denominator with words to write after its value
 * and a sentence for its tooltip. */
static void
test_every_percentage_has_a_denominator (void)
{
  g_autoptr (StTrace)   gpu_trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StTrace)   neuron_trace = load_generated_neuron ();
  g_autoptr (StSummary) gpu = summarise_whole (gpu_trace);
  g_autoptr (StSummary) neuron = summarise_whole (neuron_trace);
  StSummary            *both[] = { gpu, neuron };
  guint                 n_percent = 0;

  for (guint s = 0; s < G_N_ELEMENTS (both); s++)
    for (guint i = 0; i < st_summary_get_n_metrics (both[s]); i++)
      {
        const StMetric *m = st_summary_get_metric (both[s], i);
        StDenominator   d = st_metric_catalog_get_denominator (m->id);

        if (m->unit != ST_UNIT_PERCENT)
          {
            g_assert_cmpint (d, ==, ST_DENOMINATOR_NONE);
            continue;
          }
        if (d == ST_DENOMINATOR_NONE)
          g_error ("the percentage %s has no denominator", m->id);
        g_assert_true (g_str_has_prefix (st_denominator_get_label (d), "of "));
        g_assert_true (g_str_has_prefix (st_denominator_get_description (d), "Percent of "));
        n_percent++;
      }
  /* basic.json: the 8 derived percentages of every profile (busy,
   * host-bound gaps, the two idle kinds, the busiest stream, memory,
   * exposed communication, overlap); Neuron: those, its active share and
   * DMA wait, and 10 of its own (4 engines, MFU, HFU, MBU, useful reads,
   * throttled active and idle) */
  g_assert_cmpuint (n_percent, ==, 8 + (8 + 2 + 10));
}

/* The denominators of docs/metrics.md 2.2, read from its table: busy and
 * the shares of device time, the idle kinds of the streams' idle time,
 * the host-bound gaps of the known gaps, overlap of communication, an
 * engine's active time of the run's total; no percentage, or one the
 * catalogue does not know, has none. A card's heading says it once. */
static void
test_denominators (void)
{
  static const struct
  {
    const char *id;
    const char *label;
  } expected[] = {
    { "device_busy_percent", "of device time" },
    { "memory_time_percent", "of device time" },
    { "exposed_communication_percent", "of device time" },
    { "idle_host_wait_percent", "of stream idle time" },
    { "idle_stream_wait_percent", "of stream idle time" },
    { "host_bound_gap_percent", "of known idle gaps" },
    { "communication_overlap_percent", "of communication time" },
    { "mfu_estimated_percent", "of peak FLOPs" },
    { "tensor_engine_active_time_percent", "of total time" },
    { "throttle_inactive_percent", "of engine idle time" },
  };
  g_autofree char *heading = st_denominator_dup_heading (ST_DENOMINATOR_RANGE, "Idle Time");

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (st_denominator_get_label (st_metric_catalog_get_denominator (expected[i].id)),
                     ==, expected[i].label);
  g_assert_cmpint (st_metric_catalog_get_denominator ("device_time_ns"), ==, ST_DENOMINATOR_NONE);
  g_assert_cmpint (st_metric_catalog_get_denominator ("_engine_active_time_percent"), ==,
                   ST_DENOMINATOR_NONE);
  g_assert_cmpint (st_metric_catalog_get_denominator ("psum_spill_percent"), ==,
                   ST_DENOMINATOR_NONE);
  g_assert_null (st_denominator_get_label (ST_DENOMINATOR_NONE));
  g_assert_nonnull (st_denominator_get_description (ST_DENOMINATOR_NONE));
  g_assert_cmpstr (heading, ==, "Idle Time (% of the range)");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/metric-catalog/directions", test_directions);
  g_test_add_func ("/metric-catalog/gpu-tables", test_gpu_tables);
  g_test_add_func ("/metric-catalog/neuron-tables", test_neuron_tables);
  g_test_add_func ("/metric-catalog/every-percentage-has-a-denominator",
                   test_every_percentage_has_a_denominator);
  g_test_add_func ("/metric-catalog/denominators", test_denominators);
  g_test_add_func ("/metric-catalog/compared-tables", test_compared_tables);

  return g_test_run ();
}
