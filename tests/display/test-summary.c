/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Summary page as a person meets it: a profile opens on it; it fits a
 * 1600×1000 screen without scrolling; choosing a region in its menu
 * changes the numbers; a recommendation's range opens the timeline there;
 * a legend entry hides its collectives and a point opens its operation on
 * the timeline; picked regions are compared side by side, their
 * collectives in one chart whose numbers are the Communication table's,
 * and the operations between them with the regression first, after the
 * regions' numbers;
 * the operations card switches between kernels and host ops; the Devices
 * card lists the GPUs; each percentage says what it is of (Device busy of
 * device time, the Idle Time card's shares of the range); the Idle Time
 * card draws a bar per stream by kind and its launches, the Communication Overlap card the GPU's
 * overlap and its share over time.
 *
 * Runs under Xvfb on the generated Kineto test trace (two ranks, NCCL
 * all-reduces and all-gathers), or a case's own trace of tests/data. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-application.h"
#include "st-bar-chart.h"
#include "st-collective-chart.h"
#include "st-display-util.h"
#include "st-format.h"
#include "st-metric-table.h"
#include "st-operation-diff-view.h"
#include "st-share-chart.h"
#include "st-stream-launches.h"
#include "st-summary-page.h"
#include "st-summary-section.h"
#include "st-timeline-page.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#define SCREEN_W 1600
#define SCREEN_H 1000

typedef struct
{
  StWindow      *window;
  StSummaryPage *page;
  StSession     *session;
  AdwViewStack  *stack;
} Fixture;

static gboolean
computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 200 && gtk_widget_get_height (data) > 100;
}

/* @data: a trace of tests/data/summary, else the generated one. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path
      = data ? g_test_build_filename (G_TEST_DIST, "..", "data", "summary", data, NULL)
             : g_strdup (g_getenv ("STRATA_TEST_TRACE"));
  g_autoptr (GFile)     file = g_file_new_for_path (path);
  g_autoptr (GSettings) settings = st_application_new_settings ();
  StTimelinePage       *timeline;

  /* the landing page as on a first run, whichever page the case before
   * went to last (test-settings covers the remembered one) */
  if (settings != NULL)
    g_settings_reset (settings, "landing-page");
  f->window
      = g_object_new (ST_TYPE_WINDOW, "default-width", SCREEN_W, "default-height", SCREEN_H, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (
                       GTK_STACK (st_test_find_by_id (GTK_WIDGET (f->window), "main_stack"))),
                   ==, "profile");
  f->page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_SUMMARY_PAGE));
  f->stack = ADW_VIEW_STACK (st_test_find_child (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK));
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (timeline);
  st_test_wait_until (computed, f->page);
  st_test_wait_until (allocated, f->page);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
}

/* The widget whose id in the page's .ui (or a section's) is @id. */
static GtkWidget *
part (StSummaryPage *page, const char *id)
{
  GtkWidget *widget = st_test_find_by_id (GTK_WIDGET (page), id);

  g_assert_nonnull (widget);
  return widget;
}

/* The metric table of the card @section_id. */
static StMetricTable *
metric_table (StSummaryPage *page, const char *section_id)
{
  return ST_METRIC_TABLE (st_test_find_child (part (page, section_id), ST_TYPE_METRIC_TABLE));
}

static const char *
shown (StSummaryPage *page, const char *id)
{
  return st_metric_table_get_value_text (metric_table (page, "compute_section"), id, 0);
}

/* A child of @widget a person sees. */
static gboolean
shows_something (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c))
      return TRUE;
  return FALSE;
}

static gboolean
button_down (StSummaryPage *page, const char *id)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (part (page, id)));
}

/* Compare shows: its toggle is down. */
static gboolean
comparing (StSummaryPage *page)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (part (page, "compare_button")));
}

/* A profile opens on its summary: findings, numbers, operations. */
static void
test_landing (Fixture *f, gconstpointer data)
{
  GtkColumnView *operations = GTK_COLUMN_VIEW (part (f->page, "operations_view"));

  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "summary");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->page)));
  g_assert_nonnull (shown (f->page, "device_busy_percent"));
  g_assert_cmpstr (shown (f->page, "device_busy_percent"), !=, "not in this profile");
  /* a finding, or the line saying that none of the rules fires */
  g_assert_true (shows_something (part (f->page, "recommendations")));
  g_assert_cmpuint (
      g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (operations))), >, 0);
  /* Alt+1 … Alt+4 in order: Summary first */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-timeline", NULL));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "timeline");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "summary");
}

/* Everything on one 1600×1000 screen: the window asks for no more, and
 * the page's content fits the height it is given. */
static void
test_fits (Fixture *f, gconstpointer data)
{
  int                min, nat, page_min;
  GtkScrolledWindow *scroller;
  GtkAdjustment     *vadj, *hadj;

  gtk_widget_measure (GTK_WIDGET (f->page), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("page width: minimum %d, natural %d", min, nat);
  gtk_widget_measure (
      gtk_widget_get_parent (st_test_find_child (GTK_WIDGET (f->window), ADW_TYPE_VIEW_SWITCHER)),
      GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("facts and view switcher: minimum %d, natural %d", min, nat);
  gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL,
                      NULL);
  g_test_message ("window width: minimum %d, natural %d", min, nat);
  g_assert_cmpint (nat, <=, SCREEN_W);
  gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_VERTICAL, SCREEN_W, &min, &nat, NULL,
                      NULL);
  g_test_message ("window height at %d: minimum %d, natural %d", SCREEN_W, min, nat);
  g_assert_cmpint (nat, <=, SCREEN_H);
  /* the page scrolls only on a smaller screen: here nothing is out of view */
  scroller = GTK_SCROLLED_WINDOW (part (f->page, "content_scroller"));
  gtk_widget_measure (gtk_scrolled_window_get_child (scroller), GTK_ORIENTATION_VERTICAL,
                      gtk_widget_get_width (GTK_WIDGET (scroller)), &page_min, &nat, NULL, NULL);
  g_test_message ("page %d×%d, content asks for %d (natural %d)",
                  gtk_widget_get_width (GTK_WIDGET (f->page)),
                  gtk_widget_get_height (GTK_WIDGET (f->page)), page_min, nat);
  /* on a screen of that size (xvfb-run -s "-screen 0 1600x1000x24"), the
   * page as shown: nothing to scroll to */
  if (gtk_widget_get_width (GTK_WIDGET (f->window)) < SCREEN_W
      || gtk_widget_get_height (GTK_WIDGET (f->window)) < SCREEN_H)
    {
      g_test_message ("the screen is smaller than %d×%d: the page as shown is not checked",
                      SCREEN_W, SCREEN_H);
      return;
    }
  g_assert_cmpint (page_min, <=, gtk_widget_get_height (GTK_WIDGET (scroller)));
  vadj = gtk_scrolled_window_get_vadjustment (scroller);
  hadj = gtk_scrolled_window_get_hadjustment (scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), <=,
                     gtk_adjustment_get_page_size (vadj) + 0.5);
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadj), <=,
                     gtk_adjustment_get_page_size (hadj) + 0.5);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->page)), <=, SCREEN_W);
}

static gboolean
label_shows (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    if (label_shows (c, text))
      return TRUE;
  return FALSE;
}

/* The menu lists the regions as they are (a new one and a rename show at
 * once); choosing one recomputes the page for it. */
static void
test_region_menu (Fixture *f, gconstpointer data)
{
  StRegionSet         *regions = st_session_get_regions (f->session);
  GtkDropDown         *menu = GTK_DROP_DOWN (part (f->page, "region_dropdown"));
  g_autoptr (StRegion) region = NULL;
  g_autofree char     *whole_span = g_strdup (shown (f->page, "span_ns"));
  g_autofree char     *whole_kernels = g_strdup (shown (f->page, "kernel_count"));
  g_autofree char     *quarter = NULL;
  gint64               end = st_trace_get_end_ns (st_session_get_trace (f->session));
  guint                n = st_region_set_get_n_regions (regions);

  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (menu)), ==, n + 1);
  region = st_region_new ("first quarter", 0, end / 4, ST_REGION_MANUAL);
  st_region_set_add (regions, region);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (menu)), ==, n + 2);

  st_summary_page_set_region (f->page, region);
  g_assert_true (gtk_drop_down_get_selected_item (menu) == (gpointer)region);
  g_assert_true (st_summary_page_is_computing (f->page));
  st_test_wait_until (computed, f->page);
  /* the numbers are the region's: its length is the time span */
  quarter = st_format_duration (end / 4);
  g_assert_cmpstr (shown (f->page, "span_ns"), ==, quarter);
  g_assert_cmpstr (shown (f->page, "span_ns"), !=, whole_span);
  g_assert_cmpstr (shown (f->page, "kernel_count"), !=, whole_kernels);

  /* the button shows the new name */
  st_region_set_rename (regions, st_region_set_find (regions, region), "warm-up");
  g_assert_true (label_shows (GTK_WIDGET (menu), "warm-up"));

  /* deleting the region shown goes back to the whole profile */
  st_region_set_remove (regions, st_region_set_find (regions, region));
  g_assert_cmpuint (gtk_drop_down_get_selected (menu), ==, 0);
  g_assert_true (label_shows (GTK_WIDGET (menu), "Whole profile"));
  st_test_wait_until (computed, f->page);
  g_assert_cmpstr (shown (f->page, "span_ns"), ==, whole_span);
}

static GtkWidget *
find_actionable (GtkWidget *root, const char *action)
{
  if (GTK_IS_ACTIONABLE (root)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_actionable (c, action);
      if (found)
        return found;
    }
  return NULL;
}

/* A finding's time range is a link to the timeline, zoomed there. */
static void
test_recommendation_link (Fixture *f, gconstpointer data)
{
  GtkWidget *link
      = find_actionable (part (f->page, "recommendations_section"), "summary.show-range");
  GVariant *target;
  gint64    start, end, shown_start, shown_end;

  g_assert_nonnull (link);
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (link));
  g_variant_get (target, "(xx)", &start, &end);
  g_signal_emit_by_name (link, "clicked");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "timeline");
  st_session_get_range (f->session, &shown_start, &shown_end);
  if (end - start >= st_session_get_min_span (f->session))
    {
      g_assert_cmpint (shown_start, ==, start);
      g_assert_cmpint (shown_end, ==, end);
    }
  else
    g_assert_true (shown_start <= start && shown_end >= end);
}

/* Pixels of a chart that are coloured (a series), not grey (axes, text). */
static guint
coloured_pixels (cairo_surface_t *surface, int x0, int x1)
{
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = MAX (0, x0); x < MIN (x1, cairo_image_surface_get_width (surface)); x++)
      {
        guint32 p = st_test_pixel (surface, x, y);
        int     r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

        if (MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 60)
          n++;
      }
  return n;
}

static gboolean
chart_drawn (gpointer chart)
{
  return !st_collective_chart_is_drawing (chart);
}

/* What the chart shows once its points are in: they are drawn on a thread
 * after the chart's frame, which the first rendering asks for. */
static cairo_surface_t *
render_drawn (StCollectiveChart *chart)
{
  cairo_surface_destroy (st_test_render (GTK_WIDGET (chart)));
  st_test_wait_until (chart_drawn, chart);
  return st_test_render (GTK_WIDGET (chart));
}

/* The first legend entry hides its series' points and shows them again;
 * a click on a point opens that operation on the timeline. */
static void
test_legend (Fixture *f, gconstpointer data)
{
  GtkWidget         *section = part (f->page, "collectives_section");
  StCollectiveChart *chart
      = ST_COLLECTIVE_CHART (st_test_find_child (section, ST_TYPE_COLLECTIVE_CHART));
  GtkWidget       *entry = find_actionable (st_test_find_by_id (section, "legend"), NULL);
  cairo_surface_t *surface;
  graphene_point_t center;
  GArray          *selection;

  g_assert_cmpuint (st_collective_chart_get_n_series (chart), >, 0);
  st_test_wait_until (allocated, chart);
  g_assert_true (st_collective_chart_point_center (chart, 0, 0, &center));

  surface = render_drawn (chart);
  g_assert_cmpuint (coloured_pixels (surface, center.x - 12, center.x + 12), >, 0);
  cairo_surface_destroy (surface);

  /* the legend's first entry is the first series' toggle */
  g_assert_true (GTK_IS_TOGGLE_BUTTON (entry));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (entry)));
  g_signal_emit_by_name (entry, "clicked");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (entry)));
  g_assert_false (st_collective_chart_get_series_visible (chart, 0));
  g_assert_false (st_collective_chart_point_center (chart, 0, 0, &center));
  surface = render_drawn (chart);
  g_assert_cmpuint (coloured_pixels (surface, center.x - 12, center.x + 12), ==, 0);
  cairo_surface_destroy (surface);

  g_signal_emit_by_name (entry, "clicked");
  g_assert_true (st_collective_chart_get_series_visible (chart, 0));
  g_assert_true (st_collective_chart_point_center (chart, 0, 0, &center));
  g_assert_true (st_collective_chart_click (chart, center.x, center.y));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (f->stack), ==, "timeline");
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 1);
}

/* The text of the label in a legend entry (a toggle: swatch, label). */
static const char *
entry_label (GtkWidget *entry)
{
  GtkWidget *label = st_test_find_child (entry, GTK_TYPE_LABEL);

  g_assert_nonnull (label);
  return gtk_label_get_label (GTK_LABEL (label));
}

/* alltoall-sites.json: three send/recv kernels, launched inside two
 * nccl:all_to_all ops (Input Dims [[48]] and [[64]], float) and a
 * c10d::alltoall_ ([[32]], float): all-to-alls (docs/metrics.md 1.6, the
 * op's type), of sizes derived from the ops' dims: 48 × 4 = 192 B,
 * 64 × 4 = 256 B, 32 × 4 = 128 B. Every group is an AllToAll, and no call
 * site is every group's: the legend says the type once above the entries,
 * which read the size and call site; each tooltip keeps the whole label. */
static void
test_legend_common (Fixture *f, gconstpointer data)
{
  GtkWidget  *section = part (f->page, "collectives_section");
  GtkWidget  *common = st_test_find_by_id (section, "legend_common");
  GtkWidget  *legend = st_test_find_by_id (section, "legend");
  const char *expected[] = { "≈ 128 B (32 × float, from the op’s dims) · c10d::alltoall_",
                             "≈ 192 B (48 × float, from the op’s dims) · nccl:all_to_all",
                             "≈ 256 B (64 × float, from the op’s dims) · nccl:all_to_all" };
  gboolean    seen[G_N_ELEMENTS (expected)] = { FALSE };
  guint       n = 0;

  g_assert_true (gtk_widget_get_visible (common));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (common)), ==, "Every group: AllToAll");
  for (GtkWidget *c = gtk_widget_get_first_child (legend); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget  *entry = find_actionable (c, NULL);
      const char *text = entry_label (entry);
      const char *tip = gtk_widget_get_tooltip_text (entry);
      gboolean    found = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
        if (g_strcmp0 (text, expected[i]) == 0 && !seen[i])
          seen[i] = found = TRUE;
      g_assert_true (found);
      g_assert_true (g_str_has_prefix (tip, "AllToAll · ≈ "));
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
}

/* The generated trace's groups are of two types: nothing is common, and
 * the entries read their labels whole. */
static void
test_legend_nothing_common (Fixture *f, gconstpointer data)
{
  GtkWidget *section = part (f->page, "collectives_section");
  GtkWidget *entry = find_actionable (st_test_find_by_id (section, "legend"), NULL);

  g_assert_false (gtk_widget_get_visible (st_test_find_by_id (section, "legend_common")));
  g_assert_true (g_str_has_prefix (entry_label (entry), "All"));
}

/* Two picked regions side by side: a value column each, the same rows. */
static void
test_compare (Fixture *f, gconstpointer data)
{
  StRegionSet         *regions = st_session_get_regions (f->session);
  gint64               end = st_trace_get_end_ns (st_session_get_trace (f->session));
  g_autoptr (StRegion) a = st_region_new ("first half", 0, end / 2, ST_REGION_MANUAL);
  g_autoptr (StRegion) b = st_region_new ("second half", end / 2, end, ST_REGION_MANUAL);
  StMetricTable       *table = metric_table (f->page, "compare_compute_section");

  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL)
                  && comparing (f->page));
  st_region_set_add (regions, a);
  st_region_set_add (regions, b);
  st_session_toggle_compare (f->session, a);
  st_session_toggle_compare (f->session, b);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  g_assert_true (comparing (f->page));
  st_test_wait_until (computed, f->page);
  g_assert_nonnull (st_metric_table_get_value_text (table, "span_ns", 0));
  g_assert_nonnull (st_metric_table_get_value_text (table, "span_ns", 1));
  g_assert_null (st_metric_table_get_value_text (table, "span_ns", 2));
  g_assert_cmpuint (st_metric_table_get_n_rows (table), ==,
                    st_metric_table_get_n_rows (metric_table (f->page, "compute_section")));
  /* dropping a pick leaves one: nothing to compare */
  st_session_toggle_compare (f->session, b);
  g_assert_false (comparing (f->page));
  st_test_wait_until (computed, f->page);
}

/* between-collectives.json (tests/model/test-summary.c says how it is
 * built): NCCL all-reduces on the device at [10, 30) and [70, 90) µs,
 * the second launched at 42 µs. Compared, the regions [0, 30), [30, 70)
 * and [70, 90) have 1, 0 and 1 collective in the chart, the same in the
 * Communication table, and beside each region's legend entry its count
 * and its communication time: 20 µs, none, 20 µs. */
static void
test_compare_collectives (Fixture *f, gconstpointer data)
{
  static const guint   expected[] = { 1, 0, 1 };
  static const gint64  comm_us[] = { 20, 0, 20 };
  StRegionSet         *regions = st_session_get_regions (f->session);
  g_autoptr (StRegion) a = st_region_new ("first", 0, 30000, ST_REGION_MANUAL);
  g_autoptr (StRegion) b = st_region_new ("between", 30000, 70000, ST_REGION_MANUAL);
  g_autoptr (StRegion) c = st_region_new ("second", 70000, 90000, ST_REGION_MANUAL);
  StRegion            *picked[] = { a, b, c };
  GtkWidget           *section = part (f->page, "compare_collectives_section");
  StCollectiveChart   *chart
      = ST_COLLECTIVE_CHART (st_test_find_child (section, ST_TYPE_COLLECTIVE_CHART));
  StMetricTable   *table = metric_table (f->page, "compare_communication_section");
  graphene_point_t center;
  GtkWidget       *entry;

  for (guint i = 0; i < G_N_ELEMENTS (picked); i++)
    {
      st_region_set_add (regions, picked[i]);
      st_session_toggle_compare (f->session, picked[i]);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  st_test_wait_until (computed, f->page);
  st_test_wait_until (allocated, chart);
  g_assert_cmpuint (st_collective_chart_get_n_regions (chart), ==, 3);
  /* one group, AllReduce · 4 KiB: a column per region */
  g_assert_cmpuint (st_collective_chart_get_n_series (chart), ==, 3);
  for (guint r = 0; r < G_N_ELEMENTS (expected); r++)
    {
      g_autofree char *count = g_strdup_printf ("%u", expected[r]);
      g_autofree char *time = st_format_duration (comm_us[r] * 1000);
      g_autofree char *beside = g_strdup_printf (
          "%u %s · %s", expected[r], expected[r] == 1 ? "operation" : "operations", time);

      g_assert_cmpuint (st_collective_chart_get_region_count (chart, r), ==, expected[r]);
      g_assert_cmpint (st_collective_chart_point_center (chart, r, 0, &center), ==,
                       expected[r] > 0);
      g_assert_cmpstr (st_metric_table_get_value_text (table, "collective_count", r), ==, count);
      g_assert_cmpstr (st_metric_table_get_value_text (table, "communication_time_ns", r), ==,
                       time);
      g_assert_nonnull (st_test_find_label (section, beside));
    }
  /* a region's legend entry hides its points */
  entry = find_actionable (st_test_find_by_id (section, "legend"), NULL);
  g_signal_emit_by_name (entry, "clicked");
  g_assert_false (st_collective_chart_point_center (chart, 0, 0, &center));
  g_assert_true (st_collective_chart_point_center (chart, 2, 0, &center));
}

/* The text of the cell of @table's row @row under @title: a GtkLabel's
 * or, for Δ, an StDeltaLabel's. */
static char *
cell_text (GtkColumnView *table, guint row, const char *title)
{
  GtkWidget *cell = st_test_cell (table, row, title);
  char      *text = NULL;

  g_object_get (cell, GTK_IS_LABEL (cell) ? "label" : "text", &text, NULL);
  return text;
}

/* The @i-th row of @table shows @name, how it matched, Δ total and Δ %. */
static void
assert_item (GtkColumnView *table,
             guint          i,
             const char    *name,
             const char    *match,
             const char    *delta,
             const char    *percent)
{
  g_autoptr (GObject) item
      = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (table)), i);
  g_autofree char *n = NULL, *m = NULL, *d = NULL, *p = NULL;

  g_assert_nonnull (item);
  g_object_get (item, "name", &n, NULL);
  m = cell_text (table, i, "Match");
  d = cell_text (table, i, "Δ Total");
  p = cell_text (table, i, "Δ %");
  g_assert_cmpstr (n, ==, name);
  g_assert_cmpstr (m, ==, match);
  g_assert_cmpstr (d, ==, delta);
  g_assert_cmpstr (p, ==, percent);
}

/* region-diff.json: on GPU 0's stream, per 1 ms, two gemm_kernel 100 µs
 * apart and a copy_kernel at 700 µs. In [0, 1) ms the gemms take 50 µs
 * and the copy 20; in [1, 2) ms the gemms take 100 (twice as slow) and a
 * softmax_kernel of 40 runs only there; in [2, 3) ms the gemms take 50
 * again and the copy 60. So against the first region, the second's rows
 * are gemm_kernel +2 × 50 = +100 µs (+100 %), softmax_kernel +40 µs
 * (added), copy_kernel 0; the third's copy_kernel +40 µs (+200 %), then
 * gemm_kernel 0. */
static void
test_compare_operations (Fixture *f, gconstpointer data)
{
  StRegionSet         *regions = st_session_get_regions (f->session);
  g_autoptr (StRegion) a = st_region_new ("first ms", 0, 1000000, ST_REGION_MANUAL);
  g_autoptr (StRegion) b = st_region_new ("second ms", 1000000, 2000000, ST_REGION_MANUAL);
  g_autoptr (StRegion) c = st_region_new ("third ms", 2000000, 3000000, ST_REGION_MANUAL);
  StOperationDiffView *view = ST_OPERATION_DIFF_VIEW (part (f->page, "region_diff_view"));
  GListModel          *rows = st_operation_diff_view_get_rows (view);
  GtkColumnView       *table
      = GTK_COLUMN_VIEW (st_test_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW));
  GtkDropDown *compared = GTK_DROP_DOWN (part (f->page, "compared_dropdown"));
  StTrace     *trace = st_session_get_trace (f->session);
  GArray      *selection;
  guint        in_a = 0, in_b = 0;

  st_region_set_add (regions, a);
  st_region_set_add (regions, b);
  st_region_set_add (regions, c);
  st_session_toggle_compare (f->session, a);
  st_session_toggle_compare (f->session, b);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  st_test_wait_until (computed, f->page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  /* one region against the base: nothing to choose */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (compared)));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 3);
  assert_item (table, 0, "gemm_kernel", "exact", "▲ +100.0 µs", "+100.0 %");
  assert_item (table, 1, "softmax_kernel", "added", "▲ +40.00 µs", "—");
  assert_item (table, 2, "copy_kernel", "exact", "0 ns", "0 %");
  g_assert_nonnull (st_test_find_label (GTK_WIDGET (view), "▲ +100.0 µs"));
  /* by Match, its words in the alphabet's order: "added" before "exact" */
  gtk_column_view_sort_by_column (table, st_test_column_titled (table, "Match"),
                                  GTK_SORT_ASCENDING);
  assert_item (table, 0, "softmax_kernel", "added", "▲ +40.00 µs", "—");
  gtk_column_view_sort_by_column (table, NULL, GTK_SORT_ASCENDING);
  assert_item (table, 0, "gemm_kernel", "exact", "▲ +100.0 µs", "+100.0 %");

  /* the regression's instances: its two gemms in each region */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 0, TRUE);
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 4);
  for (guint i = 0; i < selection->len; i++)
    {
      StEventRef     ref = g_array_index (selection, StEventRef, i);
      const StSlice *slice = &st_trace_get_track (trace, ref.track)->slices[ref.index];

      g_assert_cmpstr (st_trace_get_string (trace, slice->name), ==, "gemm_kernel");
      in_a += slice->start < 1000000;
      in_b += slice->start >= 1000000 && slice->start < 2000000;
    }
  g_assert_cmpuint (in_a, ==, 2);
  g_assert_cmpuint (in_b, ==, 2);

  /* a third region: the second against the base still, then Ctrl+Shift+K
   * the third */
  st_session_toggle_compare (f->session, c);
  st_test_wait_until (computed, f->page);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (compared)));
  g_assert_cmpuint (gtk_drop_down_get_selected (compared), ==, 0);
  assert_item (table, 0, "gemm_kernel", "exact", "▲ +100.0 µs", "+100.0 %");
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->page), "<Control><Shift>k"));
  g_assert_cmpuint (gtk_drop_down_get_selected (compared), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 2);
  assert_item (table, 0, "copy_kernel", "exact", "▲ +40.00 µs", "+200.0 %");
  assert_item (table, 1, "gemm_kernel", "exact", "0 ns", "0 %");
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 0, TRUE);
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 2);
  /* the menu goes back to the second */
  gtk_drop_down_set_selected (compared, 0);
  assert_item (table, 0, "gemm_kernel", "exact", "▲ +100.0 µs", "+100.0 %");
  /* Ctrl+E: the host ops, aten::mm twice in each region, 5 µs each */
  g_assert_true (button_down (f->page, "diff_kernels_button"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->page), "<Control>e"));
  g_assert_true (button_down (f->page, "diff_host_button"));
  g_assert_false (button_down (f->page, "diff_kernels_button"));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 1);
  assert_item (table, 0, "aten::mm", "exact", "0 ns", "0 %");
}

static gboolean
numbers_shown (gpointer page)
{
  return st_summary_page_has_numbers (page);
}

/* region-diff.json compared as in test_compare_operations: the cards show
 * the regions' numbers first while the operations between them wait
 * without rows; the rows (gemm_kernel +100 µs first, derived there by
 * hand) come once the operations tables are made, and go again while a
 * third region's numbers come first. */
static void
test_compare_numbers_first (Fixture *f, gconstpointer data)
{
  StRegionSet         *regions = st_session_get_regions (f->session);
  g_autoptr (StRegion) a = st_region_new ("first ms", 0, 1000000, ST_REGION_MANUAL);
  g_autoptr (StRegion) b = st_region_new ("second ms", 1000000, 2000000, ST_REGION_MANUAL);
  g_autoptr (StRegion) c = st_region_new ("third ms", 2000000, 3000000, ST_REGION_MANUAL);
  StMetricTable       *table = metric_table (f->page, "compare_compute_section");
  GListModel          *rows = st_operation_diff_view_get_rows (
               ST_OPERATION_DIFF_VIEW (part (f->page, "region_diff_view")));
  GtkColumnView *ops = GTK_COLUMN_VIEW (
      st_test_find_child (part (f->page, "region_diff_view"), GTK_TYPE_COLUMN_VIEW));
  GtkWidget *spinner = st_test_find_by_id (part (f->page, "region_diff_section"), "spinner");

  st_region_set_add (regions, a);
  st_region_set_add (regions, b);
  st_region_set_add (regions, c);
  st_session_toggle_compare (f->session, a);
  st_session_toggle_compare (f->session, b);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  st_test_wait_until (numbers_shown, f->page);
  g_assert_true (st_summary_page_is_computing (f->page));
  g_assert_nonnull (st_metric_table_get_value_text (table, "span_ns", 1));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 0);
  g_assert_true (gtk_widget_get_visible (spinner));
  st_test_wait_until (computed, f->page);
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 3);
  assert_item (ops, 0, "gemm_kernel", "exact", "▲ +100.0 µs", "+100.0 %");

  st_session_toggle_compare (f->session, c);
  st_test_wait_until (numbers_shown, f->page);
  g_assert_true (st_summary_page_is_computing (f->page));
  g_assert_nonnull (st_metric_table_get_value_text (table, "span_ns", 2));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 0);
  g_assert_true (gtk_widget_get_visible (spinner));
  st_test_wait_until (computed, f->page);
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 3);
  assert_item (ops, 0, "gemm_kernel", "exact", "▲ +100.0 µs", "+100.0 %");
}

static gboolean
highlight_done (gpointer panel)
{
  return !g_action_group_get_action_enabled (st_annotations_panel_get_actions (panel),
                                             "cancel-highlight");
}

/* between-collectives.json again, its region found by the window's
 * Region Highlighter (Between collectives): the gap [30, 70) µs, where the
 * host launches the second all-reduce but the device runs none. Chosen on
 * the Summary, its Communication card reads 0 collectives and 0 ns, and
 * the collectives card has none; compared with [30, 80) µs, which the
 * second all-reduce [70, 90) overlaps at its end, that one reads 1 and
 * its first 10 µs. */
static void
test_between_collectives_region (Fixture *f, gconstpointer data)
{
  StTimelinePage *timeline
      = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  StAnnotationsPanel  *panel = st_timeline_page_get_annotations (timeline);
  StRegionSet         *regions = st_session_get_regions (f->session);
  g_autoptr (StRegion) gap = NULL;
  g_autoptr (StRegion) edge = st_region_new ("to 80 µs", 30000, 80000, ST_REGION_MANUAL);
  StMetricTable       *table = metric_table (f->page, "communication_section");
  StMetricTable       *compared = metric_table (f->page, "compare_communication_section");
  g_autofree char     *ten = st_format_duration (10000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-annotations", NULL));
  /* the method menu's first row: Between collectives */
  gtk_drop_down_set_selected (
      GTK_DROP_DOWN (st_test_find_by_id (GTK_WIDGET (panel), "method_dropdown")), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "regions.highlight", NULL));
  st_test_wait_until (highlight_done, panel);
  g_assert_cmpuint (st_region_set_get_n_regions (regions), ==, 1);
  gap = g_list_model_get_item (G_LIST_MODEL (regions), 0);
  g_assert_cmpstr (st_region_get_name (gap), ==, "AllReduce #1 → AllReduce #2");
  g_assert_cmpint (st_region_get_start (gap), ==, 30000);
  g_assert_cmpint (st_region_get_end (gap), ==, 70000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  st_summary_page_set_region (f->page, gap);
  st_test_wait_until (computed, f->page);
  g_assert_cmpstr (st_metric_table_get_value_text (table, "collective_count", 0), ==, "0");
  g_assert_cmpstr (st_metric_table_get_value_text (table, "communication_time_ns", 0), ==, "0 ns");
  g_assert_nonnull (
      st_test_find_label (part (f->page, "collectives_section"), "None in this range"));

  st_region_set_add (regions, edge);
  st_session_toggle_compare (f->session, gap);
  st_session_toggle_compare (f->session, edge);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  st_test_wait_until (computed, f->page);
  g_assert_cmpstr (st_metric_table_get_value_text (compared, "collective_count", 0), ==, "0");
  g_assert_cmpstr (st_metric_table_get_value_text (compared, "communication_time_ns", 0), ==,
                   "0 ns");
  g_assert_cmpstr (st_metric_table_get_value_text (compared, "collective_count", 1), ==, "1");
  g_assert_cmpstr (st_metric_table_get_value_text (compared, "communication_time_ns", 1), ==, ten);
  st_region_set_set_modified (regions, FALSE);
}

/* Regions can be picked for comparison from the region menu too: choose
 * one, Pick (Ctrl+P); Pick again drops it. */
static void
test_pick_from_menu (Fixture *f, gconstpointer data)
{
  StRegionSet         *regions = st_session_get_regions (f->session);
  gint64               end = st_trace_get_end_ns (st_session_get_trace (f->session));
  g_autoptr (StRegion) a = st_region_new ("first half", 0, end / 2, ST_REGION_MANUAL);
  g_autoptr (StRegion) b = st_region_new ("second half", end / 2, end, ST_REGION_MANUAL);

  st_region_set_add (regions, a);
  st_region_set_add (regions, b);
  /* the whole profile is not a region to pick */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.pick", NULL)
                  && st_session_get_compare_regions (f->session)->len > 0);
  st_summary_page_set_region (f->page, a);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.pick", NULL));
  g_assert_cmpint (st_session_get_compare_index (f->session, a), ==, 0);
  st_summary_page_set_region (f->page, b);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.pick", NULL));
  g_assert_cmpint (st_session_get_compare_index (f->session, b), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  g_assert_true (comparing (f->page));
  st_test_wait_until (computed, f->page);
  /* while comparing, the menu's region cannot be picked; back to one */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  g_assert_false (comparing (f->page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.pick", NULL));
  g_assert_cmpint (st_session_get_compare_index (f->session, b), <, 0);
  st_test_wait_until (computed, f->page);
}

/* The name of each row @view shows, in its order. */
static GStrv
row_names (GtkColumnView *view)
{
  GListModel              *rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);
      g_autofree char    *name = NULL;

      g_object_get (item, "name", &name, NULL);
      g_strv_builder_add (names, name);
    }
  return g_strv_builder_end (names);
}

/* The operations card opens on the kernels of a GPU trace (the generated
 * one launches GEMMs named sm80_xmma_gemm_…, and cudaDeviceSynchronize is
 * a host call); Ctrl+E shows the host ops, with a Self column, whose
 * shares add up to 100 %; the buttons' action switches back. */
static void
test_operations_switch (Fixture *f, gconstpointer data)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (part (f->page, "operations_view"));
  g_auto (GStrv) kernels = row_names (view);
  g_auto (GStrv) host = NULL;
  GListModel    *rows;
  double         sum = 0;

  g_assert_true (button_down (f->page, "kernels_button"));
  g_assert_false (button_down (f->page, "host_button"));
  g_assert_true (g_str_has_prefix (kernels[0], "sm80_xmma_gemm_"));
  g_assert_false (g_strv_contains ((const char *const *)kernels, "cudaDeviceSynchronize"));
  g_assert_false (gtk_column_view_column_get_visible (st_test_column_titled (view, "Self")));

  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->page), "<Control>e"));
  g_assert_true (button_down (f->page, "host_button"));
  g_assert_false (button_down (f->page, "kernels_button"));
  host = row_names (view);
  g_assert_true (g_strv_contains ((const char *const *)host, "cudaDeviceSynchronize"));
  g_assert_false (g_strv_contains ((const char *const *)host, kernels[0]));
  g_assert_true (gtk_column_view_column_get_visible (st_test_column_titled (view, "Self")));
  rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);
      double              share;

      g_object_get (item, "share", &share, NULL);
      g_assert_cmpfloat (share, <=, 100);
      sum += share;
    }
  g_assert_cmpfloat_with_epsilon (sum, 100, 1e-6);

  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.operations", "s", "kernels"));
  g_assert_true (button_down (f->page, "kernels_button"));
  g_assert_false (button_down (f->page, "host_button"));
}

/* The generated trace has two GPUs (processes "GPU 0" and "GPU 1"): the
 * Devices card lists both, with their busy share as a percent and no
 * Active column (only a Neuron profile carries its own active time). */
static void
test_devices_card (Fixture *f, gconstpointer data)
{
  GtkWidget     *card = part (f->page, "devices_section");
  GtkColumnView *view = GTK_COLUMN_VIEW (st_test_find_by_id (card, "devices_view"));
  GListModel    *rows = G_LIST_MODEL (gtk_column_view_get_model (view));

  g_assert_true (gtk_widget_get_mapped (card));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);
      g_autofree char    *label = NULL;
      g_autofree char    *busy = NULL;
      g_autofree char    *expected = g_strdup_printf ("GPU %u", i);

      g_object_get (item, "label", &label, "busy-text", &busy, NULL);
      g_assert_cmpstr (label, ==, expected);
      g_assert_true (g_str_has_suffix (busy, "%"));
    }
  g_assert_false (gtk_column_view_column_get_visible (st_test_column_titled (view, "Active")));
  g_assert_true (gtk_column_view_column_get_visible (st_test_column_titled (view, "Memory")));
}

static gboolean
laid_out (gpointer data)
{
  return gtk_widget_get_width (data) > 100 && gtk_widget_get_height (data) > 20;
}

/* The markup of @chart's segment and whether its middle is drawn in a
 * colour (not grey). */
static char *
segment_shown (StBarChart *chart, guint bar, guint segment)
{
  cairo_surface_t *surface;
  double           x, y;
  guint32          p;
  int              r, g, b;

  g_assert_true (st_bar_chart_segment_center (chart, bar, segment, &x, &y));
  surface = st_test_render (GTK_WIDGET (chart));
  p = st_test_pixel (surface, (int)x, (int)y);
  cairo_surface_destroy (surface);
  r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
  g_assert_cmpint (MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)), >, 60);
  return st_bar_chart_dup_tooltip (chart, x, y);
}

/* The Idle Time card on tests/data/summary/basic.json (its numbers are
 * derived by hand in tests/cli/test-cli.c): a bar per stream, the busiest
 * first; stream 7 idles 190 µs, 100 of them host wait (52.6 %), 90 other;
 * stream 13 idles 200 µs, other. Its launches: 2 on stream 7. */
static void
test_idle_card (Fixture *f, gconstpointer data)
{
  GtkWidget          *card = part (f->page, "idle_section");
  StBarChart         *chart = ST_BAR_CHART (st_test_find_child (card, ST_TYPE_BAR_CHART));
  GtkColumnView      *view = GTK_COLUMN_VIEW (st_test_find_by_id (card, "launches_view"));
  GListModel         *rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr (GObject) row = NULL;
  g_autofree char    *host = NULL, *other = NULL;
  double              x, y;

  g_assert_true (gtk_widget_get_mapped (card));
  st_test_wait_until (laid_out, chart);
  g_assert_cmpuint (st_bar_chart_get_n_bars (chart), ==, 2);
  host = segment_shown (chart, 0, 0);
  g_assert_nonnull (strstr (host, "stream 7"));
  g_assert_nonnull (strstr (host, "Host wait"));
  g_assert_nonnull (strstr (host, "100.0 µs · 52.6 % of its idle time"));
  /* stream 7 has no stream wait: no segment to draw */
  g_assert_false (st_bar_chart_segment_center (chart, 0, 1, &x, &y));
  other = segment_shown (chart, 1, 2);
  g_assert_nonnull (strstr (other, "stream 13"));
  g_assert_nonnull (strstr (other, "200.0 µs · 100.0 % of its idle time"));

  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 1);
  row = g_list_model_get_item (rows, 0);
  g_assert_cmpstr (st_stream_launches_get_label (ST_STREAM_LAUNCHES (row)), ==, "stream 7");
  g_assert_cmpint (st_stream_launches_get_delay (ST_STREAM_LAUNCHES (row), 0), ==, 40000);
  /* the cell shows the delay as the other durations read */
  g_assert_nonnull (st_test_find_label (GTK_WIDGET (view), "40.00 µs"));
}

/* The label under @root reading @text that a person sees (a folded
 * card's one-line title reads the same, hidden), or NULL. */
static GtkWidget *
shown_label (GtkWidget *root, const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root)
      && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = shown_label (c, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The whole label @label shows, not cut: as wide as it asks to be. */
static void
assert_whole (GtkWidget *label)
{
  int natural;

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (label));
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (label), >=, natural);
}

/* On basic.json, Device busy (of device time: from the device's first
 * event to its last) beside the Idle Time card's shares (of the range):
 * each says its whole (docs/metrics.md 2.2). The busy row writes "of
 * device time" after its value and its tooltip says it at length; a row
 * that is no percentage writes none; the Idle card's heading says once
 * that its shares are of the range. */
static void
test_denominators (Fixture *f, gconstpointer data)
{
  StMetricTable *table = metric_table (f->page, "compute_section");
  GtkWidget     *idle = part (f->page, "idle_section");
  GtkWidget     *busy_of, *busy_title;

  g_assert_cmpstr (st_metric_table_get_denominator_text (table, "device_busy_percent"), ==,
                   "of device time");
  g_assert_cmpstr (st_metric_table_get_denominator_text (table, "idle_host_wait_percent"), ==,
                   "of stream idle time");
  g_assert_null (st_metric_table_get_denominator_text (table, "device_time_ns"));
  busy_of = shown_label (GTK_WIDGET (table), "of device time");
  assert_whole (busy_of);
  busy_title = st_test_find_label (GTK_WIDGET (table), "Device busy");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (busy_title), "Percent of device time"));
  g_assert_cmpstr (st_summary_section_get_title (ST_SUMMARY_SECTION (idle)), ==,
                   "Idle Time (% of the range)");
  assert_whole (shown_label (idle, "Idle Time (% of the range)"));
}

/* The Communication Overlap card on basic.json: the GPU communicates
 * 230 µs, 130 of them (56.5 %) under compute; over time, [50, 60) µs
 * (bin 5 of 10 µs) is all overlapped, [120, 130) not at all, [300, 310)
 * has no communication. */
static void
test_overlap_card (Fixture *f, gconstpointer data)
{
  GtkWidget       *card = part (f->page, "overlap_section");
  StBarChart      *chart = ST_BAR_CHART (st_test_find_child (card, ST_TYPE_BAR_CHART));
  StShareChart    *bins = ST_SHARE_CHART (st_test_find_child (card, ST_TYPE_SHARE_CHART));
  g_autofree char *overlapped = NULL;
  cairo_surface_t *surface;
  double           x, top, x12, top12;

  g_assert_true (gtk_widget_get_mapped (card));
  st_test_wait_until (laid_out, chart);
  st_test_wait_until (laid_out, bins);
  g_assert_cmpuint (st_bar_chart_get_n_bars (chart), ==, 1);
  overlapped = segment_shown (chart, 0, 0);
  g_assert_nonnull (strstr (overlapped, "Overlapped"));
  g_assert_nonnull (strstr (overlapped, "130.0 µs · 56.5 % of its communication"));

  g_assert_cmpuint (st_share_chart_get_n_bins (bins), ==, 50);
  g_assert_nonnull (strstr (st_share_chart_get_tooltip (bins, 5), "100% of 10.00 µs"));
  g_assert_nonnull (strstr (st_share_chart_get_tooltip (bins, 12), "0% of 10.00 µs"));
  g_assert_nonnull (strstr (st_share_chart_get_tooltip (bins, 30), "No communication"));
  /* bin 5's column is full height and coloured, bin 12's is not drawn */
  st_share_chart_bin_point (bins, 5, &x, &top);
  st_share_chart_bin_point (bins, 12, &x12, &top12);
  g_assert_cmpfloat (top, <, top12);
  g_assert_cmpint (st_share_chart_bin_at (bins, x, top + 2), ==, 5);
  surface = st_test_render (GTK_WIDGET (bins));
  g_assert_cmpuint (coloured_pixels (surface, (int)x - 1, (int)x + 1), >, 0);
  g_assert_cmpuint (coloured_pixels (surface, (int)x12 - 1, (int)x12 + 1), ==, 0);
  cairo_surface_destroy (surface);
}

int
main (int argc, char *argv[])
{
  g_autofree char *state = g_dir_make_tmp ("strata-summary-state-XXXXXX", NULL);
  int              status;

  /* the regions the cases add are autosaved to a folder of the run's own,
   * and no case finds those of an earlier one */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/display/summary/landing", Fixture, NULL, fixture_set_up, test_landing,
              fixture_tear_down);
  g_test_add ("/display/summary/pick-from-menu", Fixture, NULL, fixture_set_up, test_pick_from_menu,
              fixture_tear_down);
  g_test_add ("/display/summary/fits-1600x1000", Fixture, NULL, fixture_set_up, test_fits,
              fixture_tear_down);
  g_test_add ("/display/summary/region-menu", Fixture, NULL, fixture_set_up, test_region_menu,
              fixture_tear_down);
  g_test_add ("/display/summary/recommendation-link", Fixture, NULL, fixture_set_up,
              test_recommendation_link, fixture_tear_down);
  g_test_add ("/display/summary/legend", Fixture, NULL, fixture_set_up, test_legend,
              fixture_tear_down);
  g_test_add ("/display/summary/legend-common", Fixture, "alltoall-sites.json", fixture_set_up,
              test_legend_common, fixture_tear_down);
  g_test_add ("/display/summary/legend-nothing-common", Fixture, NULL, fixture_set_up,
              test_legend_nothing_common, fixture_tear_down);
  g_test_add ("/display/summary/compare-collectives", Fixture, "between-collectives.json",
              fixture_set_up, test_compare_collectives, fixture_tear_down);
  g_test_add ("/display/summary/compare", Fixture, NULL, fixture_set_up, test_compare,
              fixture_tear_down);
  g_test_add ("/display/summary/between-collectives-region", Fixture, "between-collectives.json",
              fixture_set_up, test_between_collectives_region, fixture_tear_down);
  g_test_add ("/display/summary/compare-operations", Fixture, "region-diff.json", fixture_set_up,
              test_compare_operations, fixture_tear_down);
  g_test_add ("/display/summary/compare-numbers-first", Fixture, "region-diff.json", fixture_set_up,
              test_compare_numbers_first, fixture_tear_down);
  g_test_add ("/display/summary/operations-switch", Fixture, NULL, fixture_set_up,
              test_operations_switch, fixture_tear_down);
  g_test_add ("/display/summary/devices-card", Fixture, NULL, fixture_set_up, test_devices_card,
              fixture_tear_down);
  g_test_add ("/display/summary/denominators", Fixture, "basic.json", fixture_set_up,
              test_denominators, fixture_tear_down);
  g_test_add ("/display/summary/idle-card", Fixture, "basic.json", fixture_set_up, test_idle_card,
              fixture_tear_down);
  g_test_add ("/display/summary/overlap-card", Fixture, "basic.json", fixture_set_up,
              test_overlap_card, fixture_tear_down);

  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
