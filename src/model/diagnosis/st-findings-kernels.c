/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-findings-kernels.c: the findings of the kernels' rates against the
 * roofline (docs/metrics.md 13.6, 16.3): a shape that runs slower than
 * its peers, the other shapes of its operation and data type on the same
 * device; and a kernel class held by memory bandwidth. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-format.h"

#include <glib/gi18n-lib.h>

/* Below this share of its peers' median rate a shape is slow (16.3). */
#define SLOW_SHARE 0.9
/* A median of fewer peers is one shape's luck. */
#define MIN_PEERS 2

/* --- slow shape ------------------------------------------------------------------ */

typedef struct
{
  const StFlopRow *row;
  StStringId       name;
  StFlopType       type;
  double           rate;
} Member;

static gint
by_group (gconstpointer pa, gconstpointer pb)
{
  const Member *a = pa, *b = pb;

  if (a->name != b->name)
    return a->name < b->name ? -1 : 1;
  if (a->type != b->type)
    return a->type < b->type ? -1 : 1;
  return (a->rate > b->rate) - (a->rate < b->rate);
}

/* A slow shape on one device, before the devices are put together. */
typedef struct
{
  StStringId       name;
  StFlopType       type;
  const StFlopRow *row;
  double           rate;
  double           median; /* the peers' */
  guint            peers;
  gint64           stake;
} Slow;

/* @m[0 … n): one device's shapes of one name and type, slowest first. */
static gboolean
slow_in_group (const Member *m, guint n, Slow *out)
{
  const Member *peers = m + 1;
  guint         k = n - 1;
  double        median;

  if (k < MIN_PEERS)
    return FALSE;
  median = k % 2 ? peers[k / 2].rate : (peers[k / 2 - 1].rate + peers[k / 2].rate) / 2;
  if (!(m[0].rate < SLOW_SHARE * median))
    return FALSE;
  *out = (Slow){ m[0].name, m[0].type, m[0].row, m[0].rate, median, k, 0 };
  out->stake = m[0].row->device_ns - (gint64)(m[0].row->flops / median * 1e9);
  return out->stake > 0;
}

/* The compute-bound shapes of device @device that ran on kernels. */
static GArray *
device_members (StFlopOps *ops, const StFlopRates *rates, gint device)
{
  GArray *members = g_array_new (FALSE, FALSE, sizeof (Member));

  for (guint i = 0; i < rates->device_shapes->len; i++)
    {
      const StFlopRow   *row = &g_array_index (rates->device_shapes, StFlopRow, i);
      const StFlopShape *shape = st_flop_ops_get_shape (ops, row->key);
      Member             m = { row, shape->name, shape->type, 0 };

      /* a count on assumed parameters is no rate to compare */
      if (row->device != device || row->host_timed || !(row->flops > 0)
          || shape->assumed != ST_SHAPE_ASSUMED_NOTHING
          || st_flop_row_get_bound (row) != ST_FLOP_BOUND_COMPUTE
          || !st_flop_row_get_rate (row, &m.rate))
        continue;
      g_array_append_val (members, m);
    }
  g_array_sort (members, by_group);
  return members;
}

/* Adds @device's slow shapes to @slow, one per name and type. */
static void
find_slow (StFlopOps *ops, const StFlopRates *rates, gint device, GArray *slow)
{
  g_autoptr (GArray) members = device_members (ops, rates, device);
  const Member      *m = (const Member *)(void *)members->data;

  for (guint from = 0, i = 1; i <= members->len; i++)
    if (i == members->len || m[i].name != m[from].name || m[i].type != m[from].type)
      {
        Slow s;

        if (slow_in_group (m + from, i - from, &s))
          g_array_append_val (slow, s);
        from = i;
      }
}

static StFinding *
slow_finding (StDiagnosisJob *job, StFlopOps *ops, const Slow *worst, gint64 total)
{
  g_autofree char *label
      = st_flop_shape_dup_label (st_flop_ops_get_shape (ops, worst->row->key), job->trace);
  g_autofree char *rate = st_flop_rates_format_rate (worst->rate);
  g_autofree char *median = st_flop_rates_format_rate (worst->median);
  g_autofree char *saved = st_format_duration (worst->stake);
  const char      *name = st_trace_get_string (job->trace, worst->name);
  const char      *device = st_device_work_get_device (job->work, worst->row->device)->label;
  StFinding       *f = st_finding_new (ST_FINDING_SLOW_SHAPE, "slow-shape",
                                       total / MAX (1, (gint64)st_diagnosis_n_devices (job)));

  f->title = _ ("Slow shape");
  f->text = g_strdup_printf (
      _ ("%s: %s ran at %s on %s, %.0f%% of the median of its %u peers (the other %s %s shapes "
         "there, compute-bound as it is: %s); at their rate its %u calls would take %s less."),
      f->title, label, rate, device, 100 * worst->rate / worst->median, worst->peers, name,
      st_flop_type_to_string (worst->type), median, worst->row->count, saved);
  f->action = g_strdup (st_advice_get (ST_ADVICE_TUNE_SHAPE, job->terms));
  f->start_ns = worst->row->first_ns;
  f->end_ns = worst->row->last_ns;
  g_ptr_array_add (f->operations, g_strdup (name));
  return f;
}

/* One finding per name and type over the devices, its text from the
 * device where it is largest. */
static void
slow_shape_findings (StDiagnosisJob    *job,
                     StFlopOps         *ops,
                     const StFlopRates *rates,
                     GPtrArray         *findings)
{
  g_autoptr (GArray) slow = g_array_new (FALSE, FALSE, sizeof (Slow));
  const Slow        *s;

  for (guint d = 0; d < st_device_work_get_n_devices (job->work); d++)
    find_slow (ops, rates, (gint)d, slow);
  s = (const Slow *)(void *)slow->data;
  for (guint i = 0; i < slow->len; i++)
    {
      const Slow *worst = &s[i];
      gint64      total = 0;
      gboolean    seen = FALSE;

      for (guint j = 0; j < slow->len; j++)
        if (s[j].name == s[i].name && s[j].type == s[i].type)
          {
            seen |= j < i;
            total += s[j].stake;
            if (s[j].stake > worst->stake)
              worst = &s[j];
          }
      if (!seen)
        g_ptr_array_add (findings, slow_finding (job, ops, worst, total));
    }
}

/* --- memory-bound class ------------------------------------------------------------- */

/* The names of the shapes of @klass with the most time, at most three. */
static void
class_operations (StDiagnosisJob    *job,
                  StFlopOps         *ops,
                  const StFlopRates *rates,
                  guint              klass,
                  GPtrArray         *names)
{
  for (guint i = 0; i < rates->shapes->len && names->len < 3; i++)
    {
      const StFlopRow *row = &g_array_index (rates->shapes, StFlopRow, i);
      const char      *name
          = st_trace_get_string (job->trace, st_flop_ops_get_shape (ops, row->key)->name);

      if (row->klass == klass && !g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
        g_ptr_array_add (names, g_strdup (name));
    }
}

static const char *
class_action (StDiagnosisJob *job, StKernelClass klass)
{
  switch (klass)
    {
    case ST_KERNEL_CLASS_ELEMENTWISE:
    case ST_KERNEL_CLASS_REDUCE: return st_advice_get (ST_ADVICE_FEWER_BYTES, job->terms);
    case ST_KERNEL_CLASS_GEMM:
    default:
      return _ ("Their matrices are read for few rows each (a small batch, decoding): a larger "
                "batch, or narrower weights (fp8, int8), moves fewer bytes per FLOP.");
    }
}

static StFinding *
memory_finding (StDiagnosisJob *job, StFlopOps *ops, const StFlopRates *rates, const StFlopRow *row)
{
  const char      *label = _ (st_kernel_class_get_label ((StKernelClass)row->key));
  g_autofree char *bytes = st_summary_format_value (ST_UNIT_BYTES, row->bytes);
  g_autofree char *time = st_format_duration (row->device_ns);
  g_autofree char *achieved = st_flop_rates_format_bandwidth (row->bytes * 1e9 / row->device_ns);
  g_autofree char *roof = st_flop_rates_format_bandwidth (row->peak_bytes * 1e9 / row->device_ns);
  g_autofree char *at_roof = st_format_duration ((gint64)row->roof_ns);
  g_autoptr (GString) text = g_string_new (NULL);
  const char         *action = class_action (job, (StKernelClass)row->key);
  StFinding          *f = st_finding_new (ST_FINDING_MEMORY_BOUND, "memory-bound",
                                          (row->device_ns - (gint64)row->roof_ns)
                                              / MAX (1, (gint64)st_diagnosis_n_devices (job)));

  f->title = _ ("Memory-bound");
  g_string_printf (text,
                   _ ("%s: %s kernels moved %s in %s, %s: %.0f%% of the devices' %s; at that "
                      "bandwidth they would take %s."),
                   f->title, label, bytes, time, achieved, 100 * row->bytes / row->peak_bytes, roof,
                   at_roof);
  if (row->kernel_ns > 0)
    g_string_append_printf (text, _ (" The models cover %.0f%% of the class's kernel time."),
                            100.0 * row->device_ns / row->kernel_ns);
  f->text = g_string_free (g_steal_pointer (&text), FALSE);
  f->action = g_strdup (action);
  f->start_ns = row->first_ns;
  f->end_ns = row->last_ns;
  class_operations (job, ops, rates, row->key, f->operations);
  return f;
}

static void
memory_bound_findings (StDiagnosisJob    *job,
                       StFlopOps         *ops,
                       const StFlopRates *rates,
                       GPtrArray         *findings)
{
  for (guint i = 0; i < rates->classes->len; i++)
    {
      const StFlopRow *row = &g_array_index (rates->classes, StFlopRow, i);

      /* an attention kernel re-reads K and V by tiles, more than its model's
       * bytes: only the classes whose kernels move what the models count */
      if ((row->key != ST_KERNEL_CLASS_ELEMENTWISE && row->key != ST_KERNEL_CLASS_REDUCE
           && row->key != ST_KERNEL_CLASS_GEMM)
          || st_flop_row_get_bound (row) != ST_FLOP_BOUND_MEMORY || row->no_bandwidth
          || !(row->peak_bytes > 0) || row->device_ns <= (gint64)row->roof_ns)
        continue;
      g_ptr_array_add (findings, memory_finding (job, ops, rates, row));
    }
}

void
st_findings_from_flops (StDiagnosisJob *job, GPtrArray *findings)
{
  const StFlopRates *rates = st_summary_get_flops (job->summary);
  StFlopOps         *ops;

  if (rates == NULL || (ops = st_flop_ops_ensure (job->trace, job->cancellable)) == NULL)
    return;
  slow_shape_findings (job, ops, rates, findings);
  memory_bound_findings (job, ops, rates, findings);
}
