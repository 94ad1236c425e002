/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Annotations panel as a person on a laptop screen uses it: in a
 * 1280×800 window the Region Duration Distribution shows at least 160 px
 * high inside the window; a click on a point, found by its pixels, picks
 * that point's region; the keyboard moves from point to point and picks;
 * the panel is as wide for every method of the highlighter; a section folds
 * under its header and the next window remembers it. And the shortcuts
 * window shows the timeline's keys first.
 *
 * Runs under Xvfb on the generated Kineto test trace (two ranks, NCCL
 * collectives), whose highlighted regions fill the chart. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-application.h"
#include "st-display-util.h"
#include "st-highlighter-form.h"
#include "st-region-chart.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-window.h"

#include <adwaita.h>

typedef struct
{
  StWindow           *window;
  StAnnotationsPanel *panel;
  StRegionChart      *chart;
  StSession          *session;
  StRegionSet        *regions;
} Win;

static const char *const section_keys[] = {
  "annotations-show-highlighter",
  "annotations-show-regions",
  "annotations-show-chart",
  "region-chart-by-index",
};

/* Each case starts from the sections as a new person has them. */
static void
reset_settings (void)
{
  g_autoptr (GSettings) settings = st_application_new_settings ();

  g_assert_nonnull (settings);
  for (guint i = 0; i < G_N_ELEMENTS (section_keys); i++)
    g_settings_reset (settings, section_keys[i]);
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 100 && gtk_widget_get_height (data) > 100;
}

static gboolean
highlight_done (gpointer data)
{
  return !g_action_group_get_action_enabled (st_annotations_panel_get_actions (data),
                                             "cancel-highlight");
}

static gboolean
summary_computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

/* A window of @width × @height showing the test trace on its timeline,
 * the Annotations panel open (F9) with the regions of a highlight. */
static void
win_open (Win *w, int width, int height)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  StTimelinePage   *page;
  gboolean          folded;

  w->window = g_object_new (ST_TYPE_WINDOW, "default-width", width, "default-height", height, NULL);
  gtk_window_present (GTK_WINDOW (w->window));
  st_window_open (w->window, file);
  st_test_wait_until (st_test_window_loaded, w->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), "win.show-timeline", NULL));
  page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (w->window), ST_TYPE_TIMELINE_PAGE));
  w->panel = st_timeline_page_get_annotations (page);
  if (!gtk_widget_get_visible (GTK_WIDGET (w->panel)))
    g_assert_true (
        gtk_widget_activate_action (GTK_WIDGET (w->window), "win.show-annotations", NULL));
  w->session = st_annotations_panel_get_session (w->panel);
  w->regions = st_session_get_regions (w->session);
  w->chart = ST_REGION_CHART (st_test_find_by_id (GTK_WIDGET (w->panel), "chart"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->panel), "regions.highlight", NULL));
  st_test_wait_until (highlight_done, w->panel);
  g_assert_cmpuint (st_region_set_get_n_regions (w->regions), >=, 4);
  /* the chart, unless it is folded */
  folded = !gtk_widget_get_visible (gtk_widget_get_parent (GTK_WIDGET (w->chart)));
  st_test_wait_until (allocated, folded ? GTK_WIDGET (w->panel) : GTK_WIDGET (w->chart));
  st_test_wait_until (summary_computed,
                      st_test_find_child (GTK_WIDGET (w->window), ST_TYPE_SUMMARY_PAGE));
}

static void
win_close (Win *w)
{
  st_region_set_set_modified (w->regions, FALSE);
  st_test_destroy_window (w->window);
  memset (w, 0, sizeof *w);
}

/* At 1280×800 the chart is at least 160 px high, and all of it lies inside
 * the window: no scrolling is needed to reach it. */
static void
test_chart_fits (void)
{
  Win             w = { 0 };
  graphene_rect_t bounds;

  reset_settings ();
  win_open (&w, 1280, 800);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (w.chart)), >=, 160);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (w.chart), GTK_WIDGET (w.window), &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_widget_get_height (GTK_WIDGET (w.window)));
  win_close (&w);
}

/* The region colour (purple in the light style), at any alpha that reads. */
static gboolean
is_purple (guint32 rgb)
{
  int r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;

  return r > g + 40 && b > g + 40;
}

/* The middle of the purple in the chart's pixel column @x (±1 px), or -1:
 * where a person sees the dot. */
static double
dot_y_at (cairo_surface_t *surface, int x)
{
  int    w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  double sum = 0;
  int    n = 0;

  for (int y = 0; y < h; y++)
    for (int dx = MAX (-1, -x); dx <= MIN (1, w - 1 - x); dx++)
      if (is_purple (st_test_pixel (surface, x + dx, y)))
        {
          sum += y;
          n++;
        }
  return n > 0 ? sum / n : -1;
}

static gboolean
column_has_purple (cairo_surface_t *surface, int x)
{
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    if (is_purple (st_test_pixel (surface, x, y)))
      return TRUE;
  return FALSE;
}

/* The middles of the leftmost and the rightmost run of columns with purple
 * in them: the centres of the first and the last region's dots. */
static void
dot_span (cairo_surface_t *surface, double *left, double *right)
{
  int w = cairo_image_surface_get_width (surface);
  int a = 0, b = w - 1, end;

  while (a < w && !column_has_purple (surface, a))
    a++;
  for (end = a; end < w && column_has_purple (surface, end); end++)
    ;
  *left = (a + end - 1) / 2.0;
  while (b >= 0 && !column_has_purple (surface, b))
    b--;
  for (end = b; end >= 0 && column_has_purple (surface, end); end--)
    ;
  *right = (b + end + 1) / 2.0;
  g_assert_cmpfloat (*left, <, *right);
}

/* A click as the pointer makes it: the chart's click gesture, released at
 * (@x, @y). */
static void
click (GtkWidget *widget, double x, double y)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c))
        {
          g_signal_emit_by_name (c, "released", 1, x, y);
          return;
        }
    }
  g_assert_not_reached ();
}

static gboolean
flip (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* Lets the window lay itself out anew and draw, until @widget keeps its
 * width from one frame to the next (a scrollbar may come or go). */
static void
settle (GtkWidget *window, GtkWidget *widget)
{
  int width;

  do
    {
      gboolean done = FALSE;

      width = gtk_widget_get_width (widget);
      gtk_widget_queue_resize (window);
      gtk_test_widget_wait_for_draw (window);
      g_timeout_add (100, flip, &done);
      st_test_wait_until (is_true, &done);
    }
  while (gtk_widget_get_width (widget) != width);
}

/* Transfer full: the region at @i, the object the widgets show (the set
 * makes it when asked and keeps it while it is held). */
static StRegion *
region_at (StRegionSet *regions, guint i)
{
  return g_list_model_get_item (G_LIST_MODEL (regions), i);
}

/* Four regions far apart in time, each of a duration of its own. */
static void
set_four_regions (Win *w)
{
  static const gint64       ms[][2] = { { 0, 10 }, { 100, 140 }, { 300, 320 }, { 600, 630 } };
  g_autoptr (StRegionArray) four = st_region_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
    {
      g_autofree char *name = g_strdup_printf ("Step %u", i);

      st_region_array_add (four, name, ms[i][0] * 1000000, ms[i][1] * 1000000, ST_REGION_MANUAL);
    }
  st_region_set_replace_all (w->regions, four);
}

/* By start time, the dots of the first and the last region are the
 * outermost purple; a region's dot is between them in proportion to its
 * start (regions at 0, 100, 300 and 600 ms). A click there, on the dot's
 * purple, picks that region and no other. */
static void
test_click_picks (void)
{
  Win                 w = { 0 };
  cairo_surface_t    *surface;
  double              left, right;
  GPtrArray          *picks;
  static const double at[] = { 100.0 / 600, 300.0 / 600 };

  reset_settings ();
  win_open (&w, 1280, 800);
  set_four_regions (&w);
  settle (GTK_WIDGET (w.window), GTK_WIDGET (w.chart));
  surface = st_test_render (GTK_WIDGET (w.chart));
  dot_span (surface, &left, &right);
  picks = st_session_get_compare_regions (w.session);
  for (guint k = 0; k < G_N_ELEMENTS (at); k++)
    {
      double x = left + at[k] * (right - left);
      double y = dot_y_at (surface, (int)(x + 0.5));

      g_assert_cmpfloat (y, >=, 0);
      click (GTK_WIDGET (w.chart), x, y);
      g_assert_cmpuint (picks->len, ==, k + 1);
      g_autoptr (StRegion) picked = region_at (w.regions, k + 1);

      g_assert_true (g_ptr_array_index (picks, k) == picked);
    }
  /* a click on empty ground picks nothing */
  click (GTK_WIDGET (w.chart), 2, 2);
  g_assert_cmpuint (picks->len, ==, 2);
  cairo_surface_destroy (surface);
  win_close (&w);
}

/* Tab-reachable: the chart takes the focus; Right goes to the first point
 * and selects its region, Right again to the second, Enter picks it, Space
 * on a picked one drops it, End goes to the last; the point the keyboard is
 * on is framed in the accent colour, so the picture changes around it. */
static void
test_keyboard (void)
{
  Win                  w = { 0 };
  GtkWidget           *chart;
  g_autoptr (StRegion) r0 = NULL, r1 = NULL, last = NULL;
  GPtrArray           *picks;
  cairo_surface_t     *before, *after;
  guint                n, changed = 0;

  reset_settings ();
  win_open (&w, 1280, 800);
  chart = GTK_WIDGET (w.chart);
  n = st_region_set_get_n_regions (w.regions);
  r0 = region_at (w.regions, 0);
  r1 = region_at (w.regions, 1);
  last = region_at (w.regions, n - 1);
  picks = st_session_get_compare_regions (w.session);
  st_session_set_selected_region (w.session, NULL);
  g_assert_true (gtk_widget_get_focusable (chart));
  g_assert_true (gtk_widget_grab_focus (chart));
  gtk_window_set_focus_visible (GTK_WINDOW (w.window), TRUE);
  before = st_test_render (chart);

  g_assert_true (st_test_press_shortcut (chart, "Right"));
  g_assert_true (st_session_get_selected_region (w.session) == r0);
  g_assert_true (st_test_press_shortcut (chart, "Right"));
  g_assert_true (st_session_get_selected_region (w.session) == r1);
  g_assert_true (st_test_press_shortcut (chart, "Return"));
  g_assert_cmpuint (picks->len, ==, 1);
  g_assert_true (g_ptr_array_index (picks, 0) == r1);
  after = st_test_render (chart);
  for (int y = 0; y < cairo_image_surface_get_height (after); y++)
    for (int x = 0; x < cairo_image_surface_get_width (after); x++)
      changed += st_test_pixel (before, x, y) != st_test_pixel (after, x, y);
  /* a badge and its line, a ring and a frame: more than a dot's worth */
  g_assert_cmpuint (changed, >, 200);
  g_assert_true (st_test_press_shortcut (chart, "space"));
  g_assert_cmpuint (picks->len, ==, 0);
  g_assert_true (st_test_press_shortcut (chart, "End"));
  g_assert_true (st_session_get_selected_region (w.session) == last);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
  win_close (&w);
}

/* The panel is as wide whichever method the form shows, so the timeline
 * beside it keeps its width. */
static void
test_width_per_method (void)
{
  static const StRegionMethod methods[]
      = { ST_REGION_COLLECTIVES, ST_REGION_HIERARCHY, ST_REGION_STACK, ST_REGION_COLLECTIVES };
  Win                w = { 0 };
  StHighlighterForm *form;
  int                width = 0;

  reset_settings ();
  win_open (&w, 1280, 800);
  form = ST_HIGHLIGHTER_FORM (st_test_find_by_id (GTK_WIDGET (w.panel), "form"));
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      st_highlighter_form_set_method (form, methods[i]);
      settle (GTK_WIDGET (w.window), GTK_WIDGET (w.panel));
      if (i == 0)
        width = gtk_widget_get_width (GTK_WIDGET (w.panel));
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (w.panel)), ==, width);
    }
  /* about a third of the window, leaving the timeline two */
  g_assert_cmpint (width, <=, 440);
  win_close (&w);
}

/* A click on the chart's header folds the chart away; the next window
 * opens with it folded, and a click unfolds it. */
static void
test_fold (void)
{
  Win        w = { 0 };
  GtkWidget *toggle;

  reset_settings ();
  win_open (&w, 1280, 800);
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (w.chart)));
  toggle = st_test_find_by_id (GTK_WIDGET (w.panel), "chart_toggle");
  g_signal_emit_by_name (toggle, "clicked");
  g_assert_false (gtk_widget_is_drawable (GTK_WIDGET (w.chart)));
  win_close (&w);

  win_open (&w, 1280, 800);
  g_assert_false (gtk_widget_is_drawable (GTK_WIDGET (w.chart)));
  toggle = st_test_find_by_id (GTK_WIDGET (w.panel), "chart_toggle");
  g_signal_emit_by_name (toggle, "clicked");
  settle (GTK_WIDGET (w.window), GTK_WIDGET (w.panel));
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (w.chart)));
  win_close (&w);
}

/* The titles of the groups of one page of a shortcuts section. */
static GPtrArray *
page_group_titles (GtkWidget *page)
{
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  for (GtkWidget *column = gtk_widget_get_first_child (page); column != NULL;
       column = gtk_widget_get_next_sibling (column))
    for (GtkWidget *group = gtk_widget_get_first_child (column); group != NULL;
         group = gtk_widget_get_next_sibling (group))
      {
        char *t = NULL;

        g_object_get (group, "title", &t, NULL);
        g_ptr_array_add (titles, t);
      }
  return titles;
}

/* The shortcuts window opens on the timeline's keys: the section shown
 * first is Timeline, its first group is Timeline, and Tools and Find and
 * Distribution are on the same page. Every section fits one page, so none
 * of its groups hides behind a page switcher (GTK 4.8 reorders the groups
 * of a section of several pages), and the window fits a 1280 px screen. */
static void
test_shortcuts_timeline_first (void)
{
  g_autoptr (GtkBuilder) builder
      = gtk_builder_new_from_resource ("/io/github/strata/Strata/gtk/help-overlay.ui");
  GtkWidget            *window = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GtkWidget            *sections = st_test_find_child (window, GTK_TYPE_STACK);
  GtkWidget            *shown = gtk_stack_get_visible_child (GTK_STACK (sections));
  g_autoptr (GPtrArray) titles = NULL;
  g_autofree char      *name = NULL;
  guint                 n_sections = 0;
  int                   min_width;

  g_assert_true (GTK_IS_SHORTCUTS_SECTION (shown));
  g_object_get (shown, "section-name", &name, NULL);
  g_assert_cmpstr (name, ==, "timeline");
  titles
      = page_group_titles (gtk_widget_get_first_child (st_test_find_child (shown, GTK_TYPE_STACK)));
  g_assert_cmpuint (titles->len, >=, 3);
  g_assert_cmpstr (g_ptr_array_index (titles, 0), ==, "Timeline");
  g_assert_true (g_ptr_array_find_with_equal_func (titles, "Tools", g_str_equal, NULL));
  g_assert_true (
      g_ptr_array_find_with_equal_func (titles, "Find and Distribution", g_str_equal, NULL));
  for (GtkWidget *section = gtk_widget_get_first_child (sections); section != NULL;
       section = gtk_widget_get_next_sibling (section))
    {
      GtkWidget *pages, *first;

      if (!GTK_IS_SHORTCUTS_SECTION (section))
        continue; /* the window's own search pages */
      pages = st_test_find_child (section, GTK_TYPE_STACK);
      first = gtk_widget_get_first_child (pages);
      g_assert_nonnull (first);
      g_assert_null (gtk_widget_get_next_sibling (first));
      n_sections++;
    }
  g_assert_cmpuint (n_sections, >=, 4);
  /* it fits a laptop's 1280-pixel screen, with room for a frame: its
   * width is its widest section's two columns, at least */
  gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 1200);
  /* the builder lets go of it first: GTK keeps it as a toplevel */
  g_clear_object (&builder);
  st_test_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/display/annotations/chart-fits", test_chart_fits);
  g_test_add_func ("/display/annotations/click-picks", test_click_picks);
  g_test_add_func ("/display/annotations/keyboard", test_keyboard);
  g_test_add_func ("/display/annotations/width-per-method", test_width_per_method);
  g_test_add_func ("/display/annotations/fold", test_fold);
  g_test_add_func ("/display/shortcuts/timeline-first", test_shortcuts_timeline_first);

  return g_test_run ();
}
