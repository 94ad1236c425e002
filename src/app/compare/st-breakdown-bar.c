/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-breakdown-bar.h"
#include "st-chart-style.h"

#include <string.h>

struct _StBreakdownBar
{
  GtkWidget parent_instance;

  gint64 parts[ST_BREAKDOWN_BAR_N_PARTS];
  gint64 scale;
};

G_DEFINE_FINAL_TYPE (StBreakdownBar, st_breakdown_bar, GTK_TYPE_WIDGET)

static void
st_breakdown_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  StBreakdownBar *self = ST_BREAKDOWN_BAR (widget);
  int             width = gtk_widget_get_width (widget);
  int             height = gtk_widget_get_height (widget);
  StChartStyle    style;
  double          x = 0;

  if (self->scale <= 0 || width <= 0)
    return;
  st_chart_style_from_widget (&style, widget);
  for (guint i = 0; i < ST_BREAKDOWN_BAR_N_PARTS; i++)
    {
      double          w = (double)width * MAX (self->parts[i], 0) / self->scale;
      graphene_rect_t rect = GRAPHENE_RECT_INIT (x, 0, MIN (w, width - x), height);
      /* idle: no work, the track's colour; the time outside the device's
       * work: not even the device's time, an empty frame */
      gboolean outside = i + 1 == ST_BREAKDOWN_BAR_N_PARTS;
      StColor  c = outside                             ? style.grid
                   : i + 2 == ST_BREAKDOWN_BAR_N_PARTS ? style.track
                                                       : style.series[i];
      GdkRGBA  rgba = { c.r, c.g, c.b, c.a };

      if (outside && rect.size.width >= 2)
        {
          GskRoundedRect frame;

          gsk_rounded_rect_init_from_rect (&frame, &rect, 0);
          gtk_snapshot_append_border (snapshot, &frame, (float[4]){ 1, 1, 1, 1 },
                                      (GdkRGBA[4]){ rgba, rgba, rgba, rgba });
        }
      else if (!outside)
        gtk_snapshot_append_color (snapshot, &rgba, &rect);
      x += w;
    }
}

static void
st_breakdown_bar_class_init (StBreakdownBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = st_breakdown_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "breakdown-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_breakdown_bar_init (StBreakdownBar *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self), 120, 16);
}

GtkWidget *
st_breakdown_bar_new (void)
{
  return g_object_new (ST_TYPE_BREAKDOWN_BAR, NULL);
}

void
st_breakdown_bar_set_parts (StBreakdownBar *self, const gint64 *parts, gint64 scale)
{
  g_return_if_fail (ST_IS_BREAKDOWN_BAR (self));
  memcpy (self->parts, parts, sizeof self->parts);
  self->scale = scale;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
