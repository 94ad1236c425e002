/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-renderer.c: what the timeline renderer puts on screen, read back
 * pixel by pixel from an image surface.
 *
 * Every expected position comes from the hand-written traces in
 * tests/data/render/ and the viewport maths (x = gutter + (t - start) ×
 * track width / span; rows stack under the ruler and the section header),
 * never from the code under test.
 */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-chart-draw.h"
#include "st-palette.h"
#include "st-queue-length.h"
#include "st-test-util.h"
#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-overlay.h"
#include "st-timeline-renderer.h"

#include <glib/gstdio.h>
#include <math.h>
#include <pango/pangocairo.h>

#define FONT   "DejaVu Sans 9"
#define US(us) ((gint64)(us)*1000)

/* A slice fills its row but for a pixel of margin above and below. */
#define SLICE_HEIGHT (ST_LAYOUT_ROW_HEIGHT - 2)
/* Content y of the first track: under its section header. */
#define FIRST_TRACK_Y ST_LAYOUT_HEADER_HEIGHT
/* Room left of a slice where its label may be drawn. */
#define LABEL_ROOM 60
/* Colour tolerance per 8-bit channel: cairo rounds. */
#define TOLERANCE 2
/* Space between two ruler labels, so they read as two. */
#define MIN_LABEL_GAP 8

/* 2 µs per pixel over a 1000 px track area, and 1 µs per pixel. */
static const StViewport view_2us = { US (-200), US (1800), 1200, 200, 200, 0 };
static const StViewport view_1us = { US (-100), US (900), 1200, 200, 200, 0 };

typedef struct
{
  StTrace            *trace;
  StTimelineLayout   *layout;
  StTimelineRenderer *renderer;
  StPalette           palette;
  StViewport          vp;
  cairo_surface_t    *surface;
} Frame;

static void
frame_clear (Frame *f)
{
  g_clear_pointer (&f->surface, cairo_surface_destroy);
  g_clear_pointer (&f->renderer, st_timeline_renderer_free);
  g_clear_pointer (&f->layout, st_timeline_layout_free);
  g_clear_object (&f->trace);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frame, frame_clear)

/* The row at the bottom of the picture, below every track: what a column
 * looks like where nothing is drawn (the background, or a grid line). */
static int
empty_y (const Frame *f)
{
  return (int)f->vp.height - 2;
}

/* Draws @trace (taken) in @vp with the built-in light or dark palette. */
/* The frame of @trace with @plan's tracks, or every track when NULL. */
static void
frame_draw_plan (Frame             *f,
                 StTrace           *trace,
                 const StTrackPlan *plan,
                 GHashTable        *collapsed,
                 gboolean           dark,
                 const StViewport  *vp)
{
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string (FONT);
  cairo_t                         *cr;

  f->trace = trace;
  f->layout = plan != NULL ? st_timeline_layout_new_planned (trace, collapsed, plan)
                           : st_timeline_layout_new (trace, collapsed);
  f->renderer = st_timeline_renderer_new (trace);
  f->vp = *vp;
  st_palette_init_default (&f->palette, dark);
  st_timeline_renderer_set_palette (f->renderer, &f->palette);
  st_timeline_renderer_set_layout (f->renderer, f->layout);
  st_timeline_renderer_set_font (f->renderer, font);
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)vp->width, (int)vp->height);
  cr = cairo_create (f->surface);
  st_timeline_renderer_draw (f->renderer, cr, vp);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
  g_assert_cmpint (ST_RULER_HEIGHT + st_timeline_layout_get_height (f->layout) - vp->scroll_y, <,
                   empty_y (f));
}

static void
frame_draw (Frame *f, StTrace *trace, GHashTable *collapsed, gboolean dark, const StViewport *vp)
{
  frame_draw_plan (f, trace, NULL, collapsed, dark, vp);
}

/* 0xRRGGBB: the frame is opaque, so premultiplied ARGB is plain RGB. */
static guint32
pixel (const Frame *f, int x, int y)
{
  guchar *data = cairo_image_surface_get_data (f->surface);
  int     stride = cairo_image_surface_get_stride (f->surface);
  guint32 argb;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (f->surface));
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (y, <, cairo_image_surface_get_height (f->surface));
  argb = ((guint32 *)(data + y * stride))[x];
  g_assert_cmphex (argb >> 24, ==, 0xff);
  return argb & 0xffffff;
}

static guint
channel (guint32 rgb, guint shift)
{
  return (rgb >> shift) & 0xff;
}

/* @color at its alpha over @under. */
static guint32
blend (const StColor *color, guint32 under)
{
  const double c[] = { color->b, color->g, color->r };
  guint32      out = 0;

  for (guint i = 0; i < 3; i++)
    out |= (guint32)round (color->a * c[i] * 255 + (1 - color->a) * channel (under, 8 * i))
           << (8 * i);
  return out;
}

static gboolean
near (guint32 a, guint32 b)
{
  for (guint shift = 0; shift < 24; shift += 8)
    if (ABS ((int)channel (a, shift) - (int)channel (b, shift)) > TOLERANCE)
      return FALSE;
  return TRUE;
}

/* A box to check has pixels: a check of nothing passes whatever is drawn. */
static void
assert_not_vacuous (int x0, int x1, int y0, int y1)
{
  g_assert_cmpint (x0, <, x1);
  g_assert_cmpint (y0, <, y1);
}

/* The first pixel of [x0, x1) × [y0, y1) that is not @color over what its
 * column shows where nothing is drawn (NULL @color: just that), as a
 * sentence; NULL when they all are. */
static char *
find_unlike (const Frame *f, int x0, int x1, int y0, int y1, const StColor *color)
{
  assert_not_vacuous (x0, x1, y0, y1);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 empty = pixel (f, x, empty_y (f));
        guint32 want = color != NULL ? blend (color, empty) : empty;

        if (!near (pixel (f, x, y), want))
          return g_strdup_printf ("pixel (%d, %d) is #%06x, expected #%06x", x, y, pixel (f, x, y),
                                  want);
      }
  return NULL;
}

#define assert_box(f, x0, x1, y0, y1, color) \
  g_assert_cmpstr (find_unlike ((f), (x0), (x1), (y0), (y1), (color)), ==, NULL)
#define assert_empty(f, x0, x1, y0, y1) assert_box (f, x0, x1, y0, y1, NULL)

/* How many pixels of the box are (or with @differ, are not) @color. */
static guint
count_near (const Frame *f, int x0, int x1, int y0, int y1, const StColor *color, gboolean differ)
{
  guint n = 0;

  assert_not_vacuous (x0, x1, y0, y1);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (near (pixel (f, x, y), blend (color, 0)) != differ)
        n++;
  return n;
}

static const StColor *
name_color (const Frame *f, const char *name)
{
  StStringId id = st_trace_lookup_string (f->trace, name);

  g_assert_cmpuint (id, !=, ST_STRING_NONE);
  return st_timeline_renderer_name_color (f->renderer, id);
}

static gboolean
same_color (const StColor *a, const StColor *b)
{
  return near (blend (a, 0), blend (b, 0));
}

/* Picture x of time @t; the cases pick times on pixel boundaries. */
static int
col (const StViewport *vp, gint64 t)
{
  double x = vp->gutter
             + (double)(t - vp->start) * (vp->width - vp->gutter) / (double)(vp->end - vp->start);

  g_assert_cmpfloat (x, ==, round (x));
  return (int)x;
}

/* Picture y of the first pixel of a slice on @row of the track whose band
 * starts at content y @band_y. */
static int
row_top (const StViewport *vp, int band_y, guint row)
{
  return ST_RULER_HEIGHT + band_y - (int)vp->scroll_y + row * ST_LAYOUT_ROW_HEIGHT + 1;
}

/* The same on the first track, under the first section header. */
static int
first_row (const StViewport *vp, guint row)
{
  return row_top (vp, FIRST_TRACK_Y, row);
}

static guint
slice_index (const Frame *f, const char *name)
{
  const StSlice *s = st_test_find_slice (f->trace, 0, name);

  g_assert_nonnull (s);
  return s - st_trace_get_track (f->trace, 0)->slices;
}

/* The slice named @name covers [start, end) on @row of the first track, in
 * its colour (but where its label may be), and nothing of it shows just
 * before, just after, or in the margins above and below. */
static void
assert_slice_at (const Frame *f, const char *name, gint64 start, gint64 end, guint row)
{
  const StColor *color = name_color (f, name);
  int            x0 = col (&f->vp, start), x1 = col (&f->vp, end);
  int            y0 = first_row (&f->vp, row), y1 = y0 + SLICE_HEIGHT;

  g_assert_cmpint (x1 - x0, >, LABEL_ROOM);
  assert_box (f, x0, x0 + 1, y0, y1, color);
  assert_box (f, x0 + LABEL_ROOM, x1, y0, y1, color);
  assert_empty (f, x0 - 1, x0, y0, y1);
  assert_empty (f, x1, x1 + 1, y0, y1);
  assert_empty (f, x0, x1, y0 - 1, y0);
  assert_empty (f, x0, x1, y1, y1 + 1);
}

/* slices.json: root [0, 1000) µs at depth 0, child [200, 400) nested in
 * it, overlap [600, 1200) running past root's end without nesting. */
static void
draw_slices (Frame *f, gboolean dark, const StViewport *vp)
{
  frame_draw (f, st_test_load ("render", "slices.json", NULL), NULL, dark, vp);
  g_assert_false (same_color (name_color (f, "root"), name_color (f, "child")));
  g_assert_false (same_color (name_color (f, "root"), name_color (f, "overlap")));
  g_assert_false (same_color (name_color (f, "child"), name_color (f, "overlap")));
}

static void
test_slice_depth0 (void)
{
  g_auto (Frame) f = { 0 };

  draw_slices (&f, FALSE, &view_2us);
  assert_slice_at (&f, "root", US (0), US (1000), 0);
  /* the row below is empty where neither child nor overlap is */
  assert_empty (&f, col (&f.vp, US (500)), col (&f.vp, US (600)), first_row (&f.vp, 1),
                first_row (&f.vp, 1) + SLICE_HEIGHT);
}

static void
test_slice_depth1 (void)
{
  g_auto (Frame) f = { 0 };
  int            x;

  draw_slices (&f, FALSE, &view_2us);
  x = col (&f.vp, US (300));
  assert_slice_at (&f, "child", US (200), US (400), 1);
  /* its parent above it, nothing below it */
  assert_box (&f, x, x + 1, first_row (&f.vp, 0), first_row (&f.vp, 0) + SLICE_HEIGHT,
              name_color (&f, "root"));
  assert_empty (&f, x, x + 1, first_row (&f.vp, 2), first_row (&f.vp, 2) + SLICE_HEIGHT);
}

/* overlap is not nested in root: it goes to the lane below root's nest, the
 * third row, and neither depth 0 nor depth 1 shows it. */
static void
test_slice_extra_lane (void)
{
  g_auto (Frame) f = { 0 };
  int            x;

  draw_slices (&f, FALSE, &view_2us);
  x = col (&f.vp, US (1100));
  assert_slice_at (&f, "overlap", US (600), US (1200), 2);
  assert_empty (&f, x, x + 1, first_row (&f.vp, 0), first_row (&f.vp, 2) - 1);
  g_assert_cmpuint (count_near (&f, col (&f.vp, US (600)), col (&f.vp, US (1000)),
                                first_row (&f.vp, 0), first_row (&f.vp, 2) - 1,
                                name_color (&f, "overlap"), FALSE),
                    ==, 0);
}

/* Hit testing and selection outlines use event_rect: it must agree with
 * where the slices are drawn. */
static void
test_event_rect (void)
{
  static const struct
  {
    const char *name;
    gint64      start, end;
    guint       row;
  } cases[] = {
    { "root", US (0), US (1000), 0 },
    { "child", US (200), US (400), 1 },
    { "overlap", US (600), US (1200), 2 },
  };
  g_auto (Frame) f = { 0 };

  draw_slices (&f, FALSE, &view_2us);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      StEventRef        ref = { 0, slice_index (&f, cases[i].name), ST_EVENT_SLICE };
      cairo_rectangle_t r;

      g_assert_true (st_timeline_renderer_event_rect (f.renderer, &f.vp, ref, &r));
      g_assert_cmpfloat (r.x, ==, col (&f.vp, cases[i].start));
      g_assert_cmpfloat (r.width, ==, col (&f.vp, cases[i].end) - col (&f.vp, cases[i].start));
      g_assert_cmpfloat (r.y, ==, first_row (&f.vp, cases[i].row));
      g_assert_cmpfloat (r.height, ==, SLICE_HEIGHT);
    }
}

/* Scrolled down by half the header: the section's header stays whole
 * under the ruler, over the top of root's row that scrolls under it; child
 * moves up by as much, and nothing of root shows over the ruler. */
static void
test_scrolled (void)
{
  StViewport     vp = view_2us;
  g_auto (Frame) f = { 0 };
  const StColor *root;
  int            x0, x1;

  vp.scroll_y = ST_LAYOUT_HEADER_HEIGHT / 2;
  draw_slices (&f, FALSE, &vp);
  root = name_color (&f, "root");
  x0 = col (&vp, US (700));
  x1 = col (&vp, US (1000));
  assert_slice_at (&f, "child", US (200), US (400), 1);
  g_assert_cmpint (first_row (&vp, 1), ==, first_row (&view_2us, 1) - vp.scroll_y);
  g_assert_cmpint (first_row (&vp, 0), <, ST_RULER_HEIGHT + ST_LAYOUT_HEADER_HEIGHT);
  assert_box (&f, x0, x1, ST_RULER_HEIGHT, ST_RULER_HEIGHT + ST_LAYOUT_HEADER_HEIGHT - 1,
              &f.palette.header);
  assert_box (&f, x0, x1, ST_RULER_HEIGHT + ST_LAYOUT_HEADER_HEIGHT,
              first_row (&vp, 0) + SLICE_HEIGHT, root);
  g_assert_cmpuint (count_near (&f, (int)vp.gutter, (int)vp.width, 0, ST_RULER_HEIGHT, root, FALSE),
                    ==, 0);
}

/* From 500 µs on, root started off screen: it begins at the track area's
 * left edge with its name in view, and nothing of it covers the label
 * column. */
static void
test_clipped_at_gutter (void)
{
  static const StViewport vp = { US (500), US (2500), 1200, 200, 200, 0 };
  g_auto (Frame)          f = { 0 };
  const StColor          *root;
  int                     y0;

  draw_slices (&f, FALSE, &vp);
  root = name_color (&f, "root");
  y0 = first_row (&vp, 0);
  assert_box (&f, (int)vp.gutter, (int)vp.gutter + 1, y0, y0 + SLICE_HEIGHT, root);
  assert_box (&f, (int)vp.gutter + LABEL_ROOM, col (&vp, US (1000)), y0, y0 + SLICE_HEIGHT, root);
  assert_empty (&f, col (&vp, US (1000)), col (&vp, US (1000)) + 1, y0, y0 + SLICE_HEIGHT);
  g_assert_cmpuint (count_near (&f, (int)vp.gutter, (int)vp.gutter + LABEL_ROOM, y0,
                                y0 + SLICE_HEIGHT, root, TRUE),
                    >, 20);
  g_assert_cmpuint (count_near (&f, 0, (int)vp.gutter, 0, (int)vp.height, root, FALSE), ==, 0);
}

/* Writes @n slices of 2 ns, 4 ns apart from @first_us, to @out. */
static void
append_burst (GString *out, gint64 first_us, guint n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out,
                            "%s{\"ph\":\"X\",\"name\":\"tick\",\"pid\":1,\"tid\":1,"
                            "\"ts\":%" G_GINT64_FORMAT ".%03u,\"dur\":0.002}",
                            out->len > 1 ? ",\n" : "", first_us + i * 4 / 1000, i * 4 % 1000);
}

static StTrace *
load_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *path = NULL;
  g_autoptr (GFile)  file = NULL;
  StTrace           *trace;
  int                fd = g_file_open_tmp ("strata-render-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  g_close (fd, NULL);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);
  return trace;
}

/* Two bursts of 1500 slices, 6 µs each: a few pixels at 1 µs per pixel.
 * Each pixel they touch shows their colour; between them the row stays
 * empty. */
static void
test_dense_ink (void)
{
  g_autoptr (GString) json = g_string_new ("[");
  g_auto (Frame)      f = { 0 };
  int                 y0, y1;

  append_burst (json, 0, 1500);
  append_burst (json, 400, 1500);
  g_string_append (json, "]");
  frame_draw (&f, load_text (json->str), NULL, FALSE, &view_1us);
  g_assert_cmpuint (st_trace_get_track (f.trace, 0)->n_slices, ==, 3000);
  y0 = first_row (&f.vp, 0);
  y1 = y0 + SLICE_HEIGHT;
  assert_box (&f, col (&f.vp, 0), col (&f.vp, US (6)), y0, y1, name_color (&f, "tick"));
  assert_box (&f, col (&f.vp, US (400)), col (&f.vp, US (406)), y0, y1, name_color (&f, "tick"));
  assert_empty (&f, (int)f.vp.gutter, col (&f.vp, 0), y0 - 1, y1 + 1);
  assert_empty (&f, col (&f.vp, US (6)), col (&f.vp, US (400)), y0 - 1, y1 + 1);
  assert_empty (&f, col (&f.vp, US (406)), (int)f.vp.width, y0 - 1, y1 + 1);
}

/* labels.json at 1 µs per pixel: a 400 px slice with a long name, a 40 px
 * one with a long name, a 20 px one, then "next" at 700 µs. */
static void
test_labels_fit (void)
{
  g_auto (Frame) f = { 0 };
  const char    *wide = "a_long_slice_name_that_has_room";
  const char    *narrow = "a_long_slice_name_in_a_narrow_slice";
  const char    *tiny = "another_long_name_without_room";
  int            y0, y1;

  frame_draw (&f, st_test_load ("render", "labels.json", NULL), NULL, FALSE, &view_1us);
  y0 = first_row (&f.vp, 0);
  y1 = y0 + SLICE_HEIGHT;
  /* the wide slice shows its name: text in its left part, none past it */
  g_assert_cmpuint (
      count_near (&f, col (&f.vp, 0), col (&f.vp, US (100)), y0, y1, name_color (&f, wide), TRUE),
      >, 50);
  assert_box (&f, col (&f.vp, US (400)) - 1, col (&f.vp, US (400)), y0, y1, name_color (&f, wide));
  assert_empty (&f, col (&f.vp, US (400)), col (&f.vp, US (500)), y0 - 1, y1 + 1);
  /* the narrow one keeps whatever it shows inside its rectangle */
  assert_box (&f, col (&f.vp, US (500)), col (&f.vp, US (500)) + 1, y0, y1,
              name_color (&f, narrow));
  assert_box (&f, col (&f.vp, US (540)) - 1, col (&f.vp, US (540)), y0, y1,
              name_color (&f, narrow));
  assert_empty (&f, col (&f.vp, US (500)), col (&f.vp, US (540)), y0 - 1, y0);
  assert_empty (&f, col (&f.vp, US (500)), col (&f.vp, US (540)), y1, y1 + 1);
  assert_empty (&f, col (&f.vp, US (540)), col (&f.vp, US (600)), y0 - 1, y1 + 1);
  /* too narrow for any text: all fill */
  assert_box (&f, col (&f.vp, US (600)), col (&f.vp, US (620)), y0, y1, name_color (&f, tiny));
  assert_empty (&f, col (&f.vp, US (620)), col (&f.vp, US (700)), y0 - 1, y1 + 1);
}

/* Whether the text of root's label is lighter than its fill (in green, the
 * channel that weighs most in luminance) rather than darker. */
static gboolean
label_is_lighter (const Frame *f)
{
  const StColor *fill = name_color (f, "root");
  int            x0 = col (&f->vp, 0), y0 = first_row (&f->vp, 0);
  guint32        fill_rgb = blend (fill, 0);
  int            lighter = 0, darker = 0;

  for (int y = y0; y < y0 + SLICE_HEIGHT; y++)
    for (int x = x0; x < x0 + LABEL_ROOM; x++)
      {
        int d = (int)channel (pixel (f, x, y), 8) - (int)channel (fill_rgb, 8);
        lighter += d > 40;
        darker += d < -40;
      }
  g_assert_cmpint (lighter + darker, >, 0);
  return lighter > darker;
}

/* The background where no track is (grid lines aside), root's fill, and
 * its label's contrast. */
static void
assert_style (const Frame *f)
{
  StColor     grid_over = f->palette.grid;
  guint32     bg = blend (&f->palette.background, 0);
  guint32     grid = blend (&grid_over, bg);
  const char *root = "root";
  guint       n_bg = 0;

  for (int x = (int)f->vp.gutter; x < (int)f->vp.width; x++)
    {
      guint32 p = pixel (f, x, empty_y (f));
      g_assert_true (near (p, bg) || near (p, grid));
      n_bg += near (p, bg);
    }
  g_assert_cmpuint (n_bg, >=, 0.9 * (f->vp.width - f->vp.gutter));
  g_assert_true (same_color (name_color (f, root),
                             &f->palette.slices[st_palette_color_index (root, strlen (root))]));
  assert_box (f, col (&f->vp, 0) + LABEL_ROOM, col (&f->vp, US (200)), first_row (&f->vp, 0),
              first_row (&f->vp, 0) + SLICE_HEIGHT,
              &f->palette.slices[st_palette_color_index (root, strlen (root))]);
  g_assert_cmpint (label_is_lighter (f), ==, f->palette.dark);
}

static void
test_dark_style (void)
{
  g_auto (Frame) light = { 0 };
  g_auto (Frame) dark = { 0 };
  int            x, y;

  draw_slices (&light, FALSE, &view_2us);
  draw_slices (&dark, TRUE, &view_2us);
  assert_style (&light);
  assert_style (&dark);
  g_assert_false (same_color (&light.palette.background, &dark.palette.background));
  g_assert_false (same_color (name_color (&light, "root"), name_color (&dark, "root")));
  x = col (&view_2us, US (900));
  y = first_row (&view_2us, 0);
  g_assert_false (near (pixel (&light, x, y), pixel (&dark, x, y)));
}

/* A tick of @name in column @x of the instant strip [y0, y1), and nothing
 * two pixels either side. */
static void
assert_tick (const Frame *f, const char *name, int x, int y0, int y1)
{
  g_assert_cmpuint (count_near (f, x, x + 1, y0, y1, name_color (f, name), FALSE), >=,
                    (y1 - y0) / 2);
  assert_empty (f, x - 3, x - 1, y0, y1 + ST_LAYOUT_TRACK_GAP);
  assert_empty (f, x + 2, x + 4, y0, y1 + ST_LAYOUT_TRACK_GAP);
}

/* instants.json: a thread instant "mark" at 300 µs goes in the strip under
 * the thread's one row of slices, not on the row. */
static void
test_instant_tick (void)
{
  g_auto (Frame) f = { 0 };
  int            x, y0;

  frame_draw (&f, st_test_load ("render", "instants.json", NULL), NULL, FALSE, &view_1us);
  x = col (&f.vp, US (300));
  y0 = ST_RULER_HEIGHT + FIRST_TRACK_Y + ST_LAYOUT_ROW_HEIGHT;
  assert_tick (&f, "mark", x, y0, y0 + ST_LAYOUT_INSTANT_HEIGHT);
  assert_empty (&f, x - 3, x + 4, y0 - ST_LAYOUT_ROW_HEIGHT, y0);
}

/* global-instants.json: "start" at 0 and "mark" at 300 µs on the global
 * instants track, the only track, under the Global header. */
static void
test_instant_track (void)
{
  g_auto (Frame) f = { 0 };
  int            y0 = ST_RULER_HEIGHT + FIRST_TRACK_Y;

  frame_draw (&f, st_test_load ("render", "global-instants.json", NULL), NULL, FALSE, &view_1us);
  g_assert_cmpint (st_trace_get_track (f.trace, 0)->kind, ==, ST_TRACK_INSTANTS);
  assert_tick (&f, "start", col (&f.vp, 0), y0, y0 + ST_LAYOUT_INSTANT_HEIGHT);
  assert_tick (&f, "mark", col (&f.vp, US (300)), y0, y0 + ST_LAYOUT_INSTANT_HEIGHT);
  assert_empty (&f, col (&f.vp, US (100)), col (&f.vp, US (200)), y0,
                y0 + ST_LAYOUT_INSTANT_HEIGHT);
}

/* counters.json: "used" is 0, then 100 (its maximum) over [200, 400) µs.
 * The band fills from its baseline to its top in those columns only. */
static void
test_counter_band (void)
{
  g_auto (Frame) f = { 0 };
  const StTrack *t;
  StColor        tint;
  int            top = ST_RULER_HEIGHT + FIRST_TRACK_Y;
  int            bottom = top + ST_LAYOUT_COUNTER_HEIGHT + ST_LAYOUT_TRACK_GAP;
  int            x0, x1;

  frame_draw (&f, st_test_load ("render", "counters.json", NULL), NULL, FALSE, &view_1us);
  t = st_trace_get_track (f.trace, 0);
  g_assert_cmpint (t->kind, ==, ST_TRACK_COUNTER);
  g_assert_cmpuint (t->n_series, ==, 1);
  tint = *st_timeline_renderer_name_color (f.renderer, t->series[0].name);
  tint.a = 0.55;
  x0 = col (&f.vp, US (200));
  x1 = col (&f.vp, US (400));
  /* filled inside the band (clear of its few pixels of padding), nothing
   * above or below it, nothing where the value is 0 */
  assert_box (&f, x0, x1, top + 4, top + ST_LAYOUT_COUNTER_HEIGHT - 4, &tint);
  assert_empty (&f, x0, x1, top, top + 2);
  assert_empty (&f, x0, x1, top + ST_LAYOUT_COUNTER_HEIGHT, bottom);
  assert_empty (&f, (int)f.vp.gutter, x0, top, bottom);
  assert_empty (&f, x1, (int)f.vp.width, top, bottom);
}

/* tests/data/summary/basic.json: on stream 7 a copy launched at 260 µs
 * ends at 350 as a gemm launched at 350 starts, which ends at 500
 * (docs/metrics.md 10.4: its queue is 1 over [260, 500), its maximum);
 * stream 13 launches nothing. With the queues in the plan, a band follows
 * stream 7's track, filled in the accent colour over [260, 500) only;
 * stream 13 has none. */
static void
test_queue_band (void)
{
  static const StViewport view = { US (-100), US (900), 1200, 600, 200, 0 };
  g_auto (Frame)          f = { 0 };
  StTrace                *trace = st_test_load ("summary", "basic.json", NULL);
  StQueueLength          *queues = st_queue_length_ensure (trace, NULL);
  guint                   n = st_trace_get_n_tracks (trace);
  g_autofree guint       *all = g_new (guint, n);
  StTrackPlan             plan = { all, NULL, n, 0, st_queue_length_get_series (queues) };
  guint                   stream7 = st_test_track (trace, "GPU 0", "stream 7");
  guint                   stream13 = st_test_track (trace, "GPU 0", "stream 13");
  gint                    band;
  const StBand           *b;
  StColor                 tint;
  int                     top, x0, x1;

  for (guint i = 0; i < n; i++)
    all[i] = i;
  frame_draw_plan (&f, trace, &plan, NULL, FALSE, &view);
  band = st_timeline_layout_track_band (f.layout, stream7) + 1;
  b = st_timeline_layout_get_band (f.layout, band);
  g_assert_cmpint (b->kind, ==, ST_BAND_QUEUE);
  g_assert_cmpuint (b->track, ==, stream7);
  g_assert_cmpfloat (st_timeline_layout_get_queue (f.layout, stream7)->max, ==, 1);
  g_assert_null (st_timeline_layout_get_queue (f.layout, stream13));
  band = st_timeline_layout_track_band (f.layout, stream13) + 1;
  g_assert_true ((guint)band >= st_timeline_layout_get_n_bands (f.layout)
                 || st_timeline_layout_get_band (f.layout, band)->kind != ST_BAND_QUEUE);

  top = ST_RULER_HEIGHT + b->y;
  tint = f.palette.accent;
  tint.a = 0.55;
  x0 = col (&f.vp, US (260));
  x1 = col (&f.vp, US (500));
  assert_box (&f, x0 + 1, x1 - 1, top + 4, top + ST_LAYOUT_COUNTER_HEIGHT - 4, &tint);
  assert_empty (&f, (int)f.vp.gutter, x0 - 1, top, top + ST_LAYOUT_COUNTER_HEIGHT);
  assert_empty (&f, x1 + 1, (int)f.vp.width, top, top + ST_LAYOUT_COUNTER_HEIGHT);
}

static guint
process_index (StTrace *trace, const char *pid)
{
  for (guint i = 0; i < st_trace_get_n_processes (trace); i++)
    if (g_str_equal (st_trace_get_string (trace, st_trace_get_process (trace, i)->pid), pid))
      return i;
  g_assert_not_reached ();
}

/* two-processes.json: "first" in pid 1, "second" in pid 2, both [0, 500)
 * µs. Collapsing pid 1 hides its row (nothing to hit or select there) and
 * moves pid 2 up under both headers. */
static void
test_collapsed_section (void)
{
  g_autoptr (GHashTable) collapsed = g_hash_table_new (NULL, NULL);
  g_auto (Frame)         open = { 0 };
  g_auto (Frame)         f = { 0 };
  StTrace               *trace = st_test_load ("render", "two-processes.json", NULL);
  int                    second_band = 2 * ST_LAYOUT_HEADER_HEIGHT;
  StEventRef             first = { 0, 0, ST_EVENT_SLICE };
  cairo_rectangle_t      r;
  int                    x0, x1;

  g_hash_table_add (collapsed, GUINT_TO_POINTER (process_index (trace, "1") + 1));
  first.track = st_test_track (trace, "Process 1", "Thread 1");
  frame_draw (&open, g_object_ref (trace), NULL, FALSE, &view_1us);
  frame_draw (&f, trace, collapsed, FALSE, &view_1us);
  g_assert_false (same_color (name_color (&f, "first"), name_color (&f, "second")));
  x0 = col (&f.vp, 0) + LABEL_ROOM;
  x1 = col (&f.vp, US (500));
  /* open, pid 2's track is below pid 1's track */
  assert_box (&open, x0, x1, first_row (&open.vp, 0), first_row (&open.vp, 0) + SLICE_HEIGHT,
              name_color (&open, "first"));
  assert_box (&open, x0, x1,
              row_top (&open.vp, second_band + ST_LAYOUT_ROW_HEIGHT + ST_LAYOUT_TRACK_GAP, 0),
              row_top (&open.vp, second_band + ST_LAYOUT_ROW_HEIGHT + ST_LAYOUT_TRACK_GAP, 0)
                  + SLICE_HEIGHT,
              name_color (&open, "second"));
  /* collapsed, it comes right under the second header and "first" is gone */
  assert_box (&f, x0, x1, row_top (&f.vp, second_band, 0),
              row_top (&f.vp, second_band, 0) + SLICE_HEIGHT, name_color (&f, "second"));
  g_assert_cmpuint (count_near (&f, (int)f.vp.gutter, (int)f.vp.width, ST_RULER_HEIGHT,
                                (int)f.vp.height, name_color (&f, "first"), FALSE),
                    ==, 0);
  g_assert_false (st_timeline_renderer_event_rect (f.renderer, &f.vp, first, &r));
}

static gint64
label_ns (const char *label)
{
  static const struct
  {
    const char *unit;
    double      scale;
  } units[] = {
    { "s", 1e9 },
    { "ms", 1e6 },
    { "µs", 1e3 },
    { "ns", 1 },
  };
  char   unit[16];
  double value;

  g_assert_cmpint (sscanf (label, "%lf %15s", &value, unit), ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_equal (unit, units[i].unit))
      return (gint64)round (value * units[i].scale);
  g_assert_not_reached ();
}

/* For ranges from nanoseconds to hours and widths from narrow to wide, the
 * fitted ruler's labels read the time of their tick and keep clear of the
 * next one (each is drawn 4 px right of its tick), long labels too. */
static void
test_ruler_labels (void)
{
  static const struct
  {
    gint64 start, end;
    double width;
  } cases[] = {
    { 0, 10, 1920 },
    { 0, 1000, 1000 },
    { 0, US (1000), 1000 },
    { 123456789, 123556789, 800 },
    { US (-5000), US (5000), 600 },
    { -123456, 876544, 1000 },
    { 0, US (1000000), 150 },
    { US (999990), US (1000000), 1920 },
    { 0, G_GINT64_CONSTANT (3600000000000), 1920 },
    { 0, G_GINT64_CONSTANT (3600000000000), 300 },
    { G_GINT64_CONSTANT (9999999980000), G_GINT64_CONSTANT (10000000000000), 1800 },
    { G_GINT64_CONSTANT (3599999000000), G_GINT64_CONSTANT (3600000000000), 1000 },
  };
  PangoFontMap                    *map = pango_cairo_font_map_get_default ();
  PangoContext                    *context = pango_font_map_create_context (map);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string (FONT);
  g_autoptr (PangoLayout)          layout = NULL;

  pango_context_set_font_description (context, font);
  layout = pango_layout_new (context);
  g_object_unref (context);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GArray) ticks
          = st_time_ruler_fit (layout, cases[i].start, cases[i].end, 0, cases[i].width);

      g_test_message ("%" G_GINT64_FORMAT "..%" G_GINT64_FORMAT " ns over %g px: %u ticks",
                      cases[i].start, cases[i].end, cases[i].width, ticks->len);
      g_assert_cmpuint (ticks->len, >=, 1);
      for (guint k = 0; k < ticks->len; k++)
        {
          const StRulerTick *tick = &g_array_index (ticks, StRulerTick, k);
          int                w;

          g_assert_cmpint (tick->time, >=, cases[i].start);
          g_assert_cmpint (tick->time, <=, cases[i].end);
          g_assert_cmpint (label_ns (tick->label), ==, tick->time);
          if (k + 1 == ticks->len)
            break;
          pango_layout_set_text (layout, tick->label, -1);
          pango_layout_get_pixel_size (layout, &w, NULL);
          g_assert_cmpfloat (floor (tick->x) + 4 + w + MIN_LABEL_GAP, <=, floor (tick[1].x) + 4);
        }
    }
}

/* Region bands. */

static void
frame_draw_overlay (Frame *f, const StOverlay *o)
{
  cairo_t *cr = cairo_create (f->surface);

  st_timeline_renderer_draw_overlay (f->renderer, cr, &f->vp, o);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

static cairo_surface_t *
copy_surface (cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  cairo_surface_t *copy = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t         *cr = cairo_create (copy);

  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (copy);
  return copy;
}

static guint32
surface_pixel (cairo_surface_t *surface, int x, int y)
{
  guchar *data = cairo_image_surface_get_data (surface);
  return ((guint32 *)(data + y * cairo_image_surface_get_stride (surface)))[x] & 0xffffff;
}

/* How far the band moved pixel (@x, @y) from what was under it, and
 * whether every channel moved towards @tint (or stayed). */
static int
tint_strength (const Frame     *f,
               cairo_surface_t *before,
               int              x,
               int              y,
               const StColor   *tint,
               gboolean        *towards)
{
  guint32 now = pixel (f, x, y), was = surface_pixel (before, x, y);
  guint32 want = blend (tint, 0);
  int     strength = 0;

  *towards = TRUE;
  for (guint shift = 0; shift < 24; shift += 8)
    {
      int d = (int)channel (now, shift) - (int)channel (was, shift);
      int to = (int)channel (want, shift) - (int)channel (was, shift);

      strength += ABS (d);
      if (ABS (d) > TOLERANCE && (d > 0) != (to > 0))
        *towards = FALSE;
    }
  return strength;
}

/* Two touching regions over slices.json: [100, 500) µs "warm-up" and the
 * selected [500, 700) µs "step 1". Every pixel of their bands is tinted
 * towards the region colour, the selected one more; nothing outside them
 * changes; each has its name on a tab under the ruler, and the tab is
 * where a click finds the region. In both styles. */
static void
test_region_bands (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      g_auto (Frame)        f = { 0 };
      const StOverlayRegion regions[] = {
        { US (100), US (500), "warm-up", FALSE },
        { US (500), US (700), "step 1", TRUE },
      };
      StOverlay         o = { .regions = regions, .n_regions = G_N_ELEMENTS (regions) };
      cairo_surface_t  *before;
      cairo_rectangle_t tab0, tab1;
      int               a0, a1, b1, c1, y0, y1, strength_a = 0, strength_b = 0;
      guint             ink = 0;

      draw_slices (&f, dark, &view_2us);
      before = copy_surface (f.surface);
      frame_draw_overlay (&f, &o);
      a0 = col (&f.vp, US (100));
      a1 = col (&f.vp, US (500));
      b1 = col (&f.vp, US (700));
      c1 = (int)f.vp.width;

      g_assert_true (st_timeline_renderer_region_tab (f.renderer, &f.vp, &o, 0, &tab0));
      g_assert_true (st_timeline_renderer_region_tab (f.renderer, &f.vp, &o, 1, &tab1));
      g_assert_cmpfloat (tab0.x, ==, a0);
      g_assert_cmpfloat (tab0.y, ==, ST_RULER_HEIGHT);
      g_assert_cmpfloat (tab1.x, ==, a1);
      g_assert_cmpfloat (tab1.y, ==, ST_RULER_HEIGHT); /* they touch: one lane */
      y0 = (int)(tab0.y + tab0.height) + 1;
      y1 = (int)f.vp.height;

      /* inside the bands, below the tabs: tinted, the selected one more */
      for (int y = y0; y < y1; y++)
        for (int x = a0 + 1; x < b1 - 1; x++)
          {
            gboolean towards;
            int      s;

            if (x == a1 || x == a1 - 1)
              continue; /* the edge between them */
            s = tint_strength (&f, before, x, y, &f.palette.region, &towards);
            if (!towards)
              g_error ("pixel (%d, %d) is #%06x, not tinted towards the region colour from #%06x",
                       x, y, pixel (&f, x, y), surface_pixel (before, x, y));
            g_assert_cmpint (s, >, TOLERANCE);
            if (x < a1)
              strength_a = MAX (strength_a, s);
            else
              strength_b = MAX (strength_b, s);
          }
      g_assert_cmpint (strength_b, >, strength_a);

      /* outside them, the ruler and the label column: as they were */
      for (int y = 0; y < y1; y++)
        for (int x = 0; x < c1; x++)
          if (x < a0 || x >= b1 || y < ST_RULER_HEIGHT)
            if (!near (pixel (&f, x, y), surface_pixel (before, x, y)))
              g_error ("pixel (%d, %d) outside the bands changed from #%06x to #%06x", x, y,
                       surface_pixel (before, x, y), pixel (&f, x, y));

      /* the names are drawn on the tabs: ink that is not the tab's fill */
      for (int x = (int)tab0.x + 2; x < (int)(tab0.x + tab0.width); x++)
        ink += !near (pixel (&f, x, (int)(tab0.y + tab0.height / 2)),
                      pixel (&f, (int)tab0.x + 2, (int)tab0.y + 1));
      g_assert_cmpuint (ink, >=, 3);

      g_assert_cmpint (
          st_timeline_renderer_region_at (f.renderer, &f.vp, &o, tab0.x + 5, tab0.y + 5), ==, 0);
      g_assert_cmpint (
          st_timeline_renderer_region_at (f.renderer, &f.vp, &o, tab1.x + 5, tab1.y + 5), ==, 1);
      g_assert_cmpint (st_timeline_renderer_region_at (f.renderer, &f.vp, &o, tab1.x + 5, y0 + 20),
                       ==, -1);
      g_assert_cmpint (st_timeline_renderer_region_at (f.renderer, &f.vp, &o, b1 + 5, tab1.y + 5),
                       ==, -1);
      cairo_surface_destroy (before);
    }
}

/* A region nested in another starts a second lane of tabs; a region a few
 * pixels wide gets a band but no tab. */
static void
test_region_tab_lanes (void)
{
  g_auto (Frame)        f = { 0 };
  const StOverlayRegion regions[] = {
    { US (0), US (1000), "layer", FALSE },
    { US (0), US (400), "attention", FALSE },
    { US (1200), US (1204), "tiny", FALSE },
  };
  StOverlay         o = { .regions = regions, .n_regions = G_N_ELEMENTS (regions) };
  cairo_rectangle_t outer, inner, tiny;

  draw_slices (&f, FALSE, &view_2us);
  frame_draw_overlay (&f, &o);
  g_assert_true (st_timeline_renderer_region_tab (f.renderer, &f.vp, &o, 0, &outer));
  g_assert_true (st_timeline_renderer_region_tab (f.renderer, &f.vp, &o, 1, &inner));
  g_assert_false (st_timeline_renderer_region_tab (f.renderer, &f.vp, &o, 2, &tiny));
  g_assert_cmpfloat (inner.y, >=, outer.y + outer.height);
  g_assert_cmpfloat (outer.width, ==, col (&f.vp, US (1000)) - col (&f.vp, 0));
  g_assert_cmpfloat (inner.width, ==, col (&f.vp, US (400)) - col (&f.vp, 0));
}

/* The timing measurement [600, 900) µs over slices.json, with a region
 * [400, 1000) µs whose tab lies under the ruler: the ruler between the two
 * lines is as it was, ticks and labels (the label sits below the ruler and
 * the tab); the duration's box, in the timing colour, is between the
 * lines, right under the tab. */
static void
test_timing_label (void)
{
  g_auto (Frame)        f = { 0 };
  const StOverlayRegion regions[] = { { US (400), US (1000), "step", FALSE } };
  StOverlay             o = { .regions = regions,
                              .n_regions = G_N_ELEMENTS (regions),
                              .has_timing = TRUE,
                              .timing_start = US (600),
                              .timing_end = US (900) };
  cairo_surface_t      *before;
  cairo_rectangle_t     tab;
  int                   x0, x1, mid, below, box = 0;

  draw_slices (&f, FALSE, &view_2us);
  before = copy_surface (f.surface);
  frame_draw_overlay (&f, &o);
  x0 = col (&f.vp, US (600));
  x1 = col (&f.vp, US (900));
  mid = (x0 + x1) / 2;
  for (int y = 0; y < ST_RULER_HEIGHT; y++)
    for (int x = x0 + 1; x < x1; x++)
      if (!near (pixel (&f, x, y), surface_pixel (before, x, y)))
        g_error ("ruler pixel (%d, %d) changed from #%06x to #%06x", x, y,
                 surface_pixel (before, x, y), pixel (&f, x, y));
  g_assert_true (st_timeline_renderer_region_tab (f.renderer, &f.vp, &o, 0, &tab));
  below = (int)(tab.y + tab.height);
  for (int y = below; y < below + 12; y++)
    box += near (pixel (&f, mid - 30, y), blend (&f.palette.timing, 0));
  g_assert_cmpint (box, >=, 8);
  cairo_surface_destroy (before);
}

/* Fontconfig keeps its configuration and font patterns until exit, as
 * the pango font map does: under LeakSanitizer (-Db_sanitize=address) only
 * our own leaks count. */
const char *__lsan_default_suppressions (void);

/* Summary charts (st-chart-draw): where a value lands follows from the
 * plot area the layout reports and the chart's scale (0 at the bottom,
 * linear; a series per column, its first point left of the column's
 * centre by the spread), checked on the pixels. */

#define CHART_W 400
#define CHART_H 300

static cairo_surface_t *
white_surface (cairo_t **cr)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, CHART_W, CHART_H);

  *cr = cairo_create (surface);
  cairo_set_source_rgb (*cr, 1, 1, 1);
  cairo_paint (*cr);
  return surface;
}

static guint32
surface_rgb (cairo_surface_t *surface, int x, int y)
{
  cairo_surface_flush (surface);
  return ((guint32 *)(cairo_image_surface_get_data (surface)
                      + y * cairo_image_surface_get_stride (surface)))[x]
         & 0xffffff;
}

/* Two series of known durations, drawn without text. */
static void
draw_two_series (gboolean          first_visible,
                 StDurationLayout *layout,
                 StChartStyle     *style,
                 cairo_surface_t **surface)
{
  static const gint64 a[] = { US (100), US (200) };
  static const gint64 b[] = { US (150) };
  StChartSeries       series[2] = {
          { .label = "a", .values = a, .n_values = 2, .color = 0, .visible = first_visible },
          { .label = "b", .values = b, .n_values = 1, .color = 1, .visible = TRUE },
  };
  cairo_t *cr;

  st_chart_style_init_default (style, FALSE);
  for (guint i = 0; i < 2; i++)
    st_chart_series_compute_stats (&series[i]);
  *surface = white_surface (&cr);
  st_chart_duration_layout (layout, NULL, 0, 0, CHART_W, CHART_H, series, 2);
  st_chart_draw_durations (cr, NULL, layout, style, series, ST_CHART_SCATTER);
  cairo_destroy (cr);
}

/* Where value @v of column @column, point @index would be, by the chart's
 * definition, apart from the jitter (checked as a band). */
static double
expected_y (const StDurationLayout *l, gint64 v)
{
  return l->y + l->height - (double)v / l->y_max * l->height;
}

static gboolean
band_has (cairo_surface_t *surface, double cx, double half_width, double cy, guint32 want)
{
  for (int y = (int)cy - 1; y <= (int)cy + 1; y++)
    for (int x = (int)(cx - half_width); x <= (int)(cx + half_width); x++)
      if (x >= 0 && x < CHART_W && y >= 0 && y < CHART_H
          && near (surface_rgb (surface, x, y), want))
        return TRUE;
  return FALSE;
}

static void
test_chart_points (void)
{
  StDurationLayout l;
  StChartStyle     style;
  cairo_surface_t *surface;
  StColor          c0, c1;
  double           column, spread;

  draw_two_series (TRUE, &l, &style, &surface);
  c0 = style.series[0];
  c0.a = 0.8;
  c1 = style.series[1];
  c1.a = 0.8;
  column = l.width / 2;
  spread = MIN (column * 0.6, 120);
  /* the axis reaches above the longest value, and 0 is the bottom */
  g_assert_cmpint (l.y_max, >, US (200));
  /* series a in the left column, b in the right, at their durations */
  g_assert_true (band_has (surface, l.x + column * 0.5, spread / 2, expected_y (&l, US (100)),
                           blend (&c0, 0xffffff)));
  g_assert_true (band_has (surface, l.x + column * 0.5, spread / 2, expected_y (&l, US (200)),
                           blend (&c0, 0xffffff)));
  g_assert_true (band_has (surface, l.x + column * 1.5, spread / 2, expected_y (&l, US (150)),
                           blend (&c1, 0xffffff)));
  /* and nowhere else: not b's colour in a's column, not a 200 µs point in b's */
  g_assert_false (band_has (surface, l.x + column * 0.5, spread / 2, expected_y (&l, US (150)),
                            blend (&c1, 0xffffff)));
  g_assert_false (band_has (surface, l.x + column * 1.5, spread / 2, expected_y (&l, US (200)),
                            blend (&c0, 0xffffff)));
  /* twice the duration, twice the height above the axis */
  g_assert_cmpfloat (fabs ((l.y + l.height - expected_y (&l, US (200)))
                           - 2 * (l.y + l.height - expected_y (&l, US (100)))),
                     <, 0.01);
  g_assert_cmpfloat (fabs (st_chart_duration_y (&l, US (200)) - expected_y (&l, US (200))), <,
                     0.01);
  cairo_surface_destroy (surface);
}

/* A series hidden from the legend draws no point; the others still do. */
static void
test_chart_hidden_series (void)
{
  StDurationLayout l;
  StChartStyle     style;
  cairo_surface_t *surface;
  StColor          c0, c1;
  double           column, spread;
  guint            n = 0;

  draw_two_series (FALSE, &l, &style, &surface);
  c0 = style.series[0];
  c0.a = 0.8;
  c1 = style.series[1];
  c1.a = 0.8;
  column = l.width / 2;
  spread = MIN (column * 0.6, 120);
  for (int y = 0; y < CHART_H; y++)
    for (int x = 0; x < CHART_W; x++)
      n += near (surface_rgb (surface, x, y), blend (&c0, 0xffffff));
  g_assert_cmpuint (n, ==, 0);
  /* the scale is the visible series': b's 150 µs is now the top of the data */
  g_assert_cmpint (l.y_max, <, US (200));
  g_assert_true (band_has (surface, l.x + column * 1.5, spread / 2, expected_y (&l, US (150)),
                           blend (&c1, 0xffffff)));
  cairo_surface_destroy (surface);
}

/* Stacked bars: a segment's share of the bar area is its share of the
 * maximum; the rest of the row is the empty track. */
static void
test_chart_hbars (void)
{
  const double     values[] = { 30, 20, /* bar 1: */ 50, 0 };
  const guint      colors[] = { 0, 1 };
  const char      *labels[] = { NULL, NULL };
  StHBarLayout     l;
  StChartStyle     style;
  cairo_surface_t *surface;
  cairo_t         *cr;
  double           bar_x, bar_w, mid0, mid1;

  st_chart_style_init_default (&style, FALSE);
  surface = white_surface (&cr);
  st_chart_hbar_layout (&l, 0, 0, CHART_W, 60, 2, 2, 100, 50, 100);
  st_chart_draw_hbars (cr, NULL, &l, &style, labels, NULL, values, colors);
  cairo_destroy (cr);
  bar_x = 100;
  bar_w = CHART_W - 100 - 50;
  mid0 = 60 / 2.0 / 2;
  mid1 = 60 / 2.0 * 1.5;
  g_assert_true (
      near (surface_rgb (surface, bar_x + bar_w * 0.15, mid0), blend (&style.series[0], 0xffffff)));
  g_assert_true (
      near (surface_rgb (surface, bar_x + bar_w * 0.40, mid0), blend (&style.series[1], 0xffffff)));
  g_assert_true (
      near (surface_rgb (surface, bar_x + bar_w * 0.60, mid0), blend (&style.track, 0xffffff)));
  g_assert_true (
      near (surface_rgb (surface, bar_x + bar_w * 0.45, mid1), blend (&style.series[0], 0xffffff)));
  g_assert_true (
      near (surface_rgb (surface, bar_x + bar_w * 0.55, mid1), blend (&style.track, 0xffffff)));
  /* nothing left of the bars (no labels given) */
  g_assert_true (near (surface_rgb (surface, 50, mid0), 0xffffff));
  cairo_surface_destroy (surface);
}

/* Durations over more than two decades: a log axis, each decade the same
 * height, so a 10 µs collective is not drawn on the zero line under 5 ms. */
static void
test_chart_log_scale (void)
{
  static const gint64 v[] = { US (10), US (100), US (1000) };
  StChartSeries       series = { .values = v, .n_values = 3, .visible = TRUE };
  StDurationLayout    l;

  st_chart_series_compute_stats (&series);
  st_chart_duration_layout (&l, NULL, 0, 0, CHART_W, CHART_H, &series, 1);
  g_assert_true (l.log);
  g_assert_cmpfloat (
      fabs ((st_chart_duration_y (&l, US (10)) - st_chart_duration_y (&l, US (100)))
            - (st_chart_duration_y (&l, US (100)) - st_chart_duration_y (&l, US (1000)))),
      <, 0.01);
  g_assert_cmpfloat (st_chart_duration_y (&l, US (10)), <, l.y + l.height);
}

const char *
__lsan_default_suppressions (void)
{
  return "leak:libfontconfig.so\n";
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/renderer/slice-pixels/depth-0", test_slice_depth0);
  g_test_add_func ("/render/renderer/slice-pixels/depth-1", test_slice_depth1);
  g_test_add_func ("/render/renderer/slice-pixels/extra-lane", test_slice_extra_lane);
  g_test_add_func ("/render/renderer/event-rect", test_event_rect);
  g_test_add_func ("/render/renderer/scrolled", test_scrolled);
  g_test_add_func ("/render/renderer/clipped-at-gutter", test_clipped_at_gutter);
  g_test_add_func ("/render/renderer/dense-ink", test_dense_ink);
  g_test_add_func ("/render/renderer/labels-fit", test_labels_fit);
  g_test_add_func ("/render/renderer/dark-style", test_dark_style);
  g_test_add_func ("/render/renderer/instant-tick", test_instant_tick);
  g_test_add_func ("/render/renderer/instant-track", test_instant_track);
  g_test_add_func ("/render/renderer/counter-band", test_counter_band);
  g_test_add_func ("/render/renderer/queue-band", test_queue_band);
  g_test_add_func ("/render/layout/collapsed-section", test_collapsed_section);
  g_test_add_func ("/render/ruler/labels", test_ruler_labels);
  g_test_add_func ("/render/overlay/region-bands", test_region_bands);
  g_test_add_func ("/render/overlay/region-tab-lanes", test_region_tab_lanes);
  g_test_add_func ("/render/overlay/timing-label", test_timing_label);
  g_test_add_func ("/render/chart/duration-points", test_chart_points);
  g_test_add_func ("/render/chart/hidden-series", test_chart_hidden_series);
  g_test_add_func ("/render/chart/stacked-bars", test_chart_hbars);
  g_test_add_func ("/render/chart/log-scale", test_chart_log_scale);

  return g_test_run ();
}
