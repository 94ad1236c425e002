/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-histogram-plot.c: one operation's distribution as a person sees
 * it, read back from an image surface, on the durations of
 * tests/data/distribution/durations.json (worked out by hand in
 * tests/model/test-name-distribution.c). The bars stand where the log axis
 * puts them — computed here from the definition, bin k from k / B to
 * (k + 1) / B decades across the plot area — as tall as their counts, empty
 * bins draw nothing, the selected bins are framed and faintly shaded in
 * the accent colour (the others' bars paler), the
 * groups are stacked in their own colours, and the bin of 0 ns has its slot
 * at the left. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-histogram-plot.h"
#include "st-test-util.h"

#include <math.h>
#include <pango/pangocairo.h>

#define FONT "DejaVu Sans 9"
#define W    400
#define H    200

typedef struct
{
  StNameDistribution *d;
  StHistogramPlot     plot;
  StHistogramLayout   layout;
  StChartStyle        style;
  cairo_surface_t    *surface;
} Picture;

static void
picture_clear (Picture *p)
{
  g_clear_pointer (&p->surface, cairo_surface_destroy);
  g_clear_pointer (&p->d, st_name_distribution_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

static void
draw (Picture *p, const char *name, StGrouping grouping, gint selected)
{
  g_autoptr (StTrace)              trace = st_test_load ("distribution", "durations.json", NULL);
  PangoFontMap                    *map = pango_cairo_font_map_get_default ();
  PangoContext                    *context = pango_font_map_create_context (map);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string (FONT);
  g_autoptr (PangoLayout)          pango = NULL;
  cairo_t                         *cr;

  p->d = st_name_distribution_compute (trace, st_trace_lookup_string (trace, name), NULL, grouping,
                                       NULL);
  pango_context_set_font_description (context, font);
  pango = pango_layout_new (context);
  p->plot = (StHistogramPlot){
    .distribution = p->d,
    .selected_first = selected,
    .selected_last = selected,
    .hover = -1,
    .focus = -1,
    .empty_text = "No instances",
    .other_text = "Other",
    .no_parent_text = "No parent",
  };
  st_chart_style_init_default (&p->style, FALSE);
  st_histogram_plot_layout (&p->layout, pango, &p->plot, W, H);
  p->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
  cr = cairo_create (p->surface);
  st_histogram_plot_draw (cr, pango, &p->layout, &p->style, &p->plot);
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

static guint32
rgb_of (const StColor *c)
{
  return ((guint32)lround (c->r * 255) << 16) | ((guint32)lround (c->g * 255) << 8)
         | (guint32)lround (c->b * 255);
}

static gboolean
near (guint32 a, guint32 b)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff)) > 2)
      return FALSE;
  return TRUE;
}

/* The middle of bin @k on a log axis from @lo to @hi decades over the plot
 * area: the definition, not the plot's own function. */
static double
bin_middle_x (const Picture *p, gint k, double lo, double hi)
{
  double decades = (k + 0.5) / p->d->bins_per_decade;

  return p->layout.x + (decades - lo) / (hi - lo) * p->layout.w;
}

/* The height @share of the plot area up from its bottom. */
static double
up (const Picture *p, double share)
{
  return p->layout.y + p->layout.h * (1 - share);
}

/* gemm: B = 20, bins k 60 (3 decades) to 100 (5.05 decades at the end);
 * the tallest bin, k 60, holds 2, so the scale tops at 2 and a bin of 1
 * is half as tall. */
static void
test_bars (void)
{
  g_auto (Picture) p = { 0 };
  guint32          bar;
  double           lo = 3.0, hi = 101.0 / 20;

  draw (&p, "gemm", ST_GROUPING_NONE, -1);
  bar = rgb_of (&p.style.series[0]);
  g_assert_cmpuint (p.layout.y_max, ==, 2);
  /* k 60, two instances: the bar reaches the top */
  g_assert_true (near (pixel (&p, bin_middle_x (&p, 60, lo, hi), up (&p, 0.9)), bar));
  /* k 61 and 100, one each: up to half the height, not above */
  g_assert_true (near (pixel (&p, bin_middle_x (&p, 61, lo, hi), up (&p, 0.3)), bar));
  g_assert_false (near (pixel (&p, bin_middle_x (&p, 61, lo, hi), up (&p, 0.7)), bar));
  g_assert_true (near (pixel (&p, bin_middle_x (&p, 100, lo, hi), up (&p, 0.3)), bar));
  /* k 62 and 90 hold nothing */
  g_assert_false (near (pixel (&p, bin_middle_x (&p, 62, lo, hi), up (&p, 0.1)), bar));
  g_assert_false (near (pixel (&p, bin_middle_x (&p, 90, lo, hi), up (&p, 0.1)), bar));
  /* what is hit is the bin drawn there */
  g_assert_cmpint (
      st_histogram_plot_bin_at (&p.layout, &p.plot, bin_middle_x (&p, 73, lo, hi), up (&p, 0.5)),
      ==, 73 - 60);
}

/* The selected bin, k 63 (one instance), is faintly shaded in the accent
 * colour above its bar and framed in it; its neighbour k 64 is not. */
static void
test_selected (void)
{
  g_auto (Picture) p = { 0 };
  double           lo = 3.0, hi = 101.0 / 20;
  guint32          shaded, plain;

  draw (&p, "gemm", ST_GROUPING_NONE, 63 - 60);
  shaded = pixel (&p, bin_middle_x (&p, 63, lo, hi), up (&p, 0.8));
  plain = pixel (&p, bin_middle_x (&p, 64, lo, hi), up (&p, 0.8));
  g_assert_cmpuint (plain, ==, 0xffffff);
  g_assert_cmpuint (shaded & 0xff, >, (shaded >> 16) & 0xff); /* bluer than red: the accent */
  /* the frame's left side, just left of where the bin starts */
  g_assert_true (
      near (pixel (&p,
                   floor (bin_middle_x (&p, 63, lo, hi)
                          - (bin_middle_x (&p, 64, lo, hi) - bin_middle_x (&p, 63, lo, hi)) / 2)
                       - 1.5,
                   up (&p, 0.8)),
            rgb_of (&p.style.accent)));
  g_assert_true (
      near (pixel (&p, bin_middle_x (&p, 63, lo, hi), up (&p, 0.3)), rgb_of (&p.style.series[0])));
  /* the bars outside the selection step back: k 60's is lighter than its
   * colour, not white */
  plain = pixel (&p, bin_middle_x (&p, 60, lo, hi), up (&p, 0.5));
  g_assert_false (near (plain, rgb_of (&p.style.series[0])));
  g_assert_cmpuint (plain, !=, 0xffffff);
}

/* By track: both 1000 ns kernels (k 60) are stream 7's, the largest group,
 * in the first colour; the 100 µs one (k 100) is stream 8's, in the
 * second. The legend takes a row under the axis. */
static void
test_groups (void)
{
  g_auto (Picture) p = { 0 };
  double           lo = 3.0, hi = 101.0 / 20;

  draw (&p, "gemm", ST_GROUPING_TRACK, -1);
  g_assert_cmpuint (p.layout.legend_rows, ==, 1);
  g_assert_true (
      near (pixel (&p, bin_middle_x (&p, 60, lo, hi), up (&p, 0.5)), rgb_of (&p.style.series[0])));
  g_assert_true (
      near (pixel (&p, bin_middle_x (&p, 100, lo, hi), up (&p, 0.3)), rgb_of (&p.style.series[1])));
  /* the legend's swatches, in the same colours */
  g_assert_true (near (pixel (&p, 6 + 5, p.layout.legend_y), rgb_of (&p.style.series[0])));
}

/* tick: 0, 0 and 5 ns. The bin of 0 ns, two instances, stands at the left
 * in a slot as wide as a bin: the plot area holds it, half a bin of gap
 * and the one positive bin, 2.5 bins in all. */
static void
test_zero_slot (void)
{
  g_auto (Picture) p = { 0 };
  double           unit;

  draw (&p, "tick", ST_GROUPING_NONE, -1);
  unit = p.layout.w / 2.5;
  g_assert_true (
      near (pixel (&p, p.layout.x + unit / 2, up (&p, 0.9)), rgb_of (&p.style.series[0])));
  g_assert_false (
      near (pixel (&p, p.layout.x + unit * 1.25, up (&p, 0.2)), rgb_of (&p.style.series[0])));
  g_assert_true (
      near (pixel (&p, p.layout.x + unit * 2, up (&p, 0.3)), rgb_of (&p.style.series[0])));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/histogram/bars", test_bars);
  g_test_add_func ("/render/histogram/selected", test_selected);
  g_test_add_func ("/render/histogram/groups", test_groups);
  g_test_add_func ("/render/histogram/zero-slot", test_zero_slot);

  return g_test_run ();
}
