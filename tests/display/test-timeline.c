/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The timeline as a person drives it: keys at their physical positions,
 * the tools, selection and its summary, find over the whole trace. Runs
 * under Xvfb on the generated Kineto test trace (two ranks, two GPUs). */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-arg-item.h"
#include "st-details-pane.h"
#include "st-display-util.h"
#include "st-operation.h"
#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-page.h"
#include "st-timeline-renderer.h"
#include "st-trace-query.h"
#include "st-window.h"

/* Evdev keycodes (+8, as GDK reports them) of the keys' physical places. */
#define KEYCODE_1 10
#define KEYCODE_W 25
#define KEYCODE_A 38
#define KEYCODE_S 39
#define KEYCODE_D 40

/* The timeline's label column: this wide, or a third of a narrow view. */
#define LABEL_COLUMN 240

typedef struct
{
  StWindow       *window;
  StTimelinePage *page;
  StTimelineView *view;
  StSession      *session;
  StTrace        *trace;
  int             expected_height; /* the view's, for view_as_tall() */
} Fixture;

static gboolean
view_allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 600 && gtk_widget_get_height (data) > 300;
}

/* The streams' queue lengths are drawn: the bands stay where they are. */
static gboolean
queues_ready (gpointer data)
{
  return st_timeline_view_get_queues_ready (data);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1400, "default-height", 900, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (
                       GTK_STACK (st_test_find_by_id (GTK_WIDGET (f->window), "main_stack"))),
                   ==, "profile");
  /* a profile opens on its summary */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-timeline", NULL));
  f->page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->view = st_timeline_page_get_view (f->page);
  f->session = st_timeline_page_get_session (f->page);
  f->trace = st_session_get_trace (f->session);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->view)));
  st_test_wait_until (view_allocated, f->view);
  st_test_wait_until (queues_ready, f->view);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
}

/* A tap of a key (pressed, then released) as the view's key controller
 * receives it. */
static gboolean
press_key (Fixture *f, guint keyval, guint keycode, GdkModifierType state)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));
  gboolean               handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        {
          g_signal_emit_by_name (c, "key-pressed", keyval, keycode, state, &handled);
          g_signal_emit_by_name (c, "key-released", keyval, keycode, state);
        }
    }
  return handled;
}

static gint64
span_of (Fixture *f)
{
  gint64 start, end;

  st_session_get_range (f->session, &start, &end);
  return end - start;
}

/* The pointer moved to (@x, @y), as the view's motion controller hears it. */
static void
move_pointer (Fixture *f, double x, double y)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        g_signal_emit_by_name (c, "motion", x, y);
    }
}

/* The picture's geometry as the timeline shows it: the session's range
 * across the view right of the label column, the rows under the ruler
 * scrolled by the vertical scrollbar. */
static void
viewport_of (Fixture *f, StViewport *vp)
{
  st_session_get_range (f->session, &vp->start, &vp->end);
  vp->width = gtk_widget_get_width (GTK_WIDGET (f->view));
  vp->height = gtk_widget_get_height (GTK_WIDGET (f->view));
  vp->gutter = MIN (LABEL_COLUMN, vp->width / 3);
  vp->scroll_y = gtk_adjustment_get_value (st_timeline_view_get_vadjustment (f->view));
}

static gint64
time_at (Fixture *f, double x)
{
  StViewport vp;

  viewport_of (f, &vp);
  return st_viewport_time_at (&vp, x);
}

/* Where the slice @ref is drawn: from its start to its end, on the row of
 * its depth in its track, the tracks stacked as the layout puts them. */
static graphene_rect_t
bounds_of (Fixture *f, StEventRef ref)
{
  StTimelineLayout *layout = st_timeline_view_get_layout (f->view);
  const StSlice    *s = st_trace_get_slice (f->trace, (StSliceRef){ ref.track, ref.index });
  StViewport        vp;
  double            x0, x1;
  int               row_y;
  graphene_rect_t   r;

  g_assert_cmpint (ref.kind, ==, ST_EVENT_SLICE);
  viewport_of (f, &vp);
  row_y = st_timeline_layout_row_y (layout, ref.track, s->depth);
  g_assert_cmpint (row_y, >=, 0);
  x0 = st_viewport_x_at (&vp, s->start);
  x1 = st_viewport_x_at (&vp, s->start + s->dur);
  graphene_rect_init (&r, x0, ST_RULER_HEIGHT + row_y - vp.scroll_y, MAX (1, x1 - x0),
                      ST_LAYOUT_ROW_HEIGHT);
  return r;
}

/* The first slice of @name on the track named @track_name. */
static StEventRef
find_slice (Fixture *f, const char *track_name, const char *name)
{
  for (guint t = 0; t < st_trace_get_n_tracks (f->trace); t++)
    {
      const StTrack *track = st_trace_get_track (f->trace, t);

      if (!g_str_equal (st_trace_get_string (f->trace, track->name), track_name))
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        if (g_str_equal (st_trace_get_string (f->trace, track->slices[i].name), name))
          return (StEventRef){ t, i, ST_EVENT_SLICE };
    }
  g_assert_not_reached ();
}

/* W zooms in around the pointer: the time under it stays put; S zooms out;
 * with Shift the step is bigger. The keys are physical: on AZERTY the key
 * at W's place sends "z", and it still zooms in. */
static void
test_zoom_keys (Fixture *f, gconstpointer data)
{
  double x = gtk_widget_get_width (GTK_WIDGET (f->view)) * 0.7;
  gint64 anchor, span = span_of (f), step;

  move_pointer (f, x, 200);
  anchor = time_at (f, x);
  g_assert_true (press_key (f, GDK_KEY_w, KEYCODE_W, 0));
  g_assert_cmpint (span_of (f), <, span);
  g_assert_cmpint (ABS (time_at (f, x) - anchor), <=, span_of (f) / 1000);
  step = span - span_of (f);

  span = span_of (f);
  g_assert_true (press_key (f, GDK_KEY_z, KEYCODE_W, 0));
  g_assert_cmpint (span_of (f), <, span);
  g_assert_cmpint (ABS (time_at (f, x) - anchor), <=, span_of (f) / 1000);

  span = span_of (f);
  g_assert_true (press_key (f, GDK_KEY_s, KEYCODE_S, 0));
  g_assert_cmpint (span_of (f), >, span);
  g_assert_cmpint (ABS (time_at (f, x) - anchor), <=, span_of (f) / 1000);

  st_session_fit_all (f->session);
  span = span_of (f);
  g_assert_true (press_key (f, GDK_KEY_W, KEYCODE_W, GDK_SHIFT_MASK));
  g_assert_cmpint (span - span_of (f), >, step);
}

/* D pans right by part of the view, A back; the span does not change. */
static void
test_pan_keys (Fixture *f, gconstpointer data)
{
  gint64 start, end, start2, end2;

  st_session_set_range (f->session, 100000000, 200000000);
  st_session_get_range (f->session, &start, &end);
  g_assert_true (press_key (f, GDK_KEY_d, KEYCODE_D, 0));
  st_session_get_range (f->session, &start2, &end2);
  g_assert_cmpint (start2, >, start);
  g_assert_cmpint (end2 - start2, ==, end - start);
  g_assert_true (press_key (f, GDK_KEY_q, KEYCODE_A, 0)); /* A's place on AZERTY */
  st_session_get_range (f->session, &start2, &end2);
  g_assert_cmpint (start2, ==, start);
}

/* The target of the toolbar's tool toggle that is down, or -1. */
static int
active_tool_button (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      int found;

      if (GTK_IS_TOGGLE_BUTTON (c) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (c))
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), "timeline.tool") == 0)
        return g_variant_get_int32 (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (c)));
      if ((found = active_tool_button (c)) >= 0)
        return found;
    }
  return -1;
}

/* 1–4 (and !@#$, the same keys with Shift) choose Selection, Pan, Zoom,
 * Timing; the toolbar's toggles follow. */
static void
test_tool_keys (Fixture *f, gconstpointer data)
{
  const guint shifted[] = { GDK_KEY_exclam, GDK_KEY_at, GDK_KEY_numbersign, GDK_KEY_dollar };

  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (press_key (f, GDK_KEY_1 + i, KEYCODE_1 + i, 0));
      g_assert_cmpint (st_session_get_tool (f->session), ==, i);
      g_assert_cmpint (active_tool_button (GTK_WIDGET (f->page)), ==, i);
    }
  for (guint i = 0; i < 4; i++)
    {
      g_assert_true (press_key (f, shifted[i], KEYCODE_1 + (3 - i), GDK_SHIFT_MASK));
      g_assert_cmpint (st_session_get_tool (f->session), ==, 3 - i);
    }
}

/* f zooms to the selection with a small margin; 0 shows the whole trace. */
static void
test_fit_selection (Fixture *f, gconstpointer data)
{
  StEventRef ref = find_slice (f, "thread 1001 (python3)", "ProfilerStep#20");
  gint64     s = st_event_get_start (f->trace, ref), d = st_event_get_duration (f->trace, ref);
  gint64     start, end;

  st_session_select (f->session, ref, ST_SELECT_REPLACE);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->view), "f"));
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <=, s);
  g_assert_cmpint (end, >=, s + d);
  g_assert_cmpint (end - start, <=, d + d / 5);

  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->view), "0"));
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <=, 0);
  g_assert_cmpint (end, >=, st_trace_get_end_ns (f->trace));
}

/* The pixel centre of @ref in the view, after bringing it into view. */
static void
centre_of (Fixture *f, StEventRef ref, double *x, double *y)
{
  graphene_rect_t r = bounds_of (f, ref);

  *x = r.origin.x + r.size.width / 2;
  *y = r.origin.y + r.size.height / 2;
}

/* "none", "one" or "many": the page of the details pane on screen. */
static const char *
details_page (StDetailsPane *details)
{
  return gtk_stack_get_visible_child_name (
      GTK_STACK (st_test_find_by_id (GTK_WIDGET (details), "stack")));
}

/* The rows of the details pane's table @id as shown. */
static GListModel *
table_rows (StDetailsPane *details, const char *id)
{
  GtkWidget *view = st_test_find_by_id (GTK_WIDGET (details), id);

  g_assert_true (GTK_IS_COLUMN_VIEW (view));
  return G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
}

static StOperation *
summary_row (GListModel *summary, const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (summary); i++)
    {
      g_autoptr (StOperation) row = g_list_model_get_item (summary, i);
      if (g_str_equal (st_operation_get_name (row), name))
        return row;
    }
  return NULL;
}

/* Click, Ctrl+click, Ctrl+click: three events of two names; the details
 * pane sums them per name. Ctrl+click again takes one out. */
static gboolean
details_shown (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_height (data) >= 180;
}

static gboolean
view_as_tall (gpointer data)
{
  Fixture *f = data;
  return gtk_widget_get_height (GTK_WIDGET (f->view)) == f->expected_height;
}

static gboolean
details_hidden (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

static void
test_ctrl_click_summary (Fixture *f, gconstpointer data)
{
  StEventRef     a = find_slice (f, "thread 1000 (python3)", "ProfilerStep#8");
  StEventRef     b = find_slice (f, "thread 1001 (python3)", "ProfilerStep#8");
  StEventRef     c = find_slice (f, "thread 1000 (python3)", "ProfilerStep#9");
  StDetailsPane *details = ST_DETAILS_PANE (st_test_find_by_id (GTK_WIDGET (f->page), "details"));
  gint64         da = st_event_get_duration (f->trace, a), db = st_event_get_duration (f->trace, b);
  StOperation   *row;
  double         x, y;

  st_session_set_range (f->session, st_event_get_start (f->trace, a) - 1000000,
                        st_event_get_start (f->trace, c) + st_event_get_duration (f->trace, c)
                            + 1000000);
  centre_of (f, a, &x, &y);
  st_timeline_view_click (f->view, x, y, 1, 0);
  g_assert_cmpstr (details_page (details), ==, "one");
  centre_of (f, b, &x, &y);
  st_timeline_view_click (f->view, x, y, 1, GDK_CONTROL_MASK);
  centre_of (f, c, &x, &y);
  st_timeline_view_click (f->view, x, y, 1, GDK_CONTROL_MASK);
  g_assert_cmpstr (details_page (details), ==, "many");

  g_assert_cmpuint (g_list_model_get_n_items (table_rows (details, "summary_view")), ==, 2);
  row = summary_row (table_rows (details, "summary_view"), "ProfilerStep#8");
  g_assert_nonnull (row);
  g_assert_cmpuint (st_operation_get_count (row), ==, 2);
  g_assert_cmpint (st_operation_get_total (row), ==, da + db);
  g_assert_cmpint (st_operation_get_min (row), ==, MIN (da, db));
  g_assert_cmpint (st_operation_get_max (row), ==, MAX (da, db));

  /* Ctrl+click on a selected event takes it out */
  centre_of (f, b, &x, &y);
  st_timeline_view_click (f->view, x, y, 1, GDK_CONTROL_MASK);
  row = summary_row (table_rows (details, "summary_view"), "ProfilerStep#8");
  g_assert_cmpuint (st_operation_get_count (row), ==, 1);
  g_assert_cmpuint (st_session_get_selection (f->session)->len, ==, 2);

  /* a plain click on empty space clears it (the view laid out above the
   * details shown since the first click) */
  st_test_wait_until (details_shown, details);
  st_timeline_view_click (f->view, gtk_widget_get_width (GTK_WIDGET (f->view)) - 2,
                          gtk_widget_get_height (GTK_WIDGET (f->view)) - 2, 1, 0);
  g_assert_cmpuint (st_session_get_selection (f->session)->len, ==, 0);
  g_assert_cmpstr (details_page (details), ==, "none");
}

/* A drag in the Timing tool measures; in the Zoom tool it zooms to the
 * dragged time range. */
static void
test_drag_tools (Fixture *f, gconstpointer data)
{
  gint64 t0, t1, start, end;

  st_session_set_range (f->session, 0, 500000000);
  t0 = time_at (f, 400);
  t1 = time_at (f, 700);
  st_session_set_tool (f->session, ST_TOOL_TIMING);
  st_timeline_view_drag (f->view, 400, 200, 700, 220, 0);
  g_assert_true (st_session_get_timing (f->session, &start, &end));
  g_assert_cmpint (start, ==, t0);
  g_assert_cmpint (end, ==, t1);

  st_session_set_tool (f->session, ST_TOOL_ZOOM);
  st_timeline_view_drag (f->view, 700, 200, 400, 200, 0);
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, ==, t0);
  g_assert_cmpint (end, ==, t1);
}

static gboolean
row_visible (Fixture *f, StEventRef ref)
{
  graphene_rect_t r = bounds_of (f, ref);

  return r.origin.y >= ST_RULER_HEIGHT
         && r.origin.y + r.size.height <= gtk_widget_get_height (GTK_WIDGET (f->view));
}

/* The value of the top-level arg @key in the details pane, or NULL. */
static const char *
arg_value (StDetailsPane *details, const char *key, guint *n_children)
{
  GListModel *args = table_rows (details, "args_view");

  for (guint i = 0; i < g_list_model_get_n_items (args); i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (args, i);
      g_autoptr (StArgItem)      arg = gtk_tree_list_row_get_item (row);
      GListModel                *children = st_arg_item_get_children (arg);

      if (gtk_tree_list_row_get_depth (row) > 0 || !g_str_equal (st_arg_item_get_key (arg), key))
        continue;
      if (n_children != NULL)
        *n_children = children ? g_list_model_get_n_items (children) : 0;
      return st_arg_item_get_value (arg);
    }
  return NULL;
}

static GtkButton *
find_button_with_tooltip (GtkWidget *root, const char *tooltip)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkButton *found;

      if (GTK_IS_BUTTON (c) && gtk_widget_get_visible (c)
          && g_strcmp0 (gtk_widget_get_tooltip_text (c), tooltip) == 0)
        return GTK_BUTTON (c);
      if ((found = find_button_with_tooltip (c, tooltip)) != NULL)
        return found;
    }
  return NULL;
}

/* One selected launch shows its args; its outgoing flow is a link that
 * selects the kernel it launched (same correlation id), on the GPU stream, and brings it into view;
 * the kernel's array args expand into their items. */
static void
test_details_flow_link (Fixture *f, gconstpointer data)
{
  StEventRef       launch = find_slice (f, "thread 1000 (python3)", "cudaLaunchKernel");
  StDetailsPane   *details = ST_DETAILS_PANE (st_test_find_by_id (GTK_WIDGET (f->page), "details"));
  GtkButton       *link;
  GArray          *selection;
  StEventRef       kernel;
  gint64           start, end;
  guint            n_children = 0;
  g_autofree char *correlation = NULL;

  st_session_select (f->session, launch, ST_SELECT_REPLACE);
  g_assert_cmpstr (details_page (details), ==, "one");
  g_assert_cmpstr (arg_value (details, "cbid", NULL), ==, "211");
  correlation = g_strdup (arg_value (details, "correlation", NULL));
  g_assert_nonnull (correlation);

  link = find_button_with_tooltip (GTK_WIDGET (details), "Go to where this flow ends");
  g_assert_nonnull (link);
  g_signal_emit_by_name (link, "clicked");
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 1);
  kernel = g_array_index (selection, StEventRef, 0);
  g_assert_cmpstr (
      st_trace_get_string (f->trace, st_trace_get_track (f->trace, kernel.track)->name), ==,
      "stream 7");
  g_assert_cmpstr (st_trace_get_string (f->trace, st_event_get_category (f->trace, kernel)), ==,
                   "kernel");
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <=, st_event_get_start (f->trace, kernel));
  g_assert_cmpint (end, >=, st_event_get_start (f->trace, kernel));
  g_assert_true (row_visible (f, kernel));
  g_assert_cmpstr (arg_value (details, "correlation", NULL), ==, correlation);
  g_assert_nonnull (arg_value (details, "grid", &n_children));
  g_assert_cmpuint (n_children, ==, 3);
}

/* A drag in the Selection tool selects what the box touches: from inside
 * one step to inside the next on the steps' row, those two steps. */
static void
test_box_select (Fixture *f, gconstpointer data)
{
  StEventRef      a = find_slice (f, "thread 1000 (python3)", "ProfilerStep#8");
  StEventRef      b = find_slice (f, "thread 1000 (python3)", "ProfilerStep#9");
  GArray         *selection;
  graphene_rect_t ra, rb;

  st_session_set_range (f->session, st_event_get_start (f->trace, a) - 1000000,
                        st_event_get_start (f->trace, b) + st_event_get_duration (f->trace, b)
                            + 1000000);
  ra = bounds_of (f, a);
  rb = bounds_of (f, b);
  st_session_set_tool (f->session, ST_TOOL_SELECT);
  st_timeline_view_drag (f->view, ra.origin.x + ra.size.width / 2, ra.origin.y + 2,
                         rb.origin.x + rb.size.width / 2, rb.origin.y + rb.size.height - 2, 0);
  selection = st_session_get_selection (f->session);
  g_assert_cmpuint (selection->len, ==, 2);
  g_assert_true (st_session_is_selected (f->session, a));
  g_assert_true (st_session_is_selected (f->session, b));
}

/* m marks the selection's range; Esc clears it. */
static void
test_mark (Fixture *f, gconstpointer data)
{
  StEventRef ref = find_slice (f, "thread 1000 (python3)", "ProfilerStep#12");
  gint64     start, end;

  st_session_select (f->session, ref, ST_SELECT_REPLACE);
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->view), "m"));
  g_assert_true (st_session_get_marked (f->session, &start, &end));
  g_assert_cmpint (start, ==, st_event_get_start (f->trace, ref));
  g_assert_cmpint (end, ==, start + st_event_get_duration (f->trace, ref));
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->view), "Escape"));
  g_assert_false (st_session_get_marked (f->session, &start, &end));
}

static gboolean
find_done (gpointer data)
{
  Fixture *f = data;
  return st_session_get_find_results (f->session) != NULL;
}

/* Find looks through the whole trace, not the visible window: zoomed into
 * the first milliseconds, the last step's events are found, counted, and
 * each in turn is centred and scrolled to (the last is on GPU 1, far below). */
static void
test_find_offscreen (Fixture *f, gconstpointer data)
{
  GArray    *found;
  StEventRef last;
  gint64     start, end, t;

  st_session_set_range (f->session, 0, 5000000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.find", NULL));
  gtk_editable_set_text (GTK_EDITABLE (st_test_find_by_id (GTK_WIDGET (f->page), "search_entry")),
                         "profilerstep#34");
  st_test_wait_until (find_done, f);
  found = st_session_get_find_results (f->session);
  g_assert_cmpuint (found->len, ==, 4); /* two host threads, two GPU streams */
  g_assert_cmpstr (
      gtk_label_get_text (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (f->page), "count_label"))), ==,
      "1 of 4");

  for (guint i = 1; i < found->len; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->page), "page.find-next", NULL));
  g_assert_cmpstr (
      gtk_label_get_text (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (f->page), "count_label"))), ==,
      "4 of 4");
  last = g_array_index (found, StEventRef, found->len - 1);
  g_assert_cmpstr (st_trace_get_string (f->trace, st_event_get_name (f->trace, last)), ==,
                   "ProfilerStep#34");
  t = st_event_get_start (f->trace, last) + st_event_get_duration (f->trace, last) / 2;
  st_session_get_range (f->session, &start, &end);
  g_assert_cmpint (start, <, t);
  g_assert_cmpint (end, >, t);
  g_assert_cmpfloat (gtk_adjustment_get_value (st_timeline_view_get_vadjustment (f->view)), >, 0);
  g_assert_true (row_visible (f, last));
  g_assert_true (st_session_is_selected (f->session, last));

  /* Shift+Enter goes back */
  g_assert_true (st_test_press_shortcut (GTK_WIDGET (f->view), "<Shift>Return"));
  g_assert_cmpstr (
      gtk_label_get_text (GTK_LABEL (st_test_find_by_id (GTK_WIDGET (f->page), "count_label"))), ==,
      "3 of 4");
}

/* Each stream's queue length is a band right under it, once made on its
 * thread: the generated trace launches every kernel of its two GPUs'
 * compute and NCCL streams through ac2g flows, so four bands, each under
 * a GPU's stream, drawn in colour when scrolled into view. */
static void
test_queue_bands (Fixture *f, gconstpointer data)
{
  StTimelineLayout *layout = st_timeline_view_get_layout (f->view);
  GtkAdjustment    *vadj = st_timeline_view_get_vadjustment (f->view);
  const StBand     *first = NULL;
  guint             n = 0, coloured = 0;
  cairo_surface_t  *surface;
  int               top;

  g_assert_true (st_timeline_view_get_queues_ready (f->view));
  for (guint i = 0; i < st_timeline_layout_get_n_bands (layout); i++)
    {
      const StBand    *b = st_timeline_layout_get_band (layout, i);
      const StBand    *above;
      const StTrack   *t;
      const StProcess *p;

      if (b->kind != ST_BAND_QUEUE)
        continue;
      above = st_timeline_layout_get_band (layout, i - 1);
      g_assert_cmpint (above->kind, ==, ST_BAND_TRACK);
      g_assert_cmpuint (above->track, ==, b->track);
      t = st_trace_get_track (f->trace, b->track);
      p = st_trace_get_process (f->trace, t->process);
      g_assert_true (g_str_has_prefix (st_trace_get_string (f->trace, p->labels), "GPU "));
      g_assert_true (g_str_has_prefix (st_trace_get_string (f->trace, t->name), "stream "));
      first = first != NULL ? first : b;
      n++;
    }
  g_assert_cmpuint (n, ==, 4);

  gtk_adjustment_set_value (vadj, MAX (0, first->y - 100));
  top = ST_RULER_HEIGHT + first->y - (int)gtk_adjustment_get_value (vadj);
  surface = st_test_render (GTK_WIDGET (f->view));
  for (int y = top + 4; y < top + ST_LAYOUT_COUNTER_HEIGHT - 2; y++)
    for (int x = LABEL_COLUMN + 2; x < gtk_widget_get_width (GTK_WIDGET (f->view)); x++)
      {
        guint32 px = st_test_pixel (surface, x, y);
        int     r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;

        coloured += MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) > 40;
      }
  cairo_surface_destroy (surface);
  g_assert_cmpuint (coloured, >, 1000);
}

/* With nothing selected the details pane gives its room to the timeline:
 * it is not shown, and the timeline reaches the window's bottom; a
 * selection brings it back at least as tall as it asks (180 px), taken
 * from the timeline, and clearing the selection gives the room back. */
static void
test_details_room (Fixture *f, gconstpointer data)
{
  GtkWidget *details = st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_DETAILS_PANE);
  int        alone, beside;

  st_session_clear_selection (f->session);
  st_test_wait_until (details_hidden, details);
  alone = gtk_widget_get_height (GTK_WIDGET (f->view));

  st_session_select (f->session, find_slice (f, "thread 1001 (python3)", "ProfilerStep#20"),
                     ST_SELECT_REPLACE);
  st_test_wait_until (details_shown, details);
  beside = gtk_widget_get_height (GTK_WIDGET (f->view));
  g_assert_cmpint (alone - beside, >=, gtk_widget_get_height (details));

  st_session_clear_selection (f->session);
  st_test_wait_until (details_hidden, details);
  f->expected_height = alone;
  st_test_wait_until (view_as_tall, f);
}

static void
add (const char *path, void (*test) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, test, fixture_tear_down);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  add ("/display/timeline/zoom-keys", test_zoom_keys);
  add ("/display/timeline/pan-keys", test_pan_keys);
  add ("/display/timeline/tool-keys", test_tool_keys);
  add ("/display/timeline/fit-selection", test_fit_selection);
  add ("/display/timeline/ctrl-click-summary", test_ctrl_click_summary);
  add ("/display/timeline/drag-tools", test_drag_tools);
  add ("/display/timeline/box-select", test_box_select);
  add ("/display/timeline/details-flow-link", test_details_flow_link);
  add ("/display/timeline/mark", test_mark);
  add ("/display/timeline/find-offscreen", test_find_offscreen);
  add ("/display/timeline/queue-bands", test_queue_bands);
  add ("/display/timeline/details-room", test_details_room);
  return g_test_run ();
}
