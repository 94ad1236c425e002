/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-distribution-chart.h"

#include "st-chart-keys.h"
#include "st-chart-style.h"
#include "st-format.h"
#include "st-histogram-plot.h"

#include <glib/gi18n.h>
#include <math.h>

struct _StDistributionChart
{
  StChart parent_instance;

  const StNameDistribution *distribution;
  gint                      first; /* selected bins, or -1 */
  gint                      last;
  gint                      anchor; /* where Shift extends from */
  gint                      hover;
  gint                      focus;
};

G_DEFINE_FINAL_TYPE (StDistributionChart, st_distribution_chart, ST_TYPE_CHART)

enum
{
  BINS_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  StHistogramPlot   plot;
  StHistogramLayout layout;
  PangoLayout      *pango;
} Frame;

static void
frame_clear (Frame *f)
{
  g_clear_object (&f->pango);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Frame, frame_clear)

static void
frame_init (Frame *f, StDistributionChart *self)
{
  f->plot = (StHistogramPlot){
    .distribution = self->distribution,
    .selected_first = self->first,
    .selected_last = self->last,
    .hover = self->hover,
    .focus = gtk_widget_has_visible_focus (GTK_WIDGET (self)) ? self->focus : -1,
    .empty_text = _ ("No instances"),
    .other_text = _ ("Other"),
    .no_parent_text = _ ("No parent"),
  };
  f->pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  st_histogram_plot_layout (&f->layout, f->pango, &f->plot,
                            gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
}

static gint
bin_at (StDistributionChart *self, double x, double y)
{
  g_auto (Frame) f = { 0 };

  if (self->distribution == NULL)
    return -1;
  frame_init (&f, self);
  return st_histogram_plot_bin_at (&f.layout, &f.plot, x, y);
}

static void
st_distribution_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  g_auto (Frame) f = { 0 };

  frame_init (&f, ST_DISTRIBUTION_CHART (chart));
  st_histogram_plot_draw (cr, f.pango, &f.layout, style, &f.plot);
}

/* "1.12 µs – 1.26 µs: 203 instances (16.9 %)" */
static char *
describe_bins (StDistributionChart *self, guint first, guint last)
{
  const StNameDistribution *d = self->distribution;
  guint                     n = 0;
  g_autofree char          *lo = st_format_duration (d->bins[first].lo_ns);
  g_autofree char          *hi = st_format_duration (d->bins[last].hi_ns);
  g_autofree char          *count = NULL;

  for (guint b = first; b <= last; b++)
    n += d->bins[b].count;
  count = st_format_count (n);
  /* Translators: a range of durations, how many instances lie in it and
   * which share of all that is */
  return g_strdup_printf (
      ngettext ("%s – %s: %s instance (%.1f %%)", "%s – %s: %s instances (%.1f %%)", n), lo, hi,
      count, 100.0 * n / MAX (1, d->stats.count));
}

static void
describe_focus (StDistributionChart *self)
{
  g_autofree char *text = NULL;

  if (self->focus < 0 || self->distribution == NULL)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  text = describe_bins (self, self->focus, self->focus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

void
st_distribution_chart_select (StDistributionChart *self, guint first, guint last)
{
  g_return_if_fail (ST_IS_DISTRIBUTION_CHART (self));
  g_return_if_fail (self->distribution != NULL);
  g_return_if_fail (first <= last && last < self->distribution->n_bins);

  self->first = first;
  self->last = last;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[BINS_SELECTED], 0, first, last);
}

/* Selects @bin, or with @extend the bins from the anchor to it. */
static void
pick (StDistributionChart *self, gint bin, gboolean extend)
{
  if (bin < 0)
    return;
  if (!extend || self->anchor < 0)
    self->anchor = bin;
  self->focus = bin;
  describe_focus (self);
  st_distribution_chart_select (self, MIN (self->anchor, bin), MAX (self->anchor, bin));
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, StDistributionChart *self)
{
  GdkModifierType state
      = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  gint bin = bin_at (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (bin >= 0 && self->distribution->bins[bin].count > 0)
    pick (self, bin, (state & GDK_SHIFT_MASK) != 0);
}

static void
set_hover (StDistributionChart *self, gint hover)
{
  if (self->hover == hover)
    return;
  self->hover = hover;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), hover >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StDistributionChart *self)
{
  gint bin = bin_at (self, x, y);

  set_hover (self, bin >= 0 && self->distribution->bins[bin].count > 0 ? bin : -1);
}

static void
on_leave (GtkEventControllerMotion *controller, StDistributionChart *self)
{
  set_hover (self, -1);
}

/* The next bin from @from in @step's direction that holds instances;
 * G_MININT / G_MAXINT steps go to the first or last such bin. */
static gint
next_bin (StDistributionChart *self, gint from, gint step)
{
  gint n = self->distribution->n_bins, found = -1;

  if (step == G_MININT || step == G_MAXINT)
    {
      for (gint b = 0; b < n; b++)
        if (self->distribution->bins[b].count > 0 && (found < 0 || step == G_MAXINT))
          found = b;
      return found;
    }
  for (gint b = from + step; b >= 0 && b < n; b += step)
    if (self->distribution->bins[b].count > 0)
      return b;
  return from;
}

static void
move_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StDistributionChart *self = ST_DISTRIBUTION_CHART (widget);
  gint                 step, extend, at;

  g_variant_get (parameter, "(ib)", &step, &extend);
  if (self->distribution == NULL || self->distribution->stats.count == 0)
    return;
  at = self->focus >= 0 ? self->focus : self->last;
  /* from nowhere, Right goes to the first bin and Left to the last */
  if (at < 0)
    at = next_bin (self, 0, step > 0 ? G_MININT : G_MAXINT);
  else
    at = next_bin (self, at, step);
  pick (self, at, extend);
}

static gboolean
on_query_tooltip (GtkWidget           *widget,
                  int                  x,
                  int                  y,
                  gboolean             keyboard,
                  GtkTooltip          *tooltip,
                  StDistributionChart *self)
{
  const StNameDistribution *d = self->distribution;
  gint                      bin = keyboard ? self->focus : bin_at (self, x, y);
  g_autofree char          *head = NULL;
  g_autoptr (GString)       text = NULL;

  if (bin < 0 || d->bins[bin].count == 0)
    return FALSE;
  head = describe_bins (self, bin, bin);
  text = g_string_new (head);
  for (guint g = 0; g < d->n_groups && g < 12; g++)
    if (d->groups[g].bin_counts[bin] > 0)
      {
        g_autofree char *count = st_format_count (d->groups[g].bin_counts[bin]);
        g_string_append_printf (text, "\n%s  %s", count,
                                d->groups[g].label ? d->groups[g].label : _ ("No parent"));
      }
  g_string_append (text, _ ("\nClick to select them on the timeline"));
  gtk_tooltip_set_text (tooltip, text->str);
  return TRUE;
}

void
st_distribution_chart_set_distribution (StDistributionChart      *self,
                                        const StNameDistribution *distribution)
{
  g_return_if_fail (ST_IS_DISTRIBUTION_CHART (self));
  self->distribution = distribution;
  self->first = self->last = self->anchor = self->hover = self->focus = -1;
  describe_focus (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
st_distribution_chart_get_selection (StDistributionChart *self, guint *first, guint *last)
{
  g_return_val_if_fail (ST_IS_DISTRIBUTION_CHART (self), FALSE);
  if (self->first < 0)
    return FALSE;
  *first = self->first;
  *last = self->last;
  return TRUE;
}

void
st_distribution_chart_clear_selection (StDistributionChart *self)
{
  g_return_if_fail (ST_IS_DISTRIBUTION_CHART (self));
  if (self->first < 0)
    return;
  self->first = self->last = self->anchor = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
st_distribution_chart_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GTK_WIDGET_CLASS (st_distribution_chart_parent_class)->state_flags_changed (widget, previous);
  st_chart_redraw_on_focus (widget, previous);
}

static void
install_keys (GtkWidgetClass *widget_class)
{
  guint              n;
  const StChartMove *moves = st_chart_moves (&n);

  gtk_widget_class_install_action (widget_class, "chart.move-bin", "(ib)", move_action);
  for (guint i = 0; i < n; i++)
    {
      gtk_widget_class_add_binding_action (widget_class, moves[i].key, 0, "chart.move-bin", "(ib)",
                                           moves[i].step, FALSE);
      gtk_widget_class_add_binding_action (widget_class, moves[i].key, GDK_SHIFT_MASK,
                                           "chart.move-bin", "(ib)", moves[i].step, TRUE);
    }
}

static void
st_distribution_chart_class_init (StDistributionChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  ST_CHART_CLASS (klass)->draw = st_distribution_chart_draw;
  widget_class->state_flags_changed = st_distribution_chart_state_flags_changed;

  /* the first and last bin selected */
  signals[BINS_SELECTED]
      = g_signal_new ("bins-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "distributionchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  install_keys (widget_class);
}

static void
st_distribution_chart_init (StDistributionChart *self)
{
  self->first = self->last = self->anchor = self->hover = self->focus = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "pressed", G_CALLBACK (on_pressed), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Histogram of the durations"), -1);
}

GtkWidget *
st_distribution_chart_new (void)
{
  return g_object_new (ST_TYPE_DISTRIBUTION_CHART, NULL);
}
