#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-atomic-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

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

static gboolean
set_error_from_errno (GError **error, int saved_errno)
{
  g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
  return FALSE;
}

/* What stands at @path, links followed (@exists FALSE: nothing, a new file
 * goes there). A link that leads nowhere (its target missing, a loop) is an
 * error: renaming over it would lose the link, and writing through it
 * would create a file the person did not name. */
static gboolean
stat_target (const char *path, GStatBuf *st, gboolean *exists, GError **error)
{
  g_autofree char *target = NULL;
  g_autofree char *display = NULL;
  int              saved_errno;

  *exists = FALSE;
  if (g_lstat (path, st) != 0)
    return TRUE;
  *exists = TRUE;
  if (!S_ISLNK (st->st_mode) || g_stat (path, st) == 0)
    return TRUE;
  saved_errno = errno;
  target = g_file_read_link (path, NULL);
  display = g_filename_display_name (target != NULL ? target : "");
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _ ("it is a symbolic link to “%s”, which cannot be followed (%s); the link was left "
                  "as it is"),
               display, g_strerror (saved_errno));
  return FALSE;
}

/* Writes @contents to the FIFO, terminal or character device at @path as
 * it is, without creating anything. */
static gboolean
write_in_place (const char *path, const char *contents, gsize length, GError **error)
{
  int      fd = g_open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC, 0);
  GStatBuf st;
  gboolean ok = TRUE;

  if (fd < 0)
    return set_error_from_errno (error, errno);
  /* it became a regular file since it was looked at: not written in place */
  if (fstat (fd, &st) != 0 || !(S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode)))
    {
      close (fd);
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_AGAIN,
                           _ ("it changed while it was being saved; nothing was written"));
      return FALSE;
    }
  for (gsize done = 0; ok && done < length;)
    {
      gssize n = write (fd, contents + done, length - done);

      if (n >= 0)
        done += n;
      else if (errno != EINTR)
        ok = set_error_from_errno (error, errno);
    }
  if (close (fd) != 0 && errno != EINTR && ok)
    ok = set_error_from_errno (error, errno);
  return ok;
}

/* Something that is not a regular file: a FIFO, a pipe or a terminal
 * (/dev/stdout), /dev/null or another character device is written in
 * place, as a shell's redirection would; a rename would put a regular file
 * in its place. A folder, a socket and a disk are refused. */
static gboolean
write_special (const char *path, mode_t mode, const char *contents, gsize length, GError **error)
{
  if (S_ISFIFO (mode) || S_ISCHR (mode))
    return write_in_place (path, contents, length, error);
  if (S_ISDIR (mode))
    g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                         _ ("it is a folder; nothing was written"));
  else if (S_ISBLK (mode))
    g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                         _ ("it is a disk (a block device); nothing was written"));
  else
    g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                         _ ("it is a socket, not a file; nothing was written"));
  return FALSE;
}

/* Writes @contents to @file. A regular file (or a new one) is replaced
 * through a temporary file in the same folder that is synced and renamed
 * over it: readers see the old file or the new one. GIO's
 * g_file_replace_contents() would instead rewrite the file in place when it
 * cannot create that temporary file (a read-only folder), or for a symbolic
 * or hard link; here the save fails instead. A symbolic link is followed,
 * so its target is replaced; one whose target cannot be reached is left
 * alone and the save fails; a hard link is broken. What is not a regular
 * file is never replaced (see write_special()). The file keeps its
 * permissions; a new one gets @new_mode (less the umask). Files that are
 * not local go through GIO, whose backends replace them as they can. The
 * messages do not name the file: the caller does. */
gboolean
st_atomic_file_replace (GFile      *file,
                        const char *contents,
                        gsize       length,
                        int         new_mode,
                        GError    **error)
{
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  GStatBuf         st;
  gboolean         exists;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    return g_file_replace_contents (file, contents, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                    NULL, error);
  if (!stat_target (path, &st, &exists, error))
    return FALSE;
  if (exists && !S_ISREG (st.st_mode))
    return write_special (path, st.st_mode, contents, length, error);
  target = exists ? realpath (path, NULL) : g_strdup (path);
  if (target == NULL)
    return set_error_from_errno (error, errno);
  st_atomic_file_remove_stale (target, ST_ATOMIC_FILE_STALE_SECONDS);
  return g_file_set_contents_full (target, contents, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   exists ? (int)(st.st_mode & 0777) : new_mode, error);
}
