/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-spool.h: a growing buffer of text at a fixed address, for data that has
 * to be produced before it can be read (an inflated gzip, a remote file).
 *
 * One writer thread fills room at the end (st_spool_begin) and commits it
 * (st_spool_commit); readers wait for more (st_spool_wait) and read what is
 * committed through one mapping. The bytes live in private memory, written
 * in place, while they fit a memory budget, then move to an unlinked file
 * on disk under the same address, so readers keep their pointers. Memory is
 * faulted in ahead of the writer and the file is written with write(), so
 * running out of memory or disk is an error, never a signal, and readers
 * only touch bytes that exist.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _StSpool StSpool;

StSpool    *st_spool_new (const char *name, GError **error);
void        st_spool_free (StSpool *self);
const char *st_spool_get_data (StSpool *self);
char       *st_spool_begin (StSpool *self, gsize len, GError **error);
gboolean    st_spool_commit (StSpool *self, gsize len, GError **error);
void        st_spool_complete (StSpool *self);
gsize       st_spool_get_size (StSpool *self);
gsize       st_spool_wait (StSpool *self, gsize have, gboolean *complete);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSpool, st_spool_free)

G_END_DECLS
