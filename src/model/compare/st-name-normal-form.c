/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-name-normal-form.h"

#include <string.h>

/* Drops a trailing number of @out with the separator before it; a number
 * right after a letter ("fp16", "tile_32x6") is part of the name. */
static void
drop_trailing_number (GString *out)
{
  gsize end = out->len;

  while (end > 0 && g_ascii_isdigit (out->str[end - 1]))
    end--;
  if (end == out->len || end == 0 || strchr ("#_-. ", out->str[end - 1]) == NULL)
    return;
  g_string_truncate (out, end - 1);
}

static void
strip_spaces (GString *out)
{
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
}

char *
st_name_normal_form (const char *name)
{
  GString *out = g_string_new (NULL);
  guint    depth = 0;

  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == '<')
        depth++;
      else if (*p == '>' && depth > 0)
        depth--;
      else if (depth > 0)
        continue;
      else if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && g_ascii_isxdigit (p[2]))
        {
          g_string_append (out, "0x…");
          p += 2;
          while (g_ascii_isxdigit (p[1]))
            p++;
        }
      else if (g_ascii_isspace (*p))
        {
          if (out->len > 0 && out->str[out->len - 1] != ' ')
            g_string_append_c (out, ' ');
        }
      else
        g_string_append_c (out, *p);
    }
  strip_spaces (out);
  drop_trailing_number (out);
  strip_spaces (out);
  return g_string_free (out, FALSE);
}
