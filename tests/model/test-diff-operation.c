/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rows of an operation diff as the objects its tables list
 * (docs/metrics.md 8.4, 8.9), on a trace written here. Every expected
 * value is worked out by hand from the durations below (µs in the
 * comments, ns in the asserts).
 *
 * Region A is [0, 1000) µs, region B [1000, 2000) µs. On GPU 0's stream:
 *
 *   kernel                         A             B
 *   gemm_kernel                    2 × 50 (100)  2 × 100 (200): +100, +100 %
 *   elementwise_kernel<float, 4>   30            —
 *   elementwise_kernel<half, 8>    —             36: normalized with the
 *                                                    float one, +6, +20 %
 *   old_kernel                     10            —: removed, −10, −100 %
 *   softmax_kernel                 —             40: added, +40, no %
 *
 * The kernels' rows by |Δ|: gemm (100), softmax (40), old (10),
 * elementwise (6). On the host: aten::mm, 5 at the start of each: Δ 0,
 * 0 %. The first event is at 0, so the trace's times are the file's. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-diff-operation.h"
#include "st-test-util.h"

#define US 1000

static void
add_event (GString *json, int pid, const char *name, int ts, int dur)
{
  g_string_append_printf (json,
                          ",\n{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": %d, "
                          "\"tid\": 1, \"ts\": %d, \"dur\": %d}",
                          pid == 0 ? "kernel" : "cpu_op", name, pid, ts, dur);
}

static StTrace *
load_trace (void)
{
  g_autoptr (GString) json = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}");

  add_event (json, 1, "aten::mm", 0, 5);
  add_event (json, 0, "gemm_kernel", 100, 50);
  add_event (json, 0, "gemm_kernel", 300, 50);
  add_event (json, 0, "elementwise_kernel<float, 4>", 500, 30);
  add_event (json, 0, "old_kernel", 800, 10);
  add_event (json, 1, "aten::mm", 1000, 5);
  add_event (json, 0, "gemm_kernel", 1100, 100);
  add_event (json, 0, "gemm_kernel", 1300, 100);
  add_event (json, 0, "elementwise_kernel<half, 8>", 1500, 36);
  add_event (json, 0, "softmax_kernel", 1800, 40);
  g_string_append (json, "\n]}\n");
  return st_test_load_text (json->str, json->len);
}

static StOperationDiff *
diff_regions (StTrace *trace)
{
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) a = st_summary_compute (trace, 0, 1000 * US, NULL, &error);
  g_autoptr (StSummary) b = st_summary_compute (trace, 1000 * US, 2000 * US, NULL, &error);

  g_assert_no_error (error);
  return st_operation_diff_new_between (trace, a, b);
}

typedef struct
{
  const char      *name;
  StOperationMatch match;
  double           base_count, new_count;
  gint64           base_total, new_total, base_mean, new_mean, delta;
  gboolean         has_percent;
  double           percent; /* -G_MAXDOUBLE without a base total */
} Expected;

static void
assert_operation (GListModel *rows, guint i, const Expected *e, StOperationsTable table)
{
  g_autoptr (StDiffOperation) op = g_list_model_get_item (rows, i);
  g_autofree char            *name = NULL, *short_name = NULL;
  int                         match, t;
  double                      base_count, new_count, percent;
  gint64                      base_total, new_total, base_mean, new_mean, delta;
  gboolean                    has_percent;

  g_object_get (op, "name", &name, "short-name", &short_name, "table", &t, "match", &match,
                "base-count", &base_count, "base-total", &base_total, "base-mean", &base_mean,
                "new-count", &new_count, "new-total", &new_total, "new-mean", &new_mean, "delta",
                &delta, "has-percent", &has_percent, "percent", &percent, NULL);
  g_assert_cmpstr (name, ==, e->name);
  /* no namespace and no parameters: the short form is the name */
  g_assert_cmpstr (short_name, ==, e->name);
  g_assert_cmpint (t, ==, table);
  g_assert_cmpint (match, ==, e->match);
  g_assert_cmpint (st_diff_operation_get_match (op), ==, e->match);
  g_assert_cmpfloat (base_count, ==, e->base_count);
  g_assert_cmpfloat (new_count, ==, e->new_count);
  g_assert_cmpint (base_total, ==, e->base_total);
  g_assert_cmpint (new_total, ==, e->new_total);
  g_assert_cmpint (base_mean, ==, e->base_mean);
  g_assert_cmpint (new_mean, ==, e->new_mean);
  g_assert_cmpint (delta, ==, e->delta);
  g_assert_cmpint (st_diff_operation_get_delta (op), ==, e->delta);
  g_assert_cmpint (has_percent, ==, e->has_percent);
  g_assert_cmpfloat_with_epsilon (percent, e->percent, 1e-9);
}

static void
test_listed (void)
{
  g_autoptr (StTrace)         trace = load_trace ();
  g_autoptr (StOperationDiff) diff = diff_regions (trace);
  g_autoptr (GListModel)      kernels = st_operation_diff_list_rows (diff, ST_OPERATIONS_KERNELS);
  g_autoptr (GListModel)      host = st_operation_diff_list_rows (diff, ST_OPERATIONS_HOST);
  const Expected              expected[] = {
                 { "gemm_kernel", ST_OPERATION_MATCH_EXACT, 2, 2, 100 * US, 200 * US, 50 * US, 100 * US,
                   100 * US, TRUE, 100.0 },
                 { "softmax_kernel", ST_OPERATION_MATCH_ADDED, 0, 1, 0, 40 * US, 0, 40 * US, 40 * US, FALSE,
                   -G_MAXDOUBLE },
                 { "old_kernel", ST_OPERATION_MATCH_REMOVED, 1, 0, 10 * US, 0, 10 * US, 0, -10 * US, TRUE,
                   -100.0 },
                 { "elementwise_kernel<half, 8>", ST_OPERATION_MATCH_NORMALIZED, 1, 1, 30 * US, 36 * US, 30 * US,
                   36 * US, 6 * US, TRUE, 20.0 },
  };
  const Expected mm
      = { "aten::mm", ST_OPERATION_MATCH_EXACT, 1, 1, 5 * US, 5 * US, 5 * US, 5 * US, 0, TRUE, 0 };

  g_assert_cmpuint (g_list_model_get_item_type (kernels), ==, ST_TYPE_DIFF_OPERATION);
  g_assert_cmpuint (g_list_model_get_n_items (kernels), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    assert_operation (kernels, i, &expected[i], ST_OPERATIONS_KERNELS);
  g_assert_cmpuint (g_list_model_get_n_items (host), ==, 1);
  assert_operation (host, 0, &mm, ST_OPERATIONS_HOST);
}

/* What the base called a normalized row, and nothing for the others. */
static void
test_base_names (void)
{
  g_autoptr (StTrace)         trace = load_trace ();
  g_autoptr (StOperationDiff) diff = diff_regions (trace);
  g_autoptr (GListModel)      kernels = st_operation_diff_list_rows (diff, ST_OPERATIONS_KERNELS);
  g_autoptr (StDiffOperation) gemm = g_list_model_get_item (kernels, 0);
  g_autoptr (StDiffOperation) elementwise = g_list_model_get_item (kernels, 3);
  const char *const          *names = st_diff_operation_get_base_names (elementwise);

  g_assert_null (st_diff_operation_get_base_names (gemm));
  g_assert_nonnull (names);
  g_assert_cmpstr (names[0], ==, "elementwise_kernel<float, 4>");
  g_assert_null (names[1]);
}

/* The starts (µs) of the instances of @op on @side over [@start, @end) µs. */
static GArray *
instance_starts (StDiffOperation *op, StDiffSide side, StTrace *trace, int start, int end)
{
  g_autoptr (GArray) refs
      = st_diff_operation_find_instances (op, side, trace, (gint64)start * US, (gint64)end * US);
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < refs->len; i++)
    {
      StEventRef ref = g_array_index (refs, StEventRef, i);
      int        us = (int)(st_trace_get_track (trace, ref.track)->slices[ref.index].start / US);

      g_assert_cmpint (ref.kind, ==, ST_EVENT_SLICE);
      g_array_append_val (starts, us);
    }
  return starts;
}

/* Each side's instances are of that side's names only: the normalized row
 * finds the float kernel (at 500) on the base side and the half one (at
 * 1500) on the new side, over the whole trace; the gemm row its two in
 * each region; the added row none on the base side. */
static void
test_instances (void)
{
  g_autoptr (StTrace)         trace = load_trace ();
  g_autoptr (StOperationDiff) diff = diff_regions (trace);
  g_autoptr (GListModel)      kernels = st_operation_diff_list_rows (diff, ST_OPERATIONS_KERNELS);
  g_autoptr (StDiffOperation) gemm = g_list_model_get_item (kernels, 0);
  g_autoptr (StDiffOperation) softmax = g_list_model_get_item (kernels, 1);
  g_autoptr (StDiffOperation) elementwise = g_list_model_get_item (kernels, 3);
  g_autoptr (GArray)          base = instance_starts (elementwise, ST_DIFF_BASE, trace, 0, 2000);
  g_autoptr (GArray)          new_ = instance_starts (elementwise, ST_DIFF_NEW, trace, 0, 2000);
  g_autoptr (GArray)          gemm_a = instance_starts (gemm, ST_DIFF_BASE, trace, 0, 1000);
  g_autoptr (GArray)          gemm_b = instance_starts (gemm, ST_DIFF_NEW, trace, 1000, 2000);
  g_autoptr (GArray)          none = instance_starts (softmax, ST_DIFF_BASE, trace, 0, 2000);

  g_assert_cmpuint (base->len, ==, 1);
  g_assert_cmpint (g_array_index (base, int, 0), ==, 500);
  g_assert_cmpuint (new_->len, ==, 1);
  g_assert_cmpint (g_array_index (new_, int, 0), ==, 1500);
  g_assert_cmpuint (gemm_a->len, ==, 2);
  g_assert_cmpint (g_array_index (gemm_a, int, 0), ==, 100);
  g_assert_cmpint (g_array_index (gemm_a, int, 1), ==, 300);
  g_assert_cmpuint (gemm_b->len, ==, 2);
  g_assert_cmpint (g_array_index (gemm_b, int, 0), ==, 1100);
  g_assert_cmpint (g_array_index (gemm_b, int, 1), ==, 1300);
  g_assert_cmpuint (none->len, ==, 0);
}

/* No diff (none computed yet): an empty list of the type. */
static void
test_no_diff (void)
{
  g_autoptr (GListModel) rows = st_operation_diff_list_rows (NULL, ST_OPERATIONS_KERNELS);

  g_assert_cmpuint (g_list_model_get_item_type (rows), ==, ST_TYPE_DIFF_OPERATION);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diff-operation/listed", test_listed);
  g_test_add_func ("/diff-operation/base-names", test_base_names);
  g_test_add_func ("/diff-operation/instances", test_instances);
  g_test_add_func ("/diff-operation/no-diff", test_no_diff);
  return g_test_run ();
}
