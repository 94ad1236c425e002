/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-text.c: the events' args as JSON text, one object a line
 * ({"args":{…}}), which the trace keeps in place of a file's text: the
 * details pane, find and the analyses read it as they read a Chrome
 * trace's events. Written by hand: millions of small objects, where a
 * printf per number would cost more than reading the row.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"

#include <math.h>
#include <string.h>

/* Room for @n more bytes (the inline writers' slow path). */
void
st_nsys_text_grow (StNsysText *text, gsize n)
{
  text->cap = MAX (MAX (64 * 1024, text->cap * 2), text->len + n);
  text->data = g_realloc (text->data, text->cap);
}

void
st_nsys_text_append (StNsysText *text, const char *data, gsize len)
{
  if (len == 0)
    return; /* an empty text may have no buffer yet */
  memcpy (st_nsys_text_reserve (text, len), data, len);
  text->len += len;
}

/* The digits of @value, two at a time. */
void
st_nsys_text_put_int (StNsysText *text, gint64 value)
{
  static const char pairs[] = "00010203040506070809101112131415161718192021222324"
                              "25262728293031323334353637383940414243444546474849"
                              "50515253545556575859606162636465666768697071727374"
                              "75767778798081828384858687888990919293949596979899";
  char              digits[24];
  char             *end = digits + sizeof digits, *d = end;
  guint64           v = value < 0 ? -(guint64)value : (guint64)value;
  char             *p;

  while (v >= 100)
    {
      d -= 2;
      memcpy (d, pairs + 2 * (v % 100), 2);
      v /= 100;
    }
  if (v >= 10)
    {
      d -= 2;
      memcpy (d, pairs + 2 * v, 2);
    }
  else
    *--d = '0' + v;
  if (value < 0)
    *--d = '-';
  p = st_nsys_text_reserve (text, end - d);
  memcpy (p, d, end - d);
  text->len += end - d;
}

/* [1, 2, 3], as Kineto writes a grid or a block. */
void
st_nsys_text_ints (StNsysText *text, const char *key, gsize key_len, const gint64 *values, guint n)
{
  st_nsys_text_key (text, key, key_len);
  st_nsys_text_append (text, "[", 1);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        st_nsys_text_append (text, ", ", 2);
      st_nsys_text_put_int (text, values[i]);
    }
  st_nsys_text_append (text, "]", 1);
}

/* A number JSON can hold (null for NaN and the infinities). */
void
st_nsys_text_double (StNsysText *text, const char *key, gsize key_len, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  st_nsys_text_key (text, key, key_len);
  if (!isfinite (value))
    st_nsys_text_append (text, "null", 4);
  else
    {
      g_ascii_dtostr (buf, sizeof buf, value);
      st_nsys_text_append (text, buf, strlen (buf));
    }
}

static void
put_escaped (StNsysText *text, const char *s, gsize len)
{
  static const char hex[] = "0123456789abcdef";

  st_nsys_text_append (text, "\"", 1);
  for (gsize i = 0; i < len; i++)
    {
      guchar c = s[i];
      char  *p;

      if (c == '"' || c == '\\')
        {
          p = st_nsys_text_reserve (text, 2);
          p[0] = '\\';
          p[1] = c;
          text->len += 2;
        }
      else if (c < 0x20)
        {
          p = st_nsys_text_reserve (text, 6);
          memcpy (p, "\\u00", 4);
          p[4] = hex[c >> 4];
          p[5] = hex[c & 15];
          text->len += 6;
        }
      else
        {
          p = st_nsys_text_reserve (text, 1);
          *p = c;
          text->len++;
        }
    }
  st_nsys_text_append (text, "\"", 1);
}

/* A string member; text that is not UTF-8 is repaired first. */
void
st_nsys_text_string (StNsysText *text, const char *key, gsize key_len, const char *value, gsize len)
{
  st_nsys_text_key (text, key, key_len);
  if (g_utf8_validate_len (value, len, NULL))
    put_escaped (text, value, len);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, len);
      put_escaped (text, valid, strlen (valid));
    }
}

/* The text written, for the trace to keep; the writer is empty after. */
GBytes *
st_nsys_text_steal (StNsysText *text)
{
  GBytes *bytes;

  /* a trace without events still has a text: the metadata's, or nothing */
  text->data = g_realloc (text->data, MAX (1, text->len));
  bytes = g_bytes_new_take (text->data, text->len);
  text->data = NULL;
  text->len = text->cap = 0;
  return bytes;
}

void
st_nsys_text_clear (StNsysText *text)
{
  g_clear_pointer (&text->data, g_free);
  text->len = text->cap = 0;
}
