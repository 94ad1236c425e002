/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-meta.c: what an export says beside its events.
 *
 * The event classes of its CUDA calls (ENUM_NSYS_EVENT_CLASS, schema 3.x);
 * its GPUs (TARGET_INFO_GPU), kept as the trace's "deviceProperties" under
 * Kineto's names, which the environment and the FLOP rates read; the names
 * of the processes (PROCESSES) and threads (ThreadNames) that have events;
 * the export's own metadata (EXPORT_META_DATA in schema 2.x,
 * META_DATA_EXPORT in 3.x) and the session's start, whose UTC time is the
 * trace's clock base (baseTimeNanoseconds), so that the reports of several
 * ranks line up on one time axis.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"

#include <string.h>

/* Rows of a small table, each handed to @row; FALSE with @error set when
 * the table cannot be read (a table that is absent has no rows). */
typedef gboolean (*RowFunc) (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error);

static gboolean
each_row (StNsysImporter    *im,
          const char        *table,
          const char *const *columns,
          RowFunc            row,
          gpointer           data,
          GError           **error)
{
  StNsysRows rows;
  int        rc = SQLITE_DONE;
  gboolean   ok = TRUE;

  if (!st_nsys_has_table (im->db, table))
    return TRUE;
  if (!st_nsys_rows_open (im->db, &rows, table, columns, FALSE, error))
    return FALSE;
  while (ok && (rc = st_nsys_rows_step (im->db, &rows, error)) == SQLITE_ROW)
    ok = row (im, &rows, data, error);
  st_nsys_rows_close (&rows);
  return ok && rc == SQLITE_DONE;
}

static const char *
text_of (StNsysRows *rows, guint k)
{
  gsize len;

  return st_nsys_text (rows, k, &len);
}

/* --- event classes ------------------------------------------------------------- */

static const char *const class_columns[] = { "id", "name", NULL };

static gboolean
class_row (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error)
{
  const char *name = text_of (rows, 1);

  if (g_strcmp0 (name, "TRACE_PROCESS_EVENT_CUDA_DRIVER") == 0)
    im->shared->class_driver = st_nsys_int (rows, 0);
  else if (g_strcmp0 (name, "TRACE_PROCESS_EVENT_CUDABACKTRACE") == 0)
    im->shared->class_backtrace = st_nsys_int (rows, 0);
  return TRUE;
}

gboolean
st_nsys_read_classes (StNsysImporter *im, GError **error)
{
  return each_row (im, "ENUM_NSYS_EVENT_CLASS", class_columns, class_row, NULL, error);
}

/* --- streams -------------------------------------------------------------------- */

/* The stream ids that more than one process has (each process's CUPTI
 * counts its own): their tracks say whose they are. */
gboolean
st_nsys_read_shared_streams (StNsysImporter *im, GError **error)
{
  const char   *table = "TARGET_INFO_CUDA_STREAM";
  sqlite3_stmt *stmt = NULL;
  int           rc;

  if (!st_nsys_has_table (im->db, table) || !st_nsys_has_column (im->db, table, "streamId")
      || !st_nsys_has_column (im->db, table, "processId"))
    return TRUE;
  if (sqlite3_prepare_v2 (im->db->db,
                          "SELECT streamId FROM TARGET_INFO_CUDA_STREAM GROUP BY streamId "
                          "HAVING count(DISTINCT processId) > 1",
                          -1, &stmt, NULL)
      != SQLITE_OK)
    return st_nsys_fail (im->db, table, error);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_add (im->shared->shared_streams,
                      g_memdup2 (&(gint64){ sqlite3_column_int64 (stmt, 0) }, sizeof (gint64)));
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return st_nsys_fail (im->db, table, error);
  return TRUE;
}

/* --- GPUs -------------------------------------------------------------------- */

/* TARGET_INFO_GPU's columns and the deviceProperties keys they become:
 * Kineto's where it has one, else the export's own. A text is always a
 * string there, a number always a number (whatever the row holds), so
 * that whoever reads the entry finds the type it expects. */
static const struct
{
  const char *column;
  const char *key;
  gboolean    text;
} gpu_keys[] = {
  { "id", "id", FALSE },
  { "name", "name", TRUE },
  { "totalMemory", "totalGlobalMem", FALSE },
  { "computeMajor", "computeMajor", FALSE },
  { "computeMinor", "computeMinor", FALSE },
  { "smCount", "numSms", FALSE },
  { "threadsPerWarp", "warpSize", FALSE },
  { "maxThreadsPerBlock", "maxThreadsPerBlock", FALSE },
  { "maxRegistersPerBlock", "regsPerBlock", FALSE },
  { "maxRegistersPerSm", "regsPerMultiprocessor", FALSE },
  { "maxShmemPerBlock", "sharedMemPerBlock", FALSE },
  { "maxShmemPerSm", "sharedMemPerMultiprocessor", FALSE },
  { "l2CacheSize", "l2CacheSize", FALSE },
  { "clockRate", "clockRateHz", FALSE },
  { "memoryBandwidth", "memoryBandwidth", FALSE },
  { "busLocation", "busLocation", TRUE },
  { "chipName", "chipName", TRUE },
  { "uuid", "uuid", TRUE },
};

static void
gpu_member (JsonObject *o, StNsysRows *rows, guint k)
{
  int type = st_nsys_type (rows, k);

  if (type == SQLITE_NULL)
    return;
  if (gpu_keys[k].text)
    {
      g_autofree char *valid = g_utf8_make_valid (text_of (rows, k), -1);
      json_object_set_string_member (o, gpu_keys[k].key, valid);
    }
  else if (type == SQLITE_INTEGER)
    json_object_set_int_member (o, gpu_keys[k].key, st_nsys_int (rows, k));
  else if (type == SQLITE_FLOAT)
    json_object_set_double_member (o, gpu_keys[k].key, st_nsys_double (rows, k));
}

static gboolean
gpu_row (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error)
{
  JsonObject *o = json_object_new ();
  guint32     known;

  for (guint k = 0; k < G_N_ELEMENTS (gpu_keys); k++)
    gpu_member (o, rows, k);
  if (st_nsys_is_set (rows, 0)
      && !st_nsys_map_lookup (&im->shared->gpus, st_nsys_int (rows, 0), &known))
    st_nsys_map_insert (&im->shared->gpus, st_nsys_int (rows, 0),
                        json_array_get_length (im->shared->gpu_properties));
  json_array_add_object_element (im->shared->gpu_properties, o);
  return TRUE;
}

gboolean
st_nsys_read_gpus (StNsysImporter *im, GError **error)
{
  const char *columns[G_N_ELEMENTS (gpu_keys) + 1];

  for (guint k = 0; k < G_N_ELEMENTS (gpu_keys); k++)
    columns[k] = gpu_keys[k].column;
  columns[G_N_ELEMENTS (gpu_keys)] = NULL;
  im->shared->gpu_properties = json_array_new ();
  return each_row (im, "TARGET_INFO_GPU", columns, gpu_row, NULL, error);
}

/* --- names --------------------------------------------------------------------- */

static const char *const process_columns[] = { "globalPid", "pid", "name", NULL };

static gboolean
process_row (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error)
{
  gint64 pid
      = st_nsys_is_set (rows, 1) ? st_nsys_int (rows, 1) : st_nsys_pid_of (st_nsys_int (rows, 0));
  guint32 id;

  if (text_of (rows, 2) != NULL && pid >= 0 && pid <= G_MAXUINT32
      && st_nsys_map_lookup (&im->host_pids, pid, &id))
    st_nsys_add_meta (im, ST_META_PROCESS_NAME, id, ST_STRING_EMPTY,
                      st_nsys_intern (im, text_of (rows, 2), strlen (text_of (rows, 2))), 0);
  return TRUE;
}

static const char *const thread_columns[] = { "globalTid", "nameId", NULL };

static gboolean
thread_row (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error)
{
  guint32     track;
  StStringId  name;
  StRawTrack *t;

  if (!st_nsys_is_set (rows, 1)
      || !st_nsys_map_lookup (&im->threads, st_nsys_int (rows, 0), &track))
    return TRUE;
  name = st_nsys_string (im, st_nsys_int (rows, 1), FALSE, error);
  if (name == ST_STRING_NONE)
    return FALSE;
  t = st_builder_shard_track (im->shard, track);
  st_nsys_add_meta (im, ST_META_THREAD_NAME, t->pid, t->tid, name, 0);
  return TRUE;
}

gboolean
st_nsys_read_names (StNsysImporter *im, GError **error)
{
  return each_row (im, "PROCESSES", process_columns, process_row, NULL, error)
         && each_row (im, "ThreadNames", thread_columns, thread_row, NULL, error);
}

/* --- metadata -------------------------------------------------------------------- */

/* The value of @node, written after the events, as the trace's @key. */
static void
add_metadata (StNsysImporter *im, const char *key, JsonNode *node)
{
  g_autofree char *json = json_to_string (node, FALSE);
  guint64          at = im->text.len;

  st_nsys_text_append (&im->text, json, strlen (json));
  st_trace_builder_add_metadata (im->shared->builder, key, at, im->text.len - at);
  st_nsys_text_append (&im->text, "\n", 1);
}

static const char *const pair_columns[] = { "name", "value", NULL };

static gboolean
pair_row (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error)
{
  JsonObject *o = data;

  if (text_of (rows, 0) != NULL && text_of (rows, 1) != NULL)
    {
      g_autofree char *key = g_utf8_make_valid (text_of (rows, 0), -1);
      g_autofree char *value = g_utf8_make_valid (text_of (rows, 1), -1);

      json_object_set_string_member (o, key, value);
    }
  return TRUE;
}

/* The export's metadata; its schema version names the flavour. */
static gboolean
export_metadata (StNsysImporter *im, GError **error)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject          *o = json_object_new ();
  const char          *table
      = st_nsys_has_table (im->db, "META_DATA_EXPORT") ? "META_DATA_EXPORT" : "EXPORT_META_DATA";
  const char      *version;
  g_autofree char *flavor = NULL;

  json_node_take_object (node, o);
  if (!each_row (im, table, pair_columns, pair_row, o, error))
    return FALSE;
  version = json_object_get_string_member_with_default (o, "EXPORT_SCHEMA_VERSION", NULL);
  if (version != NULL)
    flavor = g_strdup_printf ("schema %s", version);
  else if (st_nsys_has_table (im->db, table))
    flavor = g_strdup (g_str_equal (table, "META_DATA_EXPORT") ? "schema 3" : "schema 2");
  if (flavor != NULL)
    st_trace_builder_set_flavor (im->shared->builder, flavor);
  if (json_object_get_size (o) > 0)
    add_metadata (im, "exportMetaData", node);
  return TRUE;
}

static const char *const session_columns[] = { "utcEpochNs", "utcTime", "localTime", NULL };

static gboolean
session_row (StNsysImporter *im, StNsysRows *rows, gpointer data, GError **error)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject          *o = json_object_new ();
  gboolean            *done = data;

  if (*done)
    return TRUE;
  *done = TRUE;
  json_node_take_object (node, o);
  for (guint k = 0; session_columns[k] != NULL; k++)
    if (k == 0 && st_nsys_is_set (rows, 0))
      json_object_set_int_member (o, session_columns[k], st_nsys_int (rows, 0));
    else if (k > 0 && text_of (rows, k) != NULL)
      {
        g_autofree char *valid = g_utf8_make_valid (text_of (rows, k), -1);
        json_object_set_string_member (o, session_columns[k], valid);
      }
  add_metadata (im, "sessionStartTime", node);
  if (st_nsys_is_set (rows, 0))
    {
      g_autoptr (JsonNode) base = json_node_new (JSON_NODE_VALUE);

      json_node_set_int (base, st_nsys_int (rows, 0));
      add_metadata (im, "baseTimeNanoseconds", base);
    }
  return TRUE;
}

gboolean
st_nsys_write_metadata (StNsysImporter *im, GError **error)
{
  gboolean done = FALSE;

  if (json_array_get_length (im->shared->gpu_properties) > 0)
    {
      g_autoptr (JsonNode) node = json_node_new (JSON_NODE_ARRAY);

      json_node_set_array (node, im->shared->gpu_properties);
      add_metadata (im, "deviceProperties", node);
    }
  return export_metadata (im, error)
         && each_row (im, "TARGET_INFO_SESSION_START_TIME", session_columns, session_row, &done,
                      error);
}
