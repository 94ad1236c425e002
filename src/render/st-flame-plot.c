/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-flame-plot.h"

#include <math.h>
#include <string.h>

/* Narrower than this, a box and everything under it is left out. */
#define MIN_BOX_WIDTH 0.5
/* Text stays this far inside its box. */
#define LABEL_PAD 4.0
/* The zoomed node's ancestors are context: drawn paler. */
#define ANCESTOR_ALPHA 0.55

static const StCallNode *
node_of (const StFlamePlot *plot, guint node)
{
  return st_call_tree_get_node (plot->tree, node);
}

static gboolean
is_ancestor_or_self (const StFlamePlot *plot, guint ancestor, guint node)
{
  for (guint at = node;; at = node_of (plot, at)->parent)
    {
      if (at == ancestor)
        return TRUE;
      if (at == ST_CALL_TREE_ROOT)
        return FALSE;
    }
}

/* Pixels per unit of weight: the zoomed node fills the width. */
static double
scale_of (const StFlamePlot *plot)
{
  gint64 weight = st_call_tree_get_weight (plot->tree, plot->zoom);

  return weight > 0 ? plot->width / weight : 0;
}

double
st_flame_plot_get_height (const StFlamePlot *plot)
{
  g_return_val_if_fail (plot != NULL && plot->tree != NULL, 0);
  return st_call_tree_get_max_depth (plot->tree) * plot->row_height;
}

/* Where @child starts among its parent's children, its parent at @x, and
 * how wide it is, cut at the parent's end (partial overlaps can make the
 * children's totals exceed their parent's). */
static void
child_span (const StFlamePlot *plot,
            guint              parent,
            guint              child,
            double             x,
            double             width,
            double             scale,
            double            *child_x,
            double            *child_width)
{
  guint          n;
  const guint32 *children = st_call_tree_get_children (plot->tree, parent, &n);
  double         at = x;

  for (guint i = 0; i < n && children[i] != child; i++)
    at += st_call_tree_get_weight (plot->tree, children[i]) * scale;
  *child_x = at;
  *child_width = MAX (0, MIN (st_call_tree_get_weight (plot->tree, child) * scale, x + width - at));
}

gboolean
st_flame_plot_node_rect (const StFlamePlot *plot, guint node, double *x, double *y, double *width)
{
  const StCallNode  *n;
  g_autoptr (GArray) path = NULL;
  double             at = 0, w = plot->width, scale = scale_of (plot);

  g_return_val_if_fail (plot != NULL && plot->tree != NULL, FALSE);
  if (node == ST_CALL_TREE_ROOT || node >= st_call_tree_get_n_nodes (plot->tree))
    return FALSE;
  n = node_of (plot, node);
  *y = (n->depth - 1) * plot->row_height;
  if (is_ancestor_or_self (plot, node, plot->zoom))
    {
      *x = 0;
      *width = plot->width;
      return TRUE;
    }
  if (!is_ancestor_or_self (plot, plot->zoom, node))
    return FALSE;
  path = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = node; i != plot->zoom; i = node_of (plot, i)->parent)
    g_array_append_val (path, i);
  for (guint k = path->len, parent = plot->zoom; k-- > 0;)
    {
      guint child = g_array_index (path, guint, k);

      child_span (plot, parent, child, at, w, scale, &at, &w);
      if (w < MIN_BOX_WIDTH)
        return FALSE;
      parent = child;
    }
  *x = at;
  *width = w;
  return TRUE;
}

guint
st_flame_plot_node_at (const StFlamePlot *plot, double x, double y)
{
  guint  depth, node = plot->zoom;
  double at = 0, w = plot->width, scale = scale_of (plot);

  g_return_val_if_fail (plot != NULL && plot->tree != NULL, ST_FLAME_PLOT_NONE);
  if (y < 0 || x < 0 || x >= plot->width || plot->row_height <= 0)
    return ST_FLAME_PLOT_NONE;
  depth = (guint)(y / plot->row_height) + 1;
  if (depth <= node_of (plot, plot->zoom)->depth)
    {
      while (node_of (plot, node)->depth > depth)
        node = node_of (plot, node)->parent;
      return node;
    }
  while (node_of (plot, node)->depth < depth)
    {
      guint          n, next = ST_FLAME_PLOT_NONE;
      const guint32 *children = st_call_tree_get_children (plot->tree, node, &n);
      double         cx = at;

      for (guint i = 0; i < n && cx < at + w; i++)
        {
          double cw = MIN (st_call_tree_get_weight (plot->tree, children[i]) * scale, at + w - cx);

          if (cw < MIN_BOX_WIDTH)
            break;
          if (x >= cx && x < cx + cw)
            {
              next = children[i];
              at = cx;
              w = cw;
              break;
            }
          cx += cw;
        }
      if (next == ST_FLAME_PLOT_NONE)
        return ST_FLAME_PLOT_NONE;
      node = next;
    }
  return node;
}

/* --- drawing -------------------------------------------------------------- */

typedef struct
{
  cairo_t           *cr;
  StLabelCache      *labels;
  const StPalette   *palette;
  const StFlamePlot *plot;
  double             clip_y0;
  double             clip_y1;
} Draw;

static void
set_color (cairo_t *cr, const StColor *c, double alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static void
draw_box (Draw *d, guint node, double x, double width, double alpha)
{
  const StCallNode *n = node_of (d->plot, node);
  double            y = (n->depth - 1) * d->plot->row_height, h = d->plot->row_height - 1;
  gboolean          thread = n->track != ST_CALL_TREE_NO_TRACK;
  const char       *name = st_trace_get_string (st_call_tree_get_trace (d->plot->tree), n->name);
  const StColor    *fill = thread ? &d->palette->header
                                  : &d->palette->slices[st_palette_color_index (name, strlen (name))];

  if (y + h < d->clip_y0 || y >= d->clip_y1)
    return;
  set_color (d->cr, fill, alpha);
  cairo_rectangle (d->cr, x, y, MAX (MIN_BOX_WIDTH, width - 1), h);
  cairo_fill (d->cr);
  if (width - 2 * LABEL_PAD >= 16)
    {
      g_autofree char *label = st_call_tree_dup_label (d->plot->tree, node);
      guint64          key = thread ? (G_GUINT64_CONSTANT (1) << 40) | n->track : n->name;

      set_color (d->cr, thread ? &d->palette->foreground : st_palette_text_on (d->palette, fill),
                 alpha);
      st_label_cache_draw (d->labels, d->cr, key, label, x + LABEL_PAD, y + h / 2.0,
                           width - 2 * LABEL_PAD);
    }
}

static void
outline (Draw *d, guint node, const StColor *color, double line_width)
{
  double x, y, w;

  if (node == ST_FLAME_PLOT_NONE || !st_flame_plot_node_rect (d->plot, node, &x, &y, &w))
    return;
  set_color (d->cr, color, 1.0);
  cairo_set_line_width (d->cr, line_width);
  cairo_rectangle (d->cr, x + line_width / 2, y + line_width / 2, MAX (1, w - 1 - line_width),
                   d->plot->row_height - 1 - line_width);
  cairo_stroke (d->cr);
}

typedef struct
{
  guint  node;
  double x;
  double width;
} Span;

/* The zoomed node's descendants, with a stack rather than recursion: a
 * tree may be thousands of levels deep. */
static void
draw_below (Draw *d, double scale)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Span));
  Span               top = { d->plot->zoom, 0, d->plot->width };

  g_array_append_val (stack, top);
  while (stack->len > 0)
    {
      Span           s = g_array_index (stack, Span, stack->len - 1);
      guint          n;
      const guint32 *children = st_call_tree_get_children (d->plot->tree, s.node, &n);
      double         cx = s.x;

      g_array_set_size (stack, stack->len - 1);
      /* the children's row starts below the clip: nothing more to draw */
      if (node_of (d->plot, s.node)->depth * d->plot->row_height >= d->clip_y1)
        continue;
      for (guint i = 0; i < n && cx < s.x + s.width; i++)
        {
          Span c = { children[i], cx, 0 };

          c.width
              = MIN (st_call_tree_get_weight (d->plot->tree, c.node) * scale, s.x + s.width - cx);
          if (c.width < MIN_BOX_WIDTH)
            break; /* the children are by weight: the rest are narrower */
          draw_box (d, c.node, c.x, c.width, 1.0);
          g_array_append_val (stack, c);
          cx += c.width;
        }
    }
}

void
st_flame_plot_draw (cairo_t           *cr,
                    StLabelCache      *labels,
                    const StPalette   *palette,
                    const StFlamePlot *plot,
                    double             clip_y0,
                    double             clip_y1)
{
  Draw d = { cr, labels, palette, plot, clip_y0, clip_y1 };

  g_return_if_fail (plot != NULL && plot->tree != NULL);
  cairo_save (cr);
  for (guint at = plot->zoom; at != ST_CALL_TREE_ROOT; at = node_of (plot, at)->parent)
    draw_box (&d, at, 0, plot->width, at == plot->zoom ? 1.0 : ANCESTOR_ALPHA);
  if (scale_of (plot) > 0)
    draw_below (&d, scale_of (plot));
  outline (&d, plot->hover, &palette->foreground, 1.0);
  outline (&d, plot->selected, &palette->accent, 2.0);
  cairo_restore (cr);
}
