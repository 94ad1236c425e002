/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart.h: the base of the cairo charts that draw their whole area from
 * the theme's colours: it makes the cairo node over the widget, reads the
 * style and hands both to the chart's draw(); a change of style (dark,
 * high contrast, the font) draws it again. It holds the session a chart
 * shows, if any ("session"), and tells the chart when it changes. */
#pragma once

#include <gtk/gtk.h>

#include "st-chart-draw.h"
#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_CHART (st_chart_get_type ())
G_DECLARE_DERIVABLE_TYPE (StChart, st_chart, ST, CHART, GtkWidget)

struct _StChartClass
{
  GtkWidgetClass parent_class;

  /* Draws @self on @cr, which covers its @width × @height (both > 0). */
  void (*draw) (StChart *self, cairo_t *cr, const StChartStyle *style, int width, int height);
  /* Called when "session" has changed, before it is notified; may be NULL. */
  void (*session_changed) (StChart *self);
};

StSession *st_chart_get_session (StChart *self);
void       st_chart_set_session (StChart *self, StSession *session);

G_END_DECLS
