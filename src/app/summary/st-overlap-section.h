/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-overlap-section.h: the Summary's Communication Overlap card
 * (docs/metrics.md 11): a bar per device (per rank, with several) of its
 * communication, overlapped by compute and exposed, and the share
 * overlapped over the range in 50 columns. Folded where nothing
 * communicates. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_OVERLAP_SECTION (st_overlap_section_get_type ())

G_DECLARE_FINAL_TYPE (StOverlapSection, st_overlap_section, ST, OVERLAP_SECTION, StSummarySection)

G_END_DECLS
