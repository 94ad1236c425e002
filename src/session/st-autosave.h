/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-autosave.h: nothing lost of a profile's regions. Every edit of the
 * session's regions reaches the profile's sidecar (see
 * st_region_set_autosave()) soon after; the profile, opened again, brings
 * them back. GIO only. */
#pragma once

#include <gio/gio.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_AUTOSAVE (st_autosave_get_type ())

G_DECLARE_FINAL_TYPE (StAutosave, st_autosave, ST, AUTOSAVE, GObject)

#define ST_AUTOSAVE_ERROR (st_autosave_error_quark ())

typedef enum
{
  /* the profile's files could not be read to tell which profile it is:
   * its regions are not kept */
  ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE,
} StAutosaveError;

GQuark st_autosave_error_quark (void);

StAutosave *st_autosave_new (StSession *session);
StSession  *st_autosave_get_session (StAutosave *self);
gboolean    st_autosave_restore (StAutosave   *self,
                                 GFile *const *files,
                                 guint         n_files,
                                 guint        *n_restored,
                                 GError      **error);
void        st_autosave_flush (StAutosave *self);

G_END_DECLS
