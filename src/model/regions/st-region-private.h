/* st-region-private.h: what StRegionSet may do to a region and nobody else:
 * rename it (so that every rename goes through the set's undo). */
#pragma once

#include "st-region.h"

G_BEGIN_DECLS

void st_region_set_name (StRegion *self, const char *name);

G_END_DECLS
