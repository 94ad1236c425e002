/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fleet page (docs/metrics.md 17), as a person uses it, on a job
 * st-gen-fleet writes at test time and strata-cli digests beside its
 * traces: 8 ranks of 8 steps, rank 5 late at the all-reduces of steps 2
 * and 5, rank 3's link slow, step 6 slow (the defaults: late 3000 µs, link
 * 600 µs, step 2000 µs). The stakes, derived by hand in
 * tests/model/test-fleet.c: the straggler 5 999 884 ns, the slow link
 * 4 799 200, the slow step 2 000 000; so the findings come in that order.
 *
 * The times below are worked out by hand from the generator's plan (its
 * header): a step's compute ends at 50 + 200 × 29 + 198 = 6 048 µs after
 * its start, the all-gather starts 5 later plus the arrival jitter (r mod
 * 4) × 100 ns, the last at 6 053.3, and every rank's ends 300 after that
 * plus the end jitter (r mod 3) × 100 ns; the synchronize ends 5 and the
 * step 10 later: rank r's step is 6 368.3 + (r mod 3) × 0.1 µs long, the
 * slow step 2 000 µs longer. The next step starts 100 µs after the last
 * rank's step ends (rank 2's and rank 5's, 6 368.5 µs). */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-fleet-finding-row.h"
#include "st-fleet-page.h"
#include "st-fleet-rank-table.h"
#include "st-heatmap.h"
#include "st-recent-profiles.h"
#include "st-session.h"
#include "st-test-util.h"
#include "st-timeline-page.h"
#include "st-window.h"

#include <glib/gstdio.h>
#include <string.h>

static char          *job_dir;
static StApplication *app;

static char *
rank_path (guint rank, const char *suffix)
{
  g_autofree char *name = g_strdup_printf ("rank-%05u%s", rank, suffix);

  return g_build_filename (job_dir, name, NULL);
}

static void
spawn (const char *const *argv)
{
  g_autoptr (GError) error = NULL;
  int                status = 0;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The planted job and its digests, beside its traces. */
static void
make_job (void)
{
  const char           *gen[] = { g_getenv ("STRATA_GEN_FLEET"),
                                  "--ranks",
                                  "8",
                                  "--steps",
                                  "8",
                                  "--straggler",
                                  "5",
                                  "--straggler-steps",
                                  "2,5",
                                  "--slow-link",
                                  "3",
                                  "--slow-step",
                                  "6",
                                  "-o",
                                  NULL,
                                  NULL };
  g_autoptr (GPtrArray) digest = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError)    error = NULL;

  g_assert_nonnull (gen[0]);
  job_dir = g_dir_make_tmp ("strata-fleet-XXXXXX", &error);
  g_assert_no_error (error);
  gen[14] = job_dir;
  spawn (gen);
  g_ptr_array_add (digest, g_strdup (g_getenv ("STRATA_CLI")));
  g_ptr_array_add (digest, g_strdup ("digest"));
  for (guint r = 0; r < 8; r++)
    g_ptr_array_add (digest, rank_path (r, ".json"));
  g_ptr_array_add (digest, NULL);
  spawn ((const char *const *)digest->pdata);
}

static StFleetPage *
page_of (StWindow *window)
{
  return ST_FLEET_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_FLEET_PAGE));
}

static const char *
main_page (StWindow *window)
{
  return gtk_stack_get_visible_child_name (
      GTK_STACK (st_test_find_by_id (GTK_WIDGET (window), "main_stack")));
}

static gboolean
read_done (gpointer window)
{
  return !st_fleet_page_is_loading (page_of (window));
}

/* The table's rows come a few at a frame after the rest. */
static gboolean
table_done (gpointer window)
{
  return !st_fleet_rank_table_is_filling (
      ST_FLEET_RANK_TABLE (st_test_find_by_id (GTK_WIDGET (window), "rank_table")));
}

/* A window of the application showing the fleet in @folder. */
static StWindow *
open_fleet (const char *folder)
{
  g_autoptr (GFile) file = g_file_new_for_path (folder);
  StWindow         *window = st_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (window));
  st_window_open_files (window, &file, 1, FALSE, ST_ALIGN_CLOCK);
  g_assert_cmpstr (main_page (window), ==, "fleet");
  st_test_wait_until (read_done, window);
  g_assert_nonnull (st_fleet_page_get_document (page_of (window)));
  st_test_wait_until (table_done, window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static GtkWidget *
nth_finding (StWindow *window, guint n)
{
  GtkWidget *box = st_test_find_by_id (GTK_WIDGET (window), "findings_box");
  GtkWidget *row = gtk_widget_get_first_child (box);

  for (guint i = 0; i < n && row != NULL; i++)
    row = gtk_widget_get_next_sibling (row);
  g_assert_nonnull (row);
  return row;
}

/* The findings first, in the order of their stakes, each with a link to
 * its rank's step: the straggler's worst all-reduce is in step 2 (both
 * its late ones were 3 000 µs late; the first counts), the slow link's
 * worst is its first all-reduce, the slow step's slowest rank is one of
 * those whose step ends last, rank 2 (r mod 3 = 2, the first such row). */
static void
test_findings (void)
{
  StWindow  *window = open_fleet (job_dir);
  GtkWidget *first = nth_finding (window, 0), *second = nth_finding (window, 1);
  GtkWidget *third = nth_finding (window, 2);

  g_assert_true (g_str_has_prefix (st_fleet_finding_row_get_text (ST_FLEET_FINDING_ROW (first)),
                                   "rank 5 was the last to arrive at 2 of the 16 collectives"));
  g_assert_true (g_str_has_prefix (st_fleet_finding_row_get_text (ST_FLEET_FINDING_ROW (second)),
                                   "rank 3’s collectives ran longer"));
  g_assert_true (g_str_has_prefix (st_fleet_finding_row_get_text (ST_FLEET_FINDING_ROW (third)),
                                   "Step 6 took 8.368 ms"));
  g_assert_nonnull (st_test_find_label (first, "Open rank 5 at step 2"));
  g_assert_nonnull (st_test_find_label (second, "Open rank 3 at step 1"));
  g_assert_nonnull (st_test_find_label (third, "Open rank 2 at step 6"));
  g_assert_null (gtk_widget_get_next_sibling (third));
  st_test_destroy_window (window);
}

/* The red of docs/metrics.md 17.4's high outliers, at the pixels of the
 * step map's cell (@row, @col): drawn opaque; a cell at the median is the
 * faint track colour over nothing. */
static guint
red_of (StHeatmap *map, cairo_surface_t *surface, guint row, guint col)
{
  double x, y;

  st_heatmap_cell_center (map, row, col, &x, &y);
  return (st_test_pixel (surface, (int)x, (int)y) >> 16) & 0xff;
}

/* The heatmap of step time: step 6 stands out, red, and marked above;
 * hovering names the rank, the step and its time. */
static void
test_step_map (void)
{
  StWindow        *window = open_fleet (job_dir);
  StHeatmap       *map = ST_HEATMAP (st_test_find_by_id (GTK_WIDGET (window), "step_map"));
  cairo_surface_t *surface = st_test_render (GTK_WIDGET (map));
  g_autofree char *slow = st_heatmap_describe (map, 0, 5);
  g_autofree char *plain = st_heatmap_describe (map, 4, 0);
  double           x, y;

  g_assert_cmpuint (st_heatmap_get_n_rows (map), ==, 8);
  g_assert_cmpuint (st_heatmap_get_n_cols (map), ==, 8);
  /* rank 0: 6 368.3 + 2 000 µs; rank 4 (4 mod 3 = 1): 6 368.4 µs */
  g_assert_cmpstr (slow, ==, "rank 0 · Step 6: 8.368 ms");
  g_assert_cmpstr (plain, ==, "rank 4 · Step 1: 6.368 ms");
  for (guint row = 0; row < 8; row++)
    for (guint col = 0; col < 8; col++)
      if (col == 5)
        g_assert_cmpuint (red_of (map, surface, row, col), >, 150);
      else
        g_assert_cmpuint (red_of (map, surface, row, col), <, 60);
  /* the mark above step 6, none above step 5 */
  st_heatmap_cell_center (map, 0, 5, &x, &y);
  g_assert_cmpuint ((st_test_pixel (surface, (int)x, 5) >> 16) & 0xff, >, 150);
  st_heatmap_cell_center (map, 0, 4, &x, &y);
  g_assert_cmpuint (st_test_pixel (surface, (int)x, 5), ==, 0);
  cairo_surface_destroy (surface);
  st_test_destroy_window (window);
}

/* The metric switch: exposed communication, rank 0's step 1: its
 * all-gather alone, from 6 053.0 to 6 353.3 µs (its arrival and end jitter
 * 0), and the 4 gaps of 2 µs between compute kernels (at 1 048, 1 248,
 * 1 448 and 1 648 µs) that its all-reduce spans, 1 010.0 to 1 810.3 µs. */
static void
test_metric_switch (void)
{
  StWindow        *window = open_fleet (job_dir);
  StHeatmap       *map = ST_HEATMAP (st_test_find_by_id (GTK_WIDGET (window), "step_map"));
  g_autofree char *exposed = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page_of (window)), "fleet.metric", "s",
                                             "exposed_communication_ns"));
  exposed = st_heatmap_describe (map, 0, 0);
  g_assert_cmpstr (exposed, ==, "rank 0 · Step 1: 308.3 µs");
  st_test_destroy_window (window);
}

/* The straggler matrix: rank 5 started step 2's all-reduce 3 000 µs late
 * at launch, plus its arrival jitter 0.1 µs, after rank 0 (jitter 0). */
static void
test_straggler_matrix (void)
{
  StWindow        *window = open_fleet (job_dir);
  StHeatmap       *map = ST_HEATMAP (st_test_find_by_id (GTK_WIDGET (window), "late_map"));
  StFleetDocument *document = st_fleet_page_get_document (page_of (window));
  StFleet         *fleet = st_fleet_document_get_fleet (document);
  guint            col = G_MAXUINT;
  g_autofree char *late = NULL;
  cairo_surface_t *surface;
  double           x0, x1, y;

  for (guint i = 0; i < st_fleet_get_n_collectives (fleet); i++)
    if (g_str_equal (st_fleet_get_collective (fleet, i)->label, "AllReduce #2"))
      col = i;
  g_assert_cmpuint (col, !=, G_MAXUINT);
  g_assert_cmpfloat (st_fleet_document_get_lateness (document, col, 5), ==, 3000100);
  g_assert_cmpfloat (st_fleet_document_get_lateness (document, col, 0), ==, 0);
  late = st_heatmap_describe (map, 5, col);
  g_assert_cmpstr (late, ==, "rank 5 · AllReduce #2: 3.000 ms");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (map)));
  /* the straggler's row is marked left of the cells, no other row */
  st_heatmap_cell_center (map, 5, 0, &x0, &y);
  st_heatmap_cell_center (map, 5, 1, &x1, &y);
  surface = st_test_render (GTK_WIDGET (map));
  g_assert_cmpuint ((st_test_pixel (surface, (int)(x0 - (x1 - x0) / 2 - 5), (int)y) >> 16) & 0xff,
                    >, 150);
  st_heatmap_cell_center (map, 4, 0, &x0, &y);
  g_assert_cmpuint (st_test_pixel (surface, (int)(x0 - (x1 - x0) / 2 - 5), (int)y), ==, 0);
  cairo_surface_destroy (surface);
  st_test_destroy_window (window);
}

static StWindow *
window_showing (GFile *const *files, guint n_files)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (ST_IS_WINDOW (l->data) && st_window_shows_files (l->data, (GFile **)files, n_files))
      return l->data;
  return NULL;
}

static gboolean
shown (gpointer window)
{
  return g_str_equal (main_page (window), "profile") || g_str_equal (main_page (window), "error");
}

/* The timeline's range in the window that opened @files. */
static void
assert_opened_at (GFile *const *files, guint n_files, gint64 start, gint64 end)
{
  StWindow       *window = window_showing (files, n_files);
  StTimelinePage *timeline;
  gint64          shown_start, shown_end;

  g_assert_nonnull (window);
  st_test_wait_until (shown, window);
  g_assert_cmpstr (main_page (window), ==, "profile");
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE));
  st_session_get_range (st_timeline_page_get_session (timeline), &shown_start, &shown_end);
  g_assert_cmpint (shown_start, ==, start);
  g_assert_cmpint (shown_end, ==, end);
  st_test_destroy_window (window);
}

static void
press_key (GtkWidget *widget, guint keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean               handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  g_assert_true (handled);
}

/* Moving to rank 5's cell of step 2 with the keys and pressing Enter opens
 * rank 5's trace on the timeline at its step 2: from 100 µs after the
 * last rank's step 1 ended, 6 368.5 + 100, for rank 5's 6 368.5 µs. */
static void
test_open_cell (void)
{
  StWindow         *window = open_fleet (job_dir);
  GtkWidget        *map = st_test_find_by_id (GTK_WIDGET (window), "step_map");
  g_autofree char  *path = rank_path (5, ".json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  guint             row, col;

  gtk_widget_grab_focus (map);
  press_key (map, GDK_KEY_Down); /* the cursor appears on the first cell */
  for (guint i = 0; i < 5; i++)
    press_key (map, GDK_KEY_Down);
  press_key (map, GDK_KEY_Right);
  g_assert_true (st_heatmap_get_cursor (ST_HEATMAP (map), &row, &col));
  g_assert_cmpuint (row, ==, 5);
  g_assert_cmpuint (col, ==, 1);
  press_key (map, GDK_KEY_Return);
  assert_opened_at (&file, 1, 6468500, 6468500 + 6368500);
  st_test_destroy_window (window);
}

/* The straggler's link opens its trace at step 2, as above. */
static void
test_open_finding (void)
{
  StWindow         *window = open_fleet (job_dir);
  g_autofree char  *path = rank_path (5, ".json");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GtkWidget        *link = st_test_find_label (nth_finding (window, 0), "Open rank 5 at step 2");

  g_signal_emit_by_name (gtk_widget_get_parent (link), "clicked");
  assert_opened_at (&file, 1, 6468500, 6468500 + 6368500);
  st_test_destroy_window (window);
}

/* Sorted by the wait it caused, the straggler comes first; two rows
 * selected open merged, the whole of the first's trace shown (the ranks
 * share a clock, so the merged profile's time is rank 3's). */
static void
test_table (void)
{
  StWindow         *window = open_fleet (job_dir);
  GtkColumnView    *view = GTK_COLUMN_VIEW (st_test_find_child (
         st_test_find_by_id (GTK_WIDGET (window), "rank_table"), GTK_TYPE_COLUMN_VIEW));
  GListModel       *rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autofree char  *path3 = rank_path (3, ".json"), *path5 = rank_path (5, ".json");
  g_autoptr (GFile) rank3 = g_file_new_for_path (path3);
  g_autoptr (GFile) rank5 = g_file_new_for_path (path5);
  GFile            *files[] = { rank5, rank3 };
  gint64            end;

  /* the table opens sorted by the wait each rank caused, most first */
  g_main_context_iteration (NULL, FALSE);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_cmpstr (gtk_inscription_get_text (GTK_INSCRIPTION (st_test_cell (view, 0, "Rank"))), ==,
                   "rank 5");
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), 0, TRUE);
  g_assert_false (
      gtk_widget_get_sensitive (st_test_find_by_id (GTK_WIDGET (window), "merge_button")));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (rows, i);
      const char         *label = NULL;

      g_object_get (item, "label", &label, NULL);
      if (g_str_equal (label, "rank 3"))
        gtk_selection_model_select_item (GTK_SELECTION_MODEL (rows), i, FALSE);
      g_free ((char *)label);
    }
  g_signal_emit_by_name (st_test_find_by_id (GTK_WIDGET (window), "merge_button"), "clicked");
  /* rank 5's trace: 8 steps of 6 368.5 µs, 100 µs apart, the sixth 2 000 µs longer */
  end = 8 * G_GINT64_CONSTANT (6368500) + 7 * 100000 + 2000000;
  g_assert_cmpint (
      st_fleet_get_digest (
          st_fleet_document_get_fleet (st_fleet_page_get_document (page_of (window))), 5)
          ->end_ns,
      ==, end);
  assert_opened_at (files, 2, 0, end);
  st_test_destroy_window (window);
}

static void
copy_file (const char *from, const char *to)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *data = NULL;
  gsize              length;

  g_assert_true (g_file_get_contents (from, &data, &length, &error));
  g_assert_true (g_file_set_contents (to, data, length, &error));
}

static void
copy_digests (const char *folder)
{
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  for (guint r = 0; r < 8; r++)
    {
      g_autofree char *digest = rank_path (r, ".stdg");
      g_autofree char *name = g_path_get_basename (digest);
      g_autofree char *copy = g_build_filename (folder, name, NULL);

      copy_file (digest, copy);
    }
}

/* A digest that cannot be read is left out and named; the others show. */
static void
test_bad_digest (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *folder = g_build_filename (job_dir, "with-bad", NULL);
  g_autofree char   *bad = g_build_filename (folder, "rank-00008.stdg", NULL);
  StWindow          *window;
  GtkLabel          *problem;

  copy_digests (folder);
  g_assert_true (g_file_set_contents (bad, "not a digest", -1, &error));
  window = open_fleet (folder);
  problem = GTK_LABEL (st_test_find_by_id (GTK_WIDGET (window), "problem_label"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (problem)));
  g_assert_cmpstr (gtk_label_get_text (problem), ==, "1 digest could not be read: rank-00008.stdg");
  g_assert_cmpuint (st_fleet_get_n_ranks (st_fleet_document_get_fleet (
                        st_fleet_page_get_document (page_of (window)))),
                    ==, 8);
  st_test_destroy_window (window);
}

/* The strips: rank 0 waited for its data loader for the first 2 000 µs of
 * step 6, from 5 × 6 468.5 = 32 342.5 µs; its span is 7 × 6 468.5 +
 * 6 368.3 + 2 000 = 53 647.8 µs, so its bin 315 of 512, from 33 009.7 µs
 * for 104.8 µs, lies in the wait: no device busy. */
static void
test_strips (void)
{
  StWindow        *window = open_fleet (job_dir);
  StHeatmap       *map = ST_HEATMAP (st_test_find_by_id (GTK_WIDGET (window), "strip_map"));
  g_autofree char *idle = st_heatmap_describe (map, 0, 315);

  g_assert_cmpuint (st_heatmap_get_n_cols (map), ==, 512);
  g_assert_cmpint (
      st_fleet_get_digest (
          st_fleet_document_get_fleet (st_fleet_page_get_document (page_of (window))), 0)
          ->end_ns,
      ==, 53647800);
  g_assert_cmpstr (idle, ==, "rank 0 · at 61.52 %: 0%");
  st_test_destroy_window (window);
}

/* Cancel while reading: back to the greeter, and the window takes files
 * again. */
static void
test_cancel (void)
{
  g_autoptr (GFile) file = g_file_new_for_path (job_dir);
  StWindow         *window = st_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open_files (window, &file, 1, FALSE, ST_ALIGN_CLOCK);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page_of (window)), "fleet.cancel", NULL));
  g_assert_cmpstr (main_page (window), ==, "empty");
  g_assert_true (st_window_is_empty (window));
  st_test_destroy_window (window);
}

/* A new folder @folder holding a copy of every rank's digest, and none of
 * their traces. */

/* A digest copied under another name beside the others: its trace counts
 * once (docs/metrics.md 17.2), and the page says so under the findings.
 * The copy's name sorts first, so it is the one kept. */
static void
test_notes (void)
{
  g_autofree char *folder = g_build_filename (job_dir, "with-copy", NULL);
  g_autofree char *from = rank_path (3, ".stdg");
  g_autofree char *copy = g_build_filename (folder, "again-rank-00003.stdg", NULL);
  StWindow        *window;
  GtkWidget       *notes, *note;

  copy_digests (folder);
  copy_file (from, copy);
  window = open_fleet (folder);
  g_assert_cmpuint (st_fleet_get_n_ranks (st_fleet_document_get_fleet (
                        st_fleet_page_get_document (page_of (window)))),
                    ==, 8);
  notes = st_test_find_by_id (GTK_WIDGET (window), "notes_box");
  g_assert_true (gtk_widget_get_visible (notes));
  note = gtk_widget_get_first_child (notes);
  g_assert_nonnull (note);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==,
                   "“again-rank-00003.stdg” and “rank-00003.stdg” are digests of one trace, "
                   "rank 3’s “rank-00003.json”: it counts once.");
  g_assert_null (gtk_widget_get_next_sibling (note)); /* 8 of 8 ranks: nothing else to say */
  st_test_destroy_window (window);
}

/* Digests of two jobs in one folder (the planted job's eight and a second
 * job of four ranks): nothing is matched across them (docs/metrics.md
 * 17.2), so the straggler matrix is not drawn empty under its heading: its
 * caption says why, and the first note is the warning (the sizes in the
 * order of the ranks: the second job's digests' names sort first). */
static void
test_two_jobs (void)
{
  g_autofree char *folder = g_build_filename (job_dir, "two-jobs", NULL);
  g_autofree char *other = g_build_filename (job_dir, "other-job", NULL);
  const char      *gen[]
      = { g_getenv ("STRATA_GEN_FLEET"), "--ranks", "4", "--steps", "3", "-o", other, NULL };
  g_autoptr (GPtrArray)   digest = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (PangoLayout) pango = NULL;
  GtkWidget              *note;
  StWindow               *window;
  StHeatmap              *map;
  double                  x0, x1, y;
  int                     label_w;

  spawn (gen);
  g_ptr_array_add (digest, g_strdup (g_getenv ("STRATA_CLI")));
  g_ptr_array_add (digest, g_strdup ("digest"));
  for (guint r = 0; r < 4; r++)
    g_ptr_array_add (digest, g_strdup_printf ("%s/rank-%05u.json", other, r));
  g_ptr_array_add (digest, NULL);
  spawn ((const char *const *)digest->pdata);
  copy_digests (folder);
  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *from = g_strdup_printf ("%s/rank-%05u.stdg", other, r);
      g_autofree char *to = g_strdup_printf ("%s/other-rank-%05u.stdg", folder, r);

      copy_file (from, to);
    }
  window = open_fleet (folder);
  g_assert_false (gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (window), "late_map")));
  g_assert_cmpstr (
      gtk_label_get_text (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (window), "late_caption"))), ==,
      "The digests are of more than one job: collectives are matched within one job only");
  /* the rows' labels that tell two digests of one rank apart are not cut:
   * the cells start right of the longest, as the label's font measures it */
  map = ST_HEATMAP (st_test_find_by_id (GTK_WIDGET (window), "step_map"));
  pango = gtk_widget_create_pango_layout (GTK_WIDGET (map), "rank 3 (rank-00003.json)");
  pango_layout_get_pixel_size (pango, &label_w, NULL);
  st_heatmap_cell_center (map, 0, 0, &x0, &y);
  st_heatmap_cell_center (map, 0, 1, &x1, &y);
  g_assert_cmpfloat (x0 - (x1 - x0) / 2, >, 4 + label_w);
  note = gtk_widget_get_first_child (st_test_find_by_id (GTK_WIDGET (window), "notes_box"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (note)),
                                   "These digests are of more than one job: 4 say the world size "
                                   "is 4 and 8 say the world size is 8."));
  g_assert_true (gtk_widget_has_css_class (note, "warning"));
  st_test_destroy_window (window);
}

/* A job moved after it was digested: the digest's path is gone, and the
 * trace is found beside its digest. (Last: it moves rank 5's trace.) */
static void
test_moved_trace (void)
{
  g_autofree char  *folder = g_build_filename (job_dir, "moved", NULL);
  g_autofree char  *from = rank_path (5, ".json");
  g_autofree char  *to = g_build_filename (folder, "rank-00005.json", NULL);
  g_autoptr (GFile) moved = g_file_new_for_path (to);
  StWindow         *window;

  copy_digests (folder);
  g_assert_cmpint (g_rename (from, to), ==, 0);
  window = open_fleet (folder);
  st_fleet_page_open_rank (page_of (window), 5, 1);
  assert_opened_at (&moved, 1, 6468500, 6468500 + 6368500);
  st_test_destroy_window (window);
}

/* The chooser the page shows when it cannot find a rank's trace (a
 * GtkFileChooserNative shows one of these where there is no portal). */
static GtkWidget *
find_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_visible (window))
        return window;
    }
  return NULL;
}

static gboolean
chooser_gone (gpointer data)
{
  return find_chooser () == NULL;
}

/* The chooser picks @data once its folder has loaded. */
static gboolean
chooser_picked (gpointer data)
{
  g_autoptr (GFile) picked = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (find_chooser ()));

  return picked != NULL && g_file_equal (picked, data);
}

static gboolean
chooser_in_job (gpointer data)
{
  g_autoptr (GFile) folder
      = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (find_chooser ()));
  g_autoptr (GFile) job = g_file_new_for_path (job_dir);

  return folder != NULL && g_file_equal (folder, job);
}

/* GTK 4.8's file chooser, its file set while it loads the folder, at
 * times snapshots a button of its own before it is allocated (the warning
 * comes from inside the chooser's draw, while the test waits for the file):
 * "Trying to snapshot GtkButton … without a current allocation", a
 * warning of GTK's own widgets, fatal in the tests (one run in eight or
 * so on a loaded machine). While a chooser is up, that one message from
 * GTK's domain is left out; any other warning stays fatal. */
static gboolean chooser_up;

static GLogWriterOutput
log_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; chooser_up && (level & G_LOG_LEVEL_WARNING) && i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  if (g_strcmp0 (domain, "Gtk") == 0 && message != NULL
      && g_str_has_prefix (message, "Trying to snapshot GtkButton ")
      && g_str_has_suffix (message, " without a current allocation"))
    return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (level, fields, n_fields, data);
}

/* Opens rank 6 at its step 2 from a fleet whose digests are in @folder,
 * and returns the chooser that asks where its trace is. */
static GtkWidget *
ask_for_rank_6 (StWindow *window)
{
  GtkWidget *chooser;

  st_fleet_page_open_rank (page_of (window), 6, 1);
  chooser = find_chooser ();
  g_assert_nonnull (chooser);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (chooser)), ==, "Where Is “rank-00006.json”?");
  /* the folder the digest names is still there: it starts there */
  st_test_wait_until (chooser_in_job, NULL);
  return chooser;
}

/* A trace neither where its digest says nor beside its digest: the page
 * asks where it is. Cancelled, nothing opens and the fleet stays; chosen,
 * it opens at the step asked for: rank 6's step 2 starts 100 µs after the
 * last rank's step 1 ended (6 368.5 + 100 µs) and lasts 6 368.3 µs
 * (6 mod 3 = 0). (Moves rank 6's trace.) */
static void
test_locate_trace (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *digests = g_build_filename (job_dir, "digests-only", NULL);
  g_autofree char   *lost = g_build_filename (job_dir, "lost", NULL);
  g_autofree char   *from = rank_path (6, ".json");
  g_autofree char   *to = g_build_filename (lost, "rank-00006.json", NULL);
  g_autoptr (GFile)  chosen = g_file_new_for_path (to);
  StWindow          *window;

  copy_digests (digests);
  g_assert_cmpint (g_mkdir (lost, 0700), ==, 0);
  g_assert_cmpint (g_rename (from, to), ==, 0);
  window = open_fleet (digests);
  chooser_up = TRUE;

  gtk_dialog_response (GTK_DIALOG (ask_for_rank_6 (window)), GTK_RESPONSE_CANCEL);
  st_test_wait_until (chooser_gone, NULL);
  g_assert_cmpstr (main_page (window), ==, "fleet");
  g_assert_null (window_showing (&chosen, 1));

  g_assert_true (
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (ask_for_rank_6 (window)), chosen, &error));
  g_assert_no_error (error);
  st_test_wait_until (chooser_picked, chosen);
  gtk_dialog_response (GTK_DIALOG (find_chooser ()), GTK_RESPONSE_ACCEPT);
  st_test_wait_until (chooser_gone, NULL);
  chooser_up = FALSE;
  assert_opened_at (&chosen, 1, 6468500, 6468500 + 6368300);
  st_test_destroy_window (window);
}

/* A fleet once read is a recent profile: its folder, which opens it as a
 * fleet again in an empty window. */
static void
test_recent (void)
{
  StWindow             *window = open_fleet (job_dir);
  g_autoptr (GPtrArray) recents = st_recent_profiles_list (50);
  g_autoptr (GFile)     folder = g_file_new_for_path (job_dir);
  StRecentProfile      *found = NULL;
  StWindow             *again;

  for (guint i = 0; i < recents->len && found == NULL; i++)
    {
      guint   n;
      GFile **files = st_recent_profile_get_files (recents->pdata[i], &n);

      if (n == 1 && g_file_equal (files[0], folder))
        found = recents->pdata[i];
    }
  g_assert_nonnull (found);
  st_test_destroy_window (window);
  again = st_window_new (app);
  {
    guint   n;
    GFile **files = st_recent_profile_get_files (found, &n);

    st_window_open_files (again, files, n, TRUE, st_recent_profile_get_alignment (found));
  }
  g_assert_cmpstr (main_page (again), ==, "fleet");
  st_test_wait_until (read_done, again);
  g_assert_nonnull (st_fleet_page_get_document (page_of (again)));
  st_test_destroy_window (again);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GError) error = NULL;
  int                status;

  gtk_test_init (&argc, &argv, NULL);
  g_log_set_writer_func (log_writer, NULL, NULL);
  make_job ();
  app = st_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_test_add_func ("/fleet/findings", test_findings);
  g_test_add_func ("/fleet/step-map", test_step_map);
  g_test_add_func ("/fleet/metric-switch", test_metric_switch);
  g_test_add_func ("/fleet/straggler-matrix", test_straggler_matrix);
  g_test_add_func ("/fleet/strips", test_strips);
  g_test_add_func ("/fleet/open-cell", test_open_cell);
  g_test_add_func ("/fleet/open-finding", test_open_finding);
  g_test_add_func ("/fleet/table", test_table);
  g_test_add_func ("/fleet/bad-digest", test_bad_digest);
  g_test_add_func ("/fleet/cancel", test_cancel);
  g_test_add_func ("/fleet/notes", test_notes);
  g_test_add_func ("/fleet/two-jobs", test_two_jobs);
  g_test_add_func ("/fleet/moved-trace", test_moved_trace);
  g_test_add_func ("/fleet/locate-trace", test_locate_trace);
  g_test_add_func ("/fleet/recent", test_recent);
  status = g_test_run ();
  g_clear_object (&app);
  st_test_remove_tree (job_dir);
  return status;
}
