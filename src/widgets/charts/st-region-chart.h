/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-region-chart.h: the Region Duration Distribution: one point per region
 * of a session, at its start time along x (or, by index, evenly spaced in
 * time order), its duration up the y axis. Hovering a point tells its name
 * and duration; clicking it picks the region for comparison (or drops it),
 * and picked points carry their number. From the keyboard, Left and Right
 * (Home, End) go from point to point selecting its region, Enter or Space
 * picks it. Many regions (ST_REGION_DOTS_MIN or more) are drawn from dots
 * made on a thread whenever they or the size change: a frame costs the
 * pixels, not the regions. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_REGION_CHART (st_region_chart_get_type ())

G_DECLARE_FINAL_TYPE (StRegionChart, st_region_chart, ST, REGION_CHART, StChart)

GtkWidget *st_region_chart_new (void);
gboolean   st_region_chart_get_by_index (StRegionChart *self);
void       st_region_chart_set_by_index (StRegionChart *self, gboolean by_index);
gboolean   st_region_chart_is_drawing (StRegionChart *self);

G_END_DECLS
