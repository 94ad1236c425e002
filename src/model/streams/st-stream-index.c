/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-stream-index.h"
#include "st-select.h"
#include "st-sort.h"
#include "st-sync-calls.h"

#include <string.h>

#define NO_LAUNCH G_MAXINT64

/* One device event of a stream while the index is made. */
typedef struct
{
  gint64 start;
  gint64 end;
  gint64 launch; /* its launch call's start, NO_LAUNCH without one */
  guint  host;   /* its launch call's track */
} Event;

/* A launch, by the start of what it launched. */
typedef struct
{
  gint64 start;
  gint64 delay;
} Launch;

typedef struct
{
  StStream    stream;
  StTimeSpan *runs;  /* by start, disjoint */
  guint8     *kinds; /* StGapKind of the gap after each run but the last */
  guint       n_runs;
  Launch     *launches;
  guint       n_launches;
  gint64      all_delays[4]; /* p50, p90, p99, max of every launch: the whole profile's */
} Stream;

struct _StStreamIndex
{
  GArray      *streams; /* Stream */
  gboolean     has_launches;
  guint       *stream_of_track; /* per track: its stream, or G_MAXUINT */
  guint        n_tracks;
  StSyncCalls *sync; /* what the gaps were told from, kept for the diagnosis */
};

/* By start; of those starting together, the one whose launch call started
 * first (docs/metrics.md 10.1: the next event of a gap). */
ST_DEFINE_SORT (sort_events,
                Event,
                a->start != b->start ? a->start < b->start : a->launch < b->launch)

const char *
st_gap_kind_to_string (StGapKind kind)
{
  static const char *const names[] = { "host_wait", "stream_wait", "other" };

  return (guint)kind < ST_N_GAP_KINDS ? names[kind] : "other";
}

/* --- making ------------------------------------------------------------------ */

typedef struct
{
  StTrace      *trace;
  StDeviceWork *work;
  StSyncCalls  *sync;
} Maker;

/* The device events of @track with their launch calls. */
static GArray *
collect_events (Maker *m, guint track)
{
  const StTrack   *t = st_trace_get_track (m->trace, track);
  const StWorkTag *tags = st_device_work_get_tags (m->work, track);
  StLaunchIndex   *launches = st_device_work_get_launches (m->work);
  GArray          *events = g_array_sized_new (FALSE, FALSE, sizeof (Event), t->n_slices);
  Event           *out;
  guint            n = 0;

  /* written in place, not appended one by one: a call for each of millions */
  g_array_set_size (events, t->n_slices);
  out = (Event *)(void *)events->data;
  for (guint i = 0; tags != NULL && i < t->n_slices; i++)
    {
      const StSlice *s = &t->slices[i];
      StSliceRef     host;
      Event          ev = { s->start, s->start + s->dur, NO_LAUNCH, 0 };

      if (tags[i].klass == ST_CLASS_NONE)
        continue;
      if (st_launch_index_get_launch (launches, (StSliceRef){ track, i }, &host, &ev.launch, NULL))
        ev.host = host.track;
      out[n++] = ev;
    }
  g_array_set_size (events, n);
  sort_events (out, n, NULL);
  return events;
}

/* docs/metrics.md 10.2: the kind of the gap [t0, next->start) of @track,
 * whose previous run's launch calls started at the latest at @p. */
static StGapKind
gap_kind (Maker *m, guint track, gint64 t0, const Event *next, gint64 p)
{
  if (next->launch == NO_LAUNCH)
    return ST_GAP_OTHER;
  if (next->launch >= t0)
    return st_sync_calls_blocked (m->sync, next->host, t0, next->launch) ? ST_GAP_STREAM_WAIT
                                                                         : ST_GAP_HOST_WAIT;
  if (p != G_MININT64 && st_sync_calls_waited (m->sync, track, next->host, p, next->launch))
    return ST_GAP_STREAM_WAIT;
  return ST_GAP_OTHER;
}

/* The runs of the events of positive duration and the kinds of the gaps
 * between them. */
static void
make_runs (Maker *m, Stream *s, const Event *ev, guint n)
{
  /* at most a run per event, a gap between two: written in place */
  StTimeSpan *runs = g_new (StTimeSpan, MAX (1, n));
  guint8     *kinds = g_new (guint8, MAX (1, n));
  guint       n_runs = 0;
  gint64      p = G_MININT64; /* the current run's latest launch */

  for (guint i = 0; i < n; i++)
    {
      StTimeSpan *last = n_runs > 0 ? &runs[n_runs - 1] : NULL;

      if (ev[i].end <= ev[i].start)
        continue;
      if (last != NULL && ev[i].start <= last->end)
        last->end = MAX (last->end, ev[i].end);
      else
        {
          if (last != NULL)
            kinds[n_runs - 1] = gap_kind (m, s->stream.track, last->end, &ev[i], p);
          runs[n_runs++] = (StTimeSpan){ ev[i].start, ev[i].end };
          p = G_MININT64;
        }
      if (ev[i].launch != NO_LAUNCH)
        p = MAX (p, ev[i].launch);
    }
  s->n_runs = n_runs;
  s->runs = g_renew (StTimeSpan, runs, MAX (1, n_runs));
  s->kinds = g_renew (guint8, kinds, MAX (1, n_runs));
}

/* The 1-based rank ⌈p/100 × n⌉ of the nearest-rank percentile p. */
static guint
nearest_rank (guint n, guint p)
{
  return MAX ((guint)(((guint64)p * n + 99) / 100), 1);
}

gint64
st_stream_index_percentile (const gint64 *values, guint n, guint p)
{
  g_return_val_if_fail (n > 0 && p > 0 && p <= 100, 0);
  return values[nearest_rank (n, p) - 1];
}

/* 10.3: the percentiles and the largest of @n @delays, which it reorders:
 * p50, p90, p99, max. */
static void
delay_stats (gint64 *delays, guint n, gint64 *out)
{
  guint k99 = nearest_rank (n, 99) - 1, k90 = nearest_rank (n, 90) - 1,
        k50 = nearest_rank (n, 50) - 1;

  out[3] = G_MININT64;
  for (guint i = 0; i < n; i++)
    out[3] = MAX (out[3], delays[i]);
  /* the largest rank first: each selection leaves the smaller values
   * before its place, where the next one looks */
  out[2] = st_select_kth (delays, n, k99);
  out[1] = st_select_kth (delays, k99 + 1, k90);
  out[0] = st_select_kth (delays, k90 + 1, k50);
}

static void
make_launches (Stream *s, const Event *ev, guint n)
{
  guint k = 0;

  s->launches = g_new (Launch, MAX (1, n));
  for (guint i = 0; i < n; i++)
    if (ev[i].launch != NO_LAUNCH)
      s->launches[k++] = (Launch){ ev[i].start, ev[i].start - ev[i].launch };
  /* by start, as the events are */
  s->n_launches = k;
  if (k > 0)
    {
      g_autofree gint64 *delays = g_new (gint64, k);

      for (guint i = 0; i < k; i++)
        delays[i] = s->launches[i].delay;
      delay_stats (delays, k, s->all_delays);
    }
}

/* 10.1: the track's name without spaces at its ends. */
static char *
stream_name (StTrace *trace, guint track)
{
  g_autofree char *name
      = g_strdup (st_trace_get_string (trace, st_trace_get_track (trace, track)->name));

  return g_strdup (g_strstrip (name));
}

static void
stream_clear (gpointer data)
{
  Stream *s = data;

  g_free (s->stream.label);
  g_free (s->stream.name);
  g_free (s->runs);
  g_free (s->kinds);
  g_free (s->launches);
}

static void
stream_index_free (gpointer data)
{
  StStreamIndex *self = data;

  g_array_unref (self->streams);
  g_free (self->stream_of_track);
  g_clear_pointer (&self->sync, st_sync_calls_free);
  g_free (self);
}

static gpointer
stream_index_new (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork  *work = st_device_work_ensure (trace, cancellable);
  StStreamIndex *self;
  Maker          m = { trace, work, NULL };

  if (work == NULL)
    return NULL;
  m.sync = st_sync_calls_new (trace, work, cancellable);
  self = g_new0 (StStreamIndex, 1);
  self->n_tracks = st_trace_get_n_tracks (trace);
  self->stream_of_track = g_new (guint, MAX (1, self->n_tracks));
  memset (self->stream_of_track, 0xff, MAX (1, self->n_tracks) * sizeof (guint));
  self->streams = g_array_new (FALSE, TRUE, sizeof (Stream));
  g_array_set_clear_func (self->streams, stream_clear);
  self->has_launches = !st_launch_index_is_empty (st_device_work_get_launches (work));
  for (guint d = 0; d < st_device_work_get_n_devices (work); d++)
    {
      const StDevice *device = st_device_work_get_device (work, d);

      for (guint i = 0; i < device->n_tracks && !g_cancellable_is_cancelled (cancellable); i++)
        {
          g_autoptr (GArray) events = collect_events (&m, device->tracks[i]);
          Stream             s = { { device->tracks[i], d, device->file, NULL } };

          s.stream.name = stream_name (trace, device->tracks[i]);
          s.stream.label = g_strdup_printf ("%s / %s", device->label, s.stream.name);
          make_runs (&m, &s, (const Event *)(void *)events->data, events->len);
          make_launches (&s, (const Event *)(void *)events->data, events->len);
          self->stream_of_track[device->tracks[i]] = self->streams->len;
          g_array_append_val (self->streams, s);
        }
    }
  self->sync = m.sync;
  if (g_cancellable_is_cancelled (cancellable))
    {
      stream_index_free (self);
      return NULL;
    }
  return self;
}

StStreamIndex *
st_stream_index_ensure (StTrace *trace, GCancellable *cancellable)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return st_trace_ensure_data (trace, "stream-index", stream_index_new, stream_index_free,
                               cancellable);
}

/* --- reading ------------------------------------------------------------------ */

guint
st_stream_index_get_n_streams (StStreamIndex *self)
{
  return self->streams->len;
}

const StStream *
st_stream_index_get_stream (StStreamIndex *self, guint index)
{
  g_return_val_if_fail (index < self->streams->len, NULL);
  return &g_array_index (self->streams, Stream, index).stream;
}

gboolean
st_stream_index_has_launches (StStreamIndex *self)
{
  return self->has_launches;
}

/* The first run of @s ending after @t. */
static guint
first_run_after (const Stream *s, gint64 t)
{
  guint lo = 0, hi = s->n_runs;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->runs[mid].end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static gint64
inside (gint64 a, gint64 b, gint64 start, gint64 end)
{
  return MAX (0, MIN (b, end) - MAX (a, start));
}

/* 10.2: the runs and the gaps after them with a part inside the range.
 * The gap before the first run ending after @start is the one after the
 * run before it. */
static void
runs_and_gaps (const Stream *s, gint64 start, gint64 end, StStreamUsage *out)
{
  guint first = first_run_after (s, start);

  for (guint i = first > 0 ? first - 1 : 0; i < s->n_runs && s->runs[i].begin < end; i++)
    {
      out->busy_ns += inside (s->runs[i].begin, s->runs[i].end, start, end);
      if (i + 1 < s->n_runs)
        {
          gint64 part = inside (s->runs[i].end, s->runs[i + 1].begin, start, end);

          if (part > 0)
            {
              out->idle_ns += part;
              out->gaps++;
              out->kind_ns[s->kinds[i]] += part;
            }
        }
    }
}

/* The first launch of @s whose event starts at or after @t. */
static guint
first_launch_at (const Stream *s, gint64 t)
{
  guint lo = 0, hi = s->n_launches;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->launches[mid].start < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* 10.3: the launches of events starting inside the range; those of the
 * whole profile are known from the start. */
static void
launch_delays (const Stream *s, gint64 start, gint64 end, StStreamUsage *out)
{
  guint              lo = first_launch_at (s, start), hi = first_launch_at (s, end), n = hi - lo;
  g_autofree gint64 *delays = NULL;
  gint64             stats[4];

  out->launches = n;
  if (n == 0)
    return;
  if (n == s->n_launches)
    memcpy (stats, s->all_delays, sizeof stats);
  else
    {
      delays = g_new (gint64, n);
      for (guint i = 0; i < n; i++)
        delays[i] = s->launches[lo + i].delay;
      delay_stats (delays, n, stats);
    }
  out->delay_p50_ns = stats[0];
  out->delay_p90_ns = stats[1];
  out->delay_p99_ns = stats[2];
  out->delay_max_ns = stats[3];
}

gboolean
st_stream_index_get_usage (StStreamIndex *self,
                           guint          index,
                           gint64         start,
                           gint64         end,
                           StStreamUsage *out)
{
  const Stream *s;

  g_return_val_if_fail (index < self->streams->len, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  s = &g_array_index (self->streams, Stream, index);
  memset (out, 0, sizeof *out);
  out->stream = index;
  runs_and_gaps (s, start, end, out);
  if (out->busy_ns == 0 && out->idle_ns == 0)
    return FALSE;
  out->label = g_strdup (s->stream.label);
  out->name = g_strdup (s->stream.name);
  out->track = s->stream.track;
  out->device = s->stream.device;
  out->file = s->stream.file;
  out->has_kinds = self->has_launches;
  launch_delays (s, start, end, out);
  return TRUE;
}

void
st_stream_usage_clear (StStreamUsage *usage)
{
  g_clear_pointer (&usage->label, g_free);
  g_clear_pointer (&usage->name, g_free);
}

static void
usage_clear (gpointer data)
{
  st_stream_usage_clear (data);
}

GArray *
st_stream_index_get_usages (StStreamIndex *self, StQueueLength *queues, gint64 start, gint64 end)
{
  GArray *usages = g_array_new (FALSE, TRUE, sizeof (StStreamUsage));

  g_return_val_if_fail (self != NULL && queues != NULL, usages);
  g_array_set_clear_func (usages, usage_clear);
  for (guint i = 0; i < self->streams->len; i++)
    {
      StStreamUsage u;

      if (!st_stream_index_get_usage (self, i, start, end, &u))
        continue;
      /* 10.4: in a profile with launch calls, a stream without any has
       * nothing queued */
      u.has_queue = self->has_launches;
      if (u.has_queue && !st_queue_length_get_max (queues, u.track, start, end, &u.queue_max))
        u.queue_max = 0;
      g_array_append_val (usages, u);
    }
  return usages;
}

gboolean
st_stream_index_get_idle_shares (StStreamIndex *self,
                                 GArray        *usages,
                                 double        *host_percent,
                                 double        *stream_percent)
{
  gint64 idle = 0, host = 0, waiting = 0;

  for (guint i = 0; i < usages->len; i++)
    {
      const StStreamUsage *u = &g_array_index (usages, StStreamUsage, i);

      idle += u->idle_ns;
      host += u->kind_ns[ST_GAP_HOST_WAIT];
      waiting += u->kind_ns[ST_GAP_STREAM_WAIT];
    }
  if (idle == 0 || !self->has_launches)
    return FALSE;
  *host_percent = 100.0 * host / idle;
  *stream_percent = 100.0 * waiting / idle;
  return TRUE;
}

gboolean
st_stream_index_get_gap_kind (StStreamIndex *self, guint track, gint64 t1, StGapKind *kind)
{
  const Stream *s;
  guint         lo = 1, hi;

  g_return_val_if_fail (self != NULL, FALSE);
  if (track >= self->n_tracks || self->stream_of_track[track] == G_MAXUINT)
    return FALSE;
  s = &g_array_index (self->streams, Stream, self->stream_of_track[track]);
  /* the run that starts at @t1, after the first: runs are by start */
  hi = s->n_runs;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (s->runs[mid].begin < t1)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo >= s->n_runs || s->runs[lo].begin != t1)
    return FALSE;
  *kind = (StGapKind)s->kinds[lo - 1];
  return TRUE;
}

StSyncCalls *
st_stream_index_get_sync_calls (StStreamIndex *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sync;
}
