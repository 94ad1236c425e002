/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-json-scan.h: the low-level pieces of Strata's streaming JSON readers.
 *
 * Importers walk the mapped bytes with these instead of building a DOM: they
 * read the few keys they need and skip every other value. Skipping is
 * iterative (no recursion, so 100 000 nested brackets cannot overflow the
 * stack) and lenient: it finds where a value ends, it does not validate it.
 * Values that a person asks to see are parsed with json-glib on demand.
 */
#pragma once

#include <glib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

G_BEGIN_DECLS

typedef enum
{
  ST_JSON_STRING_ESCAPES = 1 << 0, /* contains a backslash escape */
  ST_JSON_STRING_CONTROL = 1 << 1, /* contains a raw control character */
} StJsonStringFlags;

extern const guint8 st_json_char_class[256];

enum
{
  ST_JSON_CLASS_WS = 1 << 0,         /* space, tab, CR, LF */
  ST_JSON_CLASS_STRUCTURAL = 1 << 1, /* " { } [ ] */
  ST_JSON_CLASS_DELIMITER = 1 << 2,  /* , } ] and white space: ends a scalar */
  ST_JSON_CLASS_SCALAR = 1 << 3,     /* - 0-9 t f n N I: may start a number or literal */
};

static inline const char *
st_json_skip_ws (const char *p, const char *end)
{
  while (p < end && (st_json_char_class[(guchar)*p] & ST_JSON_CLASS_WS))
    p++;
  return p;
}

/* @p points at the opening quote. Returns the position after the closing
 * quote, or NULL when the string does not end before @end. A backslash
 * escapes the byte after it, and sets ST_JSON_STRING_ESCAPES in *@flags.
 *
 * With SSE2 (always there on x86-64) it looks for a quote or a backslash
 * 16 bytes at a time, never past @end; the bytes left under 16 go the
 * scalar way. Measured, this pays for strings; for white space, numbers and
 * skipped objects the byte loops were faster. */
static inline const char *
st_json_skip_string (const char *p, const char *end, guint *flags)
{
  const char *q = p + 1;

#ifdef __SSE2__
  while (end - q >= 16)
    {
      __m128i  v = _mm_loadu_si128 ((const __m128i *)q);
      unsigned m = (unsigned)_mm_movemask_epi8 (_mm_or_si128 (
          _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('"')), _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\\'))));

      if (m == 0)
        {
          q += 16;
          continue;
        }
      q += __builtin_ctz (m);
      if (*q == '"')
        return q + 1;
      if (flags != NULL)
        *flags |= ST_JSON_STRING_ESCAPES;
      q += 2;
    }
#endif
  while (q < end)
    {
      const char *quote = memchr (q, '"', end - q);
      const char *bs;

      if (quote == NULL)
        return NULL;
      bs = memchr (q, '\\', quote - q);
      if (bs == NULL)
        return quote + 1;
      if (flags != NULL)
        *flags |= ST_JSON_STRING_ESCAPES;
      q = bs + 2;
    }
  return NULL;
}

/* Ends a number, true, false or null. */
static inline const char *
st_json_skip_scalar (const char *p, const char *end)
{
  while (p < end && !(st_json_char_class[(guchar)*p] & ST_JSON_CLASS_DELIMITER))
    p++;
  return p;
}

const char *st_json_skip_value (const char *p, const char *end);
gboolean    st_json_string_has_escape (const char *p, const char *end);
guint       st_json_scan_string_flags (const char *p, const char *end);
gsize       st_json_unescape (const char *p, const char *end, GString *out);
gboolean    st_json_parse_time_ns (const char *p, const char *end, gint64 *out_ns);
gboolean    st_json_scan_time_ns (const char *p, const char *end, const char **out, gint64 *out_ns);
gboolean    st_json_parse_int64 (const char *p, const char *end, gint64 *out);
gboolean    st_json_parse_double (const char *p, const char *end, double *out);
void        st_json_position (const char *base, gsize offset, guint64 *line, guint64 *column);
/* Where threads may split the objects of a JSON array, [@start, @end), to
 * read a part each: at most @n_parts parts of @min_part bytes or more;
 * the starts of the parts after the first (const char *), each a '{'
 * after "}," within a few MB past an even cut. One may be a false start
 * inside a string: the part before it, which reads up to it, checks. */
GPtrArray *st_json_plan_splits (const char *start, const char *end, guint n_parts, gsize min_part);

/* A token of the streaming readers: a string's content (inside its
 * quotes), a number or literal, or a whole object or array. */
typedef struct
{
  const char *p;
  const char *e;
  char        type;  /* 's' string, 'n' number or literal, '{' object, '[' array */
  guint8      flags; /* StJsonStringFlags, for strings */
} StJsonTok;

typedef enum
{
  ST_JSON_SCAN_OK,
  ST_JSON_SCAN_NEED_MORE, /* the value or key does not end before the end of the data */
  ST_JSON_SCAN_NOT_A_VALUE,
  ST_JSON_SCAN_NOT_A_KEY,
  ST_JSON_SCAN_NO_COLON, /* *out is where the colon should be */
} StJsonScan;

/* One value at @p (not white space); *out is after it. */
static inline StJsonScan
st_json_scan_value (const char *p, const char *end, StJsonTok *tok, const char **out)
{
  const char *q;

  if (*p == '"')
    {
      guint flags = 0;

      q = st_json_skip_string (p, end, &flags);
      if (q == NULL)
        return ST_JSON_SCAN_NEED_MORE;
      *tok = (StJsonTok){ p + 1, q - 1, 's', (guint8)flags };
    }
  else if (*p == '{' || *p == '[')
    {
      q = st_json_skip_value (p, end);
      if (q == NULL)
        return ST_JSON_SCAN_NEED_MORE;
      *tok = (StJsonTok){ p, q, *p, 0 };
    }
  else
    {
      if (!(st_json_char_class[(guchar)*p] & ST_JSON_CLASS_SCALAR))
        return ST_JSON_SCAN_NOT_A_VALUE;
      q = st_json_skip_scalar (p, end);
      if (q == end)
        return ST_JSON_SCAN_NEED_MORE;
      *tok = (StJsonTok){ p, q, 'n', 0 };
    }
  *out = q;
  return ST_JSON_SCAN_OK;
}

/* Containers already read whole (a token of type '{' or '['): *pp starts
 * after the opening bracket and @end is the closing one. Each call reads
 * the next member or element, a string as its content without quotes, and
 * FALSE ends the walk at the end or at what is not JSON. */
gboolean st_json_next_member (const char **pp, const char *end, StJsonTok *key, StJsonTok *value);
gboolean st_json_next_element (const char **pp, const char *end, StJsonTok *value);
/* The value of member @key (matched as written, escapes unread) of the
 * object token @object. */
gboolean st_json_find_member (const StJsonTok *object, const char *key, StJsonTok *value);

/* A key at @p and its colon: *key_end is the key's closing quote, *flags
 * its StJsonStringFlags, *out the value after the colon (or, for
 * ST_JSON_SCAN_NO_COLON, where the colon should be). */
static inline StJsonScan
st_json_scan_key (const char  *p,
                  const char  *end,
                  const char **key_end,
                  guint       *flags,
                  const char **out)
{
  const char *q;

  if (*p != '"')
    return ST_JSON_SCAN_NOT_A_KEY;
  q = st_json_skip_string (p, end, flags);
  if (q == NULL)
    return ST_JSON_SCAN_NEED_MORE;
  *key_end = q - 1;
  q = st_json_skip_ws (q, end);
  if (q >= end)
    return ST_JSON_SCAN_NEED_MORE;
  if (*q != ':')
    {
      *out = q;
      return ST_JSON_SCAN_NO_COLON;
    }
  q = st_json_skip_ws (q + 1, end);
  if (q >= end)
    return ST_JSON_SCAN_NEED_MORE;
  *out = q;
  return ST_JSON_SCAN_OK;
}

G_END_DECLS
