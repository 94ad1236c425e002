/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-trends-chart.h"

#include "st-chart-keys.h"
#include "st-chart-style.h"
#include "st-trends-plot.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

struct _StTrendsChart
{
  StChart parent_instance;

  GSignalGroup   *session_signals;
  StRegionTrends *trends;
  /* the rows as the plot takes them, made once per trends */
  GArray     *values[ST_N_TRENDS];   /* double */
  GArray     *present[ST_N_TRENDS];  /* guint8 */
  GArray     *outliers[ST_N_TRENDS]; /* guint8 */
  StTrendsRow rows[ST_N_TRENDS];
  gint        hover;
  gint        focus; /* the column the keyboard is on, or -1 */
};

G_DEFINE_FINAL_TYPE (StTrendsChart, st_trends_chart, ST_TYPE_CHART)

enum
{
  REGION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
series_title (StTrendSeries series)
{
  switch (series)
    {
    case ST_TREND_DURATION: return _ ("Duration");
    case ST_TREND_DEVICE_BUSY: return _ ("Device busy");
    case ST_TREND_COMMUNICATION: return _ ("Communication time");
    case ST_TREND_EXPOSED_COMMUNICATION: return _ ("Exposed communication");
    case ST_TREND_MEMORY: return _ ("Memory time");
    case ST_N_TRENDS:
    default: g_return_val_if_reached (NULL);
    }
}

/* The rows of the plot, read from the trends once. */
static void
fill_rows (StTrendsChart *self)
{
  guint n = self->trends ? st_region_trends_get_n_points (self->trends) : 0;

  for (StTrendSeries s = 0; s < ST_N_TRENDS; s++)
    {
      StTrendsRow *row = &self->rows[s];

      g_array_set_size (self->values[s], n);
      g_array_set_size (self->present[s], n);
      g_array_set_size (self->outliers[s], n);
      for (guint i = 0; i < n; i++)
        {
          g_array_index (self->present[s], guint8, i) = st_region_trends_get_value (
              self->trends, s, i, &g_array_index (self->values[s], double, i));
          g_array_index (self->outliers[s], guint8, i)
              = st_region_trends_is_outlier (self->trends, s, i);
        }
      *row = (StTrendsRow){
        .title = series_title (s),
        .values = (const double *)self->values[s]->data,
        .present = (const guint8 *)self->present[s]->data,
        .outliers = (const guint8 *)self->outliers[s]->data,
        .percent = st_trend_series_get_unit (s) == ST_UNIT_PERCENT,
        .color = s,
      };
      if (self->trends != NULL)
        row->has_band = st_region_trends_get_limits (self->trends, s, &row->median, &row->distance);
    }
}

static guint
n_points (StTrendsChart *self)
{
  return self->trends ? st_region_trends_get_n_points (self->trends) : 0;
}

/* The column of the session's selected region, or -1. */
static gint
selected_column (StTrendsChart *self)
{
  StSession *session = st_chart_get_session (ST_CHART (self));
  StRegion  *region = session ? st_session_get_selected_region (session) : NULL;
  guint      position, lo = 0, hi = n_points (self);

  if (region == NULL)
    return -1;
  position = st_region_set_find (st_session_get_regions (session), region);
  /* the points are in the order of the set's positions */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (st_region_trends_get_region (self->trends, mid) < position)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < n_points (self) && st_region_trends_get_region (self->trends, lo) == position
             ? (gint)lo
             : -1;
}

/* The plot as drawn now, laid out at the widget's size in its font. */
typedef struct
{
  StTrendsPlot       plot;
  StTrendsPlotLayout layout;
  PangoLayout       *pango;
} Frame;

static void
frame_clear (Frame *f)
{
  g_clear_object (&f->pango);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frame, frame_clear)

static void
outlier_color (GtkWidget *widget, StColor *color)
{
  GdkRGBA rgba = { 0.88, 0.11, 0.14, 1 };

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "error_color", &rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
  *color = (StColor){ rgba.red, rgba.green, rgba.blue, rgba.alpha };
}

static void
frame_init (Frame *f, StTrendsChart *self)
{
  f->plot = (StTrendsPlot){
    .rows = self->rows,
    .n_rows = ST_N_TRENDS,
    .n = n_points (self),
    .selected = selected_column (self),
    .hover = self->hover,
    .focus = gtk_widget_has_visible_focus (GTK_WIDGET (self)) ? self->focus : -1,
    .legend = _ ("Outlier: more than 3 × 1.4826 × MAD from the median of its row (outside the "
                 "shaded band), in a row of at least 5 regions"),
    .empty_text = _ ("No trends yet"),
    .absent_text = _ ("not in this profile"),
  };
  outlier_color (GTK_WIDGET (self), &f->plot.outlier);
  f->pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  st_trends_plot_layout (&f->layout, f->pango, &f->plot, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)));
}

static gint
point_at (StTrendsChart *self, double x, double y)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, self);
  return st_trends_plot_point_at (&f.layout, &f.plot, x, y, NULL);
}

static void
st_trends_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, ST_TRENDS_CHART (chart));
  st_trends_plot_draw (cr, f.pango, &f.layout, style, &f.plot);
}

/* The region of @column, a new reference: the set makes region objects
 * only when asked. */
static StRegion *
region_at (StTrendsChart *self, gint column)
{
  return g_list_model_get_item (
      G_LIST_MODEL (st_session_get_regions (st_chart_get_session (ST_CHART (self)))),
      st_region_trends_get_region (self->trends, column));
}

/* The region's name, then a line per metric: "Duration  12.5 ms · outlier". */
static char *
describe (StTrendsChart *self, gint column, gboolean markup)
{
  g_autoptr (StRegion) r = region_at (self, column);
  g_autoptr (GString)  text = g_string_new (NULL);
  g_autofree char     *name = markup ? g_markup_printf_escaped ("<b>%s</b>", st_region_get_name (r))
                                     : g_strdup (st_region_get_name (r));

  g_string_append (text, name);
  for (StTrendSeries s = 0; s < ST_N_TRENDS; s++)
    {
      double           v;
      g_autofree char *value = st_region_trends_get_value (self->trends, s, column, &v)
                                   ? st_summary_format_value (st_trend_series_get_unit (s), v)
                                   : g_strdup (_ ("not in this profile"));

      g_string_append_printf (text, "\n%s: %s", series_title (s), value);
      if (st_region_trends_is_outlier (self->trends, s, column))
        /* Translators: after a value that is an outlier of its row */
        g_string_append (text, _ (" · outlier"));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
set_hover (StTrendsChart *self, gint hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StTrendsChart *self)
{
  set_hover (self, point_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StTrendsChart *self)
{
  set_hover (self, -1);
}

/* Tells assistive technologies which region the keyboard is on. */
static void
set_focus (StTrendsChart *self, gint focus)
{
  g_autofree char *text = NULL;

  if (self->focus == focus)
    return;
  self->focus = focus;
  if (focus < 0)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  else
    {
      text = describe (self, focus, FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      text, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Selects the region of @column and says so; the keyboard goes on from
 * there. */
static void
activate_column (StTrendsChart *self, gint column)
{
  g_autoptr (StRegion) region = NULL;

  if (column < 0 || column >= (gint)n_points (self))
    return;
  region = region_at (self, column);
  set_focus (self, column);
  st_session_set_selected_region (st_chart_get_session (ST_CHART (self)), region);
  g_signal_emit (self, signals[REGION_ACTIVATED], 0, region);
}

/* Shows the region of @column whole on the timeline. */
static void
reveal_column (StTrendsChart *self, gint column)
{
  g_autoptr (StRegion) region = NULL;

  if (column < 0 || column >= (gint)n_points (self))
    return;
  region = region_at (self, column);
  st_session_set_selected_region (st_chart_get_session (ST_CHART (self)), region);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-timeline", NULL);
  st_session_zoom_to_region (st_chart_get_session (ST_CHART (self)), region);
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StTrendsChart *self)
{
  gint column = point_at (self, x, y);

  if (n_press == 2)
    reveal_column (self, column);
  else
    activate_column (self, column);
}

/* Left, Right, Home, End: the keyboard moves from region to region, the
 * first key from the selected one. */
static void
move_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTrendsChart *self = ST_TRENDS_CHART (widget);
  gint           n = n_points (self), step = g_variant_get_int32 (parameter);
  gint           at = self->focus;

  if (n == 0)
    return;
  if (at < 0 || at >= n)
    at = selected_column (self);
  /* from nowhere, Right goes to the first and Left to the last */
  if (at < 0)
    at = step > 0 ? -1 : n;
  set_focus (self, CLAMP ((gint64)at + step, 0, n - 1));
}

/* Enter, Space: selects the region the keyboard is on. */
static void
pick_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTrendsChart *self = ST_TRENDS_CHART (widget);

  activate_column (self, self->focus);
}

/* Shift+F: the region the keyboard is on, else the selected one, on the
 * timeline. */
static void
reveal_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTrendsChart *self = ST_TRENDS_CHART (widget);

  reveal_column (self, self->focus >= 0 ? self->focus : selected_column (self));
}

/* The tooltip of the point under the pointer, placed by GTK beside a band
 * as tall as the chart, so it never covers that region's other points. */
static gboolean
on_query_tooltip (GtkWidget     *widget,
                  int            x,
                  int            y,
                  gboolean       keyboard,
                  GtkTooltip    *tooltip,
                  StTrendsChart *self)
{
  g_auto (Frame)   f = { 0 };
  g_autofree char *text = NULL, *markup = NULL;
  gint             column;
  double           cx;

  if (keyboard)
    return FALSE;
  frame_init (&f, self);
  column = st_trends_plot_point_at (&f.layout, &f.plot, x, y, NULL);
  if (column < 0)
    return FALSE;
  text = describe (self, column, TRUE);
  markup = g_strdup_printf (
      "%s\n<small>%s</small>", text,
      _ ("Click to summarise this region, double-click to show it on the timeline"));
  gtk_tooltip_set_markup (tooltip, markup);
  cx = st_trends_plot_column_x (&f.layout, &f.plot, column);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle){ (int)floor (cx - ST_TRENDS_PLOT_HIT_RADIUS),
                                                      0, (int)ceil (2 * ST_TRENDS_PLOT_HIT_RADIUS),
                                                      gtk_widget_get_height (widget) });
  return TRUE;
}

static void
on_selected_region (StTrendsChart *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A new session: its regions are not those of the trends shown. */
static void
st_trends_chart_session_changed (StChart *chart)
{
  StTrendsChart *self = ST_TRENDS_CHART (chart);

  g_signal_group_set_target (self->session_signals, st_chart_get_session (chart));
  st_trends_chart_set_trends (self, NULL);
}

void
st_trends_chart_set_trends (StTrendsChart *self, StRegionTrends *trends)
{
  g_return_if_fail (ST_IS_TRENDS_CHART (self));
  g_return_if_fail (trends == NULL || st_chart_get_session (ST_CHART (self)) != NULL);

  if (trends != self->trends)
    g_clear_pointer (&self->trends, st_region_trends_free);
  self->trends = trends;
  fill_rows (self);
  self->hover = -1;
  set_focus (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
st_trends_chart_dispose (GObject *object)
{
  StTrendsChart *self = ST_TRENDS_CHART (object);

  g_clear_object (&self->session_signals);
  G_OBJECT_CLASS (st_trends_chart_parent_class)->dispose (object);
}

static void
st_trends_chart_finalize (GObject *object)
{
  StTrendsChart *self = ST_TRENDS_CHART (object);

  g_clear_pointer (&self->trends, st_region_trends_free);
  for (guint s = 0; s < ST_N_TRENDS; s++)
    {
      g_array_unref (self->values[s]);
      g_array_unref (self->present[s]);
      g_array_unref (self->outliers[s]);
    }
  G_OBJECT_CLASS (st_trends_chart_parent_class)->finalize (object);
}

/* The keyboard's frame shows while the chart has the focus in keyboard
 * mode. */
static void
st_trends_chart_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GTK_WIDGET_CLASS (st_trends_chart_parent_class)->state_flags_changed (widget, previous);
  st_chart_redraw_on_focus (widget, previous);
}

static void
install_keys (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "trends.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "trends.pick", NULL, pick_action);
  gtk_widget_class_install_action (widget_class, "trends.reveal", NULL, reveal_action);
  st_chart_bind_point_keys (widget_class, "trends.move", "trends.pick");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F, GDK_SHIFT_MASK, "trends.reveal",
                                       NULL);
}

static void
st_trends_chart_class_init (StTrendsChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_trends_chart_dispose;
  object_class->finalize = st_trends_chart_finalize;
  ST_CHART_CLASS (klass)->draw = st_trends_chart_draw;
  ST_CHART_CLASS (klass)->session_changed = st_trends_chart_session_changed;
  widget_class->state_flags_changed = st_trends_chart_state_flags_changed;

  /* A region was chosen from its point: its summary is wanted. */
  signals[REGION_ACTIVATED]
      = g_signal_new ("region-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_REGION);

  gtk_widget_class_set_css_name (widget_class, "trendschart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  install_keys (widget_class);
}

static void
st_trends_chart_init (StTrendsChart *self)
{
  self->hover = -1;
  self->focus = -1;
  for (guint s = 0; s < ST_N_TRENDS; s++)
    {
      self->values[s] = g_array_new (FALSE, TRUE, sizeof (double));
      self->present[s] = g_array_new (FALSE, TRUE, sizeof (guint8));
      self->outliers[s] = g_array_new (FALSE, TRUE, sizeof (guint8));
    }
  fill_rows (self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-region",
                                  G_CALLBACK (on_selected_region), self);
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "released", G_CALLBACK (on_released), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Trends Across Regions"), -1);
}

GtkWidget *
st_trends_chart_new (void)
{
  return g_object_new (ST_TYPE_TRENDS_CHART, NULL);
}
