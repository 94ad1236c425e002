/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The operations between two picked regions of one profile
 * (docs/metrics.md 8.9), on a trace written here. Every expected value is
 * worked out by hand from the durations below (µs in the comments, ns in
 * the asserts).
 *
 * Region A is [0, 1000) µs, region B [1000, 2000) µs, each one
 * ProfilerStep. On GPU 0's stream:
 *
 *   kernel                         A                 B
 *   gemm_kernel                    2 × 50 (100)      2 × 100 (200): twice as slow
 *   elementwise_kernel<float, 4>   30                —
 *   elementwise_kernel<half, 8>    —                 36: renamed template arguments
 *   copy_kernel                    20                20
 *   old_kernel                     10                —
 *   softmax_kernel                 —                 40: only in B
 *
 * On the host: aten::mm 2 × 5 in each, aten::softmax 10 only in B, and
 * train_loop [900, 1100), which overlaps both regions: 100 in each. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-operation-diff.h"
#include "st-test-util.h"
#include "st-trace-loader.h"

#define US 1000

static void
add_event (GString *json, const char *cat, int pid, int tid, const char *name, int ts, int dur)
{
  g_string_append_printf (json,
                          ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": %d, "
                          "\"tid\": %d, \"ts\": %d, \"dur\": %d}",
                          cat, name, pid, tid, ts, dur);
}

static void
add_kernel (GString *json, const char *name, int ts, int dur)
{
  add_event (json, "kernel", 0, 7, name, ts, dur);
}

static void
add_host (GString *json, const char *name, int ts, int dur)
{
  add_event (json, "cpu_op", 1, 1, name, ts, dur);
}

static StTrace *
load_regions_trace (void)
{
  g_autoptr (GString) json = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}");

  add_event (json, "user_annotation", 1, 1, "ProfilerStep#1", 0, 1000);
  add_event (json, "user_annotation", 1, 1, "ProfilerStep#2", 1000, 1000);
  add_event (json, "user_annotation", 1, 2, "train_loop", 900, 200);
  add_host (json, "aten::mm", 90, 5);
  add_host (json, "aten::mm", 290, 5);
  add_kernel (json, "gemm_kernel", 100, 50);
  add_kernel (json, "gemm_kernel", 300, 50);
  add_kernel (json, "elementwise_kernel<float, 4>", 500, 30);
  add_kernel (json, "copy_kernel", 700, 20);
  add_kernel (json, "old_kernel", 800, 10);
  add_host (json, "aten::mm", 1090, 5);
  add_host (json, "aten::mm", 1290, 5);
  add_kernel (json, "gemm_kernel", 1100, 100);
  add_kernel (json, "gemm_kernel", 1300, 100);
  add_kernel (json, "elementwise_kernel<half, 8>", 1500, 36);
  add_kernel (json, "copy_kernel", 1700, 20);
  add_host (json, "aten::softmax", 1795, 10);
  add_kernel (json, "softmax_kernel", 1800, 40);
  g_string_append (json, "\n]}\n");
  return st_test_load_text (json->str, json->len);
}

static StSummary *
summarise (StTrace *trace, gint64 start, gint64 end)
{
  g_autoptr (GError) error = NULL;
  StSummary         *summary = st_summary_compute (trace, start, end, NULL, &error);

  g_assert_no_error (error);
  return summary;
}

static const StOperationDiffRow *
find_row (StOperationDiff *diff, const char *name)
{
  for (guint i = 0; i < st_operation_diff_get_n_rows (diff); i++)
    if (g_str_equal (st_operation_diff_get_row (diff, i)->name, name))
      return st_operation_diff_get_row (diff, i);
  g_error ("no operation row %s", name);
}

static void
assert_row (StOperationDiff  *diff,
            const char       *name,
            StOperationsTable table,
            StOperationMatch  match,
            double            base_count,
            gint64            base_total,
            double            new_count,
            gint64            new_total)
{
  const StOperationDiffRow *row = find_row (diff, name);

  g_assert_cmpint (row->table, ==, table);
  g_assert_cmpint (row->match, ==, match);
  g_assert_cmpfloat (row->base_count, ==, base_count);
  g_assert_cmpint (row->base_total_ns, ==, base_total);
  g_assert_cmpfloat (row->new_count, ==, new_count);
  g_assert_cmpint (row->new_total_ns, ==, new_total);
  g_assert_cmpint (row->delta_ns, ==, new_total - base_total);
}

/* The rows of B against A, by hand from the table in the header. */
static void
test_between (void)
{
  g_autoptr (StTrace)         trace = load_regions_trace ();
  g_autoptr (StSummary)       a = summarise (trace, 0, 1000 * US);
  g_autoptr (StSummary)       b = summarise (trace, 1000 * US, 2000 * US);
  g_autoptr (StOperationDiff) diff = st_operation_diff_new_between (trace, a, b);
  const StOperationDiffRow   *row;
  /* by |delta| (100, 40, 10, 10, 6, then 0), kernels before host ops,
   * then by name */
  static const char *const order[] = {
    "gemm_kernel", "softmax_kernel", "old_kernel", "aten::softmax", "elementwise_kernel<half, 8>",
    "copy_kernel", "aten::mm",       "train_loop",
  };

  g_assert_cmpuint (st_operation_diff_get_n_rows (diff), ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpstr (st_operation_diff_get_row (diff, i)->name, ==, order[i]);

  /* twice as slow: 2 × 50 → 2 × 100, +100 µs, +100 %, means 50 → 100 */
  assert_row (diff, "gemm_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_EXACT, 2, 100 * US, 2,
              200 * US);
  row = find_row (diff, "gemm_kernel");
  g_assert_cmpint (row->base_mean_ns, ==, 50 * US);
  g_assert_cmpint (row->new_mean_ns, ==, 100 * US);
  g_assert_true (row->has_delta_percent);
  g_assert_cmpfloat_with_epsilon (row->delta_percent, 100, 1e-9);

  /* only in B: added, no percent; only in A: removed, −100 % */
  assert_row (diff, "softmax_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_ADDED, 0, 0, 1,
              40 * US);
  g_assert_false (find_row (diff, "softmax_kernel")->has_delta_percent);
  assert_row (diff, "old_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_REMOVED, 1, 10 * US, 0,
              0);
  g_assert_cmpfloat_with_epsilon (find_row (diff, "old_kernel")->delta_percent, -100, 1e-9);
  assert_row (diff, "aten::softmax", ST_OPERATIONS_HOST, ST_OPERATION_MATCH_ADDED, 0, 0, 1,
              10 * US);

  /* renamed template arguments: one row under B's name, 30 → 36, +20 % */
  assert_row (diff, "elementwise_kernel<half, 8>", ST_OPERATIONS_KERNELS,
              ST_OPERATION_MATCH_NORMALIZED, 1, 30 * US, 1, 36 * US);
  row = find_row (diff, "elementwise_kernel<half, 8>");
  g_assert_cmpfloat_with_epsilon (row->delta_percent, 20, 1e-9);
  g_assert_cmpuint (row->base_names->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (row->base_names, 0), ==, "elementwise_kernel<float, 4>");
  g_assert_cmpstr (st_trace_get_string (trace, g_array_index (row->base_ids, StStringId, 0)), ==,
                   "elementwise_kernel<float, 4>");
  g_assert_cmpstr (st_trace_get_string (trace, g_array_index (row->new_ids, StStringId, 0)), ==,
                   "elementwise_kernel<half, 8>");

  assert_row (diff, "copy_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_EXACT, 1, 20 * US, 1,
              20 * US);
  assert_row (diff, "aten::mm", ST_OPERATIONS_HOST, ST_OPERATION_MATCH_EXACT, 2, 10 * US, 2,
              10 * US);
  /* one slice over both regions counts in each, clipped: 100 and 100 */
  assert_row (diff, "train_loop", ST_OPERATIONS_HOST, ST_OPERATION_MATCH_EXACT, 1, 100 * US, 1,
              100 * US);
  g_assert_cmpuint (st_operation_diff_get_n_matched (diff), ==, 5);
}

/* The base is the first region: A against B is the same rows with the
 * sides swapped, every delta negated. */
static void
test_base_first (void)
{
  g_autoptr (StTrace)         trace = load_regions_trace ();
  g_autoptr (StSummary)       a = summarise (trace, 0, 1000 * US);
  g_autoptr (StSummary)       b = summarise (trace, 1000 * US, 2000 * US);
  g_autoptr (StOperationDiff) diff = st_operation_diff_new_between (trace, b, a);

  assert_row (diff, "gemm_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_EXACT, 2, 200 * US, 2,
              100 * US);
  g_assert_cmpfloat_with_epsilon (find_row (diff, "gemm_kernel")->delta_percent, -50, 1e-9);
  assert_row (diff, "softmax_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_REMOVED, 1, 40 * US,
              0, 0);
  assert_row (diff, "old_kernel", ST_OPERATIONS_KERNELS, ST_OPERATION_MATCH_ADDED, 0, 0, 1,
              10 * US);
  /* the row is named after the new side's name: A's now */
  assert_row (diff, "elementwise_kernel<float, 4>", ST_OPERATIONS_KERNELS,
              ST_OPERATION_MATCH_NORMALIZED, 1, 36 * US, 1, 30 * US);
}

/* A region compared with itself: every row exact, every delta 0; the
 * ProfilerStep slices are the steps, not operations. */
static void
test_same_region (void)
{
  g_autoptr (StTrace)         trace = load_regions_trace ();
  g_autoptr (StSummary)       a = summarise (trace, 0, 1000 * US);
  g_autoptr (StSummary)       again = summarise (trace, 0, 1000 * US);
  g_autoptr (StOperationDiff) diff = st_operation_diff_new_between (trace, a, again);

  /* gemm_kernel, elementwise_kernel<float, 4>, copy_kernel, old_kernel,
   * aten::mm, train_loop */
  g_assert_cmpuint (st_operation_diff_get_n_rows (diff), ==, 6);
  for (guint i = 0; i < st_operation_diff_get_n_rows (diff); i++)
    {
      const StOperationDiffRow *row = st_operation_diff_get_row (diff, i);

      g_assert_cmpint (row->match, ==, ST_OPERATION_MATCH_EXACT);
      g_assert_cmpint (row->delta_ns, ==, 0);
      g_assert_false (g_str_has_prefix (row->name, "ProfilerStep"));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/compare/regions/between", test_between);
  g_test_add_func ("/model/compare/regions/base-first", test_base_first);
  g_test_add_func ("/model/compare/regions/same-region", test_same_region);
  return g_test_run ();
}
