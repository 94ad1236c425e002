/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flame-graph.h: a call tree's flame graph (src/render/st-flame-plot.h)
 * in a widget: scrolls up and down in a GtkScrolledWindow (it draws only
 * the rows in view), tells what is under the pointer in a tooltip, and
 * zooms into a box when it is clicked (into an ancestor above the zoomed
 * box: back out to it), saying which node was clicked.
 */
#pragma once

#include <gtk/gtk.h>

#include "st-call-tree.h"

G_BEGIN_DECLS

#define ST_TYPE_FLAME_GRAPH (st_flame_graph_get_type ())

G_DECLARE_FINAL_TYPE (StFlameGraph, st_flame_graph, ST, FLAME_GRAPH, GtkWidget)

GtkWidget  *st_flame_graph_new (void);
StCallTree *st_flame_graph_get_tree (StFlameGraph *self);
/* A new tree shows whole, nothing selected. */
void  st_flame_graph_set_tree (StFlameGraph *self, StCallTree *tree);
guint st_flame_graph_get_zoom (StFlameGraph *self);
void  st_flame_graph_set_zoom (StFlameGraph *self, guint node);
/* ST_FLAME_GRAPH_NONE for none. */
guint st_flame_graph_get_selected (StFlameGraph *self);
void  st_flame_graph_set_selected (StFlameGraph *self, guint node);
/* Where @node is drawn, in the widget's coordinates (the rows scrolled
 * out of view above have negative y); FALSE when it is not drawn. */
gboolean st_flame_graph_get_node_rect (StFlameGraph *self, guint node, graphene_rect_t *rect);
/* Scrolls so that @node's row is in view. */
void st_flame_graph_scroll_to (StFlameGraph *self, guint node);

#define ST_FLAME_GRAPH_NONE G_MAXUINT

G_END_DECLS
