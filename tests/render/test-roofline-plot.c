/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-roofline-plot.c: the FLOPs card's roofline (docs/metrics.md 13.7) as
 * a person sees it, read back from an image surface: the axes span whole
 * decades around the points, the peak and the ridge point; a point at 100
 * FLOP/B and 500 TFLOP/s stands where the decades put it; the memory roof
 * rises to the ridge point at peak / bandwidth and the compute roof runs
 * flat from there; a disc's area is its time; a click on a disc hits it;
 * without a peak there is no compute roof and a sentence says why; the
 * dark style draws light lines on a dark ground.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-roofline-plot.h"

#include <math.h>
#include <pango/pangocairo.h>

#define FONT "DejaVu Sans 9"
#define W    480
#define H    320
#define BIG  0 /* the point of the most time */

/* The big point at 100 FLOP/B and 500 TFLOP/s, a quarter of its time in
 * the small one at 2 FLOP/B and 2 TFLOP/s. */
static const StRooflinePoint points[] = {
  { 100, 500e12, 4000000, "aten::mm", 0 },
  { 2, 2e12, 1000000, "aten::mul", 3 },
};
#define N G_N_ELEMENTS (points)

/* 1000 TFLOP/s over 8 TB/s: the ridge point at 125 FLOP/B. */
#define PEAK      1e15
#define BANDWIDTH 8e12

typedef struct
{
  StRooflinePlot   plot;
  StRooflineLayout layout;
  StChartStyle     style;
  cairo_surface_t *surface;
} Picture;

static void
picture_clear (Picture *p)
{
  g_clear_pointer (&p->surface, cairo_surface_destroy);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

static void
draw (Picture *p, gboolean dark, double peak, const char *note)
{
  PangoFontMap                    *map = pango_cairo_font_map_get_default ();
  PangoContext                    *context = pango_font_map_create_context (map);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string (FONT);
  g_autoptr (PangoLayout)          pango = NULL;
  cairo_t                         *cr;

  pango_context_set_font_description (context, font);
  pango = pango_layout_new (context);
  p->plot = (StRooflinePlot){
    .points = points,
    .n = N,
    .peak = peak,
    .bandwidth = BANDWIDTH,
    .peak_text = "1 PFLOP/s",
    .bandwidth_text = "8 TB/s",
    .ridge_text = "125 FLOP/B",
    .note = note,
    .x_title = "Arithmetic intensity (FLOP/B)",
    .empty_text = "No shapes",
    .hover = -1,
    .selected = -1,
    .focus = -1,
  };
  st_chart_style_init_default (&p->style, dark);
  st_roofline_plot_layout (&p->layout, pango, &p->plot, W, H);
  p->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
  cr = cairo_create (p->surface);
  st_roofline_plot_draw (cr, pango, &p->layout, &p->style, &p->plot);
  cairo_destroy (cr);
  cairo_surface_flush (p->surface);
  g_object_unref (context);
}

static guint32
pixel (const Picture *p, double x, double y)
{
  guchar *data = cairo_image_surface_get_data (p->surface);
  int     ix = (int)floor (x), iy = (int)floor (y);

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (ix, <, W);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (iy, <, H);
  return ((guint32 *)(data + iy * cairo_image_surface_get_stride (p->surface)))[ix] & 0xffffff;
}

static int
channel (guint32 rgb, guint shift)
{
  return (rgb >> shift) & 0xff;
}

static int
luminance (guint32 rgb)
{
  return channel (rgb, 16) + channel (rgb, 8) + channel (rgb, 0);
}

/* Series 0 (blue) over white, at the discs' alpha. */
static gboolean
is_blue (guint32 rgb)
{
  return channel (rgb, 0) > channel (rgb, 16) + 80;
}

/* Text or a roof: darker than the ground and its grid lines. */
static gboolean
is_ink (guint32 rgb)
{
  return luminance (rgb) < 3 * 200;
}

/* Any ink in the column @x from @y0 to @y1 (a dashed line has gaps). */
static gboolean
ink_in_column (const Picture *p, double x, double y0, double y1)
{
  for (double y = y0; y <= y1; y++)
    if (is_ink (pixel (p, x, y)))
      return TRUE;
  return FALSE;
}

/* Where the decades put an intensity and a rate, worked out from the
 * plot area: x from 10^x_lo at its left edge to 10^x_hi at its right, y
 * from 10^y_lo at its bottom to 10^y_hi at its top, each decade the same
 * length. */
static void
expected_at (const StRooflineLayout *l, double x_decades, double y_decades, double *x, double *y)
{
  *x = l->x + (x_decades - l->x_lo) / (l->x_hi - l->x_lo) * l->width;
  *y = l->y + l->height - (y_decades - l->y_lo) / (l->y_hi - l->y_lo) * l->height;
}

static void
test_axes (void)
{
  g_auto (Picture) p = { 0 };

  draw (&p, FALSE, PEAK, NULL);
  /* intensities 2 and 100 and the ridge at 125: 10^0 to 10^3; rates 2
   * and 500 TFLOP/s and the peak of 1 PFLOP/s: 10^12 to 10^15 */
  g_assert_cmpint (p.layout.x_lo, ==, 0);
  g_assert_cmpint (p.layout.x_hi, ==, 3);
  g_assert_cmpint (p.layout.y_lo, ==, 12);
  g_assert_cmpint (p.layout.y_hi, ==, 15);
  g_assert_cmpfloat_with_epsilon (st_roofline_plot_ridge (&p.plot), 125, 1e-9);
}

static void
test_point_position (void)
{
  g_auto (Picture) p = { 0 };
  double           x, y, ex, ey;

  draw (&p, FALSE, PEAK, NULL);
  /* 100 FLOP/B is 2 decades of 3 across; 500 TFLOP/s is log10 (5) =
   * 0.69897 decades above 10^14, 2.69897 of 3 up */
  expected_at (&p.layout, 2, 14.69897, &ex, &ey);
  g_assert_cmpfloat_with_epsilon (ex, p.layout.x + 2.0 / 3 * p.layout.width, 1e-9);
  st_roofline_plot_position (&p.layout, 100, 500e12, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, ex, 0.01);
  g_assert_cmpfloat_with_epsilon (y, ey, 0.01);
  /* the disc is drawn there */
  g_assert_true (is_blue (pixel (&p, ex, ey)));
}

/* The memory roof at 10 FLOP/B is 10 × 8 TB/s = 80 TFLOP/s; the compute
 * roof starts at the ridge point, 125 FLOP/B (log10 = 2.09691), at the
 * peak, 10^15: the top edge. */
static void
test_roofs (void)
{
  g_auto (Picture) p = { 0 };
  double           x, y, rx, ry;

  draw (&p, FALSE, PEAK, NULL);
  expected_at (&p.layout, 1, 13.90309, &x, &y);
  g_assert_true (is_ink (pixel (&p, x, y)));
  expected_at (&p.layout, 2.09691, 15, &rx, &ry);
  /* flat right of the ridge point, none left of it at that height */
  g_assert_true (is_ink (pixel (&p, rx + 20, ry)));
  g_assert_true (is_ink (pixel (&p, p.layout.x + p.layout.width - 3, ry)));
  g_assert_false (is_ink (pixel (&p, rx - 30, ry + 1)));
  /* the ridge point is marked down to the axis by a dashed line */
  g_assert_true (ink_in_column (&p, rx, ry + 40, ry + 50));
}

/* Area proportional to time: a quarter of the time, half the radius. */
static void
test_sizes_and_hits (void)
{
  g_auto (Picture) p = { 0 };
  double           big, x, y;

  draw (&p, FALSE, PEAK, NULL);
  big = st_roofline_plot_radius (&p.layout, points[BIG].device_ns);
  g_assert_cmpfloat_with_epsilon (big, MIN (ST_ROOFLINE_PLOT_MAX_RADIUS, p.layout.height / 12),
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (st_roofline_plot_radius (&p.layout, points[1].device_ns), big / 2,
                                  1e-9);
  st_roofline_plot_position (&p.layout, 100, 500e12, &x, &y);
  g_assert_cmpint (st_roofline_plot_point_at (&p.layout, &p.plot, x + big + 2, y), ==, BIG);
  g_assert_cmpint (st_roofline_plot_point_at (&p.layout, &p.plot, x + big + 8, y), ==, -1);
  st_roofline_plot_position (&p.layout, 2, 2e12, &x, &y);
  g_assert_cmpint (st_roofline_plot_point_at (&p.layout, &p.plot, x, y), ==, 1);
  /* the name of the point of the most time is written right of it */
  st_roofline_plot_position (&p.layout, 100, 500e12, &x, &y);
  g_assert_true (ink_in_column (&p, x + big + 6, y - 4, y + 4));
}

/* No peak: no compute roof, no ridge point, and the note says why. */
static void
test_unknown_peak (void)
{
  g_auto (Picture) known = { 0 };
  g_auto (Picture) p = { 0 };
  gboolean         any = FALSE;
  double           x, y;

  draw (&known, FALSE, PEAK, NULL);
  draw (&p, FALSE, 0, "peak unknown for Some GPU");
  /* the note has a line of its own above the plot */
  g_assert_cmpfloat (p.layout.y, >, known.layout.y);
  for (double nx = p.layout.x; nx < p.layout.x + 100; nx++)
    any |= ink_in_column (&p, nx, 2, p.layout.y - 20);
  g_assert_true (any);
  /* rates 2 and 500 TFLOP/s alone: up to 10^15 still; intensities up to 100 */
  g_assert_cmpint (p.layout.x_hi, ==, 2);
  g_assert_cmpint (p.layout.y_hi, ==, 15);
  expected_at (&p.layout, 1.5, 15, &x, &y);
  g_assert_false (is_ink (pixel (&p, x, y + 1)));
  /* the memory roof still rises: 10 FLOP/B at 80 TFLOP/s */
  expected_at (&p.layout, 1, 13.90309, &x, &y);
  g_assert_true (is_ink (pixel (&p, x, y)));
}

/* Light draws on a light ground, dark on a dark one, the roofs in the
 * foreground's colour. */
static void
test_light_and_dark (void)
{
  g_auto (Picture) light = { 0 };
  g_auto (Picture) dark = { 0 };
  double           x, y;

  draw (&light, FALSE, PEAK, NULL);
  draw (&dark, TRUE, PEAK, NULL);
  g_assert_cmpint (luminance (pixel (&light, W - 2, H - 2)), >, 3 * 200);
  g_assert_cmpint (luminance (pixel (&dark, W - 2, H - 2)), <, 3 * 60);
  expected_at (&dark.layout, 1, 13.90309, &x, &y);
  g_assert_cmpint (luminance (pixel (&dark, x, y)), >, 3 * 120);
}

const char *__lsan_default_suppressions (void);

const char *
__lsan_default_suppressions (void)
{
  return "leak:libfontconfig.so\n";
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/roofline-plot/axes", test_axes);
  g_test_add_func ("/render/roofline-plot/point-position", test_point_position);
  g_test_add_func ("/render/roofline-plot/roofs", test_roofs);
  g_test_add_func ("/render/roofline-plot/sizes-and-hits", test_sizes_and_hits);
  g_test_add_func ("/render/roofline-plot/unknown-peak", test_unknown_peak);
  g_test_add_func ("/render/roofline-plot/light-and-dark", test_light_and_dark);
  return g_test_run ();
}
