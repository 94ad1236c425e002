/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FLOPs and bytes from shapes (docs/metrics.md 13.5, 13.6) and the
 * findings of 16.3 they feed, on a trace written here with known shapes
 * and kernel durations, and on a real Kineto trace recorded with shapes
 * and without flops args.
 *
 * The written trace runs on one H100 SXM (bf16 989.4 TFLOP/s, 3.35 TB/s,
 * ridge 989.4 / 3.35 = 295.34 FLOP/B). Each op launches one kernel:
 *
 *   op  name         Input Dims (bf16)                kernel µs    FLOPs (2·M·N·K)  bytes
 *   1   aten::mm     [1024, 2048] × [2048, 4096]      [10, 110)    17 179 869 184   29 360 128
 *   2   aten::mm     [2048, 2048] × [2048, 2048]      [120, 160)   17 179 869 184   25 165 824
 *   3   aten::mm     [4096, 1024] × [1024, 4096]      [170, 250)   34 359 738 368   50 331 648
 *   4   aten::mm     [1024, 4096] × [4096, 2048]      [260, 310)   17 179 869 184   29 360 128
 *   5   aten::add    [1024, 4096] + [1024, 4096]      [320, 350)        4 194 304   25 165 824
 *   6   aten::addmm  [4096] + [1024, 2048] × [2048, 4096]  [360, 370)  flops arg 1e9   29 368 320
 *
 * Bytes are every input and the output once at 2 bytes: op 1 (1024·2048 +
 * 2048·4096 + 1024·4096) × 2; op 5 three [1024, 4096] tensors × 2; op 6
 * adds its bias of 4096 to op 1's. So op 1 runs at 17.18 GFLOP / 100 µs =
 * 171.8 TFLOP/s, ops 2 and 3 at 429.5 and op 4 at 343.6: all four have an
 * intensity above the ridge (585.1, 682.7, 682.7, 585.1 FLOP/B), op 1 is
 * the slowest and its peers' median is 429.5 TFLOP/s, at which its FLOPs
 * take 40 µs: 60 µs at stake. Op 5 moves 25.17 MB in 30 µs, 838.9 GB/s,
 * 25.0 % of 3.35 TB/s, which would carry it in 7.512 µs: 22.49 µs at stake.
 * Op 4 carries the flops PyTorch writes for it (2·M·N·K, the model's
 * count); op 6 a flops arg of 1 GFLOP that wins over its model's 17.18. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-diagnosis.h"
#include "st-summary.h"
#include "st-test-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US 1000
#define F1 17179869184.0 /* 2 · 1024 · 2048 · 4096 */
#define F3 34359738368.0 /* 2 · 4096 · 1024 · 4096 */
#define F5 4194304.0     /* 1024 · 4096 */
#define B1 29360128.0
#define B5 25165824.0

typedef struct
{
  const char *name;
  const char *dims;
  const char *types;
  const char *extra; /* more args, or "" */
  const char *kernel;
  guint       start, dur;
} Op;

#define BF16  "\"c10::BFloat16\""
#define MM    "[" BF16 ", " BF16 "]"
#define ADD   "[" BF16 ", " BF16 ", \"Scalar\"]"
#define ADDMM "[" BF16 ", " BF16 ", " BF16 ", \"Scalar\", \"Scalar\"]"

static const Op written_ops[] = {
  { "aten::mm", "[[1024, 2048], [2048, 4096]]", MM, "", "sm90_xmma_gemm_bf16bf16_a", 10, 100 },
  { "aten::mm", "[[2048, 2048], [2048, 2048]]", MM, "", "sm90_xmma_gemm_bf16bf16_b", 120, 40 },
  { "aten::mm", "[[4096, 1024], [1024, 4096]]", MM, "", "sm90_xmma_gemm_bf16bf16_c", 170, 80 },
  { "aten::mm", "[[1024, 4096], [4096, 2048]]", MM, ", \"flops\": 17179869184",
    "sm90_xmma_gemm_bf16bf16_d", 260, 50 },
  { "aten::add", "[[1024, 4096], [1024, 4096], []]", ADD, "", "vectorized_elementwise_kernel", 320,
    30 },
  { "aten::addmm", "[[4096], [1024, 2048], [2048, 4096], [], []]", ADDMM, ", \"flops\": 1000000000",
    "sm90_xmma_gemm_bf16bf16_e", 360, 10 },
};

static StTrace *
load_written (void)
{
  g_autoptr (GString) t = g_string_new (
      "{\"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA H100 80GB HBM3\", "
      "\"totalGlobalMem\": 85018279936, \"computeMajor\": 9, \"computeMinor\": 0, "
      "\"warpSize\": 32, \"numSms\": 132}],\n\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 10, \"args\": {\"name\": "
      "\"python\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_labels\", \"pid\": 0, \"args\": {\"labels\": \"GPU "
      "0\"}}");

  for (guint i = 0; i < G_N_ELEMENTS (written_ops); i++)
    {
      const Op *o = &written_ops[i];

      g_string_append_printf (t,
                              ",\n{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": "
                              "10, \"tid\": 10, \"ts\": %u, \"dur\": 5, \"args\": {\"Input "
                              "Dims\": %s, \"Input type\": %s%s}}",
                              o->name, i * 6, o->dims, o->types, o->extra);
      g_string_append_printf (t,
                              ",\n{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": "
                              "\"cudaLaunchKernel\", \"pid\": 10, \"tid\": 10, \"ts\": %u, "
                              "\"dur\": 1, \"args\": {\"correlation\": %u}}",
                              i * 6 + 1, i + 1);
      g_string_append_printf (t,
                              ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": "
                              "0, \"tid\": 7, \"ts\": %u, \"dur\": %u, \"args\": {\"correlation\": "
                              "%u}}",
                              o->kernel, o->start, o->dur, i + 1);
    }
  g_string_append (t, "\n]}\n");
  return st_test_load_text (t->str, t->len);
}

static StSummary *
summarise (StTrace *trace, gint64 start, gint64 end)
{
  g_autoptr (GError) error = NULL;
  StSummary         *summary = st_summary_compute (trace, start, end, NULL, &error);

  g_assert_no_error (error);
  return summary;
}

/* The row of the shape whose label is @label. */
static const StFlopRow *
shape_row (StTrace *trace, const StFlopRates *rates, const char *label)
{
  StFlopOps *ops = st_flop_ops_ensure (trace, NULL);

  for (guint i = 0; i < rates->shapes->len; i++)
    {
      const StFlopRow *row = &g_array_index (rates->shapes, StFlopRow, i);
      g_autofree char *l = st_flop_shape_dup_label (st_flop_ops_get_shape (ops, row->key), trace);

      if (g_str_equal (l, label))
        return row;
    }
  g_assert_not_reached ();
}

static const StFlopRow *
class_row (const StFlopRates *rates, StKernelClass klass)
{
  for (guint i = 0; i < rates->classes->len; i++)
    if (g_array_index (rates->classes, StFlopRow, i).key == klass)
      return &g_array_index (rates->classes, StFlopRow, i);
  return NULL;
}

/* The brief's example: 17.18 GFLOP over a 100 µs kernel is 171.8 TFLOP/s. */
static void
test_shape_rates (void)
{
  g_autoptr (StTrace)   trace = load_written ();
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  const StFlopRow      *mm = shape_row (trace, rates, "aten::mm [1024, 2048], [2048, 4096] bf16");
  double                v;

  g_assert_cmpuint (rates->shapes->len, ==, 6);
  g_assert_cmpuint (mm->count, ==, 1);
  g_assert_cmpfloat (mm->flops, ==, F1);
  g_assert_cmpfloat (mm->bytes, ==, B1);
  g_assert_cmpint (mm->device_ns, ==, 100 * US);
  g_assert_true (st_flop_row_get_rate (mm, &v));
  g_assert_cmpfloat_with_epsilon (v, 171.798691840e12, 1);
  g_assert_true (st_flop_row_get_bandwidth (mm, &v));
  g_assert_cmpfloat_with_epsilon (v, 293.60128e9, 1);
  g_assert_true (st_flop_row_get_intensity (mm, &v));
  g_assert_cmpfloat_with_epsilon (v, F1 / B1, 1e-9);
  g_assert_true (st_flop_row_get_ridge (mm, &v));
  g_assert_cmpfloat_with_epsilon (v, 989.4 / 3.35, 1e-9);
  g_assert_cmpint (st_flop_row_get_bound (mm), ==, ST_FLOP_BOUND_COMPUTE);
  g_assert_true (st_flop_row_get_roof_percent (mm, &v));
  g_assert_cmpfloat_with_epsilon (v, 100 * 171.79869184 / 989.4, 1e-9);
  /* by device time: op 1 (100 µs), 3 (80), 4 (50), 2 (40), 5 (30), 6 (10) */
  g_assert_true (&g_array_index (rates->shapes, StFlopRow, 0) == mm);
  g_assert_cmpint (g_array_index (rates->shapes, StFlopRow, 1).device_ns, ==, 80 * US);
  g_assert_cmpfloat (g_array_index (rates->shapes, StFlopRow, 1).flops, ==, F3);
  g_assert_cmpint (g_array_index (rates->shapes, StFlopRow, 5).device_ns, ==, 10 * US);
}

/* Op 5, the add: bytes-heavy, memory-bound at 25.0 % of the bandwidth. */
static void
test_memory_bound_rows (void)
{
  g_autoptr (StTrace)   trace = load_written ();
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  const StFlopRow      *add = shape_row (trace, rates, "aten::add [1024, 4096], [1024, 4096] bf16");
  const StFlopRow      *elementwise = class_row (rates, ST_KERNEL_CLASS_ELEMENTWISE);
  const StFlopRow      *gemm = class_row (rates, ST_KERNEL_CLASS_GEMM);
  double                v;

  g_assert_cmpfloat (add->flops, ==, F5);
  g_assert_cmpfloat (add->bytes, ==, B5);
  g_assert_cmpint (st_flop_row_get_bound (add), ==, ST_FLOP_BOUND_MEMORY);
  g_assert_true (st_flop_row_get_roof_percent (add, &v));
  g_assert_cmpfloat_with_epsilon (v, 100 * (B5 / 30e-6) / 3.35e12, 1e-9);
  /* the elementwise class is that add alone; every kernel of the trace
   * is an op's, so the models cover all of each class's time */
  g_assert_nonnull (elementwise);
  g_assert_cmpfloat (elementwise->bytes, ==, B5);
  g_assert_cmpint (elementwise->kernel_ns, ==, 30 * US);
  g_assert_cmpfloat_with_epsilon (elementwise->roof_ns, B5 / 3.35e12 * 1e9, 1e-6);
  /* the GEMM class: ops 1 to 4 and 6, 100 + 40 + 80 + 50 + 10 µs */
  g_assert_cmpint (gemm->device_ns, ==, 280 * US);
  g_assert_cmpint (gemm->kernel_ns, ==, 280 * US);
  g_assert_cmpint (st_flop_row_get_bound (gemm), ==, ST_FLOP_BOUND_COMPUTE);
}

/* docs/metrics.md 13.1: flops args win over the model, and where PyTorch
 * wrote them its count and the model's agree. */
static void
test_args_and_model (void)
{
  g_autoptr (StTrace) trace = load_written ();
  StFlopOps          *flop_ops = st_flop_ops_ensure (trace, NULL);
  guint               n;
  const StFlopOp     *op = st_flop_ops_get_ops (flop_ops, &n);

  g_assert_cmpuint (n, ==, 6);
  /* op 4: PyTorch's 2·M·N·K and the model's */
  g_assert_cmpfloat (op[3].flops, ==, 17179869184.0);
  g_assert_cmpfloat (st_flop_ops_get_model_flops (flop_ops, &op[3]), ==, op[3].flops);
  /* op 6: the arg of 1 GFLOP wins; the model counted 2 · 1024 · 2048 · 4096 */
  g_assert_cmpfloat (op[5].flops, ==, 1e9);
  g_assert_cmpfloat (st_flop_ops_get_model_flops (flop_ops, &op[5]), ==, F1);
  g_assert_cmpfloat (st_flop_ops_get_bytes (flop_ops, &op[5]), ==,
                     (4096 + 1024 * 2048 + 2048 * 4096 + 1024 * 4096) * 2.0);
  /* ops without flops args: the model's */
  g_assert_cmpfloat (op[0].flops, ==, F1);
  g_assert_cmpfloat (op[4].flops, ==, F5);
}

/* 13.3 and 13.4 from the models' FLOPs: GPU 0's time is [10, 370) µs. */
static void
test_mfu (void)
{
  g_autoptr (StTrace)   trace = load_written ();
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  double                all = 3 * F1 + F3 + F5 + 1e9, mfu;
  const StFlopDevice   *gpu = &g_array_index (rates->devices, StFlopDevice, 0);

  g_assert_cmpuint (rates->ops, ==, 6);
  g_assert_cmpfloat_with_epsilon (rates->flops, all, 1);
  g_assert_cmpint (rates->device_ns, ==, 310 * US);
  g_assert_true (st_flop_rates_get_mfu (rates, &mfu));
  g_assert_cmpfloat_with_epsilon (mfu, 100 * (all / 989.4e12) / 360e-6, 1e-9);
  g_assert_cmpstr (gpu->model, ==, "H100 SXM");
  g_assert_cmpfloat (gpu->peak_bytes_per_second, ==, 3.35e12);
  g_assert_cmpfloat_with_epsilon (gpu->ridge, 989.4 / 3.35, 1e-9);
}

/* [0, 60 µs) holds half of op 1's kernel, [10, 60): half its FLOPs. */
static void
test_range (void)
{
  g_autoptr (StTrace)   trace = load_written ();
  g_autoptr (StSummary) summary = summarise (trace, 0, 60 * US);
  const StFlopRates    *rates = st_summary_get_flops (summary);
  const StFlopRow      *mm;

  g_assert_cmpuint (rates->shapes->len, ==, 1);
  mm = &g_array_index (rates->shapes, StFlopRow, 0);
  g_assert_cmpfloat (mm->flops, ==, F1 / 2);
  g_assert_cmpfloat (mm->bytes, ==, B1 / 2);
  g_assert_cmpint (mm->device_ns, ==, 50 * US);
  g_assert_cmpuint (mm->count, ==, 1);
}

static const StFinding *
finding (StDiagnosis *d, const char *id)
{
  for (guint i = 0; i < st_diagnosis_get_n_findings (d); i++)
    if (g_str_equal (st_diagnosis_get_finding (d, i)->id, id))
      return st_diagnosis_get_finding (d, i);
  return NULL;
}

static StDiagnosis *
diagnose (StTrace *trace, StSummary *summary)
{
  g_autoptr (GError) error = NULL;
  StDiagnosis       *d = st_diagnosis_compute (trace, summary, NULL, &error);

  g_assert_no_error (error);
  return d;
}

/* 16.3: op 1 at 40 % of its peers' 429.5 TFLOP/s, 60 µs at stake; the
 * elementwise class at 25 % of the bandwidth, 30 − 7.512 µs at stake. */
static void
test_findings (void)
{
  g_autoptr (StTrace)     trace = load_written ();
  g_autoptr (StSummary)   summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  g_autoptr (StDiagnosis) d = diagnose (trace, summary);
  const StFinding        *slow = finding (d, "slow-shape");
  const StFinding        *memory = finding (d, "memory-bound");

  g_assert_nonnull (slow);
  g_assert_cmpint (slow->kind, ==, ST_FINDING_SLOW_SHAPE);
  g_assert_cmpint (llabs (slow->time_at_stake_ns - 60 * US), <=, 1);
  g_assert_nonnull (strstr (slow->text, "aten::mm [1024, 2048], [2048, 4096] bf16"));
  g_assert_nonnull (strstr (slow->text, "171.8 TFLOP/s"));
  g_assert_nonnull (strstr (slow->text, "40% of the median of its 3 peers"));
  g_assert_nonnull (strstr (slow->text, "429.5 TFLOP/s"));
  g_assert_cmpint (slow->start_ns, ==, 10 * US);
  g_assert_cmpint (slow->end_ns, ==, 110 * US);
  g_assert_cmpstr (g_ptr_array_index (slow->operations, 0), ==, "aten::mm");
  g_assert_nonnull (memory);
  g_assert_cmpint (llabs (memory->time_at_stake_ns - (30 * US - 7512)), <=, 1);
  g_assert_nonnull (strstr (memory->text, "Elementwise"));
  g_assert_nonnull (strstr (memory->text, "25%"));
  g_assert_cmpstr (g_ptr_array_index (memory->operations, 0), ==, "aten::add");
  /* the GEMMs are compute-bound: no memory-bound finding of theirs */
  g_assert_null (strstr (memory->text, "GEMM"));
}

/* A trace of @n aten::mm written without Input Dims, then one with: the
 * probe of 13.1 reads 32 of a name without shapes, then no more. */
static StTrace *
load_probe (guint n)
{
  g_autoptr (GString) t = g_string_new ("{\"traceEvents\": [\n");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (t,
                            "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", "
                            "\"pid\": 1, \"tid\": 1, \"ts\": %u, \"dur\": 1},\n",
                            i * 2);
  g_string_append_printf (
      t,
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 1, "
      "\"tid\": 1, \"ts\": %u, \"dur\": 1, \"args\": {\"Input Dims\": [[2, 3], "
      "[3, 4]], \"Input type\": [\"float\", \"float\"]}}\n]}",
      n * 2);
  return st_test_load_text (t->str, t->len);
}

static void
test_probe (void)
{
  g_autoptr (StTrace) within = load_probe (31);
  g_autoptr (StTrace) beyond = load_probe (32);
  guint               n;

  /* 2 · 2 · 4 · 3 FLOPs, host-timed */
  g_assert_nonnull (st_flop_ops_get_ops (st_flop_ops_ensure (within, NULL), &n));
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (st_flop_ops_get_ops (st_flop_ops_ensure (within, NULL), &n)[0].flops, ==, 48);
  st_flop_ops_get_ops (st_flop_ops_ensure (beyond, NULL), &n);
  g_assert_cmpuint (n, ==, 0);
}

/* Shapes a model cannot read are "no model", never guessed; a causal
 * mask not recorded is said. */
static void
test_no_model (void)
{
  static const char text[]
      = "{\"traceEvents\": [\n"
        "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 1, \"tid\": 1, "
        "\"ts\": 0, \"dur\": 1, \"args\": {\"Input Dims\": [[2, 3], [5, 4]], \"Input type\": "
        "[\"float\", \"float\"]}},\n"
        "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::scaled_dot_product_attention\", "
        "\"pid\": 1, \"tid\": 1, \"ts\": 2, \"dur\": 1, \"args\": {\"Input Dims\": [[1, 2, 3, 4], "
        "[1, 2, 3, 4], [1, 2, 3, 4]], \"Input type\": [\"float\", \"float\", \"float\"]}}\n]}";
  g_autoptr (StTrace)   trace = st_test_load_text (text, -1);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  StFlopOps            *ops = st_flop_ops_ensure (trace, NULL);
  const StFlopShape    *sdpa;

  g_assert_cmpuint (rates->no_model->len, ==, 1);
  g_assert_cmpstr (
      st_trace_get_string (trace, g_array_index (rates->no_model, StFlopNoModelCount, 0).name), ==,
      "aten::mm");
  g_assert_cmpuint (rates->shapes->len, ==, 1);
  sdpa = st_flop_ops_get_shape (ops, g_array_index (rates->shapes, StFlopRow, 0).key);
  g_assert_cmpint (sdpa->assumed, ==, ST_SHAPE_ASSUMED_NOT_CAUSAL);
  /* not causal: 2 · 1 · 2 · 3 · 3 · (4 + 4) */
  g_assert_cmpfloat (g_array_index (rates->shapes, StFlopRow, 0).flops, ==, 288);
}

/* tests/data/real/tracelens_h100_qwen1.5_0.5b.json.gz: Kineto on an H100,
 * recorded with shapes and without flops args. Its 24 aten::mm of
 * [8944, 1024] × [1024, 1024] bf16 each launch one
 * sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64 kernel
 * (their cudaLaunchKernel's correlation inside the op); read from the
 * file, those kernels last 31.392 to 31.936 µs and 758.140 µs in all. So
 * the row holds 24 × 2 · 8944 · 1024 · 1024 = 450 166 259 712 FLOPs in
 * 758 140 ns: 593.78 TFLOP/s, 60.0 % of 989.4; its bytes are 24 ×
 * (8944 · 1024 · 2 + 1024 · 1024) × 2. */
static void
test_real_h100 (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("real", "tracelens_h100_qwen1.5_0.5b.json.gz", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  const StFlopRow      *o_proj;
  const StFlopDevice   *gpu;
  double                achieved, mfu, v;

  g_assert_nonnull (rates);
  g_assert_cmpuint (rates->ops, >, 0);
  g_assert_cmpuint (rates->host_timed_ops, ==, 0);
  g_assert_true (st_flop_rates_get_achieved (rates, &achieved));
  g_assert_true (st_flop_rates_get_mfu (rates, &mfu));
  g_assert_cmpfloat (mfu, >, 0);
  gpu = &g_array_index (rates->devices, StFlopDevice, 0);
  g_assert_cmpstr (gpu->model, ==, "H100 SXM");
  g_assert_cmpint (gpu->type, ==, ST_FLOP_BF16);
  g_assert_true (gpu->has_mfu);
  o_proj = shape_row (trace, rates, "aten::mm [8944, 1024], [1024, 1024] bf16");
  g_assert_cmpuint (o_proj->count, ==, 24);
  g_assert_cmpfloat (o_proj->flops, ==, 450166259712.0);
  g_assert_cmpint (o_proj->device_ns, ==, 758140);
  g_assert_cmpfloat (o_proj->bytes, ==, 24 * (8944.0 * 1024 * 2 + 1024 * 1024) * 2);
  g_assert_true (st_flop_row_get_rate (o_proj, &v));
  g_assert_cmpfloat_with_epsilon (v, 450166259712.0 / 758140e-9, 1);
  g_assert_true (st_flop_row_get_peak_percent (o_proj, &v));
  g_assert_cmpfloat_with_epsilon (v, 100 * 450166259712.0 / 758140e-9 / 989.4e12, 1e-9);
  g_assert_cmpint (st_flop_row_get_bound (o_proj), ==, ST_FLOP_BOUND_COMPUTE);
}

/* Every GEMM shape of the real trace: its rate is 2·M·N·K × its count over
 * its kernels' time (its FLOPs are the model's, none come from args). */
static void
test_real_gemm_rows (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("real", "tracelens_h100_qwen1.5_0.5b.json.gz", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  StFlopOps            *ops = st_flop_ops_ensure (trace, NULL);
  guint                 gemms = 0;

  for (guint i = 0; i < rates->shapes->len; i++)
    {
      const StFlopRow   *row = &g_array_index (rates->shapes, StFlopRow, i);
      const StFlopShape *shape = st_flop_ops_get_shape (ops, row->key);
      gint64             m, k, n;
      double             rate;

      if (shape->kind != ST_SHAPE_MODEL_GEMM
          || !g_str_equal (st_trace_get_string (trace, shape->name), "aten::mm"))
        continue;
      g_assert_cmpint (sscanf (shape->dims,
                               "[[%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT "],[%*d,%" G_GINT64_FORMAT
                               "]]",
                               &m, &k, &n),
                       ==, 3);
      g_assert_true (st_flop_row_get_rate (row, &rate));
      g_assert_cmpfloat_with_epsilon (rate, 2.0 * m * n * k * row->count * 1e9 / row->device_ns, 1);
      gemms++;
    }
  /* gate and up, down, o_proj */
  g_assert_cmpuint (gemms, ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/flop-shapes/rates", test_shape_rates);
  g_test_add_func ("/model/flop-shapes/memory-bound", test_memory_bound_rows);
  g_test_add_func ("/model/flop-shapes/args-and-model", test_args_and_model);
  g_test_add_func ("/model/flop-shapes/mfu", test_mfu);
  g_test_add_func ("/model/flop-shapes/range", test_range);
  g_test_add_func ("/model/flop-shapes/findings", test_findings);
  g_test_add_func ("/model/flop-shapes/probe", test_probe);
  g_test_add_func ("/model/flop-shapes/no-model", test_no_model);
  g_test_add_func ("/model/flop-shapes/real-h100", test_real_h100);
  g_test_add_func ("/model/flop-shapes/real-gemm-rows", test_real_gemm_rows);
  return g_test_run ();
}
