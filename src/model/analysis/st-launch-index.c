/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-launch-index.h"
#include "st-event-scan.h"
#include "st-sort.h"

#define NO_TRACK ST_LAUNCH_NONE

struct _StLaunchIndex
{
  StTrace           *trace;
  StEventClassifier *classes;
  const guint8      *device_track;
  guint              n_tracks;
  StSliceRef       **launcher; /* per track: one entry per slice, or NULL (no device work) */
  StTimeSpan       **call;     /* per track as launcher: its launch call's start and end */
  GArray           **launches; /* per track: StLaunch by host start, or NULL */
  gboolean           empty;
};

ST_DEFINE_SORT (sort_launches,
                StLaunch,
                a->host_start != b->host_start       ? a->host_start < b->host_start
                : a->device.track != b->device.track ? a->device.track < b->device.track
                                                     : a->device.index < b->device.index)

static gboolean
is_device_work (StEventClassifier *classes, const StSlice *slice)
{
  return st_event_classifier_device_kind (classes, slice) != ST_DEVICE_EVENT_NONE;
}

static void
set_launcher (StLaunchIndex *self, StSliceRef device, StSliceRef host)
{
  const StTrack *track = st_trace_get_track (self->trace, device.track);

  if (self->launcher[device.track] == NULL)
    {
      self->launcher[device.track] = g_new (StSliceRef, track->n_slices);
      for (guint i = 0; i < track->n_slices; i++)
        self->launcher[device.track][i].track = NO_TRACK;
    }
  if (self->launcher[device.track][device.index].track == NO_TRACK)
    {
      self->launcher[device.track][device.index] = host;
      self->empty = FALSE;
    }
}

static void
index_flows (StLaunchIndex *self, GCancellable *cancellable)
{
  gsize         n_flows;
  const StFlow *flows = st_trace_get_flows (self->trace, &n_flows);

  for (gsize i = 0; i < n_flows; i++)
    {
      /* asked now and then: the question costs more than a flow */
      if (i % 65536 == 0 && g_cancellable_is_cancelled (cancellable))
        return;
      const StSlice *to = st_trace_get_slice (self->trace, flows[i].to);

      if (flows[i].from.track == flows[i].to.track || !is_device_work (self->classes, to)
          || self->device_track[flows[i].from.track])
        continue;
      set_launcher (self, flows[i].to, flows[i].from);
    }
}

static void
index_correlations (StLaunchIndex *self, GCancellable *cancellable)
{
  g_autoptr (GHashTable) hosts = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GArray)     ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray)     refs = g_array_new (FALSE, FALSE, sizeof (StSliceRef));

  for (guint t = 0; t < self->n_tracks && !g_cancellable_is_cancelled (cancellable); t++)
    {
      const StTrack *track = st_trace_get_track (self->trace, t);
      gboolean       device = self->device_track[t];

      for (guint i = 0; i < track->n_slices; i++)
        {
          StWorkKind work = st_event_classifier_work (self->classes, &track->slices[i]);
          StSliceRef ref = { t, i };
          gint64     id;

          if (!(device ? is_device_work (self->classes, &track->slices[i]) : work == ST_WORK_LAUNCH)
              || !st_event_scan_int (self->trace, track->slices[i].offset, "args", "correlation",
                                     &id))
            continue;
          /* Each file (rank) of a profile counts its ids from 1. */
          id ^= (gint64)((guint64)track->file << ST_OFFSET_FILE_SHIFT);
          g_array_append_val (ids, id);
          g_array_append_val (refs, ref);
        }
    }
  /* Keys point into ids, complete now that it no longer grows. */
  for (guint i = 0; i < ids->len; i++)
    {
      StSliceRef ref = g_array_index (refs, StSliceRef, i);

      if (!self->device_track[ref.track])
        g_hash_table_insert (hosts, &g_array_index (ids, gint64, i), GUINT_TO_POINTER (i + 1));
    }
  for (guint i = 0; i < ids->len; i++)
    {
      StSliceRef ref = g_array_index (refs, StSliceRef, i);
      guint      host;

      if (!self->device_track[ref.track])
        continue;
      host = GPOINTER_TO_UINT (g_hash_table_lookup (hosts, &g_array_index (ids, gint64, i)));
      if (host != 0)
        set_launcher (self, ref, g_array_index (refs, StSliceRef, host - 1));
    }
}

/* How many launches each host track has, so that each array is made at
 * its size once rather than grown by copies. */
static guint *
count_launches (StLaunchIndex *self)
{
  guint *counts = g_new0 (guint, MAX (1, self->n_tracks));

  for (guint t = 0; t < self->n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (self->trace, t);

      for (guint i = 0; self->launcher[t] != NULL && i < track->n_slices; i++)
        if (self->launcher[t][i].track != NO_TRACK)
          counts[self->launcher[t][i].track]++;
    }
  return counts;
}

static void
index_launches (StLaunchIndex *self, GCancellable *cancellable)
{
  g_autofree guint *counts = count_launches (self);

  for (guint t = 0; t < self->n_tracks && !g_cancellable_is_cancelled (cancellable); t++)
    {
      const StTrack *track = st_trace_get_track (self->trace, t);

      if (self->launcher[t] == NULL)
        continue;
      self->call[t] = g_new (StTimeSpan, MAX (1, track->n_slices));
      for (guint i = 0; i < track->n_slices; i++)
        {
          StSliceRef     host = self->launcher[t][i];
          StLaunch       launch;
          const StSlice *call;

          if (host.track == NO_TRACK)
            continue;
          if (self->launches[host.track] == NULL)
            self->launches[host.track]
                = g_array_sized_new (FALSE, FALSE, sizeof (StLaunch), counts[host.track]);
          call = st_trace_get_slice (self->trace, host);
          self->call[t][i] = (StTimeSpan){ call->start, call->start + call->dur };
          launch.host_start = call->start;
          launch.host = host;
          launch.device = (StSliceRef){ t, i };
          g_array_append_val (self->launches[host.track], launch);
        }
    }
  for (guint t = 0; t < self->n_tracks; t++)
    if (self->launches[t] != NULL)
      sort_launches ((StLaunch *)(void *)self->launches[t]->data, self->launches[t]->len, NULL);
}

StLaunchIndex *
st_launch_index_new (StTrace           *trace,
                     StEventClassifier *classes,
                     const guint8      *device_track,
                     GCancellable      *cancellable)
{
  StLaunchIndex *self = g_new0 (StLaunchIndex, 1);

  self->trace = trace; /* which outlives it: it may be kept with the trace */
  self->classes = classes;
  self->device_track = device_track;
  self->n_tracks = st_trace_get_n_tracks (trace);
  self->launcher = g_new0 (StSliceRef *, self->n_tracks);
  self->call = g_new0 (StTimeSpan *, self->n_tracks);
  self->launches = g_new0 (GArray *, self->n_tracks);
  self->empty = TRUE;
  index_flows (self, cancellable);
  if (self->empty)
    index_correlations (self, cancellable);
  index_launches (self, cancellable);
  return self;
}

void
st_launch_index_free (StLaunchIndex *self)
{
  if (self == NULL)
    return;
  for (guint t = 0; t < self->n_tracks; t++)
    {
      g_free (self->launcher[t]);
      g_free (self->call[t]);
      if (self->launches[t] != NULL)
        g_array_unref (self->launches[t]);
    }
  g_free (self->launcher);
  g_free (self->call);
  g_free (self->launches);
  g_free (self);
}

gboolean
st_launch_index_is_empty (StLaunchIndex *self)
{
  return self->empty;
}

gboolean
st_launch_index_get_launcher (StLaunchIndex *self, StSliceRef device, StSliceRef *host)
{
  if (device.track >= self->n_tracks || self->launcher[device.track] == NULL
      || self->launcher[device.track][device.index].track == NO_TRACK)
    return FALSE;
  *host = self->launcher[device.track][device.index];
  return TRUE;
}

gboolean
st_launch_index_get_launch (StLaunchIndex *self,
                            StSliceRef     device,
                            StSliceRef    *host,
                            gint64        *start,
                            gint64        *end)
{
  if (!st_launch_index_get_launcher (self, device, host))
    return FALSE;
  if (start != NULL)
    *start = self->call[device.track][device.index].begin;
  if (end != NULL)
    *end = self->call[device.track][device.index].end;
  return TRUE;
}

const StSliceRef *
st_launch_index_get_launchers (StLaunchIndex *self, guint track)
{
  return track < self->n_tracks ? self->launcher[track] : NULL;
}

const StLaunch *
st_launch_index_get_launches (StLaunchIndex *self, guint track, guint *n_launches)
{
  if (track >= self->n_tracks || self->launches[track] == NULL)
    {
      *n_launches = 0;
      return NULL;
    }
  *n_launches = self->launches[track]->len;
  return (const StLaunch *)(void *)self->launches[track]->data;
}
