/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-string-table.c: open addressing over 64-bit slots (hash | id), strings
 * copied NUL-terminated into large arena blocks so that millions of names cost
 * one allocation per block, not one per string.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-string-table.h"

#include <string.h>

#define ARENA_BLOCK (256 * 1024)

struct _StStringTable
{
  guint64     *slots; /* (hash32 << 32) | (id + 1); 0 is empty */
  guint        mask;
  const char **strings;
  guint32     *lengths;
  guint        n_strings;
  guint        capacity;
  GPtrArray   *blocks;
  char        *block_pos;
  gsize        block_left;
  GHashTable  *originals; /* id + 1 -> GBytes: what a replaced string was interned from */
};

static inline guint64
read64 (const char *p)
{
  guint64 v;
  memcpy (&v, p, 8);
  return v;
}

static inline guint64
mix (guint64 a, guint64 b)
{
  unsigned __int128 r = (unsigned __int128)a * b;
  return (guint64)r ^ (guint64)(r >> 64);
}

/* A multiply-fold hash reading 8 bytes at a time: names are often long
 * (Python frames, C++ kernel signatures), so a byte loop would dominate. */
guint64
st_hash_bytes (const char *data, gsize len)
{
  const guint64 k0 = 0xa0761d6478bd642fULL, k1 = 0xe7037ed1a0b428dbULL;
  guint64       h = k0 ^ len;
  gsize         i = 0;

  for (; i + 16 <= len; i += 16)
    h = mix (read64 (data + i) ^ k1, read64 (data + i + 8) ^ h);
  if (i + 8 <= len)
    {
      h = mix (read64 (data + i) ^ k1, h ^ k0);
      i += 8;
    }
  if (i < len)
    h = mix (st_read_tail (data + i, len - i) ^ k1, h ^ 0x8ebc6af09c88c6e3ULL);
  return mix (h, k1);
}

static const char *
arena_copy (StStringTable *self, const char *str, gsize len)
{
  char *dst;

  if (len + 1 > ARENA_BLOCK / 4)
    {
      dst = g_malloc (len + 1);
      g_ptr_array_add (self->blocks, dst);
    }
  else
    {
      if (self->block_left < len + 1)
        {
          self->block_pos = g_malloc (ARENA_BLOCK);
          self->block_left = ARENA_BLOCK;
          g_ptr_array_add (self->blocks, self->block_pos);
        }
      dst = self->block_pos;
      self->block_pos += len + 1;
      self->block_left -= len + 1;
    }
  memcpy (dst, str, len);
  dst[len] = '\0';
  return dst;
}

static void
grow_slots (StStringTable *self)
{
  guint    new_size = (self->mask + 1) * 2;
  guint64 *slots = g_new0 (guint64, new_size);

  for (guint i = 0; i <= self->mask; i++)
    {
      guint64 s = self->slots[i];
      guint   j;

      if (s == 0)
        continue;
      for (j = (guint)(s >> 32) & (new_size - 1); slots[j] != 0; j = (j + 1) & (new_size - 1))
        ;
      slots[j] = s;
    }
  g_free (self->slots);
  self->slots = slots;
  self->mask = new_size - 1;
}

static StStringId
append_string (StStringTable *self, const char *str, gsize len)
{
  if (self->n_strings == self->capacity)
    {
      self->capacity *= 2;
      self->strings = g_renew (const char *, self->strings, self->capacity);
      self->lengths = g_renew (guint32, self->lengths, self->capacity);
    }
  self->strings[self->n_strings] = arena_copy (self, str, len);
  self->lengths[self->n_strings] = (guint32)MIN (len, G_MAXUINT32);
  return self->n_strings++;
}

StStringTable *
st_string_table_new (void)
{
  StStringTable *self = g_new0 (StStringTable, 1);

  self->mask = 1023;
  self->slots = g_new0 (guint64, self->mask + 1);
  self->capacity = 256;
  self->strings = g_new (const char *, self->capacity);
  self->lengths = g_new (guint32, self->capacity);
  self->blocks = g_ptr_array_new_with_free_func (g_free);
  append_string (self, "", 0);
  return self;
}

void
st_string_table_free (StStringTable *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->blocks);
  g_clear_pointer (&self->originals, g_hash_table_unref);
  g_free (self->slots);
  g_free (self->strings);
  g_free (self->lengths);
  g_free (self);
}

static inline gboolean
slot_matches (const StStringTable *self, guint64 slot, guint32 hash, const char *str, gsize len)
{
  guint id = (guint)(slot & 0xffffffffu) - 1;

  if ((guint32)(slot >> 32) != hash)
    return FALSE;
  /* A replaced string is found by the bytes it was interned from, so the
   * same bytes seen again map to the same id (not to a new one). */
  if (G_UNLIKELY (self->originals != NULL))
    {
      GBytes *original = g_hash_table_lookup (self->originals, GUINT_TO_POINTER (id + 1));

      if (original != NULL)
        return g_bytes_get_size (original) == len
               && memcmp (g_bytes_get_data (original, NULL), str, len) == 0;
    }
  return self->lengths[id] == len && st_bytes_equal (self->strings[id], str, len);
}

/* The slot holding @str, or the empty slot where it would go. */
static guint
probe (const StStringTable *self, guint32 hash, const char *str, gsize len)
{
  guint i;

  for (i = hash & self->mask; self->slots[i] != 0; i = (i + 1) & self->mask)
    if (slot_matches (self, self->slots[i], hash, str, len))
      break;
  return i;
}

StStringId
st_string_table_lookup (const StStringTable *self, const char *str, gsize len)
{
  guint i;

  g_return_val_if_fail (self != NULL, ST_STRING_NONE);

  if (len == 0)
    return ST_STRING_EMPTY;
  i = probe (self, (guint32)st_hash_bytes (str, len), str, len);
  return self->slots[i] ? (StStringId)(self->slots[i] & 0xffffffffu) - 1 : ST_STRING_NONE;
}

/* Interns @str; *@added says whether it was new to the table. */
StStringId
st_string_table_add (StStringTable *self, const char *str, gsize len, gboolean *added)
{
  guint32    hash;
  StStringId id;
  guint      i;

  *added = FALSE;
  if (len == 0)
    return ST_STRING_EMPTY;
  hash = (guint32)st_hash_bytes (str, len);
  i = probe (self, hash, str, len);
  if (self->slots[i] != 0)
    return (StStringId)(self->slots[i] & 0xffffffffu) - 1;
  *added = TRUE;
  id = append_string (self, str, len);
  self->slots[i] = ((guint64)hash << 32) | (id + 1);
  if (self->n_strings * 2 > self->mask)
    grow_slots (self);
  return id;
}

StStringId
st_string_table_intern (StStringTable *self, const char *str, gsize len)
{
  gboolean added;

  return st_string_table_add (self, str, len, &added);
}

const char *
st_string_table_get (const StStringTable *self, StStringId id)
{
  g_return_val_if_fail (self != NULL, "");
  g_return_val_if_fail (id < self->n_strings, "");

  return self->strings[id];
}

gsize
st_string_table_get_length (const StStringTable *self, StStringId id)
{
  g_return_val_if_fail (id < self->n_strings, 0);

  return self->lengths[id];
}

guint
st_string_table_get_size (const StStringTable *self)
{
  return self->n_strings;
}

/* Changes the text of @id (a repaired name) while the bytes it was
 * interned from keep mapping to it. */
void
st_string_table_replace (StStringTable *self, StStringId id, const char *str, gsize len)
{
  g_return_if_fail (id > 0 && id < self->n_strings);

  if (self->originals == NULL)
    self->originals = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)g_bytes_unref);
  if (!g_hash_table_contains (self->originals, GUINT_TO_POINTER (id + 1)))
    g_hash_table_insert (self->originals, GUINT_TO_POINTER (id + 1),
                         g_bytes_new (self->strings[id], self->lengths[id]));
  self->strings[id] = arena_copy (self, str, len);
  self->lengths[id] = (guint32)MIN (len, G_MAXUINT32);
}

/* Interns every string of @other into @self and returns the map from
 * @other's ids to @self's (free with g_free). */
guint32 *
st_string_table_merge (StStringTable *self, const StStringTable *other)
{
  guint32 *map = g_new (guint32, other->n_strings);

  for (guint i = 0; i < other->n_strings; i++)
    map[i] = st_string_table_intern (self, other->strings[i], other->lengths[i]);
  return map;
}
