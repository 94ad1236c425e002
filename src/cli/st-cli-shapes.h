/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-shapes.h: the rows of docs/metrics.md 13.6 as strata-cli prints
 * them — per shape and per kernel class, their rates and their roof, and
 * the operators with no model — as text and as JSON; summary prints them
 * all, stats those of one name. */
#pragma once

#include <json-glib/json-glib.h>

#include "st-flop-rates.h"

G_BEGIN_DECLS

/* The first @top shapes, of the name @only unless it is ST_STRING_NONE. */
void st_cli_print_shapes (StTrace *trace, const StFlopRates *rates, StStringId only, guint top);
void st_cli_print_classes (StTrace *trace, const StFlopRates *rates);
/* "shapes": the first @limit rows of the name @only (every name with
 * ST_STRING_NONE, then also "shapes_omitted"). */
void st_cli_json_shapes (JsonBuilder       *b,
                         StTrace           *trace,
                         const StFlopRates *rates,
                         StStringId         only,
                         guint              limit);
/* "classes" and "no_model". */
void st_cli_json_classes (JsonBuilder *b, StTrace *trace, const StFlopRates *rates);

G_END_DECLS
