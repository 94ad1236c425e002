/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-open-dialog.h: the file dialogs of a window: Open (Ctrl+O), several
 * files at once, which may be one profile (a file per rank) aligned by
 * each file's clock or by their first collective; and Compare With
 * (Ctrl+D), one file as the baseline. Both list the profiles by type; Open
 * Folder opens profiles that are folders. Digests of ranks (.stdg), or a
 * folder of them, open as a fleet. */
#pragma once

#include <gtk/gtk.h>

#include "st-trace.h"

G_BEGIN_DECLS

/* The files chosen in Open: at most ST_MAX_FILES; with @as_one, one
 * profile aligned by @alignment. */
typedef void (*StProfilesChosen) (GFile     **files,
                                  guint       n_files,
                                  gboolean    as_one,
                                  StAlignment alignment,
                                  gpointer    user_data);
typedef void (*StBaselineChosen) (GFile *file, gpointer user_data);

/* Shows Open over @parent; @callback gets the files when some are chosen. */
void
st_open_dialog_choose_profiles (GtkWindow *parent, StProfilesChosen callback, gpointer user_data);
/* The same, for profiles that are folders (Neuron Explorer's Parquet
 * tables). */
void
st_open_dialog_choose_folders (GtkWindow *parent, StProfilesChosen callback, gpointer user_data);
/* Shows Compare With over @parent; @callback gets the file when one is
 * chosen. */
void
st_open_dialog_choose_baseline (GtkWindow *parent, StBaselineChosen callback, gpointer user_data);

G_END_DECLS
