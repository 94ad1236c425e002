/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-set.h: the regions of a profile, kept in start order as an
 * StRegionArray, with undo and redo of every edit, JSON files and an
 * autosave sidecar. As a GListModel of StRegion it makes a region's object
 * only when asked for it, and gives the same object while someone holds it.
 *
 * File format (also the sidecar's):
 *   {"version": 1,
 *    "profile": {"name": …, "size": …, "digest": …},
 *    "regions": [{"name": …, "start_ns": …, "end_ns": …, "method": "collectives"}, …]}
 * The sidecar adds "unsaved": true when the edits were never saved to a file.
 */
#pragma once

#include <gio/gio.h>

#include "st-profile-identity.h"
#include "st-region.h"
#include "st-region-array.h"
#include "st-region-error.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_SET (st_region_set_get_type ())

/* Properties: "n-items", "can-undo", "can-redo", "modified" (edits not saved
 * to a file). Signal "edited": after every change of the contents (edit,
 * undo, redo), for autosave. */
G_DECLARE_FINAL_TYPE (StRegionSet, st_region_set, ST, REGION_SET, GObject)

StRegionSet   *st_region_set_new (void);
guint          st_region_set_get_n_regions (StRegionSet *self);
StRegionArray *st_region_set_get_array (StRegionSet *self);
/* The position of @region, or G_MAXUINT when it is not in the set. */
guint st_region_set_find (StRegionSet *self, StRegion *region);

/* Edits: each is one undo step. */
guint st_region_set_add (StRegionSet *self, StRegion *region);
void  st_region_set_remove (StRegionSet *self, guint position);
void  st_region_set_rename (StRegionSet *self, guint position, const char *name);
void  st_region_set_replace_all (StRegionSet *self, StRegionArray *regions);

gboolean st_region_set_can_undo (StRegionSet *self);
gboolean st_region_set_can_redo (StRegionSet *self);
gboolean st_region_set_undo (StRegionSet *self);
gboolean st_region_set_redo (StRegionSet *self);

gboolean st_region_set_get_modified (StRegionSet *self);
void     st_region_set_set_modified (StRegionSet *self, gboolean modified);

char *st_region_set_to_json (StRegionSet *self, const StProfileIdentity *profile, gboolean sidecar);
/* Atomic: a crash during the write leaves the old file as it was.
 * Clears "modified". */
gboolean st_region_set_save (StRegionSet             *self,
                             GFile                   *file,
                             const StProfileIdentity *profile,
                             GError                 **error);
/* Reads a region file: its regions (in start order) and the
 * profile it was made for (NULL when the file names none). Refuses a newer
 * "version" and damaged files with a message naming the file. */
StRegionArray *st_region_set_read_file (GFile *file, StProfileIdentity **profile, GError **error);
StRegionArray *st_region_set_read_data (const char         *data,
                                        gsize               length,
                                        const char         *display_name,
                                        StProfileIdentity **profile,
                                        gboolean           *unsaved,
                                        GError            **error);

/* The sidecar of @profile under $XDG_STATE_HOME/strata/regions/. */
gboolean
st_region_set_autosave (StRegionSet *self, const StProfileIdentity *profile, GError **error);
/* Fills an empty set from @profile's sidecar, as one undoable step; "modified"
 * is as the sidecar says. FALSE without an error when there is no sidecar. */
gboolean
st_region_set_restore (StRegionSet *self, const StProfileIdentity *profile, GError **error);

G_END_DECLS
