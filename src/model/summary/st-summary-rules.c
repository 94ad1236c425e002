/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-rules.c: the rule table of the Summary page's recommendations
 * and its evaluation. GPU rules follow issue 5; Neuron rules are the table
 * of the Neuron Explorer summary viewer, word for word. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-summary-rules.h"

#include "st-metric-catalog.h"
#include "st-format.h"
#include "st-summary-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define GPU    ST_RULE_GPU
#define NEURON ST_RULE_NEURON

/* The table is laid out by hand: a rule per block, its clauses on their own lines. */
/* clang-format off */
static const StRule rules[] = {
  /* --- GPU traces -------------------------------------------------------- */
  { "device-busy", GPU, FALSE,
    { { "device_busy_percent", NULL, 0, ST_RULE_LT, 70, NULL, N_("Device busy"), ST_UNIT_PERCENT } },
    N_("The device sits idle between kernels: synchronisations, data loading or too little work per step leave gaps."),
    N_("Look at the longest idle gaps on the timeline; overlap data loading and copies with compute, remove synchronising calls, give the device more work per step."),
    { "host_bound_gap_percent", NULL, 0, ST_RULE_GE, 50, NULL, N_("host-bound idle time"),
      ST_UNIT_PERCENT },
    N_("The gaps are host-bound: the next kernel was launched only after the previous one had ended, so the CPU cannot issue work fast enough."),
    N_("Cut the host's work per kernel: CUDA graphs or torch.compile, fewer and larger ops, no synchronising calls (.item(), .cpu(), prints) inside the step."),
    3.0, ST_RULE_SPOT_LONGEST_GAP },
  { "exposed-communication", GPU, FALSE,
    { { "exposed_communication_ns", "device_time_ns", 100, ST_RULE_GT, 10, NULL,
        N_("Exposed communication"), ST_UNIT_PERCENT } },
    N_("Collective operations run while no compute kernel runs: communication is not hidden behind compute."),
    N_("Overlap communication with compute: gradient bucketing (DDP bucket_cap_mb), FSDP prefetch, issuing collectives earlier on their own stream."),
    { NULL }, NULL, NULL, 3.0, ST_RULE_SPOT_RANGE },
  { "memory-time", GPU, FALSE,
    { { "memory_time_ns", "device_time_ns", 100, ST_RULE_GT, 15, NULL,
        N_("Memcpy/memset time"), ST_UNIT_PERCENT } },
    N_("Copies and memsets take a large share of the device time."),
    N_("Keep tensors on the device, copy from pinned memory with non_blocking=True, avoid repeated zeroing and host round trips."),
    { NULL }, NULL, NULL, 2.0, ST_RULE_SPOT_RANGE },
  { "short-kernels", GPU, FALSE,
    { { "median_kernel_ns", NULL, 0, ST_RULE_LT, 10000, NULL, N_("Median kernel"), ST_UNIT_NS },
      { "kernel_count", NULL, 0, ST_RULE_GT, 1000, NULL, N_("kernels"), ST_UNIT_COUNT } },
    N_("Many short kernels: launch overhead outweighs the work of each."),
    N_("Fuse kernels (torch.compile, fused optimizers and layers) or capture the step in a CUDA graph."),
    { NULL }, NULL, NULL, 2.0, ST_RULE_SPOT_RANGE },
  { "collective-outlier", GPU, FALSE,
    { { "worst_collective_ratio", NULL, 0, ST_RULE_GT, 2, NULL,
        N_("Slowest collective over its group's median"), ST_UNIT_RATIO } },
    N_("A collective operation took much longer than the others of its type and size: a late arrival or network contention."),
    N_("Open the slowest instance on the timeline and compare the ranks' work before it; look for load imbalance or a slow link."),
    { NULL }, NULL, NULL, 2.5, ST_RULE_SPOT_WORST_COLLECTIVE,
    N_("A collective operation took much longer than the others of its type and size: a straggling rank, a late arrival or network contention.") },
  { "stream-imbalance", GPU, FALSE,
    { { "busiest_stream_share_percent", NULL, 0, ST_RULE_GT, 90, NULL,
        N_("Busiest stream's share of device work"), ST_UNIT_PERCENT } },
    N_("One stream carries almost all device work while the others idle: the work is serialised."),
    N_("Run independent work (copies, communication, independent branches) on separate streams so that it overlaps."),
    { NULL }, NULL, NULL, 1.0, ST_RULE_SPOT_RANGE },

  /* --- Neuron device profiles (seeds/002) ----------------------------------- */
  { "tensor-engine-utilisation", NEURON, FALSE,
    { { "tensor_engine_active_time_percent", NULL, 0, ST_RULE_LT, 70, NULL,
        N_("Tensor engine utilisation"), ST_UNIT_PERCENT } },
    N_("Small batch sizes, memory-bound operations"),
    N_("Increase batch size, optimize data layout"),
    { NULL }, NULL, NULL, 3.0, ST_RULE_SPOT_RANGE },
  { "dma-wait", NEURON, FALSE,
    { { "dma_wait_percent", NULL, 0, ST_RULE_GT, 15, NULL, N_("DMA wait"), ST_UNIT_PERCENT } },
    N_("Data movement blocking compute"),
    N_("Prefetch data, optimize memory access patterns"),
    { NULL }, NULL, NULL, 3.0, ST_RULE_SPOT_RANGE },
  { "sbuf-spill", NEURON, TRUE,
    { { "sbuf_fullness_percent", NULL, 0, ST_RULE_GT, 90, NULL, N_("State buffer fullness"),
        ST_UNIT_PERCENT },
      { "sbuf_reload_ratio", NULL, 100, ST_RULE_GT, 60, NULL, N_("SBUF reloads per read"),
        ST_UNIT_PERCENT },
      { "sbuf_save_ratio", NULL, 100, ST_RULE_GT, 60, NULL, N_("SBUF spills per write"),
        ST_UNIT_PERCENT } },
    N_("Intermediate tensors are spilling"),
    N_("Fuse adjacent ops and/or restructure to keep data live in SBUF to cut spills"),
    { NULL }, NULL, NULL, 2.5, ST_RULE_SPOT_RANGE },
  { "memory-bound", NEURON, FALSE,
    { { "mm_arithmetic_intensity", NULL, 0, ST_RULE_LT, 0, "peak_flops_bandwidth_ratio",
        N_("Arithmetic intensity"), ST_UNIT_RATIO } },
    N_("The kernel is memory-bound"),
    N_("Focus on raising arithmetic intensity (reduce reloads/spills, cut layout overhead, and improve DMA efficiency)"),
    { NULL }, NULL, NULL, 2.0, ST_RULE_SPOT_RANGE },
  { "compute-bound", NEURON, FALSE,
    { { "mm_arithmetic_intensity", NULL, 0, ST_RULE_GE, 0, "peak_flops_bandwidth_ratio",
        N_("Arithmetic intensity"), ST_UNIT_RATIO } },
    N_("The kernel is compute-bound"),
    N_("Keep at least one compute engine’s active_time_percent near 90%+ and raise mfu_estimated_percent toward 100% for matmul-heavy code"),
    { NULL }, NULL, NULL, 1.0, ST_RULE_SPOT_RANGE },
  { "weight-reload", NEURON, FALSE,
    { { "weight_queue_bytes", "weight_size_bytes", 0, ST_RULE_GE, 2, NULL,
        N_("Weights loaded over weight size"), ST_UNIT_RATIO } },
    N_("Weights are being reloaded"),
    N_("Restructure to reuse weights from SBUF and reduce duplicate HBM reads"),
    { NULL }, NULL, NULL, 2.0, ST_RULE_SPOT_RANGE },
  { "fragmented-dma", NEURON, FALSE,
    { { "dma_transfer_average_bytes", NULL, 0, ST_RULE_LT, 32768, NULL,
        N_("Average DMA size"), ST_UNIT_BYTES },
      { "dma_transfer_count", NULL, 0, ST_RULE_GT, 1000, NULL, N_("DMA transfers"),
        ST_UNIT_COUNT } },
    N_("Transfers are fragmented"),
    N_("Increase dma_transfer_average_bytes (target ≥ 32768) to raise mbu_estimated_percent"),
    { NULL }, NULL, NULL, 2.0, ST_RULE_SPOT_RANGE },
};
/* clang-format on */

const StRule *
st_summary_rules_get (guint *n_rules)
{
  *n_rules = G_N_ELEMENTS (rules);
  return rules;
}

const StRule *
st_summary_rules_lookup (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    if (g_str_equal (rules[i].id, id))
      return &rules[i];
  return NULL;
}

static gboolean
metric_value (StSummary *summary, const char *id, double *out)
{
  const StMetric *m = st_summary_lookup (summary, id);

  if (m == NULL || !m->present)
    return FALSE;
  *out = m->value;
  return TRUE;
}

/* The clause's value and threshold, when both are known. */
static gboolean
clause_values (const StRuleClause *c, StSummary *summary, double *value, double *threshold)
{
  double per = 1;

  if (c->metric == NULL || !metric_value (summary, c->metric, value))
    return FALSE;
  if (c->per != NULL && (!metric_value (summary, c->per, &per) || per <= 0))
    return FALSE;
  *value = *value / per * (c->scale != 0 ? c->scale : 1);
  *threshold = c->threshold;
  return c->against == NULL || metric_value (summary, c->against, threshold);
}

static gboolean
holds (StRuleCmp cmp, double value, double threshold)
{
  switch (cmp)
    {
    case ST_RULE_LT: return value < threshold;
    case ST_RULE_GT: return value > threshold;
    case ST_RULE_GE:
    default: return value >= threshold;
    }
}

/* "Device busy 41% (< 70%)", "Arithmetic intensity 120× (< Peak FLOPs per byte 218×)": the
 * metrics in words, as the metric tables title them. */
static void
describe_clause (GString *out, const StRuleClause *c, double value, double threshold)
{
  static const char *const ops[] = { "<", ">", "≥" };
  g_autofree char         *v = st_summary_format_value (c->unit, value);
  g_autofree char         *t = st_summary_format_value (c->unit, threshold);

  if (out->len > 0)
    g_string_append (out, ", ");
  if (c->against != NULL)
    {
      g_autofree char *against = st_metric_catalog_dup_title (c->against);

      g_string_append_printf (out, "%s %s (%s %s %s)", _ (c->label), v, ops[c->cmp], against, t);
    }
  else
    g_string_append_printf (out, "%s %s (%s %s)", _ (c->label), v, ops[c->cmp], t);
}

/* How far past its threshold a clause is, 0 to 1. */
static double
excess (double value, double threshold)
{
  if (threshold == 0)
    return 1;
  return MIN (1.0, fabs (value - threshold) / fabs (threshold));
}

gboolean
st_summary_rule_evaluate (const StRule *rule, StSummary *summary, StRecommendation *out)
{
  g_autoptr (GString) measured = g_string_new (NULL);
  guint               n_held = 0, n_clauses = 0;
  double              worst = 0, value, threshold;

  for (guint i = 0; i < G_N_ELEMENTS (rule->clauses) && rule->clauses[i].metric; i++)
    {
      const StRuleClause *c = &rule->clauses[i];

      n_clauses++;
      if (!clause_values (c, summary, &value, &threshold) || !holds (c->cmp, value, threshold))
        continue;
      n_held++;
      worst = MAX (worst, excess (value, threshold));
      describe_clause (measured, c, value, threshold);
    }
  if (n_held == 0 || (!rule->any && n_held < n_clauses))
    return FALSE;
  out->rule = rule->id;
  out->cause = _ (rule->cause);
  out->action = _ (rule->action);
  out->variant = FALSE;
  /* one file shows one rank: it cannot tell whether another rank straggled */
  if (rule->ranks_cause != NULL && st_summary_get_n_ranks (summary) >= 2)
    out->cause = _ (rule->ranks_cause);
  if (rule->variant.metric != NULL && clause_values (&rule->variant, summary, &value, &threshold)
      && holds (rule->variant.cmp, value, threshold))
    {
      g_autofree char *v = st_summary_format_value (rule->variant.unit, value);

      g_string_append_printf (measured, "; %s %s", _ (rule->variant.label), v);
      out->cause = _ (rule->variant_cause);
      out->action = _ (rule->variant_action);
      out->variant = TRUE;
    }
  out->measured = g_string_free (g_steal_pointer (&measured), FALSE);
  out->severity = rule->weight * (1 + worst);
  st_summary_get_range (summary, &out->start_ns, &out->end_ns);
  return TRUE;
}

/* Stable: equal severities keep the table's order. */
ST_DEFINE_SORT (sort_by_severity, StRecommendation, a->severity > b->severity)

#define MAX_RECOMMENDATIONS 4

void
st_summary_apply_rules (StSummary *self, gboolean neuron)
{
  guint family = neuron ? ST_RULE_NEURON : ST_RULE_GPU;

  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      StRecommendation r = { 0 };

      if (!(rules[i].families & family) || !st_summary_rule_evaluate (&rules[i], self, &r))
        continue;
      if (rules[i].spot == ST_RULE_SPOT_LONGEST_GAP
          && self->longest_gap.end > self->longest_gap.start)
        {
          r.start_ns = self->longest_gap.start;
          r.end_ns = self->longest_gap.end;
        }
      else if (rules[i].spot == ST_RULE_SPOT_WORST_COLLECTIVE)
        {
          r.start_ns = self->worst_collective.start;
          r.end_ns = self->worst_collective.end;
        }
      g_array_append_val (self->recommendations, r);
    }
  sort_by_severity ((StRecommendation *)(void *)self->recommendations->data,
                    self->recommendations->len, NULL);
  if (self->recommendations->len > MAX_RECOMMENDATIONS)
    g_array_set_size (self->recommendations, MAX_RECOMMENDATIONS);
}
