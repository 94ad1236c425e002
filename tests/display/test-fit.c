/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window fits the screens people have (issue 15, U1): with a merged
 * two-rank profile loaded, its minimum size is at most 1024×640 on every
 * page, and with a baseline on the timeline with the baseline's over it
 * and on the Compare page; the Summary shows its cards in three columns on a 1920 px wide
 * window, two at 1280 and one at 1024, each card as wide as its column and
 * no narrower than it needs; a narrow window leaves facts out of the bar
 * over the profile, and the popover beside it still lists every one.
 *
 * Runs under Xvfb (xvfb-run -s "-screen 0 1600x1000x24") on the two HTA
 * sampled ranks opened as one profile. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-application.h"
#include "st-display-util.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>

/* xvfb-run -s "-screen 0 1600x1000x24" */
#define SCREEN_W 1600
#define SCREEN_H 1000

typedef struct
{
  StWindow      *window;
  StSummaryPage *page;
} Fixture;

static gboolean
computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

/* The window has been laid out: the page has a width. */
static gboolean
laid_out (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_width (GTK_WIDGET (f->page)) > 0;
}

static gboolean
set_true (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* Lets a few frames go by: the idle that fits the facts, the relayout
 * after it. */
static void
settle (void)
{
  gboolean done = FALSE;

  g_timeout_add (200, set_true, &done);
  st_test_wait_until (is_true, &done);
}

/* A window of @width×@height showing the two sampled ranks as one
 * profile, its summary computed. */
static void
open_window (Fixture *f, int width, int height)
{
  g_autofree char      *path0 = g_test_build_filename (G_TEST_DIST, "..", "data", "real",
                                                       "hta_sampled_rank0.json.gz", NULL);
  g_autofree char      *path1 = g_test_build_filename (G_TEST_DIST, "..", "data", "real",
                                                       "hta_sampled_rank1.json.gz", NULL);
  g_autoptr (GFile)     rank0 = g_file_new_for_path (path0);
  g_autoptr (GFile)     rank1 = g_file_new_for_path (path1);
  GFile                *files[] = { rank0, rank1 };
  g_autoptr (GSettings) settings = st_application_new_settings ();

  /* the profile opens on its Summary, whichever page the case before
   * showed last */
  if (settings != NULL)
    g_settings_reset (settings, "landing-page");
  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", width, "default-height", height, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open_profile (f->window, files, 2, ST_ALIGN_CLOCK);
  st_test_wait_until (st_test_window_loaded, f->window);
  f->page = ST_SUMMARY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_SUMMARY_PAGE));
  st_test_wait_until (computed, f->page);
  st_test_wait_until (laid_out, f);
  settle ();
}

static void
close_window (Fixture *f)
{
  st_test_destroy_window (f->window);
}

static void
assert_min_size (Fixture *f, const char *what)
{
  int min_width, min_height;

  gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL,
                      NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_VERTICAL, 1024, &min_height, NULL,
                      NULL, NULL);
  g_test_message ("%s: the window is at least %d×%d", what, min_width, min_height);
  g_assert_cmpint (min_width, <=, 1024);
  g_assert_cmpint (min_height, <=, 640);
}

/* The smallest screen of the issue holds the window on every page, and
 * on the timeline with the Annotations panel and a distribution open. */
/* Three regions with long names picked and compared side by side on the
 * Summary: their names are in the bar over the cards and over each
 * table's columns. */
static void
compare_three (Fixture *f)
{
  StTimelinePage *timeline
      = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  StSession                *session = st_timeline_page_get_session (timeline);
  StRegionSet              *regions = st_session_get_regions (session);
  g_autoptr (StRegionArray) three = st_region_array_new ();

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name
          = g_strdup_printf ("AllReduce #%u on every rank → AllReduce #%u on every rank", i, i + 1);

      st_region_array_add (three, name, i * 1000000, (i + 1) * 1000000, ST_REGION_MANUAL);
    }
  st_region_set_replace_all (regions, three);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr (StRegion) region = g_list_model_get_item (G_LIST_MODEL (regions), i);

      st_session_toggle_compare (session, region);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "summary.compare", NULL));
  st_test_wait_until (computed, f->page);
  settle ();
}

static gboolean
has_baseline (gpointer data)
{
  StTimelinePage *timeline
      = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (data), ST_TYPE_TIMELINE_PAGE));

  return st_session_get_baseline (st_timeline_page_get_session (timeline)) != NULL;
}

/* The first rank compared with the profile of both: the timeline with the
 * baseline's over it, and the Compare page. */
static void
show_baseline (Fixture *f)
{
  g_autofree char  *path = g_test_build_filename (G_TEST_DIST, "..", "data", "real",
                                                  "hta_sampled_rank0.json.gz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  st_window_compare_with (f->window, file);
  st_test_wait_until (has_baseline, f->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-baseline", NULL));
  settle ();
  g_assert_true (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (f->window), "baseline_box")));
}

static void
test_min_size (void)
{
  const char *pages[] = { "win.show-summary", "win.show-timeline", "win.show-call-tree",
                          "win.show-query",   "win.show-tracks",   "win.show-warnings" };
  Fixture     f;

  open_window (&f, 1024, 640);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), pages[i], NULL));
      settle ();
      assert_min_size (&f, pages[i]);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-annotations", NULL));
  settle ();
  g_assert_true (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (f.window), "annotations")));
  assert_min_size (&f, "the timeline with its Annotations panel");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-distribution", "s",
                                             "cudaLaunchKernel"));
  settle ();
  g_assert_true (
      gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (f.window), "distribution")));
  assert_min_size (&f, "the timeline with its Annotations panel and a distribution");
  show_baseline (&f);
  assert_min_size (&f, "the baseline's timeline over the current one, with the Annotations panel");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-annotations", NULL));
  settle ();
  assert_min_size (&f, "the baseline's timeline over the current one");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-compare", NULL));
  settle ();
  assert_min_size (&f, "the Compare page");
  compare_three (&f);
  assert_min_size (&f, "the Summary comparing three regions");
  close_window (&f);
}

/* Every card shown has been laid out. */
static gboolean
cards_laid_out (gpointer data)
{
  for (GtkWidget *c = gtk_widget_get_first_child (data); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c) && gtk_widget_get_width (c) == 0)
      return FALSE;
  return TRUE;
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  return *(const int *)a - *(const int *)b;
}

/* The Operations table takes the page's whole width, below every other
 * card: its names are long. */
static void
assert_operations_below (GtkWidget *cards)
{
  GtkWidget      *operations = st_test_find_by_id (cards, "operations_section");
  graphene_rect_t table, other;

  g_assert_true (gtk_widget_compute_bounds (operations, cards, &table));
  g_assert_cmpint ((int)table.origin.x, ==, 0);
  g_assert_cmpint ((int)table.size.width, ==, gtk_widget_get_width (cards));
  for (GtkWidget *c = gtk_widget_get_first_child (cards); c; c = gtk_widget_get_next_sibling (c))
    if (c != operations && gtk_widget_get_visible (c))
      {
        g_assert_true (gtk_widget_compute_bounds (c, cards, &other));
        g_assert_cmpfloat (other.origin.y + other.size.height, <=, table.origin.y);
      }
}

/* The cards of the Summary at a window width: as many columns as the
 * width holds (see the test's comment), cards that share a column share
 * its left edge and width, and no card is narrower than its minimum or
 * reaches past the page. */
static void
test_columns (gconstpointer data)
{
  const int         *size = data; /* width, height, columns expected */
  GtkWidget         *cards = NULL;
  g_autoptr (GArray) lefts = g_array_new (FALSE, FALSE, sizeof (int));
  Fixture            f;
  int                page_width;

  open_window (&f, MIN (size[0], SCREEN_W), MIN (size[1], SCREEN_H));
  cards = st_test_find_by_id (GTK_WIDGET (f.page), "single_page");
  g_assert_nonnull (cards);
  st_test_wait_until (cards_laid_out, cards);
  page_width = gtk_widget_get_width (cards);
  if (size[0] > SCREEN_W)
    {
      int min_height;

      /* the test's screen holds no window this wide: the cards are laid
       * out at the width such a window gives them, less the page's 12 px
       * margins each side */
      page_width = size[0] - 2 * 12;
      gtk_widget_measure (cards, GTK_ORIENTATION_VERTICAL, page_width, &min_height, NULL, NULL,
                          NULL);
      gtk_widget_size_allocate (cards, &(GtkAllocation){ 0, 0, page_width, min_height }, -1);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (cards); c; c = gtk_widget_get_next_sibling (c))
    {
      graphene_rect_t bounds;
      int             min_width, x, width;
      guint           i;

      if (!gtk_widget_get_visible (c))
        continue;
      g_assert_true (gtk_widget_compute_bounds (c, cards, &bounds));
      x = (int)bounds.origin.x;
      width = (int)bounds.size.width;
      gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
      g_test_message ("%s at x %d, %d wide (at least %d)",
                      gtk_buildable_get_buildable_id (GTK_BUILDABLE (c)), x, width, min_width);
      g_assert_cmpint (width, >=, min_width);
      g_assert_cmpint (x, >=, 0);
      g_assert_cmpint (x + width, <=, page_width);
      for (i = 0; i < lefts->len && g_array_index (lefts, int, i) != x; i++)
        ;
      if (i == lefts->len)
        g_array_append_val (lefts, x);
    }
  g_array_sort (lefts, compare_ints);
  g_assert_cmpuint (lefts->len, ==, size[2]);
  g_assert_cmpint (g_array_index (lefts, int, 0), ==, 0);
  assert_operations_below (cards);
  close_window (&f);
}

/* The bar over the profile shows no more facts than its width holds. */
static gboolean
facts_fit (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_width (st_test_find_by_id (GTK_WIDGET (f->window), "facts_box"))
         <= gtk_widget_get_width (st_test_find_by_id (GTK_WIDGET (f->window), "facts_scroller"));
}

/* At 1024 px the bar over the profile leaves facts out rather than hold
 * the window wide or clip them; its popover lists every fact, the
 * left-out ones too. */
static void
test_facts (void)
{
  Fixture    f;
  GtkWidget *bar, *all;
  guint      shown = 0, listed = 0;

  open_window (&f, 1024, 640);
  st_test_wait_until (facts_fit, &f);
  bar = st_test_find_by_id (GTK_WIDGET (f.window), "facts_box");
  all = st_test_find_by_id (GTK_WIDGET (f.window), "facts_grid");
  for (GtkWidget *c = gtk_widget_get_first_child (bar); c; c = gtk_widget_get_next_sibling (c))
    shown += gtk_widget_get_visible (c);
  for (GtkWidget *c = gtk_widget_get_first_child (all); c; c = gtk_widget_get_next_sibling (c))
    listed++;
  /* Duration, Events, Slices, Flows, Counter samples, Processes, Tracks,
   * Size and Format (st-window-facts.c): a label and a value each; the
   * bar, 1024 px less the page switcher, holds only some of them */
  g_assert_cmpuint (listed, ==, 2 * 9);
  g_assert_cmpuint (shown, >=, 1);
  g_assert_cmpuint (shown, <, 9);
  close_window (&f);
}

int
main (int argc, char *argv[])
{
  /* window width, height, Summary columns: a column of cards is at least
   * 520 px wide (ui/st-summary-page.ui), 12 px apart, and the page keeps
   * 12 px each side, so three columns need a window of 3 × 520 + 2 × 12
   * + 2 × 12 = 1608 px (and a few for its frame), two 1076 px */
  static const int wide[] = { 1920, 1080, 3 }, laptop[] = { 1280, 800, 2 },
                   small[] = { 1024, 640, 1 };
  g_autofree char *state = g_dir_make_tmp ("strata-fit-XXXXXX", NULL);
  int              status;

  /* no regions of an earlier run come back, no toast covers the page */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/display/fit/min-size", test_min_size);
  g_test_add_data_func ("/display/fit/columns-1920", wide, test_columns);
  g_test_add_data_func ("/display/fit/columns-1280", laptop, test_columns);
  g_test_add_data_func ("/display/fit/columns-1024", small, test_columns);
  g_test_add_func ("/display/fit/facts", test_facts);
  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
