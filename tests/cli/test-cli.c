/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli as scripts use it: the JSON of `info` and `search`, the
 * pictures of `render`, one line on stderr and exit 1 for a file it cannot
 * read, exit 2 for a usage error. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

static void
run_cli (StCliRun *run, const char *first, ...)
{
  va_list args;

  va_start (args, first);
  run->status = st_cli_test_run_valist (NULL, &run->out, &run->err, first, args);
  va_end (args);
}
static char *
data_path (const char *dir, const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", dir, name, NULL);
}

static void
test_info_json (void)
{
  g_autofree char       *path = data_path ("real", "catapult_trivial_trace.json");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *track;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "format"), ==, "chrome-json");
  g_assert_cmpint (json_object_get_int_member (o, "events"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (o, "slices"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "instants"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "counter_samples"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "flows"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "processes"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "tracks"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "start_ns"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "end_ns"), ==, 107000);
  g_assert_cmpint (json_object_get_int_member (o, "duration_ns"), ==, 107000);
  g_assert_cmpint (json_object_get_int_member (o, "origin_ns"), ==, 9524000);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "metadata")));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "warnings")), ==, 0);
  track = json_array_get_object_element (json_object_get_array_member (o, "track_list"), 0);
  g_assert_cmpstr (json_object_get_string_member (track, "process"), ==, "Process 52");
  g_assert_cmpstr (json_object_get_string_member (track, "track"), ==, "Thread 53");
  g_assert_cmpstr (json_object_get_string_member (track, "kind"), ==, "slices");
  g_assert_cmpint (json_object_get_int_member (track, "events"), ==, 2);
}

/* Kineto's baseTimeNanoseconds stays exact (19 digits) and is metadata, not
 * part of origin_ns. */
static void
test_info_kineto_metadata (void)
{
  g_autofree char       *path = data_path ("edge", "keys-around-events.json");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *metadata;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  metadata = json_object_get_object_member (o, "metadata");
  g_assert_cmpint (json_object_get_int_member (metadata, "baseTimeNanoseconds"), ==,
                   G_GINT64_CONSTANT (1735632360000000000));
  g_assert_cmpint (json_object_get_int_member (
                       json_object_get_object_member (metadata, "distributedInfo"), "world_size"),
                   ==, 8);
  g_assert_cmpint (json_object_get_int_member (o, "origin_ns"), ==, 1000);
}

static void
test_info_warnings (void)
{
  g_autofree char       *path = data_path ("real", "speedscope_simple-partial-trailing-comma.json");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray             *warnings;
  gboolean               trailing = FALSE;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0); /* warnings do not fail */
  warnings = json_object_get_array_member (st_cli_test_parse (parser, run.out), "warnings");
  for (guint i = 0; i < json_array_get_length (warnings); i++)
    {
      JsonObject *w = json_array_get_object_element (warnings, i);
      if (g_str_equal (json_object_get_string_member (w, "kind"), "trailing-comma"))
        {
          trailing = TRUE;
          g_assert_cmpint (json_object_get_int_member (w, "count"), ==, 1);
          g_assert_cmpint (json_object_get_int_member (w, "line"), ==, 7);
          g_assert_cmpint (json_object_get_int_member (w, "first_offset"), >, 0);
        }
    }
  g_assert_true (trailing);
}

static void
test_several_files (void)
{
  g_autofree char       *a = data_path ("real", "catapult_trivial_trace.json");
  g_autofree char       *b = data_path ("real", "catapult_simple_trace_gz.gz");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError)     error = NULL;
  JsonArray             *all;

  run_cli (&run, "info", "--json", a, b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  all = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (all), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (all, 1), "slices"),
                   ==, 12);
}

static void
test_unreadable_file (void)
{
  g_autofree char  *path = data_path ("bad", "broken-first-event.json");
  g_autofree char  *expected = g_strdup_printf ("strata-cli: %s: line 2, column 10: ", path);
  g_auto (StCliRun) run = { 0 };

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, expected));
  g_assert_cmpint (strchr (run.err, '\n') - run.err, ==, strlen (run.err) - 1); /* one line */
}

static void
test_usage_errors (void)
{
  g_auto (StCliRun) none = { 0 };
  g_auto (StCliRun) unknown = { 0 };
  g_auto (StCliRun) no_file = { 0 };
  g_auto (StCliRun) help = { 0 };

  run_cli (&none, NULL);
  run_cli (&unknown, "frobnicate", NULL);
  run_cli (&no_file, "info", NULL);
  run_cli (&help, "info", "--help", NULL);
  g_assert_cmpint (none.status, ==, 2);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_cmpint (no_file.status, ==, 2);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "--json"));
}

static JsonArray *
parse_array (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_array (json_parser_get_root (parser));
}

static void
assert_match (JsonArray  *matches,
              guint       i,
              const char *name,
              const char *track,
              gint64      start_ns,
              gint64      dur_ns)
{
  JsonObject *m = json_array_get_object_element (matches, i);

  g_assert_cmpstr (json_object_get_string_member (m, "name"), ==, name);
  g_assert_cmpstr (json_object_get_string_member (m, "track"), ==, track);
  g_assert_cmpint (json_object_get_int_member (m, "start_ns"), ==, start_ns);
  g_assert_cmpint (json_object_get_int_member (m, "dur_ns"), ==, dur_ns);
}

/* Names match whatever their case; times are ns from the trace's start. */
static void
test_search_json (void)
{
  g_autofree char       *path = data_path ("real", "catapult_trivial_trace.json");
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      none = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray             *matches;

  run_cli (&run, "search", "--json", path, "B", NULL);
  g_assert_cmpint (run.status, ==, 0);
  matches = parse_array (parser, run.out);
  g_assert_cmpuint (json_array_get_length (matches), ==, 1);
  /* b: B at 9629 µs, E at 9631 µs; the trace starts at 9524 µs */
  assert_match (matches, 0, "b", "Process 52 / Thread 53", 105000, 2000);

  run_cli (&none, "search", "--json", path, "nothing like it", NULL);
  g_assert_cmpint (none.status, ==, 0);
  g_assert_cmpuint (json_array_get_length (parse_array (parser, none.out)), ==, 0);
}

/* --args also looks inside each event's args, nested ones too, in start
 * order; without it only names count. */
static void
test_search_args (void)
{
  g_autofree char       *path = data_path ("edge", "search-args.json");
  g_auto (StCliRun)      names = { 0 };
  g_auto (StCliRun)      args = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray             *matches;

  run_cli (&names, "search", "--json", path, "needle", NULL);
  g_assert_cmpint (names.status, ==, 0);
  matches = parse_array (parser, names.out);
  g_assert_cmpuint (json_array_get_length (matches), ==, 1);
  assert_match (matches, 0, "Needle op", "Process 1 / Thread 1", 10000, 5000);

  run_cli (&args, "search", "--args", "--json", path, "needle", NULL);
  g_assert_cmpint (args.status, ==, 0);
  matches = parse_array (parser, args.out);
  g_assert_cmpuint (json_array_get_length (matches), ==, 3);
  assert_match (matches, 0, "matmul", "Process 1 / Thread 1", 0, 5000);
  assert_match (matches, 1, "Needle op", "Process 1 / Thread 1", 10000, 5000);
  assert_match (matches, 2, "other", "Process 1 / Thread 2", 20000, 5000);
}

/* The width and height a PNG file says it has. */
static void
png_size (const char *path, guint *width, guint *height)
{
  g_autofree guint8 *data = NULL;
  gsize              len = 0;

  g_assert_true (g_file_get_contents (path, (char **)&data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  *width = GUINT32_FROM_BE (*(guint32 *)(data + 16));
  *height = GUINT32_FROM_BE (*(guint32 *)(data + 20));
}

/* render writes a PNG of the asked size; the dark style is another picture;
 * a bad size or range is a usage error, an unreadable profile exit 1, and
 * neither leaves a file behind. */
static void
test_render (void)
{
  g_autofree char  *path = data_path ("real", "hta_amd_mi250_rocm62_minitoy.json.gz");
  g_autofree char  *broken = data_path ("bad", "broken-first-event.json");
  g_autofree char  *dir = g_dir_make_tmp ("strata-cli-XXXXXX", NULL);
  g_autofree char  *light = g_build_filename (dir, "light.png", NULL);
  g_autofree char  *dark = g_build_filename (dir, "dark.png", NULL);
  g_autofree char  *bad = g_build_filename (dir, "bad.png", NULL);
  g_autofree char  *a = NULL, *b = NULL;
  g_auto (StCliRun) run = { 0 };
  g_auto (StCliRun) run_dark = { 0 };
  g_auto (StCliRun) bad_size = { 0 };
  g_auto (StCliRun) bad_range = { 0 };
  g_auto (StCliRun) unreadable = { 0 };
  gsize             la = 0, lb = 0;
  guint             w, h;

  run_cli (&run, "render", path, "-o", light, "--size", "800x500", "--range", "0:2000000", NULL);
  g_assert_cmpint (run.status, ==, 0);
  png_size (light, &w, &h);
  g_assert_cmpuint (w, ==, 800);
  g_assert_cmpuint (h, ==, 500);
  run_cli (&run_dark, "render", path, "-o", dark, "--size", "800x500", "--range", "0:2000000",
           "--dark", NULL);
  g_assert_cmpint (run_dark.status, ==, 0);
  g_assert_true (g_file_get_contents (light, &a, &la, NULL));
  g_assert_true (g_file_get_contents (dark, &b, &lb, NULL));
  g_assert_false (la == lb && memcmp (a, b, la) == 0);

  run_cli (&bad_size, "render", path, "-o", bad, "--size", "800by500", NULL);
  run_cli (&bad_range, "render", path, "-o", bad, "--range", "500:100", NULL);
  run_cli (&unreadable, "render", broken, "-o", bad, NULL);
  g_assert_cmpint (bad_size.status, ==, 2);
  g_assert_cmpint (bad_range.status, ==, 2);
  g_assert_cmpint (unreadable.status, ==, 1);
  g_assert_true (g_str_has_prefix (unreadable.err, "strata-cli: "));
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  g_unlink (light);
  g_unlink (dark);
  g_rmdir (dir);
}

static void
test_regions_text (void)
{
  g_autofree char  *path = data_path ("highlight", "launches.json");
  g_auto (StCliRun) run = { 0 };

  run_cli (&run, "regions", path, "--method", "stack", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "40000            50000"));
  g_assert_nonnull (strstr (run.out, "model.py(20): mlp (1)\n"));
  g_assert_nonnull (strstr (run.out, "model.py(20): mlp (3)\n"));
  g_assert_nonnull (strstr (run.err, "3 regions"));
}

/* -o writes a region file the window loads; --json prints the same. */
static void
test_regions_file (void)
{
  g_autofree char       *path = data_path ("highlight", "device-collectives.json");
  g_autoptr (GError)     error = NULL;
  g_autofree char       *dir = g_dir_make_tmp ("strata-cli-XXXXXX", &error);
  g_autofree char       *out = g_build_filename (dir, "regions.json", NULL);
  g_autofree char       *written = NULL;
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) printed = json_parser_new ();
  JsonObject            *o, *region;
  JsonArray             *regions;

  run_cli (&run, "regions", path, "--method", "collectives", "-o", out, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &written, NULL, &error));
  o = st_cli_test_parse (parser, written);
  g_assert_cmpint (json_object_get_int_member (o, "version"), ==, 1);
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (o, "profile"), "size"), >, 0);
  regions = json_object_get_array_member (o, "regions");
  g_assert_cmpuint (json_array_get_length (regions), ==, 2);
  region = json_array_get_object_element (regions, 1);
  /* The ReduceScatter #2 ending where AllReduce #3 starts leaves an empty
   * gap (1 ns for bursts) beside gaps of 130 and 170 µs: a ratio of
   * 130 000 with two gaps above, so #2 and #3 are one burst
   * (docs/metrics.md 5.1). */
  g_assert_cmpstr (json_object_get_string_member (region, "name"), ==,
                   "AllReduce+ReduceScatter #2–#3 → SendRecv #4");
  g_assert_cmpint (json_object_get_int_member (region, "start_ns"), ==, 330000);
  g_assert_cmpint (json_object_get_int_member (region, "end_ns"), ==, 500000);
  g_assert_cmpstr (json_object_get_string_member (region, "method"), ==, "collectives");
  o = st_cli_test_parse (printed, run.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "regions")), ==, 2);
  g_unlink (out);
  g_rmdir (dir);
}

static void
test_regions_config (void)
{
  g_autofree char   *path = data_path ("highlight", "launches.json");
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-cli-XXXXXX", &error);
  g_autofree char   *config = g_build_filename (dir, "forward.json", NULL);
  g_auto (StCliRun)  run = { 0 };
  g_auto (StCliRun)  clash = { 0 };

  g_assert_true (g_file_set_contents (config,
                                      "{\"version\": 1, \"method\": \"stack\", "
                                      "\"frame\": \"*forward\"}",
                                      -1, &error));
  run_cli (&run, "regions", path, "--config", config, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "model.py(10): forward (2)"));
  g_assert_null (strstr (run.out, "mlp"));
  run_cli (&clash, "regions", path, "--config", config, "--method", "hierarchy", NULL);
  g_assert_cmpint (clash.status, ==, 2);
  g_assert_nonnull (strstr (clash.err, "disagrees"));
  g_unlink (config);
  g_rmdir (dir);
}

/* "bursts": false in --config gives every gap: the empty one between
 * ReduceScatter #2 and AllReduce #3 is no region, and #2 and #3 stay
 * apart (with bursts they join: test_regions_file). */
static void
test_regions_bursts (void)
{
  g_autofree char   *path = data_path ("highlight", "device-collectives.json");
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-cli-XXXXXX", &error);
  g_autofree char   *config = g_build_filename (dir, "every-gap.json", NULL);
  g_auto (StCliRun)  run = { 0 };

  g_assert_true (g_file_set_contents (
      config, "{\"version\": 1, \"method\": \"collectives\", \"bursts\": false}", -1, &error));
  run_cli (&run, "regions", path, "--config", config, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "AllReduce+AllGather #1 → ReduceScatter #2\n"));
  g_assert_nonnull (strstr (run.out, "AllReduce #3 → SendRecv #4\n"));
  g_assert_nonnull (strstr (run.err, "2 regions"));
  g_unlink (config);
  g_rmdir (dir);
}

/* A method whose data is missing: no regions, exit 0, the reason on stderr. */
static void
test_regions_missing (void)
{
  g_autofree char  *path = data_path ("highlight", "flat.json");
  g_auto (StCliRun) run = { 0 };
  g_auto (StCliRun) bad = { 0 };

  run_cli (&run, "regions", path, "--method", "collectives", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "This profile has no collective operations"));
  run_cli (&bad, "regions", path, "--method", "layers", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "unknown method"));
}

/* A Neuron device profile: its format, its core and its summary metadata. */
static void
test_info_neuron (void)
{
  g_autofree char       *path = data_path ("neuron", "negative-duration.json");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *track;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "format"), ==, "neuron-json");
  g_assert_cmpstr (json_object_get_string_member (o, "flavor"), ==, "device-profile");
  g_assert_cmpint (json_object_get_int_member (o, "slices"), ==, 3);
  track = json_array_get_object_element (json_object_get_array_member (o, "track_list"), 0);
  g_assert_cmpstr (json_object_get_string_member (track, "process"), ==, "NeuronCore 0");
  g_assert_cmpstr (json_object_get_string_member (track, "track"), ==, "Tensor");
}

/* A rocprofv3 profile (tests/data/rocprof/908_results.json, small and
 * hand-made): 4 dispatches, 3 HIP calls, an RCCL call, a marker range and 3
 * copies are its 12 slices; the call of correlation id 1 launched two
 * dispatches and that of id 2 one (3 flows); the RCCL kernel's launch lies
 * inside ncclAllReduce, so it is an AllReduce. */
static void
test_rocprof (void)
{
  g_autofree char       *path = data_path ("rocprof", "908_results.json");
  g_auto (StCliRun)      info = { 0 };
  g_auto (StCliRun)      summary = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) summary_parser = json_parser_new ();
  JsonObject            *o, *collective;

  run_cli (&info, "info", "--json", path, NULL);
  g_assert_cmpint (info.status, ==, 0);
  o = st_cli_test_parse (parser, info.out);
  g_assert_cmpstr (json_object_get_string_member (o, "format"), ==, "rocprof-json");
  g_assert_cmpstr (json_object_get_string_member (o, "flavor"), ==, "rocprofv3");
  g_assert_cmpint (json_object_get_int_member (o, "slices"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (o, "flows"), ==, 3);
  run_cli (&summary, "summary", "--json", path, NULL);
  g_assert_cmpint (summary.status, ==, 0);
  o = st_cli_test_parse (summary_parser, summary.out);
  collective = json_array_get_object_element (json_object_get_array_member (o, "collectives"), 0);
  g_assert_cmpstr (json_object_get_string_member (collective, "type"), ==, "allreduce");
  g_assert_cmpint (json_object_get_int_member (collective, "count"), ==, 1);
}

/* A Neuron Explorer profile's folder is a profile (two NeuronCores, 72
 * instructions and 24 DMA packets each: tests/data/neuron-parquet); any
 * other folder keeps its one line. */
static void
test_info_neuron_parquet (void)
{
  g_autofree char       *path = data_path ("neuron-parquet", "profile");
  g_autofree char       *other = data_path ("neuron-parquet", "not-a-profile");
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      folder = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "format"), ==, "neuron-parquet");
  g_assert_cmpint (json_object_get_int_member (o, "processes"), ==, 2);
  run_cli (&folder, "info", other, NULL);
  g_assert_cmpint (folder.status, ==, 1);
  g_assert_nonnull (strstr (folder.err, "this is a folder; open a trace file inside it."));
  g_assert_cmpint (strchr (folder.err, '\n') - folder.err, ==, strlen (folder.err) - 1);
}

static JsonObject *
metric_of (JsonObject *summary, const char *id)
{
  JsonArray *metrics = json_object_get_array_member (summary, "metrics");

  for (guint i = 0; i < json_array_get_length (metrics); i++)
    {
      JsonObject *m = json_array_get_object_element (metrics, i);

      if (g_str_equal (json_object_get_string_member (m, "id"), id))
        return m;
    }
  g_error ("no metric %s", id);
  return NULL;
}

/* The Summary page as JSON: the range, metrics with their group, unit and
 * source, collective groups, operations and recommendations. */
static void
test_summary_json (void)
{
  g_autofree char       *path = data_path ("summary", "basic.json");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *range, *m, *group, *rec;

  run_cli (&run, "summary", path, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  range = json_object_get_object_member (o, "range");
  g_assert_cmpint (json_object_get_int_member (range, "start_ns"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (range, "end_ns"), ==, 500000);
  g_assert_cmpstr (json_object_get_string_member (range, "name"), ==, "Whole profile");
  m = metric_of (o, "device_busy_percent");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (m, "value"), 82.0, 1e-9);
  g_assert_cmpstr (json_object_get_string_member (m, "group"), ==, "compute");
  g_assert_cmpstr (json_object_get_string_member (m, "unit"), ==, "percent");
  g_assert_cmpstr (json_object_get_string_member (m, "source"), ==, "derived");
  m = metric_of (o, "memcpy_bytes");
  g_assert_cmpint (json_object_get_int_member (m, "value"), ==, 1000);
  g_assert_cmpstr (json_object_get_string_member (m, "unit"), ==, "bytes");
  group = json_array_get_object_element (json_object_get_array_member (o, "collectives"), 0);
  g_assert_cmpstr (json_object_get_string_member (group, "label"), ==, "AllReduce · 4 KiB");
  g_assert_cmpint (json_object_get_int_member (group, "count"), ==, 2);
  /* two instances: too few to call either an outlier (docs/metrics.md 3.1) */
  g_assert_cmpint (json_object_get_int_member (group, "outliers"), ==, 0);
  g_assert_cmpstr (
      json_object_get_string_member (
          json_array_get_object_element (json_object_get_array_member (o, "operations"), 0),
          "name"),
      ==, "ProfilerStep#1");
  /* docs/metrics.md 16 on basic.json, by hand: GPU 0's states are compute
   * [0, 100), communication alone [100, 150) and [200, 250), compute
   * [150, 200), idle [250, 300) (the copy's launch at 260 came after: a
   * host gap), memory [300, 360), idle [360, 400) (the GEMM was launched at
   * 350, before: unexplained), compute [400, 500). No gap is long (1 ms).
   * The best cut is at 400 µs ((0.775 − 1)² × 0.8 × 0.2 against 0.0003 at
   * 300); [0, 400) then cuts at 300. [0, 300): communication alone 100 µs ≥
   * a quarter and more than any idle: communication-bound; [300, 400): busy
   * 60 %, idle 40 µs unexplained: idle; [400, 500): device-bound. The bound
   * is the kind with the most time, communication-bound (300 µs), and it
   * says its 100 µs alone, a third of the phase. */
  rec = json_array_get_object_element (json_object_get_array_member (o, "recommendations"), 0);
  g_assert_cmpstr (json_object_get_string_member (rec, "rule"), ==, "communication-bound");
  g_assert_nonnull (strstr (json_object_get_string_member (rec, "measured"),
                            "0 ns–300.0 µs (300.0 µs): communication ran with no compute to hide "
                            "it for 100.0 µs (33.3 %)"));
  g_assert_cmpint (json_object_get_int_member (rec, "time_at_stake_ns"), ==, 100000);
  g_assert_true (json_object_has_member (rec, "action"));
}

/* The operations tables of docs/metrics.md 7 on tests/data/operations/
 * nested.json (its rows are derived in tests/model/test-operations.c):
 * "operations" (host ops) opens with the largest self time: matmul's
 * three slices (100, 100 and 50 µs, nothing inside them), 25 % of the
 * table's 1 000 µs of self time; "kernels" with gemm, twice 100 µs, 200 of
 * the table's 300 µs. */
static void
test_summary_operations_json (void)
{
  g_autofree char       *path = data_path ("operations", "nested.json");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *matmul, *gemm;

  run_cli (&run, "summary", path, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  matmul = json_array_get_object_element (json_object_get_array_member (o, "operations"), 0);
  g_assert_cmpstr (json_object_get_string_member (matmul, "name"), ==, "matmul");
  g_assert_cmpint (json_object_get_int_member (matmul, "count"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (matmul, "total_ns"), ==, 250000);
  g_assert_cmpint (json_object_get_int_member (matmul, "self_ns"), ==, 250000);
  g_assert_cmpint (json_object_get_int_member (matmul, "min_ns"), ==, 50000);
  g_assert_cmpint (json_object_get_int_member (matmul, "max_ns"), ==, 100000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (matmul, "share_percent"), 25,
                                  1e-9);
  gemm = json_array_get_object_element (json_object_get_array_member (o, "kernels"), 0);
  g_assert_cmpstr (json_object_get_string_member (gemm, "name"), ==, "gemm");
  g_assert_cmpint (json_object_get_int_member (gemm, "count"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (gemm, "self_ns"), ==, 200000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (gemm, "share_percent"),
                                  100.0 * 200 / 300, 1e-9);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "kernels")), ==, 4);
}

/* A region by its bounds, and by name from a region file; absent metrics
 * are null. */
static void
test_summary_regions (void)
{
  g_autofree char       *path = data_path ("summary", "basic.json");
  g_autofree char       *host = data_path ("summary", "host-only.json");
  g_autoptr (GError)     error = NULL;
  g_autofree char       *dir = g_dir_make_tmp ("strata-cli-XXXXXX", &error);
  g_autofree char       *regions = g_build_filename (dir, "regions.json", NULL);
  g_auto (StCliRun)      bounds = { 0 };
  g_auto (StCliRun)      named = { 0 };
  g_auto (StCliRun)      missing = { 0 };
  g_auto (StCliRun)      hosted = { 0 };
  g_autoptr (JsonParser) p1 = json_parser_new ();
  g_autoptr (JsonParser) p2 = json_parser_new ();
  g_autoptr (JsonParser) p3 = json_parser_new ();
  JsonObject            *a, *b, *h;

  g_assert_true (g_file_set_contents (regions,
                                      "{\"version\": 1, \"regions\": [{\"name\": "
                                      "\"middle\", \"start_ns\": 80000, \"end_ns\": 420000, "
                                      "\"method\": \"manual\"}]}",
                                      -1, &error));
  run_cli (&bounds, "summary", path, "--region", "80000:420000", "--json", NULL);
  run_cli (&named, "summary", path, "--regions", regions, "--name", "middle", "--json", NULL);
  run_cli (&missing, "summary", path, "--regions", regions, "--name", "nowhere", NULL);
  run_cli (&hosted, "summary", host, "--json", NULL);
  g_assert_cmpint (bounds.status, ==, 0);
  g_assert_cmpint (named.status, ==, 0);
  a = st_cli_test_parse (p1, bounds.out);
  b = st_cli_test_parse (p2, named.out);
  g_assert_cmpint (json_object_get_int_member (metric_of (a, "kernel_count"), "value"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (metric_of (b, "kernel_count"), "value"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (metric_of (b, "exposed_communication_ns"), "value"),
                   ==, 100000);
  g_assert_cmpstr (
      json_object_get_string_member (json_object_get_object_member (b, "range"), "name"), ==,
      "middle");
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_nonnull (strstr (missing.err, "nowhere"));
  h = st_cli_test_parse (p3, hosted.out);
  g_assert_true (json_object_get_null_member (metric_of (h, "device_busy_percent"), "value"));
  g_unlink (regions);
  g_rmdir (dir);
}

/* The collectives of a region summarised from a region file of the
 * collectives method, by name, as a script does (docs/metrics.md 3.1: a
 * collective counted in a range overlaps it on the device, so the count
 * and the communication time agree). @path's region @name has
 * @collectives of them and @communication_ns of communication. */
static void
assert_region_collectives (const char *path,
                           const char *config,
                           const char *dir,
                           const char *name,
                           gint64      collectives,
                           gint64      communication_ns)
{
  g_autofree char       *regions = g_build_filename (dir, "between.json", NULL);
  g_auto (StCliRun)      found = { 0 };
  g_auto (StCliRun)      summary = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o;

  if (config != NULL)
    run_cli (&found, "regions", path, "--config", config, "-o", regions, NULL);
  else
    run_cli (&found, "regions", path, "--method", "collectives", "-o", regions, NULL);
  g_assert_cmpint (found.status, ==, 0);
  run_cli (&summary, "summary", path, "--regions", regions, "--name", name, "--json", NULL);
  g_assert_cmpint (summary.status, ==, 0);
  o = st_cli_test_parse (parser, summary.out);
  g_assert_cmpint (json_object_get_int_member (metric_of (o, "collective_count"), "value"), ==,
                   collectives);
  g_assert_cmpint (json_object_get_int_member (metric_of (o, "communication_time_ns"), "value"), ==,
                   communication_ns);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "collectives")), ==,
                    collectives);
  g_unlink (regions);
}

/* between-collectives.json: all-reduces at [10, 30) and [70, 90) µs on
 * the device, the second launched by the host at 42: the region between
 * them, [30, 70), has no collective and no communication. The trace
 * written here has the same all-reduces and an all-gather at [60, 75)
 * on another stream; regions between all-reduces only ("types") give
 * the same [30, 70), which the all-gather overlaps at its end: 1
 * collective, 10 µs. */
static void
test_summary_between_collectives (void)
{
  g_autofree char   *path = data_path ("summary", "between-collectives.json");
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-cli-XXXXXX", &error);
  g_autofree char   *edge = g_build_filename (dir, "edge.json", NULL);
  g_autofree char   *config = g_build_filename (dir, "allreduce.json", NULL);

  g_assert_no_error (error);
  assert_region_collectives (path, NULL, dir, "AllReduce #1 → AllReduce #2", 0, 0);
  g_assert_true (g_file_set_contents (
      edge,
      "{\"traceEvents\": [\n"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {\"name\": \"GPU 0\"}},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, "
      "\"ts\": 0, \"dur\": 5},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", "
      "\"pid\": 0, \"tid\": 13, \"ts\": 10, \"dur\": 20},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", "
      "\"pid\": 0, \"tid\": 13, \"ts\": 70, \"dur\": 20},\n"
      "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllGather_RING_LL\", "
      "\"pid\": 0, \"tid\": 14, \"ts\": 60, \"dur\": 15}\n"
      "]}\n",
      -1, &error));
  g_assert_true (g_file_set_contents (
      config, "{\"version\": 1, \"method\": \"collectives\", \"types\": [\"allreduce\"]}", -1,
      &error));
  assert_region_collectives (edge, config, dir, "AllReduce #1 → AllReduce #2", 1, 10000);
  g_unlink (edge);
  g_unlink (config);
  g_rmdir (dir);
}

/* docs/metrics.md 10 and 11 in summary --json, on tests/data/summary/
 * basic.json, by hand. Stream 7: runs [0, 100), [150, 200), [300, 360)
 * (the copy and the memset touch), [400, 500). The gap [100, 150) opens
 * on a kernel without a launch call: other; [200, 300) on the copy
 * launched at 260, after the stream went idle: host wait; [360, 400) on
 * the gemm launched at 350, queued, no wait since the copy's launch:
 * other. Launch delays 40 (the copy) and 50 (the gemm); the queue is 1
 * from 260 to 500. Stream 13 has no launch call: its gap [250, 450) is
 * other, and nothing is queued on it. The GPU communicates [50, 250) and
 * [450, 480), 230 µs, 130 of them under compute ([50, 100), [150, 200),
 * [450, 480)). */
static void
test_summary_streams_json (void)
{
  g_autofree char       *path = data_path ("summary", "basic.json");
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      text = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *s7, *s13, *overlap, *gpu;
  JsonArray             *streams, *bins;

  run_cli (&run, "summary", path, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  streams = json_object_get_array_member (o, "streams");
  g_assert_cmpuint (json_array_get_length (streams), ==, 2);
  s7 = json_array_get_object_element (streams, 0);
  s13 = json_array_get_object_element (streams, 1);
  /* in the order of the device's tracks in the profile */
  if (g_str_equal (json_object_get_string_member (s7, "label"), "GPU 0 (pid 0) / stream 13"))
    {
      JsonObject *t = s7;

      s7 = s13;
      s13 = t;
    }
  g_assert_cmpstr (json_object_get_string_member (s7, "label"), ==, "GPU 0 (pid 0) / stream 7");
  g_assert_cmpstr (json_object_get_string_member (s7, "device"), ==, "GPU 0 (pid 0)");
  g_assert_cmpint (json_object_get_int_member (s7, "busy_ns"), ==, 310000);
  g_assert_cmpint (json_object_get_int_member (s7, "idle_ns"), ==, 190000);
  g_assert_cmpint (json_object_get_int_member (s7, "gaps"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (s7, "host_wait_ns"), ==, 100000);
  g_assert_cmpint (json_object_get_int_member (s7, "stream_wait_ns"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (s7, "other_ns"), ==, 90000);
  g_assert_cmpint (json_object_get_int_member (s7, "launches"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (s7, "launch_delay_p50_ns"), ==, 40000);
  g_assert_cmpint (json_object_get_int_member (s7, "launch_delay_p90_ns"), ==, 50000);
  g_assert_cmpint (json_object_get_int_member (s7, "launch_delay_max_ns"), ==, 50000);
  g_assert_cmpint (json_object_get_int_member (s7, "queue_max"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (s13, "other_ns"), ==, 200000);
  g_assert_cmpint (json_object_get_int_member (s13, "launches"), ==, 0);
  g_assert_true (json_object_get_null_member (s13, "launch_delay_p50_ns"));
  g_assert_cmpint (json_object_get_int_member (s13, "queue_max"), ==, 0);
  /* 100 of the 390 µs the two streams idle */
  g_assert_cmpfloat_with_epsilon (
      json_object_get_double_member (metric_of (o, "idle_host_wait_percent"), "value"),
      100.0 * 100 / 390, 1e-9);

  overlap = json_object_get_object_member (o, "overlap");
  gpu = json_array_get_object_element (json_object_get_array_member (overlap, "devices"), 0);
  g_assert_cmpint (json_object_get_int_member (gpu, "communication_ns"), ==, 230000);
  g_assert_cmpint (json_object_get_int_member (gpu, "overlapped_ns"), ==, 130000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (gpu, "overlap_percent"),
                                  100.0 * 130 / 230, 1e-9);
  g_assert_false (json_object_has_member (overlap, "ranks"));
  /* 50 bins of 10 µs: [50, 60) all overlapped, [120, 130) none, [300, 310)
   * no communication */
  bins = json_object_get_array_member (overlap, "bins");
  g_assert_cmpuint (json_array_get_length (bins), ==, 50);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (bins, 5), "start_ns"),
                   ==, 50000);
  g_assert_cmpfloat (
      json_object_get_double_member (json_array_get_object_element (bins, 5), "overlap_percent"),
      ==, 100);
  g_assert_cmpfloat (
      json_object_get_double_member (json_array_get_object_element (bins, 12), "overlap_percent"),
      ==, 0);
  g_assert_true (
      json_object_get_null_member (json_array_get_object_element (bins, 30), "overlap_percent"));

  /* the text says the same */
  run_cli (&text, "summary", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "Idle time by stream"));
  g_assert_nonnull (strstr (text.out, "100.0 µs (52.6%)"));
  g_assert_nonnull (strstr (text.out, "Communication overlapped by compute"));
  g_assert_nonnull (strstr (text.out, "56.5%"));
}

/* Text: recommendations first, then the tables; usage errors exit 2. */
static void
test_summary_text (void)
{
  g_autofree char  *path = data_path ("summary", "host-only.json");
  g_auto (StCliRun) run = { 0 };
  g_auto (StCliRun) both = { 0 };
  g_auto (StCliRun) bad = { 0 };

  run_cli (&run, "summary", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Performance insights and recommendations"));
  g_assert_nonnull (strstr (run.out, "not in this profile"));
  g_assert_nonnull (strstr (run.out, "AllReduce · 512 B"));
  g_assert_nonnull (strstr (run.out, "c10d::allreduce_"));
  run_cli (&both, "summary", path, "--region", "0:10", "--regions", "x.json", "--name", "a", NULL);
  g_assert_cmpint (both.status, ==, 2);
  run_cli (&bad, "summary", path, "--region", "10:5", NULL);
  g_assert_cmpint (bad.status, ==, 2);
}

/* info --merge: the ranks as one profile, each file's shift on the clock. */
static void
test_info_merge (void)
{
  g_autofree char       *rank0 = data_path ("real", "hta_sampled_rank0.json.gz");
  g_autofree char       *rank1 = data_path ("real", "hta_sampled_rank1.json.gz");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *f1;
  JsonArray             *files, *processes;

  run_cli (&run, "info", "--merge", "--json", rank0, rank1, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpint (json_object_get_int_member (o, "slices"), ==, 4811 + 4676);
  g_assert_cmpstr (json_object_get_string_member (o, "alignment"), ==, "clock");
  files = json_object_get_array_member (o, "files");
  g_assert_cmpuint (json_array_get_length (files), ==, 2);
  f1 = json_array_get_object_element (files, 1);
  g_assert_cmpstr (json_object_get_string_member (f1, "label"), ==, "rank 1");
  g_assert_cmpint (json_object_get_int_member (f1, "shift_ns"), ==, 553000);
  processes = json_object_get_array_member (o, "process_list");
  g_assert_true (g_str_has_prefix (
      json_object_get_string_member (json_array_get_object_element (processes, 0), "name"),
      "rank 0 \302\267 "));
  g_assert_true (json_object_has_member (json_object_get_object_member (o, "metadata"),
                                         "rank 1/distributedInfo"));
}

/* --align collective lines up the first NCCL kernels; bad --align is a
 * usage error. */
static void
test_info_merge_align (void)
{
  g_autofree char       *rank0 = data_path ("real", "hta_sampled_rank0.json.gz");
  g_autofree char       *rank1 = data_path ("real", "hta_sampled_rank1.json.gz");
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      bad = { 0 };
  g_auto (StCliRun)      unmerged = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *f0, *f1;
  JsonArray             *files;

  run_cli (&run, "info", "--merge", "--align", "collective", "--json", rank0, rank1, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  g_assert_cmpstr (json_object_get_string_member (o, "alignment"), ==, "collective");
  files = json_object_get_array_member (o, "files");
  f0 = json_array_get_object_element (files, 0);
  f1 = json_array_get_object_element (files, 1);
  g_assert_cmpint (json_object_get_int_member (f0, "shift_ns")
                       + json_object_get_int_member (f0, "first_collective_ns"),
                   ==,
                   json_object_get_int_member (f1, "shift_ns")
                       + json_object_get_int_member (f1, "first_collective_ns"));

  run_cli (&bad, "info", "--merge", "--align", "sideways", rank0, rank1, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "clock or collective"));
  run_cli (&unmerged, "info", "--align", "clock", rank0, rank1, NULL);
  g_assert_cmpint (unmerged.status, ==, 2);
}

/* regions FILE…: one profile; a collective is the k-th of its type on
 * every rank, so the regions are where no rank is in one. The files'
 * NCCL kernels are all SendRecv kernels; their type is their host op's
 * (docs/metrics.md 1.6): on both ranks the first two are launched inside
 * nccl:all_to_all, the next inside nccl:all_reduce, so the first gap runs
 * from the all-to-alls (merged across the ranks: one) to the first
 * all-reduce; the typed collectives leave 7 such gaps. */
static void
test_regions_several_files (void)
{
  g_autofree char  *rank0 = data_path ("real", "hta_sampled_rank0.json.gz");
  g_autofree char  *rank1 = data_path ("real", "hta_sampled_rank1.json.gz");
  g_auto (StCliRun) run = { 0 };

  run_cli (&run, "regions", "--method", "collectives", rank0, rank1, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "7 regions"));
  g_assert_nonnull (strstr (run.out, "     1048970000       1068915000"));
  g_assert_nonnull (strstr (run.out, "AllToAll #1 \342\206\222 AllReduce #2\n"));
}

/* summary of the two HTA ranks as one profile: a row per rank with its own
 * busy share, and each of the 10 SendRecvs matched across the ranks with
 * the rank that started it last (rank 1 in 8 of them). */
static void
test_summary_ranks (void)
{
  g_autofree char       *rank0 = data_path ("real", "hta_sampled_rank0.json.gz");
  g_autofree char       *rank1 = data_path ("real", "hta_sampled_rank1.json.gz");
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      text = { 0 };
  g_auto (StCliRun)      one = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) one_parser = json_parser_new ();
  JsonArray             *ranks, *matched;
  JsonObject            *r0, *r1;

  run_cli (&run, "summary", "--json", rank0, rank1, NULL);
  g_assert_cmpint (run.status, ==, 0);
  ranks = json_object_get_array_member (st_cli_test_parse (parser, run.out), "ranks");
  g_assert_cmpuint (json_array_get_length (ranks), ==, 2);
  r0 = json_array_get_object_element (ranks, 0);
  r1 = json_array_get_object_element (ranks, 1);
  g_assert_cmpstr (json_object_get_string_member (r0, "label"), ==, "rank 0");
  g_assert_cmpstr (json_object_get_string_member (r1, "label"), ==, "rank 1");
  g_assert_cmpfloat (json_object_get_double_member (r0, "device_busy_percent"), >, 40);
  g_assert_cmpfloat (json_object_get_double_member (r0, "device_busy_percent"), <, 50);
  g_assert_cmpint (json_object_get_int_member (r0, "communication_time_ns"), >,
                   json_object_get_int_member (r0, "exposed_communication_ns"));
  g_assert_cmpint (json_object_get_int_member (r0, "slowest_count"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (r1, "slowest_count"), ==, 8);
  matched = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "rank_collectives");
  g_assert_cmpuint (json_array_get_length (matched), ==, 10);
  /* the first matched is each rank's first all-to-all (see
   * test_regions_several_files: SendRecv kernels under nccl:all_to_all) */
  g_assert_cmpstr (
      json_object_get_string_member (json_array_get_object_element (matched, 0), "label"), ==,
      "AllToAll #1");

  run_cli (&text, "summary", rank0, rank1, NULL);
  g_assert_cmpint (text.status, ==, 0);
  /* the ranks' busy shares are of their device time (docs/metrics.md 2.2) */
  g_assert_nonnull (strstr (text.out, "\nRanks (% of device time)\n"));
  g_assert_nonnull (strstr (text.out, "8 of 10"));
  g_assert_nonnull (strstr (text.out, "AllToAll #4"));

  /* one file: no rows per rank */
  run_cli (&one, "summary", "--json", rank0, NULL);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                        st_cli_test_parse (one_parser, one.out), "ranks")),
                    ==, 0);
}

/* The four hand-made ranks on skewed clocks, aligned on their first
 * collective (see tests/model/test-profile-merge.c, load_four_ranks): the
 * second all-reduce starts on every rank within 900 ns, so it has no
 * straggler, null in the JSON with the spread as late_ns, and "—" in the
 * text, which says one had none. */
static void
test_summary_no_straggler (void)
{
  g_auto (GStrv)         paths = g_new0 (char *, 5);
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      text = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray             *matched;
  JsonObject            *first, *second;
  const char            *at;
  g_autofree char       *line = NULL;

  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *name = g_strdup_printf ("skewed-rank%u.json", r);

      paths[r] = data_path ("device-work", name);
    }
  run_cli (&run, "summary", "--json", "--align", "collective", paths[0], paths[1], paths[2],
           paths[3], NULL);
  g_assert_cmpint (run.status, ==, 0);
  matched = json_object_get_array_member (st_cli_test_parse (parser, run.out), "rank_collectives");
  g_assert_cmpuint (json_array_get_length (matched), ==, 5);
  first = json_array_get_object_element (matched, 0);
  second = json_array_get_object_element (matched, 1);
  g_assert_cmpstr (json_object_get_string_member (first, "slowest_label"), ==, "rank 2");
  g_assert_cmpint (json_object_get_int_member (first, "slowest_file"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (first, "late_ns"), ==, 200000);
  g_assert_cmpstr (json_object_get_string_member (second, "label"), ==, "AllReduce #2");
  g_assert_true (json_object_get_null_member (second, "slowest_file"));
  g_assert_true (json_object_get_null_member (second, "slowest_label"));
  g_assert_cmpint (json_object_get_int_member (second, "late_ns"), ==, 900);

  run_cli (&text, "summary", "--align", "collective", paths[0], paths[1], paths[2], paths[3], NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "AllReduce #1 "));
  at = strstr (text.out, "AllReduce #2 ");
  g_assert_nonnull (at);
  line = g_strndup (at, strcspn (at, "\n"));
  g_assert_nonnull (strstr (line, " — "));
  g_assert_true (g_str_has_suffix (line, " 900 ns"));
  g_assert_nonnull (strstr (text.out, "\n1 collective matched across ranks had no straggler"));
  g_assert_nonnull (strstr (text.out, "2 of 5"));
  g_assert_nonnull (strstr (text.out, "0 of 5"));
}

/* Two of the device-work traces through `summary --json` (see
 * tests/model/test-device-work.c): symm-mem.json's multimem all-reduce,
 * 20 µs, is one AllReduce and all of the communication; in
 * two-gpus.json, GPU 0 is busy 200 of 400 µs (50 %), GPU 1 200 of 200
 * (100 %), and the profile reads their mean, 75 %. */
static void
test_summary_device_work (void)
{
  g_autofree char       *symm = data_path ("device-work", "symm-mem.json");
  g_autofree char       *gpus = data_path ("device-work", "two-gpus.json");
  g_auto (StCliRun)      run = { 0 };
  g_auto (StCliRun)      two = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) parser2 = json_parser_new ();
  JsonObject            *summary, *group;
  JsonArray             *devices;

  run_cli (&run, "summary", "--json", symm, NULL);
  g_assert_cmpint (run.status, ==, 0);
  summary = st_cli_test_parse (parser, run.out);
  g_assert_cmpint (
      json_object_get_int_member (metric_of (summary, "communication_time_ns"), "value"), ==,
      20000);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (summary, "collectives")),
                    ==, 1);
  group = json_array_get_object_element (json_object_get_array_member (summary, "collectives"), 0);
  g_assert_cmpstr (json_object_get_string_member (group, "type"), ==, "allreduce");
  g_assert_cmpint (json_object_get_int_member (group, "count"), ==, 1);

  run_cli (&two, "summary", "--json", gpus, NULL);
  g_assert_cmpint (two.status, ==, 0);
  summary = st_cli_test_parse (parser2, two.out);
  g_assert_cmpfloat (
      json_object_get_double_member (metric_of (summary, "device_busy_percent"), "value"), ==, 75);
  devices = json_object_get_array_member (summary, "devices");
  g_assert_cmpuint (json_array_get_length (devices), ==, 2);
  g_assert_cmpfloat (
      json_object_get_double_member (json_array_get_object_element (devices, 0), "busy_percent"),
      ==, 50);
  g_assert_cmpfloat (
      json_object_get_double_member (json_array_get_object_element (devices, 1), "busy_percent"),
      ==, 100);
}

/* Two events whose span does not fit in 64-bit nanoseconds (made here):
 * `summary` gives its summary or one line naming the file, never a crash
 * or an error without a message. */
static void
test_summary_huge_span (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-cli-XXXXXX", &error);
  g_autofree char   *path = g_build_filename (dir, "span.json", NULL);
  g_auto (StCliRun)  run = { 0 };

  g_assert_true (g_file_set_contents (
      path,
      "{\"traceEvents\": ["
      "{\"name\": \"a\", \"ph\": \"X\", \"ts\": -5000000000000000, \"dur\": 1, \"pid\": 1, "
      "\"tid\": 1},"
      "{\"name\": \"b\", \"ph\": \"X\", \"ts\": 5000000000000000, \"dur\": 1, \"pid\": 1, "
      "\"tid\": 1}]}",
      -1, &error));
  run_cli (&run, "summary", path, NULL);
  g_assert_cmpint (run.status, >=, 0);
  g_assert_cmpint (run.status, <=, 1);
  if (run.status == 1)
    {
      g_assert_true (g_str_has_prefix (run.err, "strata-cli: "));
      g_assert_nonnull (strstr (run.err, "span.json"));
      g_assert_cmpint (strchr (run.err, '\n') - run.err, ==, strlen (run.err) - 1); /* one line */
    }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/info/json", test_info_json);
  g_test_add_func ("/cli/info/kineto-metadata", test_info_kineto_metadata);
  g_test_add_func ("/cli/info/warnings", test_info_warnings);
  g_test_add_func ("/cli/info/several-files", test_several_files);
  g_test_add_func ("/cli/info/unreadable", test_unreadable_file);
  g_test_add_func ("/cli/search/json", test_search_json);
  g_test_add_func ("/cli/search/args", test_search_args);
  g_test_add_func ("/cli/render", test_render);
  g_test_add_func ("/cli/regions/text", test_regions_text);
  g_test_add_func ("/cli/regions/file", test_regions_file);
  g_test_add_func ("/cli/regions/config", test_regions_config);
  g_test_add_func ("/cli/regions/bursts", test_regions_bursts);
  g_test_add_func ("/cli/regions/missing", test_regions_missing);
  g_test_add_func ("/cli/usage", test_usage_errors);
  g_test_add_func ("/cli/info/neuron", test_info_neuron);
  g_test_add_func ("/cli/rocprof", test_rocprof);
  g_test_add_func ("/cli/info/neuron-parquet", test_info_neuron_parquet);
  g_test_add_func ("/cli/summary/json", test_summary_json);
  g_test_add_func ("/cli/summary/regions", test_summary_regions);
  g_test_add_func ("/cli/summary/between-collectives", test_summary_between_collectives);
  g_test_add_func ("/cli/summary/text", test_summary_text);
  g_test_add_func ("/cli/summary/streams-json", test_summary_streams_json);
  g_test_add_func ("/cli/summary/operations-json", test_summary_operations_json);

  g_test_add_func ("/cli/info/merge", test_info_merge);
  g_test_add_func ("/cli/info/merge-align", test_info_merge_align);
  g_test_add_func ("/cli/regions/several-files", test_regions_several_files);
  g_test_add_func ("/cli/summary/ranks", test_summary_ranks);
  g_test_add_func ("/cli/summary/no-straggler", test_summary_no_straggler);
  g_test_add_func ("/cli/summary/device-work", test_summary_device_work);
  g_test_add_func ("/cli/summary/huge-span", test_summary_huge_span);
  return g_test_run ();
}
