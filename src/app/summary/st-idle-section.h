/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-idle-section.h: the Summary's Idle Time card (docs/metrics.md 10): a
 * bar per stream (the busiest, as many as the metric catalogue allows),
 * its idle time in the range by why it waited — host wait, stream wait,
 * other — and a table of each stream's launch delays and longest queue.
 * Where the profile has no launch call, the idle time is not split and
 * the card says why. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_IDLE_SECTION (st_idle_section_get_type ())

G_DECLARE_FINAL_TYPE (StIdleSection, st_idle_section, ST, IDLE_SECTION, StSummarySection)

G_END_DECLS
