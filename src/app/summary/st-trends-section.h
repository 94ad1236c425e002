/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trends-section.h: the Summary's card of trends across regions: for
 * the method of the session's selected region (else the method with the
 * most regions), small multiples of each region's duration, busy,
 * communication, exposed communication and memory time, with outliers
 * marked (docs/metrics.md 9). Hidden while the profile has fewer than two
 * regions of that method. Computed on a thread after the regions change,
 * with a spinner; a newer change cancels it. Choosing a point selects its
 * region in the session and emits "region-activated", for the page to show
 * it; "Show on Timeline" (or a double-click) zooms the timeline to it. */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_TRENDS_SECTION (st_trends_section_get_type ())

G_DECLARE_FINAL_TYPE (StTrendsSection, st_trends_section, ST, TRENDS_SECTION, GtkWidget)

void st_trends_section_set_session (StTrendsSection *self, StSession *session);

G_END_DECLS
