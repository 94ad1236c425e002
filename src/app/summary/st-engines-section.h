/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-engines-section.h: the Summary's card of engine / stream utilisation:
 * a bar per engine or stream (the busiest, as many as the metric catalogue
 * allows), its busy time by kernel class out of the range's device time;
 * for a Neuron profile whose summary breaks the Tensor engine's FLOPs
 * down, the FLOPs utilisation by engine instead. */
#pragma once

#include "st-bar-chart.h"
#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_ENGINES_SECTION (st_engines_section_get_type ())

G_DECLARE_FINAL_TYPE (StEnginesSection, st_engines_section, ST, ENGINES_SECTION, StSummarySection)

/* Draws @summary's engines in @chart (also a column of Compare's); the
 * title to show over it. */
char *st_engines_section_fill_chart (StBarChart *chart, StSummary *summary);

G_END_DECLS
