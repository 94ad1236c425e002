/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-window-state.h: what a window remembers in GSettings (nothing without
 * Strata's schema): the size and maximized state of the last window
 * closed, which new windows take; the page a profile opens on (the last of
 * Summary and Timeline the person switched to); and for the Annotations
 * panel, its settings and the region configurations used last. */
#pragma once

#include <gtk/gtk.h>

#include "st-annotations-panel.h"

G_BEGIN_DECLS

#define ST_TYPE_WINDOW_STATE (st_window_state_get_type ())

G_DECLARE_FINAL_TYPE (StWindowState, st_window_state, ST, WINDOW_STATE, GObject)

/* The state of @window, restored now; @settings is Strata's, or NULL. */
StWindowState *
st_window_state_new (GtkWindow *window, GSettings *settings, StAnnotationsPanel *panel);
/* Keeps @window's size and maximized state for the next windows. */
void st_window_state_save (StWindowState *self);
/* The person switched to @page: "summary" or "timeline" is where the
 * next profile opens; the other pages are not landing pages. */
void st_window_state_set_landing_page (StWindowState *self, const char *page);
/* Whether a profile opens on the Timeline, not the Summary. */
gboolean st_window_state_lands_on_timeline (StWindowState *self);

G_END_DECLS
