/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-step-trends-chart.h"

#include "st-chart-keys.h"
#include "st-chart-style.h"
#include "st-trends-plot.h"

#include <glib/gi18n.h>
#include <math.h>

/* A point: a rank's value in a step. */
typedef struct
{
  gint rank, step; /* −1: none */
} Point;

struct _StStepTrendsChart
{
  StChart parent_instance;

  StStepTrends *trends;
  /* the rows as the plot takes them, made once per trends */
  GArray     *values[ST_N_STEP_TRENDS];   /* double, rank after rank */
  GArray     *present[ST_N_STEP_TRENDS];  /* guint8 */
  GArray     *outliers[ST_N_STEP_TRENDS]; /* guint8 */
  GPtrArray  *labels;                     /* char *: each step's number */
  StTrendsRow rows[ST_N_STEP_TRENDS];
  Point       hover;
  Point       focus;    /* the keyboard's */
  Point       selected; /* the last one gone to */
};

G_DEFINE_FINAL_TYPE (StStepTrendsChart, st_step_trends_chart, ST_TYPE_CHART)

static const Point no_point = { -1, -1 };

static const char *
series_title (StStepTrendSeries series)
{
  switch (series)
    {
    case ST_STEP_TREND_TIME: return _ ("Step time");
    case ST_STEP_TREND_BUSY: return _ ("Device busy");
    case ST_STEP_TREND_EXPOSED: return _ ("Exposed comm.");
    case ST_STEP_TREND_MEMORY_PEAK: return _ ("Peak memory");
    case ST_N_STEP_TRENDS:
    default: g_return_val_if_reached (NULL);
    }
}

static guint
n_ranks (StStepTrendsChart *self)
{
  return self->trends ? st_step_trends_get_n_ranks (self->trends) : 0;
}

static guint
n_steps (StStepTrendsChart *self)
{
  return self->trends ? st_step_trends_get_n_steps (self->trends) : 0;
}

static void
fill_row (StStepTrendsChart *self, StStepTrendSeries s)
{
  guint ranks = n_ranks (self), steps = n_steps (self);

  g_array_set_size (self->values[s], ranks * steps);
  g_array_set_size (self->present[s], ranks * steps);
  g_array_set_size (self->outliers[s], ranks * steps);
  for (guint r = 0; r < ranks; r++)
    for (guint i = 0; i < steps; i++)
      {
        guint at = r * steps + i;

        g_array_index (self->present[s], guint8, at) = st_step_trends_get_value (
            self->trends, s, r, i, &g_array_index (self->values[s], double, at));
        g_array_index (self->outliers[s], guint8, at)
            = st_step_trends_is_outlier (self->trends, s, r, i);
      }
  self->rows[s] = (StTrendsRow){
    .title = series_title (s),
    .values = (const double *)self->values[s]->data,
    .present = (const guint8 *)self->present[s]->data,
    .outliers = (const guint8 *)self->outliers[s]->data,
    .n_lines = MAX (1, ranks),
    .percent = st_step_trend_series_get_unit (s) == ST_UNIT_PERCENT,
    .bytes = st_step_trend_series_get_unit (s) == ST_UNIT_BYTES,
    .color = s,
  };
}

/* The rows and the steps' names, read from the trends once. */
static void
fill_rows (StStepTrendsChart *self)
{
  g_ptr_array_set_size (self->labels, 0);
  for (guint i = 0; i < n_steps (self); i++)
    g_ptr_array_add (
        self->labels,
        g_strdup_printf ("%" G_GINT64_FORMAT, st_step_trends_get_step_number (self->trends, i)));
  for (StStepTrendSeries s = 0; s < ST_N_STEP_TRENDS; s++)
    fill_row (self, s);
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

/* The rank on top: hovered, else the keyboard's, else the last gone to. */
static gint
top_line (StStepTrendsChart *self, gboolean focus_visible)
{
  if (self->hover.rank >= 0)
    return self->hover.rank;
  if (focus_visible && self->focus.rank >= 0)
    return self->focus.rank;
  return self->selected.rank;
}

static void
frame_init (Frame *f, StStepTrendsChart *self)
{
  gboolean focus_visible = gtk_widget_has_visible_focus (GTK_WIDGET (self));
  GdkRGBA  rgba = { 0.88, 0.11, 0.14, 1 };

  f->plot = (StTrendsPlot){
    .rows = self->rows,
    .n_rows = ST_N_STEP_TRENDS,
    .n = n_steps (self),
    .selected = self->selected.step,
    .hover = self->hover.step,
    .focus = focus_visible ? self->focus.step : -1,
    .line = top_line (self, focus_visible),
    .column_labels = (const char *const *)self->labels->pdata,
    .axis_title = _ ("Step"),
    /* xgettext:no-c-format */
    .legend = _ ("Outlier: more than 3 robust spreads (1.4826 × MAD, at least 1 % of the median) "
                 "from the median of its rank's steps, in a rank of at least 5 steps"),
    .empty_text = _ ("No steps yet"),
    .absent_text = _ ("not in this profile"),
  };
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)), "error_color",
                                  &rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
  f->plot.outlier = (StColor){ rgba.red, rgba.green, rgba.blue, rgba.alpha };
  f->pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  st_trends_plot_layout (&f->layout, f->pango, &f->plot, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)));
}

static Point
point_at (StStepTrendsChart *self, double x, double y)
{
  g_auto (Frame) f = { 0 };
  guint          row, line;
  gint           step;

  frame_init (&f, self);
  step = st_trends_plot_hit (&f.layout, &f.plot, x, y, &row, &line);
  return step >= 0 ? (Point){ (gint)line, step } : no_point;
}

static void
st_step_trends_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, ST_STEP_TRENDS_CHART (chart));
  st_trends_plot_draw (cr, f.pango, &f.layout, style, &f.plot);
}

/* "rank 3 · step 12", then a line per metric: "Step time: 12.5 ms ·
 * outlier", and whether the step or the rank stands out. */
static char *
describe (StStepTrendsChart *self, Point p, gboolean markup)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char    *number = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                st_step_trends_get_step_number (self->trends, p.step));
  g_autofree char    *head = g_strdup_printf (
         /* Translators: a rank's label ("rank 3") and a step's number */
      _ ("%s · step %s"), st_step_trends_get_rank_label (self->trends, p.rank), number);
  g_autofree char *head_markup = markup ? g_markup_printf_escaped ("<b>%s</b>", head) : NULL;

  g_string_append (text, markup ? head_markup : head);
  for (StStepTrendSeries s = 0; s < ST_N_STEP_TRENDS; s++)
    {
      double           v;
      g_autofree char *value = st_step_trends_get_value (self->trends, s, p.rank, p.step, &v)
                                   ? st_summary_format_value (st_step_trend_series_get_unit (s), v)
                                   : g_strdup (_ ("not in this profile"));

      g_string_append_printf (text, "\n%s: %s", series_title (s), value);
      if (st_step_trends_is_outlier (self->trends, s, p.rank, p.step))
        /* Translators: after a value that is an outlier of its rank's steps */
        g_string_append (text, _ (" · outlier"));
      if (st_step_trends_is_outlier_step (self->trends, s, p.step))
        /* Translators: the step's median over the ranks is an outlier of the steps' */
        g_string_append (text, _ (" · outlier step"));
      if (st_step_trends_is_outlier_rank (self->trends, s, p.rank))
        /* Translators: the rank's median over its steps is an outlier of the ranks' */
        g_string_append (text, _ (" · outlier rank"));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
point_equal (Point a, Point b)
{
  return a.rank == b.rank && a.step == b.step;
}

static void
set_hover (StStepTrendsChart *self, Point hover)
{
  if (point_equal (self->hover, hover))
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover.step >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StStepTrendsChart *self)
{
  set_hover (self, point_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StStepTrendsChart *self)
{
  set_hover (self, no_point);
}

/* Tells assistive technologies which point the keyboard is on. */
static void
set_focus (StStepTrendsChart *self, Point focus)
{
  g_autofree char *text = NULL;

  if (point_equal (self->focus, focus))
    return;
  self->focus = focus;
  if (focus.step < 0)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  else
    {
      text = describe (self, focus, FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      text, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Selects the step's slice on that rank and shows it whole on the
 * timeline; the keyboard goes on from there. */
static void
go_to (StStepTrendsChart *self, Point p)
{
  StSession *session = st_chart_get_session (ST_CHART (self));
  StSliceRef slice;
  gint64     start, end;

  if (p.step < 0 || session == NULL
      || !st_step_trends_get_span (self->trends, p.rank, p.step, &slice, &start, &end))
    return;
  set_focus (self, p);
  self->selected = p;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  st_session_select (session, (StEventRef){ slice.track, slice.index, ST_EVENT_SLICE },
                     ST_SELECT_REPLACE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-timeline", NULL);
  st_session_fit_selection (session);
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StStepTrendsChart *self)
{
  go_to (self, point_at (self, x, y));
}

/* Where the keyboard starts: its point, else the last gone to, else the
 * first rank. */
static Point
focus_or_start (StStepTrendsChart *self)
{
  if (self->focus.step >= 0)
    return self->focus;
  if (self->selected.step >= 0)
    return self->selected;
  return (Point){ 0, -1 };
}

/* Left, Right, Home, End: from step to step. */
static void
move_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StStepTrendsChart *self = ST_STEP_TRENDS_CHART (widget);
  gint               n = n_steps (self), step = g_variant_get_int32 (parameter);
  Point              at = focus_or_start (self);

  if (n == 0)
    return;
  /* from nowhere, Right goes to the first and Left to the last */
  if (at.step < 0)
    at.step = step > 0 ? -1 : n;
  at.step = CLAMP ((gint64)at.step + step, 0, n - 1);
  set_focus (self, at);
}

/* Up, Down: from rank to rank, in the same step. */
static void
rank_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StStepTrendsChart *self = ST_STEP_TRENDS_CHART (widget);
  gint               n = n_ranks (self);
  Point              at = focus_or_start (self);

  if (n == 0 || n_steps (self) == 0)
    return;
  at.step = MAX (at.step, 0);
  at.rank = CLAMP (at.rank + g_variant_get_int32 (parameter), 0, n - 1);
  set_focus (self, at);
}

/* Enter, Space: goes to the point the keyboard is on. */
static void
pick_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StStepTrendsChart *self = ST_STEP_TRENDS_CHART (widget);

  go_to (self, self->focus);
}

/* The tooltip of the point under the pointer, placed by GTK beside a band
 * as tall as the chart, so it never covers that step's other points. */
static gboolean
on_query_tooltip (GtkWidget         *widget,
                  int                x,
                  int                y,
                  gboolean           keyboard,
                  GtkTooltip        *tooltip,
                  StStepTrendsChart *self)
{
  g_auto (Frame)   f = { 0 };
  g_autofree char *text = NULL, *markup = NULL;
  guint            row, line;
  gint             step;
  double           cx;

  if (keyboard)
    return FALSE;
  frame_init (&f, self);
  step = st_trends_plot_hit (&f.layout, &f.plot, x, y, &row, &line);
  if (step < 0)
    return FALSE;
  text = describe (self, (Point){ (gint)line, step }, TRUE);
  markup = g_strdup_printf ("%s\n<small>%s</small>", text,
                            _ ("Click to select this step on this rank on the timeline"));
  gtk_tooltip_set_markup (tooltip, markup);
  cx = st_trends_plot_column_x (&f.layout, &f.plot, step);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle){ (int)floor (cx - ST_TRENDS_PLOT_HIT_RADIUS),
                                                      0, (int)ceil (2 * ST_TRENDS_PLOT_HIT_RADIUS),
                                                      gtk_widget_get_height (widget) });
  return TRUE;
}

/* A new session: the trends shown are another profile's. */
static void
st_step_trends_chart_session_changed (StChart *chart)
{
  st_step_trends_chart_set_trends (ST_STEP_TRENDS_CHART (chart), NULL);
}

void
st_step_trends_chart_set_trends (StStepTrendsChart *self, StStepTrends *trends)
{
  g_return_if_fail (ST_IS_STEP_TRENDS_CHART (self));

  if (trends != self->trends)
    g_clear_pointer (&self->trends, st_step_trends_free);
  self->trends = trends;
  fill_rows (self);
  self->hover = self->selected = no_point;
  set_focus (self, no_point);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
st_step_trends_chart_get_focus (StStepTrendsChart *self, guint *rank, guint *step)
{
  g_return_val_if_fail (ST_IS_STEP_TRENDS_CHART (self), FALSE);
  if (self->focus.step < 0)
    return FALSE;
  *rank = self->focus.rank;
  *step = self->focus.step;
  return TRUE;
}

static void
st_step_trends_chart_finalize (GObject *object)
{
  StStepTrendsChart *self = ST_STEP_TRENDS_CHART (object);

  g_clear_pointer (&self->trends, st_step_trends_free);
  for (guint s = 0; s < ST_N_STEP_TRENDS; s++)
    {
      g_array_unref (self->values[s]);
      g_array_unref (self->present[s]);
      g_array_unref (self->outliers[s]);
    }
  g_ptr_array_unref (self->labels);
  G_OBJECT_CLASS (st_step_trends_chart_parent_class)->finalize (object);
}

/* The keyboard's frame and its rank's line show while the chart has the
 * focus in keyboard mode. */
static void
st_step_trends_chart_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GTK_WIDGET_CLASS (st_step_trends_chart_parent_class)->state_flags_changed (widget, previous);
  st_chart_redraw_on_focus (widget, previous);
}

static void
install_keys (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "step-trends.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "step-trends.rank", "i", rank_action);
  gtk_widget_class_install_action (widget_class, "step-trends.pick", NULL, pick_action);
  st_chart_bind_point_keys (widget_class, "step-trends.move", "step-trends.pick");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "step-trends.rank", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Up, 0, "step-trends.rank", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "step-trends.rank", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Down, 0, "step-trends.rank", "i",
                                       1);
}

static void
st_step_trends_chart_class_init (StStepTrendsChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = st_step_trends_chart_finalize;
  ST_CHART_CLASS (klass)->draw = st_step_trends_chart_draw;
  ST_CHART_CLASS (klass)->session_changed = st_step_trends_chart_session_changed;
  widget_class->state_flags_changed = st_step_trends_chart_state_flags_changed;

  gtk_widget_class_set_css_name (widget_class, "steptrendschart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  install_keys (widget_class);
}

static void
st_step_trends_chart_init (StStepTrendsChart *self)
{
  self->hover = self->focus = self->selected = no_point;
  for (guint s = 0; s < ST_N_STEP_TRENDS; s++)
    {
      self->values[s] = g_array_new (FALSE, TRUE, sizeof (double));
      self->present[s] = g_array_new (FALSE, TRUE, sizeof (guint8));
      self->outliers[s] = g_array_new (FALSE, TRUE, sizeof (guint8));
    }
  self->labels = g_ptr_array_new_with_free_func (g_free);
  fill_rows (self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "released", G_CALLBACK (on_released), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Trends per Step"), -1);
}

GtkWidget *
st_step_trends_chart_new (void)
{
  return g_object_new (ST_TYPE_STEP_TRENDS_CHART, NULL);
}
