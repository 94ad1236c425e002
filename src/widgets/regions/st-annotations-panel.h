/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-annotations-panel.h: the Annotations side panel of the timeline: the
 * Region Highlighter (method, configuration, Highlight with progress and
 * Cancel), the list of the session's regions (rename in place, delete, add
 * from the timing measurement or the marked range, zoom to one, undo and
 * redo, save and load), and the Region Duration Distribution chart where
 * up to three regions are picked for comparison.
 *
 * Its commands are the actions of the group st_annotations_panel_get_actions()
 * returns, meant to be inserted as "regions" where the keys are:
 * regions.highlight, .cancel-highlight, .load-config, .load-config-uri (s),
 * .save-config, .add, .delete, .rename ((us): position in the set, name),
 * .edit-name, .zoom, .previous, .next, .toggle-compare, .undo, .redo,
 * .save, .save-as, .load.
 *
 * Signals: "save-finished" (gboolean saved), "config-used" (the URI of a
 * highlighter configuration loaded or saved).
 *
 * Each of its three sections folds under its header; the panel is as wide
 * whatever the method, so the timeline beside it keeps its width.
 */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_ANNOTATIONS_PANEL (st_annotations_panel_get_type ())

G_DECLARE_FINAL_TYPE (StAnnotationsPanel, st_annotations_panel, ST, ANNOTATIONS_PANEL, GtkWidget)

GtkWidget    *st_annotations_panel_new (void);
StSession    *st_annotations_panel_get_session (StAnnotationsPanel *self);
void          st_annotations_panel_set_session (StAnnotationsPanel *self, StSession *session);
GActionGroup *st_annotations_panel_get_actions (StAnnotationsPanel *self);
void st_annotations_panel_set_recent_configs (StAnnotationsPanel *self, const char *const *uris);
void st_annotations_panel_show_error (StAnnotationsPanel *self, const char *message);
const char *st_annotations_panel_get_error (StAnnotationsPanel *self);
GFile      *st_annotations_panel_get_file (StAnnotationsPanel *self);
gboolean    st_annotations_panel_save_to (StAnnotationsPanel *self, GFile *file, GError **error);
void        st_annotations_panel_load_from (StAnnotationsPanel *self, GFile *file);
void        st_annotations_panel_bind_settings (StAnnotationsPanel *self, GSettings *settings);

G_END_DECLS
