/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-summary-usage.h: what strata-cli summary prints of memory and
 * FLOPs (docs/metrics.md 12, 13), as text and as JSON. */
#pragma once

#include <json-glib/json-glib.h>

#include "st-summary.h"

G_BEGIN_DECLS

void st_cli_print_memory (StTrace *trace, StSummary *summary);
void st_cli_print_flops (StTrace *trace, StSummary *summary);
void st_cli_json_memory (JsonBuilder *b, StTrace *trace, StSummary *summary);
/* With the first @limit shapes (docs/metrics.md 7). */
void st_cli_json_flops (JsonBuilder *b, StTrace *trace, StSummary *summary, guint limit);

G_END_DECLS
