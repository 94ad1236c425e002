/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-rocprof-importer-private.h: the parts of the rocprofv3 importer, and
 * the state they share.
 *
 * st-rocprof-importer.c walks the file: the top-level object, the array of
 * processes, each process's members, and concludes. st-rocprof-tables.c
 * reads a process's small sections (metadata, agents, strings,
 * kernel_symbols) into its tables. st-rocprof-records.c reads the record
 * arrays of buffer_records into builder records, st-rocprof-split.c a big
 * array on several threads, each part into a Reader of its own (a builder
 * shard, its caches, its links). st-rocprof-links.c turns the correlation
 * ids the readers collected into flows from API calls to the device work
 * they launched.
 */
#pragma once

#include "st-json-reader.h"
#include "st-rocprof-importer.h"

G_BEGIN_DECLS

typedef StJsonTok Tok;

/* Progress is reported, and cancellation checked, every this many records. */
#define CHECK_EVERY 4096

/* The record arrays of buffer_records that become slices. */
typedef enum
{
  RECORDS_DISPATCH,
  RECORDS_COPY,
  RECORDS_HIP,
  RECORDS_HSA,
  RECORDS_MARKER,
  RECORDS_RCCL,
  N_RECORDS
} RecordsKind;

typedef enum
{
  RESULT_OK = ST_JSON_READ_OK,
  RESULT_NEED_MORE = ST_JSON_READ_NEED_MORE,
  RESULT_ERROR = ST_JSON_READ_ERROR,
  RESULT_STOPPED = ST_JSON_READ_N, /* a part of a split array reached the next part's start */
} Result;

/* The sections of a process its records need, as they are read. */
enum
{
  SECTION_METADATA = 1 << 0,
  SECTION_AGENTS = 1 << 1,
  SECTION_STRINGS = 1 << 2,
  SECTION_SYMBOLS = 1 << 3,
  SECTION_ALL = 0xf,
};

typedef struct
{
  gint64 handle; /* the key of Proc's agents */
  gint64 type;   /* 1 CPU, 2 GPU */
  char  *pid;    /* its process: "GPU 0" */
  char  *name;   /* "AMD Instinct MI350X (gfx950)", or NULL */
  gint64 sort_index;
} Agent;

typedef struct
{
  gint64 id; /* the key of Proc's kernels */
  guint  slot;
} Kernel;

/* One element of the rocprofiler-sdk-tool array: a profiled process. Its
 * tables are written before its records are read, and only read then (by
 * every thread of a split array). */
typedef struct
{
  guint       index;
  char       *pid;          /* metadata.pid as written, else "process N" */
  char       *name;         /* the base name of the command, or NULL */
  guint       sections;     /* SECTION_*: read */
  GHashTable *agents;       /* &handle -> Agent */
  GHashTable *kernels;      /* &kernel_id -> Kernel */
  GPtrArray  *kernel_names; /* char *, by slot */
  GPtrArray  *kinds;        /* by record kind: GPtrArray of operation names, or NULL */
  GHashTable *markers;      /* &correlation id (gint64) -> message */
  const char *records;      /* buffer_records, when it came before the sections it needs */
  guint       n_gpus;
} Proc;

/* A record with a correlation id: an API call (the start of a flow) or a
 * dispatch or copy (its end). 32 bytes: there is one per record. */
typedef struct
{
  gint64  corr;
  gint64  ts;
  guint64 offset;
  guint32 track;  /* raw track of its reader's shard */
  guint16 proc;   /* index in Importer's procs */
  guint16 reader; /* index in Importer's readers, LINK_API for an API call */
} Link;

#define LINK_API    0x8000
#define LINK_READER 0x7fff

typedef struct _Importer Importer;

/* What fills one builder shard: a part of the file read on one thread. */
typedef struct
{
  Importer       *im;
  guint           index; /* in Importer's readers */
  StBuilderShard *shard;
  StJsonReader    json;    /* where it reads, and why it stopped */
  const char     *stop_at; /* a part of a split array: where the next part starts */
  gboolean        worker;  /* on a thread of its own: the importing thread reports */
  const Proc     *proc;
  StStringId     *kernel_ids; /* per kernel slot of proc, ST_STRING_NONE until interned */
  guint           n_kernel_ids;
  GHashTable     *operations; /* kind << 32 | operation -> name id + 1 */
  GHashTable     *tracks;     /* TrackKey -> raw track + 1 */
  GHashTable     *devices;    /* &agent handle -> pid id + 1, its process noted */
  StStringId      host_pid;   /* ST_STRING_NONE until noted */
  StStringId      cats[N_RECORDS];
  GArray         *links; /* Link */
  guint64         records;
  gint64          last_a, last_b; /* the last track's key and kind */
  gint            last_kind;
  guint           last_track;
  Result          result;
  GThread        *thread;
} Reader;

struct _Importer
{
  StTraceBuilder  *builder;
  StSource        *source;
  GCancellable    *cancellable;
  StImportProgress progress;
  gpointer         progress_data;
  double           progress_base; /* share already reported while inflating */
  guint            n_threads;
  StJsonReader     json;       /* the walk of the file, and the values kept whole */
  GPtrArray       *procs;      /* Proc */
  GPtrArray       *readers;    /* Reader, in file order */
  Reader          *reader;     /* the one that reads on this thread now */
  const char      *open_array; /* the record array being read, for truncation */
  gboolean         saw_tool;   /* the rocprofiler-sdk-tool array was found */
  gint             error_code;
  char            *error_text; /* a message built for this file */
};

static inline gsize
tok_len (const Tok *t)
{
  return t->e - t->p;
}

static inline guint64
offset_of (Importer *im, const char *at)
{
  return st_json_reader_offset (&im->json, at);
}

/* st-rocprof-tables.c */
Proc *st_rocprof_proc_new (guint index);
void  st_rocprof_proc_free (gpointer data);
char *st_rocprof_dup_text (Importer *im, const Tok *t);
void  st_rocprof_read_metadata (Importer *im, Proc *proc, const Tok *value);
void  st_rocprof_read_agents (Importer *im, Proc *proc, const Tok *value);
void  st_rocprof_read_strings (Importer *im, Proc *proc, const Tok *value);
void  st_rocprof_read_symbols (Importer *im, Proc *proc, const Tok *value);
void st_rocprof_wrong_type (Importer *im, const char *what, const Tok *value, const char *expected);
const char *st_rocprof_operation_name (const Proc *proc, gint64 kind, gint64 operation);

/* st-rocprof-records.c */
Reader     *st_rocprof_reader_new (Importer *im);
void        st_rocprof_reader_free (gpointer data);
void        st_rocprof_reader_set_proc (Reader *r, const Proc *proc);
Result      st_rocprof_read_records (Reader *r, const char *p, RecordsKind kind);
int         st_rocprof_records_kind (const char *key, gsize len);
const char *st_rocprof_records_name (RecordsKind kind);

/* st-rocprof-split.c */
Result st_rocprof_read_array (Importer *im, const Proc *proc, const char *p, RecordsKind kind);

/* st-rocprof-links.c */
void st_rocprof_link (Importer *im);

G_END_DECLS
