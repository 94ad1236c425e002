/* st-operations-section.h: the Summary's card of operations: a row per
 * event name (or per name and track, with by-track) in the range, with
 * its count, total, average, min, max and share of the range, sorted by
 * total, largest first. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_OPERATIONS_SECTION (st_operations_section_get_type ())

G_DECLARE_FINAL_TYPE (StOperationsSection,
                      st_operations_section,
                      ST,
                      OPERATIONS_SECTION,
                      StSummarySection)

gboolean st_operations_section_get_by_track (StOperationsSection *self);
void     st_operations_section_set_by_track (StOperationsSection *self, gboolean by_track);

G_END_DECLS
