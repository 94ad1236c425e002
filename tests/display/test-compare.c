/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Comparing two profiles as a person does: "Compare with…" loads a
 * baseline, the Compare page shows the operation that got slower first
 * with its difference, and selecting it selects its instances in both
 * profiles and shows them on both timelines, the baseline's over the
 * current one; a baseline that cannot be read says so and leaves the
 * profile; `strata --compare BASE NEW` opens NEW compared with BASE. Runs
 * under Xvfb, on a pair of small Kineto-like traces written here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-baseline.h"
#include "st-display-util.h"
#include "st-diff-operation.h"
#include "st-time-ruler.h"
#include "st-timeline-page.h"
#include "st-timeline-renderer.h"
#include "st-window.h"

#include <glib/gstdio.h>
#include <string.h>

/* One step (ProfilerStep#1, [@start_us, @start_us + 2000) µs) on the
 * host; on the GPU's stream N_GEMM "gemm_kernel" of @gemm_us µs each from
 * @start_us + 100 µs, 300 µs apart, and two "copy_kernel" of 20 µs each,
 * the same in both profiles. A step that does not start the profile
 * follows a "setup" slice of 10 µs at 0, outside the step. */
#define N_GEMM        4
#define BASE_START_US 300
#define US            1000

/* @metadata, when not NULL, the top-level members after the events
 * (",\"deviceProperties\": […]"). */
static char *
write_trace (const char *dir, const char *name, int start_us, int gemm_us, const char *metadata)
{
  g_autoptr (GString) json = g_string_new ("{\"traceEvents\": [\n");
  char               *path = g_build_filename (dir, name, NULL);

  g_string_append (json, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":1,"
                         "\"args\":{\"name\":\"python\"}},\n"
                         "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"tid\":7,"
                         "\"args\":{\"name\":\"GPU 0\"}},\n");
  if (start_us > 0)
    g_string_append (json, "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"setup\","
                           "\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10},\n");
  g_string_append_printf (json,
                          "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#1\","
                          "\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":2000},\n",
                          start_us);
  for (int i = 0; i < N_GEMM; i++)
    g_string_append_printf (
        json,
        "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_kernel\",\"pid\":0,"
        "\"tid\":7,\"ts\":%d,\"dur\":%d,\"args\":{\"stream\":7,\"device\":0}},\n",
        start_us + 100 + 300 * i, gemm_us);
  for (int i = 0; i < 2; i++)
    g_string_append_printf (
        json,
        "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"copy_kernel\",\"pid\":0,"
        "\"tid\":7,\"ts\":%d,\"dur\":20,\"args\":{\"stream\":7,\"device\":0}}%s\n",
        start_us + 1500 + 100 * i, i == 0 ? "," : "");
  g_string_append_printf (json, "]%s}\n", metadata != NULL ? metadata : "");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  return path;
}

typedef struct
{
  char *dir;
  char *base; /* its step from 300 µs, gemm_kernel 50 µs */
  char *new_; /* its step from 0, gemm_kernel 100 µs: twice as slow */
} Pair;

static void
pair_init (Pair *pair)
{
  pair->dir = g_dir_make_tmp ("strata-compare-XXXXXX", NULL);
  pair->base = write_trace (pair->dir, "base.json", BASE_START_US, 50, NULL);
  pair->new_ = write_trace (pair->dir, "new.json", 0, 100, NULL);
}

static void
pair_clear (Pair *pair)
{
  g_unlink (pair->base);
  g_unlink (pair->new_);
  g_rmdir (pair->dir);
  g_free (pair->base);
  g_free (pair->new_);
  g_free (pair->dir);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pair, pair_clear)

static StSession *
session_of (StWindow *window)
{
  return st_timeline_page_get_session (
      ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE)));
}

/* The rows of the Compare page's operations table, in its order. */
static GListModel *
operations_of (StWindow *window)
{
  GtkWidget *page = st_test_find_by_id (GTK_WIDGET (window), "comparison_page");

  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (st_test_find_child (
      st_test_find_by_id (page, "operation_diff_view"), GTK_TYPE_COLUMN_VIEW))));
}

static gboolean
compared (gpointer window)
{
  return g_list_model_get_n_items (operations_of (window)) > 0;
}

static StWindow *
open_window (const char *path)
{
  StWindow         *window = st_window_new (NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  st_test_wait_until (st_test_window_loaded, window);
  return window;
}

/* The text of the cell of the @i-th row of @window's operations table
 * under @title is @expected: a GtkLabel's or, for Δ, an StDeltaLabel's. */
static void
assert_cell (StWindow *window, guint i, const char *title, const char *expected)
{
  GtkWidget *page = st_test_find_by_id (GTK_WIDGET (window), "comparison_page");
  GtkWidget *cell
      = st_test_cell (GTK_COLUMN_VIEW (st_test_find_child (
                          st_test_find_by_id (page, "operation_diff_view"), GTK_TYPE_COLUMN_VIEW)),
                      i, title);
  g_autofree char *value = NULL;

  g_object_get (cell, GTK_IS_LABEL (cell) ? "label" : "text", &value, NULL);
  g_assert_cmpstr (value, ==, expected);
}

static void
test_regression_first (void)
{
  g_auto (Pair)               pair;
  g_autoptr (GFile)           base = NULL;
  StWindow                   *window;
  GListModel                 *operations;
  StBaseline                 *baseline;
  g_autoptr (StDiffOperation) first = NULL;

  pair_init (&pair);
  base = g_file_new_for_path (pair.base);
  window = open_window (pair.new_);
  st_window_compare_with (window, base);
  st_test_wait_until (compared, window);
  baseline = st_session_get_baseline (session_of (window));
  g_assert_nonnull (baseline);
  g_assert_true (g_file_equal (st_baseline_get_file (baseline), base));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (
                       ADW_VIEW_STACK (st_test_find_by_id (GTK_WIDGET (window), "view_stack"))),
                   ==, "compare");

  /* one step each, so per step is the totals: gemm_kernel grew by
   * N_GEMM × (100 − 50) µs = 200 µs, 100 % of its base total of 200 µs;
   * copy_kernel did not change */
  operations = operations_of (window);
  g_assert_cmpuint (g_list_model_get_n_items (operations), ==, 2);
  first = g_list_model_get_item (operations, 0);
  g_assert_cmpstr (st_diff_operation_get_name (first), ==, "gemm_kernel");
  assert_cell (window, 0, "Δ Total", "▲ +200.0 µs");
  assert_cell (window, 0, "Δ %", "+100.0 %");
  assert_cell (window, 0, "Match", "exact");
  g_assert_nonnull (st_test_find_label (
      st_test_find_by_id (GTK_WIDGET (window), "operation_diff_view"), "▲ +200.0 µs"));
  /* the header names both files, the baseline first */
  g_assert_cmpstr (gtk_label_get_label (
                       GTK_LABEL (st_test_find_by_id (GTK_WIDGET (window), "compare_title_label"))),
                   ==, "base.json → new.json");

  /* the row's instances: the N_GEMM gemm_kernel slices of each profile */
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (operations), 0, TRUE);
  g_assert_cmpuint (st_session_get_selection (session_of (window))->len, ==, N_GEMM);
  g_assert_cmpuint (st_session_get_selection (st_baseline_get_session (baseline))->len, ==, N_GEMM);

  /* Stop Comparing closes the baseline and hides the page */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-comparing", NULL);
  g_assert_null (st_session_get_baseline (session_of (window)));
  g_assert_false (adw_view_stack_page_get_visible (adw_view_stack_get_page (
      ADW_VIEW_STACK (st_test_find_by_id (GTK_WIDGET (window), "view_stack")),
      st_test_find_by_id (GTK_WIDGET (window), "comparison_page"))));
  st_test_destroy_window (window);
}

static gboolean
steps_known (gpointer baseline)
{
  return st_baseline_get_n_steps (baseline) > 0;
}

static gboolean
laid_out (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_height (widget) > 2 * ST_RULER_HEIGHT;
}

static void
assert_range (StSession *session, gint64 start, gint64 end)
{
  gint64 s, e;

  st_session_get_range (session, &s, &e);
  g_assert_cmpint (s, ==, start);
  g_assert_cmpint (e, ==, end);
}

static const char *
visible_page (StWindow *window)
{
  return adw_view_stack_get_visible_child_name (
      ADW_VIEW_STACK (st_test_find_by_id (GTK_WIDGET (window), "view_stack")));
}

static gboolean
is_accent (guint32 rgb)
{
  int r = (rgb >> 16) & 0xff, b = rgb & 0xff;

  return b > r + 60;
}

/* Pixels around @time (a column either side) of @view that are drawn in
 * the accent colour in @selected and not in @plain: the outline of a
 * selected slice there. */
static guint
outlined_near (GtkWidget *view, cairo_surface_t *selected, cairo_surface_t *plain, gint64 time)
{
  StViewport vp = { 0 };
  guint      n = 0;
  int        x;

  st_session_get_range (st_timeline_view_get_session (ST_TIMELINE_VIEW (view)), &vp.start, &vp.end);
  vp.width = gtk_widget_get_width (view);
  vp.gutter = MIN (240, vp.width / 3);
  x = (int)st_viewport_x_at (&vp, time);
  g_assert_cmpint (x, >, vp.gutter);
  for (int y = ST_RULER_HEIGHT; y < gtk_widget_get_height (view); y++)
    for (int dx = -2; dx <= 2; dx++)
      n += is_accent (st_test_pixel (selected, x + dx, y))
           && st_test_pixel (selected, x + dx, y) != st_test_pixel (plain, x + dx, y);
  return n;
}

/* "none", "one" or "many": the page of the details pane on screen. */
static const char *
details_page (StWindow *window)
{
  GtkWidget *details = st_test_find_by_id (GTK_WIDGET (window), "details");

  return gtk_stack_get_visible_child_name (GTK_STACK (st_test_find_by_id (details, "stack")));
}

/* Find has given @session's two copy_kernel slices. */
static gboolean
found_two (gpointer session)
{
  GArray *found = st_session_get_find_results (session);

  return found != NULL && found->len == 2;
}

/* Nothing of two timelines shows without a baseline: the Baseline button
 * is hidden and its key does nothing. */
static void
assert_no_baseline (StWindow *window, StTimelinePage *page)
{
  const char *shown = visible_page (window);

  g_assert_false (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (window), "baseline_button")));
  g_assert_false (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (window), "baseline_box")));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-baseline", NULL);
  g_assert_false (st_timeline_page_get_show_baseline (page));
  g_assert_cmpstr (visible_page (window), ==, shown);
}

/* The base's step starts 300 µs into it, the current one's at 0: step 1
 * lines up with an offset of −300 µs. The regression's first instances,
 * the current one's [100, 200) µs and the base's [400, 450) µs, [100, 150)
 * on the current axis, show on both timelines: [100, 200] with 5 % of it,
 * 5 µs, either side, which is [395, 505] µs on the base's axis. */
static void
test_two_timelines (void)
{
  g_auto (Pair)     pair;
  g_autoptr (GFile) file = NULL;
  StWindow         *window;
  StTimelinePage   *page;
  StSession        *current, *base;
  StBaseline       *baseline;
  GtkWidget        *base_view, *button;
  cairo_surface_t  *selected, *plain;

  pair_init (&pair);
  window = open_window (pair.new_);
  page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE));
  current = session_of (window);
  assert_no_baseline (window, page);
  file = g_file_new_for_path (pair.base);
  st_window_compare_with (window, file);
  st_test_wait_until (compared, window);
  baseline = st_session_get_baseline (current);
  base = st_baseline_get_session (baseline);
  st_test_wait_until (steps_known, baseline);
  g_assert_cmpint (st_baseline_get_offset (baseline), ==, -BASE_START_US * US);
  g_assert_true (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (window), "baseline_button")));
  g_assert_false (st_timeline_page_get_show_baseline (page));

  /* Show on Timelines acts on a row: none selected, it cannot */
  button = st_test_find_by_id (GTK_WIDGET (window), "show_on_timelines_button");
  g_assert_false (gtk_widget_get_sensitive (button));
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (operations_of (window)), 0, TRUE);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpuint (st_session_get_selection (current)->len, ==, N_GEMM);
  g_assert_cmpuint (st_session_get_selection (base)->len, ==, N_GEMM);
  assert_range (current, 95 * US, 205 * US);
  assert_range (base, 395 * US, 505 * US);

  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (visible_page (window), ==, "timeline");
  g_assert_true (st_timeline_page_get_show_baseline (page));
  base_view = st_test_find_by_id (GTK_WIDGET (window), "baseline_view");
  st_test_wait_until (laid_out, base_view);
  st_test_wait_until (laid_out, GTK_WIDGET (st_timeline_page_get_view (page)));
  g_assert_cmpstr (details_page (window), ==, "many");

  /* the base's first instance is drawn selected, outlined in the accent
   * colour, where it is not once nothing is selected */
  selected = st_test_render (base_view);
  st_session_clear_selection (base);
  plain = st_test_render (base_view);
  g_assert_cmpuint (outlined_near (base_view, selected, plain, 400 * US), >, 0);
  cairo_surface_destroy (selected);
  cairo_surface_destroy (plain);

  /* the details follow the timeline focused: one base instance clicked
   * there, the current profile's four back on its own */
  gtk_widget_grab_focus (base_view);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (operations_of (window)), 0, TRUE);
  st_session_select (base, g_array_index (st_session_get_selection (base), StEventRef, 0),
                     ST_SELECT_REPLACE);
  g_assert_cmpstr (details_page (window), ==, "one");
  gtk_widget_grab_focus (GTK_WIDGET (st_timeline_page_get_view (page)));
  g_assert_cmpstr (details_page (window), ==, "many");

  /* W in the base view zooms both, the base still 300 µs on */
  gtk_widget_activate_action (base_view, "timeline.zoom-in", "b", FALSE);
  {
    gint64 cs, ce, bs, be;

    st_session_get_range (current, &cs, &ce);
    st_session_get_range (base, &bs, &be);
    g_assert_cmpint (ce - cs, <, 110 * US);
    g_assert_cmpint (bs, ==, cs + BASE_START_US * US);
    g_assert_cmpint (be, ==, ce + BASE_START_US * US);
  }

  /* find is the timeline's last focused: in the base's, then, after
   * Enter, in the current one's; each keeps its results */
  gtk_widget_grab_focus (base_view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  gtk_editable_set_text (GTK_EDITABLE (st_test_find_by_id (GTK_WIDGET (page), "search_entry")),
                         "copy_kernel");
  st_test_wait_until (found_two, base);
  g_assert_null (st_session_get_find_results (current));
  gtk_widget_grab_focus (GTK_WIDGET (st_timeline_page_get_view (page)));
  g_assert_cmpstr (
      gtk_label_get_text (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (page), "count_label"))), ==,
      "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "page.find-next", NULL));
  st_test_wait_until (found_two, current);
  g_assert_cmpuint (st_session_get_find_results (base)->len, ==, 2);

  /* Ctrl+Shift+B on the timeline hides the base's timeline, and again
   * shows it */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-baseline", NULL);
  g_assert_false (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (window), "baseline_box")));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-baseline", NULL);
  g_assert_true (gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (window), "baseline_box")));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-comparing", NULL);
  assert_no_baseline (window, page);
  st_test_destroy_window (window);
}

static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog () != NULL;
}

/* A baseline that is not JSON: a message naming the file and what is
 * wrong, and the profile shown as before, with no baseline. */
static void
test_load_error (void)
{
  g_auto (Pair)     pair;
  g_autofree char  *broken_path = NULL;
  g_autoptr (GFile) broken = NULL;
  StWindow         *window;
  StSession        *session;
  StTrace          *trace;
  AdwMessageDialog *dialog;

  pair_init (&pair);
  broken_path = g_build_filename (pair.dir, "broken.json", NULL);
  /* an unquoted X where a value belongs: line 2, column 10 */
  g_assert_true (
      g_file_set_contents (broken_path, "[\n  {\"ph\": X, \"name\": \"a\"}\n]\n", -1, NULL));
  broken = g_file_new_for_path (broken_path);
  window = open_window (pair.new_);
  session = session_of (window);
  g_object_get (window, "trace", &trace, NULL);
  st_window_compare_with (window, broken);
  st_test_wait_until (dialog_shown, NULL);
  dialog = find_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Open “broken.json”");
  g_assert_nonnull (
      strstr (adw_message_dialog_get_body (dialog), "broken.json: line 2, column 10"));
  st_test_destroy_window (dialog);

  g_assert_true (session_of (window) == session);
  g_assert_null (st_session_get_baseline (session));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (
                       GTK_STACK (st_test_find_by_id (GTK_WIDGET (window), "main_stack"))),
                   ==, "profile");
  g_assert_true (st_session_get_trace (session) == trace);
  g_object_unref (trace);
  st_test_destroy_window (window);
  g_unlink (broken_path);
}

typedef struct
{
  StApplication *app;
  StWindow      *window; /* the window that compares, once it does */
} AppRun;

static gboolean
app_compared (gpointer data)
{
  AppRun *run = data;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (run->app)); l; l = l->next)
    if (ST_IS_WINDOW (l->data) && compared (l->data))
      {
        run->window = l->data;
        g_application_quit (G_APPLICATION (run->app));
        return G_SOURCE_REMOVE;
      }
  return G_SOURCE_CONTINUE;
}

static gboolean
app_timeout (gpointer data)
{
  g_application_quit (G_APPLICATION (((AppRun *)data)->app));
  return G_SOURCE_REMOVE;
}

/* @property of the row of @model named @name; NULL when no row is. */
static char *
row_string (GListModel *model, const char *name, const char *property)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);
      g_autofree char    *value = NULL;
      char               *wanted = NULL;

      g_object_get (item, "name", &value, property, &wanted, NULL);
      if (g_strcmp0 (value, name) == 0)
        return wanted;
      g_free (wanted);
    }
  return NULL;
}

static GListModel *
model_of (StWindow *window, const char *id)
{
  return G_LIST_MODEL (
      gtk_column_view_get_model (GTK_COLUMN_VIEW (st_test_find_by_id (GTK_WIDGET (window), id))));
}

static void
assert_row (GListModel *model, const char *name, const char *property, const char *expected)
{
  g_autofree char *value = row_string (model, name, property);

  g_assert_cmpstr (value, ==, expected);
}

/* The pair on other hardware: the base on an A100 in a world of 8, the
 * current profile on a V100 in a world of 2, its gemm_kernel twice as
 * long (50 → 100 µs, 4 per step). Before any number the page says so, in
 * the banner at its top, tinted with the theme's warning colour; the
 * environment table marks the device and the world size as hardware
 * differences and leaves out what neither profile says (CUPTI); the
 * kernel classes read GEMM 200 → 400 µs per step, 2.00× slower, and the
 * other class (the two copy_kernels, 40 µs) 1.00×. */
static void
test_hardware (void)
{
  g_auto (Pair)     pair;
  g_autoptr (GFile) base = NULL;
  StWindow         *window;
  GtkWidget        *banner, *findings;
  GListModel       *environment, *classes;
  graphene_rect_t   banner_at, findings_at;
  cairo_surface_t  *pixels;
  guint32           tint;

  pair.dir = g_dir_make_tmp ("strata-compare-XXXXXX", NULL);
  pair.base
      = write_trace (pair.dir, "base.json", BASE_START_US, 50,
                     ",\"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA A100-SXM4-40GB\"}],"
                     "\"distributedInfo\": {\"rank\": 0, \"world_size\": 8}");
  pair.new_
      = write_trace (pair.dir, "new.json", 0, 100,
                     ",\"deviceProperties\": [{\"id\": 0, \"name\": \"Tesla V100-SXM2-16GB\"}],"
                     "\"distributedInfo\": {\"rank\": 0, \"world_size\": 2}");
  base = g_file_new_for_path (pair.base);
  window = open_window (pair.new_);
  st_window_compare_with (window, base);
  st_test_wait_until (compared, window);

  banner = st_test_find_by_id (GTK_WIDGET (window), "warning_box");
  findings = st_test_find_by_id (GTK_WIDGET (window), "findings_view");
  g_assert_true (gtk_widget_get_visible (banner));
  g_assert_cmpstr (
      gtk_label_get_label (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (window), "warning_label"))),
      ==,
      "The new profile ran on a different GPU (Tesla V100-SXM2-16GB vs NVIDIA "
      "A100-SXM4-40GB) and world size (2 vs 8): differences below mix the change "
      "with the hardware.");
  st_test_wait_until (laid_out, findings);
  g_assert_true (gtk_widget_compute_bounds (banner, GTK_WIDGET (window), &banner_at));
  g_assert_true (gtk_widget_compute_bounds (findings, GTK_WIDGET (window), &findings_at));
  g_assert_cmpfloat (banner_at.origin.y + banner_at.size.height, <=, findings_at.origin.y);
  /* the banner's own background: the warning colour (amber: red well
   * over blue) at a sixth over the view's near-white */
  pixels = st_test_render (banner);
  tint = st_test_pixel (pixels, cairo_image_surface_get_width (pixels) - 4,
                        cairo_image_surface_get_height (pixels) / 2);
  g_assert_cmpint ((int)((tint >> 16) & 0xff), >, (int)(tint & 0xff) + 20);
  cairo_surface_destroy (pixels);

  environment = model_of (window, "environment_view");
  assert_row (environment, "Device", "base", "NVIDIA A100-SXM4-40GB");
  assert_row (environment, "Device", "new", "Tesla V100-SXM2-16GB");
  assert_row (environment, "Device", "delta", "differs: hardware");
  assert_row (environment, "World size", "delta", "differs: hardware");
  assert_row (environment, "CUPTI", "base", NULL);
  classes = model_of (window, "classes_view");
  assert_row (classes, "GEMM", "base", "200.0 µs");
  assert_row (classes, "GEMM", "new", "400.0 µs");
  assert_row (classes, "GEMM", "percent", "2.00× slower");
  assert_row (classes, "Other", "percent", "1.00×");
  st_test_destroy_window (window);
}

/* `strata --compare base.json new.json`: new.json's window, with
 * base.json as its baseline. */
static void
test_command_line (void)
{
  g_auto (Pair)             pair;
  g_autoptr (StApplication) app = st_application_new ();
  AppRun                    run = { app, NULL };
  char                     *argv[5];
  guint                     timeout_id;
  g_autoptr (GFile)         base = NULL;
  g_autoptr (GFile)         new_ = NULL;

  pair_init (&pair);
  argv[0] = (char *)"strata";
  argv[1] = (char *)"--compare";
  argv[2] = pair.base;
  argv[3] = pair.new_;
  argv[4] = NULL;
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_timeout_add (50, app_compared, &run);
  timeout_id = g_timeout_add_seconds (30, app_timeout, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 4, argv), ==, 0);
  g_assert_nonnull (run.window);
  g_source_remove (timeout_id);
  base = g_file_new_for_path (pair.base);
  new_ = g_file_new_for_path (pair.new_);
  g_assert_true (g_file_equal (st_window_get_file (run.window), new_));
  g_assert_true (g_file_equal (
      st_baseline_get_file (st_session_get_baseline (session_of (run.window))), base));
  g_assert_cmpuint (g_list_model_get_n_items (operations_of (run.window)), ==, 2);
  st_test_destroy_window (run.window);
}

/* A kernel's row reads as the Summary's Operations table does: its name
 * and template arguments, without the return type, the namespaces and the
 * parameters (st-operation-name.h's own example, written out by hand);
 * the whole name stays in the tooltip and the sort. */
static void
test_short_names (void)
{
  const char        *full = "void at::native::vectorized_elementwise_kernel<4, "
                            "at::native::FillFunctor<float> >(int, at::native::FillFunctor<float>, "
                            "at::detail::Array<char*, 1>)";
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (StStringId));
  StOperationDiffRow row = {
    .name = (char *)full, .match = ST_OPERATION_MATCH_EXACT, .base_ids = ids, .new_ids = ids
  };
  g_autoptr (StDiffOperation) item = st_diff_operation_new (&row);
  g_autofree char            *name = NULL, *short_name = NULL;

  g_object_get (item, "name", &name, "short-name", &short_name, NULL);
  g_assert_cmpstr (short_name, ==, "vectorized_elementwise_kernel<4, FillFunctor<float> >");
  g_assert_cmpstr (name, ==, full);
}

int
main (int argc, char *argv[])
{
  g_autofree char *state = g_dir_make_tmp ("strata-compare-state-XXXXXX", NULL);
  int              status;

  /* the regions' sidecars of the profiles opened here go to a folder of
   * the test's own */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/display/compare/regression-first", test_regression_first);
  g_test_add_func ("/display/compare/two-timelines", test_two_timelines);
  g_test_add_func ("/display/compare/short-names", test_short_names);
  g_test_add_func ("/display/compare/load-error", test_load_error);
  g_test_add_func ("/display/compare/command-line", test_command_line);
  g_test_add_func ("/display/compare/hardware", test_hardware);
  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
