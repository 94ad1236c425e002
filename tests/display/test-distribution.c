/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One operation's distribution in the window (docs/metrics.md 14), on
 * tests/data/distribution/durations.json, whose durations are worked out
 * by hand in tests/model/test-name-distribution.c: a slice's Distribution
 * button (in the details pane) or Ctrl+I opens the pane on its name; the
 * find bar's Ctrl+I on the name typed; the Operations table's menu on the
 * row's; selecting a bar with the keys selects exactly the slices of the
 * name whose durations lie in the bar, found here by walking the trace,
 * and the details pane lists them, longest first;
 * a selection made elsewhere clears the bar's; grouping by parent splits
 * the bars; Escape closes the pane.
 *
 * Runs under Xvfb. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-display-util.h"
#include "st-distribution-chart.h"
#include "st-distribution-pane.h"
#include "st-event-item.h"
#include "st-timeline-page.h"
#include "st-trace-query.h"
#include "st-window.h"

#include <adwaita.h>

typedef struct
{
  StWindow           *window;
  StTimelinePage     *page;
  StSession          *session;
  StTrace            *trace;
  StDistributionPane *pane;
  GtkWidget          *chart;
} Fixture;

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 300;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", "distribution", "durations.json", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  f->window = g_object_new (ST_TYPE_WINDOW, "default-width", 1280, "default-height", 800, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  st_window_open (f->window, file);
  st_test_wait_until (st_test_window_loaded, f->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-timeline", NULL));
  f->page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (f->window), ST_TYPE_TIMELINE_PAGE));
  f->session = st_timeline_page_get_session (f->page);
  f->trace = st_session_get_trace (f->session);
  f->pane = st_timeline_page_get_distribution (f->page);
  f->chart = st_test_find_child (GTK_WIDGET (f->pane), ST_TYPE_DISTRIBUTION_CHART);
  st_test_wait_until (allocated, st_timeline_page_get_view (f->page));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->pane)));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  st_test_destroy_window (f->window);
}

static gboolean
computed (gpointer data)
{
  Fixture *f = data;

  return !st_distribution_pane_is_busy (f->pane)
         && st_distribution_pane_get_distribution (f->pane) != NULL;
}

static gboolean
wide (gpointer data)
{
  return gtk_widget_get_width (data) > 500;
}

/* The first slice named @name lasting @dur ns. */
static StEventRef
slice_named (Fixture *f, const char *name, gint64 dur)
{
  for (guint t = 0; t < st_trace_get_n_tracks (f->trace); t++)
    {
      const StTrack *track = st_trace_get_track (f->trace, t);
      for (guint i = 0; i < track->n_slices; i++)
        if (g_str_equal (st_trace_get_string (f->trace, track->slices[i].name), name)
            && track->slices[i].dur == dur)
          return (StEventRef){ t, i, ST_EVENT_SLICE };
    }
  g_error ("no %s of %" G_GINT64_FORMAT " ns", name, dur);
}

/* Whether the session's selection is exactly the slices named @name whose
 * durations lie in [lo, hi), found by walking every slice. */
static void
assert_selected_exactly (Fixture *f, const char *name, gint64 lo, gint64 hi, guint count)
{
  GArray *selection = st_session_get_selection (f->session);
  guint   expected = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (f->trace); t++)
    {
      const StTrack *track = st_trace_get_track (f->trace, t);
      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          gboolean in = g_str_equal (st_trace_get_string (f->trace, s->name), name) && s->dur >= lo
                        && s->dur < hi;

          g_assert_cmpint (
              in, ==, st_session_is_selected (f->session, (StEventRef){ t, i, ST_EVENT_SLICE }));
          expected += in;
        }
    }
  g_assert_cmpuint (expected, ==, count);
  g_assert_cmpuint (selection->len, ==, count);
}

/* A slice's Distribution button opens the pane on its name: gemm, ten
 * kernels on two streams. Right selects the first bar, k 60 = [1000,
 * 1123): the two kernels of 1000 ns; Shift+Right adds the next bar that
 * holds any, k 61 = [1123, 1259), the 1200 ns one; End selects the last,
 * the 100 µs kernel alone. */
static void
test_from_slice (Fixture *f, gconstpointer data)
{
  GtkWidget              *button;
  guint                   first, last;
  GtkSelectionModel      *events;
  g_autoptr (StEventItem) longest = NULL;

  st_session_select (f->session, slice_named (f, "gemm", 5000), ST_SELECT_REPLACE);
  button = st_test_find_label (GTK_WIDGET (f->page), "_Distribution");
  g_assert_nonnull (button);
  button = gtk_widget_get_ancestor (button, GTK_TYPE_BUTTON);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->pane)));
  g_assert_cmpstr (st_distribution_pane_get_name (f->pane), ==, "gemm");
  st_test_wait_until (computed, f);
  g_assert_cmpuint (st_distribution_pane_get_distribution (f->pane)->stats.count, ==, 10);
  g_assert_cmpint (st_distribution_pane_get_distribution (f->pane)->stats.p50_ns, ==, 2000);

  gtk_widget_grab_focus (f->chart);
  g_assert_true (st_test_press_shortcut (f->chart, "Right"));
  g_assert_true (
      st_distribution_chart_get_selection (ST_DISTRIBUTION_CHART (f->chart), &first, &last));
  assert_selected_exactly (f, "gemm", 1000, 1123, 2);
  g_assert_true (st_test_press_shortcut (f->chart, "<Shift>Right"));
  assert_selected_exactly (f, "gemm", 1000, 1259, 3);
  /* the details pane lists them, longest first: the 1200 ns kernel */
  events = gtk_column_view_get_model (
      GTK_COLUMN_VIEW (st_test_find_by_id (GTK_WIDGET (f->page), "events_view")));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (
                       GTK_STACK (st_test_find_by_id (GTK_WIDGET (f->page), "many_stack"))),
                   ==, "events");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (events)), ==, 3);
  longest = g_list_model_get_item (G_LIST_MODEL (events), 0);
  g_assert_true (st_event_equal (st_event_item_get_ref (longest), slice_named (f, "gemm", 1200)));
  g_assert_true (st_test_press_shortcut (f->chart, "End"));
  assert_selected_exactly (f, "gemm", 100000, 112202, 1);

  /* a click on the timeline's empty space clears the bars' selection */
  st_session_clear_selection (f->session);
  g_assert_false (
      st_distribution_chart_get_selection (ST_DISTRIBUTION_CHART (f->chart), &first, &last));
  /* Escape in the pane closes it */
  g_assert_true (st_test_press_shortcut (f->chart, "Escape"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->pane)));
}

/* Ctrl+I in the find bar opens the name typed when a slice has that whole
 * name: "op", six slices (the instant named op does not count); by parent
 * they are forward's three, backward's two and one without parent. */
static void
test_from_find (Fixture *f, gconstpointer data)
{
  GtkWidget   *entry = st_test_find_by_id (GTK_WIDGET (f->page), "search_entry");
  GtkDropDown *grouping
      = GTK_DROP_DOWN (st_test_find_by_id (GTK_WIDGET (f->pane), "grouping_dropdown"));
  const StNameDistribution *d;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.find", NULL));
  gtk_editable_set_text (GTK_EDITABLE (entry), "op");
  g_assert_true (gtk_widget_grab_focus (entry));
  g_assert_true (st_test_press_shortcut (entry, "<Control>i"));
  g_assert_cmpstr (st_distribution_pane_get_name (f->pane), ==, "op");
  st_test_wait_until (computed, f);
  d = st_distribution_pane_get_distribution (f->pane);
  g_assert_cmpuint (d->stats.count, ==, 6);
  g_assert_cmpuint (d->n_groups, ==, 0);

  gtk_drop_down_set_selected (grouping, ST_GROUPING_PARENT);
  st_test_wait_until (computed, f);
  d = st_distribution_pane_get_distribution (f->pane);
  g_assert_cmpuint (d->n_groups, ==, 3);
  g_assert_cmpstr (d->groups[0].label, ==, "forward");
  g_assert_cmpuint (d->groups[0].stats.count, ==, 3);
  g_assert_null (d->groups[2].label);
}

/* The Operations table's "Show Distribution" (win.show-distribution with
 * the row's name) goes to the timeline with the pane open; Ctrl+I on the
 * timeline shows the selected event's name. */
static void
test_from_operations (Fixture *f, gconstpointer data)
{
  AdwViewStack *stack = ADW_VIEW_STACK (st_test_find_by_id (GTK_WIDGET (f->window), "view_stack"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-summary", NULL));
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-distribution", "s", "tick"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "timeline");
  st_test_wait_until (computed, f);
  /* opened from another page, the pane still gets its room once the
   * timeline is laid out: 45 % of the 1280 px, more than its minimum */
  st_test_wait_until (wide, f->pane);
  /* 0, 0 and 5 ns: the bin of 0 ns first */
  g_assert_cmpuint (st_distribution_pane_get_distribution (f->pane)->n_bins, ==, 2);

  st_session_select (f->session, slice_named (f, "backward", 10000), ST_SELECT_REPLACE);
  gtk_widget_grab_focus (GTK_WIDGET (st_timeline_page_get_view (f->page)));
  g_assert_true (
      st_test_press_shortcut (GTK_WIDGET (st_timeline_page_get_view (f->page)), "<Control>i"));
  g_assert_cmpstr (st_distribution_pane_get_name (f->pane), ==, "backward");
  st_test_wait_until (computed, f);
  g_assert_cmpuint (st_distribution_pane_get_distribution (f->pane)->stats.count, ==, 1);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/display/distribution/from-slice", Fixture, NULL, fixture_set_up, test_from_slice,
              fixture_tear_down);
  g_test_add ("/display/distribution/from-find", Fixture, NULL, fixture_set_up, test_from_find,
              fixture_tear_down);
  g_test_add ("/display/distribution/from-operations", Fixture, NULL, fixture_set_up,
              test_from_operations, fixture_tear_down);

  return g_test_run ();
}
