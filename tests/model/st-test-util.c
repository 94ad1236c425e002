/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-test-util.h"
#include "st-region-set.h"
#include "st-format.h"

#include <glib/gstdio.h>

static StTrace *
load_va (GError **error, const char *first, va_list args)
{
  g_autoptr (GPtrArray)     parts = g_ptr_array_new ();
  g_autofree char          *path = NULL;
  g_autoptr (GFile)         file = NULL;
  g_autoptr (StTraceLoader) loader = NULL;
  g_autofree char          *base = NULL;

  g_ptr_array_add (parts, (gpointer)g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, "data");
  for (const char *p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer)p);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **)parts->pdata);
  file = g_file_new_for_path (path);
  loader = st_trace_loader_new (file);
  base = g_path_get_basename (path);
  st_trace_loader_set_display_name (loader, base);
  return st_trace_loader_load (loader, NULL, error);
}

/* Loads tests/data/… and fails the test when it cannot be loaded. */
StTrace *
st_test_load (const char *first_path_element, ...)
{
  g_autoptr (GError) error = NULL;
  StTrace           *trace;
  va_list            args;

  va_start (args, first_path_element);
  trace = load_va (&error, first_path_element, args);
  va_end (args);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

StTrace *
st_test_load_error (GError **error, const char *first_path_element, ...)
{
  StTrace *trace;
  va_list  args;

  va_start (args, first_path_element);
  trace = load_va (error, first_path_element, args);
  va_end (args);
  return trace;
}

/* Loads the trace a test wrote as @text (@len bytes, or up to its NUL when
 * -1) from a file in a private temporary folder, removed again; fails the
 * test when it cannot be loaded. */
StTrace *
st_test_load_text (const char *text, gssize len)
{
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("strata-test-XXXXXX", &error);
  g_autofree char   *path = NULL;
  g_autoptr (GFile)  file = NULL;
  StTrace           *trace;

  g_assert_no_error (error);
  path = g_build_filename (dir, "trace.json", NULL);
  g_assert_true (g_file_set_contents (path, text, len, &error));
  file = g_file_new_for_path (path);
  trace = st_trace_load_file (file, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
  return trace;
}

/* The index of the track called @track_name under the process titled
 * @process_title ("Global" for global instants), or -1. */
gint
st_test_find_track (StTrace *trace, const char *process_title, const char *track_name)
{
  for (guint i = 0; i < st_trace_get_n_tracks (trace); i++)
    {
      const StTrack   *t = st_trace_get_track (trace, i);
      g_autofree char *title = t->process == ST_NO_PROCESS
                                   ? g_strdup ("Global")
                                   : st_trace_dup_process_title (trace, t->process);

      if (g_str_equal (title, process_title)
          && g_str_equal (st_trace_get_string (trace, t->name), track_name))
        return i;
    }
  return -1;
}

/* Like st_test_find_track(), failing the test when there is no such track. */
guint
st_test_track (StTrace *trace, const char *process_title, const char *track_name)
{
  gint index = st_test_find_track (trace, process_title, track_name);

  if (index < 0)
    g_error ("no track “%s” in process “%s”", track_name, process_title);
  return index;
}

const StSlice *
st_test_find_slice_at (StTrace *trace, guint track, const char *name, gint64 start)
{
  const StTrack *t = st_trace_get_track (trace, track);

  for (guint i = 0; i < t->n_slices; i++)
    if (g_str_equal (st_trace_get_string (trace, t->slices[i].name), name)
        && (start < 0 || t->slices[i].start == start))
      return &t->slices[i];
  return NULL;
}

/* The first slice named @name on the track (in row order), or NULL. */
const StSlice *
st_test_find_slice (StTrace *trace, guint track, const char *name)
{
  return st_test_find_slice_at (trace, track, name, -1);
}

const StImportWarning *
st_test_warning (StTrace *trace, StWarningKind kind)
{
  guint                  n;
  const StImportWarning *w = st_trace_get_warnings (trace, &n);

  for (guint i = 0; i < n; i++)
    if (w[i].kind == kind)
      return &w[i];
  return NULL;
}

guint64
st_test_warning_count (StTrace *trace, StWarningKind kind)
{
  const StImportWarning *w = st_test_warning (trace, kind);
  return w ? w->count : 0;
}

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Under AddressSanitizer (CI's sanitizer stage) every step runs several
 * times slower: a wait allows for it. */
#ifdef __SANITIZE_ADDRESS__
#define WAIT_SECONDS 120
#else
#define WAIT_SECONDS 20
#endif

/* Runs the main loop until @done says so; fails the test after
 * WAIT_SECONDS. */
void
st_test_wait_until (gboolean (*done) (gpointer data), gpointer data)
{
  gboolean timed_out = FALSE;
  guint    id = g_timeout_add_seconds (WAIT_SECONDS, on_timeout, &timed_out);

  while (!done (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
}

void
st_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char      *name;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK) && g_file_test (path, G_FILE_TEST_IS_DIR))
    dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      st_test_remove_tree (child);
    }
  g_remove (path);
}

GPtrArray *
st_test_region_objects (StRegionArray *regions)
{
  g_autoptr (StRegionArray) owned = regions;
  g_autoptr (StRegionSet)   set = NULL;
  GPtrArray                *objects;

  if (regions == NULL)
    return NULL;
  set = st_region_set_new ();
  st_region_set_replace_all (set, regions);
  objects = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < st_region_array_get_length (regions); i++)
    g_ptr_array_add (objects, g_list_model_get_item (G_LIST_MODEL (set), i));
  return objects;
}

void
st_test_regions_clear (StTestRegions *r)
{
  g_clear_pointer (&r->regions, g_ptr_array_unref);
  g_clear_pointer (&r->explanation, g_free);
}

static void
st_arg_free (gpointer data)
{
  StArg *arg = data;

  g_free (arg->key);
  g_free (arg->value);
  g_free (arg);
}

static void
flatten (GPtrArray *out, const char *prefix, JsonNode *node)
{
  StArg *arg;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char    *key;
      JsonNode      *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &key, &member))
        {
          g_autofree char *path = *prefix ? g_strdup_printf ("%s.%s", prefix, key) : g_strdup (key);
          flatten (out, path, member);
        }
      return;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *path = g_strdup_printf ("%s[%u]", prefix, i);
          flatten (out, path, json_array_get_element (array, i));
        }
      return;
    }
  arg = g_new0 (StArg, 1);
  arg->key = g_strdup (prefix);
  arg->value = st_format_json_scalar (node);
  g_ptr_array_add (out, arg);
}

GPtrArray *
st_test_args_flat (StTrace *self, guint64 offset, GError **error)
{
  g_autoptr (GError)   local_error = NULL;
  g_autoptr (JsonNode) args = st_trace_get_args (self, offset, &local_error);
  GPtrArray           *out;

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  out = g_ptr_array_new_with_free_func (st_arg_free);
  if (args != NULL)
    flatten (out, "", args);
  return out;
}
