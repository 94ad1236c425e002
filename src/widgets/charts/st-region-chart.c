/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-region-chart.h"

#include "st-job.h"

#include "st-chart-keys.h"
#include "st-chart-style.h"
#include "st-format.h"
#include "st-region-plot.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

struct _StRegionChart
{
  StChart parent_instance;

  GSignalGroup *session_signals;
  GSignalGroup *region_signals;
  gint          hover;
  gint          focus; /* the point the keyboard is on, or -1 */
  gboolean      by_index;

  /* The regions' durations and starts, and what the layout reads of them,
   * copied when the regions change, not per frame */
  GArray            *durations;
  GArray            *starts;
  StRegionPlotExtent extent;
  /* Many regions: their dots, made on a thread for one layout */
  StRegionDots      *dots;
  StRegionPlotLayout dots_layout;
  StRegionPlotAxis   dots_axis;
  int                dots_scale;
  StJob             *dots_job;
  StRegionPlotLayout dots_asked; /* the layout of the dots being made */
  StRegionPlotAxis   dots_asked_axis;
  int                dots_asked_scale;
};

G_DEFINE_FINAL_TYPE (StRegionChart, st_region_chart, ST_TYPE_CHART)

enum
{
  PROP_0,
  PROP_BY_INDEX,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The session's regions as the plot takes them, laid out at the widget's
 * size in its font. */
typedef struct
{
  StRegionPlot       plot;
  StRegionPlotLayout layout;
  guint              picks[ST_SESSION_MAX_COMPARE];
  PangoLayout       *pango;
} Frame;

static void
frame_clear (Frame *f)
{
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
forget_dots (StRegionChart *self)
{
  st_job_cancel (self->dots_job);
  g_clear_pointer (&self->dots, st_region_dots_free);
}

/* Copies the regions' durations and starts, once per change of the
 * regions: O(regions), where a frame is O(pixels). */
static void
ensure_points (StRegionChart *self)
{
  StSession     *session = st_chart_get_session (ST_CHART (self));
  StRegionSet   *regions = session ? st_session_get_regions (session) : NULL;
  StRegionArray *array = regions ? st_region_set_get_array (regions) : NULL;
  guint          n = array ? st_region_array_get_length (array) : 0;
  StRegionPlot   plot = { 0 };

  if (self->durations != NULL)
    return;
  self->durations = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
  self->starts = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n);
  g_array_set_size (self->durations, n);
  g_array_set_size (self->starts, n);
  for (guint i = 0; i < n; i++)
    {
      g_array_index (self->durations, gint64, i) = st_region_array_get_duration (array, i);
      g_array_index (self->starts, gint64, i) = st_region_array_get_start (array, i);
    }
  plot.durations = (const gint64 *)self->durations->data;
  plot.starts = (const gint64 *)self->starts->data;
  plot.n = n;
  st_region_plot_measure (&plot, &self->extent);
}

/* The regions changed: their points are copied again at the next frame. */
static void
forget_points (StRegionChart *self)
{
  g_clear_pointer (&self->durations, g_array_unref);
  g_clear_pointer (&self->starts, g_array_unref);
  forget_dots (self);
}

typedef struct
{
  StRegionPlot       plot;
  StRegionPlotLayout layout;
  StRegionPlotExtent extent;
  GArray            *durations;
  GArray            *starts;
  int                scale;
} DotsJob;

static void
dots_job_free (DotsJob *job)
{
  g_array_unref (job->durations);
  g_array_unref (job->starts);
  g_free (job);
}

static gpointer
dots_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  DotsJob *job = data;

  return st_region_dots_new (&job->layout, &job->plot, job->scale, cancellable);
}

static void
on_dots_made (gpointer owner, gpointer result, const GError *error)
{
  StRegionChart *self = owner;

  g_clear_pointer (&self->dots, st_region_dots_free);
  self->dots = result;
  self->dots_layout = self->dots_asked;
  self->dots_axis = self->dots_asked_axis;
  self->dots_scale = self->dots_asked_scale;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Many regions are drawn from dots made on a thread for this layout; the
 * frame shows its axis meanwhile, and the dots of an earlier layout are
 * not shown (they would stand in the wrong places). */
static void
ensure_dots (StRegionChart *self, Frame *f)
{
  int      scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  DotsJob *job;

  if (f->plot.n < ST_REGION_DOTS_MIN)
    return;
  if (self->dots != NULL && self->dots_scale == scale && self->dots_axis == f->plot.axis
      && memcmp (&self->dots_layout, &f->layout, sizeof f->layout) == 0)
    {
      f->plot.dots = self->dots;
      return;
    }
  if (st_job_is_running (self->dots_job)
      && memcmp (&self->dots_asked, &f->layout, sizeof f->layout) == 0)
    return; /* on their way */
  forget_dots (self);
  self->dots_asked = f->layout;
  self->dots_asked_axis = f->plot.axis;
  self->dots_asked_scale = scale;
  job = g_new0 (DotsJob, 1);
  job->durations = g_array_ref (self->durations);
  job->starts = g_array_ref (self->starts);
  job->extent = self->extent;
  job->plot = f->plot;
  job->plot.extent = &job->extent;
  job->plot.picks = NULL;
  job->plot.n_picks = 0;
  job->plot.empty_text = NULL;
  job->layout = f->layout;
  job->scale = scale;
  st_job_start (self->dots_job, dots_thread, job, (GDestroyNotify)dots_job_free, on_dots_made,
                (GDestroyNotify)st_region_dots_free);
}

static void
frame_init (Frame *f, StRegionChart *self)
{
  StSession   *session = st_chart_get_session (ST_CHART (self));
  StRegionSet *regions = session ? st_session_get_regions (session) : NULL;
  GPtrArray   *compare = session ? st_session_get_compare_regions (session) : NULL;

  ensure_points (self);
  f->plot = (StRegionPlot){
    .durations = (const gint64 *)self->durations->data,
    .starts = (const gint64 *)self->starts->data,
    .n = self->durations->len,
    .axis = self->by_index ? ST_REGION_PLOT_BY_INDEX : ST_REGION_PLOT_BY_TIME,
    .selected = -1,
    .hover = self->hover,
    .focus = gtk_widget_has_visible_focus (GTK_WIDGET (self)) ? self->focus : -1,
    .picks = f->picks,
    .empty_text = _ ("No regions"),
    .extent = &self->extent,
  };
  if (regions != NULL)
    f->plot.selected = index_of (regions, st_session_get_selected_region (session));
  for (guint k = 0; compare != NULL && k < MIN (compare->len, G_N_ELEMENTS (f->picks)); k++)
    {
      gint i = index_of (regions, g_ptr_array_index (compare, k));
      if (i >= 0)
        f->picks[f->plot.n_picks++] = i;
    }
  f->pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  st_region_plot_layout (&f->layout, f->pango, &f->plot, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)));
  ensure_dots (self, f);
}

/* Whether many regions' dots are still being made (they show when in). */
gboolean
st_region_chart_is_drawing (StRegionChart *self)
{
  g_return_val_if_fail (ST_IS_REGION_CHART (self), FALSE);
  return st_job_is_running (self->dots_job);
}

/* The region whose point is nearest (@x, @y), within a few pixels, or -1. */
static gint
point_at (StRegionChart *self, double x, double y)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, self);
  return st_region_plot_point_at (&f.layout, &f.plot, x, y);
}

static void
st_region_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, ST_REGION_CHART (chart));
  st_region_plot_draw (cr, f.pango, &f.layout, style, &f.plot);
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
  set_hover (self, point_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StRegionChart *self)
{
  set_hover (self, -1);
}

/* The region of point @index, a new reference: the set makes region
 * objects only when asked. */
static StRegion *
region_at (StRegionChart *self, gint index)
{
  return g_list_model_get_item (
      G_LIST_MODEL (st_session_get_regions (st_chart_get_session (ST_CHART (self)))), index);
}

/* Tells assistive technologies which region the keyboard is on. */
static void
describe_focus (StRegionChart *self)
{
  g_autofree char     *duration = NULL, *text = NULL;
  g_autoptr (StRegion) r = NULL;

  if (self->focus < 0)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  r = region_at (self, self->focus);
  duration = st_format_duration (st_region_get_duration (r));
  text = g_strdup_printf ("%s, %s", st_region_get_name (r), duration);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

static void
set_focus (StRegionChart *self, gint focus)
{
  if (self->focus == focus)
    return;
  self->focus = focus;
  describe_focus (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Picks the region of point @index for comparison, or drops it when it is
 * picked; the keyboard goes on from there. */
static void
toggle_pick (StRegionChart *self, gint index)
{
  g_autoptr (StRegion) region = NULL;

  if (index < 0)
    return;
  region = region_at (self, index);
  set_focus (self, index);
  st_session_toggle_compare (st_chart_get_session (ST_CHART (self)), region);
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StRegionChart *self)
{
  toggle_pick (self, point_at (self, x, y));
}

static guint
n_points (StRegionChart *self)
{
  StSession *session = st_chart_get_session (ST_CHART (self));

  return session != NULL ? st_region_set_get_n_regions (st_session_get_regions (session)) : 0;
}

/* Left, Right, Home, End: the keyboard moves from point to point in the
 * order of the regions, and selects the region it is on, as the list does;
 * the first key starts from the selected region. */
static void
move_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StRegionChart       *self = ST_REGION_CHART (widget);
  StSession           *session = st_chart_get_session (ST_CHART (self));
  gint                 n = n_points (self), step = g_variant_get_int32 (parameter);
  gint                 at = self->focus;
  g_autoptr (StRegion) region = NULL;

  if (n == 0)
    return;
  if (at < 0 || at >= n)
    at = index_of (st_session_get_regions (session), st_session_get_selected_region (session));
  /* from nowhere, Right goes to the first and Left to the last */
  if (at < 0)
    at = step > 0 ? -1 : n;
  at = CLAMP ((gint64)at + step, 0, n - 1);
  set_focus (self, at);
  region = region_at (self, at);
  st_session_set_selected_region (session, region);
}

/* Enter, Space: picks the region the keyboard is on, or drops it. */
static void
pick_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StRegionChart *self = ST_REGION_CHART (widget);

  if (self->focus >= 0 && self->focus < (gint)n_points (self))
    toggle_pick (self, self->focus);
}

/* The tooltip of the point under the pointer, placed by GTK under (or
 * over) a band as tall as the chart around that point, so that it never
 * covers the point nor its neighbours above and below. */
static gboolean
on_query_tooltip (GtkWidget     *widget,
                  int            x,
                  int            y,
                  gboolean       keyboard,
                  GtkTooltip    *tooltip,
                  StRegionChart *self)
{
  g_auto (Frame)       f = { 0 };
  gint                 i;
  g_autofree char     *duration = NULL, *markup = NULL;
  g_autoptr (StRegion) r = NULL;
  gint                 pick;
  double               px, py;

  if (keyboard)
    return FALSE;
  frame_init (&f, self);
  i = st_region_plot_point_at (&f.layout, &f.plot, x, y);
  if (i < 0)
    return FALSE;
  r = region_at (self, i);
  duration = st_format_duration (st_region_get_duration (r));
  pick = st_session_get_compare_index (st_chart_get_session (ST_CHART (self)), r);
  if (pick >= 0)
    /* Translators: a region's name, its duration and its number among those picked for comparison
     */
    markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s · picked %d of 3\nClick to drop it"),
                                      st_region_get_name (r), duration, pick + 1);
  else
    markup = g_markup_printf_escaped (_ ("<b>%s</b>\n%s\nClick to pick it for comparison"),
                                      st_region_get_name (r), duration);
  gtk_tooltip_set_markup (tooltip, markup);
  st_region_plot_point (&f.layout, &f.plot, i, &px, &py);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle){ (int)floor (px - ST_REGION_PLOT_HIT_RADIUS),
                                                      0, (int)ceil (2 * ST_REGION_PLOT_HIT_RADIUS),
                                                      gtk_widget_get_height (widget) });
  return TRUE;
}

static void
on_regions_changed (StRegionChart *self)
{
  forget_points (self);
}

static void
on_changed (StRegionChart *self)
{
  self->hover = -1;
  if (self->focus >= (gint)n_points (self))
    set_focus (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A new session: follow it and its regions, and forget the old ones'
 * points. */
static void
st_region_chart_session_changed (StChart *chart)
{
  StRegionChart *self = ST_REGION_CHART (chart);
  StSession     *session = st_chart_get_session (chart);

  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->region_signals,
                             session ? st_session_get_regions (session) : NULL);
  forget_points (self);
  set_focus (self, -1);
  on_changed (self);
}

gboolean
st_region_chart_get_by_index (StRegionChart *self)
{
  g_return_val_if_fail (ST_IS_REGION_CHART (self), FALSE);
  return self->by_index;
}

/* Whether the points stand evenly spaced in the order of the regions, not
 * at their start times. */
void
st_region_chart_set_by_index (StRegionChart *self, gboolean by_index)
{
  g_return_if_fail (ST_IS_REGION_CHART (self));
  by_index = !!by_index;
  if (self->by_index == by_index)
    return;
  self->by_index = by_index;
  set_hover (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_INDEX]);
}

static void
st_region_chart_dispose (GObject *object)
{
  StRegionChart *self = ST_REGION_CHART (object);

  g_clear_object (&self->session_signals);
  g_clear_object (&self->region_signals);
  forget_points (self);
  G_OBJECT_CLASS (st_region_chart_parent_class)->dispose (object);
}

static void
st_region_chart_finalize (GObject *object)
{
  g_object_unref (ST_REGION_CHART (object)->dots_job);
  G_OBJECT_CLASS (st_region_chart_parent_class)->finalize (object);
}

static void
st_region_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BY_INDEX: g_value_set_boolean (value, ST_REGION_CHART (object)->by_index); break;
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
    case PROP_BY_INDEX:
      st_region_chart_set_by_index (ST_REGION_CHART (object), g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The keyboard's frame shows while the chart has the focus in keyboard
 * mode. */
static void
st_region_chart_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GTK_WIDGET_CLASS (st_region_chart_parent_class)->state_flags_changed (widget, previous);
  st_chart_redraw_on_focus (widget, previous);
}

static void
install_keys (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "chart.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "chart.pick", NULL, pick_action);
  st_chart_bind_point_keys (widget_class, "chart.move", "chart.pick");
}

static void
st_region_chart_class_init (StRegionChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_region_chart_dispose;
  object_class->finalize = st_region_chart_finalize;
  object_class->get_property = st_region_chart_get_property;
  object_class->set_property = st_region_chart_set_property;
  ST_CHART_CLASS (klass)->draw = st_region_chart_draw;
  ST_CHART_CLASS (klass)->session_changed = st_region_chart_session_changed;
  widget_class->state_flags_changed = st_region_chart_state_flags_changed;

  properties[PROP_BY_INDEX]
      = g_param_spec_boolean ("by-index", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "regionchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  install_keys (widget_class);
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
  /* first forget the points, then draw again */
  g_signal_group_connect_swapped (self->region_signals, "edited", G_CALLBACK (on_regions_changed),
                                  self);
  g_signal_group_connect_swapped (self->region_signals, "items-changed",
                                  G_CALLBACK (on_regions_changed), self);
  g_signal_group_connect_swapped (self->region_signals, "edited", G_CALLBACK (on_changed), self);
  g_signal_group_connect_swapped (self->region_signals, "items-changed", G_CALLBACK (on_changed),
                                  self);
}

static void
st_region_chart_init (StRegionChart *self)
{
  self->hover = -1;
  self->focus = -1;
  self->dots_job = st_job_new (self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  follow_session (self);
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "released", G_CALLBACK (on_released), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Region Duration Distribution"), -1);
}

GtkWidget *
st_region_chart_new (void)
{
  return g_object_new (ST_TYPE_REGION_CHART, NULL);
}
