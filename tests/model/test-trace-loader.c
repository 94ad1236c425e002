/* Opening files: the right error for each kind of bad input, a sentence that
 * names the file and the place, async loading with progress and cancel, and
 * the same trace whichever way the bytes arrive. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct
{
  const char *file;
  int         code;
  const char *says; /* part of the message a person reads */
} BadCase;

static const BadCase bad_cases[] = {
  { "empty.json", ST_TRACE_ERROR_EMPTY, "empty.json: the file is empty" },
  { "whitespace.json", ST_TRACE_ERROR_EMPTY, "only white space" },
  { "not-json.csv", ST_TRACE_ERROR_NOT_JSON, "not-json.csv: line 1, column 1: this is not JSON" },
  { "binary.json", ST_TRACE_ERROR_BINARY, "binary data" },
  { "image.json", ST_TRACE_ERROR_BINARY, "PNG image" },
  { "zstd.json", ST_TRACE_ERROR_BINARY, "zstd" },
  { "utf16.json", ST_TRACE_ERROR_ENCODING, "UTF-16" },
  { "not-a-trace.json", ST_TRACE_ERROR_NOT_A_TRACE, "without a “traceEvents” array (it has “foo”" },
  { "array-of-numbers.json", ST_TRACE_ERROR_NOT_A_TRACE, "not of trace events" },
  { "neuron-profile.json", ST_TRACE_ERROR_NOT_A_TRACE, "Neuron profiler" },
  { "broken-first-event.json", ST_TRACE_ERROR_SYNTAX,
    "broken-first-event.json: line 2, column 10: expected a value" },
  { "one-brace.json", ST_TRACE_ERROR_SYNTAX,
    "line 1, column 2: the file ends before any trace event" },
  { "corrupt.json.gz", ST_TRACE_ERROR_COMPRESSED, "corrupt.json.gz: the gzip data is corrupt" },
};

static void
test_bad_file (gconstpointer data)
{
  const BadCase      *c = data;
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = st_test_load_error (&error, "bad", c->file, NULL);

  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, c->code);
  if (strstr (error->message, c->says) == NULL)
    g_error ("“%s” does not say “%s”", error->message, c->says);
}

static StTrace *
load_path (const char *path, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  return st_trace_load_file (file, NULL, error);
}

static void
test_directory (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_path (dir, &error);

  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_IS_DIRECTORY);
  g_assert_null (trace);
  g_rmdir (dir);
}

/* A FIFO must not block the loader waiting for a writer. */
static void
test_fifo (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char    *fifo = g_build_filename (dir, "trace.json", NULL);
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  trace = load_path (fifo, &error);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_unlink (fifo);
  g_rmdir (dir);
}

static void
test_missing (void)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_path ("/nonexistent/strata/trace.json", &error);

  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "does not exist"));
}

static void
assert_unreadable (const char *path)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = load_path (path, &error);

  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "permission"));
}

/* Permissions do not stop root: as root, the load runs in a subprocess that
 * has become an unprivileged user first. */
static void
test_unreadable (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (g_test_subprocess ())
    {
      g_assert_true (setgid (65534) == 0 && setuid (65534) == 0);
      assert_unreadable (g_getenv ("STRATA_SECRET"));
      return;
    }
  dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  path = g_build_filename (dir, "secret.json", NULL);
  g_assert_true (g_file_set_contents (path, "[]", -1, NULL));
  g_chmod (dir, 0755);
  g_chmod (path, 0);
  if (geteuid () == 0)
    {
      g_setenv ("STRATA_SECRET", path, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
    }
  else
    assert_unreadable (path);
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct
{
  GMainLoop *loop;
  StTrace   *trace;
  GError    *error;
  guint      notifications;
  double     last_fraction;
  gboolean   monotonic;
} AsyncState;

static void
on_fraction (StTraceLoader *loader, GParamSpec *pspec, AsyncState *state)
{
  double f = st_trace_loader_get_fraction (loader);

  state->notifications++;
  if (f < state->last_fraction)
    state->monotonic = FALSE;
  state->last_fraction = f;
}

static void
on_loaded (GObject *object, GAsyncResult *result, gpointer data)
{
  AsyncState *state = data;

  state->trace = st_trace_loader_load_finish (ST_TRACE_LOADER (object), result, &state->error);
  g_main_loop_quit (state->loop);
}

static StTraceLoader *
loader_for (const char *first, ...)
{
  g_autofree char  *path = NULL;
  g_autoptr (GFile) file = NULL;

  path
      = g_test_build_filename (G_TEST_DIST, "data", first, "catapult_webview_flowv2.json.gz", NULL);
  file = g_file_new_for_path (path);
  return st_trace_loader_new (file);
}

/* Loading on a thread reports progress on the caller's main context, in
 * order, and ends at 1. */
static void
test_async_progress (void)
{
  g_autoptr (StTraceLoader) loader = loader_for ("real");
  AsyncState                state = { g_main_loop_new (NULL, FALSE), NULL, NULL, 0, 0.0, TRUE };

  g_signal_connect (loader, "notify::fraction", G_CALLBACK (on_fraction), &state);
  st_trace_loader_load_async (loader, NULL, on_loaded, &state);
  g_main_loop_run (state.loop);
  g_assert_no_error (state.error);
  g_assert_nonnull (state.trace);
  g_assert_cmpuint (state.notifications, >, 0);
  g_assert_true (state.monotonic);
  g_assert_cmpfloat (st_trace_loader_get_fraction (loader), ==, 1.0);
  g_assert_cmpint (st_trace_loader_get_stage (loader), ==, ST_LOAD_STAGE_DONE);
  g_object_unref (state.trace);
  g_main_loop_unref (state.loop);
}

static void
test_async_cancel (void)
{
  g_autoptr (StTraceLoader) loader = loader_for ("real");
  g_autoptr (GCancellable)  cancellable = g_cancellable_new ();
  AsyncState                state = { g_main_loop_new (NULL, FALSE), NULL, NULL, 0, 0.0, TRUE };

  g_cancellable_cancel (cancellable);
  st_trace_loader_load_async (loader, cancellable, on_loaded, &state);
  g_main_loop_run (state.loop);
  g_assert_null (state.trace);
  g_assert_error (state.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&state.error);
  g_main_loop_unref (state.loop);
}

static StTrace *
load_with_threads (const char *path, guint n_threads)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  g_autoptr (GError)        error = NULL;
  StTrace                  *trace;

  st_trace_loader_set_n_threads (loader, n_threads);
  trace = st_trace_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static void
assert_same_trace (StTrace *a, StTrace *b)
{
  gsize         na, nb;
  const StFlow *fa = st_trace_get_flows (a, &na), *fb = st_trace_get_flows (b, &nb);

  g_assert_cmpmem (st_trace_get_counts (a), sizeof (StTraceCounts), st_trace_get_counts (b),
                   sizeof (StTraceCounts));
  g_assert_cmpint (st_trace_get_origin_ns (a), ==, st_trace_get_origin_ns (b));
  g_assert_cmpuint (st_trace_get_n_tracks (a), ==, st_trace_get_n_tracks (b));
  for (guint i = 0; i < st_trace_get_n_tracks (a); i++)
    {
      const StTrack *ta = st_trace_get_track (a, i), *tb = st_trace_get_track (b, i);
      g_assert_cmpstr (st_trace_get_string (a, ta->name), ==, st_trace_get_string (b, tb->name));
      g_assert_cmpuint (ta->n_slices, ==, tb->n_slices);
      g_assert_cmpuint (ta->n_rows, ==, tb->n_rows);
      for (guint k = 0; k < ta->n_slices; k++)
        {
          g_assert_cmpint (ta->slices[k].start, ==, tb->slices[k].start);
          g_assert_cmpint (ta->slices[k].dur, ==, tb->slices[k].dur);
          g_assert_cmpuint (ta->slices[k].offset, ==, tb->slices[k].offset);
          g_assert_cmpuint (ta->slices[k].depth, ==, tb->slices[k].depth);
          g_assert_cmpstr (st_trace_get_string (a, ta->slices[k].name), ==,
                           st_trace_get_string (b, tb->slices[k].name));
        }
    }
  g_assert_cmpuint (na, ==, nb);
  for (gsize i = 0; i < na; i++)
    {
      g_assert_cmpuint (fa[i].from.track, ==, fb[i].from.track);
      g_assert_cmpuint (fa[i].from.index, ==, fb[i].from.index);
      g_assert_cmpuint (fa[i].to.track, ==, fb[i].to.track);
      g_assert_cmpuint (fa[i].to.index, ==, fb[i].to.index);
    }
}

static const char *
generated_trace (void)
{
  const char *path = g_getenv ("STRATA_TEST_TRACE");

  g_assert_nonnull (path); /* set by meson: a ~20 MB generated Kineto trace */
  return path;
}

/* The file read in parts on two threads gives exactly the trace read in
 * one piece. */
static void
test_parallel_equals_serial (void)
{
  g_autoptr (StTrace) serial = load_with_threads (generated_trace (), 1);
  g_autoptr (StTrace) parallel = load_with_threads (generated_trace (), 2);

  g_assert_cmpint (st_trace_get_counts (serial)->events, >, 50000);
  assert_same_trace (serial, parallel);
}

static void
test_gzip_equals_plain (void)
{
  g_autofree char    *gz = g_strconcat (generated_trace (), ".gz", NULL);
  g_autoptr (StTrace) plain = load_with_threads (generated_trace (), 2);
  g_autoptr (StTrace) compressed = load_with_threads (gz, 2);

  assert_same_trace (plain, compressed);
}

/* A split point that looks like an event boundary but sits inside a string
 * must not change what is read. */
static void
test_false_boundary (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char    *path = g_build_filename (dir, "trap.json", NULL);
  g_autoptr (GString) text
      = g_string_new ("[{\"ph\": \"X\", \"name\": \"big\", \"ts\": 0, "
                      "\"dur\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"s\": \"");
  g_autoptr (StTrace) serial = NULL;
  g_autoptr (StTrace) parallel = NULL;
  guint               n;

  while (text->len < 24 * 1024 * 1024)
    g_string_append (text, "}, {\\\"ph\\\": \\\"X\\\", \\\"ts\\\": 5}, {");
  g_string_append (text, "\"}},\n {\"ph\": \"X\", \"name\": \"after\", \"ts\": 2, \"dur\": 1, "
                         "\"pid\": 1, \"tid\": 1}]\n");
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  serial = load_with_threads (path, 1);
  parallel = load_with_threads (path, 2);
  g_assert_cmpint (st_trace_get_counts (parallel)->slices, ==, 2);
  st_trace_get_warnings (parallel, &n);
  g_assert_cmpuint (n, ==, 0);
  assert_same_trace (serial, parallel);
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct
{
  GCancellable *cancellable;
  gboolean      cancelled_while_reading;
} CancelState;

static void
cancel_on_progress (StTraceLoader *loader, GParamSpec *pspec, CancelState *cs)
{
  if (st_trace_loader_get_fraction (loader) > 0 && !g_cancellable_is_cancelled (cs->cancellable))
    {
      cs->cancelled_while_reading = st_trace_loader_get_stage (loader) != ST_LOAD_STAGE_DONE;
      g_cancellable_cancel (cs->cancellable);
    }
}

/* Cancel arrives while the file is being read: the load stops with
 * G_IO_ERROR_CANCELLED. */
static void
test_cancel_midway (void)
{
  g_autofree char          *gz = g_strconcat (generated_trace (), ".gz", NULL);
  g_autoptr (GFile)         file = g_file_new_for_path (gz);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  CancelState               cs = { g_cancellable_new (), FALSE };
  AsyncState                state = { g_main_loop_new (NULL, FALSE), NULL, NULL, 0, 0.0, TRUE };

  g_signal_connect (loader, "notify::fraction", G_CALLBACK (cancel_on_progress), &cs);
  st_trace_loader_load_async (loader, cs.cancellable, on_loaded, &state);
  g_main_loop_run (state.loop);
  g_assert_true (cs.cancelled_while_reading);
  g_assert_null (state.trace);
  g_assert_error (state.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&state.error);
  g_main_loop_unref (state.loop);
  g_object_unref (cs.cancellable);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/model/loader/bad/%s", bad_cases[i].file);
      g_test_add_data_func (path, &bad_cases[i], test_bad_file);
    }
  g_test_add_func ("/model/loader/directory", test_directory);
  g_test_add_func ("/model/loader/fifo", test_fifo);
  g_test_add_func ("/model/loader/missing", test_missing);
  g_test_add_func ("/model/loader/unreadable", test_unreadable);
  g_test_add_func ("/model/loader/async/progress", test_async_progress);
  g_test_add_func ("/model/loader/async/cancel-before", test_async_cancel);
  g_test_add_func ("/model/loader/async/cancel-midway", test_cancel_midway);
  g_test_add_func ("/model/loader/parallel-equals-serial", test_parallel_equals_serial);
  g_test_add_func ("/model/loader/gzip-equals-plain", test_gzip_equals_plain);
  g_test_add_func ("/model/loader/false-boundary", test_false_boundary);

  return g_test_run ();
}
