/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-collective-chart.h"

#include "st-chart-keys.h"
#include "st-chart-points.h"
#include "st-chart-style.h"
#include "st-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define HIT_RADIUS 6.0
#define PAD        4.0

typedef struct
{
  char    *label;     /* the group's */
  char    *caption;   /* what its points' tooltips call it: with the region's name */
  GArray  *durations; /* gint64 */
  GArray  *outliers;  /* guint8 */
  GArray  *instances; /* StCollectiveInstance */
  gint64   median;
  guint    region;
  gboolean visible;
} Series;

struct _StCollectiveChart
{
  GtkWidget parent_instance;

  StTrace *trace;
  GArray  *series;    /* Series: by group, then region */
  guint    n_regions; /* 1, or the regions compared */
  gboolean box_plot;
  gint     hover_series;
  gint     hover_index;
  /* the draw helpers' view of the series, with their statistics: made
   * again when what the chart shows changes, not for each frame */
  StChartSeries *view;
  /* the axis and labels, kept while nothing they show changes; the
   * points, tens of thousands, come as an image drawn on a thread */
  GskRenderNode *frame;
  int            frame_width;
  int            frame_height;
  StChartStyle   frame_style;
  StChartPoints *points;
  int            points_scale;
};

G_DEFINE_FINAL_TYPE (StCollectiveChart, st_collective_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_BOX_PLOT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  INSTANCE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
series_clear (gpointer data)
{
  Series *s = data;

  g_free (s->label);
  g_free (s->caption);
  g_array_unref (s->durations);
  g_array_unref (s->outliers);
  g_array_unref (s->instances);
}

/* The draw helpers' view of the series, kept; the arrays stay ours. */
static StChartSeries *
chart_series (StCollectiveChart *self)
{
  if (self->view != NULL)
    return self->view;
  self->view = g_new0 (StChartSeries, MAX (self->series->len, 1));
  for (guint i = 0; i < self->series->len; i++)
    {
      Series        *s = &g_array_index (self->series, Series, i);
      StChartSeries *out = &self->view[i];

      /* comparing, the widget writes each group's label under its columns */
      out->label = self->n_regions > 1 ? NULL : s->label;
      out->values = (const gint64 *)s->durations->data;
      out->outliers = (const guint8 *)s->outliers->data;
      out->n_values = s->durations->len;
      out->color = st_collective_chart_get_series_color (self, i);
      out->visible = s->visible;
      st_chart_series_compute_stats (out);
    }
  return self->view;
}

static void
get_layout (StCollectiveChart *self, StChartSeries *series, StDurationLayout *layout)
{
  GtkWidget              *widget = GTK_WIDGET (self);
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (widget, NULL);

  st_chart_duration_layout (layout, pango, PAD, PAD, gtk_widget_get_width (widget) - 2 * PAD,
                            gtk_widget_get_height (widget) - 2 * PAD, series, self->series->len);
}

static gboolean
point_at (StCollectiveChart *self, double x, double y, guint *series_index, guint *value_index)
{
  StChartSeries   *series;
  StDurationLayout layout;

  if (self->series->len == 0)
    return FALSE;
  series = chart_series (self);
  get_layout (self, series, &layout);
  return st_chart_duration_point_at (&layout, series,
                                     self->box_plot ? ST_CHART_BOX : ST_CHART_SCATTER, x, y,
                                     HIT_RADIUS, series_index, value_index);
}

gboolean
st_collective_chart_point_center (StCollectiveChart *self,
                                  guint              series_index,
                                  guint              index,
                                  graphene_point_t  *center)
{
  StChartSeries   *series;
  StDurationLayout layout;
  Series          *s;

  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), FALSE);
  if (series_index >= self->series->len)
    return FALSE;
  s = &g_array_index (self->series, Series, series_index);
  if (index >= s->durations->len || !s->visible)
    return FALSE;
  series = chart_series (self);
  get_layout (self, series, &layout);
  center->x = st_chart_point_x (&layout, series_index, index);
  center->y = st_chart_duration_y (&layout, g_array_index (s->durations, gint64, index));
  return TRUE;
}

/* Comparing: each group's label under its regions' columns, as wide as
 * they are together, and a line between groups. */
static void
draw_group_labels (StCollectiveChart      *self,
                   cairo_t                *cr,
                   PangoLayout            *pango,
                   const StDurationLayout *layout,
                   const StChartStyle     *style)
{
  double column = layout->width / MAX (1, layout->n_series);
  double y = layout->y + layout->height + layout->label_height / 2 + 2;

  st_chart_set_color (cr, &style->foreground, 0.75);
  for (guint first = 0; first + self->n_regions <= self->series->len; first += self->n_regions)
    {
      const Series *s = &g_array_index (self->series, Series, first);
      double        x = (st_chart_column_x (layout, first)
                  + st_chart_column_x (layout, first + self->n_regions - 1))
                 / 2;

      st_chart_draw_text (cr, pango, s->label, x, y, 0.5, self->n_regions * column - 6);
      if (first > 0)
        {
          double line = round (st_chart_column_x (layout, first) - column / 2) + 0.5;

          cairo_move_to (cr, line, layout->y);
          cairo_line_to (cr, line, layout->y + layout->height);
        }
    }
  st_chart_set_color (cr, &style->grid, 1.0);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The axis and the labels, in @style; the points are drawn apart. */
static void
draw_frame (StCollectiveChart *self, cairo_t *cr, const StChartStyle *style, int w, int h)
{
  GtkWidget              *widget = GTK_WIDGET (self);
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (widget, NULL);
  StChartSeries          *series;
  StDurationLayout        layout;

  if (self->series->len == 0)
    {
      int tw, th;

      pango_layout_set_text (pango, _ ("No collective operations in this range"), -1);
      pango_layout_get_pixel_size (pango, &tw, &th);
      cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b,
                             0.55);
      cairo_move_to (cr, (w - tw) / 2.0, (h - th) / 2.0);
      pango_cairo_show_layout (cr, pango);
      return;
    }
  series = chart_series (self);
  get_layout (self, series, &layout);
  st_chart_draw_durations_frame (cr, pango, &layout, style, series,
                                 self->box_plot ? ST_CHART_BOX : ST_CHART_SCATTER);
  if (self->n_regions > 1)
    draw_group_labels (self, cr, pango, &layout, style);
}

/* The arrays that hold the series' values, for a drawing on a thread. */
static GPtrArray *
value_arrays (StCollectiveChart *self)
{
  GPtrArray *keep = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);

  for (guint i = 0; i < self->series->len; i++)
    {
      g_ptr_array_add (keep, g_array_ref (g_array_index (self->series, Series, i).durations));
      g_ptr_array_add (keep, g_array_ref (g_array_index (self->series, Series, i).outliers));
    }
  return keep;
}

/* The kept frame, drawn again when the size, the style or what it shows
 * changed; the points then asked for once. */
static GskRenderNode *
ensure_frame (StCollectiveChart *self, const StChartStyle *style, int w, int h)
{
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GPtrArray)   keep = NULL;
  StDurationLayout        layout;
  cairo_t                *cr;
  int                     scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (self->frame != NULL && self->frame_width == w && self->frame_height == h
      && self->points_scale == scale && memcmp (&self->frame_style, style, sizeof *style) == 0)
    return self->frame;
  g_clear_pointer (&self->frame, gsk_render_node_unref);
  snapshot = gtk_snapshot_new ();
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  draw_frame (self, cr, style, w, h);
  cairo_destroy (cr);
  self->frame = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  self->frame_width = w;
  self->frame_height = h;
  self->frame_style = *style;
  self->points_scale = scale;
  if (self->series->len == 0)
    {
      st_chart_points_clear (self->points);
      return self->frame;
    }
  get_layout (self, chart_series (self), &layout);
  keep = value_arrays (self);
  st_chart_points_draw (self->points, chart_series (self), self->series->len, keep, &layout, style,
                        self->box_plot ? ST_CHART_BOX : ST_CHART_SCATTER, w, h, scale);
  return self->frame;
}

/* What the chart shows changed: it is drawn again on the next frame, its
 * points when they are in (not the old ones meanwhile, on another scale). */
static void
invalidate_plot (StCollectiveChart *self)
{
  g_clear_pointer (&self->frame, gsk_render_node_unref);
  g_clear_pointer (&self->view, g_free);
  st_chart_points_clear (self->points);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
st_collective_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  StCollectiveChart *self = ST_COLLECTIVE_CHART (widget);
  int                w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  StChartSeries     *series;
  StDurationLayout   layout;
  StChartStyle       style;
  GdkTexture        *points;
  int                pw, ph;
  Series            *s;
  cairo_t           *cr;

  if (w <= 0 || h <= 0)
    return;
  /* zeroed first: the kept frame is matched on the whole struct */
  memset (&style, 0, sizeof style);
  st_chart_style_from_widget (&style, widget);
  gtk_snapshot_append_node (snapshot, ensure_frame (self, &style, w, h));
  points = st_chart_points_get_texture (self->points, &pw, &ph);
  if (points != NULL)
    gtk_snapshot_append_texture (snapshot, points, &GRAPHENE_RECT_INIT (0, 0, pw, ph));
  if (self->hover_series < 0)
    return;
  series = chart_series (self);
  get_layout (self, series, &layout);
  s = &g_array_index (self->series, Series, self->hover_series);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_arc (cr, st_chart_point_x (&layout, self->hover_series, self->hover_index),
             st_chart_duration_y (&layout, g_array_index (s->durations, gint64, self->hover_index)),
             ST_CHART_POINT_RADIUS + 3, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, style.foreground.r, style.foreground.g, style.foreground.b, 0.9);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
set_hover (StCollectiveChart *self, gint series, gint index)
{
  if (self->hover_series == series && self->hover_index == index)
    return;
  self->hover_series = series;
  self->hover_index = index;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), series >= 0 ? "pointer" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller, double x, double y, StCollectiveChart *self)
{
  guint s, i;

  if (point_at (self, x, y, &s, &i))
    set_hover (self, s, i);
  else
    set_hover (self, -1, -1);
}

static void
on_leave (GtkEventControllerMotion *controller, StCollectiveChart *self)
{
  set_hover (self, -1, -1);
}

gboolean
st_collective_chart_click (StCollectiveChart *self, double x, double y)
{
  const StCollectiveInstance *instance;
  guint                       s, i;

  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), FALSE);
  if (!point_at (self, x, y, &s, &i))
    return FALSE;
  instance
      = &g_array_index (g_array_index (self->series, Series, s).instances, StCollectiveInstance, i);
  g_signal_emit (self, signals[INSTANCE_ACTIVATED], 0, instance->slice.track,
                 instance->slice.index);
  return TRUE;
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, StCollectiveChart *self)
{
  st_collective_chart_click (self, x, y);
}

static gboolean
on_query_tooltip (GtkWidget         *widget,
                  int                x,
                  int                y,
                  gboolean           keyboard,
                  GtkTooltip        *tooltip,
                  StCollectiveChart *self)
{
  g_autofree char            *dur = NULL, *start = NULL, *markup = NULL, *median = NULL;
  const StCollectiveInstance *instance;
  const char                 *name;
  Series                     *s;
  guint                       si, i;

  if (keyboard || self->trace == NULL || !point_at (self, x, y, &si, &i))
    return FALSE;
  s = &g_array_index (self->series, Series, si);
  instance = &g_array_index (s->instances, StCollectiveInstance, i);
  name = st_trace_get_string (self->trace, st_trace_get_slice (self->trace, instance->slice)->name);
  dur = st_format_duration (instance->dur);
  start = st_format_duration (instance->start);
  median = st_format_duration (s->median);
  if (instance->outlier)
    /* Translators: an operation's name, its group, duration, start, the group's median */
    markup = g_markup_printf_escaped (
        _ ("<b>%s</b>\n%s\n%s at %s · outlier: %.1f× the median %s\nClick to show it on the "
           "timeline"),
        name, s->caption, dur, start, s->median > 0 ? (double)instance->dur / s->median : 0,
        median);
  else
    markup = g_markup_printf_escaped (
        _ ("<b>%s</b>\n%s\n%s at %s · median %s\nClick to show it on the timeline"), name,
        s->caption, dur, start, median);
  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* A series of @group's operations (NULL: none) in region @region. */
static Series
series_new (const char *label, const StCollectiveGroup *group, guint region, const char *title)
{
  guint  count = group != NULL && group->instances ? group->instances->len : 0;
  Series s = { 0 };

  s.label = g_strdup (label);
  s.caption = title != NULL ? g_strdup_printf ("%s · %s", title, label) : g_strdup (label);
  s.durations = g_array_sized_new (FALSE, FALSE, sizeof (gint64), count);
  s.outliers = g_array_sized_new (FALSE, FALSE, sizeof (guint8), count);
  s.instances = g_array_sized_new (FALSE, FALSE, sizeof (StCollectiveInstance), count);
  s.median = group != NULL ? group->median_ns : 0;
  s.region = region;
  s.visible = TRUE;
  for (guint i = 0; i < count; i++)
    {
      const StCollectiveInstance *instance
          = &g_array_index (group->instances, StCollectiveInstance, i);
      guint8 outlier = instance->outlier;

      g_array_append_val (s.durations, instance->dur);
      g_array_append_val (s.outliers, outlier);
      g_array_append_val (s.instances, *instance);
    }
  return s;
}

/* The group of @summary labelled @label, or NULL. */
static const StCollectiveGroup *
find_group (StSummary *summary, const char *label)
{
  for (guint g = 0; g < st_summary_get_n_collective_groups (summary); g++)
    if (g_str_equal (st_summary_get_collective_group (summary, g)->label, label))
      return st_summary_get_collective_group (summary, g);
  return NULL;
}

static int
compare_groups (gconstpointer a, gconstpointer b)
{
  const StCollectiveGroup *x = *(const StCollectiveGroup *const *)a;
  const StCollectiveGroup *y = *(const StCollectiveGroup *const *)b;

  if (x->type != y->type)
    return x->type < y->type ? -1 : 1;
  if (x->size_bytes != y->size_bytes)
    return x->size_bytes < y->size_bytes ? -1 : 1;
  return strcmp (x->label, y->label);
}

/* The groups of all @summaries, each label once, in the summary's order:
 * by type, then size. */
static GPtrArray *
union_of_groups (StSummary *const *summaries, guint n_summaries)
{
  GPtrArray *groups = g_ptr_array_new ();

  for (guint r = 0; r < n_summaries; r++)
    for (guint g = 0; g < st_summary_get_n_collective_groups (summaries[r]); g++)
      {
        const StCollectiveGroup *group = st_summary_get_collective_group (summaries[r], g);
        gboolean                 seen = FALSE;

        for (guint k = 0; k < groups->len && !seen; k++)
          seen = g_str_equal (((const StCollectiveGroup *)groups->pdata[k])->label, group->label);
        if (!seen)
          g_ptr_array_add (groups, (gpointer)group);
      }
  g_ptr_array_sort (groups, compare_groups);
  return groups;
}

void
st_collective_chart_set_summary (StCollectiveChart *self, StTrace *trace, StSummary *summary)
{
  g_return_if_fail (ST_IS_COLLECTIVE_CHART (self));
  st_collective_chart_set_summaries (self, trace, summary != NULL ? &summary : NULL, NULL,
                                     summary != NULL ? 1 : 0);
}

void
st_collective_chart_set_summaries (StCollectiveChart *self,
                                   StTrace           *trace,
                                   StSummary *const  *summaries,
                                   const char *const *titles,
                                   guint              n_summaries)
{
  g_autoptr (GPtrArray) groups = NULL;

  g_return_if_fail (ST_IS_COLLECTIVE_CHART (self));

  g_set_object (&self->trace, trace);
  g_array_set_size (self->series, 0);
  self->hover_series = self->hover_index = -1;
  self->n_regions = MAX (1, n_summaries);
  groups = union_of_groups (summaries, n_summaries);
  for (guint g = 0; g < groups->len; g++)
    {
      const char *label = ((const StCollectiveGroup *)groups->pdata[g])->label;

      for (guint r = 0; r < n_summaries; r++)
        {
          Series s = series_new (label, find_group (summaries[r], label), r,
                                 n_summaries > 1 && titles != NULL ? titles[r] : NULL);

          g_array_append_val (self->series, s);
        }
    }
  invalidate_plot (self);
}

gboolean
st_collective_chart_get_box_plot (StCollectiveChart *self)
{
  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), FALSE);
  return self->box_plot;
}

void
st_collective_chart_set_box_plot (StCollectiveChart *self, gboolean box_plot)
{
  g_return_if_fail (ST_IS_COLLECTIVE_CHART (self));
  if (self->box_plot == !!box_plot)
    return;
  self->box_plot = !!box_plot;
  self->hover_series = self->hover_index = -1;
  invalidate_plot (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOX_PLOT]);
}

guint
st_collective_chart_get_n_series (StCollectiveChart *self)
{
  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), 0);
  return self->series->len;
}

const char *
st_collective_chart_get_series_label (StCollectiveChart *self, guint series)
{
  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), NULL);
  g_return_val_if_fail (series < self->series->len, NULL);
  return g_array_index (self->series, Series, series).label;
}

/* The style colour index of @series (chart_series_N): comparing, its
 * region's. */
guint
st_collective_chart_get_series_color (StCollectiveChart *self, guint series)
{
  if (self->n_regions > 1 && series < self->series->len)
    return st_collective_chart_get_region_color (self, series % self->n_regions);
  return series % ST_CHART_N_COLORS;
}

guint
st_collective_chart_get_n_regions (StCollectiveChart *self)
{
  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), 0);
  return self->n_regions;
}

guint
st_collective_chart_get_region_color (StCollectiveChart *self, guint region)
{
  return region % ST_CHART_N_COLORS;
}

guint
st_collective_chart_get_region_count (StCollectiveChart *self, guint region)
{
  guint n = 0;

  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), 0);
  for (guint i = 0; i < self->series->len; i++)
    if (g_array_index (self->series, Series, i).region == region)
      n += g_array_index (self->series, Series, i).durations->len;
  return n;
}

void
st_collective_chart_set_region_visible (StCollectiveChart *self, guint region, gboolean visible)
{
  g_return_if_fail (ST_IS_COLLECTIVE_CHART (self));
  g_return_if_fail (region < self->n_regions);
  for (guint i = 0; i < self->series->len; i++)
    if (g_array_index (self->series, Series, i).region == region)
      g_array_index (self->series, Series, i).visible = !!visible;
  self->hover_series = self->hover_index = -1;
  invalidate_plot (self);
}

gboolean
st_collective_chart_get_series_visible (StCollectiveChart *self, guint series)
{
  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), FALSE);
  g_return_val_if_fail (series < self->series->len, FALSE);
  return g_array_index (self->series, Series, series).visible;
}

void
st_collective_chart_set_series_visible (StCollectiveChart *self, guint series, gboolean visible)
{
  g_return_if_fail (ST_IS_COLLECTIVE_CHART (self));
  g_return_if_fail (series < self->series->len);
  g_array_index (self->series, Series, series).visible = !!visible;
  self->hover_series = self->hover_index = -1;
  invalidate_plot (self);
}

static void
st_collective_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BOX_PLOT: g_value_set_boolean (value, ST_COLLECTIVE_CHART (object)->box_plot); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_collective_chart_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_BOX_PLOT:
      st_collective_chart_set_box_plot (ST_COLLECTIVE_CHART (object), g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_collective_chart_finalize (GObject *object)
{
  StCollectiveChart *self = ST_COLLECTIVE_CHART (object);

  g_array_unref (self->series);
  g_clear_object (&self->trace);
  g_clear_pointer (&self->frame, gsk_render_node_unref);
  g_clear_pointer (&self->view, g_free);
  g_clear_object (&self->points);
  G_OBJECT_CLASS (st_collective_chart_parent_class)->finalize (object);
}

static void
st_collective_chart_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (st_collective_chart_parent_class)->css_changed (widget, change);
  /* the font may have changed, which the style does not tell: drawn again,
   * the points in the old colours until the new ones are in */
  g_clear_pointer (&ST_COLLECTIVE_CHART (widget)->frame, gsk_render_node_unref);
  gtk_widget_queue_draw (widget);
}

static void
st_collective_chart_measure (GtkWidget     *widget,
                             GtkOrientation orientation,
                             int            for_size,
                             int           *minimum,
                             int           *natural,
                             int           *minimum_baseline,
                             int           *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 200 : 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 480 : 200;
}

static void
st_collective_chart_class_init (StCollectiveChartClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = st_collective_chart_finalize;
  object_class->get_property = st_collective_chart_get_property;
  object_class->set_property = st_collective_chart_set_property;
  widget_class->snapshot = st_collective_chart_snapshot;
  widget_class->measure = st_collective_chart_measure;
  widget_class->css_changed = st_collective_chart_css_changed;

  properties[PROP_BOX_PLOT]
      = g_param_spec_boolean ("box-plot", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[INSTANCE_ACTIVATED]
      = g_signal_new ("instance-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "collectivechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_collective_chart_init (StCollectiveChart *self)
{
  self->series = g_array_new (FALSE, FALSE, sizeof (Series));
  g_array_set_clear_func (self->series, series_clear);
  self->points = st_chart_points_new ();
  g_signal_connect_object (self->points, "ready", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  self->n_regions = 1;
  self->hover_series = self->hover_index = -1;
  st_chart_watch_pointer (GTK_WIDGET (self), G_CALLBACK (on_motion), G_CALLBACK (on_leave),
                          "released", G_CALLBACK (on_released), G_CALLBACK (on_query_tooltip));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Collective operations duration"), -1);
}

gboolean
st_collective_chart_is_drawing (StCollectiveChart *self)
{
  g_return_val_if_fail (ST_IS_COLLECTIVE_CHART (self), FALSE);
  return self->frame == NULL || st_chart_points_is_drawing (self->points);
}

GtkWidget *
st_collective_chart_new (void)
{
  return g_object_new (ST_TYPE_COLLECTIVE_CHART, NULL);
}
