/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-roofline-chart.h: the FLOPs card's roofline (docs/metrics.md 13.7):
 * a disc per shape at its arithmetic intensity and achieved rate, under
 * the device's compute and memory roofs. Hovering a disc tells the
 * shape's numbers; clicking it activates it ("point-activated": the card
 * selects its instances on the timeline). From the keyboard, Left and
 * Right (Home, End) go from disc to disc by intensity, Enter or Space
 * activates the one the keyboard is on. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart.h"

#include "st-roofline-plot.h"

G_BEGIN_DECLS

#define ST_TYPE_ROOFLINE_CHART (st_roofline_chart_get_type ())

G_DECLARE_FINAL_TYPE (StRooflineChart, st_roofline_chart, ST, ROOFLINE_CHART, StChart)

GtkWidget *st_roofline_chart_new (void);
/* Shows @plot's points and roofs (copied, their texts too; its hover,
 * selected and focus are the chart's own), with @tooltips, a text per
 * point. */
void  st_roofline_chart_set_data (StRooflineChart      *self,
                                  const StRooflinePlot *plot,
                                  const char *const    *tooltips);
guint st_roofline_chart_get_n_points (StRooflineChart *self);
/* Where point @index is drawn at the chart's size, for tests and
 * assistive technologies. */
gboolean
st_roofline_chart_get_point_position (StRooflineChart *self, guint index, double *x, double *y);

G_END_DECLS
