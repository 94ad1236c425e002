/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Regions: a person marks, generates, renames and removes regions, undoes
 * and redoes each step, saves them to a file and opens it again, and gets
 * them back after a crash from the autosave; damaged files are refused with
 * a message that names the file and the place. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-profile-identity.h"
#include "st-region-error.h"
#include "st-region-set.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <utime.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_ASAN 1
#endif
#endif

#ifdef HAVE_ASAN
#include <sanitizer/lsan_interface.h>
#endif

#define MIB (1024 * 1024)

/* 2^53 + 1: a double would read it as 2^53. */
#define BEYOND_DOUBLE G_GINT64_CONSTANT (9007199254740993)

static const char DIGEST[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

#ifdef HAVE_ASAN
static void
ignore_strv (const char *const *strv)
{
  __lsan_ignore_object (strv);
  for (guint i = 0; strv[i] != NULL; i++)
    __lsan_ignore_object (strv[i]);
}

/* G_TEST_OPTION_ISOLATE_DIRS gives every test new user folders, and GLib
 * leaks the previous ones on purpose (a caller may still hold them). A
 * GLib built with the sanitizer tells LeakSanitizer so; a distribution's
 * does not, and its frames cannot be unwound to suppress them by name. */
static void
ignore_user_dirs_leak (void)
{
  __lsan_ignore_object (g_get_home_dir ());
  __lsan_ignore_object (g_get_user_cache_dir ());
  __lsan_ignore_object (g_get_user_config_dir ());
  __lsan_ignore_object (g_get_user_data_dir ());
  __lsan_ignore_object (g_get_user_state_dir ());
  __lsan_ignore_object (g_get_user_runtime_dir ());
  ignore_strv (g_get_system_config_dirs ());
  ignore_strv (g_get_system_data_dirs ());
}
#else
static void
ignore_user_dirs_leak (void)
{
}
#endif

/* The regions as "name[start,end]/method" in list order. */
static char *
describe (GListModel *model)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (StRegion) r = g_list_model_get_item (model, i);

      g_string_append_printf (s, "%s%s[%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT "]/%s",
                              i > 0 ? " " : "", st_region_get_name (r), st_region_get_start (r),
                              st_region_get_end (r),
                              st_region_method_to_string (st_region_get_method (r)));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The regions of a file, as a set holding them shows them. */
static char *
describe_array (StRegionArray *regions)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();

  st_region_set_replace_all (set, regions);
  return describe (G_LIST_MODEL (set));
}

/* The name of the region at @position, as its object reads it. */
static char *
dup_name_at (GListModel *model, guint position)
{
  g_autoptr (StRegion) r = g_list_model_get_item (model, position);

  return g_strdup (st_region_get_name (r));
}

static void
assert_regions (StRegionSet *set, const char *expected)
{
  g_autofree char *text = describe (G_LIST_MODEL (set));

  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpuint (st_region_set_get_n_regions (set), ==,
                    g_list_model_get_n_items (G_LIST_MODEL (set)));
}

static guint
add (StRegionSet *set, const char *name, gint64 start, gint64 end, StRegionMethod method)
{
  g_autoptr (StRegion) r = st_region_new (name, start, end, method);

  return st_region_set_add (set, r);
}

/* Everything the set tells its watchers, in order: "items 2-0+1",
 * "notify n-items", "edited"… separated by "; ". */
static void
log_append (GString *log, const char *text)
{
  if (log->len > 0)
    g_string_append (log, "; ");
  g_string_append (log, text);
}

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added, GString *log)
{
  g_autofree char *text = g_strdup_printf ("items %u-%u+%u", position, removed, added);

  /* Watchers see the new contents when told. */
  g_assert_cmpuint (g_list_model_get_n_items (model), >=, position + added);
  log_append (log, text);
}

static void
on_notify (GObject *object, GParamSpec *pspec, GString *log)
{
  g_autofree char *text = g_strdup_printf ("notify %s", pspec->name);

  log_append (log, text);
}

static void
on_edited (StRegionSet *set, GString *log)
{
  log_append (log, "edited");
}

static GString *
watch (StRegionSet *set)
{
  GString *log = g_string_new (NULL);

  g_signal_connect (set, "items-changed", G_CALLBACK (on_items_changed), log);
  g_signal_connect (set, "notify", G_CALLBACK (on_notify), log);
  g_signal_connect (set, "edited", G_CALLBACK (on_edited), log);
  return log;
}

/* Returns what was logged since the last call, and clears it. */
static char *
take_log (GString *log)
{
  char *text = g_strdup (log->str);

  g_string_truncate (log, 0);
  return text;
}

#define assert_log(log, expected)            \
  G_STMT_START                               \
  {                                          \
    g_autofree char *_text = take_log (log); \
    g_assert_cmpstr (_text, ==, expected);   \
  }                                          \
  G_STMT_END

/* A folder for this test's files, inside the test's own isolated home. */
static char *
test_dir (void)
{
  char *dir = g_build_filename (g_get_user_cache_dir (), "regions-test", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

static GFile *
test_file (const char *basename)
{
  g_autofree char *dir = test_dir ();
  g_autofree char *path = g_build_filename (dir, basename, NULL);

  return g_file_new_for_path (path);
}

static void
write_file (const char *path, const void *data, gsize length)
{
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, data, length, &error);
  g_assert_no_error (error);
}

static StProfileIdentity *
profile_new (void)
{
  return st_profile_identity_new (123456789, DIGEST, "run-7.pt.trace.json.gz");
}

/* Added in any order, regions come back by start, then end; the same
 * bounds keep the order they were added in. */
static void
test_sorted (void)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (set)) == ST_TYPE_REGION);
  g_assert_cmpuint (add (set, "c", 300, 400, ST_REGION_MANUAL), ==, 0);
  g_assert_cmpuint (add (set, "a", 100, 200, ST_REGION_HIERARCHY), ==, 0);
  g_assert_cmpuint (add (set, "b-long", 200, 900, ST_REGION_STACK), ==, 1);
  g_assert_cmpuint (add (set, "b-short", 200, 250, ST_REGION_COLLECTIVES), ==, 1);
  g_assert_cmpuint (add (set, "b-short-again", 200, 250, ST_REGION_MANUAL), ==, 2);
  g_assert_cmpuint (add (set, "first", -5, 0, ST_REGION_MANUAL), ==, 0);

  assert_regions (set, "first[-5,0]/manual a[100,200]/hierarchy b-short[200,250]/collectives "
                       "b-short-again[200,250]/manual b-long[200,900]/stack c[300,400]/manual");
  {
    g_autoptr (StRegion) fourth = g_list_model_get_item (G_LIST_MODEL (set), 3);
    g_autoptr (StRegion) again = g_list_model_get_item (G_LIST_MODEL (set), 3);

    /* one object per region while someone holds it */
    g_assert_true (fourth == again);
    g_assert_cmpuint (st_region_set_find (set, fourth), ==, 3);
  }
  {
    g_autoptr (StRegion) stranger = st_region_new ("b-short", 200, 250, ST_REGION_COLLECTIVES);
    g_assert_cmpuint (st_region_set_find (set, stranger), ==, G_MAXUINT);
  }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (set), 6));
}

static void
test_region_properties (void)
{
  g_autoptr (StRegion) r = st_region_new ("step “3”", 1000, 3500, ST_REGION_STACK);
  g_autofree char     *name = NULL;
  gint64               start, end, duration;
  int                  method;

  g_object_get (r, "name", &name, "start", &start, "end", &end, "duration", &duration, "method",
                &method, NULL);
  g_assert_cmpstr (name, ==, "step “3”");
  g_assert_cmpint (start, ==, 1000);
  g_assert_cmpint (end, ==, 3500);
  g_assert_cmpint (duration, ==, 2500);
  g_assert_cmpint (method, ==, ST_REGION_STACK);

  for (guint m = 0; m < ST_N_REGION_METHODS; m++)
    {
      StRegionMethod back;

      g_assert_true (st_region_method_from_string (st_region_method_to_string (m), &back));
      g_assert_cmpint (back, ==, m);
    }
  g_assert_cmpstr (st_region_method_to_string (ST_REGION_COLLECTIVES), ==, "collectives");
  g_assert_cmpstr (st_region_method_get_label (ST_REGION_MANUAL), ==, "Added by hand");
  g_assert_cmpstr (st_region_method_get_label (ST_REGION_COLLECTIVES), ==, "Between collectives");
  g_assert_cmpstr (st_region_method_get_label (ST_REGION_HIERARCHY), ==, "Hierarchy");
  g_assert_cmpstr (st_region_method_get_label (ST_REGION_STACK), ==, "Kernel stack frames");
  g_assert_false (st_region_method_from_string ("Manual", NULL));
}

static void
test_add_undo_redo (void)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();
  g_autoptr (GString)     log = NULL;

  add (set, "a", 100, 200, ST_REGION_MANUAL);
  add (set, "c", 300, 400, ST_REGION_MANUAL);
  st_region_set_set_modified (set, FALSE);
  log = watch (set);

  g_assert_cmpuint (add (set, "b", 200, 300, ST_REGION_HIERARCHY), ==, 1);
  assert_log (log, "items 1-0+1; notify n-items; notify modified; edited");
  assert_regions (set, "a[100,200]/manual b[200,300]/hierarchy c[300,400]/manual");

  g_assert_true (st_region_set_undo (set));
  assert_log (log, "items 1-1+0; notify n-items; notify can-redo; edited");
  assert_regions (set, "a[100,200]/manual c[300,400]/manual");

  g_assert_true (st_region_set_redo (set));
  assert_log (log, "items 1-0+1; notify n-items; notify can-redo; edited");
  assert_regions (set, "a[100,200]/manual b[200,300]/hierarchy c[300,400]/manual");
  g_assert_true (st_region_set_get_modified (set));
}

/* Removing one of two regions with the same bounds and undoing puts it
 * back in its place, not after its twin. */
static void
test_remove_undo_redo (void)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();
  g_autoptr (GString)     log = NULL;

  add (set, "first twin", 100, 200, ST_REGION_MANUAL);
  add (set, "second twin", 100, 200, ST_REGION_MANUAL);
  add (set, "later", 300, 400, ST_REGION_STACK);
  log = watch (set);

  st_region_set_remove (set, 0);
  assert_log (log, "items 0-1+0; notify n-items; edited");
  assert_regions (set, "second twin[100,200]/manual later[300,400]/stack");

  st_region_set_remove (set, 1);
  assert_log (log, "items 1-1+0; notify n-items; edited");
  assert_regions (set, "second twin[100,200]/manual");

  g_assert_true (st_region_set_undo (set));
  assert_log (log, "items 1-0+1; notify n-items; notify can-redo; edited");
  g_assert_true (st_region_set_undo (set));
  assert_log (log, "items 0-0+1; notify n-items; edited");
  assert_regions (set, "first twin[100,200]/manual second twin[100,200]/manual "
                       "later[300,400]/stack");

  g_assert_true (st_region_set_redo (set));
  assert_log (log, "items 0-1+0; notify n-items; edited");
  assert_regions (set, "second twin[100,200]/manual later[300,400]/stack");
}

static void
on_name_notify (StRegion *region, GParamSpec *pspec, GString *log)
{
  g_autofree char *text = g_strdup_printf ("name → %s", st_region_get_name (region));

  log_append (log, text);
}

/* A rename moves nothing: the region tells its "name", the set "edited". */
static void
test_rename_undo_redo (void)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();
  g_autoptr (GString)     log = NULL;
  g_autoptr (StRegion)    r = NULL;

  add (set, "a", 100, 200, ST_REGION_MANUAL);
  add (set, "layer 3", 300, 400, ST_REGION_HIERARCHY);
  r = g_list_model_get_item (G_LIST_MODEL (set), 1);
  log = watch (set);
  g_signal_connect (r, "notify::name", G_CALLBACK (on_name_notify), log);

  st_region_set_rename (set, 1, "attention « ’blocks’ »");
  assert_log (log, "name → attention « ’blocks’ »; edited");
  assert_regions (set, "a[100,200]/manual attention « ’blocks’ »[300,400]/hierarchy");

  /* The same name again is no edit at all. */
  st_region_set_rename (set, 1, "attention « ’blocks’ »");
  assert_log (log, "");

  g_assert_true (st_region_set_undo (set));
  assert_log (log, "name → layer 3; notify can-redo; edited");
  assert_regions (set, "a[100,200]/manual layer 3[300,400]/hierarchy");

  g_assert_true (st_region_set_redo (set));
  assert_log (log, "name → attention « ’blocks’ »; notify can-redo; edited");
  g_assert_cmpstr (st_region_get_name (r), ==, "attention « ’blocks’ »");
}

static void
test_replace_all_undo_redo (void)
{
  g_autoptr (StRegionSet)   set = st_region_set_new ();
  g_autoptr (StRegionArray) generated = st_region_array_new ();
  g_autoptr (GString)       log = NULL;

  add (set, "a", 100, 200, ST_REGION_MANUAL);
  add (set, "b", 300, 400, ST_REGION_MANUAL);
  log = watch (set);

  st_region_array_add (generated, "gap 3", 900, 1000, ST_REGION_COLLECTIVES);
  st_region_array_add (generated, "gap 1", 10, 20, ST_REGION_COLLECTIVES);
  st_region_array_add (generated, "gap 2", 500, 600, ST_REGION_COLLECTIVES);
  st_region_set_replace_all (set, generated);
  assert_log (log, "items 0-2+3; notify n-items; edited");
  assert_regions (set, "gap 1[10,20]/collectives gap 2[500,600]/collectives "
                       "gap 3[900,1000]/collectives");

  g_assert_true (st_region_set_undo (set));
  assert_log (log, "items 0-3+2; notify n-items; notify can-redo; edited");
  assert_regions (set, "a[100,200]/manual b[300,400]/manual");

  g_assert_true (st_region_set_redo (set));
  assert_log (log, "items 0-2+3; notify n-items; notify can-redo; edited");
  assert_regions (set, "gap 1[10,20]/collectives gap 2[500,600]/collectives "
                       "gap 3[900,1000]/collectives");

  st_region_set_replace_all (set, NULL);
  assert_log (log, "items 0-3+0; notify n-items; edited");
  assert_regions (set, "");
}

/* Regions filled in place, as the Region Highlighter fills them on two
 * threads: each set region reads back as it was set, numbered names as
 * "name (n)". An array said to be in order is kept as it is; one changed
 * after that is read again, and put in order by the set that takes it. */
static void
test_filled_in_order (void)
{
  g_autoptr (StRegionSet)   set = st_region_set_new ();
  g_autoptr (StRegionArray) filled = st_region_array_new_sized (3);
  guint                     mlp = st_region_array_intern (filled, "MLP");
  guint                     attention = st_region_array_intern (filled, "Attention");
  StRegionFill              first[] = { { 10, 20, mlp, 1 }, { 15, 40, attention, 0 } };
  StRegionFill              last[] = { { 30, 35, mlp, 2 } };

  st_region_array_grow (filled, 3);
  /* in two calls, the later positions first, as a second thread may */
  st_region_array_set (filled, 2, last, 1, ST_REGION_STACK);
  st_region_array_set (filled, 0, first, 2, ST_REGION_STACK);
  st_region_array_set_ordered (filled);
  st_region_set_replace_all (set, filled);
  assert_regions (set, "MLP (1)[10,20]/stack Attention[15,40]/stack MLP (2)[30,35]/stack");

  {
    g_autoptr (StRegionArray) changed = st_region_array_new_sized (2);
    StRegionFill              later[] = { { 50, 60, st_region_array_intern (changed, "late"), 0 },
                                          { 70, 80, st_region_array_intern (changed, "later"), 0 } };

    st_region_array_grow (changed, 2);
    st_region_array_set (changed, 0, later, 2, ST_REGION_STACK);
    st_region_array_set_ordered (changed);
    /* out of order now: the array forgets that it was in order */
    st_region_array_add (changed, "early", 5, 6, ST_REGION_MANUAL);
    st_region_set_replace_all (set, changed);
    assert_regions (set, "early[5,6]/manual late[50,60]/stack later[70,80]/stack");
  }
}

/* Each edit is one step; undoing every step gives the empty set back, and
 * a new edit after an undo drops what could have been redone. */
static void
test_undo_history (void)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();
  g_autoptr (GString)     log = watch (set);

  g_assert_false (st_region_set_can_undo (set));
  g_assert_false (st_region_set_undo (set));
  g_assert_false (st_region_set_redo (set));
  assert_log (log, "");

  add (set, "a", 100, 200, ST_REGION_MANUAL);
  assert_log (log, "items 0-0+1; notify n-items; notify can-undo; notify modified; edited");
  add (set, "b", 300, 400, ST_REGION_MANUAL);
  st_region_set_rename (set, 0, "A");
  st_region_set_remove (set, 1);
  assert_log (log, "items 1-0+1; notify n-items; edited; edited; items 1-1+0; notify n-items; "
                   "edited");
  assert_regions (set, "A[100,200]/manual");

  g_assert_true (st_region_set_undo (set));
  assert_regions (set, "A[100,200]/manual b[300,400]/manual");
  g_assert_true (st_region_set_undo (set));
  assert_regions (set, "a[100,200]/manual b[300,400]/manual");
  g_assert_true (st_region_set_undo (set));
  assert_regions (set, "a[100,200]/manual");
  g_assert_true (st_region_set_undo (set));
  assert_regions (set, "");
  g_assert_false (st_region_set_can_undo (set));
  g_assert_true (st_region_set_can_redo (set));
  g_assert_false (st_region_set_undo (set));
  g_string_truncate (log, 0);

  g_assert_true (st_region_set_redo (set));
  assert_log (log, "items 0-0+1; notify n-items; notify can-undo; edited");
  assert_regions (set, "a[100,200]/manual");

  /* Three steps could be redone; a new edit forgets them. */
  add (set, "c", 500, 600, ST_REGION_STACK);
  assert_log (log, "items 1-0+1; notify n-items; notify can-redo; edited");
  g_assert_false (st_region_set_can_redo (set));
  g_assert_false (st_region_set_redo (set));
  assert_regions (set, "a[100,200]/manual c[500,600]/stack");
}

/* "modified": set by every edit, undo and redo included, cleared by a
 * save, notified only when it changes. */
static void
test_modified (void)
{
  g_autoptr (StRegionSet) set = st_region_set_new ();
  g_autoptr (GFile)       file = test_file ("modified.json");
  g_autoptr (GError)      error = NULL;
  g_autoptr (GString)     log = NULL;

  g_assert_false (st_region_set_get_modified (set));
  add (set, "a", 100, 200, ST_REGION_MANUAL);
  g_assert_true (st_region_set_get_modified (set));

  log = watch (set);
  st_region_set_save (set, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (st_region_set_get_modified (set));
  assert_log (log, "notify modified");

  st_region_set_set_modified (set, FALSE);
  assert_log (log, "");

  g_assert_true (st_region_set_undo (set));
  assert_log (log, "items 0-1+0; notify n-items; notify can-undo; notify can-redo; "
                   "notify modified; edited");
  g_assert_true (st_region_set_get_modified (set));
}

static StRegionSet *
make_set (void)
{
  StRegionSet *set = st_region_set_new ();

  add (set, "step 2 “backward” \\ \"quoted\" ✓", BEYOND_DOUBLE, BEYOND_DOUBLE + 2,
       ST_REGION_HIERARCHY);
  add (set, "allreduce\tgap\n\x01", 1000, 2000, ST_REGION_COLLECTIVES);
  add (set, "picked by hand", -50, -50, ST_REGION_MANUAL);
  add (set, "mlp kernels", 1000, 1500, ST_REGION_STACK);
  add (set, "whole run", G_MININT64, G_MAXINT64, ST_REGION_MANUAL);
  return set;
}

#define MADE_SET                                                 \
  "whole run[-9223372036854775808,9223372036854775807]/manual "  \
  "picked by hand[-50,-50]/manual mlp kernels[1000,1500]/stack " \
  "allreduce\tgap\n\x01[1000,2000]/collectives "                 \
  "step 2 “backward” \\ \"quoted\" ✓[9007199254740993,9007199254740995]/hierarchy"

static void
test_file_round_trip (void)
{
  g_autoptr (StRegionSet)       set = make_set ();
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StProfileIdentity) read_profile = NULL;
  g_autoptr (GFile)             file = test_file ("round trip ✓.json");
  g_autoptr (StRegionArray)     regions = NULL;
  g_autoptr (GError)            error = NULL;
  g_autofree char              *text = NULL;

  g_assert_true (st_region_set_save (set, file, profile, &error));
  g_assert_no_error (error);

  regions = st_region_set_read_file (file, &read_profile, &error);
  g_assert_no_error (error);
  text = describe_array (regions);
  g_assert_cmpstr (text, ==, MADE_SET);

  g_assert_nonnull (read_profile);
  g_assert_true (st_profile_identity_equal (read_profile, profile));
  g_assert_cmpuint (read_profile->size, ==, 123456789);
  g_assert_cmpstr (read_profile->digest, ==, DIGEST);
  g_assert_cmpstr (read_profile->name, ==, "run-7.pt.trace.json.gz");

  /* Saving again over it: the second version replaces the first. */
  st_region_set_remove (set, 0);
  g_assert_true (st_region_set_save (set, file, NULL, &error));
  g_clear_pointer (&regions, st_region_array_unref);
  g_clear_pointer (&read_profile, st_profile_identity_free);
  regions = st_region_set_read_file (file, &read_profile, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st_region_array_get_length (regions), ==, 4);
  g_assert_null (read_profile);
}

/* The integers are written as written: no exponent, no rounding. */
static void
test_file_exact_integers (void)
{
  g_autoptr (StRegionSet) set = make_set ();
  g_autofree char        *text = st_region_set_to_json (set, NULL, FALSE);

  g_assert_nonnull (strstr (text, "\"start_ns\" : 9007199254740993"));
  g_assert_nonnull (strstr (text, "\"end_ns\" : 9007199254740995"));
  g_assert_nonnull (strstr (text, "\"start_ns\" : -9223372036854775808"));
  g_assert_nonnull (strstr (text, "\"version\" : 1"));
  g_assert_null (strstr (text, "unsaved"));
  g_assert_null (strstr (text, "profile"));
}

/* A file written by hand (or an older Strata): regions in any order, an
 * integral double ("2e3") is a whole number. */
static void
test_file_hand_made (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "regions", "good.json", NULL);
  g_autoptr (GFile)             file = g_file_new_for_path (path);
  g_autoptr (StProfileIdentity) profile = NULL;
  g_autoptr (StRegionArray)     regions = NULL;
  g_autoptr (GError)            error = NULL;
  g_autofree char              *text = NULL;

  regions = st_region_set_read_file (file, &profile, &error);
  g_assert_no_error (error);
  text = describe_array (regions);
  g_assert_cmpstr (text, ==,
                   "picked by hand[-50,-50]/manual mlp kernels[1000,1500]/stack "
                   "allreduce gap[1000,2000]/collectives "
                   "step 2 “backward”[9007199254740993,9007199254740995]/hierarchy");
  g_assert_cmpuint (profile->size, ==, 123456789);
  g_assert_cmpstr (profile->digest, ==, DIGEST);
}

typedef struct
{
  const char *file;
  int         code;
  const char *place; /* what the message must say besides the file's name */
} BadFile;

static const BadFile bad_files[] = {
  { "truncated.json", ST_REGION_ERROR_INVALID, ", column " },
  { "not-json.json", ST_REGION_ERROR_INVALID, "line 1, column " },
  { "empty.json", ST_REGION_ERROR_INVALID, "empty" },
  { "regions-not-array.json", ST_REGION_ERROR_INVALID, "“regions” is not an array" },
  { "no-regions.json", ST_REGION_ERROR_INVALID, "no “regions”" },
  { "no-version.json", ST_REGION_ERROR_INVALID, "no “version”" },
  { "version-not-integer.json", ST_REGION_ERROR_INVALID, "“version”" },
  { "newer-version.json", ST_REGION_ERROR_NEWER, "newer Strata (version 2)" },
  { "end-before-start.json", ST_REGION_ERROR_BAD_VALUE, "region 2: “end_ns” (400) is before" },
  { "missing-start.json", ST_REGION_ERROR_INVALID, "region 3: “start_ns” is missing" },
  { "fractional-start.json", ST_REGION_ERROR_BAD_VALUE, "region 1: “start_ns” is not a whole" },
  { "unknown-method.json", ST_REGION_ERROR_BAD_VALUE, "region 1: “method” is “telepathy”" },
  { "region-not-object.json", ST_REGION_ERROR_INVALID, "region 1" },
  { "name-not-string.json", ST_REGION_ERROR_BAD_VALUE, "region 1: “name”" },
  { "bad-digest.json", ST_REGION_ERROR_BAD_VALUE, "“digest”" },
};

static void
test_file_bad (gconstpointer data)
{
  const BadFile    *bad = data;
  g_autofree char  *path = g_test_build_filename (G_TEST_DIST, "data", "regions", bad->file, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (StProfileIdentity) profile = NULL;
  g_autoptr (StRegionArray)     regions = NULL;
  g_autoptr (GError)            error = NULL;
  g_autofree char              *quoted = g_strdup_printf ("“%s”", bad->file);

  ignore_user_dirs_leak ();
  regions = st_region_set_read_file (file, &profile, &error);
  g_assert_null (regions);
  g_assert_null (profile);
  g_assert_error (error, ST_REGION_ERROR, bad->code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, quoted));
  g_assert_nonnull (strstr (error->message, bad->place));
}

static void
test_file_newer_message (void)
{
  static const char         text[] = "{\"version\": 2, \"regions\": []}";
  g_autoptr (GError)        error = NULL;
  g_autoptr (StRegionArray) regions = NULL;

  regions = st_region_set_read_data (text, strlen (text), "x.json", NULL, NULL, &error);
  g_assert_null (regions);
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_NEWER);
  g_assert_cmpstr (error->message, ==,
                   "“x.json” was written by a newer Strata (version 2); "
                   "this one reads version 1. Update Strata to open it.");
}

/* A file larger than 64 MiB is not a region file; it is refused before it
 * is read (the sparse file takes no room on disk). */
static void
test_file_too_large (void)
{
  g_autoptr (GFile)         file = test_file ("huge.json");
  g_autofree char          *path = g_file_get_path (file);
  g_autoptr (StRegionArray) regions = NULL;
  g_autoptr (GError)        error = NULL;

  write_file (path, "{", 1);
  g_assert_cmpint (truncate (path, 64 * MIB + 1), ==, 0);
  regions = st_region_set_read_file (file, NULL, &error);
  g_assert_null (regions);
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“huge.json”"));
  g_assert_nonnull (strstr (error->message, "64 MiB"));
}

static void
test_file_missing (void)
{
  g_autoptr (GFile)         file = test_file ("never-saved.json");
  g_autoptr (StRegionArray) regions = NULL;
  g_autoptr (GError)        error = NULL;

  regions = st_region_set_read_file (file, NULL, &error);
  g_assert_null (regions);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "never-saved.json"));
}

/* Saving where no new file can be made (a read-only folder) fails and
 * leaves the old file as it was, rather than rewriting it in place. */
#define NOBODY 65534

/* In a subprocess that cannot write to the folder (root drops to nobody,
 * for root ignores folder permissions): the save must fail, naming the
 * file, and leave the set modified. */
static void
save_into_read_only_folder (void)
{
  g_autoptr (GFile)       file = g_file_new_for_path (g_getenv ("STRATA_TEST_READ_ONLY_FILE"));
  g_autoptr (StRegionSet) set = st_region_set_new ();
  g_autoptr (GError)      error = NULL;

  if (geteuid () == 0)
    {
      g_assert_cmpint (setgid (NOBODY), ==, 0);
      g_assert_cmpint (setuid (NOBODY), ==, 0);
    }
  add (set, "new", 1, 2, ST_REGION_MANUAL);
  g_assert_false (st_region_set_save (set, file, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "kept.json"));
  g_assert_true (st_region_set_get_modified (set));
}

/* The file itself stays writable (GIO would then rewrite it in place);
 * only the folder refuses a new file, so an atomic save cannot happen and
 * must fail rather than truncate the old file. */
static void
test_file_read_only_folder (void)
{
  g_autofree char          *top = NULL, *dir = NULL, *path = NULL, *text = NULL;
  g_autoptr (GFile)         file = NULL;
  g_autoptr (StRegionSet)   old_set = NULL;
  g_autoptr (StRegionArray) regions = NULL;
  g_autoptr (GError)        error = NULL;

  if (g_test_subprocess ())
    {
      save_into_read_only_folder ();
      return;
    }
  top = g_dir_make_tmp ("strata-read-only-XXXXXX", &error);
  g_assert_no_error (error);
  dir = g_build_filename (top, "read-only", NULL);
  path = g_build_filename (dir, "kept.json", NULL);
  file = g_file_new_for_path (path);
  old_set = make_set ();
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (st_region_set_save (old_set, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (top, 0755), ==, 0);
  if (geteuid () == 0)
    g_assert_cmpint (chown (path, NOBODY, NOBODY), ==, 0);
  g_assert_cmpint (g_chmod (path, 0666), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  g_setenv ("STRATA_TEST_READ_ONLY_FILE", path, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  regions = st_region_set_read_file (file, NULL, &error);
  g_assert_no_error (error);
  text = describe_array (regions);
  g_assert_cmpstr (text, ==, MADE_SET);
  g_unlink (path);
  g_rmdir (dir);
  g_rmdir (top);
}

/* Big enough that a save takes a while to build and write. The sanitizer
 * build unwinds the stack at every allocation, which makes reading the file
 * back some hundred times slower: a tenth of the regions there. */
#ifdef HAVE_ASAN
#define KILL_REGIONS 5000
#else
#define KILL_REGIONS 50000
#endif
#define KILL_ROUNDS 20

static StRegionSet *
make_big_set (char letter)
{
  g_autoptr (StRegionArray) regions = st_region_array_new ();
  StRegionSet              *set = st_region_set_new ();

  for (guint i = 0; i < KILL_REGIONS; i++)
    {
      g_autofree char *name = g_strdup_printf ("%c%u", letter, i);

      st_region_array_add (regions, name, (gint64)i * 1000, (gint64)i * 1000 + letter,
                           ST_REGION_STACK);
    }
  st_region_set_replace_all (set, regions);
  return set;
}

/* Which of the two big sets the file holds: 'a' or 'b', checked to the
 * last region. */
static char
read_big_file (GFile *file)
{
  g_autoptr (GError)        error = NULL;
  g_autoptr (StRegionArray) regions = st_region_set_read_file (file, NULL, &error);
  char                      letter;

  g_assert_no_error (error);
  g_assert_cmpuint (st_region_array_get_length (regions), ==, KILL_REGIONS);
  letter = st_region_array_get_base_name (regions, 0)[0];
  g_assert_true (letter == 'a' || letter == 'b');
  for (guint i = 0; i < KILL_REGIONS; i++)
    {
      g_autofree char *name = st_region_array_dup_name (regions, i);
      char             expected[16];

      g_snprintf (expected, sizeof expected, "%c%u", letter, i);
      g_assert_cmpstr (name, ==, expected);
      g_assert_cmpint (st_region_array_get_start (regions, i), ==, (gint64)i * 1000);
      g_assert_cmpint (st_region_array_get_end (regions, i), ==, (gint64)i * 1000 + letter);
    }
  return letter;
}

/* What the folder and the file look like, to see a writer start writing:
 * a new file in the folder, or the file itself changed. */
typedef struct
{
  struct timespec dir_mtime;
  struct timespec file_mtime;
  off_t           size;
  ino_t           ino;
} Snapshot;

static void
take_snapshot (const char *dir, const char *path, Snapshot *snapshot)
{
  struct stat st;

  g_assert_cmpint (stat (dir, &st), ==, 0);
  snapshot->dir_mtime = st.st_mtim;
  g_assert_cmpint (stat (path, &st), ==, 0);
  snapshot->file_mtime = st.st_mtim;
  snapshot->size = st.st_size;
  snapshot->ino = st.st_ino;
}

static gboolean
snapshot_equal (const Snapshot *a, const Snapshot *b)
{
  return a->dir_mtime.tv_sec == b->dir_mtime.tv_sec && a->dir_mtime.tv_nsec == b->dir_mtime.tv_nsec
         && a->file_mtime.tv_sec == b->file_mtime.tv_sec
         && a->file_mtime.tv_nsec == b->file_mtime.tv_nsec && a->size == b->size
         && a->ino == b->ino;
}

/* Waits until the writer @pid touches the folder or the file. */
static void
wait_for_writing (pid_t pid, const char *dir, const char *path)
{
  Snapshot before, now;
  gint64   give_up = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  take_snapshot (dir, path, &before);
  do
    {
      g_assert_cmpint (waitpid (pid, NULL, WNOHANG), ==, 0);
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
      g_usleep (50);
      take_snapshot (dir, path, &now);
    }
  while (snapshot_equal (&before, &now));
}

/* Removes every file of @dir but @keep; returns how many. */
static guint
remove_others (const char *dir, const char *keep)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char      *name;
  guint            n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (!g_str_equal (name, keep))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_assert_cmpint (g_unlink (path), ==, 0);
        n++;
      }
  return n;
}

/* The forked writer lets go of the test's output, so that the test runner
 * sees the test end when it ends (by a failure too), and dies with it. */
static void
detach_writer (void)
{
  int null = open ("/dev/null", O_WRONLY);

  if (null >= 0)
    {
      dup2 (null, STDOUT_FILENO);
      dup2 (null, STDERR_FILENO);
      close (null);
    }
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/* A writer killed in the middle of saving leaves a whole file, old or new,
 * never a part of one. A save spends most of its time building the text,
 * and only then writes; so each kill waits for the writing to start (seen
 * on the folder and the file, whatever way the writer writes) and comes a
 * little later each round, from at once to after the save has ended. A
 * writer that rewrites the file in place fails this test. */
static void
test_file_killed_writer (void)
{
  g_autoptr (StRegionSet) a = make_big_set ('a');
  g_autoptr (StRegionSet) b = make_big_set ('b');
  g_autoptr (GFile)       file = test_file ("killed.json");
  g_autofree char        *path = g_file_get_path (file);
  g_autofree char        *dir = g_path_get_dirname (path);
  g_autoptr (GError)      error = NULL;
  gint64                  begin, save_us;
  guint                   seen_b = 0, left_over = 0;

  begin = g_get_monotonic_time ();
  g_assert_true (st_region_set_save (a, file, NULL, &error));
  g_assert_no_error (error);
  save_us = g_get_monotonic_time () - begin;
  g_test_message ("a save of %d regions takes %" G_GINT64_FORMAT " ms", KILL_REGIONS,
                  save_us / 1000);

  for (guint round = 0; round < KILL_ROUNDS; round++)
    {
      /* From at once to a whole save later; denser early on, while the
       * text is written. */
      gint64 delay = save_us * round * round / ((KILL_ROUNDS - 1) * (KILL_ROUNDS - 1));
      int    status = 0;
      pid_t  pid = fork ();

      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          detach_writer ();
          for (;;)
            {
              if (!st_region_set_save (b, file, NULL, NULL)
                  || !st_region_set_save (a, file, NULL, NULL))
                _exit (1);
            }
        }
      wait_for_writing (pid, dir, path);
      g_usleep (delay);
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_assert_true (WIFSIGNALED (status));
      g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);

      if (read_big_file (file) == 'b')
        seen_b++;
      left_over += remove_others (dir, "killed.json");
    }
  g_test_message ("the file held the writer's new content after %u of %d kills, and %u kills "
                  "left a temporary file (came while writing)",
                  seen_b, KILL_ROUNDS, left_over);
  /* Else every kill came before a save ended, and the test proved little. */
  g_assert_cmpuint (seen_b, >, 0);
}

static void
write_pattern (const char *path, gsize size, guint seed)
{
  g_autofree guchar *data = g_malloc (size);

  for (gsize i = 0; i < size; i++)
    data[i] = (guchar)((i * 2654435761u + seed) >> 7);
  write_file (path, data, size);
}

static StProfileIdentity *
identify (const char *path)
{
  g_autoptr (GFile)  file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  StProfileIdentity *id = st_profile_identity_compute (file, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (id);
  return id;
}

static void
flip_byte (const char *path, gsize offset)
{
  g_autofree char *data = NULL;
  gsize            length;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (offset, <, length);
  data[offset] ^= 0x55;
  write_file (path, data, length);
}

/* A small profile is hashed whole, once. */
static void
test_identity_small (void)
{
  g_autofree char              *dir = test_dir ();
  g_autofree char              *path = g_build_filename (dir, "small.json", NULL);
  g_autoptr (StProfileIdentity) id = NULL;
  g_autoptr (StProfileIdentity) changed = NULL;
  g_autofree char              *data = NULL;
  g_autofree char              *expected = NULL;
  g_autofree char              *key = NULL;
  g_autofree char              *sidecar = NULL;
  g_autofree char              *sidecar_expected = NULL;
  gsize                         length;

  write_pattern (path, 2 * MIB, 1);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  expected = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (guchar *)data, length);

  id = identify (path);
  g_assert_cmpuint (id->size, ==, 2 * MIB);
  g_assert_cmpstr (id->digest, ==, expected);
  g_assert_cmpstr (id->name, ==, "small.json");

  key = st_profile_identity_dup_key (id);
  g_assert_cmpuint (strlen (key), ==, strlen ("2097152-") + 32);
  g_assert_true (g_str_has_prefix (key, "2097152-"));
  g_assert_true (g_str_has_prefix (expected, key + strlen ("2097152-")));
  sidecar = st_profile_identity_dup_sidecar_path (id);
  sidecar_expected = g_strdup_printf ("%s/strata/regions/%s.json", g_get_user_state_dir (), key);
  g_assert_cmpstr (sidecar, ==, sidecar_expected);

  flip_byte (path, MIB + 1);
  changed = identify (path);
  g_assert_false (st_profile_identity_equal (id, changed));
}

/* A large profile: its size and SHA-256 over its first and last MiB. */
static void
test_identity_large_hashes_both_ends (void)
{
  g_autofree char              *dir = test_dir ();
  g_autofree char              *path = g_build_filename (dir, "large.json", NULL);
  g_autoptr (StProfileIdentity) id = NULL;
  g_autoptr (StProfileIdentity) changed = NULL;
  g_autoptr (GChecksum)         checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char              *data = NULL;
  gsize                         length, size = 3 * MIB + 17;

  write_pattern (path, size, 2);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_checksum_update (checksum, (guchar *)data, MIB);
  g_checksum_update (checksum, (guchar *)data + size - MIB, MIB);

  id = identify (path);
  g_assert_cmpuint (id->size, ==, size);
  g_assert_cmpstr (id->digest, ==, g_checksum_get_string (checksum));

  flip_byte (path, size - 1);
  changed = identify (path);
  g_assert_false (st_profile_identity_equal (id, changed));
  g_clear_pointer (&changed, st_profile_identity_free);

  flip_byte (path, size - 1);
  flip_byte (path, 0);
  changed = identify (path);
  g_assert_false (st_profile_identity_equal (id, changed));
}

/* Bytes between the first and last MiB are not read, by design: that is
 * what makes identifying a 10 GB profile instant. */
static void
test_identity_middle_bytes_not_hashed_by_design (void)
{
  g_autofree char              *dir = test_dir ();
  g_autofree char              *path = g_build_filename (dir, "large.json", NULL);
  g_autoptr (StProfileIdentity) id = NULL;
  g_autoptr (StProfileIdentity) changed = NULL;

  write_pattern (path, 3 * MIB, 3);
  id = identify (path);
  flip_byte (path, MIB + MIB / 2);
  changed = identify (path);
  g_assert_true (st_profile_identity_equal (id, changed));
  g_assert_cmpstr (id->digest, ==, changed->digest);
}

/* Same first and last MiB, one byte more in the middle: another profile. */
static void
test_identity_size_differs (void)
{
  g_autofree char              *dir = test_dir ();
  g_autofree char              *path1 = g_build_filename (dir, "one.json", NULL);
  g_autofree char              *path2 = g_build_filename (dir, "two.json", NULL);
  g_autofree guchar            *data = g_malloc0 (3 * MIB + 1);
  g_autoptr (StProfileIdentity) id1 = NULL;
  g_autoptr (StProfileIdentity) id2 = NULL;
  g_autofree char              *key1 = NULL;
  g_autofree char              *key2 = NULL;

  memset (data, 'x', MIB);
  memset (data + 2 * MIB, 'y', MIB + 1);
  write_file (path1, data, 3 * MIB);
  write_file (path2, data, 3 * MIB + 1);

  id1 = identify (path1);
  id2 = identify (path2);
  g_assert_cmpstr (id1->digest, ==, id2->digest);
  g_assert_false (st_profile_identity_equal (id1, id2));
  key1 = st_profile_identity_dup_key (id1);
  key2 = st_profile_identity_dup_key (id2);
  g_assert_cmpstr (key1, !=, key2);
}

/* A copy or a move (another name, another folder) is the same profile. */
static void
test_identity_same_content_two_paths (void)
{
  g_autofree char              *dir = test_dir ();
  g_autofree char              *sub = g_build_filename (dir, "moved", NULL);
  g_autofree char              *path1 = g_build_filename (dir, "run.json", NULL);
  g_autofree char              *path2 = g_build_filename (sub, "renamed.json", NULL);
  g_autoptr (StProfileIdentity) id1 = NULL;
  g_autoptr (StProfileIdentity) id2 = NULL;
  g_autofree char              *key1 = NULL;
  g_autofree char              *key2 = NULL;

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  write_pattern (path1, 5 * MIB, 4);
  write_pattern (path2, 5 * MIB, 4);
  id1 = identify (path1);
  id2 = identify (path2);
  g_assert_true (st_profile_identity_equal (id1, id2));
  g_assert_cmpstr (id1->name, ==, "run.json");
  g_assert_cmpstr (id2->name, ==, "renamed.json");
  key1 = st_profile_identity_dup_key (id1);
  key2 = st_profile_identity_dup_key (id2);
  g_assert_cmpstr (key1, ==, key2);
}

static void
test_identity_missing_file (void)
{
  g_autoptr (GFile)             file = test_file ("gone.pt.trace.json");
  g_autoptr (GError)            error = NULL;
  g_autoptr (StProfileIdentity) id = st_profile_identity_compute (file, NULL, &error);

  g_assert_null (id);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "Could not identify “gone.pt.trace.json”: "));
}

/* A profile that is a folder (Neuron Explorer's Parquet tables): the sizes
 * of its files added up, and a SHA-256 over each file's path under it and
 * its own digest (each file under 2 MiB: the SHA-256 of its bytes), in
 * the order of the paths, computed here from the bytes; a file changed or
 * renamed changes it. */
static void
test_identity_folder (void)
{
  g_autofree char *dir = test_dir ();
  g_autofree char *folder = g_build_filename (dir, "parquet-profile", NULL);
  g_autofree char *sub = g_build_filename (folder, "Instruction", NULL);
  const char *paths[] = { "Instruction/part-0.parquet", "Metadata.parquet", "Summary.parquet" };
  const gsize sizes[] = { 70000, 1234, 4321 };
  g_autoptr (GChecksum)         expected = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr (StProfileIdentity) id = NULL, again = NULL, changed = NULL, renamed = NULL;
  g_autofree char              *first = g_build_filename (folder, paths[1], NULL);
  g_autofree char              *moved = g_build_filename (folder, "Metadata-1.parquet", NULL);

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *path = g_build_filename (folder, paths[i], NULL);
      g_autofree char *data = NULL;
      g_autofree char *digest = NULL;
      gsize            length;

      write_pattern (path, sizes[i], i + 3);
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (guchar *)data, length);
      g_checksum_update (expected, (const guchar *)paths[i], strlen (paths[i]) + 1);
      g_checksum_update (expected, (const guchar *)digest, strlen (digest) + 1);
    }
  id = identify (folder);
  g_assert_cmpuint (id->size, ==, 70000 + 1234 + 4321);
  g_assert_cmpstr (id->digest, ==, g_checksum_get_string (expected));
  g_assert_cmpstr (id->name, ==, "parquet-profile");
  again = identify (folder);
  g_assert_true (st_profile_identity_equal (id, again));
  flip_byte (first, 100);
  changed = identify (folder);
  g_assert_false (st_profile_identity_equal (id, changed));
  g_assert_cmpint (g_rename (first, moved), ==, 0);
  renamed = identify (folder);
  g_assert_false (st_profile_identity_equal (changed, renamed));
  g_assert_cmpuint (renamed->size, ==, changed->size);
}

static void
test_identity_json (void)
{
  g_autoptr (StProfileIdentity) id = profile_new ();
  g_autoptr (StProfileIdentity) copy = st_profile_identity_copy (id);
  g_autoptr (StProfileIdentity) back = NULL;
  g_autoptr (JsonNode)          node = st_profile_identity_to_json (id);
  g_autoptr (GError)            error = NULL;

  back = st_profile_identity_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_true (st_profile_identity_equal (back, id));
  g_assert_cmpstr (back->name, ==, "run-7.pt.trace.json.gz");
  g_assert_true (st_profile_identity_equal (copy, id));
  g_assert_cmpstr (copy->name, ==, id->name);
}

static char *
sidecar_path (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();

  return st_profile_identity_dup_sidecar_path (profile);
}

/* After a crash, the regions come back from the autosave as they were,
 * still marked as not saved to a file; restoring is one step to undo. */
static void
test_autosave_restore (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StRegionSet)       set = make_set ();
  g_autoptr (StRegionSet)       restored = st_region_set_new ();
  g_autoptr (GString)           log = watch (restored);
  g_autoptr (GError)            error = NULL;
  g_autofree char              *path = sidecar_path ();
  g_autofree char              *dir = g_path_get_dirname (path);
  GStatBuf                      st;

  g_assert_true (st_region_set_autosave (set, profile, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (dir, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  /* Autosaving is not saving. */
  g_assert_true (st_region_set_get_modified (set));

  g_assert_true (st_region_set_restore (restored, profile, &error));
  g_assert_no_error (error);
  assert_regions (restored, MADE_SET);
  g_assert_true (st_region_set_get_modified (restored));
  assert_log (log, "items 0-0+5; notify n-items; notify can-undo; notify modified; edited");

  g_assert_true (st_region_set_undo (restored));
  assert_regions (restored, "");
}

/* Saved to a file, then autosaved: restored as saved. */
static void
test_autosave_restore_saved (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StRegionSet)       set = make_set ();
  g_autoptr (StRegionSet)       restored = st_region_set_new ();
  g_autoptr (GFile)             file = test_file ("saved.json");
  g_autoptr (GString)           log = watch (restored);
  g_autoptr (GError)            error = NULL;

  g_assert_true (st_region_set_save (set, file, profile, &error));
  g_assert_true (st_region_set_autosave (set, profile, &error));
  g_assert_no_error (error);

  g_assert_true (st_region_set_restore (restored, profile, &error));
  g_assert_no_error (error);
  assert_regions (restored, MADE_SET);
  g_assert_false (st_region_set_get_modified (restored));
  assert_log (log, "items 0-0+5; notify n-items; notify can-undo; edited");
}

static void
test_autosave_no_sidecar (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StRegionSet)       set = st_region_set_new ();
  g_autoptr (GString)           log = watch (set);
  g_autoptr (GError)            error = NULL;

  g_assert_false (st_region_set_restore (set, profile, &error));
  g_assert_no_error (error);
  assert_regions (set, "");
  assert_log (log, "");
  g_assert_false (st_region_set_can_undo (set));
}

/* Nothing left and nothing unsaved: no sidecar to restore nothing from.
 * Removing every region by hand is an unsaved edit, so that one is kept. */
static void
test_autosave_empty_removes_sidecar (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StRegionSet)       set = make_set ();
  g_autoptr (StRegionSet)       restored = st_region_set_new ();
  g_autoptr (GError)            error = NULL;
  g_autofree char              *path = sidecar_path ();

  g_assert_true (st_region_set_autosave (set, profile, &error));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  st_region_set_replace_all (set, NULL);
  g_assert_true (st_region_set_autosave (set, profile, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (st_region_set_restore (restored, profile, &error));
  g_assert_no_error (error);
  assert_regions (restored, "");
  g_assert_true (st_region_set_get_modified (restored));

  st_region_set_set_modified (set, FALSE);
  g_assert_true (st_region_set_autosave (set, profile, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* And again, with nothing to remove. */
  g_assert_true (st_region_set_autosave (set, profile, &error));
  g_assert_no_error (error);
}

/* A damaged sidecar: an error naming it, the set untouched. */
static void
test_autosave_damaged (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StRegionSet)       set = st_region_set_new ();
  g_autoptr (GError)            error = NULL;
  g_autofree char              *path = sidecar_path ();
  g_autofree char              *dir = g_path_get_dirname (path);
  g_autofree char              *key = st_profile_identity_dup_key (profile);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  write_file (path, "{\"version\": 1, \"regions\": [{\"name\": \"cut", -1);

  g_assert_false (st_region_set_restore (set, profile, &error));
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, key));
  g_assert_nonnull (strstr (error->message, "line 1"));
  assert_regions (set, "");
  g_assert_false (st_region_set_can_undo (set));
  g_assert_false (st_region_set_get_modified (set));
}

/* A sidecar that names another profile is not restored into this one. */
static void
test_autosave_other_profile (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StProfileIdentity) other = st_profile_identity_new (
      123456789, "0123456789abcdef0123456789abcdefffffffffffffffffffffffffffffffff", "other.json");
  g_autoptr (StRegionSet) set = make_set ();
  g_autoptr (StRegionSet) restored = st_region_set_new ();
  g_autoptr (GError)      error = NULL;
  g_autofree char        *path = sidecar_path ();
  g_autofree char        *text = st_region_set_to_json (set, other, TRUE);
  g_autofree char        *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  write_file (path, text, strlen (text));
  g_assert_false (st_region_set_restore (restored, profile, &error));
  g_assert_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "other.json"));
  assert_regions (restored, "");
}

/* The app killed (SIGKILL) right after an edit was autosaved: a child
 * process edits a set, autosaves it and is killed at once; the profile
 * opened again brings the edit back, and no temporary file is left. */
static void
test_autosave_survives_kill (void)
{
  g_autoptr (StProfileIdentity) profile = profile_new ();
  g_autoptr (StRegionSet)       restored = st_region_set_new ();
  g_autoptr (GError)            error = NULL;
  g_autofree char              *path = sidecar_path ();
  g_autofree char              *dir = NULL;
  g_autofree char              *base = NULL;
  g_autofree char              *first_name = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr (StRegionSet) set = make_set ();

      g_assert_true (st_region_set_autosave (set, profile, NULL));
      st_region_set_rename (set, 0, "renamed just before the kill");
      g_assert_true (st_region_set_autosave (set, profile, NULL));
      raise (SIGKILL);
      g_assert_not_reached ();
    }
  /* The child inherits this test's user folders through the environment. */
  g_setenv ("XDG_STATE_HOME", g_get_user_state_dir (), TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed (); /* killed */

  g_assert_true (st_region_set_restore (restored, profile, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (st_region_set_get_n_regions (restored), ==, 5);
  first_name = dup_name_at (G_LIST_MODEL (restored), 0);
  g_assert_cmpstr (first_name, ==, "renamed just before the kill");
  g_assert_true (st_region_set_get_modified (restored));
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  g_assert_cmpuint (remove_others (dir, base), ==, 0);
}

static void
set_age (const char *path, gint64 seconds)
{
  struct utimbuf times;

  times.actime = times.modtime = time (NULL) - seconds;
  g_assert_cmpint (utime (path, &times), ==, 0);
}

/* A save killed before its rename leaves "NAME.XXXXXX" next to NAME; the
 * next save removes those older than a minute (a younger one may be
 * another window's save in progress) and nothing else. */
static void
test_file_stale_temporaries (void)
{
  g_autoptr (GFile)       file = test_file ("stale.json");
  g_autofree char        *path = g_file_get_path (file);
  g_autofree char        *old_temp = g_strconcat (path, ".Ab3dE9", NULL);
  g_autofree char        *young_temp = g_strconcat (path, ".Zz0000", NULL);
  g_autofree char        *other = g_strconcat (path, ".bak", NULL);
  g_autoptr (StRegionSet) set = make_set ();
  g_autoptr (GError)      error = NULL;

  g_assert_true (g_file_set_contents (old_temp, "{\"vers", -1, NULL));
  set_age (old_temp, 120);
  g_assert_true (g_file_set_contents (young_temp, "{\"vers", -1, NULL));
  g_assert_true (g_file_set_contents (other, "kept", -1, NULL));
  set_age (other, 120);

  g_assert_true (st_region_set_save (set, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (old_temp, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (young_temp, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_unlink (young_temp);
  g_unlink (other);
  g_unlink (path);
}

static void
run_test (gconstpointer data)
{
  GTestFunc func = (GTestFunc)data;

  ignore_user_dirs_leak ();
  func ();
}

static void
add_test (const char *path, GTestFunc func)
{
  g_test_add_data_func (path, (gconstpointer)func, run_test);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  add_test ("/model/regions/sorted", test_sorted);
  add_test ("/model/regions/region-properties", test_region_properties);
  add_test ("/model/regions/add-undo-redo", test_add_undo_redo);
  add_test ("/model/regions/remove-undo-redo", test_remove_undo_redo);
  add_test ("/model/regions/rename-undo-redo", test_rename_undo_redo);
  add_test ("/model/regions/replace-all-undo-redo", test_replace_all_undo_redo);
  add_test ("/model/regions/filled-in-order", test_filled_in_order);
  add_test ("/model/regions/undo-history", test_undo_history);
  add_test ("/model/regions/modified", test_modified);
  add_test ("/model/regions/file/round-trip", test_file_round_trip);
  add_test ("/model/regions/file/exact-integers", test_file_exact_integers);
  add_test ("/model/regions/file/hand-made", test_file_hand_made);
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *name = g_strndup (bad_files[i].file, strlen (bad_files[i].file) - 5);
      g_autofree char *test_path = g_strdup_printf ("/model/regions/file/bad/%s", name);

      g_test_add_data_func (test_path, &bad_files[i], test_file_bad);
    }
  add_test ("/model/regions/file/newer-message", test_file_newer_message);
  add_test ("/model/regions/file/too-large", test_file_too_large);
  add_test ("/model/regions/file/missing", test_file_missing);
  add_test ("/model/regions/file/read-only-folder", test_file_read_only_folder);
  add_test ("/model/regions/file/killed-writer", test_file_killed_writer);
  add_test ("/model/regions/file/stale-temporaries", test_file_stale_temporaries);
  add_test ("/model/regions/identity/small-file-hashed-whole", test_identity_small);
  add_test ("/model/regions/identity/large-file-hashes-both-ends",
            test_identity_large_hashes_both_ends);
  add_test ("/model/regions/identity/middle-bytes-not-hashed-by-design",
            test_identity_middle_bytes_not_hashed_by_design);
  add_test ("/model/regions/identity/size-differs", test_identity_size_differs);
  add_test ("/model/regions/identity/same-content-two-paths", test_identity_same_content_two_paths);
  add_test ("/model/regions/identity/missing-file", test_identity_missing_file);
  add_test ("/model/regions/identity/folder", test_identity_folder);
  add_test ("/model/regions/identity/json", test_identity_json);
  add_test ("/model/regions/autosave/restore", test_autosave_restore);
  add_test ("/model/regions/autosave/restore-saved", test_autosave_restore_saved);
  add_test ("/model/regions/autosave/no-sidecar", test_autosave_no_sidecar);
  add_test ("/model/regions/autosave/empty-removes-sidecar", test_autosave_empty_removes_sidecar);
  add_test ("/model/regions/autosave/damaged", test_autosave_damaged);
  add_test ("/model/regions/autosave/other-profile", test_autosave_other_profile);
  add_test ("/model/regions/autosave/survives-kill", test_autosave_survives_kill);

  return g_test_run ();
}
