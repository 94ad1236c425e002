/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Regions as a person works with them: the Region Highlighter fills the
 * Annotations panel and draws bands on the timeline; a region is renamed in
 * its row, undone and redone; the regions are saved to a file; the window
 * closes and the profile, opened again, has them back from the sidecar.
 * Closing with regions in no file asks; a profile without collectives says
 * why it has no regions; the keys step, delete and pick for comparison.
 *
 * Runs under Xvfb on the generated Kineto test trace (two ranks, NCCL
 * all-reduces and all-gathers), each case with its own XDG dirs so the
 * sidecars land in a temporary folder. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-display-util.h"
#include "st-name-cell.h"
#include "st-region-chart.h"
#include "st-region-list.h"
#include "st-summary-page.h"
#include "st-time-ruler.h"
#include "st-timeline-page.h"
#include "st-timeline-renderer.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

typedef struct
{
  StWindow           *window;
  StTimelinePage     *page;
  StTimelineView     *view;
  StAnnotationsPanel *panel;
  StSession          *session;
  StRegionSet        *regions;
} Win;

/* A region as the tests compare them. */
typedef struct
{
  char  *name;
  gint64 start;
  gint64 end;
} Saved;

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 300 && gtk_widget_get_height (data) > 200;
}

static gboolean
chart_allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 200 && gtk_widget_get_height (data) > 80;
}

static gboolean
summary_computed (gpointer data)
{
  return !st_summary_page_is_computing (data);
}

static gboolean
stack_settled (gpointer data)
{
  return !gtk_stack_get_transition_running (data);
}

static GFile *
test_trace (void)
{
  return g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
}

static GFile *
data_file (const char *dir, const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", dir, name, NULL);
  return g_file_new_for_path (path);
}

/* A window showing @file, with the Annotations panel open (F9). */
static void
win_open (Win *w, GFile *file)
{
  w->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1500, "default-height", 950, NULL);
  gtk_window_present (GTK_WINDOW (w->window));
  st_window_open (w->window, file);
  st_test_wait_until (st_test_window_loaded, w->window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (
                       GTK_STACK (st_test_find_by_id (GTK_WIDGET (w->window), "main_stack"))),
                   ==, "profile");
  w->page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (w->window), ST_TYPE_TIMELINE_PAGE));
  w->view = st_timeline_page_get_view (w->page);
  w->panel = st_timeline_page_get_annotations (w->page);
  w->session = st_timeline_page_get_session (w->page);
  w->regions = st_session_get_regions (w->session);
  /* hidden at first, unless there is something to read in it */
  if (!st_timeline_page_get_show_annotations (w->page))
    g_assert_true (
        gtk_widget_activate_action (GTK_WIDGET (w->window), "win.show-annotations", NULL));
  g_assert_true (st_timeline_page_get_show_annotations (w->page));
  st_test_wait_until (allocated, w->panel);
  st_test_wait_until (allocated, w->view);
  /* pixels are read once the window is idle: its cross-fade to the profile
   * over, and the Summary page's computation (a thread that takes a core)
   * done */
  st_test_wait_until (stack_settled, st_test_find_child (GTK_WIDGET (w->window), GTK_TYPE_STACK));
  st_test_wait_until (summary_computed,
                      st_test_find_child (GTK_WIDGET (w->window), ST_TYPE_SUMMARY_PAGE));
}

/* Whether @window is still one of GTK's toplevels (not yet closed). */
static gboolean
window_shown (gpointer window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (w == window)
        return TRUE;
    }
  return FALSE;
}

static gboolean
window_gone (gpointer window)
{
  return !window_shown (window);
}

/* Closes the window as its close button does; it must go. */
static void
win_close (Win *w)
{
  st_test_close_window (w->window);
  memset (w, 0, sizeof *w);
}

/* The highlighter runs while its Cancel can be pressed. */
static gboolean
highlighting (StAnnotationsPanel *panel)
{
  return g_action_group_get_action_enabled (st_annotations_panel_get_actions (panel),
                                            "cancel-highlight");
}

static gboolean
highlight_done (gpointer data)
{
  return !highlighting (data);
}

/* Presses Highlight with the form as it is, and waits for the thread. */
static void
highlight (Win *w)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->panel), "regions.highlight", NULL));
  g_assert_true (highlighting (w->panel));
  st_test_wait_until (highlight_done, w->panel);
}

/* The text of the panel's label @label_id while @shown_id (the label or
 * the box around it) shows, or NULL. */
static const char *
shown_text (StAnnotationsPanel *panel, const char *shown_id, const char *label_id)
{
  GtkWidget *shown = st_test_find_by_id (GTK_WIDGET (panel), shown_id);
  GtkWidget *label = st_test_find_by_id (GTK_WIDGET (panel), label_id);

  g_assert_nonnull (shown);
  g_assert_true (GTK_IS_LABEL (label));
  return gtk_widget_get_visible (shown) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

/* Why the last run found nothing, as the panel says it, or NULL. */
static const char *
explanation (Win *w)
{
  return shown_text (w->panel, "explanation_box", "explanation_label");
}

/* "2 of 3 picked for comparison", or how to pick. */
static const char *
compare_text (Win *w)
{
  return shown_text (w->panel, "compare_label", "compare_label");
}

/* The rows the region list shows. */
static guint
n_rows (Win *w)
{
  GtkWidget *view = st_test_find_by_id (GTK_WIDGET (w->panel), "view");

  g_assert_true (GTK_IS_COLUMN_VIEW (view));
  return g_list_model_get_n_items (
      G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view))));
}

static void
collect_badges (GtkWidget *widget, GString *numbers)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "pick-badge")
      && gtk_widget_get_visible (widget))
    g_string_append_printf (numbers, "%s%s", numbers->len > 0 ? " " : "",
                            gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_badges (c, numbers);
}

/* The numbers the rows of the region list show beside the regions picked
 * for comparison, in row order ("1 2 3"). */
static char *
badges (Win *w)
{
  GString *numbers = g_string_new (NULL);

  collect_badges (st_test_find_by_id (GTK_WIDGET (w->panel), "view"), numbers);
  return g_string_free (numbers, FALSE);
}

/* Transfer full: the region at @i, the object the widgets show. */
static StRegion *
region_at (StRegionSet *regions, guint i)
{
  return g_list_model_get_item (G_LIST_MODEL (regions), i);
}

static char *
name_at (StRegionSet *regions, guint i)
{
  g_autoptr (StRegion) r = region_at (regions, i);

  return g_strdup (st_region_get_name (r));
}

static gboolean
is_at (StRegionSet *regions, guint i, StRegion *region)
{
  g_autoptr (StRegion) r = region_at (regions, i);

  return r == region;
}

static GArray *
snapshot_regions (StRegionSet *regions)
{
  GArray *saved = g_array_new (FALSE, FALSE, sizeof (Saved));

  for (guint i = 0; i < st_region_set_get_n_regions (regions); i++)
    {
      g_autoptr (StRegion) r = region_at (regions, i);
      Saved                s
          = { g_strdup (st_region_get_name (r)), st_region_get_start (r), st_region_get_end (r) };

      g_array_append_val (saved, s);
    }
  return saved;
}

static void
saved_free (GArray *saved)
{
  for (guint i = 0; i < saved->len; i++)
    g_free (g_array_index (saved, Saved, i).name);
  g_array_unref (saved);
}

static void
assert_regions (StRegionSet *regions, GArray *expected)
{
  g_assert_cmpuint (st_region_set_get_n_regions (regions), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      g_autoptr (StRegion) r = region_at (regions, i);
      const Saved         *s = &g_array_index (expected, Saved, i);

      g_assert_cmpstr (st_region_get_name (r), ==, s->name);
      g_assert_cmpint (st_region_get_start (r), ==, s->start);
      g_assert_cmpint (st_region_get_end (r), ==, s->end);
    }
}

/* The name cell that is being edited under @root, or NULL. */
static StNameCell *
editing_label (GtkWidget *root)
{
  if (ST_IS_NAME_CELL (root) && st_name_cell_get_editing (ST_NAME_CELL (root)))
    return ST_NAME_CELL (root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      StNameCell *found = editing_label (c);
      if (found)
        return found;
    }
  return NULL;
}

/* F2 renames the selected region in its row, once the row is made. */
static gboolean
row_editing (gpointer data)
{
  Win *w = data;

  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w->view), "F2"));
  return editing_label (GTK_WIDGET (w->panel)) != NULL;
}

static gboolean
is_purple (guint32 rgb)
{
  int r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;

  return r > g + 40 && b > g + 40;
}

/* The first region's band: where its pixels change when it is selected
 * (the band grows stronger), and left of it almost nothing does; its tab
 * shows in the region colour. */
static void
assert_band (Win *w)
{
  g_autoptr (StRegion) first = region_at (w->regions, 0);
  gint64               start = st_region_get_start (first), end = st_region_get_end (first);
  cairo_surface_t     *plain, *selected;
  StViewport           vp = { 0 };
  int                  inside, outside, tab_x, y0, y1, changed = 0, changed_outside = 0;

  st_session_set_range (w->session, 0, end + (end - start) / 2);
  st_session_set_selected_region (w->session, NULL);
  plain = st_test_render (GTK_WIDGET (w->view));
  st_session_set_selected_region (w->session, first);
  selected = st_test_render (GTK_WIDGET (w->view));
  /* the session's range right of the label column (240 px, or a third) */
  st_session_get_range (w->session, &vp.start, &vp.end);
  vp.width = gtk_widget_get_width (GTK_WIDGET (w->view));
  vp.gutter = MIN (240, vp.width / 3);
  inside = (int)st_viewport_x_at (&vp, (start + end) / 2);
  outside = (int)st_viewport_x_at (&vp, start) - 4;
  g_assert_cmpint (outside, >, vp.gutter);

  /* the tab: under the ruler from the band's left edge; a click selects */
  tab_x = (int)(st_viewport_x_at (&vp, start) + 0.5);
  g_assert_true (is_purple (st_test_pixel (selected, tab_x + 2, ST_RULER_HEIGHT + 1)));
  st_session_set_selected_region (w->session, NULL);
  st_timeline_view_click (w->view, tab_x + 3, ST_RULER_HEIGHT + 3, 1, 0);
  g_assert_true (st_session_get_selected_region (w->session) == first);

  y0 = ST_RULER_HEIGHT + 1;
  y1 = gtk_widget_get_height (GTK_WIDGET (w->view)) - 2;
  for (int y = y0; y < y1; y++)
    {
      changed += st_test_pixel (plain, inside, y) != st_test_pixel (selected, inside, y);
      changed_outside += st_test_pixel (plain, outside, y) != st_test_pixel (selected, outside, y);
    }
  g_assert_cmpint (changed, >=, (y1 - y0) * 9 / 10);
  /* outside, only the text of a slice's label that runs into the band may
   * change, as its colour follows the band's tint */
  g_assert_cmpint (changed_outside, <=, (y1 - y0) / 10);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (selected);
}

/* Highlight (collectives), rename a row as a person does (F2, type, Enter),
 * undo and redo it with the keys, save to a file, close; the profile
 * opened again has the same regions, by name and bounds, from its sidecar,
 * and draws them. */
static void
test_persist (void)
{
  g_autoptr (GFile)         trace = test_trace ();
  g_autofree char          *dir = g_dir_make_tmp ("strata-regions-XXXXXX", NULL);
  g_autofree char          *path = g_build_filename (dir, "steps.json", NULL);
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StRegionArray) read = NULL;
  g_autoptr (GError)        error = NULL;
  g_autoptr (StRegion)      second = NULL;
  g_autofree char          *first_name = NULL, *third_name = NULL, *read_name = NULL;
  GArray                   *expected;
  StNameCell               *label;
  GtkEditable              *entry;
  Win                       w = { 0 };

  win_open (&w, trace);
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 0);
  highlight (&w);
  g_assert_null (explanation (&w));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), >, 10);
  first_name = name_at (w.regions, 0);
  g_assert_true (g_str_has_prefix (first_name, "AllReduce #1 → "));
  g_assert_cmpuint (n_rows (&w), ==, st_region_set_get_n_regions (w.regions));
  assert_band (&w);

  /* rename the second row in place: its label becomes an entry, Enter commits */
  second = region_at (w.regions, 1);
  st_session_set_selected_region (w.session, second);
  st_test_wait_until (row_editing, &w);
  label = editing_label (GTK_WIDGET (w.panel));
  g_assert_nonnull (label);
  entry = GTK_EDITABLE (st_test_find_child (GTK_WIDGET (label), GTK_TYPE_ENTRY));
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, st_region_get_name (second));
  gtk_editable_set_text (entry, "  warm-up step ");
  /* Enter in the entry commits */
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (st_region_get_name (second), ==, "warm-up step");

  /* one step back and forth, with the keys */
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "<Control>z"));
  g_assert_cmpstr (st_region_get_name (second), !=, "warm-up step");
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "<Control><Shift>z"));
  g_assert_cmpstr (st_region_get_name (second), ==, "warm-up step");
  /* and through the panel's action, as the label's commit does */
  g_action_group_activate_action (st_annotations_panel_get_actions (w.panel), "rename",
                                  g_variant_new ("(us)", 2, "all-gather window"));
  third_name = name_at (w.regions, 2);
  g_assert_cmpstr (third_name, ==, "all-gather window");

  g_assert_true (st_region_set_get_modified (w.regions));
  g_assert_true (st_annotations_panel_save_to (w.panel, file, &error));
  g_assert_no_error (error);
  g_assert_false (st_region_set_get_modified (w.regions));
  read = st_region_set_read_file (file, NULL, &error);
  g_assert_no_error (error);
  expected = snapshot_regions (w.regions);
  g_assert_cmpuint (st_region_array_get_length (read), ==, expected->len);
  read_name = st_region_array_dup_name (read, 1);
  g_assert_cmpstr (read_name, ==, "warm-up step");

  /* saved: closing does not ask */
  win_close (&w);

  win_open (&w, trace);
  assert_regions (w.regions, expected);
  g_assert_false (st_region_set_get_modified (w.regions));
  assert_band (&w);
  win_close (&w);

  saved_free (expected);
  g_unlink (path);
  g_rmdir (dir);
}

static AdwMessageDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) t = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (t) && gtk_widget_get_visible (GTK_WIDGET (t)))
        return ADW_MESSAGE_DIALOG (t);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog () != NULL;
}

/* A region added from the timing measurement is in no file: closing asks;
 * Cancel keeps the window; Don't Save closes it, and the region comes back
 * with the profile (still unsaved, so the next close asks again). */
static void
test_close_asks (void)
{
  g_autoptr (GFile) trace = test_trace ();
  Win               w = { 0 };
  gpointer          window;
  AdwMessageDialog *dialog;
  StRegion         *r;
  g_autofree char  *name = NULL;

  win_open (&w, trace);
  g_assert_false (
      g_action_group_get_action_enabled (st_annotations_panel_get_actions (w.panel), "add"));
  st_session_set_timing (w.session, 40000000, 90000000);
  g_assert_true (
      g_action_group_get_action_enabled (st_annotations_panel_get_actions (w.panel), "add"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "r"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 1);
  r = st_session_get_selected_region (w.session);
  g_assert_true (is_at (w.regions, 0, r));
  g_assert_cmpstr (st_region_get_name (r), ==, "Region 1");
  g_assert_cmpint (st_region_get_start (r), ==, 40000000);
  g_assert_cmpint (st_region_get_end (r), ==, 90000000);

  window = g_object_ref (w.window);
  gtk_window_close (GTK_WINDOW (w.window));
  st_test_wait_until (dialog_shown, NULL);
  dialog = find_dialog ();
  adw_message_dialog_response (dialog, "cancel");
  g_assert_true (window_shown (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (w.window)));

  gtk_window_close (GTK_WINDOW (w.window));
  st_test_wait_until (dialog_shown, NULL);
  adw_message_dialog_response (find_dialog (), "discard");
  st_test_wait_until (window_gone, window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (window);

  win_open (&w, trace);
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 1);
  name = name_at (w.regions, 0);
  g_assert_cmpstr (name, ==, "Region 1");
  g_assert_cmpint (st_region_array_get_start (st_region_set_get_array (w.regions), 0), ==,
                   40000000);
  g_assert_true (st_region_set_get_modified (w.regions));
  /* nothing left to keep: closes without a question */
  st_region_set_remove (w.regions, 0);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

/* A profile without collectives: the panel says what it lacks, and the
 * regions stay as they were. */
static void
test_explanation (void)
{
  g_autoptr (GFile) file = data_file ("real", "catapult_simple_trace.json");
  Win               w = { 0 };

  win_open (&w, file);
  st_session_set_timing (w.session, 0, 1000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.panel), "regions.add", NULL));
  highlight (&w);
  g_assert_nonnull (explanation (&w));
  g_assert_nonnull (strstr (explanation (&w), "collective"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 1);
  {
    g_autofree char *name = name_at (w.regions, 0);

    g_assert_cmpstr (name, ==, "Region 1");
  }
  st_region_set_remove (w.regions, 0);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

/* The panel's status line says what is there: after a highlight, how many
 * regions it found; after Ctrl+Z, the regions before it (none: the profile
 * opened without any), not the count of the run undone; after
 * Ctrl+Shift+Z, the run's regions again. */
static void
test_status_follows_undo (void)
{
  g_autoptr (GFile) trace = test_trace ();
  Win               w = { 0 };
  GtkLabel         *status;
  guint             found;
  g_autofree char  *count = NULL, *after_run = NULL, *after_redo = NULL;

  win_open (&w, trace);
  status = GTK_LABEL (st_test_find_by_id (GTK_WIDGET (w.panel), "status_label"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 0);
  highlight (&w);
  found = st_region_set_get_n_regions (w.regions);
  g_assert_cmpuint (found, >, 10);
  count = g_strdup_printf ("%u", found);
  after_run = g_strdup_printf ("%s regions found. Ctrl+Z brings back the ones before.", count);
  g_assert_cmpstr (gtk_label_get_text (status), ==, after_run);

  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "<Control>z"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 0);
  g_assert_cmpstr (gtk_label_get_text (status), ==, "Undone: 0 regions now.");

  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "<Control><Shift>z"));
  after_redo = g_strdup_printf ("Redone: %s regions now.", count);
  g_assert_cmpstr (gtk_label_get_text (status), ==, after_redo);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

/* ] and [ step through the regions in time order and bring each into view;
 * Delete removes the selected one and Ctrl+Z brings it back; c and the
 * chart's keys pick up to three for comparison, a fourth drops the
 * oldest. */
static void
test_keys_and_picks (void)
{
  g_autoptr (GFile)    trace = test_trace ();
  g_autofree char     *one = NULL, *three = NULL, *two = NULL;
  StRegionChart       *chart;
  Win                  w = { 0 };
  g_autoptr (StRegion) r0 = NULL, r1 = NULL, r2 = NULL, r3 = NULL;
  guint                n;
  gint64               start, end;
  GPtrArray           *picks;

  win_open (&w, trace);
  highlight (&w);
  n = st_region_set_get_n_regions (w.regions);
  r0 = region_at (w.regions, 0);
  r1 = region_at (w.regions, 1);
  r2 = region_at (w.regions, 2);
  r3 = region_at (w.regions, 3);

  st_session_set_range (w.session, st_region_get_end (r3) + 1000000,
                        st_region_get_end (r3) + 2000000);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "bracketright"));
  g_assert_true (st_session_get_selected_region (w.session) == r0);
  st_session_get_range (w.session, &start, &end);
  g_assert_cmpint (start, <=, st_region_get_start (r0));
  g_assert_cmpint (end, >=, st_region_get_end (r0));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "bracketright"));
  g_assert_true (st_session_get_selected_region (w.session) == r1);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "bracketleft"));
  g_assert_true (st_session_get_selected_region (w.session) == r0);

  /* Delete, then Ctrl+Z */
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "Delete"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, n - 1);
  g_assert_true (is_at (w.regions, 0, r1));
  g_assert_true (st_session_get_selected_region (w.session) == r1);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "<Control>z"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, n);
  g_assert_true (is_at (w.regions, 0, r0));

  /* picks: c on the selected region, then clicks on the chart's points */
  chart = ST_REGION_CHART (st_test_find_child (GTK_WIDGET (w.panel), ST_TYPE_REGION_CHART));
  st_test_wait_until (chart_allocated, chart);
  g_assert_cmpstr (compare_text (&w), ==, "Click points to pick up to 3 regions for comparison.");
  st_session_set_selected_region (w.session, r0);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "c"));
  /* the first row is r0, picked first */
  one = badges (&w);
  g_assert_cmpstr (one, ==, "1");
  /* the chart's keys go on from the selected region: Right, Enter, three
   * times */
  for (guint i = 1; i <= 3; i++)
    {
      g_assert_true (st_test_press_shortcut (GTK_WIDGET (chart), "Right"));
      g_assert_true (st_test_press_shortcut (GTK_WIDGET (chart), "Return"));
    }
  picks = st_session_get_compare_regions (w.session);
  g_assert_cmpuint (picks->len, ==, 3);
  g_assert_true (g_ptr_array_index (picks, 0) == r1);
  g_assert_true (g_ptr_array_index (picks, 1) == r2);
  g_assert_true (g_ptr_array_index (picks, 2) == r3);
  g_assert_cmpstr (compare_text (&w), ==, "3 of 3 picked for comparison");
  /* r0 dropped; rows r1, r2, r3 carry the order they were picked in */
  three = badges (&w);
  g_assert_cmpstr (three, ==, "1 2 3");
  /* picking a picked point drops it */
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (chart), "Left"));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (chart), "space"));
  g_assert_cmpuint (picks->len, ==, 2);
  g_assert_cmpint (st_session_get_compare_index (w.session, r2), ==, -1);
  g_assert_cmpstr (compare_text (&w), ==, "2 of 3 picked for comparison");
  two = badges (&w);
  g_assert_cmpstr (two, ==, "1 2");

  /* a highlight that replaces the regions drops the picks of the old ones */
  highlight (&w);
  g_assert_cmpuint (picks->len, ==, 0);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

static gboolean
shows_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (shows_label (c, text))
      return TRUE;
  return FALSE;
}

static gboolean
first_row_shown (gpointer data)
{
  return shows_label (data, "step (1)");
}

static gboolean
last_row_shown (gpointer data)
{
  return shows_label (data, "step (100000)");
}

/* A hundred thousand regions: the list shows the first rows at once, and
 * selecting the last one brings its row into view. */
static void
test_many_regions (void)
{
  g_autoptr (GFile)         trace = test_trace ();
  g_autoptr (StRegionArray) many = st_region_array_new ();
  g_autoptr (StRegion)      last = NULL;
  GtkWidget                *list;
  Win                       w = { 0 };
  guint                     name;

  win_open (&w, trace);
  name = st_region_array_intern (many, "step");
  for (guint i = 0; i < 100000; i++)
    st_region_array_append (many, name, i + 1, i * 1000, i * 1000 + 500, ST_REGION_MANUAL);
  st_region_set_replace_all (w.regions, many);
  list = st_test_find_by_id (GTK_WIDGET (w.panel), "view");
  st_test_wait_until (first_row_shown, list);
  g_assert_false (last_row_shown (list));
  last = region_at (w.regions, 99999);
  st_session_set_selected_region (w.session, last);
  st_test_wait_until (last_row_shown, list);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

static void
fill_regions (StRegionSet *regions, guint n)
{
  g_autoptr (StRegionArray) many = st_region_array_new_sized (n);
  guint                     name = st_region_array_intern (many, "scope");

  /* durations from 100 ns to 10 µs and back, so the dots cover the plot */
  for (guint i = 0; i < n; i++)
    st_region_array_append (many, name, i + 1, (gint64)i * 20000,
                            (gint64)i * 20000 + 100 + (i * 7919) % 9900, ST_REGION_MANUAL);
  st_region_set_replace_all (regions, many);
}

static gboolean
dots_in (gpointer chart)
{
  cairo_surface_t *surface = st_test_render (chart);
  gboolean         drawing = st_region_chart_is_drawing (chart);

  cairo_surface_destroy (surface);
  return !drawing;
}

/* How many pixels of the plot are the region colour's, more or less. */
static guint
region_pixels (GtkWidget *chart)
{
  cairo_surface_t *surface = st_test_render (chart);
  guint32          ground = st_test_pixel (surface, 2, 2);
  guint            n = 0;
  int              w = cairo_image_surface_get_width (surface);
  int              h = cairo_image_surface_get_height (surface);

  /* below the labels and left of the plot, the ground; count what differs
   * from it in the middle of the plot */
  for (int y = h / 4; y < h * 3 / 4; y++)
    for (int x = w / 4; x < w * 3 / 4; x++)
      n += st_test_pixel (surface, x, y) != ground;
  cairo_surface_destroy (surface);
  return n;
}

/* A million regions (a hierarchy run on a trace of a million scopes): the
 * Region Duration Distribution shows their dots, made on a thread, and
 * they cover at least what a thousand regions' do (the same durations, a
 * thousand times as many starts). What a frame costs is measured by the
 * region-plot benchmark (a million's frame against a thousand's); that a
 * huge set is drawn from its dots alone, never region by region, is
 * /render/region-plot/huge-set's. */
static void
test_million_regions_plot (void)
{
  g_autoptr (GFile) trace = test_trace ();
  Win               w = { 0 };
  GtkWidget        *chart;
  guint             lit_thousand, lit_million;

  win_open (&w, trace);
  chart = st_test_find_child (GTK_WIDGET (w.panel), ST_TYPE_REGION_CHART);
  fill_regions (w.regions, 1000);
  st_test_wait_until (chart_allocated, chart);
  st_test_wait_until (dots_in, chart);
  lit_thousand = region_pixels (chart);

  fill_regions (w.regions, 1000000);
  st_test_wait_until (dots_in, chart);
  lit_million = region_pixels (chart);
  g_assert_cmpuint (lit_million, >=, lit_thousand);
  g_assert_cmpuint (lit_thousand, >, 100);

  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

static void
count_changes (GListModel *model, guint position, guint removed, guint added, GArray *changes)
{
  guint change[3] = { position, removed, added };

  g_array_append_vals (changes, change, 3);
}

/* A region selected, then every region replaced by 100 000 (a hierarchy
 * run): the selection is gone with its region, and the list says the
 * replacement as a removal, then an addition. Said at once, GTK's single
 * selection looked for its row among every new one, making each: a million
 * rows, seconds of a frozen window for a million regions (the plot's test
 * above took 8.7 s instead of 3.9). */
static void
test_replace_selected (void)
{
  g_autoptr (GFile)    trace = test_trace ();
  g_autoptr (GArray)   changes = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (StRegion) region = NULL;
  Win                  w = { 0 };
  GtkSingleSelection  *selection;

  win_open (&w, trace);
  fill_regions (w.regions, 5000);
  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (GTK_COLUMN_VIEW (st_test_find_child (
      st_test_find_child (GTK_WIDGET (w.panel), ST_TYPE_REGION_LIST), GTK_TYPE_COLUMN_VIEW))));
  region = g_list_model_get_item (G_LIST_MODEL (w.regions), 10);
  st_session_set_selected_region (w.session, region);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 10);
  g_signal_connect (selection, "items-changed", G_CALLBACK (count_changes), changes);
  fill_regions (w.regions, 100000);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, GTK_INVALID_LIST_POSITION);
  g_assert_cmpuint (changes->len, ==, 6);
  g_assert_cmpuint (g_array_index (changes, guint, 1), ==, 5000);
  g_assert_cmpuint (g_array_index (changes, guint, 2), ==, 0);
  g_assert_cmpuint (g_array_index (changes, guint, 4), ==, 0);
  g_assert_cmpuint (g_array_index (changes, guint, 5), ==, 100000);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 100000);
  g_signal_handlers_disconnect_by_func (selection, count_changes, changes);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
}

/* A region file made for another profile: loading it asks first; Load
 * Anyway puts its regions in place (one undoable step). A damaged file is
 * refused with its name, and the regions stay. */
static void
test_load_other_profile (void)
{
  g_autoptr (GFile)  trace = test_trace ();
  g_autoptr (GFile)  other = data_file ("real", "catapult_simple_trace.json");
  g_autofree char   *dir = g_dir_make_tmp ("strata-regions-XXXXXX", NULL);
  g_autofree char   *path = g_build_filename (dir, "other.json", NULL);
  g_autofree char   *bad_path = g_build_filename (dir, "damaged.json", NULL);
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GFile)  bad = g_file_new_for_path (bad_path);
  g_autoptr (GError) error = NULL;
  Win                w = { 0 };

  win_open (&w, other);
  st_session_set_timing (w.session, 100, 2000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.panel), "regions.add", NULL));
  g_assert_true (st_annotations_panel_save_to (w.panel, file, &error));
  g_assert_no_error (error);
  st_region_set_remove (w.regions, 0);
  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);

  win_open (&w, trace);
  highlight (&w);
  st_annotations_panel_load_from (w.panel, file);
  st_test_wait_until (dialog_shown, NULL);
  g_assert_nonnull (
      strstr (adw_message_dialog_get_heading (find_dialog ()), "catapult_simple_trace.json"));
  adw_message_dialog_response (find_dialog (), "load");
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 1);
  g_assert_cmpint (st_region_array_get_end (st_region_set_get_array (w.regions), 0), ==, 2000);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (w.view), "<Control>z"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), >, 10);

  g_assert_true (g_file_set_contents (bad_path, "{\"version\": 1, \"regions\": [", -1, NULL));
  st_annotations_panel_load_from (w.panel, bad);
  g_assert_nonnull (st_annotations_panel_get_error (w.panel));
  g_assert_nonnull (strstr (st_annotations_panel_get_error (w.panel), "damaged.json"));
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), >, 10);

  st_region_set_set_modified (w.regions, FALSE);
  win_close (&w);
  g_unlink (path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* A damaged sidecar: the panel opens and says so, naming the file, and the
 * profile opens with no regions. */
static void
test_damaged_sidecar (void)
{
  g_autoptr (GFile)             trace = test_trace ();
  g_autoptr (StProfileIdentity) identity = st_profile_identity_compute (trace, NULL, NULL);
  g_autofree char              *sidecar = st_profile_identity_dup_sidecar_path (identity);
  g_autofree char              *folder = g_path_get_dirname (sidecar);
  g_autofree char              *name = g_path_get_basename (sidecar);
  Win                           w = { 0 };

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (sidecar, "{\"version\": 1, \"regi", -1, NULL));
  win_open (&w, trace);
  g_assert_cmpuint (st_region_set_get_n_regions (w.regions), ==, 0);
  g_assert_nonnull (st_annotations_panel_get_error (w.panel));
  g_assert_nonnull (strstr (st_annotations_panel_get_error (w.panel), name));
  win_close (&w);
}

/* Each test's XDG dirs are its own, data dirs included: GTK still needs
 * the system's GSettings schemas and MIME database (icons are sniffed), so
 * they are found before the dirs move. */
static void
keep_system_data (void)
{
  const char *const *dirs = g_get_system_data_dirs ();

  g_content_type_get_mime_dirs ();
  if (g_getenv ("GSETTINGS_SCHEMA_DIR") != NULL)
    return;
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *schemas
          = g_build_filename (dirs[i], "glib-2.0", "schemas", "gschemas.compiled", NULL);

      if (g_file_test (schemas, G_FILE_TEST_EXISTS))
        {
          g_autofree char *dir = g_path_get_dirname (schemas);
          g_setenv ("GSETTINGS_SCHEMA_DIR", dir, TRUE);
          return;
        }
    }
}

int
main (int argc, char *argv[])
{
  /* gtk_test_init() with XDG dirs of each test's own */
  keep_system_data ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "en_US.UTF-8");
  gtk_init ();
  adw_init ();
  /* Opening a profile adds it to GTK's recent list, which saves a moment
   * later. Its file is fixed when the list is first made: made inside a
   * case, it would point into that case's folders, removed when the case
   * ends, and a late save would warn. Made here, it is the run's own. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);
  gtk_recent_manager_get_default ();

  g_test_add_func ("/display/regions/persist", test_persist);
  g_test_add_func ("/display/regions/close-asks", test_close_asks);
  g_test_add_func ("/display/regions/explanation", test_explanation);
  g_test_add_func ("/display/regions/status-follows-undo", test_status_follows_undo);
  g_test_add_func ("/display/regions/keys-and-picks", test_keys_and_picks);
  g_test_add_func ("/display/regions/many-regions", test_many_regions);
  g_test_add_func ("/display/regions/million-regions-plot", test_million_regions_plot);
  g_test_add_func ("/display/regions/replace-selected", test_replace_selected);
  g_test_add_func ("/display/regions/load-other-profile", test_load_other_profile);
  g_test_add_func ("/display/regions/damaged-sidecar", test_damaged_sidecar);
  return g_test_run ();
}
