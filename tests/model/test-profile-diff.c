/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two profiles compared (docs/metrics.md 8). A pair written from recipes
 * (st-test-diff-pair.h) differs by known changes; every expected value
 * below is worked out from the recipes' durations, in µs in the comments
 * and ns in the asserts.
 *
 * Base: 2 steps of 1000; per step gemm 100, elementwise_kernel<float, 4>
 * 50, kernel_at_0x7f3a12 30 (compute), AllReduce [700, 800) of 1024
 * floats. New: 3 steps of 1300; gemm 200 (2× slower), the templated
 * kernel renamed elementwise_kernel<half, 8>, kernel_at_0x7f9b44, an added
 * added_kernel [600, 620), AllReduce [700, 900) of 2048 floats (twice as
 * large). Per step, base: compute 100 + 50 + 30 = 180, communication 100
 * (none under compute: exposed 100), busy 280, device time [100, 800) =
 * 700, idle 700 − 280 = 420, before or after the device's work 1000 −
 * 700 = 300 (no work in the step: 1000 − 280 = 720). New: compute 200 +
 * 50 + 30 + 20 = 300, exposed communication 200, busy 500, device time
 * [100, 900) = 800, idle 800 − 500 = 300, before or after 1300 − 800 =
 * 500 (no work: 800). */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-name-normal-form.h"
#include "st-profile-diff.h"
#include "st-test-diff-pair.h"
#include "st-test-util.h"
#include "st-trace-loader.h"

#include <glib/gstdio.h>
#include <string.h>

#define US 1000

static const StTestDiffRecipe base_recipe = {
  TRUE, 2, 1000, 100, 100, 1024, "elementwise_kernel<float, 4>", "kernel_at_0x7f3a12", FALSE,
};
static const StTestDiffRecipe new_recipe = {
  TRUE, 3, 1300, 200, 200, 2048, "elementwise_kernel<half, 8>", "kernel_at_0x7f9b44", TRUE,
};

static StTrace *
load_recipe (const StTestDiffRecipe *recipe)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-diff-XXXXXX", &error);
  g_autofree char   *path = g_build_filename (dir, "trace.json", NULL);
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  StTrace           *trace;

  st_test_diff_write (recipe, path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
  return trace;
}

static StProfileDiff *
compare (StTrace *base, StTrace *new_, const StProfileDiffOptions *options)
{
  g_autoptr (GError) error = NULL;
  StProfileDiff     *diff = st_profile_diff_compute (base, new_, options, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (diff);
  return diff;
}

static gboolean
has_row (StProfileDiff *diff, const char *name)
{
  StOperationDiff *ops = st_profile_diff_get_operations (diff);

  for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
    if (g_str_equal (st_operation_diff_get_row (ops, i)->name, name))
      return TRUE;
  return FALSE;
}

static const StOperationDiffRow *
find_row (StProfileDiff *diff, const char *name)
{
  StOperationDiff *ops = st_profile_diff_get_operations (diff);

  for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
    if (g_str_equal (st_operation_diff_get_row (ops, i)->name, name))
      return st_operation_diff_get_row (ops, i);
  g_error ("no operation row %s", name);
}

static void
assert_row (const StOperationDiffRow *row,
            StOperationMatch          match,
            gint64                    base_total,
            gint64                    new_total,
            gint64                    delta)
{
  g_assert_cmpint (row->match, ==, match);
  g_assert_cmpint (row->base_total_ns, ==, base_total);
  g_assert_cmpint (row->new_total_ns, ==, new_total);
  g_assert_cmpint (row->delta_ns, ==, delta);
}

static void
assert_metric (StProfileDiff  *diff,
               const char     *id,
               double          base,
               double          new_,
               StDiffJudgement judgement)
{
  const StMetricDiff *m = st_profile_diff_lookup_metric (diff, id);

  g_assert_nonnull (m);
  g_assert_true (m->present[ST_DIFF_BASE] && m->present[ST_DIFF_NEW]);
  g_assert_cmpfloat_with_epsilon (m->value[ST_DIFF_BASE], base, 1e-6);
  g_assert_cmpfloat_with_epsilon (m->value[ST_DIFF_NEW], new_, 1e-6);
  g_assert_cmpfloat_with_epsilon (m->delta, new_ - base, 1e-6);
  g_assert_true (m->has_delta_percent);
  g_assert_cmpfloat_with_epsilon (m->delta_percent, 100 * (new_ - base) / base, 1e-6);
  g_assert_cmpint (m->judgement, ==, judgement);
}

static void
test_normal_form (void)
{
  static const char *const cases[][2] = {
    { "ProfilerStep#12", "ProfilerStep" },
    { "void at::native::kernel<float, at::Functor<int> >(int)", "void at::native::kernel(int)" },
    { "kernel_at_0x7f3a12", "kernel_at_0x…" },
    { "layer  norm\t 3", "layer norm" },
    { "step_7", "step" },
    { "fp16", "fp16" }, /* a number right after a letter is the name's */
    { "tile_32x6", "tile_32x6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *form = st_name_normal_form (cases[i][0]);

      g_assert_cmpstr (form, ==, cases[i][1]);
    }
}

/* Per step: each side's numbers are means over its own steps, so the new
 * profile's extra step changes none of them. */
static void
test_steps (void)
{
  g_autoptr (StTrace)       base = load_recipe (&base_recipe);
  g_autoptr (StTrace)       new_ = load_recipe (&new_recipe);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);
  const StBreakdown        *b = st_profile_diff_get_breakdown (diff, ST_DIFF_BASE);
  const StBreakdown        *n = st_profile_diff_get_breakdown (diff, ST_DIFF_NEW);
  const gint64              base_parts[] = { 1000 * US, 180 * US, 100 * US, 0, 420 * US, 300 * US };
  const gint64              new_parts[] = { 1300 * US, 300 * US, 200 * US, 0, 300 * US, 500 * US };
  gint64                    sum_of_deltas = 0;

  g_assert_cmpint (st_profile_diff_get_scope (diff), ==, ST_DIFF_SCOPE_STEPS);
  g_assert_cmpuint (st_profile_diff_get_n_steps (diff, ST_DIFF_BASE), ==, 2);
  g_assert_cmpuint (st_profile_diff_get_n_steps (diff, ST_DIFF_NEW), ==, 3);
  /* each step 1000 → 1300 µs, +30 %: past 5 %, so the shares go unjudged
   * and the one note says why (8.2) */
  g_assert_cmpuint (st_profile_diff_get_notes (diff)->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (st_profile_diff_get_notes (diff), 0), ==,
                   "Each step took 30 % longer in the new profile: shares (device busy, overlap, "
                   "…) are not judged better or worse; the times per step are.");

  /* 8.3: the parts of the header comment; their deltas (+120, +100, 0,
   * −120, +200) add up to the step time's, +300 */
  g_assert_true (b->present && n->present);
  for (guint p = 0; p < ST_N_BREAKDOWN_PARTS; p++)
    {
      g_assert_cmpint (b->ns[p], ==, base_parts[p]);
      g_assert_cmpint (n->ns[p], ==, new_parts[p]);
      if (p != ST_BREAKDOWN_STEP_TIME)
        sum_of_deltas += n->ns[p] - b->ns[p];
    }
  g_assert_cmpint (sum_of_deltas, ==,
                   n->ns[ST_BREAKDOWN_STEP_TIME] - b->ns[ST_BREAKDOWN_STEP_TIME]);

  /* 8.2: times are better lower, span_ns too per step; busy (280 / 700 =
   * 40 %, 500 / 800 = 62.5 %) rose, but in steps 30 % longer: a share
   * whose step grew past 5 % is not judged (it was "better" before 8.2
   * said so, though the same work took longer); idle on the device 700 −
   * 280 = 420 and 800 − 500 = 300; counts are not judged (4 kernels, then
   * 5) */
  assert_metric (diff, "span_ns", 1000 * US, 1300 * US, ST_DIFF_WORSE);
  assert_metric (diff, "device_time_ns", 700 * US, 800 * US, ST_DIFF_WORSE);
  assert_metric (diff, "compute_time_ns", 180 * US, 300 * US, ST_DIFF_WORSE);
  assert_metric (diff, "exposed_communication_ns", 100 * US, 200 * US, ST_DIFF_WORSE);
  assert_metric (diff, "device_busy_percent", 40, 62.5, ST_DIFF_UNJUDGED);
  assert_metric (diff, "idle_time_ns", 420 * US, 300 * US, ST_DIFF_BETTER);
  assert_metric (diff, "kernel_count", 4, 5, ST_DIFF_UNJUDGED);
  /* the breakdown's idle is that one number (8.3), not the step's time
   * without work (720, 800), which moves the other way */
  g_assert_cmpint (
      b->ns[ST_BREAKDOWN_IDLE], ==,
      (gint64)st_profile_diff_lookup_metric (diff, "idle_time_ns")->value[ST_DIFF_BASE]);
  g_assert_cmpint (
      n->ns[ST_BREAKDOWN_IDLE], ==,
      (gint64)st_profile_diff_lookup_metric (diff, "idle_time_ns")->value[ST_DIFF_NEW]);

  /* 8.5: one AllReduce per step, 100 then 200 */
  g_assert_cmpuint (st_profile_diff_get_n_collectives (diff), ==, 1);
  {
    const StCollectiveDiff *c = st_profile_diff_get_collective (diff, 0);

    g_assert_cmpint (c->type, ==, ST_COLLECTIVE_ALLREDUCE);
    g_assert_cmpfloat (c->count[ST_DIFF_BASE], ==, 1);
    g_assert_cmpfloat (c->count[ST_DIFF_NEW], ==, 1);
    g_assert_cmpint (c->total_ns[ST_DIFF_BASE], ==, 100 * US);
    g_assert_cmpint (c->total_ns[ST_DIFF_NEW], ==, 200 * US);
    g_assert_cmpfloat_with_epsilon (c->delta_percent, 100, 1e-9);
  }
}

/* 8.4 per step. Kernels: the gemm and the AllReduce +100 each, the added
 * kernel +20 (no percent), the renamed ones normalized with no change.
 * Host: aten::mm 5 and cudaLaunchKernel 3 in every step. The
 * ProfilerStep#k slices are the steps, not operations: no row. */
static void
test_operations (void)
{
  g_autoptr (StTrace)       base = load_recipe (&base_recipe);
  g_autoptr (StTrace)       new_ = load_recipe (&new_recipe);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);
  StOperationDiff          *ops = st_profile_diff_get_operations (diff);
  const StOperationDiffRow *row;
  /* by |delta|, kernels before host ops, then by name */
  static const char *const order[] = {
    "ncclDevKernel_AllReduce_Sum_f32_RING_LL",
    "sm90_gemm_kernel",
    "added_kernel",
    "elementwise_kernel<half, 8>",
    "kernel_at_0x7f9b44",
    "aten::mm",
    "cudaLaunchKernel",
  };

  g_assert_cmpuint (st_operation_diff_get_n_rows (ops), ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpstr (st_operation_diff_get_row (ops, i)->name, ==, order[i]);

  row = find_row (diff, "sm90_gemm_kernel");
  assert_row (row, ST_OPERATION_MATCH_EXACT, 100 * US, 200 * US, 100 * US);
  g_assert_cmpint (row->table, ==, ST_OPERATIONS_KERNELS);
  g_assert_cmpfloat (row->base_count, ==, 1);
  g_assert_cmpfloat (row->new_count, ==, 1);
  g_assert_cmpfloat_with_epsilon (row->delta_percent, 100, 1e-9);
  assert_row (find_row (diff, "ncclDevKernel_AllReduce_Sum_f32_RING_LL"), ST_OPERATION_MATCH_EXACT,
              100 * US, 200 * US, 100 * US);
  row = find_row (diff, "added_kernel");
  assert_row (row, ST_OPERATION_MATCH_ADDED, 0, 20 * US, 20 * US);
  g_assert_false (row->has_delta_percent);
  g_assert_cmpuint (row->base_ids->len, ==, 0);
  g_assert_cmpuint (row->new_ids->len, ==, 1);

  row = find_row (diff, "elementwise_kernel<half, 8>");
  assert_row (row, ST_OPERATION_MATCH_NORMALIZED, 50 * US, 50 * US, 0);
  g_assert_cmpuint (row->base_names->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (row->base_names, 0), ==, "elementwise_kernel<float, 4>");
  g_assert_cmpstr (st_trace_get_string (base, g_array_index (row->base_ids, StStringId, 0)), ==,
                   "elementwise_kernel<float, 4>");
  g_assert_cmpstr (st_trace_get_string (new_, g_array_index (row->new_ids, StStringId, 0)), ==,
                   "elementwise_kernel<half, 8>");
  row = find_row (diff, "kernel_at_0x7f9b44");
  assert_row (row, ST_OPERATION_MATCH_NORMALIZED, 30 * US, 30 * US, 0);
  g_assert_cmpstr (g_ptr_array_index (row->base_names, 0), ==, "kernel_at_0x7f3a12");

  row = find_row (diff, "aten::mm");
  assert_row (row, ST_OPERATION_MATCH_EXACT, 5 * US, 5 * US, 0);
  g_assert_cmpint (row->table, ==, ST_OPERATIONS_HOST);
  g_assert_false (has_row (diff, "ProfilerStep#1"));
  g_assert_false (has_row (diff, "ProfilerStep#3"));
}

static void
assert_finding (StProfileDiff    *diff,
                guint             index,
                StDiffFindingKind kind,
                const char       *text,
                gint64            start,
                gint64            end)
{
  const StDiffFinding *f = st_profile_diff_get_finding (diff, index);

  g_assert_cmpint (f->kind, ==, kind);
  g_assert_cmpstr (f->text, ==, text);
  g_assert_cmpint (f->start_ns, ==, start);
  g_assert_cmpint (f->end_ns, ==, end);
}

/* 8.6 in its tiers. No setup differs (neither profile has metadata; both
 * launch with cudaLaunchKernel, NVIDIA's). Device time, each at least 1 %
 * of the base's 1000 µs step (10 µs): the GEMM class 100 → 200 (+100,
 * 2.00×), the AllReduce type (+100 %), the AllReduce kernel and the gemm
 * kernel (+100 each), then the class other 30 → 50 (kernel_at_0x… and the
 * added kernel: +20, 1.67×) and the added kernel (+20); equal times in
 * the order found (classes, types, kernels). The class communication
 * (+100) is said by its type instead, and the six leave no room for the
 * metrics (the span +30 %). Places in the new profile: a class's longest
 * event (the gemm [100, 300), the 30 µs kernel_at_0x… [500, 530) over the
 * 20 µs added kernel), a type's or kernel's longest instance, each the
 * first of equals (step 1, from 0). */
static void
test_findings (void)
{
  g_autoptr (StTrace)       base = load_recipe (&base_recipe);
  g_autoptr (StTrace)       new_ = load_recipe (&new_recipe);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);
  const StDiffFinding      *f;

  g_assert_cmpuint (st_profile_diff_get_n_findings (diff), ==, 6);
  assert_finding (diff, 0, ST_DIFF_FINDING_CLASS, "GEMM +100.0 µs per step (2.00×)", 100 * US,
                  300 * US);
  assert_finding (diff, 1, ST_DIFF_FINDING_COLLECTIVE, "AllReduce +100.0 µs per step (2.00×)",
                  700 * US, 900 * US);
  assert_finding (diff, 2, ST_DIFF_FINDING_OPERATION,
                  "ncclDevKernel_AllReduce_Sum_f32_RING_LL +100.0 µs per step", 700 * US, 900 * US);
  assert_finding (diff, 3, ST_DIFF_FINDING_OPERATION, "sm90_gemm_kernel +100.0 µs per step",
                  100 * US, 300 * US);
  assert_finding (diff, 4, ST_DIFF_FINDING_CLASS, "Other +20.00 µs per step (1.67×)", 500 * US,
                  530 * US);
  assert_finding (diff, 5, ST_DIFF_FINDING_OPERATION, "added_kernel +20.00 µs per step", 600 * US,
                  620 * US);
  f = st_profile_diff_get_finding (diff, 3);
  g_assert_true (f->has_slice);
  g_assert_cmpstr (st_trace_get_string (new_, st_trace_get_slice (new_, f->slice)->name), ==,
                   "sm90_gemm_kernel");
}

/* A base without steps: the whole profiles, said in a note. Base gemm
 * 2 × 100, new 3 × 200: +400 over the whole, no "per step". */
static void
test_whole_without_steps (void)
{
  StTestDiffRecipe          recipe = base_recipe;
  g_autoptr (StTrace)       base = NULL;
  g_autoptr (StTrace)       new_ = load_recipe (&new_recipe);
  g_autoptr (StProfileDiff) diff = NULL;
  GPtrArray                *notes;

  recipe.steps = FALSE;
  base = load_recipe (&recipe);
  diff = compare (base, new_, NULL);
  notes = st_profile_diff_get_notes (diff);
  g_assert_cmpint (st_profile_diff_get_scope (diff), ==, ST_DIFF_SCOPE_WHOLE);
  g_assert_cmpuint (st_profile_diff_get_n_steps (diff, ST_DIFF_BASE), ==, 0);
  g_assert_cmpuint (st_profile_diff_get_n_steps (diff, ST_DIFF_NEW), ==, 3);
  /* and whole, the device time is what shares are of (8.2): the base's
   * from the first gemm at 100 µs to the second AllReduce's end at 1800,
   * 1700; the new one's from 100 to 2600 + 900 = 3500, 3400: +100 % */
  g_assert_cmpuint (notes->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (notes, 0), ==,
                   "The base profile has no steps (ProfilerStep#N): the whole profiles are "
                   "compared.");
  g_assert_cmpstr (g_ptr_array_index (notes, 1), ==,
                   "The device time is 100 % longer in the new profile: shares (device busy, "
                   "overlap, …) are not judged better or worse; the times are.");
  assert_row (find_row (diff, "sm90_gemm_kernel"), ST_OPERATION_MATCH_EXACT, 200 * US, 600 * US,
              400 * US);
  /* whole profiles may be recorded for different lengths: span not judged */
  g_assert_cmpint (st_profile_diff_lookup_metric (diff, "span_ns")->judgement, ==,
                   ST_DIFF_UNJUDGED);
  for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
    g_assert_null (strstr (st_profile_diff_get_finding (diff, i)->text, "per step"));
}

/* 8.6's floor for a time: the AllReduce 8 µs longer per step (100 → 108)
 * makes communication time 8 % worse, but 8 µs is under 1 % of the
 * base's 1000 µs step, and the exposed communication share of the device
 * time (the gemm's start at 100 µs to the AllReduce's end) moves from
 * 100/700 to 108/708 (14.29 → 15.25 %), under a point; so only the collective type (at least 5 %
 * and 1 µs) is a finding, while both metrics stay judged worse. */
static void
test_small_change (void)
{
  static const StTestDiffRecipe slower = {
    TRUE, 2, 1000, 100, 108, 1024, "elementwise_kernel<float, 4>", "kernel_at_0x7f3a12", FALSE,
  };
  g_autoptr (StTrace)       base = load_recipe (&base_recipe);
  g_autoptr (StTrace)       new_ = load_recipe (&slower);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);
  const StMetricDiff       *comm = st_profile_diff_lookup_metric (diff, "communication_time_ns");

  g_assert_cmpint (comm->judgement, ==, ST_DIFF_WORSE);
  g_assert_cmpfloat_with_epsilon (comm->delta, 8 * US, 1e-6);
  g_assert_cmpint (st_profile_diff_lookup_metric (diff, "exposed_communication_percent")->judgement,
                   ==, ST_DIFF_WORSE);
  g_assert_cmpuint (st_profile_diff_get_n_findings (diff), ==, 1);
  assert_finding (diff, 0, ST_DIFF_FINDING_COLLECTIVE, "AllReduce +8.000 µs per step (1.08×)",
                  700 * US, 808 * US);
}

/* The same trace twice, a range of each (the Summary's region
 * comparison): its steps 1 and 2 hold the same work, so nothing differs;
 * the ProfilerStep#k slices themselves are no row. */
static void
test_same_trace (void)
{
  g_autoptr (StTrace)  trace = load_recipe (&new_recipe);
  StProfileDiffOptions options
      = { ST_DIFF_SCOPE_WHOLE, { TRUE, TRUE }, { 0, 1300 * US }, { 1300 * US, 2600 * US } };
  g_autoptr (StProfileDiff) diff = compare (trace, trace, &options);
  StOperationDiff          *ops = st_profile_diff_get_operations (diff);

  g_assert_cmpint (st_profile_diff_get_scope (diff), ==, ST_DIFF_SCOPE_WHOLE);
  g_assert_cmpuint (st_profile_diff_get_n_steps (diff, ST_DIFF_BASE), ==, 1);
  g_assert_cmpuint (st_profile_diff_get_n_steps (diff, ST_DIFF_NEW), ==, 1);
  g_assert_cmpuint (st_profile_diff_get_notes (diff)->len, ==, 0);
  g_assert_cmpuint (st_profile_diff_get_n_findings (diff), ==, 0);
  for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
    g_assert_cmpint (st_operation_diff_get_row (ops, i)->delta_ns, ==, 0);
  g_assert_false (has_row (diff, "ProfilerStep#2"));
  assert_row (find_row (diff, "sm90_gemm_kernel"), ST_OPERATION_MATCH_EXACT, 200 * US, 200 * US, 0);
}

/* The same trace twice over the whole int64 line, whole and by steps
 * (strata-cli diff --region -9223372036854775808:9223372036854775807): the
 * same work on both sides, so every row's delta is 0; nothing overflows on
 * the way (the sanitizer build runs this: the range is 2^64 − 1 long and
 * the step-time mean once doubled its sum). */
static void
test_whole_line (void)
{
  g_autoptr (StTrace) trace = load_recipe (&new_recipe);

  for (StDiffScope scope = ST_DIFF_SCOPE_WHOLE; scope <= ST_DIFF_SCOPE_STEPS; scope++)
    {
      StProfileDiffOptions options
          = { scope, { TRUE, TRUE }, { G_MININT64, G_MININT64 }, { G_MAXINT64, G_MAXINT64 } };
      g_autoptr (StProfileDiff) diff = compare (trace, trace, &options);
      StOperationDiff          *ops = st_profile_diff_get_operations (diff);

      g_assert_cmpuint (st_operation_diff_get_n_rows (ops), >, 0);
      for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
        g_assert_cmpint (st_operation_diff_get_row (ops, i)->delta_ns, ==, 0);
      g_assert_cmpuint (st_profile_diff_get_n_findings (diff), ==, 0);
    }
}

/* A Neuron device profile against a GPU trace: no operation in common,
 * said in a note; no row matched. */
static void
test_unlike (void)
{
  g_autoptr (GError)        error = NULL;
  g_autoptr (GFile)         file = g_file_new_for_path (g_getenv ("STRATA_TEST_NEURON"));
  g_autoptr (StTrace)       base = st_trace_load_file (file, NULL, &error);
  g_autoptr (StTrace)       new_ = load_recipe (&new_recipe);
  g_autoptr (StProfileDiff) diff = NULL;
  StOperationDiff          *ops;
  gboolean                  said = FALSE;

  g_assert_no_error (error);
  diff = compare (base, new_, NULL);
  ops = st_profile_diff_get_operations (diff);
  g_assert_cmpuint (st_operation_diff_get_n_matched (ops), ==, 0);
  for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
    g_assert_cmpint (st_operation_diff_get_row (ops, i)->match, >=, ST_OPERATION_MATCH_ADDED);
  for (guint i = 0; i < st_profile_diff_get_notes (diff)->len; i++)
    said |= g_str_has_prefix (g_ptr_array_index (st_profile_diff_get_notes (diff), i),
                              "The two profiles have no operation in common");
  g_assert_true (said);
}

/* The real regression an expert read: the new profile ran on an older GPU
 * with a smaller world, its GEMMs 2.5× slower, and a host call waits for
 * the slower device under aten::item. Base: A100, world size 8, 2 steps
 * of 1000 µs, gemm 100. New: V100, world size 2, 2 steps of 1300 µs, gemm
 * 250, and per step aten::item [10, 74) ⊃ aten::_local_scalar_dense [11,
 * 73) ⊃ cudaMemcpyAsync [12, 72): self times 2, 2 and 60. Both carry
 * Kineto's "PyTorch Profiler (0)" over the whole recording.
 *
 * Expected, by hand: the hardware sentence (model and world size, new
 * first; both NVIDIA by their names, so no vendor part); then the
 * findings in 8.6's tiers: the setup; device time, the GEMM class 100 →
 * 250 (+150, 2.50×), then the gemm kernel (+150, found after); host self
 * time, cudaMemcpyAsync +60 (the item and the scalar +2 each, under the
 * 10 µs floor; their totals, +64 and +62, would have counted the one wait
 * three times); the profiler's span (+300 per step) never; then the
 * metrics, said as a class is (8.6): the span 1000 → 1300 (+300 µs,
 * 1.30×) and compute time 180 → 330 (+150 µs, 1.83×). Device busy rose, 280 / 700 = 40 % to 430 /
 * 700 = 61.4 %, in steps 30 % longer: not judged better. */
static const StTestDiffRecipe a100 = {
  TRUE,
  2,
  1000,
  100,
  100,
  1024,
  "elementwise_kernel<float, 4>",
  "kernel_at_0x7f3a12",
  FALSE,
  "NVIDIA A100-SXM4-40GB",
  8,
  NULL,
  NULL,
  NULL,
  0,
  0,
  0,
  TRUE,
};
static const StTestDiffRecipe v100 = {
  TRUE,
  2,
  1300,
  250,
  100,
  1024,
  "elementwise_kernel<float, 4>",
  "kernel_at_0x7f3a12",
  FALSE,
  "Tesla V100-SXM2-16GB",
  2,
  NULL,
  NULL,
  NULL,
  0,
  0,
  60,
  TRUE,
};

static gboolean
finding_names (StProfileDiff *diff, const char *word)
{
  for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
    if (strstr (st_profile_diff_get_finding (diff, i)->text, word) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_hardware_change (void)
{
  g_autoptr (StTrace)       base = load_recipe (&a100);
  g_autoptr (StTrace)       new_ = load_recipe (&v100);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);
  const StEnvironment      *b = st_profile_diff_get_environment (diff, ST_DIFF_BASE);
  const StEnvironment      *n = st_profile_diff_get_environment (diff, ST_DIFF_NEW);
  GArray                   *differences = st_profile_diff_get_environment_differences (diff);
  const StClassDiff        *gemm = st_profile_diff_get_class (diff, 0);

  g_assert_cmpstr (b->device_model, ==, "NVIDIA A100-SXM4-40GB");
  g_assert_cmpstr (n->device_model, ==, "Tesla V100-SXM2-16GB");
  g_assert_cmpint (b->world_size, ==, 8);
  g_assert_cmpint (n->world_size, ==, 2);
  g_assert_cmpint (b->vendor, ==, ST_VENDOR_NVIDIA);
  g_assert_cmpint (n->vendor, ==, ST_VENDOR_NVIDIA);
  g_assert_cmpuint (differences->len, ==, 2);
  g_assert_cmpint (g_array_index (differences, StEnvironmentDifference, 0).field, ==,
                   ST_ENV_DEVICE_MODEL);
  g_assert_cmpint (g_array_index (differences, StEnvironmentDifference, 1).field, ==,
                   ST_ENV_WORLD_SIZE);
  g_assert_true (g_array_index (differences, StEnvironmentDifference, 1).hardware);
  g_assert_cmpstr (st_profile_diff_get_warning (diff), ==,
                   "The new profile ran on a different GPU (Tesla V100-SXM2-16GB vs NVIDIA "
                   "A100-SXM4-40GB) and world size (2 vs 8): differences below mix the change "
                   "with the hardware.");

  g_assert_cmpint (gemm->klass, ==, ST_KERNEL_CLASS_GEMM);
  g_assert_cmpint (gemm->ns[ST_DIFF_BASE], ==, 100 * US);
  g_assert_cmpint (gemm->ns[ST_DIFF_NEW], ==, 250 * US);
  g_assert_cmpfloat_with_epsilon (gemm->ratio, 2.5, 1e-9);

  g_assert_cmpuint (st_profile_diff_get_n_findings (diff), ==, 6);
  assert_finding (diff, 0, ST_DIFF_FINDING_SETUP,
                  "Different setup — GPU: Tesla V100-SXM2-16GB (base NVIDIA A100-SXM4-40GB); "
                  "World size: 2 (base 8)",
                  0, 2600 * US);
  assert_finding (diff, 1, ST_DIFF_FINDING_CLASS, "GEMM +150.0 µs per step (2.50×)", 100 * US,
                  350 * US);
  assert_finding (diff, 2, ST_DIFF_FINDING_OPERATION, "sm90_gemm_kernel +150.0 µs per step",
                  100 * US, 350 * US);
  assert_finding (diff, 3, ST_DIFF_FINDING_OPERATION, "cudaMemcpyAsync +60.00 µs self per step",
                  12 * US, 72 * US);
  assert_finding (diff, 4, ST_DIFF_FINDING_METRIC, "Time span +300.0 µs per step (1.30×)", 0,
                  1300 * US);
  assert_finding (diff, 5, ST_DIFF_FINDING_METRIC, "Compute time +150.0 µs per step (1.83×)", 0,
                  1300 * US);
  g_assert_false (finding_names (diff, "aten::item"));
  g_assert_false (finding_names (diff, "_local_scalar_dense"));
  g_assert_false (finding_names (diff, "PyTorch Profiler"));
  /* the row keeps both times: total 60, self 60 for the copy; 64 and 2
   * for aten::item */
  g_assert_cmpint (find_row (diff, "aten::item")->delta_ns, ==, 64 * US);
  g_assert_cmpint (find_row (diff, "aten::item")->delta_self_ns, ==, 2 * US);

  g_assert_cmpint (st_profile_diff_lookup_metric (diff, "device_busy_percent")->judgement, ==,
                   ST_DIFF_UNJUDGED);
  g_assert_cmpfloat_with_epsilon (
      st_profile_diff_lookup_metric (diff, "device_busy_percent")->value[ST_DIFF_NEW],
      100.0 * 430 / 700, 1e-6);
}

/* One model on two vendors' GPUs: no kernel name in common but the
 * AllReduce's, and the classes still read. Base (NVIDIA: cudaLaunchKernel)
 * sm90_gemm_kernel 100, flash_fwd_kernel 25, elementwise_kernel<float, 4>
 * 50; new (AMD: hipLaunchKernel) Cijk_Alik_Bljk_HHS_BH_MT128x128x32 131,
 * ck_fmha_fwd_hdim128 36, vectorized_elementwise_kernel<4, add> 35; both
 * kernel_at_0x… 30 (other) and the AllReduce 100 (communication).
 * Classes, in their order: GEMM 131 / 100 = 1.31×, attention 36 / 25 =
 * 1.44×, elementwise 35 / 50 = 0.70×, communication and other 1.00×. With
 * no device model on either side, the vendors differ as hardware. */
static void
test_cross_vendor (void)
{
  static const StTestDiffRecipe nvidia = {
    TRUE,
    2,
    1000,
    100,
    100,
    1024,
    "elementwise_kernel<float, 4>",
    "kernel_at_0x7f3a12",
    FALSE,
    NULL,
    0,
    NULL,
    NULL,
    "flash_fwd_kernel",
    25,
    50,
    0,
    FALSE,
  };
  static const StTestDiffRecipe amd = {
    TRUE,
    2,
    1000,
    131,
    100,
    1024,
    "vectorized_elementwise_kernel<4, add>",
    "kernel_at_0x7f9b44",
    FALSE,
    NULL,
    0,
    "hipLaunchKernel",
    "Cijk_Alik_Bljk_HHS_BH_MT128x128x32",
    "ck_fmha_fwd_hdim128",
    36,
    35,
    0,
    FALSE,
  };
  static const struct
  {
    StKernelClass klass;
    gint64        base_us, new_us;
    double        ratio;
  } expected[] = {
    { ST_KERNEL_CLASS_GEMM, 100, 131, 1.31 },      { ST_KERNEL_CLASS_ATTENTION, 25, 36, 1.44 },
    { ST_KERNEL_CLASS_ELEMENTWISE, 50, 35, 0.70 }, { ST_KERNEL_CLASS_COMMUNICATION, 100, 100, 1.0 },
    { ST_KERNEL_CLASS_OTHER, 30, 30, 1.0 },
  };
  g_autoptr (StTrace)       base = load_recipe (&nvidia);
  g_autoptr (StTrace)       new_ = load_recipe (&amd);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);

  g_assert_cmpint (st_profile_diff_get_environment (diff, ST_DIFF_BASE)->vendor, ==,
                   ST_VENDOR_NVIDIA);
  g_assert_cmpint (st_profile_diff_get_environment (diff, ST_DIFF_NEW)->vendor, ==, ST_VENDOR_AMD);
  g_assert_cmpstr (st_profile_diff_get_warning (diff), ==,
                   "The new profile ran on a different vendor (AMD vs NVIDIA): differences below "
                   "mix the change with the hardware.");
  g_assert_cmpuint (st_profile_diff_get_n_classes (diff), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const StClassDiff *c = st_profile_diff_get_class (diff, i);

      g_assert_cmpint (c->klass, ==, expected[i].klass);
      g_assert_cmpint (c->ns[ST_DIFF_BASE], ==, expected[i].base_us * US);
      g_assert_cmpint (c->ns[ST_DIFF_NEW], ==, expected[i].new_us * US);
      g_assert_cmpint (c->delta_ns, ==, (expected[i].new_us - expected[i].base_us) * US);
      g_assert_true (c->has_ratio);
      g_assert_cmpfloat_with_epsilon (c->ratio, expected[i].ratio, 1e-9);
      g_assert_cmpfloat (c->count[ST_DIFF_BASE], ==, 1);
      g_assert_cmpfloat (c->count[ST_DIFF_NEW], ==, 1);
    }
  /* the findings lead with the setup, then the two classes that grew, the
   * larger first: GEMM +31, attention +11 */
  assert_finding (diff, 0, ST_DIFF_FINDING_SETUP, "Different setup — Vendor: AMD (base NVIDIA)", 0,
                  2000 * US);
  assert_finding (diff, 1, ST_DIFF_FINDING_CLASS, "GEMM +31.00 µs per step (1.31×)", 100 * US,
                  231 * US);
  assert_finding (diff, 2, ST_DIFF_FINDING_CLASS, "Attention +11.00 µs per step (1.44×)", 355 * US,
                  391 * US);
}

/* 8.6 says a count that moved: 3 device-to-device copies of 2 µs per step,
 * then 18, the steps unchanged (1000 µs). Memory 6 → 36 µs: +30 (6.00×),
 * over the 10 µs floor; the copies' row +30 µs, 18 instead of 3; then the
 * metrics, memory time 6 → 36 (+30 µs, 6.00×), then the shares in the
 * Summary's order, judged since the steps did not change, each said by
 * its points (8.6): the busiest stream's share, stream 7's 100 + 50 + 30
 * + 6 = 186 of 186 + 100 (65.0 %) to 216 of 316 (68.4 %), +3.3 points
 * (+5.1 %); memory's share of the 700 µs of device time, 6/700 = 0.86 %
 * → 36/700 = 5.14 % (+4.3 points, +500 %). Percents are written as the
 * Summary writes them: 65.03 % within 0.05 of a whole number as "65%". */
static void
test_count_change (void)
{
  StTestDiffRecipe          few = base_recipe, many = base_recipe;
  g_autoptr (StTrace)       base = NULL;
  g_autoptr (StTrace)       new_ = NULL;
  g_autoptr (StProfileDiff) diff = NULL;

  few.copies = 3;
  many.copies = 18;
  base = load_recipe (&few);
  new_ = load_recipe (&many);
  diff = compare (base, new_, NULL);
  g_assert_cmpuint (st_profile_diff_get_n_findings (diff), ==, 5);
  assert_finding (diff, 0, ST_DIFF_FINDING_CLASS, "Memory +30.00 µs per step (6.00×)", 640 * US,
                  642 * US);
  assert_finding (diff, 1, ST_DIFF_FINDING_OPERATION,
                  "Memcpy DtoD (Device -> Device) +30.00 µs per step (18 instead of 3)", 640 * US,
                  642 * US);
  assert_finding (diff, 2, ST_DIFF_FINDING_METRIC, "Memory time +30.00 µs per step (6.00×)", 0,
                  1000 * US);
  assert_finding (diff, 3, ST_DIFF_FINDING_METRIC,
                  "Busiest stream's share +3.3 points (65% → 68.4%)", 0, 1000 * US);
  assert_finding (diff, 4, ST_DIFF_FINDING_METRIC,
                  "Memory share of device time +4.3 points (0.86% → 5.14%)", 0, 1000 * US);
}

/* 8.13: steps of 1000, 1000, 1600 and 1000 µs against two of 1000: the
 * spread is min 1000, median (1000 + 1000) / 2 = 1000, max 1600, mean
 * 4600 / 4 = 1150 (span_ns's value); the base's all 1000. */
static void
test_step_times (void)
{
  static const guint        lengths[] = { 1000, 1000, 1600, 1000 };
  StTestDiffRecipe          uneven = new_recipe;
  g_autoptr (StTrace)       base = load_recipe (&base_recipe);
  g_autoptr (StTrace)       new_ = NULL;
  g_autoptr (StProfileDiff) diff = NULL;
  const StStepTimes        *b, *n;

  uneven.n_steps = G_N_ELEMENTS (lengths);
  uneven.step_lengths_us = lengths;
  new_ = load_recipe (&uneven);
  diff = compare (base, new_, NULL);
  b = st_profile_diff_get_step_times (diff, ST_DIFF_BASE);
  n = st_profile_diff_get_step_times (diff, ST_DIFF_NEW);
  g_assert_cmpuint (b->count, ==, 2);
  g_assert_cmpint (b->min_ns, ==, 1000 * US);
  g_assert_cmpint (b->median_ns, ==, 1000 * US);
  g_assert_cmpint (b->max_ns, ==, 1000 * US);
  g_assert_cmpint (b->mean_ns, ==, 1000 * US);
  g_assert_cmpuint (n->count, ==, 4);
  g_assert_cmpint (n->min_ns, ==, 1000 * US);
  g_assert_cmpint (n->median_ns, ==, 1000 * US);
  g_assert_cmpint (n->max_ns, ==, 1600 * US);
  g_assert_cmpint (n->mean_ns, ==, 1150 * US);
  g_assert_cmpfloat_with_epsilon (st_profile_diff_lookup_metric (diff, "span_ns")->value[1],
                                  1150 * US, 1e-6);
}

static void
test_cancelled (void)
{
  g_autoptr (StTrace)       trace = load_recipe (&base_recipe);
  g_autoptr (GCancellable)  cancellable = g_cancellable_new ();
  g_autoptr (GError)        error = NULL;
  g_autoptr (StProfileDiff) diff = NULL;

  g_cancellable_cancel (cancellable);
  diff = st_profile_diff_compute (trace, trace, NULL, cancellable, &error);
  g_assert_null (diff);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Totals at int64's edge: the base has one 1 µs aten::big; the new side
 * two of 4 × 10^18 ns on two threads (the longest span a trace may have
 * is 4.6 × 10^18 ns). Whole profiles, one range a side: the new total is
 * their sum, 8 × 10^18 ns, exactly (the rounding of a per-range mean
 * doubled it first, past 2^63 − 1). */
static void
test_totals_at_the_edge (void)
{
  static const char base_text[]
      = "{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::big\",\"pid\":1,"
        "\"tid\":1,\"ts\":0,\"dur\":1}]}";
  static const char new_text[]
      = "{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::big\",\"pid\":1,"
        "\"tid\":1,\"ts\":0,\"dur\":4000000000000000},{\"ph\":\"X\",\"cat\":\"cpu_op\","
        "\"name\":\"aten::big\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":4000000000000000}]}";
  g_autoptr (StTrace)       base = st_test_load_text (base_text, -1);
  g_autoptr (StTrace)       new_ = st_test_load_text (new_text, -1);
  g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);
  const StOperationDiffRow *row = find_row (diff, "aten::big");

  g_assert_cmpint (row->base_total_ns, ==, 1000);
  g_assert_cmpint (row->new_total_ns, ==, G_GINT64_CONSTANT (8000000000000000000));
  g_assert_cmpint (row->delta_ns, ==, G_GINT64_CONSTANT (8000000000000000000) - 1000);
}

/* 8.6: a kernel that grew in a class whose time did not is no finding. The
 * base's GEMM kernel volta_sgemm_128x64_nt (100 µs per step) is
 * volta_sgemm_64x64_nt in the new profile, the same device and steps: the
 * library picked another kernel for the same work. At 90 µs, the GEMM
 * class shrank (−10 µs): the new kernel's whole 90 µs (a row only in the
 * new profile, over the 10 µs floor, 1 % of the 1000 µs step) is work
 * taken from the old one, not a regression, and nothing names it. At
 * 120 µs the class grew (+20 µs, 1.20×): the class is said, and the new
 * kernel, +120 µs per step, with it. */
static gboolean
names_kernel (StProfileDiff *diff, const char *text)
{
  for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
    if (g_str_equal (st_profile_diff_get_finding (diff, i)->text, text))
      return TRUE;
  return FALSE;
}

static void
test_rename_in_class (void)
{
  StTestDiffRecipe    base_gemm = base_recipe, faster = base_recipe, slower = base_recipe;
  g_autoptr (StTrace) base = NULL;

  base_gemm.gemm = "volta_sgemm_128x64_nt";
  faster.gemm = slower.gemm = "volta_sgemm_64x64_nt";
  faster.gemm_us = 90;
  slower.gemm_us = 120;
  base = load_recipe (&base_gemm);
  {
    g_autoptr (StTrace)       new_ = load_recipe (&faster);
    g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);

    for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
      g_assert_null (strstr (st_profile_diff_get_finding (diff, i)->text, "sgemm"));
  }
  {
    g_autoptr (StTrace)       new_ = load_recipe (&slower);
    g_autoptr (StProfileDiff) diff = compare (base, new_, NULL);

    g_assert_true (names_kernel (diff, "GEMM +20.00 µs per step (1.20×)"));
    g_assert_true (names_kernel (diff, "volta_sgemm_64x64_nt +120.0 µs per step"));
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/compare/normal-form", test_normal_form);
  g_test_add_func ("/model/compare/whole-line", test_whole_line);
  g_test_add_func ("/model/compare/steps", test_steps);
  g_test_add_func ("/model/compare/operations", test_operations);
  g_test_add_func ("/model/compare/findings", test_findings);
  g_test_add_func ("/model/compare/whole-without-steps", test_whole_without_steps);
  g_test_add_func ("/model/compare/small-change", test_small_change);
  g_test_add_func ("/model/compare/hardware-change", test_hardware_change);
  g_test_add_func ("/model/compare/cross-vendor", test_cross_vendor);
  g_test_add_func ("/model/compare/step-times", test_step_times);
  g_test_add_func ("/model/compare/count-change", test_count_change);
  g_test_add_func ("/model/compare/rename-in-class", test_rename_in_class);
  g_test_add_func ("/model/compare/totals-at-the-edge", test_totals_at_the_edge);
  g_test_add_func ("/model/compare/same-trace", test_same_trace);
  g_test_add_func ("/model/compare/unlike", test_unlike);
  g_test_add_func ("/model/compare/cancelled", test_cancelled);
  return g_test_run ();
}
