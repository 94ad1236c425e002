/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-launch.c: which CUDA call launched each kernel, copy and memset.
 *
 * A device event's launch is the call of its process with its correlation
 * id (the first to start, where a driver call inside a runtime call shares
 * it). The calls and the device events are read on two threads, each into
 * its own shard; once both are read, each device event that found its call
 * gets an ac2g flow from it, as Kineto draws them, and both keep
 * args.correlation. A CUDA graph's kernels share their launch's id: each
 * gets its own flow.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"

#include <string.h>

gboolean
st_nsys_correlation_key (gint64 pid, gint64 correlation, gint64 *key)
{
  if (pid < 0 || correlation < 0
      || correlation >= (G_GINT64_CONSTANT (1) << ST_NSYS_CORRELATION_BITS))
    return FALSE;
  *key = (gint64)(((guint64)pid << ST_NSYS_CORRELATION_BITS) | (guint64)correlation);
  return TRUE;
}

/* Whether the call of @key is kept in the dense array, at *@id: most
 * exports are of one process whose correlation ids count up from 1, and
 * those are an array by id, asked in the order the rows come (a map of a
 * million ids misses the caches on every row); the ids of other processes,
 * and ids too large for the array, are in the map. */
static gboolean
is_dense (StNsysImporter *im, gint64 key, gsize *id)
{
  *id = key & ((G_GINT64_CONSTANT (1) << ST_NSYS_CORRELATION_BITS) - 1);
  return (gint64)((guint64)key >> ST_NSYS_CORRELATION_BITS) == im->dense_pid
         && *id < im->dense_limit;
}

static StNsysCall *
find_call (StNsysImporter *im, gint64 key)
{
  gsize   id;
  guint32 index;

  if (is_dense (im, key, &id))
    return id < im->n_dense && im->dense[id] != 0
               ? &g_array_index (im->calls, StNsysCall, im->dense[id] - 1)
               : NULL;
  if (st_nsys_map_lookup (&im->call_of, key, &index))
    return &g_array_index (im->calls, StNsysCall, index);
  return NULL;
}

/* Keeps @call as the launch of correlation @key unless an earlier call
 * has it. */
void
st_nsys_note_call (StNsysImporter *im, gint64 key, const StNsysCall *call)
{
  StNsysCall *old = find_call (im, key);
  gsize       id, n;

  if (old != NULL)
    {
      if (call->ts < old->ts)
        *old = *call;
      return;
    }
  if (im->dense_pid < 0)
    im->dense_pid = (gint64)((guint64)key >> ST_NSYS_CORRELATION_BITS);
  if (!is_dense (im, key, &id))
    st_nsys_map_insert (&im->call_of, key, im->calls->len);
  else
    {
      if (id >= im->n_dense)
        {
          n = MIN (im->dense_limit, MAX (id + 1, 2 * im->n_dense));
          im->dense = g_renew (guint32, im->dense, n);
          memset (im->dense + im->n_dense, 0, (n - im->n_dense) * sizeof (guint32));
          im->n_dense = n;
        }
      im->dense[id] = im->calls->len + 1;
    }
  g_array_append_val (im->calls, *call);
}

/* The first call of @key among the readers', and whose it is. */
static const StNsysCall *
find_first_call (StNsysImporter *readers, guint n_readers, gint64 key, guint *reader)
{
  const StNsysCall *first = NULL;

  for (guint r = 0; r < n_readers; r++)
    {
      const StNsysCall *call = find_call (&readers[r], key);

      if (call != NULL && (first == NULL || call->ts < first->ts))
        {
          first = call;
          *reader = r;
        }
    }
  return first;
}

/* An ac2g flow from each call to the device events it launched, whichever
 * readers read them. The offsets are final: the texts are joined. */
/* Room for @more records in @vec, made at once. */
static void
reserve_flows (StVec *vec, gsize more)
{
  if (vec->len + more > vec->cap)
    {
      vec->cap = vec->len + more;
      vec->data = g_realloc_n (vec->data, vec->cap, sizeof (StRawFlow));
    }
}

void
st_nsys_link_launches (StNsysImporter *readers, guint n_readers)
{
  guint64 key = 0;
  gsize   launched = 0;

  /* a flow of each shard's flows per launched device event at most: made
   * at once rather than grown by copies */
  for (guint r = 0; r < n_readers; r++)
    launched += readers[r].launched->len;
  for (guint r = 0; r < n_readers; r++)
    reserve_flows (&readers[r].shard->flows, launched);

  for (guint d = 0; d < n_readers; d++)
    for (guint i = 0; i < readers[d].launched->len; i++)
      {
        StNsysImporter       *dev = &readers[d], *host;
        const StNsysLaunched *l = &g_array_index (dev->launched, StNsysLaunched, i);
        guint                 h = 0;
        const StNsysCall     *call = find_first_call (readers, n_readers, l->key, &h);
        const StSlice        *s;
        StRawFlow            *out, *in;

        if (call == NULL)
          continue;
        host = &readers[h];
        s = st_vec_at (&st_builder_shard_track (dev->shard, l->track)->slices, StSlice, l->index);
        out = st_vec_push (&host->shard->flows, StRawFlow);
        *out = (StRawFlow){ call->ts, call->offset,  key,  call->track, host->ac2g, host->ac2g,
                            0,        ST_FLOW_START, FALSE };
        in = st_vec_push (&dev->shard->flows, StRawFlow);
        *in = (StRawFlow){ s->start,  s->offset, key,         l->track, dev->ac2g,
                           dev->ac2g, 0,         ST_FLOW_END, TRUE };
        key++;
      }
}
