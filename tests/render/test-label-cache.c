/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A track's label in a narrow gutter keeps its end whole: "rank 1 · GPU 0
 * · stream 7" cut before the device, not inside it (the issue saw "rank…
 * U 0"). Drawn on image surfaces and compared pixel by pixel with the end
 * drawn alone. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-label-cache.h"

#define W 400
#define H 30

static const char text[] = "rank 1 · GPU 0 · stream 7";
/* the device begins after "rank 1 · " */
#define TAIL (sizeof "rank 1 · " - 1)

static cairo_surface_t *
blank (void)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
}

static guint8
alpha_at (cairo_surface_t *s, int x, int y)
{
  const guint8 *row = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s);

  return ((const guint32 *)row)[x] >> 24;
}

/* The column after the rightmost inked pixel; 0 when nothing is drawn. */
static int
ink_end (cairo_surface_t *s)
{
  cairo_surface_flush (s);
  for (int x = W - 1; x >= 0; x--)
    for (int y = 0; y < H; y++)
      if (alpha_at (s, x, y) != 0)
        return x + 1;
  return 0;
}

static gboolean
any_ink (cairo_surface_t *s, int from, int to)
{
  for (int x = from; x < to; x++)
    for (int y = 0; y < H; y++)
      if (alpha_at (s, x, y) != 0)
        return TRUE;
  return FALSE;
}

static void
draw (cairo_surface_t *s, StLabelCache *labels, guint64 key, const char *t, gsize tail, int width)
{
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (tail == G_MAXSIZE)
    g_assert_true (st_label_cache_draw (labels, cr, key, t, 0, H / 2.0, width));
  else
    g_assert_true (st_label_cache_draw_keeping_end (labels, cr, key, t, tail, 0, H / 2.0, width));
  cairo_destroy (cr);
}

/* Narrower than the whole but wide enough for the end and a little more:
 * the end's pixels are those of the end drawn alone, shifted right by
 * what is left of the rank, and something of the rank is drawn before
 * it; all within the width. */
static void
test_keeps_end (void)
{
  g_autoptr (StLabelCache) labels = st_label_cache_new ();
  cairo_surface_t         *a = blank (), *b = blank ();
  int                      end_w = st_label_cache_measure (labels, 2, text + TAIL);
  int                      whole_w = st_label_cache_measure (labels, 1, text);
  int                      width = end_w + 40, shift;

  g_assert_cmpint (whole_w, >, width);
  draw (a, labels, 1, text, TAIL, width);
  draw (b, labels, 3, text + TAIL, G_MAXSIZE, W);
  g_assert_cmpint (ink_end (a), <=, width);
  shift = ink_end (a) - ink_end (b);
  g_assert_cmpint (shift, >, 0);
  g_assert_cmpint (shift, <=, 40);
  g_assert_true (any_ink (a, 0, shift));
  for (int x = 0; x + shift < W; x++)
    for (int y = 0; y < H; y++)
      g_assert_cmpuint (alpha_at (a, x + shift, y), ==, alpha_at (b, x, y));
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

/* Wide enough: the whole label, as st_label_cache_draw() draws it. */
static void
test_whole_when_it_fits (void)
{
  g_autoptr (StLabelCache) labels = st_label_cache_new ();
  cairo_surface_t         *a = blank (), *b = blank ();
  int                      whole_w = st_label_cache_measure (labels, 1, text);

  draw (a, labels, 1, text, TAIL, whole_w);
  draw (b, labels, 4, text, G_MAXSIZE, W);
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                           (gsize)cairo_image_surface_get_stride (a) * H),
                   ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/label/keeps-end", test_keeps_end);
  g_test_add_func ("/render/label/whole-when-it-fits", test_whole_when_it_fits);

  return g_test_run ();
}
