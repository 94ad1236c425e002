/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-compare-page.h: the Compare page of a window comparing its profile
 * with a baseline (st-baseline.h): both files and what was compared (per
 * step or whole profiles), what got worse, where the step time went, the
 * metrics, the operations and the collectives side by side
 * (docs/metrics.md 8). Computed on a thread whenever the baseline
 * changes. Selecting an operation selects its instances in both profiles;
 * activating it or a finding shows the timeline there. */
#pragma once

#include <adwaita.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_COMPARE_PAGE (st_compare_page_get_type ())

G_DECLARE_FINAL_TYPE (StComparePage, st_compare_page, ST, COMPARE_PAGE, GtkWidget)

GtkWidget *st_compare_page_new (void);
StSession *st_compare_page_get_session (StComparePage *self);
void       st_compare_page_set_session (StComparePage *self, StSession *session);

G_END_DECLS
