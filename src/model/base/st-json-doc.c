/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-doc.h"

#include "st-json-scan.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_QUARK (st - json - doc - error - quark, st_json_doc_error)

/* "line L, column C: @what", the place counted in @base from its start. */
static void
set_error_at (GError **error, int code, const char *base, gsize offset, const char *what)
{
  guint64          line, column;
  g_autofree char *l = NULL, *c = NULL;

  st_json_position (base, offset, &line, &column);
  l = g_strdup_printf ("%" G_GUINT64_FORMAT, line);
  c = g_strdup_printf ("%" G_GUINT64_FORMAT, column);
  g_set_error (error, ST_JSON_DOC_ERROR, code, _ ("line %s, column %s: %s"), l, c, what);
}

/* The UTF-16 unit of the four hex digits at p[at]; FALSE when there are
 * not four. */
static gboolean
hex4 (const char *p, gsize len, gsize at, guint *unit)
{
  *unit = 0;
  if (at + 4 > len)
    return FALSE;
  for (gsize k = at; k < at + 4; k++)
    {
      if (!g_ascii_isxdigit (p[k]))
        return FALSE;
      *unit = *unit * 16 + g_ascii_xdigit_value (p[k]);
    }
  return TRUE;
}

/* The escape whose letter is p[*i] (after a backslash) into @out, as
 * json-glib decodes it into text: a raw control character stands for its
 * own \u escape, and a UTF-16 surrogate without its pair becomes U+FFFD
 * (json-glib would make bytes that are not UTF-8 of either). FALSE for
 * what is no JSON escape. *i is left on the escape's last character. */
static gboolean
copy_escape (const char *p, gsize len, gsize *i, GString *out)
{
  guchar c = (guchar)p[*i];
  guint  unit, low;

  if (c < 0x20)
    {
      g_string_append_printf (out, "u%04x", c);
      return TRUE;
    }
  if (c != '\0' && strchr ("\"\\/bfnrt", c) != NULL)
    {
      g_string_append_c (out, c);
      return TRUE;
    }
  if (c != 'u' || !hex4 (p, len, *i + 1, &unit))
    return FALSE;
  if (unit >= 0xD800 && unit <= 0xDBFF && *i + 11 <= len && p[*i + 5] == '\\' && p[*i + 6] == 'u'
      && hex4 (p, len, *i + 7, &low) && low >= 0xDC00 && low <= 0xDFFF)
    {
      g_string_append_len (out, p + *i, 11);
      *i += 10;
      return TRUE;
    }
  if (unit >= 0xD800 && unit <= 0xDFFF)
    g_string_append (out, "ufffd");
  else
    g_string_append_len (out, p + *i, 5);
  *i += 4;
  return TRUE;
}

/* The number at p[i] into @out, as json-glib should read it: an integer
 * that does not fit in 64 bits (json-glib would read
 * 99999999999999999999 as -1) becomes the string of its digits, so that it
 * reads as no integer and is written out as it was. Returns the number's
 * length. */
static gsize
copy_number (const char *p, gsize len, gsize i, GString *out)
{
  gsize    j = i + (p[i] == '-');
  gboolean integer = TRUE;
  gint64   value;

  while (j < len
         && (g_ascii_isdigit (p[j]) || p[j] == '.' || p[j] == 'e' || p[j] == 'E' || p[j] == '+'
             || p[j] == '-'))
    {
      if (!g_ascii_isdigit (p[j]))
        integer = FALSE;
      j++;
    }
  if (integer && j > i + 18)
    {
      g_autofree char *token = g_strndup (p + i, j - i);

      if (!g_ascii_string_to_signed (token, 10, G_MININT64, G_MAXINT64, &value, NULL))
        {
          g_string_append_printf (out, "\"%s\"", token);
          return j - i;
        }
    }
  g_string_append_len (out, p + i, j - i);
  return j - i;
}

/* A copy of the text at @offset of @base for json-glib, with raw control
 * characters inside strings escaped and escapes checked; NULL with the
 * place (in @base) of the first bracket too deep or the first escape that
 * is none. */
static GString *
checked_copy (const char *base, gsize offset, gsize len, GError **error)
{
  const char         *p = base + offset;
  g_autoptr (GString) out = g_string_sized_new (len + 16);
  gboolean            in_string = FALSE;
  guint               depth = 0;

  for (gsize i = 0; i < len; i++)
    {
      guchar c = (guchar)p[i];

      if (in_string)
        {
          if (c == '\\' && i + 1 < len)
            {
              g_string_append_c (out, c);
              i++;
              if (!copy_escape (p, len, &i, out))
                {
                  g_autofree char *what = g_strdup_printf (_ ("“\\%c” is not a JSON escape"),
                                                           g_ascii_isprint (p[i]) ? p[i] : '?');

                  set_error_at (error, ST_JSON_DOC_ERROR_SYNTAX, base, offset + i - 1, what);
                  return NULL;
                }
              continue;
            }
          else if (c == '"')
            in_string = FALSE;
          else if (c < 0x20)
            {
              g_string_append_printf (out, "\\u%04x", c);
              continue;
            }
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '-' || g_ascii_isdigit (c))
        {
          i += copy_number (p, len, i, out) - 1;
          continue;
        }
      else if ((c == '{' || c == '[') && ++depth > ST_JSON_DEPTH_MAX)
        {
          g_autofree char *what
              = g_strdup_printf (_ ("nested more than %d levels deep"), ST_JSON_DEPTH_MAX);

          set_error_at (error, ST_JSON_DOC_ERROR_TOO_DEEP, base, offset + i, what);
          return NULL;
        }
      else if (c == '}' || c == ']')
        depth = depth ? depth - 1 : 0;
      g_string_append_c (out, c);
    }
  return g_steal_pointer (&out);
}

/* json-glib says "<data>:L:C: Parse error: what" (its position is known
 * only inside the message once parsing has stopped); the gate says "line
 * L, column C: what", in the lines of @base. The copy has the lines of
 * @base from @offset on (its escapes of control characters may move the
 * column a little). */
static void
set_syntax_error (const GError *parse_error,
                  const char   *base,
                  gsize         offset,
                  gsize         length,
                  GError      **error)
{
  const char *what = strstr (parse_error->message, "error: ");
  const char *p = base + offset, *end = p + length;
  guint       line = 1, column = 1;

  if (sscanf (parse_error->message, "<data>:%u:%u:", &line, &column) != 2)
    line = column = 1;
  what = what != NULL ? what + strlen ("error: ") : parse_error->message;
  for (guint l = 1; l < line && p < end; l++)
    {
      const char *nl = memchr (p, '\n', end - p);
      p = nl != NULL ? nl + 1 : end;
    }
  p = MIN (p + MAX (column, 1) - 1, end);
  set_error_at (error, ST_JSON_DOC_ERROR_SYNTAX, base, p - base, what);
}

/* The document of @length bytes at @offset of @base (a file's text: places
 * in errors count from its start), or NULL with @error: nested too deep,
 * not JSON, or empty. */
JsonNode *
st_json_doc_parse_span (const char *base, gsize offset, gsize length, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GString)    text = NULL;
  g_autoptr (GError)     parse_error = NULL;

  if (base == NULL)
    base = "";
  text = checked_copy (base, offset, length, error);
  if (text == NULL)
    return NULL;
  if (!json_parser_load_from_data (parser, text->str, text->len, &parse_error))
    {
      set_syntax_error (parse_error, base, offset, length, error);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL)
    {
      set_error_at (error, ST_JSON_DOC_ERROR_SYNTAX, base, offset, _ ("no JSON value"));
      return NULL;
    }
  return json_node_copy (json_parser_get_root (parser));
}

/* The whole of @data as one document: see st_json_doc_parse_span(). */
JsonNode *
st_json_doc_parse (const char *data, gsize length, GError **error)
{
  return st_json_doc_parse_span (data, 0, length, error);
}

/* Type-checked getters. */

const char *
st_json_node_get_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
st_json_node_get_number (JsonNode *node, double *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  *out = json_node_get_double (node);
  return TRUE;
}

static JsonNode *
member (JsonObject *object, const char *key)
{
  return object != NULL ? json_object_get_member (object, key) : NULL;
}

const char *
st_json_object_get_string (JsonObject *object, const char *key)
{
  return st_json_node_get_string (member (object, key));
}

JsonObject *
st_json_object_get_object (JsonObject *object, const char *key)
{
  JsonNode *node = member (object, key);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonArray *
st_json_object_get_array (JsonObject *object, const char *key)
{
  JsonNode *node = member (object, key);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

gboolean
st_json_object_get_number (JsonObject *object, const char *key, double *out)
{
  return st_json_node_get_number (member (object, key), out);
}

/* An integer member: exact when written as one, else a number in range
 * rounded towards zero. */
gboolean
st_json_object_get_int (JsonObject *object, const char *key, gint64 *out)
{
  JsonNode *node = member (object, key);
  double    v;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  if (!st_json_node_get_number (node, &v) || !(v > -9.2e18 && v < 9.2e18))
    return FALSE;
  *out = (gint64)v;
  return TRUE;
}

/* A whole number: an integer, or a double without a fraction (1e9). */
gboolean
st_json_node_get_whole_number (JsonNode *node, gint64 *out)
{
  GType  type;
  double d;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  if (type != G_TYPE_DOUBLE)
    return FALSE;
  d = json_node_get_double (node);
  return st_json_double_get_whole (d, out);
}

gboolean
st_json_double_get_whole (double d, gint64 *out)
{
  /* -2^63 ≤ d < 2^63 (so false for NaN), then no fraction. */
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || (double)(gint64)d != d)
    return FALSE;
  *out = (gint64)d;
  return TRUE;
}

const char *
st_json_object_get_string_or (JsonObject *object, const char *key, const char *fallback)
{
  const char *value = object != NULL ? st_json_object_get_string (object, key) : NULL;

  return value != NULL ? value : fallback;
}

gint64
st_json_object_get_int_or (JsonObject *object, const char *key, gint64 fallback)
{
  gint64 value;

  return object != NULL && st_json_object_get_int (object, key, &value) ? value : fallback;
}

const char *
st_json_array_get_string (JsonArray *array, guint index)
{
  if (array == NULL || index >= json_array_get_length (array))
    return NULL;
  return st_json_node_get_string (json_array_get_element (array, index));
}

/* --- tables of numbers, without a node each ------------------------------------------- */

void
st_json_column_free (gpointer data)
{
  StJsonColumn *c = data;

  g_free (c->key);
  g_array_unref (c->cells);
  g_free (c);
}

/* The digits at *p, at least one; FALSE when there is none. */
static gboolean
scan_digits (const char **p, const char *end)
{
  const char *q = *p;

  while (q < end && g_ascii_isdigit (*q))
    q++;
  if (q == *p)
    return FALSE;
  *p = q;
  return TRUE;
}

/* The JSON number at *p (RFC 8259) into @cell, *p past it: as the gate
 * reads it, an integer beyond 64 bits is no number. FALSE when it is none. */
static gboolean
scan_number (const char **p, const char *end, StJsonNumber *cell)
{
  const char *q = *p + (*p < end && **p == '-');
  gboolean    integer = TRUE;
  char        token[40];

  if (q < end && *q == '0')
    q++;
  else if (!scan_digits (&q, end))
    return FALSE;
  if (q < end && *q == '.' && (integer = FALSE, ++q, !scan_digits (&q, end)))
    return FALSE;
  if (q < end && (*q == 'e' || *q == 'E'))
    {
      integer = FALSE;
      q += 1 + (q + 1 < end && (q[1] == '+' || q[1] == '-'));
      if (!scan_digits (&q, end))
        return FALSE;
    }
  if ((gsize)(q - *p) >= sizeof token)
    return FALSE; /* longer than any a digest writes: the nodes read it */
  if (integer && q - *p <= 18)
    {
      /* 18 digits fit in 64 bits whatever they are: read in place */
      gboolean negative = **p == '-';
      gint64   whole = 0;

      for (const char *d = *p + negative; d < q; d++)
        whole = whole * 10 + (*d - '0');
      cell->kind = ST_JSON_NUMBER_INT;
      cell->whole = negative ? -whole : whole;
      *p = q;
      return TRUE;
    }
  memcpy (token, *p, q - *p);
  token[q - *p] = '\0';
  if (integer)
    cell->kind = g_ascii_string_to_signed (token, 10, G_MININT64, G_MAXINT64, &cell->whole, NULL)
                     ? ST_JSON_NUMBER_INT
                     : ST_JSON_NUMBER_BEYOND;
  else
    {
      cell->kind = ST_JSON_NUMBER_DOUBLE;
      cell->number = g_ascii_strtod (token, NULL);
    }
  *p = q;
  return TRUE;
}

/* The array of numbers and nulls at *p, *p past it; NULL for anything else. */
GArray *
st_json_scan_numbers (const char **p, const char *end)
{
  g_autoptr (GArray) cells = g_array_new (FALSE, FALSE, sizeof (StJsonNumber));
  const char        *q = *p;

  if (q >= end || *q != '[')
    return NULL;
  q = st_json_skip_ws (q + 1, end);
  while (q < end && *q != ']')
    {
      StJsonNumber cell = { 0, 0.0, ST_JSON_NUMBER_NULL };

      if (end - q >= 4 && memcmp (q, "null", 4) == 0)
        q += 4;
      else if (!scan_number (&q, end, &cell))
        return NULL;
      g_array_append_val (cells, cell);
      q = st_json_skip_ws (q, end);
      if (q < end && *q == ',')
        {
          q = st_json_skip_ws (q + 1, end);
          if (q < end && *q == ']')
            return NULL; /* a trailing comma */
        }
      else if (q >= end || *q != ']')
        return NULL;
    }
  if (q >= end)
    return NULL;
  *p = q + 1;
  return g_steal_pointer (&cells);
}

/* A member's name at *p, plain printable ASCII without an escape, *p past
 * it; NULL for any other. */
static char *
scan_key (const char **p, const char *end)
{
  const char *q;

  if (*p >= end || **p != '"')
    return NULL;
  for (q = *p + 1; q < end && *q != '"'; q++)
    if ((guchar)*q < 0x20 || (guchar)*q > 0x7e || *q == '\\')
      return NULL;
  if (q >= end)
    return NULL;
  {
    char *name = g_strndup (*p + 1, q - (*p + 1));

    *p = q + 1;
    return name;
  }
}

/* The table (an object of columns) from @p to exactly @stop; NULL when
 * it is anything else. */
GPtrArray *
st_json_scan_columns (const char *p, const char *stop)
{
  g_autoptr (GPtrArray) columns = g_ptr_array_new_with_free_func (st_json_column_free);

  if (p >= stop || *p != '{')
    return NULL;
  p = st_json_skip_ws (p + 1, stop);
  while (p < stop && *p != '}')
    {
      g_autofree char *name = NULL;
      GArray          *cells;
      StJsonColumn    *c;

      if ((name = scan_key (&p, stop)) == NULL)
        return NULL;
      p = st_json_skip_ws (p, stop);
      if (p >= stop || *p != ':')
        return NULL;
      p = st_json_skip_ws (p + 1, stop);
      if ((cells = st_json_scan_numbers (&p, stop)) == NULL)
        return NULL;
      c = g_new0 (StJsonColumn, 1);
      c->key = g_steal_pointer (&name);
      c->cells = cells;
      g_ptr_array_add (columns, c);
      for (guint i = 0; i + 1 < columns->len; i++)
        if (g_str_equal (((StJsonColumn *)g_ptr_array_index (columns, i))->key, c->key))
          return NULL; /* the nodes say which of two of a name counts */
      p = st_json_skip_ws (p, stop);
      if (p < stop && *p == ',')
        {
          p = st_json_skip_ws (p + 1, stop);
          if (p < stop && *p == '}')
            return NULL;
        }
      else if (p >= stop || *p != '}')
        return NULL;
    }
  return p + 1 == stop ? g_steal_pointer (&columns) : NULL;
}
