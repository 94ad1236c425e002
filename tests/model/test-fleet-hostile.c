/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Digests a reader must refuse, each with its error and a sentence naming
 * the file (docs/digest.md: "a reader refuses…"): cut short, not gzip,
 * not JSON, another kind of JSON, another version, a gzip bomb, a file
 * over the cap, nesting past the gate, and members of the wrong type, the
 * wrong length or out of order. Each is a good digest of a generated rank
 * with one thing broken, so the refusal is for that thing alone; a member
 * the reader does not know is no reason to refuse. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-digest.h"
#include "st-trace-loader.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#define NAME "hostile.stdg"

/* The text of a good digest, made once. */
static char *good_text;

static GBytes *
gzip (const char *data, gsize length)
{
  g_autoptr (GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr (GOutputStream)   memory = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream)   out = g_converter_output_stream_new (memory, G_CONVERTER (z));

  g_assert_true (g_output_stream_write_all (out, data, length, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
}

static char *
gunzip (GBytes *bytes)
{
  g_autoptr (GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream)      memory = g_memory_input_stream_new_from_bytes (bytes);
  g_autoptr (GInputStream)      in = g_converter_input_stream_new (memory, G_CONVERTER (z));
  g_autoptr (GByteArray)        text = g_byte_array_new ();
  guint8                        buffer[65536];
  gssize                        n;

  while ((n = g_input_stream_read (in, buffer, sizeof buffer, NULL, NULL)) > 0)
    g_byte_array_append (text, buffer, n);
  g_assert_cmpint (n, ==, 0);
  g_byte_array_append (text, (const guint8 *)"", 1);
  return (char *)g_byte_array_free (g_steal_pointer (&text), FALSE);
}

/* A digest of one generated rank, as text. */
static const char *
good (void)
{
  g_autofree char *dir = NULL, *path = NULL;
  const char      *argv[]
      = { g_getenv ("STRATA_GEN_FLEET"), "--ranks", "1", "--steps", "2", "-o", NULL, NULL };
  g_autoptr (GError)        error = NULL;
  g_autoptr (GFile)         file = NULL;
  g_autoptr (StTraceLoader) loader = NULL;
  g_autoptr (StTrace)       trace = NULL;
  g_autoptr (StDigest)      digest = NULL;
  g_autoptr (GBytes)        bytes = NULL;
  int                       status = 0;

  if (good_text != NULL)
    return good_text;
  g_assert_nonnull (argv[0]);
  dir = g_dir_make_tmp ("strata-digest-XXXXXX", &error);
  g_assert_no_error (error);
  argv[6] = dir;
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  path = g_build_filename (dir, "rank-00000.json", NULL);
  file = g_file_new_for_path (path);
  loader = st_trace_loader_new (file);
  trace = st_trace_loader_load (loader, NULL, &error);
  g_assert_no_error (error);
  digest = st_digest_make (trace, file, NULL, NULL, &error);
  g_assert_no_error (error);
  bytes = st_digest_to_bytes (digest);
  good_text = gunzip (bytes);
  g_unlink (path);
  g_rmdir (dir);
  return good_text;
}

/* Reads @data, which must fail with @code and a message naming the file
 * and saying @what. */
static void
refused (const char *data, gsize length, gint code, const char *what)
{
  g_autoptr (GError)   error = NULL;
  g_autoptr (StDigest) digest = st_digest_read_bytes (data, length, NAME, &error);

  g_assert_null (digest);
  g_assert_error (error, ST_DIGEST_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, NAME ": "));
  if (what != NULL && strstr (error->message, what) == NULL)
    g_error ("“%s” does not say “%s”", error->message, what);
}

/* The good digest with its text's first @from replaced by @to, gzip'd. */
static void
refused_edit (const char *from, const char *to, gint code, const char *what)
{
  const char         *text = good ();
  const char         *at = strstr (text, from);
  g_autoptr (GString) edited = g_string_new (NULL);
  g_autoptr (GBytes)  bytes = NULL;

  if (at == NULL)
    g_error ("the digest has no “%s”", from);
  g_string_append_len (edited, text, at - text);
  g_string_append (edited, to);
  g_string_append (edited, at + strlen (from));
  bytes = gzip (edited->str, edited->len);
  refused (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), code, what);
}

static void
test_good (void)
{
  const char          *text = good ();
  g_autoptr (GBytes)   bytes = gzip (text, strlen (text));
  g_autoptr (GError)   error = NULL;
  g_autoptr (StDigest) digest = st_digest_read_bytes (g_bytes_get_data (bytes, NULL),
                                                      g_bytes_get_size (bytes), NAME, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (digest->steps->len, ==, 2);
}

/* A member a later writer added is read past. */
static void
test_unknown_member (void)
{
  const char          *text = good ();
  g_autofree char     *more = g_strconcat ("{\"later\":[1,{\"a\":2}],", text + 1, NULL);
  g_autoptr (GBytes)   bytes = gzip (more, strlen (more));
  g_autoptr (GError)   error = NULL;
  g_autoptr (StDigest) digest = st_digest_read_bytes (g_bytes_get_data (bytes, NULL),
                                                      g_bytes_get_size (bytes), NAME, &error);

  g_assert_no_error (error);
  g_assert_nonnull (digest);
}

static void
test_cut_short (void)
{
  const char        *text = good ();
  g_autoptr (GBytes) bytes = gzip (text, strlen (text));

  refused (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes) / 2, ST_DIGEST_ERROR_CORRUPT,
           "cut short");
}

static void
test_not_a_digest (void)
{
  g_autoptr (GBytes) not_json = gzip ("rank 3, step 5", 14);
  g_autoptr (GBytes) other = gzip ("{\"traceEvents\": []}", 19);

  /* a trace given as a digest: not gzip */
  refused ("{\"traceEvents\": []}", 19, ST_DIGEST_ERROR_NOT_DIGEST, "gzip-compressed JSON");
  refused ("", 0, ST_DIGEST_ERROR_NOT_DIGEST, NULL);
  refused (g_bytes_get_data (not_json, NULL), g_bytes_get_size (not_json),
           ST_DIGEST_ERROR_NOT_DIGEST, NULL);
  refused (g_bytes_get_data (other, NULL), g_bytes_get_size (other), ST_DIGEST_ERROR_NOT_DIGEST,
           "strata-digest");
}

static void
test_version (void)
{
  refused_edit ("\"version\":1", "\"version\":2", ST_DIGEST_ERROR_VERSION, "version 1");
  refused_edit ("\"version\":1", "\"version\":\"1\"", ST_DIGEST_ERROR_VERSION, NULL);
}

/* 130 MiB of spaces: past the inflated cap of 128 MiB, in 130 kB of gzip. */
static void
test_bomb (void)
{
  g_autoptr (GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr (GOutputStream)   memory = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream)   out = g_converter_output_stream_new (memory, G_CONVERTER (z));
  g_autofree char            *spaces = g_malloc (1 << 20);
  g_autoptr (GBytes)          bytes = NULL;

  memset (spaces, ' ', 1 << 20);
  g_assert_true (g_output_stream_write_all (out, "{", 1, NULL, NULL, NULL));
  for (guint i = 0; i < 130; i++)
    g_assert_true (g_output_stream_write_all (out, spaces, 1 << 20, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
  g_assert_cmpuint (g_bytes_get_size (bytes), <, ST_DIGEST_MAX_FILE_SIZE);
  refused (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), ST_DIGEST_ERROR_TOO_LARGE,
           "128 MiB");
}

/* A file over 16 MiB is refused before it is read. */
static void
test_large_file (void)
{
  g_autoptr (GError)   error = NULL;
  g_autofree char     *path = NULL;
  g_autoptr (GFile)    file = NULL;
  g_autoptr (StDigest) digest = NULL;
  int                  fd = g_file_open_tmp ("strata-digest-XXXXXX.stdg", &path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (ftruncate (fd, ST_DIGEST_MAX_FILE_SIZE + 1), ==, 0);
  close (fd);
  file = g_file_new_for_path (path);
  digest = st_digest_read (file, NAME, &error);
  g_assert_null (digest);
  g_assert_error (error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, NAME));
  g_unlink (path);
}

static void
test_deep (void)
{
  g_autofree char   *deep = g_strnfill (100000, '[');
  g_autoptr (GBytes) bytes = gzip (deep, 100000);

  refused (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), ST_DIGEST_ERROR_NOT_DIGEST,
           NULL);
}

/* Each member broken in turn: the message names it. */
static void
test_members (void)
{
  refused_edit ("\"file\":{", "\"elif\":{", ST_DIGEST_ERROR_INVALID, "“file”");
  refused_edit ("\"end_ns\":[", "\"end_ns\":[1,", ST_DIGEST_ERROR_INVALID, "steps.end_ns");
  refused_edit ("\"number\":[1", "\"number\":[1.5", ST_DIGEST_ERROR_INVALID, "steps[0]");
  refused_edit ("\"number\":[1", "\"number\":[\"one\"", ST_DIGEST_ERROR_INVALID, "steps[0]");
  refused_edit ("\"types\":[1", "\"types\":[0", ST_DIGEST_ERROR_INVALID, "collectives[0]");
  refused_edit ("\"types\":[1", "\"types\":[300", ST_DIGEST_ERROR_INVALID, "collectives[0]");
  refused_edit ("\"unit\":\"ns\"", "\"unit\":\"furlongs\"", ST_DIGEST_ERROR_INVALID, "metrics[0]");
  refused_edit ("\"rank\":0", "\"rank\":\"zero\"", ST_DIGEST_ERROR_INVALID, "environment.rank");
  refused_edit ("\"bins\":512", "\"bins\":256", ST_DIGEST_ERROR_INVALID, "tracks.bins");
  refused_edit ("\"busy\":\"", "\"busy\":\"AAAA\",\"was\":\"", ST_DIGEST_ERROR_INVALID,
                "tracks.list[0]");
  refused_edit ("\"findings\":[", "\"findings\":[7],\"was\":[", ST_DIGEST_ERROR_INVALID,
                "findings[0]");
  refused_edit ("\"problems\":[", "\"problems\":[null],\"was\":[", ST_DIGEST_ERROR_INVALID,
                "problems[0]");
  refused_edit ("\"value\":", "\"value\":\"big\",\"was\":", ST_DIGEST_ERROR_INVALID, "metrics[0]");
}

/* Times that contradict themselves: a step that ends before it starts,
 * collectives out of order (a rank's k-th is counted in order). */
static void
test_order (void)
{
  const char      *text = good ();
  const char      *steps = strstr (text, "\"steps\":");
  const char      *collectives = strstr (text, "\"collectives\":");
  g_autofree char *step_end = NULL, *late_start = NULL;

  g_assert_nonnull (steps);
  g_assert_nonnull (collectives);
  /* one rank, without jitter: its first step ends at 6 048 000 (its last
   * compute kernel) + 5 000 + 300 000 (the all-gather) + 15 000, as
   * st-gen-fleet's header says */
  step_end = g_strdup ("\"end_ns\":[6368000");
  g_assert_nonnull (strstr (steps, step_end));
  refused_edit (step_end, "\"end_ns\":[-1", ST_DIGEST_ERROR_INVALID, "steps[0]");
  /* the first all-reduce starts at 1 010 000: move it after the first all-gather */
  late_start = g_strdup ("\"start_ns\":[1010000");
  g_assert_nonnull (strstr (collectives, late_start));
  refused_edit (late_start, "\"start_ns\":[9999999999", ST_DIGEST_ERROR_INVALID, "collectives[");
}

/* @text with @to put before the first @before, read. */
static StDigest *
read_edited (const char *text, const char *before, const char *to)
{
  const char         *at = strstr (text, before);
  g_autoptr (GString) edited = g_string_new (NULL);
  g_autoptr (GBytes)  bytes = NULL;
  g_autoptr (GError)  error = NULL;
  StDigest           *d;

  g_assert_nonnull (at);
  g_string_append_len (edited, text, at - text);
  g_string_append (edited, to);
  g_string_append (edited, at);
  bytes = gzip (edited->str, edited->len);
  d = st_digest_read_bytes (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NAME, &error);
  g_assert_no_error (error);
  return d;
}

static gboolean
same_double (double a, double b)
{
  return (isnan (a) && isnan (b)) || a == b;
}

/* The tables (steps, collectives) are read from the text when their
 * columns hold numbers and nulls alone, else as JSON nodes: both ways give
 * the same rows. A column of strings that no reader knows (ignored, as a
 * later writer's) sends each table the nodes' way; spaces and new lines
 * between the numbers keep the text's. */
static void
test_tables_either_way (void)
{
  const char          *text = good ();
  g_autoptr (GBytes)   bytes = gzip (text, strlen (text));
  g_autoptr (GError)   error = NULL;
  g_autoptr (StDigest) fast = st_digest_read_bytes (g_bytes_get_data (bytes, NULL),
                                                    g_bytes_get_size (bytes), NAME, &error);
  g_autoptr (StDigest) steps_nodes = read_edited (text, "\"number\":[", "\"note\":[\"x\"],");
  g_autoptr (StDigest) both_nodes = NULL;
  g_autoptr (StDigest) spaced = read_edited (text, "\"types\":[", "\n \"was\": [ 1 ,\n 2 ] ,\n");

  g_assert_no_error (error);
  {
    g_autofree char *once = g_strdup (strstr (text, "\"collectives\":{"));
    g_autofree char *head = g_strndup (text, strstr (text, "\"collectives\":{") - text);
    g_autofree char *both = NULL;

    /* the collectives' columns too: a string column first */
    both = g_strconcat (head, "\"collectives\":{\"note\":[\"x\"],",
                        once + strlen ("\"collectives\":{"), NULL);
    both_nodes = read_edited (both, "\"number\":[", "\"note\":[\"x\"],");
  }
  g_assert_cmpuint (fast->steps->len, >, 0);
  g_assert_cmpuint (fast->collectives->len, >, 0);
  for (StDigest **other = (StDigest *[]){ steps_nodes, both_nodes, spaced, NULL }; *other != NULL;
       other++)
    {
      g_assert_cmpuint ((*other)->steps->len, ==, fast->steps->len);
      g_assert_cmpuint ((*other)->collectives->len, ==, fast->collectives->len);
      for (guint i = 0; i < fast->steps->len; i++)
        {
          const StDigestStep *a = &g_array_index (fast->steps, StDigestStep, i);
          const StDigestStep *b = &g_array_index ((*other)->steps, StDigestStep, i);

          g_assert_cmpint (a->number, ==, b->number);
          g_assert_cmpint (a->start_ns, ==, b->start_ns);
          g_assert_cmpint (a->end_ns, ==, b->end_ns);
          for (guint m = 0; m < ST_N_STEP_METRICS; m++)
            g_assert_true (same_double (a->values[m], b->values[m]));
        }
      for (guint i = 0; i < fast->collectives->len; i++)
        {
          const StDigestCollective *a = &g_array_index (fast->collectives, StDigestCollective, i);
          const StDigestCollective *b
              = &g_array_index ((*other)->collectives, StDigestCollective, i);

          g_assert_cmpuint (a->types, ==, b->types);
          g_assert_cmpuint (a->sequence, ==, b->sequence);
          g_assert_cmpint (a->has_launch, ==, b->has_launch);
          g_assert_cmpint (a->launch_ns, ==, b->launch_ns);
          g_assert_cmpint (a->start_ns, ==, b->start_ns);
          g_assert_cmpint (a->end_ns, ==, b->end_ns);
        }
    }
}

/* What the text's way does not read, the nodes' way refuses as before: a
 * misplaced comma is JSON's error, with its place; a number beyond 64 bits
 * or beyond a double is no integer, in the row that holds it (the first
 * all-reduce starts at 1 010 000, test_order). */
static void
test_tables_refused (void)
{
  refused_edit ("\"types\":[", "\"types\":[,", ST_DIGEST_ERROR_NOT_DIGEST, "line 1");
  refused_edit ("\"number\":[1", "\"number\":[99999999999999999999", ST_DIGEST_ERROR_INVALID,
                "“steps[0]” is not an integer");
  refused_edit ("\"start_ns\":[1010000", "\"start_ns\":[1e400", ST_DIGEST_ERROR_INVALID,
                "“collectives[0]” is not an integer");
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fleet/hostile/good", test_good);
  g_test_add_func ("/fleet/hostile/unknown-member", test_unknown_member);
  g_test_add_func ("/fleet/hostile/cut-short", test_cut_short);
  g_test_add_func ("/fleet/hostile/not-a-digest", test_not_a_digest);
  g_test_add_func ("/fleet/hostile/version", test_version);
  g_test_add_func ("/fleet/hostile/bomb", test_bomb);
  g_test_add_func ("/fleet/hostile/large-file", test_large_file);
  g_test_add_func ("/fleet/hostile/deep", test_deep);
  g_test_add_func ("/fleet/hostile/members", test_members);
  g_test_add_func ("/fleet/hostile/order", test_order);
  g_test_add_func ("/fleet/hostile/tables-either-way", test_tables_either_way);
  g_test_add_func ("/fleet/hostile/tables-refused", test_tables_refused);
  status = g_test_run ();
  g_free (good_text);
  return status;
}
