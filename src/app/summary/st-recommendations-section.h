/* st-recommendations-section.h: the Summary's card of findings: what is
 * wrong in the range and where, most critical first. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_RECOMMENDATIONS_SECTION (st_recommendations_section_get_type ())

G_DECLARE_FINAL_TYPE (StRecommendationsSection,
                      st_recommendations_section,
                      ST,
                      RECOMMENDATIONS_SECTION,
                      StSummarySection)

G_END_DECLS
