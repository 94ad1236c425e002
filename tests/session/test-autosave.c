/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The autosave of a profile's regions, as a person relies on it: an edit
 * reaches the profile's sidecar (readable by its owner only) 300 ms later,
 * together with the edits made meanwhile, or at once when the window
 * closes; opening the profile again brings the regions back; a damaged
 * sidecar, a profile that cannot be told and a sidecar that cannot be
 * written are reported, and a sidecar that cannot be read is moved aside,
 * never written over. GIO only: it needs no display. Each case has XDG
 * dirs of its own, so the sidecars land in a temporary folder. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-autosave.h"
#include "st-test-util.h"
#include "st-trace-loader.h"

#include <glib/gstdio.h>
#include <string.h>

static StTrace *
test_trace (void)
{
  static StTrace *trace;

  if (trace == NULL)
    {
      g_autoptr (GFile)  file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
      g_autoptr (GError) error = NULL;

      trace = st_trace_load_file (file, NULL, &error);
      g_assert_no_error (error);
    }
  return trace;
}

static GFile *
data_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "real", name, NULL);
  return g_file_new_for_path (path);
}

/* A new session on the test trace, its autosave, and what it restored
 * from @files. */
static StAutosave *
open_profile (GFile *const *files, guint n_files, guint *n_restored)
{
  g_autoptr (StSession) session = st_session_new (test_trace ());
  g_autoptr (GError)    error = NULL;
  StAutosave           *autosave = st_autosave_new (session);

  g_assert_true (st_autosave_restore (autosave, files, n_files, n_restored, &error));
  g_assert_no_error (error);
  return autosave;
}

static StRegionSet *
regions_of (StAutosave *autosave)
{
  return st_session_get_regions (st_autosave_get_session (autosave));
}

static void
add_region (StAutosave *autosave, const char *name, gint64 start, gint64 end)
{
  g_autoptr (StRegion) region = st_region_new (name, start, end, ST_REGION_MANUAL);

  st_region_set_add (regions_of (autosave), region);
}

static char *
sidecar_of (GFile *const *files, guint n_files)
{
  g_autoptr (GError)            error = NULL;
  g_autoptr (StProfileIdentity) identity
      = n_files > 1 ? st_profile_identity_compute_files (files, n_files, NULL, &error)
                    : st_profile_identity_compute (files[0], NULL, &error);

  g_assert_no_error (error);
  return st_profile_identity_dup_sidecar_path (identity);
}

static gboolean
exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
assert_region (StRegionSet *regions, guint i, const char *name, gint64 start, gint64 end)
{
  g_autoptr (StRegion) region = g_list_model_get_item (G_LIST_MODEL (regions), i);

  g_assert_cmpstr (st_region_get_name (region), ==, name);
  g_assert_cmpint (st_region_get_start (region), ==, start);
  g_assert_cmpint (st_region_get_end (region), ==, end);
}

/* Written 300 ms after the first edit, with the edits made meanwhile, for
 * its owner's eyes only; the profile opened again has them back. */
static void
test_after_edit (void)
{
  g_autoptr (GFile)      file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  GFile                 *files[] = { file };
  g_autofree char       *sidecar = sidecar_of (files, 1);
  g_autoptr (StAutosave) autosave = NULL, again = NULL;
  GStatBuf               buf;
  gint64                 edited;
  guint                  n;

  autosave = open_profile (files, 1, &n);
  g_assert_cmpuint (n, ==, 0);
  edited = g_get_monotonic_time ();
  add_region (autosave, "Warm-up", 1000, 2000);
  g_assert_false (exists (sidecar));
  g_usleep (100 * G_TIME_SPAN_MILLISECOND);
  add_region (autosave, "Step", 3000, 5000);
  st_test_wait_until (exists, sidecar);
  g_assert_cmpint (g_get_monotonic_time () - edited, >=, 300 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpint (g_stat (sidecar, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);

  again = open_profile (files, 1, &n);
  g_assert_cmpuint (n, ==, 2);
  assert_region (regions_of (again), 0, "Warm-up", 1000, 2000);
  assert_region (regions_of (again), 1, "Step", 3000, 5000);
  /* still in no file of the person's own */
  g_assert_true (st_region_set_get_modified (regions_of (again)));
}

/* A window closing writes what waits at once, and so does the autosave
 * going away. */
static void
test_flush (void)
{
  g_autoptr (GFile) rank0 = data_file ("hta_sampled_rank0.json.gz");
  g_autoptr (GFile) rank1 = data_file ("hta_sampled_rank1.json.gz");
  GFile            *files[] = { rank0, rank1 };
  g_autofree char  *sidecar = sidecar_of (files, 2);
  StAutosave       *autosave;
  guint             n;

  autosave = open_profile (files, 2, &n);
  add_region (autosave, "Step", 3000, 5000);
  st_autosave_flush (autosave);
  g_assert_true (exists (sidecar));
  g_unlink (sidecar);
  add_region (autosave, "Warm-up", 1000, 2000);
  g_object_unref (autosave);
  g_assert_true (exists (sidecar));

  autosave = open_profile (files, 2, &n);
  g_assert_cmpuint (n, ==, 2);
  g_object_unref (autosave);
}

/* A damaged sidecar: an error naming it, and no regions. */
static void
test_damaged (void)
{
  g_autoptr (GFile)      file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  GFile                 *files[] = { file };
  g_autofree char       *sidecar = sidecar_of (files, 1);
  g_autofree char       *folder = g_path_get_dirname (sidecar);
  g_autoptr (StSession)  session = st_session_new (test_trace ());
  g_autoptr (StAutosave) autosave = st_autosave_new (session);
  g_autoptr (GError)     error = NULL;
  guint                  n = 1;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (sidecar, "{\"version\": 1, \"regions\": [", -1, NULL));
  g_assert_false (st_autosave_restore (autosave, files, 1, &n, &error));
  g_assert_nonnull (error);
  g_assert_false (g_error_matches (error, ST_AUTOSAVE_ERROR, ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE));
  g_assert_nonnull (strstr (error->message, sidecar));
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (st_region_set_get_n_regions (st_session_get_regions (session)), ==, 0);
}

/* The files next to @sidecar that it was moved to, sorted. */
static GPtrArray *
set_aside_copies (const char *sidecar)
{
  g_autofree char *folder = g_path_get_dirname (sidecar);
  g_autofree char *base = g_path_get_basename (sidecar);
  g_autofree char *prefix = g_strndup (base, strlen (base) - strlen (".json"));
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray       *copies = g_ptr_array_new_with_free_func (g_free);
  const char      *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix) && strstr (name, ".unreadable-") != NULL)
      g_ptr_array_add (copies, g_build_filename (folder, name, NULL));
  g_ptr_array_sort (copies, (GCompareFunc)g_strcmp0);
  return copies;
}

static void
assert_file_holds (const char *path, const char *expected)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, expected);
}

/* A sidecar that cannot be read is moved aside before an autosave could
 * replace it, and the error says where; the autosaves that follow leave
 * it as it is, and a second one moved aside does not replace the first. */
static void
test_set_aside (void)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  GFile            *files[] = { file };
  g_autofree char  *sidecar = sidecar_of (files, 1);
  g_autofree char  *folder = g_path_get_dirname (sidecar);
  /* from a newer Strata, which a person may want back after an update */
  const char            *newer = "{\"version\": 99, \"regions\": [{\"name\": \"Warm-up\", "
                                 "\"start_ns\": 1000, \"end_ns\": 2000, \"method\": \"manual\"}]}";
  const char            *damaged = "{\"version\": 1, \"regions\": [";
  g_autoptr (StSession)  session = st_session_new (test_trace ());
  g_autoptr (StSession)  again = st_session_new (test_trace ());
  g_autoptr (StAutosave) autosave = st_autosave_new (session);
  g_autoptr (StAutosave) second = st_autosave_new (again);
  g_autoptr (GError)     error = NULL;
  g_autoptr (GPtrArray)  copies = NULL;
  guint                  n;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (sidecar, newer, -1, NULL));
  g_assert_false (st_autosave_restore (autosave, files, 1, &n, &error));
  g_assert_false (exists (sidecar));
  copies = set_aside_copies (sidecar);
  g_assert_cmpuint (copies->len, ==, 1);
  g_assert_nonnull (strstr (error->message, g_ptr_array_index (copies, 0)));
  assert_file_holds (g_ptr_array_index (copies, 0), newer);

  add_region (autosave, "Step", 3000, 5000);
  st_autosave_flush (autosave);
  g_assert_true (exists (sidecar));
  assert_file_holds (g_ptr_array_index (copies, 0), newer);

  /* damaged now: moved aside too, next to the first */
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (sidecar, damaged, -1, NULL));
  g_assert_false (st_autosave_restore (second, files, 1, &n, &error));
  g_clear_pointer (&copies, g_ptr_array_unref);
  copies = set_aside_copies (sidecar);
  g_assert_cmpuint (copies->len, ==, 2);
  g_assert_false (exists (sidecar));
  for (guint i = 0; i < copies->len; i++)
    if (strstr (error->message, g_ptr_array_index (copies, i)) != NULL)
      assert_file_holds (g_ptr_array_index (copies, i), damaged);
    else
      assert_file_holds (g_ptr_array_index (copies, i), newer);
}

/* A profile file that cannot be read to tell which profile it is: its
 * regions are not kept, and that is said. */
static void
test_unknown_profile (void)
{
  g_autofree char       *dir = g_dir_make_tmp ("strata-autosave-XXXXXX", NULL);
  g_autofree char       *path = g_build_filename (dir, "gone.json", NULL);
  g_autoptr (GFile)      file = g_file_new_for_path (path);
  GFile                 *files[] = { file };
  g_autoptr (StSession)  session = st_session_new (test_trace ());
  g_autoptr (StAutosave) autosave = st_autosave_new (session);
  g_autoptr (GError)     error = NULL;
  g_autofree char       *regions = g_build_filename (g_get_user_state_dir (), "strata", NULL);
  guint                  n;

  g_assert_false (st_autosave_restore (autosave, files, 1, &n, &error));
  g_assert_error (error, ST_AUTOSAVE_ERROR, ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE);
  g_assert_true (g_str_has_prefix (error->message, "Regions of this profile cannot be kept: "));
  g_assert_null (st_session_get_profile_identity (session));
  add_region (autosave, "Step", 3000, 5000);
  st_autosave_flush (autosave);
  g_assert_false (exists (regions));
  g_rmdir (dir);
}

static void
on_failed (StAutosave *autosave, const GError *error, gpointer data)
{
  *(GError **)data = g_error_copy (error);
}

/* A sidecar that cannot be written: "failed" says why. */
static void
test_failed (void)
{
  g_autoptr (GFile)      file = g_file_new_for_path (g_getenv ("STRATA_TEST_TRACE"));
  GFile                 *files[] = { file };
  g_autofree char       *state = g_build_filename (g_get_user_state_dir (), "strata", NULL);
  g_autoptr (StAutosave) autosave = NULL;
  g_autoptr (GError)     failure = NULL;
  guint                  n;

  autosave = open_profile (files, 1, &n);
  /* a file where the sidecars' folder would be */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_state_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (state, "", -1, NULL));
  g_signal_connect (autosave, "failed", G_CALLBACK (on_failed), &failure);
  add_region (autosave, "Step", 3000, 5000);
  st_autosave_flush (autosave);
  g_assert_nonnull (failure);
  g_assert_nonnull (strstr (failure->message, "autosaved regions"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/autosave/after-edit", test_after_edit);
  g_test_add_func ("/autosave/flush", test_flush);
  g_test_add_func ("/autosave/damaged", test_damaged);
  g_test_add_func ("/autosave/set-aside", test_set_aside);
  g_test_add_func ("/autosave/unknown-profile", test_unknown_profile);
  g_test_add_func ("/autosave/failed", test_failed);
  return g_test_run ();
}
