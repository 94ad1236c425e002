/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-saved-queries.h: the Query page's text and the queries a person saved
 * under names, kept per profile beside its regions (StAutosave writes
 * them to "KEY.queries.json" next to the regions' sidecar "KEY.json" and
 * reads them back when the profile opens again). GIO only. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ST_TYPE_SAVED_QUERY (st_saved_query_get_type ())

G_DECLARE_FINAL_TYPE (StSavedQuery, st_saved_query, ST, SAVED_QUERY, GObject)

/* A query saved under a name. */
StSavedQuery *st_saved_query_new (const char *name, const char *sql);
const char   *st_saved_query_get_name (StSavedQuery *self);
const char   *st_saved_query_get_sql (StSavedQuery *self);

#define ST_TYPE_SAVED_QUERIES (st_saved_queries_get_type ())

G_DECLARE_FINAL_TYPE (StSavedQueries, st_saved_queries, ST, SAVED_QUERIES, GObject)

StSavedQueries *st_saved_queries_new (void);
/* The saved queries, StSavedQuery, in the order they were saved. */
GListModel *st_saved_queries_get_list (StSavedQueries *self);
/* The editor's text, kept as it is typed. */
const char *st_saved_queries_get_text (StSavedQueries *self);
void        st_saved_queries_set_text (StSavedQueries *self, const char *text);
/* Saves @sql under @name, replacing a query of that name; its position. */
guint st_saved_queries_save (StSavedQueries *self, const char *name, const char *sql);
/* Puts @query back at @position (an undone delete). */
void st_saved_queries_insert (StSavedQueries *self, guint position, StSavedQuery *query);
/* Deletes the query at @position: transfer full, for its undo. */
StSavedQuery *st_saved_queries_remove (StSavedQueries *self, guint position);

char *st_saved_queries_to_json (StSavedQueries *self);
/* Takes what @text holds (as st_saved_queries_to_json() writes it), without
 * "changed"; text that is not that is G_IO_ERROR_INVALID_DATA and changes
 * nothing. */
gboolean st_saved_queries_load_json (StSavedQueries *self, const char *text, GError **error);
/* The file beside the regions' sidecar at @sidecar_path: "KEY.json" gives
 * "KEY.queries.json". */
char *st_saved_queries_dup_path (const char *sidecar_path);

G_END_DECLS
