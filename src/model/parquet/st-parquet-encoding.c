/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-encoding.c: the value encodings of Parquet pages.
 *
 * Each decoder reads from [*p, end), checks every count and length against
 * the bytes left before it reads them, and moves *p past what it read.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-parquet-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The largest block of a delta encoding Strata accepts; writers use 128. */
#define DELTA_MAX_BLOCK 65536
/* The most bytes DELTA_BYTE_ARRAY may rebuild from one page's prefixes. */
#define DELTA_MAX_BYTES (G_GUINT64_CONSTANT (256) << 20)

static gboolean
fail (const char **why, const char *what)
{
  *why = what;
  return FALSE;
}

static gboolean
varint (const guint8 **p, const guint8 *end, guint64 *out)
{
  guint64 v = 0;

  for (guint shift = 0; shift < 64; shift += 7)
    {
      if (*p >= end)
        return FALSE;
      v |= (guint64)(**p & 0x7f) << shift;
      if ((*(*p)++ & 0x80) == 0)
        {
          *out = v;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
zigzag_varint (const guint8 **p, const guint8 *end, gint64 *out)
{
  guint64 v;

  if (!varint (p, end, &v))
    return FALSE;
  *out = (gint64)(v >> 1) ^ -(gint64)(v & 1);
  return TRUE;
}

/* Eight bytes little-endian at @p, zeros past @limit. */
static inline guint64
load_le64 (const guint8 *p, const guint8 *limit)
{
  guint64 v = 0;

  if (limit - p >= 8)
    {
      memcpy (&v, p, 8);
      return GUINT64_FROM_LE (v);
    }
  for (gsize i = 0; p + i < limit; i++)
    v |= (guint64)p[i] << (8 * i);
  return v;
}

/* @n values of @width bits, least significant bit first, from @p; the
 * caller checked that [@p, @limit) holds them. */
static guint64
unpack_one (const guint8 *p, const guint8 *limit, guint width, guint64 bit)
{
  const guint8 *q = p + (bit >> 3);
  guint         off = bit & 7;
  guint64       v = load_le64 (q, limit) >> off;

  if (off + width > 64)
    v |= (guint64)q[8] << (64 - off);
  return width == 64 ? v : v & ((G_GUINT64_CONSTANT (1) << width) - 1);
}

static void
unpack32 (const guint8 *p, const guint8 *limit, guint width, guint64 n, guint32 *out)
{
  if (width == 0)
    {
      memset (out, 0, n * sizeof *out);
      return;
    }
  for (guint64 i = 0; i < n; i++)
    out[i] = (guint32)unpack_one (p, limit, width, i * width);
}

static void
unpack64 (const guint8 *p, const guint8 *limit, guint width, guint64 n, guint64 *out)
{
  if (width == 0)
    {
      memset (out, 0, n * sizeof *out);
      return;
    }
  for (guint64 i = 0; i < n; i++)
    out[i] = unpack_one (p, limit, width, i * width);
}

/* The RLE / bit-packed hybrid: @n values of @bit_width bits (at most 32). */
gboolean
st_parquet_hybrid (const guint8 **pp,
                   const guint8  *end,
                   guint          bit_width,
                   guint32       *out,
                   guint64        n,
                   const char   **why)
{
  const guint8 *p = *pp;
  guint         byte_width = (bit_width + 7) / 8;
  guint64       done = 0;

  if (bit_width > 32)
    return fail (why, N_ ("a run of levels or indices is wider than 32 bits"));
  while (done < n)
    {
      guint64 header, count;

      if (!varint (&p, end, &header))
        return fail (why, N_ ("the levels or indices end before the page's last value"));
      count = header >> 1;
      if ((header & 1) == 0)
        {
          guint32 value = 0;

          if ((gsize)(end - p) < byte_width)
            return fail (why, N_ ("a run of levels or indices ends early"));
          for (guint b = 0; b < byte_width; b++)
            value |= (guint32)p[b] << (8 * b);
          p += byte_width;
          count = MIN (count, n - done);
          for (guint64 i = 0; i < count; i++)
            out[done + i] = value;
          done += count;
        }
      else
        {
          guint64 bytes, take;

          /* Groups of eight values of no bits take no room. */
          if (bit_width > 0 && count > (guint64)(end - p) / bit_width)
            return fail (why, N_ ("a group of packed levels or indices runs past the page"));
          bytes = count * bit_width;
          take = count >= (n - done + 7) / 8 ? n - done : count * 8;
          unpack32 (p, p + bytes, bit_width, take, out + done);
          p += bytes;
          done += take;
        }
    }
  *pp = p;
  return TRUE;
}

typedef struct
{
  guint64 block, miniblocks, per_mini, total;
  gint64  first;
} DeltaHeader;

static gboolean
delta_header (const guint8 **p, const guint8 *end, guint64 n, DeltaHeader *h, const char **why)
{
  if (!varint (p, end, &h->block) || !varint (p, end, &h->miniblocks) || !varint (p, end, &h->total)
      || !zigzag_varint (p, end, &h->first))
    return fail (why, N_ ("a delta-encoded page ends inside its header"));
  if (h->block == 0 || h->block % 128 != 0 || h->block > DELTA_MAX_BLOCK || h->miniblocks == 0
      || h->block % h->miniblocks != 0 || (h->block / h->miniblocks) % 32 != 0)
    return fail (why, N_ ("a delta-encoded page has a block size the format does not allow"));
  if (h->total != n)
    return fail (why, N_ ("a delta-encoded page holds another number of values than its header "
                          "says"));
  h->per_mini = h->block / h->miniblocks;
  return TRUE;
}

/* DELTA_BINARY_PACKED: @n values, wrapping as the writer's integers do. */
gboolean
st_parquet_delta_binary (const guint8 **pp,
                         const guint8  *end,
                         gint64        *out,
                         guint64        n,
                         const char   **why)
{
  const guint8       *p = *pp;
  DeltaHeader         h;
  g_autofree guint64 *tmp = NULL;
  guint64             prev, done;

  if (!delta_header (&p, end, n, &h, why))
    return FALSE;
  tmp = g_new (guint64, h.per_mini);
  prev = (guint64)h.first;
  if (n > 0)
    out[0] = h.first;
  for (done = MIN (n, 1); done < n;)
    {
      gint64        min_delta;
      const guint8 *widths;

      if (!zigzag_varint (&p, end, &min_delta) || (guint64)(end - p) < h.miniblocks)
        return fail (why, N_ ("a delta-encoded page ends inside a block header"));
      widths = p;
      p += h.miniblocks;
      for (guint64 m = 0; m < h.miniblocks && done < n; m++)
        {
          guint64 bytes = h.per_mini * widths[m] / 8;

          if (widths[m] > 64 || bytes > (guint64)(end - p))
            return fail (why, N_ ("a delta-encoded page ends inside a block"));
          unpack64 (p, p + bytes, widths[m], h.per_mini, tmp);
          for (guint64 k = 0; k < h.per_mini && done < n; k++)
            {
              prev += (guint64)min_delta + tmp[k];
              out[done++] = (gint64)prev;
            }
          p += bytes;
        }
    }
  *pp = p;
  return TRUE;
}

static guint
fixed_width (const StParquetLeaf *leaf)
{
  switch (leaf->info.type)
    {
    case ST_PARQUET_INT32:
    case ST_PARQUET_FLOAT: return 4;
    case ST_PARQUET_INT64:
    case ST_PARQUET_DOUBLE: return 8;
    default: return 0;
    }
}

/* One value of @width bytes at @p into the arrays of its kind. */
static void
store_fixed (const StParquetLeaf *leaf, const guint8 *b, gint64 *ints, double *doubles)
{
  guint32 u32;
  guint64 u64;
  float   f;

  switch (leaf->info.type)
    {
    case ST_PARQUET_INT32:
      memcpy (&u32, b, 4);
      *ints = (gint32)GUINT32_FROM_LE (u32);
      break;
    case ST_PARQUET_INT64:
      memcpy (&u64, b, 8);
      *ints = (gint64)GUINT64_FROM_LE (u64);
      break;
    case ST_PARQUET_FLOAT:
      memcpy (&u32, b, 4);
      u32 = GUINT32_FROM_LE (u32);
      memcpy (&f, &u32, 4);
      *doubles = f;
      break;
    case ST_PARQUET_DOUBLE:
      memcpy (&u64, b, 8);
      u64 = GUINT64_FROM_LE (u64);
      memcpy (doubles, &u64, 8);
      break;
    default: break;
    }
}

/* PLAIN values of a fixed size: booleans as bits, numbers little-endian. */
gboolean
st_parquet_plain_fixed (const guint8       **pp,
                        const guint8        *end,
                        const StParquetLeaf *leaf,
                        gint64              *ints,
                        double              *doubles,
                        guint64              n,
                        const char         **why)
{
  const guint8 *p = *pp;
  guint         width = fixed_width (leaf);

  if (leaf->info.type == ST_PARQUET_BOOLEAN)
    {
      if ((n + 7) / 8 > (guint64)(end - p))
        return fail (why, N_ ("the page holds fewer values than its header says"));
      for (guint64 i = 0; i < n; i++)
        ints[i] = (p[i / 8] >> (i % 8)) & 1;
      *pp = p + (n + 7) / 8;
      return TRUE;
    }
  if (width == 0)
    return fail (why, N_ ("the column's type is not one Strata reads"));
  if (n > (guint64)(end - p) / width)
    return fail (why, N_ ("the page holds fewer values than its header says"));
  for (guint64 i = 0; i < n; i++, p += width)
    store_fixed (leaf, p, ints ? &ints[i] : NULL, doubles ? &doubles[i] : NULL);
  *pp = p;
  return TRUE;
}

/* BYTE_STREAM_SPLIT: byte k of every value, then byte k + 1 of every value. */
gboolean
st_parquet_byte_stream_split (const guint8       **pp,
                              const guint8        *end,
                              const StParquetLeaf *leaf,
                              gint64              *ints,
                              double              *doubles,
                              guint64              n,
                              const char         **why)
{
  const guint8 *p = *pp;
  guint         width = fixed_width (leaf);
  guint8        b[8];

  if (width == 0)
    return fail (why, N_ ("the column's type cannot be byte-stream split"));
  if (n > (guint64)(end - p) / width)
    return fail (why, N_ ("the page holds fewer values than its header says"));
  for (guint64 i = 0; i < n; i++)
    {
      for (guint k = 0; k < width; k++)
        b[k] = p[k * n + i];
      store_fixed (leaf, b, ints ? &ints[i] : NULL, doubles ? &doubles[i] : NULL);
    }
  *pp = p + n * width;
  return TRUE;
}

/* PLAIN byte arrays: a 4-byte length before each. */
gboolean
st_parquet_plain_bytes (const guint8  **pp,
                        const guint8   *end,
                        StParquetBytes *out,
                        guint64         n,
                        const char    **why)
{
  const guint8 *p = *pp;

  for (guint64 i = 0; i < n; i++)
    {
      guint32 len;

      if (end - p < 4)
        return fail (why, N_ ("the page holds fewer values than its header says"));
      memcpy (&len, p, 4);
      len = GUINT32_FROM_LE (len);
      p += 4;
      if (len > (guint64)(end - p))
        return fail (why, N_ ("a string of the page runs past its end"));
      out[i] = (StParquetBytes){ (const char *)p, len };
      p += len;
    }
  *pp = p;
  return TRUE;
}

/* DELTA_LENGTH_BYTE_ARRAY: the lengths delta-encoded, then the bytes. */
gboolean
st_parquet_delta_length_bytes (const guint8  **pp,
                               const guint8   *end,
                               StParquetBytes *out,
                               guint64         n,
                               const char    **why)
{
  const guint8      *p = *pp;
  g_autofree gint64 *lengths = g_try_new (gint64, MAX (n, 1));

  if (lengths == NULL)
    return fail (why, N_ ("a page has more values than there is memory for"));
  if (!st_parquet_delta_binary (&p, end, lengths, n, why))
    return FALSE;
  for (guint64 i = 0; i < n; i++)
    {
      if (lengths[i] < 0 || (guint64)lengths[i] > (guint64)(end - p))
        return fail (why, N_ ("a string of the page runs past its end"));
      out[i] = (StParquetBytes){ (const char *)p, (gsize)lengths[i] };
      p += lengths[i];
    }
  *pp = p;
  return TRUE;
}

/* DELTA_BYTE_ARRAY: each value is a prefix of the one before and a suffix;
 * the values are rebuilt into a buffer kept in @buffers. */
gboolean
st_parquet_delta_bytes (const guint8  **pp,
                        const guint8   *end,
                        StParquetBytes *out,
                        guint64         n,
                        GPtrArray      *buffers,
                        const char    **why)
{
  const guint8      *p = *pp;
  g_autofree gint64 *prefixes = g_try_new (gint64, MAX (n, 1));
  guint64            total = 0, prev_len = 0;
  char              *buffer, *w;

  if (prefixes == NULL)
    return fail (why, N_ ("a page has more values than there is memory for"));
  if (!st_parquet_delta_binary (&p, end, prefixes, n, why)
      || !st_parquet_delta_length_bytes (&p, end, out, n, why))
    return FALSE;
  for (guint64 i = 0; i < n; i++)
    {
      if (prefixes[i] < 0 || (guint64)prefixes[i] > prev_len)
        return fail (why, N_ ("a value's shared prefix is longer than the value before it"));
      prev_len = (guint64)prefixes[i] + out[i].len;
      total += prev_len;
      if (total > DELTA_MAX_BYTES)
        return fail (why, N_ ("the page's strings would rebuild into more than 256 MB"));
    }
  buffer = w = g_malloc (MAX (total, 1));
  g_ptr_array_add (buffers, buffer);
  for (guint64 i = 0; i < n; i++)
    {
      const char *prev = i > 0 ? out[i - 1].data : NULL;
      gsize       prefix = (gsize)prefixes[i];

      if (prefix > 0)
        memcpy (w, prev, prefix);
      memcpy (w + prefix, out[i].data, out[i].len);
      out[i] = (StParquetBytes){ w, prefix + out[i].len };
      w += out[i].len;
    }
  *pp = p;
  return TRUE;
}
