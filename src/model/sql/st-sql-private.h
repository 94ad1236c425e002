/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-sql-private.h: what the tables of a session share.
 *
 * Most tables are one virtual-table module (st-sql-table.c) over rows in
 * parts: a part is a run of rows the store keeps in one array (a row of a
 * track's slices, a track's instants, a counter's series), sorted by time
 * when the table has a time column. A row's number is its part's first
 * number plus its place in the part; a table gives its parts, reads a
 * row's columns, and may find rows by a column's value as runs of numbers
 * (the name index, the flow index). `args` is a module of its own.
 */
#pragma once

#include <sqlite3.h>

#include "st-device-work.h"
#include "st-name-index.h"
#include "st-sql-session.h"
#include "st-summary.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 first; /* the number of its first row */
  guint32 n;
  guint32 key; /* the value of the table's key column: a track */
  guint32 a;   /* the table's own: a row of a track, a counter's series */
  guint32 b;   /* the table's own: where the part starts in its track's array */
  guint32 c;   /* the table's own: a row's depth */
} StSqlPart;

/* What the tables of one session share: the trace, the regions given, the
 * cancellable of the query that runs, and what they make on first use. */
typedef struct
{
  StTrace       *trace;
  StStringTable *strings;
  StRegionArray *regions;     /* NULL: none given */
  GCancellable  *cancellable; /* of the query that runs, or NULL */

  guint           n_tracks;
  const StTrack **tracks;
  guint32        *track_first;   /* n_tracks + 1: each track's first slice number */
  guint32        *instant_first; /* n_tracks + 1: each track's first instant number */

  GArray     *slice_parts;  /* StSqlPart, made on first use */
  StStringId *sorted_names; /* the names of slices, by their text */
  guint       n_sorted_names;
  guint      *utid_of_track; /* per track: its thread, or G_MAXUINT */
  guint      *thread_tracks; /* per thread: its track */
  guint       n_threads;
  StSummary  *summary; /* the whole profile's cards, for `collective` */
  gboolean    summarised;
} StSqlContext;

/* A query's view of a table, from xFilter to the end of the cursor. */
typedef struct
{
  StSqlContext    *ctx;
  const StSqlPart *parts; /* in order of their first numbers and of their keys */
  guint            n_parts;
  GArray          *own_parts; /* when the parts were made for this scan */
  gboolean         unsorted;  /* the time column is not sorted within the parts */
  gint64           base;      /* added to a row's number to make its id */
  gpointer         data;      /* the table's own */
  GDestroyNotify   data_free;
  GArray          *runs;    /* StSqlRun: the rows a lookup found, in order */
  GArray          *own_ids; /* guint32 numbers runs may point into */
} StSqlScan;

typedef struct
{
  const guint32 *numbers; /* or NULL: the numbers of own_ids from @offset */
  guint          offset;
  guint          n;
} StSqlRun;

typedef enum
{
  ST_SQL_MATCH_EQ,
  ST_SQL_MATCH_LIKE,
  ST_SQL_MATCH_GLOB,
} StSqlMatch;

typedef struct
{
  const char *name;
  const char *schema;          /* CREATE TABLE x(…): column 0 is the row's id */
  int         ts_column;       /* sorted within each part, or -1 */
  int         key_column;      /* a part's key, or -1 */
  guint       lookup_columns;  /* a bit per column the table finds rows by (=) */
  guint       pattern_columns; /* … and by LIKE and GLOB */
  guint       order_columns;   /* the lookups give rows in this column's order */
  /* The rows' count, for the planner (a guess is fine). */
  gint64 (*count) (StSqlContext *ctx);
  /* Sets the scan's parts (and data); FALSE with @error when it cannot. */
  gboolean (*prepare) (StSqlScan *scan, GError **error);
  gint64 (*get_ts) (StSqlScan *scan, const StSqlPart *part, guint index);
  /* TRUE for a place of a part that holds no row (device_work's host slices). */
  gboolean (*skip) (StSqlScan *scan, const StSqlPart *part, guint index);
  /* Asks the memory for a row soon to be read (optional). */
  void (*prefetch) (StSqlScan *scan, const StSqlPart *part, guint index);
  void (*column) (StSqlScan       *scan,
                  const StSqlPart *part,
                  guint            index,
                  int              column,
                  sqlite3_context *out);
  /* Adds to the scan's runs the rows whose @column matches @value, in the
   * order of @column's values (reversed with @desc) when it is one of the
   * order columns; a NULL @value: every row in that order. */
  gboolean (*lookup) (StSqlScan     *scan,
                      int            column,
                      StSqlMatch     match,
                      sqlite3_value *value,
                      gboolean       desc,
                      GError       **error);
} StSqlTableDef;

/* st-sql-context.c */
void     _st_sql_context_init (StSqlContext *ctx, StTrace *trace);
void     _st_sql_context_clear (StSqlContext *ctx);
gboolean _st_sql_context_cancelled (StSqlContext *ctx, GError **error);
/* A slice's ref for its number; FALSE when no slice has it. */
gboolean      _st_sql_slice_ref (StSqlContext *ctx, gint64 number, StSliceRef *ref);
const GArray *_st_sql_slice_parts (StSqlContext *ctx);
gboolean      _st_sql_threads (StSqlContext *ctx);
StDeviceWork *_st_sql_device_work (StSqlContext *ctx, GError **error);
StNameIndex  *_st_sql_name_index (StSqlContext *ctx, GError **error);
/* The slice names (ids with slices) sorted by their text, then id. */
const StStringId *_st_sql_sorted_names (StSqlContext *ctx, guint *n, GError **error);
gboolean          _st_sql_summary (StSqlContext *ctx, StSummary **summary, GError **error);

static inline void
_st_sql_result_string (sqlite3_context *out, StStringTable *strings, StStringId id)
{
  sqlite3_result_text (out, st_string_table_get (strings, id),
                       (int)st_string_table_get_length (strings, id), SQLITE_STATIC);
}

/* Empty text reads as null: a category the event does not have. */
static inline void
_st_sql_result_string_or_null (sqlite3_context *out, StStringTable *strings, StStringId id)
{
  if (id == ST_STRING_NONE || st_string_table_get_length (strings, id) == 0)
    sqlite3_result_null (out);
  else
    _st_sql_result_string (out, strings, id);
}

/* An id written by the profile (a pid, a tid): an integer when it is one. */
void _st_sql_result_id_text (sqlite3_context *out, const char *text);

/* st-sql-table.c: registers a table's module on @db. */
gboolean _st_sql_table_register (sqlite3 *db, StSqlContext *ctx, const StSqlTableDef *def);
/* A run of numbers the scan keeps. */
void _st_sql_scan_add_numbers (StSqlScan *scan, const guint32 *numbers, guint n);
void _st_sql_scan_add_run (StSqlScan *scan, const guint32 *numbers, guint n);

/* The table definitions. */
extern const StSqlTableDef st_sql_slice_table;
extern const StSqlTableDef st_sql_instant_table;
extern const StSqlTableDef st_sql_track_table;
extern const StSqlTableDef st_sql_thread_table;
extern const StSqlTableDef st_sql_process_table;
extern const StSqlTableDef st_sql_counter_table;
extern const StSqlTableDef st_sql_flow_table;
extern const StSqlTableDef st_sql_device_work_table;
extern const StSqlTableDef st_sql_region_table;
extern const StSqlTableDef st_sql_collective_table;

/* st-sql-args.c: the args table and extract_arg(). */
gboolean _st_sql_args_register (sqlite3 *db, StSqlContext *ctx);

G_END_DECLS
