/* strata-cli as scripts use it: the JSON of `info`, one line on stderr and
 * exit 1 for a file it cannot read, exit 2 for a usage error. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include <json-glib/json-glib.h>
#include <sys/wait.h>

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("STRATA_CLI"));
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

static char *
data_path (const char *dir,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", dir, name, NULL);
}

static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_info_json (void)
{
  g_autofree char *path = data_path ("real", "catapult_trivial_trace.json");
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o, *track;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = parse_object (parser, run.out);
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
  g_autofree char *path = data_path ("edge", "keys-around-events.json");
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o, *metadata;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = parse_object (parser, run.out);
  metadata = json_object_get_object_member (o, "metadata");
  g_assert_cmpint (json_object_get_int_member (metadata, "baseTimeNanoseconds"), ==,
                   G_GINT64_CONSTANT (1735632360000000000));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (metadata, "distributedInfo"),
                                               "world_size"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (o, "origin_ns"), ==, 1000);
}

static void
test_info_warnings (void)
{
  g_autofree char *path = data_path ("real", "speedscope_simple-partial-trailing-comma.json");
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *warnings;
  gboolean trailing = FALSE;

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 0); /* warnings do not fail */
  warnings = json_object_get_array_member (parse_object (parser, run.out), "warnings");
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
  g_autofree char *a = data_path ("real", "catapult_trivial_trace.json");
  g_autofree char *b = data_path ("real", "catapult_simple_trace_gz.gz");
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *all;

  run_cli (&run, "info", "--json", a, b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  all = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (all), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (all, 1), "slices"), ==, 12);
}

static void
test_unreadable_file (void)
{
  g_autofree char *path = data_path ("bad", "broken-first-event.json");
  g_autofree char *expected = g_strdup_printf ("strata-cli: %s: line 2, column 10: ", path);
  g_auto(Run) run = { 0 };

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, expected));
  g_assert_cmpint (strchr (run.err, '\n') - run.err, ==, strlen (run.err) - 1); /* one line */
}

static void
test_usage_errors (void)
{
  g_auto(Run) none = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) no_file = { 0 };
  g_auto(Run) help = { 0 };

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/info/json", test_info_json);
  g_test_add_func ("/cli/info/kineto-metadata", test_info_kineto_metadata);
  g_test_add_func ("/cli/info/warnings", test_info_warnings);
  g_test_add_func ("/cli/info/several-files", test_several_files);
  g_test_add_func ("/cli/info/unreadable", test_unreadable_file);
  g_test_add_func ("/cli/usage", test_usage_errors);

  return g_test_run ();
}
