/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-streams.h: what strata-cli summary prints of docs/metrics.md 10
 * and 11: each stream's idle time by kind, launch delays and largest
 * queue, and the communication compute overlaps, per device, per rank and
 * over time; as text and as the `streams` and `overlap` members of
 * --json. */
#pragma once

#include <json-glib/json-glib.h>

#include "st-summary.h"

G_BEGIN_DECLS

void st_cli_print_streams (StSummary *summary);
void st_cli_print_overlap (StSummary *summary);
void st_cli_json_streams (JsonBuilder *b, StTrace *trace, StSummary *summary);
void st_cli_json_overlap (JsonBuilder *b, StSummary *summary);

G_END_DECLS
