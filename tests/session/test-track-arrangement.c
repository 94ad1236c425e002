/* How a person arranges a profile's tracks, without a display: pinned
 * tracks go first, hidden ones are left out and come back with "show
 * all", a track moves only within its section, and the arrangement's file
 * brings it all back, while a file that is not one (or is of a profile
 * with other tracks) changes nothing. On the generated test trace. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"
#include "st-track-arrangement.h"
#include "st-trace-loader.h"

static StTrace *
test_trace (void)
{
  static StTrace *trace;

  if (trace == NULL)
    {
      g_autoptr (GFile)  file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
      g_autoptr (GError) error = NULL;

      trace = st_trace_load_file (file, NULL, &error);
      g_assert_no_error (error);
    }
  return trace;
}

static guint
visible_at (StTrackArrangement *a, guint index, guint *n_pinned, guint *n_visible)
{
  g_autoptr (GArray) visible = st_track_arrangement_dup_visible (a, n_pinned);

  *n_visible = visible->len;
  return g_array_index (visible, guint, index);
}

/* Pinning the last track puts it first; hiding the first leaves it out;
 * show all brings it back. Counted from the trace's own tracks. */
static void
test_pin_hide (void)
{
  StTrace                       *trace = test_trace ();
  guint                          n = st_trace_get_n_tracks (trace), n_pinned, n_visible;
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);

  g_assert_cmpuint (n, >=, 4);
  g_assert_cmpuint (visible_at (a, 0, &n_pinned, &n_visible), ==, 0);
  g_assert_cmpuint (n_pinned, ==, 0);
  g_assert_cmpuint (n_visible, ==, n);

  st_track_arrangement_set_pinned (a, n - 1, TRUE);
  st_track_arrangement_set_hidden (a, 0, TRUE);
  g_assert_cmpuint (visible_at (a, 0, &n_pinned, &n_visible), ==, n - 1);
  g_assert_cmpuint (n_pinned, ==, 1);
  g_assert_cmpuint (n_visible, ==, n - 1);
  g_assert_cmpuint (visible_at (a, 1, &n_pinned, &n_visible), ==, 1);

  st_track_arrangement_show_all (a);
  g_assert_cmpuint (visible_at (a, 1, &n_pinned, &n_visible), ==, 0);
  g_assert_cmpuint (n_visible, ==, n);
}

/* A track moves past its neighbour of the same process, not past the
 * first track of another. */
static void
test_move (void)
{
  StTrace                       *trace = test_trace ();
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);
  guint                          n_pinned, n_visible, first = 0;

  /* the first track whose next one is of the same process */
  while (st_trace_get_track (trace, first)->process
         != st_trace_get_track (trace, first + 1)->process)
    first++;
  g_assert_true (st_track_arrangement_move (a, first + 1, -1));
  g_assert_cmpuint (visible_at (a, first, &n_pinned, &n_visible), ==, first + 1);
  g_assert_cmpuint (visible_at (a, first + 1, &n_pinned, &n_visible), ==, first);
  if (first > 0)
    g_assert_false (st_track_arrangement_move (a, first + 1, -1));
}

/* Written and read back: the same arrangement. Damaged text, another
 * profile's (another number of tracks) or an order that repeats a track:
 * an error, and nothing changes. */
static void
test_file (void)
{
  StTrace                       *trace = test_trace ();
  guint                          n = st_trace_get_n_tracks (trace), n_pinned, n_visible;
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);
  g_autoptr (StTrackArrangement) b = st_track_arrangement_new (trace);
  g_autofree char               *text = NULL;
  g_autofree char               *other = NULL;
  g_autoptr (GError)             error = NULL;
  g_autofree char               *path = st_track_arrangement_dup_path ("/s/strata/regions/K.json");

  g_assert_cmpstr (path, ==, "/s/strata/regions/K.tracks.json");
  st_track_arrangement_set_pinned (a, 2, TRUE);
  st_track_arrangement_set_hidden (a, 1, TRUE);
  text = st_track_arrangement_to_json (a);
  g_assert_true (st_track_arrangement_load_json (b, text, &error));
  g_assert_no_error (error);
  g_assert_true (st_track_arrangement_get_pinned (b, 2));
  g_assert_true (st_track_arrangement_get_hidden (b, 1));
  g_assert_cmpuint (st_track_arrangement_get_n_hidden (b), ==, 1);

  st_track_arrangement_show_all (b);
  g_assert_false (st_track_arrangement_load_json (b, "{\"strata-tracks\": 1", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  other = g_strdup_printf ("{\"strata-tracks\": 1, \"n-tracks\": %u, \"order\": [], "
                           "\"pinned\": [], \"hidden\": [0]}",
                           n + 1);
  g_assert_false (st_track_arrangement_load_json (b, other, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);
  g_free (other);
  other = g_strdup_printf ("{\"strata-tracks\": 1, \"n-tracks\": 2, \"order\": [0, 0], "
                           "\"pinned\": [], \"hidden\": [0]}");
  g_assert_false (st_track_arrangement_load_json (b, other, &error));
  g_clear_error (&error);
  g_assert_cmpuint (st_track_arrangement_get_n_hidden (b), ==, 0);
  g_assert_cmpuint (visible_at (b, 0, &n_pinned, &n_visible), ==, 2);
}

static const char *
name_of (StTrace *trace, guint track)
{
  return st_trace_get_string (trace, st_trace_get_track (trace, track)->name);
}

/* By stream: first every GPU's compute stream, rank by rank, then every
 * NCCL stream, then the rest by process; a pinned track stays first. The
 * generator gives each rank a GPU process with "stream 7" (its kernels) and
 * "stream 13 nccl" (its collectives); the count of each is read from the
 * names. */
static void
test_group_by_stream (void)
{
  StTrace                       *trace = test_trace ();
  guint                          n = st_trace_get_n_tracks (trace), n_pinned, n_compute = 0;
  guint                          n_nccl = 0, last_process = 0;
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);
  g_autoptr (GArray)             visible = NULL;

  for (guint t = 0; t < n; t++)
    {
      n_compute += g_str_equal (name_of (trace, t), "stream 7");
      n_nccl += g_str_equal (name_of (trace, t), "stream 13 nccl");
    }
  g_assert_cmpuint (n_compute, ==, 2);
  g_assert_cmpuint (n_nccl, ==, 2);
  g_assert_true (st_track_arrangement_can_group_by_stream (a));
  st_track_arrangement_set_group_by_stream (a, TRUE);
  visible = st_track_arrangement_dup_visible (a, &n_pinned);
  g_assert_cmpuint (visible->len, ==, n);
  for (guint k = 0; k < n_compute + n_nccl; k++)
    {
      guint track = g_array_index (visible, guint, k);
      guint process = st_trace_get_track (trace, track)->process;

      g_assert_cmpstr (name_of (trace, track), ==, k < n_compute ? "stream 7" : "stream 13 nccl");
      g_assert_cmpuint (st_track_arrangement_get_section (a, track), ==,
                        k < n_compute ? ST_TRACK_SECTION_COMPUTE : ST_TRACK_SECTION_COMMUNICATION);
      /* rank by rank within a section */
      if (k != 0 && k != n_compute)
        g_assert_cmpuint (process, >, last_process);
      last_process = process;
    }
  g_clear_pointer (&visible, g_array_unref);

  st_track_arrangement_set_pinned (a, n - 1, TRUE);
  g_assert_cmpuint (visible_at (a, 0, &n_pinned, &n_compute), ==, n - 1);
  g_assert_cmpstr (name_of (trace, visible_at (a, 1, &n_pinned, &n_compute)), ==, "stream 7");
}

/* The filter keeps the tracks whose name holds it, case aside, and the
 * pinned ones; none again shows all. The generated trace has one
 * "stream 13 nccl" track per rank (two ranks), and no other name holds
 * "nccl". */
static void
test_filter (void)
{
  StTrace                       *trace = test_trace ();
  guint                          n = st_trace_get_n_tracks (trace), n_pinned, n_visible;
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);
  g_autoptr (GArray)             visible = NULL;

  st_track_arrangement_set_filter (a, "NCCL");
  visible = st_track_arrangement_dup_visible (a, &n_pinned);
  g_assert_cmpuint (visible->len, ==, 2);
  for (guint k = 0; k < visible->len; k++)
    g_assert_cmpstr (name_of (trace, g_array_index (visible, guint, k)), ==, "stream 13 nccl");
  st_track_arrangement_set_pinned (a, 0, TRUE);
  g_assert_cmpuint (visible_at (a, 0, &n_pinned, &n_visible), ==, 0);
  g_assert_cmpuint (n_visible, ==, 3);
  st_track_arrangement_set_filter (a, "");
  g_assert_null (st_track_arrangement_get_filter (a));
  visible_at (a, 0, &n_pinned, &n_visible);
  g_assert_cmpuint (n_visible, ==, n);
}

/* The grouping and the filter are written and read back; a file of before
 * them (without "group-by" or "filter") is by rank, unfiltered. */
static void
test_file_view (void)
{
  StTrace                       *trace = test_trace ();
  guint                          n = st_trace_get_n_tracks (trace);
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);
  g_autoptr (StTrackArrangement) b = st_track_arrangement_new (trace);
  g_autoptr (GError)             error = NULL;
  g_autofree char               *text = NULL;
  g_autoptr (GString)            old = g_string_new (NULL);

  st_track_arrangement_set_group_by_stream (a, TRUE);
  st_track_arrangement_set_filter (a, "stream");
  text = st_track_arrangement_to_json (a);
  g_assert_true (st_track_arrangement_load_json (b, text, &error));
  g_assert_no_error (error);
  g_assert_true (st_track_arrangement_get_group_by_stream (b));
  g_assert_cmpstr (st_track_arrangement_get_filter (b), ==, "stream");

  g_string_append_printf (old, "{\"strata-tracks\": 1, \"n-tracks\": %u, \"order\": [", n);
  for (guint t = 0; t < n; t++)
    g_string_append_printf (old, "%s%u", t ? ", " : "", t);
  g_string_append (old, "], \"pinned\": [], \"hidden\": []}");
  g_assert_true (st_track_arrangement_load_json (b, old->str, &error));
  g_assert_no_error (error);
  g_assert_false (st_track_arrangement_get_group_by_stream (b));
  g_assert_null (st_track_arrangement_get_filter (b));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/tracks/pin-hide", test_pin_hide);
  g_test_add_func ("/session/tracks/move", test_move);
  g_test_add_func ("/session/tracks/file", test_file);
  g_test_add_func ("/session/tracks/group-by-stream", test_group_by_stream);
  g_test_add_func ("/session/tracks/filter", test_filter);
  g_test_add_func ("/session/tracks/file-view", test_file_view);
  return g_test_run ();
}
