/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-small-file.h: the small files Strata reads and writes beside a
 * profile (region files, highlighter configurations, sidecars, pictures).
 *
 * Writing replaces a file so that a crash, a kill or a power cut at any
 * moment leaves the old file or the new one, never a part; a FIFO, a
 * terminal or a device in the file's place is written as it is, never
 * replaced.
 *
 * Reading takes only a regular file, opened without waiting (a FIFO given
 * as a region file must not block the program forever), and only up to a
 * size cap, so a huge or endless file is refused before it is read into
 * memory.
 *
 * The file written is never one of the files read. A person who types
 * `-o trace.json` after `trace.json`, or saves regions over the profile,
 * would lose the profile; the target is compared with each input by device
 * and inode, after following links, so another name for the same file (a
 * link, "./", a hard link) is caught too.
 *
 * A name typed on a command line with a colon in it (rank:0.json,
 * 12:30.trace.json) is a file, not a URI with an unknown scheme as
 * g_file_new_for_commandline_arg() takes it; only what reads as a URI
 * ("scheme://…" or "file:…") is one.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A temporary file of a save killed this long ago is left over, not in use. */
#define ST_SMALL_FILE_STALE_SECONDS 60

gboolean st_small_file_replace (GFile      *file,
                                const char *contents,
                                gsize       length,
                                int         new_mode,
                                GError    **error);
guint    st_small_file_remove_stale (const char *path, gint64 older_than_seconds);

/* Reads @file whole into *@contents (NUL-terminated) and *@length, when it
 * is a regular file of at most @max_size bytes. Errors are in G_IO_ERROR
 * (G_IO_ERROR_NOT_FOUND, _PERMISSION_DENIED, _IS_DIRECTORY,
 * _NOT_REGULAR_FILE, _MESSAGE_TOO_LARGE, …) and their messages name
 * @display_name. A file that is not local is read through GIO, up to the
 * cap. */
gboolean st_small_file_load (GFile      *file,
                             const char *display_name,
                             gsize       max_size,
                             char      **contents,
                             gsize      *length,
                             GError    **error);

/* Whether @output, once written, would replace one of @inputs (the same
 * file after following links). @output that does not exist yet is none of
 * them. */
gboolean st_small_file_is_input (GFile *output, GFile *const *inputs, guint n_inputs);
/* FALSE with G_IO_ERROR_EXISTS and a sentence naming @output when it is
 * one of @inputs: nothing may be written there. */
gboolean
st_small_file_check_output (GFile *output, GFile *const *inputs, guint n_inputs, GError **error);

/* The file a command-line argument names, profile or output. */
GFile *st_file_new_for_arg (const char *arg);

G_END_DECLS
