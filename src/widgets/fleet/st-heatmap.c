/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-heatmap.c: see st-heatmap.h. */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-heatmap.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

/* The margins around the cells: the rows' labels and marks on the left
 * (at least LEFT, as wide as the labels up to LEFT_SHARE of the width),
 * the columns' marks above, their labels and the legend below. */
#define LEFT       84.0
#define LEFT_SHARE 0.3
#define TOP        12.0
#define RIGHT      8.0
#define BOTTOM     44.0
#define MARK       5.0

struct _StHeatmap
{
  StChart parent_instance;

  guint        n_rows, n_cols;
  double      *values; /* row by row */
  StMetricUnit unit;
  GStrv        row_labels, col_labels;
  char        *column_title;
  guint8      *row_marks, *col_marks; /* NULL: none */
  double       median, extent;        /* of the present values; extent ≥ their distance */
  double       min, max;
  double       row_labels_width; /* the widest measured, px */
  gboolean     has_cursor;
  guint        cursor_row, cursor_col;
};

G_DEFINE_FINAL_TYPE (StHeatmap, st_heatmap, ST_TYPE_CHART)

enum
{
  ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  double x, y, width, height; /* the cells */
  guint  n_bands;             /* pixel rows: ≤ n_rows */
} Layout;

static void
get_layout (StHeatmap *self, double width, double height, Layout *l)
{
  l->x = MAX (LEFT, MIN (self->row_labels_width + 2 * MARK + 12, LEFT_SHARE * width));
  l->y = TOP;
  l->width = MAX (1, width - l->x - RIGHT);
  l->height = MAX (1, height - TOP - BOTTOM);
  /* at least 3 px a band, so that one rank standing out can be seen */
  l->n_bands = MAX (1, MIN (self->n_rows, (guint)(l->height / 3)));
}

static double
value (StHeatmap *self, guint row, guint col)
{
  return self->values[(gsize)row * self->n_cols + col];
}

static guint
band_first (StHeatmap *self, const Layout *l, guint band)
{
  return (guint)((guint64)band * self->n_rows / l->n_bands);
}

static guint
band_of (StHeatmap *self, const Layout *l, guint row)
{
  return (guint)(((guint64)row * l->n_bands + l->n_bands - 1) / self->n_rows);
}

/* The row of @band whose value in @col lies farthest from the median. */
static guint
band_row (StHeatmap *self, const Layout *l, guint band, guint col)
{
  guint  first = band_first (self, l, band), end = band_first (self, l, band + 1);
  guint  best = first;
  double farthest = -1;

  for (guint row = first; row < end; row++)
    {
      double v = value (self, row, col);

      if (!isnan (v) && fabs (v - self->median) > farthest)
        {
          farthest = fabs (v - self->median);
          best = row;
        }
    }
  return best;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

/* The median of the present values and the largest distance from it. */
static void
find_scale (StHeatmap *self)
{
  gsize              n_cells = (gsize)self->n_rows * self->n_cols, n = 0;
  g_autofree double *present = g_new (double, MAX (n_cells, 1));

  for (gsize i = 0; i < n_cells; i++)
    if (!isnan (self->values[i]))
      present[n++] = self->values[i];
  qsort (present, n, sizeof (double), compare_doubles);
  self->median = n == 0 ? 0 : n % 2 ? present[n / 2] : (present[n / 2 - 1] + present[n / 2]) / 2;
  self->min = n == 0 ? 0 : present[0];
  self->max = n == 0 ? 0 : present[n - 1];
  self->extent = n == 0 ? 1 : MAX (self->median - present[0], present[n - 1] - self->median);
  if (self->extent <= 0)
    self->extent = 1;
}

/* A cell's colour, premultiplied, as a pixel of an ARGB32 image. */
static guint32
cell_pixel (StHeatmap *self, const StChartStyle *style, double v)
{
  const StColor *hue = v >= self->median ? &style->series[5] : &style->series[0];
  const StColor *base = &style->track;
  double         t = pow (MIN (1, fabs (v - self->median) / self->extent), 0.7);
  double         a = base->a * (1 - t) + t;
  double         r = base->r * base->a * (1 - t) + hue->r * t;
  double         g = base->g * base->a * (1 - t) + hue->g * t;
  double         b = base->b * base->a * (1 - t) + hue->b * t;

  return ((guint32)(a * 255 + 0.5) << 24) | ((guint32)(r * 255 + 0.5) << 16)
         | ((guint32)(g * 255 + 0.5) << 8) | (guint32)(b * 255 + 0.5);
}

/* A pixel per column and band, painted over the cells' area. */
static void
draw_cells (StHeatmap *self, cairo_t *cr, const StChartStyle *style, const Layout *l)
{
  cairo_surface_t *image
      = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, self->n_cols, l->n_bands);
  guint8          *data = cairo_image_surface_get_data (image);
  int              stride = cairo_image_surface_get_stride (image);
  cairo_pattern_t *pattern;
  cairo_matrix_t   matrix;

  for (guint band = 0; band < l->n_bands; band++)
    for (guint col = 0; col < self->n_cols; col++)
      {
        double v = value (self, band_row (self, l, band, col), col);

        ((guint32 *)(data + (gsize)band * stride))[col]
            = isnan (v) ? 0 : cell_pixel (self, style, v);
      }
  cairo_surface_mark_dirty (image);
  pattern = cairo_pattern_create_for_surface (image);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_scale (&matrix, self->n_cols / l->width, l->n_bands / l->height);
  cairo_matrix_translate (&matrix, -l->x, -l->y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, l->x, l->y, l->width, l->height);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (image);
}

static void
mark_color (cairo_t *cr, const StChartStyle *style, guint8 mark)
{
  st_chart_set_color (cr, mark == ST_HEATMAP_MARK_HIGH ? &style->series[5] : &style->series[0], 1);
}

/* A triangle pointing down over each marked column, right at each marked
 * row. */
static void
draw_marks (StHeatmap *self, cairo_t *cr, const StChartStyle *style, const Layout *l)
{
  double col_w = l->width / self->n_cols, band_h = l->height / l->n_bands;

  for (guint col = 0; self->col_marks != NULL && col < self->n_cols; col++)
    if (self->col_marks[col] != ST_HEATMAP_MARK_NONE)
      {
        double x = l->x + (col + 0.5) * col_w;

        mark_color (cr, style, self->col_marks[col]);
        cairo_move_to (cr, x - MARK, l->y - MARK - 2);
        cairo_line_to (cr, x + MARK, l->y - MARK - 2);
        cairo_line_to (cr, x, l->y - 1);
        cairo_fill (cr);
      }
  for (guint row = 0; self->row_marks != NULL && row < self->n_rows; row++)
    if (self->row_marks[row] != ST_HEATMAP_MARK_NONE)
      {
        double y = l->y + (band_of (self, l, row) + 0.5) * band_h;

        mark_color (cr, style, self->row_marks[row]);
        cairo_move_to (cr, l->x - MARK - 3, y - MARK);
        cairo_line_to (cr, l->x - MARK - 3, y + MARK);
        cairo_line_to (cr, l->x - 2, y);
        cairo_fill (cr);
      }
}

/* TRUE when a marked row lies within @step bands of @band: its own label
 * goes there. */
static gboolean
near_mark (StHeatmap *self, const Layout *l, guint band, guint step)
{
  for (guint row = 0; self->row_marks != NULL && row < self->n_rows; row++)
    if (self->row_marks[row] != ST_HEATMAP_MARK_NONE
        && ABS ((int)band_of (self, l, row) - (int)band) < (int)step)
      return TRUE;
  return FALSE;
}

/* The width of the widest of @n @labels, measured on at most @most of
 * them, evenly spaced. */
static double
widest_label (PangoLayout *pango, char **labels, guint n, guint most)
{
  guint step = MAX (1, n / most);
  int   widest = 0;

  for (guint i = 0; i < n; i += step)
    {
      int w, h;

      pango_layout_set_text (pango, labels[i], -1);
      pango_layout_get_pixel_size (pango, &w, &h);
      widest = MAX (widest, w);
    }
  return widest;
}

/* The rows' labels on 256 of them: a fleet's differ only where two
 * digests say one rank ("rank 3 (rank-00003.json)"). */
static double
measure_row_labels (StHeatmap *self)
{
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);

  return widest_label (pango, self->row_labels, self->n_rows, 256);
}

/* Every how many columns a label goes: at least its width and a gap
 * apart, and where that is at most twice as far, a divisor of the number
 * of columns, so that labels fall on round places (12.5 %, 25 % of 512
 * bins; every 5th or 10th of 100 steps). */
static guint
label_step (StHeatmap *self, PangoLayout *pango, double col_w)
{
  double widest = widest_label (pango, self->col_labels, self->n_cols, 16);
  guint  step = MAX (1, (guint)ceil ((widest + 16) / col_w));

  for (guint d = step; d <= 2 * step && d <= self->n_cols; d++)
    if (self->n_cols % d == 0)
      return d;
  return step;
}

/* The rows' labels at least a line apart, the columns' at least their
 * width and a gap. */
static void
draw_labels (StHeatmap          *self,
             cairo_t            *cr,
             PangoLayout        *pango,
             const StChartStyle *style,
             const Layout       *l)
{
  double band_h = l->height / l->n_bands, col_w = l->width / self->n_cols;
  guint  band_step = MAX (1, (guint)ceil (16 / band_h));
  guint  col_step = label_step (self, pango, col_w);

  st_chart_set_color (cr, &style->foreground, 0.8);
  for (guint band = 0; band < l->n_bands; band += band_step)
    if (!near_mark (self, l, band, band_step))
      st_chart_draw_text (cr, pango, self->row_labels[band_first (self, l, band)], 4,
                          l->y + (band + 0.5) * band_h, 0, l->x - 2 * MARK - 8);
  /* a marked row says its own name, where a neighbour's would mislead */
  for (guint row = 0; self->row_marks != NULL && row < self->n_rows; row++)
    if (self->row_marks[row] != ST_HEATMAP_MARK_NONE)
      {
        mark_color (cr, style, self->row_marks[row]);
        st_chart_draw_text (cr, pango, self->row_labels[row], 4,
                            l->y + (band_of (self, l, row) + 0.5) * band_h, 0, l->x - 2 * MARK - 8);
      }
  st_chart_set_color (cr, &style->foreground, 0.8);
  for (guint col = 0; col < self->n_cols; col += col_step)
    st_chart_draw_text (cr, pango, self->col_labels[col], l->x + (col + 0.5) * col_w,
                        l->y + l->height + 9, 0.5, col_w * col_step - 4);
}

/* Blue below the median, red above it, from the least value to the
 * greatest. */
static void
draw_legend (StHeatmap          *self,
             cairo_t            *cr,
             PangoLayout        *pango,
             const StChartStyle *style,
             const Layout       *l)
{
  g_autofree char *low = st_summary_format_value (self->unit, self->min);
  g_autofree char *mid = st_summary_format_value (self->unit, self->median);
  g_autofree char *high = st_summary_format_value (self->unit, self->max);
  g_autofree char *text = NULL;
  /* under the cells, or left of them where the rows' labels are wide */
  double y = l->y + l->height + 30, x = MIN (l->x, LEFT), w = 160;

  for (guint i = 0; i < 32; i++)
    {
      double  v = self->min + (self->max - self->min) * (i + 0.5) / 32;
      guint32 p = cell_pixel (self, style, v);

      cairo_set_source_rgba (cr, ((p >> 16) & 255) / 255.0, ((p >> 8) & 255) / 255.0,
                             (p & 255) / 255.0, (p >> 24) / 255.0);
      cairo_rectangle (cr, x + i * w / 32, y - 5, w / 32 + 0.5, 10);
      cairo_fill (cr);
    }
  /* Translators: the heatmap's legend: the least value, the median, the greatest */
  text = g_strdup_printf (_ ("least %s  ·  median %s  ·  greatest %s"), low, mid, high);
  st_chart_set_color (cr, &style->foreground, 0.8);
  st_chart_draw_text (cr, pango, text, x + w + 8, y, 0, l->x + l->width - x - w - 8);
}

static void
st_heatmap_draw (StChart *chart, cairo_t *cr, const StChartStyle *style, int width, int height)
{
  StHeatmap              *self = ST_HEATMAP (chart);
  g_autoptr (PangoLayout) pango = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  Layout                  l;

  if (self->n_rows == 0 || self->n_cols == 0)
    return;
  get_layout (self, width, height, &l);
  st_chart_set_color (cr, &style->track, 1);
  cairo_rectangle (cr, l.x, l.y, l.width, l.height);
  cairo_fill (cr);
  draw_cells (self, cr, style, &l);
  draw_marks (self, cr, style, &l);
  draw_labels (self, cr, pango, style, &l);
  draw_legend (self, cr, pango, style, &l);
  if (self->has_cursor && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      double band_h = l.height / l.n_bands, col_w = l.width / self->n_cols;

      st_chart_set_color (cr, &style->accent, 1);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, l.x + self->cursor_col * col_w - 1,
                       l.y + band_of (self, &l, self->cursor_row) * band_h - 1, col_w + 2,
                       band_h + 2);
      cairo_stroke (cr);
    }
}

/* --- what a person does ---------------------------------------------------- */

gboolean
st_heatmap_cell_at (StHeatmap *self, double x, double y, guint *row, guint *col)
{
  Layout l;
  guint  band;

  g_return_val_if_fail (ST_IS_HEATMAP (self), FALSE);
  if (self->n_rows == 0 || self->n_cols == 0)
    return FALSE;
  get_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
              gtk_widget_get_height (GTK_WIDGET (self)), &l);
  if (x < l.x || y < l.y || x >= l.x + l.width || y >= l.y + l.height)
    return FALSE;
  *col = MIN (self->n_cols - 1, (guint)((x - l.x) / l.width * self->n_cols));
  band = MIN (l.n_bands - 1, (guint)((y - l.y) / l.height * l.n_bands));
  *row = band_row (self, &l, band, *col);
  return TRUE;
}

void
st_heatmap_cell_center (StHeatmap *self, guint row, guint col, double *x, double *y)
{
  Layout l;

  g_return_if_fail (ST_IS_HEATMAP (self));
  g_return_if_fail (row < self->n_rows && col < self->n_cols);
  get_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
              gtk_widget_get_height (GTK_WIDGET (self)), &l);
  *x = l.x + (col + 0.5) * l.width / self->n_cols;
  *y = l.y + (band_of (self, &l, row) + 0.5) * l.height / l.n_bands;
}

char *
st_heatmap_describe (StHeatmap *self, guint row, guint col)
{
  double           v;
  g_autofree char *text = NULL;

  g_return_val_if_fail (ST_IS_HEATMAP (self), NULL);
  g_return_val_if_fail (row < self->n_rows && col < self->n_cols, NULL);
  v = value (self, row, col);
  text = isnan (v) ? g_strdup (_ ("absent")) : st_summary_format_value (self->unit, v);
  if (self->column_title == NULL || *self->column_title == '\0')
    /* Translators: a heatmap's cell: its rank, the column's label ("AllReduce #3"), its value */
    return g_strdup_printf (_ ("%s · %s: %s"), self->row_labels[row], self->col_labels[col], text);
  /* Translators: a heatmap's cell: its rank, the column's title and label ("Step 6"), its value */
  return g_strdup_printf (_ ("%s · %s %s: %s"), self->row_labels[row], self->column_title,
                          self->col_labels[col], text);
}

gboolean
st_heatmap_get_cursor (StHeatmap *self, guint *row, guint *col)
{
  g_return_val_if_fail (ST_IS_HEATMAP (self), FALSE);
  if (self->has_cursor)
    {
      *row = self->cursor_row;
      *col = self->cursor_col;
    }
  return self->has_cursor;
}

void
st_heatmap_set_cursor (StHeatmap *self, guint row, guint col)
{
  g_return_if_fail (ST_IS_HEATMAP (self));
  g_return_if_fail (row < self->n_rows && col < self->n_cols);
  self->has_cursor = TRUE;
  self->cursor_row = row;
  self->cursor_col = col;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  StHeatmap  *self)
{
  guint            row, col;
  g_autofree char *text = NULL;

  if (keyboard ? !st_heatmap_get_cursor (self, &row, &col)
               : !st_heatmap_cell_at (self, x, y, &row, &col))
    return FALSE;
  text = st_heatmap_describe (self, row, col);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, StHeatmap *self)
{
  guint row, col;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (!st_heatmap_cell_at (self, x, y, &row, &col))
    return;
  st_heatmap_set_cursor (self, row, col);
  g_signal_emit (self, signals[ACTIVATED], 0, row, col);
}

/* A key's move of the cursor; FALSE for a key that is not one. */
static gboolean
move_cursor (StHeatmap *self, guint keyval, int *d_row, int *d_col)
{
  int page = MAX (1, (int)self->n_rows / 16);

  *d_row = *d_col = 0;
  switch (keyval)
    {
    case GDK_KEY_Up: *d_row = -1; break;
    case GDK_KEY_Down: *d_row = 1; break;
    case GDK_KEY_Left: *d_col = -1; break;
    case GDK_KEY_Right: *d_col = 1; break;
    case GDK_KEY_Page_Up: *d_row = -page; break;
    case GDK_KEY_Page_Down: *d_row = page; break;
    case GDK_KEY_Home: *d_col = -(int)self->n_cols; break;
    case GDK_KEY_End: *d_col = (int)self->n_cols; break;
    default: return FALSE;
    }
  return TRUE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *key,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                StHeatmap             *self)
{
  int d_row, d_col;

  if (self->n_rows == 0 || self->n_cols == 0)
    return FALSE;
  if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_space)
    {
      if (self->has_cursor)
        g_signal_emit (self, signals[ACTIVATED], 0, self->cursor_row, self->cursor_col);
      return self->has_cursor;
    }
  if (!move_cursor (self, keyval, &d_row, &d_col))
    return FALSE;
  if (!self->has_cursor)
    st_heatmap_set_cursor (self, 0, 0);
  else
    st_heatmap_set_cursor (self, CLAMP ((int)self->cursor_row + d_row, 0, (int)self->n_rows - 1),
                           CLAMP ((int)self->cursor_col + d_col, 0, (int)self->n_cols - 1));
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  return TRUE;
}

/* --- the object ----------------------------------------------------------- */

void
st_heatmap_set_data (StHeatmap         *self,
                     guint              n_rows,
                     guint              n_cols,
                     const double      *values,
                     StMetricUnit       unit,
                     const char *const *row_labels,
                     const char *const *col_labels,
                     const char        *column_title)
{
  g_return_if_fail (ST_IS_HEATMAP (self));
  g_return_if_fail (values != NULL || n_rows * n_cols == 0);

  g_free (self->values);
  self->values = g_memdup2 (values, (gsize)n_rows * n_cols * sizeof (double));
  self->n_rows = n_rows;
  self->n_cols = n_cols;
  self->unit = unit;
  g_strfreev (self->row_labels);
  g_strfreev (self->col_labels);
  self->row_labels = g_strdupv ((char **)row_labels);
  self->col_labels = g_strdupv ((char **)col_labels);
  g_free (self->column_title);
  self->column_title = g_strdup (column_title);
  g_clear_pointer (&self->row_marks, g_free);
  g_clear_pointer (&self->col_marks, g_free);
  self->has_cursor = FALSE;
  self->row_labels_width = measure_row_labels (self);
  find_scale (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
st_heatmap_set_marks (StHeatmap *self, const guint8 *row_marks, const guint8 *col_marks)
{
  g_return_if_fail (ST_IS_HEATMAP (self));
  g_free (self->row_marks);
  g_free (self->col_marks);
  self->row_marks = row_marks ? g_memdup2 (row_marks, self->n_rows) : NULL;
  self->col_marks = col_marks ? g_memdup2 (col_marks, self->n_cols) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
st_heatmap_get_n_rows (StHeatmap *self)
{
  g_return_val_if_fail (ST_IS_HEATMAP (self), 0);
  return self->n_rows;
}

guint
st_heatmap_get_n_cols (StHeatmap *self)
{
  g_return_val_if_fail (ST_IS_HEATMAP (self), 0);
  return self->n_cols;
}

static void
st_heatmap_finalize (GObject *object)
{
  StHeatmap *self = ST_HEATMAP (object);

  g_free (self->values);
  g_strfreev (self->row_labels);
  g_strfreev (self->col_labels);
  g_free (self->column_title);
  g_free (self->row_marks);
  g_free (self->col_marks);
  G_OBJECT_CLASS (st_heatmap_parent_class)->finalize (object);
}

static void
st_heatmap_class_init (StHeatmapClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = st_heatmap_finalize;
  ST_CHART_CLASS (klass)->draw = st_heatmap_draw;
  /* A cell was clicked, or Enter pressed on it: its row and column. */
  signals[ACTIVATED] = g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  gtk_widget_class_set_css_name (widget_class, "heatmap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
st_heatmap_init (StHeatmap *self)
{
  GtkGesture         *click = gtk_gesture_click_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, 200);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (gtk_widget_queue_draw), NULL);
}

GtkWidget *
st_heatmap_new (void)
{
  return g_object_new (ST_TYPE_HEATMAP, NULL);
}
