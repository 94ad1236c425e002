/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-private.h: the parts of the Neuron Parquet importer.
 *
 * st-neuron-parquet.c finds the folder's tables and drives the import;
 * st-neuron-parquet-batch.c reads a table a row group at a time (the
 * columns asked for, checked against the schema); st-neuron-parquet-args.c
 * writes the trace's text (the rows' fields as JSON, on a thread of their
 * own, and the metadata); st-neuron-parquet-rows.c makes the slices of the
 * instructions, DMA packets and active times, st-neuron-parquet-series.c
 * the counters, the transfers' routes and the profiler's warnings,
 * st-neuron-parquet-meta.c the metadata (Summary, Metadata, SchemaFields);
 * st-neuron-parquet-schema.c knows the fields of schema 7.4.0 and says what
 * a profile of another schema holds that Strata could not read or does not
 * know.
 */
#pragma once

#include "st-neuron-parquet.h"
#include "st-neuron-sink.h"
#include "st-parquet.h"

G_BEGIN_DECLS

/* What a field's values must be: any integer (BOOLEAN, INT32, INT64), any
 * number, or text (BYTE_ARRAY). */
typedef enum
{
  NP_INT,
  NP_NUM,
  NP_TEXT,
} NpKind;

/* How much a table needs a field. */
typedef enum
{
  NP_OPTIONAL, /* may be absent or null */
  NP_EXPECTED, /* always there in schema 7.4.0: its absence is noted */
  NP_NEEDED,   /* the table is not read without it */
} NpNeed;

typedef struct
{
  const char *name;
  NpKind      kind;
  NpNeed      need;
  gboolean    arg; /* shown as the slice's arg: not its name, track, start or length */
} NpField;

#define NP_MAX_FIELDS 256

typedef struct
{
  GFile *path;
  gint64 number; /* of the part, -1 for none */
  char  *name;
} NpPart;

typedef struct
{
  char      *name;  /* "Instruction" */
  GPtrArray *paths; /* NpPart, its parts in order */
} NpTable;

typedef struct
{
  StNeuronParquet           *np;
  const char                *table;
  StParquetFile             *file; /* the part being read */
  const char                *file_name;
  const NpField             *fields;
  guint                      n_fields;
  GString                   *keys[NP_MAX_FIELDS];  /* each field's `"name":`, as JSON */
  gint                       index[NP_MAX_FIELDS]; /* the field's column, or -1 */
  const StParquetColumnInfo *info[NP_MAX_FIELDS];
  StParquetColumn           *col[NP_MAX_FIELDS]; /* of the row group being read */
  StStringId                *ids[NP_MAX_FIELDS]; /* text: each entry, interned on first use */
  guint64                    n_rows;
  guint64                    first_row;   /* of the row group, in its part */
  GThread                   *args_writer; /* writing the rows' args (st-neuron-parquet-args.c) */
  guint64                   *args_offsets;
  guint64                    args_written; /* rows whose offsets are set (atomic) */
  gint                       args_stop;    /* atomic */
  GMutex                     args_lock;
  GCond                      args_cond;
  gsize                      args_fixed; /* what a row's args take, but their text */
  guint                      args_strings[NP_MAX_FIELDS]; /* the text fields among them */
  guint                      n_args_strings;
} NpBatch;

typedef gboolean (*NpRowsFunc) (NpBatch *batch, gpointer data, GError **error);

struct _StNeuronParquet
{
  GFile           *folder;
  char            *display_name;
  GHashTable      *tables; /* name -> NpTable */
  GPtrArray       *unknown_tables;
  guint64          disk_size;
  StSource        *source; /* over the spool below */
  StSpool         *spool;
  char            *room;     /* where the text is being written, in the spool */
  gsize            room_len; /* begun */
  gsize            used;     /* written, not yet committed */
  GError          *write_error;
  guint64          empty_args; /* a shared "{}", or G_MAXUINT64 */
  StNeuronSink     sink;
  GCancellable    *cancellable;
  StImportProgress progress;
  gpointer         progress_data;
  guint64          rows_total;
  guint64          rows_read;
  guint64          rows_made; /* rows that made a slice or a sample */
  gboolean         has_summary;
  char            *version; /* profile_schema_version, or NULL */
  gint             major, minor;
  gint64           core_base; /* neuroncore_idx × num_physical_cores */
  GHashTable      *cores;     /* core number -> pid id + 1 */
  gint64           last_core; /* rows mostly share their core: the last one's pid */
  StStringId       last_core_pid;
  GHashTable      *routes; /* DmaPacketAggregated id -> route id + 1 */
  GPtrArray       *cannot_read;
  GPtrArray       *unknown_fields;
};

/* st-neuron-parquet-batch.c */
gboolean              np_read_table (StNeuronParquet *np,
                                     const char      *table,
                                     const NpField   *fields,
                                     guint            n_fields,
                                     NpRowsFunc       func,
                                     gpointer         data,
                                     GError         **error);
gboolean              np_int (const NpBatch *b, guint field, guint64 row, gint64 *out);
gboolean              np_num (const NpBatch *b, guint field, guint64 row, double *out);
const StParquetBytes *np_text (const NpBatch *b, guint field, guint64 row);
StStringId            np_id (NpBatch *b, guint field, guint64 row);
void                  np_start_args (NpBatch *b);
void                  np_finish_args (NpBatch *b);
guint64               np_args_offset (NpBatch *b, guint64 row);
gboolean              np_write_members (NpBatch *b, guint64 row, gboolean first);
guint                 np_table_fields (StNeuronParquet *np,
                                       const char      *table,
                                       NpField         *fields,
                                       guint            n_fixed,
                                       gboolean         text,
                                       GPtrArray       *names);
gboolean              np_flush (StNeuronParquet *np, gboolean complete, GError **error);
gboolean              np_made_row (StNeuronParquet *np, GError **error);
void                  np_append (StNeuronParquet *np, const char *text, gsize len);
void                  np_append_json (StNeuronParquet *np, const char *text, gsize len);
guint64               np_text_offset (StNeuronParquet *np);
void                  np_append_json_string (GString *out, const char *text, gsize len);
void                  np_string_free (gpointer data);
char                 *np_place (const NpBatch *b, guint64 row);
StStringId            np_core (StNeuronParquet *np, const NpBatch *b, guint field, guint64 row);
guint64               np_table_rows (StNeuronParquet *np, const char *table);

/* st-neuron-parquet-rows.c */
gboolean np_read_instructions (StNeuronParquet *np, GError **error);
gboolean np_read_dma (StNeuronParquet *np, GError **error);
gboolean np_read_active_time (StNeuronParquet *np, GError **error);
gboolean np_slice_times (NpBatch *b, guint64 row, gint64 *ts, gint64 *dur, guint16 *flags);

/* st-neuron-parquet-series.c */
gboolean np_read_routes (StNeuronParquet *np, GError **error);
gboolean np_read_series (StNeuronParquet *np, GError **error);
gboolean np_read_warnings (StNeuronParquet *np, GError **error);

/* st-neuron-parquet-meta.c */
gboolean np_read_metadata (StNeuronParquet *np, StTraceBuilder *builder, GError **error);
gboolean np_read_summary (StNeuronParquet *np, StTraceBuilder *builder, GError **error);

/* st-neuron-parquet-schema.c */
gboolean np_table_is_known (const char *table);
gboolean np_table_is_read (const char *table);
void     np_check_fields (NpBatch *b);
gboolean np_parse_version (StNeuronParquet *np, const char *text, gsize len);
void np_cannot_read (StNeuronParquet *np, const char *table, const char *field, const char *why);
void np_warn_schema (StNeuronParquet *np);

G_END_DECLS
