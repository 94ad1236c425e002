/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The flame graph (docs/metrics.md 15.6) drawn on an image surface: boxes
 * where the tree puts them, in the timeline's colour of their name, labels
 * only where they fit, a zoomed node filling the width under its
 * ancestors, and hit testing that finds what is drawn.
 *
 * The tree is tests/data/calltree/nesting.json's, top-down (see
 * tests/model/test-call-tree.c): its time is 1 810 µs, so on a plot
 * 1 810 px wide a µs is a pixel. Roots: step 1 400, p 300, g 60; under
 * step: f 900, g 100; under step → f: f 300, g 100, h 60; under
 * step → f → f: g 100. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-flame-plot.h"
#include "st-test-util.h"

#include <string.h>

#define ROW 20.0

typedef struct
{
  StTrace         *trace;
  StCallTree      *tree;
  cairo_surface_t *surface;
  StLabelCache    *labels;
  StPalette        palette;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  StCallTreeScope scope = { 0 };

  f->trace = st_test_load ("calltree", "nesting.json", NULL);
  scope.end = st_trace_get_end_ns (f->trace);
  f->tree = st_call_tree_build (f->trace, &scope, NULL, NULL, NULL, NULL);
  f->labels = st_label_cache_new ();
  st_palette_init_default (&f->palette, FALSE);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->surface, cairo_surface_destroy);
  st_label_cache_free (f->labels);
  g_clear_object (&f->tree);
  g_clear_object (&f->trace);
}

/* The child of @node labelled @label. */
static guint
child (StCallTree *tree, guint node, const char *label)
{
  guint          n;
  const guint32 *children = st_call_tree_get_children (tree, node, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = st_call_tree_dup_label (tree, children[i]);

      if (g_str_equal (name, label))
        return children[i];
    }
  g_error ("no child %s", label);
}

static void
draw (Fixture *f, const StFlamePlot *plot)
{
  cairo_t *cr;

  g_clear_pointer (&f->surface, cairo_surface_destroy);
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)plot->width,
                                           (int)st_flame_plot_get_height (plot));
  cr = cairo_create (f->surface);
  st_flame_plot_draw (cr, f->labels, &f->palette, plot, 0, st_flame_plot_get_height (plot));
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

/* The pixel at (@x, @y), unpremultiplied, 0 … 255. */
static void
pixel (Fixture *f, int x, int y, guint *r, guint *g, guint *b, guint *a)
{
  guint32 p = *(guint32 *)(void *)(cairo_image_surface_get_data (f->surface)
                                   + y * cairo_image_surface_get_stride (f->surface) + 4 * x);

  *a = p >> 24;
  *r = *a ? ((p >> 16) & 0xff) * 255 / *a : 0;
  *g = *a ? ((p >> 8) & 0xff) * 255 / *a : 0;
  *b = *a ? (p & 0xff) * 255 / *a : 0;
}

static const StColor *
color_of (Fixture *f, const char *name)
{
  return &f->palette.slices[st_palette_color_index (name, strlen (name))];
}

/* The pixel at (@x, @y) is @c at @alpha, to within rounding. */
static void
assert_pixel (Fixture *f, int x, int y, const StColor *c, double alpha)
{
  guint r, g, b, a;

  pixel (f, x, y, &r, &g, &b, &a);
  g_test_message ("(%d, %d): %u %u %u %u", x, y, r, g, b, a);
  g_assert_cmpint (ABS ((int)a - (int)(alpha * 255 + 0.5)), <=, 1);
  g_assert_cmpint (ABS ((int)r - (int)(c->r * 255 + 0.5)), <=, 3);
  g_assert_cmpint (ABS ((int)g - (int)(c->g * 255 + 0.5)), <=, 3);
  g_assert_cmpint (ABS ((int)b - (int)(c->b * 255 + 0.5)), <=, 3);
}

static void
assert_empty (Fixture *f, int x, int y)
{
  guint r, g, b, a;

  pixel (f, x, y, &r, &g, &b, &a);
  g_test_message ("(%d, %d): %u %u %u %u", x, y, r, g, b, a);
  g_assert_cmpuint (a, ==, 0);
}

/* Every row where the tree puts its boxes: a box's right end is at its
 * left end plus its total, in µs, which are pixels here. Pixels are read
 * near a box's right end and top, away from its label. */
static void
test_boxes (Fixture *f, gconstpointer data)
{
  StFlamePlot plot
      = { f->tree, ST_CALL_TREE_ROOT, ST_FLAME_PLOT_NONE, ST_FLAME_PLOT_NONE, ROW, 1810 };
  guint step = child (f->tree, ST_CALL_TREE_ROOT, "step");
  guint step_f = child (f->tree, step, "f");
  guint fg = child (f->tree, child (f->tree, step_f, "f"), "g");

  /* the names compared have colours of their own */
  g_assert_true (color_of (f, "step") != color_of (f, "p"));
  g_assert_true (color_of (f, "f") != color_of (f, "g"));
  g_assert_cmpfloat (st_flame_plot_get_height (&plot), ==, 4 * ROW);
  draw (f, &plot);
  /* row 0: step [0, 1400), p [1400, 1700), g [1700, 1760), then nothing */
  assert_pixel (f, 1396, 2, color_of (f, "step"), 1);
  assert_pixel (f, 1402, 2, color_of (f, "p"), 1);
  assert_pixel (f, 1696, 2, color_of (f, "p"), 1);
  assert_pixel (f, 1756, 2, color_of (f, "g"), 1);
  assert_empty (f, 1765, 2);
  /* row 1: step → f [0, 900), step → g [900, 1000), empty to p's children
   * b [1400, 1510) and a [1510, 1590) */
  assert_pixel (f, 896, 22, color_of (f, "f"), 1);
  assert_pixel (f, 996, 22, color_of (f, "g"), 1);
  assert_empty (f, 1100, 22);
  assert_pixel (f, 1506, 22, color_of (f, "b"), 1);
  assert_pixel (f, 1586, 22, color_of (f, "a"), 1);
  /* row 2: f [0, 300), g [300, 400), h [400, 460) */
  assert_pixel (f, 296, 42, color_of (f, "f"), 1);
  assert_pixel (f, 396, 42, color_of (f, "g"), 1);
  assert_pixel (f, 456, 42, color_of (f, "h"), 1);
  assert_empty (f, 470, 42);
  /* row 3: g [0, 100) */
  assert_pixel (f, 96, 62, color_of (f, "g"), 1);
  assert_empty (f, 110, 62);
  /* what is hit is what is drawn */
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 1396, 2), ==, step);
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 896, 22), ==, step_f);
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 96, 62), ==, fg);
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 1765, 2), ==, ST_FLAME_PLOT_NONE);
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 110, 62), ==, ST_FLAME_PLOT_NONE);
}

/* Zoomed into step → f (900 µs): it fills the 1 810 px, step above it
 * stays full width and paler, and its children scale by 1810 / 900: f to
 * 603.3 px, g to 804.4, h to 925.1. */
static void
test_zoom (Fixture *f, gconstpointer data)
{
  guint       step = child (f->tree, ST_CALL_TREE_ROOT, "step");
  guint       step_f = child (f->tree, step, "f");
  guint       h = child (f->tree, step_f, "h");
  StFlamePlot plot = { f->tree, step_f, ST_FLAME_PLOT_NONE, ST_FLAME_PLOT_NONE, ROW, 1810 };
  double      x, y, w;

  draw (f, &plot);
  assert_pixel (f, 1800, 2, color_of (f, "step"), 0.55);
  assert_pixel (f, 1800, 22, color_of (f, "f"), 1);
  assert_pixel (f, 598, 42, color_of (f, "f"), 1);
  assert_pixel (f, 800, 42, color_of (f, "g"), 1);
  assert_pixel (f, 920, 42, color_of (f, "h"), 1);
  assert_empty (f, 930, 42);
  g_assert_true (st_flame_plot_node_rect (&plot, h, &x, &y, &w));
  g_assert_cmpfloat_with_epsilon (x, 1810.0 * 400 / 900, 1e-9);
  g_assert_cmpfloat_with_epsilon (w, 1810.0 * 60 / 900, 1e-9);
  g_assert_cmpfloat (y, ==, 2 * ROW);
  g_assert_false (
      st_flame_plot_node_rect (&plot, child (f->tree, ST_CALL_TREE_ROOT, "p"), &x, &y, &w));
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 5, 5), ==, step);
  g_assert_cmpuint (st_flame_plot_node_at (&plot, 920, 42), ==, h);
}

/* On a plot 181 px wide (a pixel per 10 µs): step's 140 px hold its label,
 * the root g's 6 px do not; the selected node is outlined in the accent. */
static void
test_labels_and_selection (Fixture *f, gconstpointer data)
{
  guint       p = child (f->tree, ST_CALL_TREE_ROOT, "p");
  StFlamePlot plot = { f->tree, ST_CALL_TREE_ROOT, p, ST_FLAME_PLOT_NONE, ROW, 181 };
  guint       r, g, b, a, text = 0;

  draw (f, &plot);
  /* text pixels (not the box's colour) in step's left part */
  for (int x = 4; x < 40; x++)
    for (int y = 3; y < 17; y++)
      {
        const StColor *c = color_of (f, "step");

        pixel (f, x, y, &r, &g, &b, &a);
        text += ABS ((int)r - (int)(c->r * 255 + 0.5)) > 40;
      }
  g_assert_cmpuint (text, >, 5);
  for (int x = 171; x < 175; x++)
    for (int y = 0; y < 19; y++)
      assert_pixel (f, x, y, color_of (f, "g"), 1);
  /* p [140, 170): its outline's left edge */
  assert_pixel (f, 141, 10, &f->palette.accent, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/render/flame-plot/boxes", Fixture, NULL, fixture_set_up, test_boxes,
              fixture_tear_down);
  g_test_add ("/render/flame-plot/zoom", Fixture, NULL, fixture_set_up, test_zoom,
              fixture_tear_down);
  g_test_add ("/render/flame-plot/labels-and-selection", Fixture, NULL, fixture_set_up,
              test_labels_and_selection, fixture_tear_down);
  return g_test_run ();
}
