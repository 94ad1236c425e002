#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-region-chart.h"

#include "st-chart-style.h"
#include "st-format.h"
#include "st-region-plot.h"

#include <adwaita.h>
#include <glib/gi18n.h>

struct _StRegionChart
{
  GtkWidget parent_instance;

  StSession    *session;
  GSignalGroup *session_signals;
  GSignalGroup *region_signals;
  gint          hover;
};

G_DEFINE_FINAL_TYPE (StRegionChart, st_region_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The session's regions as the plot takes them, laid out at the widget's
 * size in its font. */
typedef struct
{
  StRegionPlot       plot;
  StRegionPlotLayout layout;
  GArray            *durations;
  guint              picks[ST_SESSION_MAX_COMPARE];
  PangoLayout       *pango;
} Frame;

static void
frame_clear (Frame *f)
{
  g_clear_pointer (&f->durations, g_array_unref);
  g_clear_object (&f->pango);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frame, frame_clear)

static gint
index_of (StRegionSet *regions, StRegion *region)
{
  guint index = region != NULL ? st_region_set_find (regions, region) : G_MAXUINT;

  return index == G_MAXUINT ? -1 : (gint)index;
}

static void
frame_init (Frame *f, StRegionChart *self)
{
  StRegionSet *regions = self->session ? st_session_get_regions (self->session) : NULL;
  GPtrArray   *compare = self->session ? st_session_get_compare_regions (self->session) : NULL;
  guint        n = regions ? st_region_set_get_n_regions (regions) : 0;

  f->durations = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
  for (guint i = 0; i < n; i++)
    {
      gint64 d = st_region_array_get_duration (st_region_set_get_array (regions), i);
      g_array_append_val (f->durations, d);
    }
  f->plot = (StRegionPlot){
    (const gint64 *)f->durations->data, n, -1, self->hover, f->picks, 0, _ ("No regions")
  };
  if (regions != NULL)
    f->plot.selected = index_of (regions, st_session_get_selected_region (self->session));
  for (guint k = 0; compare != NULL && k < MIN (compare->len, G_N_ELEMENTS (f->picks)); k++)
    {
      gint i = index_of (regions, g_ptr_array_index (compare, k));
      if (i >= 0)
        f->picks[f->plot.n_picks++] = i;
    }
  f->pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  st_region_plot_layout (&f->layout, f->pango, &f->plot, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)));
}

/* Where the point of region @index is, in widget coordinates. */
gboolean
st_region_chart_point_center (StRegionChart *self, guint index, graphene_point_t *center)
{
  g_auto (Frame) f = { 0 };
  double         x, y;

  g_return_val_if_fail (ST_IS_REGION_CHART (self), FALSE);
  frame_init (&f, self);
  if (index >= f.plot.n)
    return FALSE;
  st_region_plot_point (&f.layout, &f.plot, index, &x, &y);
  graphene_point_init (center, x, y);
  return TRUE;
}

/* The region whose point is nearest (@x, @y), within a few pixels, or -1. */
gint
st_region_chart_point_at (StRegionChart *self, double x, double y)
{
  g_auto (Frame) f = { 0 };

  g_return_val_if_fail (ST_IS_REGION_CHART (self), -1);
  frame_init (&f, self);
  return st_region_plot_point_at (&f.layout, &f.plot, x, y);
}

static void
st_region_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  int            w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_auto (Frame) f = { 0 };
  StChartStyle   style;
  cairo_t       *cr;

  if (w <= 0 || h <= 0)
    return;
  frame_init (&f, ST_REGION_CHART (widget));
  st_chart_style_from_widget (&style, widget);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  st_region_plot_draw (cr, f.pango, &f.layout, &style, &f.plot);
  cairo_destroy (cr);
}

static void
set_hover (StRegionChart *self, gint hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StRegionChart *self)
{
  set_hover (self, st_region_chart_point_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StRegionChart *self)
{
  set_hover (self, -1);
}

/* What a click at (@x, @y) does: picks the region of the point there for
 * comparison, or drops it when it is picked. */
void
st_region_chart_click (StRegionChart *self, double x, double y)
{
  g_autoptr (StRegion) region = NULL;
  gint                 i;

  g_return_if_fail (ST_IS_REGION_CHART (self));
  i = st_region_chart_point_at (self, x, y);
  if (i < 0)
    return;
  region = g_list_model_get_item (G_LIST_MODEL (st_session_get_regions (self->session)), i);
  st_session_toggle_compare (self->session, region);
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StRegionChart *self)
{
  st_region_chart_click (self, x, y);
}

static gboolean
on_query_tooltip (GtkWidget     *widget,
                  int            x,
                  int            y,
                  gboolean       keyboard,
                  GtkTooltip    *tooltip,
                  StRegionChart *self)
{
  gint                 i = keyboard ? -1 : st_region_chart_point_at (self, x, y);
  g_autofree char     *duration = NULL, *markup = NULL;
  g_autoptr (StRegion) r = NULL;
  gint                 pick;

  if (i < 0)
    return FALSE;
  r = g_list_model_get_item (G_LIST_MODEL (st_session_get_regions (self->session)), i);
  duration = st_format_duration (st_region_get_duration (r));
  pick = st_session_get_compare_index (self->session, r);
  if (pick >= 0)
    /* Translators: a region's name, its duration and its number among those picked for comparison
     */
    markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s · picked %d of 3\nClick to drop it"),
                                      st_region_get_name (r), duration, pick + 1);
  else
    markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s\nClick to pick it for comparison"),
                                      st_region_get_name (r), duration);
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

static void
on_changed (StRegionChart *self)
{
  self->hover = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

StSession *
st_region_chart_get_session (StRegionChart *self)
{
  g_return_val_if_fail (ST_IS_REGION_CHART (self), NULL);
  return self->session;
}

void
st_region_chart_set_session (StRegionChart *self, StSession *session)
{
  g_return_if_fail (ST_IS_REGION_CHART (self));
  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->region_signals,
                             session ? st_session_get_regions (session) : NULL);
  on_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
st_region_chart_dispose (GObject *object)
{
  StRegionChart *self = ST_REGION_CHART (object);

  g_clear_object (&self->session_signals);
  g_clear_object (&self->region_signals);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_region_chart_parent_class)->dispose (object);
}

static void
st_region_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, ST_REGION_CHART (object)->session); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_chart_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      st_region_chart_set_session (ST_REGION_CHART (object), g_value_get_object (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (st_region_chart_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
st_region_chart_class_init (StRegionChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_region_chart_dispose;
  object_class->get_property = st_region_chart_get_property;
  object_class->set_property = st_region_chart_set_property;
  widget_class->snapshot = st_region_chart_snapshot;
  widget_class->css_changed = st_region_chart_css_changed;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "regionchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
follow_session (StRegionChart *self)
{
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "compare-changed", G_CALLBACK (on_changed),
                                  self);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-region",
                                  G_CALLBACK (on_changed), self);
  self->region_signals = g_signal_group_new (ST_TYPE_REGION_SET);
  g_signal_group_connect_swapped (self->region_signals, "edited", G_CALLBACK (on_changed), self);
  g_signal_group_connect_swapped (self->region_signals, "items-changed", G_CALLBACK (on_changed),
                                  self);
}

static void
st_region_chart_init (StRegionChart *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture         *click = gtk_gesture_click_new ();

  self->hover = -1;
  follow_session (self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Region Duration Distribution"), -1);
}

GtkWidget *
st_region_chart_new (void)
{
  return g_object_new (ST_TYPE_REGION_CHART, NULL);
}
