/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-phase-evidence.c: what a phase holds, in numbers (docs/metrics.md
 * 16.2): its time in each state, its gaps, its launches and their delays,
 * its deepest queue, the work it spent most time on, and the host op or
 * the synchronisation call its longest gap hinges on. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis-private.h"

#include "st-operation-name.h"
#include "st-select.h"
#include "st-trace-query.h"

#include <glib/gi18n-lib.h>

/* The kinds of work a phase's time is told by (16.2: the kind of 1.5, or
 * communication, copy, set). */
enum
{
  CLASS_COMMUNICATION = ST_N_COMPUTE_KINDS,
  CLASS_COPY,
  CLASS_SET,
  N_CLASSES
};

static const char *
class_name (guint klass)
{
  static const char *const names[] = { N_ ("communication"), N_ ("copy"), N_ ("set") };

  if (klass < ST_N_COMPUTE_KINDS)
    return st_compute_kind_get_label (klass);
  return _ (names[klass - ST_N_COMPUTE_KINDS]);
}

static gint
class_of (const StDeviceEvent *ev)
{
  switch (ev->slot)
    {
    case ST_SLOT_COMPUTE: return MIN (ev->kind, ST_N_COMPUTE_KINDS - 1);
    case ST_SLOT_COMMUNICATION: return CLASS_COMMUNICATION;
    case ST_SLOT_COPY: return CLASS_COPY;
    case ST_SLOT_SET: return CLASS_SET;
    default: return -1;
    }
}

/* The first segment that ends after @t. */
static guint
segment_at (const StDeviceStates *states, gint64 t)
{
  guint lo = 0, hi = states->n_segments;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (states->segments[mid].end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static gint
own_cause (StPhaseKind kind)
{
  switch (kind)
    {
    case ST_PHASE_HOST_BOUND: return ST_IDLE_HOST;
    case ST_PHASE_SYNC_WAIT: return ST_IDLE_SYNC;
    case ST_PHASE_WARM_UP: return ST_IDLE_WARM_UP;
    case ST_PHASE_IDLE:
    case ST_PHASE_GRAPH_CAPTURE: return ST_IDLE_UNEXPLAINED;
    default: return -1;
    }
}

/* Its time in each state, its gaps, and its longest gap of its own cause
 * (the place its finding points at), else the phase itself. */
static void
fill_states (const StDeviceStates *states, StPhase *p)
{
  gint               cause = own_cause (p->kind);
  gint64             longest = 0;
  g_autoptr (GArray) host_gaps = g_array_new (FALSE, FALSE, sizeof (gint64));

  p->gap_start = p->start;
  p->gap_end = p->end;
  for (guint i = segment_at (states, p->start);
       i < states->n_segments && states->segments[i].start < p->end; i++)
    {
      const StSegment *s = &states->segments[i];
      gint64           a = MAX (s->start, p->start), b = MIN (s->end, p->end);

      if (s->state == ST_STATE_COMPUTE)
        p->compute_ns += b - a;
      else if (s->state == ST_STATE_COMMUNICATION)
        p->communication_ns += b - a;
      else if (s->state == ST_STATE_MEMORY)
        p->memory_ns += b - a;
      else
        {
          p->idle_ns[s->cause] += b - a;
          p->gaps += s->start >= p->start;
          if (s->start >= p->start && s->cause == ST_IDLE_HOST)
            {
              gint64 length = s->end - s->start;

              g_array_append_val (host_gaps, length);
            }
          /* the whole gap, though a capture window may have cut it */
          if ((s->cause == cause || (cause == ST_IDLE_UNEXPLAINED && s->cause == ST_IDLE_TRAIL))
              && b - a > longest)
            {
              longest = b - a;
              p->gap_start = s->start;
              p->gap_end = s->end;
            }
        }
    }
  p->host_gaps = host_gaps->len;
  if (host_gaps->len > 0)
    p->host_gap_p50_ns = st_select_kth ((gint64 *)(void *)host_gaps->data, host_gaps->len,
                                        (host_gaps->len + 1) / 2 - 1);
}

typedef struct
{
  gint64  by_class[N_CLASSES];
  gint64  by_collective[8]; /* communication time by collective type, a bit each */
  GArray *delays;           /* gint64 */
  GArray *touched;          /* StStringId of the job's by_name */
  GArray *classes;          /* guint8: the class each touched name was first seen in */
} Tally;

static void
tally_event (StDiagnosisJob *job, const StDeviceEvent *ev, const StPhase *p, Tally *t)
{
  gint64     a = MAX (ev->start, p->start), b = MIN (ev->end, p->end);
  gint       klass = class_of (ev);
  StStringId name = st_trace_get_slice (job->trace, ev->ref)->name;
  gint64     start = st_trace_get_slice (job->trace, ev->ref)->start;
  StSliceRef host;
  gint64     call_start;

  if (start >= p->start && start < p->end
      && st_launch_index_get_launch (job->launches, ev->ref, &host, &call_start, NULL))
    {
      gint64 delay = start - call_start;

      g_array_append_val (t->delays, delay);
    }
  if (klass < 0 || b <= a)
    return;
  t->by_class[klass] += b - a;
  if (klass == CLASS_COMMUNICATION)
    t->by_collective[MIN (ev->kind, 7)] += b - a;
  if (job->by_name[name] == 0)
    {
      guint8 c = (guint8)klass;

      g_array_append_val (t->touched, name);
      g_array_append_val (t->classes, c);
    }
  job->by_name[name] += b - a;
}

/* The collective type with the most communication time, or 0. */
static guint
top_collective (const Tally *t)
{
  gint64 best = 0;
  guint  type = 0;

  for (guint k = 0; k < G_N_ELEMENTS (t->by_collective); k++)
    if (t->by_collective[k] > best)
      {
        best = t->by_collective[k];
        type = 1u << k;
      }
  return type;
}

/* The device's events that overlap @p: from the first that could (the
 * longest event before it is @max_dur long). */
static void
fill_work (StDiagnosisJob *job, const StDeviceStates *states, gint64 max_dur, StPhase *p)
{
  Tally  t = { .delays = g_array_new (FALSE, FALSE, sizeof (gint64)),
               .touched = g_array_new (FALSE, FALSE, sizeof (StStringId)),
               .classes = g_array_new (FALSE, FALSE, sizeof (guint8)) };
  gint64 from = st_time_sub_sat (p->start, max_dur), all = 0, best = 0;
  gint   top = -1;
  guint  lo = 0, hi = states->n_events;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (states->events[mid].start < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < states->n_events && states->events[i].start < p->end; i++)
    if (states->events[i].end > p->start || states->events[i].start >= p->start)
      tally_event (job, &states->events[i], p, &t);
  p->launches = t.delays->len;
  if (t.delays->len > 0)
    p->delay_p50_ns = st_select_kth ((gint64 *)(void *)t.delays->data, t.delays->len,
                                     MAX ((t.delays->len + 1) / 2, 1) - 1);
  for (guint k = 0; k < N_CLASSES; k++)
    {
      all += t.by_class[k];
      if (t.by_class[k] > best)
        {
          best = t.by_class[k];
          p->top_class = class_name (k);
          top = k;
        }
    }
  p->top_class_percent = all > 0 ? 100.0 * best / all : 0;
  p->top_collective = top_collective (&t);
  /* the name with the most time of the kind with the most */
  p->top_event = ST_STRING_NONE;
  best = 0;
  for (guint k = 0; k < t.touched->len; k++)
    {
      StStringId name = g_array_index (t.touched, StStringId, k);

      if (g_array_index (t.classes, guint8, k) != top)
        continue;
      if (job->by_name[name] > best || (job->by_name[name] == best && name < p->top_event))
        {
          best = job->by_name[name];
          p->top_event = name;
          p->top_event_ns = best;
        }
    }
  for (guint k = 0; k < t.touched->len; k++)
    job->by_name[g_array_index (t.touched, StStringId, k)] = 0;
  g_array_unref (t.delays);
  g_array_unref (t.touched);
  g_array_unref (t.classes);
}

static void
fill_queue (StDiagnosisJob *job, StPhase *p)
{
  const StDevice *device = st_device_work_get_device (job->work, p->device);

  for (guint i = 0; job->queues != NULL && i < device->n_tracks; i++)
    {
      guint max;

      if (st_queue_length_get_max (job->queues, device->tracks[i], p->start, p->end, &max))
        {
          p->has_queue = TRUE;
          p->queue_max = MAX (p->queue_max, max);
        }
    }
}

/* What host @track ran at @t: the innermost slice that covers it (the
 * shortest: an overlapping slice of another lane may sit in a deeper row
 * without being inside the others) and the outermost below the step
 * (neither a ProfilerStep#N nor the profiler's own span). */
static void
host_at (StTrace *trace, guint track, gint64 t, StStringId *inner, StStringId *outer)
{
  const StTrack *tr = st_trace_get_track (trace, track);
  gint64         shortest = G_MAXINT64, longest = -1;

  *inner = *outer = ST_STRING_NONE;
  for (guint row = 0; row < tr->n_rows; row++)
    {
      StSliceRef     ref;
      const StSlice *s;
      const char    *name;

      if (!st_trace_find_slice_at (trace, track, row, t, 0, &ref))
        continue;
      s = st_trace_get_slice (trace, ref);
      name = st_trace_get_string (trace, s->name);
      if (s->dur <= shortest)
        {
          *inner = s->name;
          shortest = s->dur;
        }
      if (s->dur > longest && !g_str_has_prefix (name, "ProfilerStep#")
          && !st_operation_name_is_profiler_span (name))
        {
          *outer = s->name;
          longest = s->dur;
        }
    }
}

/* The host op in the longest host gap (the deepest slice through the
 * gap's middle on the launching thread), the call that blocked the host
 * in the longest sync gap (the synchronisation call on that thread that
 * covers the most of the gap), or the warm-up that made the longest
 * warm-up gap one (16.1: through the middle of the host's part). */
static void
fill_host (StDiagnosisJob *job, StDeviceStates *states, StPhase *p)
{
  StSliceRef next, launch;
  gint64     middle;
  StStringId inner;

  p->host_op = ST_STRING_NONE;
  p->host_scope = ST_STRING_NONE;
  p->sync_call = ST_STRING_NONE;
  p->in_launch = FALSE;
  p->in_graph = FALSE;
  if ((p->kind != ST_PHASE_HOST_BOUND && p->kind != ST_PHASE_SYNC_WAIT
       && p->kind != ST_PHASE_WARM_UP && p->kind != ST_PHASE_IDLE)
      || p->gap_end >= states->span_end
      || !st_device_states_next_event (job, states, p->gap_end, &next, &launch)
      || launch.track == G_MAXUINT32)
    return;
  if (p->kind == ST_PHASE_IDLE)
    {
      const StSlice *call = st_trace_get_slice (job->trace, launch);

      p->in_graph = call->start + call->dur <= p->gap_start
                    && st_captures_is_graph_launch (st_trace_get_string (job->trace, call->name));
      return;
    }
  if (p->kind == ST_PHASE_WARM_UP)
    {
      const StSlice  *call = st_trace_get_slice (job->trace, launch);
      gint64          l = MAX (MIN (call->start + call->dur, p->gap_end), p->gap_start);
      const StWarmUp *w
          = st_diagnosis_warm_up_at (job, launch.track, p->gap_start + (l - p->gap_start) / 2);

      p->host_op = w != NULL ? w->name : ST_STRING_NONE;
      return;
    }
  middle = p->gap_start + (p->gap_end - p->gap_start) / 2;
  host_at (job->trace, launch.track, middle, &inner, &p->host_scope);
  if (p->kind == ST_PHASE_HOST_BOUND)
    {
      const StSlice *call = st_trace_get_slice (job->trace, launch);

      p->host_op = inner;
      p->in_launch = call->start <= middle && middle < call->start + call->dur;
    }
  else if (job->sync != NULL)
    /* the synchronising call itself, not whatever op it runs inside */
    p->sync_call = st_sync_calls_longest (job->sync, launch.track, p->gap_start, p->gap_end);
}

void
st_phases_fill_evidence (StDiagnosisJob *job, StDeviceStates *states, GArray *phases, guint from)
{
  gint64 max_dur = 0;

  for (guint i = 0; i < states->n_events; i++)
    max_dur = MAX (max_dur, states->events[i].end - states->events[i].start);
  for (guint i = from; i < phases->len; i++)
    {
      StPhase *p = &g_array_index (phases, StPhase, i);

      fill_states (states, p);
      fill_work (job, states, max_dur, p);
      fill_queue (job, p);
      fill_host (job, states, p);
    }
}
