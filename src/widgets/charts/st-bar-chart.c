/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-bar-chart.h"

#include "st-chart-style.h"
#include "st-format.h"
#include "st-summary.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#define ROW_HEIGHT 24
#define LEGEND_GAP 6
#define SWATCH     10
#define PAD        2

struct _StBarChart
{
  StChart parent_instance;

  guint          n_bars;
  guint          n_segments;
  GStrv          labels;
  GStrv          value_texts;
  GStrv          segment_names;
  double        *values;
  guint         *colors;
  double         max;
  StBarChartUnit unit;
  gboolean       show_legend;
  char          *empty_text;
  char          *share_text; /* what a segment is a share of, in its tooltip; NULL: the range */
};

G_DEFINE_FINAL_TYPE (StBarChart, st_bar_chart, ST_TYPE_CHART)

static int
text_width (GtkWidget *widget, const char *text)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int                     w;

  pango_layout_get_pixel_size (layout, &w, NULL);
  return w;
}

static int
line_height (GtkWidget *widget)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, "Ag");
  int                     h;

  pango_layout_get_pixel_size (layout, NULL, &h);
  return h;
}

/* The legend's rows: its entries flow left to right and wrap. */
static int
legend_height (StBarChart *self, int width)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int        rows = 1, x = 0;

  if (!self->show_legend || self->n_segments == 0 || self->n_bars == 0)
    return 0;
  for (guint s = 0; s < self->n_segments; s++)
    {
      int w = SWATCH + 4 + text_width (widget, self->segment_names[s]) + 14;

      if (x > 0 && x + w > width)
        {
          rows++;
          x = 0;
        }
      x += w;
    }
  return rows * line_height (widget) + LEGEND_GAP;
}

static void
get_layout (StBarChart *self, StHBarLayout *layout)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int        w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  int        top = legend_height (self, w);
  int        label_w = 0, value_w = 0;

  for (guint b = 0; b < self->n_bars; b++)
    {
      label_w = MAX (label_w, text_width (widget, self->labels[b]));
      if (self->value_texts != NULL)
        value_w = MAX (value_w, text_width (widget, self->value_texts[b]));
    }
  label_w = MIN (label_w + 10, w / 3);
  value_w = value_w > 0 ? value_w + 10 : 0;
  st_chart_hbar_layout (layout, 0, top, w, h - top, self->n_bars, self->n_segments, label_w,
                        value_w, self->max);
}

gboolean
st_bar_chart_segment_at (StBarChart *self, double x, double y, guint *bar, guint *segment)
{
  StHBarLayout layout;

  g_return_val_if_fail (ST_IS_BAR_CHART (self), FALSE);
  if (self->n_bars == 0)
    return FALSE;
  get_layout (self, &layout);
  return st_chart_hbar_segment_at (&layout, self->values, x, y, bar, segment);
}

gboolean
st_bar_chart_segment_center (StBarChart *self, guint bar, guint segment, double *x, double *y)
{
  StHBarLayout layout;
  double       x0, x1, y0, y1;

  g_return_val_if_fail (ST_IS_BAR_CHART (self), FALSE);
  if (bar >= self->n_bars || segment >= self->n_segments)
    return FALSE;
  get_layout (self, &layout);
  st_chart_hbar_segment_rect (&layout, self->values, bar, segment, &x0, &x1, &y0, &y1);
  if (x1 - x0 < 1)
    return FALSE;
  *x = (x0 + x1) / 2;
  *y = (y0 + y1) / 2;
  return TRUE;
}

static void
set_color (cairo_t *cr, const StColor *c, double alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static void
draw_legend (StBarChart         *self,
             cairo_t            *cr,
             PangoLayout        *pango,
             const StChartStyle *style,
             int                 width)
{
  int lh = line_height (GTK_WIDGET (self));
  int x = 0, y = 0;

  for (guint s = 0; s < self->n_segments; s++)
    {
      int tw, w;

      pango_layout_set_text (pango, self->segment_names[s], -1);
      pango_layout_get_pixel_size (pango, &tw, NULL);
      w = SWATCH + 4 + tw + 14;
      if (x > 0 && x + w > width)
        {
          x = 0;
          y += lh;
        }
      set_color (cr, &style->series[self->colors[s] % ST_CHART_N_COLORS], 1.0);
      cairo_rectangle (cr, x, y + (lh - SWATCH) / 2.0, SWATCH, SWATCH);
      cairo_fill (cr);
      set_color (cr, &style->foreground, 0.75);
      cairo_move_to (cr, x + SWATCH + 4, y);
      pango_cairo_show_layout (cr, pango);
      x += w;
    }
}

static void
st_bar_chart_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  StBarChart             *self = ST_BAR_CHART (chart);
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  StHBarLayout            layout;

  if (self->n_bars == 0)
    {
      int tw, th;

      pango_layout_set_text (pango, self->empty_text ? self->empty_text : "", -1);
      pango_layout_get_pixel_size (pango, &tw, &th);
      set_color (cr, &style->foreground, 0.55);
      cairo_move_to (cr, (w - tw) / 2.0, (h - th) / 2.0);
      pango_cairo_show_layout (cr, pango);
      return;
    }
  if (self->show_legend)
    draw_legend (self, cr, pango, style, w);
  get_layout (self, &layout);
  st_chart_draw_hbars (cr, pango, &layout, style, (const char *const *)self->labels,
                       (const char *const *)self->value_texts, self->values, self->colors);
}

static void
st_bar_chart_measure (GtkWidget     *widget,
                      GtkOrientation orientation,
                      int            for_size,
                      int           *minimum,
                      int           *natural,
                      int           *minimum_baseline,
                      int           *natural_baseline)
{
  StBarChart *self = ST_BAR_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 360;
    }
  else
    {
      int   legend = legend_height (self, for_size > 0 ? for_size : 360);
      guint n = MAX (self->n_bars, 1);

      *minimum = legend + n * 16 + PAD;
      *natural = legend + n * ROW_HEIGHT + PAD;
    }
}

static char *
format_value (StBarChart *self, double value)
{
  switch (self->unit)
    {
    case ST_BAR_CHART_DURATION: return st_format_duration ((gint64)llround (value));
    case ST_BAR_CHART_BYTES: return st_summary_format_value (ST_UNIT_BYTES, value);
    case ST_BAR_CHART_FLOP_RATE: return st_flop_rates_format_rate (value);
    case ST_BAR_CHART_PERCENT:
    default: return st_summary_format_value (ST_UNIT_PERCENT, value);
    }
}

/* What a segment's tooltip says: the bar and the segment, its value, and
 * its share of the bar (or of the range, a full bar). */
static char *
tooltip_markup (StBarChart *self, guint bar, guint segment)
{
  double           v = self->values[bar * self->n_segments + segment], total = 0;
  g_autofree char *value = format_value (self, v);

  if (self->share_text != NULL)
    {
      for (guint k = 0; k < self->n_segments; k++)
        total += self->values[bar * self->n_segments + k];
      /* Translators: bar, segment, its value, its share of the bar and what the bar is */
      return g_markup_printf_escaped (_ ("<b>%s</b> · %s\n%s · %.1f %% %s"), self->labels[bar],
                                      self->segment_names[segment], value,
                                      total > 0 ? v / total * 100 : 0, self->share_text);
    }
  if (self->unit == ST_BAR_CHART_PERCENT || self->n_segments == 1)
    return g_markup_printf_escaped ("<b>%s</b> · %s\n%s", self->labels[bar],
                                    self->segment_names[segment], value);
  /* Translators: bar, segment, its value, and its share of the whole bar */
  return g_markup_printf_escaped (_ ("<b>%s</b> · %s\n%s · %.1f %% of the range"),
                                  self->labels[bar], self->segment_names[segment], value,
                                  v / self->max * 100);
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  StBarChart *self)
{
  g_autofree char *markup = NULL;
  guint            bar, segment;

  if (keyboard || !st_bar_chart_segment_at (self, x, y, &bar, &segment))
    return FALSE;
  markup = tooltip_markup (self, bar, segment);
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

void
st_bar_chart_set_data (StBarChart        *self,
                       guint              n_bars,
                       const char *const *labels,
                       const char *const *value_texts,
                       guint              n_segments,
                       const char *const *segment_names,
                       const double      *values,
                       double             max,
                       StBarChartUnit     unit,
                       gboolean           show_legend)
{
  g_return_if_fail (ST_IS_BAR_CHART (self));

  g_clear_pointer (&self->labels, g_strfreev);
  g_clear_pointer (&self->value_texts, g_strfreev);
  g_clear_pointer (&self->segment_names, g_strfreev);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->colors, g_free);
  self->n_bars = n_bars;
  self->n_segments = n_segments;
  self->labels = g_new0 (char *, n_bars + 1);
  for (guint b = 0; b < n_bars; b++)
    self->labels[b] = g_strdup (labels[b]);
  if (value_texts != NULL)
    {
      self->value_texts = g_new0 (char *, n_bars + 1);
      for (guint b = 0; b < n_bars; b++)
        self->value_texts[b] = g_strdup (value_texts[b]);
    }
  self->segment_names = g_new0 (char *, n_segments + 1);
  self->colors = g_new0 (guint, MAX (n_segments, 1));
  for (guint s = 0; s < n_segments; s++)
    {
      self->segment_names[s] = g_strdup (segment_names[s]);
      self->colors[s] = s;
    }
  self->values = g_memdup2 (values, sizeof (double) * MAX (n_bars * n_segments, 1));
  self->max = max;
  self->unit = unit;
  self->show_legend = show_legend;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
st_bar_chart_set_colors (StBarChart *self, const guint *colors)
{
  g_return_if_fail (ST_IS_BAR_CHART (self));
  for (guint s = 0; s < self->n_segments; s++)
    self->colors[s] = colors[s];
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
st_bar_chart_set_empty_text (StBarChart *self, const char *text)
{
  g_return_if_fail (ST_IS_BAR_CHART (self));
  g_free (self->empty_text);
  self->empty_text = g_strdup (text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
st_bar_chart_set_share_text (StBarChart *self, const char *text)
{
  g_return_if_fail (ST_IS_BAR_CHART (self));
  g_free (self->share_text);
  self->share_text = g_strdup (text);
}

/* The tooltip's text at (@x, @y), for tests; NULL where no segment is. */
char *
st_bar_chart_dup_tooltip (StBarChart *self, double x, double y)
{
  guint bar, segment;

  g_return_val_if_fail (ST_IS_BAR_CHART (self), NULL);
  if (!st_bar_chart_segment_at (self, x, y, &bar, &segment))
    return NULL;
  return tooltip_markup (self, bar, segment);
}

guint
st_bar_chart_get_n_bars (StBarChart *self)
{
  g_return_val_if_fail (ST_IS_BAR_CHART (self), 0);
  return self->n_bars;
}

const char *
st_bar_chart_get_value_text (StBarChart *self, guint bar)
{
  g_return_val_if_fail (ST_IS_BAR_CHART (self), NULL);
  return self->value_texts != NULL && bar < self->n_bars ? self->value_texts[bar] : NULL;
}

static void
st_bar_chart_finalize (GObject *object)
{
  StBarChart *self = ST_BAR_CHART (object);

  g_strfreev (self->labels);
  g_strfreev (self->value_texts);
  g_strfreev (self->segment_names);
  g_free (self->values);
  g_free (self->colors);
  g_free (self->empty_text);
  g_free (self->share_text);
  G_OBJECT_CLASS (st_bar_chart_parent_class)->finalize (object);
}

static void
st_bar_chart_class_init (StBarChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = st_bar_chart_finalize;
  ST_CHART_CLASS (klass)->draw = st_bar_chart_draw;
  widget_class->measure = st_bar_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "barchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_bar_chart_init (StBarChart *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
}

GtkWidget *
st_bar_chart_new (void)
{
  return g_object_new (ST_TYPE_BAR_CHART, NULL);
}
