/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-step-trends-section.h: the Summary's Trends per Step card
 * (docs/metrics.md 9.1): each step's time, device busy, exposed
 * communication and peak memory, a line per rank of a merged profile,
 * computed on a thread once a profile with two steps or more is open; what
 * stands out said in its status line. Hidden in a profile without steps. */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_STEP_TRENDS_SECTION (st_step_trends_section_get_type ())

G_DECLARE_FINAL_TYPE (StStepTrendsSection,
                      st_step_trends_section,
                      ST,
                      STEP_TRENDS_SECTION,
                      GtkWidget)

void st_step_trends_section_set_session (StStepTrendsSection *self, StSession *session);

G_END_DECLS
