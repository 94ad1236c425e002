/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-private.h: what the files of StCallTree share: the tree's
 * fields, the table of a node's children by name, and the steps of a build
 * (st-call-tree-build.c: the top-down walk; st-call-tree-invert.c: the
 * bottom-up tree; st-call-tree-idle.c: the frames that do no work, and the
 * roots' order; st-call-tree.c: the order of the children, reading). */
#pragma once

#include "st-call-tree.h"

G_BEGIN_DECLS

/* A frame: a slice of the scope and its top-down node. */
typedef struct
{
  StSliceRef ref;
  guint32    node;
} StCallFrame;

struct _StCallTree
{
  GObject             parent_instance;
  StTrace            *trace;
  StCallTreeDirection direction;
  gint64              start;
  gint64              end;
  gboolean            by_thread;
  GArray             *nodes;       /* StCallNode; node 0 is the scope */
  guint32            *children;    /* every node's children, one run per node */
  GArray             *frames;      /* StCallFrame, top-down only */
  StCallTree         *top_down;    /* bottom-up: the tree it turns around */
  guint8             *idle_frames; /* top-down, per node: its frames wait or are the profiler's */
  gint64              time_ns;
  guint               max_depth;
};

/* The children of the nodes being made, by (parent, key): open addressing
 * on 64-bit keys. A key is a name id, or for a thread n_strings + its
 * track. */
typedef struct
{
  guint64 *keys;
  guint32 *values; /* node + 1; 0: empty */
  gsize    mask;
  gsize    n;
} StCallChildTable;

void    st_call_child_table_init (StCallChildTable *table);
void    st_call_child_table_clear (StCallChildTable *table);
guint32 st_call_child_table_lookup (StCallChildTable *table, guint32 parent, guint32 key);
void
st_call_child_table_insert (StCallChildTable *table, guint32 parent, guint32 key, guint32 node);

StCallTree *st_call_tree_new_empty (StTrace *trace, StCallTreeDirection direction);
/* A node under @parent; returns its index. */
guint32 st_call_tree_add_node (StCallTree *self, guint32 parent, StStringId name, guint32 track);
/* Makes the children runs, the idle times (top-down; the bottom-up tree
 * sums them from the top-down one's idle_frames) and sorts every node's
 * children in the direction's order. */
void st_call_tree_finish (StCallTree *self);
/* The order of docs/metrics.md 15.3 and 15.4, on node indexes. */
int st_call_tree_compare_children (gconstpointer pa, gconstpointer pb, gpointer self);

/* st-call-tree-idle.c: marks the top-down nodes whose frames are idle and
 * sums every node's idle time (docs/metrics.md 15.5). */
void st_call_tree_mark_idle (StCallTree *self);
/* Sorts every node's children: the roots with the idle ones last. */
void st_call_tree_sort_children (StCallTree *self);

G_END_DECLS
