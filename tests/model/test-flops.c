/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FLOPs on GPUs (docs/metrics.md 13): the operations that carry FLOPs, the
 * rate their kernels ran at, each device's Model FLOPs Utilisation against
 * its peak, and the table of peaks. tests/data/flops/gemms.json is written
 * by hand (µs in the file, ns here); the expected values are derived from
 * its events:
 *
 *   aten::mm      4 GFLOP bf16, launches gemm_a [20, 30) and gemm_b [30, 60)
 *                 on GPU 0 (an A100): 40 µs, so 1 and 3 GFLOP, 100 TFLOP/s
 *   aten::addmm   1 GFLOP fp32 (inside aten::linear, which has none),
 *                 launches sgemm [70, 170) on GPU 0: 10 TFLOP/s
 *   aten::matmul  9 GFLOP bf16 holding aten::mm (3 GFLOP, not counted on
 *                 its own), launches a kernel [200, 230) on GPU 1, an RTX
 *                 4090 the table does not know: 300 TFLOP/s
 *   aten::mul     1 MFLOP fp32, launches nothing: host-timed over [40, 60)
 *   aten::add     flops 0: not a FLOP op
 *
 * GPU 0's device time is [20, 170): 150 µs. At peak (A100: bf16 312, fp32
 * 19.5 TFLOP/s) its FLOPs take 4e9 / 312e12 + 1e9 / 19.5e12 s =
 * 12.8205… + 51.2820… = 64.1025… µs: MFU 42.735…%. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-summary.h"
#include "st-test-util.h"

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

static const StFlopOperation *
operation (StTrace *trace, const StFlopRates *rates, const char *name)
{
  for (guint i = 0; i < rates->operations->len; i++)
    {
      const StFlopOperation *o = &g_array_index (rates->operations, StFlopOperation, i);

      if (g_str_equal (st_trace_get_string (trace, o->name), name))
        return o;
    }
  return NULL;
}

static void
test_whole (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("flops", "gemms.json", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  double                achieved, mfu;

  g_assert_nonnull (rates);
  g_assert_cmpuint (rates->ops, ==, 4);
  g_assert_cmpuint (rates->host_timed_ops, ==, 1);
  g_assert_cmpfloat (rates->flops, ==, 14.001e9);
  /* 40 + 100 + 30 µs of kernels and 20 µs on the host */
  g_assert_cmpint (rates->device_ns, ==, 190 * US);
  g_assert_true (st_flop_rates_get_achieved (rates, &achieved));
  g_assert_cmpfloat_with_epsilon (achieved, 14.001e9 / 190e-6, 1);
  g_assert_true (st_flop_rates_get_mfu (rates, &mfu));
  g_assert_cmpfloat_with_epsilon (mfu, 100 * (4e9 / 312e12 + 1e9 / 19.5e12) / 150e-6, 1e-9);
}

/* The Summary page shows its FLOPs card from the cards' part of a
 * summary, made before the operations tables: the rates test_whole
 * derives by hand. */
static void
test_cards_part (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("flops", "gemms.json", NULL);
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) cards = st_summary_compute_parts (trace, 0, st_trace_get_end_ns (trace),
                                                          ST_SUMMARY_CARDS, NULL, &error);
  const StFlopRates    *rates;

  g_assert_no_error (error);
  rates = st_summary_get_flops (cards);
  g_assert_nonnull (rates);
  g_assert_cmpuint (rates->ops, ==, 4);
  g_assert_cmpfloat (rates->flops, ==, 14.001e9);
  g_assert_cmpint (rates->device_ns, ==, 190 * US);
}

/* strata-cli summary makes the cards before the FLOP ops are known and
 * adds their rates after: none until then, and then the rates test_whole
 * derives by hand, MFU included. */
static void
test_later_rates (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("flops", "gemms.json", NULL);
  g_autoptr (GError)    error = NULL;
  g_autoptr (StSummary) cards
      = st_summary_compute_parts (trace, 0, st_trace_get_end_ns (trace),
                                  ST_SUMMARY_CARDS | ST_SUMMARY_LATER_FLOP_RATES, NULL, &error);
  const StFlopRates *rates;
  double             mfu;

  g_assert_no_error (error);
  g_assert_null (st_summary_get_flops (cards));
  g_assert_true (st_summary_add_flop_rates (cards, trace, NULL));
  rates = st_summary_get_flops (cards);
  g_assert_nonnull (rates);
  g_assert_cmpuint (rates->ops, ==, 4);
  g_assert_cmpfloat (rates->flops, ==, 14.001e9);
  g_assert_cmpint (rates->device_ns, ==, 190 * US);
  g_assert_true (st_flop_rates_get_mfu (rates, &mfu));
  g_assert_cmpfloat_with_epsilon (mfu, 100 * (4e9 / 312e12 + 1e9 / 19.5e12) / 150e-6, 1e-9);
}

static void
test_devices (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("flops", "gemms.json", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  const StFlopDevice   *gpu0, *gpu1;

  g_assert_cmpuint (rates->devices->len, ==, 2);
  gpu0 = &g_array_index (rates->devices, StFlopDevice, 0);
  gpu1 = &g_array_index (rates->devices, StFlopDevice, 1);
  g_assert_cmpstr (gpu0->label, ==, "GPU 0");
  g_assert_cmpfloat (gpu0->flops, ==, 5e9);
  g_assert_cmpint (gpu0->device_time_ns, ==, 150 * US);
  g_assert_cmpstr (gpu0->model, ==, "A100");
  /* most of its FLOPs are bf16 */
  g_assert_cmpint (gpu0->type, ==, ST_FLOP_BF16);
  g_assert_cmpfloat (gpu0->peak_flops_per_second, ==, 312e12);
  g_assert_true (gpu0->has_mfu);
  g_assert_null (gpu0->note);
  g_assert_cmpstr (gpu1->label, ==, "GPU 1");
  g_assert_false (gpu1->has_mfu);
  g_assert_null (gpu1->model);
  g_assert_cmpstr (gpu1->note, ==, "peak unknown for NVIDIA GeForce RTX 4090");
}

static void
test_operations (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("flops", "gemms.json", NULL);
  g_autoptr (StSummary)  summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates     *rates = st_summary_get_flops (summary);
  const StFlopOperation *mm = operation (trace, rates, "aten::mm");
  const StFlopOperation *addmm = operation (trace, rates, "aten::addmm");
  const StFlopOperation *matmul = operation (trace, rates, "aten::matmul");
  const StFlopOperation *mul = operation (trace, rates, "aten::mul");

  /* by FLOPs, largest first */
  g_assert_true (&g_array_index (rates->operations, StFlopOperation, 0) == matmul);
  g_assert_cmpuint (rates->operations->len, ==, 4);
  g_assert_null (operation (trace, rates, "aten::add"));
  /* the aten::mm inside aten::matmul is the matmul's work */
  g_assert_cmpuint (mm->count, ==, 1);
  g_assert_cmpfloat (mm->flops, ==, 4e9);
  g_assert_cmpint (mm->device_ns, ==, 40 * US);
  g_assert_cmpint (mm->type, ==, ST_FLOP_BF16);
  g_assert_true (mm->has_peak_percent);
  g_assert_cmpfloat_with_epsilon (mm->peak_percent, 100 * 100e12 / 312e12, 1e-9);
  g_assert_cmpint (addmm->type, ==, ST_FLOP_FP32);
  g_assert_cmpfloat_with_epsilon (addmm->peak_percent, 100 * 10e12 / 19.5e12, 1e-9);
  g_assert_cmpfloat (matmul->flops, ==, 9e9);
  g_assert_cmpint (matmul->device_ns, ==, 30 * US);
  g_assert_false (matmul->has_peak_percent);
  g_assert_true (mul->host_timed);
  g_assert_false (mul->has_peak_percent);
  g_assert_cmpint (mul->device_ns, ==, 20 * US);
  g_assert_cmpint (st_trace_get_slice (trace, mul->largest)->start, ==, 40 * US);
}

/* [25, 45): half of gemm_a (0.5 of its 1 GFLOP), half of gemm_b (1.5 of
 * 3), a quarter of aten::mul's host interval (0.25 MFLOP); GPU 0's time in
 * the range is [25, 45). */
static void
test_range (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("flops", "gemms.json", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 25 * US, 45 * US);
  const StFlopRates    *rates = st_summary_get_flops (summary);
  const StFlopDevice   *gpu0 = &g_array_index (rates->devices, StFlopDevice, 0);
  double                achieved;

  g_assert_cmpuint (rates->ops, ==, 2);
  g_assert_cmpuint (rates->host_timed_ops, ==, 1);
  g_assert_cmpfloat_with_epsilon (rates->flops, 2.00025e9, 1e-3);
  g_assert_cmpint (rates->device_ns, ==, 25 * US);
  g_assert_true (st_flop_rates_get_achieved (rates, &achieved));
  g_assert_cmpfloat_with_epsilon (achieved, 2.00025e9 / 25e-6, 1);
  g_assert_cmpuint (rates->devices->len, ==, 1);
  g_assert_cmpint (gpu0->device_time_ns, ==, 20 * US);
  g_assert_cmpfloat_with_epsilon (gpu0->mfu_percent, 100 * (2e9 / 312e12) / 20e-6, 1e-9);
}

/* Any operator that carries FLOPs counts, whatever its name: my_fused_gemm
 * (5 GFLOP) and aten::bmm (2 GFLOP) launch nothing known, so both are
 * timed on the host, 10 µs each: 7 GFLOP in 20 µs. */
static void
test_any_operator (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("flops", "named.json", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));
  const StFlopRates    *rates = st_summary_get_flops (summary);
  double                achieved, mfu;

  g_assert_cmpuint (rates->ops, ==, 2);
  g_assert_cmpuint (rates->host_timed_ops, ==, 2);
  g_assert_true (st_flop_rates_get_achieved (rates, &achieved));
  g_assert_cmpfloat_with_epsilon (achieved, 7e9 / 20e-6, 1);
  g_assert_cmpuint (rates->devices->len, ==, 0);
  g_assert_false (st_flop_rates_get_mfu (rates, &mfu));
}

/* A trace written here: @n_before aten::mm without FLOPs, then an
 * aten::mm and an aten::mul of 1 GFLOP each over 10 µs, no kernels. */
static StTrace *
load_probe_trace (guint n_before)
{
  g_autoptr (GString) text = g_string_new ("{\"traceEvents\": [\n");

  for (guint i = 0; i < n_before; i++)
    g_string_append_printf (text,
                            "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", "
                            "\"pid\": 1, \"tid\": 1, \"ts\": %u, \"dur\": 1},\n",
                            i * 2);
  for (guint k = 0; k < 2; k++)
    g_string_append_printf (text,
                            "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", "
                            "\"pid\": 1, \"tid\": 1, \"ts\": %u, \"dur\": 10, \"args\": "
                            "{\"flops\": 1000000000}}%s\n",
                            k == 0 ? "aten::mm" : "aten::mul", n_before * 2 + k * 20,
                            k == 0 ? "," : "\n]}");
  return st_test_load_text (text->str, text->len);
}

/* docs/metrics.md 13.1: a name's operators are read until one carries
 * FLOPs or 32 have not: after 31 aten::mm without, the 32nd's count; after
 * 32, the 33rd's do not, and aten::mul's, another name, still do. */
static void
test_probe (void)
{
  g_autoptr (StTrace)   within = load_probe_trace (31);
  g_autoptr (StTrace)   beyond = load_probe_trace (32);
  g_autoptr (StSummary) a = summarise (within, 0, st_trace_get_end_ns (within));
  g_autoptr (StSummary) b = summarise (beyond, 0, st_trace_get_end_ns (beyond));

  g_assert_cmpfloat (st_summary_get_flops (a)->flops, ==, 2e9);
  g_assert_cmpuint (st_summary_get_flops (a)->ops, ==, 2);
  g_assert_cmpfloat (st_summary_get_flops (b)->flops, ==, 1e9);
  g_assert_cmpstr (
      st_trace_get_string (
          beyond, g_array_index (st_summary_get_flops (b)->operations, StFlopOperation, 0).name),
      ==, "aten::mul");
}

static void
test_no_flops (void)
{
  g_autoptr (StTrace)   trace = st_test_load ("summary", "basic.json", NULL);
  g_autoptr (StSummary) summary = summarise (trace, 0, st_trace_get_end_ns (trace));

  g_assert_null (st_summary_get_flops (summary));
}

/* The table of docs/metrics.md 13.4, by the names profilers write. */
static void
test_peak_names (void)
{
  static const struct
  {
    const char *name;
    const char *arch;
    gint64      units;
    gboolean    amd;
    StFlopType  type;
    const char *model;
    double      tflops;
  } cases[] = {
    { "NVIDIA H100 80GB HBM3", NULL, 132, FALSE, ST_FLOP_BF16, "H100 SXM", 989.4 },
    { "NVIDIA H100 PCIe", NULL, 114, FALSE, ST_FLOP_FP16, "H100 PCIe", 756 },
    { "NVIDIA H100 NVL", NULL, 132, FALSE, ST_FLOP_FP8, "H100 NVL", 1670.5 },
    { "NVIDIA H200", NULL, 132, FALSE, ST_FLOP_FP32, "H200 SXM", 67 },
    { "NVIDIA B200", NULL, 148, FALSE, ST_FLOP_BF16, "B200", 2250 },
    { "NVIDIA A100-PG509-200", NULL, 108, FALSE, ST_FLOP_TF32, "A100", 156 },
    { "Tesla V100-SXM2-32GB", NULL, 80, FALSE, ST_FLOP_FP16, "V100 SXM2", 125 },
    { "Tesla V100-PCIE-32GB", NULL, 80, FALSE, ST_FLOP_FP32, "V100 PCIe", 14 },
    { "Tesla V100S-PCIE-32GB", NULL, 80, FALSE, ST_FLOP_FP16, "V100S PCIe", 130 },
    { "AMD Instinct MI300X", NULL, 304, TRUE, ST_FLOP_BF16, "MI300X", 1307.4 },
    { "AMD Instinct MI325X", NULL, 304, TRUE, ST_FLOP_FP8, "MI325X", 2614.9 },
    { "AMD Instinct MI355X", NULL, 256, TRUE, ST_FLOP_FP16, "MI355X", 2516.6 },
    { "AMD Instinct MI250X", NULL, 110, TRUE, ST_FLOP_BF16, "MI250X (one die)", 191.5 },
    /* ROCm without a name: the architecture and compute units decide */
    { "", "gfx942:sramecc+:xnack-", 304, TRUE, ST_FLOP_BF16, "MI300X", 1307.4 },
    { "AMD Radeon Graphics", "gfx90a", 104, TRUE, ST_FLOP_FP16, "MI250 / MI210 (one die)", 181 },
    { "", "gfx90a", 110, TRUE, ST_FLOP_FP32, "MI250X (one die)", 47.9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      StDevicePeak peak;

      st_device_peak_match (cases[i].name, cases[i].arch, cases[i].units, 0, cases[i].amd, &peak);
      g_assert_cmpstr (peak.model, ==, cases[i].model);
      g_assert_cmpfloat (st_device_peak_get (&peak, cases[i].type), ==, cases[i].tflops * 1e12);
      st_device_peak_clear (&peak);
    }
}

static void
test_peak_unknown (void)
{
  StDevicePeak     peak;
  g_autofree char *gb200 = NULL, *fp8 = NULL, *gfx950 = NULL, *none = NULL;

  st_device_peak_match ("NVIDIA GB200", NULL, 0, 0, FALSE, &peak);
  gb200 = st_device_peak_dup_note (&peak, ST_FLOP_BF16);
  st_device_peak_clear (&peak);
  st_device_peak_match ("NVIDIA A100-SXM4-80GB", NULL, 108, 0, FALSE, &peak);
  fp8 = st_device_peak_dup_note (&peak, ST_FLOP_FP8);
  g_assert_null (st_device_peak_dup_note (&peak, ST_FLOP_BF16));
  st_device_peak_clear (&peak);
  /* an MI350X or an MI355X: the architecture does not say which */
  st_device_peak_match ("", "gfx950", 256, 0, TRUE, &peak);
  gfx950 = st_device_peak_dup_note (&peak, ST_FLOP_BF16);
  st_device_peak_clear (&peak);
  st_device_peak_find (NULL, 0, &peak);
  none = st_device_peak_dup_note (&peak, ST_FLOP_BF16);
  g_assert_cmpstr (gb200, ==, "peak unknown for NVIDIA GB200");
  g_assert_cmpstr (fp8, ==, "peak unknown for NVIDIA A100-SXM4-80GB (fp8)");
  g_assert_cmpstr (gfx950, ==, "peak unknown for gfx950");
  g_assert_cmpstr (none, ==, "no deviceProperties");
}

/* Bandwidths of 13.4, and the ridge points they make with the peaks. */
static void
test_peak_bandwidth (void)
{
  static const struct
  {
    const char *name;
    gint64      memory;
    double      tbps;
  } cases[] = {
    { "NVIDIA H100 80GB HBM3", 85018279936, 3.35 },
    { "NVIDIA H100 PCIe", 85045000000, 2.0 },
    /* an A100 by its memory, then by what its name says */
    { "NVIDIA A100-SXM4-40GB", 42505273344, 1.555 },
    { "NVIDIA A100-SXM4-80GB", 85051572224, 2.039 },
    { "NVIDIA A100 80GB PCIe", 85031714816, 1.935 },
    { "NVIDIA A100-SXM4-80GB", 0, 2.039 },
    { "Tesla V100-DGXS-32GB", 34084028416, 0.9 },
    { "AMD Instinct MI300X", 206141652992, 5.3 },
    { "AMD Instinct MI250X", 68702699520, 1.6 },
  };
  StDevicePeak     peak;
  g_autofree char *note = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      st_device_peak_match (cases[i].name, NULL, 0, cases[i].memory, FALSE, &peak);
      g_assert_cmpfloat (st_device_peak_get_bandwidth (&peak), ==, cases[i].tbps * 1e12);
      g_assert_null (st_device_peak_dup_bandwidth_note (&peak));
      st_device_peak_clear (&peak);
    }
  /* H100 SXM bf16: 989.4 / 3.35 FLOP per byte */
  st_device_peak_match ("NVIDIA H100 80GB HBM3", NULL, 132, 0, FALSE, &peak);
  g_assert_cmpfloat_with_epsilon (st_device_peak_get_ridge (&peak, ST_FLOP_BF16), 295.343, 1e-3);
  st_device_peak_clear (&peak);
  st_device_peak_match ("NVIDIA GB200", NULL, 0, 0, FALSE, &peak);
  note = st_device_peak_dup_bandwidth_note (&peak);
  g_assert_cmpstr (note, ==, "bandwidth unknown for NVIDIA GB200");
  g_assert_cmpfloat (st_device_peak_get_ridge (&peak, ST_FLOP_BF16), ==, 0);
  st_device_peak_clear (&peak);
}

static JsonArray *
parse_array (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_array (json_parser_get_root (parser));
}

/* deviceProperties as the real fixtures write them: the entry of the
 * device's id; ROCm 6's nameless MI300X (the vLLM capture of TraceLens:
 * computeMajor 9, computeMinor 4, 304 compute units, warpSize 64); and
 * with no entry of its id, the one name every entry has. */
static void
test_peak_properties (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray             *mixed = parse_array (
                  parser, "[{\"id\": 0, \"name\": \"Tesla V100-SXM2-32GB\", \"warpSize\": 32},"
                                      " {\"id\": 1, \"name\": \"NVIDIA A100-SXM4-80GB\", \"warpSize\": 32}]");
  g_autoptr (JsonParser) parser2 = json_parser_new ();
  JsonArray             *rocm = parse_array (
                  parser2, "[{\"id\": 0, \"name\": \"\", \"computeMajor\": 9, \"computeMinor\": 4,"
                                       " \"numSms\": 304, \"warpSize\": 64},"
                                       " {\"id\": 1, \"name\": \"\", \"computeMajor\": 9, \"computeMinor\": 4,"
                                       " \"numSms\": 304, \"warpSize\": 64}]");
  StDevicePeak peak;

  st_device_peak_find (mixed, 1, &peak);
  g_assert_cmpstr (peak.model, ==, "A100");
  st_device_peak_clear (&peak);
  /* id 5 is not there and the names differ */
  st_device_peak_find (mixed, 5, &peak);
  g_assert_null (peak.model);
  g_assert_false (peak.has_entry);
  st_device_peak_clear (&peak);
  st_device_peak_find (rocm, 7, &peak);
  g_assert_cmpstr (peak.model, ==, "MI300X");
  st_device_peak_clear (&peak);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/flops/whole", test_whole);
  g_test_add_func ("/model/flops/cards-part", test_cards_part);
  g_test_add_func ("/model/flops/later-rates", test_later_rates);
  g_test_add_func ("/model/flops/devices", test_devices);
  g_test_add_func ("/model/flops/operations", test_operations);
  g_test_add_func ("/model/flops/range", test_range);
  g_test_add_func ("/model/flops/any-operator", test_any_operator);
  g_test_add_func ("/model/flops/probe", test_probe);
  g_test_add_func ("/model/flops/no-flops", test_no_flops);
  g_test_add_func ("/model/flops/peak/names", test_peak_names);
  g_test_add_func ("/model/flops/peak/unknown", test_peak_unknown);
  g_test_add_func ("/model/flops/peak/properties", test_peak_properties);
  g_test_add_func ("/model/flops/peak/bandwidth", test_peak_bandwidth);
  return g_test_run ();
}
