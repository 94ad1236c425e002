/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-private.h: what the files of this folder do to each other's
 * types and nobody else: StRegionSet renames a region (so that every rename
 * goes through the set's undo) and tells it by the id of its entry; it
 * edits the arrays it keeps in place when nothing else holds them, and
 * copies them otherwise; the region files replace a set's regions. */
#pragma once

#include "st-region-array.h"
#include "st-region-set.h"
#include "st-region.h"

G_BEGIN_DECLS

void      st_region_set_name (StRegion *self, const char *name);
StRegion *st_region_new_with_id (const char    *name,
                                 gint64         start,
                                 gint64         end,
                                 StRegionMethod method,
                                 guint64        id);
guint64   st_region_ensure_id (StRegion *self);

/* A region. @id tells it apart from every other region of the process,
 * whatever array holds it: the set finds a region's object by it, and
 * regions with the same bounds stay in the order of their ids. */
typedef struct
{
  gint64  start;
  gint64  end;
  guint64 id;
  guint32 name;        /* in the array's names */
  guint32 number : 28; /* 0: the name as it is */
  guint32 method : 4;  /* StRegionMethod; with the number in 32 bits, an entry takes 32 bytes */
} StRegionEntry;

/* The largest number a region's name can carry. */
#define ST_REGION_MAX_NUMBER ((1u << 28) - 1)

/* Ids for @n new regions: the first of @n consecutive ones. */
guint64 st_region_array_reserve_ids (guint n);

StRegionArray       *st_region_array_copy (const StRegionArray *self);
gboolean             st_region_array_is_shared (const StRegionArray *self);
void                 st_region_array_freeze (StRegionArray *self);
gboolean             st_region_array_is_ordered (const StRegionArray *self);
const StRegionEntry *st_region_array_get_entry (const StRegionArray *self, guint index);
/* The first position whose region sorts after (@start, @end, @id) or is
 * it. */
guint st_region_array_lower_bound (const StRegionArray *self, gint64 start, gint64 end, guint64 id);
void  st_region_array_insert (StRegionArray *self, guint index, const StRegionEntry *entry);
void  st_region_array_remove (StRegionArray *self, guint index);
void  st_region_array_rename (StRegionArray *self, guint index, const char *name);

void st_region_set_replace (StRegionSet *self, StRegionArray *regions, gboolean modified);

G_END_DECLS
