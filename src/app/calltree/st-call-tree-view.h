/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-call-tree-view.h: a call tree shown two ways at once: a table with
 * expanders, sorted by its columns, and a flame graph under it with its
 * zoom. It opens with the costliest path expanded; selecting a node in one
 * selects it in the other. "node-chosen" says a person chose a node (a
 * row or a box), "node-activated" that they asked for its instances
 * (Enter, a double click); "changed" that the selection or the zoom did,
 * for the actions on them. */
#pragma once

#include <gtk/gtk.h>

#include "st-call-tree.h"

G_BEGIN_DECLS

#define ST_TYPE_CALL_TREE_VIEW (st_call_tree_view_get_type ())

G_DECLARE_FINAL_TYPE (StCallTreeView, st_call_tree_view, ST, CALL_TREE_VIEW, GtkWidget)

GtkWidget *st_call_tree_view_new (void);
/* Shows @tree (or nothing), its costliest path expanded. */
void        st_call_tree_view_set_tree (StCallTreeView *self, StCallTree *tree);
StCallTree *st_call_tree_view_get_tree (StCallTreeView *self);
/* The node selected, or ST_FLAME_GRAPH_NONE. */
guint st_call_tree_view_get_selected (StCallTreeView *self);
/* The costliest path from the node selected (or the roots), its end
 * selected as a person would. */
void st_call_tree_view_expand_hot_path (StCallTreeView *self);
/* The flame graph zoomed into the node selected, out to its caller, or
 * back to the whole tree. */
void     st_call_tree_view_zoom_in (StCallTreeView *self);
void     st_call_tree_view_zoom_out (StCallTreeView *self);
void     st_call_tree_view_zoom_reset (StCallTreeView *self);
gboolean st_call_tree_view_is_zoomed (StCallTreeView *self);

G_END_DECLS
