/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-memory-peaks-section.h: the Summary's Peak Memory card: a row per
 * memory device (a GPU, the CPU of a process) with its peak allocated and
 * reserved memory over the chosen range and the allocation at the peak
 * (docs/metrics.md 12), which a click shows on the timeline. Folded to
 * "not in this profile" without PyTorch's "[memory]" events. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_MEMORY_PEAKS_SECTION (st_memory_peaks_section_get_type ())

G_DECLARE_FINAL_TYPE (StMemoryPeaksSection,
                      st_memory_peaks_section,
                      ST,
                      MEMORY_PEAKS_SECTION,
                      StSummarySection)

G_END_DECLS
