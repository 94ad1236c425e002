/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-device-work.h"
#include "st-event-scan.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* A collective host op of a host track, for finding the ops around a
 * launch call by time. */
typedef struct
{
  gint64 start;
  gint64 end;
  guint  index;
} HostOp;

ST_DEFINE_SORT (sort_host_ops, HostOp, a->start != b->start ? a->start < b->start : a->end > b->end)
/* How many of the ops start at or before a time, searched on from a place
 * (st-sort.h): the ops after them cannot hold a call that starts then. */
ST_DEFINE_SEARCH_FROM (ops_up_to, HostOp, gint64, e->start <= value)

typedef struct
{
  HostOp *ops;     /* by start */
  gint64 *max_end; /* the largest end of ops[0..i] */
  guint   n;
} HostOps;

/* Which tracks are a device's and the devices: kept with the trace apart
 * from the rest, since the window asks for them as it opens a profile,
 * on its main thread, and they take a pass over the categories only. */
typedef struct
{
  StEventClassifier *classes;
  guint              n_tracks;
  guint8            *device_track; /* per track: TRUE for a device's */
  gint              *track_device; /* per track: its device, or -1 */
  GArray            *devices;      /* StDevice */
} Devices;

struct _StDeviceWork
{
  StTrace           *trace;
  Devices           *devices;
  StEventClassifier *classes; /* the devices' */
  StLaunchIndex     *launches;
  guint              n_tracks;
  StWorkTag        **tags;     /* per device track: a tag per slice */
  HostOps           *host_ops; /* per host track */
};

/* Asked on the window's main thread as a profile opens, of every slice of
 * the host tracks: a slice of the category of the one before is not asked
 * about again (a track's slices come in runs of a category). */
static gboolean
has_device_events (StEventClassifier *classes, const StTrack *track)
{
  for (guint i = 0; i < track->n_slices; i++)
    if ((i == 0 || track->slices[i].cat != track->slices[i - 1].cat)
        && st_event_classifier_device_kind (classes, &track->slices[i]) != ST_DEVICE_EVENT_NONE)
      return TRUE;
  return FALSE;
}

/* docs/metrics.md 1.1: a track with a device event. */
static void
find_device_tracks (Devices *self, StTrace *trace)
{
  for (guint t = 0; t < self->n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      self->device_track[t]
          = track->kind == ST_TRACK_SLICES && has_device_events (self->classes, track);
    }
}

/* docs/metrics.md 1.1: the process's labels, else its name and pid, with
 * the file's rank before it when the profile has several. */
static char *
device_label (StTrace *trace, guint process)
{
  const StProcess *p = st_trace_get_process (trace, process);
  const char      *labels = st_trace_get_string (trace, p->labels);
  const char      *name = st_trace_get_string (trace, p->name);
  const char      *pid = st_trace_get_string (trace, p->pid);
  g_autofree char *own = NULL;

  if (*labels != '\0')
    own = g_strdup (labels);
  else if (*name != '\0')
    own = g_strdup_printf ("%s (pid %s)", name, pid);
  else
    own = g_strdup_printf ("pid %s", pid);
  if (st_trace_get_n_files (trace) > 1)
    return g_strdup_printf ("%s / %s", st_trace_get_file (trace, p->file)->label, own);
  return g_steal_pointer (&own);
}

static void
device_clear (gpointer data)
{
  StDevice *d = data;

  g_free (d->label);
  g_free (d->tracks);
}

/* A device per process with a device track, in process order. */
static void
find_devices (Devices *self, StTrace *trace)
{
  guint n_processes = st_trace_get_n_processes (trace);

  for (guint p = 0; p < n_processes; p++)
    {
      const StProcess   *process = st_trace_get_process (trace, p);
      g_autoptr (GArray) tracks = g_array_new (FALSE, FALSE, sizeof (guint));
      StDevice           device = { 0 };

      for (guint t = process->first_track; t < process->first_track + process->n_tracks; t++)
        if (self->device_track[t])
          g_array_append_val (tracks, t);
      if (tracks->len == 0)
        continue;
      device.process = p;
      device.file = process->file;
      device.label = device_label (trace, p);
      device.n_tracks = tracks->len;
      device.tracks = (guint *)(void *)g_array_free (g_steal_pointer (&tracks), FALSE);
      for (guint i = 0; i < device.n_tracks; i++)
        self->track_device[device.tracks[i]] = self->devices->len;
      g_array_append_val (self->devices, device);
    }
}

/* Each host track's collective host ops (1.4), by start. */
static void
find_host_ops (StDeviceWork *self, GCancellable *cancellable)
{
  for (guint t = 0; t < self->n_tracks && !g_cancellable_is_cancelled (cancellable); t++)
    {
      const StTrack     *track = st_trace_get_track (self->trace, t);
      g_autoptr (GArray) ops = NULL;
      HostOps           *h = &self->host_ops[t];

      if (self->devices->device_track[t] || track->n_slices == 0)
        continue;
      ops = g_array_new (FALSE, FALSE, sizeof (HostOp));
      for (guint i = 0; i < track->n_slices; i++)
        if (st_event_classifier_is_host_collective (self->classes, &track->slices[i]))
          {
            HostOp op
                = { track->slices[i].start, track->slices[i].start + track->slices[i].dur, i };

            g_array_append_val (ops, op);
          }
      if (ops->len == 0)
        continue;
      h->n = ops->len;
      h->ops = (HostOp *)(void *)g_array_free (g_steal_pointer (&ops), FALSE);
      sort_host_ops (h->ops, h->n, NULL);
      h->max_end = g_new (gint64, h->n);
      for (guint i = 0; i < h->n; i++)
        h->max_end[i] = MAX (h->ops[i].end, i > 0 ? h->max_end[i - 1] : G_MININT64);
    }
}

/* The innermost collective host op of @track around [start, end], or
 * G_MAXUINT: the one that starts last among those that hold it. @hint,
 * when not NULL, is where the last search of the same ops ended: the
 * launches of one stream come in order. */
static guint
innermost_op (const HostOps *h, gint64 start, gint64 end, guint *hint)
{
  guint lo = ops_up_to (h->ops, h->n, hint != NULL ? *hint : 0, start);

  if (hint != NULL)
    *hint = lo;

  while (lo-- > 0 && h->max_end[lo] >= end)
    if (h->ops[lo].end >= end)
      return h->ops[lo].index;
  return G_MAXUINT;
}

StCollectiveType
st_device_work_get_op_type (StDeviceWork *self, const StSlice *op)
{
  StCollectiveType type = st_event_classifier_collective (self->classes, op->name);
  const char      *value;
  gsize            length;

  if (type == ST_COLLECTIVE_OTHER
      && st_event_scan_slice_arg (self->trace, op, "Collective name", &value, &length))
    {
      g_autofree char *name = g_strndup (value, length);

      type = st_collective_type_for_name (name);
    }
  return type;
}

gboolean
st_device_work_get_collective_site (StDeviceWork     *self,
                                    StSliceRef        device,
                                    StSliceRef       *site,
                                    StCollectiveType *type)
{
  StSliceRef     launch;
  const HostOps *h;
  gint64         start, end;
  gboolean       found = FALSE;

  *type = ST_COLLECTIVE_OTHER;
  if (!st_launch_index_get_launch (self->launches, device, &launch, &start, &end)
      || self->host_ops[launch.track].n == 0)
    return FALSE;
  h = &self->host_ops[launch.track];
  /* the ops that start at or before the call, the latest first: those
   * that hold it, from the innermost out */
  for (guint lo = ops_up_to (h->ops, h->n, 0, start); lo-- > 0;)
    {
      StSliceRef op = { launch.track, h->ops[lo].index };

      if (h->ops[lo].end < end)
        {
          if (h->max_end[lo] < end)
            break;
          continue;
        }
      if (!found)
        *site = op;
      found = TRUE;
      *type = st_device_work_get_op_type (self, st_trace_get_slice (self->trace, op));
      if (*type != ST_COLLECTIVE_OTHER)
        {
          *site = op;
          break;
        }
    }
  return found;
}

/* st_device_work_get_host_op () with a hint per host track (see
 * innermost_op ()), or NULL. */
static gboolean
host_op_near (StDeviceWork *self, StSliceRef device, StSliceRef *op, guint *hints)
{
  StSliceRef launch;
  gint64     start, end;
  guint      index;

  if (!st_launch_index_get_launch (self->launches, device, &launch, &start, &end)
      || self->host_ops[launch.track].n == 0)
    return FALSE;
  index = innermost_op (&self->host_ops[launch.track], start, end,
                        hints != NULL ? &hints[launch.track] : NULL);
  if (index == G_MAXUINT)
    return FALSE;
  *op = (StSliceRef){ launch.track, index };
  return TRUE;
}

gboolean
st_device_work_get_host_op (StDeviceWork *self, StSliceRef device, StSliceRef *op)
{
  return host_op_near (self, device, op, NULL);
}

guint64
st_device_work_read_collective_size (StDeviceWork *self,
                                     StSliceRef    device,
                                     StSliceRef   *op,
                                     gboolean     *has_op)
{
  guint64 size = st_collective_read_size (self->trace, st_trace_get_slice (self->trace, device));

  *has_op = FALSE;
  if (size == 0 && st_device_work_get_host_op (self, device, op))
    {
      *has_op = TRUE;
      size = st_collective_read_size (self->trace, st_trace_get_slice (self->trace, *op));
    }
  return size;
}

/* The type of a communication event (1.6): the one its host ops name,
 * else its own name's, else an MoE kernel's all-to-all. */
static guint8
communication_type (StDeviceWork *self, StSliceRef ref, const StSlice *slice, guint flags)
{
  StCollectiveType type = ST_COLLECTIVE_OTHER;
  StSliceRef       op;

  st_device_work_get_collective_site (self, ref, &op, &type);
  if (type == ST_COLLECTIVE_OTHER)
    type = st_event_classifier_collective (self->classes, slice->name);
  if (type == ST_COLLECTIVE_OTHER && (flags & ST_NAME_MOE))
    type = ST_COLLECTIVE_ALLTOALL;
  return g_bit_nth_lsf (type, -1);
}

static StWorkTag
compute_tag (StDeviceWork *self, const StTrack *track, const StSlice *slice, StDeviceEventKind kind)
{
  const char *engine = st_trace_get_string (self->trace, track->name);

  /* a Neuron instruction of the tensor engine is a matrix multiply */
  if (kind == ST_DEVICE_EVENT_INSTRUCTION && g_str_has_prefix (engine, "Tensor"))
    return (StWorkTag){ ST_CLASS_COMPUTE, ST_COMPUTE_GEMM };
  return (StWorkTag){ ST_CLASS_COMPUTE,
                      st_event_classifier_compute_kind (self->classes, slice->name) };
}

/* docs/metrics.md 1.2, rule by rule; @hints as host_op_near ()'s. */
static StWorkTag
classify (StDeviceWork *self, const StTrack *track, StSliceRef ref, guint *hints)
{
  const StSlice    *slice = &track->slices[ref.index];
  StDeviceEventKind kind = st_event_classifier_device_kind (self->classes, slice);
  guint             flags = st_event_classifier_name_flags (self->classes, slice->name);
  gboolean          kernel_like = kind == ST_DEVICE_EVENT_KERNEL || kind == ST_DEVICE_EVENT_MTIA;
  StSliceRef        op;

  if (kind == ST_DEVICE_EVENT_NONE)
    return (StWorkTag){ ST_CLASS_NONE, 0 };
  if (kind == ST_DEVICE_EVENT_CC_TRANSFER
      || (kind == ST_DEVICE_EVENT_INSTRUCTION && (flags & ST_NAME_NEURON_COLLECTIVE))
      || (kernel_like && (flags & ST_NAME_COMM_KERNEL)))
    return (StWorkTag){ ST_CLASS_COMMUNICATION, communication_type (self, ref, slice, flags) };
  if ((kernel_like || kind == ST_DEVICE_EVENT_INSTRUCTION) && (flags & ST_NAME_WAIT))
    return (StWorkTag){ ST_CLASS_WAIT, 0 };
  if (kind == ST_DEVICE_EVENT_MTIA && (flags & ST_NAME_RECORD))
    return (StWorkTag){ ST_CLASS_OTHER, 0 };
  if (kernel_like && host_op_near (self, ref, &op, hints))
    return (StWorkTag){ ST_CLASS_COMMUNICATION, communication_type (self, ref, slice, flags) };
  if (kind == ST_DEVICE_EVENT_COPY || kind == ST_DEVICE_EVENT_TRANSFER
      || (kind == ST_DEVICE_EVENT_MTIA && (flags & ST_NAME_DMA)))
    return (StWorkTag){ ST_CLASS_MEMORY, ST_MEMORY_COPY };
  if (kind == ST_DEVICE_EVENT_SET)
    return (StWorkTag){ ST_CLASS_MEMORY, ST_MEMORY_SET };
  return compute_tag (self, track, slice, kind);
}

/* A track's slices by start: the launches of its kernels come in order
 * on each host track, so each host track's ops are searched on from the
 * last answer. */
static void
classify_all (StDeviceWork *self, GCancellable *cancellable)
{
  g_autofree guint *hints = g_new (guint, MAX (1, self->n_tracks));

  for (guint t = 0; t < self->n_tracks && !g_cancellable_is_cancelled (cancellable); t++)
    {
      const StTrack *track = st_trace_get_track (self->trace, t);

      if (!self->devices->device_track[t])
        continue;
      memset (hints, 0, MAX (1, self->n_tracks) * sizeof (guint));
      self->tags[t] = g_new0 (StWorkTag, MAX (1, track->n_slices));
      for (guint i = 0; i < track->n_slices; i++)
        self->tags[t][i] = classify (self, track, (StSliceRef){ t, i }, hints);
    }
}

static void
device_work_free (gpointer data)
{
  StDeviceWork *self = data;

  for (guint t = 0; t < self->n_tracks; t++)
    {
      g_free (self->tags[t]);
      g_free (self->host_ops[t].ops);
      g_free (self->host_ops[t].max_end);
    }
  g_free (self->tags);
  g_free (self->host_ops);
  st_launch_index_free (self->launches);
  g_free (self);
}

static void
devices_free (gpointer data)
{
  Devices *self = data;

  g_free (self->device_track);
  g_free (self->track_device);
  g_array_unref (self->devices);
  st_event_classifier_free (self->classes);
  g_free (self);
}

static gpointer
devices_new (StTrace *trace, GCancellable *cancellable)
{
  Devices *self = g_new0 (Devices, 1);

  self->classes = st_event_classifier_new (trace);
  self->n_tracks = st_trace_get_n_tracks (trace);
  self->device_track = g_new0 (guint8, MAX (1, self->n_tracks));
  self->track_device = g_new (gint, MAX (1, self->n_tracks));
  for (guint t = 0; t < self->n_tracks; t++)
    self->track_device[t] = -1;
  self->devices = g_array_new (FALSE, TRUE, sizeof (StDevice));
  g_array_set_clear_func (self->devices, device_clear);
  find_device_tracks (self, trace);
  find_devices (self, trace);
  return self;
}

static Devices *
devices_ensure (StTrace *trace, GCancellable *cancellable)
{
  return st_trace_ensure_data (trace, "device-tracks", devices_new, devices_free, cancellable);
}

/* The launch index, made beside the host ops: neither reads the other,
 * and every part of a large profile's first summary waits for both. */
typedef struct
{
  StTrace       *trace;
  Devices       *devices;
  GCancellable  *cancellable;
  StLaunchIndex *launches;
} LaunchJob;

#define LAUNCHES_THREAD_MIN_SLICES 65536

static gpointer
launches_thread (gpointer data)
{
  LaunchJob *job = data;

  job->launches = st_launch_index_new (job->trace, job->devices->classes,
                                       job->devices->device_track, job->cancellable);
  return NULL;
}

static gpointer
device_work_new (StTrace *trace, GCancellable *cancellable)
{
  Devices      *devices = devices_ensure (trace, cancellable);
  StDeviceWork *self;
  LaunchJob     job = { trace, devices, cancellable, NULL };
  GThread      *thread = NULL;
  guint64       n_slices = 0;

  if (devices == NULL)
    return NULL;
  self = g_new0 (StDeviceWork, 1);
  self->trace = trace; /* kept with it: no reference, or neither would go */
  self->devices = devices;
  self->classes = devices->classes;
  self->n_tracks = devices->n_tracks;
  self->tags = g_new0 (StWorkTag *, MAX (1, self->n_tracks));
  self->host_ops = g_new0 (HostOps, MAX (1, self->n_tracks));
  for (guint t = 0; t < self->n_tracks; t++)
    n_slices += st_trace_get_track (trace, t)->n_slices;
  if (n_slices >= LAUNCHES_THREAD_MIN_SLICES)
    thread = g_thread_new ("strata-launches", launches_thread, &job);
  else
    launches_thread (&job);
  find_host_ops (self, cancellable);
  if (thread != NULL)
    g_thread_join (thread);
  self->launches = job.launches;
  classify_all (self, cancellable);
  if (g_cancellable_is_cancelled (cancellable))
    {
      device_work_free (self);
      return NULL;
    }
  return self;
}

StDeviceWork *
st_device_work_get (StTrace *trace)
{
  return st_device_work_ensure (trace, NULL);
}

StDeviceWork *
st_device_work_ensure (StTrace *trace, GCancellable *cancellable)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return st_trace_ensure_data (trace, "device-work", device_work_new, device_work_free,
                               cancellable);
}

guint
st_device_work_count_devices (StTrace *trace)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), 0);
  return devices_ensure (trace, NULL)->devices->len;
}

const guint8 *
st_device_work_get_device_tracks (StTrace *trace, GCancellable *cancellable)
{
  Devices *devices;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  devices = devices_ensure (trace, cancellable);
  return devices != NULL ? devices->device_track : NULL;
}

guint
st_device_work_get_n_devices (StDeviceWork *self)
{
  return self->devices->devices->len;
}

const StDevice *
st_device_work_get_device (StDeviceWork *self, guint index)
{
  g_return_val_if_fail (index < self->devices->devices->len, NULL);
  return &g_array_index (self->devices->devices, StDevice, index);
}

gint
st_device_work_get_track_device (StDeviceWork *self, guint track)
{
  return track < self->n_tracks ? self->devices->track_device[track] : -1;
}

const StWorkTag *
st_device_work_get_tags (StDeviceWork *self, guint track)
{
  return track < self->n_tracks ? self->tags[track] : NULL;
}

StWorkTag
st_device_work_get_tag (StDeviceWork *self, StSliceRef ref)
{
  if (ref.track >= self->n_tracks || self->tags[ref.track] == NULL)
    return (StWorkTag){ ST_CLASS_NONE, 0 };
  return self->tags[ref.track][ref.index];
}

StEventClassifier *
st_device_work_get_classifier (StDeviceWork *self)
{
  return self->classes;
}

StLaunchIndex *
st_device_work_get_launches (StDeviceWork *self)
{
  return self->launches;
}

StKernelClass
st_work_tag_get_kernel_class (StWorkTag tag)
{
  static const StKernelClass compute[ST_N_COMPUTE_KINDS] = {
    [ST_COMPUTE_GEMM] = ST_KERNEL_CLASS_GEMM,
    [ST_COMPUTE_ATTENTION] = ST_KERNEL_CLASS_ATTENTION,
    [ST_COMPUTE_ELEMENTWISE] = ST_KERNEL_CLASS_ELEMENTWISE,
    [ST_COMPUTE_REDUCE] = ST_KERNEL_CLASS_REDUCE,
    [ST_COMPUTE_OTHER] = ST_KERNEL_CLASS_OTHER,
  };

  switch (tag.klass)
    {
    case ST_CLASS_COMPUTE:
      return tag.kind < ST_N_COMPUTE_KINDS ? compute[tag.kind] : ST_KERNEL_CLASS_OTHER;
    case ST_CLASS_COMMUNICATION: return ST_KERNEL_CLASS_COMMUNICATION;
    case ST_CLASS_MEMORY: return ST_KERNEL_CLASS_MEMORY;
    default: return ST_KERNEL_CLASS_OTHER;
    }
}

const char *
st_kernel_class_to_string (StKernelClass klass)
{
  static const char *const ids[ST_N_KERNEL_CLASSES] = {
    "gemm", "attention", "elementwise", "reduce", "communication", "memory", "other",
  };

  g_return_val_if_fail ((guint)klass < ST_N_KERNEL_CLASSES, NULL);
  return ids[klass];
}

const char *
st_kernel_class_get_label (StKernelClass klass)
{
  static const char *const labels[ST_N_KERNEL_CLASSES] = {
    N_ ("GEMM"),          N_ ("Attention"), N_ ("Elementwise"), N_ ("Reduce, norm, softmax"),
    N_ ("Communication"), N_ ("Memory"),    N_ ("Other"),
  };

  g_return_val_if_fail ((guint)klass < ST_N_KERNEL_CLASSES, NULL);
  return labels[klass];
}
