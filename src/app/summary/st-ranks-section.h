/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-ranks-section.h: the Summary's card of ranks, for a profile of
 * several files: a row per file (a rank) with its device busy share,
 * communication, exposed communication and in how many collectives it was
 * the last to start. Hidden for a profile of one file. */
#pragma once

#include "st-summary-section.h"

G_BEGIN_DECLS

#define ST_TYPE_RANKS_SECTION (st_ranks_section_get_type ())

G_DECLARE_FINAL_TYPE (StRanksSection, st_ranks_section, ST, RANKS_SECTION, StSummarySection)

G_END_DECLS
