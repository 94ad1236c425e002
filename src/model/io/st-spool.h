/* st-spool.h: a growing buffer of text at a fixed address, for data that has
 * to be produced before it can be read (an inflated gzip, a remote file).
 *
 * One writer thread appends (st_spool_append), readers wait for more
 * (st_spool_wait) and read what is appended through one mapping. The bytes
 * live in a memfd while they fit a memory budget, then move to an unlinked
 * file on disk under the same address, so readers keep their pointers. They
 * are written with write(), so running out of memory or disk is an error,
 * never a SIGBUS, and readers only touch bytes that exist.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _StSpool StSpool;

StSpool    *st_spool_new (const char *name, GError **error);
void        st_spool_free (StSpool *self);
const char *st_spool_get_data (StSpool *self);
gboolean    st_spool_append (StSpool *self, const char *data, gsize len, GError **error);
void        st_spool_complete (StSpool *self);
gsize       st_spool_get_size (StSpool *self);
gsize       st_spool_wait (StSpool *self, gsize have, gboolean *complete);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSpool, st_spool_free)

G_END_DECLS
