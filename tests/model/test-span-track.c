/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The spans of a query's result laid out as a track (model/spans): rows
 * where none overlaps, a cap on the rows, the item of each span, the span
 * under a point, and the level of detail of a row of many spans. The
 * spans are written here; where each goes is worked out by hand in each
 * case. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-row-lod.h"
#include "st-span-track.h"

/* [0, 10) "a" (item 0), [5, 15) "b" (1), [10, 20) "a" (2), [12, 13) "c"
 * (3), given out of order. By start: [0, 10) takes row 0; [5, 15)
 * overlaps it, row 1; [10, 20) starts where row 0's ends, row 0; [12, 13)
 * overlaps rows 0 ([10, 20)) and 1 ([5, 15)), row 2. */
static void
test_rows (void)
{
  const StSpanInput in[] = {
    { 10, 10, "a", 2 },
    { 0, 10, "a", 0 },
    { 12, 1, "c", 3 },
    { 5, 10, "b", 1 },
  };
  g_autoptr (StSpanTrack) t = st_span_track_new (in, G_N_ELEMENTS (in));
  const StSlice          *s = st_span_track_get_slices (t);
  const guint            *rows = st_span_track_get_row_offsets (t);
  guint                   index;

  g_assert_cmpuint (st_span_track_get_n_spans (t), ==, 4);
  g_assert_cmpuint (st_span_track_get_n_rows (t), ==, 3);
  g_assert_cmpuint (rows[0], ==, 0);
  g_assert_cmpuint (rows[1], ==, 2);
  g_assert_cmpuint (rows[2], ==, 3);
  g_assert_cmpuint (rows[3], ==, 4);
  g_assert_cmpint (s[0].start, ==, 0);
  g_assert_cmpint (s[1].start, ==, 10);
  g_assert_cmpint (s[2].start, ==, 5);
  g_assert_cmpint (s[3].start, ==, 12);
  g_assert_cmpstr (st_span_track_get_name (t, s[1].name), ==, "a");
  g_assert_cmpstr (st_span_track_get_name (t, s[2].name), ==, "b");
  g_assert_cmpstr (st_span_track_get_name (t, s[3].name), ==, "c");
  g_assert_cmpuint (st_span_track_get_item (t, 1), ==, 2);
  g_assert_true (st_span_track_find_item (t, 3, &index));
  g_assert_cmpuint (index, ==, 3);
  g_assert_false (st_span_track_find_item (t, 4, &index));

  /* 11 ns on row 0 is in [10, 20); 21 ns is 2 ns past its end */
  g_assert_true (st_span_track_slice_at (t, 0, 11, 0, &index));
  g_assert_cmpuint (st_span_track_get_item (t, index), ==, 2);
  g_assert_false (st_span_track_slice_at (t, 0, 21, 1, &index));
  g_assert_true (st_span_track_slice_at (t, 0, 21, 2, &index));
  g_assert_false (st_span_track_slice_at (t, 2, 5, 0, &index));
  g_assert_false (st_span_track_slice_at (t, 3, 12, 0, &index));
}

/* Ten spans over the same [0, 100): the first eight take a row each, the
 * last two join the eighth, so the track is never taller than 8 rows. */
static void
test_row_cap (void)
{
  StSpanInput             in[10];
  g_autoptr (StSpanTrack) t = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (in); i++)
    in[i] = (StSpanInput){ 0, 100, NULL, i };
  t = st_span_track_new (in, G_N_ELEMENTS (in));
  g_assert_cmpuint (st_span_track_get_n_rows (t), ==, ST_SPAN_TRACK_MAX_ROWS);
  g_assert_cmpuint (st_span_track_get_row_offsets (t)[ST_SPAN_TRACK_MAX_ROWS - 1], ==, 7);
  g_assert_cmpuint (st_span_track_get_row_offsets (t)[ST_SPAN_TRACK_MAX_ROWS], ==, 10);
  /* a span without a name has the empty one */
  g_assert_cmpstr (st_span_track_get_name (t, st_span_track_get_slices (t)[0].name), ==, "");
}

/* 100 000 spans of 10 ns every 20 ns, on one row 2 000 000 ns long: at
 * 1 000 ns a pixel (2 000 pixels, 50 spans each) a frame walks a level of
 * detail that covers the same [0, 1 999 990). Its gap is over a quarter
 * pixel (the next level's would be over a pixel), and two neighbouring runs
 * span at least a gap (st-row-lod.h), so it holds at most 8 runs a pixel:
 * 16 000, not 100 000. */
static void
test_level_of_detail (void)
{
  const guint             n = 100000;
  g_autofree StSpanInput *in = g_new (StSpanInput, n);
  g_autoptr (StSpanTrack) t = NULL;
  const StLodLevel       *level;

  for (guint i = 0; i < n; i++)
    in[i] = (StSpanInput){ (gint64)i * 20, 10, "k", i };
  t = st_span_track_new (in, n);
  g_assert_cmpuint (st_span_track_get_n_rows (t), ==, 1);
  level = st_row_lod_pick (st_span_track_get_row_lod (t, 0), 1000);
  g_assert_nonnull (level);
  g_assert_cmpuint (level->n, <=, 8 * 2000);
  g_assert_cmpint (level->start[0], ==, 0);
  g_assert_cmpint (level->end[level->n - 1], ==, (gint64)(n - 1) * 20 + 10);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/span-track/rows", test_rows);
  g_test_add_func ("/model/span-track/row-cap", test_row_cap);
  g_test_add_func ("/model/span-track/level-of-detail", test_level_of_detail);
  return g_test_run ();
}
