/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-file-drop.h: files dropped on a window. "files-dropped" gives them,
 * at most ST_MAX_FILES, in the order of the drop; the window opens them as
 * the Open dialog does, several files dropped together as the ranks of one
 * profile. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_FILE_DROP (st_file_drop_get_type ())

G_DECLARE_FINAL_TYPE (StFileDrop, st_file_drop, ST, FILE_DROP, GObject)

/* Takes the files dropped on @widget. */
StFileDrop *st_file_drop_new (GtkWidget *widget);

G_END_DECLS
