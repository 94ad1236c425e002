/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli digest and strata-cli fleet (docs/metrics.md 17.6) on a job
 * st-gen-fleet writes at test time: 8 ranks of 8 steps, rank 5 late at the
 * all-reduces of steps 2 and 5, rank 3's link slow, step 6 slow. The
 * stakes are derived by hand in tests/model/test-fleet.c: the straggler
 * 5 999 884 ns, the slow link 4 799 200, the slow step 2 000 000. Then
 * where the digests go, and the exit statuses of bad input. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-cli-test.h"

#include <glib/gstdio.h>
#include <string.h>

static char *job_dir;

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char      *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static char *
rank_path (guint rank, const char *suffix)
{
  g_autofree char *name = g_strdup_printf ("rank-%05u%s", rank, suffix);

  return g_build_filename (job_dir, name, NULL);
}

/* The planted job, its traces digested beside them (test_digest_beside). */
static const char *
job (void)
{
  const char        *argv[] = { g_getenv ("STRATA_GEN_FLEET"),
                                "--ranks",
                                "8",
                                "--steps",
                                "8",
                                "--straggler",
                                "5",
                                "--straggler-steps",
                                "2,5",
                                "--slow-link",
                                "3",
                                "--slow-step",
                                "6",
                                "-o",
                                NULL,
                                NULL };
  g_autoptr (GError) error = NULL;
  int                status = 0;

  if (job_dir != NULL)
    return job_dir;
  g_assert_nonnull (argv[0]);
  job_dir = g_dir_make_tmp ("strata-cli-fleet-XXXXXX", &error);
  g_assert_no_error (error);
  argv[14] = job_dir;
  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return job_dir;
}

/* Without -o each digest goes beside its trace, one line each. */
static void
test_digest_beside (void)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto (StCliRun)     run = { 0 };
  g_auto (GStrv)        lines = NULL;

  job ();
  g_ptr_array_add (argv, g_strdup ("digest"));
  for (guint r = 0; r < 8; r++)
    g_ptr_array_add (argv, rank_path (r, ".json"));
  g_ptr_array_add (argv, NULL);
  run.status = st_cli_test_run ((const char *const *)argv->pdata, &run.out, &run.err);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (g_strstrip (run.out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 8);
  for (guint r = 0; r < 8; r++)
    {
      g_autofree char *digest = rank_path (r, ".stdg");

      g_assert_true (g_file_test (digest, G_FILE_TEST_IS_REGULAR));
    }
}

/* The "file" member of the digest at @path, read here with json-glib (not
 * with the reader under test); its parser is kept in *@parser. */
static JsonObject *
digest_file_member (const char *path, JsonParser **parser)
{
  g_autoptr (GFile)      file = g_file_new_for_path (path);
  g_autoptr (GConverter) gunzip
      = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
  g_autoptr (GInputStream) raw = NULL, in = NULL;
  g_autoptr (GError)       error = NULL;

  raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_assert_no_error (error);
  in = g_converter_input_stream_new (raw, gunzip);
  *parser = json_parser_new ();
  g_assert_true (json_parser_load_from_stream (*parser, in, NULL, &error));
  g_assert_no_error (error);
  return json_object_get_object_member (json_node_get_object (json_parser_get_root (*parser)),
                                        "file");
}

/* A digest names its trace by the SHA-256 of its bytes (all of them: a
 * trace of at most 2 MiB, docs/metrics.md 17.1) and its size, hashed
 * here from the file itself; the digest hashes it while it loads. */
static void
test_digest_identity (void)
{
  g_autofree char       *trace = NULL, *digest = NULL, *bytes = NULL, *expected = NULL;
  g_autoptr (JsonParser) parser = NULL;
  JsonObject            *of;
  gsize                  length = 0;

  job ();
  trace = rank_path (2, ".json");
  digest = rank_path (2, ".stdg");
  g_assert_true (g_file_get_contents (trace, &bytes, &length, NULL));
  g_assert_cmpuint (length, <=, 2 * 1024 * 1024);
  expected = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)bytes, length);
  g_assert_cmpint (st_cli_test_run ((const char *const[]){ "digest", trace, NULL }, NULL, NULL), ==,
                   0);
  of = digest_file_member (digest, &parser);
  g_assert_cmpstr (json_object_get_string_member (of, "identity"), ==, expected);
  g_assert_cmpint (json_object_get_int_member (of, "size"), ==, (gint64)length);
}

static int
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* A Neuron Explorer profile is a folder of Parquet tables: its digest says
 * so, and its identity is the folder's (docs/metrics.md 17.1): the sizes
 * of its eleven tables added up, and a SHA-256 over each one's name and
 * the SHA-256 of its bytes (each under 2 MiB), by name, computed here. */
static void
test_digest_folder (void)
{
  g_autofree char *profile
      = g_test_build_filename (G_TEST_DIST, "..", "data", "neuron-parquet", "profile", NULL);
  g_autofree char       *out = g_dir_make_tmp ("strata-cli-digest-folder-XXXXXX", NULL);
  g_autofree char       *digest = g_build_filename (out, "profile.stdg", NULL);
  g_autoptr (GDir)       dir = g_dir_open (profile, 0, NULL);
  g_autoptr (GPtrArray)  names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GChecksum)  expected = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr (JsonParser) parser = NULL;
  JsonObject            *of;
  gint64                 size = 0;
  const char            *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, by_name);
  g_assert_cmpuint (names->len, ==, 11);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (profile, names->pdata[i], NULL);
      g_autofree char *bytes = NULL, *sha = NULL;
      gsize            length = 0;

      g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
      sha = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)bytes, length);
      size += length;
      g_checksum_update (expected, names->pdata[i], strlen (names->pdata[i]) + 1);
      g_checksum_update (expected, (const guchar *)sha, strlen (sha) + 1);
    }
  g_assert_cmpint (
      st_cli_test_run ((const char *const[]){ "digest", profile, "-o", digest, NULL }, NULL, NULL),
      ==, 0);
  of = digest_file_member (digest, &parser);
  g_assert_cmpstr (json_object_get_string_member (of, "format"), ==, "neuron-parquet");
  g_assert_cmpstr (json_object_get_string_member (of, "name"), ==, "profile");
  g_assert_cmpint (json_object_get_int_member (of, "size"), ==, size);
  g_assert_cmpstr (json_object_get_string_member (of, "identity"), ==,
                   g_checksum_get_string (expected));
  g_unlink (digest);
  g_rmdir (out);
}

/* One FILE: -o names the digest, or a folder to write it into. */
static void
test_digest_output (void)
{
  g_autofree char  *trace = NULL, *out = NULL, *folder = NULL, *inside = NULL;
  g_auto (StCliRun) one = { 0 };
  g_auto (StCliRun) into = { 0 };

  job ();
  trace = rank_path (0, ".json");
  out = g_build_filename (job_dir, "zero.stdg", NULL);
  folder = g_build_filename (job_dir, "digests", NULL);
  inside = g_build_filename (folder, "rank-00000.stdg", NULL);
  one.status = st_cli_test_run ((const char *const[]){ "digest", trace, "-o", out, NULL }, &one.out,
                                &one.err);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  into.status = st_cli_test_run ((const char *const[]){ "digest", trace, "-o", folder, NULL },
                                 &into.out, &into.err);
  g_assert_cmpint (into.status, ==, 0);
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
  g_unlink (out);
  g_unlink (inside);
  g_rmdir (folder);
}

static void
assert_usage (const char *const *args, const char *says)
{
  g_auto (StCliRun) run = { 0 };

  run.status = st_cli_test_run (args, &run.out, &run.err);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  if (strstr (run.err, says) == NULL)
    g_error ("“%s” does not say “%s”", run.err, says);
}

static void
test_digest_usage (void)
{
  g_autofree char *a = NULL, *b = NULL, *other = NULL, *twin = NULL, *twin_dir = NULL;

  job ();
  a = rank_path (0, ".json");
  b = rank_path (1, ".json");
  other = g_build_filename (job_dir, "one.stdg", NULL);
  assert_usage ((const char *const[]){ "digest", NULL }, "give a FILE");
  assert_usage ((const char *const[]){ "digest", a, b, "-o", other, NULL }, "existing folder");
  assert_usage ((const char *const[]){ "digest", a, "-o", "", NULL }, "not nothing");
  /* the trace itself as the output: it would be lost */
  assert_usage ((const char *const[]){ "digest", a, "-o", a, NULL }, a);
  /* two traces of one name into one folder */
  twin_dir = g_build_filename (job_dir, "twin", NULL);
  twin = g_build_filename (twin_dir, "rank-00000.json", NULL);
  g_assert_cmpint (g_mkdir (twin_dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (twin, "{}", -1, NULL));
  assert_usage ((const char *const[]){ "digest", a, twin, "-o", job_dir, NULL }, "same digest");
  g_unlink (twin);
  g_rmdir (twin_dir);
}

/* A FILE that cannot be read fails the run, and the others are written. */
static void
test_digest_unreadable (void)
{
  g_autofree char  *good = NULL, *missing = NULL, *folder = NULL, *written = NULL;
  g_auto (StCliRun) run = { 0 };

  job ();
  good = rank_path (2, ".json");
  missing = g_build_filename (job_dir, "rank-99999.json", NULL);
  folder = g_dir_make_tmp ("strata-cli-digests-XXXXXX", NULL);
  written = g_build_filename (folder, "rank-00002.stdg", NULL);
  run.status = st_cli_test_run (
      (const char *const[]){ "digest", missing, good, "-o", folder, NULL }, &run.out, &run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "rank-99999.json"));
  g_assert_true (g_file_test (written, G_FILE_TEST_IS_REGULAR));
  remove_tree (folder);
}

static void
ensure_digests (void)
{
  g_autofree char *last = NULL;

  job ();
  last = rank_path (7, ".stdg");
  if (!g_file_test (last, G_FILE_TEST_EXISTS))
    test_digest_beside ();
}

static void
assert_finding (JsonArray *findings, guint i, const char *kind, gint64 stake)
{
  JsonObject *f = json_array_get_object_element (findings, i);

  g_assert_cmpstr (json_object_get_string_member (f, "kind"), ==, kind);
  g_assert_cmpint (json_object_get_int_member (f, "time_at_stake_ns"), ==, stake);
}

static void
test_fleet_json (void)
{
  g_auto (StCliRun)      run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject            *o;
  JsonArray             *findings, *ranks, *matrix;

  ensure_digests ();
  run.status = st_cli_test_run ((const char *const[]){ "fleet", job_dir, "--json", NULL }, &run.out,
                                &run.err);
  g_assert_cmpint (run.status, ==, 0);
  o = st_cli_test_parse (parser, run.out);
  findings = json_object_get_array_member (o, "findings");
  g_assert_cmpuint (json_array_get_length (findings), ==, 3);
  assert_finding (findings, 0, "straggler", 5999884);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (findings, 0), "row"),
                   ==, 5);
  assert_finding (findings, 1, "slow-link", 4799200);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (findings, 1), "row"),
                   ==, 3);
  assert_finding (findings, 2, "slow-step", 2000000);
  g_assert_cmpint (
      json_object_get_int_member (json_array_get_object_element (findings, 2), "number"), ==, 6);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (findings, 2), "row"));
  ranks = json_object_get_array_member (o, "ranks");
  g_assert_cmpuint (json_array_get_length (ranks), ==, 8);
  g_assert_cmpint (
      json_object_get_int_member (json_array_get_object_element (ranks, 5), "caused_wait_ns"), ==,
      5999884);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "collectives")), ==,
                    16);
  matrix
      = json_object_get_array_member (json_object_get_object_member (o, "matrix"), "step_time_ns");
  g_assert_cmpuint (json_array_get_length (matrix), ==, 8);
  /* rank 2 in step 6: 6 368 300 + e(2) + 2 000 000 */
  g_assert_cmpfloat (json_array_get_double_element (json_array_get_array_element (matrix, 5), 2),
                     ==, 8368500);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "notes")), ==, 0);
}

/* In the table of @text whose header names @column, each row's cell of
 * that column (found by @cell, the first text of it in the row) starts at
 * the header's character, not byte: the steps' exposed communication is
 * in µs (two bytes in UTF-8), which once moved the column by one. */
static void
assert_columns_line_up (const char *text, const char *column, const char *cell)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint          header = 0, n_rows = 0;
  glong          at;

  while (lines[header] != NULL && strstr (lines[header], column) == NULL)
    header++;
  g_assert_nonnull (lines[header]);
  at = g_utf8_pointer_to_offset (lines[header], strstr (lines[header], column));
  for (guint i = header + 1; lines[i] != NULL && *lines[i] != '\0'; i++, n_rows++)
    {
      g_assert_nonnull (strstr (lines[i], cell));
      g_assert_cmpint (g_utf8_pointer_to_offset (lines[i], strstr (lines[i], cell)), ==, at);
    }
  g_assert_cmpuint (n_rows, >, 0);
}

static void
test_fleet_text (void)
{
  g_auto (StCliRun) run = { 0 };

  ensure_digests ();
  run.status
      = st_cli_test_run ((const char *const[]){ "fleet", job_dir, NULL }, &run.out, &run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Fleet: 8 ranks, 8 steps, 16 collectives"));
  g_assert_nonnull (strstr (run.out, "1. straggler"));
  g_assert_nonnull (strstr (run.out, "rank 5 was the last to arrive at 2 of the 16"));
  g_assert_nonnull (strstr (run.out, "3. slow-step"));
  assert_columns_line_up (run.out, "slowest rank", "rank ");
}

/* A trace among the digests, a folder without digests, a missing file. */
static void
test_fleet_bad (void)
{
  g_autofree char  *empty = g_dir_make_tmp ("strata-cli-fleet-empty-XXXXXX", NULL);
  g_autofree char  *digest = NULL, *trace = NULL;
  g_auto (StCliRun) mixed = { 0 };
  g_auto (StCliRun) missing = { 0 };

  ensure_digests ();
  digest = rank_path (0, ".stdg");
  trace = rank_path (1, ".json");
  mixed.status = st_cli_test_run ((const char *const[]){ "fleet", digest, trace, NULL }, &mixed.out,
                                  &mixed.err);
  g_assert_cmpint (mixed.status, ==, 1);
  g_assert_nonnull (strstr (mixed.err, trace));
  g_assert_nonnull (strstr (mixed.err, "not a Strata digest"));
  missing.status = st_cli_test_run ((const char *const[]){ "fleet", "no-such.stdg", NULL },
                                    &missing.out, &missing.err);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "no-such.stdg"));
  assert_usage ((const char *const[]){ "fleet", empty, NULL }, "no digest");
  assert_usage ((const char *const[]){ "fleet", NULL }, "DIGEST");
  assert_usage ((const char *const[]){ "fleet", digest, "--align", "sun", NULL }, "--align");
  g_rmdir (empty);
}

/* A folder whose digests are not all readable (a task of the map wrote a
 * damaged one): the others are reduced, the bad one is named on stderr,
 * and the fleet notes that a rank of the job's 8 is missing. Named on the
 * command line, the same file is an error (test_fleet_bad). */
static void
test_fleet_some_bad (void)
{
  g_autofree char  *folder = g_build_filename (job_dir, "some-bad", NULL);
  g_autofree char  *bad = g_build_filename (folder, "rank-00007.stdg", NULL);
  g_auto (StCliRun) run = { 0 };

  ensure_digests ();
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  for (guint r = 0; r < 7; r++)
    {
      g_autofree char *from = rank_path (r, ".stdg");
      g_autofree char *name = g_path_get_basename (from);
      g_autofree char *to = g_build_filename (folder, name, NULL);
      g_autofree char *data = NULL;
      gsize            length;

      g_assert_true (g_file_get_contents (from, &data, &length, NULL));
      g_assert_true (g_file_set_contents (to, data, length, NULL));
    }
  g_assert_true (g_file_set_contents (bad, "\x1f\x8b cut short", -1, NULL));
  run.status = st_cli_test_run ((const char *const[]){ "fleet", folder, NULL }, &run.out, &run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "1 digest of 8 could not be read and is left out"));
  g_assert_nonnull (strstr (run.err, bad));
  g_assert_nonnull (strstr (run.out, "Fleet: 7 ranks"));
  g_assert_nonnull (strstr (run.out, "The digests say the job had 8 ranks; 7 are here."));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/digest/beside", test_digest_beside);
  g_test_add_func ("/cli/digest/identity", test_digest_identity);
  g_test_add_func ("/cli/digest/folder", test_digest_folder);
  g_test_add_func ("/cli/digest/output", test_digest_output);
  g_test_add_func ("/cli/digest/usage", test_digest_usage);
  g_test_add_func ("/cli/digest/unreadable", test_digest_unreadable);
  g_test_add_func ("/cli/fleet/json", test_fleet_json);
  g_test_add_func ("/cli/fleet/text", test_fleet_text);
  g_test_add_func ("/cli/fleet/bad", test_fleet_bad);
  g_test_add_func ("/cli/fleet/some-bad", test_fleet_some_bad);
  status = g_test_run ();
  if (job_dir != NULL)
    remove_tree (job_dir);
  g_free (job_dir);
  return status;
}
