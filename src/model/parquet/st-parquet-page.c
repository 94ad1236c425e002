/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-page.c: a column chunk, page by page, into a StParquetColumn.
 *
 * A chunk is an optional dictionary page and data pages (v1 or v2). Each
 * page is inflated on its own (an uncompressed one is read in place), its
 * definition levels say which rows are null, and its values are decoded
 * into the column's arrays at the page's first row, then spread over the
 * rows that are not null.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-parquet-private.h"
#include "st-thrift.h"
#include "st-trace-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

enum
{
  PAGE_DATA = 0,
  PAGE_INDEX = 1,
  PAGE_DICTIONARY = 2,
  PAGE_DATA_V2 = 3,
};

typedef struct
{
  gint32   type;
  gint32   uncompressed;
  gint32   compressed;
  gint32   num_values;
  gint32   encoding;
  gint32   def_encoding;
  gint32   num_nulls;
  gint32   def_len;
  gint32   rep_len;
  gboolean is_compressed;
  gboolean has_kind; /* the header of its type was there */
} PageHeader;

typedef struct
{
  StParquetFile        *file;
  const StParquetLeaf  *leaf;
  const StParquetChunk *chunk;
  StParquetColumn      *col;
  guint64               rows_done;
  guint64               at; /* the page being read, for errors */
  gboolean              has_dict;
  gint64               *dict_ints;
  double               *dict_doubles;
  guint32               n_dict;
  guint32               entries_cap;
  gboolean              any_null;
} Chunk;

static gboolean
read_kind_header (StThrift *t, PageHeader *h)
{
  gint16        last = 0;
  StThriftField f;

  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean ok;

      /* v1: 1 values, 2 encoding, 3 definition level encoding;
       * v2: 1 values, 2 nulls, 3 rows, 4 encoding, 5 and 6 level lengths,
       * 7 is_compressed; dictionary: 1 values, 2 encoding. */
      if (f.id == 1)
        ok = st_thrift_i32 (t, &f, &h->num_values);
      else if (h->type == PAGE_DATA_V2 && f.id == 2)
        ok = st_thrift_i32 (t, &f, &h->num_nulls);
      else if (h->type == PAGE_DATA_V2 && f.id == 4)
        ok = st_thrift_i32 (t, &f, &h->encoding);
      else if (h->type == PAGE_DATA_V2 && f.id == 5)
        ok = st_thrift_i32 (t, &f, &h->def_len);
      else if (h->type == PAGE_DATA_V2 && f.id == 6)
        ok = st_thrift_i32 (t, &f, &h->rep_len);
      else if (h->type == PAGE_DATA_V2 && f.id == 7)
        ok = st_thrift_bool (t, &f, &h->is_compressed);
      else if (h->type != PAGE_DATA_V2 && f.id == 2)
        ok = st_thrift_i32 (t, &f, &h->encoding);
      else if (h->type == PAGE_DATA && f.id == 3)
        ok = st_thrift_i32 (t, &f, &h->def_encoding);
      else
        ok = st_thrift_skip (t, f.type);
      if (!ok)
        break;
    }
  st_thrift_struct_end (t);
  h->has_kind = t->error == NULL;
  return h->has_kind;
}

static gboolean
read_page_header (StThrift *t, PageHeader *h)
{
  gint16        last = 0;
  StThriftField f;

  *h = (PageHeader){ -1, -1, -1, 0, 0, ST_PARQUET_RLE, 0, 0, 0, TRUE, FALSE };
  if (!st_thrift_struct_begin (t))
    return FALSE;
  while (st_thrift_next_field (t, &last, &f))
    {
      gboolean ok;

      if (f.id == 1)
        ok = st_thrift_i32 (t, &f, &h->type);
      else if (f.id == 2)
        ok = st_thrift_i32 (t, &f, &h->uncompressed);
      else if (f.id == 3)
        ok = st_thrift_i32 (t, &f, &h->compressed);
      else if ((f.id == 5 || f.id == 7 || f.id == 8) && f.type == ST_THRIFT_STRUCT)
        ok = read_kind_header (t, h);
      else
        ok = st_thrift_skip (t, f.type);
      if (!ok)
        break;
    }
  st_thrift_struct_end (t);
  if (t->error == NULL && (h->type < 0 || h->uncompressed < 0 || h->compressed < 0))
    return st_thrift_fail (t, N_ ("a page header lacks its type or sizes"));
  return t->error == NULL;
}

static gboolean
damaged (Chunk *c, const char *what, GError **error)
{
  return st_parquet_damaged (c->file, c->at, what, error);
}

/* The page's bytes, inflated: in place when stored uncompressed, else in
 * a new buffer (*owned). */
static const guint8 *
inflate_page (Chunk        *c,
              const guint8 *in,
              gsize         len,
              gsize         out_len,
              gboolean      compressed,
              guint8      **owned,
              GError      **error)
{
  const char *why = NULL;

  *owned = NULL;
  if (!compressed || c->chunk->codec == ST_PARQUET_CODEC_UNCOMPRESSED)
    {
      if (len != out_len)
        {
          damaged (c, N_ ("an uncompressed page's two sizes differ"), error);
          return NULL;
        }
      return in;
    }
  *owned = g_try_malloc (MAX (out_len, 1));
  if (*owned == NULL)
    {
      damaged (c, N_ ("a page inflates to more bytes than there is memory for"), error);
      return NULL;
    }
  if (!st_parquet_inflate (c->chunk->codec, in, len, *owned, out_len, &why))
    {
      g_clear_pointer (owned, g_free);
      damaged (c, why, error);
      return NULL;
    }
  return *owned;
}

/* Keeps @owned alive while entries point into it. */
static void
keep_buffer (Chunk *c, guint8 *owned)
{
  if (owned == NULL)
    return;
  if (c->col->buffers == NULL)
    c->col->buffers = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (c->col->buffers, owned);
}

static gboolean
ensure_entries (Chunk *c, guint64 more, GError **error)
{
  guint64 need = MAX ((guint64)c->col->n_entries + more, 1);

  if (c->col->entries != NULL && need <= c->entries_cap)
    return TRUE;
  if (need > G_MAXUINT32)
    return damaged (c, N_ ("the column has more distinct strings than Strata reads"), error);
  c->entries_cap = (guint32)MIN (G_MAXUINT32, MAX (need, (guint64)c->entries_cap * 2));
  c->col->entries = g_try_realloc_n (c->col->entries, c->entries_cap, sizeof (StParquetBytes));
  if (c->col->entries == NULL)
    return damaged (c, N_ ("the column's strings need more memory than there is"), error);
  return TRUE;
}

static gboolean
read_dictionary (Chunk *c, const PageHeader *h, const guint8 *body, GError **error)
{
  g_autofree guint8 *owned = NULL;
  const guint8      *p, *end;
  const char        *why = NULL;
  guint64            n = (guint64)MAX (h->num_values, 0);
  gboolean           ok;

  if (c->has_dict || c->rows_done > 0)
    return damaged (c, N_ ("a dictionary page comes after the column's first data page"), error);
  if (h->encoding != ST_PARQUET_PLAIN && h->encoding != ST_PARQUET_PLAIN_DICTIONARY)
    return damaged (c, N_ ("a dictionary page is not plain-encoded"), error);
  p = inflate_page (c, body, h->compressed, h->uncompressed, TRUE, &owned, error);
  if (p == NULL)
    return FALSE;
  end = p + h->uncompressed;
  /* A plain value takes at least 4 bytes (a string's length, a number). */
  if (n > (guint64)(end - p) / 4)
    return damaged (c, N_ ("a dictionary page holds fewer values than its header says"), error);
  c->has_dict = TRUE;
  c->n_dict = (guint32)n;
  if (c->leaf->info.values == ST_PARQUET_VALUES_BYTES)
    {
      ok = ensure_entries (c, n, error);
      if (ok && !(ok = st_parquet_plain_bytes (&p, end, c->col->entries, n, &why)))
        damaged (c, why, error);
      c->col->n_entries = ok ? (guint32)n : 0;
      if (ok)
        keep_buffer (c, g_steal_pointer (&owned));
      return ok;
    }
  if (c->leaf->info.values == ST_PARQUET_VALUES_INT)
    c->dict_ints = g_try_new0 (gint64, MAX (n, 1));
  else
    c->dict_doubles = g_try_new0 (double, MAX (n, 1));
  if (c->dict_ints == NULL && c->dict_doubles == NULL)
    return damaged (c, N_ ("a dictionary has more values than there is memory for"), error);
  if (!st_parquet_plain_fixed (&p, end, c->leaf, c->dict_ints, c->dict_doubles, n, &why))
    return damaged (c, why, error);
  return TRUE;
}

static guint
bit_width (guint max)
{
  guint w = 0;

  while (max >> w)
    w++;
  return w;
}

/* The page's definition levels into c->col->nulls at its first row; the
 * number of rows with a value. */
static gboolean
read_levels (Chunk         *c,
             const guint8 **p,
             const guint8  *end,
             guint64        n,
             guint64       *present,
             GError       **error)
{
  g_autofree guint32 *levels = NULL;
  const char         *why = NULL;

  *present = n;
  if (c->leaf->max_def == 0)
    return TRUE;
  levels = g_try_new (guint32, MAX (n, 1));
  if (levels == NULL)
    return damaged (c, N_ ("a page has more values than there is memory for"), error);
  if (!st_parquet_hybrid (p, end, bit_width (c->leaf->max_def), levels, n, &why))
    return damaged (c, why, error);
  for (guint64 i = 0; i < n; i++)
    {
      gboolean null = levels[i] < c->leaf->max_def;

      c->col->nulls[c->rows_done + i] = null;
      *present -= null;
      c->any_null |= null;
    }
  return TRUE;
}

/* Dictionary indices: a byte of bit width, then the hybrid. */
static gboolean
decode_indices (Chunk *c, const guint8 *p, const guint8 *end, guint64 n, GError **error)
{
  StParquetColumn    *col = c->col;
  g_autofree guint32 *idx = NULL;
  const char         *why = NULL;
  guint64             at = c->rows_done;

  if (!c->has_dict)
    return damaged (c, N_ ("a page refers to a dictionary the column does not have"), error);
  if (n > 0 && p >= end)
    return damaged (c, N_ ("a page ends before its dictionary indices"), error);
  idx = g_try_new (guint32, MAX (n, 1));
  if (idx == NULL)
    return damaged (c, N_ ("a page has more values than there is memory for"), error);
  if (n > 0)
    {
      guint width = *p++;

      if (!st_parquet_hybrid (&p, end, width, idx, n, &why))
        return damaged (c, why, error);
    }
  for (guint64 i = 0; i < n; i++)
    {
      if (idx[i] >= c->n_dict)
        return damaged (c, N_ ("a dictionary index points past the dictionary"), error);
      if (col->values == ST_PARQUET_VALUES_BYTES)
        col->index[at + i] = idx[i];
      else if (col->values == ST_PARQUET_VALUES_INT)
        col->ints[at + i] = c->dict_ints[idx[i]];
      else
        col->doubles[at + i] = c->dict_doubles[idx[i]];
    }
  return TRUE;
}

/* Byte arrays stored in the page: new entries, one per value. */
static gboolean
decode_bytes (Chunk        *c,
              gint32        encoding,
              const guint8 *p,
              const guint8 *end,
              guint64       n,
              GError      **error)
{
  StParquetColumn *col = c->col;
  StParquetBytes  *out;
  const char      *why = NULL;
  gboolean         ok;

  if (!ensure_entries (c, n, error))
    return FALSE;
  out = col->entries + col->n_entries;
  if (encoding == ST_PARQUET_PLAIN)
    ok = st_parquet_plain_bytes (&p, end, out, n, &why);
  else if (encoding == ST_PARQUET_DELTA_LENGTH_BYTE_ARRAY)
    ok = st_parquet_delta_length_bytes (&p, end, out, n, &why);
  else
    {
      if (col->buffers == NULL)
        col->buffers = g_ptr_array_new_with_free_func (g_free);
      ok = st_parquet_delta_bytes (&p, end, out, n, col->buffers, &why);
    }
  if (!ok)
    return damaged (c, why, error);
  for (guint64 i = 0; i < n; i++)
    col->index[c->rows_done + i] = col->n_entries + (guint32)i;
  col->n_entries += (guint32)n;
  return TRUE;
}

/* Booleans RLE-encoded: a 4-byte length, then the hybrid of width 1. */
static gboolean
rle_bools (const guint8 *p, const guint8 *end, gint64 *ints, guint64 n, const char **why)
{
  g_autofree guint32 *bits = NULL;
  guint32             len;

  if (end - p < 4)
    {
      *why = N_ ("a page ends before its values");
      return FALSE;
    }
  memcpy (&len, p, 4);
  len = GUINT32_FROM_LE (len);
  p += 4;
  if (len > (guint64)(end - p))
    {
      *why = N_ ("the page's values run past its end");
      return FALSE;
    }
  bits = g_try_new (guint32, MAX (n, 1));
  if (bits == NULL)
    {
      *why = N_ ("a page has more values than there is memory for");
      return FALSE;
    }
  if (!st_parquet_hybrid (&p, p + len, 1, bits, n, why))
    return FALSE;
  for (guint64 i = 0; i < n; i++)
    ints[i] = bits[i] & 1;
  return TRUE;
}

static gboolean
decode_values (Chunk        *c,
               gint32        encoding,
               const guint8 *p,
               const guint8 *end,
               guint64       n,
               GError      **error)
{
  StParquetColumn *col = c->col;
  gint64          *ints = col->ints ? col->ints + c->rows_done : NULL;
  double          *doubles = col->doubles ? col->doubles + c->rows_done : NULL;
  const char      *why = NULL;
  gboolean         ok = TRUE;

  if (encoding == ST_PARQUET_PLAIN_DICTIONARY || encoding == ST_PARQUET_RLE_DICTIONARY)
    return decode_indices (c, p, end, n, error);
  if (col->values == ST_PARQUET_VALUES_BYTES
      && (encoding == ST_PARQUET_PLAIN || encoding == ST_PARQUET_DELTA_LENGTH_BYTE_ARRAY
          || encoding == ST_PARQUET_DELTA_BYTE_ARRAY))
    return decode_bytes (c, encoding, p, end, n, error);
  if (col->values == ST_PARQUET_VALUES_BYTES)
    ok = FALSE;
  else if (encoding == ST_PARQUET_PLAIN)
    ok = st_parquet_plain_fixed (&p, end, c->leaf, ints, doubles, n, &why);
  else if (encoding == ST_PARQUET_BYTE_STREAM_SPLIT)
    ok = st_parquet_byte_stream_split (&p, end, c->leaf, ints, doubles, n, &why);
  else if (encoding == ST_PARQUET_DELTA_BINARY_PACKED && ints != NULL && !c->leaf->info.is_bool)
    {
      ok = st_parquet_delta_binary (&p, end, ints, n, &why);
      for (guint64 i = 0; ok && c->leaf->info.type == ST_PARQUET_INT32 && i < n; i++)
        ints[i] = (gint32)ints[i];
    }
  else if (encoding == ST_PARQUET_RLE && c->leaf->info.is_bool)
    ok = rle_bools (p, end, ints, n, &why);
  else
    ok = FALSE;
  if (!ok && why != NULL)
    return damaged (c, why, error);
  if (!ok)
    return damaged (c,
                    N_ ("the page is encoded in a way Strata does not read for its column's "
                        "type"),
                    error);
  return TRUE;
}

/* The @present values decoded at the page's first row, moved to the rows
 * that are not null: from the last, so that none is overwritten before it
 * has moved. */
static void
spread (Chunk *c, guint64 n, guint64 present)
{
  StParquetColumn *col = c->col;
  guint64          at = c->rows_done, k = present;

  if (present == n)
    return;
  for (guint64 r = n; r-- > 0;)
    {
      guint64 to = at + r, from;

      if (col->nulls[to])
        {
          if (col->ints)
            col->ints[to] = 0;
          if (col->doubles)
            col->doubles[to] = 0;
          if (col->index)
            col->index[to] = 0;
          continue;
        }
      from = at + --k;
      if (col->ints)
        col->ints[to] = col->ints[from];
      if (col->doubles)
        col->doubles[to] = col->doubles[from];
      if (col->index)
        col->index[to] = col->index[from];
    }
}

/* Values whose entries point into the page's own bytes keep them. */
static gboolean
points_into_page (const Chunk *c, gint32 encoding)
{
  return c->col->values == ST_PARQUET_VALUES_BYTES
         && (encoding == ST_PARQUET_PLAIN || encoding == ST_PARQUET_DELTA_LENGTH_BYTE_ARRAY);
}

static gboolean
read_data_v1 (Chunk *c, const PageHeader *h, const guint8 *body, GError **error)
{
  g_autofree guint8 *owned = NULL;
  const guint8      *p, *end;
  guint64            n = (guint64)h->num_values, present = n;

  p = inflate_page (c, body, h->compressed, h->uncompressed, TRUE, &owned, error);
  if (p == NULL)
    return FALSE;
  end = p + h->uncompressed;
  if (c->leaf->max_def > 0)
    {
      const guint8 *levels;
      guint32       len;

      if (h->def_encoding != ST_PARQUET_RLE)
        return damaged (c, N_ ("the definition levels are not RLE-encoded"), error);
      if (end - p < 4)
        return damaged (c, N_ ("a page ends before its definition levels"), error);
      memcpy (&len, p, 4);
      len = GUINT32_FROM_LE (len);
      p += 4;
      if (len > (guint64)(end - p))
        return damaged (c, N_ ("the definition levels run past the page"), error);
      levels = p;
      if (!read_levels (c, &levels, p + len, n, &present, error))
        return FALSE;
      p += len;
    }
  if (!decode_values (c, h->encoding, p, end, present, error))
    return FALSE;
  spread (c, n, present);
  if (points_into_page (c, h->encoding))
    keep_buffer (c, g_steal_pointer (&owned));
  return TRUE;
}

static gboolean
read_data_v2 (Chunk *c, const PageHeader *h, const guint8 *body, GError **error)
{
  g_autofree guint8 *owned = NULL;
  const guint8      *p, *levels = body + h->rep_len;
  guint64            n = (guint64)h->num_values, present = n;
  gint64             head = (gint64)h->def_len + h->rep_len;

  if (h->def_len < 0 || h->rep_len < 0 || head > h->compressed || head > h->uncompressed)
    return damaged (c, N_ ("a page's levels are longer than the page"), error);
  if (!read_levels (c, &levels, body + head, n, &present, error))
    return FALSE;
  if (h->num_nulls != (gint32)(n - present))
    return damaged (c, N_ ("a page's count of nulls differs from its levels"), error);
  p = inflate_page (c, body + head, h->compressed - head, h->uncompressed - head, h->is_compressed,
                    &owned, error);
  if (p == NULL || !decode_values (c, h->encoding, p, p + (h->uncompressed - head), present, error))
    return FALSE;
  spread (c, n, present);
  if (points_into_page (c, h->encoding))
    keep_buffer (c, g_steal_pointer (&owned));
  return TRUE;
}

static gboolean
read_page (Chunk *c, const PageHeader *h, const guint8 *body, GError **error)
{
  if (h->type == PAGE_DICTIONARY)
    return read_dictionary (c, h, body, error);
  if (h->type != PAGE_DATA && h->type != PAGE_DATA_V2)
    return TRUE; /* an index page: nothing to read */
  if (!h->has_kind)
    return damaged (c, N_ ("a data page has no data page header"), error);
  if (h->num_values < 0 || (guint64)h->num_values > c->col->n_rows - c->rows_done)
    return damaged (c, N_ ("a page holds more values than its row group has rows left"), error);
  if (!(h->type == PAGE_DATA ? read_data_v1 (c, h, body, error) : read_data_v2 (c, h, body, error)))
    return FALSE;
  c->rows_done += (guint64)h->num_values;
  return TRUE;
}

/* The pages of [@pos, @end) until every row has its value. */
static gboolean
read_pages (Chunk *c, guint64 pos, guint64 end, GError **error)
{
  const guint8 *data = c->file->data;

  while (c->rows_done < c->col->n_rows)
    {
      StThrift      t;
      PageHeader    h;
      const guint8 *body;
      guint64       left;

      c->at = pos;
      if (pos >= end)
        return damaged (c, N_ ("the column chunk ends before its last value"), error);
      st_thrift_init (&t, data + pos, end - pos);
      if (!read_page_header (&t, &h))
        return st_parquet_damaged (c->file, pos + st_thrift_offset (&t), t.error, error);
      body = data + pos + st_thrift_offset (&t);
      left = end - (pos + st_thrift_offset (&t));
      if ((guint64)h.compressed > left)
        return damaged (c, N_ ("a page header says its data runs past the column chunk"), error);
      if ((guint64)h.uncompressed > ST_PARQUET_MAX_PAGE_BYTES)
        return damaged (c, N_ ("a page header says it inflates to more than 1 GB"), error);
      if (!read_page (c, &h, body, error))
        return FALSE;
      pos = (guint64)(body - data) + (guint64)h.compressed;
    }
  return TRUE;
}

/* Where the chunk's pages lie, checked against the file. */
static gboolean
chunk_range (Chunk *c, guint64 *start, guint64 *end, GError **error)
{
  const StParquetChunk *k = c->chunk;
  guint64               size = c->file->size;
  gint64                s = k->data_page_offset;

  c->at = (guint64)MAX (s, 0);
  if (k->external)
    return damaged (c, N_ ("the column's data is in another file, which Strata does not follow"),
                    error);
  if (!st_parquet_codec_known (k->codec))
    return damaged (c,
                    N_ ("the column is compressed with a codec Strata does not read (it reads "
                        "snappy, zstd, gzip and uncompressed pages)"),
                    error);
  if (k->type != (gint32)c->leaf->info.type)
    return damaged (c, N_ ("the column chunk's type differs from the schema's"), error);
  if ((guint64)k->num_values != c->col->n_rows)
    return damaged (c,
                    N_ ("the column chunk holds another number of values than its row group "
                        "has rows"),
                    error);
  if (k->dictionary_page_offset > 0 && k->dictionary_page_offset < s)
    s = k->dictionary_page_offset;
  if (s < 4 || (guint64)s > size || k->total_compressed_size < 0
      || (guint64)k->total_compressed_size > size - (guint64)s)
    return damaged (c, N_ ("the column chunk lies outside the file"), error);
  *start = (guint64)s;
  *end = (guint64)s + (guint64)k->total_compressed_size;
  return TRUE;
}

static gboolean
alloc_arrays (Chunk *c, GError **error)
{
  StParquetColumn *col = c->col;
  gsize            n = MAX (col->n_rows, 1);
  gboolean         ok = TRUE;

  if (c->leaf->info.optional)
    ok &= (col->nulls = g_try_malloc0 (n)) != NULL;
  if (col->values == ST_PARQUET_VALUES_INT)
    ok &= (col->ints = g_try_new0 (gint64, n)) != NULL;
  else if (col->values == ST_PARQUET_VALUES_DOUBLE)
    ok &= (col->doubles = g_try_new0 (double, n)) != NULL;
  else
    ok &= (col->index = g_try_new0 (guint32, n)) != NULL;
  if (!ok)
    return damaged (c, N_ ("the row group has more rows than there is memory for"), error);
  return TRUE;
}

/* Column @column of row group @group: every row's value. */
StParquetColumn *
st_parquet_read_chunk (StParquetFile *self, guint group, guint column, GError **error)
{
  const StParquetLeaf *leaf = &g_array_index (self->leaves, StParquetLeaf, column);
  Chunk                c = { self, leaf, &self->groups[group].chunks[column] };
  guint64              start = 0, end = 0;
  gboolean             ok;

  if (!leaf->info.flat || leaf->info.values == ST_PARQUET_VALUES_NONE)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: the column “%s” is nested or of a type Strata does not read."),
                   self->display_name, leaf->name);
      return NULL;
    }
  c.col = g_new0 (StParquetColumn, 1);
  c.col->values = leaf->info.values;
  c.col->n_rows = (guint64)self->groups[group].num_rows;
  ok = chunk_range (&c, &start, &end, error) && alloc_arrays (&c, error)
       && read_pages (&c, start, end, error);
  g_free (c.dict_ints);
  g_free (c.dict_doubles);
  if (!ok)
    {
      st_parquet_column_free (c.col);
      return NULL;
    }
  if (!c.any_null)
    g_clear_pointer (&c.col->nulls, g_free);
  return c.col;
}
