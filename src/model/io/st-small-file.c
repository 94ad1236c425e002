/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-small-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
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
st_small_file_remove_stale (const char *path, gint64 older_than_seconds)
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
  /* not blocking on the open: a FIFO nobody reads would wait for ever */
  int      fd = g_open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK, 0);
  GStatBuf st;
  gboolean ok = TRUE;

  if (fd < 0 && errno == ENXIO)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_NXIO,
                           _ ("it is a pipe that nothing reads from; nothing was written"));
      return FALSE;
    }
  if (fd < 0)
    return set_error_from_errno (error, errno);
  /* once opened, writes wait for the reader as a shell's would */
  if (fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK) != 0)
    {
      int saved_errno = errno;

      close (fd);
      return set_error_from_errno (error, saved_errno);
    }
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
st_small_file_replace (GFile      *file,
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
  st_small_file_remove_stale (target, ST_SMALL_FILE_STALE_SECONDS);
  return g_file_set_contents_full (target, contents, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   exists ? (int)(st.st_mode & 0777) : new_mode, error);
}

/* Reading, and the files never written. */

static gboolean
set_errno_error (GError **error, const char *name, int err)
{
  GIOErrorEnum code = g_io_error_from_errno (err);

  if (err == ENOENT || err == ENOTDIR)
    g_set_error (error, G_IO_ERROR, code, _ ("“%s” does not exist."), name);
  else if (err == EACCES || err == EPERM)
    g_set_error (error, G_IO_ERROR, code, _ ("you do not have permission to read “%s”."), name);
  else
    g_set_error (error, G_IO_ERROR, code, _ ("could not read “%s”: %s"), name, g_strerror (err));
  return FALSE;
}

static gboolean
set_too_large (GError **error, const char *name, gsize max_size)
{
  g_autofree char *limit = max_size % (1024 * 1024) == 0
                               ? g_strdup_printf ("%" G_GSIZE_FORMAT " MiB", max_size >> 20)
                               : g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
               _ ("“%s” is larger than %s, far too large for what it should be; it was not read."),
               name, limit);
  return FALSE;
}

/* A regular file, or an error saying what stands there instead. */
static gboolean
check_regular (const struct stat *st, const char *name, GError **error)
{
  if (S_ISDIR (st->st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _ ("“%s” is a folder, not a file."),
                   name);
      return FALSE;
    }
  if (!S_ISREG (st->st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _ ("“%s” is not a regular file (it is a pipe, a socket or a device); save it "
                      "to a file and give that."),
                   name);
      return FALSE;
    }
  return TRUE;
}

/* Reads @fd to its end, or to @max_size + 1 bytes: a file that grows
 * while it is read is still refused past the cap. */
static gboolean
read_fd (int fd, const char *name, gsize max_size, GByteArray *out, GError **error)
{
  guint8 buffer[65536];

  for (;;)
    {
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return set_errno_error (error, name, errno);
      if (n == 0)
        return TRUE;
      g_byte_array_append (out, buffer, n);
      if (out->len > max_size)
        return set_too_large (error, name, max_size);
    }
}

static gboolean
load_local (const char *path, const char *name, gsize max_size, GByteArray *out, GError **error)
{
  struct stat st;
  gboolean    ok;
  /* O_NONBLOCK: opening a FIFO must not wait for a writer */
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);

  if (fd < 0)
    return set_errno_error (error, name, errno);
  if (fstat (fd, &st) != 0)
    ok = set_errno_error (error, name, errno);
  else if (!check_regular (&st, name, error))
    ok = FALSE;
  else if ((guint64)st.st_size > max_size)
    ok = set_too_large (error, name, max_size);
  else
    {
      fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
      ok = read_fd (fd, name, max_size, out, error);
    }
  close (fd);
  return ok;
}

static gboolean
load_stream (GFile *file, const char *name, gsize max_size, GByteArray *out, GError **error)
{
  g_autoptr (GFileInputStream) input = NULL;
  g_autoptr (GFileInfo)        info = NULL;
  g_autoptr (GError)           local_error = NULL;
  guint8                       buffer[65536];

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL,
                            NULL);
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _ ("“%s” is a folder, not a file."),
                   name);
      return FALSE;
    }
  input = g_file_read (file, NULL, &local_error);
  for (gssize n = 1; input != NULL && n > 0;)
    {
      n = g_input_stream_read (G_INPUT_STREAM (input), buffer, sizeof buffer, NULL, &local_error);
      if (n > 0)
        g_byte_array_append (out, buffer, n);
      if (out->len > max_size)
        return set_too_large (error, name, max_size);
    }
  if (local_error == NULL)
    return TRUE;
  g_set_error (error, G_IO_ERROR, local_error->domain == G_IO_ERROR ? local_error->code : 0,
               _ ("could not read “%s”: %s"), name, local_error->message);
  return FALSE;
}

gboolean
st_small_file_load (GFile      *file,
                    const char *display_name,
                    gsize       max_size,
                    char      **contents,
                    gsize      *length,
                    GError    **error)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autofree char       *path = NULL;
  gboolean               ok;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (display_name != NULL, FALSE);
  g_return_val_if_fail (contents != NULL && length != NULL, FALSE);

  if (*display_name == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                           _ ("an empty name was given where a file was expected"));
      return FALSE;
    }
  path = g_file_get_path (file);
  ok = path != NULL ? load_local (path, display_name, max_size, out, error)
                    : load_stream (file, display_name, max_size, out, error);
  if (!ok)
    return FALSE;
  *length = out->len;
  g_byte_array_append (out, (const guint8 *)"", 1);
  *contents = (char *)g_byte_array_free (g_steal_pointer (&out), FALSE);
  return TRUE;
}

/* The file at @file's path, links followed; FALSE when nothing is there. */
static gboolean
stat_file (GFile *file, GStatBuf *st)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL && g_stat (path, st) == 0;
}

gboolean
st_small_file_is_input (GFile *output, GFile *const *inputs, guint n_inputs)
{
  GStatBuf out;
  gboolean exists;

  g_return_val_if_fail (G_IS_FILE (output), FALSE);

  exists = stat_file (output, &out);
  for (guint i = 0; i < n_inputs; i++)
    {
      GStatBuf in;

      if (inputs[i] == NULL)
        continue;
      if (g_file_equal (output, inputs[i]))
        return TRUE;
      if (exists && stat_file (inputs[i], &in) && in.st_dev == out.st_dev
          && in.st_ino == out.st_ino)
        return TRUE;
    }
  return FALSE;
}

gboolean
st_small_file_check_output (GFile *output, GFile *const *inputs, guint n_inputs, GError **error)
{
  g_autofree char *name = NULL;

  if (!st_small_file_is_input (output, inputs, n_inputs))
    return TRUE;
  name = g_file_get_parse_name (output);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _ ("“%s” is one of the files being read; nothing was written over it. Choose "
                  "another file to write to."),
               name);
  return FALSE;
}

GFile *
st_file_new_for_arg (const char *arg)
{
  const char *colon = strchr (arg, ':');

  if (colon != NULL && (g_str_has_prefix (colon, "://") || g_str_has_prefix (arg, "file:")))
    {
      const char *scheme = g_uri_peek_scheme (arg);

      if (scheme != NULL)
        return g_file_new_for_uri (arg);
    }
  return g_file_new_for_path (arg);
}
