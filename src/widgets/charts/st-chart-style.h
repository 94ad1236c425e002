/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart-style.h: the colours of the charts, read from the widget's
 * style (named colours chart_series_0 … 7, chart_grid_color,
 * chart_track_color, timeline_region_color in ui/style.css and
 * libadwaita's accent colours), so dark style works. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart-draw.h"

G_BEGIN_DECLS

void st_chart_style_from_widget (StChartStyle *style, GtkWidget *widget);

G_END_DECLS
