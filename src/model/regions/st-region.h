/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region.h: a named time range [start, end) of a trace, in trace
 * nanoseconds, with the method that made it.
 *
 * The name changes only through StRegionSet (so every rename can be undone);
 * start, end and method never change once made.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  ST_REGION_MANUAL,      /* added by hand, from a marked or timed range */
  ST_REGION_COLLECTIVES, /* between collective operations */
  ST_REGION_HIERARCHY,   /* one scope instance (layer, step, operation group) */
  ST_REGION_STACK,       /* kernels launched from one stack frame instance */
} StRegionMethod;

#define ST_N_REGION_METHODS 4

const char *st_region_method_to_string (StRegionMethod method);
gboolean    st_region_method_from_string (const char *string, StRegionMethod *out);
const char *st_region_method_get_label (StRegionMethod method);

#define ST_TYPE_REGION (st_region_get_type ())

G_DECLARE_FINAL_TYPE (StRegion, st_region, ST, REGION, GObject)

StRegion      *st_region_new (const char *name, gint64 start, gint64 end, StRegionMethod method);
const char    *st_region_get_name (StRegion *self);
gint64         st_region_get_start (StRegion *self);
gint64         st_region_get_end (StRegion *self);
gint64         st_region_get_duration (StRegion *self);
StRegionMethod st_region_get_method (StRegion *self);

G_END_DECLS
