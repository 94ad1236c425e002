/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-metrics-section.h: a card of the Summary with one of its metric
 * tables (compute, memory or communication, as the metric catalogue puts
 * the metrics in them), a value column per summary shown: the range, or
 * each region compared. With hide-empty, a table without rows hides its
 * card. */
#pragma once

#include "st-metric-catalog.h"
#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_METRICS_SECTION (st_metrics_section_get_type ())

G_DECLARE_FINAL_TYPE (StMetricsSection, st_metrics_section, ST, METRICS_SECTION, StSummarySection)

StSummaryTable st_metrics_section_get_table (StMetricsSection *self);
void           st_metrics_section_set_table (StMetricsSection *self, StSummaryTable table);
gboolean       st_metrics_section_get_hide_empty (StMetricsSection *self);
void           st_metrics_section_set_hide_empty (StMetricsSection *self, gboolean hide_empty);

G_END_DECLS
