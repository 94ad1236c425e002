#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-atomic-file.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* g_file_set_contents_full() writes "NAME.XXXXXX" next to NAME (six letters
 * and digits) and renames it over NAME. */
static gboolean
is_temp_of (const char *candidate, const char *base)
{
  gsize n = strlen (base);

  if (strncmp (candidate, base, n) != 0 || candidate[n] != '.' || strlen (candidate + n + 1) != 6)
    return FALSE;
  for (const char *c = candidate + n + 1; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

/* Removes the temporary files that saves of @path killed before their
 * rename left next to it, when they are older than @older_than_seconds (a
 * younger one may be another process's save in progress). Returns how many
 * were removed. */
guint
st_atomic_file_remove_stale (const char *path, gint64 older_than_seconds)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  gint64           now = g_get_real_time () / G_USEC_PER_SEC;
  const char      *name;
  guint            removed = 0;

  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *candidate = NULL;
      struct stat      st;

      if (!is_temp_of (name, base))
        continue;
      candidate = g_build_filename (dir, name, NULL);
      if (lstat (candidate, &st) == 0 && S_ISREG (st.st_mode)
          && now - (gint64)st.st_mtime >= older_than_seconds && g_unlink (candidate) == 0)
        {
          g_debug ("removed %s, left over by a save that did not finish", candidate);
          removed++;
        }
    }
  return removed;
}

/* Writes @contents to @file through a temporary file in the same folder that
 * is synced and renamed over it: readers see the old file or the new one.
 * GIO's g_file_replace_contents() would instead rewrite the file in place
 * when it cannot create that temporary file (a read-only folder), or for a
 * symbolic or hard link; here the save fails instead. A symbolic link is
 * followed, so its target is replaced; a hard link is broken. The file keeps
 * its permissions; a new one gets @new_mode (less the umask). Files that are
 * not local go through GIO, whose backends replace them as they can. */
gboolean
st_atomic_file_replace (GFile      *file,
                        const char *contents,
                        gsize       length,
                        int         new_mode,
                        GError    **error)
{
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  int              mode = new_mode;
  GStatBuf         st;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    return g_file_replace_contents (file, contents, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                    NULL, error);
  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    target = realpath (path, NULL);
  if (target == NULL)
    target = g_strdup (path);
  if (g_stat (target, &st) == 0)
    mode = st.st_mode & 0777;
  st_atomic_file_remove_stale (target, ST_ATOMIC_FILE_STALE_SECONDS);
  return g_file_set_contents_full (target, contents, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   mode, error);
}
