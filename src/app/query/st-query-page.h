/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-query-page.h: the Query page of a window (docs/sql.md, "The Query
 * page"): an editor for SQL over the profile, with the tables and their
 * columns beside it and examples to start from; Ctrl+Return runs the
 * query on a thread (Esc or the Cancel button stops it), its rows come
 * in a table sortable by any column, Ctrl+C copies the selected rows,
 * and activating a row that carries a slice's id selects that slice on
 * the timeline. */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_QUERY_PAGE (st_query_page_get_type ())

G_DECLARE_FINAL_TYPE (StQueryPage, st_query_page, ST, QUERY_PAGE, GtkWidget)

void       st_query_page_set_session (StQueryPage *self, StSession *session);
StSession *st_query_page_get_session (StQueryPage *self);
/* Whether a query runs. */
gboolean st_query_page_is_running (StQueryPage *self);
/* The rows of the last result as the table shows them (sorted as its
 * headers say): StQueryRowItem. */
GListModel *st_query_page_get_rows (StQueryPage *self);
/* The line under the editor: why the last query failed, or NULL. */
const char *st_query_page_get_message (StQueryPage *self);

G_END_DECLS
