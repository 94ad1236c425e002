/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-inflater.h"

#ifdef HAVE_ISAL
#include <isa-l/igzip_lib.h>
#else
#include <zlib.h>
#endif

struct _StInflater
{
#ifdef HAVE_ISAL
  struct inflate_state is;
#else
  z_stream zs;
#endif
  const char *why; /* the reason for ST_INFLATE_CORRUPT */
};

const char *
st_inflater_get_reason (StInflater *self)
{
  return self->why;
}

#ifdef HAVE_ISAL
StInflater *
st_inflater_new (void)
{
  StInflater *self = g_new0 (StInflater, 1); /* igzip's state is large: not on a stack */

  isal_inflate_init (&self->is);
  self->is.crc_flag = ISAL_GZIP;
  return self;
}

void
st_inflater_free (StInflater *self)
{
  g_free (self);
}

void
st_inflater_reset (StInflater *self)
{
  isal_inflate_reset (&self->is);
}

void
st_inflater_set_input (StInflater *self, const guchar *in, gsize n)
{
  self->is.next_in = (guchar *)in;
  self->is.avail_in = n;
}

const guchar *
st_inflater_peek_input (StInflater *self, gsize *n)
{
  *n = self->is.avail_in;
  return self->is.next_in;
}

/* igzip's errors in zlib's words, which the app has always shown. */
static const char *
isal_reason (int ret)
{
  switch (ret)
    {
    case ISAL_INVALID_BLOCK: return "invalid block type";
    case ISAL_INVALID_SYMBOL: return "invalid code";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "incorrect header check";
    case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    default: return "inflate failed";
    }
}

/* Inflates into @out (@size bytes); *produced is what it made. */
StInflateStep
st_inflater_step (StInflater *self, guchar *out, gsize size, gsize *produced)
{
  int ret;

  self->is.next_out = out;
  self->is.avail_out = size;
  ret = isal_inflate (&self->is);
  *produced = size - self->is.avail_out;
  if (ret != ISAL_DECOMP_OK && ret != ISAL_END_INPUT && ret != ISAL_OUT_OVERFLOW)
    {
      self->why = isal_reason (ret);
      return ST_INFLATE_CORRUPT;
    }
  if (self->is.block_state == ISAL_BLOCK_FINISH)
    return ST_INFLATE_END;
  /* Room left in @out: igzip stopped for want of input. */
  return self->is.avail_out > 0 ? ST_INFLATE_NEED_INPUT : ST_INFLATE_OK;
}
#else
StInflater *
st_inflater_new (void)
{
  StInflater *self = g_new0 (StInflater, 1);

  inflateInit2 (&self->zs, 16 + MAX_WBITS);
  return self;
}

void
st_inflater_free (StInflater *self)
{
  inflateEnd (&self->zs);
  g_free (self);
}

void
st_inflater_reset (StInflater *self)
{
  inflateReset (&self->zs);
}

void
st_inflater_set_input (StInflater *self, const guchar *in, gsize n)
{
  self->zs.next_in = (guchar *)in;
  self->zs.avail_in = n;
}

const guchar *
st_inflater_peek_input (StInflater *self, gsize *n)
{
  *n = self->zs.avail_in;
  return self->zs.next_in;
}

/* Inflates into @out (@size bytes); *produced is what it made. */
StInflateStep
st_inflater_step (StInflater *self, guchar *out, gsize size, gsize *produced)
{
  int ret;

  self->zs.next_out = out;
  self->zs.avail_out = size;
  ret = inflate (&self->zs, Z_NO_FLUSH);
  *produced = size - self->zs.avail_out;
  if (ret == Z_STREAM_END)
    return ST_INFLATE_END;
  if (ret == Z_DATA_ERROR || ret == Z_NEED_DICT || ret == Z_MEM_ERROR)
    {
      self->why = self->zs.msg ? self->zs.msg : "inflate failed";
      return ST_INFLATE_CORRUPT;
    }
  if (ret == Z_BUF_ERROR || (*produced == 0 && self->zs.avail_in == 0))
    return ST_INFLATE_NEED_INPUT;
  return ST_INFLATE_OK;
}
#endif
