/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-array.h: regions as plain data, in one array: each region is
 * its bounds, its method and a name shared with every region of the same
 * name. What the Region Highlighter and region files make, and what
 * StRegionSet keeps: a million regions are a few allocations, not a million
 * objects.
 *
 * A name may carry a number: the region then reads "name (number)", made
 * when someone reads it, so a million numbered instances of "aten::mm" keep
 * one copy of "aten::mm".
 *
 * Reference counted, not thread-safe: built on one thread, then handed on.
 * Once an StRegionSet holds an array, the array no longer changes.
 */
#pragma once

#include <glib-object.h>

#include "st-region.h"

G_BEGIN_DECLS

typedef struct _StRegionArray StRegionArray;

#define ST_TYPE_REGION_ARRAY (st_region_array_get_type ())

GType          st_region_array_get_type (void) G_GNUC_CONST;
StRegionArray *st_region_array_new (void);
/* With room for @n regions, to fill without growing. */
StRegionArray *st_region_array_new_sized (guint n);
StRegionArray *st_region_array_ref (StRegionArray *self);
void           st_region_array_unref (StRegionArray *self);

/* The id of @name (valid UTF-8) among the array's names, added when new. */
guint st_region_array_intern (StRegionArray *self, const char *name);
/* Adds a region named by an id of st_region_array_intern (), with @number
 * (0 for none). */
void st_region_array_append (StRegionArray *self,
                             guint          name,
                             guint          number,
                             gint64         start,
                             gint64         end,
                             StRegionMethod method);
/* A region as st_region_array_set () takes it: its bounds, a name id of
 * st_region_array_intern () and its number (0 for none). */
typedef struct
{
  gint64 start;
  gint64 end;
  guint  name;
  guint  number;
} StRegionFill;

/* Adds @n regions at the end, each to be set by st_region_array_set ()
 * before the array is read or handed on; their ids follow their order.
 * Several threads may then set regions at once, each its own. */
void st_region_array_grow (StRegionArray *self, guint n);
/* Sets the @n regions from @index on, each with @method: a few hundred at
 * a time, a million regions make a few thousand calls. */
void st_region_array_set (StRegionArray      *self,
                          guint               index,
                          const StRegionFill *regions,
                          guint               n,
                          StRegionMethod      method);
void st_region_array_add (StRegionArray *self,
                          const char    *name,
                          gint64         start,
                          gint64         end,
                          StRegionMethod method);
/* Says that the regions are in start order, then end order, those with
 * the same bounds in the order they were added, as the one who filled the
 * array knows: a set that takes it then does not read them all to find
 * out. Any later change to the array forgets it. */
void st_region_array_set_ordered (StRegionArray *self);
/* Puts the regions in start order, then end order; stable. */
void st_region_array_sort (StRegionArray *self);

guint          st_region_array_get_length (const StRegionArray *self);
gint64         st_region_array_get_start (const StRegionArray *self, guint index);
gint64         st_region_array_get_end (const StRegionArray *self, guint index);
gint64         st_region_array_get_duration (const StRegionArray *self, guint index);
StRegionMethod st_region_array_get_method (const StRegionArray *self, guint index);
/* The name without its number, and the number (0 for none). */
const char *st_region_array_get_base_name (const StRegionArray *self, guint index);
guint       st_region_array_get_number (const StRegionArray *self, guint index);
/* The name as a person reads it: "name" or "name (number)". */
char *st_region_array_dup_name (const StRegionArray *self, guint index);
void  st_region_array_append_name (const StRegionArray *self, guint index, GString *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StRegionArray, st_region_array_unref)

G_END_DECLS
