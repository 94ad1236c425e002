/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart.c: see st-chart.h. */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-chart.h"
#include "st-chart-style.h"

G_DEFINE_ABSTRACT_TYPE (StChart, st_chart, GTK_TYPE_WIDGET)

static void
st_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  int          w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  StChartStyle style;
  cairo_t     *cr;

  if (w <= 0 || h <= 0)
    return;
  st_chart_style_from_widget (&style, widget);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  ST_CHART_GET_CLASS (widget)->draw (ST_CHART (widget), cr, &style, w, h);
  cairo_destroy (cr);
}

static void
st_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (st_chart_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
st_chart_class_init (StChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = st_chart_snapshot;
  widget_class->css_changed = st_chart_css_changed;
}

static void
st_chart_init (StChart *self)
{
}
