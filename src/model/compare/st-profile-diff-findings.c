/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-diff-findings.c: the metrics side by side, judged which way
 * is better (docs/metrics.md 8.2), and what got worse (8.6), each finding
 * with its place in the new profile. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-device-work.h"
#include "st-metric-catalog.h"
#include "st-operation-name.h"
#include "st-profile-diff-private.h"
#include "st-profile-steps.h"
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
#define CLASS_MIN_PERCENT      5.0
#define COUNT_MIN_CHANGE       0.1 /* an operation's count said when it moved by 10 % */
#define STEP_TIME_CHANGE       5.0 /* percent: shares are not judged past it (8.2) */

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

/* The note of 8.2 when the step time (per step) or the device time
 * (whole) changed by more than 5 %. */
static char *
step_time_note (gboolean steps, double percent)
{
  if (steps)
    return g_strdup_printf (percent > 0 ? _ ("Each step took %.0f %% longer in the new profile: "
                                             "shares (device busy, overlap, …) are not judged "
                                             "better or worse; the times per step are.")
                                        : _ ("Each step took %.0f %% less time in the new "
                                             "profile: shares (device busy, overlap, …) are not "
                                             "judged better or worse; the times per step are."),
                            fabs (percent));
  return g_strdup_printf (percent > 0 ? _ ("The device time is %.0f %% longer in the new "
                                           "profile: shares (device busy, overlap, …) are not "
                                           "judged better or worse; the times are.")
                                      : _ ("The device time is %.0f %% shorter in the new "
                                           "profile: shares (device busy, overlap, …) are not "
                                           "judged better or worse; the times are."),
                          fabs (percent));
}

/* 8.2: a share of a step whose length changed by more than 5 % can grow
 * while its work got slower (busy rises when the same kernels run
 * slower), so no share is judged then. */
static void
unjudge_shares (StProfileDiff *self)
{
  gboolean            steps = self->scope == ST_DIFF_SCOPE_STEPS;
  const StMetricDiff *step
      = st_profile_diff_lookup_metric (self, steps ? "span_ns" : "device_time_ns");

  if (step == NULL || !step->has_delta_percent || fabs (step->delta_percent) <= STEP_TIME_CHANGE)
    return;
  for (guint i = 0; i < self->metrics->len; i++)
    {
      StMetricDiff *m = &g_array_index (self->metrics, StMetricDiff, i);

      if (m->unit == ST_UNIT_PERCENT)
        m->judgement = ST_DIFF_UNJUDGED;
    }
  g_ptr_array_add (self->notes, step_time_note (steps, step->delta_percent));
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
  unjudge_shares (self);
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

/* Whether a slice of @track, tagged @tag (class NONE: not device work), is
 * what a finding points to. */
typedef gboolean (*SliceTest) (const StSlice *s, StWorkTag tag, gconstpointer data);

static gboolean
is_row_instance (const StSlice *s, StWorkTag tag, gconstpointer data)
{
  const StOperationDiffRow *row = data;
  gboolean                  kernel = tag.klass != ST_CLASS_NONE;

  return kernel == (row->table == ST_OPERATIONS_KERNELS) && has_id (row->new_ids, s->name);
}

static gboolean
is_class_event (const StSlice *s, StWorkTag tag, gconstpointer data)
{
  return tag.klass != ST_CLASS_NONE
         && st_work_tag_get_kernel_class (tag) == *(const StKernelClass *)data;
}

/* The longest slice that passes @test in the new side's ranges. */
static gboolean
longest_instance (StDiffSideSums *side, SliceTest test, gconstpointer data, StDiffFinding *f)
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
          StWorkTag      tag = tags != NULL ? tags[i] : (StWorkTag){ ST_CLASS_NONE, 0 };

          if (s->dur <= longest || !test (s, tag, data)
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

/* 8.6's tiers, in their order. */
typedef enum
{
  TIER_SETUP,
  TIER_DEVICE,
  TIER_HOST,
  TIER_METRIC,
} Tier;

typedef struct
{
  StDiffFinding finding;
  Tier          tier;
  gint64        weight; /* the time it stands for: the largest first in its tier */
  guint         order;  /* found before: first among equals */
} Candidate;

static void
add_candidate (GArray *candidates, StDiffFinding *f, Tier tier, gint64 weight)
{
  Candidate c = { *f, tier, weight, candidates->len };

  g_array_append_val (candidates, c);
}

/* The least time a finding of a time adds: 1 % of the base's step time. */
static double
min_time (StProfileDiff *self)
{
  return MAX (1.0, OPERATION_MIN_SHARE * (double)st_profile_diff_base_step_time (self));
}

static void
setup_finding (StProfileDiff *self, GArray *candidates)
{
  StDiffFinding f = { ST_DIFF_FINDING_SETUP };

  f.text = st_environment_dup_setup (self->side[ST_DIFF_NEW].environment,
                                     self->environment_differences);
  if (f.text == NULL)
    return;
  st_profile_diff_get_range (self, ST_DIFF_NEW, &f.start_ns, &f.end_ns);
  add_candidate (candidates, &f, TIER_SETUP, 0);
}

static void
class_findings (StProfileDiff *self, GArray *candidates, gboolean steps)
{
  for (guint i = 0; i < self->classes->len; i++)
    {
      const StClassDiff *c = &g_array_index (self->classes, StClassDiff, i);
      StDiffFinding      f = { ST_DIFF_FINDING_CLASS, NULL, 0, 0, FALSE, { 0 }, i };
      g_autofree char   *grown = NULL;
      g_autofree char   *ratio = NULL;

      /* communication is said by collective type */
      if (c->klass == ST_KERNEL_CLASS_COMMUNICATION || (double)c->delta_ns < min_time (self)
          || (c->has_ratio && 100.0 * (c->ratio - 1) < CLASS_MIN_PERCENT))
        continue;
      grown = st_format_duration (c->delta_ns);
      /* Translators: a kernel class's ratio of new to base time, or a class
       * only the new profile has */
      ratio = c->has_ratio ? g_strdup_printf (_ ("%.2f×"), c->ratio) : g_strdup (_ ("new"));
      f.text = g_strdup_printf (steps ? _ ("%s +%s per step (%s)") : _ ("%s +%s (%s)"),
                                _ (st_kernel_class_get_label (c->klass)), grown, ratio);
      longest_instance (&self->side[ST_DIFF_NEW], is_class_event, &c->klass, &f);
      add_candidate (candidates, &f, TIER_DEVICE, c->delta_ns);
    }
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
      StDiffFinding               f = { ST_DIFF_FINDING_COLLECTIVE, NULL, 0, 0, FALSE, { 0 }, i };
      g_autofree char            *grown = st_format_duration (c->delta_ns);
      g_autofree char            *ratio = NULL;

      if (c->delta_ns < COLLECTIVE_MIN_NS
          || (c->has_delta_percent && c->delta_percent < COLLECTIVE_MIN_PERCENT))
        continue;
      /* as a kernel class says it: the time it adds, then its ratio (8.6) */
      ratio = c->has_delta_percent ? g_strdup_printf (_ ("%.2f×"), 1 + c->delta_percent / 100)
                                   : g_strdup (_ ("new"));
      f.text = g_strdup_printf (steps ? _ ("%s +%s per step (%s)") : _ ("%s +%s (%s)"), label,
                                grown, ratio);
      f.has_slice = longest->dur > 0;
      f.slice = longest->slice;
      f.start_ns = longest->start;
      f.end_ns = longest->start + longest->dur;
      add_candidate (candidates, &f, TIER_DEVICE, c->delta_ns);
    }
}

/* 8.6: the steps, Kineto's span of the recording and the profiler's
 * bookkeeping ops measure the profiler, not the work. */
static gboolean
is_profiler_span (const char *name)
{
  return st_profile_steps_is_step_name (name) || st_operation_name_is_profiler_span (name)
         || g_str_has_prefix (name, "profiler::");
}

/* Whether the device model or the vendor differs: then the new profile's
 * own kernels are renames of the base's (8.6). */
static gboolean
other_hardware (StProfileDiff *self)
{
  for (guint i = 0; i < self->environment_differences->len; i++)
    {
      StEnvironmentField field
          = g_array_index (self->environment_differences, StEnvironmentDifference, i).field;

      if (field == ST_ENV_DEVICE_MODEL || field == ST_ENV_VENDOR)
        return TRUE;
    }
  return FALSE;
}

/* How much a row's time grew as 8.6 counts it: a kernel's total, a host
 * op's self time; 0 for what is never a finding. */
static gint64
operation_growth (const StOperationDiffRow *row, gboolean renamed)
{
  if (row->table == ST_OPERATIONS_KERNELS)
    return renamed && row->match == ST_OPERATION_MATCH_ADDED ? 0 : row->delta_ns;
  return is_profiler_span (row->name) ? 0 : row->delta_self_ns;
}

typedef struct
{
  StOperationDiff *ops;
  gboolean         renamed; /* other_hardware () */
} Growth;

static int
compare_growth (gconstpointer a, gconstpointer b, gpointer data)
{
  const Growth *g = data;
  gint64 x = operation_growth (st_operation_diff_get_row (g->ops, *(const guint *)a), g->renamed);
  gint64 y = operation_growth (st_operation_diff_get_row (g->ops, *(const guint *)b), g->renamed);

  if (x != y)
    return x > y ? -1 : 1;
  return (*(const guint *)a > *(const guint *)b) - (*(const guint *)a < *(const guint *)b);
}

static char *
format_count (double count)
{
  return count == floor (count) ? g_strdup_printf ("%.0f", count) : g_strdup_printf ("%.1f", count);
}

/* " (200 instead of 3)" when the count changed by at least 10 %; "" else. */
static char *
count_change (const StOperationDiffRow *row)
{
  g_autofree char *base = NULL;
  g_autofree char *new_ = NULL;

  if (row->base_count <= 0
      || fabs (row->new_count - row->base_count) < COUNT_MIN_CHANGE * row->base_count)
    return g_strdup ("");
  base = format_count (row->base_count);
  new_ = format_count (row->new_count);
  /* Translators: an operation's count per step, the new profile's first */
  return g_strdup_printf (_ (" (%s instead of %s)"), new_, base);
}

static void
add_operation (StProfileDiff *self, GArray *candidates, guint index, gint64 growth, gboolean steps)
{
  const StOperationDiffRow *row = st_operation_diff_get_row (self->operations, index);
  gboolean                  kernel = row->table == ST_OPERATIONS_KERNELS;
  StDiffFinding             f = { ST_DIFF_FINDING_OPERATION, NULL, 0, 0, FALSE, { 0 }, index };
  g_autofree char          *grown = st_format_duration (growth);
  g_autofree char          *name = st_operation_name_shorten (row->name, NULL);

  g_autofree char *counts = count_change (row);

  if (kernel)
    f.text
        = g_strdup_printf (steps ? _ ("%s +%s per step%s") : _ ("%s +%s%s"), name, grown, counts);
  else
    f.text = g_strdup_printf (steps ? _ ("%s +%s self per step%s") : _ ("%s +%s self%s"), name,
                              grown, counts);
  longest_instance (&self->side[ST_DIFF_NEW], is_row_instance, row, &f);
  add_candidate (candidates, &f, kernel ? TIER_DEVICE : TIER_HOST, growth);
}

/* The kernel classes (8.12) whose time did not grow, as bits. */
static guint
classes_not_grown (StProfileDiff *self)
{
  guint bits = 0;

  for (guint i = 0; i < self->classes->len; i++)
    {
      const StClassDiff *c = &g_array_index (self->classes, StClassDiff, i);

      if (c->delta_ns <= 0)
        bits |= 1u << c->klass;
    }
  return bits;
}

/* The kernel class of each of @names (string ids of the new side + 1, keys
 * of @names, their values NULL): the class + 1 its events' tags say. */
static void
find_kernel_classes (StProfileDiff *self, GHashTable *names)
{
  StDiffSideSums *side = &self->side[ST_DIFF_NEW];
  StDeviceWork   *work = st_device_work_get (side->trace);
  guint           left = g_hash_table_size (names);

  for (guint t = 0; t < st_trace_get_n_tracks (side->trace) && left > 0; t++)
    {
      const StTrack   *track = st_trace_get_track (side->trace, t);
      const StWorkTag *tags = st_device_work_get_tags (work, t);

      for (guint i = 0; tags != NULL && track->kind == ST_TRACK_SLICES && i < track->n_slices; i++)
        {
          gpointer key = GUINT_TO_POINTER (track->slices[i].name + 1), known;

          if (tags[i].klass == ST_CLASS_NONE
              || !g_hash_table_lookup_extended (names, key, NULL, &known) || known != NULL)
            continue;
          g_hash_table_insert (names, key,
                               GUINT_TO_POINTER (st_work_tag_get_kernel_class (tags[i]) + 1));
          left--;
        }
    }
}

/* 8.6: a kernel that grew in a class whose time did not took its work
 * from others of its class (a rename between library versions, another
 * algorithm picked for the same work): the device time did not grow. */
static gboolean
grew_in_shrunk_class (GHashTable *classes, guint not_grown, const StOperationDiffRow *row)
{
  for (guint k = 0; k < row->new_ids->len; k++)
    {
      guint klass = GPOINTER_TO_UINT (g_hash_table_lookup (
          classes, GUINT_TO_POINTER (g_array_index (row->new_ids, StStringId, k) + 1)));

      if (klass > 0 && (not_grown & (1u << (klass - 1))))
        return TRUE;
    }
  return FALSE;
}

/* The rows of the operations that grew by 1 % of the base's step time,
 * but kernels that grew in a class that did not. */
static GArray *
grown_rows (StProfileDiff *self, const Growth *g)
{
  guint                  n_rows = st_operation_diff_get_n_rows (self->operations);
  GArray                *grown = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GHashTable) classes = g_hash_table_new (NULL, NULL);
  guint                  not_grown = classes_not_grown (self);
  guint                  n = 0;

  for (guint i = 0; i < n_rows; i++)
    {
      const StOperationDiffRow *row = st_operation_diff_get_row (self->operations, i);

      if ((double)operation_growth (row, g->renamed) < min_time (self))
        continue;
      g_array_append_val (grown, i);
      for (guint k = 0; row->table == ST_OPERATIONS_KERNELS && k < row->new_ids->len; k++)
        g_hash_table_insert (
            classes, GUINT_TO_POINTER (g_array_index (row->new_ids, StStringId, k) + 1), NULL);
    }
  if (not_grown == 0 || g_hash_table_size (classes) == 0)
    return grown;
  find_kernel_classes (self, classes);
  for (guint i = 0; i < grown->len; i++)
    {
      guint                     index = g_array_index (grown, guint, i);
      const StOperationDiffRow *row = st_operation_diff_get_row (self->operations, index);

      if (row->table != ST_OPERATIONS_KERNELS || !grew_in_shrunk_class (classes, not_grown, row))
        g_array_index (grown, guint, n++) = index;
    }
  g_array_set_size (grown, n);
  return grown;
}

/* Kernels by their total, then host ops by their self time: at most four
 * in all. */
static void
operation_findings (StProfileDiff *self, GArray *candidates, gboolean steps)
{
  Growth             g = { self->operations, other_hardware (self) };
  g_autoptr (GArray) grown = grown_rows (self, &g);
  guint              n = 0;

  g_array_sort_with_data (grown, compare_growth, &g);
  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < grown->len && n < MAX_OPERATION_FINDINGS; k++)
      {
        guint                     index = g_array_index (grown, guint, k);
        const StOperationDiffRow *row = st_operation_diff_get_row (self->operations, index);

        if ((row->table == ST_OPERATIONS_KERNELS) != (pass == 0))
          continue;
        add_operation (self, candidates, index, operation_growth (row, g.renamed), steps);
        n++;
      }
}

/* 8.6: a metric that got worse in its own unit: a percent by its points,
 * base and new beside them; the others by how much they moved and their
 * ratio, as a class is said. */
static char *
metric_text (const StMetricDiff *m, gboolean steps)
{
  g_autofree char *moved = NULL, *ratio = NULL;

  if (m->unit == ST_UNIT_PERCENT)
    {
      g_autofree char *base = st_summary_format_value (m->unit, m->value[ST_DIFF_BASE]);
      g_autofree char *now = st_summary_format_value (m->unit, m->value[ST_DIFF_NEW]);

      /* Translators: a share that got worse: its change in percentage
       * points, then its value in the base and in the new profile */
      return g_strdup_printf (_ ("%s %+.1f points (%s → %s)"), m->title, m->delta, base, now);
    }
  moved = m->unit == ST_UNIT_NS ? st_format_duration ((gint64)llround (fabs (m->delta)))
                                : st_summary_format_value (m->unit, fabs (m->delta));
  ratio = g_strdup_printf (_ ("%.2f×"), 1 + m->delta_percent / 100);
  return g_strdup_printf (steps ? _ ("%s %s%s per step (%s)") : _ ("%s %s%s (%s)"), m->title,
                          m->delta < 0 ? "−" : "+", moved, ratio);
}

static void
metric_findings (StProfileDiff *self, GArray *candidates, gboolean steps)
{
  StDiffSideSums *new_ = &self->side[ST_DIFF_NEW];

  for (guint i = 0; i < self->metrics->len; i++)
    {
      const StMetricDiff    *m = &g_array_index (self->metrics, StMetricDiff, i);
      StDiffFinding          f = { ST_DIFF_FINDING_METRIC, NULL, 0, 0, FALSE, { 0 }, i };
      guint                  at;
      const StDiffMetricSum *sum;
      StTimeSpan             worst;

      if (m->judgement != ST_DIFF_WORSE || !m->has_delta_percent
          || fabs (m->delta_percent) < METRIC_MIN_PERCENT
          || (m->unit == ST_UNIT_NS && fabs (m->delta) < min_time (self))
          || (m->unit == ST_UNIT_PERCENT && fabs (m->delta) < METRIC_MIN_POINTS))
        continue;
      at = GPOINTER_TO_UINT (g_hash_table_lookup (new_->metric_at, m->id));
      sum = &g_array_index (new_->metrics, StDiffMetricSum, at - 1);
      f.text = metric_text (m, steps);
      /* the step where it is worst: a worse change went the wrong way */
      worst = m->delta > 0 ? sum->max_range : sum->min_range;
      f.start_ns = worst.begin;
      f.end_ns = worst.end;
      add_candidate (candidates, &f, TIER_METRIC,
                     m->unit == ST_UNIT_NS ? (gint64)fabs (m->delta) : 0);
    }
}

static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->tier != y->tier)
    return x->tier < y->tier ? -1 : 1;
  if (x->weight != y->weight)
    return x->weight > y->weight ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

void
st_profile_diff_make_findings (StProfileDiff *self)
{
  g_autoptr (GArray) candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  gboolean           steps = self->scope == ST_DIFF_SCOPE_STEPS;

  setup_finding (self, candidates);
  class_findings (self, candidates, steps);
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
