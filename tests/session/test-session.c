/* SPDX-License-Identifier: GPL-3.0-or-later */
/* StSession without a display: the view state every page of a window
 * shares. The trace (tests/data/session/two-processes.json) has, in µs from
 * its first event: on host thread 1, A [0, 100), B [200, 300), A [500, 600);
 * on gpu stream 7, the kernel K [150, 160) and an instant A at 250. So the
 * trace ends at 600 µs, and "A" names two slices and one instant. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-session.h"
#include "st-test-util.h"
#include "st-trace-query.h"

#define US       1000
#define TRACE_NS (600 * US)

typedef struct
{
  StTrace   *trace;
  StSession *session;
  guint      host;
  guint      gpu;
  guint      notified;
  guint      emitted;
  StEventRef revealed;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->trace = st_test_load ("session", "two-processes.json", NULL);
  f->session = st_session_new (f->trace);
  f->host = st_test_track (f->trace, "host", "Thread 1");
  f->gpu = st_test_track (f->trace, "gpu", "stream 7");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->session);
  g_clear_object (&f->trace);
}

static void
count (gpointer instance, gpointer data)
{
  ((Fixture *)data)->emitted++;
}

static void
count_notify (GObject *object, GParamSpec *pspec, Fixture *f)
{
  f->notified++;
}

static StEventRef
slice (Fixture *f, guint track, const char *name, gint64 start)
{
  const StTrack *t = st_trace_get_track (f->trace, track);
  const StSlice *s = st_test_find_slice_at (f->trace, track, name, start);

  g_assert_nonnull (s);
  return (StEventRef){ track, (guint)(s - t->slices), ST_EVENT_SLICE };
}

static void
assert_range (StSession *session, gint64 start, gint64 end)
{
  gint64 s, e;

  st_session_get_range (session, &s, &e);
  g_assert_cmpint (s, ==, start);
  g_assert_cmpint (e, ==, end);
}

/* Fit all shows the trace with a hundredth of it either side. */
static void
test_fit_all (Fixture *f, gconstpointer data)
{
  st_session_fit_all (f->session);
  assert_range (f->session, -TRACE_NS / 100, TRACE_NS + TRACE_NS / 100);
}

/* A range is never narrower than the minimum span, never wider than the
 * trace and a tenth, and never further past an end than a twentieth of
 * the span. */
static void
test_range_limits (Fixture *f, gconstpointer data)
{
  gint64 min = st_session_get_min_span (f->session);
  gint64 widest = TRACE_NS * 11 / 10;

  st_session_set_range (f->session, 1000, 1001);
  assert_range (f->session, 1000, 1000 + min);
  /* as wide as allowed and pushed to the left: a twentieth of it before 0 */
  st_session_set_range (f->session, -1000000000, 1000000000);
  assert_range (f->session, -widest / 20, -widest / 20 + widest);
  /* past the end: the range stops a twentieth of its span after the end */
  st_session_set_range (f->session, 10 * TRACE_NS, 10 * TRACE_NS + 100 * US);
  assert_range (f->session, TRACE_NS + 5 * US - 100 * US, TRACE_NS + 5 * US);
}

/* Zooming keeps the anchor at the same place in the view; panning moves the
 * range and keeps its span. */
static void
test_zoom_and_pan (Fixture *f, gconstpointer data)
{
  st_session_set_range (f->session, 0, 100 * US);
  /* the anchor at a fifth of the view stays at a fifth of the new one */
  st_session_zoom (f->session, 0.5, 20 * US);
  assert_range (f->session, 10 * US, 60 * US);
  st_session_zoom (f->session, 2.0, 20 * US);
  assert_range (f->session, 0, 100 * US);
  st_session_pan (f->session, 50 * US);
  assert_range (f->session, 50 * US, 150 * US);
}

/* notify::start and ::end come once each per change, and not at all when
 * nothing changes. */
static void
test_range_notifies (Fixture *f, gconstpointer data)
{
  g_signal_connect (f->session, "notify::start", G_CALLBACK (count_notify), f);
  st_session_set_range (f->session, 0, 100 * US);
  g_assert_cmpuint (f->notified, ==, 1);
  st_session_set_range (f->session, 0, 100 * US);
  g_assert_cmpuint (f->notified, ==, 1);
}

/* Replace, toggle and add; selection-changed once per call; the span runs
 * from the earliest start to the latest end. */
static void
test_selection (Fixture *f, gconstpointer data)
{
  StEventRef a = slice (f, f->host, "A", 0), b = slice (f, f->host, "B", 200 * US);
  StEventRef k = slice (f, f->gpu, "K", 150 * US);
  gint64     start, end;

  g_signal_connect (f->session, "selection-changed", G_CALLBACK (count), f);
  g_assert_false (st_session_get_selection_span (f->session, &start, &end));
  st_session_select (f->session, a, ST_SELECT_REPLACE);
  st_session_select (f->session, b, ST_SELECT_ADD);
  st_session_select (f->session, b, ST_SELECT_ADD);
  g_assert_cmpuint (st_session_get_selection (f->session)->len, ==, 2);
  st_session_select (f->session, k, ST_SELECT_TOGGLE);
  st_session_select (f->session, a, ST_SELECT_TOGGLE);
  g_assert_false (st_session_is_selected (f->session, a));
  g_assert_true (st_session_is_selected (f->session, b));
  g_assert_true (st_session_is_selected (f->session, k));
  g_assert_true (st_session_get_selection_span (f->session, &start, &end));
  g_assert_cmpint (start, ==, 150 * US);
  g_assert_cmpint (end, ==, 300 * US);
  g_assert_cmpuint (f->emitted, ==, 5);
  st_session_clear_selection (f->session);
  st_session_clear_selection (f->session);
  g_assert_cmpuint (f->emitted, ==, 6);
}

/* Every event of a name: both slices and the instant named "A". */
static void
test_select_same_name (Fixture *f, gconstpointer data)
{
  gint64 start, end;

  st_session_select_same_name (f->session, slice (f, f->host, "A", 500 * US));
  g_assert_cmpuint (st_session_get_selection (f->session)->len, ==, 3);
  g_assert_true (st_session_get_selection_span (f->session, &start, &end));
  g_assert_cmpint (start, ==, 0);
  g_assert_cmpint (end, ==, 600 * US);
}

/* M marks the selection's range, else the timing measurement. */
static void
test_marks (Fixture *f, gconstpointer data)
{
  gint64 start, end;

  g_signal_connect (f->session, "marks-changed", G_CALLBACK (count), f);
  g_assert_false (st_session_mark_selection (f->session));
  st_session_set_timing (f->session, 420 * US, 380 * US);
  g_assert_true (st_session_get_timing (f->session, &start, &end));
  g_assert_cmpint (start, ==, 380 * US);
  g_assert_cmpint (end, ==, 420 * US);
  g_assert_true (st_session_mark_selection (f->session));
  g_assert_true (st_session_get_marked (f->session, &start, &end));
  g_assert_cmpint (start, ==, 380 * US);
  st_session_select (f->session, slice (f, f->host, "B", 200 * US), ST_SELECT_REPLACE);
  g_assert_true (st_session_mark_selection (f->session));
  g_assert_true (st_session_get_marked (f->session, &start, &end));
  g_assert_cmpint (start, ==, 200 * US);
  g_assert_cmpint (end, ==, 300 * US);
  st_session_clear_marked (f->session);
  st_session_clear_marked (f->session);
  g_assert_false (st_session_get_marked (f->session, &start, &end));
  g_assert_cmpuint (f->emitted, ==, 4);
}

static void
on_reveal (StSession *session, guint track, guint index, guint kind, Fixture *f)
{
  f->revealed = (StEventRef){ track, index, kind };
  f->emitted++;
}

/* Find results: the first is current and selected; stepping wraps both
 * ways; each step reveals its result, opening a collapsed section. */
static void
test_find_steps (Fixture *f, gconstpointer data)
{
  g_autoptr (GArray) results = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  StEventRef         first = slice (f, f->host, "A", 0), last = slice (f, f->gpu, "K", 150 * US);
  guint              gpu_process = st_trace_get_track (f->trace, f->gpu)->process;

  g_array_append_val (results, first);
  g_array_append_val (results, last);
  st_session_toggle_section (f->session, gpu_process);
  g_assert_true (g_hash_table_contains (st_session_get_collapsed (f->session),
                                        GUINT_TO_POINTER (gpu_process + 1)));
  g_signal_connect (f->session, "reveal", G_CALLBACK (on_reveal), f);
  st_session_set_find_results (f->session, results);
  g_assert_cmpint (st_session_get_find_current (f->session), ==, 0);
  g_assert_true (st_session_is_selected (f->session, first));
  g_assert_true (st_session_find_step (f->session, -1));
  g_assert_cmpint (st_session_get_find_current (f->session), ==, 1);
  g_assert_true (st_event_equal (f->revealed, last));
  g_assert_false (g_hash_table_contains (st_session_get_collapsed (f->session),
                                         GUINT_TO_POINTER (gpu_process + 1)));
  g_assert_true (st_session_find_step (f->session, 1));
  g_assert_cmpint (st_session_get_find_current (f->session), ==, 0);
  g_assert_cmpuint (f->emitted, ==, 3);
  st_session_set_find_results (f->session, NULL);
  g_assert_false (st_session_find_step (f->session, 1));
}

/* Revealing an event narrower than most of the view centres it and keeps
 * the span; a wider one zooms out to a quarter more than the event. */
static void
test_reveal_centres (Fixture *f, gconstpointer data)
{
  st_session_set_range (f->session, 0, 200 * US);
  st_session_reveal (f->session, slice (f, f->host, "B", 200 * US));
  assert_range (f->session, 150 * US, 350 * US);
  st_session_reveal (f->session, slice (f, f->gpu, "K", 150 * US));
  assert_range (f->session, 55 * US, 255 * US);
  st_session_set_range (f->session, 0, 100 * US);
  st_session_reveal (f->session, slice (f, f->host, "B", 200 * US));
  assert_range (f->session, 250 * US - 125 * US / 2, 250 * US + 125 * US / 2);
}

/* Transfer full: the region added, which is the set's item while held. */
static StRegion *
add_region (Fixture *f, const char *name, gint64 start, gint64 end)
{
  StRegionSet         *set = st_session_get_regions (f->session);
  g_autoptr (StRegion) region = st_region_new (name, start, end, ST_REGION_MANUAL);
  guint                position = st_region_set_add (set, region);

  return g_list_model_get_item (G_LIST_MODEL (set), position);
}

/* A region that leaves the set is no longer selected. */
static void
test_selected_region (Fixture *f, gconstpointer data)
{
  StRegionSet         *set = st_session_get_regions (f->session);
  g_autoptr (StRegion) r = add_region (f, "one", 0, 100 * US);

  g_signal_connect (f->session, "notify::selected-region", G_CALLBACK (count_notify), f);
  st_session_set_selected_region (f->session, r);
  g_assert_true (st_session_get_selected_region (f->session) == r);
  st_region_set_remove (set, st_region_set_find (set, r));
  g_assert_null (st_session_get_selected_region (f->session));
  g_assert_cmpuint (f->notified, ==, 2);
}

/* Up to three picks, oldest first; a fourth drops the oldest; picking again
 * drops it; a deleted region is dropped from the picks. */
static void
test_compare_picks (Fixture *f, gconstpointer data)
{
  StRegionSet *set = st_session_get_regions (f->session);
  StRegion    *r[4];
  GPtrArray   *picks = st_session_get_compare_regions (f->session);

  for (guint i = 0; i < 4; i++)
    r[i] = add_region (f, "r", i * 100 * US, (i + 1) * 100 * US);
  g_signal_connect (f->session, "compare-changed", G_CALLBACK (count), f);
  for (guint i = 0; i < 4; i++)
    st_session_toggle_compare (f->session, r[i]);
  g_assert_cmpuint (picks->len, ==, ST_SESSION_MAX_COMPARE);
  g_assert_cmpint (st_session_get_compare_index (f->session, r[0]), ==, -1);
  g_assert_cmpint (st_session_get_compare_index (f->session, r[1]), ==, 0);
  g_assert_cmpint (st_session_get_compare_index (f->session, r[3]), ==, 2);
  st_session_toggle_compare (f->session, r[2]);
  g_assert_cmpint (st_session_get_compare_index (f->session, r[3]), ==, 1);
  st_region_set_remove (set, st_region_set_find (set, r[1]));
  g_assert_cmpuint (picks->len, ==, 1);
  g_assert_true (g_ptr_array_index (picks, 0) == r[3]);
  g_assert_cmpuint (f->emitted, ==, 6);
  for (guint i = 0; i < 4; i++)
    g_object_unref (r[i]);
}

/* A box keeps its time range while its selection lasts: a second box
 * added with Ctrl reaches from the first's start to its own end, a box
 * added to clicked events from their start; any other selection forgets
 * it. */
static void
test_selection_box (Fixture *f, gconstpointer data)
{
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  StEventRef         b = slice (f, f->host, "B", 200 * US);
  gint64             start, end;

  g_array_append_val (refs, b);
  g_assert_false (st_session_get_selection_box (f->session, &start, &end));
  st_session_select_box (f->session, refs, NULL, 250 * US, 280 * US, ST_SELECT_REPLACE);
  g_assert_true (st_session_get_selection_box (f->session, &start, &end));
  g_assert_cmpint (start, ==, 250 * US);
  g_assert_cmpint (end, ==, 280 * US);
  st_session_select_box (f->session, refs, NULL, 520 * US, 530 * US, ST_SELECT_ADD);
  g_assert_true (st_session_get_selection_box (f->session, &start, &end));
  g_assert_cmpint (start, ==, 250 * US);
  g_assert_cmpint (end, ==, 530 * US);
  st_session_select (f->session, slice (f, f->host, "A", 0), ST_SELECT_REPLACE);
  g_assert_false (st_session_get_selection_box (f->session, &start, &end));
  /* A [0, 100) clicked, then a box over [250, 280) added */
  st_session_select_box (f->session, refs, NULL, 250 * US, 280 * US, ST_SELECT_ADD);
  g_assert_true (st_session_get_selection_box (f->session, &start, &end));
  g_assert_cmpint (start, ==, 0);
  g_assert_cmpint (end, ==, 280 * US);
  st_session_clear_selection (f->session);
  g_assert_false (st_session_get_selection_box (f->session, &start, &end));
}

/* Zooming to a region shows it whole with a twentieth either side. */
static void
test_zoom_to_region (Fixture *f, gconstpointer data)
{
  StRegion *r = add_region (f, "r", 200 * US, 400 * US);

  st_session_zoom_to_region (f->session, r);
  assert_range (f->session, 190 * US, 410 * US);
}

#define ADD(path, func) \
  g_test_add ("/session/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  ADD ("range/fit-all", test_fit_all);
  ADD ("range/limits", test_range_limits);
  ADD ("range/zoom-and-pan", test_zoom_and_pan);
  ADD ("range/notifies", test_range_notifies);
  ADD ("selection/modes", test_selection);
  ADD ("selection/same-name", test_select_same_name);
  ADD ("selection/box", test_selection_box);
  ADD ("marks", test_marks);
  ADD ("find/steps", test_find_steps);
  ADD ("find/reveal-centres", test_reveal_centres);
  ADD ("regions/selected", test_selected_region);
  ADD ("regions/compare", test_compare_picks);
  ADD ("regions/zoom-to", test_zoom_to_region);
  return g_test_run ();
}
