/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-compare-format.h: how the Compare page writes numbers: counts that
 * are per-step means, durations, and differences with their sign and an
 * arrow (▲ more, ▼ less), so a change reads without its colour. */
#pragma once

#include "st-summary.h"

G_BEGIN_DECLS

char *st_compare_format_count (double count);
char *st_compare_format_duration (gint64 ns);
char *st_compare_format_delta_duration (gint64 delta_ns);
char *st_compare_format_delta_value (StMetricUnit unit, double delta);
char *st_compare_format_percent (gboolean present, double percent);

G_END_DECLS
