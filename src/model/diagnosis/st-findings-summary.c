/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-findings-summary.c: the findings read from the summary of the range
 * (docs/metrics.md 16.3): the straggler of a profile of several ranks, the
 * rule hits whose condition applies (collective outliers, copies, one busy
 * stream, the Neuron table) and warm-up. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-format.h"
#include "st-name-index.h"
#include "st-operation-name.h"
#include "st-select.h"
#include "st-summary-rules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* docs/metrics.md 16.3: a first call shorter than this is no warm-up. */
#define WARM_UP_MIN_NS 1000000

/* --- the straggler ------------------------------------------------------------- */

/* The ProfilerStep#N slice of file @file that covers @t, or none. */
static gboolean
step_at (StTrace *trace, guint file, gint64 t, StSliceRef *out)
{
  for (guint track = 0; track < st_trace_get_n_tracks (trace); track++)
    {
      const StTrack *tr = st_trace_get_track (trace, track);

      if (tr->file != file)
        continue;
      for (guint i = 0; tr->n_rows > 0 && i < tr->row_offsets[1]; i++)
        {
          const StSlice *s = &tr->slices[i];

          if (s->start <= t && t < s->start + s->dur
              && g_str_has_prefix (st_trace_get_string (trace, s->name), "ProfilerStep#"))
            {
              *out = (StSliceRef){ track, i };
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* How late @file began the step that holds @t, against the earliest rank
 * to begin a step of the same name; FALSE without steps. */
static gboolean
late_at_step (StDiagnosisJob *job, guint file, gint64 t, gint64 *late, char **step)
{
  StSliceRef     ref;
  StNameIndex   *index;
  gint64         own, first;
  const guint32 *numbers;
  guint          n;

  if (!step_at (job->trace, file, t, &ref)
      || (index = st_name_index_get (job->trace, job->cancellable)) == NULL)
    return FALSE;
  own = first = st_trace_get_slice (job->trace, ref)->start;
  numbers = st_name_index_lookup (index, st_trace_get_slice (job->trace, ref)->name, &n);
  for (guint i = 0; i < n; i++)
    first = MIN (first,
                 st_trace_get_slice (job->trace, st_name_index_get_ref (index, numbers[i]))->start);
  *late = own - first;
  *step = g_strdup (st_trace_get_string (job->trace, st_trace_get_slice (job->trace, ref)->name));
  return TRUE;
}

static void
straggler_when (StDiagnosisJob *job, const StRankCollective *worst, GString *text)
{
  g_autofree char *step = NULL;
  g_autofree char *late = NULL;
  gint64           at_step;

  if (!late_at_step (job, worst->slowest_file, worst->start_ns + worst->late_ns, &at_step, &step))
    return;
  late = st_format_duration (MAX (0, at_step));
  if (2 * at_step >= worst->late_ns)
    g_string_append_printf (text, _ (" It was already %s late when %s began."), late, step);
  else
    g_string_append_printf (text,
                            _ (" It fell behind inside %s: it began the step %s after the first "
                               "rank."),
                            step, late);
}

/* 16.3: the rank that made the others wait the most at collectives. */
static void
straggler_finding (StDiagnosisJob *job, GPtrArray *findings)
{
  StSummary              *s = job->summary;
  const StRankUsage      *worst_rank = NULL;
  const StRankCollective *worst = NULL;
  gint64                  waited = 0;
  guint                   matched = st_summary_get_n_rank_collectives (s);
  g_autoptr (GString)     text = g_string_new (NULL);
  g_autofree char        *late = NULL, *wait = NULL;
  StFinding              *f;

  for (guint r = 0; r < st_summary_get_n_ranks (s); r++)
    if (st_summary_get_rank (s, r)->slowest_total_ns > 0
        && (worst_rank == NULL
            || st_summary_get_rank (s, r)->slowest_total_ns > worst_rank->slowest_total_ns))
      worst_rank = st_summary_get_rank (s, r);
  if (worst_rank == NULL)
    return;
  for (guint i = 0; i < matched; i++)
    {
      const StRankCollective *c = st_summary_get_rank_collective (s, i);

      if (!c->has_straggler || c->slowest_file != worst_rank->file)
        continue;
      waited += c->waited_ns;
      if (worst == NULL || c->late_ns > worst->late_ns)
        worst = c;
    }
  late = st_format_duration (worst->late_ns);
  wait = st_format_duration (waited);
  g_string_append_printf (text, "%s: ", _ ("Straggler"));
  g_string_append_printf (text,
                          _ ("%s arrived last at %u of the %u collectives matched across ranks, %s "
                             "late at %s (the worst); the other ranks waited %s for it in all."),
                          worst_rank->label, worst_rank->slowest_count, matched, late, worst->label,
                          wait);
  straggler_when (job, worst, text);
  f = st_finding_new (ST_FINDING_STRAGGLER, "straggler",
                      waited / MAX (1, (gint64)st_summary_get_n_ranks (s)));
  f->title = _ ("Straggler");
  f->text = g_string_free (g_steal_pointer (&text), FALSE);
  f->action = g_strdup_printf (_ ("Look at %s's work before %s: its data loading, its input "
                                  "sizes, or a slower device or link."),
                               worst_rank->label, worst->label);
  f->start_ns = worst->start_ns;
  f->end_ns = worst->end_ns;
  g_ptr_array_add (f->operations, g_strdup (worst->label));
  g_ptr_array_add (findings, f);
}

/* --- rule hits ------------------------------------------------------------------ */

static const StRecommendation *
rule_hit (StSummary *s, const char *rule)
{
  for (guint i = 0; i < st_summary_get_n_recommendations (s); i++)
    if (g_str_equal (st_summary_get_recommendation (s, i)->rule, rule))
      return st_summary_get_recommendation (s, i);
  return NULL;
}

static StFinding *
finding_of_rule (StFindingKind kind, const StRecommendation *r, gint64 at_stake)
{
  StFinding *f = st_finding_new (kind, r->rule, at_stake);

  f->text = g_strdup_printf ("%s. %s", r->measured, r->cause);
  f->action = g_strdup (r->action);
  f->start_ns = r->start_ns;
  f->end_ns = r->end_ns;
  return f;
}

/* Σ over the outliers of each group of (duration − median), per device. */
static void
outlier_finding (StDiagnosisJob *job, GPtrArray *findings)
{
  const StRecommendation *r = rule_hit (job->summary, "collective-outlier");
  gint64                  excess = 0;

  if (r == NULL)
    return;
  for (guint g = 0; g < st_summary_get_n_collective_groups (job->summary); g++)
    {
      const StCollectiveGroup *group = st_summary_get_collective_group (job->summary, g);

      for (guint k = 0; k < group->instances->len; k++)
        {
          const StCollectiveInstance *inst
              = &g_array_index (group->instances, StCollectiveInstance, k);

          if (inst->outlier)
            excess += inst->dur - group->median_ns;
        }
    }
  g_ptr_array_add (findings,
                   finding_of_rule (ST_FINDING_COLLECTIVE_OUTLIER, r,
                                    excess / MAX (1, (gint64)st_diagnosis_n_devices (job))));
}

/* Copies and sets while nothing else runs (8.3's exposed memory). */
static void
memory_finding (StDiagnosisJob *job, GPtrArray *findings)
{
  const StRecommendation *r = rule_hit (job->summary, "memory-time");
  gint64                  exposed = 0;
  guint                   n = st_summary_get_n_devices (job->summary);

  if (r == NULL)
    return;
  for (guint d = 0; d < n; d++)
    {
      const StDeviceUsage *u = st_summary_get_device (job->summary, d);

      exposed += u->busy_ns - u->compute_ns - u->exposed_communication_ns;
    }
  g_ptr_array_add (findings,
                   finding_of_rule (ST_FINDING_MEMORY_TIME, r, exposed / MAX (1, (gint64)n)));
}

/* Only when the busiest stream carries compute and copies or
 * communication, work another stream could run alongside that compute: a
 * stream of communication alone is already its own. At stake, the lesser
 * of the two, the most the overlap could hide. */
static void
busy_stream_finding (StDiagnosisJob *job, GPtrArray *findings)
{
  const StRecommendation *r = rule_hit (job->summary, "stream-imbalance");
  const StEngineUsage    *busiest = NULL;
  gint64                  movable = 0, compute = 0;

  if (r == NULL)
    return;
  for (guint e = 0; e < st_summary_get_n_engines (job->summary); e++)
    if (busiest == NULL || st_summary_get_engine (job->summary, e)->busy_ns > busiest->busy_ns)
      busiest = st_summary_get_engine (job->summary, e);
  for (guint k = 0; busiest != NULL && busiest->classes != NULL && k < busiest->classes->len; k++)
    {
      const StEngineClass *c = &g_array_index (busiest->classes, StEngineClass, k);

      if (g_str_equal (c->name, "Collective") || g_str_equal (c->name, "Memcpy")
          || g_str_equal (c->name, "Memset") || g_str_equal (c->name, "DMA"))
        movable += c->busy_ns;
      else if (!g_str_equal (c->name, "Wait"))
        compute += c->busy_ns;
    }
  if (MIN (movable, compute) > 0)
    g_ptr_array_add (
        findings,
        finding_of_rule (ST_FINDING_ONE_BUSY_STREAM, r,
                         MIN (movable, compute) / MAX (1, (gint64)st_diagnosis_n_devices (job))));
}

/* The span's share in sync wait and idle phases, over the devices. */
static double
waiting_share (GArray *phases, gint64 mean_span, guint n_devices)
{
  gint64 waiting = 0;

  for (guint i = 0; i < phases->len; i++)
    {
      const StPhase *p = &g_array_index (phases, StPhase, i);

      if (p->kind == ST_PHASE_SYNC_WAIT || p->kind == ST_PHASE_IDLE)
        waiting += p->end - p->start;
    }
  return mean_span > 0 ? (double)waiting / MAX (1, n_devices) / mean_span : 0;
}

/* The Neuron table, judged on the active part: with half the span or more
 * waiting, the engine utilisation rule (its batch-size advice) is not
 * given (16.3). */
static void
neuron_findings (StDiagnosisJob *job, GArray *phases, GPtrArray *findings)
{
  gboolean waiting
      = waiting_share (phases, st_diagnosis_mean_span (job), st_diagnosis_n_devices (job)) >= 0.5;

  for (guint i = 0; i < st_summary_get_n_recommendations (job->summary); i++)
    {
      const StRecommendation *r = st_summary_get_recommendation (job->summary, i);
      const StRule           *rule = st_summary_rules_lookup (r->rule);

      if (rule == NULL || !(rule->families & ST_RULE_NEURON) || (rule->families & ST_RULE_GPU))
        continue;
      if (waiting && g_str_equal (r->rule, "tensor-engine-utilisation"))
        continue;
      g_ptr_array_add (findings, finding_of_rule (ST_FINDING_RULE, r, 0));
    }
}

/* --- warm-up -------------------------------------------------------------------- */

typedef struct
{
  StStringId name;
  gint64     first_start;
  gint64     first_dur;
  guint      first_track;
  GArray    *others; /* gint64 durations, for a first call long enough to be a warm-up */
} WarmCandidate;

/* A name's first slice in the walk's order (the earliest start, the first
 * met of equal ones). */
typedef struct
{
  gint64 start;
  gint64 dur;
  guint  track;
} FirstCall;

static gboolean
is_framework_op (const StSlice *s, StStringId cpu_op, StStringId op)
{
  return s->cat != ST_STRING_NONE && (s->cat == cpu_op || s->cat == op);
}

/* Calls @func on every framework op slice (cpu_op, Operator) of the host
 * tracks that overlaps the range. */
static void
each_framework_op (StDiagnosisJob *job,
                   void (*func) (const StSlice *, guint, gpointer),
                   gpointer data)
{
  StStringId cpu_op = st_trace_lookup_string (job->trace, "cpu_op");
  StStringId op = st_trace_lookup_string (job->trace, "Operator");

  if (cpu_op == ST_STRING_NONE && op == ST_STRING_NONE)
    return;
  for (guint track = 0; track < st_trace_get_n_tracks (job->trace); track++)
    {
      const StTrack *t = st_trace_get_track (job->trace, track);

      if (st_device_work_get_track_device (job->work, track) >= 0)
        continue;
      for (guint i = 0; i < t->n_slices; i++)
        {
          const StSlice *s = &t->slices[i];

          if (is_framework_op (s, cpu_op, op) && s->start + s->dur > job->start
              && s->start < job->end)
            func (s, track, data);
        }
    }
}

typedef struct
{
  StDiagnosisJob *job;
  guint          *count; /* per string id */
  FirstCall      *first; /* per string id, set where touched */
  GArray         *touched;
} Tally;

static void
tally_op (const StSlice *s, guint track, gpointer data)
{
  Tally     *t = data;
  FirstCall *first = &t->first[s->name];

  if (t->job->by_name[s->name] == 0)
    {
      g_array_append_val (t->touched, s->name);
      *first = (FirstCall){ s->start, s->dur, track };
    }
  else if (s->start < first->start)
    *first = (FirstCall){ s->start, s->dur, track };
  t->job->by_name[s->name] += MAX (s->dur, 1);
  t->count[s->name]++;
}

static gint
by_time (gconstpointer a, gconstpointer b, gpointer data)
{
  const gint64 *time = data;
  StStringId    x = *(const StStringId *)a, y = *(const StStringId *)b;

  return time[x] != time[y] ? (time[x] > time[y] ? -1 : 1) : (x > y) - (x < y);
}

/* The 20 framework op names with the most time in the range, of those
 * with 5 or more slices, with their first calls. @slot says which is which
 * for those whose first call is long enough to be a warm-up (16.3: 1 ms or
 * more): only their other calls are read again, for their median. */
static GArray *
warm_candidates (StDiagnosisJob *job, gint *slot)
{
  guint                 n_strings = MAX (1, st_trace_get_n_strings (job->trace));
  GArray               *candidates = g_array_new (FALSE, TRUE, sizeof (WarmCandidate));
  g_autofree guint     *count = g_new0 (guint, n_strings);
  g_autofree FirstCall *first = g_new (FirstCall, n_strings);
  g_autoptr (GArray)    touched = g_array_new (FALSE, FALSE, sizeof (StStringId));
  Tally                 t = { job, count, first, touched };

  each_framework_op (job, tally_op, &t);
  g_array_sort_with_data (touched, by_time, job->by_name);
  for (guint i = 0; i < touched->len; i++)
    {
      StStringId    name = g_array_index (touched, StStringId, i);
      WarmCandidate c = { name, first[name].start, first[name].dur, first[name].track, NULL };

      job->by_name[name] = 0;
      if (count[name] < 5 || candidates->len == 20)
        continue;
      c.others = g_array_sized_new (FALSE, FALSE, sizeof (gint64),
                                    c.first_dur >= WARM_UP_MIN_NS ? count[name] : 0);
      if (c.first_dur >= WARM_UP_MIN_NS)
        slot[name] = candidates->len;
      g_array_append_val (candidates, c);
    }
  return candidates;
}

/* Leaves the calls but the first in c->others, which holds them all. */
static void
drop_first_call (WarmCandidate *c)
{
  gint64 *d = (gint64 *)(void *)c->others->data;

  for (guint i = 0; i < c->others->len; i++)
    if (d[i] == c->first_dur)
      {
        g_array_remove_index_fast (c->others, i);
        return;
      }
}

typedef struct
{
  const gint *slot;
  GArray     *candidates;
} Scan;

static void
scan_op (const StSlice *s, guint track, gpointer data)
{
  Scan *scan = data;

  (void)track;
  if (scan->slot[s->name] >= 0)
    g_array_append_val (g_array_index (scan->candidates, WarmCandidate, scan->slot[s->name]).others,
                        s->dur);
}

/* Whether @c's first slice is a warm-up: 10 × the median of the others
 * and 1 ms, and not blocked in a synchronisation through its middle. */
static gboolean
is_warm_up (StDiagnosisJob *job, WarmCandidate *c, gint64 *median)
{
  gint64 middle = c->first_start + c->first_dur / 2;

  if (c->others->len < 4)
    return FALSE;
  *median
      = st_select_kth ((gint64 *)(void *)c->others->data, c->others->len, (c->others->len - 1) / 2);
  return c->first_dur >= WARM_UP_MIN_NS && c->first_dur >= 10 * MAX (*median, 1)
         && (job->sync == NULL
             || !st_sync_calls_blocked (job->sync, c->first_track, middle,
                                        c->first_start + c->first_dur));
}

static StFinding *
warm_up_finding (StDiagnosisJob *job, const WarmCandidate *c, gint64 median)
{
  const char      *name = st_trace_get_string (job->trace, c->name);
  g_autofree char *first = st_format_duration (c->first_dur);
  g_autofree char *mid = st_format_duration (median);
  g_autofree char *shown = st_operation_name_shorten (name, NULL);
  g_autofree char *rest = NULL;
  StFinding       *f = st_finding_new (ST_FINDING_WARM_UP, "warm-up", c->first_dur - median);

  f->title = _ ("Warm-up");
  rest
      = g_strdup_printf (_ ("the first “%s” took %s, %.0f× the median of its %u later calls "
                            "(%s)."),
                         shown, first, (double)c->first_dur / MAX (median, 1), c->others->len, mid);
  f->text = g_strdup_printf ("%s: %s", f->title, rest);
  f->action = g_strdup (_ ("Leave warm-up out of the profiled steps (a schedule's wait and warmup "
                           "steps), or keep what it builds (autotuning, compilation) from run to "
                           "run."));
  f->start_ns = c->first_start;
  f->end_ns = c->first_start + c->first_dur;
  g_ptr_array_add (f->operations, g_strdup (name));
  return f;
}

/* Of warm-ups nested in one another, the outermost. */
static gboolean
inside_another (GPtrArray *warm, const StFinding *f)
{
  for (guint i = 0; i < warm->len; i++)
    {
      const StFinding *o = g_ptr_array_index (warm, i);

      if (o != f && o->start_ns <= f->start_ns && f->end_ns <= o->end_ns
          && (o->start_ns < f->start_ns || f->end_ns < o->end_ns || o < f))
        return TRUE;
    }
  return FALSE;
}

void
st_findings_warm_ups (StDiagnosisJob *job, GPtrArray *findings)
{
  guint                 n_strings = MAX (1, st_trace_get_n_strings (job->trace));
  g_autofree gint      *slot = g_new (gint, n_strings);
  g_autoptr (GArray)    candidates = NULL;
  g_autoptr (GPtrArray) warm = g_ptr_array_new ();
  g_autoptr (GArray)    spans = g_array_new (FALSE, FALSE, sizeof (StWarmUp));

  memset (slot, 0xff, n_strings * sizeof (gint));
  candidates = warm_candidates (job, slot);
  for (guint k = 0; k < candidates->len; k++)
    if (g_array_index (candidates, WarmCandidate, k).first_dur >= WARM_UP_MIN_NS)
      {
        Scan scan = { slot, candidates };

        each_framework_op (job, scan_op, &scan);
        for (guint j = 0; j < candidates->len; j++)
          if (slot[g_array_index (candidates, WarmCandidate, j).name] >= 0)
            drop_first_call (&g_array_index (candidates, WarmCandidate, j));
        break;
      }
  for (guint k = 0; k < candidates->len; k++)
    {
      WarmCandidate *c = &g_array_index (candidates, WarmCandidate, k);
      gint64         median;

      if (is_warm_up (job, c, &median))
        {
          StWarmUp span = { c->first_track, c->first_start, c->first_start + c->first_dur,
                            c->name,        median,         c->others->len };

          g_ptr_array_add (warm, warm_up_finding (job, c, median));
          g_array_append_val (spans, span);
        }
      g_array_unref (c->others);
    }
  {
    g_autofree gboolean *nested = g_new0 (gboolean, MAX (1, warm->len));

    for (guint i = 0; i < warm->len; i++)
      nested[i] = inside_another (warm, g_ptr_array_index (warm, i));
    for (guint i = 0; i < warm->len; i++)
      if (nested[i])
        st_finding_free (g_ptr_array_index (warm, i));
      else
        {
          g_ptr_array_add (findings, g_ptr_array_index (warm, i));
          if (job->warm_ups != NULL)
            g_array_append_val (job->warm_ups, g_array_index (spans, StWarmUp, i));
        }
  }
}

/* 16.3: a profile with devices that worked in less than a fifth of the
 * range: the rest was the host's alone. */
static void
no_device_work_finding (StDiagnosisJob *job, GArray *phases, GPtrArray *findings)
{
  gint64           range = st_time_span (job->start, job->end);
  gint64           span = st_diagnosis_mean_span (job), first = G_MAXINT64;
  g_autofree char *span_text = NULL, *range_text = NULL, *lead_text = NULL;
  StFinding       *f;

  if (st_diagnosis_n_devices (job) == 0 || phases->len == 0 || 5 * span >= range)
    return;
  for (guint i = 0; i < phases->len; i++)
    first = MIN (first, g_array_index (phases, StPhase, i).start);
  span_text = st_format_duration (span);
  range_text = st_format_duration (range);
  lead_text = st_format_duration (first - job->start);
  f = st_finding_new (ST_FINDING_NO_DEVICE_WORK, "no-device-work", range - span);
  f->title = _ ("No device work");
  f->text = g_strdup_printf (_ ("%s for most of the range: the devices worked in %s of its %s; "
                                "the rest was the host's alone (%s before the first device "
                                "work: setup, compilation or data loading)."),
                             f->title, span_text, range_text, lead_text);
  f->action = g_strdup (_ ("Profile the steady state: start the trace after setup and "
                           "compilation (a schedule's wait and warmup steps), or look at what the "
                           "host does in that time."));
  f->start_ns = job->start;
  f->end_ns = first;
  g_ptr_array_add (findings, f);
}

/* Whether warm-up @f is the one a warm-up phase names (16.3): its op,
 * whose first slice overlaps the phase's longest gap. */
static gboolean
said_by_phase (StDiagnosisJob *job, GArray *phases, const StFinding *f)
{
  for (guint i = 0; i < phases->len; i++)
    {
      const StPhase *p = &g_array_index (phases, StPhase, i);

      if (p->kind == ST_PHASE_WARM_UP && p->host_op != ST_STRING_NONE
          && g_str_equal (st_trace_get_string (job->trace, p->host_op),
                          g_ptr_array_index (f->operations, 0))
          && f->start_ns < p->gap_end && p->gap_start < f->end_ns)
        return TRUE;
    }
  return FALSE;
}

/* The warm-up (16.3) that @f, one op's, says. */
static const StWarmUp *
warm_up_of (StDiagnosisJob *job, const StFinding *f)
{
  for (guint i = 0; i < job->warm_ups->len; i++)
    {
      const StWarmUp *w = &g_array_index (job->warm_ups, StWarmUp, i);

      if (w->start == f->start_ns && w->end == f->end_ns
          && g_str_equal (st_trace_get_string (job->trace, w->name),
                          g_ptr_array_index (f->operations, 0)))
        return w;
    }
  g_return_val_if_reached (NULL);
}

static gint
by_stake_first (gconstpointer a, gconstpointer b)
{
  const StFinding *x = *(StFinding *const *)a, *y = *(StFinding *const *)b;

  return x->time_at_stake_ns != y->time_at_stake_ns
             ? (x->time_at_stake_ns > y->time_at_stake_ns ? -1 : 1)
             : (x->start_ns < y->start_ns ? -1 : x->start_ns > y->start_ns);
}

/* 16.3: the warm-ups of @ops, two or more, each one op's, as one finding. */
static StFinding *
joined_warm_ups (StDiagnosisJob *job, GPtrArray *ops)
{
  StFinding          *f = st_finding_new (ST_FINDING_WARM_UP, "warm-up", 0);
  g_autoptr (GString) list = g_string_new (NULL);
  gint64              rest = 0;

  g_ptr_array_sort (ops, by_stake_first);
  f->title = _ ("Warm-up");
  f->start_ns = G_MAXINT64;
  f->end_ns = G_MININT64;
  for (guint i = 0; i < ops->len; i++)
    {
      const StFinding *op = g_ptr_array_index (ops, i);
      const StWarmUp  *w = warm_up_of (job, op);

      f->time_at_stake_ns += op->time_at_stake_ns;
      f->start_ns = MIN (f->start_ns, op->start_ns);
      f->end_ns = MAX (f->end_ns, op->end_ns);
      g_ptr_array_add (f->operations, g_strdup (g_ptr_array_index (op->operations, 0)));
      if (i >= 3)
        rest += op->time_at_stake_ns;
      else if (w != NULL)
        {
          g_autofree char *shown
              = st_operation_name_shorten (g_ptr_array_index (op->operations, 0), NULL);
          g_autofree char *first = st_format_duration (w->end - w->start);
          g_autofree char *median = st_format_duration (w->median);

          if (i > 0)
            g_string_append (list, "; ");
          /* Translators: one of several operations' first calls: its name, how
           * long the first took, how many times the median of the later ones */
          g_string_append_printf (
              list, _ ("“%s” took %s, %.0f× the median of its %u later calls (%s)"), shown, first,
              (double)(w->end - w->start) / MAX (w->median, 1), w->later, median);
        }
    }
  if (rest > 0)
    {
      g_autofree char *rest_text = st_format_duration (rest);

      g_string_append_printf (list, _ ("; and %u more, %s at stake together"), ops->len - 3,
                              rest_text);
    }
  f->text = g_strdup_printf (_ ("%s: the first calls of %u operations were slow: %s."), f->title,
                             ops->len, list->str);
  f->action = g_strdup (((StFinding *)g_ptr_array_index (ops, 0))->action);
  return f;
}

/* Whether @findings holds a warm-up phase's finding that will be shown
 * (16.3: 1 % of the range and 1 µs at stake): it gives the advice. */
static gboolean
phase_gives_advice (StDiagnosisJob *job, GPtrArray *findings)
{
  gint64 floor_ns = MAX (1000, st_time_span (job->start, job->end) / 100);

  for (guint i = 0; i < findings->len; i++)
    {
      const StFinding *f = g_ptr_array_index (findings, i);

      if (f->kind == ST_FINDING_WARM_UP && f->time_at_stake_ns >= floor_ns)
        return TRUE;
    }
  return FALSE;
}

/* 16.3: the warm-ups a warm-up phase does not say, one finding however
 * many, its advice given once. Takes @warm_ups' findings. */
static void
warm_ups_finding (StDiagnosisJob *job, GArray *phases, GPtrArray *warm_ups, GPtrArray *findings)
{
  g_autoptr (GPtrArray) left = g_ptr_array_new_with_free_func ((GDestroyNotify)st_finding_free);
  gboolean              advised = phase_gives_advice (job, findings);
  StFinding            *f;

  while (warm_ups->len > 0)
    {
      StFinding *op = g_ptr_array_steal_index (warm_ups, 0);

      if (said_by_phase (job, phases, op))
        st_finding_free (op);
      else
        g_ptr_array_add (left, op);
    }
  if (left->len == 0)
    return;
  f = left->len == 1 ? g_ptr_array_steal_index (left, 0) : joined_warm_ups (job, left);
  if (advised)
    g_clear_pointer (&f->action, g_free);
  g_ptr_array_add (findings, f);
}

void
st_findings_from_summary (StDiagnosisJob *job,
                          GArray         *phases,
                          GPtrArray      *warm_ups,
                          GPtrArray      *findings)
{
  no_device_work_finding (job, phases, findings);
  straggler_finding (job, findings);
  outlier_finding (job, findings);
  memory_finding (job, findings);
  busy_stream_finding (job, findings);
  neuron_findings (job, phases, findings);
  warm_ups_finding (job, phases, warm_ups, findings);
}
