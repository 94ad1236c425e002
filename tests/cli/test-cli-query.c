/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli query (docs/sql.md) on the hand-written profiles of
 * tests/data/sql: the three outputs byte for byte as docs/sql.md says them
 * (values worked out by hand from small.json: times there are µs, here
 * ns), several files as one profile, a region file, and the one-line
 * failures with their exit statuses. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <json-glib/json-glib.h>
#include <string.h>

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "sql", name, NULL);
}

/* strata-cli query small.json SQL, then @options (NULL-terminated). */
static void
run_query (StCliRun *run, const char *sql, const char *const *options)
{
  g_autofree char      *path = data_path ("small.json");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, "query");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, (gpointer)sql);
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)options[i]);
  g_ptr_array_add (argv, NULL);
  run->status = st_cli_test_run ((const char *const *)argv->pdata, &run->out, &run->err);
}

/* The outermost slices (outer [0, 100) µs, other [50, 60) µs) and leaf's
 * missing category: numbers as numbers, null as null, a repeated column
 * name numbered. */
static void
test_json (void)
{
  const char *const      json[] = { "--json", NULL };
  g_auto (StCliRun)      run = { 0 }, nulls = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray             *rows;
  JsonObject            *o;
  g_autoptr (GList)      members = NULL;

  run_query (&run,
             "SELECT name, ts, dur, category, depth AS d, depth AS d, 2.5 AS r FROM slice "
             "WHERE depth = 0 ORDER BY ts",
             json);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  rows = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (rows), ==, 2);
  o = json_array_get_object_element (rows, 0);
  g_assert_cmpstr (json_object_get_string_member (o, "name"), ==, "outer");
  g_assert_cmpint (json_object_get_int_member (o, "ts"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "dur"), ==, 100000);
  g_assert_cmpstr (json_object_get_string_member (o, "category"), ==, "cpu_op");
  g_assert_cmpfloat (json_object_get_double_member (o, "r"), ==, 2.5);
  members = json_object_get_members (o);
  g_assert_cmpstr (g_list_nth_data (members, 4), ==, "d");
  g_assert_cmpstr (g_list_nth_data (members, 5), ==, "d:2");
  o = json_array_get_object_element (rows, 1);
  g_assert_cmpstr (json_object_get_string_member (o, "name"), ==, "other");
  g_assert_cmpint (json_object_get_int_member (o, "ts"), ==, 50000);
  run_query (&nulls, "SELECT category FROM slice WHERE name = 'leaf'", json);
  g_assert_cmpint (nulls.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, nulls.out, -1, NULL));
  o = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)), 0);
  g_assert_true (json_object_get_null_member (o, "category"));
}

/* RFC 4180: CRLF, quotes doubled, fields with a comma, a quote or a line
 * break quoted, null empty; reals as the shortest text of their double. */
static void
test_csv (void)
{
  const char *const csv[] = { "--csv", NULL };
  g_auto (StCliRun) run = { 0 };

  run_query (&run, "SELECT 'a,b' AS x, 'q\"q' AS y, NULL AS z, 0.1 AS r, 'two\nlines' AS l, 7 AS n",
             csv);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "x,y,z,r,l,n\r\n\"a,b\",\"q\"\"q\",,0.1,\"two\nlines\",7\r\n");
}

/* The default table: names padded to the widest (5: inner, other, outer),
 * counts to the right; the number of rows on stderr. */
static void
test_table (void)
{
  g_auto (StCliRun) run = { 0 };

  run_query (&run, "SELECT name, count(*) AS n FROM slice GROUP BY name", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "name   n\n"
                   "-----  -\n"
                   "inner  2\n"
                   "leaf   1\n"
                   "other  1\n"
                   "outer  1\n");
  g_assert_cmpstr (run.err, ==, "4 rows\n");
}

/* One line on stderr, nothing on stdout, exit 1. */
static void
assert_one_line (StCliRun *run, const char *start)
{
  g_assert_cmpint (run->status, ==, 1);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, start));
  g_assert_cmpint (strchr (run->err, '\n') - run->err, ==, strlen (run->err) - 1);
}

static void
test_failures (void)
{
  g_auto (StCliRun) bad = { 0 }, write = { 0 }, attach = { 0 }, usage = { 0 }, both = { 0 };
  g_auto (StCliRun) missing = { 0 };
  const char *const csv_json[] = { "--csv", "--json", NULL };
  const char *const only_file[] = { "query", "no-such-file.json", NULL };
  const char *const no_file[] = { "query", "no-such-file.json", "SELECT 1", NULL };

  run_query (&bad, "SELEC name FROM slice", NULL);
  g_assert_cmpstr (bad.err, ==, "strata-cli query: near \"SELEC\": syntax error\n");
  assert_one_line (&bad, "strata-cli query: near");
  run_query (&write, "DELETE FROM slice", NULL);
  assert_one_line (&write, "strata-cli query: Refused");
  run_query (&attach, "ATTACH 'x.db' AS x", NULL);
  assert_one_line (&attach, "strata-cli query: Refused");
  usage.status = st_cli_test_run (only_file, &usage.out, &usage.err);
  g_assert_cmpint (usage.status, ==, 2);
  run_query (&both, "SELECT 1", csv_json);
  g_assert_cmpint (both.status, ==, 2);
  missing.status = st_cli_test_run (no_file, &missing.out, &missing.err);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "no-such-file.json"));
}

/* rank0.json and rank1.json as one profile: four device events each; the
 * first all-reduce's straggler is rank 1 (3 µs late, as
 * tests/model/test-sql.c works out); with the region file, its two
 * regions. */
static void
test_ranks_and_regions (void)
{
  g_autofree char  *rank0 = data_path ("rank0.json");
  g_autofree char  *rank1 = data_path ("rank1.json");
  g_autofree char  *regions = data_path ("regions.json");
  const char *const ranks[] = { "query",
                                rank0,
                                rank1,
                                "SELECT (SELECT count(*) FROM slice), straggler FROM collective "
                                "ORDER BY ts LIMIT 1",
                                "--csv",
                                NULL };
  const char *const with_regions[]
      = { "query", rank0, "--regions", regions, "SELECT name, ts, dur, method FROM region",
          "--csv", NULL };
  g_auto (StCliRun) run = { 0 }, region = { 0 };

  run.status = st_cli_test_run (ranks, &run.out, &run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "(SELECT count(*) FROM slice),straggler\r\n8,rank 1\r\n");
  region.status = st_cli_test_run (with_regions, &region.out, &region.err);
  g_assert_cmpint (region.status, ==, 0);
  g_assert_cmpstr (
      region.out, ==,
      "name,ts,dur,method\r\nwarm-up,0,40000,manual\r\nstep,40000,60000,hierarchy\r\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/query/json", test_json);
  g_test_add_func ("/cli/query/csv", test_csv);
  g_test_add_func ("/cli/query/table", test_table);
  g_test_add_func ("/cli/query/failures", test_failures);
  g_test_add_func ("/cli/query/ranks-and-regions", test_ranks_and_regions);
  return g_test_run ();
}
