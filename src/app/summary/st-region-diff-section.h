/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-diff-section.h: comparing picked regions, the Summary's card of
 * the operations between them (docs/metrics.md 8.9): the first picked
 * region is the base, and the table (st-operation-diff-view.h) shows one
 * other region against it, the second unless another is chosen (its menu,
 * or st_region_diff_section_show_next); kernels or host ops as its
 * "operations" property says.
 *
 * The page computes the diffs on its thread with the operations tables,
 * after the cards' numbers: the section waits (st_region_diff_section_wait)
 * until it hands them over (st_region_diff_section_set_diffs). Selecting a row
 * selects the row's instances in both regions on the timeline and zooms it
 * to them; activating it shows the timeline. */
#pragma once

#include "st-session.h"
#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_DIFF_SECTION (st_region_diff_section_get_type ())

G_DECLARE_FINAL_TYPE (StRegionDiffSection,
                      st_region_diff_section,
                      ST,
                      REGION_DIFF_SECTION,
                      StSummarySection)

void st_region_diff_section_set_session (StRegionDiffSection *self, StSession *session);
/* @diffs: StOperationDiff, the i-th of the (i + 1)-th region shown
 * against the first (taken with a reference; NULL for none). */
void st_region_diff_section_set_diffs (StRegionDiffSection *self, GPtrArray *diffs);
/* Clears the table and shows that the diffs are coming: set_diffs brings
 * them. */
void st_region_diff_section_wait (StRegionDiffSection *self);
/* The region compared with the base: 1 for the second region shown. */
guint st_region_diff_section_get_compared (StRegionDiffSection *self);
void  st_region_diff_section_set_compared (StRegionDiffSection *self, guint compared);
/* The next region against the base, after the last the first again;
 * FALSE when there is no other. */
gboolean st_region_diff_section_show_next (StRegionDiffSection *self);

G_END_DECLS
