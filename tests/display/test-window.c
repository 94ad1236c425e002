/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window as a person uses it: open a profile and see its processes,
 * tracks and warnings; open a broken file and read what is wrong and where;
 * cancel a long load; open a profile again and find its regions, with a
 * toast that says so. Runs under Xvfb. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-track-list.h"
#include "st-track-item.h"
#include "st-warning-list.h"
#include "st-warning-item.h"
#include "st-window.h"

#include <glib/gstdio.h>

static GFile *
data_file (const char *dir, const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", dir, name, NULL);
  return g_file_new_for_path (path);
}

/* The page the window shows: "empty" (the greeter), "loading", "error"
 * or "profile". */
static const char *
page_of (StWindow *window)
{
  return gtk_stack_get_visible_child_name (
      GTK_STACK (st_test_find_by_id (GTK_WIDGET (window), "main_stack")));
}

typedef struct
{
  StWindow   *window;
  const char *page;
} PageWait;

static gboolean
page_left (gpointer data)
{
  PageWait *w = data;
  return !g_str_equal (page_of (w->window), w->page);
}

/* Runs the main loop until the window leaves @page. */
static void
wait_while_page (StWindow *window, const char *page)
{
  PageWait w = { window, page };
  st_test_wait_until (page_left, &w);
}

static StTrackItem *
row_at (GListModel *model, guint i)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
  return ST_TRACK_ITEM (gtk_tree_list_row_get_item (row));
}

static void
test_open_profile (void)
{
  g_autoptr (GFile)       file = data_file ("real", "hta_amd_mi250_rocm62_minitoy.json.gz");
  StWindow               *window = g_object_new (ST_TYPE_WINDOW, NULL);
  GListModel             *tracks, *warnings;
  g_autoptr (StTrackItem) first_process = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpstr (page_of (window), ==, "empty");
  st_window_open (window, file);
  g_assert_cmpstr (page_of (window), ==, "loading");
  wait_while_page (window, "loading");
  g_assert_cmpstr (page_of (window), ==, "profile");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "hta_amd_mi250_rocm62_minitoy.json.gz");

  /* Processes with their tracks expanded below them, in the trace's order. */
  tracks = st_track_list_get_model (
      ST_TRACK_LIST (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TRACK_LIST)));
  g_assert_cmpuint (g_list_model_get_n_items (tracks), ==, 4 + 5);
  g_assert_cmpstr (st_track_item_get_title (row_at (tracks, 0)), ==, "Global");
  g_assert_cmpstr (st_track_item_get_title (row_at (tracks, 2)), ==, "python3");
  g_assert_cmpstr (st_track_item_get_title (row_at (tracks, 3)), ==, "thread 597913 (python3)");
  g_assert_cmpuint (st_track_item_get_events (row_at (tracks, 3)), ==, 51);
  g_assert_cmpuint (st_track_item_get_events (row_at (tracks, 2)), ==, 51 + 43);

  /* The ac2g ends without a start are listed, with their count. */
  warnings = st_warning_list_get_model (
      ST_WARNING_LIST (st_test_find_child (GTK_WIDGET (window), ST_TYPE_WARNING_LIST)));
  g_assert_cmpuint (g_list_model_get_n_items (warnings), ==, 1);
  {
    g_autoptr (StWarningItem) w = g_list_model_get_item (warnings, 0);
    g_assert_cmpstr (st_warning_item_get_kind (w), ==, "unmatched-flow");
    g_assert_cmpuint (st_warning_item_get_count (w), ==, 5);
  }
  st_test_destroy_window (window);
}

static void
test_open_broken (void)
{
  g_autoptr (GFile) file = data_file ("bad", "broken-first-event.json");
  StWindow         *window = g_object_new (ST_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  wait_while_page (window, "loading");
  g_assert_cmpstr (page_of (window), ==, "error");
  /* what is wrong and where, on the error page */
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (
                                st_test_find_by_id (GTK_WIDGET (window), "error_page"))),
                            "broken-first-event.json: line 2, column 10"));
  /* A window with an error takes the next file. */
  g_assert_true (st_window_is_empty (window));
  st_test_destroy_window (window);
}

static void
test_cancel (void)
{
  g_autofree char  *path = g_strconcat (g_getenv ("STRATA_TEST_TRACE"), ".gz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  StWindow         *window = g_object_new (ST_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL));
  wait_while_page (window, "loading");
  g_assert_cmpstr (page_of (window), ==, "empty");
  g_assert_null (st_window_get_file (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Strata");
  st_test_destroy_window (window);
}

static StWindow *
open_window (GFile *file)
{
  StWindow *window = g_object_new (ST_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  wait_while_page (window, "loading");
  g_assert_cmpstr (page_of (window), ==, "profile");
  return window;
}

static gboolean
gone (gpointer data)
{
  return *(gpointer *)data == NULL;
}

/* Closing a window while its first summary computes, the analysis index
 * still being made on the thread the window started as the profile
 * loaded, the Summary's thread waiting for it, stops both and lets the
 * profile go: nothing holds the trace once the threads have given up. */
static void
test_close_while_summarising (void)
{
  g_autoptr (GFile) file = data_file ("real", "hta_amd_mi250_rocm62_minitoy.json.gz");
  StWindow         *window = open_window (file);
  StTrace          *trace = NULL;

  g_assert_true (st_summary_page_is_computing (
      ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE))));
  g_object_get (window, "trace", &trace, NULL);
  g_object_add_weak_pointer (G_OBJECT (trace), (gpointer *)&trace);
  g_object_unref (trace);
  st_test_destroy_window (window);
  st_test_wait_until (gone, &trace);
}

static gboolean
numbers_shown (gpointer page)
{
  return st_summary_page_has_numbers (page);
}

static gboolean
summarised (gpointer page)
{
  return !st_summary_page_is_computing (page);
}

/* A profile just opened shows its Summary's numbers first, its operations
 * table after: when the cards first show theirs, the table still waits,
 * without rows, and its rows come once the tables are computed. */
static void
test_numbers_before_tables (void)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  StWindow         *window = open_window (file);
  StSummaryPage    *page
      = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE));
  GtkColumnView *table
      = GTK_COLUMN_VIEW (st_test_find_by_id (GTK_WIDGET (page), "operations_view"));

  st_test_wait_until (numbers_shown, page);
  g_assert_true (st_summary_page_is_computing (page));
  g_assert_null (gtk_column_view_get_model (table));
  st_test_wait_until (summarised, page);
  g_assert_true (st_summary_page_has_numbers (page));
  g_assert_nonnull (gtk_column_view_get_model (table));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (table))), >,
                    0);
  st_test_destroy_window (window);
}

/* Closing a window once its Summary shows the cards' numbers, while the
 * operations tables are computed on the Summary's thread, stops them and
 * lets the profile go. */
static void
test_close_while_tables (void)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  StWindow         *window = open_window (file);
  StSummaryPage    *page
      = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE));
  StTrace *trace = NULL;

  st_test_wait_until (numbers_shown, page);
  g_assert_true (st_summary_page_is_computing (page));
  g_object_get (window, "trace", &trace, NULL);
  g_object_add_weak_pointer (G_OBJECT (trace), (gpointer *)&trace);
  g_object_unref (trace);
  st_test_destroy_window (window);
  st_test_wait_until (gone, &trace);
}

static StRegionSet *
regions_of (StWindow *window)
{
  StTimelinePage *page
      = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE));

  return st_session_get_regions (st_timeline_page_get_session (page));
}

static gboolean
annotations_shown (gpointer page)
{
  return st_timeline_page_get_show_annotations (page);
}

/* A region made, the window gone: the profile opened again has it back,
 * and a toast says so, with a button that shows the Annotations panel. */
static void
test_restore_toast (void)
{
  g_autoptr (GFile)    file = data_file ("real", "catapult_simple_trace.json");
  g_autoptr (StRegion) region = st_region_new ("Step", 100, 900, ST_REGION_MANUAL);
  StWindow            *window = open_window (file);
  StTimelinePage      *page;
  GtkWidget           *show;

  st_region_set_add (regions_of (window), region);
  st_test_destroy_window (window);

  window = open_window (file);
  g_assert_cmpuint (st_region_set_get_n_regions (regions_of (window)), ==, 1);
  g_assert_nonnull (
      st_test_find_label (GTK_WIDGET (window), "1 region restored from the last time"));
  show = gtk_widget_get_ancestor (st_test_find_label (GTK_WIDGET (window), "_Show"),
                                  GTK_TYPE_BUTTON);
  g_assert_nonnull (show);
  page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE));
  g_assert_false (st_timeline_page_get_show_annotations (page));
  gtk_widget_activate (show);
  st_test_wait_until (annotations_shown, page);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (
                       st_test_find_child (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK))),
                   ==, "timeline");

  /* nothing left to keep: the sidecar goes */
  st_region_set_remove (regions_of (window), 0);
  st_region_set_set_modified (regions_of (window), FALSE);
  st_test_destroy_window (window);
}

/* Every action the shortcuts window lists has the keys the application
 * binds, and those keys are the documented ones. */
static void
test_accels (void)
{
  g_autoptr (StApplication) app = st_application_new ();
  g_autoptr (GtkBuilder)    builder = NULL;
  g_autoptr (GSList)        objects = NULL;
  const char               *pairs[][2] = {
                  { "win.open", "<Control>o" },
                  { "win.cancel", "Escape" },
                  { "win.show-summary", "<Alt>1" },
                  { "win.show-timeline", "<Alt>2" },
                  { "win.show-call-tree", "<Alt>3" },
                  { "win.show-query", "<Alt>4" },
                  { "win.show-tracks", "<Alt>5" },
                  { "win.show-warnings", "<Alt>6" },
                  { "win.show-compare", "<Alt>7" },
                  { "win.call-tree-of-selection", "<Shift><Control>t" },
                  { "win.find", "<Control>f" },
                  { "win.show-help-overlay", "<Control>question" },
                  { "app.quit", "<Control>q" },
                  { "win.show-annotations", "F9" },
                  { "win.save-regions", "<Control>s" },
                  { "win.save-regions-as", "<Shift><Control>s" },
                  { "win.load-regions", "<Shift><Control>o" },
  };
  guint listed = 0;

  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_signal_emit_by_name (app, "startup");
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_auto (GStrv) accels
          = gtk_application_get_accels_for_action (GTK_APPLICATION (app), pairs[i][0]);
      g_assert_true (g_strv_contains ((const char *const *)accels, pairs[i][1]));
    }
  builder = gtk_builder_new_from_resource ("/io/github/strata/Strata/gtk/help-overlay.ui");
  objects = gtk_builder_get_objects (builder);
  for (GSList *l = objects; l != NULL; l = l->next)
    {
      g_autofree char *action = NULL;
      g_auto (GStrv)   accels = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "action-name", &action, NULL);
      if (action == NULL)
        continue;
      accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);
      g_assert_nonnull (accels);
      g_assert_nonnull (accels[0]);
      listed++;
    }
  g_assert_cmpuint (listed, >=, 12);
}

/* Alt+1, Alt+2, … go to the pages in the order of their buttons, the
 * Compare page (shown with a baseline only) last, so that no key moves
 * when it comes. */
static void
test_page_keys_in_order (void)
{
  g_autoptr (StApplication)     app = st_application_new ();
  g_autoptr (GtkSelectionModel) pages = NULL;
  StWindow                     *window;
  guint                         n;

  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_signal_emit_by_name (app, "startup");
  window = st_window_new (app);
  pages = adw_view_stack_get_pages (
      ADW_VIEW_STACK (st_test_find_child (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK)));
  n = g_list_model_get_n_items (G_LIST_MODEL (pages));
  g_assert_cmpuint (n, ==, 7);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      g_autofree char             *action
          = g_strdup_printf ("win.show-%s", adw_view_stack_page_get_name (page));
      g_autofree char *key = g_strdup_printf ("<Alt>%u", i + 1);
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);

      g_assert_true (g_strv_contains ((const char *const *)accels, key));
      if (i == n - 1)
        g_assert_cmpstr (adw_view_stack_page_get_name (page), ==, "compare");
    }
  st_test_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  g_autofree char *state = g_dir_make_tmp ("strata-window-XXXXXX", NULL);
  int              status;

  /* the sidecars of the regions made here go to a folder of the test's own */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/display/window/open-profile", test_open_profile);
  g_test_add_func ("/display/window/open-broken", test_open_broken);
  g_test_add_func ("/display/window/cancel", test_cancel);
  g_test_add_func ("/display/window/restore-toast", test_restore_toast);
  g_test_add_func ("/display/window/close-while-summarising", test_close_while_summarising);
  g_test_add_func ("/display/window/numbers-before-tables", test_numbers_before_tables);
  g_test_add_func ("/display/window/close-while-tables", test_close_while_tables);
  g_test_add_func ("/display/window/accels", test_accels);
  g_test_add_func ("/display/window/page-keys-in-order", test_page_keys_in_order);
  status = g_test_run ();

  st_test_remove_tree (state);
  return status;
}
