/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening files: the right error for each kind of bad input, a sentence that
 * names the file and the place, async loading with progress and cancel, and
 * the same trace whichever way the bytes arrive. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

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

/* One event whose string arg of 24 MB is full of what looks like event
 * boundaries, and one event after it. */
static GString *
trap_text (void)
{
  GString *text = g_string_new ("[{\"ph\": \"X\", \"name\": \"big\", \"ts\": 0, "
                                "\"dur\": 1, \"pid\": 1, \"tid\": 1, \"args\": {\"s\": \"");

  while (text->len < 24 * 1024 * 1024)
    g_string_append (text, "}, {\\\"ph\\\": \\\"X\\\", \\\"ts\\\": 5}, {");
  g_string_append (text, "\"}},\n {\"ph\": \"X\", \"name\": \"after\", \"ts\": 2, \"dur\": 1, "
                         "\"pid\": 1, \"tid\": 1}]\n");
  return text;
}

/* A split point that looks like an event boundary but sits inside a string
 * must not change what is read. */
static void
test_false_boundary (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char    *path = g_build_filename (dir, "trap.json", NULL);
  g_autoptr (GString) text = trap_text ();
  g_autoptr (StTrace) serial = NULL;
  g_autoptr (StTrace) parallel = NULL;
  guint               n;

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

/* @n complete events on six tracks of two processes, none nested: @n
 * slices. One in a thousand has a string arg that looks like an event
 * boundary. The text of event k ends at ends[k] when @ends is given. */
static GString *
make_trace (guint n, GArray *ends)
{
  GString *s = g_string_new ("{\"traceEvents\": [\n");

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (
          s,
          "%s{\"ph\": \"X\", \"name\": \"op %u\", \"pid\": %u, "
          "\"tid\": %u, \"ts\": %u, \"dur\": 3, \"args\": {\"note\": \"%s%u\"}}",
          i ? ",\n" : "", i % 97, i % 2, 10 + i % 3, i * 5,
          i % 1000 == 7 ? "x}, {\\\"ph\\\": " : "n", i);
      if (ends != NULL)
        g_array_append_val (ends, s->len);
    }
  g_string_append (s, "\n]}\n");
  return s;
}

/* The gzip file of @text, from zlib; with @garbage, the stream goes on after
 * it with a block of a type that does not exist (BFINAL set, BTYPE 3). */
static void
write_gzip (const char *path, const char *text, gsize len, gboolean garbage)
{
  z_stream            zs = { 0 };
  g_autoptr (GString) out = g_string_new (NULL);
  guchar              buf[65536];
  int                 ret;

  g_assert_cmpint (deflateInit2 (&zs, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), ==,
                   Z_OK);
  zs.next_in = (guchar *)text;
  zs.avail_in = len;
  do
    {
      zs.next_out = buf;
      zs.avail_out = sizeof buf;
      ret = deflate (&zs, garbage ? Z_FULL_FLUSH : Z_FINISH);
      g_string_append_len (out, (char *)buf, sizeof buf - zs.avail_out);
    }
  while (zs.avail_out == 0 || (!garbage && ret != Z_STREAM_END));
  deflateEnd (&zs);
  if (garbage)
    g_string_append (out, "\x07garbage after a broken block");
  g_assert_true (g_file_set_contents (path, out->str, out->len, NULL));
}

/* The same from gzip: the text is split once inflating ends, inside the
 * string, and read across the pieces it arrived in. */
static void
test_gzip_false_boundary (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char    *path = g_build_filename (dir, "trap.json.gz", NULL);
  g_autoptr (GString) text = trap_text ();
  g_autoptr (StTrace) trace = NULL;
  guint               n;

  write_gzip (path, text->str, text->len, FALSE);
  trace = load_with_threads (path, 2);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 2);
  st_trace_get_warnings (trace, &n);
  g_assert_cmpuint (n, ==, 0);
  g_unlink (path);
  g_rmdir (dir);
}

/* A trace read from its gzip is the trace read from its text, at sizes
 * from a few events to several shards; each has the slices written. */
static void
test_gzip_sizes (void)
{
  const guint      sizes[] = { 3, 20000, 300000 };
  g_autofree char *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sizes.json", NULL);
  g_autofree char *gz = g_build_filename (dir, "sizes.json.gz", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr (GString) text = make_trace (sizes[i], NULL);
      g_autoptr (StTrace) plain = NULL;
      g_autoptr (StTrace) compressed = NULL;

      g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
      write_gzip (gz, text->str, text->len, FALSE);
      plain = load_with_threads (path, 1);
      compressed = load_with_threads (gz, 2);
      g_assert_cmpint (st_trace_get_counts (compressed)->slices, ==, sizes[i]);
      assert_same_trace (plain, compressed);
    }
  g_unlink (path);
  g_unlink (gz);
  g_rmdir (dir);
}

/* Corrupt data after 200 000 events: those events are read, and a warning
 * says what happened; corrupt data before any text is an error that names
 * the file. */
static void
test_gzip_corrupt_midway (void)
{
  g_autofree char       *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char       *gz = g_build_filename (dir, "broken.json.gz", NULL);
  g_autoptr (GArray)     ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr (GString)    text = make_trace (300000, ends);
  g_autoptr (StTrace)    trace = NULL;
  g_autoptr (GError)     error = NULL;
  const StImportWarning *w;
  guint                  n;

  write_gzip (gz, text->str, g_array_index (ends, gsize, 199999), TRUE);
  trace = load_with_threads (gz, 2);
  g_assert_cmpint (st_trace_get_counts (trace)->slices, ==, 200000);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_COMPRESSION), ==, 1);
  w = st_trace_get_warnings (trace, &n);
  for (guint i = 0; i < n; i++)
    if (w[i].kind == ST_WARNING_COMPRESSION)
      g_assert_nonnull (strstr (w[i].message, "The gzip data is corrupt after"));
  g_clear_object (&trace);

  write_gzip (gz, "", 0, TRUE);
  trace = load_path (gz, &error);
  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_COMPRESSED);
  g_assert_nonnull (strstr (error->message, "broken.json.gz: the gzip data is corrupt"));
  g_unlink (gz);
  g_rmdir (dir);
}

/* A syntax error in the first event, found while most of the file is still
 * to inflate, names the file and the place. */
static void
test_gzip_syntax_error_early (void)
{
  g_autofree char    *dir = g_dir_make_tmp ("strata-test-XXXXXX", NULL);
  g_autofree char    *gz = g_build_filename (dir, "early.json.gz", NULL);
  g_autoptr (GString) text = make_trace (300000, NULL);
  g_autoptr (StTrace) trace = NULL;
  g_autoptr (GError)  error = NULL;

  /* Line 2 starts with the first event: {"ph": "X", "name": ... */
  memcpy (strstr (text->str, "\"name\""), "@", 1);
  write_gzip (gz, text->str, text->len, FALSE);
  trace = load_path (gz, &error);
  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX);
  if (strstr (error->message, "early.json.gz: line 2, column 13:") == NULL)
    g_error ("“%s” does not name the file and the place", error->message);
  g_unlink (gz);
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
  g_test_add_func ("/model/loader/gzip/sizes", test_gzip_sizes);
  g_test_add_func ("/model/loader/gzip/false-boundary", test_gzip_false_boundary);
  g_test_add_func ("/model/loader/gzip/corrupt-midway", test_gzip_corrupt_midway);
  g_test_add_func ("/model/loader/gzip/syntax-error-early", test_gzip_syntax_error_early);

  return g_test_run ();
}
