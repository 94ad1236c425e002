/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-writer.h: just enough of a Parquet writer to make large
 * benchmark inputs: one data page v1 per column chunk, PLAIN values or a
 * dictionary (strings), definition levels for optional columns, snappy.
 * The tests read files of real writers (tests/data/neuron-parquet); this
 * one only makes big files fast. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  PW_INT64,
  PW_INT32,
  PW_DOUBLE,
  PW_STRING,
} PwType;

typedef struct
{
  const char *name;
  PwType      type;
  gboolean    optional;
  gboolean    dictionary; /* strings with few distinct values */
} PwColumn;

typedef struct _PwWriter PwWriter;

PwWriter *pw_open (const char *path, const PwColumn *columns, guint n_columns);
void      pw_int (PwWriter *w, guint column, gint64 v);
void      pw_double (PwWriter *w, guint column, double v);
void      pw_string (PwWriter *w, guint column, const char *s);
void      pw_null (PwWriter *w, guint column);
guint64   pw_rows_buffered (PwWriter *w);
void      pw_end_row_group (PwWriter *w);
gboolean  pw_close (PwWriter *w);

G_END_DECLS
