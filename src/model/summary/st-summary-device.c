/* st-summary-device.c: the metrics read from the device tracks of the
 * range (busy, compute, communication, memory and idle time, kernels,
 * copies, host-bound gaps), the per-engine / per-stream usage and the GPU
 * memory breakdown.
 *
 * Device events are the kernels, copies and memsets of device tracks; in a
 * Neuron profile the engines' instructions and the DMA queues' transfers.
 * An event counts when it overlaps the range; every union is clipped to it.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-launch-index.h"
#include "st-summary-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define ALL_DEVICE 0x1f
#define KERNELS    (ST_DEVICE_MASK (ST_DEVICE_COMPUTE) | ST_DEVICE_MASK (ST_DEVICE_COLLECTIVE))
#define MEMORY                                                           \
  (ST_DEVICE_MASK (ST_DEVICE_MEMCPY) | ST_DEVICE_MASK (ST_DEVICE_MEMSET) \
   | ST_DEVICE_MASK (ST_DEVICE_DMA))

ST_DEFINE_SORT (sort_device, StDeviceEvent, a->start < b->start)

typedef struct
{
  StSummaryJob *job;
  guint         track;
  guint8        what;
} Collect;

static guint8
neuron_track_kind (StTrace *trace, const StTrack *track)
{
  const char *cat;

  if (track->n_slices == 0)
    return ST_SUMMARY_TRACK_NONE;
  cat = st_trace_get_string (trace, track->slices[0].cat);
  if (g_str_equal (cat, "instruction"))
    return ST_SUMMARY_TRACK_ENGINE;
  if (g_str_equal (cat, "dma") || g_str_equal (cat, "cc_dma"))
    return ST_SUMMARY_TRACK_DMA;
  return ST_SUMMARY_TRACK_NONE;
}

static gboolean
known_collective (StEventClassifier *classes, StStringId name)
{
  guint type = st_event_classifier_collective (classes, name);

  return type != 0 && type != ST_COLLECTIVE_OTHER;
}

static void
collect_slice (const StSlice *slice, guint index, gpointer data)
{
  Collect      *c = data;
  StSummaryJob *job = c->job;
  StDeviceEvent ev;

  ev.kernel = FALSE;
  if (c->what == ST_SUMMARY_TRACK_GPU)
    switch (st_event_classifier_work (job->classes, slice))
      {
      case ST_WORK_KERNEL:
        ev.kind = st_event_classifier_is_device_collective (job->classes, slice)
                      ? ST_DEVICE_COLLECTIVE
                      : ST_DEVICE_COMPUTE;
        ev.kernel = TRUE;
        break;
      case ST_WORK_MEMCPY: ev.kind = ST_DEVICE_MEMCPY; break;
      case ST_WORK_MEMSET: ev.kind = ST_DEVICE_MEMSET; break;
      default: return;
      }
  else if (c->what == ST_SUMMARY_TRACK_ENGINE)
    {
      ev.kind
          = known_collective (job->classes, slice->name) ? ST_DEVICE_COLLECTIVE : ST_DEVICE_COMPUTE;
      ev.kernel = TRUE;
    }
  else
    ev.kind = g_str_equal (st_trace_get_string (job->trace, slice->cat), "cc_dma")
                  ? ST_DEVICE_COLLECTIVE
                  : ST_DEVICE_DMA;
  ev.start = MAX (slice->start, job->start);
  ev.end = MAX (ev.start, MIN (slice->start + slice->dur, job->end));
  ev.dur = slice->dur;
  ev.ref = (StSliceRef){ c->track, index };
  g_array_append_val (job->device, ev);
}

void
st_summary_collect_device (StSummaryJob *job)
{
  guint n_tracks = st_trace_get_n_tracks (job->trace);

  job->device = g_array_new (FALSE, FALSE, sizeof (StDeviceEvent));
  job->device_track = g_new0 (guint8, MAX (1, n_tracks));
  for (guint t = 0; t < n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (job->trace, t);
      Collect        c = { job, t, ST_SUMMARY_TRACK_NONE };

      if (g_cancellable_is_cancelled (job->cancellable))
        return;
      if (job->neuron)
        c.what = neuron_track_kind (job->trace, track);
      else if (track->n_slices > 0 && st_event_classifier_is_device_track (job->classes, t))
        c.what = ST_SUMMARY_TRACK_GPU;
      job->device_track[t] = c.what;
      if (c.what == ST_SUMMARY_TRACK_NONE)
        continue;
      job->has_device = TRUE;
      st_summary_each_slice (job->trace, t, job->start, job->end, collect_slice, &c);
    }
  sort_device ((StDeviceEvent *)(void *)job->device->data, job->device->len, NULL);
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
    N_ ("From the start of the first device event (kernel, copy, memset; Neuron instruction or "
        "DMA) to the end of the last, clipped to the range."),
    ST_UNIT_NS, FALSE },
  { "device_busy_percent", "compute", N_ ("Device busy"),
    N_ ("The share of the device time during which at least one device event runs: the union of "
        "their intervals over the device time."),
    ST_UNIT_PERCENT, FALSE },
  { "compute_time_ns", "compute", N_ ("Compute time"),
    N_ ("The union of the intervals of the kernels (Neuron: instructions) that are not collective "
        "operations, clipped to the range."),
    ST_UNIT_NS, FALSE },
  { "idle_time_ns", "compute", N_ ("Idle time"),
    N_ ("Device time during which no device event runs: the device time minus the union of all "
        "device events."),
    ST_UNIT_NS, FALSE },
  { "kernel_count", "compute", N_ ("Kernels"),
    N_ ("Kernels (Neuron: instructions) overlapping the range, collective kernels included."),
    ST_UNIT_COUNT, FALSE },
  { "median_kernel_ns", "compute", N_ ("Median kernel duration"),
    N_ ("The median of the durations of the kernels (Neuron: instructions) overlapping the range."),
    ST_UNIT_NS, FALSE },
  { "host_bound_gap_percent", "compute", N_ ("Host-bound idle time"),
    N_ ("The share of the device's idle time spent in gaps where the next kernel's launch call "
        "started only after the previous device event had ended: the host was late. Only gaps "
        "whose next event has a known launch call are counted."),
    ST_UNIT_PERCENT, FALSE },
  { "busiest_stream_share_percent", "compute", N_ ("Busiest stream's share"),
    N_ ("The busy time of the busiest device stream over the sum of the busy times of all streams. "
        "Needs at least two streams."),
    ST_UNIT_PERCENT, FALSE },
  { "memory_time_ns", "memory", N_ ("Memory time"),
    N_ ("The union of the intervals of copies and memsets (Neuron: DMA transfers that are not "
        "collective), clipped to the range."),
    ST_UNIT_NS, FALSE },
  { "memory_time_percent", "memory", N_ ("Memory share of device time"),
    N_ ("Memory time over device time."), ST_UNIT_PERCENT, FALSE },
  { "memcpy_count", "memory", N_ ("Copies"), N_ ("Memcpy events overlapping the range."),
    ST_UNIT_COUNT, FALSE },
  { "memcpy_bytes", "memory", N_ ("Bytes copied"),
    N_ ("The sum of args.bytes of the memcpy events overlapping the range (memsets not included)."),
    ST_UNIT_BYTES, FALSE },
  { "memcpy_bandwidth", "memory", N_ ("Copy bandwidth"),
    N_ ("Bytes copied over the union of the copies' intervals."), ST_UNIT_BYTES_PER_SECOND, FALSE },
  { "memset_count", "memory", N_ ("Memsets"), N_ ("Memset events overlapping the range."),
    ST_UNIT_COUNT, FALSE },
  { "memset_bytes", "memory", N_ ("Bytes set"),
    N_ ("The sum of args.bytes of the memset events overlapping the range."), ST_UNIT_BYTES,
    FALSE },
  { "dma_wait_percent", "memory", N_ ("DMA wait"),
    N_ ("The share of the device time during which DMA transfers are in flight and no engine runs "
        "an instruction: data movement blocking compute."),
    ST_UNIT_PERCENT, TRUE },
  { "communication_time_ns", "communication", N_ ("Communication time"),
    N_ ("The union of the intervals of collective kernels (NCCL/RCCL; Neuron: collective "
        "instructions and collective DMA), clipped to the range."),
    ST_UNIT_NS, FALSE },
  { "exposed_communication_ns", "communication", N_ ("Exposed communication"),
    N_ ("Communication time not overlapped by compute: the communication union minus its "
        "intersection with the compute union."),
    ST_UNIT_NS, FALSE },
  { "exposed_communication_percent", "communication", N_ ("Exposed communication share"),
    N_ ("Exposed communication over device time."), ST_UNIT_PERCENT, FALSE },
  { "worst_collective_ratio", "communication", N_ ("Slowest collective over its group's median"),
    N_ ("The longest duration of a collective operation over the median duration of its group "
        "(same type and size). Above 2 it is an outlier."),
    ST_UNIT_RATIO, FALSE },
  { "collective_count", "communication", N_ ("Collective operations"),
    N_ ("Collective operations overlapping the range: the device's collective kernels, or the "
        "host's collective calls when the device has none."),
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

/* The longest gap between the merged spans of all device events. */
static void
note_longest_gap (StSummaryJob *job, GArray *all)
{
  const StSpan *s = (const StSpan *)(void *)all->data;
  gint64        longest = 0;

  for (guint i = 0; i + 1 < all->len; i++)
    if (s[i + 1].start - s[i].end > longest)
      {
        longest = s[i + 1].start - s[i].end;
        job->summary->longest_gap = (StSpan){ s[i].end, s[i + 1].start };
      }
}

/* Idle gaps whose next event was launched after the gap opened. */
static void
host_bound_gaps (StSummaryJob *job)
{
  g_autoptr (StLaunchIndex) launches = NULL;
  const StDeviceEvent      *ev = (const StDeviceEvent *)(void *)job->device->data;
  gint64                    cur_end = G_MININT64, known = 0, late = 0;

  if (job->neuron || job->device->len < 2)
    return;
  launches = st_launch_index_new (job->trace, job->classes, job->cancellable);
  if (st_launch_index_is_empty (launches))
    return;
  for (guint i = 0; i < job->device->len; i++)
    {
      StSliceRef host;

      if (cur_end > G_MININT64 && ev[i].start > cur_end
          && st_launch_index_get_launcher (launches, ev[i].ref, &host))
        {
          known += ev[i].start - cur_end;
          if (st_trace_get_slice (job->trace, host)->start >= cur_end)
            late += ev[i].start - cur_end;
        }
      if (ev[i].end > ev[i].start || cur_end == G_MININT64)
        cur_end = MAX (cur_end, ev[i].end);
    }
  if (known > 0)
    set (job, "host_bound_gap_percent", 100.0 * late / known);
}

static void
kernel_stats (StSummaryJob *job)
{
  g_autoptr (GArray) durs = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);

      if (ev->kernel)
        g_array_append_val (durs, ev->dur);
    }
  set (job, "kernel_count", durs->len);
  if (durs->len > 0)
    set (job, "median_kernel_ns", st_summary_median ((gint64 *)(void *)durs->data, durs->len));
}

/* DMA in flight while no engine runs. */
static gint64
dma_wait (StSummaryJob *job, GArray *kernels)
{
  g_autoptr (GArray) dma = g_array_new (FALSE, FALSE, sizeof (StSpan));
  guint              mask = ST_DEVICE_MASK (ST_DEVICE_DMA);
  g_autoptr (GArray) cc = g_array_new (FALSE, FALSE, sizeof (StDeviceEvent));

  /* Collective DMA is a DMA too. */
  for (guint i = 0; i < job->device->len; i++)
    {
      StDeviceEvent ev = g_array_index (job->device, StDeviceEvent, i);

      if (ev.kind == ST_DEVICE_DMA || (ev.kind == ST_DEVICE_COLLECTIVE && !ev.kernel))
        {
          ev.kind = ST_DEVICE_DMA;
          g_array_append_val (cc, ev);
        }
    }
  st_summary_union (cc, mask, dma);
  return st_summary_spans_length (dma) - st_summary_spans_overlap (dma, kernels);
}

void
st_summary_device_metrics (StSummaryJob *job)
{
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (StSpan));
  g_autoptr (GArray) compute = g_array_new (FALSE, FALSE, sizeof (StSpan));
  g_autoptr (GArray) comm = g_array_new (FALSE, FALSE, sizeof (StSpan));
  g_autoptr (GArray) kernels = g_array_new (FALSE, FALSE, sizeof (StSpan));
  gint64             first = G_MAXINT64, last = G_MININT64, device_time, busy, exposed, memory;
  GArray            *device = job->device;

  add_specs (job);
  set (job, "span_ns", job->end - job->start);
  if (!job->has_device)
    return;
  for (guint i = 0; i < device->len; i++)
    {
      first = MIN (first, g_array_index (device, StDeviceEvent, i).start);
      last = MAX (last, g_array_index (device, StDeviceEvent, i).end);
    }
  device_time = device->len > 0 ? last - first : 0;
  busy = st_summary_union (device, ALL_DEVICE, all);
  set (job, "device_time_ns", device_time);
  set (job, "compute_time_ns",
       st_summary_union (device, ST_DEVICE_MASK (ST_DEVICE_COMPUTE), compute));
  set (job, "idle_time_ns", device_time - busy);
  set (job, "communication_time_ns",
       st_summary_union (device, ST_DEVICE_MASK (ST_DEVICE_COLLECTIVE), comm));
  exposed = st_summary_spans_length (comm) - st_summary_spans_overlap (comm, compute);
  set (job, "exposed_communication_ns", exposed);
  memory = st_summary_union (device, MEMORY, NULL);
  set (job, "memory_time_ns", memory);
  if (device_time > 0)
    {
      set (job, "device_busy_percent", 100.0 * busy / device_time);
      set (job, "exposed_communication_percent", 100.0 * exposed / device_time);
      set (job, "memory_time_percent", 100.0 * memory / device_time);
    }
  kernel_stats (job);
  note_longest_gap (job, all);
  host_bound_gaps (job);
  if (job->neuron && device_time > 0)
    {
      g_autoptr (GArray) engines = g_array_new (FALSE, FALSE, sizeof (StDeviceEvent));

      for (guint i = 0; i < device->len; i++)
        if (g_array_index (device, StDeviceEvent, i).kernel)
          g_array_append_val (engines, g_array_index (device, StDeviceEvent, i));
      st_summary_union (engines, ALL_DEVICE, kernels);
      set (job, "dma_wait_percent", 100.0 * dma_wait (job, kernels) / device_time);
    }
}

/* --- engines and streams ------------------------------------------------------ */

enum
{
  CLASS_GEMM,
  CLASS_COLLECTIVE,
  CLASS_MEMCPY,
  CLASS_MEMSET,
  CLASS_ELEMENTWISE,
  CLASS_REDUCE,
  CLASS_TRANSPOSE,
  CLASS_DMA,
  CLASS_OTHER,
  N_CLASSES
};

static const char *
class_name (guint klass, gboolean neuron)
{
  static const char *const names[N_CLASSES] = {
    N_ ("GEMM"),   N_ ("Collective"), N_ ("Memcpy"), N_ ("Memset"), N_ ("Elementwise"),
    N_ ("Reduce"), N_ ("Transpose"),  N_ ("DMA"),    N_ ("Other"),
  };

  if (klass == CLASS_OTHER && neuron)
    return _ ("Active");
  return _ (names[klass]);
}

static guint
class_for_name (const char *name)
{
  static const char *const gemm[] = {
    "gemm", "matmul", "mm_", "cutlass", "sgemm", "hgemm", "xmma",
  };
  g_autofree char *lower = g_ascii_strdown (name, -1);

  for (guint i = 0; i < G_N_ELEMENTS (gemm); i++)
    if (strstr (lower, gemm[i]) != NULL)
      return CLASS_GEMM;
  if (strstr (lower, "transpose") != NULL)
    return CLASS_TRANSPOSE;
  if (strstr (lower, "elementwise") != NULL || strstr (lower, "vectorized") != NULL)
    return CLASS_ELEMENTWISE;
  if (strstr (lower, "reduce") != NULL)
    return CLASS_REDUCE;
  return CLASS_OTHER;
}

static guint
class_of (StSummaryJob *job, guint8 *cache, const StDeviceEvent *ev)
{
  StStringId name = st_trace_get_slice (job->trace, ev->ref)->name;

  switch (ev->kind)
    {
    case ST_DEVICE_COLLECTIVE: return CLASS_COLLECTIVE;
    case ST_DEVICE_MEMCPY: return CLASS_MEMCPY;
    case ST_DEVICE_MEMSET: return CLASS_MEMSET;
    case ST_DEVICE_DMA: return CLASS_DMA;
    default: break;
    }
  if (cache[name] == 0xff)
    cache[name] = class_for_name (st_trace_get_string (job->trace, name));
  return cache[name];
}

typedef struct
{
  gint64 cur_start;
  gint64 cur_end;
  gint64 busy;
  gint64 classes[N_CLASSES];
} EngineAcc;

static char *
engine_name (StSummaryJob *job, guint track, gboolean several_processes)
{
  const StTrack   *t = st_trace_get_track (job->trace, track);
  const char      *name = st_trace_get_string (job->trace, t->name);
  g_autofree char *process = NULL;
  const StProcess *p;

  if (!several_processes || t->process == ST_NO_PROCESS)
    return g_strdup (name);
  /* Several files: "rank 1 / stream 7" reads better than the full title. */
  if (st_trace_get_n_files (job->trace) > 1)
    return g_strdup_printf ("%s / %s", st_trace_get_file (job->trace, t->file)->label, name);
  /* "GPU 1 / stream 7": a device process is told apart by its labels (two
   * ranks' GPUs are both "python3"), else by its title and pid. */
  p = st_trace_get_process (job->trace, t->process);
  if (p->labels != ST_STRING_EMPTY && p->labels != ST_STRING_NONE)
    return g_strdup_printf ("%s / %s", st_trace_get_string (job->trace, p->labels), name);
  process = st_trace_dup_process_title (job->trace, t->process);
  return g_strdup_printf ("%s %s / %s", process, st_trace_get_string (job->trace, p->pid), name);
}

static gboolean
is_engine_track (StSummaryJob *job, guint track)
{
  return job->device_track[track] == ST_SUMMARY_TRACK_GPU
         || job->device_track[track] == ST_SUMMARY_TRACK_ENGINE;
}

static void
add_engines (StSummaryJob *job, EngineAcc *acc, gint64 device_time)
{
  guint    n_tracks = st_trace_get_n_tracks (job->trace), first_process = G_MAXUINT;
  gboolean several = FALSE;
  gint64   total = 0, best = -1;
  guint    n = 0;

  for (guint t = 0; t < n_tracks; t++)
    if (is_engine_track (job, t))
      {
        guint p = st_trace_get_track (job->trace, t)->process;

        if (first_process == G_MAXUINT)
          first_process = p;
        several |= p != first_process;
      }
  for (guint t = 0; t < n_tracks; t++)
    {
      StEngineUsage usage;

      if (!is_engine_track (job, t))
        continue;
      usage.name = engine_name (job, t, several);
      usage.busy_ns = acc[t].busy;
      usage.busy_percent = device_time > 0 ? 100.0 * acc[t].busy / device_time : 0;
      usage.classes = g_array_new (FALSE, FALSE, sizeof (StEngineClass));
      for (guint k = 0; k < N_CLASSES; k++)
        if (acc[t].classes[k] > 0)
          {
            StEngineClass c = { class_name (k, job->neuron), acc[t].classes[k] };

            g_array_append_val (usage.classes, c);
          }
      g_array_append_val (job->summary->engines, usage);
      total += acc[t].busy;
      best = MAX (best, acc[t].busy);
      n++;
    }
  if (n >= 2 && total > 0 && !job->neuron)
    set (job, "busiest_stream_share_percent", 100.0 * best / total);
}

void
st_summary_engines (StSummaryJob *job)
{
  guint                 n_tracks = st_trace_get_n_tracks (job->trace);
  g_autofree EngineAcc *acc = g_new0 (EngineAcc, MAX (1, n_tracks));
  g_autofree guint8    *cache = g_malloc (MAX (1, st_trace_get_n_strings (job->trace)));
  const StMetric       *device_time = st_summary_lookup (job->summary, "device_time_ns");

  if (!job->has_device)
    return;
  memset (cache, 0xff, MAX (1, st_trace_get_n_strings (job->trace)));
  for (guint t = 0; t < n_tracks; t++)
    acc[t].cur_end = G_MININT64;
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);
      EngineAcc           *a = &acc[ev->ref.track];

      if (!is_engine_track (job, ev->ref.track))
        continue;
      a->classes[class_of (job, cache, ev)] += ev->end - ev->start;
      if (ev->start > a->cur_end)
        {
          if (a->cur_end > G_MININT64)
            a->busy += a->cur_end - a->cur_start;
          a->cur_start = ev->start;
          a->cur_end = ev->end;
        }
      else
        a->cur_end = MAX (a->cur_end, ev->end);
    }
  for (guint t = 0; t < n_tracks; t++)
    if (acc[t].cur_end > G_MININT64)
      acc[t].busy += acc[t].cur_end - acc[t].cur_start;
  add_engines (job, acc, device_time->present ? (gint64)device_time->value : 0);
}

/* --- GPU memory breakdown ----------------------------------------------------- */

enum
{
  PART_HTOD,
  PART_DTOH,
  PART_DTOD,
  PART_MEMCPY,
  PART_MEMSET,
  N_PARTS
};

static guint
part_of (const char *name)
{
  if (strstr (name, "HtoD") != NULL)
    return PART_HTOD;
  if (strstr (name, "DtoH") != NULL)
    return PART_DTOH;
  if (strstr (name, "DtoD") != NULL)
    return PART_DTOD;
  return PART_MEMCPY;
}

void
st_summary_memory (StSummaryJob *job)
{
  static const char *const names[N_PARTS] = {
    N_ ("Memcpy HtoD"), N_ ("Memcpy DtoH"), N_ ("Memcpy DtoD"), N_ ("Memcpy"), N_ ("Memset"),
  };
  StMemoryPart parts[N_PARTS] = { 0 };
  guint64      copied = 0, set_bytes = 0;
  guint        copies = 0, memsets = 0, copies_with_bytes = 0, memsets_with_bytes = 0;
  gint64       copy_time;

  if (job->neuron || !job->has_device)
    return;
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);
      const StSlice       *slice;
      guint64              bytes = 0;
      gboolean             has_bytes;
      guint                part;

      if (ev->kind != ST_DEVICE_MEMCPY && ev->kind != ST_DEVICE_MEMSET)
        continue;
      slice = st_trace_get_slice (job->trace, ev->ref);
      has_bytes = st_summary_scan_uint (job->trace, slice->offset, "args", "bytes", &bytes);
      part = ev->kind == ST_DEVICE_MEMSET ? PART_MEMSET
                                          : part_of (st_trace_get_string (job->trace, slice->name));
      parts[part].count++;
      parts[part].bytes += bytes;
      if (ev->kind == ST_DEVICE_MEMSET)
        {
          memsets++;
          set_bytes += bytes;
          memsets_with_bytes += has_bytes;
        }
      else
        {
          copies++;
          copied += bytes;
          copies_with_bytes += has_bytes;
        }
    }
  for (guint p = 0; p < N_PARTS; p++)
    if (parts[p].count > 0)
      {
        parts[p].name = _ (names[p]);
        g_array_append_val (job->summary->memory, parts[p]);
      }
  set (job, "memcpy_count", copies);
  set (job, "memset_count", memsets);
  if (copies_with_bytes > 0)
    {
      set (job, "memcpy_bytes", copied);
      copy_time = st_summary_union (job->device, ST_DEVICE_MASK (ST_DEVICE_MEMCPY), NULL);
      if (copy_time > 0)
        set (job, "memcpy_bandwidth", copied * 1e9 / copy_time);
    }
  if (memsets_with_bytes > 0)
    set (job, "memset_bytes", set_bytes);
}
