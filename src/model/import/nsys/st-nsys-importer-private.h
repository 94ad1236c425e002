/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-importer-private.h: the parts of the Nsight Systems importer and
 * the state they share.
 *
 * st-nsys-database.c opens the database and asks it questions (which
 * tables and columns it has, the rows of a table); st-nsys-importer.c
 * drives the import on its readers, st-nsys-meta.c reads what is not an
 * event (the processes' and threads' names, the GPUs, the metadata);
 * st-nsys-cuda.c reads the CUDA calls and the device work, st-nsys-launch.c
 * links them, st-nsys-nvtx.c reads the NVTX ranges and marks;
 * st-nsys-text.c writes the events' args as JSON; st-nsys-map.c is the
 * integer map they all use.
 */
#pragma once

#include "st-nsys-importer.h"

#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>

G_BEGIN_DECLS

/* --- st-nsys-map.c: gint64 -> guint32, open addressing ---------------- */

typedef struct
{
  gint64  key;
  guint32 value; /* value + 1; 0: a free slot */
} StNsysSlot;

typedef struct
{
  StNsysSlot *slots;
  gsize       size; /* a power of two, or 0 */
  gsize       n;
} StNsysMap;

void     st_nsys_map_clear (StNsysMap *map);
gboolean st_nsys_map_lookup (const StNsysMap *map, gint64 key, guint32 *value);
void     st_nsys_map_insert (StNsysMap *map, gint64 key, guint32 value);

/* --- st-nsys-text.c: the events' args, as JSON ---------------------------- */

typedef struct
{
  char    *data;
  gsize    len;
  gsize    cap;
  gboolean first; /* no member written yet in the open args */
} StNsysText;

/* A key of the args, and its length: ST_NSYS_KEY ("bytes"). */
#define ST_NSYS_KEY(key) (key), (sizeof (key) - 1)

void st_nsys_text_grow (StNsysText *text, gsize n);
void st_nsys_text_put_int (StNsysText *text, gint64 value);
void st_nsys_text_double (StNsysText *text, const char *key, gsize key_len, double value);
void st_nsys_text_string (StNsysText *text,
                          const char *key,
                          gsize       key_len,
                          const char *value,
                          gsize       len);
void
st_nsys_text_ints (StNsysText *text, const char *key, gsize key_len, const gint64 *values, guint n);
void    st_nsys_text_append (StNsysText *text, const char *data, gsize len);
GBytes *st_nsys_text_steal (StNsysText *text);
void    st_nsys_text_clear (StNsysText *text);

/* The writers of every row are inline: a key's length is known where it
 * is written, and its copy a few moves rather than a call. */
static inline char *
st_nsys_text_reserve (StNsysText *text, gsize n)
{
  if (G_UNLIKELY (text->len + n > text->cap))
    st_nsys_text_grow (text, n);
  return text->data + text->len;
}

/* ,"key": (keys are the importer's own words: nothing to escape) */
static inline void
st_nsys_text_key (StNsysText *text, const char *key, gsize n)
{
  char *p = st_nsys_text_reserve (text, n + 4);

  if (!text->first)
    *p++ = ',';
  *p++ = '"';
  memcpy (p, key, n);
  p += n;
  *p++ = '"';
  *p++ = ':';
  text->len = p - text->data;
  text->first = FALSE;
}

static inline void
st_nsys_text_int (StNsysText *text, const char *key, gsize key_len, gint64 value)
{
  st_nsys_text_key (text, key, key_len);
  if (value >= 0 && value < 10)
    {
      *st_nsys_text_reserve (text, 1) = '0' + value;
      text->len++;
    }
  else
    st_nsys_text_put_int (text, value);
}

/* Opens an event's object; returns where it starts. */
static inline guint64
st_nsys_text_open (StNsysText *text)
{
  guint64 at = text->len;

  memcpy (st_nsys_text_reserve (text, 9), "{\"args\":{", 9);
  text->len += 9;
  text->first = TRUE;
  return at;
}

static inline void
st_nsys_text_close (StNsysText *text)
{
  memcpy (st_nsys_text_reserve (text, 3), "}}\n", 3);
  text->len += 3;
}

/* --- st-nsys-database.c ----------------------------------------------------- */

struct _StNsysDatabase
{
  sqlite3      *db;
  StSource     *source;      /* holds the bytes SQLite reads */
  char         *name;        /* the file, for messages */
  GCancellable *cancellable; /* polled while a statement runs */
  GHashTable   *tables;      /* the tables' names (views are not read) */
  gboolean      is_export;
};

#define ST_NSYS_MAX_COLUMNS 32

/* A statement over a table's rows: column k of @columns is column k + 1 of
 * the row (column 0 is the rowid), NULL when the table lacks it. */
typedef struct
{
  sqlite3_stmt  *stmt;
  const char    *table;
  guint32        present;                     /* bit k: the table has column k */
  sqlite3_value *values[ST_NSYS_MAX_COLUMNS]; /* the row's, NULL for a column it lacks */
} StNsysRows;

gboolean st_nsys_has_table (StNsysDatabase *db, const char *table);
gboolean st_nsys_has_column (StNsysDatabase *db, const char *table, const char *column);
gboolean st_nsys_rows_open (StNsysDatabase    *db,
                            StNsysRows        *rows,
                            const char        *table,
                            const char *const *columns,
                            gboolean           ranged,
                            GError           **error);
void     st_nsys_rows_range (StNsysRows *rows, gint64 first, gint64 last);
int      st_nsys_rows_step (StNsysDatabase *db, StNsysRows *rows, GError **error);
void     st_nsys_rows_close (StNsysRows *rows);
gboolean st_nsys_rowids (StNsysDatabase *db, const char *table, gint64 *first, gint64 *last);
gboolean st_nsys_fail (StNsysDatabase *db, const char *table, GError **error);

/* Column @k of the current row: whether it holds a value, and the value.
 * (Each is fetched once a row: a column read through the statement costs
 * twice what a value read costs, and a kernel's row has twenty.) */
static inline gboolean
st_nsys_is_set (const StNsysRows *rows, guint k)
{
  return rows->values[k] != NULL && sqlite3_value_type (rows->values[k]) != SQLITE_NULL;
}

static inline gint64
st_nsys_int (const StNsysRows *rows, guint k)
{
  return rows->values[k] != NULL ? sqlite3_value_int64 (rows->values[k]) : 0;
}

static inline double
st_nsys_double (const StNsysRows *rows, guint k)
{
  return rows->values[k] != NULL ? sqlite3_value_double (rows->values[k]) : 0.0;
}

/* The current row's rowid, for a warning to name it. */
static inline gint64
st_nsys_rowid (const StNsysRows *rows)
{
  return sqlite3_column_int64 (rows->stmt, 0);
}

/* The text of column @k and its length, or NULL. */
static inline const char *
st_nsys_text (const StNsysRows *rows, guint k, gsize *len)
{
  const char *text;

  if (!st_nsys_is_set (rows, k))
    return NULL;
  text = (const char *)sqlite3_value_text (rows->values[k]);
  *len = text != NULL ? (gsize)sqlite3_value_bytes (rows->values[k]) : 0;
  return text;
}

static inline int
st_nsys_type (const StNsysRows *rows, guint k)
{
  return rows->values[k] != NULL ? sqlite3_value_type (rows->values[k]) : SQLITE_NULL;
}

/* --- the importer ------------------------------------------------------------ */

/* A run of rowids of an event table, which one reader reads. */
typedef struct
{
  guint  table; /* index in st-nsys-importer.c's tables */
  gint64 first;
  gint64 last;
} StNsysChunk;

/* What the readers share, read-only while they run (but the count of rows
 * read and the flag that stops them). */
typedef struct
{
  StTraceBuilder  *builder;
  GCancellable    *cancellable;
  StImportProgress progress;
  gpointer         progress_data;
  GArray          *chunks;         /* StNsysChunk, the event tables in order */
  guint            chunks_done;    /* atomic: of them, read */
  gint             stop;           /* atomic: a reader failed, the others stop */
  StNsysMap        gpus;           /* device id of TARGET_INFO_GPU -> its row */
  JsonArray       *gpu_properties; /* TARGET_INFO_GPU's rows, as deviceProperties */
  GHashTable      *shared_streams; /* stream ids (gint64) that several processes have */
  GHashTable      *domains;        /* NVTX domainId -> its name */
  gint64           class_driver;
  gint64           class_backtrace;
} StNsysShared;

/* A stream of a GPU, as one host process uses it. */
typedef struct
{
  gint64 device;
  gint64 host_pid;
  gint64 stream;
} StNsysStream;

/* The launch call of a correlation id in a process. */
typedef struct
{
  gint64  ts;
  guint64 offset;
  guint32 track;
} StNsysCall;

/* A device event that names its launch: its slice, last of its track's
 * when it was read. */
typedef struct
{
  gint64  key; /* pid << 40 | correlation id */
  guint32 track;
  guint32 index;
} StNsysLaunched;

#define ST_NSYS_N_TABLES 6

/* One reader, on a thread of its own: its connection, statements, shard
 * and text. Reader k of n reads chunks k, k + n, k + 2n… */
typedef struct
{
  StNsysShared   *shared;
  StNsysDatabase *db;
  StBuilderShard *shard;
  StNsysText      text;
  StNsysRows      rows[ST_NSYS_N_TABLES]; /* by table, prepared when first read */
  sqlite3_stmt   *string_stmt;
  StNsysMap       strings;   /* StringIds id -> string */
  StNsysMap       api_names; /* StringIds id -> the name without its version (_v7000) */
  StNsysMap       threads;   /* globalTid -> raw track */
  StNsysMap       host_pids; /* pid -> its pid string */
  gint64          last_tid;  /* consecutive rows mostly share their thread */
  guint32         last_thread;
  StNsysMap       call_of;   /* pid << 40 | correlation id -> index in calls */
  gint64          dense_pid; /* the process whose calls are in dense, or -1 */
  guint32        *dense;     /* index in calls + 1 by correlation id, or 0 */
  gsize           n_dense;
  gsize           dense_limit;
  GArray         *calls;       /* StNsysCall */
  GArray         *launched;    /* StNsysLaunched */
  GHashTable     *streams;     /* StNsysStream -> raw track + 1 */
  StNsysStream    last_stream; /* and its track, or G_MAXUINT32 */
  guint32         last_stream_track;
  GHashTable     *devices; /* pids of the GPUs named, + 1 */
  StStringId      cat_kernel;
  StStringId      cat_memcpy;
  StStringId      cat_memset;
  StStringId      cat_runtime;
  StStringId      cat_driver;
  StStringId      cat_nvtx;
  StStringId      ac2g;
} StNsysImporter;

/* How a table's rows are read: @row reads the current row of @columns. */
typedef gboolean (*StNsysRowFunc) (StNsysImporter *im, StNsysRows *rows, GError **error);

typedef struct
{
  const char        *table;
  const char *const *columns;
  StNsysRowFunc      row;
} StNsysTable;

/* How often (in rows) the readers look at the cancellable. */
#define ST_NSYS_CHECK_EVERY 8192
/* A correlation id has 40 bits beside its 24-bit pid in a key. */
#define ST_NSYS_CORRELATION_BITS 40

/* st-nsys-importer.c */
StStringId st_nsys_intern (StNsysImporter *im, const char *text, gsize len);
StStringId st_nsys_string (StNsysImporter *im, gint64 id, gboolean api_name, GError **error);
guint32    st_nsys_thread_track (StNsysImporter *im, gint64 global_tid);
gboolean   st_nsys_row_time (StNsysImporter *im,
                             StNsysRows     *rows,
                             guint           start_column,
                             guint           end_column,
                             gint64         *start,
                             gint64         *dur);
gboolean   st_nsys_check (StNsysImporter *im, GError **error);
void       st_nsys_add_meta (StNsysImporter *im,
                             StMetaKind      kind,
                             StStringId      pid,
                             StStringId      tid,
                             StStringId      text,
                             gint64          number);
void       st_nsys_name_device (StNsysImporter *im, StStringId pid, gint64 device);

/* st-nsys-cuda.c */
guint                    st_nsys_stream_hash (gconstpointer p);
gboolean                 st_nsys_stream_equal (gconstpointer p, gconstpointer q);
extern const StNsysTable st_nsys_runtime_table;
extern const StNsysTable st_nsys_driver_table;
extern const StNsysTable st_nsys_kernel_table;
extern const StNsysTable st_nsys_memcpy_table;
extern const StNsysTable st_nsys_memset_table;

/* st-nsys-launch.c */
gboolean st_nsys_correlation_key (gint64 pid, gint64 correlation, gint64 *key);
void     st_nsys_note_call (StNsysImporter *im, gint64 key, const StNsysCall *call);
void     st_nsys_link_launches (StNsysImporter *readers, guint n_readers);

/* st-nsys-meta.c */
gboolean st_nsys_read_classes (StNsysImporter *im, GError **error);
gboolean st_nsys_read_gpus (StNsysImporter *im, GError **error);
gboolean st_nsys_read_shared_streams (StNsysImporter *im, GError **error);
gboolean st_nsys_read_names (StNsysImporter *im, GError **error);
gboolean st_nsys_write_metadata (StNsysImporter *im, GError **error);

/* st-nsys-nvtx.c */
extern const StNsysTable st_nsys_nvtx_table;
gboolean                 st_nsys_read_domains (StNsysImporter *im, GError **error);

static inline guint32
st_nsys_pid_of (gint64 global_id)
{
  return (guint32)((global_id >> 24) & 0xFFFFFF);
}

static inline guint32
st_nsys_tid_of (gint64 global_id)
{
  return (guint32)(global_id & 0xFFFFFF);
}

G_END_DECLS
