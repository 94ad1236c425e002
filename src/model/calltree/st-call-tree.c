/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree.c: the call tree's nodes once built: their children in
 * order, what a node is called, its share, and its instances. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-call-tree-private.h"
#include "st-format.h"

#include <string.h>

G_DEFINE_FINAL_TYPE (StCallTree, st_call_tree, G_TYPE_OBJECT)

/* --- the table of children ------------------------------------------------ */

void
st_call_child_table_init (StCallChildTable *table)
{
  table->mask = 1023;
  table->n = 0;
  table->keys = g_new (guint64, table->mask + 1);
  table->values = g_new0 (guint32, table->mask + 1);
}

void
st_call_child_table_clear (StCallChildTable *table)
{
  g_clear_pointer (&table->keys, g_free);
  g_clear_pointer (&table->values, g_free);
}

static inline gsize
slot_of (guint64 key, gsize mask)
{
  key ^= key >> 29;
  key *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  key ^= key >> 32;
  return (gsize)key & mask;
}

guint32
st_call_child_table_lookup (StCallChildTable *table, guint32 parent, guint32 key)
{
  guint64 k = ((guint64)parent << 32) | key;

  for (gsize i = slot_of (k, table->mask);; i = (i + 1) & table->mask)
    {
      if (table->values[i] == 0)
        return G_MAXUINT32;
      if (table->keys[i] == k)
        return table->values[i] - 1;
    }
}

static void
grow (StCallChildTable *table)
{
  StCallChildTable bigger = { 0 };

  bigger.mask = table->mask * 2 + 1;
  bigger.keys = g_new (guint64, bigger.mask + 1);
  bigger.values = g_new0 (guint32, bigger.mask + 1);
  for (gsize i = 0; i <= table->mask; i++)
    if (table->values[i] != 0)
      {
        gsize j = slot_of (table->keys[i], bigger.mask);

        while (bigger.values[j] != 0)
          j = (j + 1) & bigger.mask;
        bigger.keys[j] = table->keys[i];
        bigger.values[j] = table->values[i];
      }
  bigger.n = table->n;
  st_call_child_table_clear (table);
  *table = bigger;
}

void
st_call_child_table_insert (StCallChildTable *table, guint32 parent, guint32 key, guint32 node)
{
  guint64 k = ((guint64)parent << 32) | key;
  gsize   i;

  if ((table->n + 1) * 2 > table->mask)
    grow (table);
  for (i = slot_of (k, table->mask); table->values[i] != 0; i = (i + 1) & table->mask)
    ;
  table->keys[i] = k;
  table->values[i] = node + 1;
  table->n++;
}

/* --- the object ----------------------------------------------------------- */

static void
st_call_tree_finalize (GObject *object)
{
  StCallTree *self = ST_CALL_TREE (object);

  g_clear_pointer (&self->nodes, g_array_unref);
  g_clear_pointer (&self->children, g_free);
  g_clear_pointer (&self->frames, g_array_unref);
  g_clear_pointer (&self->idle_frames, g_free);
  g_clear_object (&self->top_down);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (st_call_tree_parent_class)->finalize (object);
}

static void
st_call_tree_class_init (StCallTreeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_call_tree_finalize;
}

static void
st_call_tree_init (StCallTree *self)
{
  self->nodes = g_array_new (FALSE, TRUE, sizeof (StCallNode));
}

StCallTree *
st_call_tree_new_empty (StTrace *trace, StCallTreeDirection direction)
{
  StCallTree *self = g_object_new (ST_TYPE_CALL_TREE, NULL);
  StCallNode  scope = { 0 };

  self->trace = g_object_ref (trace);
  self->direction = direction;
  scope.name = ST_STRING_EMPTY;
  scope.track = ST_CALL_TREE_NO_TRACK;
  scope.parent = G_MAXUINT32;
  g_array_append_val (self->nodes, scope);
  return self;
}

guint32
st_call_tree_add_node (StCallTree *self, guint32 parent, StStringId name, guint32 track)
{
  StCallNode node = { 0 };

  node.name = name;
  node.track = track;
  node.parent = parent;
  node.depth = g_array_index (self->nodes, StCallNode, parent).depth + 1;
  self->max_depth = MAX (self->max_depth, node.depth);
  g_array_append_val (self->nodes, node);
  return self->nodes->len - 1;
}

/* Top-down by total, bottom-up by self then total; then by name, a
 * thread by its track. */
int
st_call_tree_compare_children (gconstpointer pa, gconstpointer pb, gpointer data)
{
  StCallTree       *self = data;
  const StCallNode *a = &g_array_index (self->nodes, StCallNode, *(const guint32 *)pa);
  const StCallNode *b = &g_array_index (self->nodes, StCallNode, *(const guint32 *)pb);
  gint64            wa = self->direction == ST_CALL_TREE_TOP_DOWN ? a->total_ns : a->self_ns;
  gint64            wb = self->direction == ST_CALL_TREE_TOP_DOWN ? b->total_ns : b->self_ns;
  int               by_name;

  if (wa != wb)
    return wa > wb ? -1 : 1;
  if (a->total_ns != b->total_ns)
    return a->total_ns > b->total_ns ? -1 : 1;
  if (a->track != b->track)
    return a->track < b->track ? -1 : 1;
  by_name = st_natural_compare (st_trace_get_string (self->trace, a->name),
                                st_trace_get_string (self->trace, b->name));
  if (by_name != 0)
    return by_name;
  return *(const guint32 *)pa < *(const guint32 *)pb ? -1 : 1;
}

void
st_call_tree_finish (StCallTree *self)
{
  guint       n = self->nodes->len;
  StCallNode *nodes = (StCallNode *)(void *)self->nodes->data;
  guint32     next = 0;

  for (guint i = 1; i < n; i++)
    nodes[nodes[i].parent].n_children++;
  for (guint i = 0; i < n; i++)
    {
      nodes[i].first_child = next;
      next += nodes[i].n_children;
      nodes[i].n_children = 0;
    }
  self->children = g_new (guint32, MAX (1, n));
  for (guint i = 1; i < n; i++)
    {
      StCallNode *parent = &nodes[nodes[i].parent];

      self->children[parent->first_child + parent->n_children++] = i;
    }
  if (self->direction == ST_CALL_TREE_TOP_DOWN)
    st_call_tree_mark_idle (self);
  st_call_tree_sort_children (self);
}

/* --- reading -------------------------------------------------------------- */

StTrace *
st_call_tree_get_trace (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), NULL);
  return self->trace;
}

StCallTreeDirection
st_call_tree_get_direction (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), ST_CALL_TREE_TOP_DOWN);
  return self->direction;
}

void
st_call_tree_get_range (StCallTree *self, gint64 *start, gint64 *end)
{
  g_return_if_fail (ST_IS_CALL_TREE (self));
  *start = self->start;
  *end = self->end;
}

gboolean
st_call_tree_get_by_thread (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), FALSE);
  return self->by_thread;
}

gint64
st_call_tree_get_time (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), 0);
  return self->time_ns;
}

static GArray *
frames_of (StCallTree *self)
{
  return self->top_down != NULL ? self->top_down->frames : self->frames;
}

guint64
st_call_tree_get_n_frames (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), 0);
  return frames_of (self)->len;
}

guint
st_call_tree_get_max_depth (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), 0);
  return self->max_depth;
}

guint
st_call_tree_get_n_nodes (StCallTree *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), 0);
  return self->nodes->len;
}

const StCallNode *
st_call_tree_get_node (StCallTree *self, guint node)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), NULL);
  g_return_val_if_fail (node < self->nodes->len, NULL);
  return &g_array_index (self->nodes, StCallNode, node);
}

const guint32 *
st_call_tree_get_children (StCallTree *self, guint node, guint *n_children)
{
  const StCallNode *n = st_call_tree_get_node (self, node);

  g_return_val_if_fail (n != NULL, NULL);
  *n_children = n->n_children;
  return self->children + n->first_child;
}

gint64
st_call_tree_get_weight (StCallTree *self, guint node)
{
  const StCallNode *n = st_call_tree_get_node (self, node);

  g_return_val_if_fail (n != NULL, 0);
  if (node == ST_CALL_TREE_ROOT)
    return self->time_ns;
  return self->direction == ST_CALL_TREE_TOP_DOWN ? n->total_ns : n->self_ns;
}

double
st_call_tree_get_share (StCallTree *self, guint node)
{
  g_return_val_if_fail (ST_IS_CALL_TREE (self), 0);
  return self->time_ns > 0 ? 100.0 * st_call_tree_get_weight (self, node) / self->time_ns : 0;
}

/* A frame's name as a node shows it: "ProfilerStep#12" as "ProfilerStep#*"
 * (docs/metrics.md 15.3). */
char *
st_call_tree_name_label (const char *name)
{
  gsize n = strlen (name);

  while (n > 0 && g_ascii_isdigit (name[n - 1]))
    n--;
  if (n == 0 || n == strlen (name) || name[n - 1] != '#')
    return g_strdup (name);
  return g_strdup_printf ("%.*s*", (int)n, name);
}

gboolean
st_call_tree_is_thread (StCallTree *self, guint node)
{
  const StCallNode *n = st_call_tree_get_node (self, node);

  return n != NULL && n->track != ST_CALL_TREE_NO_TRACK;
}

char *
st_call_tree_dup_label (StCallTree *self, guint node)
{
  const StCallNode *n = st_call_tree_get_node (self, node);
  const StTrack    *track;
  g_autofree char  *process = NULL;

  g_return_val_if_fail (n != NULL, NULL);
  if (n->track == ST_CALL_TREE_NO_TRACK)
    return st_call_tree_name_label (st_trace_get_string (self->trace, n->name));
  track = st_trace_get_track (self->trace, n->track);
  if (track->process == ST_NO_PROCESS)
    return g_strdup (st_trace_get_string (self->trace, track->name));
  process = st_trace_dup_process_title (self->trace, track->process);
  return g_strdup_printf ("%s / %s", process, st_trace_get_string (self->trace, track->name));
}

/* The key a node is found by among its parent's children (see
 * StCallChildTable). */
static guint32
key_of (StCallTree *self, const StCallNode *n)
{
  return n->track == ST_CALL_TREE_NO_TRACK ? n->name
                                           : st_trace_get_n_strings (self->trace) + n->track;
}

/* Marks the top-down nodes whose frames are @node's: @node itself, or for
 * a bottom-up node, the paths that end with its chain turned around. */
static void
mark_top_down (StCallTree *self, guint node, guint8 *marks)
{
  StCallTree         *td = self->top_down;
  const StCallNode   *b = st_call_tree_get_node (self, node);
  g_autofree guint32 *chain = g_new (guint32, b->depth);
  guint               k = 0;

  if (td == NULL)
    {
      /* a thread's instances are its root frames */
      for (guint i = 0; b->track != ST_CALL_TREE_NO_TRACK && i < b->n_children; i++)
        marks[self->children[b->first_child + i]] = 1;
      marks[node] = 1;
      return;
    }
  /* the chain from its root (the frames' name) out to the node (the
   * outermost caller) */
  k = b->depth;
  for (guint32 i = node; i != ST_CALL_TREE_ROOT;
       i = g_array_index (self->nodes, StCallNode, i).parent)
    chain[--k] = key_of (self, &g_array_index (self->nodes, StCallNode, i));
  k = b->depth;
  for (guint t = 1; t < td->nodes->len; t++)
    {
      guint32 at = t;
      guint   j = 0;

      for (; j < k && at != ST_CALL_TREE_ROOT; j++)
        {
          const StCallNode *n = &g_array_index (td->nodes, StCallNode, at);

          if (key_of (td, n) != chain[j])
            break;
          at = n->parent;
        }
      marks[t] = j == k && st_call_tree_is_thread (td, t) == FALSE;
    }
}

guint
st_call_tree_get_instances (StCallTree *self, guint node, GArray *refs)
{
  StCallTree        *td;
  g_autofree guint8 *marks = NULL;
  GArray            *frames;
  guint              n = 0;

  g_return_val_if_fail (ST_IS_CALL_TREE (self), 0);
  g_return_val_if_fail (node < self->nodes->len, 0);

  if (node == ST_CALL_TREE_ROOT)
    return 0;
  td = self->top_down != NULL ? self->top_down : self;
  frames = td->frames;
  marks = g_new0 (guint8, td->nodes->len);
  mark_top_down (self, node, marks);
  for (guint i = 0; i < frames->len; i++)
    {
      const StCallFrame *f = &g_array_index (frames, StCallFrame, i);

      if (marks[f->node])
        {
          g_array_append_val (refs, ((StEventRef){ f->ref.track, f->ref.index, ST_EVENT_SLICE }));
          n++;
        }
    }
  return n;
}
