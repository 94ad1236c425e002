/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-importer.c: reads an Nsight Systems export into the builder.
 *
 * What every reader needs is read first (the GPUs, the event classes, the
 * NVTX domains). The event tables (the CUDA calls, kernels, copies,
 * memsets and NVTX) are then cut into chunks of rowids, read by as many
 * readers as there are threads, each on its own connection into its own
 * shard and text, chunk k by reader k mod n: the same split on every run.
 * Once all are read, the texts are joined, the launches linked, and the
 * names of the processes and threads that have events and the metadata
 * written. Tables and columns exist only where the report had such data,
 * and differ between schema generations: each is looked up, none assumed.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"
#include "st-time.h"

#include <json-glib/json-glib.h>
#include <string.h>

/* The event classes of CUPTI_ACTIVITY_KIND_RUNTIME when the export does not
 * list them (ENUM_NSYS_EVENT_CLASS, schema 3.x). */
#define CLASS_CUDA_DRIVER    1
#define CLASS_CUDA_BACKTRACE 67

/* The tables of events, in the order their chunks are read. */
static const StNsysTable *const tables[ST_NSYS_N_TABLES] = {
  &st_nsys_runtime_table, &st_nsys_driver_table, &st_nsys_kernel_table,
  &st_nsys_memcpy_table,  &st_nsys_memset_table, &st_nsys_nvtx_table,
};
/* Rowids a chunk holds (more where a table's rowids are sparse, so that a
 * table has at most MAX_CHUNKS), and the readers at most. */
#define CHUNK_ROWS G_GUINT64_CONSTANT (16384)
#define MAX_CHUNKS G_GUINT64_CONSTANT (4096)
#define READERS    8

/* Interns @text, repaired (and said so) when it is not UTF-8. */
StStringId
st_nsys_intern (StNsysImporter *im, const char *text, gsize len)
{
  StStringTable *strings = im->shard->strings;
  guint          before = st_string_table_get_size (strings);
  StStringId     id = st_string_table_intern (strings, text, len);

  if (st_string_table_get_size (strings) != before && !g_utf8_validate_len (text, len, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (text, len);

      st_string_table_replace (strings, id, valid, strlen (valid));
      st_builder_shard_warn (im->shard, ST_WARNING_INVALID_UTF8, 0, "\342\200\234%s\342\200\235",
                             valid);
    }
  return id;
}

/* The length of a CUDA API name without the version Nsight Systems adds
 * ("cudaLaunchKernel_v7000"), as its own reports show it. */
static gsize
api_name_length (const char *name, gsize len)
{
  gsize digits = 0;

  while (digits < len && g_ascii_isdigit (name[len - 1 - digits]))
    digits++;
  if (digits == 0 || len < digits + 3 || name[len - digits - 1] != 'v'
      || name[len - digits - 2] != '_')
    return len;
  return len - digits - 2;
}

/* The string of StringIds @id (for a CUDA call, its name without the API
 * version); an id the table lacks names itself. ST_STRING_NONE with @error
 * set when the table cannot be read. */
StStringId
st_nsys_string (StNsysImporter *im, gint64 id, gboolean api_name, GError **error)
{
  StNsysMap       *map = api_name ? &im->api_names : &im->strings;
  guint32          known;
  const char      *text;
  gsize            len;
  g_autofree char *missing = NULL;
  StStringId       string;
  int              rc;

  if (st_nsys_map_lookup (map, id, &known))
    return known;
  sqlite3_bind_int64 (im->string_stmt, 1, id);
  rc = sqlite3_step (im->string_stmt);
  if (rc == SQLITE_ROW && sqlite3_column_text (im->string_stmt, 0) != NULL)
    {
      text = (const char *)sqlite3_column_text (im->string_stmt, 0);
      len = sqlite3_column_bytes (im->string_stmt, 0);
    }
  else if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    {
      text = missing = g_strdup_printf ("StringIds #%" G_GINT64_FORMAT, id);
      len = strlen (missing);
    }
  else
    {
      sqlite3_reset (im->string_stmt);
      st_nsys_fail (im->db, "StringIds", error);
      return ST_STRING_NONE;
    }
  string = st_nsys_intern (im, text, api_name ? api_name_length (text, len) : len);
  sqlite3_reset (im->string_stmt);
  st_nsys_map_insert (map, id, string);
  return string;
}

/* A host process's pid. One that is also the id of a GPU (in a container,
 * pids are small) says it is the host's, so that the two stay apart. */
static StStringId
host_pid (StNsysImporter *im, guint32 pid)
{
  guint32          id;
  g_autofree char *text = NULL;

  if (st_nsys_map_lookup (&im->host_pids, pid, &id))
    return id;
  if (st_nsys_map_lookup (&im->shared->gpus, pid, &id))
    text = g_strdup_printf ("%u (host)", pid);
  else
    text = g_strdup_printf ("%u", pid);
  id = st_nsys_intern (im, text, strlen (text));
  st_nsys_map_insert (&im->host_pids, pid, id);
  return id;
}

/* The track of host thread @global_tid. */
guint32
st_nsys_thread_track (StNsysImporter *im, gint64 global_tid)
{
  guint32          track;
  g_autofree char *tid = NULL;

  if (im->last_thread != G_MAXUINT32 && global_tid == im->last_tid)
    return im->last_thread;
  if (!st_nsys_map_lookup (&im->threads, global_tid, &track))
    {
      tid = g_strdup_printf ("%u", st_nsys_tid_of (global_tid));
      track = st_builder_shard_get_track (im->shard, ST_RAW_TRACK_THREAD,
                                          host_pid (im, st_nsys_pid_of (global_tid)),
                                          st_nsys_intern (im, tid, strlen (tid)));
      st_nsys_map_insert (&im->threads, global_tid, track);
    }
  im->last_tid = global_tid;
  im->last_thread = track;
  return track;
}

/* The start and duration of a row; FALSE (said in the warnings) when it
 * has no time to draw it at. An end before the start is a duration of 0. */
gboolean
st_nsys_row_time (StNsysImporter *im,
                  StNsysRows     *rows,
                  guint           start_column,
                  guint           end_column,
                  gint64         *start,
                  gint64         *dur)
{
  gint64 end;

  if (!st_nsys_is_set (rows, start_column) || !st_nsys_is_set (rows, end_column))
    {
      st_builder_shard_warn (
          im->shard, ST_WARNING_MISSING_FIELD, 0, "%s row %" G_GINT64_FORMAT ": no %s", rows->table,
          st_nsys_rowid (rows), st_nsys_is_set (rows, start_column) ? "end" : "start");
      return FALSE;
    }
  *start = st_nsys_int (rows, start_column);
  end = st_nsys_int (rows, end_column);
  if (end < *start)
    {
      st_builder_shard_warn (im->shard, ST_WARNING_NEGATIVE_DURATION, 0, "%s row %" G_GINT64_FORMAT,
                             rows->table, st_nsys_rowid (rows));
      end = *start;
    }
  if (!st_time_sub (end, *start, dur))
    {
      st_builder_shard_warn (im->shard, ST_WARNING_BAD_NUMBER, 0,
                             "%s row %" G_GINT64_FORMAT ": start %" G_GINT64_FORMAT
                             ", end %" G_GINT64_FORMAT,
                             rows->table, st_nsys_rowid (rows), *start, end);
      return FALSE;
    }
  return TRUE;
}

/* Every few thousand rows: FALSE when the load is cancelled (@error set)
 * or another reader failed (its error is the one to report). */
gboolean
st_nsys_check (StNsysImporter *im, GError **error)
{
  return !g_cancellable_set_error_if_cancelled (im->shared->cancellable, error)
         && !g_atomic_int_get (&im->shared->stop);
}

void
st_nsys_add_meta (StNsysImporter *im,
                  StMetaKind      kind,
                  StStringId      pid,
                  StStringId      tid,
                  StStringId      text,
                  gint64          number)
{
  StRawMeta *m = st_vec_push (&im->shard->metas, StRawMeta);

  *m = (StRawMeta){ 0, pid, tid, text, number, kind };
}

/* GPU @device's process: "GPU N", named after its model when the export
 * lists it, after the hosts. */
void
st_nsys_name_device (StNsysImporter *im, StStringId pid, gint64 device)
{
  g_autofree char *label = g_strdup_printf ("GPU %" G_GINT64_FORMAT, device);
  guint32          row;

  st_nsys_add_meta (im, ST_META_PROCESS_LABELS, pid, ST_STRING_EMPTY,
                    st_nsys_intern (im, label, strlen (label)), 0);
  st_nsys_add_meta (im, ST_META_PROCESS_SORT_INDEX, pid, ST_STRING_EMPTY, ST_STRING_EMPTY,
                    st_time_add_sat (device, 1));
  if (st_nsys_map_lookup (&im->shared->gpus, device, &row))
    {
      JsonObject *o = json_array_get_object_element (im->shared->gpu_properties, row);
      const char *name = json_object_get_string_member_with_default (o, "name", "");

      if (name != NULL && name[0] != '\0')
        st_nsys_add_meta (im, ST_META_PROCESS_NAME, pid, ST_STRING_EMPTY,
                          st_nsys_intern (im, name, strlen (name)), 0);
    }
}

static void
importer_init (StNsysImporter *im, StNsysShared *shared, StNsysDatabase *db)
{
  im->shared = shared;
  im->db = db;
  im->shard = st_trace_builder_add_shard (shared->builder);
  im->calls = g_array_new (FALSE, FALSE, sizeof (StNsysCall));
  im->launched = g_array_new (FALSE, FALSE, sizeof (StNsysLaunched));
  im->streams = g_hash_table_new_full (st_nsys_stream_hash, st_nsys_stream_equal, g_free, NULL);
  im->devices = g_hash_table_new (NULL, NULL);
  im->last_thread = G_MAXUINT32;
  im->last_stream_track = G_MAXUINT32;
  im->dense_pid = -1;
  /* a row takes more than 8 bytes of the file: ids past that are not dense */
  im->dense_limit = st_source_get_size (db->source) / 8 + 65536;
  im->cat_kernel = st_nsys_intern (im, "kernel", 6);
  im->cat_memcpy = st_nsys_intern (im, "gpu_memcpy", 10);
  im->cat_memset = st_nsys_intern (im, "gpu_memset", 10);
  im->cat_runtime = st_nsys_intern (im, "cuda_runtime", 12);
  im->cat_driver = st_nsys_intern (im, "cuda_driver", 11);
  im->cat_nvtx = st_nsys_intern (im, "nvtx", 4);
  im->ac2g = st_nsys_intern (im, "ac2g", 4);
}

static void
importer_clear (StNsysImporter *im)
{
  for (guint t = 0; t < ST_NSYS_N_TABLES; t++)
    st_nsys_rows_close (&im->rows[t]);
  g_clear_pointer (&im->string_stmt, sqlite3_finalize);
  st_nsys_text_clear (&im->text);
  st_nsys_map_clear (&im->strings);
  st_nsys_map_clear (&im->api_names);
  st_nsys_map_clear (&im->threads);
  st_nsys_map_clear (&im->host_pids);
  st_nsys_map_clear (&im->call_of);
  g_clear_pointer (&im->dense, g_free);
  g_clear_pointer (&im->calls, g_array_unref);
  g_clear_pointer (&im->launched, g_array_unref);
  g_clear_pointer (&im->streams, g_hash_table_unref);
  g_clear_pointer (&im->devices, g_hash_table_unref);
}

/* Reads the rows of one chunk, then counts it as read. */
static gboolean
read_chunk (StNsysImporter *im, const StNsysChunk *chunk, GError **error)
{
  const StNsysTable *table = tables[chunk->table];
  StNsysRows        *rows = &im->rows[chunk->table];
  StNsysShared      *shared = im->shared;
  int                rc = SQLITE_DONE;
  guint64            n = 0;
  guint              done;
  gboolean           ok = TRUE;

  if (rows->stmt == NULL
      && !st_nsys_rows_open (im->db, rows, table->table, table->columns, TRUE, error))
    return FALSE;
  st_nsys_rows_range (rows, chunk->first, chunk->last);
  while (ok && (rc = st_nsys_rows_step (im->db, rows, error)) == SQLITE_ROW)
    ok = (++n % ST_NSYS_CHECK_EVERY != 0 || st_nsys_check (im, error))
         && table->row (im, rows, error);
  if (!ok || rc != SQLITE_DONE)
    return FALSE;
  /* the chunks are of about the same rowids: the share of them read is
   * the share of the rows */
  done = __atomic_add_fetch (&shared->chunks_done, 1, __ATOMIC_RELAXED);
  if (shared->progress != NULL)
    shared->progress ((double)done / shared->chunks->len, shared->progress_data);
  return TRUE;
}

/* A reader: every n-th chunk from its own, and the error that stopped it. */
typedef struct
{
  StNsysImporter *im;
  guint           first;
  guint           step;
  GError         *error;
  gboolean        ok;
} Job;

static gpointer
run_job (gpointer data)
{
  Job          *job = data;
  StNsysShared *shared = job->im->shared;

  job->ok = TRUE;
  if (sqlite3_prepare_v2 (job->im->db->db, "SELECT value FROM StringIds WHERE id = ?1", -1,
                          &job->im->string_stmt, NULL)
      != SQLITE_OK)
    job->ok = st_nsys_fail (job->im->db, "StringIds", &job->error);
  for (guint c = job->first; job->ok && c < shared->chunks->len; c += job->step)
    job->ok = read_chunk (job->im, &g_array_index (shared->chunks, StNsysChunk, c), &job->error);
  if (!job->ok)
    g_atomic_int_set (&shared->stop, TRUE);
  return NULL;
}

/* Cuts the event tables into chunks of rowids: about the same work each,
 * and not too many of a table of sparse rowids. */
static void
plan_chunks (StNsysShared *shared, StNsysDatabase *db)
{
  shared->chunks = g_array_new (FALSE, FALSE, sizeof (StNsysChunk));
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      gint64  first, last;
      guint64 wide, size; /* the rowids after the first: any rowids fit */

      if (!st_nsys_has_table (db, tables[t]->table)
          || !st_nsys_rowids (db, tables[t]->table, &first, &last))
        continue;
      wide = (guint64)last - (guint64)first;
      size = MAX (CHUNK_ROWS, wide / MAX_CHUNKS + 1);
      for (guint64 at = 0;; at += size)
        {
          StNsysChunk chunk = { t, (gint64)((guint64)first + at),
                                (gint64)((guint64)first + MIN (wide, at + (size - 1))) };

          g_array_append_val (shared->chunks, chunk);
          if (wide - at < size)
            break;
        }
    }
}

/* Reads the chunks on @n readers, the first on this thread. */
static gboolean
read_events (StNsysImporter *readers, guint n, GError **error)
{
  g_autofree Job      *jobs = g_new0 (Job, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  gboolean             ok = TRUE;

  for (guint r = 0; r < n; r++)
    jobs[r] = (Job){ &readers[r], r, n, NULL, FALSE };
  for (guint r = 1; r < n; r++)
    threads[r] = g_thread_new ("nsys-reader", run_job, &jobs[r]);
  run_job (&jobs[0]);
  for (guint r = 1; r < n; r++)
    g_thread_join (threads[r]);
  /* the first error is the cause; a reader stopped by another has none */
  for (guint r = 0; r < n; r++)
    {
      if (!jobs[r].ok && jobs[r].error != NULL && ok)
        {
          g_propagate_error (error, g_steal_pointer (&jobs[r].error));
          ok = FALSE;
        }
      g_clear_error (&jobs[r].error);
    }
  return ok;
}

/* The readers' texts one after the other in the first's: the others'
 * offsets, and their calls', move by as much. */
static void
join_texts (StNsysImporter *readers, guint n)
{
  StNsysText *text = &readers[0].text;

  for (guint r = 1; r < n; r++)
    {
      StNsysImporter *im = &readers[r];
      guint64         base = text->len;

      st_nsys_text_append (text, im->text.data, im->text.len);
      st_nsys_text_clear (&im->text);
      for (guint t = 0; t < im->shard->tracks->len; t++)
        {
          StRawTrack *track = st_builder_shard_track (im->shard, t);

          for (gsize i = 0; i < track->slices.len; i++)
            st_vec_at (&track->slices, StSlice, i)->offset += base;
          for (gsize i = 0; i < track->instants.len; i++)
            st_vec_at (&track->instants, StInstant, i)->offset += base;
        }
      for (guint i = 0; i < im->calls->len; i++)
        g_array_index (im->calls, StNsysCall, i).offset += base;
    }
}

/* Hands the args text to the builder: the trace keeps it for the file. */
static void
keep_text (StNsysImporter *im)
{
  StSource            *file = im->db->source;
  g_autoptr (GBytes)   bytes = st_nsys_text_steal (&im->text);
  g_autoptr (StSource) text = st_source_new_for_bytes (st_source_get_display_name (file), bytes,
                                                       st_source_get_file_size (file));

  st_trace_builder_set_event_text (im->shared->builder, text);
  st_trace_builder_set_text_size (im->shared->builder, st_source_get_size (file));
  if (st_source_get_warning (file) != NULL)
    st_builder_shard_warn (im->shard, ST_WARNING_COMPRESSION, 0, "%s",
                           st_source_get_warning (file));
}

/* What the readers share, read on the first connection before they start. */
static gboolean
read_shared (StNsysImporter *first, GError **error)
{
  StNsysShared *shared = first->shared;

  shared->class_driver = CLASS_CUDA_DRIVER;
  shared->class_backtrace = CLASS_CUDA_BACKTRACE;
  shared->shared_streams = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  shared->domains = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  plan_chunks (shared, first->db);
  return st_nsys_read_classes (first, error) && st_nsys_read_gpus (first, error)
         && st_nsys_read_shared_streams (first, error) && st_nsys_read_domains (first, error);
}

static void
shared_clear (StNsysShared *shared)
{
  st_nsys_map_clear (&shared->gpus);
  g_clear_pointer (&shared->gpu_properties, json_array_unref);
  g_clear_pointer (&shared->shared_streams, g_hash_table_unref);
  g_clear_pointer (&shared->domains, g_hash_table_unref);
  g_clear_pointer (&shared->chunks, g_array_unref);
}

/* The readers' connections: the first is @db, the others SQLite's own on
 * the same bytes, read in place by each. */
static gboolean
open_readers (StNsysImporter *readers,
              guint           n,
              StNsysShared   *shared,
              StNsysDatabase *db,
              GError        **error)
{
  importer_init (&readers[0], shared, db);
  for (guint r = 1; r < n; r++)
    {
      StNsysDatabase *other = st_nsys_database_open (db->source, db->cancellable, error);

      if (other == NULL)
        return FALSE;
      importer_init (&readers[r], shared, other);
    }
  return TRUE;
}

/* Reads the export @db (st_nsys_database_is_export()) into @builder on
 * @n_threads readers (at most READERS). */
gboolean
st_nsys_import (StTraceBuilder  *builder,
                StNsysDatabase  *db,
                guint            n_threads,
                GCancellable    *cancellable,
                StImportProgress progress,
                gpointer         progress_data,
                GError         **error)
{
  StNsysShared   shared = { builder, NULL, progress, progress_data };
  StNsysImporter readers[READERS] = { { 0 } };
  guint          n = CLAMP (n_threads, 1, READERS);
  gboolean       ok;

  g_return_val_if_fail (builder != NULL && db != NULL && db->is_export, FALSE);
  if (cancellable != NULL)
    g_set_object (&db->cancellable, cancellable);
  shared.cancellable = db->cancellable;
  ok = open_readers (readers, n, &shared, db, error) && read_shared (&readers[0], error)
       && read_events (readers, n, error);
  if (ok)
    {
      join_texts (readers, n);
      st_nsys_link_launches (readers, n);
      for (guint r = 0; r < n && ok; r++)
        ok = st_nsys_read_names (&readers[r], error);
    }
  if (ok && (ok = st_nsys_write_metadata (&readers[0], error)))
    keep_text (&readers[0]);
  for (guint r = 0; r < n; r++)
    {
      if (readers[r].db != NULL && readers[r].db != db)
        st_nsys_database_free (readers[r].db);
      if (readers[r].shared != NULL)
        importer_clear (&readers[r]);
    }
  shared_clear (&shared);
  return ok;
}
