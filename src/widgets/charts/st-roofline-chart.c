/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-roofline-chart.h"

#include "st-chart-keys.h"

#include <glib/gi18n.h>
#include <math.h>

#define MINIMUM_HEIGHT 220
#define NATURAL_HEIGHT 300

struct _StRooflineChart
{
  StChart parent_instance;

  StRooflinePlot plot;   /* its points and texts owned below */
  GArray        *points; /* StRooflinePoint */
  GPtrArray     *texts;  /* the names and the plot's texts, owned */
  GPtrArray     *tooltips;
  guint         *order; /* point indices by intensity: the keyboard's order */
  gint           hover;
  gint           focus; /* the point the keyboard is on, or -1 */
};

G_DEFINE_FINAL_TYPE (StRooflineChart, st_roofline_chart, ST_TYPE_CHART)

enum
{
  POINT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The plot laid out at the widget's size in its font. */
typedef struct
{
  StRooflinePlot   plot;
  StRooflineLayout layout;
  PangoLayout     *pango;
} Frame;

static void
frame_clear (Frame *f)
{
  g_clear_object (&f->pango);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frame, frame_clear)

static void
frame_init (Frame *f, StRooflineChart *self)
{
  f->plot = self->plot;
  f->plot.hover = self->hover;
  f->plot.selected = -1;
  f->plot.focus = gtk_widget_has_visible_focus (GTK_WIDGET (self)) ? self->focus : -1;
  f->pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  st_roofline_plot_layout (&f->layout, f->pango, &f->plot, gtk_widget_get_width (GTK_WIDGET (self)),
                           gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
st_roofline_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, ST_ROOFLINE_CHART (chart));
  st_roofline_plot_draw (cr, f.pango, &f.layout, style, &f.plot);
}

static gint
point_at (StRooflineChart *self, double x, double y)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, self);
  return st_roofline_plot_point_at (&f.layout, &f.plot, x, y);
}

gboolean
st_roofline_chart_get_point_position (StRooflineChart *self, guint index, double *x, double *y)
{
  g_auto (Frame) f = { 0 };

  g_return_val_if_fail (ST_IS_ROOFLINE_CHART (self), FALSE);
  if (index >= self->plot.n)
    return FALSE;
  frame_init (&f, self);
  st_roofline_plot_position (&f.layout, self->plot.points[index].intensity,
                             self->plot.points[index].rate, x, y);
  return TRUE;
}

guint
st_roofline_chart_get_n_points (StRooflineChart *self)
{
  g_return_val_if_fail (ST_IS_ROOFLINE_CHART (self), 0);
  return self->plot.n;
}

static void
set_hover (StRooflineChart *self, gint hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StRooflineChart *self)
{
  set_hover (self, point_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller, StRooflineChart *self)
{
  set_hover (self, -1);
}

/* Tells assistive technologies which shape the keyboard is on. */
static void
set_focus (StRooflineChart *self, gint focus)
{
  if (self->focus == focus)
    return;
  self->focus = focus;
  if (focus < 0)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  else
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    g_ptr_array_index (self->tooltips, focus), -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
activate_point (StRooflineChart *self, gint index)
{
  if (index < 0 || index >= (gint)self->plot.n)
    return;
  set_focus (self, index);
  g_signal_emit (self, signals[POINT_ACTIVATED], 0, (guint)index);
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StRooflineChart *self)
{
  activate_point (self, point_at (self, x, y));
}

/* Left, Right, Home, End: from disc to disc by intensity, left to right;
 * from nowhere, Right goes to the first and Left to the last. */
static void
move_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StRooflineChart *self = ST_ROOFLINE_CHART (widget);
  gint             n = self->plot.n, step = g_variant_get_int32 (parameter), at = -1;

  if (n == 0)
    return;
  for (gint k = 0; k < n && self->focus >= 0; k++)
    if (self->order[k] == (guint)self->focus)
      at = k;
  if (at < 0)
    at = step > 0 ? -1 : n;
  at = CLAMP ((gint64)at + step, 0, n - 1);
  set_focus (self, self->order[at]);
}

/* Enter, Space: activates the disc the keyboard is on. */
static void
pick_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StRooflineChart *self = ST_ROOFLINE_CHART (widget);

  activate_point (self, self->focus);
}

/* The shape's numbers, placed by GTK beside the disc so that it does not
 * cover it. */
static gboolean
on_query_tooltip (GtkWidget       *widget,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip,
                  StRooflineChart *self)
{
  gint   i = keyboard ? self->focus : point_at (self, x, y);
  double px, py;

  if (i < 0 || i >= (gint)self->plot.n)
    return FALSE;
  gtk_tooltip_set_text (tooltip, g_ptr_array_index (self->tooltips, i));
  st_roofline_chart_get_point_position (self, i, &px, &py);
  gtk_tooltip_set_tip_area (tooltip,
                            &(GdkRectangle){ (int)floor (px - 8), (int)floor (py - 8), 16, 16 });
  return TRUE;
}

static int
by_intensity (gconstpointer a, gconstpointer b, gpointer data)
{
  const StRooflinePoint *points = data;
  double ia = points[*(const guint *)a].intensity, ib = points[*(const guint *)b].intensity;

  return ia < ib ? -1 : ia > ib ? 1 : (int)(*(const guint *)a - *(const guint *)b);
}

static const char *
keep (StRooflineChart *self, const char *text)
{
  if (text == NULL)
    return NULL;
  g_ptr_array_add (self->texts, g_strdup (text));
  return g_ptr_array_index (self->texts, self->texts->len - 1);
}

void
st_roofline_chart_set_data (StRooflineChart      *self,
                            const StRooflinePlot *plot,
                            const char *const    *tooltips)
{
  g_return_if_fail (ST_IS_ROOFLINE_CHART (self));
  g_return_if_fail (plot != NULL);

  g_ptr_array_set_size (self->texts, 0);
  g_ptr_array_set_size (self->tooltips, 0);
  g_array_set_size (self->points, 0);
  g_array_append_vals (self->points, plot->points, plot->n);
  for (guint i = 0; i < plot->n; i++)
    {
      StRooflinePoint *p = &g_array_index (self->points, StRooflinePoint, i);

      p->name = keep (self, p->name);
      g_ptr_array_add (self->tooltips, g_strdup (tooltips[i]));
    }
  self->plot = *plot;
  self->plot.points = (const StRooflinePoint *)self->points->data;
  self->plot.peak_text = keep (self, plot->peak_text);
  self->plot.bandwidth_text = keep (self, plot->bandwidth_text);
  self->plot.ridge_text = keep (self, plot->ridge_text);
  self->plot.note = keep (self, plot->note);
  self->plot.x_title = keep (self, plot->x_title);
  self->plot.empty_text = keep (self, plot->empty_text);
  g_free (self->order);
  self->order = g_new (guint, MAX (1, plot->n));
  for (guint i = 0; i < plot->n; i++)
    self->order[i] = i;
  g_qsort_with_data (self->order, plot->n, sizeof *self->order, by_intensity, self->points->data);
  self->hover = -1;
  set_focus (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
st_roofline_chart_measure (GtkWidget     *widget,
                           GtkOrientation orientation,
                           int            for_size,
                           int           *minimum,
                           int           *natural,
                           int           *minimum_baseline,
                           int           *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : MINIMUM_HEIGHT;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 340 : NATURAL_HEIGHT;
}

static void
st_roofline_chart_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GTK_WIDGET_CLASS (st_roofline_chart_parent_class)->state_flags_changed (widget, previous);
  st_chart_redraw_on_focus (widget, previous);
}

static void
st_roofline_chart_finalize (GObject *object)
{
  StRooflineChart *self = ST_ROOFLINE_CHART (object);

  g_array_unref (self->points);
  g_ptr_array_unref (self->texts);
  g_ptr_array_unref (self->tooltips);
  g_free (self->order);
  G_OBJECT_CLASS (st_roofline_chart_parent_class)->finalize (object);
}

static void
st_roofline_chart_class_init (StRooflineChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = st_roofline_chart_finalize;
  ST_CHART_CLASS (klass)->draw = st_roofline_chart_draw;
  widget_class->measure = st_roofline_chart_measure;
  widget_class->state_flags_changed = st_roofline_chart_state_flags_changed;

  /* A disc clicked, or Enter on the one the keyboard is on. */
  signals[POINT_ACTIVATED]
      = g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_install_action (widget_class, "chart.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "chart.pick", NULL, pick_action);
  st_chart_bind_point_keys (widget_class, "chart.move", "chart.pick");
  gtk_widget_class_set_css_name (widget_class, "rooflinechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_roofline_chart_init (StRooflineChart *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (StRooflinePoint));
  self->texts = g_ptr_array_new_with_free_func (g_free);
  self->tooltips = g_ptr_array_new_with_free_func (g_free);
  self->order = g_new (guint, 1);
  self->hover = -1;
  self->focus = -1;
  self->plot = (StRooflinePlot){ .hover = -1, .selected = -1, .focus = -1 };
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "released", G_CALLBACK (on_released), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Roofline"), -1);
}

GtkWidget *
st_roofline_chart_new (void)
{
  return g_object_new (ST_TYPE_ROOFLINE_CHART, NULL);
}
