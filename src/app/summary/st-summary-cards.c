/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-cards.h"

#include "st-collectives-section.h"
#include "st-devices-section.h"
#include "st-engines-section.h"
#include "st-flops-section.h"
#include "st-idle-section.h"
#include "st-memory-breakdown-section.h"
#include "st-memory-peaks-section.h"
#include "st-metrics-section.h"
#include "st-operations-section.h"
#include "st-overlap-section.h"
#include "st-profile-metrics-section.h"
#include "st-ranks-section.h"
#include "st-recommendations-section.h"
#include "st-region-diff-section.h"
#include "st-roofline-section.h"
#include "st-step-trends-section.h"
#include "st-trends-section.h"

void
st_summary_cards_ensure_types (void)
{
  g_type_ensure (ST_TYPE_RECOMMENDATIONS_SECTION);
  g_type_ensure (ST_TYPE_METRICS_SECTION);
  g_type_ensure (ST_TYPE_OPERATIONS_SECTION);
  g_type_ensure (ST_TYPE_DEVICES_SECTION);
  g_type_ensure (ST_TYPE_RANKS_SECTION);
  g_type_ensure (ST_TYPE_PROFILE_METRICS_SECTION);
  g_type_ensure (ST_TYPE_ENGINES_SECTION);
  g_type_ensure (ST_TYPE_IDLE_SECTION);
  g_type_ensure (ST_TYPE_OVERLAP_SECTION);
  g_type_ensure (ST_TYPE_MEMORY_BREAKDOWN_SECTION);
  g_type_ensure (ST_TYPE_MEMORY_PEAKS_SECTION);
  g_type_ensure (ST_TYPE_FLOPS_SECTION);
  g_type_ensure (ST_TYPE_ROOFLINE_SECTION);
  g_type_ensure (ST_TYPE_COLLECTIVES_SECTION);
  g_type_ensure (ST_TYPE_STEP_TRENDS_SECTION);
  g_type_ensure (ST_TYPE_TRENDS_SECTION);
  g_type_ensure (ST_TYPE_REGION_DIFF_SECTION);
}
