/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-profile-identity.h"
#include "st-region-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define EDGE_BYTES    ((gsize)1 << 20)
#define DIGEST_LENGTH 64 /* hex digits of a SHA-256 */
#define KEY_DIGITS    32

/* Hashes @length bytes read from @stream where it stands; fails when the
 * file is shorter than its size said (it changed under us). */
static gboolean
hash_bytes (GInputStream *stream,
            GChecksum    *checksum,
            guchar       *buffer,
            gsize         length,
            GCancellable *cancellable,
            GError      **error)
{
  gsize n_read = 0;

  if (!g_input_stream_read_all (stream, buffer, length, &n_read, cancellable, error))
    return FALSE;
  if (n_read < length)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _ ("the file became shorter while it was read; open it again."));
      return FALSE;
    }
  g_checksum_update (checksum, buffer, n_read);
  return TRUE;
}

/* A profile that is a folder (Neuron Explorer's Parquet tables) holds at
 * most this many files, this deep: a folder past them is no profile. */
#define FOLDER_MAX_FILES 10000
#define FOLDER_MAX_DEPTH 8

/* The regular files under @folder, as paths relative to @top, into @paths;
 * links are not followed. */
static gboolean
list_files (GFile        *top,
            GFile        *folder,
            guint         depth,
            GPtrArray    *paths,
            GCancellable *cancellable,
            GError      **error)
{
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (
      folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, cancellable, error);
  GFileInfo *info;
  GFile     *child;

  if (children == NULL)
    return FALSE;
  while (g_file_enumerator_iterate (children, &info, &child, cancellable, error) && info != NULL)
    {
      GFileType type = g_file_info_get_file_type (info);

      if (type == G_FILE_TYPE_REGULAR)
        g_ptr_array_add (paths, g_file_get_relative_path (top, child));
      else if (type == G_FILE_TYPE_DIRECTORY && depth < FOLDER_MAX_DEPTH
               && !list_files (top, child, depth + 1, paths, cancellable, error))
        return FALSE;
      if (paths->len > FOLDER_MAX_FILES)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _ ("the folder holds more than %d files; no profile does."),
                       FOLDER_MAX_FILES);
          return FALSE;
        }
    }
  return error == NULL || *error == NULL;
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* A folder's identity: its files', in the order of their paths under it,
 * the sizes added up, a SHA-256 of each one's path and digest, the
 * folder's name. A file added, removed, renamed or changed changes it. */
static StProfileIdentity *
compute_folder (GFile *folder, const char *name, GCancellable *cancellable, GError **error)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint64               size = 0;

  if (!list_files (folder, folder, 0, paths, cancellable, error))
    {
      if (error != NULL && *error != NULL
          && !g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_prefix_error (error, _ ("Could not identify “%s”: "), name);
      return NULL;
    }
  g_ptr_array_sort (paths, compare_paths);
  for (guint i = 0; i < paths->len; i++)
    {
      const char                   *path = g_ptr_array_index (paths, i);
      g_autoptr (GFile)             file = g_file_resolve_relative_path (folder, path);
      g_autoptr (StProfileIdentity) one = st_profile_identity_compute (file, cancellable, error);

      if (one == NULL)
        return NULL;
      size += one->size;
      g_checksum_update (checksum, (const guchar *)path, strlen (path) + 1);
      g_checksum_update (checksum, (const guchar *)one->digest, strlen (one->digest) + 1);
    }
  return st_profile_identity_new (size, g_checksum_get_string (checksum), name);
}

/* The size of @file and a SHA-256 of its first and last MiB (all of it,
 * once, when it is no larger than 2 MiB). Bytes in between are not read:
 * that keeps identifying a 10 GB profile instant, and the size and both
 * ends are enough to tell profiles apart. A folder: compute_folder (). */
StProfileIdentity *
st_profile_identity_compute (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autofree char             *basename = NULL;
  g_autofree char             *name = NULL;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autoptr (GFileInfo)        info = NULL;
  g_autoptr (GChecksum)        checksum = NULL;
  g_autofree guchar           *buffer = NULL;
  g_autoptr (GError)           local_error = NULL;
  guint64                      size;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  basename = g_file_get_basename (file);
  name = basename != NULL ? g_filename_display_name (basename) : g_file_get_parse_name (file);

  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, cancellable) == G_FILE_TYPE_DIRECTORY)
    return compute_folder (file, name, cancellable, error);
  stream = g_file_read (file, cancellable, &local_error);
  if (stream == NULL)
    goto failed;
  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable,
                                         &local_error);
  if (info == NULL)
    goto failed;
  size = g_file_info_get_size (info);

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  buffer = g_malloc (MIN (size, 2 * EDGE_BYTES));
  if (size <= 2 * EDGE_BYTES)
    {
      if (!hash_bytes (G_INPUT_STREAM (stream), checksum, buffer, size, cancellable, &local_error))
        goto failed;
    }
  else
    {
      if (!hash_bytes (G_INPUT_STREAM (stream), checksum, buffer, EDGE_BYTES, cancellable,
                       &local_error)
          || !g_seekable_seek (G_SEEKABLE (stream), size - EDGE_BYTES, G_SEEK_SET, cancellable,
                               &local_error)
          || !hash_bytes (G_INPUT_STREAM (stream), checksum, buffer, EDGE_BYTES, cancellable,
                          &local_error))
        goto failed;
    }

  return st_profile_identity_new (size, g_checksum_get_string (checksum), name);

failed:
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                _ ("Could not identify “%s”: "), name);
  return NULL;
}

/* One identity for the whole profile, so its regions are kept apart from
 * those of any one of its files: the sizes added up, a SHA-256 of the
 * files' digests in order, their base names joined. With one file, that
 * file's identity. */
StProfileIdentity *
st_profile_identity_compute_files (GFile *const *files,
                                   guint         n_files,
                                   GCancellable *cancellable,
                                   GError      **error)
{
  g_autoptr (GChecksum) checksum = NULL;
  g_autoptr (GString)   name = g_string_new (NULL);
  guint64               size = 0;

  g_return_val_if_fail (n_files > 0, NULL);
  if (n_files == 1)
    return st_profile_identity_compute (files[0], cancellable, error);
  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (StProfileIdentity) one
          = st_profile_identity_compute (files[i], cancellable, error);

      if (one == NULL)
        return NULL;
      size += one->size;
      g_checksum_update (checksum, (const guchar *)one->digest, strlen (one->digest));
      g_string_append_printf (name, "%s%s", i > 0 ? " + " : "", one->name);
    }
  return st_profile_identity_new (size, g_checksum_get_string (checksum), name->str);
}

StProfileIdentity *
st_profile_identity_new (guint64 size, const char *digest, const char *name)
{
  StProfileIdentity *self;

  g_return_val_if_fail (digest != NULL, NULL);

  self = g_new0 (StProfileIdentity, 1);
  self->size = size;
  self->digest = g_ascii_strdown (digest, -1);
  self->name = g_strdup (name);
  return self;
}

StProfileIdentity *
st_profile_identity_copy (const StProfileIdentity *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return st_profile_identity_new (self->size, self->digest, self->name);
}

void
st_profile_identity_free (StProfileIdentity *self)
{
  if (self == NULL)
    return;
  g_free (self->digest);
  g_free (self->name);
  g_free (self);
}

/* The same profile, wherever it is and whatever it is called now. */
gboolean
st_profile_identity_equal (const StProfileIdentity *a, const StProfileIdentity *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  return a->size == b->size && g_str_equal (a->digest, b->digest);
}

char *
st_profile_identity_dup_key (const StProfileIdentity *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_strdup_printf ("%" G_GUINT64_FORMAT "-%.*s", self->size, KEY_DIGITS, self->digest);
}

char *
st_profile_identity_dup_sidecar_path (const StProfileIdentity *self)
{
  g_autofree char *key = NULL;
  g_autofree char *basename = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  key = st_profile_identity_dup_key (self);
  basename = g_strconcat (key, ".json", NULL);
  return g_build_filename (g_get_user_state_dir (), "strata", "regions", basename, NULL);
}

JsonNode *
st_profile_identity_to_json (const StProfileIdentity *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (self != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  if (self->name != NULL)
    json_builder_add_string_value (builder, self->name);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "size");
  json_builder_add_int_value (builder, (gint64)self->size);
  json_builder_set_member_name (builder, "digest");
  json_builder_add_string_value (builder, self->digest);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static gboolean
is_digest (const char *s)
{
  if (strlen (s) != DIGEST_LENGTH)
    return FALSE;
  for (const char *p = s; *p; p++)
    if (!g_ascii_isxdigit (*p))
      return FALSE;
  return TRUE;
}

/* "size": a whole number of bytes. */
static JsonNode *
get_size (JsonObject *object, GError **error)
{
  JsonNode *size = json_object_get_member (object, "size");

  if (size == NULL)
    {
      g_set_error_literal (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                           _ ("“profile” has no “size”."));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (size) || json_node_get_value_type (size) != G_TYPE_INT64
      || json_node_get_int (size) < 0)
    {
      g_set_error_literal (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                           _ ("“size” of “profile” is not a whole number of bytes."));
      return NULL;
    }
  return size;
}

/* "digest": a SHA-256 in hexadecimal. */
static JsonNode *
get_digest (JsonObject *object, GError **error)
{
  JsonNode *digest = json_object_get_member (object, "digest");

  if (digest == NULL)
    {
      g_set_error_literal (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                           _ ("“profile” has no “digest”."));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (digest) || json_node_get_value_type (digest) != G_TYPE_STRING
      || !is_digest (json_node_get_string (digest)))
    {
      g_set_error_literal (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                           _ ("“digest” of “profile” is not a SHA-256 in 64 hexadecimal digits."));
      return NULL;
    }
  return digest;
}

/* Messages say where in the file ("profile", "size"); the caller prefixes
 * the file's name. */
StProfileIdentity *
st_profile_identity_from_json (JsonNode *node, GError **error)
{
  JsonObject *object;
  JsonNode   *size, *digest, *name;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                           _ ("“profile” is not an object with “name”, “size” and “digest”."));
      return NULL;
    }
  object = json_node_get_object (node);
  if ((size = get_size (object, error)) == NULL || (digest = get_digest (object, error)) == NULL)
    return NULL;

  /* The name is only a reminder for a person; it may be null or absent. */
  name = json_object_get_member (object, "name");
  if (name != NULL && !JSON_NODE_HOLDS_NULL (name)
      && (!JSON_NODE_HOLDS_VALUE (name) || json_node_get_value_type (name) != G_TYPE_STRING))
    {
      g_set_error_literal (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                           _ ("“name” of “profile” is not a string."));
      return NULL;
    }

  return st_profile_identity_new (
      json_node_get_int (size), json_node_get_string (digest),
      name != NULL && JSON_NODE_HOLDS_VALUE (name) ? json_node_get_string (name) : NULL);
}
