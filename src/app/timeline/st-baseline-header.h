/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-baseline-header.h: the header over the baseline's timeline: its role,
 * the baseline's name and folder, and the step whose start lines up in
 * both timelines (docs/metrics.md 8.10), which a person may choose; its
 * tooltip says by how much the baseline's times are shifted. */
#pragma once

#include <gtk/gtk.h>

#include "st-baseline.h"

G_BEGIN_DECLS

#define ST_TYPE_BASELINE_HEADER (st_baseline_header_get_type ())

G_DECLARE_FINAL_TYPE (StBaselineHeader, st_baseline_header, ST, BASELINE_HEADER, GtkWidget)

GtkWidget *st_baseline_header_new (void);
/* The baseline shown, or NULL. */
void st_baseline_header_set_baseline (StBaselineHeader *self, StBaseline *baseline);

G_END_DECLS
