/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-engines.c: per engine or stream, its busy time and how it
 * divides among the kinds of work (the Engine / Stream Utilisation chart);
 * the busiest stream's share per device; the GPU memory breakdown; and on a
 * Neuron profile, the profiler's own active time per core.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-summary-private.h"
#include "st-stream-launches.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The chart's classes, in the order of its legend: the compute kinds of
 * docs/metrics.md 1.5 among the other classes of work, then waits. */
enum
{
  CLASS_GEMM,
  CLASS_COLLECTIVE,
  CLASS_MEMCPY,
  CLASS_MEMSET,
  CLASS_ELEMENTWISE,
  CLASS_REDUCE,
  CLASS_ATTENTION,
  CLASS_DMA,
  CLASS_OTHER,
  CLASS_WAIT,
  N_CLASSES
};

static const char *
class_name (guint klass, gboolean neuron)
{
  static const char *const names[N_CLASSES] = {
    N_ ("GEMM"),   N_ ("Collective"), N_ ("Memcpy"), N_ ("Memset"), N_ ("Elementwise"),
    N_ ("Reduce"), N_ ("Attention"),  N_ ("DMA"),    N_ ("Other"),  N_ ("Wait"),
  };

  if (klass == CLASS_OTHER && neuron)
    return _ ("Active");
  return _ (names[klass]);
}

static guint
compute_class (guint kind)
{
  static const guint classes[ST_N_COMPUTE_KINDS] = {
    [ST_COMPUTE_GEMM] = CLASS_GEMM,
    [ST_COMPUTE_ATTENTION] = CLASS_ATTENTION,
    [ST_COMPUTE_ELEMENTWISE] = CLASS_ELEMENTWISE,
    [ST_COMPUTE_REDUCE] = CLASS_REDUCE,
    [ST_COMPUTE_OTHER] = CLASS_OTHER,
  };

  return kind < ST_N_COMPUTE_KINDS ? classes[kind] : CLASS_OTHER;
}

static guint
class_of (const StDeviceEvent *ev, gboolean neuron)
{
  switch (ev->slot)
    {
    case ST_SLOT_COMPUTE: return compute_class (ev->kind);
    case ST_SLOT_COMMUNICATION: return CLASS_COLLECTIVE;
    case ST_SLOT_COPY: return neuron ? CLASS_DMA : CLASS_MEMCPY;
    case ST_SLOT_SET: return CLASS_MEMSET;
    case ST_SLOT_WAIT: return CLASS_WAIT;
    default: return N_CLASSES;
    }
}

typedef struct
{
  gint64 cur_start;
  gint64 cur_end;
  gint64 busy;
  gint64 classes[N_CLASSES];
} EngineAcc;

static char *
engine_name (StSummaryJob *job, guint track, gboolean several_devices)
{
  const StTrack *t = st_trace_get_track (job->trace, track);
  const char    *name = st_trace_get_string (job->trace, t->name);
  gint           device = st_device_work_get_track_device (job->work, track);

  if (!several_devices || device < 0)
    return g_strdup (name);
  /* "GPU 1 / stream 7", "rank 1 / GPU 0 / stream 7" */
  return g_strdup_printf ("%s / %s", st_device_work_get_device (job->work, device)->label, name);
}

static gint64
device_time_of (StSummaryJob *job, guint track)
{
  gint device = st_device_work_get_track_device (job->work, track);

  for (guint i = 0; i < job->summary->devices->len; i++)
    {
      const StDeviceUsage *u = &g_array_index (job->summary->devices, StDeviceUsage, i);

      if (device >= 0 && u->device == (guint)device)
        return u->device_time_ns;
    }
  return 0;
}

static StEngineUsage
engine_usage (StSummaryJob *job, guint track, const EngineAcc *acc, gboolean several)
{
  StEngineUsage usage;
  gint64        device_time = device_time_of (job, track);

  usage.name = engine_name (job, track, several);
  usage.busy_ns = acc->busy;
  usage.busy_percent = device_time > 0 ? 100.0 * acc->busy / device_time : 0;
  usage.classes = g_array_new (FALSE, FALSE, sizeof (StEngineClass));
  for (guint k = 0; k < N_CLASSES; k++)
    if (acc->classes[k] > 0)
      {
        StEngineClass c = { class_name (k, job->neuron), acc->classes[k] };

        g_array_append_val (usage.classes, c);
      }
  return usage;
}

/* docs/metrics.md 2: per device with two or more working streams, the
 * busiest stream's busy time over the sum of its streams'; the largest. */
static void
busiest_stream (StSummaryJob *job, const EngineAcc *acc)
{
  guint  n_devices = st_device_work_get_n_devices (job->work);
  double best_share = -1;

  for (guint d = 0; d < n_devices && !job->neuron; d++)
    {
      const StDevice *device = st_device_work_get_device (job->work, d);
      gint64          total = 0, best = 0;
      guint           working = 0;

      for (guint i = 0; i < device->n_tracks; i++)
        if (acc[device->tracks[i]].busy > 0)
          {
            total += acc[device->tracks[i]].busy;
            best = MAX (best, acc[device->tracks[i]].busy);
            working++;
          }
      if (working >= 2)
        best_share = MAX (best_share, 100.0 * best / total);
    }
  if (best_share >= 0)
    st_summary_set_value (st_summary_lookup_mutable (job->summary, "busiest_stream_share_percent"),
                          best_share);
}

static void
add_engines (StSummaryJob *job, const EngineAcc *acc, const guint8 *seen)
{
  guint    n_tracks = st_trace_get_n_tracks (job->trace);
  gboolean several = st_device_work_get_n_devices (job->work) > 1;

  for (guint t = 0; t < n_tracks; t++)
    if (seen[t])
      {
        StEngineUsage usage = engine_usage (job, t, &acc[t], several);

        g_array_append_val (job->summary->engines, usage);
      }
  busiest_stream (job, acc);
}

static void
account (EngineAcc *a, const StDeviceEvent *ev, gboolean neuron)
{
  guint klass = class_of (ev, neuron);

  if (klass < N_CLASSES)
    a->classes[klass] += ev->end - ev->start;
  if (!(ST_SLOTS_WORK & ST_SLOT_MASK (ev->slot)) || ev->end <= ev->start)
    return;
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

/* The engines and streams: a bar per track that runs device events. */
void
st_summary_engines (StSummaryJob *job)
{
  guint                 n_tracks = st_trace_get_n_tracks (job->trace);
  g_autofree EngineAcc *acc = g_new0 (EngineAcc, MAX (1, n_tracks));
  g_autofree guint8    *seen = g_new0 (guint8, MAX (1, n_tracks));

  if (!job->has_device)
    return;
  for (guint t = 0; t < n_tracks; t++)
    acc[t].cur_end = G_MININT64;
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);

      /* a Neuron profile's DMA queues are not engines */
      if (job->neuron && !ev->kernel)
        continue;
      seen[ev->ref.track] = TRUE;
      account (&acc[ev->ref.track], ev, job->neuron);
    }
  for (guint t = 0; t < n_tracks; t++)
    if (acc[t].cur_end > G_MININT64)
      acc[t].busy += acc[t].cur_end - acc[t].cur_start;
  add_engines (job, acc, seen);
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

typedef struct
{
  StMemoryPart parts[N_PARTS];
  guint64      copied, set_bytes;
  guint        copies, memsets, copies_with_bytes, memsets_with_bytes;
} MemoryAcc;

/* The args.bytes of each copy and memset of the trace, read from the text
 * once and kept with the trace: by slice key (st_summary_slice_key()),
 * G_MAXUINT64 where there is none. */
typedef struct
{
  guint64 *keys;
  guint64 *bytes;
  guint    n;
} Bytes;

static void
bytes_free (gpointer data)
{
  Bytes *b = data;

  g_free (b->keys);
  g_free (b->bytes);
  g_free (b);
}

static gpointer
bytes_new (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork      *work = st_device_work_ensure (trace, cancellable);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  Bytes             *b = g_new0 (Bytes, 1);

  for (guint t = 0; work != NULL && t < st_trace_get_n_tracks (trace); t++)
    {
      const StWorkTag *tags = st_device_work_get_tags (work, t);

      for (guint i = 0; tags != NULL && i < st_trace_get_track (trace, t)->n_slices; i++)
        if (tags[i].klass == ST_CLASS_MEMORY)
          {
            guint64 key = st_summary_slice_key ((StSliceRef){ t, i });

            g_array_append_val (keys, key);
          }
    }
  b->n = keys->len;
  b->keys = (guint64 *)(void *)g_array_free (g_steal_pointer (&keys), FALSE);
  b->bytes = g_new (guint64, MAX (1, b->n));
  for (guint i = 0; i < b->n && !g_cancellable_is_cancelled (cancellable); i++)
    if (!st_summary_scan_slice_uint (trace,
                                     st_trace_get_slice (trace, st_summary_slice_ref (b->keys[i])),
                                     "bytes", &b->bytes[i]))
      b->bytes[i] = G_MAXUINT64;
  if (work == NULL || g_cancellable_is_cancelled (cancellable))
    {
      bytes_free (b);
      return NULL;
    }
  return b;
}

static void
account_memory (StSummaryJob *job, MemoryAcc *m, const Bytes *b, const StDeviceEvent *ev)
{
  const StSlice *slice = st_trace_get_slice (job->trace, ev->ref);
  guint          k = st_summary_find_key (b->keys, b->n, st_summary_slice_key (ev->ref));
  gboolean       has_bytes;
  guint64        bytes;
  guint          part;

  g_assert (k < b->n);
  has_bytes = b->bytes[k] != G_MAXUINT64;
  bytes = has_bytes ? b->bytes[k] : 0;
  part = ev->slot == ST_SLOT_SET ? PART_MEMSET
                                 : part_of (st_trace_get_string (job->trace, slice->name));
  m->parts[part].count++;
  m->parts[part].bytes += bytes;
  m->parts[part].has_bytes |= has_bytes;
  if (ev->slot == ST_SLOT_SET)
    {
      m->memsets++;
      m->set_bytes += bytes;
      m->memsets_with_bytes += has_bytes;
    }
  else
    {
      m->copies++;
      m->copied += bytes;
      m->copies_with_bytes += has_bytes;
    }
}

/* The copy unions of the devices, added up (docs/metrics.md 2). */
static gint64
copy_time (StSummaryJob *job)
{
  const StDeviceEvent *ev = (const StDeviceEvent *)(void *)job->device->data;
  gint64               total = 0;

  for (guint i = 0; i < job->device->len;)
    {
      guint first = i;

      while (i < job->device->len && ev[i].device == ev[first].device)
        i++;
      total += st_summary_union_of (ev + first, i - first, ST_SLOT_MASK (ST_SLOT_COPY), NULL);
    }
  return total;
}

static void
set (StSummaryJob *job, const char *id, double value)
{
  st_summary_set_value (st_summary_lookup_mutable (job->summary, id), value);
}

void
st_summary_memory (StSummaryJob *job)
{
  static const char *const names[N_PARTS] = {
    N_ ("Memcpy HtoD"), N_ ("Memcpy DtoH"), N_ ("Memcpy DtoD"), N_ ("Memcpy"), N_ ("Memset"),
  };
  MemoryAcc m = { 0 };
  Bytes    *b;
  gint64    time;

  if (job->neuron || !job->has_device)
    return;
  b = st_trace_ensure_data (job->trace, "summary-memory-bytes", bytes_new, bytes_free,
                            job->cancellable);
  if (b == NULL)
    return;
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);

      if (ev->slot == ST_SLOT_COPY || ev->slot == ST_SLOT_SET)
        account_memory (job, &m, b, ev);
    }
  for (guint p = 0; p < N_PARTS; p++)
    if (m.parts[p].count > 0)
      {
        m.parts[p].name = _ (names[p]);
        g_array_append_val (job->summary->memory, m.parts[p]);
      }
  set (job, "memcpy_count", m.copies);
  set (job, "memset_count", m.memsets);
  if (m.copies_with_bytes > 0)
    {
      set (job, "memcpy_bytes", m.copied);
      time = copy_time (job);
      if (time > 0)
        set (job, "memcpy_bandwidth", m.copied * 1e9 / time);
    }
  if (m.memsets_with_bytes > 0)
    set (job, "memset_bytes", m.set_bytes);
}

/* --- Neuron: the profiler's own active time ---------------------------------- */

typedef struct
{
  StSummaryJob *job;
  GArray       *spans;
} ActiveCollect;

static void
collect_active (const StSlice *slice, guint index, gpointer data)
{
  ActiveCollect *c = data;
  StSpan span = { MAX (slice->start, c->job->start), MIN (slice->start + slice->dur, c->job->end) };

  if (span.end > span.start)
    g_array_append_val (c->spans, span);
}

/* docs/metrics.md 2.1: the union of a core's active-time rows over its
 * device time. */
static gboolean
core_active (StSummaryJob *job, StDeviceUsage *u, guint process, StStringId active_cat)
{
  const StProcess   *p = st_trace_get_process (job->trace, process);
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (StSpan));
  ActiveCollect      c = { job, spans };

  for (guint t = p->first_track; t < p->first_track + p->n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (job->trace, t);

      if (track->n_slices > 0 && track->slices[0].cat == active_cat)
        st_summary_each_slice (job->trace, t, job->start, job->end, collect_active, &c);
    }
  if (spans->len == 0 || u->device_time_ns <= 0)
    return FALSE;
  u->has_active = TRUE;
  u->active_percent = 100.0 * st_spans_union (spans) / u->device_time_ns;
  return TRUE;
}

void
st_summary_active (StSummaryJob *job)
{
  StStringId active_cat = st_trace_lookup_string (job->trace, "active_time");
  guint      n = 0;
  double     sum = 0;

  if (!job->neuron || active_cat == ST_STRING_NONE)
    return;
  for (guint i = 0; i < job->summary->devices->len; i++)
    {
      StDeviceUsage  *u = &g_array_index (job->summary->devices, StDeviceUsage, i);
      const StDevice *device = st_device_work_get_device (job->work, u->device);

      if (core_active (job, u, device->process, active_cat))
        {
          sum += u->active_percent;
          n++;
        }
    }
  if (n > 0)
    set (job, "device_active_percent", sum / n);
}

char *
st_summary_dup_stream_title (StSummary *self, StTrace *trace, const StStreamUsage *usage)
{
  gboolean one_device = TRUE, one_per_file = TRUE;

  for (guint i = 0; i < st_summary_get_n_streams (self); i++)
    {
      const StStreamUsage *u = st_summary_get_stream (self, i);

      one_device &= u->device == usage->device;
      for (guint j = 0; j < i; j++)
        one_per_file &= st_summary_get_stream (self, j)->file != u->file
                        || st_summary_get_stream (self, j)->device == u->device;
    }
  if (one_device)
    return g_strdup (usage->name);
  if (one_per_file && st_trace_get_n_files (trace) > 1)
    return g_strdup_printf ("%s / %s", st_trace_get_file (trace, usage->file)->label, usage->name);
  return g_strdup (usage->label);
}

GListModel *
st_summary_list_streams (StSummary *self, StTrace *trace)
{
  GListStore           *store = g_list_store_new (ST_TYPE_STREAM_LAUNCHES);
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);
  guint                 n = self != NULL ? st_summary_get_n_streams (self) : 0;

  for (guint i = 0; i < n; i++)
    {
      const StStreamUsage *u = st_summary_get_stream (self, i);
      g_autofree char     *title = NULL;

      if (u->launches == 0)
        continue;
      title = st_summary_dup_stream_title (self, trace, u);
      g_ptr_array_add (objects, st_stream_launches_new (u, title, i));
    }
  g_list_store_splice (store, 0, 0, objects->pdata, objects->len);
  return G_LIST_MODEL (store);
}
