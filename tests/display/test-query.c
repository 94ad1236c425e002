/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Query page as a person uses it (docs/sql.md, "The Query page"), on
 * a profile written here with slices whose names and counts are known:
 *
 *   thread "main":   a @ 0 µs (10), b @ 20 (5), a @ 30 (10), c @ 50 (3)
 *   thread "worker": b @ 0 (100)
 *
 * So by name: a twice, b twice (one per thread), c once; c starts at
 * 50 µs from the profile's start (0 µs), 50 000 ns.
 *
 * - a GROUP BY gives those counts in the table's cells, and a click on a
 *   header sorts by that column;
 * - a query that does not compile shows SQLite's message under the
 *   editor, and no rows;
 * - a query that would never end stops with Esc, and the next one runs;
 * - activating a row with a slice's id selects that slice on the
 *   timeline, which shows;
 * - Ctrl+C copies the selected rows as tab-separated lines;
 * - `SELECT ts, dur, name FROM slice WHERE name='b'` puts a "Query
 *   results" track at the top of the timeline with exactly the two b
 *   spans, drawn where their times say; hovering one tells its row's
 *   values, clicking one selects its row; a query without ts and dur
 *   takes the track away;
 * - a query saved with Ctrl+S, and the editor's text, are there again
 *   when the profile is closed and opened again (the test's own state
 *   folder); deleting one is undone from its toast.
 *
 * Runs under Xvfb. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-query-page.h"
#include "st-query-row-item.h"
#include "st-saved-query-list.h"
#include "st-timeline-page.h"
#include "st-time-ruler.h"
#include "st-timeline-renderer.h"
#include "st-timeline-view.h"
#include "st-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>

static const char profile[]
    = "{\"traceEvents\": ["
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": "
      "\"main\"}},"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": "
      "\"worker\"}},"
      "{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 10},"
      "{\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 20, \"dur\": 5},"
      "{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 30, \"dur\": 10},"
      "{\"ph\": \"X\", \"name\": \"c\", \"pid\": 1, \"tid\": 1, \"ts\": 50, \"dur\": 3},"
      "{\"ph\": \"X\", \"name\": \"b\", \"pid\": 1, \"tid\": 2, \"ts\": 0, \"dur\": 100}"
      "]}";

typedef struct
{
  StWindow      *window;
  StQueryPage   *page;
  GtkColumnView *results;
  StSession     *session;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_path (data);
  StTimelinePage   *timeline;

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1280, "default-height", 800, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  timeline = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (timeline);
  f->page = ST_QUERY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_QUERY_PAGE));
  f->results = GTK_COLUMN_VIEW (st_test_find_child (GTK_WIDGET (f->page), GTK_TYPE_COLUMN_VIEW));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-query", NULL));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
}

static gboolean
not_running (gpointer page)
{
  return !st_query_page_is_running (page);
}

/* Types @sql in the editor and runs it with Ctrl+Return. */
static void
start (Fixture *f, const char *sql)
{
  GtkTextView *editor
      = GTK_TEXT_VIEW (st_test_find_child (GTK_WIDGET (f->page), GTK_TYPE_TEXT_VIEW));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (editor), sql, -1);
  gtk_widget_grab_focus (GTK_WIDGET (editor));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (editor), "<Control>Return"));
}

static void
run (Fixture *f, const char *sql)
{
  start (f, sql);
  st_test_wait_until (not_running, f->page);
}

static const char *
cell (Fixture *f, guint row, const char *title)
{
  return gtk_label_get_text (GTK_LABEL (st_test_cell (f->results, row, title)));
}

static void
assert_counts (Fixture *f)
{
  g_assert_cmpuint (g_list_model_get_n_items (st_query_page_get_rows (f->page)), ==, 3);
  g_assert_cmpstr (cell (f, 0, "name"), ==, "a");
  g_assert_cmpstr (cell (f, 0, "n"), ==, "2");
  g_assert_cmpstr (cell (f, 1, "name"), ==, "b");
  g_assert_cmpstr (cell (f, 1, "n"), ==, "2");
  g_assert_cmpstr (cell (f, 2, "name"), ==, "c");
  g_assert_cmpstr (cell (f, 2, "n"), ==, "1");
}

static void
test_group_by (Fixture *f, gconstpointer data)
{
  run (f, "SELECT name, count(*) AS n FROM slice GROUP BY name ORDER BY name");
  g_assert_null (st_query_page_get_message (f->page));
  assert_counts (f);

  /* the n header clicked: c (1) comes first */
  gtk_column_view_sort_by_column (f->results, st_test_column_titled (f->results, "n"),
                                  GTK_SORT_ASCENDING);
  g_assert_cmpstr (cell (f, 0, "name"), ==, "c");
  g_assert_cmpstr (cell (f, 0, "n"), ==, "1");
}

static void
test_bad_query (Fixture *f, gconstpointer data)
{
  run (f, "SELEC name FROM slice");
  /* SQLite's message for a word it cannot parse */
  g_assert_cmpstr (st_query_page_get_message (f->page), ==, "near \"SELEC\": syntax error");
  g_assert_cmpuint (g_list_model_get_n_items (st_query_page_get_rows (f->page)), ==, 0);

  /* the next good query clears it */
  run (f, "SELECT name, count(*) AS n FROM slice GROUP BY name ORDER BY name");
  g_assert_null (st_query_page_get_message (f->page));
  assert_counts (f);
}

static gboolean
quarter_second_passed (gpointer data)
{
  return g_get_monotonic_time () >= *(gint64 *)data;
}

static void
test_cancel (Fixture *f, gconstpointer data)
{
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

  /* counts without end */
  start (f, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
            "SELECT count(*) FROM r");
  g_assert_true (st_query_page_is_running (f->page));
  st_test_wait_until (quarter_second_passed, &until);
  g_assert_true (st_query_page_is_running (f->page));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->page), "Escape"));
  g_assert_false (st_query_page_is_running (f->page));
  g_assert_null (st_query_page_get_message (f->page));

  run (f, "SELECT name, count(*) AS n FROM slice GROUP BY name ORDER BY name");
  assert_counts (f);
}

static void
on_text_read (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  *(char **)data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
}

static gboolean
is_set (gpointer data)
{
  return *(char **)data != NULL;
}

/* Ctrl+C in the table: the selected rows as a person pastes them in a
 * spreadsheet, a tab between cells (the counts of the file, above). */
static void
test_copy (Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;

  run (f, "SELECT name, count(*) AS n FROM slice GROUP BY name ORDER BY name");
  gtk_selection_model_select_all (GTK_SELECTION_MODEL (st_query_page_get_rows (f->page)));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->results), "<Control>c"));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (f->results)), NULL,
                                 on_text_read, &text);
  st_test_wait_until (is_set, &text);
  g_assert_cmpstr (text, ==, "a\t2\nb\t2\nc\t1\n");
}

static gboolean
timeline_shown (gpointer window)
{
  AdwViewStack *stack
      = ADW_VIEW_STACK (st_test_find_child (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));

  return g_strcmp0 (adw_view_stack_get_visible_child_name (stack), "timeline") == 0;
}

static void
test_activate_selects (Fixture *f, gconstpointer data)
{
  StTrace       *trace = st_session_get_trace (f->session);
  GArray        *selection;
  StEventRef     ref;
  const StSlice *slice;

  run (f, "SELECT id, name FROM slice WHERE name = 'c'");
  g_assert_cmpuint (g_list_model_get_n_items (st_query_page_get_rows (f->page)), ==, 1);
  g_signal_emit_by_name (f->results, "activate", 0);
  st_test_wait_until (timeline_shown, f->window);

  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 1);
  ref = g_array_index (selection, StEventRef, 0);
  g_assert_cmpint (ref.kind, ==, ST_EVENT_SLICE);
  slice = &st_trace_get_track (trace, ref.track)->slices[ref.index];
  g_assert_cmpstr (st_trace_get_string (trace, slice->name), ==, "c");
  g_assert_cmpint (slice->start, ==, 50000);
  g_assert_cmpint (slice->dur, ==, 3000);
}

static StTimelineView *
timeline_view (Fixture *f)
{
  return st_timeline_page_get_view (
      ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE)));
}

static gboolean
view_drawn (gpointer view)
{
  return gtk_widget_get_mapped (view) && gtk_widget_get_width (view) > 0;
}

/* The slice colour of @name as the timeline fills it, 0xRRGGBB. */
static guint32
fill_of (const char *name)
{
  StPalette      p;
  const StColor *c;

  st_palette_init_default (&p, adw_style_manager_get_dark (adw_style_manager_get_default ()));
  c = &p.slices[st_palette_color_index (name, strlen (name))];
  return ((guint32)lround (c->r * 255) << 16) | ((guint32)lround (c->g * 255) << 8)
         | (guint32)lround (c->b * 255);
}

/* The query track's rows are under the "Pinned" header, first of its
 * bands: @row's middle, in the view's picture. */
static double
row_middle (StTimelineView *view, guint row)
{
  StTimelineLayout *layout = st_timeline_view_get_layout (view);
  gint              band = st_timeline_layout_query_band (layout);

  g_assert_cmpint (band, ==, 1);
  return ST_RULER_HEIGHT + st_timeline_layout_get_band (layout, band)->y
         - gtk_adjustment_get_value (st_timeline_view_get_vadjustment (view))
         + row * ST_LAYOUT_ROW_HEIGHT + ST_LAYOUT_ROW_HEIGHT / 2.0;
}

static double
x_of (Fixture *f, StTimelineView *view, gint64 time)
{
  StViewport vp = { 0 };

  st_session_get_range (f->session, &vp.start, &vp.end);
  vp.width = gtk_widget_get_width (GTK_WIDGET (view));
  vp.gutter = MIN (240, vp.width / 3);
  return st_viewport_x_at (&vp, time);
}

/* The two b slices of the profile (hand-written above): the worker's at
 * 0 µs for 100 µs, main's at 20 µs for 5 µs. They overlap, so the
 * worker's (the earlier) takes the track's first row and main's the
 * second. */
static void
test_result_track (Fixture *f, gconstpointer data)
{
  StQueryTrack              *track = st_session_get_query_track (f->session);
  StTimelineView            *view = NULL;
  StSpanTrack               *spans;
  const StSlice             *s;
  cairo_surface_t           *surface;
  guint32                    b = fill_of ("b");
  double                     y0, y1, x_short, x_after;
  g_autofree char           *tooltip = NULL;
  g_autoptr (GtkBitset)      selected = NULL;
  g_autoptr (StQueryRowItem) row = NULL;

  g_assert_null (st_query_track_get_spans (track));
  run (f, "SELECT ts, dur, name FROM slice WHERE name='b'");
  spans = st_query_track_get_spans (track);
  g_assert_nonnull (spans);
  g_assert_cmpuint (st_span_track_get_n_spans (spans), ==, 2);
  g_assert_cmpuint (st_query_track_get_n_rows (track), ==, 2);
  s = st_span_track_get_slices (spans);
  g_assert_cmpint (s[0].start, ==, 0);
  g_assert_cmpint (s[0].dur, ==, 100000);
  g_assert_cmpuint (s[0].depth, ==, 0);
  g_assert_cmpint (s[1].start, ==, 20000);
  g_assert_cmpint (s[1].dur, ==, 5000);
  g_assert_cmpuint (s[1].depth, ==, 1);
  g_assert_cmpstr (st_span_track_get_name (spans, s[1].name), ==, "b");

  /* "Show on Timeline" */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "query.show-on-timeline", NULL));
  st_test_wait_until (timeline_shown, f->window);
  view = timeline_view (f);
  st_test_wait_until (view_drawn, view);
  y0 = row_middle (view, 0);
  y1 = row_middle (view, 1);
  x_short = x_of (f, view, 22500); /* the middle of main's b */
  x_after = x_of (f, view, 60000); /* after it, inside the worker's */
  surface = st_test_render (GTK_WIDGET (view));
  g_assert_cmphex (st_test_pixel (surface, (int)x_short, (int)y1), ==, b);
  g_assert_cmphex (st_test_pixel (surface, (int)x_after, (int)y0), ==, b);
  /* nothing else in the second row */
  g_assert_cmphex (st_test_pixel (surface, (int)x_after, (int)y1), !=, b);
  g_assert_cmphex (st_test_pixel (surface, (int)x_of (f, view, 10000), (int)y1), !=, b);
  cairo_surface_destroy (surface);

  /* hovering tells the row's values; a click selects its row */
  tooltip = st_timeline_view_dup_tooltip (view, x_short, y1);
  /* main's b is the result's first row (main's track comes first); its
   * 5 000 ns at 20 000 ns as a person reads them, then its cells */
  g_assert_cmpstr (tooltip, ==,
                   "<b>Row 1</b> · 5.000 µs at 20.00 µs\nts: 20000\ndur: 5000\nname: b");
  st_timeline_view_click (view, x_short, y1, 1, 0);
  selected
      = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (st_query_page_get_rows (f->page)));
  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 1);
  row = g_list_model_get_item (st_query_page_get_rows (f->page), gtk_bitset_get_minimum (selected));
  g_assert_cmpstr (st_query_row_item_get_text (row, 0), ==, "20000");
  g_assert_cmpstr (st_query_row_item_get_text (row, 1), ==, "5000");

  /* a query without ts and dur: the track goes */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-query", NULL));
  run (f, "SELECT name FROM slice");
  g_assert_null (st_query_track_get_spans (track));
  g_assert_cmpint (st_timeline_layout_query_band (st_timeline_view_get_layout (view)), ==, -1);
}

/* A slice id among the columns: clicking the span selects the slice too
 * (main's b, 20 µs for 5 µs). */
static void
test_result_track_slice (Fixture *f, gconstpointer data)
{
  StTrace        *trace = st_session_get_trace (f->session);
  StTimelineView *view;
  GArray         *selection;
  StEventRef      ref;

  run (f, "SELECT id, ts, dur FROM slice WHERE name = 'b' AND dur < 10000");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "query.show-on-timeline", NULL));
  st_test_wait_until (timeline_shown, f->window);
  view = timeline_view (f);
  st_test_wait_until (view_drawn, view);
  st_timeline_view_click (view, x_of (f, view, 22500), row_middle (view, 0), 1, 0);
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 1);
  ref = g_array_index (selection, StEventRef, 0);
  g_assert_cmpint (st_trace_get_track (trace, ref.track)->slices[ref.index].start, ==, 20000);
  g_assert_cmpint (st_trace_get_track (trace, ref.track)->slices[ref.index].dur, ==, 5000);
}

static GtkTextBuffer *
editor_buffer (Fixture *f)
{
  return gtk_text_view_get_buffer (
      GTK_TEXT_VIEW (st_test_find_child (GTK_WIDGET (f->page), GTK_TYPE_TEXT_VIEW)));
}

static void
reopen (Fixture *f, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  st_test_close_window (f->window);
  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1280, "default-height", 800, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  f->session = st_timeline_page_get_session (
      ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE)));
  f->page = ST_QUERY_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_QUERY_PAGE));
}

static void
test_saved_query (Fixture *f, gconstpointer data)
{
  const char              *sql = "SELECT ts, dur, name FROM slice WHERE name='b'";
  GtkWidget               *list, *popover, *entry;
  GListModel              *saved;
  g_autoptr (StSavedQuery) query = NULL;
  g_autofree char         *text = NULL;
  GtkTextIter              start, end;
  AdwToast                *toast;

  gtk_text_buffer_set_text (editor_buffer (f), sql, -1);
  /* Ctrl+S, the window's key, saves the query on the Query page */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.save-regions", NULL));
  list = st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_SAVED_QUERY_LIST);
  popover = st_test_find_child (list, GTK_TYPE_POPOVER);
  g_assert_true (gtk_widget_get_visible (popover));
  entry = st_test_find_child (popover, GTK_TYPE_ENTRY);
  /* offered a name of its own, typed over */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Query 1");
  gtk_editable_set_text (GTK_EDITABLE (entry), "b spans");
  g_signal_emit_by_name (entry, "activate");
  /* the editor goes on to another query, which is kept too */
  gtk_text_buffer_set_text (editor_buffer (f), "SELECT 1", -1);

  reopen (f, data);
  saved = st_saved_queries_get_list (st_session_get_saved_queries (f->session));
  g_assert_cmpuint (g_list_model_get_n_items (saved), ==, 1);
  query = g_list_model_get_item (saved, 0);
  g_assert_cmpstr (st_saved_query_get_name (query), ==, "b spans");
  g_assert_cmpstr (st_saved_query_get_sql (query), ==, sql);
  gtk_text_buffer_get_bounds (editor_buffer (f), &start, &end);
  text = gtk_text_buffer_get_text (editor_buffer (f), &start, &end, FALSE);
  g_assert_cmpstr (text, ==, "SELECT 1");

  /* deleted, then undone from its toast */
  toast = st_saved_query_list_delete (
      ST_SAVED_QUERY_LIST (st_test_find_child (GTK_WIDGET (f->page), ST_TYPE_SAVED_QUERY_LIST)), 0);
  g_assert_nonnull (toast);
  g_assert_cmpuint (g_list_model_get_n_items (saved), ==, 0);
  g_signal_emit_by_name (toast, "button-clicked");
  g_assert_cmpuint (g_list_model_get_n_items (saved), ==, 1);
}

#define ADD(path, func) \
  g_test_add ("/display/query/" path, Fixture, file, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_autofree char *state = g_dir_make_tmp ("strata-query-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (state, "known.json", NULL);
  int              status;

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_assert_true (g_file_set_contents (file, profile, -1, NULL));
  ADD ("group-by", test_group_by);
  ADD ("bad-query", test_bad_query);
  ADD ("cancel", test_cancel);
  ADD ("activate-selects", test_activate_selects);
  ADD ("copy", test_copy);
  ADD ("result-track", test_result_track);
  ADD ("result-track-slice", test_result_track_slice);
  ADD ("saved-query", test_saved_query);
  status = g_test_run ();
  st_test_remove_tree (state);
  return status;
}
