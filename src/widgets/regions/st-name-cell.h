/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-name-cell.h: a name in a list that can be renamed in place: a label,
 * or while editing an entry. Enter or leaving the entry commits ("committed"
 * with the text), Escape cancels. Unlike GtkEditableLabel in GTK 4.8, it
 * leaves no timer behind that could outlive it.
 *
 * Properties: "text" (the name shown), "item" (what it names). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_TYPE_NAME_CELL (st_name_cell_get_type ())

G_DECLARE_FINAL_TYPE (StNameCell, st_name_cell, ST, NAME_CELL, GtkWidget)

GtkWidget  *st_name_cell_new (void);
void        st_name_cell_set_text (StNameCell *self, const char *text);
const char *st_name_cell_get_text (StNameCell *self);
gboolean    st_name_cell_get_editing (StNameCell *self);
void        st_name_cell_start_editing (StNameCell *self);
/* Ends editing: with @commit, "committed" is emitted with the entry's text. */
void     st_name_cell_stop_editing (StNameCell *self, gboolean commit);
void     st_name_cell_set_item (StNameCell *self, GObject *item);
GObject *st_name_cell_get_item (StNameCell *self);

G_END_DECLS
