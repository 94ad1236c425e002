/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-diff.c: choosing what is compared (steps or ranges), each
 * side summed over its ranges, then the differences: breakdown,
 * operations, collectives, notes; the metrics and findings are made in
 * st-profile-diff-findings.c. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-profile-diff-private.h"
#include "st-profile-steps.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

/* --- one side, summed over its ranges (8.1): a summary per range, folded in and dropped --- */

gint64
st_profile_diff_mean (gint64 total, guint n)
{
  /* rounded half away from zero, without doubling @total (it may be near
   * the int64 limits): |remainder| < d ≤ 2^32, so twice it fits */
  gint64 d = MAX (n, 1);
  gint64 q = total / d, r = total % d;

  if (2 * (r < 0 ? -r : r) >= d)
    q += r < 0 ? -1 : 1;
  return q;
}

static void
clear_metric_sum (gpointer data)
{
  g_free (((StDiffMetricSum *)data)->title);
  g_free ((char *)((StDiffMetricSum *)data)->id);
}

static void
add_metrics (StDiffSideSums *sums, StSummary *summary, StTimeSpan range)
{
  for (guint i = 0; i < st_summary_get_n_metrics (summary); i++)
    {
      const StMetric  *m = st_summary_get_metric (summary, i);
      guint            at = GPOINTER_TO_UINT (g_hash_table_lookup (sums->metric_at, m->id));
      StDiffMetricSum *sum;

      if (at == 0)
        {
          StDiffMetricSum fresh = { g_strdup (m->id), g_strdup (m->title), m->unit };

          g_array_append_val (sums->metrics, fresh);
          at = sums->metrics->len;
          g_hash_table_insert (sums->metric_at, (gpointer)fresh.id, GUINT_TO_POINTER (at));
        }
      sum = &g_array_index (sums->metrics, StDiffMetricSum, at - 1);
      if (!m->present)
        continue;
      if (sum->n == 0 || m->value < sum->min)
        {
          sum->min = m->value;
          sum->min_range = range;
        }
      if (sum->n == 0 || m->value > sum->max)
        {
          sum->max = m->value;
          sum->max_range = range;
        }
      sum->sum += m->value;
      sum->n++;
    }
}

/* docs/metrics.md 8.3: per device, compute, exposed communication, exposed
 * memory, idle and the time before or after its work add up to the
 * range's length; their means over the devices are added to the side's
 * sums. */
static void
add_breakdown (StDiffSideSums *sums, StSummary *summary, StTimeSpan range)
{
  guint  n = st_summary_get_n_devices (summary);
  gint64 span = st_time_span (range.begin, range.end);
  double part[ST_N_BREAKDOWN_PARTS] = { 0 };

  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      const StDeviceUsage *d = st_summary_get_device (summary, i);

      part[ST_BREAKDOWN_COMPUTE] += d->compute_ns;
      part[ST_BREAKDOWN_EXPOSED_COMMUNICATION] += d->exposed_communication_ns;
      part[ST_BREAKDOWN_EXPOSED_MEMORY] += d->busy_ns - d->compute_ns - d->exposed_communication_ns;
      part[ST_BREAKDOWN_IDLE] += d->device_time_ns - d->busy_ns;
      part[ST_BREAKDOWN_OUTSIDE_DEVICE_WORK] += span - d->device_time_ns;
    }
  part[ST_BREAKDOWN_STEP_TIME] = (double)span * n;
  for (guint p = 0; p < ST_N_BREAKDOWN_PARTS; p++)
    sums->breakdown[p] += part[p] / n;
  sums->n_breakdown++;
}

/* docs/metrics.md 8.12: per kernel class, its summed time and count over
 * the devices that count, divided by their number. */
static void
add_classes (StDiffSideSums *sums, StSummary *summary)
{
  guint n = st_summary_get_n_devices (summary);

  for (guint i = 0; i < n; i++)
    {
      const StDeviceUsage *d = st_summary_get_device (summary, i);

      for (guint c = 0; c < ST_N_KERNEL_CLASSES; c++)
        {
          sums->class_ns[c] += (double)d->class_ns[c] / n;
          sums->class_count[c] += (double)d->class_count[c] / n;
        }
    }
}

static void
add_collectives (StDiffSideSums *sums, StSummary *summary)
{
  for (guint i = 0; i < st_summary_get_n_collective_groups (summary); i++)
    {
      const StCollectiveGroup *g = st_summary_get_collective_group (summary, i);
      guint                    type = g_bit_nth_lsf (g->type, -1);

      if (type >= ST_N_COLLECTIVE_TYPES)
        continue;
      sums->collective_count[type] += g->count;
      for (guint k = 0; k < g->instances->len; k++)
        {
          const StCollectiveInstance *inst = &g_array_index (g->instances, StCollectiveInstance, k);

          sums->collective_ns[type] += inst->dur;
          if (inst->dur > sums->longest[type].dur)
            sums->longest[type] = *inst;
        }
    }
}

static gboolean
add_ranges (StDiffSideSums *sums, GCancellable *cancellable, GError **error)
{
  sums->metrics = g_array_new (FALSE, FALSE, sizeof (StDiffMetricSum));
  g_array_set_clear_func (sums->metrics, clear_metric_sum);
  sums->metric_at = g_hash_table_new (g_str_hash, g_str_equal);
  sums->totals = st_operation_totals_new (sums->trace);
  for (guint i = 0; i < sums->ranges->len; i++)
    {
      StTimeSpan            range = g_array_index (sums->ranges, StTimeSpan, i);
      g_autoptr (StSummary) summary
          = st_summary_compute (sums->trace, range.begin, range.end, cancellable, error);

      if (summary == NULL)
        return FALSE;
      add_metrics (sums, summary, range);
      add_breakdown (sums, summary, range);
      add_classes (sums, summary);
      add_collectives (sums, summary);
      st_operation_totals_add (sums->totals, summary);
    }
  return TRUE;
}

static void
side_clear (StDiffSideSums *sums)
{
  g_clear_pointer (&sums->steps, g_array_unref);
  g_clear_pointer (&sums->ranges, g_array_unref);
  g_clear_pointer (&sums->metric_at, g_hash_table_unref);
  g_clear_pointer (&sums->metrics, g_array_unref);
  g_clear_pointer (&sums->totals, st_operation_totals_free);
  g_clear_pointer (&sums->environment, st_environment_free);
  g_clear_object (&sums->trace);
}

/* --- the comparison --- */

static GArray *
one_span (gint64 begin, gint64 end)
{
  GArray    *a = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
  StTimeSpan span = { begin, end };

  g_array_append_val (a, span);
  return a;
}

static void
add_note (StProfileDiff *self, char *sentence)
{
  g_ptr_array_add (self->notes, sentence);
}

/* The steps of each side, the scope, and so each side's ranges (8.1). */
static gboolean
choose_ranges (StProfileDiff              *self,
               const StProfileDiffOptions *options,
               GCancellable               *cancellable,
               GError                    **error)
{
  gboolean both;

  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      StDiffSideSums *side = &self->side[s];
      gint64          start = options->has_range[s] ? options->start[s] : 0;
      gint64 end = options->has_range[s] ? options->end[s] : st_trace_get_end_ns (side->trace);

      side->steps = st_profile_steps_find (side->trace, start, end, cancellable);
      if (side->steps == NULL)
        return !g_cancellable_set_error_if_cancelled (cancellable, error);
      side->ranges = one_span (start, end);
    }
  both = self->side[ST_DIFF_BASE].steps->len > 0 && self->side[ST_DIFF_NEW].steps->len > 0;
  self->scope
      = both && options->scope != ST_DIFF_SCOPE_WHOLE ? ST_DIFF_SCOPE_STEPS : ST_DIFF_SCOPE_WHOLE;
  if (self->scope == ST_DIFF_SCOPE_STEPS)
    for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
      {
        g_array_unref (self->side[s].ranges);
        self->side[s].ranges = g_array_ref (self->side[s].steps);
      }
  else if (self->side[ST_DIFF_BASE].steps->len == 0 && self->side[ST_DIFF_NEW].steps->len == 0)
    add_note (self, g_strdup (_ ("Neither profile has steps (ProfilerStep#N): the whole "
                                 "profiles are compared.")));
  else if (self->side[ST_DIFF_BASE].steps->len == 0)
    add_note (self, g_strdup (_ ("The base profile has no steps (ProfilerStep#N): the whole "
                                 "profiles are compared.")));
  else if (self->side[ST_DIFF_NEW].steps->len == 0)
    add_note (self, g_strdup (_ ("The new profile has no steps (ProfilerStep#N): the whole "
                                 "profiles are compared.")));
  return TRUE;
}

static void
make_breakdowns (StProfileDiff *self)
{
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      StDiffSideSums *side = &self->side[s];
      StBreakdown    *b = &self->breakdown[s];

      b->present = side->n_breakdown > 0;
      for (guint p = 0; b->present && p < ST_N_BREAKDOWN_PARTS; p++)
        b->ns[p] = st_time_from_double (side->breakdown[p] / side->n_breakdown + 0.5);
    }
  if (!self->breakdown[ST_DIFF_BASE].present)
    add_note (self, g_strdup (_ ("The base profile has no device work: its step time has no "
                                 "breakdown.")));
  if (!self->breakdown[ST_DIFF_NEW].present)
    add_note (self, g_strdup (_ ("The new profile has no device work: its step time has no "
                                 "breakdown.")));
}

static void
make_collectives (StProfileDiff *self)
{
  StDiffSideSums *base = &self->side[ST_DIFF_BASE], *new_ = &self->side[ST_DIFF_NEW];

  for (guint t = 0; t < ST_N_COLLECTIVE_TYPES; t++)
    {
      StCollectiveDiff c = { 1u << t };

      if (base->collective_count[t] == 0 && new_->collective_count[t] == 0)
        continue;
      for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
        {
          guint n = MAX (self->side[s].ranges->len, 1);

          c.count[s] = (double)self->side[s].collective_count[t] / n;
          c.total_ns[s] = st_profile_diff_mean (self->side[s].collective_ns[t], n);
        }
      c.delta_ns = st_time_sub_sat (c.total_ns[ST_DIFF_NEW], c.total_ns[ST_DIFF_BASE]);
      c.has_delta_percent = c.total_ns[ST_DIFF_BASE] != 0;
      if (c.has_delta_percent)
        c.delta_percent = 100.0 * (double)c.delta_ns / (double)c.total_ns[ST_DIFF_BASE];
      g_array_append_val (self->collectives, c);
    }
}

static void
make_classes (StProfileDiff *self)
{
  for (guint k = 0; k < ST_N_KERNEL_CLASSES; k++)
    {
      StClassDiff c = { k };

      for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
        {
          guint n = MAX (self->side[s].ranges->len, 1);

          c.count[s] = self->side[s].class_count[k] / n;
          c.ns[s] = st_time_from_double (self->side[s].class_ns[k] / n + 0.5);
        }
      if (c.ns[ST_DIFF_BASE] == 0 && c.ns[ST_DIFF_NEW] == 0)
        continue;
      c.delta_ns = st_time_sub_sat (c.ns[ST_DIFF_NEW], c.ns[ST_DIFF_BASE]);
      c.has_ratio = c.ns[ST_DIFF_BASE] > 0;
      if (c.has_ratio)
        c.ratio = (double)c.ns[ST_DIFF_NEW] / (double)c.ns[ST_DIFF_BASE];
      g_array_append_val (self->classes, c);
    }
}

static int
compare_ns (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

/* docs/metrics.md 8.13: the lengths of each side's ranges. */
static void
make_step_times (StProfileDiff *self)
{
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      GArray            *ranges = self->side[s].ranges;
      StStepTimes       *t = &self->step_times[s];
      g_autofree gint64 *lengths = g_new (gint64, MAX (ranges->len, 1));
      gint64             sum = 0;
      guint              n = ranges->len;

      for (guint i = 0; i < n; i++)
        {
          const StTimeSpan *r = &g_array_index (ranges, StTimeSpan, i);

          lengths[i] = st_time_span (r->begin, r->end);
          sum = st_time_add_sat (sum, lengths[i]);
        }
      qsort (lengths, n, sizeof (gint64), compare_ns);
      t->count = n;
      t->min_ns = n > 0 ? lengths[0] : 0;
      t->max_ns = n > 0 ? lengths[n - 1] : 0;
      /* a + (b − a) / 2: the mean rounded down, without the sum's overflow */
      t->median_ns = n == 0       ? 0
                     : n % 2 == 1 ? lengths[n / 2]
                                  : lengths[n / 2 - 1] + (lengths[n / 2] - lengths[n / 2 - 1]) / 2;
      t->mean_ns = st_profile_diff_mean (sum, n);
    }
}

gint64
st_profile_diff_base_step_time (StProfileDiff *self)
{
  return self->step_times[ST_DIFF_BASE].mean_ns;
}

static gboolean
read_environments (StProfileDiff *self, GCancellable *cancellable, GError **error)
{
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      self->side[s].environment = st_environment_read (self->side[s].trace, cancellable);
      if (self->side[s].environment == NULL)
        return !g_cancellable_set_error_if_cancelled (cancellable, error);
    }
  self->environment_differences = st_environment_diff (self->side[ST_DIFF_BASE].environment,
                                                       self->side[ST_DIFF_NEW].environment);
  self->warning = st_environment_dup_warning (self->side[ST_DIFF_NEW].environment,
                                              self->environment_differences);
  return TRUE;
}

static void
make_operations (StProfileDiff *self)
{
  self->operations
      = st_operation_diff_new (self->side[ST_DIFF_BASE].totals, self->side[ST_DIFF_NEW].totals);
  if (st_operation_diff_get_n_matched (self->operations) == 0
      && st_operation_diff_get_n_rows (self->operations) > 0)
    add_note (self, g_strdup (_ ("The two profiles have no operation in common: each one’s "
                                 "operations are listed as added or removed. The kernel "
                                 "classes compare what the devices did without names.")));
}

static void
clear_finding (gpointer data)
{
  g_free (((StDiffFinding *)data)->text);
}

static void
clear_metric (gpointer data)
{
  g_free (((StMetricDiff *)data)->id);
  g_free (((StMetricDiff *)data)->title);
}

static StProfileDiff *
profile_diff_new (StTrace *base, StTrace *new_)
{
  StProfileDiff *self = g_new0 (StProfileDiff, 1);

  self->side[ST_DIFF_BASE].trace = g_object_ref (base);
  self->side[ST_DIFF_NEW].trace = g_object_ref (new_);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->metrics = g_array_new (FALSE, TRUE, sizeof (StMetricDiff));
  g_array_set_clear_func (self->metrics, clear_metric);
  self->collectives = g_array_new (FALSE, TRUE, sizeof (StCollectiveDiff));
  self->classes = g_array_new (FALSE, TRUE, sizeof (StClassDiff));
  self->findings = g_array_new (FALSE, TRUE, sizeof (StDiffFinding));
  g_array_set_clear_func (self->findings, clear_finding);
  return self;
}

StProfileDiff *
st_profile_diff_compute (StTrace                    *base,
                         StTrace                    *new_,
                         const StProfileDiffOptions *options,
                         GCancellable               *cancellable,
                         GError                    **error)
{
  static const StProfileDiffOptions defaults = { ST_DIFF_SCOPE_AUTO };
  g_autoptr (StProfileDiff)         self = NULL;

  g_return_val_if_fail (ST_IS_TRACE (base) && ST_IS_TRACE (new_), NULL);

  self = profile_diff_new (base, new_);
  if (!choose_ranges (self, options != NULL ? options : &defaults, cancellable, error))
    return NULL;
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    if (!add_ranges (&self->side[s], cancellable, error))
      return NULL;
  if (!read_environments (self, cancellable, error))
    return NULL;
  make_step_times (self);
  make_breakdowns (self);
  make_operations (self);
  make_collectives (self);
  make_classes (self);
  st_profile_diff_make_metrics (self);
  st_profile_diff_make_findings (self);
  return g_steal_pointer (&self);
}

void
st_profile_diff_free (StProfileDiff *self)
{
  if (self == NULL)
    return;
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    side_clear (&self->side[s]);
  g_ptr_array_unref (self->notes);
  g_array_unref (self->metrics);
  g_clear_pointer (&self->operations, st_operation_diff_free);
  g_array_unref (self->collectives);
  g_array_unref (self->classes);
  g_clear_pointer (&self->environment_differences, g_array_unref);
  g_free (self->warning);
  g_array_unref (self->findings);
  g_free (self);
}

/* --- what it holds -------------------------------------------------------------- */

StTrace *
st_profile_diff_get_trace (StProfileDiff *self, StDiffSide side)
{
  return self->side[side].trace;
}

StDiffScope
st_profile_diff_get_scope (StProfileDiff *self)
{
  return self->scope;
}

guint
st_profile_diff_get_n_steps (StProfileDiff *self, StDiffSide side)
{
  return self->side[side].steps->len;
}

GArray *
st_profile_diff_get_steps (StProfileDiff *self, StDiffSide side)
{
  return self->side[side].steps;
}

void
st_profile_diff_get_range (StProfileDiff *self, StDiffSide side, gint64 *start, gint64 *end)
{
  GArray *ranges = self->side[side].ranges;

  *start = g_array_index (ranges, StTimeSpan, 0).begin;
  *end = g_array_index (ranges, StTimeSpan, ranges->len - 1).end;
}

GPtrArray *
st_profile_diff_get_notes (StProfileDiff *self)
{
  return self->notes;
}

guint
st_profile_diff_get_n_metrics (StProfileDiff *self)
{
  return self->metrics->len;
}

const StMetricDiff *
st_profile_diff_get_metric (StProfileDiff *self, guint index)
{
  g_return_val_if_fail (index < self->metrics->len, NULL);
  return &g_array_index (self->metrics, StMetricDiff, index);
}

const StMetricDiff *
st_profile_diff_lookup_metric (StProfileDiff *self, const char *id)
{
  for (guint i = 0; i < self->metrics->len; i++)
    if (g_str_equal (g_array_index (self->metrics, StMetricDiff, i).id, id))
      return &g_array_index (self->metrics, StMetricDiff, i);
  return NULL;
}

const StBreakdown *
st_profile_diff_get_breakdown (StProfileDiff *self, StDiffSide side)
{
  return &self->breakdown[side];
}

StOperationDiff *
st_profile_diff_get_operations (StProfileDiff *self)
{
  return self->operations;
}

guint
st_profile_diff_get_n_collectives (StProfileDiff *self)
{
  return self->collectives->len;
}

const StCollectiveDiff *
st_profile_diff_get_collective (StProfileDiff *self, guint index)
{
  g_return_val_if_fail (index < self->collectives->len, NULL);
  return &g_array_index (self->collectives, StCollectiveDiff, index);
}

guint
st_profile_diff_get_n_findings (StProfileDiff *self)
{
  return self->findings->len;
}

const StDiffFinding *
st_profile_diff_get_finding (StProfileDiff *self, guint index)
{
  g_return_val_if_fail (index < self->findings->len, NULL);
  return &g_array_index (self->findings, StDiffFinding, index);
}

const StEnvironment *
st_profile_diff_get_environment (StProfileDiff *self, StDiffSide side)
{
  return self->side[side].environment;
}

GArray *
st_profile_diff_get_environment_differences (StProfileDiff *self)
{
  return self->environment_differences;
}

const char *
st_profile_diff_get_warning (StProfileDiff *self)
{
  return self->warning;
}

guint
st_profile_diff_get_n_classes (StProfileDiff *self)
{
  return self->classes->len;
}

const StClassDiff *
st_profile_diff_get_class (StProfileDiff *self, guint index)
{
  g_return_val_if_fail (index < self->classes->len, NULL);
  return &g_array_index (self->classes, StClassDiff, index);
}

const StStepTimes *
st_profile_diff_get_step_times (StProfileDiff *self, StDiffSide side)
{
  return &self->step_times[side];
}
