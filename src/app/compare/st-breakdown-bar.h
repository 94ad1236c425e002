/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-breakdown-bar.h: one profile's step time as a stacked bar: compute,
 * exposed communication, exposed memory, idle, and the time before or
 * after the device's work (docs/metrics.md 8.3), in the charts' series
 * colours (idle in the track's, the time outside an empty frame), its length
 * against a scale shared with the other profile's bar so the two compare
 * by eye. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ST_BREAKDOWN_BAR_N_PARTS 5

#define ST_TYPE_BREAKDOWN_BAR (st_breakdown_bar_get_type ())

G_DECLARE_FINAL_TYPE (StBreakdownBar, st_breakdown_bar, ST, BREAKDOWN_BAR, GtkWidget)

GtkWidget *st_breakdown_bar_new (void);
/* @parts: ST_BREAKDOWN_BAR_N_PARTS durations in ns, drawn against @scale
 * ns (the full width); a @scale of 0 draws nothing. */
void st_breakdown_bar_set_parts (StBreakdownBar *self, const gint64 *parts, gint64 scale);

G_END_DECLS
