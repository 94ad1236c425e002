/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-memory-timeline.h"
#include "st-event-scan.h"
#include "st-json-scan.h"

#include <stdlib.h>

struct _StMemoryTimeline
{
  GArray *devices; /* StMemoryDevice */
};

/* What a "[memory]" event says (docs/metrics.md 12.1). */
typedef struct
{
  gboolean has_type, has_id, has_bytes, has_allocated, has_reserved;
  gint64   type, id;
  double   bytes, allocated, reserved;
} MemoryArgs;

enum
{
  F_TYPE,
  F_ID,
  F_BYTES,
  F_ALLOCATED,
  F_RESERVED,
  N_FIELDS
};

static gboolean
read_args (StTrace *trace, guint64 offset, MemoryArgs *m)
{
  static const char *const keys[]
      = { "Device Type", "Device Id", "Bytes", "Total Allocated", "Total Reserved", NULL };
  const char *values[N_FIELDS];
  gsize       lengths[N_FIELDS];

  st_event_scan_fields (trace, offset, "args", keys, values, lengths);
#define READ(f, parse, has, out) \
  has = values[f] != NULL && parse (values[f], values[f] + lengths[f], &out)
  READ (F_TYPE, st_json_parse_int64, m->has_type, m->type);
  READ (F_ID, st_json_parse_int64, m->has_id, m->id);
  READ (F_BYTES, st_json_parse_double, m->has_bytes, m->bytes);
  READ (F_ALLOCATED, st_json_parse_double, m->has_allocated, m->allocated);
  READ (F_RESERVED, st_json_parse_double, m->has_reserved, m->reserved);
#undef READ
  return m->has_type && m->has_id;
}

char *
st_memory_device_label (gint64 type, gint64 id)
{
  if (type == 0 || id < 0)
    return g_strdup ("CPU");
  if (type == 1 || type == 6)
    return g_strdup_printf ("GPU %" G_GINT64_FORMAT, id);
  if (type == 12)
    return g_strdup_printf ("XPU %" G_GINT64_FORMAT, id);
  if (type == 19)
    return g_strdup_printf ("MTIA %" G_GINT64_FORMAT, id);
  return g_strdup_printf ("device %" G_GINT64_FORMAT " (type %" G_GINT64_FORMAT ")", id, type);
}

static void
device_clear (gpointer data)
{
  StMemoryDevice *d = data;

  g_free (d->label);
  for (guint s = 0; s < ST_N_MEMORY_SERIES; s++)
    g_clear_pointer (&d->series[s], g_array_unref);
}

static void
timeline_free (gpointer data)
{
  StMemoryTimeline *self = data;

  g_array_unref (self->devices);
  g_free (self);
}

/* The device of an event: the CPU of its process, or (type, id) of its
 * file. The last one found is tried first. */
static StMemoryDevice *
find_device (StMemoryTimeline *self, guint file, const MemoryArgs *m, guint process, guint *last)
{
  gboolean        cpu = m->type == 0 || m->id < 0;
  StMemoryDevice  fresh = { 0 };
  StMemoryDevice *d;

  for (guint k = 0; k <= self->devices->len; k++)
    {
      guint i = k == 0 ? *last : k - 1;

      if (i >= self->devices->len)
        continue;
      d = &g_array_index (self->devices, StMemoryDevice, i);
      if (d->file == file && (cpu ? d->process == process : d->type == m->type && d->id == m->id))
        {
          *last = i;
          return d;
        }
    }
  fresh.file = file;
  fresh.type = cpu ? 0 : m->type;
  fresh.id = cpu ? -1 : m->id;
  fresh.process = cpu ? process : G_MAXUINT;
  for (guint s = 0; s < ST_N_MEMORY_SERIES; s++)
    fresh.series[s] = g_array_new (FALSE, FALSE, sizeof (StMemorySample));
  g_array_append_val (self->devices, fresh);
  *last = self->devices->len - 1;
  return &g_array_index (self->devices, StMemoryDevice, *last);
}

static void
add_event (StMemoryTimeline *self, StTrace *trace, guint track, guint index, guint *last)
{
  const StTrack   *t = st_trace_get_track (trace, track);
  const StInstant *in = &t->instants[index];
  MemoryArgs       m = { 0 };
  StMemoryDevice  *d;
  StMemorySample   sample;

  if (!read_args (trace, in->offset, &m))
    return;
  d = find_device (self, t->file, &m, t->process, last);
  sample.ts = in->ts;
  sample.bytes = m.has_bytes ? m.bytes : 0;
  sample.event = (StEventRef){ track, index, ST_EVENT_INSTANT };
  if (m.has_reserved && d->process == G_MAXUINT)
    {
      sample.value = m.reserved;
      g_array_append_val (d->series[ST_MEMORY_RESERVED], sample);
    }
  if (m.has_allocated)
    {
      sample.value = m.allocated;
      g_array_append_val (d->series[ST_MEMORY_ALLOCATED], sample);
    }
  else if (m.has_bytes)
    {
      sample.value = m.bytes; /* summed once in time order */
      g_array_append_val (d->series[ST_MEMORY_ALLOCATED_CHANGE], sample);
    }
}

/* Time order; events at the same time in the order of the file. */
static int
compare_samples (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const StMemorySample *a = pa, *b = pb;
  StTrace              *trace = data;
  guint64               oa, ob;

  if (a->ts != b->ts)
    return a->ts < b->ts ? -1 : 1;
  oa = st_trace_get_track (trace, a->event.track)->instants[a->event.index].offset;
  ob = st_trace_get_track (trace, b->event.track)->instants[b->event.index].offset;
  return oa < ob ? -1 : oa > ob;
}

static void
finish_series (StMemoryDevice *d, StTrace *trace)
{
  GArray *change = d->series[ST_MEMORY_ALLOCATED_CHANGE];

  for (guint s = 0; s < ST_N_MEMORY_SERIES; s++)
    g_array_sort_with_data (d->series[s], compare_samples, trace);
  for (guint i = 1; i < change->len; i++)
    g_array_index (change, StMemorySample, i).value
        += g_array_index (change, StMemorySample, i - 1).value;
}

static gint64
pid_number (StTrace *trace, guint process)
{
  gint64 v = 0;

  if (process < st_trace_get_n_processes (trace))
    v = g_ascii_strtoll (st_trace_get_string (trace, st_trace_get_process (trace, process)->pid),
                         NULL, 10);
  return v;
}

/* docs/metrics.md 12.1: by file, then GPU-like devices by type and index,
 * then the CPUs by pid. */
static int
compare_devices (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const StMemoryDevice *a = pa, *b = pb;
  gboolean              a_cpu = a->process != G_MAXUINT, b_cpu = b->process != G_MAXUINT;
  gint64                x, y;

  if (a->file != b->file)
    return a->file < b->file ? -1 : 1;
  if (a_cpu != b_cpu)
    return a_cpu ? 1 : -1;
  if (a_cpu)
    {
      x = pid_number (data, a->process);
      y = pid_number (data, b->process);
      return x < y ? -1 : x > y;
    }
  if (a->type != b->type)
    return a->type < b->type ? -1 : 1;
  return a->id < b->id ? -1 : a->id > b->id;
}

static void
label_devices (StMemoryTimeline *self, StTrace *trace)
{
  for (guint i = 0; i < self->devices->len; i++)
    {
      StMemoryDevice  *d = &g_array_index (self->devices, StMemoryDevice, i);
      g_autofree char *base = st_memory_device_label (d->type, d->id);
      guint            cpus_in_file = 0;

      for (guint k = 0; k < self->devices->len; k++)
        {
          const StMemoryDevice *o = &g_array_index (self->devices, StMemoryDevice, k);
          cpus_in_file += o->file == d->file && o->process != G_MAXUINT;
        }
      if (d->process != G_MAXUINT && cpus_in_file > 1)
        {
          g_free (base);
          base = g_strdup_printf ("CPU (pid %" G_GINT64_FORMAT ")", pid_number (trace, d->process));
        }
      d->label = st_trace_get_n_files (trace) > 1
                     ? g_strdup_printf ("%s / %s", st_trace_get_file (trace, d->file)->label, base)
                     : g_steal_pointer (&base);
    }
}

static gpointer
timeline_new (StTrace *trace, GCancellable *cancellable)
{
  StMemoryTimeline *self = g_new0 (StMemoryTimeline, 1);
  StStringId        name = st_trace_lookup_string (trace, "[memory]");
  guint             last = 0, seen = 0;

  self->devices = g_array_new (FALSE, TRUE, sizeof (StMemoryDevice));
  g_array_set_clear_func (self->devices, device_clear);
  for (guint t = 0; name != ST_STRING_NONE && t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_instants; i++)
        {
          if (track->instants[i].name != name)
            continue;
          if (++seen % 4096 == 0 && g_cancellable_is_cancelled (cancellable))
            {
              timeline_free (self);
              return NULL;
            }
          add_event (self, trace, t, i, &last);
        }
    }
  for (guint i = 0; i < self->devices->len; i++)
    finish_series (&g_array_index (self->devices, StMemoryDevice, i), trace);
  g_array_sort_with_data (self->devices, compare_devices, trace);
  label_devices (self, trace);
  return self;
}

StMemoryTimeline *
st_memory_timeline_ensure (StTrace *trace, GCancellable *cancellable)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return st_trace_ensure_data (trace, "memory-timeline", timeline_new, timeline_free, cancellable);
}

guint
st_memory_timeline_get_n_devices (StMemoryTimeline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->devices->len;
}

const StMemoryDevice *
st_memory_timeline_get_device (StMemoryTimeline *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->devices->len, NULL);
  return &g_array_index (self->devices, StMemoryDevice, index);
}
