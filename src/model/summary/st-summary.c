/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary.c: the Summary page's numbers for a time range; the parts are
 * computed by st-summary-device.c (timeline metrics, engines, memory),
 * st-summary-collectives.c, st-summary-operations.c, st-summary-neuron.c
 * (the profile's own metrics) and st-summary-rules.c (recommendations);
 * the interval arithmetic they share is at the end of st-summary-device.c. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-summary.h"
#include "st-format.h"
#include "st-json-scan.h"
#include "st-event-scan.h"
#include "st-summary-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* --- walking a range ------------------------------------------------------ */

void
st_summary_each_slice (StTrace    *trace,
                       guint       track,
                       gint64      start,
                       gint64      end,
                       StSliceFunc func,
                       gpointer    data)
{
  const StTrack *t = st_trace_get_track (trace, track);

  if (t->n_slices == 0 || t->row_offsets == NULL)
    return;
  for (guint row = 0; row < t->n_rows; row++)
    {
      guint hi = t->row_offsets[row + 1];

      for (guint i = st_row_first_ending (t->slices, t->row_offsets[row], hi, start); i < hi; i++)
        {
          const StSlice *s = &t->slices[i];

          if (s->start >= end)
            break;
          /* An instant-like slice counts where it stands. */
          if (s->start + s->dur > start || (s->dur == 0 && s->start >= start))
            func (s, i, data);
        }
    }
}

gint64
st_summary_clipped (const StSlice *slice, gint64 start, gint64 end)
{
  return MAX (0, MIN (slice->start + slice->dur, end) - MAX (slice->start, start));
}

guint
st_summary_find_key (const guint64 *keys, guint n, guint64 key)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (keys[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n && keys[lo] == key ? lo : G_MAXUINT;
}

/* --- reading args ----------------------------------------------------------- */

static gboolean
read_uint (const char *value, gsize length, guint64 *out)
{
  gint64 v;

  if (value == NULL || !st_json_parse_int64 (value, value + length, &v) || v < 0)
    return FALSE;
  *out = (guint64)v;
  return TRUE;
}

gboolean
st_summary_scan_uint (StTrace    *trace,
                      guint64     offset,
                      const char *object,
                      const char *key,
                      guint64    *out)
{
  const char *const keys[] = { key, NULL };
  const char       *value;
  gsize             length;

  st_event_scan_fields (trace, offset, object, keys, &value, &length);
  return read_uint (value, length, out);
}

/* The same of @slice's "args", from where its importer noted them. */
gboolean
st_summary_scan_slice_uint (StTrace *trace, const StSlice *slice, const char *key, guint64 *out)
{
  const char *const keys[] = { key, NULL };
  const char       *value;
  gsize             length;

  st_event_scan_slice_args (trace, slice, keys, &value, &length);
  return read_uint (value, length, out);
}

/* --- values as people read them ----------------------------------------------- */

/* "41%", "0.43%", "12.5 µs", "1 234", "32.77 kB", "2.47×", "2463×": the one
 * way the window, the charts and strata-cli write a metric's value. */
char *
st_summary_format_value (StMetricUnit unit, double v)
{
  switch (unit)
    {
    case ST_UNIT_PERCENT:
      if (fabs (v - round (v)) < (fabs (v) < 10 ? 0.005 : 0.05))
        return g_strdup_printf ("%.0f%%", v);
      return g_strdup_printf (fabs (v) < 10 ? "%.2f%%" : "%.1f%%", v);
    case ST_UNIT_NS: return st_format_duration ((gint64)llround (v));
    case ST_UNIT_COUNT: return st_format_count ((guint64)llround (MAX (0, v)));
    case ST_UNIT_BYTES:
    case ST_UNIT_BYTES_PER_SECOND:
    case ST_UNIT_FLOPS:
      {
        g_autofree char *q = st_format_quantity (v);
        const char      *unit_name = unit == ST_UNIT_BYTES   ? "B"
                                     : unit == ST_UNIT_FLOPS ? "FLOP"
                                                             : "B/s";

        /* "32.77 kB", "512 B" */
        return g_strdup_printf ("%s%s%s", q, strchr (q, ' ') ? "" : " ", unit_name);
      }
    /* 2463×, not 2462.56× nor 2.46e+03× */
    case ST_UNIT_RATIO: return g_strdup_printf (fabs (v) >= 100 ? "%.0f×" : "%.3g×", v);
    case ST_UNIT_NONE:
    default: return st_format_quantity (v);
    }
}

/* --- the metric set ---------------------------------------------------------- */

const char *
st_summary_group_title (const char *group)
{
  if (g_str_equal (group, "compute"))
    return _ ("Compute performance statistics");
  if (g_str_equal (group, "memory"))
    return _ ("Memory bandwidth utilisation");
  if (g_str_equal (group, "communication"))
    return _ ("Communication");
  return group;
}

StMetric *
st_summary_add_metric (StSummary   *self,
                       const char  *id,
                       const char  *group,
                       const char  *title,
                       const char  *description,
                       StMetricUnit unit)
{
  StMetric m = { 0 };

  m.id = g_strdup (id);
  m.group = g_strdup (group);
  m.group_title = g_strdup (st_summary_group_title (group));
  m.title = g_strdup (title);
  m.description = g_strdup (description);
  m.unit = unit;
  m.source = ST_METRIC_DERIVED;
  g_array_append_val (self->metrics, m);
  return &g_array_index (self->metrics, StMetric, self->metrics->len - 1);
}

void
st_summary_set_value (StMetric *metric, double value)
{
  metric->present = TRUE;
  metric->value = value;
}

StMetric *
st_summary_lookup_mutable (StSummary *self, const char *id)
{
  for (guint i = 0; i < self->metrics->len; i++)
    if (g_str_equal (g_array_index (self->metrics, StMetric, i).id, id))
      return &g_array_index (self->metrics, StMetric, i);
  return NULL;
}

static void
metric_clear (gpointer data)
{
  StMetric *m = data;

  g_free (m->id);
  g_free (m->group);
  g_free (m->group_title);
  g_free (m->title);
  g_free (m->description);
}

static void
group_clear (gpointer data)
{
  StCollectiveGroup *g = data;

  g_free (g->label);
  g_free (g->element_type);
  g_free (g->call_site);
  g_clear_pointer (&g->instances, g_array_unref);
}

static void
engine_clear (gpointer data)
{
  StEngineUsage *e = data;

  g_free (e->name);
  g_clear_pointer (&e->classes, g_array_unref);
}

static void
device_usage_clear (gpointer data)
{
  g_free (((StDeviceUsage *)data)->label);
}

static void
recommendation_clear (gpointer data)
{
  g_free (((StRecommendation *)data)->measured);
}

static void
rank_collective_clear (gpointer data)
{
  g_free (((StRankCollective *)data)->label);
}

static StSummary *
summary_new (StTrace *trace, gint64 start, gint64 end)
{
  StSummary *self = g_new0 (StSummary, 1);

  self->start = start;
  self->end = end;
  self->metrics = g_array_new (FALSE, FALSE, sizeof (StMetric));
  g_array_set_clear_func (self->metrics, metric_clear);
  self->collectives = g_array_new (FALSE, FALSE, sizeof (StCollectiveGroup));
  g_array_set_clear_func (self->collectives, group_clear);
  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      self->operations[t] = g_array_new (FALSE, FALSE, sizeof (StOperationRow));
      self->track_operations[t] = g_array_new (FALSE, FALSE, sizeof (StOperationRow));
    }
  self->engines = g_array_new (FALSE, FALSE, sizeof (StEngineUsage));
  g_array_set_clear_func (self->engines, engine_clear);
  self->memory = g_array_new (FALSE, FALSE, sizeof (StMemoryPart));
  self->recommendations = g_array_new (FALSE, FALSE, sizeof (StRecommendation));
  g_array_set_clear_func (self->recommendations, recommendation_clear);
  self->devices = g_array_new (FALSE, TRUE, sizeof (StDeviceUsage));
  g_array_set_clear_func (self->devices, device_usage_clear);
  self->ranks = g_array_new (FALSE, TRUE, sizeof (StRankUsage));
  self->rank_collectives = g_array_new (FALSE, TRUE, sizeof (StRankCollective));
  self->problems = g_ptr_array_new_with_free_func (g_free);
  self->memory_peaks = g_array_new (FALSE, TRUE, sizeof (StMemoryPeak));
  g_array_set_clear_func (self->rank_collectives, rank_collective_clear);
  self->overlap = st_overlap_new (trace, start, end);
  return self;
}

void
st_summary_free (StSummary *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->metrics);
  g_array_unref (self->collectives);
  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      g_array_unref (self->operations[t]);
      g_array_unref (self->track_operations[t]);
    }
  g_array_unref (self->engines);
  g_array_unref (self->memory);
  g_array_unref (self->recommendations);
  g_array_unref (self->devices);
  g_array_unref (self->ranks);
  g_array_unref (self->rank_collectives);
  g_ptr_array_unref (self->problems);
  g_clear_pointer (&self->streams, g_array_unref);
  st_overlap_free (self->overlap);
  g_clear_pointer (&self->memory_peaks, g_array_unref);
  g_clear_pointer (&self->flops, st_flop_rates_free);
  g_clear_pointer (&self->device_events, g_array_unref);
  g_free (self);
}

/* docs/metrics.md 10 and 11: the streams of the range, read from the
 * stream index and the queues kept with the trace; the overlap, fed with
 * the devices' unions as st-summary-device.c made them. */
static void
summary_streams (StSummaryJob *job)
{
  StSummary     *self = job->summary;
  StStreamIndex *index = NULL;
  StQueueLength *queues = NULL;
  double         a, b;

  st_overlap_finish (self->overlap);
  if (st_overlap_get_mean_percent (self->overlap, &a))
    st_summary_set_value (st_summary_lookup_mutable (self, "communication_overlap_percent"), a);
  if (job->has_device && (index = st_stream_index_ensure (job->trace, job->cancellable)) != NULL)
    queues = st_queue_length_ensure (job->trace, job->cancellable);
  if (queues == NULL)
    return;
  g_clear_pointer (&self->streams, g_array_unref);
  self->streams = st_stream_index_get_usages (index, queues, job->start, job->end);
  if (st_stream_index_get_idle_shares (index, self->streams, &a, &b))
    {
      st_summary_set_value (st_summary_lookup_mutable (self, "idle_host_wait_percent"), a);
      st_summary_set_value (st_summary_lookup_mutable (self, "idle_stream_wait_percent"), b);
    }
}

/* docs/metrics.md 12.3: the memory peaks of the range. */
static gboolean
memory_peaks (StSummaryJob *job)
{
  StMemoryTimeline *timeline = st_memory_timeline_ensure (job->trace, job->cancellable);

  if (timeline == NULL)
    return FALSE;
  g_array_unref (job->summary->memory_peaks);
  job->summary->memory_peaks = st_memory_peaks_compute (timeline, job->trace, job->start, job->end);
  return TRUE;
}

/* docs/metrics.md 13: the FLOP rates of the range, each device's MFU over
 * its device time (2), and each kernel class's time over the devices
 * beside the counted part of it (13.6). */
static gboolean
flop_rates (StSummaryJob *job)
{
  StFlopOps         *ops = st_flop_ops_ensure (job->trace, job->cancellable);
  g_autofree gint64 *device_time = NULL;
  gint64             class_ns[ST_N_KERNEL_CLASSES] = { 0 };
  guint              n_ops;

  if (ops == NULL)
    return FALSE;
  if (st_flop_ops_get_ops (ops, &n_ops) == NULL || n_ops == 0)
    return TRUE;
  device_time = g_new0 (gint64, MAX (1, st_device_work_get_n_devices (job->work)));
  for (guint i = 0; i < job->summary->devices->len; i++)
    {
      const StDeviceUsage *d = &g_array_index (job->summary->devices, StDeviceUsage, i);

      device_time[d->device] = d->device_time_ns;
      for (guint k = 0; k < ST_N_KERNEL_CLASSES; k++)
        class_ns[k] += d->class_ns[k];
    }
  job->summary->flops
      = st_flop_rates_compute (ops, job->work, device_time, class_ns, job->start, job->end);
  return TRUE;
}

gboolean
st_summary_prepare_cards (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork *work;

  g_return_val_if_fail (ST_IS_TRACE (trace), FALSE);
  if ((work = st_device_work_ensure (trace, cancellable)) == NULL)
    return FALSE;
  if (st_device_work_get_n_devices (work) > 0
      && (st_stream_index_ensure (trace, cancellable) == NULL
          || st_queue_length_ensure (trace, cancellable) == NULL))
    return FALSE;
  return st_memory_timeline_ensure (trace, cancellable) != NULL
         && st_flop_ops_ensure (trace, cancellable) != NULL;
}

StSummary *
st_summary_compute (StTrace      *trace,
                    gint64        start,
                    gint64        end,
                    GCancellable *cancellable,
                    GError      **error)
{
  return st_summary_compute_parts (trace, start, end, ST_SUMMARY_ALL, cancellable, error);
}

static void
compute_cards (StSummaryJob *job, gboolean later_flop_rates)
{
  job->device
      = st_device_events_collect (job->trace, job->work, job->start, job->end, job->cancellable);
  job->has_device = st_device_work_get_n_devices (job->work) > 0;
  st_summary_device_metrics (job);
  st_summary_active (job);
  st_summary_engines (job);
  st_summary_memory (job);
  st_summary_collectives (job);
  st_summary_ranks (job);
  summary_streams (job);
  if (job->neuron)
    st_summary_profile_metrics (job);
  if (memory_peaks (job) && !later_flop_rates)
    flop_rates (job);
  st_summary_device_metrics_finish (job);
}

static void
compute_device_times (StSummaryJob *job)
{
  job->device
      = st_device_events_collect (job->trace, job->work, job->start, job->end, job->cancellable);
  job->has_device = st_device_work_get_n_devices (job->work) > 0;
  st_summary_device_metrics (job);
  memory_peaks (job);
  st_summary_device_metrics_finish (job);
}

StSummary *
st_summary_compute_parts (StTrace       *trace,
                          gint64         start,
                          gint64         end,
                          StSummaryParts parts,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr (StSummary) self = NULL;
  StSummaryJob          job = { 0 };
  gboolean              ok;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (start <= end, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = summary_new (trace, start, end);
  job.trace = trace;
  job.work = st_device_work_ensure (trace, cancellable);
  if (job.work == NULL)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  job.classes = st_device_work_get_classifier (job.work);
  job.cancellable = cancellable;
  job.start = start;
  job.end = end;
  job.neuron = st_trace_is_neuron (trace);
  job.whole = start <= 0 && end >= st_trace_get_end_ns (trace);
  job.by_name_only = (parts & ST_SUMMARY_OPERATIONS_BY_NAME) != 0;
  job.summary = self;

  if (parts & ST_SUMMARY_CARDS)
    compute_cards (&job, parts & ST_SUMMARY_LATER_FLOP_RATES);
  else if (parts & ST_SUMMARY_DEVICE_TIMES)
    compute_device_times (&job);
  if (parts & ST_SUMMARY_OPERATIONS)
    st_summary_operations (&job);
  ok = !g_cancellable_set_error_if_cancelled (cancellable, error);
  if (ok && (parts & ST_SUMMARY_KEEP_DEVICE_EVENTS) && (parts & ST_SUMMARY_CARDS))
    self->device_events = g_steal_pointer (&job.device);
  g_clear_pointer (&job.device, g_array_unref);
  if (!ok)
    return NULL;
  if (parts & ST_SUMMARY_CARDS)
    st_summary_apply_rules (self, job.neuron);
  return g_steal_pointer (&self);
}

gboolean
st_summary_add_flop_rates (StSummary *self, StTrace *trace, GCancellable *cancellable)
{
  StSummaryJob job = { 0 };

  g_return_val_if_fail (self != NULL && ST_IS_TRACE (trace), FALSE);
  g_return_val_if_fail (self->flops == NULL, FALSE);

  job.trace = trace;
  job.work = st_device_work_ensure (trace, cancellable);
  job.cancellable = cancellable;
  job.start = self->start;
  job.end = self->end;
  job.summary = self;
  return job.work != NULL && flop_rates (&job);
}

GArray *
st_summary_take_device_events (StSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_steal_pointer (&self->device_events);
}

void
st_summary_take_operations (StSummary *self, StSummary *from)
{
  g_return_if_fail (self != NULL && from != NULL);
  g_return_if_fail (self->start == from->start && self->end == from->end);

  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      GArray *rows = self->operations[t], *track_rows = self->track_operations[t];

      self->operations[t] = from->operations[t];
      self->track_operations[t] = from->track_operations[t];
      from->operations[t] = rows;
      from->track_operations[t] = track_rows;
    }
}

/* Sentences on the parts of the file that could not be read (a section of
 * the profile's own metrics nested too deep, say), each naming the file,
 * the place and the key: what they held is "not in this profile". */
GPtrArray *
st_summary_get_problems (StSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->problems;
}

void
st_summary_get_range (StSummary *self, gint64 *start, gint64 *end)
{
  g_return_if_fail (self != NULL);
  if (start != NULL)
    *start = self->start;
  if (end != NULL)
    *end = self->end;
}

guint
st_summary_get_n_metrics (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->metrics->len;
}

const StMetric *
st_summary_get_metric (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->metrics->len, NULL);
  return &g_array_index (self->metrics, StMetric, index);
}

const StMetric *
st_summary_lookup (StSummary *self, const char *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return st_summary_lookup_mutable (self, id);
}

guint
st_summary_get_n_collective_groups (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->collectives->len;
}

const StCollectiveGroup *
st_summary_get_collective_group (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->collectives->len, NULL);
  return &g_array_index (self->collectives, StCollectiveGroup, index);
}

GArray *
st_summary_get_operations (StSummary *self, StOperationsTable table, gboolean by_track)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail ((guint)table < ST_N_OPERATIONS_TABLES, NULL);
  return by_track ? self->track_operations[table] : self->operations[table];
}

guint
st_summary_get_n_engines (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->engines->len;
}

const StEngineUsage *
st_summary_get_engine (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->engines->len, NULL);
  return &g_array_index (self->engines, StEngineUsage, index);
}

GArray *
st_summary_get_memory (StSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->memory;
}

GArray *
st_summary_get_memory_peaks (StSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->memory_peaks;
}

const StFlopRates *
st_summary_get_flops (StSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->flops;
}

guint
st_summary_get_n_recommendations (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->recommendations->len;
}

const StRecommendation *
st_summary_get_recommendation (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->recommendations->len, NULL);
  return &g_array_index (self->recommendations, StRecommendation, index);
}

guint
st_summary_get_n_devices (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->devices->len;
}

const StDeviceUsage *
st_summary_get_device (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->devices->len, NULL);
  return &g_array_index (self->devices, StDeviceUsage, index);
}

guint
st_summary_get_n_ranks (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->ranks->len;
}

const StRankUsage *
st_summary_get_rank (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->ranks->len, NULL);
  return &g_array_index (self->ranks, StRankUsage, index);
}

guint
st_summary_get_n_rank_collectives (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->rank_collectives->len;
}

const StRankCollective *
st_summary_get_rank_collective (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->rank_collectives->len, NULL);
  return &g_array_index (self->rank_collectives, StRankCollective, index);
}

guint
st_summary_get_n_streams (StSummary *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->streams != NULL ? self->streams->len : 0;
}

const StStreamUsage *
st_summary_get_stream (StSummary *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < st_summary_get_n_streams (self), NULL);
  return &g_array_index (self->streams, StStreamUsage, index);
}

StOverlap *
st_summary_get_overlap (StSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->overlap;
}
