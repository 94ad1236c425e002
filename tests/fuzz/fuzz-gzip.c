/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-gzip: the gzip path. The first byte picks what the file is: the rest
 * of the input as a raw gzip stream (its magic bytes forced), or the rest
 * compressed here and then cut short or with a byte flipped, so the
 * inflater sees real streams as well as noise. */
#include "config.h"

#include "st-fuzz-util.h"

#include <zlib.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static guint8 *
compress_gzip (const guint8 *data, gsize size, gsize *out_size)
{
  z_stream zs = { 0 };
  gsize    cap = compressBound (size) + 64;
  guint8  *out = g_malloc (cap);

  g_assert (deflateInit2 (&zs, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  zs.next_in = (guint8 *)data;
  zs.avail_in = size;
  zs.next_out = out;
  zs.avail_out = cap;
  g_assert (deflate (&zs, Z_FINISH) == Z_STREAM_END);
  *out_size = zs.total_out;
  deflateEnd (&zs);
  return out;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError)  error = NULL;
  g_autoptr (StTrace) trace = NULL;
  g_autofree guint8  *file = NULL;
  gsize               file_size;
  guint8              mode, arg;

  if (size < 2)
    return 0;
  mode = data[0];
  arg = data[1];
  data += 2;
  size -= 2;
  if (mode & 1)
    {
      file_size = size + 2;
      file = g_malloc (file_size);
      file[0] = 0x1f;
      file[1] = 0x8b;
      memcpy (file + 2, data, size);
    }
  else
    {
      file = compress_gzip (data, size, &file_size);
      if ((mode & 6) == 2 && arg != 0)
        file_size = MAX (2, file_size * arg / 256); /* cut short */
      else if ((mode & 6) == 4 && file_size > 10)
        file[10 + arg % (file_size - 10)] ^= mode; /* a flipped byte */
      else if ((mode & 6) == 6)
        {
          /* two members, the second cut at arg */
          gsize second = MIN (file_size, (gsize)arg + 2);
          file = g_realloc (file, file_size + second);
          memcpy (file + file_size, file, second);
          file_size += second;
        }
    }
  trace = st_fuzz_load_bytes (file, file_size, 1, &error);
  g_assert ((trace == NULL) == (error != NULL));
  if (trace != NULL)
    st_fuzz_walk_args (trace, 4);
  return 0;
}
