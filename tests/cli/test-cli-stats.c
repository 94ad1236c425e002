/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli stats on tests/data/distribution/durations.json: the JSON of
 * docs/metrics.md 14.6 with the values worked out by hand in
 * tests/model/test-name-distribution.c (gemm: 1000 1000 1200 1500 2000
 * 3000 ns on stream 7, 5000 8000 10000 100000 on stream 8; B = 20, bins
 * k 60 to 100), a range, and the exit statuses of bad input. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <json-glib/json-glib.h>
#include <string.h>

static void
run_stats (StCliRun *run, const char *const *args)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", "distribution", "durations.json", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, "stats");
  g_ptr_array_add (argv, path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  run->status = st_cli_test_run ((const char *const *)argv->pdata, &run->out, &run->err);
}
static void
assert_stats (JsonObject *o, gint64 count, gint64 p50, gint64 p90, gint64 p99, gint64 mean)
{
  g_assert_cmpint (json_object_get_int_member (o, "count"), ==, count);
  g_assert_cmpint (json_object_get_int_member (o, "p50_ns"), ==, p50);
  g_assert_cmpint (json_object_get_int_member (o, "p90_ns"), ==, p90);
  g_assert_cmpint (json_object_get_int_member (o, "p99_ns"), ==, p99);
  g_assert_cmpint (json_object_get_int_member (o, "mean_ns"), ==, mean);
}

static void
test_json (void)
{
  const char *const      args[] = { "gemm", "--json", "--group", "track", NULL };
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *g;
  JsonArray             *bins, *groups, *counts;
  gint64                 sum = 0;

  run_stats (&run, args);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "name"), ==, "gemm");
  g_assert_true (json_object_get_null_member (o, "range"));
  assert_stats (o, 10, 2000, 10000, 100000, 13270);
  g_assert_cmpint (json_object_get_int_member (o, "total_ns"), ==, 132700);
  g_assert_cmpint (json_object_get_int_member (o, "min_ns"), ==, 1000);
  g_assert_cmpint (json_object_get_int_member (o, "max_ns"), ==, 100000);
  g_assert_cmpint (json_object_get_int_member (o, "bins_per_decade"), ==, 20);
  bins = json_object_get_array_member (o, "bins");
  g_assert_cmpuint (json_array_get_length (bins), ==, 41);
  /* k 60: [1000, 1123) holds both 1000s; k 61: [1123, 1259) the 1200 */
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (bins, 0), "lo_ns"),
                   ==, 1000);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (bins, 0), "hi_ns"),
                   ==, 1123);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (bins, 0), "count"),
                   ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (bins, 1), "count"),
                   ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (bins, 40), "lo_ns"),
                   ==, 100000);
  g_assert_cmpstr (json_object_get_string_member (o, "group"), ==, "track");
  groups = json_object_get_array_member (o, "groups");
  g_assert_cmpuint (json_array_get_length (groups), ==, 2);
  g = json_array_get_object_element (groups, 0);
  g_assert_cmpstr (json_object_get_string_member (g, "name"), ==, "GPU 0 · stream 7");
  assert_stats (g, 6, 1200, 3000, 3000, 1616);
  counts = json_object_get_array_member (g, "bins");
  g_assert_cmpuint (json_array_get_length (counts), ==, 41);
  for (guint i = 0; i < json_array_get_length (counts); i++)
    sum += json_array_get_int_element (counts, i);
  g_assert_cmpint (sum, ==, 6);
  g = json_array_get_object_element (groups, 1);
  g_assert_cmpstr (json_object_get_string_member (g, "name"), ==, "GPU 0 · stream 8");
  assert_stats (g, 4, 8000, 100000, 100000, 30750);
}

/* [115 µs, 145 µs): 1200 1500 2000 on stream 7, the 8 µs kernel reaching
 * in from 110 µs and the 10 µs one at 120 µs on stream 8. By parent, "op"
 * has a group without parent, written null. */
static void
test_range_and_parent (void)
{
  const char *const      range_args[] = { "gemm", "--json", "--region", "115000:145000", NULL };
  const char *const      parent_args[] = { "op", "--json", "--group", "parent", NULL };
  g_auto (StCliRun)      run = { 0 }, parent = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) parent_parser = json_parser_new ();
  JsonObject            *o, *range;
  JsonArray             *groups;

  run_stats (&run, range_args);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  range = json_object_get_object_member (o, "range");
  g_assert_cmpint (json_object_get_int_member (range, "start_ns"), ==, 115000);
  g_assert_cmpint (json_object_get_int_member (range, "end_ns"), ==, 145000);
  assert_stats (o, 5, 2000, 10000, 10000, 4540);
  g_assert_true (json_object_get_null_member (o, "group"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "groups")), ==, 0);

  run_stats (&parent, parent_args);
  o = st_cli_test_parse (parent_parser, parent.out);
  groups = json_object_get_array_member (o, "groups");
  g_assert_cmpuint (json_array_get_length (groups), ==, 3);
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (groups, 0), "name"), ==,
      "forward");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (groups, 2), "name"));
}

/* No slice of the name: count 0, null statistics, no bins, exit 0 with a
 * word on stderr. Bad options: exit 2. */
static void
test_empty_and_usage (void)
{
  const char *const      none[] = { "no such kernel", "--json", NULL };
  const char *const      bad_group[] = { "gemm", "--group", "stream", NULL };
  const char *const      bad_range[] = { "gemm", "--region", "9:3", NULL };
  const char *const      no_name[] = { NULL };
  g_auto (StCliRun)      run = { 0 }, group = { 0 }, range = { 0 }, name = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o;

  run_stats (&run, none);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "no such kernel"));
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (o, "count"), ==, 0);
  g_assert_true (json_object_get_null_member (o, "p50_ns"));
  g_assert_true (json_object_get_null_member (o, "bins_per_decade"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "bins")), ==, 0);
  run_stats (&group, bad_group);
  g_assert_cmpint (group.status, ==, 2);
  run_stats (&range, bad_range);
  g_assert_cmpint (range.status, ==, 2);
  run_stats (&name, no_name);
  g_assert_cmpint (name.status, ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/stats/json", test_json);
  g_test_add_func ("/cli/stats/range-and-parent", test_range_and_parent);
  g_test_add_func ("/cli/stats/empty-and-usage", test_empty_and_usage);

  return g_test_run ();
}
