/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-loader.h: opens several files (one per rank or device) as one
 * profile, on a thread, with progress and cancellation.
 *
 * Each file is loaded by its own StTraceLoader, one after another (each
 * already reads on every core), then they are merged (st-trace-merge.h):
 * each file's processes become sections titled after the file's label
 * ("rank 0 · …"), on one time axis chosen by StAlignment. With one file
 * the result is that file's trace, unchanged.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"
#include "st-trace-error.h"

G_BEGIN_DECLS

#define ST_TYPE_PROFILE_LOADER (st_profile_loader_get_type ())

G_DECLARE_FINAL_TYPE (StProfileLoader, st_profile_loader, ST, PROFILE_LOADER, GObject)

StProfileLoader *st_profile_loader_new (GFile *const *files, guint n_files);
guint            st_profile_loader_get_n_files (StProfileLoader *self);
GFile           *st_profile_loader_get_file (StProfileLoader *self, guint index);
void
st_profile_loader_set_display_name (StProfileLoader *self, guint index, const char *display_name);
StAlignment st_profile_loader_get_alignment (StProfileLoader *self);
void        st_profile_loader_set_alignment (StProfileLoader *self, StAlignment alignment);
void        st_profile_loader_set_n_threads (StProfileLoader *self, guint n_threads);
double      st_profile_loader_get_fraction (StProfileLoader *self);
guint       st_profile_loader_get_current_file (StProfileLoader *self);

StTrace *st_profile_loader_load (StProfileLoader *self, GCancellable *cancellable, GError **error);
void     st_profile_loader_load_async (StProfileLoader    *self,
                                       GCancellable       *cancellable,
                                       GAsyncReadyCallback callback,
                                       gpointer            user_data);
StTrace *
st_profile_loader_load_finish (StProfileLoader *self, GAsyncResult *result, GError **error);

StTrace *st_profile_load_args (char *const *args,
                               guint        n_args,
                               StAlignment  alignment,
                               guint        n_threads,
                               GError     **error);

gboolean    st_alignment_from_string (const char *text, StAlignment *alignment);
const char *st_alignment_to_string (StAlignment alignment);

G_END_DECLS
