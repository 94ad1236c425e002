/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-phases.c: one device's states over its span, the causes of its idle
 * time (docs/metrics.md 16.1) and the cut of the span into phases (16.2).
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include <string.h>

/* The unions of a device's events by what they are. */
enum
{
  UNION_COMPUTE,
  UNION_COMMUNICATION,
  UNION_MEMORY,
  UNION_WAIT,
  N_UNIONS
};

typedef struct
{
  GArray *spans[N_UNIONS]; /* StTimeSpan, by start, disjoint */
} Unions;

static void
unions_clear (Unions *u)
{
  for (guint k = 0; k < N_UNIONS; k++)
    g_clear_pointer (&u->spans[k], g_array_unref);
}

static gint
union_of (guint8 slot)
{
  switch (slot)
    {
    case ST_SLOT_COMPUTE: return UNION_COMPUTE;
    case ST_SLOT_COMMUNICATION: return UNION_COMMUNICATION;
    case ST_SLOT_COPY:
    case ST_SLOT_SET: return UNION_MEMORY;
    case ST_SLOT_WAIT: return UNION_WAIT;
    default: return -1;
    }
}

/* Room for element @len of @a, whose first @len are in use: the array
 * grows by doubling, not by a call per element (millions of them). */
static inline gpointer
room_at (GArray *a, guint len, gsize size)
{
  if (len >= a->len)
    g_array_set_size (a, MAX (64, 2 * a->len));
  return a->data + (gsize)len * size;
}

/* The unions of the events (by start) and the span, from the first
 * event's start to the last's end. */
static void
make_unions (const StDeviceEvent *ev, guint n, Unions *u, gint64 *span_start, gint64 *span_end)
{
  guint len[N_UNIONS] = { 0 };

  for (guint k = 0; k < N_UNIONS; k++)
    u->spans[k] = g_array_new (FALSE, FALSE, sizeof (StTimeSpan));
  *span_start = n > 0 ? ev[0].start : 0;
  *span_end = *span_start;
  for (guint i = 0; i < n; i++)
    {
      gint        k = union_of (ev[i].slot);
      StTimeSpan *last;

      *span_end = MAX (*span_end, ev[i].end);
      if (k < 0 || ev[i].end <= ev[i].start)
        continue;
      last = len[k] > 0 ? &g_array_index (u->spans[k], StTimeSpan, len[k] - 1) : NULL;
      if (last != NULL && ev[i].start <= last->end)
        last->end = MAX (last->end, ev[i].end);
      else
        *(StTimeSpan *)room_at (u->spans[k], len[k]++, sizeof (StTimeSpan))
            = (StTimeSpan){ ev[i].start, ev[i].end };
    }
  for (guint k = 0; k < N_UNIONS; k++)
    g_array_set_size (u->spans[k], len[k]);
}

/* Whether @t lies in @spans, moving *@at forward (the times asked come in
 * order). */
static gboolean
covers (GArray *spans, guint *at, gint64 t)
{
  while (*at < spans->len && g_array_index (spans, StTimeSpan, *at).end <= t)
    (*at)++;
  return *at < spans->len && g_array_index (spans, StTimeSpan, *at).begin <= t;
}

/* The next time a union of @u starts or ends after @t (each union's
 * spans are by start and disjoint, so their bounds are in order: a walk,
 * not a sort); G_MAXINT64 past the last. */
static gint64
next_bound (const Unions *u, guint *at, gint64 t)
{
  gint64 next = G_MAXINT64;

  for (guint k = 0; k < UNION_WAIT; k++)
    {
      GArray *a = u->spans[k];

      while (at[k] < a->len && g_array_index (a, StTimeSpan, at[k]).end <= t)
        at[k]++;
      if (at[k] < a->len)
        {
          StTimeSpan s = g_array_index (a, StTimeSpan, at[k]);

          next = MIN (next, s.begin > t ? s.begin : s.end);
        }
    }
  return next;
}

/* The span cut into maximal intervals of one state: compute, else
 * communication, else memory, else idle. */
static GArray *
make_segments (const Unions *u, gint64 span_start, gint64 span_end)
{
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (StSegment));
  guint   at[N_UNIONS] = { 0 }, bound[N_UNIONS] = { 0 }, len = 0;

  for (gint64 x = span_start, y; x < span_end; x = y)
    {
      guint8     state = ST_STATE_IDLE;
      StSegment *last;

      y = MIN (next_bound (u, bound, x), span_end);
      if (covers (u->spans[UNION_COMPUTE], &at[UNION_COMPUTE], x))
        state = ST_STATE_COMPUTE;
      else if (covers (u->spans[UNION_COMMUNICATION], &at[UNION_COMMUNICATION], x))
        state = ST_STATE_COMMUNICATION;
      else if (covers (u->spans[UNION_MEMORY], &at[UNION_MEMORY], x))
        state = ST_STATE_MEMORY;
      last = len > 0 ? &g_array_index (segments, StSegment, len - 1) : NULL;
      if (last != NULL && last->state == state)
        last->end = y;
      else
        *(StSegment *)room_at (segments, len++, sizeof (StSegment)) = (StSegment){ x, y, state, 0 };
    }
  g_array_set_size (segments, len);
  return segments;
}

/* The length of @spans inside [t0, t1). */
static gint64
covered (GArray *spans, guint *at, gint64 t0, gint64 t1)
{
  gint64 sum = 0;

  while (*at < spans->len && g_array_index (spans, StTimeSpan, *at).end <= t0)
    (*at)++;
  for (guint i = *at; i < spans->len && g_array_index (spans, StTimeSpan, i).begin < t1; i++)
    {
      StTimeSpan s = g_array_index (spans, StTimeSpan, i);

      sum += MIN (s.end, t1) - MAX (s.begin, t0);
    }
  return sum;
}

gboolean
st_device_states_next_event (StDiagnosisJob *job,
                             StDeviceStates *states,
                             gint64          t1,
                             StSliceRef     *event,
                             StSliceRef     *launch)
{
  const StDeviceEvent *ev = states->events;
  guint                lo = 0, hi = states->n_events;
  gboolean             found = FALSE;
  gint64               first_launch = G_MAXINT64;

  /* on from the last answer while the times come in order */
  if (states->cursor < hi && ev[states->cursor].start < t1)
    lo = states->cursor;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (ev[mid].start < t1)
        lo = mid + 1;
      else
        hi = mid;
    }
  states->cursor = lo;
  for (guint i = lo; i < states->n_events && ev[i].start == t1; i++)
    {
      StSliceRef host;
      gint64     at;

      if (!(ST_SLOTS_WORK & ST_SLOT_MASK (ev[i].slot)) || ev[i].end <= ev[i].start)
        continue;
      /* 10.1: the one whose launch call started first; one without a launch
       * call only when none has one */
      if (!st_launch_index_get_launch (job->launches, ev[i].ref, &host, &at, NULL))
        at = G_MAXINT64;
      if (!found || at < first_launch)
        {
          *event = ev[i].ref;
          *launch = at != G_MAXINT64 ? host : (StSliceRef){ G_MAXUINT32, G_MAXUINT32 };
          first_launch = at;
          found = TRUE;
        }
    }
  return found;
}

/* 16.1: why the device idled in [t0, t1), a gap that work ends; @before
 * is the start of the device's work before it. */
static StIdleCause
gap_cause (StDiagnosisJob *job, StDeviceStates *states, gint64 before, gint64 t0, gint64 t1)
{
  StSliceRef next, launch;
  gint64     l;

  if (!st_device_states_next_event (job, states, t1, &next, &launch) || launch.track == G_MAXUINT32
      || job->sync == NULL)
    return ST_IDLE_UNEXPLAINED;
  /* the host's part [t0, l) against the queued part [max (t0, l), t1), l
   * the end of the launch call (a long one is the host's); in the host's,
   * a synchronisation, else an op's first, slow call */
  l = MIN (t1, st_trace_get_slice (job->trace, launch)->start
                   + st_trace_get_slice (job->trace, launch)->dur);
  if (l >= t0 && l - t0 >= t1 - l)
    {
      if (st_sync_calls_blocked (job->sync, launch.track, t0, l)
          || 2.0 * st_sync_calls_covered (job->sync, launch.track, t0, t1) >= (double)(t1 - t0))
        return ST_IDLE_SYNC;
      return st_diagnosis_warm_up_at (job, launch.track, t0 + (l - t0) / 2) != NULL
                 ? ST_IDLE_WARM_UP
                 : ST_IDLE_HOST;
    }
  /* queued: waited on another stream's event, or nothing recorded says
   * why */
  return st_sync_calls_waited (job->sync, next.track, launch.track, before, l)
             ? ST_IDLE_SYNC
             : ST_IDLE_UNEXPLAINED;
}

static void
set_causes (StDiagnosisJob *job, StDeviceStates *states, GArray *wait)
{
  guint    at = 0;
  gboolean any_work = FALSE;

  for (guint i = 0; i < states->n_segments; i++)
    any_work |= states->segments[i].state != ST_STATE_IDLE;
  for (guint i = 0; i < states->n_segments; i++)
    {
      StSegment *s = &states->segments[i];

      if (s->state != ST_STATE_IDLE)
        continue;
      if (!any_work)
        s->cause = ST_IDLE_UNEXPLAINED;
      else if (i + 1 == states->n_segments)
        s->cause = ST_IDLE_TRAIL;
      else if (2.0 * covered (wait, &at, s->start, s->end) >= (double)(s->end - s->start))
        s->cause = ST_IDLE_SYNC;
      else
        s->cause = gap_cause (job, states, i > 0 ? states->segments[i - 1].start : G_MININT64,
                              s->start, s->end);
    }
}

gboolean
st_device_states_init (StDeviceStates      *states,
                       StDiagnosisJob      *job,
                       guint                device,
                       const StDeviceEvent *events,
                       guint                n_events)
{
  Unions  u = { { NULL } };
  GArray *segments;

  memset (states, 0, sizeof *states);
  if (n_events == 0)
    return FALSE;
  states->device = device;
  states->file = st_device_work_get_device (job->work, device)->file;
  states->events = events;
  states->n_events = n_events;
  make_unions (events, n_events, &u, &states->span_start, &states->span_end);
  if (states->span_end <= states->span_start)
    {
      unions_clear (&u);
      return FALSE;
    }
  segments = make_segments (&u, states->span_start, states->span_end);
  states->n_segments = segments->len;
  states->segments = (StSegment *)(void *)g_array_free (segments, FALSE);
  set_causes (job, states, u.spans[UNION_WAIT]);
  unions_clear (&u);
  return TRUE;
}

void
st_device_states_clear (StDeviceStates *states)
{
  g_clear_pointer (&states->segments, g_free);
}

/* --- phases (16.2) ------------------------------------------------------------ */

/* Adds segment @s's time to the tallies @t: the three busy states, then
 * idle time by cause. */
static inline void
tally_add (const StSegment *s, gint64 *t)
{
  t[s->state == ST_STATE_IDLE ? 3 + s->cause : s->state] += s->end - s->start;
}

/* The tallies of segments [i, j): summed where asked, since a stretch is
 * cut three levels deep at most, rather than kept as prefix sums of every
 * segment (a large profile's millions of segments). */
static void
tallies (const StDeviceStates *states, guint i, guint j, gint64 *out)
{
  memset (out, 0, ST_N_TALLIES * sizeof (gint64));
  for (guint k = i; k < j; k++)
    tally_add (&states->segments[k], out);
}

/* 16.2 rule 3: a stretch's kind from its time in each state. */
static StPhaseKind
kind_of (const gint64 *t)
{
  gint64 length = 0, busy = t[ST_STATE_COMPUTE] + t[ST_STATE_COMMUNICATION] + t[ST_STATE_MEMORY];
  gint64 x = t[ST_STATE_COMMUNICATION], h = t[3 + ST_IDLE_HOST], s = t[3 + ST_IDLE_SYNC];
  gint64 u = t[3 + ST_IDLE_UNEXPLAINED] + t[3 + ST_IDLE_TRAIL], w = t[3 + ST_IDLE_WARM_UP];

  for (guint k = 0; k < ST_N_TALLIES; k++)
    length += t[k];
  /* in double: times at int64's edge would overflow the products */
  if (4.0 * x >= length && x > h && x > s && x > w && x > u)
    return ST_PHASE_COMMUNICATION_BOUND;
  if (5.0 * busy >= 4.0 * length)
    return ST_PHASE_DEVICE_BOUND;
  if (h >= s && h >= w && h >= u)
    return ST_PHASE_HOST_BOUND;
  if (s >= w && s >= u)
    return ST_PHASE_SYNC_WAIT;
  return w >= u ? ST_PHASE_WARM_UP : ST_PHASE_IDLE;
}

static gint64
busy_of (const gint64 *t)
{
  return t[ST_STATE_COMPUTE] + t[ST_STATE_COMMUNICATION] + t[ST_STATE_MEMORY];
}

static void
append_phase (GArray *phases, guint device, StPhaseKind kind, gint64 start, gint64 end)
{
  StPhase p = { 0 };

  if (end <= start)
    return;
  p.kind = kind;
  p.device = device;
  p.start = start;
  p.end = end;
  g_array_append_val (phases, p);
}

/* The cut of segments [i, j) that best separates their busy fractions,
 * at the start of a work segment after an idle one; 0 when none leaves
 * 10 % of the stretch on each side. */
static guint
best_cut (const StDeviceStates *states, guint i, guint j)
{
  const StSegment *seg = states->segments;
  gint64           all[ST_N_TALLIES], left[ST_N_TALLIES];
  double           length = (double)(seg[j - 1].end - seg[i].start), best = 0;
  guint            cut = 0;

  tallies (states, i, j, all);
  memset (left, 0, sizeof left);
  for (guint k = i + 1; k < j; k++)
    {
      double w1, w2, b1, b2, score;

      /* left: the tallies of [i, k) */
      tally_add (&seg[k - 1], left);
      if (seg[k].state == ST_STATE_IDLE || seg[k - 1].state != ST_STATE_IDLE)
        continue;
      w1 = (double)(seg[k].start - seg[i].start) / length;
      w2 = 1 - w1;
      if (w1 < 0.1 || w2 < 0.1)
        continue;
      b1 = (double)busy_of (left) / (w1 * length);
      b2 = (double)(busy_of (all) - busy_of (left)) / (w2 * length);
      score = (b1 - b2) * (b1 - b2) * w1 * w2;
      if (score > best)
        {
          best = score;
          cut = k;
        }
    }
  return cut;
}

/* A stretch of segments [i, j), split where its busy fraction changes,
 * three levels deep at most (16.2 rule 2). */
static void
cut_stretch (const StDeviceStates *states, guint i, guint j, guint depth, GArray *phases)
{
  gint64 t[ST_N_TALLIES], a[ST_N_TALLIES], b[ST_N_TALLIES];
  guint  k = depth < 3 ? best_cut (states, i, j) : 0;

  if (k > 0)
    {
      tallies (states, i, k, a);
      tallies (states, k, j, b);
      if (kind_of (a) != kind_of (b))
        {
          cut_stretch (states, i, k, depth + 1, phases);
          cut_stretch (states, k, j, depth + 1, phases);
          return;
        }
    }
  tallies (states, i, j, t);
  append_phase (phases, states->device, kind_of (t), states->segments[i].start,
                states->segments[j - 1].end);
}

static StPhaseKind
gap_phase_kind (guint8 cause)
{
  switch (cause)
    {
    case ST_IDLE_HOST: return ST_PHASE_HOST_BOUND;
    case ST_IDLE_SYNC: return ST_PHASE_SYNC_WAIT;
    case ST_IDLE_WARM_UP: return ST_PHASE_WARM_UP;
    default: return ST_PHASE_IDLE;
    }
}

/* Adjacent phases of one kind join (16.2 rule 4). */
static void
join_phases (GArray *phases, guint from)
{
  StPhase *p = (StPhase *)(void *)phases->data;
  guint    n = from;

  for (guint i = from; i < phases->len; i++)
    {
      if (n > from && p[n - 1].kind == p[i].kind && p[n - 1].end == p[i].start)
        p[n - 1].end = p[i].end;
      else
        p[n++] = p[i];
    }
  g_array_set_size (phases, n);
}

/* A phase shorter than 2 % of the span joins its longer neighbour, the
 * shortest first, until none is left. */
static void
absorb_short (GArray *phases, guint from, gint64 span)
{
  for (;;)
    {
      StPhase *p = (StPhase *)(void *)phases->data;
      gint     shortest = -1;

      if (phases->len - from < 2)
        return;
      for (guint i = from; i < phases->len; i++)
        if (50.0 * (p[i].end - p[i].start) < span
            && (shortest < 0 || p[i].end - p[i].start < p[shortest].end - p[shortest].start))
          shortest = i;
      if (shortest < 0)
        return;
      if ((guint)shortest == from
          || ((guint)shortest + 1 < phases->len
              && p[shortest + 1].end - p[shortest + 1].start
                     > p[shortest - 1].end - p[shortest - 1].start))
        p[shortest].kind = p[shortest + 1].kind;
      else
        p[shortest].kind = p[shortest - 1].kind;
      join_phases (phases, from);
    }
}

/* The parts of the phases inside capture windows become graph capture
 * phases (16.2 rule 5). */
static void
apply_captures (GArray *phases, guint from, GArray *windows)
{
  g_autoptr (GArray) out = NULL;

  if (windows == NULL)
    return;
  out = g_array_new (FALSE, FALSE, sizeof (StPhase));
  for (guint i = from; i < phases->len; i++)
    {
      StPhase p = g_array_index (phases, StPhase, i);
      gint64  at = p.start;

      for (guint w = 0; w < windows->len && at < p.end; w++)
        {
          StTimeSpan win = g_array_index (windows, StTimeSpan, w);

          if (win.end <= at || win.begin >= p.end)
            continue;
          append_phase (out, p.device, p.kind, at, MAX (at, win.begin));
          append_phase (out, p.device, ST_PHASE_GRAPH_CAPTURE, MAX (at, win.begin),
                        MIN (win.end, p.end));
          at = MIN (win.end, p.end);
        }
      append_phase (out, p.device, p.kind, at, p.end);
    }
  g_array_set_size (phases, from);
  g_array_append_vals (phases, out->data, out->len);
  join_phases (phases, from);
}

void
st_phases_cut (StDiagnosisJob *job, const StDeviceStates *states, GArray *phases)
{
  gint64 span = states->span_end - states->span_start;
  gint64 long_gap = MAX (1000000, span / 20);
  guint  from = phases->len, stretch = 0;

  for (guint i = 0; i <= states->n_segments; i++)
    {
      const StSegment *s = i < states->n_segments ? &states->segments[i] : NULL;

      if (s != NULL && (s->state != ST_STATE_IDLE || s->end - s->start < long_gap))
        continue;
      if (i > stretch)
        cut_stretch (states, stretch, i, 0, phases);
      if (s != NULL)
        append_phase (phases, states->device, gap_phase_kind (s->cause), s->start, s->end);
      stretch = i + 1;
    }
  join_phases (phases, from);
  absorb_short (phases, from, span);
  apply_captures (phases, from, st_captures_get_windows (job->captures, states->file));
}
