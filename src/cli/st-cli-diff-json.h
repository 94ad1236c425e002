/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-cli-diff-json.h: `strata-cli diff --json`, the fields of
 * docs/metrics.md 8.8 for a comparison already made. */
#pragma once

#include "st-profile-diff.h"

G_BEGIN_DECLS

/* Prints @diff as JSON on standard output; with @steps, each side's
 * number of steps too (--steps). */
void st_cli_diff_print_json (StProfileDiff *diff, gboolean steps);

G_END_DECLS
