/* st-region-set-private.h: what the files of a region set (st-region-file.c:
 * reading, writing, saving, the autosave sidecar) may do to the set and
 * nobody else. */
#pragma once

#include "st-region-set.h"

G_BEGIN_DECLS

void st_region_set_replace (StRegionSet *self, GPtrArray *regions, gboolean modified);

G_END_DECLS
