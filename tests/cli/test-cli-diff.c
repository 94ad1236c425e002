/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli diff on a generated pair (tests/model/st-test-diff-pair.h,
 * the recipes of test-profile-diff.c): the JSON of docs/metrics.md 8.8 per
 * step, and the exit statuses of bad input. Expected values are worked
 * out from the recipes: base 2 steps of 1000 µs, gemm 100, AllReduce 100;
 * new 3 steps of 1300 µs, gemm 200, AllReduce 200, an added kernel of
 * 20. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include "st-test-diff-pair.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

static const StTestDiffRecipe base_recipe = {
  TRUE, 2, 1000, 100, 100, 1024, "elementwise_kernel<float, 4>", "kernel_at_0x7f3a12", FALSE,
};
static const StTestDiffRecipe new_recipe = {
  TRUE, 3, 1300, 200, 200, 2048, "elementwise_kernel<half, 8>", "kernel_at_0x7f9b44", TRUE,
};

typedef struct
{
  char *dir;
  char *base;
  char *new_;
} Pair;

static void
pair_init_with (Pair *p, const StTestDiffRecipe *base, const StTestDiffRecipe *new_)
{
  g_autoptr (GError) error = NULL;

  p->dir = g_dir_make_tmp ("strata-cli-diff-XXXXXX", &error);
  g_assert_no_error (error);
  p->base = g_build_filename (p->dir, "base.json", NULL);
  p->new_ = g_build_filename (p->dir, "new.json", NULL);
  st_test_diff_write (base, p->base);
  st_test_diff_write (new_, p->new_);
}

static void
pair_init (Pair *p)
{
  pair_init_with (p, &base_recipe, &new_recipe);
}

static void
pair_clear (Pair *p)
{
  g_unlink (p->base);
  g_unlink (p->new_);
  g_rmdir (p->dir);
  g_free (p->base);
  g_free (p->new_);
  g_free (p->dir);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pair, pair_clear)

static JsonObject *
find_by (JsonArray *array, const char *key, const char *value)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (array, i), key),
                     value))
      return json_array_get_object_element (array, i);
  g_error ("no %s %s", key, value);
}

static void
test_json (void)
{
  g_auto (Pair)          pair = { 0 };
  g_autofree char       *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError)     error = NULL;
  JsonObject            *o, *row, *part;
  JsonArray             *ops;

  pair_init (&pair);
  g_assert_cmpint (
      st_cli_test_run ((const char *[]){ "diff", "--json", "--steps", pair.base, pair.new_, NULL },
                       &out, NULL),
      ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));

  g_assert_cmpstr (json_object_get_string_member (o, "scope"), ==, "steps");
  /* one note: the steps are 30 % longer, so shares are not judged */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "notes")), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "steps"), "base"),
                   ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "steps"), "new"),
                   ==, 3);

  /* the step time 1000 → 1300 µs; idle between the device's first and
   * last work 700 − 280 = 420 → 800 − 500 = 300, the time before or after
   * it 1000 − 700 = 300 → 1300 − 800 = 500 (the pair's recipes: gemm,
   * elementwise and a kernel at [100, …), the AllReduce to 800, then 900) */
  part
      = json_object_get_object_member (json_object_get_object_member (o, "breakdown"), "step_time");
  g_assert_cmpint (json_object_get_int_member (part, "delta"), ==, 300000);
  part = json_object_get_object_member (json_object_get_object_member (o, "breakdown"), "idle");
  g_assert_cmpint (json_object_get_int_member (part, "base"), ==, 420000);
  g_assert_cmpint (json_object_get_int_member (part, "new"), ==, 300000);
  part = json_object_get_object_member (json_object_get_object_member (o, "breakdown"),
                                        "outside_device_work");
  g_assert_cmpint (json_object_get_int_member (part, "base"), ==, 300000);
  g_assert_cmpint (json_object_get_int_member (part, "new"), ==, 500000);

  row = find_by (json_object_get_array_member (o, "metrics"), "id", "compute_time_ns");
  g_assert_cmpfloat (json_object_get_double_member (row, "delta"), ==, 120000);
  g_assert_false (json_object_get_boolean_member (row, "better"));
  g_assert_cmpstr (json_object_get_string_member (row, "unit"), ==, "ns");
  row = find_by (json_object_get_array_member (o, "metrics"), "id", "kernel_count");
  g_assert_true (json_object_get_null_member (row, "better"));
  /* busy 40 % → 62.5 %, a share of a step 30 % longer: not judged */
  row = find_by (json_object_get_array_member (o, "metrics"), "id", "device_busy_percent");
  g_assert_cmpstr (json_object_get_string_member (row, "unit"), ==, "percent");
  g_assert_true (json_object_get_null_member (row, "better"));

  /* 8.13: every step 1000 µs in the base, 1300 in the new one */
  part = json_object_get_object_member (json_object_get_object_member (o, "step_times"), "new");
  g_assert_cmpint (json_object_get_int_member (part, "count"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (part, "min_ns"), ==, 1300000);
  g_assert_cmpint (json_object_get_int_member (part, "median_ns"), ==, 1300000);
  g_assert_cmpint (json_object_get_int_member (part, "max_ns"), ==, 1300000);
  g_assert_cmpint (json_object_get_int_member (part, "mean_ns"), ==, 1300000);

  /* 8.12: GEMM 100 → 200 µs (2×); communication 100 → 200; other 30 →
   * 50 (the added kernel) */
  row = find_by (json_object_get_array_member (o, "classes"), "class", "gemm");
  g_assert_cmpint (json_object_get_int_member (row, "base_ns"), ==, 100000);
  g_assert_cmpint (json_object_get_int_member (row, "new_ns"), ==, 200000);
  g_assert_cmpfloat (json_object_get_double_member (row, "ratio"), ==, 2);
  g_assert_cmpfloat (json_object_get_double_member (row, "new_count"), ==, 1);
  row = find_by (json_object_get_array_member (o, "classes"), "class", "other");
  g_assert_cmpint (json_object_get_int_member (row, "delta_ns"), ==, 20000);

  /* 8.11: neither side has metadata; both launch with cudaLaunchKernel */
  part = json_object_get_object_member (o, "environment");
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (part, "new"), "vendor"), ==,
      "NVIDIA");
  g_assert_true (
      json_object_get_null_member (json_object_get_object_member (part, "new"), "device_model"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (part, "differences")), ==,
                    0);
  g_assert_true (json_object_get_null_member (part, "warning"));

  /* sorted by |delta_ns|, kernels first, then by name: the AllReduce
   * kernel and the gemm are +100 µs each, "ncclDev…" before "sm90…" */
  ops = json_object_get_array_member (o, "operations");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (ops, 0), "name"),
                   ==, "ncclDevKernel_AllReduce_Sum_f32_RING_LL");
  row = find_by (ops, "name", "sm90_gemm_kernel");
  g_assert_cmpstr (json_object_get_string_member (row, "kind"), ==, "kernel");
  g_assert_cmpstr (json_object_get_string_member (row, "match"), ==, "exact");
  g_assert_cmpint (json_object_get_int_member (row, "base_total_ns"), ==, 100000);
  g_assert_cmpint (json_object_get_int_member (row, "new_total_ns"), ==, 200000);
  g_assert_cmpint (json_object_get_int_member (row, "delta_ns"), ==, 100000);
  g_assert_cmpfloat (json_object_get_double_member (row, "delta_percent"), ==, 100);
  g_assert_false (json_object_has_member (row, "base_names"));
  row = find_by (ops, "name", "added_kernel");
  g_assert_cmpstr (json_object_get_string_member (row, "match"), ==, "added");
  g_assert_true (json_object_get_null_member (row, "delta_percent"));
  row = find_by (ops, "name", "elementwise_kernel<half, 8>");
  g_assert_cmpstr (json_object_get_string_member (row, "match"), ==, "normalized");
  g_assert_cmpstr (
      json_array_get_string_element (json_object_get_array_member (row, "base_names"), 0), ==,
      "elementwise_kernel<float, 4>");

  /* aten::mm [90, 95) holds the launch [91, 94): self 2 µs of 5 */
  row = find_by (ops, "name", "aten::mm");
  g_assert_cmpint (json_object_get_int_member (row, "base_total_ns"), ==, 5000);
  g_assert_cmpint (json_object_get_int_member (row, "base_self_ns"), ==, 2000);
  g_assert_cmpint (json_object_get_int_member (row, "delta_self_ns"), ==, 0);

  row = find_by (json_object_get_array_member (o, "collectives"), "type", "allreduce");
  g_assert_cmpint (json_object_get_int_member (row, "delta_ns"), ==, 100000);
  row = find_by (json_object_get_array_member (o, "findings"), "text",
                 "AllReduce +100.0 µs per step (2.00×)");
  g_assert_cmpint (json_object_get_int_member (row, "start_ns"), ==, 700000);
  g_assert_cmpint (json_object_get_int_member (row, "end_ns"), ==, 900000);
  g_assert_cmpstr (json_object_get_string_member (row, "kind"), ==, "collective");
  /* 8.6: the GEMM class leads (test-profile-diff works out the order) */
  row = json_array_get_object_element (json_object_get_array_member (o, "findings"), 0);
  g_assert_cmpstr (json_object_get_string_member (row, "kind"), ==, "class");
  g_assert_cmpstr (json_object_get_string_member (row, "text"), ==,
                   "GEMM +100.0 µs per step (2.00×)");
}

/* An older GPU and a smaller world (the recipes of test-profile-diff's
 * hardware change: A100 and world size 8, then V100 and 2, the GEMM 100
 * → 250 µs): the text says the hardware changed before anything else, in
 * the words of 8.11, and the GEMM class reads 2.50× slower; --json has the
 * two hardware differences, device model then world size. */
static void
test_hardware (void)
{
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
  };
  g_auto (Pair)          pair = { 0 };
  g_autofree char       *text = NULL;
  g_autofree char       *json = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *env, *d;
  const char            *warning, *worse, *gemm;

  pair_init_with (&pair, &a100, &v100);
  g_assert_cmpint (
      st_cli_test_run ((const char *[]){ "diff", "--steps", pair.base, pair.new_, NULL }, &text,
                       NULL),
      ==, 0);
  warning = strstr (text, "\nWarning: The new profile ran on a different GPU (Tesla V100-SXM2-16GB "
                          "vs NVIDIA A100-SXM4-40GB) and world size (2 vs 8): differences below "
                          "mix the change with the hardware.\n");
  worse = strstr (text, "\nWhat got worse\n");
  g_assert_nonnull (warning);
  g_assert_nonnull (worse);
  g_assert_true (warning < worse);
  gemm = strstr (text, "\n  GEMM ");
  g_assert_nonnull (gemm);
  g_assert_nonnull (strstr (gemm, "2.50× slower"));
  g_assert_true (strstr (gemm, "2.50× slower") < strchr (gemm + 1, '\n'));

  g_assert_cmpint (
      st_cli_test_run ((const char *[]){ "diff", "--json", "--steps", pair.base, pair.new_, NULL },
                       &json, NULL),
      ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  env = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                       "environment");
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (env, "base"), "world_size"), ==,
      8);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (env, "differences")), ==,
                    2);
  d = json_array_get_object_element (json_object_get_array_member (env, "differences"), 0);
  g_assert_cmpstr (json_object_get_string_member (d, "id"), ==, "device_model");
  g_assert_cmpstr (json_object_get_string_member (d, "new"), ==, "Tesla V100-SXM2-16GB");
  g_assert_true (json_object_get_boolean_member (d, "hardware"));
  d = json_array_get_object_element (json_object_get_array_member (env, "differences"), 1);
  g_assert_cmpstr (json_object_get_string_member (d, "id"), ==, "world_size");
  g_assert_cmpstr (json_object_get_string_member (d, "base"), ==, "8");
  g_assert_nonnull (json_object_get_string_member (env, "warning"));
}

/* The pair the other way round: per step, the GEMM takes 100 µs instead of
 * 200, which reads as the factor the word says, base / new = 2.00×
 * faster (docs/metrics.md 8.12), not the ratio 0.50; one GEMM per step on
 * either side, a count that is a whole number, written as one. */
static void
test_faster (void)
{
  g_auto (Pair)    pair = { 0 };
  g_autofree char *text = NULL;
  const char      *gemm;
  g_auto (GStrv)   cells = NULL;
  guint            n;

  pair_init (&pair);
  g_assert_cmpint (
      st_cli_test_run ((const char *[]){ "diff", "--steps", pair.new_, pair.base, NULL }, &text,
                       NULL),
      ==, 0);
  gemm = strstr (text, "\n  GEMM ");
  g_assert_nonnull (gemm);
  {
    g_autofree char *line = g_strndup (gemm + 1, strchr (gemm + 1, '\n') - (gemm + 1));

    cells = g_regex_split_simple ("\\s{2,}", g_strstrip (line), 0, 0);
  }
  n = g_strv_length (cells);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpstr (cells[4], ==, "2.00× faster");
  g_assert_cmpstr (cells[5], ==, "1");
  g_assert_cmpstr (cells[6], ==, "1");
}

static void
test_bad_input (void)
{
  g_auto (Pair)    pair = { 0 };
  g_autofree char *missing = NULL;
  g_autofree char *out1 = NULL, *out2 = NULL, *out3 = NULL;

  pair_init (&pair);
  missing = g_build_filename (pair.dir, "missing.json", NULL);
  g_assert_cmpint (
      st_cli_test_run ((const char *[]){ "diff", pair.base, missing, NULL }, &out1, NULL), ==, 1);
  g_assert_cmpint (
      st_cli_test_run ((const char *[]){ "diff", "--region", "9:3", pair.base, pair.new_, NULL },
                       &out2, NULL),
      ==, 2);
  g_assert_cmpint (st_cli_test_run ((const char *[]){ "diff", pair.base, NULL }, &out3, NULL), ==,
                   2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/diff/json", test_json);
  g_test_add_func ("/cli/diff/hardware", test_hardware);
  g_test_add_func ("/cli/diff/faster", test_faster);
  g_test_add_func ("/cli/diff/bad-input", test_bad_input);
  return g_test_run ();
}
