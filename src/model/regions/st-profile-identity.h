/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-identity.h: which profile a region set belongs to.
 *
 * A profile is known by its size and a SHA-256 of its first and last MiB (of
 * the file as stored, compressed or not): cheap to compute on a 10 GB file,
 * and it survives a rename or a move. The key names the autosave sidecar.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 size;
  char   *digest; /* lower-case hex SHA-256 of the first and last MiB */
  char   *name;   /* the file's base name when it was identified */
} StProfileIdentity;

StProfileIdentity *
st_profile_identity_compute (GFile *file, GCancellable *cancellable, GError **error);
/* One identity for a profile of several files (one per rank), so its
 * regions are kept apart from those of any one of its files; with one
 * file, that file's identity. */
StProfileIdentity *st_profile_identity_compute_files (GFile *const *files,
                                                      guint         n_files,
                                                      GCancellable *cancellable,
                                                      GError      **error);
StProfileIdentity *st_profile_identity_new (guint64 size, const char *digest, const char *name);
StProfileIdentity *st_profile_identity_copy (const StProfileIdentity *self);
void               st_profile_identity_free (StProfileIdentity *self);
gboolean st_profile_identity_equal (const StProfileIdentity *a, const StProfileIdentity *b);
/* "<size>-<first 32 hex digits>": safe as a file name. */
char *st_profile_identity_dup_key (const StProfileIdentity *self);
/* $XDG_STATE_HOME/strata/regions/<key>.json */
char *st_profile_identity_dup_sidecar_path (const StProfileIdentity *self);

/* {"name": …, "size": …, "digest": …} */
JsonNode          *st_profile_identity_to_json (const StProfileIdentity *self);
StProfileIdentity *st_profile_identity_from_json (JsonNode *node, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StProfileIdentity, st_profile_identity_free)

G_END_DECLS
