/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-session.h: SQL over a loaded profile (docs/sql.md): SQLite's
 * dialect over virtual tables that read the store where it is, without a
 * copy of the events. Read-only: a statement that would write anything is
 * refused before it runs.
 *
 * A session is one SQLite connection over one trace. Use it from one
 * thread at a time (the window runs its queries on a worker thread); a
 * query runs on the thread that steps it and stops when its cancellable
 * is cancelled.
 */
#pragma once

#include <gio/gio.h>

#include "st-region-array.h"
#include "st-trace.h"

G_BEGIN_DECLS

#define ST_SQL_ERROR (st_sql_error_quark ())

typedef enum
{
  ST_SQL_ERROR_QUERY,     /* SQLite could not compile or run it: its own message */
  ST_SQL_ERROR_READ_ONLY, /* it would write, attach a file or load an extension */
  ST_SQL_ERROR_OPEN,      /* the connection could not be made */
} StSqlError;

GQuark st_sql_error_quark (void);

#define ST_TYPE_SQL_SESSION (st_sql_session_get_type ())

G_DECLARE_FINAL_TYPE (StSqlSession, st_sql_session, ST, SQL_SESSION, GObject)

StSqlSession *st_sql_session_new (StTrace *trace, GError **error);
StTrace      *st_sql_session_get_trace (StSqlSession *self);
/* The rows of the `region` table: @regions (in start order, kept with a
 * reference; an array no longer changes once a set holds it), or none
 * for NULL. Takes effect from the next query. */
void st_sql_session_set_regions (StSqlSession *self, StRegionArray *regions);
/* The tables and views a query reads, in the order of docs/sql.md:
 * NULL-terminated, static. */
const char *const *st_sql_session_get_tables (void);
/* The slice numbered @id in `slice` (docs/sql.md): FALSE when there is
 * none. Reads only what is fixed when the session is made, so it may be
 * asked while a query of the session runs on another thread. */
gboolean st_sql_session_get_slice (StSqlSession *self, gint64 id, StEventRef *ref);

typedef enum
{
  ST_SQL_NULL,
  ST_SQL_INTEGER,
  ST_SQL_REAL,
  ST_SQL_TEXT,
  ST_SQL_BLOB,
} StSqlType;

/* One statement, compiled; its rows come one at a time. */
typedef struct _StSqlQuery StSqlQuery;

/* Compiles @sql, one statement (a `;` and white space or comments may
 * follow it): ST_SQL_ERROR_QUERY with SQLite's message when it does not
 * compile, ST_SQL_ERROR_READ_ONLY when it would write. */
StSqlQuery *st_sql_session_prepare (StSqlSession *self, const char *sql, GError **error);

guint       st_sql_query_get_n_columns (StSqlQuery *self);
const char *st_sql_query_get_column_name (StSqlQuery *self, guint column);
/* TRUE when @column holds slice ids (`slice.id`): it is read from
 * `slice`'s `id` or from the `slice_id` of `device_work` or `collective`,
 * through any alias, view or subquery; or it is an expression named
 * `slice_id`. */
gboolean st_sql_query_column_is_slice_id (StSqlQuery *self, guint column);
/* TRUE when @column is the @field (`ts`, `dur`, `track_id`, `name`) of
 * its rows: it reads a table's column of that name, through any alias,
 * view or subquery, or it is an expression named so. */
gboolean st_sql_query_column_is (StSqlQuery *self, guint column, const char *field);
/* Runs the query to its next row: TRUE when there is one. FALSE at the
 * end, or with @error set when it failed (ST_SQL_ERROR_QUERY) or was
 * cancelled (G_IO_ERROR_CANCELLED); the query is then done. */
gboolean st_sql_query_next (StSqlQuery *self, GCancellable *cancellable, GError **error);
/* The values of the row: valid until the next call of st_sql_query_next. */
StSqlType     st_sql_query_get_value_type (StSqlQuery *self, guint column);
gint64        st_sql_query_get_int (StSqlQuery *self, guint column);
double        st_sql_query_get_double (StSqlQuery *self, guint column);
const char   *st_sql_query_get_text (StSqlQuery *self, guint column, gsize *length);
gconstpointer st_sql_query_get_blob (StSqlQuery *self, guint column, gsize *size);
void          st_sql_query_free (StSqlQuery *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StSqlQuery, st_sql_query_free)

G_END_DECLS
