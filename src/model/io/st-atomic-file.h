/* st-atomic-file.h: replacing a small file so that a crash, a kill or a
 * power cut at any moment leaves the old file or the new one, never a part;
 * a FIFO, a terminal or a device in the file's place is written as it is,
 * never replaced.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A temporary file of a save killed this long ago is left over, not in use. */
#define ST_ATOMIC_FILE_STALE_SECONDS 60

gboolean st_atomic_file_replace (GFile      *file,
                                 const char *contents,
                                 gsize       length,
                                 int         new_mode,
                                 GError    **error);
guint    st_atomic_file_remove_stale (const char *path, gint64 older_than_seconds);

G_END_DECLS
