/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-memory-breakdown-section.h: the Summary's card of memory traffic: a
 * bar per kind (copies host to device and back, device to device,
 * memsets; HBM reads and writes, spills and the bandwidth left unused on
 * Neuron), its bytes and how many transfers. */
#pragma once

#include "st-bar-chart.h"
#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_MEMORY_BREAKDOWN_SECTION (st_memory_breakdown_section_get_type ())

G_DECLARE_FINAL_TYPE (StMemoryBreakdownSection,
                      st_memory_breakdown_section,
                      ST,
                      MEMORY_BREAKDOWN_SECTION,
                      StSummarySection)

/* Draws @summary's memory traffic in @chart (also a column of Compare's). */
void st_memory_breakdown_section_fill_chart (StBarChart *chart, StSummary *summary);

G_END_DECLS
