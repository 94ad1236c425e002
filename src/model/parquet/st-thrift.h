/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-thrift.h: the Thrift compact protocol, as Parquet writes its footer
 * and page headers.
 *
 * A reader walks a struct field by field and reads or skips each value.
 * Every length and count is checked against the bytes left, and structs
 * nest at most ST_THRIFT_MAX_DEPTH deep, so damaged bytes end the walk with
 * an error, never a read past the end or an allocation they ask for.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ST_THRIFT_MAX_DEPTH 32

typedef enum
{
  ST_THRIFT_STOP = 0,
  ST_THRIFT_TRUE = 1,
  ST_THRIFT_FALSE = 2,
  ST_THRIFT_BYTE = 3,
  ST_THRIFT_I16 = 4,
  ST_THRIFT_I32 = 5,
  ST_THRIFT_I64 = 6,
  ST_THRIFT_DOUBLE = 7,
  ST_THRIFT_BINARY = 8,
  ST_THRIFT_LIST = 9,
  ST_THRIFT_SET = 10,
  ST_THRIFT_MAP = 11,
  ST_THRIFT_STRUCT = 12,
} StThriftType;

typedef struct
{
  const guint8 *start;
  const guint8 *p;
  const guint8 *end;
  const char   *error; /* what went wrong, at p; NULL while all is well */
  guint         depth;
} StThrift;

/* A field of the struct being read: its id and type. */
typedef struct
{
  gint16 id;
  guint8 type;
} StThriftField;

void     st_thrift_init (StThrift *t, const guint8 *data, gsize len);
gboolean st_thrift_struct_begin (StThrift *t);
gboolean st_thrift_next_field (StThrift *t, gint16 *last_id, StThriftField *field);
void     st_thrift_struct_end (StThrift *t);
gboolean st_thrift_i64 (StThrift *t, const StThriftField *f, gint64 *out);
gboolean st_thrift_i32 (StThrift *t, const StThriftField *f, gint32 *out);
gboolean st_thrift_bool (StThrift *t, const StThriftField *f, gboolean *out);
gboolean st_thrift_binary (StThrift *t, const StThriftField *f, const char **data, gsize *len);
gboolean st_thrift_list_begin (StThrift *t, const StThriftField *f, guint8 *elem, guint32 *count);
gboolean st_thrift_list_i32 (StThrift *t, guint8 elem, gint32 *out);
gboolean st_thrift_list_binary (StThrift *t, guint8 elem, const char **data, gsize *len);
gboolean st_thrift_skip (StThrift *t, guint8 type);
gboolean st_thrift_fail (StThrift *t, const char *what);
gsize    st_thrift_offset (const StThrift *t);

G_END_DECLS
