/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-region-plot.c: the Region Duration Distribution as a person sees
 * it, read back from an image surface: the longest region's dot is the
 * highest, the dots stand where the chart's geometry puts them (by start
 * time between the inset edges of the plot area, or by index a column per
 * region; 0 at the area's bottom and the top of the scale at its top), the
 * time axis has its ticks at round times, a picked dot is an accent badge on
 * a line down to the axis, the keyboard's dot is framed, a click a few
 * pixels off a dot still hits it, the axis labels stay inside the picture,
 * and the dark style has a dark ground.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-region-plot.h"

#include <math.h>
#include <pango/pangocairo.h>

#define FONT   "DejaVu Sans 9"
#define US(us) ((gint64)(us)*1000)
#define W      400
#define H      200

/* Five regions in time order, unevenly spaced in time; the second is the
 * longest, the fourth the shortest. */
static const gint64 durations[] = { US (20), US (80), US (50), US (10), US (35) };
static const gint64 starts[] = { US (0), US (30), US (150), US (210), US (400) };
#define N       G_N_ELEMENTS (durations)
#define LONGEST 1

typedef struct
{
  StRegionPlot       plot;
  StRegionPlotLayout layout;
  StChartStyle       style;
  cairo_surface_t   *surface;
  StRegionDots      *dots;
} Picture;

static void
picture_clear (Picture *p)
{
  g_clear_pointer (&p->surface, cairo_surface_destroy);
  g_clear_pointer (&p->dots, st_region_dots_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

typedef struct
{
  gboolean         dark;
  StRegionPlotAxis axis;
  const guint     *picks;
  guint            n_picks;
  gint             focus;
  gboolean         through_dots; /* drawn as the regions of a huge set are */
} Options;

static void
draw_with (Picture *p, const Options *o)
{
  PangoFontMap                    *map = pango_cairo_font_map_get_default ();
  PangoContext                    *context = pango_font_map_create_context (map);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string (FONT);
  g_autoptr (PangoLayout)          pango = NULL;
  cairo_t                         *cr;

  pango_context_set_font_description (context, font);
  pango = pango_layout_new (context);
  p->plot = (StRegionPlot){
    .durations = durations,
    .starts = starts,
    .n = N,
    .axis = o->axis,
    .selected = -1,
    .hover = -1,
    .focus = o->focus,
    .picks = o->picks,
    .n_picks = o->n_picks,
    .empty_text = "No regions",
  };
  st_chart_style_init_default (&p->style, o->dark);
  st_region_plot_layout (&p->layout, pango, &p->plot, W, H);
  if (o->through_dots)
    {
      p->dots = st_region_dots_new (&p->layout, &p->plot, 1, NULL);
      p->plot.dots = p->dots;
    }
  p->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
  cr = cairo_create (p->surface);
  st_region_plot_draw (cr, pango, &p->layout, &p->style, &p->plot);
  cairo_destroy (cr);
  cairo_surface_flush (p->surface);
  g_object_unref (context);
}

static void
draw (Picture *p, gboolean dark, const guint *picks, guint n_picks)
{
  const Options o = { dark, ST_REGION_PLOT_BY_TIME, picks, n_picks, -1 };

  draw_with (p, &o);
}

static guint32
pixel (const Picture *p, int x, int y)
{
  guchar *data = cairo_image_surface_get_data (p->surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (x, <, W);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (y, <, H);
  return ((guint32 *)(data + y * cairo_image_surface_get_stride (p->surface)))[x] & 0xffffff;
}

static int
channel (guint32 rgb, guint shift)
{
  return (rgb >> shift) & 0xff;
}

/* The region colour (purple) over white, at any alpha that reads. */
static gboolean
is_purple (guint32 rgb)
{
  int r = channel (rgb, 16), g = channel (rgb, 8), b = channel (rgb, 0);

  return r > g + 40 && b > g + 40;
}

static gboolean
is_accent (guint32 rgb)
{
  int r = channel (rgb, 16), g = channel (rgb, 8), b = channel (rgb, 0);

  return b > 200 && b > r + 100 && g > r + 40;
}

/* The accent colour at partial alpha over white: blue well above red. */
static gboolean
is_tint (guint32 rgb)
{
  int r = channel (rgb, 16), b = channel (rgb, 0);

  return b > r + 50;
}

/* Text or lines: darker than the light ground. */
static gboolean
is_ink (guint32 rgb)
{
  return channel (rgb, 16) + channel (rgb, 8) + channel (rgb, 0) < 3 * 200;
}

/* Where the chart's geometry puts region @i: by start time, between the
 * first start at the area's left inset edge and the last start at its right
 * one; by index, its column's middle across the plot area. Up from the
 * area's bottom by its share of the scale. */
static void
expected_on (const Picture *p, StRegionPlotAxis axis, guint i, double *x, double *y)
{
  const StDurationLayout *a = &p->layout.area;
  double                  inset = ST_REGION_PLOT_INSET;

  if (axis == ST_REGION_PLOT_BY_INDEX)
    *x = a->x + (i + 0.5) * a->width / N;
  else
    *x = a->x + inset
         + (double)(starts[i] - starts[0]) / (starts[N - 1] - starts[0]) * (a->width - 2 * inset);
  *y = a->y + a->height - (double)durations[i] / a->y_max * a->height;
}

static void
expected (const Picture *p, guint i, double *x, double *y)
{
  expected_on (p, ST_REGION_PLOT_BY_TIME, i, x, y);
}

/* The plot area leaves the stated margins, and the scale's top is the
 * first round step at or above the longest region. */
static void
test_geometry (void)
{
  g_auto (Picture)        p = { 0 };
  const StDurationLayout *a;

  draw (&p, FALSE, NULL, 0);
  a = &p.layout.area;
  g_assert_cmpfloat (a->y, ==, ST_REGION_PLOT_PAD_TOP);
  g_assert_cmpfloat (a->y + a->height, ==, H - ST_REGION_PLOT_PAD_BOTTOM);
  g_assert_cmpfloat (a->x + a->width, ==, W - ST_REGION_PLOT_PAD_RIGHT);
  g_assert_cmpint (a->y_max % a->step, ==, 0);
  g_assert_cmpint (a->y_max, >=, durations[LONGEST]);
  g_assert_cmpint (a->y_max - a->step, <, durations[LONGEST]);
}

/* The middle of the purple near (@cx, @cy), or FALSE when there is none. */
static gboolean
dot_centre (const Picture *p, double cx, double cy, double *x, double *y)
{
  double sx = 0, sy = 0;
  int    n = 0;

  for (int py = (int)cy - 6; py <= (int)cy + 6; py++)
    for (int px = (int)cx - 6; px <= (int)cx + 6; px++)
      if (py >= 0 && py < H && is_purple (pixel (p, px, py)))
        {
          sx += px + 0.5;
          sy += py + 0.5;
          n++;
        }
  if (n == 0)
    return FALSE;
  *x = sx / n;
  *y = sy / n;
  return TRUE;
}

/* Each dot is where its region's start (or index) and duration put it,
 * the dots go left to right in time order, and the longest region's is the
 * highest. */
static void
check_dots (StRegionPlotAxis axis, gboolean through_dots)
{
  g_auto (Picture) p = { 0 };
  const Options    o = { FALSE, axis, NULL, 0, -1, through_dots };
  double           last_x = -1, top = H;
  guint            highest = 0;

  draw_with (&p, &o);
  for (guint i = 0; i < N; i++)
    {
      double ex, ey, x = 0, y = 0;

      expected_on (&p, axis, i, &ex, &ey);
      g_assert_true (dot_centre (&p, ex, ey, &x, &y));
      g_assert_cmpfloat (fabs (x - ex), <=, 1.0);
      g_assert_cmpfloat (fabs (y - ey), <=, 1.0);
      g_assert_cmpfloat (x, >, last_x);
      last_x = x;
      if (y < top)
        {
          top = y;
          highest = i;
        }
    }
  g_assert_cmpuint (highest, ==, LONGEST);
}

static void
test_dots_by_time (void)
{
  check_dots (ST_REGION_PLOT_BY_TIME, FALSE);
}

static void
test_dots_by_index (void)
{
  check_dots (ST_REGION_PLOT_BY_INDEX, FALSE);
}

/* The dots a huge set is drawn from stand where the dots drawn one by one
 * do: each centred in the pixel of its centre, so within a pixel of it,
 * by time and by index; and a click near one hits it as before. */
static void
test_through_dots (void)
{
  double x, y;

  check_dots (ST_REGION_PLOT_BY_TIME, TRUE);
  check_dots (ST_REGION_PLOT_BY_INDEX, TRUE);
  {
    g_auto (Picture) p = { 0 };
    const Options    o = { FALSE, ST_REGION_PLOT_BY_TIME, NULL, 0, -1, TRUE };

    draw_with (&p, &o);
    for (guint i = 0; i < N; i++)
      {
        expected (&p, i, &x, &y);
        g_assert_cmpint (st_region_plot_point_at (&p.layout, &p.plot, x + 6, y), ==, i);
        g_assert_cmpint (st_region_plot_point_at (&p.layout, &p.plot, x - 4, y + 4), ==, i);
      }
    expected (&p, 2, &x, &y);
    g_assert_cmpint (st_region_plot_point_at (&p.layout, &p.plot, x, y - 30), ==, -1);
  }
}

/* A hundred thousand regions, every 10 µs with durations 10 to 89 µs: drawn
 * one by one they would take seconds a frame, so without their dots the
 * plot shows its axis and no dot (and hits nothing); with them, the band
 * the durations fill is purple from the left of the plot to its right,
 * and nothing is purple above the longest. */
static void
test_huge_set (void)
{
  const guint              n = 100000;
  g_autofree gint64       *many_durations = g_new (gint64, n);
  g_autofree gint64       *many_starts = g_new (gint64, n);
  PangoFontMap            *map = pango_cairo_font_map_get_default ();
  PangoContext            *context = pango_font_map_create_context (map);
  g_autoptr (PangoLayout)  pango = pango_layout_new (context);
  StRegionPlot             plot = { 0 };
  StRegionPlotLayout       layout;
  StChartStyle             style;
  g_autoptr (StRegionDots) dots = NULL;
  Picture                  p = { 0 };

  for (guint i = 0; i < n; i++)
    {
      many_durations[i] = US (10 + (i * 7919) % 80);
      many_starts[i] = US (10) * i;
    }
  plot = (StRegionPlot){ .durations = many_durations,
                         .starts = many_starts,
                         .n = n,
                         .selected = -1,
                         .hover = -1,
                         .focus = -1,
                         .empty_text = "" };
  st_chart_style_init_default (&style, FALSE);
  st_region_plot_layout (&layout, pango, &plot, W, H);
  for (gboolean with_dots = FALSE; with_dots <= TRUE; with_dots++)
    {
      double   x_left = layout.area.x + ST_REGION_PLOT_INSET + 2;
      double   x_right = layout.area.x + layout.area.width - ST_REGION_PLOT_INSET - 2;
      double   y_mid = st_chart_duration_y (&layout.area, US (50));
      double   y_above = st_chart_duration_y (&layout.area, US (95));
      cairo_t *cr;

      if (with_dots)
        plot.dots = dots = st_region_dots_new (&layout, &plot, 1, NULL);
      p.layout = layout;
      p.surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
      cr = cairo_create (p.surface);
      st_region_plot_draw (cr, pango, &layout, &style, &plot);
      cairo_destroy (cr);
      cairo_surface_flush (p.surface);
      g_assert_true (is_purple (pixel (&p, (int)x_left, (int)y_mid)) == with_dots);
      g_assert_true (is_purple (pixel (&p, (int)x_right, (int)y_mid)) == with_dots);
      g_assert_false (is_purple (pixel (&p, (int)x_left, (int)y_above)));
      g_assert_true ((st_region_plot_point_at (&layout, &plot, x_left, y_mid) >= 0) == with_dots);
      g_clear_pointer (&p.surface, cairo_surface_destroy);
    }
  g_object_unref (context);
}

/* A dot is at least 3 px in radius: the purple around its centre covers
 * most of a 5 × 5 square. */
static void
test_dot_size (void)
{
  g_auto (Picture) p = { 0 };
  double           x, y;
  guint            n = 0;

  draw (&p, FALSE, NULL, 0);
  expected (&p, 2, &x, &y);
  for (int py = (int)y - 2; py <= (int)y + 2; py++)
    for (int px = (int)x - 2; px <= (int)x + 2; px++)
      n += is_purple (pixel (&p, px, py));
  g_assert_cmpuint (n, >=, 20);
}

static guint
count (const Picture *p, double cx, double cy, double r, gboolean (*is) (guint32))
{
  guint n = 0;

  for (int y = (int)(cy - r); y <= (int)(cy + r); y++)
    for (int x = (int)(cx - r); x <= (int)(cx + r); x++)
      n += is (pixel (p, x, y));
  return n;
}

static gboolean
is_white (guint32 rgb)
{
  return channel (rgb, 16) > 230 && channel (rgb, 8) > 230 && channel (rgb, 0) > 230;
}

/* A picked dot becomes a disc in the accent colour, with its pick number
 * in white on it; the dots not picked stay plain. */
static void
test_pick_badge (void)
{
  static const guint picks[] = { 3 };
  g_auto (Picture)   plain = { 0 };
  g_auto (Picture)   picked = { 0 };
  double             x, y, other_x, other_y;
  guint              disc;

  draw (&plain, FALSE, NULL, 0);
  draw (&picked, FALSE, picks, 1);
  expected (&picked, 3, &x, &y);
  expected (&picked, 2, &other_x, &other_y);
  /* most of a disc of radius 8 is inside the square of side 2 × 5 */
  disc = count (&picked, x, y, 5, is_accent);
  g_assert_cmpuint (disc, >=, 50);
  g_assert_cmpuint (count (&plain, x, y, ST_REGION_PLOT_PICK_RADIUS, is_accent), ==, 0);
  /* the number "1", white, in the middle of the disc */
  g_assert_cmpuint (count (&picked, x, y, 4, is_white), >=, 3);
  g_assert_cmpuint (count (&picked, other_x, other_y, ST_REGION_PLOT_PICK_RADIUS, is_accent), ==,
                    0);
  /* a line in the accent colour from the badge down to the axis, so the
   * pick shows among many dots */
  for (int py = (int)(y + ST_REGION_PLOT_PICK_RADIUS + 1);
       py < (int)(H - ST_REGION_PLOT_PAD_BOTTOM); py++)
    g_assert_cmpuint (count (&picked, x, py, 1, is_tint), >, 0);
  g_assert_cmpuint (count (&plain, x, y + ST_REGION_PLOT_PICK_RADIUS + 4, 1, is_tint), ==, 0);
}

/* A tick of the time axis: ink in the rows just under the plot area, at
 * @x. */
static gboolean
tick_at (const Picture *p, double x)
{
  int bottom = (int)(p->layout.area.y + p->layout.area.height);

  return is_ink (pixel (p, (int)floor (x), bottom + 1))
         && is_ink (pixel (p, (int)floor (x), bottom + 2));
}

/* The time axis ticks at round times. The starts span 400 µs over about
 * 320 px, and ticks stand at least 90 px apart (the timeline's ruler's
 * spacing): 100 µs would be 80 px, so the step is 200 µs, with ticks at 0,
 * 200 and 400 µs, and none at 100 or 300 µs. */
static void
test_time_ticks (void)
{
  g_auto (Picture) p = { 0 };
  double           x0, x4, y;

  draw (&p, FALSE, NULL, 0);
  expected (&p, 0, &x0, &y);
  expected (&p, N - 1, &x4, &y);
  g_assert_true (tick_at (&p, x0));
  g_assert_true (tick_at (&p, (x0 + x4) / 2));
  g_assert_true (tick_at (&p, x4));
  g_assert_false (tick_at (&p, x0 + (x4 - x0) / 4));
  g_assert_false (tick_at (&p, x0 + (x4 - x0) * 3 / 4));
}

/* A click within 6 px of a dot hits it; one far from every dot hits
 * nothing. */
static void
test_hit_radius (void)
{
  g_auto (Picture) p = { 0 };
  double           x, y;

  draw (&p, FALSE, NULL, 0);
  for (guint i = 0; i < N; i++)
    {
      expected (&p, i, &x, &y);
      g_assert_cmpint (st_region_plot_point_at (&p.layout, &p.plot, x + 6, y), ==, i);
      g_assert_cmpint (st_region_plot_point_at (&p.layout, &p.plot, x - 4, y + 4), ==, i);
    }
  expected (&p, 2, &x, &y);
  g_assert_cmpint (st_region_plot_point_at (&p.layout, &p.plot, x, y - 30), ==, -1);
}

/* The dot the keyboard is on is framed in the accent colour, a square
 * around it wider than a badge; no other dot is. */
static void
test_focus_frame (void)
{
  g_auto (Picture) plain = { 0 };
  g_auto (Picture) focused = { 0 };
  const Options    o = { FALSE, ST_REGION_PLOT_BY_TIME, NULL, 0, 2 };
  double           x, y, other_x, other_y;

  draw (&plain, FALSE, NULL, 0);
  draw_with (&focused, &o);
  expected (&focused, 2, &x, &y);
  expected (&focused, 0, &other_x, &other_y);
  /* the frame's four sides, past the badge's radius */
  g_assert_cmpuint (count (&focused, x - ST_REGION_PLOT_PICK_RADIUS - 3, y, 1, is_accent), >, 0);
  g_assert_cmpuint (count (&focused, x + ST_REGION_PLOT_PICK_RADIUS + 3, y, 1, is_accent), >, 0);
  g_assert_cmpuint (count (&focused, x, y - ST_REGION_PLOT_PICK_RADIUS - 3, 1, is_accent), >, 0);
  g_assert_cmpuint (count (&focused, x, y + ST_REGION_PLOT_PICK_RADIUS + 3, 1, is_accent), >, 0);
  g_assert_cmpuint (count (&plain, x, y, ST_REGION_PLOT_PICK_RADIUS + 4, is_accent), ==, 0);
  g_assert_cmpuint (count (&focused, other_x, other_y, ST_REGION_PLOT_PICK_RADIUS + 4, is_accent),
                    ==, 0);
}

/* The y labels are right of the picture's left edge, left of the plot
 * area; nothing is drawn on the picture's outer rows and columns. */
static void
test_labels_inside (void)
{
  g_auto (Picture)        p = { 0 };
  const StDurationLayout *a;
  guint                   label_ink = 0;
  double                  first_x, first_y;

  draw (&p, FALSE, NULL, 0);
  a = &p.layout.area;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < (int)a->x - 2; x++)
      label_ink += is_ink (pixel (&p, x, y));
  g_assert_cmpuint (label_ink, >, 20);
  for (int y = 0; y < H; y++)
    {
      g_assert_false (is_ink (pixel (&p, 0, y)));
      g_assert_false (is_ink (pixel (&p, W - 1, y)));
    }
  for (int x = 0; x < W; x++)
    {
      g_assert_false (is_ink (pixel (&p, x, 0)));
      g_assert_false (is_ink (pixel (&p, x, H - 1)));
    }
  /* "0 µs", under the first region's dot */
  expected (&p, 0, &first_x, &first_y);
  g_assert_cmpuint (count (&p, first_x, H - ST_REGION_PLOT_PAD_BOTTOM / 2, 4, is_ink), >, 0);
}

static int
luminance (guint32 rgb)
{
  return channel (rgb, 16) + channel (rgb, 8) + channel (rgb, 0);
}

/* Light draws on a light ground, dark on a dark one. */
static void
test_light_and_dark (void)
{
  g_auto (Picture) light = { 0 };
  g_auto (Picture) dark = { 0 };

  draw (&light, FALSE, NULL, 0);
  draw (&dark, TRUE, NULL, 0);
  g_assert_cmpint (luminance (pixel (&light, W - 2, 2)), >, 3 * 200);
  g_assert_cmpint (luminance (pixel (&dark, W - 2, 2)), <, 3 * 60);
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

  g_test_add_func ("/render/region-plot/geometry", test_geometry);
  g_test_add_func ("/render/region-plot/dots-by-time", test_dots_by_time);
  g_test_add_func ("/render/region-plot/dots-by-index", test_dots_by_index);
  g_test_add_func ("/render/region-plot/through-dots", test_through_dots);
  g_test_add_func ("/render/region-plot/huge-set", test_huge_set);
  g_test_add_func ("/render/region-plot/dot-size", test_dot_size);
  g_test_add_func ("/render/region-plot/time-ticks", test_time_ticks);
  g_test_add_func ("/render/region-plot/hit-radius", test_hit_radius);
  g_test_add_func ("/render/region-plot/focus-frame", test_focus_frame);
  g_test_add_func ("/render/region-plot/pick-badge", test_pick_badge);
  g_test_add_func ("/render/region-plot/labels-inside", test_labels_inside);
  g_test_add_func ("/render/region-plot/light-and-dark", test_light_and_dark);

  return g_test_run ();
}
