/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-findings-warm-ups.c: the warm-ups of the range (docs/metrics.md 16.3):
 * the framework ops whose first call is far slower than their later ones,
 * found before the phases (a gap inside one is the warm-up's, 16.1), then
 * said as one finding, but for the one a warm-up phase says. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-format.h"
#include "st-operation-name.h"
#include "st-select.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* docs/metrics.md 16.3: a first call shorter than this is no warm-up. */
#define WARM_UP_MIN_NS 1000000

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
  t->job->by_name[s->name] = st_time_add_sat (t->job->by_name[s->name], MAX (s->dur, 1));
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
  return c->first_dur >= WARM_UP_MIN_NS && c->first_dur >= 10.0 * MAX (*median, 1)
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
  f->action = g_strdup (st_advice_get (ST_ADVICE_WARM_UP, job->terms));
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

      f->time_at_stake_ns = st_time_add_sat (f->time_at_stake_ns, op->time_at_stake_ns);
      f->start_ns = MIN (f->start_ns, op->start_ns);
      f->end_ns = MAX (f->end_ns, op->end_ns);
      g_ptr_array_add (f->operations, g_strdup (g_ptr_array_index (op->operations, 0)));
      if (i >= 3)
        rest = st_time_add_sat (rest, op->time_at_stake_ns);
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
  gint64 floor_ns = st_findings_shown_floor (job);

  for (guint i = 0; i < findings->len; i++)
    {
      const StFinding *f = g_ptr_array_index (findings, i);

      if (f->kind == ST_FINDING_WARM_UP && f->time_at_stake_ns >= floor_ns)
        return TRUE;
    }
  return FALSE;
}

void
st_findings_warm_ups_join (StDiagnosisJob *job,
                           GArray         *phases,
                           GPtrArray      *warm_ups,
                           GPtrArray      *findings)
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
