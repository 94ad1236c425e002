/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-keeper.h: the regions of the profile a window shows, nothing
 * lost: every edit is written to the profile's sidecar soon after
 * (StAutosave), and opening the profile again restores them, which a toast
 * says. A damaged sidecar is moved aside and reported, with where it went,
 * in the Annotations panel, and the profile opens without regions. Regions
 * saved to a file of one's own are told in a toast too. */
#pragma once

#include <adwaita.h>

#include "st-annotations-panel.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_KEEPER (st_region_keeper_get_type ())

G_DECLARE_FINAL_TYPE (StRegionKeeper, st_region_keeper, ST, REGION_KEEPER, GObject)

/* Tells in @toasts, and through @panel, the regions' panel. */
StRegionKeeper *st_region_keeper_new (AdwToastOverlay *toasts, StAnnotationsPanel *panel);
/* Keeps the regions of @session, the profile of @files, restoring those
 * of its sidecar; what the last session's regions still had to write is
 * written. A sidecar that could not be read is reported in the panel;
 * FALSE when the panel should show for it (a damaged one, not one of
 * another profile). */
gboolean st_region_keeper_keep (StRegionKeeper *self,
                                StSession      *session,
                                GFile *const   *files,
                                guint           n_files);
/* Writes what is still to write (the window closes). */
void st_region_keeper_flush (StRegionKeeper *self);
/* The regions kept, or NULL. */
StRegionSet *st_region_keeper_get_regions (StRegionKeeper *self);

G_END_DECLS
