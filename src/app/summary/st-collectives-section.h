/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-collectives-section.h: the Summary's card of collective operation
 * durations: a point per operation (or a box plot per group, with
 * box-plot), a series per group of type and size with a legend entry that
 * hides or shows it. Comparing regions, one chart for all of them, a
 * legend entry per region with its count and communication time. A point
 * activates "summary.show-slice" with its track and slice index. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_COLLECTIVES_SECTION (st_collectives_section_get_type ())

G_DECLARE_FINAL_TYPE (StCollectivesSection,
                      st_collectives_section,
                      ST,
                      COLLECTIVES_SECTION,
                      StSummarySection)

gboolean st_collectives_section_get_box_plot (StCollectivesSection *self);
void     st_collectives_section_set_box_plot (StCollectivesSection *self, gboolean box_plot);

G_END_DECLS
