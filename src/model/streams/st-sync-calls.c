/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sync-calls.h"

#include "st-event-class.h"
#include "st-sort.h"

/* What a name or a category says, docs/metrics.md 10.2. */
enum
{
  NAME_SYNC = 1 << 0,        /* a synchronisation call */
  NAME_WAIT_CALL = 1 << 1,   /* a stream-wait call of the host */
  NAME_WAIT_RECORD = 1 << 2, /* the device side of a stream wait */
  CAT_CUDA_SYNC = 1 << 3,
};

static const char *const wait_names[] = {
  "cudaStreamWaitEvent",
  "cuStreamWaitEvent",
  "hipStreamWaitEvent",
};

/* A synchronisation call: its time and its name. */
typedef struct
{
  gint64     begin;
  gint64     end;
  StStringId name;
} SyncCall;

/* One host thread's synchronisation calls by start, with the largest end
 * so far, so that a call running at a time is found however they nest. */
typedef struct
{
  SyncCall *calls;
  gint64   *max_end;
  guint     n;
} Calls;

/* Times by start. */
typedef struct
{
  gint64 *at;
  guint   n;
} Times;

struct _StSyncCalls
{
  guint     n_tracks;
  Calls    *sync;         /* per host track */
  Times    *wait_calls;   /* per host track */
  Times    *wait_records; /* per device track */
  gboolean *file_records; /* per file: it records the device side */
  guint     n_files;
  guint    *track_file; /* per track */
};

ST_DEFINE_SORT (sort_calls, SyncCall, a->begin < b->begin)
ST_DEFINE_SORT (sort_times, gint64, *a < *b)

static guint8 *
name_flags (StTrace *trace)
{
  guint8            *flags = g_new0 (guint8, MAX (1, st_trace_get_n_strings (trace)));
  guint              n_sync;
  const char *const *sync_names = st_synchronisation_call_names (&n_sync);
  StStringId         id;

  for (guint i = 0; i < n_sync; i++)
    if ((id = st_trace_lookup_string (trace, sync_names[i])) != ST_STRING_NONE)
      flags[id] |= NAME_SYNC;
  for (guint i = 0; i < G_N_ELEMENTS (wait_names); i++)
    if ((id = st_trace_lookup_string (trace, wait_names[i])) != ST_STRING_NONE)
      flags[id] |= NAME_WAIT_CALL;
  if ((id = st_trace_lookup_string (trace, "Stream Wait Event")) != ST_STRING_NONE)
    flags[id] |= NAME_WAIT_RECORD;
  if ((id = st_trace_lookup_string (trace, "cuda_sync")) != ST_STRING_NONE)
    flags[id] |= CAT_CUDA_SYNC;
  return flags;
}

static Times
times_from (GArray *a)
{
  Times t = { NULL, a->len };

  sort_times ((gint64 *)(void *)a->data, a->len, NULL);
  t.at = (gint64 *)(void *)g_array_free (a, a->len == 0);
  return t;
}

static Calls
calls_from (GArray *a)
{
  Calls  c = { NULL, NULL, a->len };
  gint64 max = G_MININT64;

  sort_calls ((SyncCall *)(void *)a->data, a->len, NULL);
  c.calls = (SyncCall *)(void *)g_array_free (a, a->len == 0);
  c.max_end = c.n > 0 ? g_new (gint64, c.n) : NULL;
  for (guint i = 0; i < c.n; i++)
    c.max_end[i] = max = MAX (max, c.calls[i].end);
  return c;
}

/* A host track's calls. */
static void
scan_host (StSyncCalls *self, const StTrack *t, const guint8 *flags, guint track)
{
  g_autoptr (GArray) sync = g_array_new (FALSE, FALSE, sizeof (SyncCall));
  g_autoptr (GArray) waits = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < t->n_slices; i++)
    {
      const StSlice *s = &t->slices[i];

      if (flags[s->name] & NAME_SYNC)
        g_array_append_val (sync, ((SyncCall){ s->start, s->start + s->dur, s->name }));
      else if (flags[s->name] & NAME_WAIT_CALL)
        g_array_append_val (waits, s->start);
    }
  if (sync->len > 0)
    self->sync[track] = calls_from (g_steal_pointer (&sync));
  if (waits->len > 0)
    self->wait_calls[track] = times_from (g_steal_pointer (&waits));
}

/* A device track's stream-wait records, and whether its file records any
 * synchronisation on the device side. */
static void
scan_device (StSyncCalls *self, const StTrack *t, const guint8 *flags, guint track)
{
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < t->n_slices; i++)
    {
      const StSlice *s = &t->slices[i];

      if (!(flags[s->cat] & CAT_CUDA_SYNC))
        continue;
      self->file_records[t->file] = TRUE;
      if (flags[s->name] & NAME_WAIT_RECORD)
        g_array_append_val (records, s->start);
    }
  if (records->len > 0)
    self->wait_records[track] = times_from (g_steal_pointer (&records));
}

StSyncCalls *
st_sync_calls_new (StTrace *trace, StDeviceWork *work, GCancellable *cancellable)
{
  StSyncCalls       *self = g_new0 (StSyncCalls, 1);
  g_autofree guint8 *flags = name_flags (trace);
  StLaunchIndex     *launches = st_device_work_get_launches (work);
  guint              n_launches;

  self->n_tracks = st_trace_get_n_tracks (trace);
  self->n_files = MAX (1, st_trace_get_n_files (trace));
  self->sync = g_new0 (Calls, MAX (1, self->n_tracks));
  self->wait_calls = g_new0 (Times, MAX (1, self->n_tracks));
  self->wait_records = g_new0 (Times, MAX (1, self->n_tracks));
  self->file_records = g_new0 (gboolean, self->n_files);
  self->track_file = g_new0 (guint, MAX (1, self->n_tracks));
  for (guint i = 0; i < self->n_tracks && !g_cancellable_is_cancelled (cancellable); i++)
    {
      const StTrack *t = st_trace_get_track (trace, i);

      self->track_file[i] = t->file;
      if (t->kind != ST_TRACK_SLICES)
        continue;
      if (st_device_work_get_track_device (work, i) >= 0)
        scan_device (self, t, flags, i);
      /* only a thread that launches work can hold up a stream */
      else if (st_launch_index_get_launches (launches, i, &n_launches) != NULL)
        scan_host (self, t, flags, i);
    }
  return self;
}

void
st_sync_calls_free (StSyncCalls *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_tracks; i++)
    {
      g_free (self->sync[i].calls);
      g_free (self->sync[i].max_end);
      g_free (self->wait_calls[i].at);
      g_free (self->wait_records[i].at);
    }
  g_free (self->sync);
  g_free (self->wait_calls);
  g_free (self->wait_records);
  g_free (self->file_records);
  g_free (self->track_file);
  g_free (self);
}

/* The first of @n sorted @at after @t. */
static guint
first_after (const gint64 *at, guint n, gint64 t)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (at[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

gboolean
st_sync_calls_blocked (StSyncCalls *self, guint track, gint64 t0, gint64 before)
{
  const Calls *c;
  guint        lo = 0, hi;

  if (track >= self->n_tracks)
    return FALSE;
  c = &self->sync[track];
  hi = c->n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->calls[mid].begin <= t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  /* the calls starting at or before t0, the latest first, while one of
   * them or an earlier one may still run at t0 */
  for (guint i = lo; i > 0 && c->max_end[i - 1] > t0; i--)
    if (c->calls[i - 1].end > t0 && c->calls[i - 1].end <= before)
      return TRUE;
  return FALSE;
}

gint64
st_sync_calls_covered (StSyncCalls *self, guint track, gint64 t0, gint64 t1)
{
  const Calls *c;
  guint        lo = 0, hi;
  gint64       sum = 0, reached = t0;

  if (track >= self->n_tracks)
    return 0;
  c = &self->sync[track];
  hi = c->n;
  /* the first call that may reach past t0: the ends' running maximum is
   * in order */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->max_end[mid] <= t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < c->n && c->calls[i].begin < t1; i++)
    {
      gint64 a = MAX (c->calls[i].begin, reached), b = MIN (c->calls[i].end, t1);

      if (b > a)
        {
          sum += b - a;
          reached = b;
        }
    }
  return sum;
}

StStringId
st_sync_calls_longest (StSyncCalls *self, guint track, gint64 t0, gint64 t1)
{
  const Calls *c;
  guint        lo = 0, hi;
  gint64       best = 0;
  StStringId   name = ST_STRING_NONE;

  if (track >= self->n_tracks)
    return ST_STRING_NONE;
  c = &self->sync[track];
  hi = c->n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->max_end[mid] <= t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < c->n && c->calls[i].begin < t1; i++)
    {
      gint64 overlap = MIN (c->calls[i].end, t1) - MAX (c->calls[i].begin, t0);

      if (overlap > best)
        {
          best = overlap;
          name = c->calls[i].name;
        }
    }
  return name;
}

/* Whether a time of @t lies in (after, until]: the first after @after
 * is by @until. */
static gboolean
times_within (const Times *t, gint64 after, gint64 until)
{
  guint i = first_after (t->at, t->n, after);

  return i < t->n && t->at[i] <= until;
}

gboolean
st_sync_calls_waited (StSyncCalls *self, guint stream, guint host, gint64 after, gint64 until)
{
  if (stream >= self->n_tracks || host >= self->n_tracks)
    return FALSE;
  if (self->file_records[self->track_file[stream]])
    return times_within (&self->wait_records[stream], after, until);
  return times_within (&self->wait_calls[host], after, until);
}
