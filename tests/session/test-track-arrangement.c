/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "st-profile-loader.h"

#include <glib/gstdio.h>

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

/* One rank of a 4-rank profile: a host thread, two compute streams (24
 * written before 7), an NCCL stream and a copy stream; the GPU and its
 * streams unnamed, as Kineto writes them without metadata. */
static char *
rank_json (int rank)
{
  return g_strdup_printf (
      "{\"distributedInfo\": {\"rank\": %d}, \"traceEvents\": ["
      "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":1,"
      "\"ts\":0,\"dur\":100},"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_b\",\"pid\":0,\"tid\":24,"
      "\"ts\":10,\"dur\":30},"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_a\",\"pid\":0,\"tid\":7,"
      "\"ts\":5,\"dur\":40},"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":"
      "\"ncclDevKernel_AllReduce_Sum_f32_RING_LL\",\"pid\":0,\"tid\":13,\"ts\":50,\"dur\":20},"
      "{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy HtoD\",\"pid\":0,"
      "\"tid\":9,\"ts\":0,\"dur\":5}]}",
      rank);
}

/* The 4-rank profile, written at test time, its files in rank order. */
static StTrace *
four_ranks (const char *dir)
{
  g_autoptr (GPtrArray)       files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (StProfileLoader) loader = NULL;
  g_autoptr (GError)          error = NULL;
  StTrace                    *trace;

  for (int r = 0; r < 4; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank%d.json", r);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *json = rank_json (r);

      g_assert_true (g_file_set_contents (path, json, -1, &error));
      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  loader = st_profile_loader_new ((GFile **)files->pdata, files->len);
  trace = st_profile_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < files->len; i++)
    g_file_delete (g_ptr_array_index (files, i), NULL, NULL);
  return trace;
}

/* "rank 1 stream 7": a track's file label and name. */
static char *
rank_and_name (StTrace *trace, guint track)
{
  const StTrack *t = st_trace_get_track (trace, track);
  guint          file = st_trace_get_process (trace, t->process)->file;

  return g_strdup_printf ("%s %s", st_trace_get_file (trace, file)->label, name_of (trace, track));
}

/* By stream on 4 ranks (docs/metrics.md 1.1): the compute streams, each
 * stream of every rank in a row (stream 7 before stream 24 as numbers,
 * though "24" sorts first as text), then the NCCL streams, then the copy
 * streams, then the hosts. The order below is written from that rule by
 * hand; grouped by rank alone the compute streams would alternate 7, 24. */
static void
test_group_by_role_four_ranks (void)
{
  g_autofree char               *dir = g_dir_make_tmp ("arrangement-XXXXXX", NULL);
  g_autoptr (StTrace)            trace = four_ranks (dir);
  g_autoptr (StTrackArrangement) a = st_track_arrangement_new (trace);
  g_autoptr (GArray)             visible = NULL;
  const char                    *streams[] = { "stream 7", "stream 24", "stream 13", "stream 9" };
  const guint                    sections[] = { ST_TRACK_SECTION_COMPUTE, ST_TRACK_SECTION_COMPUTE,
                                                ST_TRACK_SECTION_COMMUNICATION, ST_TRACK_SECTION_DEVICE };
  guint                          n_pinned;

  g_rmdir (dir);
  st_track_arrangement_set_group_by_stream (a, TRUE);
  visible = st_track_arrangement_dup_visible (a, &n_pinned);
  /* five tracks a rank: four streams and the host's thread */
  g_assert_cmpuint (visible->len, ==, 20);
  for (guint i = 0; i < 16; i++)
    {
      guint            track = g_array_index (visible, guint, i);
      g_autofree char *got = rank_and_name (trace, track);
      g_autofree char *expected = g_strdup_printf ("rank %u %s", i % 4, streams[i / 4]);

      g_assert_cmpstr (got, ==, expected);
      g_assert_cmpuint (st_track_arrangement_get_section (a, track), ==, sections[i / 4]);
    }
  for (guint i = 16; i < 20; i++)
    {
      g_autofree char *got = rank_and_name (trace, g_array_index (visible, guint, i));
      g_autofree char *expected = g_strdup_printf ("rank %u Thread 1", i - 16);

      g_assert_cmpstr (got, ==, expected);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/tracks/pin-hide", test_pin_hide);
  g_test_add_func ("/session/tracks/move", test_move);
  g_test_add_func ("/session/tracks/file", test_file);
  g_test_add_func ("/session/tracks/group-by-stream", test_group_by_stream);
  g_test_add_func ("/session/tracks/group-by-role/four-ranks", test_group_by_role_four_ranks);
  g_test_add_func ("/session/tracks/filter", test_filter);
  g_test_add_func ("/session/tracks/file-view", test_file_view);
  return g_test_run ();
}
