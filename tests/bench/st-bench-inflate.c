/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-bench"

#include "config.h"

#include "st-bench-inflate.h"

#include "st-bench-util.h"

#include <string.h>
#include <zlib.h>
#ifdef HAVE_BENCH_ISAL
#include <isa-l/igzip_lib.h>
#endif
#ifdef HAVE_BENCH_LIBDEFLATE
#include <libdeflate.h>
#endif

/* The streaming inflaters write into this buffer again and again, as
 * Strata's spool thread does with its piece of text. */
#define OUT_CHUNK (512 * 1024)

static gboolean
next_is_member (const guchar *p, gsize left)
{
  return left >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

static gsize
inflate_zlib (const guchar *in, gsize n)
{
  static guchar out[OUT_CHUNK];
  z_stream      zs = { 0 };
  gsize         made = 0;

  inflateInit2 (&zs, 16 + MAX_WBITS);
  zs.next_in = (guchar *)in;
  zs.avail_in = n;
  for (;;)
    {
      int r;

      zs.next_out = out;
      zs.avail_out = sizeof out;
      r = inflate (&zs, Z_NO_FLUSH);
      made += sizeof out - zs.avail_out;
      if (r == Z_STREAM_END && next_is_member (zs.next_in, zs.avail_in))
        inflateReset (&zs);
      else if (r != Z_OK)
        break;
    }
  inflateEnd (&zs);
  return made;
}

#ifdef HAVE_BENCH_ISAL
static gsize
inflate_isal (const guchar *in, gsize n)
{
  static guchar        out[OUT_CHUNK];
  struct inflate_state st;
  gsize                made = 0;

  isal_inflate_init (&st);
  st.crc_flag = ISAL_GZIP;
  st.next_in = (guchar *)in;
  st.avail_in = n;
  for (;;)
    {
      int r;

      st.next_out = out;
      st.avail_out = sizeof out;
      r = isal_inflate (&st);
      made += sizeof out - st.avail_out;
      if (r != ISAL_DECOMP_OK)
        break;
      if (st.block_state == ISAL_BLOCK_FINISH)
        {
          if (!next_is_member (st.next_in, st.avail_in))
            break;
          isal_inflate_reset (&st);
        }
      else if (st.avail_in == 0 && st.avail_out > 0)
        break;
    }
  return made;
}
#endif

#ifdef HAVE_BENCH_LIBDEFLATE
/* libdeflate inflates whole members into one buffer: the text must fit in
 * memory. The buffer is kept between runs so that its pages are touched
 * once, like the streaming inflaters' reused piece. */
static gsize
inflate_libdeflate (const guchar *in, gsize n)
{
  static guchar                  *out;
  static gsize                    capacity;
  struct libdeflate_decompressor *d = libdeflate_alloc_decompressor ();
  gsize                           made = 0, used = 0;
  guint32                         isize;

  memcpy (&isize, in + n - 4, 4);
  if (capacity < MAX ((gsize)isize, n * 8))
    {
      capacity = MAX ((gsize)isize, n * 8);
      out = g_realloc (out, capacity);
      memset (out, 0, capacity);
    }
  while (used < n && next_is_member (in + used, n - used))
    {
      size_t                 in_len = 0, out_len = 0;
      enum libdeflate_result r = libdeflate_gzip_decompress_ex (d, in + used, n - used, out + made,
                                                                capacity - made, &in_len, &out_len);

      if (r != LIBDEFLATE_SUCCESS)
        g_error ("libdeflate: error %d (the text may not fit in %zu bytes)", r, capacity);
      used += in_len;
      made += out_len;
    }
  libdeflate_free_decompressor (d);
  return made;
}
#endif

const StBenchInflater st_bench_inflaters[] = {
  { "zlib", inflate_zlib },
#ifdef HAVE_BENCH_ISAL
  { "igzip", inflate_isal },
#endif
#ifdef HAVE_BENCH_LIBDEFLATE
  { "libdeflate", inflate_libdeflate },
#endif
  { NULL, NULL },
};

const StBenchInflater *
st_bench_inflater_find (const char *name)
{
  for (const StBenchInflater *i = st_bench_inflaters; i->name != NULL; i++)
    if (g_str_equal (i->name, name))
      return i;
  return NULL;
}

/* The median time of @runs inflations of the whole file at @path (from
 * the page cache, mapped). */
double
st_bench_time_inflate (const StBenchInflater *inflater,
                       const char            *path,
                       guint                  runs,
                       gsize                 *text_bytes)
{
  g_autoptr (GMappedFile) mapped = g_mapped_file_new (path, FALSE, NULL);
  g_autoptr (GArray)      times = g_array_new (FALSE, FALSE, sizeof (double));
  const guchar           *in;
  gsize                   n;

  if (mapped == NULL)
    g_error ("cannot map %s", path);
  in = (const guchar *)g_mapped_file_get_contents (mapped);
  n = g_mapped_file_get_length (mapped);
  *text_bytes = inflater->inflate (in, n); /* a warm-up: buffers, tables */
  for (guint i = 0; i < runs; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double s;

      *text_bytes = inflater->inflate (in, n);
      s = (g_get_monotonic_time () - t0) / 1e6;
      g_array_append_val (times, s);
    }
  return st_bench_median (times);
}
