/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-share-chart.h"

#include "st-chart-style.h"

#include <pango/pangocairo.h>

#define NATURAL_HEIGHT 96
#define MINIMUM_HEIGHT 64

struct _StShareChart
{
  StChart parent_instance;

  StShareBin *bins;
  guint       n_bins;
  GStrv       tooltips;
  guint       color;
};

G_DEFINE_FINAL_TYPE (StShareChart, st_share_chart, ST_TYPE_CHART)

static void
get_layout (StShareChart *self, StShareLayout *layout)
{
  GtkWidget              *widget = GTK_WIDGET (self);
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (widget, NULL);

  st_share_plot_layout (layout, pango, gtk_widget_get_width (widget),
                        gtk_widget_get_height (widget), self->bins, self->n_bins);
}

static void
st_share_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  StShareChart           *self = ST_SHARE_CHART (chart);
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  StShareLayout           layout;

  if (self->n_bins == 0)
    return;
  get_layout (self, &layout);
  st_share_plot_draw (cr, pango, &layout, style, self->bins, self->color);
}

static void
st_share_chart_measure (GtkWidget     *widget,
                        GtkOrientation orientation,
                        int            for_size,
                        int           *minimum,
                        int           *natural,
                        int           *minimum_baseline,
                        int           *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 360;
    }
  else
    {
      *minimum = MINIMUM_HEIGHT;
      *natural = NATURAL_HEIGHT;
    }
}

gint
st_share_chart_bin_at (StShareChart *self, double x, double y)
{
  StShareLayout layout;

  g_return_val_if_fail (ST_IS_SHARE_CHART (self), -1);
  get_layout (self, &layout);
  return st_share_plot_bin_at (&layout, x, y);
}

const char *
st_share_chart_get_tooltip (StShareChart *self, guint bin)
{
  g_return_val_if_fail (ST_IS_SHARE_CHART (self), NULL);
  return self->tooltips != NULL && bin < self->n_bins ? self->tooltips[bin] : NULL;
}

void
st_share_chart_bin_point (StShareChart *self, guint bin, double *x, double *top)
{
  StShareLayout layout;
  double        x0, x1;

  g_return_if_fail (ST_IS_SHARE_CHART (self));
  g_return_if_fail (bin < self->n_bins);
  get_layout (self, &layout);
  st_share_plot_bin_rect (&layout, self->bins, bin, &x0, &x1, top);
  *x = (x0 + x1) / 2;
}

static gboolean
on_query_tooltip (GtkWidget    *widget,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip,
                  StShareChart *self)
{
  gint        bin = keyboard ? -1 : st_share_chart_bin_at (self, x, y);
  const char *markup = bin >= 0 ? st_share_chart_get_tooltip (self, bin) : NULL;

  if (markup == NULL)
    return FALSE;
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

void
st_share_chart_set_bins (StShareChart      *self,
                         const StShareBin  *bins,
                         guint              n_bins,
                         const char *const *tooltips,
                         guint              color)
{
  g_return_if_fail (ST_IS_SHARE_CHART (self));

  g_clear_pointer (&self->bins, g_free);
  g_clear_pointer (&self->tooltips, g_strfreev);
  self->n_bins = n_bins;
  self->bins = g_memdup2 (bins, sizeof (StShareBin) * MAX (1, n_bins));
  self->tooltips = tooltips != NULL ? g_strdupv ((char **)tooltips) : NULL;
  self->color = color;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
st_share_chart_get_n_bins (StShareChart *self)
{
  g_return_val_if_fail (ST_IS_SHARE_CHART (self), 0);
  return self->n_bins;
}

static void
st_share_chart_finalize (GObject *object)
{
  StShareChart *self = ST_SHARE_CHART (object);

  g_free (self->bins);
  g_strfreev (self->tooltips);
  G_OBJECT_CLASS (st_share_chart_parent_class)->finalize (object);
}

static void
st_share_chart_class_init (StShareChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = st_share_chart_finalize;
  ST_CHART_CLASS (klass)->draw = st_share_chart_draw;
  widget_class->measure = st_share_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "sharechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_share_chart_init (StShareChart *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
}

GtkWidget *
st_share_chart_new (void)
{
  return g_object_new (ST_TYPE_SHARE_CHART, NULL);
}
