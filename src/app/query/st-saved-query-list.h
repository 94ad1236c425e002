/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-saved-query-list.h: the Query page's saved queries (docs/sql.md, "The
 * Query page"): the queries of the profile saved under names and the
 * editor's text, kept with its regions (StSavedQueries): the editor shows
 * the profile's text of the last time and every edit is kept; a click on
 * a saved query puts it in the editor (one edit, Ctrl+Z undoes it), its
 * button deletes it, which a toast offers to undo; Save asks for a name
 * in a popover (offering the last chosen query's, to save over it). */
#pragma once

#include <adwaita.h>

#include "st-saved-queries.h"

G_BEGIN_DECLS

#define ST_TYPE_SAVED_QUERY_LIST (st_saved_query_list_get_type ())

G_DECLARE_FINAL_TYPE (StSavedQueryList, st_saved_query_list, ST, SAVED_QUERY_LIST, GtkWidget)

/* The editor whose text is kept (the page's, for the list's life). */
void st_saved_query_list_set_editor (StSavedQueryList *self, GtkTextView *editor);
/* The profile's queries and text, the text put in the editor; NULL for
 * none. */
void st_saved_query_list_set_queries (StSavedQueryList *self, StSavedQueries *queries);
/* Asks for a name, then saves the editor's query under it. */
void st_saved_query_list_save (StSavedQueryList *self);
/* Deletes the query at @position, with a toast to undo it: the toast
 * (transfer none), NULL when nothing was deleted or there is no window to
 * show it in. */
AdwToast *st_saved_query_list_delete (StSavedQueryList *self, guint position);

G_END_DECLS
