/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operations-section.h: the Summary's card of operations
 * (docs/metrics.md 4): the Kernels table (device events) or the Host ops
 * table (every other slice), as its "operations" property says ("kernels"
 * or "host"); a row per event name (or per name and track, with by-track)
 * in the range, with its count, total, self time, average, min, max and
 * share of the table's self time, sorted by total, largest first. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATIONS_SECTION (st_operations_section_get_type ())

G_DECLARE_FINAL_TYPE (StOperationsSection,
                      st_operations_section,
                      ST,
                      OPERATIONS_SECTION,
                      StSummarySection)

/* Clears the rows and shows that the table is coming: the summary
 * shown next brings them. */
void        st_operations_section_wait (StOperationsSection *self);
gboolean    st_operations_section_get_by_track (StOperationsSection *self);
void        st_operations_section_set_by_track (StOperationsSection *self, gboolean by_track);
const char *st_operations_section_get_operations (StOperationsSection *self);
void st_operations_section_set_operations (StOperationsSection *self, const char *operations);

G_END_DECLS
