/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet.h: reading the columns of an Apache Parquet file.
 *
 * The file is mapped (StSource); opening it reads the footer's metadata:
 * the schema, the row groups and their column chunks. A column is read one
 * row group at a time, only when asked for, into plain arrays: numbers as
 * 64-bit integers or doubles, text as a table of distinct values and an
 * index per row (a dictionary-encoded chunk keeps its dictionary, so each
 * distinct string is seen once). Optional columns carry a null flag per row.
 *
 * What is read: data pages v1 and v2, dictionary pages; the encodings
 * PLAIN, PLAIN_DICTIONARY / RLE_DICTIONARY, RLE (booleans), the RLE/bit-
 * packed hybrid of definition levels and dictionary indices,
 * DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and
 * BYTE_STREAM_SPLIT; the codecs uncompressed, snappy, gzip and zstd; the
 * physical types BOOLEAN, INT32, INT64, FLOAT, DOUBLE and BYTE_ARRAY.
 * Only the top-level columns of a flat schema are read (nested and repeated
 * ones are listed, never decoded).
 *
 * Every offset, length and count is checked against the file: a damaged
 * file gives an error in ST_TRACE_ERROR (ST_TRACE_ERROR_DAMAGED) naming
 * the file, the byte and what was wrong, never a read outside the mapping
 * nor an allocation a damaged number asks for.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  ST_PARQUET_BOOLEAN = 0,
  ST_PARQUET_INT32 = 1,
  ST_PARQUET_INT64 = 2,
  ST_PARQUET_INT96 = 3,
  ST_PARQUET_FLOAT = 4,
  ST_PARQUET_DOUBLE = 5,
  ST_PARQUET_BYTE_ARRAY = 6,
  ST_PARQUET_FIXED_LEN_BYTE_ARRAY = 7,
} StParquetType;

/* How a column's values are held once read. */
typedef enum
{
  ST_PARQUET_VALUES_INT,    /* BOOLEAN (0 or 1), INT32, INT64 */
  ST_PARQUET_VALUES_DOUBLE, /* FLOAT, DOUBLE */
  ST_PARQUET_VALUES_BYTES,  /* BYTE_ARRAY */
  ST_PARQUET_VALUES_NONE,   /* a type Strata does not read */
} StParquetValues;

typedef struct
{
  const char     *name; /* the column's name; a nested leaf's full path, "a.b" */
  StParquetType   type;
  StParquetValues values;
  gboolean        optional;
  gboolean        flat;     /* a top-level column, readable */
  gboolean        is_bool;  /* BOOLEAN: written as true and false */
  gboolean        is_float; /* FLOAT: a 32-bit float */
} StParquetColumnInfo;

typedef struct
{
  const char *data;
  gsize       len;
} StParquetBytes;

/* One column of one row group. */
typedef struct
{
  StParquetValues values;
  guint64         n_rows;
  guint8         *nulls;   /* per row, 1 for null; NULL when none is */
  gint64         *ints;    /* INT: one per row (0 where null) */
  double         *doubles; /* DOUBLE: one per row */
  guint32        *index;   /* BYTES: one per row, into entries */
  StParquetBytes *entries; /* BYTES: distinct values (a dictionary), or one per value */
  guint32         n_entries;
  GPtrArray      *buffers; /* what the entries point into, when not the file */
} StParquetColumn;

typedef struct _StParquetFile StParquetFile;

StParquetFile *st_parquet_file_open (GFile        *file,
                                     const char   *display_name,
                                     GCancellable *cancellable,
                                     GError      **error);
StParquetFile *st_parquet_file_new_for_data (const char *display_name,
                                             const char *data,
                                             gsize       size,
                                             GError    **error);
void           st_parquet_file_free (StParquetFile *self);

gboolean st_parquet_has_magic (const char *data, gsize len);

const char                *st_parquet_file_get_display_name (StParquetFile *self);
const char                *st_parquet_file_get_created_by (StParquetFile *self);
guint64                    st_parquet_file_get_n_rows (StParquetFile *self);
guint                      st_parquet_file_get_n_row_groups (StParquetFile *self);
guint64                    st_parquet_file_get_row_group_rows (StParquetFile *self, guint group);
guint                      st_parquet_file_get_n_columns (StParquetFile *self);
const StParquetColumnInfo *st_parquet_file_get_column (StParquetFile *self, guint column);
gint                       st_parquet_file_find_column (StParquetFile *self, const char *name);
guint64                    st_parquet_file_get_size (StParquetFile *self);

StParquetColumn      *
st_parquet_file_read (StParquetFile *self, guint group, guint column, GError **error);
void st_parquet_column_free (StParquetColumn *column);

static inline gboolean
st_parquet_column_is_null (const StParquetColumn *c, guint64 row)
{
  return c->nulls != NULL && c->nulls[row];
}

static inline const StParquetBytes *
st_parquet_column_bytes (const StParquetColumn *c, guint64 row)
{
  return &c->entries[c->index[row]];
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StParquetFile, st_parquet_file_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StParquetColumn, st_parquet_column_free)

G_END_DECLS
