/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-sink.h"
#include "st-slice-layout.h"
#include "st-sort.h"

/* The layer spans of each core as nested slices on its "Layers" track: one
 * slice per path segment, spanning the instructions under it. */

typedef struct
{
  StStringId   pid;
  StStringId   segment;
  guint        depth;
  StNeuronSpan span;
} Segment;

ST_DEFINE_SORT (sort_segments, Segment, a->depth < b->depth)

/* A segment is found by its core, its parent segment and its name, so each
 * level of a path costs one lookup of three numbers, not a hash of the
 * path so far. */
typedef struct
{
  StStringId pid;
  guint      parent; /* index + 1 into the segments, 0 at the top */
  StStringId segment;
} SegmentKey;

static guint
segment_key_hash (gconstpointer p)
{
  const SegmentKey *k = p;
  guint64           h = (((guint64)k->pid << 32 | k->parent) ^ (guint64)k->segment << 16)
              * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  return (guint)(h >> 32);
}

static gboolean
segment_key_equal (gconstpointer a, gconstpointer b)
{
  const SegmentKey *x = a, *y = b;

  return x->pid == y->pid && x->parent == y->parent && x->segment == y->segment;
}

typedef struct
{
  GHashTable *index;    /* SegmentKey -> index + 1 */
  GArray     *segments; /* Segment */
} Layers;

/* A layer path deeper than this is cut: its segments from this depth on
 * make one leaf, named by the rest of the path. And no more segments than
 * LAYER_SEGMENTS_MAX are made in all (a real model has thousands): a file
 * whose every instruction names a new deep path would otherwise make a
 * slice per segment, sixty times as many as its rows. */
#define LAYER_DEPTH_MAX    64
#define LAYER_SEGMENTS_MAX (1u << 20)

/* The segment @name under @parent, widened to @span; its index + 1, or 0
 * when it would be new beyond LAYER_SEGMENTS_MAX. */
static guint
add_segment (StNeuronSink       *s,
             Layers             *layers,
             guint               parent,
             StStringId          pid,
             const char         *name,
             guint               depth,
             const StNeuronSpan *span)
{
  SegmentKey key = { pid, parent, st_neuron_sink_literal (s, name) };
  guint      at = GPOINTER_TO_UINT (g_hash_table_lookup (layers->index, &key));
  Segment   *seg;

  if (at == 0 && layers->segments->len >= LAYER_SEGMENTS_MAX)
    return 0;
  if (at == 0)
    {
      Segment fresh = { pid, key.segment, depth, *span };

      g_array_append_val (layers->segments, fresh);
      at = layers->segments->len;
      g_hash_table_insert (layers->index, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (at));
    }
  seg = &g_array_index (layers->segments, Segment, at - 1);
  seg->span.start = MIN (seg->span.start, span->start);
  seg->span.end = MAX (seg->span.end, span->end);
  seg->span.offset = MIN (seg->span.offset, span->offset);
  return at;
}

/* Returns FALSE when the path was deeper than LAYER_DEPTH_MAX and folded,
 * or cut where LAYER_SEGMENTS_MAX was reached. */
static gboolean
add_prefixes (StNeuronSink       *s,
              Layers             *layers,
              StStringId          pid,
              const char         *path,
              const StNeuronSpan *span)
{
  const char *p = path;
  guint       depth = 0, parent = 0;

  while (*p != '\0')
    {
      const char      *slash = strchr (p, '/');
      gsize            len = slash != NULL ? (gsize)(slash - p) : strlen (p);
      g_autofree char *name = NULL;

      if (len == 0)
        {
          p++;
          continue;
        }
      if (depth == LAYER_DEPTH_MAX - 1 && slash != NULL && slash[strspn (slash, "/")] != '\0')
        {
          add_segment (s, layers, parent, pid, p, depth, span);
          return FALSE;
        }
      name = g_strndup (p, len);
      parent = add_segment (s, layers, parent, pid, name, depth++, span);
      if (parent == 0)
        return FALSE;
      p += len;
    }
  return TRUE;
}

void
st_neuron_sink_build_layers (StNeuronSink *s)
{
  g_autoptr (GHashTable) index
      = g_hash_table_new_full (segment_key_hash, segment_key_equal, g_free, NULL);
  g_autoptr (GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  Layers             layers = { index, segments };
  GHashTableIter     iter;
  gpointer           key, value;
  guint64            folded = 0;

  g_hash_table_iter_init (&iter, s->layers);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const StNeuronLayerKey *k = key;
      g_autofree char        *path = g_strdup (st_string_table_get (s->shard->strings, k->layer));
      if (!add_prefixes (s, &layers, k->pid, path, value))
        folded++;
    }
  if (folded > 0)
    st_builder_shard_warn (s->shard, ST_WARNING_TOO_DEEP, 0,
                           "%" G_GUINT64_FORMAT " layer paths deeper than %d levels, or beyond "
                           "the first %u segments",
                           folded, LAYER_DEPTH_MAX, LAYER_SEGMENTS_MAX);
  /* Parents first: the layout keeps file order for equal spans. */
  sort_segments ((Segment *)(void *)segments->data, segments->len, NULL);
  for (guint i = 0; i < segments->len; i++)
    {
      const Segment *seg = &g_array_index (segments, Segment, i);
      guint    track = st_neuron_sink_track (s, seg->pid, s->tid_layers, ST_NEURON_SORT_LAYERS);
      StSlice *slice = st_vec_push (&st_builder_shard_track (s->shard, track)->slices, StSlice);

      *slice = (StSlice){ seg->span.start,
                          seg->span.end - seg->span.start,
                          seg->span.offset,
                          seg->segment,
                          s->tid_layers,
                          ST_RAW_COMPLETE,
                          0,
                          0 };
    }
}
