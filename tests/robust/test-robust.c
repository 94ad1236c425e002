/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile files too big or too slow for the model suite, made at test time
 * (none is committed): gzip bombs, a 100 MB string, millions of unclosed
 * B events, a file that shrinks or vanishes while it is read, and cancelling
 * a load at many points. Each ends in a clear error or a trace, within
 * bounded memory, and leaves no thread, file descriptor or temporary file
 * behind. */
#define G_LOG_DOMAIN "strata-test"
#define _GNU_SOURCE

#include "config.h"

#include "st-test-util.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <zlib.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)

static char *tmp_dir; /* TMPDIR of the whole run: must end up empty */

/* --- what the process holds ------------------------------------------- */

static guint
count_entries (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint            n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static guint
count_threads (void)
{
  return count_entries ("/proc/self/task");
}

/* The threads left once those that were joined are gone: pthread_join
 * returns when a thread's function has, and the kernel drops the task from
 * /proc a moment later, so a busy machine may still list it. Waits up to
 * two seconds for the count to come down to @expected. */
static guint
threads_settled (guint expected)
{
  guint n = count_threads ();

  for (guint i = 0; i < 200 && n > expected; i++)
    {
      g_usleep (10 * 1000);
      n = count_threads ();
    }
  return n;
}

static guint
count_fds (void)
{
  return count_entries ("/proc/self/fd");
}

/* Memory that is not a file's page cache: anonymous pages and shared
 * memory (a memfd spool), in bytes. */
static guint64
resident_memory (void)
{
  g_autofree char *status = NULL;
  guint64          total = 0;
  const char      *keys[] = { "RssAnon:", "RssShmem:" };

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *line = strstr (status, keys[i]);
      if (line != NULL)
        total += g_ascii_strtoull (line + strlen (keys[i]), NULL, 10) * 1024;
    }
  return total;
}

/* Loads @path on a thread of its own while this one samples memory; the
 * peak is in *peak. */
typedef struct
{
  GFile         *file;
  GCancellable  *cancellable;
  StTraceLoader *loader;
  StTrace       *trace;
  GError        *error;
  gint           done;
} Load;

static gpointer
load_thread (gpointer data)
{
  Load *load = data;

  load->trace = st_trace_loader_load (load->loader, load->cancellable, &load->error);
  g_atomic_int_set (&load->done, 1);
  return NULL;
}

static StTrace *
load_watching (const char *path, guint64 *peak, gdouble *seconds, GError **error)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  Load                      load = { file, NULL, loader, NULL, NULL, 0 };
  gint64                    t0 = g_get_monotonic_time ();
  GThread                  *thread;

  *peak = 0;
  thread = g_thread_new ("test-load", load_thread, &load);
  while (!g_atomic_int_get (&load.done))
    {
      *peak = MAX (*peak, resident_memory ());
      g_usleep (20000);
    }
  g_thread_join (thread);
  *peak = MAX (*peak, resident_memory ());
  *seconds = (g_get_monotonic_time () - t0) / 1e6;
  if (load.error != NULL)
    g_propagate_error (error, load.error);
  return load.trace;
}

/* --- making files ------------------------------------------------------- */

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* One gzip member holding @size bytes of @c. */
static void
write_member (FILE *out, guint64 size, int c, const char *prefix, const char *suffix)
{
  static guchar in[MiB], outbuf[256 * 1024];
  z_stream      zs = { 0 };

  memset (in, c, sizeof in);
  g_assert_cmpint (deflateInit2 (&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), ==,
                   Z_OK);
  for (int part = 0; part < 3; part++)
    {
      const char *text = part == 0 ? prefix : part == 2 ? suffix : NULL;
      guint64     left = part == 1 ? size : (text ? strlen (text) : 0);

      while (left > 0 || part == 2)
        {
          gsize n = part == 1 ? MIN (left, sizeof in) : left;
          int   flush = part == 2 ? Z_FINISH : Z_NO_FLUSH;

          zs.next_in = part == 1 ? in : (guchar *)text;
          zs.avail_in = n;
          do
            {
              zs.next_out = outbuf;
              zs.avail_out = sizeof outbuf;
              deflate (&zs, flush);
              g_assert_cmpuint (fwrite (outbuf, 1, sizeof outbuf - zs.avail_out, out), ==,
                                sizeof outbuf - zs.avail_out);
            }
          while (zs.avail_out == 0);
          left -= n;
          if (part == 2)
            break;
        }
    }
  deflateEnd (&zs);
}

/* A gzip file of @members members, each inflating to @member_size bytes of
 * @c; the first starts with @prefix and the last ends with @suffix. */
static char *
make_bomb (const char *name,
           int         c,
           guint64     member_size,
           guint       members,
           const char *prefix,
           const char *suffix)
{
  char *path = tmp_path (name);
  FILE *out = fopen (path, "wb");

  g_assert_nonnull (out);
  for (guint i = 0; i < members; i++)
    write_member (out, member_size, c, i == 0 ? prefix : "", i + 1 == members ? suffix : "");
  g_assert_cmpint (fclose (out), ==, 0);
  return path;
}

static guint64
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_size;
}

/* --- gzip bombs -------------------------------------------------------- */

/* 4 GiB of zeros in about 4 MB: the first kilobytes show binary data, and
 * the load stops there without inflating the rest. */
static void
test_bomb_zeros (void)
{
  g_autofree char    *path = make_bomb ("zeros.json.gz", 0, 256 * MiB, 16, "", "");
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  guint               threads = count_threads (), fds = count_fds ();
  guint64             peak;
  double              seconds;

  g_test_message ("zeros bomb: %" G_GUINT64_FORMAT " bytes inflating to 4 GiB", file_size (path));
  trace = load_watching (path, &peak, &seconds, &error);
  g_test_message ("refused in %.2f s, peak memory %" G_GUINT64_FORMAT " MiB", seconds, peak / MiB);
  g_assert_null (trace);
  g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_BINARY);
  g_assert_nonnull (strstr (error->message, "zeros.json.gz: this is binary data"));
  g_assert_cmpuint (peak, <, 512 * MiB);
  g_assert_cmpuint (threads_settled (threads), ==, threads);
  g_assert_cmpuint (count_fds (), ==, fds);
  g_unlink (path);
}

/* "[" and 3 GiB of white space, then "]": valid JSON with no events. It
 * inflates into a spool that stays in memory up to a budget (half the free
 * memory, at most 1 GiB) and then moves to a temporary file on disk, so the
 * memory stays bounded; then the trace opens empty, saying so. */
static void
test_bomb_whitespace (void)
{
  g_autofree char    *path = make_bomb ("spaces.json.gz", ' ', 256 * MiB, 12, "[", "]");
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  guint               threads = count_threads ();
  guint64             peak;
  double              seconds;

  g_test_message ("white-space bomb: %" G_GUINT64_FORMAT " bytes inflating to 3 GiB",
                  file_size (path));
  trace = load_watching (path, &peak, &seconds, &error);
  g_test_message ("%s in %.2f s, peak memory %" G_GUINT64_FORMAT " MiB",
                  trace ? "read" : error->message, seconds, peak / MiB);
  if (trace == NULL)
    {
      /* A machine without the disk space for it: refused, and it says so. */
      g_assert_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_TOO_LARGE);
      g_assert_nonnull (strstr (error->message, "spaces.json.gz: it inflates to more than"));
    }
  else
    {
      g_assert_no_error (error);
      g_assert_cmpuint (st_trace_get_text_size (trace), ==, 3 * GiB + 2);
      g_assert_cmpuint (st_trace_get_n_tracks (trace), ==, 0);
      g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_NO_EVENTS), ==, 1);
    }
  g_assert_cmpuint (peak, <, 1 * GiB + 512 * MiB);
  g_clear_object (&trace);
  g_assert_cmpuint (threads_settled (threads), ==, threads);
  g_unlink (path);
}

/* --- huge values -------------------------------------------------------- */

/* A 100 MB name and a 100 MB string in args: the name is interned as it is,
 * and the args come back whole on demand. */
static void
test_huge_string (void)
{
  g_autofree char      *path = tmp_path ("huge-string.json");
  g_autoptr (GString)   text = g_string_sized_new (210 * MiB);
  g_autoptr (GError)    error = NULL;
  g_autoptr (StTrace)   trace = NULL;
  g_autoptr (GPtrArray) args = NULL;
  const StTrack        *track;
  StArg                *arg;
  gsize                 huge = 100 * 1000 * 1000;

  g_string_append (text,
                   "[{\"ph\": \"X\", \"ts\": 1, \"dur\": 2, \"pid\": 1, \"tid\": 1, \"name\": \"");
  for (gsize i = 0; i < huge; i++)
    g_string_append_c (text, 'a' + i % 26);
  g_string_append (text, "\", \"args\": {\"big\": \"");
  for (gsize i = 0; i < huge; i++)
    g_string_append_c (text, 'z' - i % 26);
  g_string_append (text, "\"}}]\n");
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_string_free (g_steal_pointer (&text), TRUE);

  {
    g_autoptr (GFile) file = g_file_new_for_path (path);
    trace = st_trace_load_file (file, NULL, &error);
  }
  g_assert_no_error (error);
  track = st_trace_get_track (trace, 0);
  g_assert_cmpuint (track->n_slices, ==, 1);
  g_assert_cmpuint (strlen (st_trace_get_string (trace, track->slices[0].name)), ==, huge);
  args = st_test_args_flat (trace, track->slices[0].offset, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (args->len, ==, 1);
  arg = g_ptr_array_index (args, 0);
  g_assert_cmpstr (arg->key, ==, "big");
  g_assert_cmpuint (strlen (arg->value), >=, huge);
  g_unlink (path);
}

/* Three million B events and not one E: every one is an unclosed slice,
 * each nested in the one before. The trace opens, with one warning that
 * counts them all, and memory stays near the per-event budget. */
static void
test_unclosed_begins (void)
{
  g_autofree char    *path = tmp_path ("begins.json");
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  guint               n = 3 * 1000 * 1000;
  guint64             peak;
  double              seconds;
  FILE               *out = fopen (path, "w");

  g_assert_nonnull (out);
  fputs ("[\n", out);
  for (guint i = 0; i < n; i++)
    fprintf (out, "{\"ph\":\"B\",\"name\":\"n%u\",\"ts\":%u,\"pid\":1,\"tid\":1},\n", i % 100, i);
  fputs ("{\"ph\":\"i\",\"name\":\"end\",\"ts\":0,\"pid\":1,\"tid\":1,\"s\":\"t\"}]\n", out);
  g_assert_cmpint (fclose (out), ==, 0);

  trace = load_watching (path, &peak, &seconds, &error);
  g_test_message ("%u unclosed B events (%" G_GUINT64_FORMAT
                  " MB): %.2f s, peak memory %" G_GUINT64_FORMAT " MiB",
                  n, file_size (path) / 1000000, seconds, peak / MiB);
  g_assert_no_error (error);
  g_assert_cmpuint (st_trace_get_counts (trace)->slices, ==, n);
  g_assert_cmpuint (st_test_warning_count (trace, ST_WARNING_UNCLOSED_BEGIN), ==, n);
  /* The slices themselves, their rows and levels of detail: well under
   * 1 KiB an event, and far from the 2 GiB limit. */
  g_assert_cmpuint (peak, <, (guint64)n * 400);
  g_unlink (path);
}

/* --- files that change under the reader --------------------------------- */

static char *
make_big_trace (const char *name, guint events)
{
  char *path = tmp_path (name);
  FILE *out = fopen (path, "w");

  g_assert_nonnull (out);
  fputs ("[\n", out);
  for (guint i = 0; i < events; i++)
    fprintf (out,
             "{\"ph\":\"X\",\"name\":\"slice %u\",\"ts\":%u,\"dur\":1,\"pid\":1,\"tid\":%u,"
             "\"args\":{\"i\":%u}},\n",
             i, i * 2, i % 8, i);
  fputs ("{\"ph\":\"X\",\"name\":\"last\",\"ts\":0,\"dur\":1,\"pid\":1,\"tid\":1}]\n", out);
  g_assert_cmpint (fclose (out), ==, 0);
  return path;
}

/* The file is cut to a few bytes at several moments while it loads, and
 * while its args are read afterwards: no SIGBUS, and either the trace (the
 * cut came after reading) or an error that says the file changed. */
static void
test_shrinking_file (void)
{
  guint errors = 0, loaded = 0, before = 0;

  for (guint round = 0; round < 8; round++)
    {
      g_autofree char          *path = make_big_trace ("shrinks.json", 600000);
      g_autoptr (GFile)         file = g_file_new_for_path (path);
      g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
      Load                      load = { file, NULL, loader, NULL, NULL, 0 };
      GThread                  *thread;

      st_trace_loader_set_n_threads (loader, 1 + round % 2);
      thread = g_thread_new ("test-load", load_thread, &load);
      g_usleep (round * 15000);
      g_assert_cmpint (truncate (path, 10), ==, 0);
      g_thread_join (thread);
      if (load.trace == NULL)
        {
          g_assert_error (load.error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE);
          g_assert_nonnull (strstr (load.error->message, "the file changed on disk"));
          g_clear_error (&load.error);
          errors++;
        }
      else if (st_trace_get_n_tracks (load.trace) == 0)
        {
          /* Cut before it was opened: a file of ten bytes, read as such. */
          g_assert_cmpuint (st_test_warning_count (load.trace, ST_WARNING_TRUNCATED), ==, 1);
          g_object_unref (load.trace);
          before++;
        }
      else
        {
          /* Args read from the lost pages: an error, never a crash. */
          const StTrack        *track = st_trace_get_track (load.trace, 0);
          g_autoptr (GError)    error = NULL;
          g_autoptr (GPtrArray) args
              = st_test_args_flat (load.trace, track->slices[track->n_slices - 1].offset, &error);
          g_assert_true (args == NULL || args->len == 0);
          g_assert_nonnull (error);
          g_object_unref (load.trace);
          loaded++;
        }
      g_unlink (path);
    }
  g_test_message ("cut while loading: %u errors, %u traces read before the cut, %u files cut "
                  "before they were opened",
                  errors, loaded, before);
  g_assert_cmpuint (errors, >, 0);
}

/* Deleted while it loads: the open file stays readable to its end. */
static void
test_vanishing_file (void)
{
  g_autofree char          *path = make_big_trace ("vanishes.json", 300000);
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
  Load                      load = { file, NULL, loader, NULL, NULL, 0 };
  GThread                  *thread = g_thread_new ("test-load", load_thread, &load);

  g_usleep (20000);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_thread_join (thread);
  g_assert_no_error (load.error);
  g_assert_cmpuint (st_trace_get_counts (load.trace)->slices, ==, 300001);
  g_object_unref (load.trace);
}

/* --- cancelling --------------------------------------------------------- */

/* A load is cancelled at many points (before it starts, while opening,
 * reading at several fractions, building), of a plain and of a gzip file:
 * it stops with G_IO_ERROR_CANCELLED (or had already finished), and no
 * thread, file descriptor or temporary file is left. */
static void
cancel_at_points (const char *path)
{
  static const double points[] = { -1.0, 0.0, 0.01, 0.1, 0.3, 0.5, 0.8, 0.9, 0.95 };
  guint               threads = count_threads (), fds = count_fds (), cancelled = 0;

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      g_autoptr (GFile)         file = g_file_new_for_path (path);
      g_autoptr (StTraceLoader) loader = st_trace_loader_new (file);
      g_autoptr (GCancellable)  cancellable = g_cancellable_new ();
      Load                      load = { file, cancellable, loader, NULL, NULL, 0 };
      GThread                  *thread;

      if (points[i] < 0)
        g_cancellable_cancel (cancellable);
      thread = g_thread_new ("test-load", load_thread, &load);
      while (!g_atomic_int_get (&load.done) && !g_cancellable_is_cancelled (cancellable))
        {
          if (st_trace_loader_get_fraction (loader) >= points[i])
            g_cancellable_cancel (cancellable);
          g_usleep (200);
        }
      g_thread_join (thread);
      if (load.trace == NULL)
        {
          g_assert_error (load.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
          g_clear_error (&load.error);
          cancelled++;
        }
      g_clear_object (&load.trace);
      g_assert_cmpuint (threads_settled (threads), ==, threads);
      g_assert_cmpuint (count_fds (), ==, fds);
      g_assert_cmpuint (count_entries (tmp_dir), ==, 1); /* the trace itself */
    }
  g_test_message ("%s: %u of %" G_GSIZE_FORMAT " loads stopped by the cancel", path, cancelled,
                  G_N_ELEMENTS (points));
  g_assert_cmpuint (cancelled, >=, G_N_ELEMENTS (points) / 2);
}

static void
test_cancel_plain (void)
{
  g_autofree char *path = make_big_trace ("cancel.json", 1500000);

  cancel_at_points (path);
  g_unlink (path);
}

static void
test_cancel_gzip (void)
{
  g_autofree char *plain = make_big_trace ("cancel.json", 1500000);
  g_autofree char *path = tmp_path ("cancel.json.gz");
  g_autofree char *command = g_strdup_printf ("gzip -1 -f '%s'", plain);
  int              status;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  cancel_at_points (path);
  g_unlink (path);
}

int
main (int argc, char *argv[])
{
  int result;

  /* Before GLib reads TMPDIR: every temporary file of the run goes here. */
  tmp_dir = g_dir_make_tmp ("strata-robust-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_setenv ("TMPDIR", tmp_dir, TRUE);
  g_test_init (&argc, &argv, NULL);
  /* GLib makes its one-time things (the default main context's wakeup fd)
   * on a first load; counts taken after it see only what a load leaves. */
  g_object_unref (st_test_load ("edge", "counters.json", NULL));

  g_test_add_func ("/robust/gzip/bomb-zeros", test_bomb_zeros);
  g_test_add_func ("/robust/gzip/bomb-whitespace", test_bomb_whitespace);
  g_test_add_func ("/robust/huge/string", test_huge_string);
  g_test_add_func ("/robust/huge/unclosed-begins", test_unclosed_begins);
  g_test_add_func ("/robust/changing/shrinks", test_shrinking_file);
  g_test_add_func ("/robust/changing/vanishes", test_vanishing_file);
  g_test_add_func ("/robust/cancel/plain", test_cancel_plain);
  g_test_add_func ("/robust/cancel/gzip", test_cancel_gzip);

  result = g_test_run ();
  g_assert_cmpuint (count_entries (tmp_dir), ==, 0);
  g_rmdir (tmp_dir);
  return result;
}
