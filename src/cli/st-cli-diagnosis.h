/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-diagnosis.h: what strata-cli summary prints of the diagnosis
 * (docs/metrics.md 16.4): the findings and the phases, as text and as
 * JSON. */
#pragma once

#include <json-glib/json-glib.h>

#include "st-diagnosis.h"

G_BEGIN_DECLS

void st_cli_print_diagnosis (StTrace *trace, StDiagnosis *diagnosis);
/* `phases`, `findings` and `recommendations` (the findings shown). */
void st_cli_json_diagnosis (JsonBuilder *b, StTrace *trace, StDiagnosis *diagnosis);

G_END_DECLS
