/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-async-builder.h"
#include "st-sort.h"

ST_DEFINE_SORT (sort_by_key,
                StRawAsync,
                a->key != b->key ? a->key < b->key
                : a->ts != b->ts ? a->ts < b->ts
                                 : a->offset < b->offset)
ST_DEFINE_SORT (sort_instants, StInstant, a->ts < b->ts)

typedef struct
{
  guint  track;
  gint64 start;
  gint64 end;
  guint  height;
  guint  first; /* into the shared slice array */
  guint  n;
} Tree;

ST_DEFINE_SORT (sort_trees, Tree, a->track != b->track ? a->track < b->track : a->start < b->start)

typedef struct
{
  GHashTable *track_map; /* (pid << 32 | name) -> index + 1 */
  GPtrArray  *tracks;
  GArray     *slices; /* StSlice of every tree, in tree order */
  GArray     *trees;
  GArray     *stack; /* guint: open slices of the current tree */
  gint64      origin;
  gint64      trace_end;
} Builder;

static void
async_track_free (gpointer data)
{
  StAsyncTrack *t = data;

  g_array_unref (t->slices);
  g_array_unref (t->instants);
  g_free (t->row_offsets);
  g_free (t->lane_rows);
  g_free (t);
}

static guint
track_for (Builder *b, StStringId pid, StStringId name)
{
  guint64       key = ((guint64)pid << 32) | name;
  guint         index = GPOINTER_TO_UINT (g_hash_table_lookup (b->track_map, &key));
  StAsyncTrack *t;

  if (index != 0)
    return index - 1;
  t = g_new0 (StAsyncTrack, 1);
  t->pid = pid;
  t->name = name;
  t->slices = g_array_new (FALSE, FALSE, sizeof (StSlice));
  t->instants = g_array_new (FALSE, FALSE, sizeof (StInstant));
  g_ptr_array_add (b->tracks, t);
  g_hash_table_insert (b->track_map, g_memdup2 (&key, sizeof key),
                       GUINT_TO_POINTER (b->tracks->len));
  return b->tracks->len - 1;
}

static void
open_slice (Builder *b, const StRawAsync *e)
{
  StSlice s = { 0 };
  guint   index = b->slices->len;

  s.start = e->ts - b->origin;
  s.dur = -1;
  s.offset = e->offset;
  s.name = e->name;
  s.cat = e->cat;
  s.depth = b->stack->len;
  s.flags = ST_SLICE_BEGIN_END;
  g_array_append_val (b->slices, s);
  g_array_append_val (b->stack, index);
}

static StSlice *
slice_at (Builder *b, guint index)
{
  return &g_array_index (b->slices, StSlice, index);
}

/* Closes the innermost open slice named like @e (or the top one). */
static void
close_slice (Builder *b, const StRawAsync *e, StLayoutIssues *issues)
{
  guint k = b->stack->len;

  if (k == 0)
    {
      StSlice s = { .offset = e->offset, .name = e->name };
      st_layout_issue_note (&issues->unmatched_end, &s);
      return;
    }
  if (e->name != ST_STRING_EMPTY)
    while (k > 0 && slice_at (b, g_array_index (b->stack, guint, k - 1))->name != e->name)
      k--;
  if (k == 0)
    k = b->stack->len;
  slice_at (b, g_array_index (b->stack, guint, k - 1))->dur
      = MAX (0, e->ts - b->origin - slice_at (b, g_array_index (b->stack, guint, k - 1))->start);
  g_array_remove_index (b->stack, k - 1);
}

static void
add_instant (Builder *b, guint track, const StRawAsync *e)
{
  StAsyncTrack *t = g_ptr_array_index (b->tracks, track);
  StInstant     in = { 0 };

  in.ts = e->ts - b->origin;
  in.offset = e->offset;
  in.name = e->name;
  in.cat = e->cat;
  in.phase = e->phase;
  g_array_append_val (t->instants, in);
}

static void
finish_tree (Builder *b, guint first, StStringId pid, StLayoutIssues *issues)
{
  Tree tree = { 0 };

  for (guint k = 0; k < b->stack->len; k++)
    {
      StSlice *s = slice_at (b, g_array_index (b->stack, guint, k));
      s->dur = MAX (0, b->trace_end - b->origin - s->start);
      s->flags |= ST_SLICE_DID_NOT_END;
      st_layout_issue_note (&issues->unclosed_begin, s);
    }
  g_array_set_size (b->stack, 0);
  if (b->slices->len == first)
    return;
  tree.first = first;
  tree.n = b->slices->len - first;
  tree.start = slice_at (b, first)->start;
  tree.end = tree.start;
  for (guint i = first; i < b->slices->len; i++)
    {
      tree.end = MAX (tree.end, slice_at (b, i)->start + slice_at (b, i)->dur);
      tree.height = MAX (tree.height, slice_at (b, i)->depth + 1);
    }
  tree.track = track_for (b, pid, slice_at (b, first)->name);
  g_array_append_val (b->trees, tree);
}

/* One group of events with the same key, in time order. */
static void
build_tree (Builder *b, const StRawAsync *e, gsize n, StLayoutIssues *issues)
{
  guint first = b->slices->len;

  for (gsize i = 0; i < n; i++)
    switch (e[i].phase)
      {
      case 'b':
      case 'S': open_slice (b, &e[i]); break;
      case 'e':
      case 'F': close_slice (b, &e[i], issues); break;
      default: /* n T p: on the track of the tree they belong to */
        add_instant (
            b,
            track_for (b, e[0].pid, b->slices->len > first ? slice_at (b, first)->name : e[i].name),
            &e[i]);
        break;
      }
  finish_tree (b, first, e[0].pid, issues);
}

/* Lanes for trees taken by start: the lowest lane free at a tree's start
 * (first fit). Lanes still busy wait in a heap by the time they end, free
 * ones in a heap by index, so a tree costs a logarithm however many lanes
 * there are (trees that never end each keep a lane for ever). */
typedef struct
{
  gint64 end;
  guint  lane;
} Busy;

typedef struct
{
  GArray *busy;    /* Busy, a min-heap by end */
  GArray *free;    /* guint, a min-heap by lane */
  GArray *ends;    /* gint64 per lane */
  GArray *heights; /* guint per lane */
} Lanes;

#define BUSY_LESS(a, b) ((a).end < (b).end)
#define FREE_LESS(a, b) ((a) < (b))

#define DEFINE_HEAP(name, T, LESS)                                                    \
  static void name##_push (GArray *h, T v)                                            \
  {                                                                                   \
    guint i = h->len;                                                                 \
    g_array_append_val (h, v);                                                        \
    for (; i > 0 && LESS (v, g_array_index (h, T, (i - 1) / 2)); i = (i - 1) / 2)     \
      g_array_index (h, T, i) = g_array_index (h, T, (i - 1) / 2);                    \
    g_array_index (h, T, i) = v;                                                      \
  }                                                                                   \
  static T name##_pop (GArray *h)                                                     \
  {                                                                                   \
    T     top = g_array_index (h, T, 0), last = g_array_index (h, T, h->len - 1);     \
    guint i = 0, n = h->len - 1;                                                      \
    g_array_set_size (h, n);                                                          \
    for (guint c = 1; c < n; i = c, c = 2 * c + 1)                                    \
      {                                                                               \
        if (c + 1 < n && LESS (g_array_index (h, T, c + 1), g_array_index (h, T, c))) \
          c++;                                                                        \
        if (!LESS (g_array_index (h, T, c), last))                                    \
          break;                                                                      \
        g_array_index (h, T, i) = g_array_index (h, T, c);                            \
      }                                                                               \
    if (n > 0)                                                                        \
      g_array_index (h, T, i) = last;                                                 \
    return top;                                                                       \
  }

DEFINE_HEAP (busy, Busy, BUSY_LESS)
DEFINE_HEAP (free_lane, guint, FREE_LESS)

/* The lane for a tree over [@start, @end) of @height rows. */
static guint
pick_lane (Lanes *lanes, gint64 start, gint64 end, guint height)
{
  guint lane;

  while (lanes->busy->len > 0 && g_array_index (lanes->busy, Busy, 0).end <= start)
    free_lane_push (lanes->free, busy_pop (lanes->busy).lane);
  if (lanes->free->len > 0)
    lane = free_lane_pop (lanes->free);
  else
    {
      gint64 zero = 0;
      guint  h = 0;

      lane = lanes->ends->len;
      g_array_append_val (lanes->ends, zero);
      g_array_append_val (lanes->heights, h);
    }
  g_array_index (lanes->ends, gint64, lane) = end;
  g_array_index (lanes->heights, guint, lane)
      = MAX (g_array_index (lanes->heights, guint, lane), height);
  busy_push (lanes->busy, (Busy){ end, lane });
  return lane;
}

/* Packs the trees of one track (trees[first, last), by start) into lanes. */
static void
pack_track (Builder *b, guint first, guint last)
{
  StAsyncTrack *track = g_ptr_array_index (b->tracks, g_array_index (b->trees, Tree, first).track);
  Lanes         lanes
      = { g_array_new (FALSE, FALSE, sizeof (Busy)), g_array_new (FALSE, FALSE, sizeof (guint)),
          g_array_new (FALSE, FALSE, sizeof (gint64)), g_array_new (FALSE, FALSE, sizeof (guint)) };
  g_autoptr (GArray)  lane_height = lanes.heights;
  g_autofree guint   *lane_of = g_new (guint, last - first);
  guint              *base;
  g_autofree StSlice *tmp = NULL;

  for (guint i = first; i < last; i++)
    {
      Tree *tree = &g_array_index (b->trees, Tree, i);

      lane_of[i - first]
          = pick_lane (&lanes, tree->start, MAX (tree->end, tree->start + 1), tree->height);
    }
  g_array_unref (lanes.busy);
  g_array_unref (lanes.free);
  g_array_unref (lanes.ends);
  base = g_new0 (guint, lane_height->len + 1);
  for (guint l = 0; l < lane_height->len; l++)
    base[l + 1] = base[l] + g_array_index (lane_height, guint, l);
  track->n_rows = base[lane_height->len];
  track->n_lanes = lane_height->len;
  track->lane_rows = base;
  for (guint i = first; i < last; i++)
    {
      Tree *tree = &g_array_index (b->trees, Tree, i);
      for (guint k = 0; k < tree->n; k++)
        {
          StSlice s = *slice_at (b, tree->first + k);
          s.depth += base[lane_of[i - first]];
          g_array_append_val (track->slices, s);
        }
    }
  tmp = g_new (StSlice, track->slices->len);
  track->row_offsets = st_slice_order_by_depth ((StSlice *)(void *)track->slices->data,
                                                track->slices->len, track->n_rows, tmp);
}

static void
pack_tracks (Builder *b)
{
  Tree *trees = (Tree *)(void *)b->trees->data;
  guint i = 0;

  sort_trees (trees, b->trees->len, NULL);
  while (i < b->trees->len)
    {
      guint j = i + 1;
      while (j < b->trees->len && trees[j].track == trees[i].track)
        j++;
      pack_track (b, i, j);
      i = j;
    }
  for (guint t = 0; t < b->tracks->len; t++)
    {
      StAsyncTrack *track = g_ptr_array_index (b->tracks, t);
      if (track->row_offsets == NULL)
        track->row_offsets = g_new0 (guint, 1);
      if (track->lane_rows == NULL)
        track->lane_rows = g_new0 (guint, 1);
      sort_instants ((StInstant *)(void *)track->instants->data, track->instants->len, NULL);
    }
}

GPtrArray *
st_async_build (StRawAsync     *events,
                gsize           n,
                gint64          origin,
                gint64          trace_end,
                StLayoutIssues *issues)
{
  Builder b = { 0 };
  gsize   i = 0;

  b.track_map = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  b.tracks = g_ptr_array_new_with_free_func (async_track_free);
  b.slices = g_array_new (FALSE, FALSE, sizeof (StSlice));
  b.trees = g_array_new (FALSE, FALSE, sizeof (Tree));
  b.stack = g_array_new (FALSE, FALSE, sizeof (guint));
  b.origin = origin;
  b.trace_end = trace_end;

  sort_by_key (events, n, NULL);
  while (i < n)
    {
      gsize j = i + 1;
      while (j < n && events[j].key == events[i].key)
        j++;
      build_tree (&b, &events[i], j - i, issues);
      i = j;
    }
  pack_tracks (&b);

  g_hash_table_unref (b.track_map);
  g_array_unref (b.slices);
  g_array_unref (b.trees);
  g_array_unref (b.stack);
  return b.tracks;
}
