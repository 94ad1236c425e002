/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The call tree of a scope (docs/metrics.md 15), on tests/data/calltree/
 * nesting.json, laid out so that every expected value follows from it by
 * hand (µs in the file, ns here):
 *
 *   main:   step [0, 1000) ⊃ f [100, 600) ⊃ f [200, 500) ⊃ g [250, 350)
 *                                        ⊃ h [520, 580)
 *                        ⊃ g [700, 800), f [850, 950)
 *   worker: step [0, 400) ⊃ f [0, 300) ⊃ g [100, 200);  g [500, 560);
 *           p [600, 900) ⊃ a [620, 700), b [650, 760)   (a and b overlap)
 *   GPU 0 stream 7: a "step" annotation and a kernel: a device track, so
 *   no frames.
 *
 * Self times: main's step 1000 − (500 + 100 + 100) = 300, outer f 500 −
 * (300 + 60) = 140, inner f 300 − 100 = 200, its g 100, h 60, g 100, last
 * f 100; worker's step 400 − 300 = 100, f 300 − 100 = 200, g 100, lone g
 * 60, p 300 − the union of a and b [620, 760) = 160, a 80, b 110. The
 * tree's time is their sum, 1 810 µs. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-call-tree.h"
#include "st-test-idle-threads.h"
#include "st-test-util.h"
#include "st-trace-query.h"

#include <stdarg.h>

#define US 1000

typedef struct
{
  StTrace *trace;
  guint    main_track;
  guint    worker_track;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->trace = st_test_load ("calltree", "nesting.json", NULL);
  f->main_track = st_test_track (f->trace, "python3", "main");
  f->worker_track = st_test_track (f->trace, "python3", "worker");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->trace);
}

static StCallTree *
build (Fixture *f, const StCallTreeScope *scope)
{
  g_autoptr (GError) error = NULL;
  StCallTree        *tree = st_call_tree_build (f->trace, scope, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (tree);
  return tree;
}

static StCallTree *
invert (StCallTree *top_down)
{
  g_autoptr (GError) error = NULL;
  StCallTree        *tree = st_call_tree_invert (top_down, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (tree);
  return tree;
}

/* The child of @node labelled @label. */
static guint
child_named (StCallTree *tree, guint node, const char *label)
{
  guint          n;
  const guint32 *children = st_call_tree_get_children (tree, node, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = st_call_tree_dup_label (tree, children[i]);

      if (g_str_equal (name, label))
        return children[i];
    }
  g_error ("no child %s", label);
}

/* The node at the path of labels given, NULL-terminated. */
static guint
node_at (StCallTree *tree, const char *first, ...)
{
  va_list ap;
  guint   node = ST_CALL_TREE_ROOT;

  va_start (ap, first);
  for (const char *label = first; label != NULL; label = va_arg (ap, const char *))
    node = child_named (tree, node, label);
  va_end (ap);
  return node;
}

static void
assert_node (StCallTree *tree, guint node, guint64 count, gint64 total_us, gint64 self_us)
{
  const StCallNode *n = st_call_tree_get_node (tree, node);

  g_assert_cmpuint (n->count, ==, count);
  g_assert_cmpint (n->total_ns, ==, total_us * US);
  g_assert_cmpint (n->self_ns, ==, self_us * US);
}

/* The labels of @node's children, in order, joined by spaces. */
static char *
children_of (StCallTree *tree, guint node)
{
  g_autoptr (GString) out = g_string_new (NULL);
  guint               n;
  const guint32      *children = st_call_tree_get_children (tree, node, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = st_call_tree_dup_label (tree, children[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", name);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
assert_children (StCallTree *tree, guint node, const char *expected)
{
  g_autofree char *names = children_of (tree, node);

  g_assert_cmpstr (names, ==, expected);
}

static StCallTreeScope
whole (Fixture *f)
{
  return (StCallTreeScope){ 0, st_trace_get_end_ns (f->trace), NULL, 0, FALSE };
}

/* Top-down over the whole profile, both threads merged by path. */
static void
test_top_down (Fixture *f, gconstpointer data)
{
  StCallTreeScope        scope = whole (f);
  g_autoptr (StCallTree) tree = build (f, &scope);

  g_assert_cmpint (st_call_tree_get_time (tree), ==, 1810 * US);
  /* 7 frames on main, 7 on worker; none on the GPU stream */
  g_assert_cmpuint (st_call_tree_get_n_frames (tree), ==, 14);
  assert_children (tree, ST_CALL_TREE_ROOT, "step p g");
  /* main's and worker's step: 1000 + 400, self 300 + 100 */
  assert_node (tree, node_at (tree, "step", NULL), 2, 1400, 400);
  assert_children (tree, node_at (tree, "step", NULL), "f g");
  /* main's outer f and last f, worker's f: 500 + 100 + 300, self 140 + 100 + 200 */
  assert_node (tree, node_at (tree, "step", "f", NULL), 3, 900, 440);
  assert_children (tree, node_at (tree, "step", "f", NULL), "f g h");
  assert_node (tree, node_at (tree, "step", "f", "f", NULL), 1, 300, 200);
  assert_node (tree, node_at (tree, "step", "f", "f", "g", NULL), 1, 100, 100);
  assert_node (tree, node_at (tree, "step", "f", "h", NULL), 1, 60, 60);
  /* worker's g under its f */
  assert_node (tree, node_at (tree, "step", "f", "g", NULL), 1, 100, 100);
  assert_node (tree, node_at (tree, "step", "g", NULL), 1, 100, 100);
  /* a and b overlap for 50 µs: p's children run 140 µs of its 300 */
  assert_node (tree, node_at (tree, "p", NULL), 1, 300, 160);
  assert_children (tree, node_at (tree, "p", NULL), "b a");
  assert_node (tree, node_at (tree, "p", "a", NULL), 1, 80, 80);
  assert_node (tree, node_at (tree, "p", "b", NULL), 1, 110, 110);
  assert_node (tree, node_at (tree, "g", NULL), 1, 60, 60);
  g_assert_cmpfloat_with_epsilon (st_call_tree_get_share (tree, node_at (tree, "step", NULL)),
                                  100.0 * 1400 / 1810, 1e-9);
  g_assert_cmpuint (st_call_tree_get_max_depth (tree), ==, 4);
}

/* Bottom-up over the whole profile: a name's self time, attributed to
 * its chains of callers; a recursion's total counted once. */
static void
test_bottom_up (Fixture *f, gconstpointer data)
{
  StCallTreeScope        scope = whole (f);
  g_autoptr (StCallTree) td = build (f, &scope);
  g_autoptr (StCallTree) tree = invert (td);

  g_assert_cmpint (st_call_tree_get_time (tree), ==, 1810 * US);
  /* by self: f 140 + 200 + 100 + 200, step 400, g 100 + 100 + 100 + 60,
   * p 160, b 110, a 80, h 60 */
  assert_children (tree, ST_CALL_TREE_ROOT, "f step g p b a h");
  /* the inner f lies inside the outer one: total 500 + 100 + 300 */
  assert_node (tree, node_at (tree, "f", NULL), 4, 900, 640);
  assert_children (tree, node_at (tree, "f", NULL), "step f");
  assert_node (tree, node_at (tree, "f", "step", NULL), 3, 900, 440);
  assert_node (tree, node_at (tree, "f", "f", NULL), 1, 300, 200);
  assert_node (tree, node_at (tree, "f", "f", "step", NULL), 1, 300, 200);
  /* step's frames are root frames: no callers */
  assert_node (tree, node_at (tree, "step", NULL), 2, 1400, 400);
  assert_children (tree, node_at (tree, "step", NULL), "");
  /* g: under the two f's (200), under main's step (100); the lone g is a
   * root frame, so the children hold 300 of its 360 */
  assert_node (tree, node_at (tree, "g", NULL), 4, 360, 360);
  assert_children (tree, node_at (tree, "g", NULL), "f step");
  assert_node (tree, node_at (tree, "g", "f", NULL), 2, 200, 200);
  assert_children (tree, node_at (tree, "g", "f", NULL), "f step");
  assert_node (tree, node_at (tree, "g", "f", "f", "step", NULL), 1, 100, 100);
  assert_node (tree, node_at (tree, "g", "step", NULL), 1, 100, 100);
  assert_node (tree, node_at (tree, "h", "f", "step", NULL), 1, 60, 60);
  assert_node (tree, node_at (tree, "b", "p", NULL), 1, 110, 110);
  g_assert_cmpfloat_with_epsilon (st_call_tree_get_share (tree, node_at (tree, "f", NULL)),
                                  100.0 * 640 / 1810, 1e-9);
}

/* A box over main from 150 to 720 µs: the frames it touches, clipped. */
static void
test_box (Fixture *f, gconstpointer data)
{
  StCallTreeScope        scope = { 150 * US, 720 * US, &f->main_track, 1, FALSE };
  g_autoptr (StCallTree) td = build (f, &scope);
  g_autoptr (StCallTree) bu = invert (td);

  /* step [150, 720) 570, outer f [150, 600) 450, inner f 300, g 100, h 60,
   * the second g [700, 720) 20; the last f lies outside */
  g_assert_cmpuint (st_call_tree_get_n_frames (td), ==, 6);
  g_assert_cmpint (st_call_tree_get_time (td), ==, 570 * US);
  assert_children (td, ST_CALL_TREE_ROOT, "step");
  assert_node (td, node_at (td, "step", NULL), 1, 570, 570 - 450 - 20);
  assert_node (td, node_at (td, "step", "f", NULL), 1, 450, 450 - 300 - 60);
  assert_node (td, node_at (td, "step", "f", "f", NULL), 1, 300, 200);
  assert_node (td, node_at (td, "step", "g", NULL), 1, 20, 20);
  /* bottom-up: f 90 + 200 (total: the outer one's 450), g 100 + 20,
   * step 100, h 60 */
  assert_children (bu, ST_CALL_TREE_ROOT, "f g step h");
  assert_node (bu, node_at (bu, "f", NULL), 2, 450, 290);
  assert_node (bu, node_at (bu, "g", NULL), 2, 120, 120);
  assert_node (bu, node_at (bu, "g", "step", NULL), 1, 20, 20);
}

/* By thread: a node per thread above its root frames, both ways. */
static void
test_by_thread (Fixture *f, gconstpointer data)
{
  StCallTreeScope        scope = whole (f);
  g_autoptr (StCallTree) td = NULL;
  g_autoptr (StCallTree) bu = NULL;
  guint                  main_node, worker_node;

  scope.by_thread = TRUE;
  td = build (f, &scope);
  bu = invert (td);
  assert_children (td, ST_CALL_TREE_ROOT, "python3 / main python3 / worker");
  main_node = node_at (td, "python3 / main", NULL);
  worker_node = node_at (td, "python3 / worker", NULL);
  g_assert_true (st_call_tree_is_thread (td, main_node));
  /* worker's root frames: step 400, p 300, g 60 */
  assert_node (td, main_node, 1, 1000, 0);
  assert_node (td, worker_node, 3, 760, 0);
  assert_children (td, worker_node, "step p g");
  assert_node (td, node_at (td, "python3 / main", "step", "f", NULL), 2, 600, 240);
  g_assert_cmpint (st_call_tree_get_time (td), ==, 1810 * US);
  /* a thread is a caller, never a root */
  assert_children (bu, ST_CALL_TREE_ROOT, "f step g p b a h");
  assert_children (bu, node_at (bu, "step", NULL), "python3 / main python3 / worker");
  assert_node (bu, node_at (bu, "step", "python3 / main", NULL), 1, 1000, 300);
  assert_node (bu, node_at (bu, "g", "python3 / worker", NULL), 1, 60, 60);
}

/* Selecting a node selects its frames, whole. */
static void
test_instances (Fixture *f, gconstpointer data)
{
  StCallTreeScope        scope = whole (f);
  g_autoptr (StCallTree) td = build (f, &scope);
  g_autoptr (StCallTree) bu = invert (td);
  g_autoptr (GArray)     refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  gint64                 starts[3];

  /* step → f: main's f at 100 and 850, worker's f at 0 */
  g_assert_cmpuint (st_call_tree_get_instances (td, node_at (td, "step", "f", NULL), refs), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      StEventRef ref = g_array_index (refs, StEventRef, i);

      g_assert_cmpstr (st_trace_get_string (f->trace, st_event_get_name (f->trace, ref)), ==, "f");
      starts[i] = st_event_get_start (f->trace, ref);
      g_assert_cmpuint (ref.track, ==, i < 2 ? f->main_track : f->worker_track);
    }
  g_assert_cmpint (starts[0], ==, 100 * US);
  g_assert_cmpint (starts[1], ==, 850 * US);
  g_assert_cmpint (starts[2], ==, 0);
  g_assert_cmpint (st_event_get_duration (f->trace, g_array_index (refs, StEventRef, 0)), ==,
                   500 * US);
  /* bottom-up g ← f: main's g at 250 and worker's at 100 */
  g_array_set_size (refs, 0);
  g_assert_cmpuint (st_call_tree_get_instances (bu, node_at (bu, "g", "f", NULL), refs), ==, 2);
  g_assert_cmpint (st_event_get_start (f->trace, g_array_index (refs, StEventRef, 0)), ==,
                   250 * US);
  g_assert_cmpint (st_event_get_start (f->trace, g_array_index (refs, StEventRef, 1)), ==,
                   100 * US);
}

/* A range with no frame, and a build that is cancelled. */
static void
test_empty_and_cancelled (Fixture *f, gconstpointer data)
{
  StCallTreeScope          scope = { 960 * US, 990 * US, &f->main_track, 1, FALSE };
  g_autoptr (StCallTree)   tree = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError)       error = NULL;

  /* main's step holds [960, 990): one frame, nothing else */
  tree = build (f, &scope);
  assert_children (tree, ST_CALL_TREE_ROOT, "step");
  g_clear_object (&tree);
  scope.tracks = &f->worker_track;
  tree = build (f, &scope);
  g_assert_cmpuint (st_call_tree_get_n_frames (tree), ==, 0);
  g_assert_cmpint (st_call_tree_get_time (tree), ==, 0);
  g_assert_cmpfloat (st_call_tree_get_share (tree, ST_CALL_TREE_ROOT), ==, 0);
  g_clear_object (&tree);
  g_cancellable_cancel (cancellable);
  scope = whole (f);
  tree = st_call_tree_build (f->trace, &scope, cancellable, NULL, NULL, &error);
  g_assert_null (tree);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* On a real profile with deep Python stacks, checked against a separate
 * sum over the top-down nodes: a bottom-up root's count and self time are
 * those of every top-down node of its name, and the roots' self times add
 * up to the tree's time. */
static void
test_real_profile (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("real", "tracelens_h100_qwen1.5_0.5b.json.gz", NULL);
  StCallTreeScope        scope = { 0, st_trace_get_end_ns (trace), NULL, 0, FALSE };
  g_autoptr (GError)     error = NULL;
  g_autoptr (StCallTree) td = st_call_tree_build (trace, &scope, NULL, NULL, NULL, &error);
  g_autoptr (StCallTree) bu = st_call_tree_invert (td, NULL, &error);
  g_autoptr (GHashTable) self_by_name = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) count_by_name = g_hash_table_new (NULL, NULL);
  guint                  n_roots;
  const guint32         *roots = st_call_tree_get_children (bu, ST_CALL_TREE_ROOT, &n_roots);
  gint64                 sum = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (st_call_tree_get_max_depth (td), >, 20);
  for (guint i = 1; i < st_call_tree_get_n_nodes (td); i++)
    {
      const StCallNode *n = st_call_tree_get_node (td, i);
      gpointer          key = GUINT_TO_POINTER (n->name);

      g_hash_table_insert (
          self_by_name, key,
          GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (self_by_name, key))
                            + (gsize)n->self_ns));
      g_hash_table_insert (
          count_by_name, key,
          GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (count_by_name, key))
                            + (gsize)n->count));
    }
  g_assert_cmpuint (n_roots, ==, g_hash_table_size (self_by_name));
  for (guint i = 0; i < n_roots; i++)
    {
      const StCallNode *r = st_call_tree_get_node (bu, roots[i]);
      gpointer          key = GUINT_TO_POINTER (r->name);

      g_assert_cmpint (r->self_ns, ==,
                       (gint64)GPOINTER_TO_SIZE (g_hash_table_lookup (self_by_name, key)));
      g_assert_cmpuint (r->count, ==, GPOINTER_TO_SIZE (g_hash_table_lookup (count_by_name, key)));
      g_assert_cmpint (r->total_ns, <=, st_call_tree_get_node (td, ST_CALL_TREE_ROOT)->total_ns);
      sum += r->self_ns;
    }
  g_assert_cmpint (sum, ==, st_call_tree_get_time (td));
}

/* tests/data/calltree/steps.json: ProfilerStep#1 [0, 100) holds f
 * [10, 30), ProfilerStep#2 [100, 200) holds f [110, 150); then "call#"
 * and "v#2b", whose names do not end in '#' and a number. The steps are
 * one node, ProfilerStep#*, of 2 frames: total 200, self 80 + 60. */
static void
test_numbered_names (void)
{
  g_autoptr (StTrace)    trace = st_test_load ("calltree", "steps.json", NULL);
  StCallTreeScope        scope = { 0, st_trace_get_end_ns (trace), NULL, 0, FALSE };
  g_autoptr (GError)     error = NULL;
  g_autoptr (StCallTree) tree = st_call_tree_build (trace, &scope, NULL, NULL, NULL, &error);
  g_autofree char       *plain = st_call_tree_name_label ("ProfilerStep");

  g_assert_no_error (error);
  assert_children (tree, ST_CALL_TREE_ROOT, "ProfilerStep#* call# v#2b");
  assert_node (tree, node_at (tree, "ProfilerStep#*", NULL), 2, 200, 140);
  assert_node (tree, node_at (tree, "ProfilerStep#*", "f", NULL), 2, 60, 60);
  g_assert_cmpstr (plain, ==, "ProfilerStep");
}

/* The names of docs/metrics.md 15.5, each read by hand against its rules:
 * a synchronisation call; the function (a Python frame's, a built-in's,
 * a dotted name's last part) among the waits; a queue's get; tqdm's
 * monitor. Then names that only look like waits. */
static void
test_wait_names (void)
{
  static const char *const waits[] = {
    "cudaStreamSynchronize",
    "cudaDeviceSynchronize",
    "cudaEventSynchronize",
    "hipStreamSynchronize",
    "threading.py(359): wait",
    "threading.py(607): wait",
    "Event.wait",
    "time.sleep",
    "<built-in function sleep>",
    "<built-in method acquire of _thread.lock object at 0x7f3a12>",
    "selectors.py(468): select",
    "<built-in method poll of select.epoll object at 0x7f3a12>",
    "epoll_wait",
    "queue.py(171): get",
    "multiprocessing/queues.py(103): get",
    "<built-in method get of _queue.SimpleQueue object at 0x7f3a12>",
    "queue.get",
    "tqdm/_monitor.py(60): run",
    "/usr/lib/python3/site-packages/tqdm/_monitor.py(84): report",
  };
  static const char *const others[] = {
    "aten::index_select",
    "aten::select",
    "dict.get",
    "config.py(12): get",
    "## wait_for_batch ##",
    "cudaStreamWaitEvent",
    "cudaLaunchKernel",
    "<built-in method join of str object at 0x7f3a12>",
    "monitor.py(60): run",
    "waiter.py(3): run",
    "ProfilerStep#3",
    "PyTorch Profiler (0)",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (waits); i++)
    if (!st_call_tree_name_waits (waits[i]))
      g_error ("“%s” should wait", waits[i]);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    if (st_call_tree_name_waits (others[i]))
      g_error ("“%s” should not wait", others[i]);
}

/* The roots of tests/model/st-test-idle-threads.h, the work first.
 * Worked out by hand from the slices (µs):
 *
 * - ProfilerStep#* 1000, its idle time the cudaStreamSynchronize's 200
 *   (a fifth): work. _pin_memory_loop 900, idle the acquire's 800 (under
 *   nine tenths, 810): work. aten::copy_ 50: work.
 * - PyTorch Profiler (0) 3200, all of it the profiler's span: idle.
 *   _bootstrap 3000, idle the sleep's 2980 (monitor.py's run is no wait):
 *   idle. loop 500, idle the select's 450, exactly nine tenths: idle.
 *   queue.py(171): get 100, a wait: idle.
 *
 * So the work by total (1000, 900, 50), then the idle roots by total
 * (3200, 3000, 500, 100); by total alone the profiler's span and the
 * monitor would come first. */
static void
test_idle_roots_last (void)
{
  g_autofree char       *text = st_test_idle_threads_text ();
  g_autoptr (StTrace)    trace = st_test_load_text (text, -1);
  StCallTreeScope        scope = { 0, st_trace_get_end_ns (trace), NULL, 0, FALSE };
  g_autoptr (StCallTree) td = NULL;
  g_autoptr (StCallTree) bu = NULL;
  guint                  step, monitor;

  td = st_call_tree_build (trace, &scope, NULL, NULL, NULL, NULL);
  assert_children (td, ST_CALL_TREE_ROOT,
                   "ProfilerStep#* pin_memory.py(49): _pin_memory_loop aten::copy_ "
                   "PyTorch Profiler (0) threading.py(1032): _bootstrap loader.py(10): loop "
                   "queue.py(171): get");
  step = node_at (td, "ProfilerStep#*", NULL);
  monitor = node_at (td, "threading.py(1032): _bootstrap", NULL);
  g_assert_cmpint (st_call_tree_get_node (td, step)->idle_ns, ==, 200 * US);
  g_assert_false (st_call_tree_is_idle (td, step));
  g_assert_cmpint (st_call_tree_get_node (td, monitor)->idle_ns, ==, 2980 * US);
  g_assert_true (st_call_tree_is_idle_root (td, monitor));
  g_assert_cmpint (
      st_call_tree_get_node (td, node_at (td, "pin_memory.py(49): _pin_memory_loop", NULL))
          ->idle_ns,
      ==, 800 * US);
  g_assert_false (
      st_call_tree_is_idle (td, node_at (td, "pin_memory.py(49): _pin_memory_loop", NULL)));
  g_assert_true (st_call_tree_is_idle (td, node_at (td, "loader.py(10): loop", NULL)));
  /* below the roots, the order of the totals: the step's mm (600) before
   * its synchronisation (200), which is no root */
  assert_children (td, step, "aten::mm cudaStreamSynchronize");
  g_assert_false (st_call_tree_is_idle_root (
      td, node_at (td, "ProfilerStep#*", "cudaStreamSynchronize", NULL)));

  /* bottom-up, by self time: the work (mm 560, the step 200, the loop of
   * pin_memory 100, loader's loop 50 before aten::copy_ 50 by total 500,
   * the launch 40, _bootstrap 10 before run 10 by total 3000), then the
   * waits and the span (3200, the sleep 2980, acquire 800, select 450,
   * the synchronisation 200, the queue's get 100) */
  bu = st_call_tree_invert (td, NULL, NULL);
  assert_children (
      bu, ST_CALL_TREE_ROOT,
      "aten::mm ProfilerStep#* pin_memory.py(49): _pin_memory_loop "
      "loader.py(10): loop aten::copy_ cudaLaunchKernel threading.py(1032): _bootstrap "
      "monitor.py(60): run PyTorch Profiler (0) time.sleep "
      "<built-in method acquire of _thread.lock object at 0x7f3a> "
      "selectors.py(468): select cudaStreamSynchronize queue.py(171): get");
  g_assert_cmpint (st_call_tree_get_node (bu, node_at (bu, "time.sleep", NULL))->idle_ns, ==,
                   2980 * US);
}

/* By thread, the same rule over the threads (their idle time is their
 * root frames'), and over each thread's root frames: main 1150, idle
 * 200 + 100 (a quarter); worker 900, idle 800; the profiler's thread 3200
 * and the monitor 3000, idle; loader 500, idle 450. Main's roots: the
 * step 1000, aten::copy_ 50, then the queue's get 100. */
static void
test_idle_threads_last (void)
{
  g_autofree char       *text = st_test_idle_threads_text ();
  g_autoptr (StTrace)    trace = st_test_load_text (text, -1);
  StCallTreeScope        scope = { 0, st_trace_get_end_ns (trace), NULL, 0, TRUE };
  g_autoptr (StCallTree) td = st_call_tree_build (trace, &scope, NULL, NULL, NULL, NULL);
  guint                  main_thread = node_at (td, "python3 / main", NULL);

  assert_children (td, ST_CALL_TREE_ROOT,
                   "python3 / main python3 / worker Spans / PyTorch Profiler python3 / monitor "
                   "python3 / loader");
  g_assert_cmpint (st_call_tree_get_node (td, main_thread)->idle_ns, ==, 300 * US);
  assert_children (td, main_thread, "ProfilerStep#* aten::copy_ queue.py(171): get");
  g_assert_true (
      st_call_tree_is_idle_root (td, node_at (td, "python3 / main", "queue.py(171): get", NULL)));
  g_assert_cmpint (st_call_tree_get_time (td), ==, 8750 * US);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/model/call-tree/top-down", Fixture, NULL, fixture_set_up, test_top_down,
              fixture_tear_down);
  g_test_add ("/model/call-tree/bottom-up", Fixture, NULL, fixture_set_up, test_bottom_up,
              fixture_tear_down);
  g_test_add ("/model/call-tree/box", Fixture, NULL, fixture_set_up, test_box, fixture_tear_down);
  g_test_add ("/model/call-tree/by-thread", Fixture, NULL, fixture_set_up, test_by_thread,
              fixture_tear_down);
  g_test_add ("/model/call-tree/instances", Fixture, NULL, fixture_set_up, test_instances,
              fixture_tear_down);
  g_test_add ("/model/call-tree/empty-and-cancelled", Fixture, NULL, fixture_set_up,
              test_empty_and_cancelled, fixture_tear_down);
  g_test_add_func ("/model/call-tree/numbered-names", test_numbered_names);
  g_test_add_func ("/model/call-tree/real-profile", test_real_profile);
  g_test_add_func ("/model/call-tree/wait-names", test_wait_names);
  g_test_add_func ("/model/call-tree/idle-roots-last", test_idle_roots_last);
  g_test_add_func ("/model/call-tree/idle-threads-last", test_idle_threads_last);
  return g_test_run ();
}
