/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-chart-style.h"

static void
lookup (GtkWidget *widget, const char *name, StColor *color)
{
  GdkRGBA rgba;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &rgba))
    *color = (StColor){ rgba.red, rgba.green, rgba.blue, rgba.alpha };
  G_GNUC_END_IGNORE_DEPRECATIONS
}

void
st_chart_style_from_widget (StChartStyle *style, GtkWidget *widget)
{
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  st_chart_style_init_default (style, fg.red + fg.green + fg.blue > 1.5);
  style->foreground = (StColor){ fg.red, fg.green, fg.blue, fg.alpha };
  /* a widget is drawn on its parent's background */
  style->background = (StColor){ 0, 0, 0, 0 };
  lookup (widget, "chart_grid_color", &style->grid);
  lookup (widget, "chart_track_color", &style->track);
  lookup (widget, "timeline_region_color", &style->region);
  lookup (widget, "accent_bg_color", &style->accent);
  lookup (widget, "accent_fg_color", &style->on_accent);
  for (guint i = 0; i < ST_CHART_N_COLORS; i++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "chart_series_%u", i);
      lookup (widget, name, &style->series[i]);
    }
}
