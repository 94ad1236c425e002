/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-map.c: a map of integers for the importer's ids (strings,
 * threads, correlation ids): asked once or more for every row, so it is an
 * array probed in place, each key beside its value (a million correlation
 * ids outgrow the caches: one miss a lookup, not two), rather than a hash
 * table of allocated keys.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-nsys-importer-private.h"

static inline gsize
slot_of (gint64 key, gsize size)
{
  return (gsize)(((guint64)key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 17) & (size - 1);
}

void
st_nsys_map_clear (StNsysMap *map)
{
  g_clear_pointer (&map->slots, g_free);
  map->size = map->n = 0;
}

gboolean
st_nsys_map_lookup (const StNsysMap *map, gint64 key, guint32 *value)
{
  if (map->size == 0)
    return FALSE;
  for (gsize h = slot_of (key, map->size);; h = (h + 1) & (map->size - 1))
    {
      const StNsysSlot *slot = &map->slots[h];

      if (slot->value == 0)
        return FALSE;
      if (slot->key == key)
        {
          *value = slot->value - 1;
          return TRUE;
        }
    }
}

static void
put (StNsysMap *map, gint64 key, guint32 stored)
{
  gsize h = slot_of (key, map->size);

  while (map->slots[h].value != 0 && map->slots[h].key != key)
    h = (h + 1) & (map->size - 1);
  if (map->slots[h].value == 0)
    map->n++;
  map->slots[h].key = key;
  map->slots[h].value = stored;
}

/* Twice the size once half full, so that a probe stays short. */
static void
grow (StNsysMap *map)
{
  StNsysSlot *slots = map->slots;
  gsize       old = map->size;

  map->size = MAX (64, old * 2);
  map->slots = g_new0 (StNsysSlot, map->size);
  map->n = 0;
  for (gsize i = 0; i < old; i++)
    if (slots[i].value != 0)
      put (map, slots[i].key, slots[i].value);
  g_free (slots);
}

/* Sets @key to @value, which must be below G_MAXUINT32. */
void
st_nsys_map_insert (StNsysMap *map, gint64 key, guint32 value)
{
  g_assert (value < G_MAXUINT32);
  if (2 * (map->n + 1) > map->size)
    grow (map);
  put (map, key, value + 1);
}
