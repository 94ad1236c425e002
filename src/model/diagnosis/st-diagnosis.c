/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diagnosis.h"

#include "st-diagnosis-private.h"

struct _StDiagnosis
{
  GArray    *phases;     /* StPhase */
  GPtrArray *findings;   /* StFinding */
  GPtrArray *warm_ups;   /* StFinding: made with the phases, moved into findings by their step */
  GArray    *warm_spans; /* StWarmUp: where those are, which the phases and their findings read */
  guint      n_shown;
};

const StWarmUp *
st_diagnosis_warm_up_at (StDiagnosisJob *job, guint track, gint64 t)
{
  for (guint i = 0; job->warm_ups != NULL && i < job->warm_ups->len; i++)
    {
      const StWarmUp *w = &g_array_index (job->warm_ups, StWarmUp, i);

      if (w->track == track && w->start <= t && t < w->end)
        return w;
    }
  return NULL;
}

guint
st_diagnosis_n_devices (StDiagnosisJob *job)
{
  guint n = 0;

  for (guint d = 0; d < st_summary_get_n_devices (job->summary); d++)
    n += st_summary_get_device (job->summary, d)->device_time_ns > 0;
  return n;
}

gint64
st_diagnosis_mean_span (StDiagnosisJob *job)
{
  gint64 sum = 0;
  guint  n = 0;

  for (guint d = 0; d < st_summary_get_n_devices (job->summary); d++)
    {
      const StDeviceUsage *u = st_summary_get_device (job->summary, d);

      if (u->device_time_ns > 0)
        {
          sum = st_time_add_sat (sum, u->device_time_ns);
          n++;
        }
    }
  return n > 0 ? sum / n : st_time_span (job->start, job->end);
}

static gboolean
job_init (StDiagnosisJob *job, StTrace *trace, StSummary *summary, GCancellable *cancellable)
{
  job->trace = trace;
  job->summary = summary;
  job->cancellable = cancellable;
  job->terms = st_advice_terms_of (trace);
  st_summary_get_range (summary, &job->start, &job->end);
  job->work = st_device_work_ensure (trace, cancellable);
  if (job->work == NULL)
    return FALSE;
  job->launches = st_device_work_get_launches (job->work);
  if (st_device_work_get_n_devices (job->work) > 0)
    {
      job->streams = st_stream_index_ensure (trace, cancellable);
      job->queues = st_queue_length_ensure (trace, cancellable);
      if (job->streams == NULL || job->queues == NULL)
        return FALSE;
      job->sync = st_stream_index_get_sync_calls (job->streams);
    }
  job->captures = st_captures_new (trace, job->work, job->start, job->end);
  job->by_name = g_new0 (gint64, MAX (1, st_trace_get_n_strings (trace)));
  return TRUE;
}

static void
job_clear (StDiagnosisJob *job)
{
  g_clear_pointer (&job->captures, st_captures_free);
  g_clear_pointer (&job->by_name, g_free);
}

/* Where each device's events are in the range's array (they come device
 * by device): per device of the trace, its first and how many. */
typedef struct
{
  guint first;
  guint n;
} EventsOf;

/* Devices from..to (of the summary's order), on a thread of their own. */
typedef struct
{
  StDiagnosisJob       job; /* the shared one's, with scratch of its own */
  const StDeviceEvent *events;
  const EventsOf      *of;
  guint                from;
  guint                to;
  GArray              *phases;
} Part;

static gpointer
cut_part (gpointer data)
{
  Part *part = data;

  for (guint d = part->from; d < part->to; d++)
    {
      guint          device = st_summary_get_device (part->job.summary, d)->device;
      StDeviceStates states;
      guint          from = part->phases->len;

      if (g_cancellable_is_cancelled (part->job.cancellable)
          || !st_device_states_init (&states, &part->job, device,
                                     part->events + part->of[device].first, part->of[device].n))
        continue;
      st_phases_cut (&part->job, &states, part->phases);
      st_phases_fill_evidence (&part->job, &states, part->phases, from);
      st_device_states_clear (&states);
    }
  return NULL;
}

/* 16.2, device by device in the summary's order: two halves of the
 * devices on two threads when there is much to do. */
static void
cut_phases (StDiagnosisJob *job, GArray *phases)
{
  g_autoptr (GArray)   events = NULL;
  g_autofree EventsOf *of = NULL;
  guint                n_devices = st_summary_get_n_devices (job->summary);
  Part                 parts[2];
  GThread             *thread = NULL;

  if (st_device_work_get_n_devices (job->work) == 0)
    return;
  /* the cards' own, when they kept them for us */
  events = st_summary_take_device_events (job->summary);
  if (events == NULL)
    events
        = st_device_events_collect (job->trace, job->work, job->start, job->end, job->cancellable);
  of = g_new0 (EventsOf, st_device_work_get_n_devices (job->work));
  for (guint i = events->len; i > 0; i--)
    {
      EventsOf *o = &of[g_array_index (events, StDeviceEvent, i - 1).device];

      o->first = i - 1;
      o->n++;
    }
  for (guint k = 0; k < 2; k++)
    {
      parts[k] = (Part){ *job, (const StDeviceEvent *)(void *)events->data, of, 0,
                         0,    g_array_new (FALSE, TRUE, sizeof (StPhase)) };
      parts[k].job.by_name
          = k == 0 ? job->by_name : g_new0 (gint64, MAX (1, st_trace_get_n_strings (job->trace)));
    }
  parts[0].to = parts[1].from = events->len >= 65536 && n_devices > 1 ? n_devices / 2 : n_devices;
  parts[1].to = n_devices;
  if (parts[1].from < parts[1].to)
    thread = g_thread_new ("strata-diagnosis", cut_part, &parts[1]);
  cut_part (&parts[0]);
  if (thread != NULL)
    g_thread_join (thread);
  for (guint k = 0; k < 2; k++)
    {
      g_array_append_vals (phases, parts[k].phases->data, parts[k].phases->len);
      g_array_unref (parts[k].phases);
    }
  g_free (parts[1].job.by_name);
}

StDiagnosis *
st_diagnosis_cut (StTrace *trace, StSummary *summary, GCancellable *cancellable, GError **error)
{
  g_autoptr (StDiagnosis) self = g_new0 (StDiagnosis, 1);
  StDiagnosisJob          job = { 0 };

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (summary != NULL, NULL);

  self->phases = g_array_new (FALSE, TRUE, sizeof (StPhase));
  self->findings = g_ptr_array_new_with_free_func ((GDestroyNotify)st_finding_free);
  self->warm_ups = g_ptr_array_new_with_free_func ((GDestroyNotify)st_finding_free);
  self->warm_spans = g_array_new (FALSE, FALSE, sizeof (StWarmUp));
  if (job_init (&job, trace, summary, cancellable))
    {
      /* the warm-ups first: a gap inside one is the warm-up's (16.1) */
      job.warm_ups = self->warm_spans;
      st_findings_warm_ups (&job, self->warm_ups);
      cut_phases (&job, self->phases);
    }
  job_clear (&job);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}

gboolean
st_diagnosis_find (StDiagnosis  *self,
                   StTrace      *trace,
                   StSummary    *summary,
                   GCancellable *cancellable,
                   GError      **error)
{
  StDiagnosisJob job = { 0 };

  g_return_val_if_fail (self != NULL && self->findings->len == 0, FALSE);
  g_return_val_if_fail (ST_IS_TRACE (trace), FALSE);
  g_return_val_if_fail (summary != NULL, FALSE);

  if (job_init (&job, trace, summary, cancellable))
    {
      job.warm_ups = self->warm_spans;
      st_findings_from_phases (&job, self->phases, self->findings);
      st_findings_from_summary (&job, self->phases, self->warm_ups, self->findings);
      st_findings_from_flops (&job, self->findings);
      self->n_shown = st_findings_rank (&job, self->phases, self->findings);
    }
  job_clear (&job);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

StDiagnosis *
st_diagnosis_compute (StTrace *trace, StSummary *summary, GCancellable *cancellable, GError **error)
{
  g_autoptr (StDiagnosis) self = st_diagnosis_cut (trace, summary, cancellable, error);

  if (self == NULL || !st_diagnosis_find (self, trace, summary, cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}

void
st_diagnosis_free (StDiagnosis *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->phases);
  g_ptr_array_unref (self->findings);
  g_ptr_array_unref (self->warm_ups);
  g_array_unref (self->warm_spans);
  g_free (self);
}

guint
st_diagnosis_get_n_phases (StDiagnosis *self)
{
  return self->phases->len;
}

const StPhase *
st_diagnosis_get_phase (StDiagnosis *self, guint index)
{
  g_return_val_if_fail (index < self->phases->len, NULL);
  return &g_array_index (self->phases, StPhase, index);
}

guint
st_diagnosis_get_n_findings (StDiagnosis *self)
{
  return self->findings->len;
}

const StFinding *
st_diagnosis_get_finding (StDiagnosis *self, guint index)
{
  g_return_val_if_fail (index < self->findings->len, NULL);
  return g_ptr_array_index (self->findings, index);
}

guint
st_diagnosis_get_n_shown (StDiagnosis *self)
{
  return self->n_shown;
}
