/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Summary's Trends Across Regions card as a person meets it: it
 * appears once a method has found regions, with a point per region in time
 * order; the slow step is marked in the theme's error colour; a click on
 * that mark (found from the chart's pixels) summarises its region, and a
 * double-click shows it on the timeline.
 *
 * The trace is written here: six ProfilerStep scopes on the host, each
 * with a 50 µs gemm on GPU 0. Their lengths (µs) are 100, 104, 96, 300,
 * 102, 98: median 101, absolute differences 1, 3, 5, 199, 1, 3, MAD 3, so
 * only step 3 lies more than 3 × 1.4826 × 3 ≈ 13.3 µs from the median.
 * Every step is 100 % busy with no communication and no copy: those rows
 * have a MAD of 0 and no outlier. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-display-util.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-trends-chart.h"
#include "st-trends-section.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>

static const gint64 step_length[] = { 100, 104, 96, 300, 102, 98 };
#define N_STEPS   G_N_ELEMENTS (step_length)
#define SLOW_STEP 3

typedef struct
{
  char            *dir;
  StWindow        *window;
  StSession       *session;
  StSummaryPage   *page;
  StTrendsSection *section;
  StTrendsChart   *chart;
} Fixture;

/* Step i runs [1000 i, 1000 i + its length) µs, its gemm from 10 µs in. */
static GFile *
write_trace (Fixture *f, const char *name)
{
  g_autoptr (GString) json = g_string_new (
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"python\"}}");
  g_autoptr (GError) error = NULL;
  g_autofree char   *path = NULL;

  for (guint i = 0; i < N_STEPS; i++)
    g_string_append_printf (json,
                            ",\n{\"ph\": \"X\", \"cat\": \"user_annotation\", "
                            "\"name\": \"ProfilerStep#%u\", \"pid\": 1, \"tid\": 1, \"ts\": %u, "
                            "\"dur\": %" G_GINT64_FORMAT "}"
                            ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", "
                            "\"pid\": 0, \"tid\": 7, \"ts\": %u, \"dur\": 50}",
                            i, 1000 * i, step_length[i], 1000 * i + 10);
  g_string_append (json, "\n]}\n");
  f->dir = g_dir_make_tmp ("strata-trends-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, name, NULL);
  g_assert_true (g_file_set_contents (path, json->str, -1, &error));
  return g_file_new_for_path (path);
}

static gboolean
summary_computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

static gboolean
highlight_done (gpointer data)
{
  return !g_action_group_get_action_enabled (st_annotations_panel_get_actions (data),
                                             "cancel-highlight");
}

static const char *
status (Fixture *f)
{
  return gtk_label_get_text (
      GTK_LABEL (st_test_find_by_id (GTK_WIDGET (f->section), "status_label")));
}

/* The card says what it shows once its thread is done. */
static gboolean
trends_shown (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_visible (GTK_WIDGET (f->section))
         && g_str_equal (status (f), "6 regions · Hierarchy · 1 outlier")
         && gtk_widget_get_width (GTK_WIDGET (f->chart)) > 300;
}

/* Runs the hierarchy method from the Annotations panel, as a person does
 * with F9 and the method menu. */
static void
run_hierarchy (Fixture *f)
{
  StTimelinePage *timeline
      = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  StAnnotationsPanel *panel = st_timeline_page_get_annotations (timeline);

  if (!st_timeline_page_get_show_annotations (timeline))
    g_assert_true (
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-annotations", NULL));
  /* the method menu's rows: Between collectives, Hierarchy, Kernel stack frames */
  gtk_drop_down_set_selected (
      GTK_DROP_DOWN (st_test_find_by_id (GTK_WIDGET (panel), "method_dropdown")), 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "regions.highlight", NULL));
  st_test_wait_until (highlight_done, panel);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  /* a name of its own: no case finds the regions another case autosaved */
  g_autoptr (GFile) file = write_trace (f, data);
  StTimelinePage   *timeline;

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1600, "default-height", 1000, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (timeline);
  f->page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_SUMMARY_PAGE));
  f->section
      = ST_TRENDS_SECTION (st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_TRENDS_SECTION));
  f->chart = ST_TRENDS_CHART (st_test_find_child (GTK_WIDGET (f->section), ST_TYPE_TRENDS_CHART));
  st_test_wait_until (summary_computed, f->page);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, data, NULL);

  st_region_set_set_modified (st_session_get_regions (f->session), FALSE);
  st_test_destroy_window (f->window);
  g_unlink (path);
  g_rmdir (f->dir);
  g_free (f->dir);
}

static const char *
selected_name (Fixture *f)
{
  StRegion *r = st_session_get_selected_region (f->session);

  return r ? st_region_get_name (r) : NULL;
}

/* The card shows after the method ran; the keyboard goes through one point
 * per step, in time order, Enter summarising each. */
static void
test_points (Fixture *f, gconstpointer data)
{
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->section)));
  run_hierarchy (f);
  g_assert_cmpuint (st_region_set_get_n_regions (st_session_get_regions (f->session)), ==, N_STEPS);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  st_test_wait_until (trends_shown, f);
  gtk_widget_grab_focus (GTK_WIDGET (f->chart));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Home"));
  for (guint i = 0; i < N_STEPS + 1; i++)
    {
      g_autofree char *expected = g_strdup_printf ("ProfilerStep#%u", (guint)MIN (i, N_STEPS - 1));

      if (i > 0)
        g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Right"));
      g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->chart), "Return"));
      g_assert_cmpstr (selected_name (f), ==, expected);
      /* the page summarises it: its region menu shows it */
      g_assert_true (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (
                         st_test_find_by_id (GTK_WIDGET (f->page), "region_dropdown")))
                     == st_session_get_selected_region (f->session));
    }
}

/* The centre of the topmost disc in the theme's error colour: the outlier
 * of the first row (the legend's dot is at the bottom). */
static gboolean
find_outlier (cairo_surface_t *surface, guint32 color, double *cx, double *cy)
{
  int    w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int    top = -1, n = 0;
  double sx = 0, sy = 0;

  for (int y = 0; y < h && top < 0; y++)
    for (int x = 0; x < w && top < 0; x++)
      if (st_test_pixel (surface, x, y) == color)
        top = y;
  for (int y = MAX (top, 0); top >= 0 && y < MIN (h, top + 10); y++)
    for (int x = 0; x < w; x++)
      if (st_test_pixel (surface, x, y) == color)
        {
          sx += x;
          sy += y;
          n++;
        }
  *cx = n ? sx / n : 0;
  *cy = n ? sy / n : 0;
  return n > 0;
}

static GtkGesture *
click_gesture (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c))
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

/* The slow step is drawn in the error colour; clicking there summarises
 * it, double-clicking shows it on the timeline. */
static void
test_outlier (Fixture *f, gconstpointer data)
{
  cairo_surface_t *surface;
  GdkRGBA          error;
  guint32          color;
  double           x, y;
  gint64           start, end;

  run_hierarchy (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  st_test_wait_until (trends_shown, f);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_assert_true (gtk_style_context_lookup_color (
      gtk_widget_get_style_context (GTK_WIDGET (f->chart)), "error_color", &error));
  G_GNUC_END_IGNORE_DEPRECATIONS
  color = (guint32)(error.red * 255 + 0.5) << 16 | (guint32)(error.green * 255 + 0.5) << 8
          | (guint32)(error.blue * 255 + 0.5);
  surface = st_test_render (GTK_WIDGET (f->chart));
  g_assert_true (find_outlier (surface, color, &x, &y));
  cairo_surface_destroy (surface);

  g_signal_emit_by_name (click_gesture (GTK_WIDGET (f->chart)), "released", 1, x, y);
  g_assert_cmpstr (selected_name (f), ==, "ProfilerStep#3");
  st_test_wait_until (summary_computed, f->page);
  /* the page's range: step 3, from 3 ms to 3.3 ms of the trace */
  g_assert_cmpstr (
      gtk_label_get_text (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (f->page), "range_label"))), ==,
      "3.000 ms – 3.300 ms (300.0 µs)");

  g_signal_emit_by_name (click_gesture (GTK_WIDGET (f->chart)), "released", 2, x, y);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (
                       st_test_find_child (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK))),
                   ==, "timeline");
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <=, 3000 * 1000);
  g_assert_cmpint (end, >=, 3300 * 1000);
  g_assert_cmpint (end - start, <, 1000 * 1000);
}

int
main (int argc, char **argv)
{
  g_autofree char *state = g_dir_make_tmp ("strata-trends-state-XXXXXX", NULL);
  int              status;

  /* no regions of an earlier run come back */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add ("/trends/points", Fixture, "points.json", fixture_set_up, test_points,
              fixture_tear_down);
  g_test_add ("/trends/outlier", Fixture, "outlier.json", fixture_set_up, test_outlier,
              fixture_tear_down);
  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
