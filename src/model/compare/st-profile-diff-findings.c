/* st-profile-diff-findings.c: the metrics side by side, judged which way
 * is better (docs/metrics.md 8.2), and what got worse (8.6), each finding
 * with its place in the new profile. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-device-work.h"
#include "st-metric-catalog.h"
#include "st-operation-name.h"
#include "st-profile-diff-private.h"
#include "st-format.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define MAX_FINDINGS           6
#define MAX_OPERATION_FINDINGS 4
#define COLLECTIVE_MIN_PERCENT 5.0
#define COLLECTIVE_MIN_NS      1000
#define OPERATION_MIN_SHARE    0.01
#define METRIC_MIN_POINTS      1.0 /* a share moves by a point at least */
#define METRIC_MIN_PERCENT     5.0

/* Times of 2 that are better lower because both profiles run the same
 * work (8.2); span_ns only per step. */
static const char *const lower_times[] = {
  "device_time_ns",
  "compute_time_ns",
  "communication_time_ns",
  "exposed_communication_ns",
  "exposed_communication_percent",
  "memory_time_ns",
  "memory_time_percent",
  "wait_time_ns",
  "idle_time_ns",
};

static StMetricBetter
better_way (const char *id, StDiffScope scope)
{
  StMetricBetter better = st_metric_catalog_get_better (id);

  if (better != ST_METRIC_BETTER_NONE)
    return better;
  if (scope == ST_DIFF_SCOPE_STEPS && g_str_equal (id, "span_ns"))
    return ST_METRIC_BETTER_LOWER;
  for (guint i = 0; i < G_N_ELEMENTS (lower_times); i++)
    if (g_str_equal (id, lower_times[i]))
      return ST_METRIC_BETTER_LOWER;
  return ST_METRIC_BETTER_NONE;
}

static void
judge (StMetricDiff *m, StDiffScope scope)
{
  StMetricBetter better = better_way (m->id, scope);

  m->has_delta = m->present[ST_DIFF_BASE] && m->present[ST_DIFF_NEW];
  if (!m->has_delta)
    return;
  m->delta = m->value[ST_DIFF_NEW] - m->value[ST_DIFF_BASE];
  m->has_delta_percent = m->value[ST_DIFF_BASE] != 0;
  if (m->has_delta_percent)
    m->delta_percent = 100.0 * m->delta / fabs (m->value[ST_DIFF_BASE]);
  if (m->delta == 0 || better == ST_METRIC_BETTER_NONE)
    m->judgement = ST_DIFF_UNJUDGED;
  else
    m->judgement
        = (m->delta < 0) == (better == ST_METRIC_BETTER_LOWER) ? ST_DIFF_BETTER : ST_DIFF_WORSE;
}

/* A row per metric of either side: the base's order, then the new side's
 * others. */
void
st_profile_diff_make_metrics (StProfileDiff *self)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint                  one_sided = 0;

  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    for (guint i = 0; i < self->side[s].metrics->len; i++)
      {
        const StDiffMetricSum *sum = &g_array_index (self->side[s].metrics, StDiffMetricSum, i);
        StMetricDiff           m = { g_strdup (sum->id), g_strdup (sum->title), sum->unit };

        if (!g_hash_table_add (seen, (gpointer)sum->id))
          {
            g_free (m.id);
            g_free (m.title);
            continue;
          }
        for (guint k = 0; k < ST_N_DIFF_SIDES; k++)
          {
            guint at = GPOINTER_TO_UINT (g_hash_table_lookup (self->side[k].metric_at, sum->id));
            const StDiffMetricSum *other
                = at ? &g_array_index (self->side[k].metrics, StDiffMetricSum, at - 1) : NULL;

            m.present[k] = other != NULL && other->n > 0;
            if (m.present[k])
              m.value[k] = other->sum / other->n;
          }
        one_sided += m.present[ST_DIFF_BASE] != m.present[ST_DIFF_NEW];
        judge (&m, self->scope);
        g_array_append_val (self->metrics, m);
      }
  if (one_sided > 0)
    g_ptr_array_add (self->notes,
                     g_strdup_printf (ngettext ("%u metric is in one profile only: it has no "
                                                "difference.",
                                                "%u metrics are in one profile only: they have no "
                                                "difference.",
                                                one_sided),
                                      one_sided));
}

/* --- places in the new profile -------------------------------------------------- */

/* Whether [start, end) overlaps one of @ranges (by start, disjoint). */
static gboolean
in_ranges (GArray *ranges, gint64 start, gint64 end)
{
  guint lo = 0, hi = ranges->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (ranges, StTimeSpan, mid).begin < end)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo > 0 && g_array_index (ranges, StTimeSpan, lo - 1).end > start;
}

static gboolean
has_id (GArray *ids, StStringId name)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_array_index (ids, StStringId, i) == name)
      return TRUE;
  return FALSE;
}

/* The longest slice of @row's new names in the new side's ranges, in its
 * table. */
static gboolean
longest_instance (StDiffSideSums *side, const StOperationDiffRow *row, StDiffFinding *f)
{
  StDeviceWork *work = st_device_work_get (side->trace);
  gint64        longest = -1;

  for (guint t = 0; t < st_trace_get_n_tracks (side->trace); t++)
    {
      const StTrack   *track = st_trace_get_track (side->trace, t);
      const StWorkTag *tags = st_device_work_get_tags (work, t);

      for (guint i = 0; track->kind == ST_TRACK_SLICES && i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          gboolean       kernel = tags != NULL && tags[i].klass != ST_CLASS_NONE;

          if (s->dur <= longest || kernel != (row->table == ST_OPERATIONS_KERNELS)
              || !has_id (row->new_ids, s->name)
              || !in_ranges (side->ranges, s->start, s->start + s->dur))
            continue;
          longest = s->dur;
          f->slice = (StSliceRef){ t, i };
          f->start_ns = s->start;
          f->end_ns = s->start + s->dur;
        }
    }
  f->has_slice = longest >= 0;
  return f->has_slice;
}

/* --- what got worse ---------------------------------------------------------------- */

typedef struct
{
  StDiffFinding finding;
  gint64        weight; /* the time it stands for: the largest first */
  guint         order;  /* found before: first among equals */
} Candidate;

static void
add_candidate (GArray *candidates, StDiffFinding *f, gint64 weight)
{
  Candidate c = { *f, weight, candidates->len };

  g_array_append_val (candidates, c);
}

static void
collective_findings (StProfileDiff *self, GArray *candidates, gboolean steps)
{
  StDiffSideSums *new_ = &self->side[ST_DIFF_NEW];

  for (guint i = 0; i < self->collectives->len; i++)
    {
      const StCollectiveDiff     *c = &g_array_index (self->collectives, StCollectiveDiff, i);
      const char                 *label = st_collective_type_get_label (c->type);
      const StCollectiveInstance *longest = &new_->longest[g_bit_nth_lsf (c->type, -1)];
      StDiffFinding               f = { ST_FINDING_COLLECTIVE, NULL, 0, 0, FALSE, { 0 }, i };
      g_autofree char            *grown = st_format_duration (c->delta_ns);

      if (c->delta_ns < COLLECTIVE_MIN_NS
          || (c->has_delta_percent && c->delta_percent < COLLECTIVE_MIN_PERCENT))
        continue;
      if (c->has_delta_percent)
        f.text = g_strdup_printf (steps ? _ ("%s time +%.0f %% per step") : _ ("%s time +%.0f %%"),
                                  label, c->delta_percent);
      else
        f.text = g_strdup_printf (steps ? _ ("%s time +%s per step") : _ ("%s time +%s"), label,
                                  grown);
      f.has_slice = longest->dur > 0;
      f.slice = longest->slice;
      f.start_ns = longest->start;
      f.end_ns = longest->start + longest->dur;
      add_candidate (candidates, &f, c->delta_ns);
    }
}

/* The mean length of the base's ranges: its step time, or its span. */
static gint64
base_step_time (StProfileDiff *self)
{
  GArray *ranges = self->side[ST_DIFF_BASE].ranges;
  gint64  sum = 0;

  for (guint i = 0; i < ranges->len; i++)
    sum = st_time_add_sat (sum, st_time_span (g_array_index (ranges, StTimeSpan, i).begin,
                                              g_array_index (ranges, StTimeSpan, i).end));
  return st_profile_diff_mean (sum, ranges->len);
}

static void
operation_findings (StProfileDiff *self, GArray *candidates, gboolean steps)
{
  double min_ns = MAX (1.0, OPERATION_MIN_SHARE * (double)base_step_time (self));
  guint  n = 0;

  for (guint i = 0; i < st_operation_diff_get_n_rows (self->operations); i++)
    {
      const StOperationDiffRow *row = st_operation_diff_get_row (self->operations, i);
      StDiffFinding             f = { ST_FINDING_OPERATION, NULL, 0, 0, FALSE, { 0 }, i };
      g_autofree char          *grown = NULL;
      g_autofree char          *name = NULL;

      if ((double)row->delta_ns < min_ns)
        continue;
      grown = st_format_duration (row->delta_ns);
      name = st_operation_name_shorten (row->name, NULL);
      f.text = g_strdup_printf (steps ? _ ("%s +%s per step") : _ ("%s +%s"), name, grown);
      longest_instance (&self->side[ST_DIFF_NEW], row, &f);
      add_candidate (candidates, &f, row->delta_ns);
      if (++n == MAX_OPERATION_FINDINGS)
        break;
    }
}

static void
metric_findings (StProfileDiff *self, GArray *candidates, gboolean steps)
{
  StDiffSideSums *new_ = &self->side[ST_DIFF_NEW];
  double          min_ns = MAX (1.0, OPERATION_MIN_SHARE * (double)base_step_time (self));

  for (guint i = 0; i < self->metrics->len; i++)
    {
      const StMetricDiff    *m = &g_array_index (self->metrics, StMetricDiff, i);
      StDiffFinding          f = { ST_FINDING_METRIC, NULL, 0, 0, FALSE, { 0 }, i };
      guint                  at;
      const StDiffMetricSum *sum;
      StTimeSpan             worst;

      if (m->judgement != ST_DIFF_WORSE || !m->has_delta_percent
          || fabs (m->delta_percent) < METRIC_MIN_PERCENT
          || (m->unit == ST_UNIT_NS && fabs (m->delta) < min_ns)
          || (m->unit == ST_UNIT_PERCENT && fabs (m->delta) < METRIC_MIN_POINTS))
        continue;
      at = GPOINTER_TO_UINT (g_hash_table_lookup (new_->metric_at, m->id));
      sum = &g_array_index (new_->metrics, StDiffMetricSum, at - 1);
      f.text = g_strdup_printf (steps ? _ ("%s %+.0f %% per step") : _ ("%s %+.0f %%"), m->title,
                                m->delta_percent);
      /* the step where it is worst: a worse change went the wrong way */
      worst = m->delta > 0 ? sum->max_range : sum->min_range;
      f.start_ns = worst.begin;
      f.end_ns = worst.end;
      add_candidate (candidates, &f, m->unit == ST_UNIT_NS ? (gint64)fabs (m->delta) : 0);
    }
}

static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->weight != y->weight)
    return x->weight > y->weight ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

void
st_profile_diff_make_findings (StProfileDiff *self)
{
  g_autoptr (GArray) candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  gboolean           steps = self->scope == ST_DIFF_SCOPE_STEPS;

  collective_findings (self, candidates, steps);
  operation_findings (self, candidates, steps);
  metric_findings (self, candidates, steps);
  g_array_sort (candidates, compare_candidates);
  for (guint i = 0; i < candidates->len; i++)
    {
      Candidate *c = &g_array_index (candidates, Candidate, i);

      if (i < MAX_FINDINGS)
        g_array_append_val (self->findings, c->finding);
      else
        g_free (c->finding.text);
    }
}
