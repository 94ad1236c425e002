/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-preferences-window.h: the preferences: style, the page a profile
 * opens on, the Flow Events default; each a key of Strata's settings. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ST_TYPE_PREFERENCES_WINDOW (st_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (StPreferencesWindow,
                      st_preferences_window,
                      ST,
                      PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

StPreferencesWindow *st_preferences_window_new (GtkWindow *parent, GSettings *settings);

G_END_DECLS
