/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-source.h: the bytes of a profile file, mapped into memory.
 *
 * A plain local file is mapped as it is. A gzip file (recognised by its magic
 * bytes, whatever its name) or a file that is not local is spooled by a thread
 * into memory at a fixed address as it grows (an unlinked temporary file once
 * it outgrows the spool's memory budget), so an importer can read behind the
 * inflater on the other core and arg spans stay valid for the life of the
 * trace.
 */
#pragma once

#include <gio/gio.h>

#include "st-spool.h"

G_BEGIN_DECLS

typedef struct _StSource StSource;

typedef enum
{
  ST_SOURCE_PLAIN,
  ST_SOURCE_GZIP,
} StSourceKind;

StSource *
st_source_open (GFile *file, const char *display_name, GCancellable *cancellable, GError **error);
StSource *st_source_new_for_data (const char *display_name, const char *data, gsize size);
StSource *st_source_new_for_bytes (const char *display_name, GBytes *bytes, guint64 file_size);
StSource *st_source_new_for_spool (const char *display_name, StSpool *spool, guint64 file_size);
StSource *st_source_ref (StSource *self);
void      st_source_unref (StSource *self);

StSourceKind st_source_get_kind (StSource *self);
const char  *st_source_get_display_name (StSource *self);
const char  *st_source_get_data (StSource *self);
gsize        st_source_wait (StSource *self, gsize have, gboolean *complete);
gsize        st_source_get_size (StSource *self);
guint64      st_source_get_file_size (StSource *self);
double       st_source_get_input_fraction (StSource *self);
gboolean     st_source_finish (StSource *self, GError **error);
const char  *st_source_get_warning (StSource *self);
const char  *st_source_get_corruption (StSource *self);
gboolean     st_source_get_shrunk (StSource *self);
gboolean     st_source_check_shrunk (StSource *self, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSource, st_source_unref)

G_END_DECLS
