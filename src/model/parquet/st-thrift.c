/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-thrift.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
st_thrift_init (StThrift *t, const guint8 *data, gsize len)
{
  t->start = t->p = data;
  t->end = data + len;
  t->error = NULL;
  t->depth = 0;
}

/* Records the first thing that went wrong; always FALSE. */
gboolean
st_thrift_fail (StThrift *t, const char *what)
{
  if (t->error == NULL)
    t->error = what;
  return FALSE;
}

/* Bytes read so far: where an error happened. */
gsize
st_thrift_offset (const StThrift *t)
{
  return t->p - t->start;
}

static gboolean
read_varint (StThrift *t, guint64 *out)
{
  guint64 v = 0;

  for (guint shift = 0; shift < 64; shift += 7)
    {
      guint8 b;

      if (t->p >= t->end)
        return st_thrift_fail (t, N_ ("the metadata ends inside a number"));
      b = *t->p++;
      v |= (guint64)(b & 0x7f) << shift;
      if ((b & 0x80) == 0)
        {
          *out = v;
          return TRUE;
        }
    }
  return st_thrift_fail (t, N_ ("a number of the metadata is longer than 64 bits"));
}

static gint64
zigzag (guint64 v)
{
  return (gint64)(v >> 1) ^ -(gint64)(v & 1);
}

gboolean
st_thrift_struct_begin (StThrift *t)
{
  if (t->error != NULL)
    return FALSE;
  if (++t->depth > ST_THRIFT_MAX_DEPTH)
    return st_thrift_fail (t, N_ ("the metadata nests deeper than a Parquet file does"));
  return TRUE;
}

void
st_thrift_struct_end (StThrift *t)
{
  t->depth--;
}

/* The next field of the struct being read; FALSE at its end (the STOP
 * byte) or on an error (t->error is set). */
gboolean
st_thrift_next_field (StThrift *t, gint16 *last_id, StThriftField *field)
{
  guint8 b;

  if (t->error != NULL)
    return FALSE;
  if (t->p >= t->end)
    return st_thrift_fail (t, N_ ("the metadata ends inside a structure"));
  b = *t->p++;
  if (b == ST_THRIFT_STOP)
    return FALSE;
  field->type = b & 0x0f;
  if (field->type > ST_THRIFT_STRUCT)
    return st_thrift_fail (t, N_ ("the metadata names a type the Thrift protocol does not have"));
  if ((b >> 4) != 0)
    field->id = *last_id + (b >> 4);
  else
    {
      guint64 v;

      if (!read_varint (t, &v))
        return FALSE;
      field->id = (gint16)zigzag (v);
    }
  *last_id = field->id;
  return TRUE;
}

static gboolean
need (StThrift *t, guint8 actual, guint8 expected)
{
  if (actual == expected)
    return TRUE;
  if (!st_thrift_skip (t, actual))
    return FALSE;
  return st_thrift_fail (t, N_ ("a field of the metadata has the wrong type"));
}

gboolean
st_thrift_i64 (StThrift *t, const StThriftField *f, gint64 *out)
{
  guint64 v;

  if (f->type != ST_THRIFT_I64 && f->type != ST_THRIFT_I32 && f->type != ST_THRIFT_I16)
    return need (t, f->type, ST_THRIFT_I64);
  if (!read_varint (t, &v))
    return FALSE;
  *out = zigzag (v);
  return TRUE;
}

gboolean
st_thrift_i32 (StThrift *t, const StThriftField *f, gint32 *out)
{
  gint64 v;

  if (!st_thrift_i64 (t, f, &v))
    return FALSE;
  if (v < G_MININT32 || v > G_MAXINT32)
    return st_thrift_fail (t, N_ ("a 32-bit number of the metadata is out of range"));
  *out = (gint32)v;
  return TRUE;
}

gboolean
st_thrift_bool (StThrift *t, const StThriftField *f, gboolean *out)
{
  if (f->type != ST_THRIFT_TRUE && f->type != ST_THRIFT_FALSE)
    return need (t, f->type, ST_THRIFT_TRUE);
  *out = f->type == ST_THRIFT_TRUE;
  return TRUE;
}

static gboolean
read_binary (StThrift *t, const char **data, gsize *len)
{
  guint64 n;

  if (!read_varint (t, &n))
    return FALSE;
  if (n > (guint64)(t->end - t->p))
    return st_thrift_fail (t, N_ ("a string of the metadata runs past its end"));
  *data = (const char *)t->p;
  *len = (gsize)n;
  t->p += n;
  return TRUE;
}

gboolean
st_thrift_binary (StThrift *t, const StThriftField *f, const char **data, gsize *len)
{
  if (f->type != ST_THRIFT_BINARY)
    return need (t, f->type, ST_THRIFT_BINARY);
  return read_binary (t, data, len);
}

/* A list's header: its element type and count. Every element takes at
 * least a byte, so a count beyond the bytes left is damage. */
static gboolean
read_list_header (StThrift *t, guint8 *elem, guint32 *count)
{
  guint8  b;
  guint64 n;

  if (t->p >= t->end)
    return st_thrift_fail (t, N_ ("the metadata ends inside a list"));
  b = *t->p++;
  *elem = b & 0x0f;
  n = b >> 4;
  if (n == 15 && !read_varint (t, &n))
    return FALSE;
  if (n > (guint64)(t->end - t->p))
    return st_thrift_fail (t, N_ ("a list of the metadata claims more items than it has bytes"));
  *count = (guint32)n;
  return TRUE;
}

gboolean
st_thrift_list_begin (StThrift *t, const StThriftField *f, guint8 *elem, guint32 *count)
{
  if (f->type != ST_THRIFT_LIST && f->type != ST_THRIFT_SET)
    return need (t, f->type, ST_THRIFT_LIST);
  return read_list_header (t, elem, count);
}

gboolean
st_thrift_list_i32 (StThrift *t, guint8 elem, gint32 *out)
{
  StThriftField f = { 0, elem };

  return st_thrift_i32 (t, &f, out);
}

gboolean
st_thrift_list_binary (StThrift *t, guint8 elem, const char **data, gsize *len)
{
  StThriftField f = { 0, elem };

  return st_thrift_binary (t, &f, data, len);
}

static gboolean skip_value (StThrift *t, guint8 type, gboolean element);

static gboolean
skip_struct (StThrift *t)
{
  gint16        last = 0;
  StThriftField f;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    if (!skip_value (t, f.type, FALSE))
      break;
  st_thrift_struct_end (t);
  return t->error == NULL;
}

static gboolean
skip_container (StThrift *t, guint8 type)
{
  guint8  kinds = 0, elem = 0;
  guint32 count = 0;
  guint64 n;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  if (type == ST_THRIFT_MAP)
    {
      if (!read_varint (t, &n))
        return FALSE;
      if (n > (guint64)(t->end - t->p) / 2)
        return st_thrift_fail (t, N_ ("a map of the metadata claims more items than it has bytes"));
      if (n > 0)
        {
          if (t->p >= t->end)
            return st_thrift_fail (t, N_ ("the metadata ends inside a map"));
          kinds = *t->p++;
        }
      for (guint64 i = 0; i < n && t->error == NULL; i++)
        if (skip_value (t, kinds >> 4, TRUE))
          skip_value (t, kinds & 0x0f, TRUE);
    }
  else if (read_list_header (t, &elem, &count))
    for (guint32 i = 0; i < count && t->error == NULL; i++)
      skip_value (t, elem, TRUE);
  st_thrift_struct_end (t);
  return t->error == NULL;
}

/* A value of @type; an @element of a list or map stores a bool in a byte,
 * a field in its type. */
static gboolean
skip_value (StThrift *t, guint8 type, gboolean element)
{
  guint64     v;
  const char *data;
  gsize       len;

  switch (type)
    {
    case ST_THRIFT_TRUE:
    case ST_THRIFT_FALSE:
      if (!element)
        return TRUE;
      G_GNUC_FALLTHROUGH;
    case ST_THRIFT_BYTE:
      if (t->p >= t->end)
        return st_thrift_fail (t, N_ ("the metadata ends inside a value"));
      t->p++;
      return TRUE;
    case ST_THRIFT_I16:
    case ST_THRIFT_I32:
    case ST_THRIFT_I64: return read_varint (t, &v);
    case ST_THRIFT_DOUBLE:
      if (t->end - t->p < 8)
        return st_thrift_fail (t, N_ ("the metadata ends inside a value"));
      t->p += 8;
      return TRUE;
    case ST_THRIFT_BINARY: return read_binary (t, &data, &len);
    case ST_THRIFT_LIST:
    case ST_THRIFT_SET:
    case ST_THRIFT_MAP: return skip_container (t, type);
    case ST_THRIFT_STRUCT: return skip_struct (t);
    default:
      return st_thrift_fail (t, N_ ("the metadata names a type the Thrift protocol does not have"));
    }
}

/* Skips the value of a field of @type. */
gboolean
st_thrift_skip (StThrift *t, guint8 type)
{
  return skip_value (t, type, FALSE);
}
