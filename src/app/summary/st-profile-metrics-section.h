/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-metrics-section.h: the Summary's card of the metrics the
 * profile carries itself that are in none of the main tables, a table per
 * group of the profile's, chosen in a menu. Hidden for a profile without
 * such metrics. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_PROFILE_METRICS_SECTION (st_profile_metrics_section_get_type ())

G_DECLARE_FINAL_TYPE (StProfileMetricsSection,
                      st_profile_metrics_section,
                      ST,
                      PROFILE_METRICS_SECTION,
                      StSummarySection)

G_END_DECLS
