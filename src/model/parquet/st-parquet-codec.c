/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-parquet-codec.c: the codecs of Parquet pages that writers use:
 * snappy (the default of pyarrow and DuckDB), zstd, gzip (through the
 * gzip inflater of io) and none.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-inflater.h"
#include "st-parquet-private.h"

#include <glib/gi18n-lib.h>
#include <snappy-c.h>
#include <string.h>
#include <zstd.h>

gboolean
st_parquet_codec_known (gint32 codec)
{
  return codec == ST_PARQUET_CODEC_UNCOMPRESSED || codec == ST_PARQUET_CODEC_SNAPPY
         || codec == ST_PARQUET_CODEC_GZIP || codec == ST_PARQUET_CODEC_ZSTD;
}

static gboolean
inflate_gzip (const guint8 *in, gsize len, guint8 *out, gsize out_len, const char **why)
{
  g_autoptr (StInflater) inflater = st_inflater_new ();
  gsize                  total = 0, produced;
  guint8                 extra;

  st_inflater_set_input (inflater, in, len);
  for (;;)
    {
      StInflateStep step = st_inflater_step (inflater, out + total, out_len - total, &produced);

      total += produced;
      if (step == ST_INFLATE_END)
        break;
      if (step == ST_INFLATE_CORRUPT)
        {
          *why = N_ ("a gzip-compressed page is corrupt");
          return FALSE;
        }
      if (step == ST_INFLATE_NEED_INPUT)
        {
          *why = N_ ("a gzip-compressed page ends before its data does");
          return FALSE;
        }
      if (total == out_len)
        {
          /* Full: the stream must end here. */
          step = st_inflater_step (inflater, &extra, 1, &produced);
          if (produced == 0 && step == ST_INFLATE_END)
            break;
          *why = N_ ("a compressed page inflates to more bytes than its header says");
          return FALSE;
        }
    }
  if (total != out_len)
    {
      *why = N_ ("a compressed page inflates to fewer bytes than its header says");
      return FALSE;
    }
  return TRUE;
}

/* Inflates exactly @out_len bytes, or says why not. */
gboolean
st_parquet_inflate (gint32        codec,
                    const guint8 *in,
                    gsize         len,
                    guint8       *out,
                    gsize         out_len,
                    const char  **why)
{
  size_t n;

  switch (codec)
    {
    case ST_PARQUET_CODEC_UNCOMPRESSED:
      if (len != out_len)
        {
          *why = N_ ("an uncompressed page's two sizes differ");
          return FALSE;
        }
      memcpy (out, in, len);
      return TRUE;
    case ST_PARQUET_CODEC_SNAPPY:
      if (snappy_uncompressed_length ((const char *)in, len, &n) != SNAPPY_OK || n != out_len)
        {
          *why = N_ ("a snappy-compressed page is corrupt or of another size than its header says");
          return FALSE;
        }
      if (snappy_uncompress ((const char *)in, len, (char *)out, &n) != SNAPPY_OK || n != out_len)
        {
          *why = N_ ("a snappy-compressed page is corrupt");
          return FALSE;
        }
      return TRUE;
    case ST_PARQUET_CODEC_ZSTD:
      n = ZSTD_decompress (out, out_len, in, len);
      if (ZSTD_isError (n))
        {
          *why = N_ ("a zstd-compressed page is corrupt or inflates to more bytes than its "
                     "header says");
          return FALSE;
        }
      if (n != out_len)
        {
          *why = N_ ("a compressed page inflates to fewer bytes than its header says");
          return FALSE;
        }
      return TRUE;
    case ST_PARQUET_CODEC_GZIP: return inflate_gzip (in, len, out, out_len, why);
    default: *why = N_ ("the page is compressed with a codec Strata does not read"); return FALSE;
    }
}
