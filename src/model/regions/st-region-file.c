/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-set.h"
#include "st-region-private.h"
#include "st-small-file.h"
#include "st-json-doc.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Region files are small (a region is ~100 bytes of JSON); anything larger
 * is not one, and parsing it into a tree would take a lot of memory. */
#define MAX_FILE_SIZE ((gsize)64 << 20)

/* A JSON string literal of @s (valid UTF-8). */
static void
append_json_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s; *p; p++)
    {
      guchar c = *p;

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, '"');
}

static void
append_json_name (GString *out, StRegionArray *regions, guint index, GString *scratch)
{
  g_string_truncate (scratch, 0);
  st_region_array_append_name (regions, index, scratch);
  append_json_string (out, scratch->str);
}

static void
append_profile (GString *out, const StProfileIdentity *profile)
{
  g_string_append (out, "  \"profile\" : {\"name\" : ");
  if (profile->name != NULL)
    append_json_string (out, profile->name);
  else
    g_string_append (out, "null");
  g_string_append_printf (
      out, ", \"size\" : %" G_GINT64_FORMAT ", \"digest\" : ", (gint64)profile->size);
  append_json_string (out, profile->digest);
  g_string_append (out, "},\n");
}

/* The file's text (pretty JSON); with @sidecar, "unsaved" says whether the
 * edits were saved to a file. @profile may be NULL.
 *
 * Written by hand, not through JsonBuilder: a set of 100 000 regions (the
 * stack method on a large profile) is autosaved after every edit, and this
 * is ten times faster. */
char *
st_region_set_to_json (StRegionSet *self, const StProfileIdentity *profile, gboolean sidecar)
{
  StRegionArray      *regions;
  GString            *out;
  g_autoptr (GString) name = g_string_new (NULL);
  guint               n;

  g_return_val_if_fail (ST_IS_REGION_SET (self), NULL);

  regions = st_region_set_get_array (self);
  n = st_region_array_get_length (regions);
  out = g_string_sized_new (128 + 96 * n);
  g_string_append_printf (out, "{\n  \"version\" : %d,\n", ST_REGION_FILE_VERSION);
  if (profile != NULL)
    append_profile (out, profile);
  if (sidecar)
    g_string_append_printf (out, "  \"unsaved\" : %s,\n",
                            st_region_set_get_modified (self) ? "true" : "false");
  g_string_append (out, "  \"regions\" : [");
  for (guint i = 0; i < n; i++)
    {
      g_string_append (out, i > 0 ? ",\n    {\"name\" : " : "\n    {\"name\" : ");
      append_json_name (out, regions, i, name);
      g_string_append_printf (out,
                              ", \"start_ns\" : %" G_GINT64_FORMAT
                              ", \"end_ns\" : %" G_GINT64_FORMAT ", \"method\" : \"%s\"}",
                              st_region_array_get_start (regions, i),
                              st_region_array_get_end (regions, i),
                              st_region_method_to_string (st_region_array_get_method (regions, i)));
    }
  g_string_append (out, n > 0 ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (out, FALSE);
}

static char *
dup_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return basename != NULL ? g_filename_display_name (basename) : g_file_get_parse_name (file);
}

gboolean
st_region_set_save (StRegionSet             *self,
                    GFile                   *file,
                    const StProfileIdentity *profile,
                    GError                 **error)
{
  g_autofree char   *text = NULL;
  g_autoptr (GError) local_error = NULL;
  gboolean           ok;

  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = st_region_set_to_json (self, profile, FALSE);
  ok = st_small_file_replace (file, text, strlen (text), 0666, &local_error);
  if (!ok)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _ ("Could not save the regions to “%s”: "), name);
      return FALSE;
    }

  st_region_set_set_modified (self, FALSE);
  return TRUE;
}

static gboolean
holds_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* A region's object, with every member a region has. */
static JsonObject *
region_object (JsonNode *node, guint index, const char *display_name, GError **error)
{
  static const char *const keys[] = { "name", "start_ns", "end_ns", "method" };
  JsonObject              *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”, region %u: this is not an object with “name”, “start_ns”, “end_ns” "
                      "and “method”."),
                   display_name, index);
      return NULL;
    }
  object = json_node_get_object (node);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (!json_object_has_member (object, keys[i]))
      {
        g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                     _ ("“%s”, region %u: “%s” is missing."), display_name, index, keys[i]);
        return NULL;
      }
  return object;
}

/* The region's name: text, or NULL with @error. */
static const char *
read_name (JsonObject *object, guint index, const char *display_name, GError **error)
{
  const char *name;

  if (!holds_string (json_object_get_member (object, "name")))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “name” is not a string."), display_name, index);
      return NULL;
    }
  name = json_object_get_string_member (object, "name");
  /* json-glib checks the bytes and the gate the escapes; st_region_new ()
   * needs text whatever a reader lets through */
  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “name” is not valid UTF-8."), display_name, index);
      return NULL;
    }
  return name;
}

/* Adds the region of @node to @regions. @index counts from 1, as a person
 * reading the file would. */
static gboolean
read_region (StRegionArray *regions,
             JsonNode      *node,
             guint          index,
             const char    *display_name,
             GError       **error)
{
  JsonObject    *object = region_object (node, index, display_name, error);
  gint64         start, end;
  const char    *method_string;
  StRegionMethod method;

  if (object == NULL)
    return FALSE;
  if (read_name (object, index, display_name, error) == NULL)
    return FALSE;
  if (!st_json_node_get_whole_number (json_object_get_member (object, "start_ns"), &start))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “start_ns” is not a whole number of nanoseconds."),
                   display_name, index);
      return FALSE;
    }
  if (!st_json_node_get_whole_number (json_object_get_member (object, "end_ns"), &end))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “end_ns” is not a whole number of nanoseconds."),
                   display_name, index);
      return FALSE;
    }
  if (end < start)
    {
      g_autofree char *e = g_strdup_printf ("%" G_GINT64_FORMAT, end);
      g_autofree char *s = g_strdup_printf ("%" G_GINT64_FORMAT, start);

      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “end_ns” (%s) is before “start_ns” (%s)."), display_name,
                   index, e, s);
      return FALSE;
    }
  if (!holds_string (json_object_get_member (object, "method")))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “method” is not a string."), display_name, index);
      return FALSE;
    }
  method_string = json_object_get_string_member (object, "method");
  if (!st_region_method_from_string (method_string, &method))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”, region %u: “method” is “%s”; Strata knows “manual”, “collectives”, "
                      "“hierarchy” and “stack”."),
                   display_name, index, method_string);
      return FALSE;
    }

  st_region_array_add (regions, json_object_get_string_member (object, "name"), start, end, method);
  return TRUE;
}

static gboolean
is_blank (const char *data, gsize length)
{
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (data[i]))
      return FALSE;
  return TRUE;
}

/* The top-level object of the text, read through the one gate for JSON
 * documents (nesting, control characters, the place of an error); the
 * caller keeps @root. */
static JsonObject *
parse_root (JsonNode  **root,
            const char *data,
            gsize       length,
            const char *display_name,
            GError    **error)
{
  g_autoptr (GError) local_error = NULL;

  if (length > MAX_FILE_SIZE)
    {
      g_set_error (
          error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
          _ ("“%s” is larger than 64 MiB, far too large for a region file; it is not one."),
          display_name);
      return NULL;
    }
  if (is_blank (data, length))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is empty; it is not a region file."), display_name);
      return NULL;
    }
  *root = st_json_doc_parse (data, length, &local_error);
  if (*root == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID, _ ("“%s”, %s."), display_name,
                   local_error->message);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (*root))
    {
      g_set_error (
          error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
          _ ("“%s” is not a region file: it is not a JSON object with “version” and “regions”."),
          display_name);
      return NULL;
    }
  return json_node_get_object (*root);
}

static gboolean
check_version (JsonObject *object, const char *display_name, GError **error)
{
  JsonNode *node = json_object_get_member (object, "version");
  gint64    version;

  if (node == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not a region file: it has no “version”."), display_name);
      return FALSE;
    }
  if (!st_json_node_get_whole_number (node, &version) || version < 1)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”: “version” is not a whole number from 1 up."), display_name);
      return FALSE;
    }
  if (version > ST_REGION_FILE_VERSION)
    {
      g_autofree char *v = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_NEWER,
                   _ ("“%s” was written by a newer Strata (version %s); this one reads version %d. "
                      "Update Strata to open it."),
                   display_name, v, ST_REGION_FILE_VERSION);
      return FALSE;
    }
  return TRUE;
}

/* The optional "profile" and "unsaved" members. */
static gboolean
read_profile_and_unsaved (JsonObject         *object,
                          const char         *display_name,
                          StProfileIdentity **identity,
                          gboolean           *unsaved,
                          GError            **error)
{
  JsonNode          *node = json_object_get_member (object, "profile");
  g_autoptr (GError) local_error = NULL;

  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      *identity = st_profile_identity_from_json (node, &local_error);
      if (*identity == NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                      "“%s”: ", display_name);
          return FALSE;
        }
    }
  node = json_object_get_member (object, "unsaved");
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”: “unsaved” is not true or false."), display_name);
      return FALSE;
    }
  *unsaved = json_node_get_boolean (node);
  return TRUE;
}

/* The "regions" array, sorted (stable: regions with the same bounds keep
 * the file's order). */
static StRegionArray *
read_regions (JsonObject *object, const char *display_name, GError **error)
{
  JsonNode                 *node = json_object_get_member (object, "regions");
  g_autoptr (StRegionArray) regions = NULL;
  JsonArray                *array;

  if (node == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not a region file: it has no “regions”."), display_name);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s”: “regions” is not an array."), display_name);
      return NULL;
    }
  array = json_node_get_array (node);
  regions = st_region_array_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (!read_region (regions, json_array_get_element (array, i), i + 1, display_name, error))
      return NULL;
  st_region_array_sort (regions);
  return g_steal_pointer (&regions);
}

/* Reads the text of a region file (or a sidecar); @display_name names it
 * in messages. @profile and @unsaved may be NULL. */
StRegionArray *
st_region_set_read_data (const char         *data,
                         gsize               length,
                         const char         *display_name,
                         StProfileIdentity **profile,
                         gboolean           *unsaved,
                         GError            **error)
{
  g_autoptr (JsonNode)          root = NULL;
  g_autoptr (StProfileIdentity) identity = NULL;
  StRegionArray                *regions;
  JsonObject                   *object;
  gboolean                      is_unsaved = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  object = parse_root (&root, data, length, display_name, error);
  if (object == NULL || !check_version (object, display_name, error)
      || !read_profile_and_unsaved (object, display_name, &identity, &is_unsaved, error))
    return NULL;
  regions = read_regions (object, display_name, error);
  if (regions == NULL)
    return NULL;
  if (profile != NULL)
    *profile = g_steal_pointer (&identity);
  if (unsaved != NULL)
    *unsaved = is_unsaved;
  return regions;
}

StRegionArray *
st_region_set_read_file (GFile *file, StProfileIdentity **profile, GError **error)
{
  g_autofree char   *name = NULL;
  g_autofree char   *data = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize              length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  name = dup_display_name (file);
  /* a regular file only, refused past the cap before it is read */
  if (!st_small_file_load (file, name, MAX_FILE_SIZE, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
        g_set_error (
            error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
            _ ("“%s” is larger than 64 MiB, far too large for a region file; it is not one."),
            name);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return st_region_set_read_data (data, length, name, profile, NULL, error);
}

gboolean
st_region_set_autosave (StRegionSet *self, const StProfileIdentity *profile, GError **error)
{
  g_autofree char   *path = NULL;
  g_autofree char   *dir = NULL;
  g_autofree char   *text = NULL;
  g_autoptr (GFile)  file = NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);
  g_return_val_if_fail (profile != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = st_profile_identity_dup_sidecar_path (profile);

  /* Nothing to keep: no file, rather than one that restores nothing. */
  if (st_region_set_get_n_regions (self) == 0 && !st_region_set_get_modified (self))
    {
      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int              saved_errno = errno;
          g_autofree char *display = g_filename_display_name (path);

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _ ("Could not remove the autosaved regions “%s”: %s"), display,
                       g_strerror (saved_errno));
          return FALSE;
        }
      return TRUE;
    }

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int              saved_errno = errno;
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _ ("Could not create the folder “%s” for autosaved regions: %s"), display,
                   g_strerror (saved_errno));
      return FALSE;
    }

  text = st_region_set_to_json (self, profile, TRUE);
  /* Survives a kill and a power cut: the old sidecar or the new one. */
  file = g_file_new_for_path (path);
  if (!st_small_file_replace (file, text, strlen (text), 0600, &local_error))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _ ("Could not write the autosaved regions “%s”: "), display);
      return FALSE;
    }
  return TRUE;
}

gboolean
st_region_set_restore (StRegionSet *self, const StProfileIdentity *profile, GError **error)
{
  g_autofree char              *path = NULL;
  g_autofree char              *display = NULL;
  g_autoptr (GFile)             sidecar = NULL;
  g_autofree char              *data = NULL;
  g_autoptr (GError)            local_error = NULL;
  g_autoptr (StRegionArray)     regions = NULL;
  g_autoptr (StProfileIdentity) saved_for = NULL;
  gboolean                      unsaved = FALSE;
  gsize                         length;

  g_return_val_if_fail (ST_IS_REGION_SET (self), FALSE);
  g_return_val_if_fail (profile != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = st_profile_identity_dup_sidecar_path (profile);
  /* The full path, so that a person can find a damaged sidecar. */
  display = g_filename_display_name (path);
  sidecar = g_file_new_for_path (path);
  if (!st_small_file_load (sidecar, display, MAX_FILE_SIZE, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return FALSE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  regions = st_region_set_read_data (data, length, display, &saved_for, &unsaved, error);
  if (regions == NULL)
    return FALSE;
  if (saved_for != NULL && !st_profile_identity_equal (saved_for, profile))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s” holds the regions of another profile (“%s”); it was not restored."),
                   display, saved_for->name != NULL ? saved_for->name : "");
      return FALSE;
    }

  if (st_region_set_get_n_regions (self) > 0 || st_region_array_get_length (regions) > 0)
    st_region_set_replace (self, regions, unsaved);
  else
    st_region_set_set_modified (self, unsaved);
  return TRUE;
}
