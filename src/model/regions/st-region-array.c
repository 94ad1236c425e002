/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region-array.h"
#include "st-region-private.h"
#include "st-sort.h"

#include <string.h>

/* The names of an array, each once; shared by an array and its copies
 * (they only ever add names, so an id never changes its meaning). */
typedef struct
{
  gint          ref_count;
  GStringChunk *chunk;
  GHashTable   *ids;     /* name (in chunk) → id + 1 */
  GPtrArray    *strings; /* id → name (in chunk) */
} Names;

struct _StRegionArray
{
  gint     ref_count;
  gboolean frozen;  /* held by a region set: no more changes */
  gboolean ordered; /* known to be in order, from the one who filled it */
  GArray  *entries; /* StRegionEntry */
  Names   *names;
  guint64  next_id; /* ids reserved for this array: next_id up to end_id */
  guint64  end_id;
  guint64  grown_id; /* the id of the first region st_region_array_grow () added */
  guint    grown;    /* where those regions start */
};

G_STATIC_ASSERT (sizeof (StRegionEntry) == 32);

G_DEFINE_BOXED_TYPE (StRegionArray, st_region_array, st_region_array_ref, st_region_array_unref)

/* Ids are taken this many at a time, so that a million regions take the
 * lock a few hundred times. */
#define ID_BLOCK 4096

G_LOCK_DEFINE_STATIC (ids);
static guint64 next_free_id = 1;

guint64
st_region_array_reserve_ids (guint n)
{
  guint64 first;

  G_LOCK (ids);
  first = next_free_id;
  next_free_id += n;
  G_UNLOCK (ids);
  return first;
}

static Names *
names_new (void)
{
  Names *names = g_new0 (Names, 1);

  names->ref_count = 1;
  names->chunk = g_string_chunk_new (4096);
  names->ids = g_hash_table_new (g_str_hash, g_str_equal);
  names->strings = g_ptr_array_new ();
  return names;
}

static void
names_unref (Names *names)
{
  if (--names->ref_count > 0)
    return;
  g_hash_table_unref (names->ids);
  g_ptr_array_unref (names->strings);
  g_string_chunk_free (names->chunk);
  g_free (names);
}

StRegionArray *
st_region_array_new_sized (guint n)
{
  StRegionArray *self = g_new0 (StRegionArray, 1);

  self->ref_count = 1;
  self->entries = g_array_sized_new (FALSE, FALSE, sizeof (StRegionEntry), n);
  self->names = names_new ();
  return self;
}

StRegionArray *
st_region_array_new (void)
{
  return st_region_array_new_sized (0);
}

StRegionArray *
st_region_array_ref (StRegionArray *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  self->ref_count++;
  return self;
}

void
st_region_array_unref (StRegionArray *self)
{
  g_return_if_fail (self != NULL);

  if (--self->ref_count > 0)
    return;
  g_array_unref (self->entries);
  names_unref (self->names);
  g_free (self);
}

guint
st_region_array_intern (StRegionArray *self, const char *name)
{
  Names   *names;
  gpointer id;
  char    *copy;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (name != NULL && g_utf8_validate (name, -1, NULL), 0);

  names = self->names;
  id = g_hash_table_lookup (names->ids, name);
  if (id != NULL)
    return GPOINTER_TO_UINT (id) - 1;
  copy = g_string_chunk_insert (names->chunk, name);
  g_ptr_array_add (names->strings, copy);
  g_hash_table_insert (names->ids, copy, GUINT_TO_POINTER (names->strings->len));
  return names->strings->len - 1;
}

void
st_region_array_append (StRegionArray *self,
                        guint          name,
                        guint          number,
                        gint64         start,
                        gint64         end,
                        StRegionMethod method)
{
  StRegionEntry entry = { start, end, 0, name, number, method };

  g_return_if_fail (self != NULL && !self->frozen);
  g_return_if_fail (name < self->names->strings->len);
  g_return_if_fail (end >= start);
  g_return_if_fail ((guint)method < ST_N_REGION_METHODS);
  g_return_if_fail (number <= ST_REGION_MAX_NUMBER);

  if (self->next_id == self->end_id)
    {
      self->next_id = st_region_array_reserve_ids (ID_BLOCK);
      self->end_id = self->next_id + ID_BLOCK;
    }
  entry.id = self->next_id++;
  self->ordered = FALSE;
  /* Set, not appended: a million regions, each one memcpy call less. */
  g_array_set_size (self->entries, self->entries->len + 1);
  g_array_index (self->entries, StRegionEntry, self->entries->len - 1) = entry;
}

void
st_region_array_grow (StRegionArray *self, guint n)
{
  g_return_if_fail (self != NULL && !self->frozen);

  self->ordered = FALSE;
  self->grown = self->entries->len;
  self->grown_id = st_region_array_reserve_ids (MAX (n, 1));
  g_array_set_size (self->entries, self->entries->len + n);
}

/* No checks on the names: a million regions, the name interned once for
 * many of them, each by the caller. */
void
st_region_array_set (StRegionArray      *self,
                     guint               index,
                     const StRegionFill *regions,
                     guint               n,
                     StRegionMethod      method)
{
  StRegionEntry *entries;
  guint64        id;

  g_return_if_fail (index >= self->grown && n <= self->entries->len - index);
  g_return_if_fail ((guint)method < ST_N_REGION_METHODS);

  entries = &g_array_index (self->entries, StRegionEntry, index);
  id = self->grown_id + (index - self->grown);
  for (guint i = 0; i < n; i++)
    {
      const StRegionFill *r = &regions[i];

      g_return_if_fail (r->end >= r->start && r->number <= ST_REGION_MAX_NUMBER);
      entries[i] = (StRegionEntry){ r->start, r->end, id + i, r->name, r->number, method };
    }
}

void
st_region_array_add (StRegionArray *self,
                     const char    *name,
                     gint64         start,
                     gint64         end,
                     StRegionMethod method)
{
  g_return_if_fail (self != NULL);

  st_region_array_append (self, st_region_array_intern (self, name), 0, start, end, method);
}

ST_DEFINE_SORT (sort_entries,
                StRegionEntry,
                a->start != b->start ? a->start < b->start
                : a->end != b->end   ? a->end < b->end
                                     : a->id < b->id)

void
st_region_array_set_ordered (StRegionArray *self)
{
  g_return_if_fail (self != NULL && !self->frozen);

  self->ordered = TRUE;
}

void
st_region_array_sort (StRegionArray *self)
{
  g_return_if_fail (self != NULL && !self->frozen);

  sort_entries ((StRegionEntry *)(void *)self->entries->data, self->entries->len, NULL);
  self->ordered = TRUE;
}

static const StRegionEntry *
entry_at (const StRegionArray *self, guint index)
{
  return &g_array_index (self->entries, StRegionEntry, index);
}

guint
st_region_array_get_length (const StRegionArray *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->entries->len;
}

gint64
st_region_array_get_start (const StRegionArray *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->entries->len, 0);

  return entry_at (self, index)->start;
}

gint64
st_region_array_get_end (const StRegionArray *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->entries->len, 0);

  return entry_at (self, index)->end;
}

/* Saturates for a region that spans more than G_MAXINT64 nanoseconds. */
gint64
st_region_array_get_duration (const StRegionArray *self, guint index)
{
  const StRegionEntry *e;

  g_return_val_if_fail (self != NULL && index < self->entries->len, 0);

  e = entry_at (self, index);
  return (guint64)e->end - (guint64)e->start > G_MAXINT64
             ? G_MAXINT64
             : (gint64)((guint64)e->end - (guint64)e->start);
}

StRegionMethod
st_region_array_get_method (const StRegionArray *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->entries->len, ST_REGION_MANUAL);

  return entry_at (self, index)->method;
}

const char *
st_region_array_get_base_name (const StRegionArray *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->entries->len, NULL);

  return g_ptr_array_index (self->names->strings, entry_at (self, index)->name);
}

guint
st_region_array_get_number (const StRegionArray *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->entries->len, 0);

  return entry_at (self, index)->number;
}

void
st_region_array_append_name (const StRegionArray *self, guint index, GString *out)
{
  const StRegionEntry *e;

  g_return_if_fail (self != NULL && index < self->entries->len);

  e = entry_at (self, index);
  g_string_append (out, g_ptr_array_index (self->names->strings, e->name));
  if (e->number != 0)
    g_string_append_printf (out, " (%u)", e->number);
}

char *
st_region_array_dup_name (const StRegionArray *self, guint index)
{
  GString *name = g_string_new (NULL);

  st_region_array_append_name (self, index, name);
  return g_string_free (name, FALSE);
}

/* What StRegionSet does. */

StRegionArray *
st_region_array_copy (const StRegionArray *self)
{
  StRegionArray *copy = g_new0 (StRegionArray, 1);

  copy->ref_count = 1;
  copy->entries = g_array_sized_new (FALSE, FALSE, sizeof (StRegionEntry), self->entries->len);
  g_array_append_vals (copy->entries, self->entries->data, self->entries->len);
  copy->names = self->names;
  copy->names->ref_count++;
  return copy;
}

/* Whether an edit must copy the array first. */
gboolean
st_region_array_is_shared (const StRegionArray *self)
{
  return self->ref_count > 1 || self->frozen;
}

void
st_region_array_freeze (StRegionArray *self)
{
  self->frozen = TRUE;
}

/* In (start, end, id) order, each region once. */
gboolean
st_region_array_is_ordered (const StRegionArray *self)
{
  const StRegionEntry *e = (const StRegionEntry *)(const void *)self->entries->data;

  if (self->ordered)
    return TRUE;
  for (guint i = 1; i < self->entries->len; i++)
    if (!sort_entries_before (&e[i - 1], &e[i]))
      return FALSE;
  return TRUE;
}

const StRegionEntry *
st_region_array_get_entry (const StRegionArray *self, guint index)
{
  g_return_val_if_fail (index < self->entries->len, NULL);

  return entry_at (self, index);
}

guint
st_region_array_lower_bound (const StRegionArray *self, gint64 start, gint64 end, guint64 id)
{
  StRegionEntry key = { start, end, id, 0, 0, 0 };
  guint         lo = 0, hi = self->entries->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (sort_entries_before (entry_at (self, mid), &key))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
st_region_array_insert (StRegionArray *self, guint index, const StRegionEntry *entry)
{
  g_assert (!st_region_array_is_shared (self));
  self->ordered = FALSE;
  g_array_insert_val (self->entries, index, *entry);
}

void
st_region_array_remove (StRegionArray *self, guint index)
{
  g_assert (!st_region_array_is_shared (self));
  self->ordered = FALSE;
  g_array_remove_index (self->entries, index);
}

void
st_region_array_rename (StRegionArray *self, guint index, const char *name)
{
  StRegionEntry *e;

  g_assert (!st_region_array_is_shared (self));
  e = &g_array_index (self->entries, StRegionEntry, index);
  e->name = st_region_array_intern (self, name);
  e->number = 0;
}
