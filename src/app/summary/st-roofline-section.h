/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-roofline-section.h: the Summary's roofline card for GPU profiles
 * (docs/metrics.md 13.6, 13.7): each shape of the counted operations on
 * the roofline chart, under its device's compute and memory roofs, and
 * in a table with its rate, bandwidth, intensity, bound and share of the
 * roof. Clicking a disc, or activating a row, selects the shape's
 * instances on the timeline (summary.show-slices). Folded to "not in this
 * profile" without shapes; hidden for a Neuron profile. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_ROOFLINE_SECTION (st_roofline_section_get_type ())

G_DECLARE_FINAL_TYPE (StRooflineSection,
                      st_roofline_section,
                      ST,
                      ROOFLINE_SECTION,
                      StSummarySection)

/* The table's model of StFlopShapeItem, in the table's order, or NULL. */
GListModel *st_roofline_section_get_shapes (StRooflineSection *self);
/* Selects the instances of the shape of item @position of the table's
 * model on the timeline, as activating its row does. */
void st_roofline_section_activate_shape (StRooflineSection *self, guint position);

G_END_DECLS
