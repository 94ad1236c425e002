/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-invert.c: the bottom-up tree (docs/metrics.md 15.4), made
 * from the top-down one rather than from the frames: every frame of a
 * top-down node has the same path, so a node adds its count, self time and
 * total to the bottom-up node of each chain of its path turned around —
 * its name, its name and its parent's, and so on up to its root frame (and
 * thread). The work is the top-down nodes times their depth, far fewer
 * than the frames.
 *
 * A total counts a recursion once: the nodes are visited depth first, and
 * a bottom-up node already reached from an ancestor on the way down (the
 * outer call of a recursion) takes no total from the nodes below it.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-call-tree-private.h"

/* A chain of callers is followed this far: deeper recursion (a slice
 * nested 20 000 deep) would make the tree its depth squared. */
#define MAX_CHAIN 256

typedef struct
{
  StCallTree      *td;
  StCallTree      *bu;
  StCallChildTable table;
  guint            n_strings;
  GArray          *active; /* guint32 per bottom-up node: how many nodes above reach it */
  GArray          *chains; /* guint32: the bottom-up nodes of each node on the way down */
} Inverter;

static const StCallNode *
td_node (Inverter *inv, guint32 node)
{
  return &g_array_index (inv->td->nodes, StCallNode, node);
}

static StCallNode *
bu_node (Inverter *inv, guint32 node)
{
  return &g_array_index (inv->bu->nodes, StCallNode, node);
}

/* The bottom-up child of @parent for the top-down node @from's name (or
 * thread), made when it has none. */
static guint32
child_for (Inverter *inv, guint32 parent, const StCallNode *from)
{
  guint32 key = from->track == ST_CALL_TREE_NO_TRACK ? from->name : inv->n_strings + from->track;
  guint32 node = st_call_child_table_lookup (&inv->table, parent, key);

  if (node == G_MAXUINT32)
    {
      guint32 zero = 0;

      node = st_call_tree_add_node (inv->bu, parent, from->name, from->track);
      st_call_child_table_insert (&inv->table, parent, key, node);
      g_array_append_val (inv->active, zero);
    }
  return node;
}

/* Adds top-down @node to the bottom-up nodes of its chains, and keeps
 * them on the chains' stack for the nodes below it. */
static void
enter (Inverter *inv, guint32 node)
{
  const StCallNode *n = td_node (inv, node);
  guint32           parent = ST_CALL_TREE_ROOT;
  guint             steps = 0;

  for (guint32 at = node; at != ST_CALL_TREE_ROOT && steps < MAX_CHAIN;
       at = td_node (inv, at)->parent, steps++)
    {
      guint32     b = child_for (inv, parent, td_node (inv, at));
      guint32    *active = &g_array_index (inv->active, guint32, b);
      StCallNode *out = bu_node (inv, b);

      out->count += n->count;
      out->self_ns += n->self_ns;
      if (inv->td->idle_frames[node])
        out->idle_ns += n->self_ns;
      if (*active == 0)
        out->total_ns += n->total_ns;
      (*active)++;
      g_array_append_val (inv->chains, b);
      parent = b;
    }
}

/* Takes @node's chains off the stack. */
static void
leave (Inverter *inv, guint32 node)
{
  guint depth = MIN (td_node (inv, node)->depth, MAX_CHAIN);

  for (guint k = 0; k < depth; k++)
    g_array_index (inv->active, guint32,
                   g_array_index (inv->chains, guint32, inv->chains->len - 1 - k))--;
  g_array_set_size (inv->chains, inv->chains->len - depth);
}

typedef struct
{
  guint32 node;
  guint32 next; /* the next child to visit */
} Visit;

/* Every frame node, depth first; a thread is no root of the bottom-up tree
 * (it has no self time) but is on its frames' chains. */
static gboolean
visit_all (Inverter *inv, GCancellable *cancellable)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Visit));
  Visit              top = { ST_CALL_TREE_ROOT, 0 };
  guint              steps = 0;

  g_array_append_val (stack, top);
  while (stack->len > 0)
    {
      Visit         *v = &g_array_index (stack, Visit, stack->len - 1);
      guint          n_children;
      const guint32 *children = st_call_tree_get_children (inv->td, v->node, &n_children);
      Visit          child;

      if (v->next == n_children)
        {
          if (v->node != ST_CALL_TREE_ROOT && !st_call_tree_is_thread (inv->td, v->node))
            leave (inv, v->node);
          g_array_set_size (stack, stack->len - 1);
          continue;
        }
      child = (Visit){ children[v->next++], 0 };
      if (!st_call_tree_is_thread (inv->td, child.node))
        enter (inv, child.node);
      g_array_append_val (stack, child);
      if ((++steps & 0xffff) == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
    }
  return TRUE;
}

StCallTree *
st_call_tree_invert (StCallTree *top_down, GCancellable *cancellable, GError **error)
{
  g_autoptr (StCallTree) bu = NULL;
  Inverter               inv = { 0 };
  guint32                zero = 0;
  gboolean               ok;

  g_return_val_if_fail (ST_IS_CALL_TREE (top_down), NULL);
  g_return_val_if_fail (top_down->direction == ST_CALL_TREE_TOP_DOWN, NULL);

  bu = st_call_tree_new_empty (top_down->trace, ST_CALL_TREE_BOTTOM_UP);
  bu->top_down = g_object_ref (top_down);
  bu->start = top_down->start;
  bu->end = top_down->end;
  bu->by_thread = top_down->by_thread;
  bu->time_ns = top_down->time_ns;
  inv = (Inverter){ .td = top_down,
                    .bu = bu,
                    .n_strings = st_trace_get_n_strings (top_down->trace) };
  inv.active = g_array_new (FALSE, FALSE, sizeof (guint32));
  inv.chains = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (inv.active, zero);
  st_call_child_table_init (&inv.table);
  ok = visit_all (&inv, cancellable);
  st_call_child_table_clear (&inv.table);
  g_array_unref (inv.active);
  g_array_unref (inv.chains);
  if (!ok)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  /* the scope's own numbers: every frame, counted once */
  bu_node (&inv, ST_CALL_TREE_ROOT)->count = st_call_tree_get_n_frames (top_down);
  bu_node (&inv, ST_CALL_TREE_ROOT)->total_ns
      = st_call_tree_get_node (top_down, ST_CALL_TREE_ROOT)->total_ns;
  st_call_tree_finish (bu);
  return g_steal_pointer (&bu);
}
