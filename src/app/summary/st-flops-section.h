/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flops-section.h: the Summary's FLOPs card for GPU profiles
 * (docs/metrics.md 13): the rate at which the operations that carry FLOPs
 * ran on their kernels, each device's Model FLOPs Utilisation against its
 * peak, and the operations with the most FLOPs by how close to the peak
 * they ran; the shapes are on the roofline card (st-roofline-section.h).
 * Folded to "not in this profile" when no operation has FLOPs; hidden for
 * a Neuron profile, whose FLOPs the engines card shows. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_FLOPS_SECTION (st_flops_section_get_type ())

G_DECLARE_FINAL_TYPE (StFlopsSection, st_flops_section, ST, FLOPS_SECTION, StSummarySection)

G_END_DECLS
