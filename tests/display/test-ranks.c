/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Several files as one profile, as a person opens them: `strata --merge A
 * B` opens one window whose profile has both files and whose Summary has
 * a Ranks card with a row per rank; the Open dialog's "as one profile"
 * choice (through the function its response calls) does the same; Escape
 * cancels such a load; a file that cannot be read is named in the error.
 * Runs under Xvfb on the two HTA sampled ranks. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-rank.h"
#include "st-summary-page.h"
#include "st-window.h"

#include <string.h>

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

static gboolean
loaded (gpointer data)
{
  return !g_str_equal (page_of (data), "loading");
}

static gboolean
computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

/* The Ranks card shows a row per rank, "rank 0" first; rank 1 was the
 * straggler of @slowest of the 10 collectives. */
static void
assert_ranks_card (StWindow *window, guint slowest)
{
  StSummaryPage *page
      = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE));
  GtkWidget         *card;
  GtkColumnView     *view;
  GListModel        *rows;
  g_autoptr (StRank) first = NULL;
  g_autoptr (StRank) second = NULL;
  const char        *busy;

  st_test_wait_until (computed, page);
  card = st_test_find_by_id (GTK_WIDGET (page), "ranks_section");
  g_assert_nonnull (card);
  g_assert_true (gtk_widget_get_visible (card));
  g_assert_true (gtk_widget_get_mapped (card));
  view = GTK_COLUMN_VIEW (st_test_find_by_id (card, "ranks_view"));
  rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 2);
  first = g_list_model_get_item (rows, 0);
  second = g_list_model_get_item (rows, 1);
  g_assert_cmpstr (st_rank_get_label (first), ==, "rank 0");
  g_assert_cmpstr (st_rank_get_label (second), ==, "rank 1");
  g_assert_cmpuint (st_rank_get_slowest (second), ==, slowest);
  g_assert_cmpfloat (st_rank_get_busy_percent (first), >, 40);
  busy = gtk_label_get_label (GTK_LABEL (st_test_cell (view, 0, "Busy")));
  g_assert_true (g_str_has_suffix (busy, "%"));
}

typedef struct
{
  gboolean checked;
  guint    timeout_id;
} Launch;

static gboolean
check_launch (gpointer data)
{
  GApplication *app = data;
  Launch       *launch = g_object_get_data (G_OBJECT (app), "launch");
  GList        *windows = gtk_application_get_windows (GTK_APPLICATION (app));
  StWindow     *window;

  if (windows == NULL || !loaded (windows->data))
    return G_SOURCE_CONTINUE;
  g_assert_cmpuint (g_list_length (windows), ==, 1);
  window = windows->data;
  g_assert_cmpstr (page_of (window), ==, "profile");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "hta_sampled_rank0.json.gz + hta_sampled_rank1.json.gz");
  /* a profile of several files is not "the" file of either */
  g_assert_null (st_window_get_file (window));
  /* on the files' clocks, rank 1 starts 8 of them last */
  assert_ranks_card (window, 8);
  launch->checked = TRUE;
  g_clear_handle_id (&launch->timeout_id, g_source_remove);
  st_test_destroy_window (window);
  return G_SOURCE_REMOVE;
}

static gboolean
launch_timed_out (gpointer data)
{
  g_error ("strata --merge did not show its profile within 30 s");
  return G_SOURCE_REMOVE;
}

static void
on_startup (GApplication *app)
{
  g_timeout_add (50, check_launch, app);
}

static void
on_window_added (GtkApplication *app, GtkWindow *window)
{
  gtk_window_set_default_size (window, 1600, 1000);
}

/* strata --merge A B: one window, both files, the Ranks card. */
static void
test_command_line (void)
{
  g_autoptr (StApplication) app = st_application_new ();
  g_autoptr (GFile)         rank0 = data_file ("real", "hta_sampled_rank0.json.gz");
  g_autoptr (GFile)         rank1 = data_file ("real", "hta_sampled_rank1.json.gz");
  g_autofree char          *path0 = g_file_get_path (rank0), *path1 = g_file_get_path (rank1);
  char  *argv[] = { "strata", "--merge", "--align", "clock", path0, path1, NULL };
  Launch launch = { FALSE, 0 };
  int    status;

  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app))
                                                    | G_APPLICATION_NON_UNIQUE);
  g_object_set_data (G_OBJECT (app), "launch", &launch);
  g_signal_connect (app, "startup", G_CALLBACK (on_startup), NULL);
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  launch.timeout_id = g_timeout_add_seconds (30, launch_timed_out, NULL);
  status = g_application_run (G_APPLICATION (app), G_N_ELEMENTS (argv) - 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (launch.checked);
}

/* The Open dialog's choice "as one profile", through the function its
 * response calls: an empty window loads both files as one profile, with
 * the current file in the progress text. */
static void
test_open_as_one (void)
{
  g_autoptr (GFile) rank0 = data_file ("real", "hta_sampled_rank0.json.gz");
  g_autoptr (GFile) rank1 = data_file ("real", "hta_sampled_rank1.json.gz");
  GFile            *files[] = { rank0, rank1 };
  StWindow         *window
      = g_object_new (ST_TYPE_WINDOW, "default-width", 1600, "default-height", 1000, NULL);
  GtkProgressBar *progress;

  gtk_window_present (GTK_WINDOW (window));
  st_window_open_files (window, files, 2, TRUE, ST_ALIGN_COLLECTIVE);
  g_assert_cmpstr (page_of (window), ==, "loading");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "hta_sampled_rank0.json.gz + hta_sampled_rank1.json.gz");
  progress = GTK_PROGRESS_BAR (st_test_find_child (GTK_WIDGET (window), GTK_TYPE_PROGRESS_BAR));
  while (loaded (window) == FALSE && strstr (gtk_progress_bar_get_text (progress), "of 2") == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!loaded (window))
    g_assert_nonnull (strstr (gtk_progress_bar_get_text (progress), "Loading file "));
  st_test_wait_until (loaded, window);
  g_assert_cmpstr (page_of (window), ==, "profile");
  g_assert_true (st_window_shows_files (window, files, 2));
  /* with the first collectives ending together (docs/metrics.md 3.2),
   * matched type by type, each kernel typed by its nccl: host op (1.6):
   * worked out from the files with a script apart from Strata, rank 1
   * starts last at AllToAll #2 and #4 and AllReduce #2, 3 of the 10 (the
   * ranks run an AllToAll and an AllReduce in opposite orders, so matched
   * as ten SendRecvs in a row they paired otherwise) */
  assert_ranks_card (window, 3);
  st_test_destroy_window (window);
}

/* Escape during the load of several files: back to the empty window. */
static void
test_cancel (void)
{
  g_autoptr (GFile) rank0 = data_file ("real", "hta_sampled_rank0.json.gz");
  g_autoptr (GFile) rank1 = data_file ("real", "hta_sampled_rank1.json.gz");
  GFile            *files[] = { rank0, rank1 };
  StWindow         *window = g_object_new (ST_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open_profile (window, files, 2, ST_ALIGN_CLOCK);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL));
  st_test_wait_until (loaded, window);
  g_assert_cmpstr (page_of (window), ==, "empty");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Strata");
  g_assert_false (st_window_shows_files (window, files, 2));
  g_assert_true (st_window_is_empty (window));
  st_test_destroy_window (window);
}

/* A broken rank: the error names it and where it breaks. */
static void
test_broken_rank (void)
{
  g_autoptr (GFile) rank0 = data_file ("real", "hta_sampled_rank0.json.gz");
  g_autoptr (GFile) broken = data_file ("bad", "broken-first-event.json");
  GFile            *files[] = { rank0, broken };
  StWindow         *window = g_object_new (ST_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open_profile (window, files, 2, ST_ALIGN_CLOCK);
  st_test_wait_until (loaded, window);
  g_assert_cmpstr (page_of (window), ==, "error");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (
                                st_test_find_by_id (GTK_WIDGET (window), "error_page"))),
                            "broken-first-event.json: line 2, column 10"));
  g_assert_true (st_window_is_empty (window));
  st_test_destroy_window (window);
}

static void
on_recent_changed (GtkRecentManager *manager, gboolean *changed)
{
  *changed = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* Takes @files off the recent list the tests share (XDG_DATA_HOME of the
 * build), once it is written: each file opened shows on the greeter, and
 * test-summary measures the window with the greeter in it. */
static void
forget_recent (GFile **files, guint n)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  gboolean          changed = FALSE, removed = FALSE;
  gulong id = g_signal_connect (manager, "changed", G_CALLBACK (on_recent_changed), &changed);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *uri = g_file_get_uri (files[i]);

      removed |= gtk_recent_manager_remove_item (manager, uri, NULL);
    }
  if (removed)
    st_test_wait_until (is_true, &changed);
  g_signal_handler_disconnect (manager, id);
}

/* Four hand-made ranks aligned on their first collective (see
 * tests/model/test-profile-merge.c, load_four_ranks): ranks 1 and 2 were
 * the stragglers of two of the five all-reduces each; in the second every
 * rank started within 900 ns, so it has no straggler and counts for no
 * rank, and the column's tooltip says so. */
static void
test_no_straggler (void)
{
  const char *const expected[] = { "0 of 5", "2 of 5", "2 of 5", "0 of 5" };
  g_autoptr (GFile) f0 = data_file ("device-work", "skewed-rank0.json");
  g_autoptr (GFile) f1 = data_file ("device-work", "skewed-rank1.json");
  g_autoptr (GFile) f2 = data_file ("device-work", "skewed-rank2.json");
  g_autoptr (GFile) f3 = data_file ("device-work", "skewed-rank3.json");
  GFile            *files[] = { f0, f1, f2, f3 };
  StWindow         *window = g_object_new (ST_TYPE_WINDOW, NULL);
  StSummaryPage    *page;
  GtkColumnView    *view;
  const char       *tooltip;

  gtk_window_present (GTK_WINDOW (window));
  st_window_open_profile (window, files, 4, ST_ALIGN_COLLECTIVE);
  st_test_wait_until (loaded, window);
  page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_SUMMARY_PAGE));
  st_test_wait_until (computed, page);
  view = GTK_COLUMN_VIEW (st_test_find_by_id (GTK_WIDGET (page), "ranks_view"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))), ==,
                    4);
  /* the rows as the table shows them, in file order */
  for (guint r = 0; r < 4; r++)
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (st_test_cell (view, r, "Slowest in"))), ==,
                     expected[r]);
  tooltip = gtk_widget_get_tooltip_text (st_test_cell (view, 0, "Slowest in"));
  g_assert_nonnull (strstr (tooltip, "Never the straggler"));
  g_assert_nonnull (strstr (tooltip, "1 collective operation had no straggler"));
  st_test_destroy_window (window);
  forget_recent (files, 4);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/display/ranks/command-line", test_command_line);
  g_test_add_func ("/display/ranks/open-as-one", test_open_as_one);
  g_test_add_func ("/display/ranks/cancel", test_cancel);
  g_test_add_func ("/display/ranks/broken-rank", test_broken_rank);
  g_test_add_func ("/display/ranks/no-straggler", test_no_straggler);

  return g_test_run ();
}
