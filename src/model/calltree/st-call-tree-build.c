/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-build.c: the top-down call tree of a scope (docs/metrics.md
 * 15.1 and 15.3). Each track's frames are gathered row by row, put outer
 * first (by start, the longest first, then in file order: the order of the
 * Operations table's nesting, docs/metrics.md 4), and walked once with a
 * stack of the open frames: a frame's parent is the innermost open frame
 * that still holds its end. Its node is its parent's child of its name,
 * found in a table (the last child found is remembered, since a loop calls
 * the same child again and again). A frame's children arrive in start
 * order, so the union of their clipped intervals grows at its end only:
 * the self time needs no more than where the union reaches so far.
 *
 * The work is the slices of the scope, plus the sort of each track's rows,
 * already in order each (a merge of as many runs as the track has rows).
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-call-tree-private.h"
#include "st-device-work.h"
#include "st-slice-nest.h"

#include <string.h>

/* A frame whose children are still coming. */
typedef struct
{
  guint32 node;
  gint64  end;      /* unclipped: what nests in it */
  gint64  time;     /* clipped */
  gint64  reach;    /* where the union of its children's clipped intervals ends */
  gint64  children; /* the length of that union */
} Open;

typedef struct
{
  StTrace           *trace;
  StCallTree        *tree;
  gint64             start;
  gint64             end;
  StStringId         state_cat; /* Neuron's "active_time" */
  StCallChildTable   table;
  guint32           *canon;      /* per string id: the name it counts as, + 1; 0: not known yet */
  GHashTable        *numbered;   /* "ProfilerStep#" → the first such name met */
  guint32           *last_child; /* per node: the child found last, + 1 */
  gsize              last_child_size;
  GArray            *open;
  GCancellable      *cancellable;
  StCallTreeProgress progress;
  gpointer           progress_data;
  guint64            done;
  guint64            total;
} Builder;

static StCallNode *
node_at (Builder *b, guint32 node)
{
  return &g_array_index (b->tree->nodes, StCallNode, node);
}

/* Room in last_child for every node. */
static void
fit_last_child (Builder *b)
{
  gsize size = b->last_child_size;

  while (b->tree->nodes->len > size)
    size *= 2;
  if (size == b->last_child_size)
    return;
  b->last_child = g_renew (guint32, b->last_child, size);
  memset (b->last_child + b->last_child_size, 0, (size - b->last_child_size) * sizeof (guint32));
  b->last_child_size = size;
}

/* The name @name counts as (docs/metrics.md 15.3): itself, or for a name
 * ending in '#' and a number, the first name met with the same start. */
static StStringId
canonical (Builder *b, StStringId name)
{
  const char      *text;
  gsize            n;
  gpointer         first;
  g_autofree char *prefix = NULL;

  if (b->canon[name] != 0)
    return b->canon[name] - 1;
  text = st_trace_get_string (b->trace, name);
  n = strlen (text);
  while (n > 0 && g_ascii_isdigit (text[n - 1]))
    n--;
  b->canon[name] = name + 1;
  if (n == 0 || n == strlen (text) || text[n - 1] != '#')
    return name;
  prefix = g_strndup (text, n);
  if (g_hash_table_lookup_extended (b->numbered, prefix, NULL, &first))
    b->canon[name] = GPOINTER_TO_UINT (first) + 1;
  else
    g_hash_table_insert (b->numbered, g_steal_pointer (&prefix), GUINT_TO_POINTER (name));
  return b->canon[name] - 1;
}

/* The child of @parent named @name, made when it has none. */
static guint32
child_of (Builder *b, guint32 parent, StStringId name)
{
  guint32 last, node;

  name = canonical (b, name);
  last = b->last_child[parent];

  if (last != 0 && node_at (b, last - 1)->name == name)
    return last - 1;
  node = st_call_child_table_lookup (&b->table, parent, name);
  if (node == G_MAXUINT32)
    {
      node = st_call_tree_add_node (b->tree, parent, name, ST_CALL_TREE_NO_TRACK);
      st_call_child_table_insert (&b->table, parent, name, node);
      fit_last_child (b);
    }
  b->last_child[parent] = node + 1;
  return node;
}

static void
close_frame (Builder *b)
{
  Open *o = &g_array_index (b->open, Open, b->open->len - 1);

  node_at (b, o->node)->self_ns += o->time - o->children;
  b->tree->time_ns += o->time - o->children;
  g_array_set_size (b->open, b->open->len - 1);
}

/* One frame: its node, its time, and its share of its parent's children. */
static void
add_frame (Builder *b, guint track, const StSliceNest *n, StStringId name, guint32 thread)
{
  gint64      from = MAX (n->start, b->start), to = MIN (n->end, b->end);
  Open        o = { 0 };
  StCallNode *node;
  StCallFrame frame;

  while (b->open->len > 0 && g_array_index (b->open, Open, b->open->len - 1).end < n->end)
    close_frame (b);
  o.end = n->end;
  o.time = MAX (0, to - from);
  o.reach = from;
  if (b->open->len > 0)
    {
      Open *parent = &g_array_index (b->open, Open, b->open->len - 1);

      parent->children += MAX (0, to - MAX (from, parent->reach));
      parent->reach = MAX (parent->reach, to);
      o.node = child_of (b, parent->node, name);
    }
  else
    {
      o.node = child_of (b, thread, name);
      node_at (b, thread)->count++;
      node_at (b, thread)->total_ns += o.time;
      if (thread != ST_CALL_TREE_ROOT)
        {
          node_at (b, ST_CALL_TREE_ROOT)->count++;
          node_at (b, ST_CALL_TREE_ROOT)->total_ns += o.time;
        }
    }
  node = node_at (b, o.node);
  node->count++;
  node->total_ns += o.time;
  g_array_append_val (b->open, o);
  frame = (StCallFrame){ { track, n->index }, o.node };
  g_array_append_val (b->tree->frames, frame);
}

static void
walk_track (Builder *b, guint track)
{
  const StTrack     *t = st_trace_get_track (b->trace, track);
  g_autoptr (GArray) nests = st_slice_nests_in_range (t, b->start, b->end, b->state_cat);
  guint32            thread = ST_CALL_TREE_ROOT;

  if (nests->len == 0)
    return;
  if (b->tree->by_thread)
    {
      thread = st_call_tree_add_node (b->tree, ST_CALL_TREE_ROOT, t->name, track);
      fit_last_child (b);
    }
  for (guint i = 0; i < nests->len; i++)
    {
      const StSliceNest *n = &g_array_index (nests, StSliceNest, i);

      add_frame (b, track, n, t->slices[n->index].name, thread);
      if ((i & 0xffff) == 0xffff && g_cancellable_is_cancelled (b->cancellable))
        return;
    }
  while (b->open->len > 0)
    close_frame (b);
}

/* A slice track, not a device's. */
static gboolean
can_hold_frames (StTrace *trace, guint track, const guint8 *device_tracks)
{
  return track < st_trace_get_n_tracks (trace) && !device_tracks[track]
         && st_trace_get_track (trace, track)->kind == ST_TRACK_SLICES
         && st_trace_get_track (trace, track)->n_rows > 0;
}

gboolean
st_call_tree_track_holds_frames (StTrace *trace, guint track)
{
  const guint8 *device_tracks;

  g_return_val_if_fail (ST_IS_TRACE (trace), FALSE);
  device_tracks = st_device_work_get_device_tracks (trace, NULL);
  return can_hold_frames (trace, track, device_tracks);
}

/* Every track of the scope that may hold frames. */
static GArray *
scope_tracks (StTrace *trace, const StCallTreeScope *scope, const guint8 *device_tracks)
{
  GArray *tracks = g_array_new (FALSE, FALSE, sizeof (guint));
  guint   n = scope->tracks != NULL ? scope->n_tracks : st_trace_get_n_tracks (trace);

  for (guint i = 0; i < n; i++)
    {
      guint t = scope->tracks != NULL ? scope->tracks[i] : i;

      if (can_hold_frames (trace, t, device_tracks))
        g_array_append_val (tracks, t);
    }
  return tracks;
}

static void
report (Builder *b, guint64 slices)
{
  b->done += slices;
  if (b->progress != NULL && b->total > 0)
    b->progress (MIN (1.0, (double)b->done / b->total), b->progress_data);
}

static gboolean
walk (Builder *b, GArray *tracks)
{
  for (guint i = 0; i < tracks->len; i++)
    b->total += st_trace_get_track (b->trace, g_array_index (tracks, guint, i))->n_slices;
  for (guint i = 0; i < tracks->len; i++)
    {
      guint t = g_array_index (tracks, guint, i);

      if (g_cancellable_is_cancelled (b->cancellable))
        return FALSE;
      walk_track (b, t);
      report (b, st_trace_get_track (b->trace, t)->n_slices);
    }
  return !g_cancellable_is_cancelled (b->cancellable);
}

StCallTree *
st_call_tree_build (StTrace               *trace,
                    const StCallTreeScope *scope,
                    GCancellable          *cancellable,
                    StCallTreeProgress     progress,
                    gpointer               user_data,
                    GError               **error)
{
  const guint8          *device_tracks;
  g_autoptr (GArray)     tracks = NULL;
  g_autoptr (StCallTree) tree = NULL;
  Builder                b = { 0 };
  gboolean               ok;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (scope != NULL, NULL);

  device_tracks = st_device_work_get_device_tracks (trace, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  tree = st_call_tree_new_empty (trace, ST_CALL_TREE_TOP_DOWN);
  tree->start = scope->start;
  tree->end = scope->end;
  tree->by_thread = scope->by_thread;
  tree->frames = g_array_new (FALSE, FALSE, sizeof (StCallFrame));
  tracks = scope_tracks (trace, scope, device_tracks);
  b = (Builder){ .trace = trace,
                 .tree = tree,
                 .start = scope->start,
                 .end = scope->end,
                 .cancellable = cancellable,
                 .progress = progress,
                 .progress_data = user_data };
  b.state_cat = st_trace_lookup_string (trace, "active_time");
  b.open = g_array_new (FALSE, FALSE, sizeof (Open));
  b.canon = g_new0 (guint32, MAX (1, st_trace_get_n_strings (trace)));
  b.numbered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  b.last_child_size = 1024;
  b.last_child = g_new0 (guint32, b.last_child_size);
  st_call_child_table_init (&b.table);
  ok = scope->end > scope->start ? walk (&b, tracks) : !g_cancellable_is_cancelled (cancellable);
  st_call_child_table_clear (&b.table);
  g_free (b.last_child);
  g_free (b.canon);
  g_hash_table_unref (b.numbered);
  g_array_unref (b.open);
  if (!ok)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  st_call_tree_finish (tree);
  return g_steal_pointer (&tree);
}
