/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-string-table.h: interned strings with 32-bit ids.
 *
 * Every name, category, pid, tid and arg key of a trace is stored once; events
 * hold ids. Id 0 is always the empty string. Not thread-safe: each importer
 * thread interns into its own table and the tables are merged afterwards.
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef guint32 StStringId;

#define ST_STRING_EMPTY ((StStringId)0)
#define ST_STRING_NONE  ((StStringId)G_MAXUINT32)

typedef struct _StStringTable StStringTable;

StStringTable *st_string_table_new (void);
void           st_string_table_free (StStringTable *self);
StStringId     st_string_table_intern (StStringTable *self, const char *str, gsize len);
StStringId  st_string_table_add (StStringTable *self, const char *str, gsize len, gboolean *added);
StStringId  st_string_table_lookup (const StStringTable *self, const char *str, gsize len);
const char *st_string_table_get (const StStringTable *self, StStringId id);
gsize       st_string_table_get_length (const StStringTable *self, StStringId id);
guint       st_string_table_get_size (const StStringTable *self);
void     st_string_table_replace (StStringTable *self, StStringId id, const char *str, gsize len);
guint32 *st_string_table_merge (StStringTable *self, const StStringTable *other);

guint64 st_hash_bytes (const char *data, gsize len);

/* The @n (1 to 8) bytes at @p as memcpy into a zeroed word reads them
 * (little-endian), in two or three loads instead of a call. */
static inline guint64
st_read_tail (const char *p, gsize n)
{
  guint32 lo, hi;

  if (n < 4)
    return (guint64)(guchar)p[0] | (guint64)(guchar)p[n / 2] << (8 * (n / 2))
           | (guint64)(guchar)p[n - 1] << (8 * (n - 1));
  memcpy (&lo, p, 4);
  memcpy (&hi, p + n - 4, 4);
  return (guint64)lo | (guint64)hi << (8 * (n - 4));
}

/* Whether the @len bytes at @a and @b are the same. Names are short, and
 * a call to memcmp costs more than comparing them a word at a time. */
static inline gboolean
st_bytes_equal (const char *a, const char *b, gsize len)
{
  guint64 x, y;

  if (len <= 8)
    return len == 0 || st_read_tail (a, len) == st_read_tail (b, len);
  for (; len > 8; len -= 8, a += 8, b += 8)
    {
      memcpy (&x, a, 8);
      memcpy (&y, b, 8);
      if (x != y)
        return FALSE;
    }
  memcpy (&x, a + len - 8, 8);
  memcpy (&y, b + len - 8, 8);
  return x == y;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StStringTable, st_string_table_free)

G_END_DECLS
