/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree.h: the call tree of a scope (docs/metrics.md 15): the host
 * slices of some tracks over a time range, summed by call path, top-down
 * (a node per path from a root frame) or bottom-up (a node per chain of
 * callers of a name). Built on any thread, read-only after; the bottom-up
 * tree is made from the top-down one, and both know the frames, so a node's
 * instances are found without a walk of the trace.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_CALL_TREE (st_call_tree_get_type ())

G_DECLARE_FINAL_TYPE (StCallTree, st_call_tree, ST, CALL_TREE, GObject)

typedef enum
{
  ST_CALL_TREE_TOP_DOWN,
  ST_CALL_TREE_BOTTOM_UP,
} StCallTreeDirection;

/* What the tree sums (docs/metrics.md 15.2). */
typedef struct
{
  gint64       start; /* [start, end), ns from the profile's start */
  gint64       end;
  const guint *tracks; /* the tracks, or NULL for every track */
  guint        n_tracks;
  gboolean     by_thread; /* a node per thread above its root frames */
} StCallTreeScope;

/* The node that holds the roots: the scope itself. */
#define ST_CALL_TREE_ROOT     0u
#define ST_CALL_TREE_NO_TRACK G_MAXUINT32

typedef struct
{
  StStringId name;  /* its frames' name; a thread node's track name */
  guint32    track; /* a thread node's track, else ST_CALL_TREE_NO_TRACK */
  guint32    parent;
  guint32    depth; /* 0 for the scope, 1 for the roots */
  guint32    first_child;
  guint32    n_children;
  guint64    count;
  gint64     total_ns;
  gint64     self_ns;
  gint64     idle_ns; /* waiting or the profiler's span (docs/metrics.md 15.5) */
} StCallNode;

/* Called now and then on the building thread with the part done, 0 … 1. */
typedef void (*StCallTreeProgress) (double fraction, gpointer user_data);

StCallTree *st_call_tree_build (StTrace               *trace,
                                const StCallTreeScope *scope,
                                GCancellable          *cancellable,
                                StCallTreeProgress     progress,
                                gpointer               user_data,
                                GError               **error);
/* Whether @track may hold frames: a slice track that is not a device
 * track (docs/metrics.md 15.1). */
gboolean st_call_tree_track_holds_frames (StTrace *trace, guint track);
/* The bottom-up tree of @top_down, which it keeps. */
StCallTree *st_call_tree_invert (StCallTree *top_down, GCancellable *cancellable, GError **error);

StTrace            *st_call_tree_get_trace (StCallTree *self);
StCallTreeDirection st_call_tree_get_direction (StCallTree *self);
void                st_call_tree_get_range (StCallTree *self, gint64 *start, gint64 *end);
gboolean            st_call_tree_get_by_thread (StCallTree *self);
/* The sum of every frame's self time (docs/metrics.md 15.3). */
gint64  st_call_tree_get_time (StCallTree *self);
guint64 st_call_tree_get_n_frames (StCallTree *self);
guint   st_call_tree_get_max_depth (StCallTree *self);

guint             st_call_tree_get_n_nodes (StCallTree *self);
const StCallNode *st_call_tree_get_node (StCallTree *self, guint node);
/* The node's children, in the order of docs/metrics.md 15.3 and 15.4. */
const guint32 *st_call_tree_get_children (StCallTree *self, guint node, guint *n_children);
/* What the flame graph and the share measure: total top-down, self
 * bottom-up. */
gint64 st_call_tree_get_weight (StCallTree *self, guint node);
double st_call_tree_get_share (StCallTree *self, guint node);
/* Its frames' name, or a thread node's "process / thread". */
char    *st_call_tree_dup_label (StCallTree *self, guint node);
gboolean st_call_tree_is_thread (StCallTree *self, guint node);
/* How a node shows a frame's name: a trailing "#12" as "#*". */
char *st_call_tree_name_label (const char *name);
/* Whether a frame named @name waits (docs/metrics.md 15.5):
 * "cudaStreamSynchronize", "threading.py(359): wait", "time.sleep"… */
gboolean st_call_tree_name_waits (const char *name);
/* Whether the node's idle time is nine tenths of its weight or more. */
gboolean st_call_tree_is_idle (StCallTree *self, guint node);
/* An idle root (by thread: thread, or root frame): one listed last. */
gboolean st_call_tree_is_idle_root (StCallTree *self, guint node);

/* Appends the node's instances (StEventRef, whole slices) to @refs, in
 * track order and by start within a track; returns how many. */
guint st_call_tree_get_instances (StCallTree *self, guint node, GArray *refs);

G_END_DECLS
