/* SPDX-License-Identifier: GPL-3.0-or-later */
/* StBaseline without a display: a second profile's view linked to the
 * current one. The first cases show tests/data/session/two-processes.json
 * in both sessions, which ends at 600 µs (see test-session.c), so every
 * expected range below is the current range shifted by the offset the test
 * chose, or the one the base view was given, checked against
 * st_session_set_range's own margins: a view may reach 5 % of its span past
 * the ends of where it may go.
 *
 * The cases of steps show a pair written from recipes (st-test-diff-pair.h):
 * the base has 4 steps of 1000 µs, [0, 1000), [1000, 2000), [2000, 3000),
 * [3000, 4000), and ends at 4000 µs; the current profile 3 steps of
 * 1300 µs, [0, 1300), [1300, 2600), [2600, 3900), ending at 3900 µs. In
 * each step the GEMM kernel starts 100 µs in and lasts 100 µs in the base,
 * 200 µs in the current profile. Every offset below is the difference of
 * two of those step starts, worked out by hand. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-baseline.h"
#include "st-profile-steps.h"
#include "st-test-diff-pair.h"
#include "st-test-util.h"
#include "st-trace-loader.h"
#include "st-trace-query.h"

#include <glib/gstdio.h>

#define US 1000

typedef struct
{
  StTrace    *trace;
  StSession  *current;
  StBaseline *baseline;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->trace = st_test_load ("session", "two-processes.json", NULL);
  f->current = st_session_new (f->trace);
  f->baseline = st_baseline_new (f->current, f->trace, NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->baseline);
  g_clear_object (&f->current);
  g_clear_object (&f->trace);
}

static void
assert_range (StSession *session, gint64 start, gint64 end)
{
  gint64 s, e;

  st_session_get_range (session, &s, &e);
  g_assert_cmpint (s, ==, start);
  g_assert_cmpint (e, ==, end);
}

/* Zooming the current view moves the base view to the same span; zooming
 * the base view moves the current one back. */
static void
test_linked (Fixture *f, gconstpointer data)
{
  StSession *base = st_baseline_get_session (f->baseline);

  st_session_set_range (f->current, 100 * US, 300 * US);
  assert_range (base, 100 * US, 300 * US);
  st_session_set_range (base, 200 * US, 250 * US);
  assert_range (f->current, 200 * US, 250 * US);
}

/* Aligning base 150 µs with current 250 µs: the base shows 100 µs earlier
 * than the current view on its own axis. */
static void
test_align (Fixture *f, gconstpointer data)
{
  StSession *base = st_baseline_get_session (f->baseline);

  st_session_set_range (f->current, 300 * US, 400 * US);
  st_baseline_align (f->baseline, 150 * US, 250 * US);
  g_assert_cmpint (st_baseline_get_offset (f->baseline), ==, 100 * US);
  assert_range (base, 200 * US, 300 * US);
  st_session_set_range (base, 0, 50 * US);
  assert_range (f->current, 100 * US, 150 * US);
}

/* Unlinked, each view keeps its own range; linking again brings the base
 * back to the current view. */
static void
test_unlinked (Fixture *f, gconstpointer data)
{
  StSession *base = st_baseline_get_session (f->baseline);

  st_baseline_set_linked (f->baseline, FALSE);
  st_session_set_range (f->current, 100 * US, 200 * US);
  st_session_set_range (base, 400 * US, 500 * US);
  assert_range (f->current, 100 * US, 200 * US);
  st_baseline_set_linked (f->baseline, TRUE);
  assert_range (base, 100 * US, 200 * US);
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *notified)
{
  (*notified)++;
}

/* The window's session holds the baseline and tells whoever follows it;
 * closing the comparison lets the baseline go. */
static void
test_session_property (Fixture *f, gconstpointer data)
{
  StBaseline *baseline = f->baseline;
  guint       notified = 0;

  g_signal_connect (f->current, "notify::baseline", G_CALLBACK (count_notify), &notified);
  st_session_set_baseline (f->current, baseline);
  st_session_set_baseline (f->current, baseline);
  g_assert_true (st_session_get_baseline (f->current) == baseline);
  g_assert_cmpuint (notified, ==, 1);

  g_object_add_weak_pointer (G_OBJECT (baseline), (gpointer *)&baseline);
  g_clear_object (&f->baseline);
  g_assert_nonnull (baseline);
  st_session_set_baseline (f->current, NULL);
  g_assert_null (baseline);
  g_assert_cmpuint (notified, ==, 2);
}

/* The current view's session may go first (the window closing): the base
 * view then follows nothing and nothing is left connected to it. */
static void
test_current_gone (Fixture *f, gconstpointer data)
{
  StSession *base = st_baseline_get_session (f->baseline);

  g_clear_object (&f->current);
  st_session_set_range (base, 100 * US, 200 * US);
  assert_range (base, 100 * US, 200 * US);
}

/* Moving either view moves the other once and is not copied back: each
 * session says its range changed exactly once per move. */
static void
test_no_feedback (Fixture *f, gconstpointer data)
{
  StSession *base = st_baseline_get_session (f->baseline);
  guint      current_moves = 0, base_moves = 0;

  st_baseline_set_offset (f->baseline, 50 * US);
  g_signal_connect (f->current, "notify::end", G_CALLBACK (count_notify), &current_moves);
  g_signal_connect (base, "notify::end", G_CALLBACK (count_notify), &base_moves);
  st_session_set_range (f->current, 100 * US, 300 * US);
  g_assert_cmpuint (current_moves, ==, 1);
  g_assert_cmpuint (base_moves, ==, 1);
  assert_range (base, 50 * US, 250 * US);
  st_session_zoom (base, 0.5, 100 * US);
  g_assert_cmpuint (current_moves, ==, 2);
  g_assert_cmpuint (base_moves, ==, 2);
  /* half of 200 µs around 100 µs, which stays where it is */
  assert_range (base, 75 * US, 175 * US);
  assert_range (f->current, 125 * US, 225 * US);
  st_session_pan (f->current, 10 * US);
  g_assert_cmpuint (current_moves, ==, 3);
  g_assert_cmpuint (base_moves, ==, 3);
  assert_range (base, 85 * US, 185 * US);
}

/* The tool and the flows are the page's: either view's change is the
 * other's. */
static void
test_tool_shared (Fixture *f, gconstpointer data)
{
  StSession *base = st_baseline_get_session (f->baseline);

  st_session_set_tool (f->current, ST_TOOL_PAN);
  g_assert_cmpint (st_session_get_tool (base), ==, ST_TOOL_PAN);
  st_session_set_tool (base, ST_TOOL_TIMING);
  g_assert_cmpint (st_session_get_tool (f->current), ==, ST_TOOL_TIMING);
  st_session_set_show_flows (f->current, TRUE);
  g_assert_true (st_session_get_show_flows (base));
}

typedef struct
{
  StTrace    *traces[2]; /* base, current */
  StSession  *current;
  StBaseline *baseline;
} Pair;

static StTrace *
load_recipe (const StTestDiffRecipe *recipe)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-baseline-XXXXXX", &error);
  g_autofree char   *path = g_build_filename (dir, "trace.json", NULL);
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  StTrace           *trace;

  st_test_diff_write (recipe, path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
  return trace;
}

static GArray *
steps_of (StTrace *trace)
{
  GArray *steps = st_profile_steps_find (trace, 0, 0, NULL);

  g_assert_nonnull (steps);
  return steps;
}

static void
pair_set_up (Pair *p, gconstpointer data)
{
  static const StTestDiffRecipe base
      = { TRUE, 4, 1000, 100, 100, 1024, "k<float>", "k_0x1", FALSE };
  static const StTestDiffRecipe current
      = { TRUE, 3, 1300, 200, 100, 1024, "k<float>", "k_0x1", FALSE };

  p->traces[0] = load_recipe (&base);
  p->traces[1] = load_recipe (&current);
  p->current = st_session_new (p->traces[1]);
  p->baseline = st_baseline_new (p->current, p->traces[0], NULL);
}

static void
pair_tear_down (Pair *p, gconstpointer data)
{
  g_clear_object (&p->baseline);
  g_clear_object (&p->current);
  g_clear_object (&p->traces[0]);
  g_clear_object (&p->traces[1]);
}

static void
give_steps (Pair *p)
{
  g_autoptr (GArray) base = steps_of (p->traces[0]);
  g_autoptr (GArray) current = steps_of (p->traces[1]);

  st_baseline_set_steps (p->baseline, base, current);
}

/* The first steps line up once the steps are known; step 3 (from 0: 2)
 * lines up 2000 µs of the base with 2600 µs of the current profile; the
 * steps that can line up are the 3 of the profile with fewer. */
static void
test_align_step (Pair *p, gconstpointer data)
{
  StSession *base = st_baseline_get_session (p->baseline);

  g_assert_cmpint (st_baseline_get_step (p->baseline), ==, -1);
  give_steps (p);
  g_assert_cmpuint (st_baseline_get_n_steps (p->baseline), ==, 3);
  g_assert_cmpint (st_baseline_get_step (p->baseline), ==, 0);
  g_assert_cmpint (st_baseline_get_offset (p->baseline), ==, 0);

  st_baseline_align_step (p->baseline, 2);
  g_assert_cmpint (st_baseline_get_step (p->baseline), ==, 2);
  g_assert_cmpint (st_baseline_get_offset (p->baseline), ==, 600 * US);
  st_session_set_range (p->current, 2600 * US, 2900 * US);
  assert_range (base, 2000 * US, 2300 * US);
  st_baseline_align_step (p->baseline, 1);
  g_assert_cmpint (st_baseline_get_offset (p->baseline), ==, 300 * US);
  assert_range (base, 2300 * US, 2600 * US);
  /* a time of the current profile's step 2, [1300, 2600) µs, is in it */
  g_assert_cmpint (st_baseline_step_at (p->baseline, 1300 * US), ==, 1);
  g_assert_cmpint (st_baseline_step_at (p->baseline, 2599 * US), ==, 1);
  g_assert_cmpint (st_baseline_step_at (p->baseline, 3900 * US), ==, -1);
}

/* Steps found after an offset was chosen leave it. */
static void
test_steps_leave_chosen (Pair *p, gconstpointer data)
{
  st_baseline_align (p->baseline, 0, 5 * US);
  give_steps (p);
  g_assert_cmpint (st_baseline_get_offset (p->baseline), ==, 5 * US);
  g_assert_cmpint (st_baseline_get_step (p->baseline), ==, -1);
}

/* Showing step 2: its starts line up (offset 1300 − 1000 = 300 µs) and
 * the view holds both steps, the current one's [1300, 2600) and the
 * base's [1000, 2000) shifted to [1300, 2300): [1300, 2600] with 5 % of
 * 1300 = 65 µs either side. */
static void
test_show_step (Pair *p, gconstpointer data)
{
  give_steps (p);
  st_baseline_show_step (p->baseline, 1);
  g_assert_cmpint (st_baseline_get_offset (p->baseline), ==, 300 * US);
  assert_range (p->current, 1235 * US, 2665 * US);
  assert_range (st_baseline_get_session (p->baseline), 935 * US, 2365 * US);
}

/* Either view goes as far past the other's profile as it does past its
 * own: the current view at [-100, 500] µs keeps 5 % of its span, 30 µs,
 * before its start, and the base view, 600 µs earlier on its own axis, is
 * the same span shifted, [-630, -30] µs, though that lies before the
 * base's start. The base view past its end likewise; the baseline closed,
 * the current view is back within its own profile. */
static void
test_views_reach (Pair *p, gconstpointer data)
{
  StSession *base = st_baseline_get_session (p->baseline);

  give_steps (p);
  st_baseline_align_step (p->baseline, 2);
  st_session_set_range (p->current, -100 * US, 500 * US);
  assert_range (p->current, -30 * US, 570 * US);
  assert_range (base, -630 * US, -30 * US);
  /* the base ends at 4000 µs: a view of 600 µs starts at most at
   * 4000 + 30 − 600 = 3430 µs */
  st_session_set_range (base, 3800 * US, 4400 * US);
  assert_range (base, 3430 * US, 4030 * US);
  assert_range (p->current, 4030 * US, 4630 * US);

  /* without its baseline, the current view keeps to its own profile,
   * which ends at 3900 µs: 600 µs start at most at 3900 + 30 − 600 */
  g_clear_object (&p->baseline);
  assert_range (p->current, 3330 * US, 3930 * US);
}

static void
count_reveal (StSession *session, guint track, guint index, guint kind, StEventRef *revealed)
{
  *revealed = (StEventRef){ track, index, kind };
}

/* The GEMM kernel that starts at @start, on whichever track it is. */
static StEventRef
gemm_at (StTrace *trace, gint64 start)
{
  for (guint t = 0; t < st_trace_get_n_tracks (trace); t++)
    {
      const StSlice *slice = st_test_find_slice_at (trace, t, "sm90_gemm_kernel", start);

      if (slice != NULL)
        return st_event_ref_for_slice (
            (StSliceRef){ t, (guint)(slice - st_trace_get_track (trace, t)->slices) });
    }
  g_assert_not_reached ();
}

/* An operation's first instance on each side: the current one in step 3
 * at [2700, 2900) µs, the base's in its step 3 at [2100, 2200) µs. The
 * timelines line up at step 3 (offset 2600 − 2000 = 600 µs), where the
 * base's instance is [2700, 2800) µs on the current axis, and show both,
 * [2700, 2900] with 5 % of 200 = 10 µs either side; each session's view
 * is asked to scroll to its instance's row. */
static void
test_reveal (Pair *p, gconstpointer data)
{
  StSession *base = st_baseline_get_session (p->baseline);
  StEventRef base_event = gemm_at (p->traces[0], 2100 * US);
  StEventRef current_event = gemm_at (p->traces[1], 2700 * US);
  StEventRef revealed[2] = { { 0 } };

  give_steps (p);
  g_signal_connect (base, "reveal", G_CALLBACK (count_reveal), &revealed[0]);
  g_signal_connect (p->current, "reveal", G_CALLBACK (count_reveal), &revealed[1]);
  st_baseline_reveal (p->baseline, &base_event, &current_event);
  g_assert_cmpint (st_baseline_get_step (p->baseline), ==, 2);
  g_assert_cmpint (st_baseline_get_offset (p->baseline), ==, 600 * US);
  assert_range (p->current, 2690 * US, 2910 * US);
  assert_range (base, 2090 * US, 2310 * US);
  g_assert_true (st_event_equal (revealed[0], base_event));
  g_assert_true (st_event_equal (revealed[1], current_event));

  /* unlinked, each view shows its own: [2100, 2200] ± 5 µs */
  st_baseline_set_linked (p->baseline, FALSE);
  st_baseline_reveal (p->baseline, &base_event, NULL);
  assert_range (base, 2095 * US, 2205 * US);
  assert_range (p->current, 2690 * US, 2910 * US);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/baseline/linked", Fixture, NULL, fixture_set_up, test_linked, fixture_tear_down);
  g_test_add ("/baseline/align", Fixture, NULL, fixture_set_up, test_align, fixture_tear_down);
  g_test_add ("/baseline/unlinked", Fixture, NULL, fixture_set_up, test_unlinked,
              fixture_tear_down);
  g_test_add ("/baseline/session-property", Fixture, NULL, fixture_set_up, test_session_property,
              fixture_tear_down);
  g_test_add ("/baseline/current-gone", Fixture, NULL, fixture_set_up, test_current_gone,
              fixture_tear_down);
  g_test_add ("/baseline/no-feedback", Fixture, NULL, fixture_set_up, test_no_feedback,
              fixture_tear_down);
  g_test_add ("/baseline/tool-shared", Fixture, NULL, fixture_set_up, test_tool_shared,
              fixture_tear_down);
  g_test_add ("/baseline/align-step", Pair, NULL, pair_set_up, test_align_step, pair_tear_down);
  g_test_add ("/baseline/steps-leave-chosen", Pair, NULL, pair_set_up, test_steps_leave_chosen,
              pair_tear_down);
  g_test_add ("/baseline/show-step", Pair, NULL, pair_set_up, test_show_step, pair_tear_down);
  g_test_add ("/baseline/views-reach", Pair, NULL, pair_set_up, test_views_reach, pair_tear_down);
  g_test_add ("/baseline/reveal", Pair, NULL, pair_set_up, test_reveal, pair_tear_down);
  return g_test_run ();
}
