/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli against a hostile user, round three: one case per defect that
 * was found, each with its input made here at test time.
 *
 * - more files than one profile takes: one line naming the limit, exit 1,
 *   never a critical or a signal;
 * - -o naming an input (as typed, through a link, through a hard link):
 *   refused, and the input is byte for byte what it was;
 * - --json is JSON in UTF-8 whatever the file holds: numbers beyond a
 *   double become null with a warning naming the key, integers beyond
 *   int64 keep their digits, bytes that are not UTF-8 become U+FFFD;
 *   diff --json too, with times near int64's end written with all their
 *   digits;
 * - a million names do not make a million-row document: 500 rows and a
 *   count of the rest, every row with --all-operations;
 * - a FIFO given as --regions or --config is refused at once;
 * - messages name what is wrong: a pattern that is not text, -o "", -o a
 *   folder, -o into a folder that does not exist;
 * - options out of range are refused: --size beyond 32 bits, --threads
 *   below 0, a configuration "version" of 0 or of 20 digits.
 *
 * Each command runs under `timeout 20`: a hang is exit 124, a failure. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char *tmp_dir;

/* strata-cli with @args under @locale (NULL: the test's own). */
static void
run_argv (StCliRun *run, const char *locale, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv)        envp = g_get_environ ();
  g_autoptr (GError)    error = NULL;
  int                   wait_status;

  g_ptr_array_add (argv, (gpointer) "timeout");
  g_ptr_array_add (argv, (gpointer) "20");
  g_ptr_array_add (argv, (gpointer)g_getenv ("STRATA_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  if (locale != NULL)
    envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, envp, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  g_assert_cmpint (run->status, !=, 124); /* it did not hang */
  g_assert_null (strstr (run->err, "CRITICAL"));
}

static void
run_cli (StCliRun *run, const char *first, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  va_list               ap;

  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer)a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run_argv (run, NULL, (const char *const *)args->pdata);
}

/* One line on stderr: the message and its newline, nothing else. */
static void
assert_one_line (const char *err)
{
  const char *nl = strchr (err, '\n');

  g_assert_nonnull (nl);
  g_assert_cmpstr (nl + 1, ==, "");
}

static char *
write_temp (const char *name, const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* A small Kineto trace: a step, two host ops, a kernel. */
static const char small_trace[]
    = "{\"traceEvents\": [\n"
      "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#1\",\"pid\":1,\"tid\":1,"
      "\"ts\":0,\"dur\":100},\n"
      "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":1,\"ts\":10,"
      "\"dur\":20},\n"
      "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":1,\"ts\":50,"
      "\"dur\":20},\n"
      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":20,"
      "\"dur\":40}\n"
      "]}\n";

static char *
small_trace_path (const char *name)
{
  return write_temp (name, small_trace);
}

/* 1. 257 files: the limit said in one line, exit 1, by every command that
 * reads several files as one profile. */
static void
test_too_many_files (void)
{
  g_autofree char *path = small_trace_path ("rank.json");
  const char      *commands[][3] = { { "summary", NULL, NULL },
                                     { "info", "--merge", NULL },
                                     { "regions", "--method", "hierarchy" },
                                     { "tree", NULL, NULL } };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autoptr (GPtrArray) args = g_ptr_array_new ();
      g_auto (StCliRun)     run = { 0 };

      for (guint k = 0; k < 3 && commands[c][k] != NULL; k++)
        g_ptr_array_add (args, (gpointer)commands[c][k]);
      for (guint i = 0; i < 257; i++)
        g_ptr_array_add (args, path);
      g_ptr_array_add (args, NULL);
      run_argv (&run, NULL, (const char *const *)args->pdata);
      g_assert_cmpint (run.status, ==, 1);
      assert_one_line (run.err);
      g_assert_nonnull (strstr (run.err, "257 files"));
      g_assert_nonnull (strstr (run.err, "at most 256"));
    }
}

static void
assert_unchanged (const char *path, const char *expected)
{
  g_autofree char *now = NULL;

  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, expected);
}

/* 3. -o naming an input, under any of its names: refused before anything is
 * written, and the trace (and the configuration) stay as they were. */
static void
test_output_is_input (void)
{
  g_autofree char *trace = small_trace_path ("t.json");
  g_autofree char *config
      = write_temp ("c.json", "{\"version\": 1, \"method\": \"hierarchy\", \"depth\": 0}");
  g_autofree char *soft = g_build_filename (tmp_dir, "link.json", NULL);
  g_autofree char *hard = g_build_filename (tmp_dir, "hard.json", NULL);
  g_autofree char *dotted = g_build_filename (tmp_dir, ".", "t.json", NULL);
  g_autofree char *config_text = NULL;
  const char      *targets[] = { trace, soft, hard, dotted };

  g_assert_true (g_file_get_contents (config, &config_text, NULL, NULL));
  g_assert_cmpint (symlink (trace, soft), ==, 0);
  g_assert_cmpint (link (trace, hard), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_auto (StCliRun) regions = { 0 };
      g_auto (StCliRun) render = { 0 };

      run_cli (&regions, "regions", trace, "--method", "hierarchy", "-o", targets[i], NULL);
      g_assert_cmpint (regions.status, ==, 2);
      g_assert_nonnull (strstr (regions.err, "one of the files being read"));
      assert_one_line (regions.err);
      run_cli (&render, "render", trace, "-o", targets[i], NULL);
      g_assert_cmpint (render.status, ==, 2);
      g_assert_nonnull (strstr (render.err, "one of the files being read"));
      assert_unchanged (trace, small_trace);
    }
  {
    g_auto (StCliRun) over_config = { 0 };

    run_cli (&over_config, "regions", trace, "--config", config, "-o", config, NULL);
    g_assert_cmpint (over_config.status, ==, 2);
    assert_unchanged (config, config_text);
  }
}

/* The text is UTF-8 and one JSON document; its root. */
static JsonNode *
parse_utf8_json (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_parser_get_root (parser);
}

/* 4. Numbers and text JSON cannot hold as they are. Expected by hand: 1e400,
 * -1e400 and 1e2147483648 are beyond a double (±1.8e308), so null, each
 * said on stderr with its key; 99999999999999999999 > 2^63 − 1, so its
 * digits as a string; "k\xff" and the file name "bad\xfe.json" have one
 * invalid byte each, so "k\uFFFD" and "bad\uFFFD.json". */
static void
test_json_valid (void)
{
  static const char text[]
      = "{\"traceEvents\": "
        "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":5}],\n"
        "\"big\": 1e400, \"negative\": -1e400, \"huge\": 1e2147483648,\n"
        "\"world_size\": 99999999999999999999, \"k\xff\": 1}\n";
  g_autofree char *bad_name = g_build_filename (tmp_dir, "bad\xfe.json", NULL);
  g_autofree char *second = small_trace_path ("second.json");
  const char      *runs[][6] = { { "info", "--json", bad_name, NULL },
                                 { "summary", "--json", bad_name, NULL },
                                 { "info", "--merge", "--json", bad_name, second, NULL } };

  g_assert_true (g_file_set_contents (bad_name, text, -1, NULL));
  for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
    {
      g_auto (StCliRun)      run = { 0 };
      g_autoptr (JsonParser) parser = json_parser_new ();

      run_argv (&run, NULL, runs[r]);
      g_assert_cmpint (run.status, ==, 0);
      parse_utf8_json (parser, run.out);
      if (r == 1)
        continue; /* the summary does not print the metadata */
      g_assert_nonnull (strstr (run.out, "bad\xef\xbf\xbd.json"));
      g_assert_nonnull (strstr (run.out, "\"99999999999999999999\""));
      /* merged, the keys are "RANK/KEY" */
      g_assert_nonnull (strstr (run.out, "k\xef\xbf\xbd\" : 1"));
      g_assert_nonnull (strstr (run.out, "big\" : null"));
      g_assert_nonnull (strstr (run.out, "negative\" : null"));
      g_assert_nonnull (strstr (run.out, "huge\" : null"));
      g_assert_nonnull (strstr (run.err, "big is not a finite number"));
      g_assert_nonnull (strstr (run.err, "negative is not a finite number"));
      g_assert_nonnull (strstr (run.err, "huge is not a finite number"));
    }
}

/* The operation row of diff --json named @name. */
static JsonObject *
diff_operation (JsonObject *root, const char *name)
{
  JsonArray *ops = json_object_get_array_member (root, "operations");

  for (guint i = 0; i < json_array_get_length (ops); i++)
    {
      JsonObject *row = json_array_get_object_element (ops, i);

      if (g_str_equal (json_object_get_string_member (row, "name"), name))
        return row;
    }
  g_assert_not_reached ();
}

/* 4b. The same for diff --json, with times near int64's end. Expected by
 * hand: "k\xff" is 4e15 µs in the base, 4 000 000 000 000 000 000 ns (below
 * 2^63 − 1 ≈ 9.22e18), with "ok" (1 µs, 5 µs) inside it, so its self time
 * is 4e18 − 5 000 ns; in the new one it is 1 µs, 1 000 ns, so the change is
 * 1 000 − 4e18 = −3 999 999 999 999 999 000 ns and −99.999 999 999 999 975 %.
 * "ok" goes from 5 000 ns to 4e18 ns: +(4e18 − 5 000) / 5 000 = +8e16 − 100
 * percent. Each integer keeps all its digits (a double would round
 * 4e18 − 5 000 to 3 999 999 999 999 994 880); the name, made valid when
 * read, is "k\uFFFD", and nothing of the file (its name) leaks bytes that
 * are not UTF-8. */
static void
test_diff_json_valid (void)
{
  g_autofree char *base = write_temp (
      "base\xfd.json", "{\"traceEvents\": [\n"
                       "{\"ph\":\"X\",\"name\":\"k\xff\",\"pid\":1,\"tid\":1,\"ts\":0,"
                       "\"dur\":4000000000000000},\n"
                       "{\"ph\":\"X\",\"name\":\"ok\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":5}]}\n");
  g_autofree char *new_ = write_temp (
      "new.json", "{\"traceEvents\": [\n"
                  "{\"ph\":\"X\",\"name\":\"k\xff\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1},\n"
                  "{\"ph\":\"X\",\"name\":\"ok\",\"pid\":1,\"tid\":2,\"ts\":0,"
                  "\"dur\":4000000000000000}]}\n");
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *root, *k, *ok;

  run_cli (&run, "diff", "--json", base, new_, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = json_node_get_object (parse_utf8_json (parser, run.out));
  k = diff_operation (root, "k\xef\xbf\xbd");
  g_assert_cmpint (json_object_get_int_member (k, "base_total_ns"), ==, 4000000000000000000);
  g_assert_cmpint (json_object_get_int_member (k, "base_self_ns"), ==, 3999999999999995000);
  g_assert_cmpint (json_object_get_int_member (k, "new_total_ns"), ==, 1000);
  g_assert_cmpint (json_object_get_int_member (k, "delta_ns"), ==, -3999999999999999000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (k, "delta_percent"),
                                  -99.999999999999975, 1e-9);
  ok = diff_operation (root, "ok");
  g_assert_cmpint (json_object_get_int_member (ok, "new_total_ns"), ==, 4000000000000000000);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (ok, "delta_percent"), 8e16 - 100,
                                  1e3);
  g_assert_nonnull (strstr (run.out, "\"delta_ns\" : -3999999999999999000,"));
}

/* 5. 2 000 distinct names, one slice each, longest first: --json keeps the
 * first 500 rows (names n0 … n499, by self time) and counts 1 500 left
 * out; --all-operations prints all 2 000. */
static void
test_many_operation_names (void)
{
  g_autoptr (GString) text = g_string_new ("{\"traceEvents\": [\n");
  g_autofree char    *path = NULL;

  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (text,
                            "%s{\"ph\":\"X\",\"name\":\"n%u\",\"pid\":1,\"tid\":1,\"ts\":%u,"
                            "\"dur\":%u}\n",
                            i > 0 ? "," : "", i, i * 3000, 2500 - i);
  g_string_append (text, "]}\n");
  path = write_temp ("names.json", text->str);
  for (guint all = 0; all < 2; all++)
    {
      g_auto (StCliRun)      run = { 0 };
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonObject            *root;
      JsonArray             *ops;

      if (all)
        run_cli (&run, "summary", "--json", "--all-operations", path, NULL);
      else
        run_cli (&run, "summary", "--json", path, NULL);
      g_assert_cmpint (run.status, ==, 0);
      root = json_node_get_object (parse_utf8_json (parser, run.out));
      ops = json_object_get_array_member (root, "operations");
      g_assert_cmpuint (json_array_get_length (ops), ==, all ? 2000 : 500);
      g_assert_cmpint (json_object_get_int_member (root, "operations_omitted"), ==, all ? 0 : 1500);
      g_assert_cmpstr (
          json_object_get_string_member (json_array_get_object_element (ops, 0), "name"), ==, "n0");
      g_assert_cmpstr (
          json_object_get_string_member (
              json_array_get_object_element (ops, json_array_get_length (ops) - 1), "name"),
          ==, all ? "n1999" : "n499");
    }
}

/* 6. A FIFO with no writer as the configuration or the region file: it was
 * waited on forever; now it is refused at once, by name. */
static void
test_fifo_inputs (void)
{
  g_autofree char  *trace = small_trace_path ("f.json");
  g_autofree char  *fifo = g_build_filename (tmp_dir, "pipe", NULL);
  g_auto (StCliRun) config = { 0 };
  g_auto (StCliRun) regions = { 0 };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli (&config, "regions", trace, "--config", fifo, NULL);
  g_assert_cmpint (config.status, ==, 1);
  g_assert_nonnull (strstr (config.err, "pipe"));
  g_assert_nonnull (strstr (config.err, "not a regular file"));
  run_cli (&regions, "summary", trace, "--regions", fifo, "--name", "x", NULL);
  g_assert_cmpint (regions.status, ==, 1);
  g_assert_nonnull (strstr (regions.err, "not a regular file"));
  assert_one_line (regions.err);
}

/* 7. Messages that name what is wrong. */
static void
test_messages (void)
{
  g_autofree char  *trace = small_trace_path ("m.json");
  g_autofree char  *odd_name = g_build_filename (tmp_dir, "odd\xff.json", NULL);
  g_autofree char  *missing = g_build_filename (tmp_dir, "no-such-folder", "out.png", NULL);
  const char       *latin1[] = { "search", trace, "m\xe9", NULL };
  const char       *utf8[] = { "search", trace, "aten::mm", NULL };
  const char       *odd[] = { "stats", odd_name, "aten::mm", NULL };
  g_auto (StCliRun) bad_pattern = { 0 };
  g_auto (StCliRun) c_locale = { 0 };
  g_auto (StCliRun) odd_file = { 0 };
  g_auto (StCliRun) empty = { 0 };
  g_auto (StCliRun) folder = { 0 };
  g_auto (StCliRun) nowhere = { 0 };

  g_assert_true (g_file_set_contents (odd_name, small_trace, -1, NULL));
  /* a Latin-1 byte under LC_ALL=C is neither UTF-8 nor ASCII */
  run_argv (&bad_pattern, "C", latin1);
  g_assert_cmpint (bad_pattern.status, ==, 2);
  g_assert_nonnull (strstr (bad_pattern.err, "PATTERN"));
  g_assert_null (strstr (bad_pattern.err, "conversion input"));
  /* a pattern and a file name are read as typed under LC_ALL=C */
  run_argv (&c_locale, "C", utf8);
  g_assert_cmpint (c_locale.status, ==, 0);
  g_assert_nonnull (strstr (c_locale.out, "aten::mm"));
  run_argv (&odd_file, "C", odd);
  g_assert_cmpint (odd_file.status, ==, 0);
  g_assert_nonnull (strstr (odd_file.out, "2 instances"));

  run_cli (&empty, "render", trace, "-o", "", NULL);
  g_assert_cmpint (empty.status, ==, 2);
  g_assert_nonnull (strstr (empty.err, "-o takes the name of the file"));
  run_cli (&folder, "render", trace, "-o", tmp_dir, NULL);
  g_assert_cmpint (folder.status, ==, 1);
  g_assert_nonnull (strstr (folder.err, "folder"));
  run_cli (&nowhere, "render", trace, "-o", missing, NULL);
  g_assert_cmpint (nowhere.status, ==, 1);
  g_assert_nonnull (strstr (nowhere.err, "out.png"));
  g_assert_nonnull (strstr (nowhere.err, "No such file or directory"));
  assert_one_line (nowhere.err);
}

/* 9. Options out of their ranges, one line each. */
static void
test_option_ranges (void)
{
  g_autofree char *trace = small_trace_path ("o.json");
  g_autofree char *zero
      = write_temp ("v0.json", "{\"version\": 0, \"method\": \"hierarchy\", \"depth\": 0}");
  g_autofree char *long_version = write_temp (
      "v20.json", "{\"version\": 12345678901234567890, \"method\": \"hierarchy\", \"depth\": 0}");
  g_autofree char  *png = g_build_filename (tmp_dir, "o.png", NULL);
  g_auto (StCliRun) size = { 0 };
  g_auto (StCliRun) threads = { 0 };
  g_auto (StCliRun) v0 = { 0 };
  g_auto (StCliRun) v20 = { 0 };

  /* 4294967396 = 2^32 + 100: cast to int it was 100 */
  run_cli (&size, "render", trace, "-o", png, "--size", "4294967396x1000", NULL);
  g_assert_cmpint (size.status, ==, 2);
  g_assert_nonnull (strstr (size.err, "--size"));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  run_cli (&threads, "info", trace, "--threads", "-5", NULL);
  g_assert_cmpint (threads.status, ==, 2);
  g_assert_nonnull (strstr (threads.err, "--threads"));
  run_cli (&v0, "regions", trace, "--config", zero, NULL);
  g_assert_cmpint (v0.status, ==, 1);
  g_assert_nonnull (strstr (v0.err, "“version”"));
  run_cli (&v20, "regions", trace, "--config", long_version, NULL);
  g_assert_cmpint (v20.status, ==, 1);
  g_assert_nonnull (strstr (v20.err, "“version”"));
}

/* 10. Names and outputs a shell allows: a colon in a file name is a file
 * (it was taken as a URI with an unknown scheme), an empty name is said to
 * be one, a FIFO nobody reads is refused at once (the write waited for
 * ever), "-o -" puts the picture on standard output. */
static void
test_names_and_outputs (void)
{
  g_autofree char  *colon = small_trace_path ("rank:0.json");
  g_autofree char  *trace = small_trace_path ("n.json");
  g_autofree char  *fifo = g_build_filename (tmp_dir, "unread", NULL);
  g_autofree char  *colon_png = g_build_filename (tmp_dir, "out:1.png", NULL);
  g_auto (StCliRun) info = { 0 };
  g_auto (StCliRun) render = { 0 };
  g_auto (StCliRun) empty = { 0 };
  g_auto (StCliRun) empty_config = { 0 };
  g_auto (StCliRun) unread = { 0 };
  g_auto (StCliRun) to_stdout = { 0 };

  run_cli (&info, "info", colon, NULL);
  g_assert_cmpint (info.status, ==, 0);
  g_assert_nonnull (strstr (info.out, "4 slices"));
  run_cli (&render, "render", trace, "-o", colon_png, NULL);
  g_assert_cmpint (render.status, ==, 0);
  g_assert_true (g_file_test (colon_png, G_FILE_TEST_IS_REGULAR));

  run_cli (&empty, "info", "", NULL);
  g_assert_cmpint (empty.status, ==, 1);
  g_assert_nonnull (strstr (empty.err, "empty name"));
  assert_one_line (empty.err);
  run_cli (&empty_config, "regions", trace, "-c", "", NULL);
  g_assert_cmpint (empty_config.status, ==, 1);
  g_assert_nonnull (strstr (empty_config.err, "empty name"));

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli (&unread, "render", trace, "-o", fifo, NULL);
  g_assert_cmpint (unread.status, ==, 1);
  g_assert_nonnull (strstr (unread.err, "nothing reads"));
  /* still a FIFO: not replaced by a regular file */
  g_assert_false (g_file_test (fifo, G_FILE_TEST_IS_REGULAR));

  run_cli (&to_stdout, "render", trace, "-o", "-", "--size", "200x100", NULL);
  g_assert_cmpint (to_stdout.status, ==, 0);
  /* the PNG signature (ISO/IEC 15948), not a file called "-" */
  g_assert_true (memcmp (to_stdout.out, "\x89PNG\r\n\x1a\n", 8) == 0);
}

/* 11. A configuration's version written 1.0 is version 1, as a region
 * file's is; 1.5 is no version. */
static void
test_whole_number_version (void)
{
  g_autofree char *trace = small_trace_path ("v.json");
  g_autofree char *one
      = write_temp ("v1.json", "{\"version\": 1.0, \"method\": \"hierarchy\", \"depth\": 0}");
  g_autofree char *half
      = write_temp ("v15.json", "{\"version\": 1.5, \"method\": \"hierarchy\", \"depth\": 0}");
  g_auto (StCliRun) whole = { 0 };
  g_auto (StCliRun) fraction = { 0 };

  run_cli (&whole, "regions", trace, "--config", one, NULL);
  g_assert_cmpint (whole.status, ==, 0);
  run_cli (&fraction, "regions", trace, "--config", half, NULL);
  g_assert_cmpint (fraction.status, ==, 1);
  g_assert_nonnull (strstr (fraction.err, "“version”"));
}

/* 12. Shapes that were slow or crashed: 300 slices each inside the one
 * before (the printed tree stops at 256 levels and says so); 20 000
 * top-level keys (inserted one by one into a list, minutes); device
 * properties whose members are of the wrong types (a critical, then a
 * crash in diff); a double of 1e20 (written "1e+20.0", which no parser
 * reads). */
static void
test_odd_shapes (void)
{
  g_autoptr (GString)    deep = g_string_new ("{\"traceEvents\":[");
  g_autoptr (GString)    keys = g_string_new ("{");
  g_autofree char       *deep_path = NULL, *keys_path = NULL, *props_path = NULL;
  g_auto (StCliRun)      tree = { 0 };
  g_auto (StCliRun)      info = { 0 };
  g_auto (StCliRun)      summary = { 0 };
  g_auto (StCliRun)      diff = { 0 };
  g_auto (StCliRun)      json = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();

  for (int i = 0; i < 300; i++)
    g_string_append_printf (deep,
                            "%s{\"ph\":\"X\",\"name\":\"n\",\"pid\":1,\"tid\":1,\"ts\":%d,"
                            "\"dur\":%d}",
                            i > 0 ? "," : "", i, 600 - 2 * i);
  g_string_append (deep, "]}");
  deep_path = write_temp ("deep.json", deep->str);
  run_cli (&tree, "tree", deep_path, NULL);
  g_assert_cmpint (tree.status, ==, 0);
  g_assert_nonnull (strstr (tree.out, "deeper levels left out"));

  for (int i = 0; i < 20000; i++)
    g_string_append_printf (keys, "\"m%d\":%d,", i, i);
  g_string_append (keys, "\"x\":1e20,\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,"
                         "\"tid\":1,\"ts\":0,\"dur\":5}]}");
  keys_path = write_temp ("keys.json", keys->str);
  run_cli (&info, "info", keys_path, NULL);
  g_assert_cmpint (info.status, ==, 0);
  run_cli (&json, "info", "--json", keys_path, NULL);
  g_assert_cmpint (json.status, ==, 0);
  parse_utf8_json (parser, json.out);
  g_assert_nonnull (strstr (json.out, "\"x\" : 1e+20"));
  g_assert_null (strstr (json.out, "1e+20.0"));

  props_path = write_temp ("props.json",
                           "{\"deviceProperties\":[{\"id\":0,\"numSms\":[],\"name\":1}],"
                           "\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\","
                           "\"pid\":0,\"tid\":7,\"ts\":0,\"dur\":1}]}");
  run_cli (&summary, "summary", props_path, NULL);
  g_assert_cmpint (summary.status, ==, 0);
  run_cli (&diff, "diff", props_path, props_path, NULL);
  g_assert_cmpint (diff.status, ==, 0);
}

static void
remove_dir (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char      *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("strata-cli-hostile-XXXXXX", NULL);
  g_test_add_func ("/cli/hostile/too-many-files", test_too_many_files);
  g_test_add_func ("/cli/hostile/output-is-input", test_output_is_input);
  g_test_add_func ("/cli/hostile/json-valid", test_json_valid);
  g_test_add_func ("/cli/hostile/diff-json-valid", test_diff_json_valid);
  g_test_add_func ("/cli/hostile/many-operation-names", test_many_operation_names);
  g_test_add_func ("/cli/hostile/fifo-inputs", test_fifo_inputs);
  g_test_add_func ("/cli/hostile/messages", test_messages);
  g_test_add_func ("/cli/hostile/option-ranges", test_option_ranges);
  g_test_add_func ("/cli/hostile/names-and-outputs", test_names_and_outputs);
  g_test_add_func ("/cli/hostile/whole-number-version", test_whole_number_version);
  g_test_add_func ("/cli/hostile/odd-shapes", test_odd_shapes);
  status = g_test_run ();
  remove_dir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
