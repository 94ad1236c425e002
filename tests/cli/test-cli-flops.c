/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli summary and stats on tests/data/flops/shapes.json: the
 * shapes and kernel classes of docs/metrics.md 7, 13.6 and 14.6. The file
 * runs on one H100 SXM (bf16 989.4 TFLOP/s, 3.35 TB/s); worked out by
 * hand from its events:
 *
 *   aten::mm [1024, 2048] × [2048, 4096] bf16 (inside aten::linear, which
 *   has no model): 2 · 1024 · 2048 · 4096 = 17 179 869 184 FLOPs in its
 *   100 µs kernel, 171.8 TFLOP/s; bytes (1024·2048 + 2048·4096 +
 *   1024·4096) × 2 = 29 360 128; 585.1 FLOP/B, above the ridge 295.3:
 *   compute-bound at 171.8 / 989.4 = 17.4 % of the peak.
 *   aten::add of two [1024, 4096] bf16: 4 194 304 FLOPs, three tensors
 *   of 8 MiB, 25 165 824 bytes in 30 µs: 838.9 GB/s, memory-bound at
 *   25.0 % of 3.35 TB/s.
 *   aten::scaled_dot_product_attention [2, 8, 256, 64] causal: 256 · 257
 *   / 2 = 32 896 pairs, 2 · 2 · 8 · 32 896 · (64 + 64) = 134 742 016
 *   FLOPs in 20 µs.
 *   an aten::mm of [2, 3] × [5, 4]: no model. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <json-glib/json-glib.h>
#include <string.h>

static void
run (StCliRun *r, const char *command, const char *const *args)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", "flops", "shapes.json", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer)command);
  g_ptr_array_add (argv, path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  r->status = st_cli_test_run ((const char *const *)argv->pdata, &r->out, &r->err);
}

static JsonObject *
shape_of (JsonArray *shapes, const char *name)
{
  for (guint i = 0; i < json_array_get_length (shapes); i++)
    if (g_str_equal (
            json_object_get_string_member (json_array_get_object_element (shapes, i), "name"),
            name))
      return json_array_get_object_element (shapes, i);
  g_assert_not_reached ();
}

static void
test_summary_json (void)
{
  const char *const      args[] = { "--json", NULL };
  g_auto (StCliRun)      r = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *flops, *mm, *add, *device, *gemm;
  JsonArray             *dims, *shapes;

  run (&r, "summary", args);
  g_assert_cmpint (r.status, ==, 0);
  flops = json_object_get_object_member (st_cli_test_parse (parser, r.out), "flops");
  shapes = json_object_get_array_member (flops, "shapes");
  g_assert_cmpuint (json_array_get_length (shapes), ==, 3);
  g_assert_cmpint (json_object_get_int_member (flops, "shapes_omitted"), ==, 0);
  mm = shape_of (shapes, "aten::mm");
  dims = json_object_get_array_member (mm, "input_dims");
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (dims, 1), 1), ==,
                   4096);
  g_assert_cmpstr (json_object_get_string_member (mm, "dtype"), ==, "bf16");
  g_assert_cmpstr (json_object_get_string_member (mm, "model"), ==, "gemm");
  g_assert_cmpint (json_object_get_int_member (mm, "count"), ==, 1);
  g_assert_cmpfloat (json_object_get_double_member (mm, "flops"), ==, 17179869184.0);
  g_assert_cmpfloat (json_object_get_double_member (mm, "bytes"), ==, 29360128.0);
  g_assert_cmpint (json_object_get_int_member (mm, "device_ns"), ==, 100000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (mm, "achieved_flops_per_second"),
                                  171.79869184e12, 1);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (mm, "intensity"),
                                  17179869184.0 / 29360128.0, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (mm, "bound"), ==, "compute");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (mm, "roof_percent"),
                                  100 * 171.79869184 / 989.4, 1e-9);
  add = shape_of (shapes, "aten::add");
  g_assert_cmpstr (json_object_get_string_member (add, "bound"), ==, "memory");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (add, "roof_percent"),
                                  100 * (25165824 / 30e-6) / 3.35e12, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (
                       shape_of (shapes, "aten::scaled_dot_product_attention"), "params"),
                   ==, "causal");
  device = json_array_get_object_element (json_object_get_array_member (flops, "devices"), 0);
  g_assert_cmpfloat (json_object_get_double_member (device, "peak_bytes_per_second"), ==, 3.35e12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (device, "ridge_flops_per_byte"),
                                  989.4 / 3.35, 1e-9);
  gemm = json_array_get_object_element (json_object_get_array_member (flops, "classes"), 0);
  g_assert_cmpstr (json_object_get_string_member (gemm, "class"), ==, "gemm");
  g_assert_cmpint (json_object_get_int_member (gemm, "kernel_ns"), ==, 100000);
  g_assert_cmpstr (
      json_object_get_string_member (
          json_array_get_object_element (json_object_get_array_member (flops, "no_model"), 0),
          "name"),
      ==, "aten::mm");
}

static void
test_summary_text (void)
{
  const char *const args[] = { NULL };
  g_auto (StCliRun) r = { 0 };

  run (&r, "summary", args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "aten::mm [1024, 2048], [2048, 4096] bf16"));
  g_assert_nonnull (strstr (r.out, "171.8 TFLOP/s"));
  g_assert_nonnull (strstr (r.out, "838.9 GB/s"));
  g_assert_nonnull (strstr (r.out, "ridge point 295.3 FLOP/B"));
  g_assert_nonnull (strstr (r.out, "No model (shapes the models could not read): aten::mm (1)"));
  /* the elementwise class is a finding, at 25 % of the bandwidth; the
   * attention kernel, at 3 % of it by its model's bytes, is not judged so
   * (it re-reads K and V by tiles: docs/metrics.md 16.3) */
  g_assert_nonnull (strstr (r.out, "Elementwise kernels moved 25.17 MB in 30.00 µs"));
  g_assert_null (strstr (r.out, "Attention kernels moved"));
}

/* 14.6: stats NAME adds the shapes of NAME. */
static void
test_stats (void)
{
  const char *const      json[] = { "aten::mm", "--json", NULL };
  const char *const      text[] = { "aten::scaled_dot_product_attention", NULL };
  const char *const      none[] = { "aten::linear", "--json", NULL };
  g_auto (StCliRun)      a = { 0 }, b = { 0 }, c = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) parser2 = json_parser_new ();
  JsonArray             *shapes;

  run (&a, "stats", json);
  g_assert_cmpint (a.status, ==, 0);
  shapes = json_object_get_array_member (st_cli_test_parse (parser, a.out), "shapes");
  g_assert_cmpuint (json_array_get_length (shapes), ==, 1);
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (json_array_get_object_element (shapes, 0),
                                     "achieved_flops_per_second"),
      171.79869184e12, 1);
  run (&b, "stats", text);
  g_assert_cmpint (b.status, ==, 0);
  /* 134 742 016 FLOPs in 20 µs */
  g_assert_nonnull (strstr (b.out, "6.737 TFLOP/s"));
  g_assert_nonnull (
      strstr (b.out, "[2, 8, 256, 64], [2, 8, 256, 64], [2, 8, 256, 64] bf16, causal"));
  /* aten::linear has no model and no flops: no shapes */
  run (&c, "stats", none);
  g_assert_cmpint (c.status, ==, 0);
  shapes = json_object_get_array_member (st_cli_test_parse (parser2, c.out), "shapes");
  g_assert_cmpuint (json_array_get_length (shapes), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/flops/summary-json", test_summary_json);
  g_test_add_func ("/cli/flops/summary-text", test_summary_text);
  g_test_add_func ("/cli/flops/stats", test_stats);
  return g_test_run ();
}
