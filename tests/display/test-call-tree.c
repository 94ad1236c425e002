/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Call Tree page as a person uses it, on tests/data/calltree/
 * nesting.json (see tests/model/test-call-tree.c for the expected values,
 * worked out by hand from the file; µs in the file, ns here):
 *
 * - a click on a box of the flame graph, or on a row, selects exactly the
 *   node's instances on the timeline; Enter shows them there;
 * - from a step clicked on the timeline, one more command (Ctrl+Shift+T)
 *   opens the tree of that step with its costliest path expanded;
 * - a box dragged over a thread sums that thread's calls in the box only;
 * - on a profile whose threads mostly sleep (tests/model/
 *   st-test-idle-threads.h), the page opens on the work: its first row is
 *   the main thread's step, and the costliest path under it is selected.
 *
 * Runs under Xvfb. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-call-tree-page.h"
#include "st-display-util.h"
#include "st-flame-graph.h"
#include "st-test-idle-threads.h"
#include "st-timeline-page.h"
#include "st-trace-query.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#define US 1000

typedef struct
{
  StWindow       *window;
  StCallTreePage *page;
  StSession      *session;
  StTrace        *trace;
  guint           main_track;
  guint           worker_track;
} Fixture;

static gboolean
built (gpointer data)
{
  StCallTreePage *page = data;

  return !st_call_tree_page_is_computing (page) && st_call_tree_page_get_tree (page) != NULL;
}

static gboolean
flame_laid_out (gpointer data)
{
  return gtk_widget_get_width (st_test_find_child (data, ST_TYPE_FLAME_GRAPH)) > 100;
}

static guint
track_named (StTrace *trace, const char *name)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    if (g_str_equal (st_trace_get_string (trace, st_trace_get_track (trace, t)->name), name))
      return t;
  g_error ("no track %s", name);
}

/* @data: the path of a profile, else tests/data/calltree/nesting.json. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char  *path = data != NULL ? g_strdup (data)
                                        : g_test_build_filename (G_TEST_DIST, "..", "data",
                                                                 "calltree", "nesting.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  StTimelinePage   *timeline;

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1280, "default-height", 800, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (timeline);
  f->trace = st_session_get_trace (f->session);
  f->page = ST_CALL_TREE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_CALL_TREE_PAGE));
  f->main_track = track_named (f->trace, "main");
  f->worker_track = track_named (f->trace, "worker");
}

/* The labels of the table's rows, as a person reads them down. */
static char *
rows_text (GtkColumnView *view)
{
  GListModel         *rows = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr (GObject)        item = gtk_tree_list_row_get_item (row);
      g_autofree char           *name = NULL;

      g_object_get (item, "name", &name, NULL);
      g_string_append_printf (out, "%s%*s%s", i > 0 ? "\n" : "",
                              2 * (int)gtk_tree_list_row_get_depth (row), "", name);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
}

static void
show_page (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-call-tree", NULL));
  st_test_wait_until (built, f->page);
  st_test_wait_until (flame_laid_out, f->page);
}

/* The child of @node labelled @label in @tree. */
static guint
child (StCallTree *tree, guint node, const char *label)
{
  guint          n;
  const guint32 *children = st_call_tree_get_children (tree, node, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = st_call_tree_dup_label (tree, children[i]);

      if (g_str_equal (name, label))
        return children[i];
    }
  g_error ("no child %s", label);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *)a, *(char *const *)b);
}

/* The selected events, as "track:start in µs", sorted: what the timeline
 * outlines. */
static void
assert_selection (Fixture *f, const char *expected)
{
  GArray               *selection = st_session_get_selection (f->session);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char      *text = NULL;

  for (guint i = 0; i < selection->len; i++)
    {
      StEventRef ref = g_array_index (selection, StEventRef, i);

      g_ptr_array_add (items, g_strdup_printf ("%s:%" G_GINT64_FORMAT,
                                               ref.track == f->main_track ? "main" : "worker",
                                               st_event_get_start (f->trace, ref) / US));
    }
  g_ptr_array_sort (items, compare_strings);
  g_ptr_array_add (items, NULL);
  text = g_strjoinv (" ", (char **)items->pdata);
  g_assert_cmpstr (text, ==, expected);
}

/* A click as the pointer makes it: the flame graph's click gesture,
 * released at (@x, @y). */
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

/* The row of the table showing @node, found as a person finds it. */
static guint
row_of (GtkColumnView *view, guint node)
{
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (view));

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr (GObject)        item = gtk_tree_list_row_get_item (row);
      guint                      node_of_row;

      g_object_get (item, "node", &node_of_row, NULL);
      if (node_of_row == node)
        return i;
    }
  g_error ("no row for node %u", node);
}

/* A click on the box of step → f selects exactly its three instances:
 * main's f at 100 and 850 µs and worker's f at 0 (it is the row the page
 * opened on, selected already: the click chooses it all the same, where
 * it once did nothing); a click on the row of p
 * selects p alone; Enter shows it on the timeline. */
static void
test_click_selects_instances (Fixture *f, gconstpointer data)
{
  StCallTree     *tree;
  GtkWidget      *flame;
  GtkColumnView  *view;
  graphene_rect_t rect;
  guint           step_f, p;
  gint64          start, end;

  show_page (f);
  tree = st_call_tree_page_get_tree (f->page);
  step_f = child (tree, child (tree, ST_CALL_TREE_ROOT, "step"), "f");
  p = child (tree, ST_CALL_TREE_ROOT, "p");
  flame = st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_FLAME_GRAPH);
  g_assert_true (st_flame_graph_get_node_rect (ST_FLAME_GRAPH (flame), step_f, &rect));
  click (flame, rect.origin.x + rect.size.width / 2, rect.origin.y + rect.size.height / 2);
  assert_selection (f, "main:100 main:850 worker:0");
  /* the click zoomed into it and selected its row */
  g_assert_cmpuint (st_flame_graph_get_zoom (ST_FLAME_GRAPH (flame)), ==, step_f);
  view = GTK_COLUMN_VIEW (st_test_find_child (GTK_WIDGET (f->page), GTK_TYPE_COLUMN_VIEW));
  g_assert_cmpuint (
      gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view))),
      ==, row_of (view, step_f));
  /* a row clicked: the list's selection, as a click on it sets it */
  gtk_selection_model_select_item (gtk_column_view_get_model (view), row_of (view, p), TRUE);
  assert_selection (f, "worker:600");
  g_assert_cmpuint (st_flame_graph_get_selected (ST_FLAME_GRAPH (flame)), ==, p);
  /* Enter: the timeline, showing p [600, 900) */
  g_signal_emit_by_name (view, "activate", row_of (view, p));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (
                       st_test_find_child (GTK_WIDGET (f->window), ADW_TYPE_VIEW_STACK))),
                   ==, "timeline");
  assert_selection (f, "worker:600");
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <=, 600 * US);
  g_assert_cmpint (end, >=, 900 * US);
}

/* Main's step clicked on the timeline, then Ctrl+Shift+T: the tree of
 * main over [0, 1000) µs, opened on its costliest path (docs/metrics.md
 * 15.5), step (300 µs its own) → f (600; 240 its own) → f (300; 200 its
 * own), which ends there: its one call, g, holds 100. The instances still
 * main's step: the page selected the path's end without selecting its
 * instances. */
static void
test_two_clicks (Fixture *f, gconstpointer data)
{
  const StSlice *s = st_test_find_slice_at (f->trace, f->main_track, "step", 0);
  StEventRef     step
      = { f->main_track, (guint32)(s - st_trace_get_track (f->trace, f->main_track)->slices),
          ST_EVENT_SLICE };
  StCallTree    *tree;
  GtkColumnView *view;
  guint          hot;

  st_session_select (f->session, step, ST_SELECT_REPLACE);
  /* Ctrl+Shift+T, or the details pane's Call Tree button */
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.call-tree-of-selection", NULL));
  st_test_wait_until (built, f->page);
  tree = st_call_tree_page_get_tree (f->page);
  /* main alone: its step, 1000 µs, its time the sum of main's self times */
  g_assert_cmpint (st_call_tree_get_time (tree), ==, 1000 * US);
  g_assert_cmpint (st_call_tree_get_node (tree, child (tree, ST_CALL_TREE_ROOT, "step"))->total_ns,
                   ==, 1000 * US);
  hot = child (tree, child (tree, child (tree, ST_CALL_TREE_ROOT, "step"), "f"), "f");
  view = GTK_COLUMN_VIEW (st_test_find_child (GTK_WIDGET (f->page), GTK_TYPE_COLUMN_VIEW));
  g_assert_cmpuint (
      gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view))),
      ==, row_of (view, hot));
  assert_selection (f, "main:0");
}

/* A box over main from 150 to 720 µs: main's calls in the box, clipped —
 * step 570 µs; bottom-up (Ctrl+B), f first with 90 + 200 µs of self. */
static void
test_box (Fixture *f, gconstpointer data)
{
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  const StSlice     *s = st_test_find_slice_at (f->trace, f->main_track, "h", -1);
  StEventRef         h
      = { f->main_track, (guint32)(s - st_trace_get_track (f->trace, f->main_track)->slices),
          ST_EVENT_SLICE };
  StCallTree    *tree;
  guint          n;
  const guint32 *roots;

  g_array_append_val (refs, h);
  st_session_select_box (f->session, refs, NULL, 150 * US, 720 * US, ST_SELECT_REPLACE);
  show_page (f);
  g_assert_true (st_call_tree_page_take_selection (f->page));
  st_test_wait_until (built, f->page);
  tree = st_call_tree_page_get_tree (f->page);
  g_assert_cmpint (st_call_tree_get_node (tree, child (tree, ST_CALL_TREE_ROOT, "step"))->total_ns,
                   ==, 570 * US);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->page), "<Control>b"));
  tree = st_call_tree_page_get_tree (f->page);
  g_assert_cmpint (st_call_tree_get_direction (tree), ==, ST_CALL_TREE_BOTTOM_UP);
  roots = st_call_tree_get_children (tree, ST_CALL_TREE_ROOT, &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpint (st_call_tree_get_node (tree, roots[0])->self_ns, ==, 290 * US);
}

/* The region chosen, [150, 720) µs, on every thread (Ctrl+2): main's
 * step 570 µs and worker's [150, 400) 250; choosing another region sums
 * that one. */
static void
test_region (Fixture *f, gconstpointer data)
{
  g_autoptr (StRegion) first = st_region_new ("first", 150 * US, 720 * US, ST_REGION_MANUAL);
  g_autoptr (StRegion) second = st_region_new ("second", 500 * US, 560 * US, ST_REGION_MANUAL);
  StRegionSet         *regions = st_session_get_regions (f->session);
  StCallTree          *tree;

  st_region_set_add (regions, first);
  st_region_set_add (regions, second);
  st_session_set_selected_region (f->session, first);
  show_page (f);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->page), "<Control>2"));
  st_test_wait_until (built, f->page);
  tree = st_call_tree_page_get_tree (f->page);
  g_assert_cmpint (st_call_tree_get_node (tree, child (tree, ST_CALL_TREE_ROOT, "step"))->total_ns,
                   ==, 820 * US);
  /* [500, 560): main's step and f, worker's lone g */
  st_session_set_selected_region (f->session, second);
  st_test_wait_until (built, f->page);
  tree = st_call_tree_page_get_tree (f->page);
  g_assert_cmpint (st_call_tree_get_time (tree), ==, 120 * US);
  g_assert_cmpint (st_call_tree_get_node (tree, child (tree, ST_CALL_TREE_ROOT, "g"))->total_ns, ==,
                   60 * US);
}

/* The page opened on a profile whose profiler span (3200 µs) and monitor
 * thread asleep (3000 µs) outweigh the main thread's step (1000 µs): the
 * rows start with the step, expanded down its costliest path — its
 * aten::mm (600 µs, against 200 of synchronisation) selected, where the
 * path ends: 560 µs are its own, its one call, cudaLaunchKernel, holds 40
 * (docs/metrics.md 15.5); the idle roots are the last rows (the order
 * worked out in tests/model/test-call-tree.c). Ctrl+E from there enters
 * the mm's call. */
static void
test_opens_on_work (Fixture *f, gconstpointer data)
{
  GtkColumnView   *view;
  g_autofree char *rows = NULL;
  StCallTree      *tree;
  guint            hot;

  show_page (f);
  tree = st_call_tree_page_get_tree (f->page);
  hot = child (tree, child (tree, ST_CALL_TREE_ROOT, "ProfilerStep#*"), "aten::mm");
  view = GTK_COLUMN_VIEW (st_test_find_child (GTK_WIDGET (f->page), GTK_TYPE_COLUMN_VIEW));
  rows = rows_text (view);
  g_assert_cmpstr (rows, ==,
                   "ProfilerStep#*\n"
                   "  aten::mm\n"
                   "  cudaStreamSynchronize\n"
                   "pin_memory.py(49): _pin_memory_loop\n"
                   "aten::copy_\n"
                   "PyTorch Profiler (0)\n"
                   "threading.py(1032): _bootstrap\n"
                   "loader.py(10): loop\n"
                   "queue.py(171): get");
  g_assert_cmpuint (
      gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view))),
      ==, row_of (view, hot));
  g_assert_cmpuint (st_flame_graph_get_selected (ST_FLAME_GRAPH (
                        st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_FLAME_GRAPH))),
                    ==, hot);
  /* opening selects nothing on the timeline */
  g_assert_cmpuint (st_session_get_selection (f->session)->len, ==, 0);
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (f->page), "calltree.expand-hot-path", NULL));
  g_assert_cmpuint (st_flame_graph_get_selected (ST_FLAME_GRAPH (
                        st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_FLAME_GRAPH))),
                    ==, child (tree, hot, "cudaLaunchKernel"));
}

#define ADD(path, func) \
  g_test_add ("/display/call-tree/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_autofree char *state = g_dir_make_tmp ("strata-call-tree-XXXXXX", NULL);
  g_autofree char *idle = g_build_filename (state, "idle-threads.json", NULL);
  int              status;

  /* no regions of an earlier run come back */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  ADD ("click-selects-instances", test_click_selects_instances);
  ADD ("two-clicks", test_two_clicks);
  ADD ("box", test_box);
  ADD ("region", test_region);
  st_test_idle_threads_write (idle);
  g_test_add ("/display/call-tree/opens-on-work", Fixture, idle, fixture_set_up, test_opens_on_work,
              fixture_tear_down);
  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
