/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counter values as a person reads them in the window (docs/metrics.md
 * 19.3): the timeline's tooltip over a counter track says each series'
 * value at the pointer and since when it holds; a box dragged over the
 * track lists each series' value at the box's edges, its min, mean and
 * max in the details pane. Runs under Xvfb on a small trace written at
 * test time. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-details-pane.h"
#include "st-display-util.h"
#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-page.h"
#include "st-timeline-renderer.h"
#include "st-window.h"

#include <glib/gstdio.h>

/* One step of 100 µs and a "Power" counter of two series: watts 100 from
 * 10 µs, 250 from 40 µs, 50 from 70 µs; volts 12 from 10 µs, 11 from
 * 70 µs. */
static const char trace_text[]
    = "{\"traceEvents\": [\n"
      "{\"ph\": \"X\", \"name\": \"step\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 100},\n"
      "{\"ph\": \"C\", \"name\": \"Power\", \"pid\": 1, \"ts\": 10, \"args\": {\"watts\": 100, "
      "\"volts\": 12}},\n"
      "{\"ph\": \"C\", \"name\": \"Power\", \"pid\": 1, \"ts\": 40, \"args\": {\"watts\": 250}},\n"
      "{\"ph\": \"C\", \"name\": \"Power\", \"pid\": 1, \"ts\": 70, \"args\": {\"watts\": 50, "
      "\"volts\": 11}}\n"
      "]}\n";

#define US 1000

typedef struct
{
  char           *dir;
  char           *path;
  StWindow       *window;
  StTimelineView *view;
  StSession      *session;
  guint           track; /* the Power counter's */
} Fixture;

static gboolean
view_allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 600 && gtk_widget_get_height (data) > 200;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = NULL;
  StTimelinePage   *page;
  StTrace          *trace;

  f->dir = g_dir_make_tmp ("strata-counters-XXXXXX", NULL);
  f->path = g_build_filename (f->dir, "power.json", NULL);
  g_assert_true (g_file_set_contents (f->path, trace_text, -1, NULL));
  file = g_file_new_for_path (f->path);
  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1280, "default-height", 800, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-timeline", NULL));
  page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->view = st_timeline_page_get_view (page);
  f->session = st_timeline_page_get_session (page);
  st_test_wait_until (view_allocated, f->view);
  trace = st_session_get_trace (f->session);
  f->track = G_MAXUINT;
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    if (st_trace_get_track (trace, t)->kind == ST_TRACK_COUNTER)
      f->track = t;
  g_assert_cmpuint (f->track, !=, G_MAXUINT);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
  g_unlink (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

/* Where the view draws time @t on the Power track, as the timeline lays
 * it out: the session's range right of the label column, the track's
 * band under the ruler. */
static void
point_at (Fixture *f, gint64 t, double *x, double *y)
{
  StTimelineLayout *layout = st_timeline_view_get_layout (f->view);
  const StBand     *band
      = st_timeline_layout_get_band (layout, st_timeline_layout_track_band (layout, f->track));
  StViewport vp;

  st_session_get_range (f->session, &vp.start, &vp.end);
  vp.width = gtk_widget_get_width (GTK_WIDGET (f->view));
  vp.height = gtk_widget_get_height (GTK_WIDGET (f->view));
  vp.gutter = MIN (240, vp.width / 3);
  vp.scroll_y = gtk_adjustment_get_value (st_timeline_view_get_vadjustment (f->view));
  *x = st_viewport_x_at (&vp, t);
  *y = ST_RULER_HEIGHT + band->y - vp.scroll_y + band->height / 2;
}

/* At 55 µs watts has been 250 since its sample at 40 µs and volts 12
 * since 10 µs (the sample at 40 µs has no volts); at 5 µs neither has a
 * value yet (docs/metrics.md 19.1: never 0). */
static void
test_hover_readout (Fixture *f, gconstpointer data)
{
  g_autofree char *at_55 = NULL, *at_5 = NULL;
  double           x, y;

  point_at (f, 55 * US, &x, &y);
  at_55 = st_timeline_view_dup_tooltip (f->view, x, y);
  g_assert_nonnull (at_55);
  g_assert_true (g_str_has_prefix (at_55, "<b>Power</b>"));
  g_assert_nonnull (strstr (at_55, "watts: <b>250</b> since 40.00 µs"));
  g_assert_nonnull (strstr (at_55, "volts: <b>12</b> since 10.00 µs"));

  point_at (f, 5 * US, &x, &y);
  at_5 = st_timeline_view_dup_tooltip (f->view, x, y);
  g_assert_nonnull (strstr (at_5, "No value yet"));
  g_assert_null (strstr (at_5, "watts"));
}

/* The text of the details' counter grid at @column, @row. */
static const char *
cell (Fixture *f, int column, int row)
{
  GtkWidget *pane = st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_DETAILS_PANE);
  GtkWidget *grid = st_test_find_by_id (pane, "counters_grid");
  GtkWidget *label = gtk_grid_get_child_at (GTK_GRID (grid), column, row);

  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

/* A box dragged over the Power track takes it among the box's counters;
 * over [20 µs, 80 µs) the details list, by hand from the samples:
 * watts 100 at the start, then 250 from 40 µs and 50 from 70 µs: min 50,
 * max 250, mean (100 × 20 + 250 × 30 + 50 × 10) / 60 = 166.67, shown in
 * four digits as 166.7, 50 at the end; volts 12 then 11 from 70 µs: mean
 * (12 × 50 + 11 × 10) / 60 = 11.83. */
static void
test_range_details (Fixture *f, gconstpointer data)
{
  GtkStack          *stack;
  GArray            *touched;
  g_autoptr (GArray) counters = g_array_new (FALSE, FALSE, sizeof (StCounterRef));
  g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  double             x0, y0, x1, y1;

  st_session_set_tool (f->session, ST_TOOL_SELECT);
  point_at (f, 20 * US, &x0, &y0);
  point_at (f, 80 * US, &x1, &y1);
  st_timeline_view_drag (f->view, x0, y0 - 4, x1, y1 + 4, 0);
  touched = st_session_get_box_counters (f->session);
  g_assert_cmpuint (touched->len, ==, 1);
  g_assert_cmpuint (g_array_index (touched, StCounterRef, 0).track, ==, f->track);
  g_assert_false (g_array_index (touched, StCounterRef, 0).queue);

  /* the drag's edges fall on pixels: the range is set exactly */
  g_array_append_val (counters, ((StCounterRef){ f->track, FALSE }));
  st_session_select_box (f->session, none, counters, 20 * US, 80 * US, ST_SELECT_REPLACE);
  stack = GTK_STACK (st_test_find_by_id (
      st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_DETAILS_PANE), "stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "counters");
  g_assert_cmpstr (cell (f, 1, 0), ==, "At start");
  g_assert_cmpstr (cell (f, 3, 0), ==, "Mean");
  g_assert_cmpstr (cell (f, 0, 2), ==, "watts");
  g_assert_cmpstr (cell (f, 1, 2), ==, "100");
  g_assert_cmpstr (cell (f, 2, 2), ==, "50");
  g_assert_cmpstr (cell (f, 3, 2), ==, "166.7");
  g_assert_cmpstr (cell (f, 4, 2), ==, "250");
  g_assert_cmpstr (cell (f, 5, 2), ==, "50");
  g_assert_cmpstr (cell (f, 0, 3), ==, "volts");
  g_assert_cmpstr (cell (f, 3, 3), ==, "11.83");

  /* a click on empty space forgets the box and its counters */
  st_session_clear_selection (f->session);
  g_assert_cmpuint (st_session_get_box_counters (f->session)->len, ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "none");
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add ("/display/counters/hover-readout", Fixture, NULL, fixture_set_up, test_hover_readout,
              fixture_tear_down);
  g_test_add ("/display/counters/range-details", Fixture, NULL, fixture_set_up, test_range_details,
              fixture_tear_down);
  return g_test_run ();
}
