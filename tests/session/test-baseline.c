/* StBaseline without a display: a second profile's view linked to the
 * current one. Both sessions here show tests/data/session/two-processes.json,
 * which ends at 600 µs (see test-session.c), so every expected range below
 * is the current range shifted by the offset the test chose, or the one the
 * base view was given, checked against st_session_set_range's own margins:
 * a view may reach 5 % of its span past the trace's ends. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-baseline.h"
#include "st-test-util.h"

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
  return g_test_run ();
}
