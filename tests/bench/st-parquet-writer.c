/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-writer.c: see st-parquet-writer.h. The layout is the format's:
 * "PAR1", the column chunks of each row group (a dictionary page, then one
 * data page), the FileMetaData in the Thrift compact protocol, its length,
 * "PAR1". */
#include "st-parquet-writer.h"

#include <snappy-c.h>
#include <stdio.h>
#include <string.h>

enum
{
  T_STOP = 0,
  T_I32 = 5,
  T_I64 = 6,
  T_BINARY = 8,
  T_LIST = 9,
  T_STRUCT = 12,
};

/* The Thrift compact protocol, writing. */
typedef struct
{
  GByteArray *b;
  gint16      last[16];
  guint       depth;
} Tw;

static void
tw_byte (Tw *t, guint8 v)
{
  g_byte_array_append (t->b, &v, 1);
}

static void
tw_varint (Tw *t, guint64 v)
{
  while (v >= 0x80)
    {
      tw_byte (t, (guint8)(v | 0x80));
      v >>= 7;
    }
  tw_byte (t, (guint8)v);
}

static void
tw_field (Tw *t, gint16 id, guint8 type)
{
  gint16 delta = id - t->last[t->depth];

  if (delta > 0 && delta <= 15)
    tw_byte (t, (guint8)(delta << 4 | type));
  else
    {
      tw_byte (t, type);
      tw_varint (t, ((guint64)id << 1) ^ (guint64)(id >> 15));
    }
  t->last[t->depth] = id;
}

static void
tw_i64 (Tw *t, gint16 id, gint64 v)
{
  tw_field (t, id, T_I64);
  tw_varint (t, ((guint64)v << 1) ^ (guint64)(v >> 63));
}

static void
tw_i32 (Tw *t, gint16 id, gint32 v)
{
  tw_field (t, id, T_I32);
  tw_varint (t, ((guint64)(guint32)v << 1) ^ (guint64)(guint32)(v >> 31));
}

static void
tw_bytes (Tw *t, const char *s, gsize len)
{
  tw_varint (t, len);
  g_byte_array_append (t->b, (const guint8 *)s, len);
}

static void
tw_string (Tw *t, gint16 id, const char *s)
{
  tw_field (t, id, T_BINARY);
  tw_bytes (t, s, strlen (s));
}

/* A struct, as a field (@id > 0) or as a list's element (@id 0). */
static void
tw_begin (Tw *t, gint16 id)
{
  if (id > 0)
    tw_field (t, id, T_STRUCT);
  t->last[++t->depth] = 0;
}

static void
tw_end (Tw *t)
{
  tw_byte (t, T_STOP);
  t->depth--;
}

static void
tw_list (Tw *t, gint16 id, guint8 elem, guint n)
{
  tw_field (t, id, T_LIST);
  if (n < 15)
    tw_byte (t, (guint8)(n << 4 | elem));
  else
    {
      tw_byte (t, 0xf0 | elem);
      tw_varint (t, n);
    }
}

typedef struct
{
  gint64 data_page, dictionary_page, compressed, uncompressed;
  guint  encoding;
} Chunk;

typedef struct
{
  PwColumn    spec;
  GByteArray *values;  /* PLAIN, the values that are not null */
  GByteArray *defined; /* a byte per row, 1 when not null */
  GHashTable *dict;    /* string -> index + 1 */
  GByteArray *dict_values;
  GArray     *indices; /* guint32 per value */
  GArray     *chunks;  /* Chunk per row group */
} Column;

struct _PwWriter
{
  FILE    *fp;
  gint64   offset;
  Column  *columns;
  guint    n_columns;
  guint64  rows;       /* buffered */
  GArray  *group_rows; /* gint64 per row group */
  gboolean failed;
};

PwWriter *
pw_open (const char *path, const PwColumn *columns, guint n_columns)
{
  PwWriter *w = g_new0 (PwWriter, 1);

  w->fp = fopen (path, "wb");
  if (w->fp == NULL)
    {
      g_free (w);
      return NULL;
    }
  w->columns = g_new0 (Column, n_columns);
  w->n_columns = n_columns;
  w->group_rows = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint c = 0; c < n_columns; c++)
    {
      Column *col = &w->columns[c];

      col->spec = columns[c];
      col->values = g_byte_array_new ();
      col->defined = g_byte_array_new ();
      col->dict = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      col->dict_values = g_byte_array_new ();
      col->indices = g_array_new (FALSE, FALSE, sizeof (guint32));
      col->chunks = g_array_new (FALSE, FALSE, sizeof (Chunk));
    }
  w->failed = fwrite ("PAR1", 1, 4, w->fp) != 4;
  w->offset = 4;
  return w;
}

static void
defined (PwWriter *w, guint c, guint8 yes)
{
  g_byte_array_append (w->columns[c].defined, &yes, 1);
  if (c == 0)
    w->rows++;
}

void
pw_int (PwWriter *w, guint c, gint64 v)
{
  Column *col = &w->columns[c];
  guint32 v32 = GUINT32_TO_LE ((guint32)v);
  guint64 v64 = GUINT64_TO_LE ((guint64)v);

  if (col->spec.type == PW_INT32)
    g_byte_array_append (col->values, (guint8 *)&v32, 4);
  else
    g_byte_array_append (col->values, (guint8 *)&v64, 8);
  defined (w, c, 1);
}

void
pw_double (PwWriter *w, guint c, double v)
{
  guint64 bits;

  memcpy (&bits, &v, 8);
  bits = GUINT64_TO_LE (bits);
  g_byte_array_append (w->columns[c].values, (guint8 *)&bits, 8);
  defined (w, c, 1);
}

static void
plain_string (GByteArray *out, const char *s)
{
  guint32 len = GUINT32_TO_LE ((guint32)strlen (s));

  g_byte_array_append (out, (guint8 *)&len, 4);
  g_byte_array_append (out, (const guint8 *)s, strlen (s));
}

void
pw_string (PwWriter *w, guint c, const char *s)
{
  Column *col = &w->columns[c];

  if (col->spec.dictionary)
    {
      guint32 index = GPOINTER_TO_UINT (g_hash_table_lookup (col->dict, s));

      if (index == 0)
        {
          index = g_hash_table_size (col->dict) + 1;
          g_hash_table_insert (col->dict, g_strdup (s), GUINT_TO_POINTER (index));
          plain_string (col->dict_values, s);
        }
      index--;
      g_array_append_val (col->indices, index);
    }
  else
    plain_string (col->values, s);
  defined (w, c, 1);
}

void
pw_null (PwWriter *w, guint c)
{
  defined (w, c, 0);
}

guint64
pw_rows_buffered (PwWriter *w)
{
  return w->rows;
}

/* The RLE / bit-packed hybrid, all bit-packed: groups of eight values. */
static void
hybrid (GByteArray *out, const guint32 *values, guint64 n, guint width)
{
  guint64 groups = (n + 7) / 8;
  Tw      t = { out };
  guint8 *p;

  tw_varint (&t, groups << 1 | 1);
  g_byte_array_set_size (out, out->len + groups * width);
  p = out->data + out->len - groups * width;
  memset (p, 0, groups * width);
  for (guint64 i = 0; i < n; i++)
    for (guint b = 0; b < width; b++)
      if (values[i] >> b & 1)
        p[(i * width + b) / 8] |= (guint8)(1u << ((i * width + b) % 8));
}

static void
write_page (PwWriter *w, guint type, const GByteArray *body, guint n, guint encoding, gboolean dict)
{
  size_t      max = snappy_max_compressed_length (body->len), len = max;
  char       *z = g_malloc (max);
  GByteArray *h = g_byte_array_new ();
  Tw          t = { h };

  snappy_compress ((const char *)body->data, body->len, z, &len);
  tw_begin (&t, 0);
  tw_i32 (&t, 1, (gint32)type);
  tw_i32 (&t, 2, (gint32)body->len);
  tw_i32 (&t, 3, (gint32)len);
  tw_begin (&t, dict ? 7 : 5);
  tw_i32 (&t, 1, (gint32)n);
  tw_i32 (&t, 2, (gint32)encoding);
  if (!dict)
    {
      tw_i32 (&t, 3, 3); /* definition levels: RLE */
      tw_i32 (&t, 4, 3);
    }
  tw_end (&t);
  tw_end (&t);
  w->failed |= fwrite (h->data, 1, h->len, w->fp) != h->len;
  w->failed |= fwrite (z, 1, len, w->fp) != len;
  w->offset += h->len + len;
  g_byte_array_unref (h);
  g_free (z);
}

static void
write_chunk (PwWriter *w, Column *col)
{
  g_autoptr (GByteArray) body = g_byte_array_new ();
  Chunk                  chunk = { 0, 0, 0, 0, 0 };
  gint64                 start = w->offset;
  guint                  n_dict = g_hash_table_size (col->dict);

  if (col->spec.dictionary)
    {
      chunk.dictionary_page = w->offset;
      write_page (w, 2, col->dict_values, n_dict, 0, TRUE);
    }
  chunk.data_page = w->offset;
  if (col->spec.optional)
    {
      g_autofree guint32 *levels = g_new (guint32, MAX (w->rows, 1));
      gsize               at = body->len;
      guint32             len;

      for (guint64 i = 0; i < w->rows; i++)
        levels[i] = col->defined->data[i];
      g_byte_array_set_size (body, at + 4);
      hybrid (body, levels, w->rows, 1);
      len = GUINT32_TO_LE ((guint32)(body->len - at - 4));
      memcpy (body->data + at, &len, 4);
    }
  if (col->spec.dictionary)
    {
      guint width = 0;

      while ((1u << width) < MAX (n_dict, 1))
        width++;
      g_byte_array_append (body, (guint8 *)&width, 1);
      hybrid (body, (guint32 *)(void *)col->indices->data, col->indices->len, width);
      chunk.encoding = 8; /* RLE_DICTIONARY */
    }
  else
    g_byte_array_append (body, col->values->data, col->values->len);
  write_page (w, 0, body, (guint)w->rows, chunk.encoding, FALSE);
  chunk.compressed = w->offset - start;
  chunk.uncompressed = body->len + col->dict_values->len;
  g_array_append_val (col->chunks, chunk);
}

void
pw_end_row_group (PwWriter *w)
{
  gint64 rows = (gint64)w->rows;

  if (w->rows == 0)
    return;
  for (guint c = 0; c < w->n_columns; c++)
    {
      Column *col = &w->columns[c];

      write_chunk (w, col);
      g_byte_array_set_size (col->values, 0);
      g_byte_array_set_size (col->defined, 0);
      g_byte_array_set_size (col->dict_values, 0);
      g_hash_table_remove_all (col->dict);
      g_array_set_size (col->indices, 0);
    }
  g_array_append_val (w->group_rows, rows);
  w->rows = 0;
}

static const gint32 physical[] = { 2, 1, 5, 6 }; /* INT64, INT32, DOUBLE, BYTE_ARRAY */

static void
write_schema (PwWriter *w, Tw *t)
{
  tw_list (t, 2, T_STRUCT, w->n_columns + 1);
  tw_begin (t, 0);
  tw_string (t, 4, "schema");
  tw_i32 (t, 5, (gint32)w->n_columns);
  tw_end (t);
  for (guint c = 0; c < w->n_columns; c++)
    {
      tw_begin (t, 0);
      tw_i32 (t, 1, physical[w->columns[c].spec.type]);
      tw_i32 (t, 3, w->columns[c].spec.optional ? 1 : 0);
      tw_string (t, 4, w->columns[c].spec.name);
      if (w->columns[c].spec.type == PW_STRING)
        tw_i32 (t, 6, 0); /* UTF8 */
      tw_end (t);
    }
}

static void
write_column_meta (PwWriter *w, Tw *t, guint c, guint g)
{
  const Column *col = &w->columns[c];
  const Chunk  *chunk = &g_array_index (col->chunks, Chunk, g);

  tw_begin (t, 0);
  tw_i64 (t, 2, chunk->dictionary_page ? chunk->dictionary_page : chunk->data_page);
  tw_begin (t, 3);
  tw_i32 (t, 1, physical[col->spec.type]);
  tw_list (t, 2, T_I32, 2);
  tw_varint (t, (guint64)chunk->encoding << 1);
  tw_varint (t, 3 << 1);
  tw_list (t, 3, T_BINARY, 1);
  tw_bytes (t, col->spec.name, strlen (col->spec.name));
  tw_i32 (t, 4, 1); /* SNAPPY */
  tw_i64 (t, 5, g_array_index (w->group_rows, gint64, g));
  tw_i64 (t, 6, chunk->uncompressed);
  tw_i64 (t, 7, chunk->compressed);
  tw_i64 (t, 9, chunk->data_page);
  if (chunk->dictionary_page)
    tw_i64 (t, 11, chunk->dictionary_page);
  tw_end (t);
  tw_end (t);
}

gboolean
pw_close (PwWriter *w)
{
  g_autoptr (GByteArray) meta = g_byte_array_new ();
  Tw                     t = { meta };
  gint64                 total = 0;
  guint32                len;
  gboolean               ok;

  pw_end_row_group (w);
  for (guint g = 0; g < w->group_rows->len; g++)
    total += g_array_index (w->group_rows, gint64, g);
  tw_begin (&t, 0);
  tw_i32 (&t, 1, 1);
  write_schema (w, &t);
  tw_i64 (&t, 3, total);
  tw_list (&t, 4, T_STRUCT, w->group_rows->len);
  for (guint g = 0; g < w->group_rows->len; g++)
    {
      tw_begin (&t, 0);
      tw_list (&t, 1, T_STRUCT, w->n_columns);
      for (guint c = 0; c < w->n_columns; c++)
        write_column_meta (w, &t, c, g);
      tw_i64 (&t, 2, 0);
      tw_i64 (&t, 3, g_array_index (w->group_rows, gint64, g));
      tw_end (&t);
    }
  tw_string (&t, 6, "st-gen-neuron-parquet");
  tw_end (&t);
  len = GUINT32_TO_LE (meta->len);
  w->failed |= fwrite (meta->data, 1, meta->len, w->fp) != meta->len;
  w->failed |= fwrite (&len, 1, 4, w->fp) != 4 || fwrite ("PAR1", 1, 4, w->fp) != 4;
  ok = !w->failed && fclose (w->fp) == 0;
  for (guint c = 0; c < w->n_columns; c++)
    {
      Column *col = &w->columns[c];

      g_byte_array_unref (col->values);
      g_byte_array_unref (col->defined);
      g_hash_table_unref (col->dict);
      g_byte_array_unref (col->dict_values);
      g_array_unref (col->indices);
      g_array_unref (col->chunks);
    }
  g_free (w->columns);
  g_array_unref (w->group_rows);
  g_free (w);
  return ok;
}
