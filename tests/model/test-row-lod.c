/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Level of detail of a row: what a zoomed-out timeline draws must be the
 * row's own slices merged only where a pixel cannot tell them apart, with
 * the longest slice of each run standing for it, and the pyramid must stay
 * small. Rows are built here, by hand or from a seeded generator, and taken
 * from the generated Kineto trace. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-row-lod.h"
#include "st-test-util.h"

/* What one run of a level costs: its start, end and representative. */
#define RUN_SIZE (2 * sizeof (gint64) + 2 * sizeof (guint32))

static gint64
slice_end (const StSlice *s)
{
  return s->start + s->dur;
}

/* Checks run @r against the slices from *@k on: it starts at its first
 * slice, ends at the farthest end of the slices it holds, hides no gap of
 * @gap or more, is shorter than @gap when it merges several slices, and is
 * represented by its longest slice. Moves *@k past its slices. The slices
 * must have no zero-length slice at the point where two runs touch. */
static void
assert_run (const StLodLevel *level, guint r, const StSlice *slices, guint first, guint n, guint *k)
{
  gint64 reach = G_MININT64, longest = -1;
  guint  count = 0;

  g_assert_cmpuint (*k, <, first + n);
  g_assert_cmpint (slices[*k].start, ==, level->start[r]);
  while (*k < first + n && slices[*k].start >= level->start[r]
         && slice_end (&slices[*k]) <= level->end[r])
    {
      if (count > 0)
        g_assert_cmpint (slices[*k].start - reach, <, level->gap);
      reach = MAX (reach, slice_end (&slices[*k]));
      longest = MAX (longest, slices[*k].dur);
      count++;
      (*k)++;
    }
  g_assert_cmpint (reach, ==, level->end[r]);
  if (count > 1)
    g_assert_cmpint (level->end[r] - level->start[r], <, level->gap);
  if (longest >= level->gap)
    g_assert_cmpuint (count, ==, 1); /* a slice wider than the gap keeps its own run */
  g_assert_cmpuint (level->rep[r], >=, first);
  g_assert_cmpuint (level->rep[r], <, first + n);
  g_assert_cmpint (slices[level->rep[r]].start, >=, level->start[r]);
  g_assert_cmpint (slice_end (&slices[level->rep[r]]), <=, level->end[r]);
  g_assert_cmpint (slices[level->rep[r]].dur, ==, longest);
  g_assert_cmpuint (level->name[r], ==, slices[level->rep[r]].name); /* drawn without the slice */
}

/* The runs of @level are in start order and cover exactly the slices of
 * the row, each slice in one run. */
static void
assert_level (const StLodLevel *level, const StSlice *slices, guint first, guint n)
{
  guint k = first;

  g_assert_cmpuint (level->n, >=, 1);
  for (guint r = 0; r < level->n; r++)
    {
      if (r > 0)
        g_assert_cmpint (level->start[r], >=, level->end[r - 1]);
      assert_run (level, r, slices, first, n, &k);
    }
  g_assert_cmpuint (k, ==, first + n);
}

/* Picking a level: none finer than the first gap, then the coarsest level
 * whose gap fits in a pixel. */
static void
assert_pick (const StRowLod *lod)
{
  const StLodLevel *coarsest = &lod->levels[lod->n_levels - 1];

  g_assert_null (st_row_lod_pick (lod, 0.5));
  g_assert_null (st_row_lod_pick (lod, lod->levels[0].gap - 1));
  for (guint i = 0; i < lod->n_levels; i++)
    {
      g_assert_true (st_row_lod_pick (lod, lod->levels[i].gap) == &lod->levels[i]);
      if (i + 1 < lod->n_levels)
        g_assert_true (st_row_lod_pick (lod, lod->levels[i + 1].gap - 1) == &lod->levels[i]);
    }
  g_assert_true (st_row_lod_pick (lod, 1e18) == coarsest);
}

/* Everything the timeline relies on for the row slices[first, first + n). */
static void
assert_lod (const StRowLod *lod, const StSlice *slices, guint first, guint n)
{
  guint previous = n;

  if (n < 64)
    {
      g_assert_cmpuint (lod->n_levels, ==, 0);
      g_assert_null (st_row_lod_pick (lod, 1e18));
      g_assert_cmpuint (st_row_lod_get_memory (lod), ==, 0);
      return;
    }
  g_assert_cmpuint (lod->n_levels, >=, 1);
  for (guint i = 0; i < lod->n_levels; i++)
    {
      const StLodLevel *level = &lod->levels[i];

      if (i > 0)
        g_assert_cmpint (level->gap, >, lod->levels[i - 1].gap);
      g_assert_cmpuint (level->n * 2, <=, previous); /* each kept level halves the last */
      previous = level->n;
      assert_level (level, slices, first, n);
    }
  assert_pick (lod);
  g_assert_cmpuint (st_row_lod_get_memory (lod), >, 0);
  g_assert_cmpuint (st_row_lod_get_memory (lod), <=, n * RUN_SIZE);
}

static void
test_short_row (void)
{
  StSlice  slices[63] = { { 0 } };
  StRowLod lod;

  for (guint i = 0; i < G_N_ELEMENTS (slices); i++)
    {
      slices[i].start = i * 10;
      slices[i].dur = 5;
    }
  st_row_lod_build (&lod, slices, 0, G_N_ELEMENTS (slices));
  assert_lod (&lod, slices, 0, G_N_ELEMENTS (slices));
  st_row_lod_clear (&lod);
  st_row_lod_build (&lod, slices, 0, 0);
  assert_lod (&lod, slices, 0, 0);
  st_row_lod_clear (&lod);
}

/* Slices of 100 ns every 200 ns; slice 7 runs 150 ns. */
static void
fill_grid (StSlice *slices, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      slices[i] = (StSlice){ 0 };
      slices[i].start = i * 200;
      slices[i].dur = i == 7 ? 150 : 100;
    }
}

static void
assert_run_is (const StLodLevel *level, guint r, gint64 start, gint64 end, guint32 rep)
{
  g_assert_cmpint (level->start[r], ==, start);
  g_assert_cmpint (level->end[r], ==, end);
  g_assert_cmpuint (level->rep[r], ==, rep);
}

/* By hand: at a gap of 256 ns no two slices merge (two make 300 ns), so
 * that level is not kept; at 1024 ns five slices make a 900 ns run (13
 * runs); at 4096 ns four of those (4 runs); at 16384 ns the whole row. */
static void
test_grid (void)
{
  StSlice  slices[64];
  StRowLod lod;

  fill_grid (slices, G_N_ELEMENTS (slices));
  st_row_lod_build (&lod, slices, 0, G_N_ELEMENTS (slices));
  g_assert_cmpuint (lod.n_levels, ==, 3);

  g_assert_cmpint (lod.levels[0].gap, ==, 1024);
  g_assert_cmpuint (lod.levels[0].n, ==, 13);
  assert_run_is (&lod.levels[0], 0, 0, 900, 0);
  assert_run_is (&lod.levels[0], 1, 1000, 1900, 7);
  assert_run_is (&lod.levels[0], 11, 11000, 11900, 55);
  assert_run_is (&lod.levels[0], 12, 12000, 12700, 60);

  g_assert_cmpint (lod.levels[1].gap, ==, 4096);
  g_assert_cmpuint (lod.levels[1].n, ==, 4);
  assert_run_is (&lod.levels[1], 0, 0, 3900, 7);
  assert_run_is (&lod.levels[1], 1, 4000, 7900, 20);
  assert_run_is (&lod.levels[1], 2, 8000, 11900, 40);
  assert_run_is (&lod.levels[1], 3, 12000, 12700, 60);

  g_assert_cmpint (lod.levels[2].gap, ==, 16384);
  g_assert_cmpuint (lod.levels[2].n, ==, 1);
  assert_run_is (&lod.levels[2], 0, 0, 12700, 7);

  g_assert_cmpuint (st_row_lod_get_memory (&lod), ==, 18 * RUN_SIZE);
  assert_lod (&lod, slices, 0, G_N_ELEMENTS (slices));
  st_row_lod_clear (&lod);
}

static void
test_pick (void)
{
  StSlice  slices[64];
  StRowLod lod;

  fill_grid (slices, G_N_ELEMENTS (slices));
  st_row_lod_build (&lod, slices, 0, G_N_ELEMENTS (slices));
  g_assert_null (st_row_lod_pick (&lod, 1));
  g_assert_null (st_row_lod_pick (&lod, 1023.5));
  g_assert_true (st_row_lod_pick (&lod, 1024) == &lod.levels[0]);
  g_assert_true (st_row_lod_pick (&lod, 4095) == &lod.levels[0]);
  g_assert_true (st_row_lod_pick (&lod, 4096) == &lod.levels[1]);
  g_assert_true (st_row_lod_pick (&lod, 16000) == &lod.levels[1]);
  g_assert_true (st_row_lod_pick (&lod, 16384) == &lod.levels[2]);
  g_assert_true (st_row_lod_pick (&lod, 1e12) == &lod.levels[2]);
  st_row_lod_clear (&lod);
}

/* A 2 µs slice among 100 ns ones: at the 1024 ns level it is its own run
 * (it is wider than a pixel there); at 4096 ns it may take in neighbours. */
static void
test_long_slice (void)
{
  StSlice           slices[64] = { { 0 } };
  StRowLod          lod;
  const StLodLevel *level;
  guint             r;

  for (guint i = 0; i < 20; i++)
    {
      slices[i].start = i * 200;
      slices[i].dur = 100;
    }
  slices[20].start = 4000;
  slices[20].dur = 2000;
  for (guint i = 21; i < 64; i++)
    {
      slices[i].start = 6100 + (i - 21) * 200;
      slices[i].dur = 100;
    }
  st_row_lod_build (&lod, slices, 0, G_N_ELEMENTS (slices));
  assert_lod (&lod, slices, 0, G_N_ELEMENTS (slices));
  level = &lod.levels[0];
  g_assert_cmpint (level->gap, ==, 1024);
  g_assert_cmpuint (level->n, ==, 4 + 1 + 9);
  for (r = 0; r < level->n && level->start[r] != 4000; r++)
    ;
  g_assert_cmpuint (r, ==, 4);
  assert_run_is (level, r, 4000, 6000, 20);
  assert_run_is (level, r + 1, 6100, 7000, 21);
  /* 4000..8000 is shorter than 4096 ns: merged, the long slice stands for it */
  assert_run_is (&lod.levels[1], 1, 4000, 8000, 20);
  st_row_lod_clear (&lod);
}

typedef struct
{
  const char *name;
  guint       n;
  gint64      min_dur, max_dur; /* usual slices */
  gint64      min_gap, max_gap; /* usual gaps */
  guint       per_mille_long;   /* slices of 10 µs to 1 ms */
  guint       per_mille_far;    /* gaps of 100 µs to 100 ms */
  guint       burst;            /* a 1 ms gap after every burst slices, when > 0 */
} RowShape;

static const RowShape shapes[] = {
  { "mixed", 20000, 1, 300, 0, 400, 10, 10, 0 },
  { "bursts", 10000, 10, 50, 5, 20, 0, 0, 100 },
  { "touching", 5000, 1, 2000, 0, 0, 5, 0, 0 },
  { "zero-length", 3000, 0, 0, 1, 1000, 0, 5, 0 },
  { "sparse", 2000, 1000, 100000, 10000, 10000000, 50, 50, 0 },
  { "just-long-enough", 64, 50, 150, 0, 300, 0, 0, 0 },
};

/* A row of @shape after @first slices of another row, from a fixed seed. */
static StSlice *
generate_row (const RowShape *shape, guint first)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611 + shape->n);
  StSlice          *slices = g_new0 (StSlice, first + shape->n);
  gint64            t = 1000;

  for (guint i = 0; i < first; i++)
    slices[i].dur = G_MAXINT32; /* a parent row: must never show up as a rep */
  for (guint i = first; i < first + shape->n; i++)
    {
      StSlice *s = &slices[i];
      gint64   gap = g_rand_int_range (rand, shape->min_gap, shape->max_gap + 1);

      if (g_rand_int_range (rand, 0, 1000) < (gint32)shape->per_mille_far)
        gap = g_rand_int_range (rand, 100000, 100000000);
      if (shape->burst > 0 && (i - first) % shape->burst == 0)
        gap = 1000000;
      s->start = t + gap;
      s->dur = g_rand_int_range (rand, shape->min_dur, shape->max_dur + 1);
      if (g_rand_int_range (rand, 0, 1000) < (gint32)shape->per_mille_long)
        s->dur = g_rand_int_range (rand, 10000, 1000000);
      t = s->start + s->dur;
    }
  return slices;
}

static void
test_generated_row (gconstpointer data)
{
  const RowShape     *shape = data;
  const guint         first = 7;
  g_autofree StSlice *slices = generate_row (shape, first);
  gint64              span = slice_end (&slices[first + shape->n - 1]) - slices[first].start;
  const StLodLevel   *whole;
  StRowLod            lod;

  st_row_lod_build (&lod, slices, first, shape->n);
  assert_lod (&lod, slices, first, shape->n);
  /* zoomed out until the whole row is a few pixels: one run */
  whole = st_row_lod_pick (&lod, 4.0 * (double)span);
  g_assert_nonnull (whole);
  g_assert_cmpuint (whole->n, ==, 1);
  st_row_lod_clear (&lod);
}

/* The pyramids of a track's rows: indexes of reps are into the whole
 * track, and a short row has none. */
static void
test_track_rows (void)
{
  StSlice   slices[3 + 64] = { { 0 } };
  guint     offsets[] = { 0, 3, 3 + 64 };
  StRowLod *lods;

  for (guint i = 0; i < 3; i++)
    {
      slices[i].start = i * 5000;
      slices[i].dur = 4000;
    }
  fill_grid (slices + 3, 64);
  for (guint i = 3; i < G_N_ELEMENTS (slices); i++)
    slices[i].depth = 1;
  lods = st_row_lods_new (slices, 2, offsets);
  g_assert_cmpuint (lods[0].n_levels, ==, 0);
  g_assert_cmpuint (lods[1].n_levels, ==, 3);
  assert_run_is (&lods[1].levels[0], 1, 1000, 1900, 3 + 7);
  assert_run_is (&lods[1].levels[2], 0, 0, 12700, 3 + 7);
  assert_lod (&lods[1], slices, 3, 64);
  st_row_lods_free (lods, 2);
}

/* Every row of the generated Kineto trace: busy rows have levels that keep
 * all of the above. */
static void
test_loaded_trace (void)
{
  const char         *path = g_getenv ("STRATA_TEST_TRACE");
  g_autoptr (GFile)   file = NULL;
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  guint               busy_rows = 0;

  if (path == NULL)
    {
      g_test_skip ("STRATA_TEST_TRACE is not set");
      return;
    }
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack *t = st_trace_get_track (trace, i);

      if (t->n_rows > 0)
        g_assert_nonnull (t->row_lods);
      for (guint d = 0; d < t->n_rows; d++)
        {
          guint n = t->row_offsets[d + 1] - t->row_offsets[d];

          assert_lod (&t->row_lods[d], t->slices, t->row_offsets[d], n);
          busy_rows += n >= 64;
        }
    }
  g_assert_cmpuint (busy_rows, >=, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/lod/short-row", test_short_row);
  g_test_add_func ("/model/lod/grid", test_grid);
  g_test_add_func ("/model/lod/pick", test_pick);
  g_test_add_func ("/model/lod/long-slice", test_long_slice);
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/lod/generated/%s", shapes[i].name);
      g_test_add_data_func (path, &shapes[i], test_generated_row);
    }
  g_test_add_func ("/model/lod/track-rows", test_track_rows);
  g_test_add_func ("/model/lod/loaded-trace", test_loaded_trace);

  return g_test_run ();
}
