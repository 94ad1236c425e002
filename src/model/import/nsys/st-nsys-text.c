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

static inline char *
reserve (StNsysText *text, gsize n)
{
  if (G_UNLIKELY (text->len + n > text->cap))
    {
      text->cap = MAX (MAX (64 * 1024, text->cap * 2), text->len + n);
      text->data = g_realloc (text->data, text->cap);
    }
  return text->data + text->len;
}

/* Short pieces (keys, brackets) are copied a byte at a time: a call to
 * memcpy costs more than the few bytes it copies. */
static inline void
copy (char *to, const char *from, gsize len)
{
  if (len > 24)
    memcpy (to, from, len);
  else
    for (gsize i = 0; i < len; i++)
      to[i] = from[i];
}

void
st_nsys_text_append (StNsysText *text, const char *data, gsize len)
{
  if (len == 0)
    return; /* an empty text may have no buffer yet */
  copy (reserve (text, len), data, len);
  text->len += len;
}

/* Opens an event's object; returns where it starts. */
guint64
st_nsys_text_open (StNsysText *text)
{
  guint64 at = text->len;

  st_nsys_text_append (text, "{\"args\":{", 9);
  text->first = TRUE;
  return at;
}

void
st_nsys_text_close (StNsysText *text)
{
  st_nsys_text_append (text, "}}\n", 3);
}

/* ,"key": (keys are the importer's own words: nothing to escape) */
static void
put_key (StNsysText *text, const char *key, gsize n)
{
  char *p = reserve (text, n + 4);

  if (!text->first)
    *p++ = ',';
  *p++ = '"';
  copy (p, key, n);
  p += n;
  *p++ = '"';
  *p++ = ':';
  text->len = p - text->data;
  text->first = FALSE;
}

static void
put_int (StNsysText *text, gint64 value)
{
  char    digits[24];
  int     n = 0;
  guint64 v = value < 0 ? -(guint64)value : (guint64)value;
  char   *p;

  if (value >= 0 && value < 10)
    {
      *reserve (text, 1) = '0' + value;
      text->len++;
      return;
    }
  do
    digits[n++] = '0' + v % 10;
  while ((v /= 10) != 0);
  p = reserve (text, n + 1);
  if (value < 0)
    *p++ = '-';
  while (n > 0)
    *p++ = digits[--n];
  text->len = p - text->data;
}

void
st_nsys_text_int (StNsysText *text, const char *key, gsize key_len, gint64 value)
{
  put_key (text, key, key_len);
  put_int (text, value);
}

/* [1, 2, 3], as Kineto writes a grid or a block. */
void
st_nsys_text_ints (StNsysText *text, const char *key, gsize key_len, const gint64 *values, guint n)
{
  put_key (text, key, key_len);
  st_nsys_text_append (text, "[", 1);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        st_nsys_text_append (text, ", ", 2);
      put_int (text, values[i]);
    }
  st_nsys_text_append (text, "]", 1);
}

/* A number JSON can hold (null for NaN and the infinities). */
void
st_nsys_text_double (StNsysText *text, const char *key, gsize key_len, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  put_key (text, key, key_len);
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
          p = reserve (text, 2);
          p[0] = '\\';
          p[1] = c;
          text->len += 2;
        }
      else if (c < 0x20)
        {
          p = reserve (text, 6);
          memcpy (p, "\\u00", 4);
          p[4] = hex[c >> 4];
          p[5] = hex[c & 15];
          text->len += 6;
        }
      else
        {
          p = reserve (text, 1);
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
  put_key (text, key, key_len);
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
