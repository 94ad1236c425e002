/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-compare-column-section.h: one region's column of Compare: its name
 * and range (a link to the timeline), its findings in short, its engine
 * utilisation and its memory traffic. */
#pragma once

#include "st-diagnosis.h"
#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_COMPARE_COLUMN_SECTION (st_compare_column_section_get_type ())

G_DECLARE_FINAL_TYPE (StCompareColumnSection,
                      st_compare_column_section,
                      ST,
                      COMPARE_COLUMN_SECTION,
                      StSummarySection)

GtkWidget *st_compare_column_section_new (void);
/* The region's findings, from its diagnosis. */
void st_compare_column_section_show_diagnosis (StCompareColumnSection *self,
                                               StDiagnosis            *diagnosis);

G_END_DECLS
