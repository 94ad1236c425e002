/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flame-plot.h: a call tree drawn as a flame graph with cairo, without a
 * widget (docs/metrics.md 15.6): a row per level, the roots at the top,
 * each node a box as wide as its weight (total top-down, self bottom-up)
 * over the weight of the node zoomed into, which fills the width; the
 * zoomed node's ancestors stay above it, full width. Children go left to
 * right in the tree's order, each in the colour the timeline gives its
 * name, labelled where the name fits. Boxes narrower than half a pixel are
 * left out, with everything under them.
 *
 * Drawing and hit testing walk the same geometry, so what is hit is what
 * is drawn.
 */
#pragma once

#include <cairo.h>

#include "st-call-tree.h"
#include "st-label-cache.h"
#include "st-palette.h"

G_BEGIN_DECLS

#define ST_FLAME_PLOT_NONE G_MAXUINT

typedef struct
{
  StCallTree *tree;
  guint       zoom;     /* the node that fills the width; ST_CALL_TREE_ROOT: every root */
  guint       selected; /* outlined, or ST_FLAME_PLOT_NONE */
  guint       hover;    /* outlined faintly, or ST_FLAME_PLOT_NONE */
  double      row_height;
  double      width;
} StFlamePlot;

/* A row per level of the tree. */
double st_flame_plot_get_height (const StFlamePlot *plot);
/* Where @node is drawn: FALSE when it is not (outside the zoom, or too
 * narrow). */
gboolean
st_flame_plot_node_rect (const StFlamePlot *plot, guint node, double *x, double *y, double *width);
/* The node drawn at (@x, @y), or ST_FLAME_PLOT_NONE. */
guint st_flame_plot_node_at (const StFlamePlot *plot, double x, double y);
/* Draws the rows that meet [@clip_y0, @clip_y1). */
void st_flame_plot_draw (cairo_t           *cr,
                         StLabelCache      *labels,
                         const StPalette   *palette,
                         const StFlamePlot *plot,
                         double             clip_y0,
                         double             clip_y1);

G_END_DECLS
