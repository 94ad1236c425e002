/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rect-batch.c: the slices' rectangles come out as cairo fills them.
 *
 * A batch is flushed on an image surface (where whole-pixel boxes in
 * opaque colours are written as pixels) and, for the reference, on a
 * recording surface replayed onto the same background (where only cairo's
 * own fills can draw): the two pictures are the same to the byte, under a
 * shifted user space, a device offset and a clip, and where boxes of two
 * colours overlap the later colour shows. Boxes off whole pixels and
 * translucent colours are drawn as cairo draws them too.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-rect-batch.h"

#define W        64
#define H        40
#define N_COLORS 3

typedef struct
{
  double x, y, w, h;
  guint  color;
} Box;

static const StColor opaque[N_COLORS] = {
  { 1, 0, 0, 1 },
  { 0.2, 0.6, 0.4, 1 },
  { 0, 0, 1, 1 },
};

/* Overlapping across colours and within one, touching, and partly outside
 * the clip and the surface. */
static const Box boxes[] = {
  { 2, 2, 10, 8, 0 },   { 12, 2, 5, 8, 0 },   { 8, 2, 6, 8, 2 },    { 20, 4, 1, 20, 1 },
  { 21, 4, 1, 20, 0 },  { 30, 6, 9, 9, 1 },   { 34, 6, 2, 40, 1 },  { -5, 20, 15, 4, 2 },
  { 40, 20, 40, 6, 0 }, { 45, 18, 3, 10, 2 }, { 50, 30, 8, 30, 1 },
};

static void
draw_scene (cairo_t *cr, const Box *list, guint n, const StColor *colors)
{
  g_autoptr (StRectBatch) batch = st_rect_batch_new (N_COLORS);

  cairo_translate (cr, 3, -2);
  cairo_rectangle (cr, 1, 3, 55, 33);
  cairo_clip (cr);
  for (guint i = 0; i < n; i++)
    st_rect_batch_add (batch, list[i].color, list[i].x, list[i].y, list[i].w, list[i].h);
  st_rect_batch_flush (batch, cr, colors);
}

static cairo_surface_t *
background (cairo_format_t format)
{
  cairo_surface_t *surface = cairo_image_surface_create (format, W, H);
  cairo_t         *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0.9, 0.85, 0.8);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_set_device_offset (surface, 2, 1);
  return surface;
}

static cairo_surface_t *
draw_direct (cairo_format_t format, const Box *list, guint n, const StColor *colors)
{
  cairo_surface_t *surface = background (format);
  cairo_t         *cr = cairo_create (surface);

  draw_scene (cr, list, n, colors);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static cairo_surface_t *
draw_reference (cairo_format_t format, const Box *list, guint n, const StColor *colors)
{
  cairo_surface_t *surface = background (format);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t         *cr = cairo_create (recording);

  draw_scene (cr, list, n, colors);
  cairo_destroy (cr);
  cr = cairo_create (surface);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (recording);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel (cairo_surface_t *surface, int x, int y)
{
  const guchar *data = cairo_image_surface_get_data (surface);

  return ((const guint32 *)(const void *)(data + y * cairo_image_surface_get_stride (surface)))[x];
}

static void
assert_same (cairo_surface_t *a, cairo_surface_t *b)
{
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if (pixel (a, x, y) != pixel (b, x, y))
        g_error ("pixel %d,%d: %08x, cairo draws %08x", x, y, pixel (a, x, y), pixel (b, x, y));
}

static void
check_like_cairo (cairo_format_t format, const Box *list, guint n, const StColor *colors)
{
  cairo_surface_t *direct = draw_direct (format, list, n, colors);
  cairo_surface_t *reference = draw_reference (format, list, n, colors);

  assert_same (direct, reference);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (reference);
}

static void
test_aligned (void)
{
  check_like_cairo (CAIRO_FORMAT_ARGB32, boxes, G_N_ELEMENTS (boxes), opaque);
  check_like_cairo (CAIRO_FORMAT_RGB24, boxes, G_N_ELEMENTS (boxes), opaque);
}

/* Pixel (x, y) of the surface is user point (x - 5, y + 1): the shift of
 * draw_scene and the device offset. */
static void
test_later_colour_on_top (void)
{
  cairo_surface_t *s = draw_direct (CAIRO_FORMAT_ARGB32, boxes, G_N_ELEMENTS (boxes), opaque);
  guint32          ground = pixel (s, 0, 0);

  /* user 10,5: in the red box 2..12 and the blue one 8..14 */
  g_assert_cmphex (pixel (s, 15, 4), ==, 0xff0000ff);
  /* user 15,5: red, grown from 12..17 */
  g_assert_cmphex (pixel (s, 20, 4), ==, 0xffff0000);
  /* user 20,10: green (0x33, 0x99, 0x66); 21,10: red */
  g_assert_cmphex (pixel (s, 25, 9), ==, 0xff339966);
  g_assert_cmphex (pixel (s, 26, 9), ==, 0xffff0000);
  /* user 35,35 and 35,36: in the green box, inside and below the clip (y 3..36) */
  g_assert_cmphex (pixel (s, 40, 34), ==, 0xff339966);
  g_assert_cmphex (pixel (s, 40, 35), ==, ground);
  /* user 0,21 and 1,21: the blue box starts left of the clip (x 1..56) */
  g_assert_cmphex (pixel (s, 5, 20), ==, ground);
  g_assert_cmphex (pixel (s, 6, 20), ==, 0xff0000ff);
  cairo_surface_destroy (s);
}

/* Off whole pixels, edges are shaded as cairo shades them. */
static void
test_fractional (void)
{
  static const Box soft[] = {
    { 2.5, 2, 10, 8, 0 },
    { 8, 2.25, 6, 8, 2 },
    { 20, 4, 0.5, 20, 1 },
  };
  cairo_surface_t *s = draw_direct (CAIRO_FORMAT_ARGB32, soft, G_N_ELEMENTS (soft), opaque);

  check_like_cairo (CAIRO_FORMAT_ARGB32, soft, G_N_ELEMENTS (soft), opaque);
  /* user 2,5: half covered by red */
  g_assert_cmphex (pixel (s, 7, 4), !=, 0xffff0000);
  g_assert_cmphex (pixel (s, 7, 4), !=, pixel (s, 0, 0));
  cairo_surface_destroy (s);
}

static void
test_translucent (void)
{
  StColor seen[N_COLORS] = { opaque[0], opaque[1], { 0, 0, 1, 0.5 } };

  check_like_cairo (CAIRO_FORMAT_ARGB32, boxes, G_N_ELEMENTS (boxes), seen);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rect-batch/aligned", test_aligned);
  g_test_add_func ("/rect-batch/later-colour-on-top", test_later_colour_on_top);
  g_test_add_func ("/rect-batch/fractional", test_fractional);
  g_test_add_func ("/rect-batch/translucent", test_translucent);
  return g_test_run ();
}
