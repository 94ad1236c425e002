/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli tree on tests/data/calltree/nesting.json: the JSON of
 * docs/metrics.md 15.7, top-down and bottom-up, a range, --depth, and the
 * exit status of bad input. The expected values are worked out by hand
 * from the file (see the comment of tests/model/test-call-tree.c): µs in
 * the file, ns here. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"
#include "st-test-idle-threads.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#define US 1000

/* Runs strata-cli tree on the file with @first…; its exit status, its
 * output in @out. */
static int
run_tree (char **out, const char *first, ...)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", "calltree", "nesting.json", NULL);
  const char *const prefix[] = { "tree", path, NULL };
  va_list           args;
  int               status;

  va_start (args, first);
  status = st_cli_test_run_valist (prefix, out, NULL, first, args);
  va_end (args);
  return status;
}
static JsonObject *
nth (JsonObject *o, const char *member, guint i)
{
  return json_array_get_object_element (json_object_get_array_member (o, member), i);
}

static void
assert_node (JsonObject *node, const char *name, gint64 count, gint64 total_us, gint64 self_us)
{
  g_assert_cmpstr (json_object_get_string_member (node, "name"), ==, name);
  g_assert_cmpint (json_object_get_int_member (node, "count"), ==, count);
  g_assert_cmpint (json_object_get_int_member (node, "total_ns"), ==, total_us * US);
  g_assert_cmpint (json_object_get_int_member (node, "self_ns"), ==, self_us * US);
}

/* Top-down, both threads merged: step (main's and worker's) holds f
 * (main's two, worker's one), which holds main's inner f. */
static void
test_top_down (void)
{
  g_autofree char       *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *step, *f;

  g_assert_cmpint (run_tree (&out, "--json", NULL), ==, 0);
  o = st_cli_test_parse (parser, out);
  g_assert_cmpstr (json_object_get_string_member (o, "direction"), ==, "top-down");
  g_assert_false (json_object_get_boolean_member (o, "by_thread"));
  g_assert_cmpint (json_object_get_int_member (o, "time_ns"), ==, 1810 * US);
  g_assert_cmpint (json_object_get_int_member (o, "frames"), ==, 14);
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (o, "range"), "end_ns"), ==,
      1000 * US);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "nodes")), ==, 3);
  step = nth (o, "nodes", 0);
  assert_node (step, "step", 2, 1400, 400);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (step, "share_percent"),
                                  100.0 * 1400 / 1810, 1e-9);
  f = nth (step, "children", 0);
  assert_node (f, "f", 3, 900, 440);
  assert_node (nth (f, "children", 0), "f", 1, 300, 200);
  assert_node (nth (nth (f, "children", 0), "children", 0), "g", 1, 100, 100);
  assert_node (nth (o, "nodes", 1), "p", 1, 300, 160);
  assert_node (nth (o, "nodes", 2), "g", 1, 60, 60);
  g_assert_false (json_object_has_member (step, "thread"));
}

/* Bottom-up over [150, 720) µs, threads apart: main's frames as in the
 * model's box test, and worker's step [150, 400), f [150, 300), g
 * [150, 200), the lone g [500, 560), p [600, 720) ⊃ a [620, 700),
 * b [650, 720). f's self: main's 90 + 200, worker's 150 − 50 = 100. */
static void
test_bottom_up_range (void)
{
  g_autofree char       *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *f, *caller;

  g_assert_cmpint (
      run_tree (&out, "--json", "--bottom-up", "--by-thread", "--region", "150000:720000", NULL),
      ==, 0);
  o = st_cli_test_parse (parser, out);
  g_assert_cmpstr (json_object_get_string_member (o, "direction"), ==, "bottom-up");
  g_assert_true (json_object_get_boolean_member (o, "by_thread"));
  /* main 570; worker: step 100, f 100, g 50, lone g 60, p 20, a 80, b 70 */
  g_assert_cmpint (json_object_get_int_member (o, "time_ns"), ==, (570 + 480) * US);
  f = nth (o, "nodes", 0);
  /* f: main's outer f (450, within it the inner f) and worker's f (150) */
  assert_node (f, "f", 3, 600, 390);
  /* called by f: main's inner f, 200; by step: main's outer f 90 and
   * worker's f 100 */
  assert_node (nth (f, "children", 0), "f", 1, 300, 200);
  caller = nth (f, "children", 1);
  assert_node (caller, "step", 2, 600, 190);
  /* step's callers are the threads, worker's first (100 of f's self
   * against main's 90) */
  assert_node (nth (caller, "children", 0), "python3 / worker", 1, 150, 100);
  g_assert_true (json_object_get_boolean_member (nth (caller, "children", 0), "thread"));
}

/* --depth 1: the roots, each saying how many children it leaves out. */
static void
test_depth (void)
{
  g_autofree char       *out = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o, *step;

  g_assert_cmpint (run_tree (&out, "--json", "--depth", "1", NULL), ==, 0);
  o = st_cli_test_parse (parser, out);
  step = nth (o, "nodes", 0);
  g_assert_false (json_object_has_member (step, "children"));
  g_assert_cmpint (json_object_get_int_member (step, "children_omitted"), ==, 2);
  /* the lone g has no children to leave out */
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (nth (o, "nodes", 2), "children")), ==,
      0);
}

/* The text output: a line per node, two spaces deeper per level. */
static void
test_text (void)
{
  g_autofree char *out = NULL;

  g_assert_cmpint (run_tree (&out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "1.810 ms of host time in 14 frames"));
  g_assert_nonnull (strstr (out, "%  step\n"));
  g_assert_nonnull (strstr (out, "%    f\n"));
  g_assert_nonnull (strstr (out, "%        g\n"));
}

/* The profile of tests/model/st-test-idle-threads.h, written for the run:
 * the work's roots first, the idle ones last (docs/metrics.md 15.5),
 * worked out by hand in tests/model/test-call-tree.c: the step (1000 µs,
 * 200 of it synchronising), the pin-memory loop (900, 800 waiting: under
 * nine tenths), aten::copy_ (50); then the profiler's span (3200), the
 * monitor asleep (3000), loader's loop (500, 450 in select) and the
 * queue's get (100). */
static void
test_idle_last (void)
{
  g_autofree char   *dir = g_dir_make_tmp ("strata-cli-tree-XXXXXX", NULL);
  g_autofree char   *path = g_build_filename (dir, "idle-threads.json", NULL);
  const char *const  args[] = { "tree", path, "--json", "--depth", "1", NULL };
  const char *const  text_args[] = { "tree", path, NULL };
  static const char *order[]
      = { "ProfilerStep#*",       "pin_memory.py(49): _pin_memory_loop", "aten::copy_",
          "PyTorch Profiler (0)", "threading.py(1032): _bootstrap",      "loader.py(10): loop",
          "queue.py(171): get" };
  g_autofree char       *out = NULL, *text = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o;
  const char            *step, *profiler, *monitor;

  st_test_idle_threads_write (path);
  g_assert_cmpint (st_cli_test_run (args, &out, NULL), ==, 0);
  o = st_cli_test_parse (parser, out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "nodes")), ==,
                    G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      JsonObject *root = nth (o, "nodes", i);

      g_assert_cmpstr (json_object_get_string_member (root, "name"), ==, order[i]);
      /* the first three are work, the others idle */
      g_assert_cmpint (json_object_get_boolean_member_with_default (root, "idle", FALSE), ==,
                       i >= 3);
    }
  g_assert_cmpint (json_object_get_int_member (nth (o, "nodes", 0), "idle_ns"), ==, 200 * US);
  g_assert_cmpint (json_object_get_int_member (nth (o, "nodes", 4), "idle_ns"), ==, 2980 * US);
  /* the text prints them in the same order, and says why */
  g_assert_cmpint (st_cli_test_run (text_args, &text, NULL), ==, 0);
  step = strstr (text, "%  ProfilerStep#*\n");
  profiler = strstr (text, "%  PyTorch Profiler (0)\n");
  monitor = strstr (text, "%  threading.py(1032): _bootstrap\n");
  g_assert_nonnull (step);
  g_assert_nonnull (profiler);
  g_assert_nonnull (monitor);
  g_assert_true (step < profiler && profiler < monitor);
  g_assert_nonnull (strstr (text, "Listed last:"));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_usage (void)
{
  g_autofree char *a = NULL, *b = NULL;

  g_assert_cmpint (run_tree (&a, "--region", "9:3", NULL), ==, 2);
  g_assert_cmpint (run_tree (&b, "--depth", "-1", NULL), ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/tree/top-down", test_top_down);
  g_test_add_func ("/cli/tree/bottom-up-range", test_bottom_up_range);
  g_test_add_func ("/cli/tree/depth", test_depth);
  g_test_add_func ("/cli/tree/text", test_text);
  g_test_add_func ("/cli/tree/idle-last", test_idle_last);
  g_test_add_func ("/cli/tree/usage", test_usage);
  return g_test_run ();
}
