/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-format.h"

#include <math.h>
#include <string.h>

/* "0 ns", "850 ns", "12.5 µs", "3.27 ms", "1.204 s": three significant
 * digits or more, the unit chosen so that the number is at least 1. */
char *
st_format_duration (gint64 ns)
{
  static const struct
  {
    gint64      scale;
    const char *unit;
  } units[] = {
    { 1000000000, "s" },
    { 1000000, "ms" },
    { 1000, "µs" },
  };
  guint64 mag = ns < 0 ? -(guint64)ns : (guint64)ns;

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (mag >= (guint64)units[i].scale)
      {
        double v = (double)ns / units[i].scale;
        double a = ABS (v);
        return g_strdup_printf (a >= 100  ? "%.1f %s"
                                : a >= 10 ? "%.2f %s"
                                          : "%.3f %s",
                                v, units[i].unit);
      }
  return g_strdup_printf ("%" G_GINT64_FORMAT " ns", ns);
}

char *
st_format_duration_delta (gint64 delta_ns)
{
  g_autofree char *magnitude = st_format_duration (delta_ns == G_MININT64 ? G_MAXINT64
                                                   : delta_ns < 0         ? -delta_ns
                                                                          : delta_ns);

  return delta_ns == 0 ? g_steal_pointer (&magnitude)
                       : g_strdup_printf ("%s%s", delta_ns < 0 ? "−" : "+", magnitude);
}

/* 1234567 as "1 234 567" (narrow no-break spaces between thousands). */
char *
st_format_count (guint64 n)
{
  char     digits[32];
  GString *out = g_string_new (NULL);
  int      len = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);

  for (int i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, "\342\200\257");
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

/* A counter's value in at most four significant digits with an SI prefix:
 * 10240 as "10.24 k", 0.5 as "0.5", 3.2e9 as "3.2 G". */
char *
st_format_quantity (double value)
{
  static const char *prefixes[] = { "", " k", " M", " G", " T", " P" };
  double             a = fabs (value);
  guint              p = 0;

  while (a >= 1000 && p + 1 < G_N_ELEMENTS (prefixes))
    {
      a /= 1000;
      value /= 1000;
      p++;
    }
  return g_strdup_printf ("%.4g%s", value, prefixes[p]);
}

/* A JSON scalar as it is written: 42, 0.5, true, null, or the string. */
const char *
st_format_double (char buf[ST_FORMAT_DOUBLE_SIZE], double value)
{
  /* 17 significant digits always read back; fewer mostly do */
  for (int digits = 15; digits < 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, ST_FORMAT_DOUBLE_SIZE, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        return buf;
    }
  return g_ascii_formatd (buf, ST_FORMAT_DOUBLE_SIZE, "%.17g", value);
}

char *
st_format_json_scalar (JsonNode *node)
{
  char buf[ST_FORMAT_DOUBLE_SIZE];

  if (JSON_NODE_HOLDS_NULL (node))
    return g_strdup ("null");
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64: return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE: return g_strdup (st_format_double (buf, json_node_get_double (node)));
    case G_TYPE_BOOLEAN: return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    case G_TYPE_STRING: return g_strdup (json_node_get_string (node));
    default: return g_strdup ("null");
    }
}

/* The run of digits at *@p, its leading zeros skipped: where it starts
 * and how many digits follow. */
static const char *
digit_run (const char *p, gsize *len)
{
  const char *end;

  while (*p == '0' && g_ascii_isdigit (p[1]))
    p++;
  for (end = p; g_ascii_isdigit (*end); end++)
    ;
  *len = (gsize)(end - p);
  return p;
}

int
st_natural_compare (const char *a, const char *b)
{
  const char *p = a, *q = b;

  while (*p != '\0' && *q != '\0')
    {
      if (g_ascii_isdigit (*p) && g_ascii_isdigit (*q))
        {
          gsize       m, n;
          const char *x = digit_run (p, &m), *y = digit_run (q, &n);
          int         c;

          /* without leading zeros, the longer run is the larger number */
          if (m != n)
            return m < n ? -1 : 1;
          if ((c = memcmp (x, y, m)) != 0)
            return c < 0 ? -1 : 1;
          p = x + m;
          q = y + n;
          continue;
        }
      if (*p != *q)
        return (guchar)*p < (guchar)*q ? -1 : 1;
      p++;
      q++;
    }
  if (*p != *q)
    return *p == '\0' ? -1 : 1;
  return strcmp (a, b) < 0 ? -1 : strcmp (a, b) > 0;
}
