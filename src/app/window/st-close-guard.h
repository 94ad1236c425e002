/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-close-guard.h: the question before a window closes with regions that
 * are in no file: Save… / Don't Save / Cancel. They are in the sidecar
 * whatever the answer, so the question is about a file of one's own, not
 * about losing them. Save… saves them through the Annotations panel
 * (regions.save) and closes the window once they are saved. Ctrl+Q closes
 * every window this way. */
#pragma once

#include <gtk/gtk.h>

#include "st-annotations-panel.h"
#include "st-region-set.h"

G_BEGIN_DECLS

#define ST_TYPE_CLOSE_GUARD (st_close_guard_get_type ())

G_DECLARE_FINAL_TYPE (StCloseGuard, st_close_guard, ST, CLOSE_GUARD, GObject)

/* The guard of @window, whose regions @panel saves. */
StCloseGuard *st_close_guard_new (GtkWindow *window, StAnnotationsPanel *panel);
/* Asks, and returns TRUE, when @window is to stay open for now: @regions
 * (of the profile titled @title, or NULL) changed since they were last
 * saved to a file, and the person has not answered yet. */
gboolean st_close_guard_holds (StCloseGuard *self, StRegionSet *regions, const char *title);

G_END_DECLS
