/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-private.h: the parts of the Parquet reader.
 *
 * st-parquet-file.c opens a file and reads its footer (st-parquet-meta.c
 * parses the FileMetaData); st-parquet-page.c walks a column chunk's pages,
 * inflating each (st-parquet-codec.c) and decoding its levels and values
 * (st-parquet-encoding.c).
 */
#pragma once

#include "st-parquet.h"
#include "st-source.h"

G_BEGIN_DECLS

/* The most rows a row group may hold, and the largest page: far beyond
 * what writers make (a million rows, a megabyte), and what a damaged
 * number is held to. */
#define ST_PARQUET_MAX_ROWS       (G_GUINT64_CONSTANT (1) << 28)
#define ST_PARQUET_MAX_PAGE_BYTES (G_GUINT64_CONSTANT (1) << 30)

typedef enum
{
  ST_PARQUET_CODEC_UNCOMPRESSED = 0,
  ST_PARQUET_CODEC_SNAPPY = 1,
  ST_PARQUET_CODEC_GZIP = 2,
  ST_PARQUET_CODEC_ZSTD = 6,
} StParquetCodec;

typedef enum
{
  ST_PARQUET_PLAIN = 0,
  ST_PARQUET_PLAIN_DICTIONARY = 2,
  ST_PARQUET_RLE = 3,
  ST_PARQUET_BIT_PACKED = 4,
  ST_PARQUET_DELTA_BINARY_PACKED = 5,
  ST_PARQUET_DELTA_LENGTH_BYTE_ARRAY = 6,
  ST_PARQUET_DELTA_BYTE_ARRAY = 7,
  ST_PARQUET_RLE_DICTIONARY = 8,
  ST_PARQUET_BYTE_STREAM_SPLIT = 9,
} StParquetEncoding;

typedef struct
{
  gint32   type;  /* the physical type the chunk says */
  gint32   codec; /* StParquetCodec */
  gint64   num_values;
  gint64   data_page_offset;
  gint64   dictionary_page_offset; /* 0 when none */
  gint64   total_compressed_size;
  gboolean external; /* its bytes are in another file (file_path) */
} StParquetChunk;

typedef struct
{
  gint64          num_rows;
  StParquetChunk *chunks; /* one per leaf */
} StParquetRowGroup;

typedef struct
{
  StParquetColumnInfo info;
  char               *name;
  gint32              type_length;
  guint               max_def;
  guint               max_rep;
} StParquetLeaf;

struct _StParquetFile
{
  StSource          *source; /* NULL for caller's bytes */
  const guint8      *data;
  gsize              size;
  char              *display_name;
  char              *created_by;
  gint64             num_rows;
  GArray            *leaves; /* StParquetLeaf */
  StParquetRowGroup *groups;
  guint              n_groups;
};

/* A decoding failure: what, and where in the file. */
typedef struct
{
  const char *what; /* untranslated, N_() */
  guint64     at;   /* byte offset in the file */
} StParquetProblem;

/* st-parquet-file.c */
gboolean st_parquet_damaged (StParquetFile *self, guint64 at, const char *what, GError **error);

/* st-parquet-meta.c */
gboolean
     st_parquet_read_metadata (StParquetFile *self, const guint8 *meta, gsize len, GError **error);
void st_parquet_metadata_clear (StParquetFile *self);

/* st-parquet-codec.c: inflates @len bytes at @in into exactly @out_len
 * bytes; FALSE with *why when the bytes are not what the codec makes or
 * not of that size. */
gboolean st_parquet_inflate (gint32        codec,
                             const guint8 *in,
                             gsize         len,
                             guint8       *out,
                             gsize         out_len,
                             const char  **why);
gboolean st_parquet_codec_known (gint32 codec);

/* st-parquet-encoding.c: each reads from [*p, end) and moves *p past what
 * it read; FALSE with *why on damage. */
gboolean st_parquet_hybrid (const guint8 **p,
                            const guint8  *end,
                            guint          bit_width,
                            guint32       *out,
                            guint64        n,
                            const char   **why);
gboolean st_parquet_delta_binary (const guint8 **p,
                                  const guint8  *end,
                                  gint64        *out,
                                  guint64        n,
                                  const char   **why);
gboolean st_parquet_plain_fixed (const guint8       **p,
                                 const guint8        *end,
                                 const StParquetLeaf *leaf,
                                 gint64              *ints,
                                 double              *doubles,
                                 guint64              n,
                                 const char         **why);
gboolean st_parquet_byte_stream_split (const guint8       **p,
                                       const guint8        *end,
                                       const StParquetLeaf *leaf,
                                       gint64              *ints,
                                       double              *doubles,
                                       guint64              n,
                                       const char         **why);
gboolean st_parquet_plain_bytes (const guint8  **p,
                                 const guint8   *end,
                                 StParquetBytes *out,
                                 guint64         n,
                                 const char    **why);
gboolean st_parquet_delta_length_bytes (const guint8  **p,
                                        const guint8   *end,
                                        StParquetBytes *out,
                                        guint64         n,
                                        const char    **why);
gboolean st_parquet_delta_bytes (const guint8  **p,
                                 const guint8   *end,
                                 StParquetBytes *out,
                                 guint64         n,
                                 GPtrArray      *buffers,
                                 const char    **why);

/* st-parquet-page.c */
StParquetColumn *
st_parquet_read_chunk (StParquetFile *self, guint group, guint column, GError **error);

G_END_DECLS
