/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-device.c: the metrics read from the devices' events over the
 * range, per device and then per profile, as docs/metrics.md section 2
 * defines them: device time, busy, compute, communication, exposed
 * communication, memory, wait and idle time per device, their means over
 * the devices; kernel counts and the median kernel, copies, host-bound
 * gaps, the busiest stream, Neuron's DMA wait and active time.
 *
 * The device events and their classes are the trace's StDeviceWork's; an
 * event counts when it overlaps the range, its interval clipped to it.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-summary-private.h"
#include "st-pages.h"
#include "st-select.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>

/* --- per device ------------------------------------------------------------ */

/* One device's events: [first, first + n) of job->device. */
typedef struct
{
  guint16 device;
  guint   first;
  guint   n;
} Segment;

static GArray *
segments (StSummaryJob *job)
{
  GArray              *out = g_array_new (FALSE, FALSE, sizeof (Segment));
  const StDeviceEvent *ev = (const StDeviceEvent *)(void *)job->device->data;

  for (guint i = 0; i < job->device->len;)
    {
      Segment s = { ev[i].device, i, 0 };

      while (i < job->device->len && ev[i].device == s.device)
        i++;
      s.n = i - s.first;
      g_array_append_val (out, s);
    }
  return out;
}

static const StDeviceEvent *
segment_events (StSummaryJob *job, const Segment *s)
{
  return &g_array_index (job->device, StDeviceEvent, s->first);
}

/* One union of st_summary_union_of(), merged event by event, so that one
 * pass over a device's events makes them all. */
typedef struct
{
  guint   mask;
  gint64  start;
  gint64  end;
  gint64  total;
  GArray *spans; /* the merged StSpans, or NULL */
  StSpan *out;   /* spans' data, with room for a span per event */
  guint   n_out;
} Union;

enum
{
  UNION_WORK,
  UNION_COMPUTE,
  UNION_COMMUNICATION,
  UNION_MEMORY,
  UNION_WAIT,
  N_UNIONS
};

static void
union_open (Union *u, guint mask, GArray *spans, guint room)
{
  *u = (Union){ mask, 0, G_MININT64, 0, spans, NULL, 0 };
  if (spans != NULL)
    {
      g_array_set_size (spans, room);
      u->out = (StSpan *)(void *)spans->data;
      st_pages_advise_huge (u->out, (gsize)room * sizeof (StSpan));
    }
}

static inline void
union_close (Union *u)
{
  if (u->end == G_MININT64)
    return;
  u->total += u->end - u->start;
  if (u->out != NULL)
    u->out[u->n_out++] = (StSpan){ u->start, u->end };
}

static void
union_finish (Union *u)
{
  union_close (u);
  if (u->spans != NULL)
    g_array_set_size (u->spans, u->n_out);
}

static inline void
union_add (Union *u, const StDeviceEvent *ev)
{
  if (!(u->mask & ST_SLOT_MASK (ev->slot)) || ev->end <= ev->start)
    return;
  if (ev->start > u->end)
    {
      union_close (u);
      u->start = ev->start;
      u->end = ev->end;
    }
  else
    u->end = MAX (u->end, ev->end);
}

/* One device's part of the metrics, measured on either thread; the
 * merged spans stay for what is added up in the devices' order. */
typedef struct
{
  const Segment *segment;
  StDeviceUsage  usage;
  GArray        *work;    /* StSpan: the merged work */
  GArray        *compute; /* StSpan */
  GArray        *comm;    /* StSpan */
  gint64         known;   /* host_bound_gaps() */
  gint64         late;
  double         dma_wait; /* dma_wait_percent(), when the device has time */
} Measure;

static void
measure_clear (Measure *m)
{
  g_clear_pointer (&m->work, g_array_unref);
  g_clear_pointer (&m->compute, g_array_unref);
  g_clear_pointer (&m->comm, g_array_unref);
}

/* docs/metrics.md 2: one device's row, into m->usage, and its merged
 * work, compute and communication. */
static void
device_usage (StSummaryJob *job, Measure *m)
{
  const Segment       *s = m->segment;
  const StDeviceEvent *ev = segment_events (job, s);
  const StDevice      *device = st_device_work_get_device (job->work, s->device);
  GArray              *compute, *comm;
  g_autoptr (GArray)   wait = g_array_new (FALSE, FALSE, sizeof (StSpan));
  Union                un[N_UNIONS];
  StDeviceUsage        u = { 0 };
  gint64               first = G_MAXINT64, last = G_MININT64;

  m->work = g_array_new (FALSE, FALSE, sizeof (StSpan));
  m->compute = compute = g_array_new (FALSE, FALSE, sizeof (StSpan));
  m->comm = comm = g_array_new (FALSE, FALSE, sizeof (StSpan));
  union_open (&un[UNION_WORK], ST_SLOTS_WORK, m->work, s->n);
  union_open (&un[UNION_COMPUTE], ST_SLOT_MASK (ST_SLOT_COMPUTE), compute, s->n);
  union_open (&un[UNION_COMMUNICATION], ST_SLOT_MASK (ST_SLOT_COMMUNICATION), comm, s->n);
  union_open (&un[UNION_MEMORY], ST_SLOTS_MEMORY, NULL, 0);
  union_open (&un[UNION_WAIT], ST_SLOT_MASK (ST_SLOT_WAIT), wait, s->n);

  for (guint i = 0; i < s->n; i++)
    {
      StKernelClass klass = st_device_event_get_kernel_class (&ev[i]);

      first = MIN (first, ev[i].start);
      last = MAX (last, ev[i].end);
      for (guint k = 0; k < N_UNIONS; k++)
        union_add (&un[k], &ev[i]);
      u.class_ns[klass] += ev[i].end - ev[i].start;
      u.class_count[klass]++;
    }
  for (guint k = 0; k < N_UNIONS; k++)
    union_finish (&un[k]);
  u.label = g_strdup (device->label);
  u.device = s->device;
  u.file = device->file;
  u.device_time_ns = last - first;
  u.busy_ns = un[UNION_WORK].total;
  u.compute_ns = un[UNION_COMPUTE].total;
  u.communication_ns = un[UNION_COMMUNICATION].total;
  u.exposed_communication_ns = u.communication_ns - st_summary_spans_overlap (comm, compute);
  u.memory_ns = un[UNION_MEMORY].total;
  u.wait_ns = un[UNION_WAIT].total - st_summary_spans_overlap (wait, m->work);
  u.idle_ns = u.device_time_ns - u.busy_ns;
  u.busy_percent = u.device_time_ns > 0 ? 100.0 * u.busy_ns / u.device_time_ns : 0;
  m->usage = u;
}

/* --- metrics -------------------------------------------------------------- */

typedef struct
{
  const char  *id;
  const char  *group;
  const char  *title;
  const char  *description;
  StMetricUnit unit;
  gboolean     neuron_only;
} MetricSpec;

static const MetricSpec specs[] = {
  { "span_ns", "compute", N_ ("Time span"),
    N_ ("The length of the chosen range: its end minus its start."), ST_UNIT_NS, FALSE },
  { "device_time_ns", "compute", N_ ("Device time"),
    N_ ("From the start of a device's first device event (kernel, copy, memset; MTIA event; "
        "Neuron instruction or DMA) to the end of its last, clipped to the range; the mean over "
        "the devices."),
    ST_UNIT_NS, FALSE },
  { "device_busy_percent", "compute", N_ ("Device busy"),
    N_ ("The share of a device's time during which it works (compute, communication or memory; "
        "waits on semaphores, events and barriers are not work): the union of its work over its "
        "device time, the mean over the devices."),
    ST_UNIT_PERCENT, FALSE },
  { "device_active_percent", "compute", N_ ("Device active (profiler)"),
    N_ ("The union of the profiler's own active-time rows over the device time, the mean over "
        "the NeuronCores. Active time counts an engine active from the first to the last "
        "instruction of a burst, waits included; busy counts only instructions that work."),
    ST_UNIT_PERCENT, TRUE },
  { "compute_time_ns", "compute", N_ ("Compute time"),
    N_ ("The union of a device's compute events (kernels and instructions that are not "
        "communication or waits), clipped to the range; the mean over the devices."),
    ST_UNIT_NS, FALSE },
  { "idle_time_ns", "compute", N_ ("Idle time"),
    N_ ("A device's time during which it does no work (waits included): its device time minus "
        "its busy time; the mean over the devices."),
    ST_UNIT_NS, FALSE },
  { "wait_time_ns", "compute", N_ ("Wait time"),
    N_ ("A device's time spent waiting on a semaphore, an event, a flag or a barrier while "
        "nothing works; the mean over the devices."),
    ST_UNIT_NS, FALSE },
  { "kernel_count", "compute", N_ ("Kernels"),
    N_ ("Kernels (Neuron: instructions; MTIA: command events) overlapping the range on every "
        "device, collective kernels included."),
    ST_UNIT_COUNT, FALSE },
  { "median_kernel_ns", "compute", N_ ("Median kernel duration"),
    N_ ("The median of the durations of the kernels overlapping the range (the mean of the two "
        "middle ones for an even count)."),
    ST_UNIT_NS, FALSE },
  { "host_bound_gap_percent", "compute", N_ ("Host-bound idle time"),
    N_ ("The share of the devices' idle gaps where the next kernel's launch call started only "
        "after the gap had opened: the host was late. Only gaps whose next event has a known "
        "launch call are counted."),
    ST_UNIT_PERCENT, FALSE },
  { "idle_host_wait_percent", "compute", N_ ("Idle waiting on the host"),
    N_ ("The share of the streams' idle time during which the next kernel had not been launched "
        "yet when the stream went idle, the host not blocked in a synchronisation: the host was "
        "late (see the Idle Time card)."),
    ST_UNIT_PERCENT, FALSE },
  { "idle_stream_wait_percent", "compute", N_ ("Idle waiting on a stream or event"),
    N_ ("The share of the streams' idle time spent waiting on other work: the host blocked in a "
        "synchronisation call when the stream went idle, or the next kernel queued behind a wait "
        "for another stream's event (see the Idle Time card)."),
    ST_UNIT_PERCENT, FALSE },
  { "busiest_stream_share_percent", "compute", N_ ("Busiest stream's share"),
    N_ ("On a device with two or more streams, the busy time of its busiest stream over the sum "
        "of its streams' busy times; the largest over the devices."),
    ST_UNIT_PERCENT, FALSE },
  { "memory_time_ns", "memory", N_ ("Memory time"),
    N_ ("The union of a device's copies and memsets (Neuron: DMA transfers that are not "
        "collective), clipped to the range; the mean over the devices."),
    ST_UNIT_NS, FALSE },
  { "memory_time_percent", "memory", N_ ("Memory share of device time"),
    N_ ("Memory time over device time, per device; the mean over the devices."), ST_UNIT_PERCENT,
    FALSE },
  { "memcpy_count", "memory", N_ ("Copies"), N_ ("Memcpy events overlapping the range."),
    ST_UNIT_COUNT, FALSE },
  { "memcpy_bytes", "memory", N_ ("Bytes copied"),
    N_ ("The sum of args.bytes of the memcpy events overlapping the range (memsets not included)."),
    ST_UNIT_BYTES, FALSE },
  { "memcpy_bandwidth", "memory", N_ ("Copy bandwidth"),
    N_ ("Bytes copied over the sum of the devices' copy unions."), ST_UNIT_BYTES_PER_SECOND,
    FALSE },
  { "memset_count", "memory", N_ ("Memsets"), N_ ("Memset events overlapping the range."),
    ST_UNIT_COUNT, FALSE },
  { "memset_bytes", "memory", N_ ("Bytes set"),
    N_ ("The sum of args.bytes of the memset events overlapping the range."), ST_UNIT_BYTES,
    FALSE },
  { "dma_wait_percent", "memory", N_ ("DMA wait"),
    N_ ("The share of a NeuronCore's time during which DMA transfers are in flight and no "
        "instruction works: data movement blocking compute; the mean over the cores."),
    ST_UNIT_PERCENT, TRUE },
  { "communication_time_ns", "communication", N_ ("Communication time"),
    N_ ("The union of a device's communication events (NCCL/RCCL and other collective kernels, "
        "kernels launched by collective host ops; Neuron collective instructions and DMA), "
        "clipped to the range; the mean over the devices."),
    ST_UNIT_NS, FALSE },
  { "exposed_communication_ns", "communication", N_ ("Exposed communication"),
    N_ ("Communication no compute of the same device overlaps: its communication union minus "
        "its intersection with its compute union; the mean over the devices."),
    ST_UNIT_NS, FALSE },
  { "exposed_communication_percent", "communication", N_ ("Exposed communication share"),
    N_ ("Exposed communication over device time, per device; the mean over the devices."),
    ST_UNIT_PERCENT, FALSE },
  { "communication_overlap_percent", "communication", N_ ("Communication overlapped by compute"),
    N_ ("The share of a device's communication during which it also computes: its communication "
        "union's intersection with its compute union over its communication union; the mean over "
        "the devices that communicate."),
    ST_UNIT_PERCENT, FALSE },
  { "worst_collective_ratio", "communication", N_ ("Slowest collective over its group's median"),
    N_ ("The longest duration of a collective operation over the median duration of its group "
        "(same type and size, at least 3 instances). Above 2 it is an outlier."),
    ST_UNIT_RATIO, FALSE },
  { "collective_count", "communication", N_ ("Collective operations"),
    N_ ("Communication events overlapping the range on every device, or the host's collective "
        "calls when the devices have none."),
    ST_UNIT_COUNT, FALSE },
};

static void
add_specs (StSummaryJob *job)
{
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (!specs[i].neuron_only || job->neuron)
      st_summary_add_metric (job->summary, specs[i].id, specs[i].group, _ (specs[i].title),
                             _ (specs[i].description), specs[i].unit);
}

static void
set (StSummaryJob *job, const char *id, double value)
{
  StMetric *m = st_summary_lookup_mutable (job->summary, id);

  g_assert (m != NULL);
  st_summary_set_value (m, value);
}

/* The means over the devices' rows. */
static void
device_means (StSummaryJob *job)
{
  GArray *rows = job->summary->devices;
  double  time = 0, compute = 0, comm = 0, exposed = 0, exposed_pc = 0, memory = 0, memory_pc = 0,
         wait = 0, idle = 0, busy_pc = 0;
  guint n = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const StDeviceUsage *u = &g_array_index (rows, StDeviceUsage, i);

      if (u->device_time_ns <= 0)
        continue;
      n++;
      time += u->device_time_ns;
      busy_pc += u->busy_percent;
      compute += u->compute_ns;
      comm += u->communication_ns;
      exposed += u->exposed_communication_ns;
      exposed_pc += 100.0 * u->exposed_communication_ns / u->device_time_ns;
      memory += u->memory_ns;
      memory_pc += 100.0 * u->memory_ns / u->device_time_ns;
      wait += u->wait_ns;
      idle += u->idle_ns;
    }
  if (rows->len > 0)
    set (job, "device_time_ns", n > 0 ? time / n : 0);
  if (n == 0)
    return;
  set (job, "device_busy_percent", busy_pc / n);
  set (job, "compute_time_ns", compute / n);
  set (job, "communication_time_ns", comm / n);
  set (job, "exposed_communication_ns", exposed / n);
  set (job, "exposed_communication_percent", exposed_pc / n);
  set (job, "memory_time_ns", memory / n);
  set (job, "memory_time_percent", memory_pc / n);
  set (job, "wait_time_ns", wait / n);
  set (job, "idle_time_ns", idle / n);
}

/* The longest gap between the merged work of one device. */
static void
note_longest_gap (StSummaryJob *job, GArray *work)
{
  const StSpan *s = (const StSpan *)(void *)work->data;

  for (guint i = 0; i + 1 < work->len; i++)
    if (s[i + 1].start - s[i].end > job->summary->longest_gap.end - job->summary->longest_gap.start)
      job->summary->longest_gap = (StSpan){ s[i].end, s[i + 1].start };
}

/* docs/metrics.md 2, host_bound_gap_percent: one device's gaps, added to
 * @known and @late. */
static void
host_bound_gaps (StSummaryJob *job, const Segment *s, gint64 *known, gint64 *late)
{
  StLaunchIndex       *launches = st_device_work_get_launches (job->work);
  const StDeviceEvent *ev = segment_events (job, s);
  gint64               cur_end = G_MININT64;

  for (guint i = 0; i < s->n; i++)
    {
      StSliceRef host;
      gint64     call_start;

      if (!(ST_SLOTS_WORK & ST_SLOT_MASK (ev[i].slot)) || ev[i].end <= ev[i].start)
        continue;
      if (cur_end > G_MININT64 && ev[i].start > cur_end
          && st_launch_index_get_launch (launches, ev[i].ref, &host, &call_start, NULL))
        {
          *known += ev[i].start - cur_end;
          if (call_start >= cur_end)
            *late += ev[i].start - cur_end;
        }
      cur_end = MAX (cur_end, ev[i].end);
    }
}

/* The kernels' count and median duration, into the job. */
static gpointer
kernel_stats (gpointer data)
{
  StSummaryJob      *job = data;
  g_autofree gint64 *durs = g_new (gint64, MAX (1, job->device->len));
  guint              n = 0;

  st_pages_advise_huge (durs, job->device->len * sizeof (gint64));
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);

      if (ev->kernel && (ev->slot == ST_SLOT_COMPUTE || ev->slot == ST_SLOT_COMMUNICATION))
        durs[n++] = ev->dur;
    }
  job->n_kernels = n;
  job->median_kernel_ns = n > 0 ? st_summary_median (durs, n) : 0;
  return NULL;
}

static void
set_kernel_stats (StSummaryJob *job)
{
  set (job, "kernel_count", job->n_kernels);
  if (job->n_kernels > 0)
    set (job, "median_kernel_ns", job->median_kernel_ns);
}

void
st_summary_device_metrics_finish (StSummaryJob *job)
{
  if (job->kernels_thread == NULL)
    return;
  g_thread_join (g_steal_pointer (&job->kernels_thread));
  set_kernel_stats (job);
}

/* Neuron: DMA in flight while no instruction works (the union of the
 * transfers, collective ones too, minus its intersection with the
 * instructions' work), over one core's device time. */
static double
dma_wait_percent (StSummaryJob *job, const Segment *s, gint64 device_time)
{
  const StDeviceEvent *ev = segment_events (job, s);
  g_autoptr (GArray)   dma = g_array_new (FALSE, FALSE, sizeof (StDeviceEvent));
  g_autoptr (GArray)   engines = g_array_new (FALSE, FALSE, sizeof (StDeviceEvent));
  g_autoptr (GArray)   dma_spans = g_array_new (FALSE, FALSE, sizeof (StSpan));
  g_autoptr (GArray)   engine_spans = g_array_new (FALSE, FALSE, sizeof (StSpan));

  for (guint i = 0; i < s->n; i++)
    if (ev[i].kernel)
      g_array_append_val (engines, ev[i]);
    else if (ST_SLOTS_WORK & ST_SLOT_MASK (ev[i].slot))
      g_array_append_val (dma, ev[i]);
  st_summary_union (dma, ST_SLOTS_WORK, dma_spans);
  st_summary_union (engines, ST_SLOTS_WORK, engine_spans);
  return 100.0
         * (st_summary_spans_length (dma_spans)
            - st_summary_spans_overlap (dma_spans, engine_spans))
         / device_time;
}

static void
measure_device (StSummaryJob *job, Measure *m)
{
  device_usage (job, m);
  host_bound_gaps (job, m->segment, &m->known, &m->late);
  if (job->neuron && m->usage.device_time_ns > 0)
    m->dma_wait = dma_wait_percent (job, m->segment, m->usage.device_time_ns);
}

typedef struct
{
  StSummaryJob *job;
  Measure      *measures;
  guint         lo;
  guint         hi;
} MeasurePart;

static gpointer
measure_part (gpointer data)
{
  MeasurePart *part = data;

  for (guint i = part->lo; i < part->hi; i++)
    measure_device (part->job, &part->measures[i]);
  return NULL;
}

/* Below this many events a second thread costs more than it saves. */
#define SPLIT_MIN_EVENTS 65536

/* Measures the devices in two halves of about as many events, the second
 * half on a thread of its own. */
static void
measure_devices (StSummaryJob *job, Measure *measures, guint n)
{
  MeasurePart first = { job, measures, 0, n }, second = first;
  GThread    *thread = NULL;
  guint       half = 0;

  if (job->device->len >= SPLIT_MIN_EVENTS && n >= 2)
    {
      while (second.lo + 1 < n && half + measures[second.lo].segment->n <= job->device->len / 2)
        half += measures[second.lo++].segment->n;
      first.hi = second.lo = MAX (1, second.lo);
      thread = g_thread_new ("strata-summary", measure_part, &second);
    }
  measure_part (&first);
  if (thread != NULL)
    g_thread_join (thread);
}

/* What is added up over the devices, in their order: the longest gap, the
 * host-bound gaps, the overlap (docs/metrics.md 11 reads the same unions),
 * the rows; @dma_wait sums Neuron's DMA wait over the devices with time. */
static void
add_device (StSummaryJob *job,
            Measure      *m,
            gint64       *known,
            gint64       *late,
            double       *dma_wait,
            guint        *n_timed)
{
  const StDevice *device = st_device_work_get_device (job->work, m->segment->device);

  G_STATIC_ASSERT (sizeof (StSpan) == sizeof (StTimeSpan));
  G_STATIC_ASSERT (G_STRUCT_OFFSET (StSpan, end) == G_STRUCT_OFFSET (StTimeSpan, end));
  note_longest_gap (job, m->work);
  *known += m->known;
  *late += m->late;
  if (job->neuron && m->usage.device_time_ns > 0)
    {
      *dma_wait += m->dma_wait;
      (*n_timed)++;
    }
  st_overlap_add_device (job->summary->overlap, device->label, device->file,
                         (const StTimeSpan *)(void *)m->compute->data, m->compute->len,
                         (const StTimeSpan *)(void *)m->comm->data, m->comm->len);
  g_array_append_val (job->summary->devices, m->usage);
  measure_clear (m);
}

void
st_summary_device_metrics (StSummaryJob *job)
{
  g_autoptr (GArray)  segs = NULL;
  g_autofree Measure *measures = NULL;
  gint64              known = 0, late = 0;
  double              dma_wait = 0;
  guint               n_timed = 0;

  add_specs (job);
  set (job, "span_ns", st_time_span (job->start, job->end));
  if (!job->has_device)
    return;
  segs = segments (job);
  measures = g_new0 (Measure, MAX (1, segs->len));
  for (guint i = 0; i < segs->len; i++)
    measures[i].segment = &g_array_index (segs, Segment, i);
  measure_devices (job, measures, segs->len);
  for (guint i = 0; i < segs->len; i++)
    add_device (job, &measures[i], &known, &late, &dma_wait, &n_timed);
  /* the median beside the rest of the summary: it reads the device events
   * only, and st_summary_device_metrics_finish() sets it */
  if (job->device->len >= SPLIT_MIN_EVENTS)
    job->kernels_thread = g_thread_new ("strata-summary", kernel_stats, job);
  else
    {
      kernel_stats (job);
      set_kernel_stats (job);
    }
  device_means (job);
  if (known > 0)
    set (job, "host_bound_gap_percent", 100.0 * late / known);
  if (n_timed > 0)
    set (job, "dma_wait_percent", dma_wait / n_timed);
}

/* --- intervals: the arithmetic the summary's parts share --------------------- */

gint64
st_summary_union_of (const StDeviceEvent *ev, guint n, guint mask, GArray *merged)
{
  gint64 total = 0, cur_start = 0, cur_end = G_MININT64;

  for (guint i = 0; i < n; i++)
    {
      if (!(mask & ST_SLOT_MASK (ev[i].slot)) || ev[i].end <= ev[i].start)
        continue;
      if (ev[i].start > cur_end)
        {
          if (cur_end > G_MININT64)
            {
              StSpan span = { cur_start, cur_end };

              total += cur_end - cur_start;
              if (merged != NULL)
                g_array_append_val (merged, span);
            }
          cur_start = ev[i].start;
          cur_end = ev[i].end;
        }
      else
        cur_end = MAX (cur_end, ev[i].end);
    }
  if (cur_end > G_MININT64)
    {
      StSpan span = { cur_start, cur_end };

      total += cur_end - cur_start;
      if (merged != NULL)
        g_array_append_val (merged, span);
    }
  return total;
}

gint64
st_summary_union (GArray *device, guint mask, GArray *merged)
{
  return st_summary_union_of ((const StDeviceEvent *)(void *)device->data, device->len, mask,
                              merged);
}

gint64
st_summary_spans_length (GArray *spans)
{
  gint64 total = 0;

  for (guint i = 0; i < spans->len; i++)
    total += g_array_index (spans, StSpan, i).end - g_array_index (spans, StSpan, i).start;
  return total;
}

/* The length of the intersection of two sets of sorted, disjoint spans. */
gint64
st_summary_spans_overlap (GArray *a, GArray *b)
{
  const StSpan *x = (const StSpan *)(void *)a->data, *y = (const StSpan *)(void *)b->data;
  guint         i = 0, j = 0;
  gint64        total = 0;

  while (i < a->len && j < b->len)
    {
      gint64 lo = MAX (x[i].start, y[j].start), hi = MIN (x[i].end, y[j].end);

      if (hi > lo)
        total += hi - lo;
      if (x[i].end < y[j].end)
        i++;
      else
        j++;
    }
  return total;
}

gint64
st_summary_median (gint64 *v, guint n)
{
  gint64 upper, lower;

  g_assert (n > 0);
  upper = st_select_kth (v, n, n / 2);
  if (n % 2 == 1)
    return upper;
  /* the lower middle is the largest value below the upper middle's place */
  lower = st_select_kth (v, n / 2, n / 2 - 1);
  return lower + (upper - lower) / 2;
}
