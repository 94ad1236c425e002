/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-session.c: one SQLite connection over a trace: the tables of
 * docs/sql.md registered as eponymous virtual tables (they exist without
 * a CREATE, and no statement can create or drop one), the views that
 * trace_processor has, and a connection that refuses to write: an
 * authorizer that allows reading only, query_only, no ATTACH, no
 * extension; then the statements it compiles and runs, cancellable.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-sql-session.h"
#include "st-sql-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

struct _StSqlSession
{
  GObject      parent_instance;
  sqlite3     *db;
  StSqlContext ctx;
  int          denied; /* what the authorizer refused last, or 0 */
};

G_DEFINE_FINAL_TYPE (StSqlSession, st_sql_session, G_TYPE_OBJECT)

G_DEFINE_QUARK (st - sql - error - quark, st_sql_error)

static const StSqlTableDef *const tables[] = {
  &st_sql_slice_table,   &st_sql_instant_table,    &st_sql_track_table, &st_sql_thread_table,
  &st_sql_process_table, &st_sql_counter_table,    &st_sql_flow_table,  &st_sql_device_work_table,
  &st_sql_region_table,  &st_sql_collective_table,
};

/* trace_processor's views of the tracks (docs/sql.md). */
static const char views[]
    = "CREATE TEMP VIEW thread_track AS SELECT id, name, utid FROM track WHERE utid IS NOT NULL;"
      "CREATE TEMP VIEW process_track AS SELECT id, name, upid FROM track"
      " WHERE upid IS NOT NULL AND utid IS NULL;";

/* The pragmas that only read: the columns of a table, the lists of
 * tables, functions and modules. */
static const char *const reading_pragmas[] = { "table_info",    "table_xinfo", "table_list",
                                               "function_list", "module_list", "collation_list" };

static int
authorize (void       *data,
           int         action,
           const char *a,
           const char *b,
           const char *database,
           const char *trigger)
{
  StSqlSession *self = data;

  switch (action)
    {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE: return SQLITE_OK;
    case SQLITE_FUNCTION:
      if (b == NULL || g_ascii_strcasecmp (b, "load_extension") != 0)
        return SQLITE_OK;
      break;
    case SQLITE_PRAGMA:
      for (guint i = 0; a != NULL && i < G_N_ELEMENTS (reading_pragmas); i++)
        if (g_ascii_strcasecmp (a, reading_pragmas[i]) == 0)
          return SQLITE_OK;
      break;
    default: break;
    }
  self->denied = action;
  return SQLITE_DENY;
}

static int
progress (void *data)
{
  StSqlContext *ctx = data;

  return g_cancellable_is_cancelled (ctx->cancellable);
}

static void
st_sql_session_finalize (GObject *object)
{
  StSqlSession *self = ST_SQL_SESSION (object);

  sqlite3_close_v2 (self->db);
  self->db = NULL;
  _st_sql_context_clear (&self->ctx);
  G_OBJECT_CLASS (st_sql_session_parent_class)->finalize (object);
}

static void
st_sql_session_class_init (StSqlSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_sql_session_finalize;
}

static void
st_sql_session_init (StSqlSession *self)
{
}

/* Connects an eponymous table: its first use writes its schema, which the
 * authorizer would refuse later. */
static gboolean
connect_table (sqlite3 *db, const char *name)
{
  g_autofree char *sql = g_strdup_printf ("SELECT * FROM %s", name);
  sqlite3_stmt    *stmt = NULL;
  int              rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  sqlite3_finalize (stmt);
  return rc == SQLITE_OK;
}

/* Every table and function, the views, then the locks: nothing after this
 * may write. */
static gboolean
set_up (StSqlSession *self)
{
  sqlite3 *db = self->db;

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    if (!_st_sql_table_register (db, &self->ctx, tables[i]) || !connect_table (db, tables[i]->name))
      return FALSE;
  if (!_st_sql_args_register (db, &self->ctx) || !connect_table (db, "args"))
    return FALSE;
  /* SQLite's own tables that read: JSON's, and the pragmas that read
   * (pragma_table_info('slice')) */
  if (!connect_table (db, "json_each") || !connect_table (db, "json_tree"))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (reading_pragmas); i++)
    {
      g_autofree char *table = g_strdup_printf ("pragma_%s", reading_pragmas[i]);

      if (!connect_table (db, table))
        return FALSE;
    }
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_limit (db, SQLITE_LIMIT_ATTACHED, 0);
  if (sqlite3_exec (db, views, NULL, NULL, NULL) != SQLITE_OK
      || sqlite3_exec (db, "PRAGMA query_only = 1", NULL, NULL, NULL) != SQLITE_OK)
    return FALSE;
  sqlite3_set_authorizer (db, authorize, self);
  sqlite3_progress_handler (db, 1000, progress, &self->ctx);
  return TRUE;
}

StSqlSession *
st_sql_session_new (StTrace *trace, GError **error)
{
  g_autoptr (StSqlSession) self = NULL;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  self = g_object_new (ST_TYPE_SQL_SESSION, NULL);
  _st_sql_context_init (&self->ctx, trace);
  if (sqlite3_open_v2 (":memory:", &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, NULL)
          != SQLITE_OK
      || !set_up (self))
    {
      g_set_error (error, ST_SQL_ERROR, ST_SQL_ERROR_OPEN, _ ("SQL could not be set up: %s"),
                   self->db != NULL ? sqlite3_errmsg (self->db) : _ ("out of memory"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

StTrace *
st_sql_session_get_trace (StSqlSession *self)
{
  g_return_val_if_fail (ST_IS_SQL_SESSION (self), NULL);
  return self->ctx.trace;
}

void
st_sql_session_set_regions (StSqlSession *self, StRegionArray *regions)
{
  g_return_if_fail (ST_IS_SQL_SESSION (self));

  if (regions != NULL)
    st_region_array_ref (regions);
  g_clear_pointer (&self->ctx.regions, st_region_array_unref);
  self->ctx.regions = regions;
}

const char *const *
st_sql_session_get_tables (void)
{
  static const char *const names[]
      = { "slice",   "instant", "track", "thread_track", "process_track", "thread",     "process",
          "counter", "flow",    "args",  "device_work",  "region",        "collective", NULL };

  return names;
}

gboolean
st_sql_session_get_slice (StSqlSession *self, gint64 id, StEventRef *ref)
{
  StSliceRef slice;

  g_return_val_if_fail (ST_IS_SQL_SESSION (self), FALSE);
  g_return_val_if_fail (ref != NULL, FALSE);

  if (!_st_sql_slice_ref (&self->ctx, id, &slice))
    return FALSE;
  *ref = (StEventRef){ slice.track, slice.index, ST_EVENT_SLICE };
  return TRUE;
}

/* --- queries -------------------------------------------------------------------------- */

struct _StSqlQuery
{
  StSqlSession *session;
  sqlite3_stmt *stmt;
  gboolean      done;
  GPtrArray    *texts; /* the row's texts made valid UTF-8, per column */
};

/* SQLite's own refusals of a write, which it says before the authorizer
 * is asked: a table without xUpdate, a view, the schema. */
static gboolean
is_write_refusal (const char *message)
{
  return strstr (message, "may not be ") != NULL || strstr (message, "cannot modify") != NULL
         || strstr (message, "readonly database") != NULL;
}

static void
refuse (GError **error)
{
  g_set_error_literal (error, ST_SQL_ERROR, ST_SQL_ERROR_READ_ONLY,
                       _ ("Refused: SQL over a profile only reads. A query may not write, create, "
                          "attach a file, load an extension, change a setting or open a "
                          "transaction."));
}

/* Anything but white space and comments after the first statement. */
static gboolean
check_tail (StSqlSession *self, const char *tail, GError **error)
{
  sqlite3_stmt    *next = NULL;
  int              rc = sqlite3_prepare_v2 (self->db, tail, -1, &next, NULL);
  g_autofree char *rest = NULL;

  self->denied = 0;
  if (rc == SQLITE_OK && next == NULL)
    return TRUE;
  sqlite3_finalize (next);
  rest = g_strstrip (g_strdup (tail));
  g_set_error (error, ST_SQL_ERROR, ST_SQL_ERROR_QUERY,
               _ ("A query is one statement, and another follows it: “%.40s”"), rest);
  return FALSE;
}

StSqlQuery *
st_sql_session_prepare (StSqlSession *self, const char *sql, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  const char   *tail = NULL;
  StSqlQuery   *query;

  g_return_val_if_fail (ST_IS_SQL_SESSION (self), NULL);
  g_return_val_if_fail (sql != NULL, NULL);

  self->denied = 0;
  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, &tail) != SQLITE_OK)
    {
      if (self->denied != 0 || is_write_refusal (sqlite3_errmsg (self->db)))
        refuse (error);
      else
        g_set_error (error, ST_SQL_ERROR, ST_SQL_ERROR_QUERY, "%s", sqlite3_errmsg (self->db));
      self->denied = 0;
      return NULL;
    }
  if (stmt == NULL)
    {
      g_set_error_literal (error, ST_SQL_ERROR, ST_SQL_ERROR_QUERY, _ ("The query is empty."));
      return NULL;
    }
  if (!sqlite3_stmt_readonly (stmt))
    {
      sqlite3_finalize (stmt);
      refuse (error);
      return NULL;
    }
  if (!check_tail (self, tail, error))
    {
      sqlite3_finalize (stmt);
      return NULL;
    }
  query = g_new0 (StSqlQuery, 1);
  query->session = g_object_ref (self);
  query->stmt = stmt;
  query->texts = g_ptr_array_new_full (sqlite3_column_count (stmt), g_free);
  return query;
}

guint
st_sql_query_get_n_columns (StSqlQuery *self)
{
  return sqlite3_column_count (self->stmt);
}

const char *
st_sql_query_get_column_name (StSqlQuery *self, guint column)
{
  const char *name = sqlite3_column_name (self->stmt, (int)column);

  return name != NULL ? name : "";
}

gboolean
st_sql_query_column_is_slice_id (StSqlQuery *self, guint column)
{
  const char *table, *origin;

  g_return_val_if_fail (self != NULL, FALSE);

  table = sqlite3_column_table_name (self->stmt, (int)column);
  origin = sqlite3_column_origin_name (self->stmt, (int)column);
  if (table == NULL || origin == NULL)
    return g_str_equal (st_sql_query_get_column_name (self, column), "slice_id");
  if (g_str_equal (table, "slice"))
    return g_str_equal (origin, "id");
  return (g_str_equal (table, "device_work") || g_str_equal (table, "collective"))
         && g_str_equal (origin, "slice_id");
}

gboolean
st_sql_query_column_is (StSqlQuery *self, guint column, const char *field)
{
  const char *origin;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (field != NULL, FALSE);

  origin = sqlite3_column_origin_name (self->stmt, (int)column);
  if (origin == NULL)
    return g_str_equal (st_sql_query_get_column_name (self, column), field);
  return g_str_equal (origin, field);
}

gboolean
st_sql_query_next (StSqlQuery *self, GCancellable *cancellable, GError **error)
{
  StSqlContext *ctx = &self->session->ctx;
  int           rc;

  g_return_val_if_fail (self != NULL, FALSE);

  g_ptr_array_set_size (self->texts, 0);
  if (self->done)
    return FALSE;
  ctx->cancellable = cancellable;
  rc = sqlite3_step (self->stmt);
  ctx->cancellable = NULL;
  if (rc == SQLITE_ROW)
    return TRUE;
  self->done = TRUE;
  if (rc == SQLITE_DONE)
    return FALSE;
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    g_set_error (error, ST_SQL_ERROR, ST_SQL_ERROR_QUERY, "%s", sqlite3_errmsg (self->session->db));
  return FALSE;
}

StSqlType
st_sql_query_get_value_type (StSqlQuery *self, guint column)
{
  switch (sqlite3_column_type (self->stmt, (int)column))
    {
    case SQLITE_INTEGER: return ST_SQL_INTEGER;
    case SQLITE_FLOAT: return ST_SQL_REAL;
    case SQLITE_TEXT: return ST_SQL_TEXT;
    case SQLITE_BLOB: return ST_SQL_BLOB;
    default: return ST_SQL_NULL;
    }
}

gint64
st_sql_query_get_int (StSqlQuery *self, guint column)
{
  return sqlite3_column_int64 (self->stmt, (int)column);
}

double
st_sql_query_get_double (StSqlQuery *self, guint column)
{
  return sqlite3_column_double (self->stmt, (int)column);
}

/* The value as text, valid UTF-8 (what is not becomes U+FFFD). */
const char *
st_sql_query_get_text (StSqlQuery *self, guint column, gsize *length)
{
  const char *text = (const char *)sqlite3_column_text (self->stmt, (int)column);
  gsize       len = sqlite3_column_bytes (self->stmt, (int)column);
  char       *valid;

  if (text == NULL)
    text = "";
  if (g_utf8_validate_len (text, len, NULL))
    {
      if (length != NULL)
        *length = len;
      return text;
    }
  valid = g_utf8_make_valid (text, len);
  g_ptr_array_add (self->texts, valid);
  if (length != NULL)
    *length = strlen (valid);
  return valid;
}

gconstpointer
st_sql_query_get_blob (StSqlQuery *self, guint column, gsize *size)
{
  gconstpointer data = sqlite3_column_blob (self->stmt, (int)column);

  *size = sqlite3_column_bytes (self->stmt, (int)column);
  return data;
}

void
st_sql_query_free (StSqlQuery *self)
{
  if (self == NULL)
    return;
  sqlite3_finalize (self->stmt);
  g_ptr_array_unref (self->texts);
  g_object_unref (self->session);
  g_free (self);
}
