/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The models of docs/metrics.md 13.5: the FLOPs and bytes an operator's
 * shapes say it computes and moves. Every FLOP count is checked against a
 * hand count: the loops below walk the operation as it computes, one
 * multiply-add at a time, for small shapes, and count 2 FLOPs for each;
 * every byte count is the tensors' elements added up by hand in the
 * comment, times their types' sizes. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-shape-model.h"

#include <string.h>

static gboolean
compute (const char  *name,
         const char  *dims,
         const char  *types,
         const char  *concrete,
         StShapeWork *out)
{
  guint       model = st_shape_model_lookup (name);
  StShapeArgs args = { dims,     dims ? strlen (dims) : 0,        types, types ? strlen (types) : 0,
                       concrete, concrete ? strlen (concrete) : 0 };

  g_assert_cmpuint (model, >, 0);
  return st_shape_model_compute (model, &args, out);
}

/* --- hand counts ------------------------------------------------------------ */

static double
gemm_macs (guint batch, guint m, guint n, guint k)
{
  double macs = 0;

  for (guint b = 0; b < batch; b++)
    for (guint i = 0; i < m; i++)
      for (guint j = 0; j < n; j++)
        for (guint x = 0; x < k; x++)
          macs++;
  return macs;
}

/* q·kᵀ then the weights times v, each query-key pair the mask keeps: a
 * row i keeps the keys j < @keep (i). */
static double
attention_macs (guint    b,
                guint    h,
                guint    lq,
                guint    lk,
                guint    e,
                guint    ev,
                gint     shift,
                gboolean causal)
{
  double macs = 0;

  for (guint n = 0; n < b * h; n++)
    for (guint i = 0; i < lq; i++)
      for (guint j = 0; j < lk; j++)
        if (!causal || (gint)j <= (gint)i + shift)
          macs += e + ev;
  return macs;
}

/* A 2-D convolution walked output by output: each output element sums
 * over its group's input channels and the kernel window, padding
 * included. The output positions are those where the dilated window
 * starts inside the padded input and ends inside it. */
static double
conv2d_macs (guint n,
             guint c,
             guint h,
             guint w,
             guint co,
             guint groups,
             guint k,
             guint stride,
             guint pad,
             guint dil)
{
  double macs = 0;

  for (guint b = 0; b < n; b++)
    for (guint o = 0; o < co; o++)
      for (guint y = 0; y + dil * (k - 1) < h + 2 * pad; y += stride)
        for (guint x = 0; x + dil * (k - 1) < w + 2 * pad; x += stride)
          for (guint ci = 0; ci < c / groups; ci++)
            for (guint ky = 0; ky < k; ky++)
              for (guint kx = 0; kx < k; kx++)
                macs++;
  return macs;
}

/* --- GEMM --------------------------------------------------------------------- */

static void
test_gemm (void)
{
  StShapeWork w;

  /* [3, 4] × [4, 5] fp32; bytes (12 + 20 + 15) × 4 */
  g_assert_true (compute ("aten::mm", "[[3, 4], [4, 5]]", "[\"float\", \"float\"]", NULL, &w));
  g_assert_cmpint (w.kind, ==, ST_SHAPE_MODEL_GEMM);
  g_assert_cmpfloat (w.flops, ==, 2 * gemm_macs (1, 3, 5, 4));
  g_assert_cmpfloat (w.bytes, ==, 188);
  /* addmm (bias [5], [3, 4], [4, 5], two scalars) bf16: (5 + 12 + 20 + 15) × 2 */
  g_assert_true (compute ("aten::addmm", "[[5], [3, 4], [4, 5], [], []]",
                          "[\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\", "
                          "\"Scalar\"]",
                          "[\"\", \"\", \"\", \"1\", \"1\"]", &w));
  g_assert_cmpfloat (w.flops, ==, 2 * gemm_macs (1, 3, 5, 4));
  g_assert_cmpfloat (w.bytes, ==, 104);
  /* bmm [2, 3, 4] × [2, 4, 5] fp16: (24 + 40 + 30) × 2 */
  g_assert_true (
      compute ("aten::bmm", "[[2, 3, 4], [2, 4, 5]]", "[\"c10::Half\", \"c10::Half\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 2 * gemm_macs (2, 3, 5, 4));
  g_assert_cmpfloat (w.bytes, ==, 188);
  /* baddbmm C [2, 3, 5] + [2, 3, 4] × [2, 4, 5] fp32: (30 + 24 + 40 + 30) × 4 */
  g_assert_true (compute ("aten::baddbmm", "[[2, 3, 5], [2, 3, 4], [2, 4, 5], [], []]",
                          "[\"float\", \"float\", \"float\", \"Scalar\", \"Scalar\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 2 * gemm_macs (2, 3, 5, 4));
  g_assert_cmpfloat (w.bytes, ==, 496);
  /* the brief's example: mm [1024, 2048] × [2048, 4096] is 17.18 GFLOP */
  g_assert_true (compute ("aten::mm", "[[1024, 2048], [2048, 4096]]",
                          "[\"c10::BFloat16\", \"c10::BFloat16\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 2.0 * 1024 * 2048 * 4096);
  /* a type of no size: its FLOPs, its bytes unknown */
  g_assert_true (compute ("aten::mm", "[[3, 4], [4, 5]]",
                          "[\"c10::Float4_e2m1fn_x2\", \"c10::Float4_e2m1fn_x2\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 120);
  g_assert_cmpfloat (w.bytes, ==, 0);
}

static void
test_gemm_unreadable (void)
{
  StShapeWork w;

  /* A's K is not B's; a 3-D A for mm; no Input Dims; an empty list */
  g_assert_false (compute ("aten::mm", "[[3, 4], [5, 6]]", "[\"float\", \"float\"]", NULL, &w));
  g_assert_false (compute ("aten::mm", "[[2, 3, 4], [4, 5]]", "[\"float\", \"float\"]", NULL, &w));
  g_assert_false (compute ("aten::mm", NULL, "[\"float\", \"float\"]", NULL, &w));
  g_assert_false (compute ("aten::bmm", "[]", NULL, NULL, &w));
  g_assert_false (compute ("aten::bmm", "[[2, 3, 4], [3, 4, 5]]", NULL, NULL, &w));
  /* a size no tensor has (2⁴⁰ + 1), and a list of sizes that is no list of numbers */
  g_assert_false (compute ("aten::mm", "[[3, 1099511627777], [1099511627777, 5]]",
                           "[\"float\", \"float\"]", NULL, &w));
  g_assert_false (compute ("aten::add", "[[4], [\"x\"]]", "[\"float\", \"float\"]", NULL, &w));
}

/* --- attention ------------------------------------------------------------------ */

#define BF16_3 "[\"c10::BFloat16\", \"c10::BFloat16\", \"c10::BFloat16\""

static void
test_attention (void)
{
  StShapeWork w;

  /* q [1, 2, 3, 4], k and v [1, 2, 5, 4] bf16, not causal: bytes (24 + 40 + 40 + 24) × 2 */
  g_assert_true (compute ("aten::scaled_dot_product_attention",
                          "[[1, 2, 3, 4], [1, 2, 5, 4], [1, 2, 5, 4], [], [], [], [], []]",
                          BF16_3 ", \"\", \"Scalar\", \"Scalar\", \"Scalar\", \"Scalar\"]",
                          "[\"\", \"\", \"\", \"\", \"0.\", \"False\", \"0.5\", \"False\"]", &w));
  g_assert_cmpint (w.kind, ==, ST_SHAPE_MODEL_ATTENTION);
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (1, 2, 3, 5, 4, 4, 0, FALSE));
  g_assert_cmpfloat (w.bytes, ==, 256);
  g_assert_cmpstr (w.params, ==, "not causal");
  g_assert_cmpint (w.assumed, ==, ST_SHAPE_ASSUMED_NOTHING);
  st_shape_work_clear (&w);
  /* causal, from the top left: row i keeps keys j ≤ i */
  g_assert_true (compute ("aten::scaled_dot_product_attention",
                          "[[1, 2, 3, 4], [1, 2, 5, 4], [1, 2, 5, 4], [], [], [], [], []]",
                          BF16_3 "]",
                          "[\"\", \"\", \"\", \"\", \"0.\", \"True\", \"0.5\", \"False\"]", &w));
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (1, 2, 3, 5, 4, 4, 0, TRUE));
  g_assert_cmpstr (w.params, ==, "causal");
  st_shape_work_clear (&w);
  /* no Concrete Inputs: counted as not causal, and said */
  g_assert_true (compute ("aten::_scaled_dot_product_flash_attention",
                          "[[1, 2, 3, 4], [1, 2, 5, 4], [1, 2, 5, 4], [], [], []]", BF16_3 "]",
                          NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (1, 2, 3, 5, 4, 4, 0, FALSE));
  g_assert_null (w.params);
  g_assert_cmpint (w.assumed, ==, ST_SHAPE_ASSUMED_NOT_CAUSAL);
}

/* The layouts [b, L, h, E], grouped-query heads, v's own head size and
 * xFormers' mask from the bottom right. */
static void
test_attention_layouts (void)
{
  StShapeWork w;
  const char *c = "[\"\", \"\", \"\", \"\", \"\", \"3\", \"5\", \"0.\", \"True\", \"False\"]";

  /* _flash_attention_forward, [b, L, h, E]: the same as [1, 2, 3, 4] causal */
  g_assert_true (compute ("aten::_flash_attention_forward",
                          "[[1, 3, 2, 4], [1, 5, 2, 4], [1, 5, 2, 4], [], [], [], [], [], [], []]",
                          BF16_3 "]", c, &w));
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (1, 2, 3, 5, 4, 4, 0, TRUE));
  st_shape_work_clear (&w);
  /* 4 query heads over 2 key heads; v of head size 6 */
  g_assert_true (compute ("aten::scaled_dot_product_attention",
                          "[[2, 4, 3, 4], [2, 2, 5, 4], [2, 2, 5, 6]]", BF16_3 "]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (2, 4, 3, 5, 4, 6, 0, FALSE));
  /* output [2, 4, 3, 6]: (96 + 80 + 120 + 144) × 2 */
  g_assert_cmpfloat (w.bytes, ==, 880);
  /* custom_mask_type 2: row i keeps keys j ≤ i + (Lk − Lq) */
  g_assert_true (compute ("aten::_efficient_attention_forward",
                          "[[1, 3, 2, 4], [1, 5, 2, 4], [1, 5, 2, 4], [], [], [], [], [], [], []]",
                          BF16_3 "]",
                          "[\"\", \"\", \"\", \"\", \"\", \"\", \"\", \"\", \"0.\", \"2\"]", &w));
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (1, 2, 3, 5, 4, 4, 2, TRUE));
  g_assert_cmpstr (w.params, ==, "causal, from the bottom right");
  st_shape_work_clear (&w);
  /* more query rows than keys, causal from the top left: rows past Lk keep all keys */
  g_assert_true (compute ("aten::_scaled_dot_product_efficient_attention",
                          "[[1, 1, 6, 2], [1, 1, 4, 2], [1, 1, 4, 2]]", BF16_3 "]",
                          "[\"\", \"\", \"\", \"\", \"\", \"0.\", \"True\"]", &w));
  g_assert_cmpfloat (w.flops, ==, 2 * attention_macs (1, 1, 6, 4, 2, 2, 0, TRUE));
  st_shape_work_clear (&w);
  /* heads that do not divide; a packed (varlen) 3-D q */
  g_assert_false (compute ("aten::scaled_dot_product_attention",
                           "[[1, 3, 3, 4], [1, 2, 5, 4], [1, 2, 5, 4]]", BF16_3 "]", NULL, &w));
  g_assert_false (compute ("aten::_flash_attention_forward", "[[7, 2, 4], [9, 2, 4], [9, 2, 4]]",
                           BF16_3 "]", NULL, &w));
}

/* --- convolution ----------------------------------------------------------------- */

static void
test_convolution (void)
{
  StShapeWork w;

  /* x [1, 2, 5, 5], w [3, 2, 3, 3], stride 2, padding 1: a 3 × 3 output;
   * bytes (50 + 54 + 27) × 4 */
  g_assert_true (compute ("aten::conv2d", "[[1, 2, 5, 5], [3, 2, 3, 3], [], [], [], [], []]",
                          "[\"float\", \"float\", \"\", \"ScalarList\", \"ScalarList\", "
                          "\"ScalarList\", \"Scalar\"]",
                          "[\"\", \"\", \"\", \"[2, 2]\", \"[1, 1]\", \"[1, 1]\", \"1\"]", &w));
  g_assert_cmpint (w.kind, ==, ST_SHAPE_MODEL_CONVOLUTION);
  g_assert_cmpfloat (w.flops, ==, 2 * conv2d_macs (1, 2, 5, 5, 3, 1, 3, 2, 1, 1));
  g_assert_cmpfloat (w.bytes, ==, 524);
  g_assert_cmpstr (w.params, ==, "stride [2, 2], padding [1, 1], dilation [1, 1], groups 1");
  st_shape_work_clear (&w);
  /* dilation 2, no padding: x [1, 1, 7, 7], w [1, 1, 3, 3]; one number for both sizes */
  g_assert_true (
      compute ("aten::convolution", "[[1, 1, 7, 7], [1, 1, 3, 3], [], [], [], [], [], [], []]",
               "[\"float\", \"float\"]",
               "[\"\", \"\", \"\", \"1\", \"0\", \"2\", \"False\", \"[0, 0]\", \"1\"]", &w));
  g_assert_cmpfloat (w.flops, ==, 2 * conv2d_macs (1, 1, 7, 7, 1, 1, 3, 1, 0, 2));
  st_shape_work_clear (&w);
  /* groups 2 from the weight (4 channels, 2 a group), no Concrete Inputs:
   * an output the size of the input, as stride 1 and padding 1 give */
  g_assert_true (compute ("aten::cudnn_convolution",
                          "[[1, 4, 4, 4], [4, 2, 3, 3], [], [], [], [], [], [], []]",
                          "[\"float\", \"float\", \"GenericList\", \"GenericList\", "
                          "\"GenericList\", \"Int\", \"Bool\", \"Bool\", \"Bool\"]",
                          NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 2 * conv2d_macs (1, 4, 4, 4, 4, 2, 3, 1, 1, 1));
  g_assert_cmpint (w.assumed, ==, ST_SHAPE_ASSUMED_SAME_SIZE);
  g_assert_null (w.params);
}

/* 1-D and transposed: counted in loops of their own. */
static void
test_convolution_other (void)
{
  StShapeWork w;
  double      macs = 0;

  /* conv1d x [2, 3, 10], w [4, 3, 3], stride 1, no padding: 8 outputs each */
  for (guint b = 0; b < 2; b++)
    for (guint o = 0; o < 4; o++)
      for (guint x = 0; x + 3 <= 10; x++)
        macs += 3 * 3;
  g_assert_true (compute ("aten::conv1d", "[[2, 3, 10], [4, 3, 3], [4], [], [], [], []]",
                          "[\"float\", \"float\", \"float\"]",
                          "[\"\", \"\", \"\", \"[1]\", \"[0]\", \"[1]\", \"1\"]", &w));
  g_assert_cmpfloat (w.flops, ==, 2 * macs);
  st_shape_work_clear (&w);
  /* transposed, x [1, 2, 3, 3], w [2, 3, 2, 2]: each input element
   * scatters into 3 output channels through a 2 × 2 window */
  macs = 0;
  for (guint c = 0; c < 2; c++)
    for (guint i = 0; i < 9; i++)
      for (guint o = 0; o < 3; o++)
        macs += 2 * 2;
  g_assert_true (compute ("aten::convolution", "[[1, 2, 3, 3], [2, 3, 2, 2]]",
                          "[\"float\", \"float\"]",
                          "[\"\", \"\", \"\", \"[2, 2]\", \"[0, 0]\", \"[1, 1]\", \"True\", "
                          "\"[0, 0]\", \"1\"]",
                          &w));
  g_assert_cmpfloat (w.flops, ==, 2 * macs);
  /* the output is (3 − 1) × 2 + (2 − 1) + 1 = 6 a side: bytes (18 + 24 + 3 × 36) × 4 */
  g_assert_cmpfloat (w.bytes, ==, 600);
  st_shape_work_clear (&w);
  /* a stride beyond 2²⁰ */
  g_assert_false (compute ("aten::conv1d", "[[1, 1, 8], [1, 1, 3]]", "[\"float\", \"float\"]",
                           "[\"\", \"\", \"\", \"[2000000]\", \"[0]\", \"[1]\", \"1\"]", &w));
  /* groups that do not divide the channels */
  g_assert_false (
      compute ("aten::conv2d", "[[1, 5, 4, 4], [4, 2, 3, 3]]", "[\"float\", \"float\"]", NULL, &w));
}

/* --- elementwise, norms, copies -------------------------------------------------- */

static void
test_elementwise (void)
{
  StShapeWork w;

  /* [2, 3] + [3] fp32 → [2, 3]: 6 FLOPs; bytes (6 + 3 + 6) × 4 */
  g_assert_true (
      compute ("aten::add", "[[2, 3], [3], []]", "[\"float\", \"float\", \"Scalar\"]", NULL, &w));
  g_assert_cmpint (w.kind, ==, ST_SHAPE_MODEL_ELEMENTWISE);
  g_assert_cmpfloat (w.flops, ==, 6);
  g_assert_cmpfloat (w.bytes, ==, 60);
  /* in place, broadcast both ways: [2, 1, 4] × [3, 1] → [2, 3, 4] */
  g_assert_true (compute ("aten::mul_", "[[2, 1, 4], [3, 1]]",
                          "[\"c10::BFloat16\", \"c10::BFloat16\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 24);
  g_assert_cmpfloat (w.bytes, ==, (8 + 3 + 24) * 2);
  /* a wrapped Python number is a 0-dim double: [1, 4] float × [] double */
  g_assert_true (compute ("aten::mul", "[[1, 4], []]", "[\"float\", \"double\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 4);
  g_assert_cmpfloat (w.bytes, ==, 4 * 4 + 8 + 4 * 4);
  /* an integer add moves bytes and computes no floating-point operation */
  g_assert_true (
      compute ("aten::add", "[[4], [4], []]", "[\"long int\", \"long int\", \"Int\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 0);
  g_assert_cmpfloat (w.bytes, ==, 3 * 4 * 8);
  /* an activation: bytes only, [2, 3] in and out at bf16 */
  g_assert_true (compute ("aten::silu", "[[2, 3]]", "[\"c10::BFloat16\"]", NULL, &w));
  g_assert_cmpfloat (w.flops, ==, 0);
  g_assert_cmpfloat (w.bytes, ==, 24);
  /* sizes that do not broadcast; a type of no size; no tensor at all */
  g_assert_false (compute ("aten::add", "[[2, 3], [4]]", "[\"float\", \"float\"]", NULL, &w));
  g_assert_false (compute ("aten::silu", "[[2, 3]]", "[\"c10::Float4_e2m1fn_x2\"]", NULL, &w));
  g_assert_false (compute ("aten::add", "[[], []]", "[\"Scalar\", \"Scalar\"]", NULL, &w));
}

static void
test_norm_copy (void)
{
  StShapeWork w;

  /* layer_norm x [2, 8], weight [8], bias [8] fp32: (16 + 8 + 8 + 16) × 4 */
  g_assert_true (compute ("aten::layer_norm", "[[2, 8], [], [8], [8], [], []]",
                          "[\"float\", \"ScalarList\", \"float\", \"float\", \"Scalar\", "
                          "\"Scalar\"]",
                          NULL, &w));
  g_assert_cmpint (w.kind, ==, ST_SHAPE_MODEL_NORM);
  g_assert_cmpfloat (w.flops, ==, 0);
  g_assert_cmpfloat (w.bytes, ==, 192);
  /* softmax [4, 16] bf16 in and out */
  g_assert_true (compute ("aten::_softmax", "[[4, 16], [], []]",
                          "[\"c10::BFloat16\", \"Scalar\", \"Scalar\"]", NULL, &w));
  g_assert_cmpfloat (w.bytes, ==, 256);
  /* copy_ into bf16 [4, 4] from fp32 [4, 4]: 32 written, 64 read */
  g_assert_true (compute ("aten::copy_", "[[4, 4], [4, 4], []]",
                          "[\"c10::BFloat16\", \"float\", \"Scalar\"]", NULL, &w));
  g_assert_cmpint (w.kind, ==, ST_SHAPE_MODEL_COPY);
  g_assert_cmpfloat (w.bytes, ==, 96);
}

static void
test_lookup (void)
{
  /* linear and matmul count through the op inside them (13.1) */
  g_assert_cmpuint (st_shape_model_lookup ("aten::linear"), ==, 0);
  g_assert_cmpuint (st_shape_model_lookup ("aten::matmul"), ==, 0);
  g_assert_cmpuint (st_shape_model_lookup ("aten::cat"), ==, 0);
  g_assert_cmpuint (st_shape_model_lookup ("aten::mm_"), ==, 0);
  g_assert_cmpuint (st_shape_model_lookup ("aten::add_"), ==, st_shape_model_lookup ("aten::add"));
  g_assert_cmpuint (st_shape_model_lookup ("aten::relu_"), ==,
                    st_shape_model_lookup ("aten::relu"));
  g_assert_cmpuint (st_shape_type_size ("c10::Float8_e4m3fnuz", 20), ==, 1);
  g_assert_cmpuint (st_shape_type_size ("c10::BFloat16", 13), ==, 2);
  g_assert_cmpuint (st_shape_type_size ("Scalar", 6), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/shape-model/gemm", test_gemm);
  g_test_add_func ("/model/shape-model/gemm-unreadable", test_gemm_unreadable);
  g_test_add_func ("/model/shape-model/attention", test_attention);
  g_test_add_func ("/model/shape-model/attention-layouts", test_attention_layouts);
  g_test_add_func ("/model/shape-model/convolution", test_convolution);
  g_test_add_func ("/model/shape-model/convolution-other", test_convolution_other);
  g_test_add_func ("/model/shape-model/elementwise", test_elementwise);
  g_test_add_func ("/model/shape-model/norm-copy", test_norm_copy);
  g_test_add_func ("/model/shape-model/lookup", test_lookup);
  return g_test_run ();
}
