/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-scan.h"

#include <errno.h>
#include <stdlib.h>

#define WS  (ST_JSON_CLASS_WS | ST_JSON_CLASS_DELIMITER)
#define STR ST_JSON_CLASS_STRUCTURAL
#define CLS (ST_JSON_CLASS_STRUCTURAL | ST_JSON_CLASS_DELIMITER)
#define SCA ST_JSON_CLASS_SCALAR

const guint8 st_json_char_class[256] = {
  ['\t'] = WS, ['\n'] = WS, ['\r'] = WS, [' '] = WS,  [','] = ST_JSON_CLASS_DELIMITER,
  ['"'] = STR, ['{'] = STR, ['['] = STR, ['}'] = CLS, [']'] = CLS,
  ['-'] = SCA, ['0'] = SCA, ['1'] = SCA, ['2'] = SCA, ['3'] = SCA,
  ['4'] = SCA, ['5'] = SCA, ['6'] = SCA, ['7'] = SCA, ['8'] = SCA,
  ['9'] = SCA, ['t'] = SCA, ['f'] = SCA, ['n'] = SCA, ['N'] = SCA,
  ['I'] = SCA,
};

/* Steps through the container being skipped, a byte at a time, until
 * @limit, the end of the outermost value (returned) or the end of a string
 * that does not close (*p is NULL). */
static const char *
skip_bytes (const char **pp, const char *limit, const char *end, gsize *depth, gboolean *in_string)
{
  const char *p = *pp;

  while (p < limit)
    {
      guchar c = (guchar)*p;

      if (*in_string)
        {
          if (c == '\\')
            p += 2;
          else
            {
              *in_string = c != '"';
              p++;
            }
          continue;
        }
      p++;
      if (!(st_json_char_class[c] & ST_JSON_CLASS_STRUCTURAL))
        continue;
      if (c == '"')
        *in_string = TRUE;
      else if (c == '{' || c == '[')
        (*depth)++;
      else if (--*depth == 0)
        return p;
    }
  *pp = p < end || !*in_string ? p : NULL;
  return NULL;
}

#ifdef __SSE2__
/* What skipping a container looks for in 64 bytes, a bit per byte. */
typedef struct
{
  guint64 escape; /* \\ */
  guint64 quote;
  guint64 open;  /* { [ */
  guint64 close; /* } ] */
} Marks;

/* The marks of the 16 bytes at @p + 16 * @i: every mark from one load. */
static inline void
marks16 (const char *p, int i, Marks *m)
{
  __m128i v = _mm_loadu_si128 ((const __m128i *)(p + 16 * i));

  m->escape |= (guint64)(guint)_mm_movemask_epi8 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\\')))
               << (16 * i);
  m->quote |= (guint64)(guint)_mm_movemask_epi8 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('"')))
              << (16 * i);
  m->open |= (guint64)(guint)_mm_movemask_epi8 (_mm_or_si128 (
                 _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('{')), _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('['))))
             << (16 * i);
  m->close |= (guint64)(guint)_mm_movemask_epi8 (_mm_or_si128 (
                  _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('}')), _mm_cmpeq_epi8 (v, _mm_set1_epi8 (']'))))
              << (16 * i);
}

/* Each bit the parity of the bits up to it: inside a string, from its
 * opening quote up to (not including) its closing one. */
static inline guint64
prefix_xor (guint64 x)
{
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

/* 64 bytes at a time, every mark from one pass over them: where the
 * quotes are says which brackets are inside strings, and only the brackets
 * outside are stepped through. A block with a backslash goes the byte way.
 * Returns the end of the value, or NULL with *pp where the blocks stopped. */
static const char *
skip_blocks (const char **pp, const char *end, gsize *depth, gboolean *in_string)
{
  const char *p = *pp;

  while (end - p >= 64)
    {
      Marks   m = { 0, 0, 0, 0 };
      guint64 inside, brackets, open;

      /* Written out, not a loop: the compiler keeps a loop, and each of
       * its steps costs more than the step's work. */
      marks16 (p, 0, &m);
      marks16 (p, 1, &m);
      marks16 (p, 2, &m);
      marks16 (p, 3, &m);
      if (m.escape != 0)
        {
          const char *r = skip_bytes (&p, p + 64, end, depth, in_string);
          if (r != NULL || p == NULL)
            {
              *pp = p;
              return r;
            }
          continue;
        }
      inside = prefix_xor (m.quote) ^ (*in_string ? ~(guint64)0 : 0);
      open = m.open & ~inside;
      brackets = open | (m.close & ~inside);
      for (; brackets != 0; brackets &= brackets - 1)
        {
          guint64 bit = brackets & -brackets;

          if (open & bit)
            (*depth)++;
          else if (--*depth == 0)
            return p + __builtin_ctzll (bit) + 1;
        }
      *in_string = inside >> 63;
      p += 64;
    }
  *pp = p;
  return NULL;
}
#endif

/* Returns the position after the value starting at @p (which must not be
 * white space), or NULL when it does not end before @end. */
const char *
st_json_skip_value (const char *p, const char *end)
{
  gsize       depth = 0;
  gboolean    in_string = FALSE;
  const char *r;

  if (p >= end)
    return NULL;
  if (*p == '"')
    return st_json_skip_string (p, end, NULL);
  if (*p != '{' && *p != '[')
    return st_json_skip_scalar (p, end);
#ifdef __SSE2__
  r = skip_blocks (&p, end, &depth, &in_string);
  if (r != NULL || p == NULL)
    return r;
#endif
  r = skip_bytes (&p, end, end, &depth, &in_string);
  return r;
}

/* Flags of the string content between @p and @end (quotes excluded). */
guint
st_json_scan_string_flags (const char *p, const char *end)
{
  guint flags = 0;

  for (; p < end; p++)
    {
      if (*p == '\\')
        flags |= ST_JSON_STRING_ESCAPES;
      else if ((guchar)*p < 0x20)
        flags |= ST_JSON_STRING_CONTROL;
    }
  return flags;
}

gboolean
st_json_string_has_escape (const char *p, const char *end)
{
  return memchr (p, '\\', end - p) != NULL;
}

static int
hex4 (const char *p, const char *end)
{
  int v = 0;

  if (end - p < 4)
    return -1;
  for (int i = 0; i < 4; i++)
    {
      int d = g_ascii_xdigit_value (p[i]);
      if (d < 0)
        return -1;
      v = v * 16 + d;
    }
  return v;
}

static const char *
unescape_unicode (const char *p, const char *end, GString *out)
{
  int cp = hex4 (p, end);

  if (cp < 0)
    {
      g_string_append_c (out, 'u');
      return p;
    }
  p += 4;
  if (cp >= 0xD800 && cp <= 0xDBFF && end - p >= 6 && p[0] == '\\' && p[1] == 'u')
    {
      int lo = hex4 (p + 2, end);
      if (lo >= 0xDC00 && lo <= 0xDFFF)
        {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          p += 6;
        }
    }
  if (cp >= 0xD800 && cp <= 0xDFFF)
    cp = 0xFFFD; /* a lone surrogate */
  g_string_append_unichar (out, cp);
  return p;
}

/* Appends the decoded content of the string between @p and @end (quotes
 * excluded) to @out; returns the number of bytes appended. */
gsize
st_json_unescape (const char *p, const char *end, GString *out)
{
  gsize before = out->len;

  while (p < end)
    {
      const char *bs = memchr (p, '\\', end - p);

      if (bs == NULL)
        {
          g_string_append_len (out, p, end - p);
          break;
        }
      g_string_append_len (out, p, bs - p);
      p = bs + 1;
      if (p >= end)
        break;
      switch (*p++)
        {
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case 'b': g_string_append_c (out, '\b'); break;
        case 'f': g_string_append_c (out, '\f'); break;
        case 'u': p = unescape_unicode (p, end, out); break;
        default: g_string_append_c (out, p[-1]); break;
        }
    }
  return out->len - before;
}

typedef struct
{
  guint64 mantissa;
  int     n_digits;
  int     exp10;
  int     first_dropped; /* first digit that did not fit, or -1 */
} Decimal;

static inline void
decimal_push (Decimal *d, int digit, gboolean fraction)
{
  if (d->mantissa == 0 && digit == 0)
    {
      if (fraction)
        d->exp10--;
      return;
    }
  if (d->n_digits < 19)
    {
      d->mantissa = d->mantissa * 10 + digit;
      d->n_digits++;
      if (fraction)
        d->exp10--;
    }
  else
    {
      if (d->first_dropped < 0)
        d->first_dropped = digit;
      if (!fraction)
        d->exp10++;
    }
}

static gboolean
decimal_read (const char **pp, const char *end, Decimal *d)
{
  const char *p = *pp;
  gboolean    any = FALSE;

  for (; p < end && g_ascii_isdigit (*p); p++, any = TRUE)
    decimal_push (d, *p - '0', FALSE);
  if (p < end && *p == '.')
    for (p++; p < end && g_ascii_isdigit (*p); p++, any = TRUE)
      decimal_push (d, *p - '0', TRUE);
  if (any && p < end && (*p == 'e' || *p == 'E'))
    {
      gboolean neg = FALSE;
      int      e = 0;

      p++;
      if (p < end && (*p == '+' || *p == '-'))
        neg = *p++ == '-';
      if (p >= end || !g_ascii_isdigit (*p))
        return FALSE;
      for (; p < end && g_ascii_isdigit (*p); p++)
        e = MIN (e * 10 + (*p - '0'), 100000);
      d->exp10 += neg ? -e : e;
    }
  *pp = p;
  return any;
}

static const guint64 pow10_table[20] = {
  1ULL,
  10ULL,
  100ULL,
  1000ULL,
  10000ULL,
  100000ULL,
  1000000ULL,
  10000000ULL,
  100000000ULL,
  1000000000ULL,
  10000000000ULL,
  100000000000ULL,
  1000000000000ULL,
  10000000000000ULL,
  100000000000000ULL,
  1000000000000000ULL,
  10000000000000000ULL,
  100000000000000000ULL,
  1000000000000000000ULL,
  10000000000000000000ULL,
};

/* mantissa * 10^k, rounded half away from zero; FALSE when it overflows. */
static inline gboolean
scale_decimal (guint64 mantissa, int k, guint64 *out)
{
  if (mantissa == 0)
    {
      *out = 0;
      return TRUE;
    }
  if (k >= 0)
    return k <= 19 && !__builtin_mul_overflow (mantissa, pow10_table[k], out);
  if (-k > 19)
    {
      *out = 0;
      return TRUE;
    }
  {
    guint64 div = pow10_table[-k];
    guint64 q = mantissa / div, r = mantissa % div;
    *out = q + (r >= div - r ? 1 : 0);
  }
  return TRUE;
}

/* The common case, all of @p to @end: at most 19 digits with no exponent,
 * so the mantissa is exact and no digit is dropped. What decimal_read
 * would make of the same text. */
static inline gboolean
eight_digits (const char *p, guint64 *out)
{
  guint64 x;

  memcpy (&x, p, 8);
  if (((x & 0xf0f0f0f0f0f0f0f0ULL) | (((x + 0x0606060606060606ULL) & 0xf0f0f0f0f0f0f0f0ULL) >> 4))
      != 0x3333333333333333ULL)
    return FALSE;
  x -= 0x3030303030303030ULL;
  x = (x * 10 + (x >> 8)) & 0x00ff00ff00ff00ffULL;
  x = (x * 100 + (x >> 16)) & 0x0000ffff0000ffffULL;
  *out = (x * 10000 + (x >> 32)) & 0xffffffffULL;
  return TRUE;
}

static inline const char *
read_digits (const char *p, const char *end, guint64 *m, int *n)
{
  guint64 eight;

  for (; end - p >= 8 && eight_digits (p, &eight); p += 8, *n += 8)
    *m = *m * 100000000 + eight;
  for (; p < end && (guint)(*p - '0') < 10; p++, ++*n)
    *m = *m * 10 + (guint)(*p - '0');
  return p;
}

static inline gboolean
decimal_read_short (const char *p, const char *end, Decimal *d)
{
  guint64 m = 0;
  int     n = 0, frac = 0;

  p = read_digits (p, end, &m, &n);
  if (p < end && *p == '.')
    {
      p = read_digits (p + 1, end, &m, &frac);
      n += frac;
    }
  if (p != end || n == 0 || n > 19)
    return FALSE;
  d->mantissa = m;
  d->exp10 = -frac;
  return TRUE;
}

static gboolean
parse_decimal_scaled (const char *p, const char *end, int scale, gint64 *out)
{
  Decimal  d = { 0, 0, 0, -1 };
  gboolean neg = FALSE;
  guint64  magnitude;

  if (p < end && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  if (!decimal_read_short (p, end, &d) && (!decimal_read (&p, end, &d) || p != end))
    return FALSE;
  if (d.first_dropped >= 5)
    d.mantissa++;
  if (!scale_decimal (d.mantissa, d.exp10 + scale, &magnitude) || magnitude > G_MAXINT64)
    return FALSE;
  *out = neg ? -(gint64)magnitude : (gint64)magnitude;
  return TRUE;
}

/* Microseconds as decimal text (a JSON number, or the content of a string
 * holding one) to integer nanoseconds, exactly: no double in between, so the
 * 19 significant digits of epoch-scale timestamps survive. Sub-nanosecond
 * digits are rounded half away from zero. */
gboolean
st_json_parse_time_ns (const char *p, const char *end, gint64 *out_ns)
{
  return parse_decimal_scaled (p, end, 3, out_ns);
}

/* A time read where it is scanned: the number at @p (a sign, digits, a
 * point and digits, at most 19 digits in all) up to the first byte that is
 * none of those, *@out. What st_json_parse_time_ns() makes of the same
 * bytes, in one pass over them instead of two; FALSE (nothing read) for
 * anything else, which the caller scans and parses the usual way. */
gboolean
st_json_scan_time_ns (const char *p, const char *end, const char **out, gint64 *out_ns)
{
  gboolean neg = FALSE;
  guint64  m = 0, magnitude;
  int      n = 0, frac = 0;

  if (p < end && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  p = read_digits (p, end, &m, &n);
  if (p < end && *p == '.')
    {
      p = read_digits (p + 1, end, &m, &frac);
      n += frac;
    }
  if (n == 0 || n > 19 || !scale_decimal (m, 3 - frac, &magnitude) || magnitude > G_MAXINT64)
    return FALSE;
  *out = p;
  *out_ns = neg ? -(gint64)magnitude : (gint64)magnitude;
  return TRUE;
}

/* An integer (sort indexes, ids); a fraction is rounded. */
gboolean
st_json_parse_int64 (const char *p, const char *end, gint64 *out)
{
  return parse_decimal_scaled (p, end, 0, out);
}

gboolean
st_json_parse_double (const char *p, const char *end, double *out)
{
  char  buf[64];
  char *stop = NULL;
  gsize len = end - p;

  if (len == 0 || len >= sizeof buf)
    return FALSE;
  memcpy (buf, p, len);
  buf[len] = '\0';
  if (!(g_ascii_isdigit (buf[0]) || buf[0] == '-' || buf[0] == '.'))
    return FALSE;
  errno = 0;
  *out = g_ascii_strtod (buf, &stop);
  return stop == buf + len && errno != ERANGE;
}

/* 1-based line and column (in bytes) of @offset. */
void
st_json_position (const char *base, gsize offset, guint64 *line, guint64 *column)
{
  const char *p = base, *end = base + offset, *line_start = base;
  guint64     n = 1;

  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      if (nl == NULL)
        break;
      n++;
      p = line_start = nl + 1;
    }
  *line = n;
  *column = (guint64)(end - line_start) + 1;
}

/* A value inside a complete container span: a string's content, or the
 * raw text of anything else. */
static gboolean
scan_inner_value (const char **pp, const char *end, StJsonTok *value)
{
  const char *p = *pp, *q;
  guint       flags = 0;

  if (*p == '"')
    {
      q = st_json_skip_string (p, end, &flags);
      if (q == NULL)
        return FALSE;
      *value = (StJsonTok){ p + 1, q - 1, 's', (guint8)flags };
    }
  else
    {
      q = st_json_skip_value (p, end);
      if (q == NULL || q == p)
        return FALSE;
      *value = (StJsonTok){ p, q, *p == '{' || *p == '[' ? *p : 'n', 0 };
    }
  *pp = q;
  return TRUE;
}

gboolean
st_json_next_member (const char **pp, const char *end, StJsonTok *key, StJsonTok *value)
{
  const char *p = st_json_skip_ws (*pp, end);

  if (p < end && *p == ',')
    p = st_json_skip_ws (p + 1, end);
  if (p >= end || *p != '"' || !scan_inner_value (&p, end, key))
    return FALSE;
  p = st_json_skip_ws (p, end);
  if (p >= end || *p != ':')
    return FALSE;
  p = st_json_skip_ws (p + 1, end);
  if (p >= end || !scan_inner_value (&p, end, value))
    return FALSE;
  *pp = p;
  return TRUE;
}

gboolean
st_json_next_element (const char **pp, const char *end, StJsonTok *value)
{
  const char *p = st_json_skip_ws (*pp, end);

  if (p < end && *p == ',')
    p = st_json_skip_ws (p + 1, end);
  if (p >= end || *p == ']' || !scan_inner_value (&p, end, value))
    return FALSE;
  *pp = p;
  return TRUE;
}

gboolean
st_json_find_member (const StJsonTok *object, const char *key, StJsonTok *value)
{
  const char *p = object->p + 1;
  gsize       len = strlen (key);
  StJsonTok   k;

  if (object->type != '{')
    return FALSE;
  while (st_json_next_member (&p, object->e - 1, &k, value))
    if ((gsize)(k.e - k.p) == len && memcmp (k.p, key, len) == 0)
      return TRUE;
  return FALSE;
}

/* How far past an even cut a part's start is looked for. */
#define SPLIT_SEARCH (4 * 1024 * 1024)

static const char *
find_boundary (const char *from, const char *end)
{
  const char *limit = MIN (end, from + SPLIT_SEARCH);

  while (from < limit)
    {
      const char *q = memchr (from, '}', limit - from), *r;

      if (q == NULL)
        return NULL;
      r = st_json_skip_ws (q + 1, end);
      if (r < end && *r == ',')
        {
          r = st_json_skip_ws (r + 1, end);
          if (r < end && *r == '{')
            return r;
        }
      from = q + 1;
    }
  return NULL;
}

GPtrArray *
st_json_plan_splits (const char *start, const char *end, guint n_parts, gsize min_part)
{
  GPtrArray  *splits = g_ptr_array_new ();
  guint       n = (guint)MIN ((gsize)n_parts, (gsize)(end - start) / MAX (min_part, 1));
  const char *prev = start;

  for (guint i = 1; i < n; i++)
    {
      const char *b = find_boundary (start + (end - start) / n * i, end);

      if (b != NULL && b > prev)
        {
          g_ptr_array_add (splits, (gpointer)b);
          prev = b;
        }
    }
  return splits;
}
