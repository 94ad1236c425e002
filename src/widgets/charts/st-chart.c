/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart.c: see st-chart.h. */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-chart.h"
#include "st-chart-style.h"

typedef struct
{
  StSession *session;
} StChartPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (StChart, st_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

StSession *
st_chart_get_session (StChart *self)
{
  StChartPrivate *priv = st_chart_get_instance_private (self);

  g_return_val_if_fail (ST_IS_CHART (self), NULL);
  return priv->session;
}

void
st_chart_set_session (StChart *self, StSession *session)
{
  StChartPrivate *priv = st_chart_get_instance_private (self);

  g_return_if_fail (ST_IS_CHART (self));
  g_return_if_fail (session == NULL || ST_IS_SESSION (session));
  if (!g_set_object (&priv->session, session))
    return;
  if (ST_CHART_GET_CLASS (self)->session_changed != NULL)
    ST_CHART_GET_CLASS (self)->session_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* Runs after the subclass's dispose, which lets go of what follows the
 * session first. */
static void
st_chart_dispose (GObject *object)
{
  StChartPrivate *priv = st_chart_get_instance_private (ST_CHART (object));

  g_clear_object (&priv->session);
  G_OBJECT_CLASS (st_chart_parent_class)->dispose (object);
}

static void
st_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, st_chart_get_session (ST_CHART (object))); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_chart_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION: st_chart_set_session (ST_CHART (object), g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_chart_class_init (StChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_chart_dispose;
  object_class->get_property = st_chart_get_property;
  object_class->set_property = st_chart_set_property;
  widget_class->snapshot = st_chart_snapshot;
  widget_class->css_changed = st_chart_css_changed;

  /* The session the chart shows and acts on, for the charts that follow
   * one; the others leave it NULL. */
  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_chart_init (StChart *self)
{
}
