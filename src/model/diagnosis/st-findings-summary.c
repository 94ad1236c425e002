/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-findings-summary.c: the findings read from the summary of the range
 * (docs/metrics.md 16.3): the straggler of a profile of several ranks, the
 * rule hits whose condition applies (collective outliers, copies, one busy
 * stream, the Neuron table) and no device work; the warm-ups are
 * st-findings-warm-ups.c's. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-format.h"
#include "st-name-index.h"
#include "st-operation-name.h"
#include "st-select.h"
#include "st-span.h"
#include "st-summary-rules.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>

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
  if (2.0 * at_step >= worst->late_ns)
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
finding_of_rule (StDiagnosisJob         *job,
                 StFindingKind           kind,
                 const StRecommendation *r,
                 gint64                  at_stake)
{
  StFinding *f = st_finding_new (kind, r->rule, at_stake);

  f->text = g_strdup_printf ("%s. %s", r->measured, r->cause);
  f->action = g_strdup (st_advice_for_rule (r, job->terms));
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
                   finding_of_rule (job, ST_FINDING_COLLECTIVE_OUTLIER, r,
                                    excess / MAX (1, (gint64)st_diagnosis_n_devices (job))));
}

/* Whether a device-bound finding that will be shown gives the copies' or
 * the sets' fix: the memory-time rule's would say it again (16.3). */
static gboolean
memory_fix_given (StDiagnosisJob *job, GPtrArray *findings)
{
  const char *copies = st_advice_get (ST_ADVICE_COPIES, job->terms);
  const char *sets = st_advice_get (ST_ADVICE_MEMSETS, job->terms);
  gint64      floor_ns = st_findings_shown_floor (job);

  for (guint i = 0; i < findings->len; i++)
    {
      const StFinding *f = g_ptr_array_index (findings, i);

      if (f->kind == ST_FINDING_DEVICE_BOUND && f->time_at_stake_ns >= floor_ns && f->action != NULL
          && (g_strcmp0 (f->action, copies) == 0 || g_strcmp0 (f->action, sets) == 0))
        return TRUE;
    }
  return FALSE;
}

/* Copies and sets while nothing else runs (8.3's exposed memory). */
static void
memory_finding (StDiagnosisJob *job, GPtrArray *findings)
{
  const StRecommendation *r = rule_hit (job->summary, "memory-time");
  gint64                  exposed = 0;
  guint                   n = st_summary_get_n_devices (job->summary);
  StFinding              *f;

  if (r == NULL)
    return;
  for (guint d = 0; d < n; d++)
    {
      const StDeviceUsage *u = st_summary_get_device (job->summary, d);

      exposed += u->busy_ns - u->compute_ns - u->exposed_communication_ns;
    }
  f = finding_of_rule (job, ST_FINDING_MEMORY_TIME, r, exposed / MAX (1, (gint64)n));
  if (memory_fix_given (job, findings))
    g_clear_pointer (&f->action, g_free);
  g_ptr_array_add (findings, f);
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
        finding_of_rule (job, ST_FINDING_ONE_BUSY_STREAM, r,
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
      g_ptr_array_add (findings, finding_of_rule (job, ST_FINDING_RULE, r, 0));
    }
}

/* 16.3: the kernels the CUPTI range profiler timed, each run alone and
 * replayed until its counters were read: their times are the
 * collection's. */
static void
counter_collection_finding (StDiagnosisJob *job, GPtrArray *findings)
{
  StStringId         cat = st_trace_lookup_string (job->trace, "cuda_profiler_range");
  g_autoptr (GArray) spans = NULL;
  g_autoptr (GArray) durations = NULL;
  g_autofree char   *total = NULL, *median = NULL;
  StFinding         *f;

  if (cat == ST_STRING_NONE)
    return;
  spans = g_array_new (FALSE, FALSE, sizeof (StSpan));
  durations = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint t = 0; t < st_trace_get_n_tracks (job->trace); t++)
    {
      const StTrack *track = st_trace_get_track (job->trace, t);

      for (guint i = 0; track->kind == ST_TRACK_SLICES && i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          StSpan         clipped
              = { MAX (s->start, job->start), MIN (st_time_add_sat (s->start, s->dur), job->end) };

          if (s->cat != cat || clipped.end <= clipped.start)
            continue;
          g_array_append_val (spans, clipped);
          g_array_append_val (durations, s->dur);
        }
    }
  if (spans->len == 0)
    return;
  median = st_format_duration (
      st_select_kth ((gint64 *)(void *)durations->data, durations->len, (durations->len - 1) / 2));
  f = st_finding_new (ST_FINDING_COUNTER_COLLECTION, "counter-collection", st_spans_union (spans));
  total = st_format_duration (f->time_at_stake_ns);
  f->title = _ ("Counter collection");
  f->text = g_strdup_printf (
      _ ("%s: %u kernels were timed by the CUPTI range profiler, %s in all (median %s). It runs "
         "each kernel alone and replays it until every counter is read: these times, and the "
         "host's waiting on them, are the collection's, not the run's."),
      f->title, spans->len, total, median);
  f->action = g_strdup (_ ("Read this profile for its counters (the instructions each kernel "
                           "executed, by type); for time, profile again without counters (no "
                           "profiler_metrics in the profiler's experimental config)."));
  f->start_ns = g_array_index (spans, StSpan, 0).start;
  f->end_ns = G_MININT64;
  for (guint i = 0; i < spans->len; i++)
    f->end_ns = MAX (f->end_ns, g_array_index (spans, StSpan, i).end);
  g_ptr_array_add (findings, f);
}

/* The time of the range the profiler's own start and stop take: the union
 * of those frames, clipped to it. */
static gint64
profiler_time (StDiagnosisJob *job)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (StSpan));
  StNameIndex       *index = NULL;

  for (guint id = 0; id < st_trace_get_n_strings (job->trace); id++)
    {
      const guint32 *numbers;
      guint          n = 0;

      if (!st_operation_name_is_profiler_start_stop (st_trace_get_string (job->trace, id)))
        continue;
      if (index == NULL && (index = st_name_index_get (job->trace, job->cancellable)) == NULL)
        return 0;
      numbers = st_name_index_lookup (index, id, &n);
      for (guint i = 0; i < n; i++)
        {
          const StSlice *s
              = st_trace_get_slice (job->trace, st_name_index_get_ref (index, numbers[i]));
          StSpan clipped
              = { MAX (s->start, job->start), MIN (st_time_add_sat (s->start, s->dur), job->end) };

          if (clipped.end > clipped.start)
            g_array_append_val (spans, clipped);
        }
    }
  return st_spans_union (spans);
}

/* 16.3: a profile with devices that worked in less than a fifth of the
 * range: the rest was the host's alone — or, when the profiler's own
 * start and stop hold half of it, mostly the profiler's. */
static void
no_device_work_finding (StDiagnosisJob *job, GArray *phases, GPtrArray *findings)
{
  gint64           range = st_time_span (job->start, job->end);
  gint64           span = st_diagnosis_mean_span (job), first = G_MAXINT64, last = G_MININT64;
  gint64           profiler;
  gboolean         profiled;
  g_autofree char *span_text = NULL, *range_text = NULL, *lead_text = NULL;
  StFinding       *f;

  if (st_diagnosis_n_devices (job) == 0 || phases->len == 0 || 5.0 * span >= range)
    return;
  for (guint i = 0; i < phases->len; i++)
    {
      first = MIN (first, g_array_index (phases, StPhase, i).start);
      last = MAX (last, g_array_index (phases, StPhase, i).end);
    }
  span_text = st_format_duration (span);
  range_text = st_format_duration (range);
  lead_text = st_format_duration (first - job->start);
  f = st_finding_new (ST_FINDING_NO_DEVICE_WORK, "no-device-work", range - span);
  f->title = _ ("No device work");
  profiler = profiler_time (job);
  profiled = 2.0 * profiler >= (double)(range - span);
  if (profiled)
    {
      g_autofree char *profiler_text = st_format_duration (profiler);

      f->text = g_strdup_printf (
          _ ("%s for most of the range: the devices worked in %s of its %s; %s of the rest is "
             "the profiler's own start and stop (its start-up and the writing of its trace), not "
             "the program's."),
          f->title, span_text, range_text, profiler_text);
      f->action = g_strdup (_ ("Read the program's part, between the profiler's start and stop: "
                               "select it as a region. The profiler's own time is not the "
                               "program's to recover."));
    }
  else
    {
      f->text = g_strdup_printf (_ ("%s for most of the range: the devices worked in %s of its %s; "
                                    "the rest was the host's alone (%s before the first device "
                                    "work: setup, compilation or data loading)."),
                                 f->title, span_text, range_text, lead_text);
      f->action = g_strdup (st_advice_get (ST_ADVICE_STEADY_STATE, job->terms));
    }
  /* the host's lead; or the program's part, the devices' work, to read */
  f->start_ns = profiled ? first : job->start;
  f->end_ns = profiled ? last : first;
  g_ptr_array_add (findings, f);
}

void
st_findings_from_summary (StDiagnosisJob *job,
                          GArray         *phases,
                          GPtrArray      *warm_ups,
                          GPtrArray      *findings)
{
  no_device_work_finding (job, phases, findings);
  counter_collection_finding (job, findings);
  straggler_finding (job, findings);
  outlier_finding (job, findings);
  memory_finding (job, findings);
  busy_stream_finding (job, findings);
  neuron_findings (job, phases, findings);
  st_findings_warm_ups_join (job, phases, warm_ups, findings);
}
