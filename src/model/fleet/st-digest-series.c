/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-digest-series.c: the parts of a digest that follow a trace through
 * time (docs/metrics.md 17.1): a series per step, each from the summary of
 * the step's range (a binary search per row once the whole trace is
 * summarised, so a hundred steps cost little); the collectives, merged
 * where they overlap as 3.2 merges a rank's; and a busy strip per device
 * track. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-digest-private.h"
#include "st-memory-timeline.h"
#include "st-profile-steps.h"
#include "st-sort.h"
#include "st-trace-query.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* --- steps ------------------------------------------------------------------------- */

static double
metric_value (StSummary *summary, const char *id)
{
  const StMetric *m = st_summary_lookup (summary, id);

  return m != NULL && m->present ? m->value : NAN;
}

/* The largest peak allocated over the memory devices other than the CPU;
 * NAN when none has a value in the range. */
static double
memory_peak (StSummary *summary, StMemoryTimeline *timeline)
{
  GArray *peaks = st_summary_get_memory_peaks (summary);
  double  peak = NAN;

  for (guint i = 0; i < peaks->len; i++)
    {
      const StMemoryPeak   *p = &g_array_index (peaks, StMemoryPeak, i);
      const StMemoryDevice *d = st_memory_timeline_get_device (timeline, p->device);

      if (d->type == 0 || !p->allocated.present)
        continue;
      if (isnan (peak) || p->allocated.bytes > peak)
        peak = p->allocated.bytes;
    }
  return peak;
}

static gboolean
step_values (StDigestStep     *step,
             StTrace          *trace,
             StMemoryTimeline *timeline,
             GCancellable     *cancellable,
             GError          **error)
{
  g_autoptr (StSummary) summary = NULL;

  for (guint m = 0; m < ST_N_STEP_METRICS; m++)
    step->values[m] = NAN;
  step->values[ST_STEP_TIME] = (double)(step->end_ns - step->start_ns);
  if (step->end_ns <= step->start_ns)
    return TRUE; /* an empty range holds no device event */
  summary = st_summary_compute_parts (trace, step->start_ns, step->end_ns, ST_SUMMARY_DEVICE_TIMES,
                                      cancellable, error);
  if (summary == NULL)
    return FALSE;
  step->values[ST_STEP_BUSY] = metric_value (summary, "device_busy_percent");
  step->values[ST_STEP_COMPUTE] = metric_value (summary, "compute_time_ns");
  step->values[ST_STEP_EXPOSED] = metric_value (summary, "exposed_communication_ns");
  step->values[ST_STEP_MEMORY_PEAK] = memory_peak (summary, timeline);
  return TRUE;
}

gboolean
_st_digest_add_steps (StDigest *self, StTrace *trace, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) steps = st_profile_steps_find_numbered (trace, cancellable);
  StMemoryTimeline  *timeline = st_memory_timeline_ensure (trace, cancellable);

  if (steps == NULL || timeline == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("Cancelled"));
      return FALSE;
    }
  for (guint i = 0; i < steps->len; i++)
    {
      const StProfileStep *s = &g_array_index (steps, StProfileStep, i);
      StDigestStep         step = { s->number, s->span.begin, s->span.end, { 0 } };

      if (!step_values (&step, trace, timeline, cancellable, error))
        return FALSE;
      g_array_append_val (self->steps, step);
    }
  return TRUE;
}

/* --- collectives ------------------------------------------------------------------- */

typedef struct
{
  gint64     start;
  gint64     end;
  guint      types;
  StSliceRef slice;
} Instance;

ST_DEFINE_SORT (sort_instances,
                Instance,
                a->start != b->start ? a->start < b->start : a->end < b->end)

void
_st_digest_number_collectives (GArray *collectives)
{
  guint seen[ST_COLLECTIVE_ALL + 1] = { 0 };

  for (guint i = 0; i < collectives->len; i++)
    {
      StDigestCollective *c = &g_array_index (collectives, StDigestCollective, i);

      c->sequence = ++seen[c->types & ST_COLLECTIVE_ALL];
    }
}

/* The instances of the summary's groups (docs/metrics.md 3.1), by start. */
static GArray *
collect_instances (StSummary *summary)
{
  GArray *all = g_array_new (FALSE, FALSE, sizeof (Instance));

  for (guint g = 0; g < st_summary_get_n_collective_groups (summary); g++)
    {
      const StCollectiveGroup *group = st_summary_get_collective_group (summary, g);

      for (guint k = 0; k < group->instances->len; k++)
        {
          const StCollectiveInstance *inst
              = &g_array_index (group->instances, StCollectiveInstance, k);
          Instance found = { inst->start, inst->start + inst->dur, group->type, inst->slice };

          g_array_append_val (all, found);
        }
    }
  sort_instances ((Instance *)(void *)all->data, all->len, NULL);
  return all;
}

void
_st_digest_add_collectives (StDigest *self, StTrace *trace, StSummary *summary)
{
  g_autoptr (GArray)  all = collect_instances (summary);
  StLaunchIndex      *launches = st_device_work_get_launches (st_device_work_get (trace));
  StDigestCollective *last = NULL;

  for (guint i = 0; i < all->len; i++)
    {
      const Instance    *f = &g_array_index (all, Instance, i);
      StDigestCollective c = { f->types, 0, FALSE, 0, f->start, f->end };
      StSliceRef         host;

      if (last != NULL && f->start < last->end_ns)
        {
          last->end_ns = MAX (last->end_ns, f->end);
          last->types |= f->types;
          continue;
        }
      if (st_launch_index_get_launch (launches, f->slice, &host, &c.launch_ns, NULL))
        c.has_launch = TRUE;
      g_array_append_val (self->collectives, c);
      last = &g_array_index (self->collectives, StDigestCollective, self->collectives->len - 1);
    }
  _st_digest_number_collectives (self->collectives);
}

/* --- strips ------------------------------------------------------------------------ */

/* Where bin @i of @end ns in ST_DIGEST_BINS starts: i × end / bins, without
 * the product, which may not fit. */
static gint64
bin_start (gint64 end, guint i)
{
  gint64 q = end / ST_DIGEST_BINS, r = end % ST_DIGEST_BINS;

  return (gint64)i * q + (gint64)i * r / ST_DIGEST_BINS;
}

typedef struct
{
  gint64 start;
  gint64 end;
} Span;

ST_DEFINE_SORT (sort_spans, Span, a->start < b->start)

/* Adds [a, b) to the covered time of the bins it meets, from bin *@bin on
 * (the spans come in order, so the bin only moves forward). */
static void
cover (gint64 *covered, gint64 end, guint *bin, gint64 a, gint64 b)
{
  while (*bin + 1 < ST_DIGEST_BINS && bin_start (end, *bin + 1) <= a)
    (*bin)++;
  for (guint i = *bin; i < ST_DIGEST_BINS && a < b; i++)
    {
      gint64 stop = i + 1 < ST_DIGEST_BINS ? bin_start (end, i + 1) : end;

      covered[i] += MIN (b, stop) - a;
      a = MIN (b, stop);
    }
}

/* The share of each bin that the union of @track's slices covers. */
static guint8 *
strip (const StTrack *track, gint64 end)
{
  g_autofree Span   *spans = g_new (Span, track->n_slices);
  g_autofree gint64 *covered = g_new0 (gint64, ST_DIGEST_BINS);
  guint8            *busy = g_new0 (guint8, ST_DIGEST_BINS);
  gint64             from = 0, to = 0;
  guint              bin = 0;

  for (guint i = 0; i < track->n_slices; i++)
    spans[i] = (Span){ CLAMP (track->slices[i].start, 0, end),
                       CLAMP (track->slices[i].start + MAX (track->slices[i].dur, 0), 0, end) };
  sort_spans (spans, track->n_slices, NULL);
  for (guint i = 0; i <= track->n_slices; i++)
    {
      if (i < track->n_slices && spans[i].start <= to)
        {
          to = MAX (to, spans[i].end);
          continue;
        }
      if (to > from)
        cover (covered, end, &bin, from, to);
      if (i < track->n_slices)
        {
          from = spans[i].start;
          to = spans[i].end;
        }
    }
  for (guint i = 0; i < ST_DIGEST_BINS; i++)
    {
      gint64 len = (i + 1 < ST_DIGEST_BINS ? bin_start (end, i + 1) : end) - bin_start (end, i);

      busy[i] = len > 0 ? (guint8)lround (255.0 * (double)covered[i] / (double)len) : 0;
    }
  return busy;
}

void
_st_digest_add_tracks (StDigest *self, StTrace *trace, StDeviceWork *work)
{
  gint64 end = st_trace_get_end_ns (trace);

  for (guint d = 0; d < st_device_work_get_n_devices (work); d++)
    {
      const StDevice *device = st_device_work_get_device (work, d);

      for (guint k = 0; k < device->n_tracks; k++)
        {
          const StTrack *track = st_trace_get_track (trace, device->tracks[k]);
          StDigestTrack  t;

          if (track->kind != ST_TRACK_SLICES || track->n_slices == 0)
            continue;
          t.label = st_trace_dup_track_label (trace, device->tracks[k]);
          t.device = g_strdup (device->label);
          t.busy = strip (track, end);
          g_array_append_val (self->tracks, t);
        }
    }
}
