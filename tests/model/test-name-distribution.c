/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One operation's distribution (docs/metrics.md 14) on
 * tests/data/distribution/durations.json, whose durations are chosen so
 * that every expected value here follows by hand: the instances of a name
 * (exact name, slices only), nearest-rank percentiles, the log bins and
 * their edges (from 10^0.05 = 1.122018…, 10^0.1 = 1.258925…, and so on),
 * ranges, and the groups by track and by parent. µs in the file, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-name-distribution.h"
#include "st-name-index.h"
#include "st-test-util.h"
#include "st-trace-query.h"

static StTrace *
load (void)
{
  return st_test_load ("distribution", "durations.json", NULL);
}

static StNameDistribution *
compute (StTrace *trace, const char *name, const StTimeSpan *range, StGrouping grouping)
{
  StStringId          id = st_trace_lookup_string (trace, name);
  StNameDistribution *d = st_name_distribution_compute (trace, id, range, grouping, NULL);

  g_assert_nonnull (d);
  return d;
}

static void
assert_stats (const StDurationStats *s,
              guint                  count,
              gint64                 total,
              gint64                 min,
              gint64                 p50,
              gint64                 p90,
              gint64                 p99,
              gint64                 mean,
              gint64                 max)
{
  g_assert_cmpuint (s->count, ==, count);
  g_assert_cmpint (s->total_ns, ==, total);
  g_assert_cmpint (s->min_ns, ==, min);
  g_assert_cmpint (s->p50_ns, ==, p50);
  g_assert_cmpint (s->p90_ns, ==, p90);
  g_assert_cmpint (s->p99_ns, ==, p99);
  g_assert_cmpint (s->mean_ns, ==, mean);
  g_assert_cmpint (s->max_ns, ==, max);
}

static const StDurationBin *
bin_k (StNameDistribution *d, gint k)
{
  for (guint b = 0; b < d->n_bins; b++)
    if (d->bins[b].k == k)
      return &d->bins[b];
  g_error ("no bin %d", k);
}

/* gemm: 1000 1000 1200 1500 2000 3000 (stream 7), 5000 8000 10000 100000
 * (stream 8); "GEMM" is another name. Sorted, p50 is the 5th (⌈5⌉), p90
 * the 9th (⌈9⌉), p99 the 10th (⌈9.9⌉); the sum is 132 700. */
static void
test_stats (void)
{
  g_autoptr (StTrace)            trace = load ();
  g_autoptr (StNameDistribution) d = compute (trace, "gemm", NULL, ST_GROUPING_NONE);

  assert_stats (&d->stats, 10, 132700, 1000, 2000, 10000, 100000, 13270, 100000);
  g_assert_cmpuint (d->n_instances, ==, 10);
  for (guint i = 1; i < d->n_instances; i++)
    g_assert_cmpint (d->durations[i - 1], <=, d->durations[i]);
  g_assert_null (d->groups);
  g_assert_null (d->instance_group);
}

/* log10(100000 / 1000) = 2 decades: 10 × 2 < 25 ≤ 20 × 2, so B = 20. The
 * bins run from k = 60 (1000 = 10^3) to k = 100 (10^5): 41 bins. By hand:
 * 1200 is in k 61 [⌈1122.02⌉, ⌈1258.93⌉) = [1123, 1259); 1500 in 63
 * [1413, 1585); 2000 in 66 [1996, 2239); 3000 in 69 [2819, 3163); 5000
 * in 73 [4467, 5012); 8000 in 78 [7944, 8913); 10000 in 80. */
static void
test_bins (void)
{
  g_autoptr (StTrace)            trace = load ();
  g_autoptr (StNameDistribution) d = compute (trace, "gemm", NULL, ST_GROUPING_NONE);
  const struct
  {
    gint   k;
    gint64 lo, hi;
    guint  count;
  } expected[] = {
    { 60, 1000, 1123, 2 }, { 61, 1123, 1259, 1 },   { 63, 1413, 1585, 1 },
    { 66, 1996, 2239, 1 }, { 69, 2819, 3163, 1 },   { 73, 4467, 5012, 1 },
    { 78, 7944, 8913, 1 }, { 80, 10000, 11221, 1 }, { 100, 100000, 112202, 1 },
  };
  guint total = 0;

  g_assert_cmpuint (d->bins_per_decade, ==, 20);
  g_assert_cmpuint (d->n_bins, ==, 41);
  g_assert_cmpint (d->bins[0].k, ==, 60);
  g_assert_cmpint (d->bins[40].k, ==, 100);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const StDurationBin *b = bin_k (d, expected[i].k);

      g_assert_cmpint (b->lo_ns, ==, expected[i].lo);
      g_assert_cmpint (b->hi_ns, ==, expected[i].hi);
      g_assert_cmpuint (b->count, ==, expected[i].count);
      total += expected[i].count;
    }
  g_assert_cmpuint (total, ==, 10); /* so every other bin is empty */
  for (guint b = 1; b < d->n_bins; b++)
    {
      g_assert_cmpint (d->bins[b].lo_ns, ==, d->bins[b - 1].hi_ns);
      g_assert_cmpuint (d->bins[b].first, ==, d->bins[b - 1].first + d->bins[b - 1].count);
    }
  /* a bin's instances are the ones with its durations */
  g_assert_cmpint (d->durations[bin_k (d, 66)->first], ==, 2000);
}

/* tick: 0, 0 and 5 ns. The zero bin [0, 1) comes first; the one positive
 * duration makes B 500, and 5 lies in k 349 = [⌈4.9888⌉, ⌈5.0119⌉). */
static void
test_zero_bin (void)
{
  g_autoptr (StTrace)            trace = load ();
  g_autoptr (StNameDistribution) d = compute (trace, "tick", NULL, ST_GROUPING_NONE);

  assert_stats (&d->stats, 3, 5, 0, 0, 5, 5, 1, 5);
  g_assert_cmpuint (d->bins_per_decade, ==, 500);
  g_assert_cmpuint (d->n_bins, ==, 2);
  g_assert_cmpint (d->bins[0].lo_ns, ==, 0);
  g_assert_cmpint (d->bins[0].hi_ns, ==, 1);
  g_assert_cmpuint (d->bins[0].count, ==, 2);
  g_assert_cmpint (d->bins[1].k, ==, 349);
  g_assert_cmpint (d->bins[1].lo_ns, ==, 5);
  g_assert_cmpint (d->bins[1].hi_ns, ==, 6);
  g_assert_cmpuint (d->bins[1].count, ==, 1);
}

/* [115 µs, 145 µs): on stream 7 the kernels at 120, 130, 140 µs; on
 * stream 8 the one at 110 µs (8 µs long: it reaches in, and counts whole)
 * and the one at 120 µs: 1200 1500 2000 8000 10000. */
static void
test_range (void)
{
  g_autoptr (StTrace)            trace = load ();
  StTimeSpan                     range = { 115000, 145000 };
  StTimeSpan                     edges = { 111000, 120000 };
  g_autoptr (StNameDistribution) d = compute (trace, "gemm", &range, ST_GROUPING_NONE);
  g_autoptr (StNameDistribution) e = compute (trace, "gemm", &edges, ST_GROUPING_NONE);

  assert_stats (&d->stats, 5, 22700, 1200, 2000, 10000, 10000, 4540, 10000);
  /* a kernel ending at the range's start and one starting at its end do
   * not count: only the 8 µs one at 110 µs overlaps [111, 120) */
  assert_stats (&e->stats, 1, 8000, 8000, 8000, 8000, 8000, 8000, 8000);
}

/* op: 100 200 300 ns in forward, 400 500 in backward, 600 at the top; the
 * instant named op does not count. */
static void
test_by_parent (void)
{
  g_autoptr (StTrace)            trace = load ();
  g_autoptr (StNameDistribution) d = compute (trace, "op", NULL, ST_GROUPING_PARENT);
  guint                          seen[3] = { 0 };

  assert_stats (&d->stats, 6, 2100, 100, 300, 600, 600, 350, 600);
  g_assert_cmpuint (d->n_groups, ==, 3);
  g_assert_cmpstr (d->groups[0].label, ==, "forward");
  assert_stats (&d->groups[0].stats, 3, 600, 100, 200, 300, 300, 200, 300);
  g_assert_cmpstr (d->groups[1].label, ==, "backward");
  assert_stats (&d->groups[1].stats, 2, 900, 400, 400, 500, 500, 450, 500);
  g_assert_null (d->groups[2].label); /* no parent */
  assert_stats (&d->groups[2].stats, 1, 600, 600, 600, 600, 600, 600, 600);
  /* each instance is in the group of its parent: 100-300 forward, … */
  for (guint i = 0; i < d->n_instances; i++)
    {
      guint expected = d->durations[i] <= 300 ? 0 : d->durations[i] <= 500 ? 1 : 2;
      g_assert_cmpuint (d->instance_group[i], ==, expected);
      seen[expected]++;
    }
  g_assert_cmpuint (seen[0], ==, 3);
}

/* By track, named as the timeline names a pinned track: the process's
 * labels, then the thread's name. Stream 7: 1000 1000 1200 1500 2000 3000
 * (p50 the 3rd, p90 the 6th, ⌈5.4⌉; mean 9700 / 6 = 1616); stream 8:
 * 5000 8000 10000 100000 (p50 the 2nd, p90 the 4th, ⌈3.6⌉). */
static void
test_by_track (void)
{
  g_autoptr (StTrace)            trace = load ();
  g_autoptr (StNameDistribution) d = compute (trace, "gemm", NULL, ST_GROUPING_TRACK);
  guint                          in_bins[2] = { 0 };

  g_assert_cmpuint (d->n_groups, ==, 2);
  g_assert_cmpstr (d->groups[0].label, ==, "GPU 0 · stream 7");
  assert_stats (&d->groups[0].stats, 6, 9700, 1000, 1200, 3000, 3000, 1616, 3000);
  g_assert_cmpstr (d->groups[1].label, ==, "GPU 0 · stream 8");
  assert_stats (&d->groups[1].stats, 4, 123000, 5000, 8000, 100000, 100000, 30750, 100000);
  for (guint b = 0; b < d->n_bins; b++)
    for (guint g = 0; g < 2; g++)
      in_bins[g] += d->groups[g].bin_counts[b];
  g_assert_cmpuint (in_bins[0], ==, 6);
  g_assert_cmpuint (in_bins[1], ==, 4);
  g_assert_cmpuint (d->groups[0].bin_counts[0], ==, 2);  /* both 1000s, k 60 */
  g_assert_cmpuint (d->groups[1].bin_counts[40], ==, 1); /* 100000, k 100 */
}

/* A name no slice has (an instant's only, or none) has no instance and no
 * bin; the index finds each name's slices, track by track. */
static void
test_empty_and_index (void)
{
  g_autoptr (StTrace)            trace = load ();
  g_autoptr (StNameDistribution) d = compute (trace, "host", NULL, ST_GROUPING_TRACK);
  StNameIndex                   *index = st_name_index_get (trace, NULL);
  guint                          n;
  const guint32 *numbers = st_name_index_lookup (index, st_trace_lookup_string (trace, "gemm"), &n);

  g_assert_cmpuint (d->stats.count, ==, 0);
  g_assert_cmpuint (d->n_bins, ==, 0);
  g_assert_cmpuint (d->n_groups, ==, 0);
  g_assert_cmpuint (n, ==, 10);
  for (guint i = 0; i < n; i++)
    {
      StSliceRef ref = st_name_index_get_ref (index, numbers[i]);
      g_assert_cmpstr (st_trace_get_string (trace, st_trace_get_slice (trace, ref)->name), ==,
                       "gemm");
    }
  g_assert_true (st_name_index_get (trace, NULL) == index); /* made once */
}

/* On a generated Kineto trace, the parent every instance is grouped by —
 * found by walking each row's parents in order — is the one
 * st_trace_get_parent() finds for it alone by a binary search, for every
 * name of the first twenty tracks' nested slices; by track, every
 * instance's group is its track's label. */
static void
test_parents_agree (void)
{
  const char            *path = g_getenv ("STRATA_TEST_TRACE");
  g_autoptr (GFile)      file = NULL;
  g_autoptr (GError)     error = NULL;
  g_autoptr (StTrace)    trace = NULL;
  g_autoptr (GHashTable) names = g_hash_table_new (NULL, NULL);
  GHashTableIter         iter;
  gpointer               key;
  guint                  checked = 0;

  if (path == NULL)
    {
      g_test_skip ("STRATA_TEST_TRACE is not set");
      return;
    }
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  for (guint t = 0; t < MIN (20, st_trace_get_n_tracks (trace)); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);
      for (guint i = 0; i < track->n_slices; i++)
        if (track->slices[i].depth > 0)
          g_hash_table_add (names, GUINT_TO_POINTER (track->slices[i].name));
    }
  g_assert_cmpuint (g_hash_table_size (names), >, 3);
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      g_autoptr (StNameDistribution) d = st_name_distribution_compute (
          trace, GPOINTER_TO_UINT (key), NULL, ST_GROUPING_PARENT, NULL);
      g_autoptr (StNameDistribution) by_track = st_name_distribution_compute (
          trace, GPOINTER_TO_UINT (key), NULL, ST_GROUPING_TRACK, NULL);

      for (guint i = 0; i < d->n_instances; i++, checked++)
        {
          StSliceRef       parent;
          const char      *label = d->groups[d->instance_group[i]].label;
          g_autofree char *track_label
              = st_trace_dup_track_label (trace, by_track->instances[i].track);

          if (st_trace_get_parent (trace, d->instances[i], &parent))
            g_assert_cmpstr (label, ==,
                             st_trace_get_string (trace, st_trace_get_slice (trace, parent)->name));
          else
            g_assert_null (label);
          g_assert_cmpstr (by_track->groups[by_track->instance_group[i]].label, ==, track_label);
        }
    }
  g_assert_cmpuint (checked, >, 1000);
}

/* Whole decades are exact; ⌈10^(k/B)⌉ otherwise. */
static void
test_edges (void)
{
  g_assert_cmpint (st_name_distribution_edge (10, 0), ==, 1);
  g_assert_cmpint (st_name_distribution_edge (10, 10), ==, 10);
  g_assert_cmpint (st_name_distribution_edge (10, 1), ==, 2);     /* 1.2589 */
  g_assert_cmpint (st_name_distribution_edge (10, 35), ==, 3163); /* 3162.28 */
  g_assert_cmpint (st_name_distribution_edge (50, 900), ==,
                   G_GINT64_CONSTANT (1000000000000000000));
  g_assert_cmpint (st_name_distribution_edge (10, 200), ==, G_MAXINT64);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/distribution/stats", test_stats);
  g_test_add_func ("/model/distribution/bins", test_bins);
  g_test_add_func ("/model/distribution/zero-bin", test_zero_bin);
  g_test_add_func ("/model/distribution/range", test_range);
  g_test_add_func ("/model/distribution/by-parent", test_by_parent);
  g_test_add_func ("/model/distribution/by-track", test_by_track);
  g_test_add_func ("/model/distribution/empty-and-index", test_empty_and_index);
  g_test_add_func ("/model/distribution/edges", test_edges);
  g_test_add_func ("/model/distribution/parents-agree", test_parents_agree);

  return g_test_run ();
}
