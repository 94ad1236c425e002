/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-database.c: an Nsight Systems export as SQLite reads it.
 *
 * The database is handed to SQLite with sqlite3_deserialize() on the bytes
 * the source already holds (the mapped file, or the spool a gzip file
 * inflates into), read-only: nothing is copied, and the bytes read are the
 * bytes the loader sniffed, whatever happens to the file on disk meanwhile.
 * Opening the path instead would read the same pages through SQLite's own
 * cache at the same speed (tests/bench/bench-nsys measures both), but
 * could not open a gzip file, would look for a journal beside the file,
 * and would read the file a second time.
 *
 * A crafted file must not run the import away: the schema is not trusted
 * (no function of it runs), only tables are read (a view could compute
 * anything), columns computed on reading are left out, and a progress
 * handler interrupts any statement once the load is cancelled.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"
#include "st-trace-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The header's first 16 bytes, its NUL included. */
#define SQLITE_MAGIC     "SQLite format 3"
#define SQLITE_MAGIC_LEN 16
/* The header's read and write versions: 2 and 2 for a database in WAL mode. */
#define HEADER_READ_VERSION 18
#define WAL_VERSION         2
/* Virtual machine steps between two looks at the cancellable. */
#define PROGRESS_STEPS 4096

/* Tables that make an export, beside StringIds: one of them is enough. */
static const char *const export_tables[] = {
  "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
  "CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_RUNTIME",
  "CUPTI_ACTIVITY_KIND_DRIVER", "NVTX_EVENTS",
  "EXPORT_META_DATA", /* schema 2.x */
  "META_DATA_EXPORT", /* schema 3.x */
};

gboolean
st_nsys_sniff (const char *data, gsize len)
{
  return len >= SQLITE_MAGIC_LEN && memcmp (data, SQLITE_MAGIC, SQLITE_MAGIC_LEN) == 0;
}

static int
on_progress (void *data)
{
  StNsysDatabase *self = data;

  return g_cancellable_is_cancelled (self->cancellable);
}

/* The error of the last statement: cancelled, or what SQLite says is wrong
 * with the file (in the table being read, when there is one). Always FALSE. */
gboolean
st_nsys_fail (StNsysDatabase *self, const char *table, GError **error)
{
  if (g_cancellable_set_error_if_cancelled (self->cancellable, error))
    return FALSE;
  if (table != NULL)
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_DAMAGED,
                 _ ("%s: SQLite cannot read the table %s: %s."), self->name, table,
                 sqlite3_errmsg (self->db));
  else
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_DAMAGED,
                 _ ("%s: SQLite cannot read this database: %s."), self->name,
                 sqlite3_errmsg (self->db));
  return FALSE;
}

/* Waits for the whole of the source: SQLite reads its pages anywhere. */
static gboolean
wait_complete (StSource *source, GCancellable *cancellable, GError **error)
{
  gboolean complete = FALSE;

  while (!complete && !g_cancellable_is_cancelled (cancellable))
    st_source_wait (source, st_source_get_size (source), &complete);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return st_source_finish (source, error);
}

static gboolean
read_tables (StNsysDatabase *self, GError **error)
{
  sqlite3_stmt *stmt = NULL;
  int           rc;

  if (sqlite3_prepare_v2 (self->db, "SELECT name FROM sqlite_master WHERE type = 'table'", -1,
                          &stmt, NULL)
      != SQLITE_OK)
    return st_nsys_fail (self, NULL, error);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    if (sqlite3_column_text (stmt, 0) != NULL)
      g_hash_table_add (self->tables, g_strdup ((const char *)sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return st_nsys_fail (self, NULL, error);
  for (guint i = 0; i < G_N_ELEMENTS (export_tables); i++)
    self->is_export |= st_nsys_has_table (self, export_tables[i]);
  self->is_export &= st_nsys_has_table (self, "StringIds");
  return TRUE;
}

/* Opens the SQLite database in @source's bytes (the whole of them: a gzip
 * file is inflated first) and reads which tables it has. */
StNsysDatabase *
st_nsys_database_open (StSource *source, GCancellable *cancellable, GError **error)
{
  g_autoptr (StNsysDatabase) self = g_new0 (StNsysDatabase, 1);
  gsize                      size;

  self->source = st_source_ref (source);
  self->name = g_strdup (st_source_get_display_name (source));
  self->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  self->tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!wait_complete (source, cancellable, error))
    return NULL;
  size = st_source_get_size (source);
  /* SQLite reads a database in WAL mode only from a file, beside its -wal */
  if (size > HEADER_READ_VERSION + 1
      && st_source_get_data (source)[HEADER_READ_VERSION] == WAL_VERSION
      && st_source_get_data (source)[HEADER_READ_VERSION + 1] == WAL_VERSION)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_UNREADABLE,
                   _ ("%s: this SQLite database is in WAL mode, which Strata does not read. "
                      "Switch it back first: sqlite3 FILE \"PRAGMA journal_mode=DELETE\"."),
                   self->name);
      return NULL;
    }
  /* NOMUTEX: one thread at a time uses the connection, and a lock taken
   * around each column read costs a tenth of the load */
  if (sqlite3_open_v2 (":memory:", &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL)
      != SQLITE_OK)
    {
      st_nsys_fail (self, NULL, error);
      return NULL;
    }
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_progress_handler (self->db, PROGRESS_STEPS, on_progress, self);
  /* READONLY: SQLite reads the bytes in place and never writes them */
  if (sqlite3_deserialize (self->db, "main", (unsigned char *)st_source_get_data (source), size,
                           size, SQLITE_DESERIALIZE_READONLY)
      != SQLITE_OK)
    {
      st_nsys_fail (self, NULL, error);
      return NULL;
    }
  if (!read_tables (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

gboolean
st_nsys_database_is_export (StNsysDatabase *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->is_export;
}

void
st_nsys_database_free (StNsysDatabase *self)
{
  if (self == NULL)
    return;
  sqlite3_close_v2 (self->db);
  g_clear_pointer (&self->tables, g_hash_table_unref);
  g_clear_object (&self->cancellable);
  st_source_unref (self->source);
  g_free (self->name);
  g_free (self);
}

gboolean
st_nsys_has_table (StNsysDatabase *self, const char *table)
{
  return g_hash_table_contains (self->tables, table);
}

/* The stored columns of @table (not those computed on reading). */
static GHashTable *
stored_columns (StNsysDatabase *self, const char *table, GError **error)
{
  g_autoptr (GHashTable) columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sqlite3_stmt          *stmt = NULL;
  int                    rc;

  if (sqlite3_prepare_v2 (self->db,
                          "SELECT name FROM pragma_table_xinfo(?1) WHERE hidden IN (0, 3)", -1,
                          &stmt, NULL)
      != SQLITE_OK)
    {
      st_nsys_fail (self, table, error);
      return NULL;
    }
  sqlite3_bind_text (stmt, 1, table, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    if (sqlite3_column_text (stmt, 0) != NULL)
      g_hash_table_add (columns, g_strdup ((const char *)sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      st_nsys_fail (self, table, error);
      return NULL;
    }
  return g_steal_pointer (&columns);
}

gboolean
st_nsys_has_column (StNsysDatabase *self, const char *table, const char *column)
{
  g_autoptr (GHashTable) stored = stored_columns (self, table, NULL);

  return stored != NULL && g_hash_table_contains (stored, column);
}

/* Prepares the rows of @table (which must exist) with @columns (at most
 * ST_NSYS_MAX_COLUMNS, NULL-terminated) in that order; a column the table
 * lacks reads as NULL, its bit in rows->present unset. @ranged: the rows
 * of rowids from parameter 1 to parameter 2 (st_nsys_rows_range()). */
gboolean
st_nsys_rows_open (StNsysDatabase    *self,
                   StNsysRows        *rows,
                   const char        *table,
                   const char *const *columns,
                   gboolean           ranged,
                   GError           **error)
{
  g_autoptr (GHashTable) stored = stored_columns (self, table, error);
  g_autoptr (GString)    sql = g_string_new ("SELECT rowid");

  memset (rows, 0, sizeof *rows);
  rows->table = table;
  if (stored == NULL)
    return FALSE;
  for (guint k = 0; columns[k] != NULL; k++)
    {
      g_assert (k < ST_NSYS_MAX_COLUMNS);
      if (g_hash_table_contains (stored, columns[k]))
        {
          g_string_append_printf (sql, ", \"%s\"", columns[k]);
          rows->present |= 1u << k;
        }
      else
        g_string_append (sql, ", NULL");
    }
  g_string_append_printf (sql, " FROM \"%s\"", table);
  if (ranged)
    g_string_append (sql, " WHERE rowid BETWEEN ?1 AND ?2");
  if (sqlite3_prepare_v2 (self->db, sql->str, -1, &rows->stmt, NULL) != SQLITE_OK)
    return st_nsys_fail (self, table, error);
  return TRUE;
}

/* SQLITE_ROW or SQLITE_DONE, or an error set (SQLITE_ERROR). */
int
st_nsys_rows_step (StNsysDatabase *self, StNsysRows *rows, GError **error)
{
  int rc = sqlite3_step (rows->stmt);

  if (rc == SQLITE_ROW)
    {
      for (guint32 present = rows->present, k = 0; present != 0; present >>= 1, k++)
        if (present & 1u)
          rows->values[k] = sqlite3_column_value (rows->stmt, k + 1);
      return rc;
    }
  if (rc == SQLITE_DONE)
    return rc;
  st_nsys_fail (self, rows->table, error);
  return SQLITE_ERROR;
}

/* Starts the rows again, from rowid @first to @last. */
void
st_nsys_rows_range (StNsysRows *rows, gint64 first, gint64 last)
{
  sqlite3_reset (rows->stmt);
  sqlite3_bind_int64 (rows->stmt, 1, first);
  sqlite3_bind_int64 (rows->stmt, 2, last);
}

void
st_nsys_rows_close (StNsysRows *rows)
{
  g_clear_pointer (&rows->stmt, sqlite3_finalize);
}

/* The table's smallest and largest rowids (found without reading its
 * rows); FALSE when it has none. */
gboolean
st_nsys_rowids (StNsysDatabase *self, const char *table, gint64 *first, gint64 *last)
{
  /* two queries: SQLite finds a lone min() or max() at an end of the
   * table, but scans it for both in one */
  g_autofree char *sql = g_strdup_printf (
      "SELECT (SELECT min(rowid) FROM \"%s\"), (SELECT max(rowid) FROM \"%s\")", table, table);
  sqlite3_stmt *stmt = NULL;
  gboolean      any = FALSE;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) == SQLITE_OK
      && sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
    {
      *first = sqlite3_column_int64 (stmt, 0);
      *last = sqlite3_column_int64 (stmt, 1);
      any = *first <= *last;
    }
  sqlite3_finalize (stmt);
  return any;
}
