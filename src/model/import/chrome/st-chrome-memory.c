/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chrome-memory.c: PyTorch's "[memory]" instants as a memory counter
 * track per device (docs/metrics.md 12.2): "Memory · GPU 0" in the GPU's
 * process (Kineto's, whose pid is the device index) with the series
 * Reserved and Allocated, or Allocated change, the running sum of Bytes,
 * where the profiler wrote no totals; "Memory · CPU" in the event's own
 * process. Only "[memory]" instants come here: other traces pay one
 * comparison per instant.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-chrome-importer-private.h"

typedef struct
{
  gboolean has_type, has_id, has_bytes, has_allocated, has_reserved;
  gint64   type, id;
  double   bytes, allocated, reserved;
} MemoryArgs;

enum
{
  RESERVED,
  ALLOCATED,
  ALLOCATED_CHANGE,
};

static const char *const series_names[] = { "Reserved", "Allocated", "Allocated change" };

/* The arg @key names: one of the five read, else -1. */
static int
arg_of (const Tok *key)
{
  static const char *const names[]
      = { "Device Type", "Device Id", "Bytes", "Total Allocated", "Total Reserved" };

  if (key->type != 's')
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (tok_len (key) == strlen (names[i]) && memcmp (key->p, names[i], tok_len (key)) == 0)
      return (int)i;
  return -1;
}

/* Numbers, or numbers written as strings, as the summary reads them. */
static gboolean
number (const Tok *t, double *out)
{
  gint64 v;

  if (t->type != 'n' && t->type != 's')
    return FALSE;
  /* byte counts are integers: read without strtod's general path */
  if (st_json_parse_int64 (t->p, t->e, &v))
    {
      *out = (double)v;
      return TRUE;
    }
  return st_json_parse_double (t->p, t->e, out);
}

static gboolean
integer (const Tok *t, gint64 *out)
{
  return (t->type == 'n' || t->type == 's') && st_json_parse_int64 (t->p, t->e, out);
}

static void
read_args (const Tok *args, MemoryArgs *m)
{
  const char *p = args->p + 1;
  Tok         key, value;

  memset (m, 0, sizeof *m);
  while (st_json_next_member (&p, args->e - 1, &key, &value))
    switch (arg_of (&key))
      {
      case 0: m->has_type = integer (&value, &m->type); break;
      case 1: m->has_id = integer (&value, &m->id); break;
      case 2: m->has_bytes = number (&value, &m->bytes); break;
      case 3: m->has_allocated = number (&value, &m->allocated); break;
      case 4: m->has_reserved = number (&value, &m->reserved); break;
      default: break;
      }
}

static StStringId
intern (Parser *ps, const char *text)
{
  return st_string_table_intern (ps->shard->strings, text, strlen (text));
}

/* The process and the track name of a device's memory; the last device
 * seen is kept, since a profile's events mostly name one. */
static void
device_track (Parser           *ps,
              const MemoryArgs *m,
              StStringId        event_pid,
              StStringId       *pid,
              StStringId       *name)
{
  MemoryCache     *c = &ps->memory;
  g_autofree char *label = NULL, *track = NULL, *index = NULL;
  gboolean         cpu = m->type == 0 || m->id < 0;

  if (c->valid && c->type == m->type && c->id == m->id && (!cpu || c->pid == event_pid))
    {
      *pid = c->pid;
      *name = c->name;
      return;
    }
  if (cpu)
    label = g_strdup ("CPU");
  else if (m->type == 1 || m->type == 6)
    label = g_strdup_printf ("GPU %" G_GINT64_FORMAT, m->id);
  else if (m->type == 12)
    label = g_strdup_printf ("XPU %" G_GINT64_FORMAT, m->id);
  else if (m->type == 19)
    label = g_strdup_printf ("MTIA %" G_GINT64_FORMAT, m->id);
  else
    label = g_strdup_printf ("device %" G_GINT64_FORMAT " (type %" G_GINT64_FORMAT ")", m->id,
                             m->type);
  track = g_strdup_printf ("Memory \302\267 %s", label);
  index = g_strdup_printf ("%" G_GINT64_FORMAT, m->id);
  for (guint i = 0; i < G_N_ELEMENTS (series_names); i++)
    c->series[i] = intern (ps, series_names[i]);
  c->valid = TRUE;
  c->type = m->type;
  c->id = m->id;
  c->pid = cpu ? event_pid : intern (ps, index);
  c->name = intern (ps, track);
  *pid = c->pid;
  *name = c->name;
}

static StRawSeries *
add_sample (Parser *ps, StStringId pid, StStringId name, guint series, gint64 ts, double v)
{
  StRawSeries *s = st_builder_shard_get_series (ps->shard, pid, name, ST_STRING_EMPTY,
                                                ps->memory.series[series]);
  StRawSample *sample = st_vec_push (&s->samples, StRawSample);

  sample->ts = ts;
  sample->value = v;
  s->unit = ST_COUNTER_UNIT_BYTES;
  return s;
}

void
st_chrome_memory_event (Parser *ps, const Ev *ev, StStringId event_pid, gint64 ts)
{
  MemoryArgs m;
  StStringId pid, name;

  if (!HAS (ev, K_ARGS) || ev->tok[K_ARGS].type != '{')
    return;
  read_args (&ev->tok[K_ARGS], &m);
  if (!m.has_type || !m.has_id)
    return;
  device_track (ps, &m, event_pid, &pid, &name);
  /* Reserved first: drawn first, it lies behind what is allocated of it */
  if (m.has_reserved && m.type != 0 && m.id >= 0)
    add_sample (ps, pid, name, RESERVED, ts, m.reserved);
  if (m.has_allocated)
    add_sample (ps, pid, name, ALLOCATED, ts, m.allocated);
  else if (m.has_bytes)
    add_sample (ps, pid, name, ALLOCATED_CHANGE, ts, m.bytes)->cumulative = TRUE;
}
