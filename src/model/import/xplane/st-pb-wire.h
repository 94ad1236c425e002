/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-pb-wire.h: the protobuf wire format, read in place.
 *
 * A message is a run of fields, each a key (field number << 3 | wire type)
 * and a value: a varint, 8 or 4 little-endian bytes, or a length and that
 * many bytes (strings, bytes, sub-messages, packed arrays). Nothing is
 * copied: a length-delimited value is a span of the mapped file, and a
 * field this reader does not know is stepped over by its length. The wire
 * types of groups (3, 4) and the unused ones (6, 7) never occur in an XSpace:
 * meeting one means the bytes are damaged.
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef enum
{
  ST_PB_VARINT = 0,
  ST_PB_I64 = 1,
  ST_PB_LEN = 2,
  ST_PB_I32 = 5,
} StPbWire;

typedef enum
{
  ST_PB_OK,
  ST_PB_END,
  ST_PB_ERROR,
} StPbResult;

typedef struct
{
  const guint8 *p;
  const guint8 *end;
  const guint8 *at; /* the key of the field last read, or of the one that failed */
} StPbReader;

typedef struct
{
  guint32       number;
  guint8        wire;
  guint64       value; /* a varint, or the bits of a fixed64 or fixed32 */
  const guint8 *data;  /* a length-delimited value */
  gsize         len;
} StPbField;

static inline void
st_pb_reader_init (StPbReader *r, const guint8 *data, gsize len)
{
  r->p = r->at = data;
  r->end = data + len;
}

/* At most ten bytes; FALSE when the bytes end before the last one. */
static inline gboolean
st_pb_read_varint (const guint8 **p, const guint8 *end, guint64 *out)
{
  const guint8 *q = *p;
  guint64       v = 0;

  for (guint shift = 0; shift < 70; shift += 7)
    {
      guint8 b;

      if (q >= end)
        return FALSE;
      b = *q++;
      v |= (guint64)(b & 0x7f) << (shift < 64 ? shift : 63);
      if (b < 0x80)
        {
          *p = q;
          *out = v;
          return TRUE;
        }
    }
  return FALSE;
}

static inline StPbResult
st_pb_next (StPbReader *r, StPbField *f)
{
  guint64 key, len;

  r->at = r->p;
  if (r->p >= r->end)
    return ST_PB_END;
  if (!st_pb_read_varint (&r->p, r->end, &key) || key >> 3 == 0 || key >> 3 > G_MAXINT32)
    return ST_PB_ERROR;
  f->number = (guint32)(key >> 3);
  f->wire = key & 7;
  switch (f->wire)
    {
    case ST_PB_VARINT: return st_pb_read_varint (&r->p, r->end, &f->value) ? ST_PB_OK : ST_PB_ERROR;
    case ST_PB_I64:
      if (r->end - r->p < 8)
        return ST_PB_ERROR;
      memcpy (&f->value, r->p, 8);
      f->value = GUINT64_FROM_LE (f->value);
      r->p += 8;
      return ST_PB_OK;
    case ST_PB_I32:
      {
        guint32 v;

        if (r->end - r->p < 4)
          return ST_PB_ERROR;
        memcpy (&v, r->p, 4);
        f->value = GUINT32_FROM_LE (v);
        r->p += 4;
        return ST_PB_OK;
      }
    case ST_PB_LEN:
      if (!st_pb_read_varint (&r->p, r->end, &len) || len > (guint64)(r->end - r->p))
        return ST_PB_ERROR;
      f->data = r->p;
      f->len = len;
      r->p += len;
      return ST_PB_OK;
    default: return ST_PB_ERROR;
    }
}

G_END_DECLS
