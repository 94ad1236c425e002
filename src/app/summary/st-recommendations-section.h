/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-recommendations-section.h: the Summary's card of findings: what
 * bounds the range first, then what is at stake and where, by the time a
 * fix could recover (docs/metrics.md 16), and each device's phases. */
#pragma once

#include "st-diagnosis.h"
#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_RECOMMENDATIONS_SECTION (st_recommendations_section_get_type ())

G_DECLARE_FINAL_TYPE (StRecommendationsSection,
                      st_recommendations_section,
                      ST,
                      RECOMMENDATIONS_SECTION,
                      StSummarySection)

void st_recommendations_section_show_diagnosis (StRecommendationsSection *self,
                                                StTrace                  *trace,
                                                StDiagnosis              *diagnosis);

G_END_DECLS
