/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-roofline-plot.h"

#include <math.h>
#include <pango/pangocairo.h>

#define AXIS_GAP      6.0  /* between a y label's right end and the plot */
#define LABEL_SPACING 1.6  /* tick labels at least this many lines apart */
#define FOCUS_GAP     3.0  /* between a disc and the keyboard's frame */
#define NAME_GAP      3.0  /* between a disc and its name */
#define DISC_ALPHA    0.65 /* a disc's fill: the ones under it still show */

double
st_roofline_plot_ridge (const StRooflinePlot *plot)
{
  return plot->peak > 0 && plot->bandwidth > 0 ? plot->peak / plot->bandwidth : 0;
}

/* The decades at or below @lo and at or above @hi; one decade at least. */
static void
decades (double lo, double hi, int *d_lo, int *d_hi)
{
  *d_lo = (int)floor (log10 (lo));
  *d_hi = (int)ceil (log10 (hi));
  if (*d_hi <= *d_lo)
    *d_hi = *d_lo + 1;
}

/* "100 TFLOP/s": a decade of FLOP/s with its SI prefix. */
static char *
rate_label (int decade)
{
  static const char *const prefixes[] = { "", "k", "M", "G", "T", "P", "E" };

  if (decade < 0 || decade / 3 >= (int)G_N_ELEMENTS (prefixes))
    return g_strdup_printf ("%g FLOP/s", pow (10, decade));
  return g_strdup_printf ("%d %sFLOP/s", (int)pow (10, decade % 3), prefixes[decade / 3]);
}

/* "0.01", "1", "1000": a decade of FLOP/B. */
static char *
intensity_label (int decade)
{
  return g_strdup_printf ("%g", pow (10, decade));
}

static int
text_width (PangoLayout *pango, const char *text, int *height)
{
  int w, h;

  pango_layout_set_width (pango, -1);
  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &w, &h);
  if (height != NULL)
    *height = h;
  return w;
}

/* The ranges: every point, the peak and the ridge point inside. */
static void
layout_ranges (StRooflineLayout *layout, const StRooflinePlot *plot)
{
  double ridge = st_roofline_plot_ridge (plot);
  double i_lo = G_MAXDOUBLE, i_hi = 0, r_lo = G_MAXDOUBLE, r_hi = 0;

  for (guint i = 0; i < plot->n; i++)
    {
      i_lo = MIN (i_lo, plot->points[i].intensity);
      i_hi = MAX (i_hi, plot->points[i].intensity);
      r_lo = MIN (r_lo, plot->points[i].rate);
      r_hi = MAX (r_hi, plot->points[i].rate);
      layout->max_ns = MAX (layout->max_ns, plot->points[i].device_ns);
    }
  if (ridge > 0)
    {
      i_lo = MIN (i_lo, ridge);
      i_hi = MAX (i_hi, ridge);
    }
  if (plot->peak > 0)
    {
      r_lo = MIN (r_lo, plot->peak);
      r_hi = MAX (r_hi, plot->peak);
    }
  if (i_hi <= 0 || r_hi <= 0)
    {
      /* nothing to place: any decade will do */
      i_lo = i_hi = 1;
      r_lo = r_hi = 1e12;
    }
  decades (i_lo, i_hi, &layout->x_lo, &layout->x_hi);
  decades (r_lo, r_hi, &layout->y_lo, &layout->y_hi);
}

void
st_roofline_plot_layout (StRooflineLayout     *layout,
                         PangoLayout          *pango,
                         const StRooflinePlot *plot,
                         double                width,
                         double                height)
{
  int    line, label_w = 0, last_w;
  double top, bottom, right;

  memset (layout, 0, sizeof *layout);
  layout->total_width = width;
  layout->total_height = height;
  layout_ranges (layout, plot);
  text_width (pango, "0", &line);
  for (int d = layout->y_lo; d <= layout->y_hi; d++)
    {
      g_autofree char *label = rate_label (d);

      label_w = MAX (label_w, text_width (pango, label, NULL));
    }
  {
    g_autofree char *label = intensity_label (layout->x_hi);

    last_w = text_width (pango, label, NULL);
  }
  /* a line above the plot for the compute roof's label, one more for the
   * note; two under it for the ticks and the axis' title */
  top = ST_ROOFLINE_PLOT_PAD + line + (plot->note != NULL ? line + 4 : 0);
  bottom = 2 * line + 8;
  right = MAX (ST_ROOFLINE_PLOT_PAD, last_w / 2.0 + 2);
  layout->x = ST_ROOFLINE_PLOT_PAD / 2 + label_w + AXIS_GAP;
  layout->y = top;
  layout->width = MAX (1, width - layout->x - right);
  layout->height = MAX (1, height - top - bottom);
  layout->radius
      = MAX (ST_ROOFLINE_PLOT_MIN_RADIUS, MIN (ST_ROOFLINE_PLOT_MAX_RADIUS, layout->height / 12));
}

void
st_roofline_plot_position (const StRooflineLayout *layout,
                           double                  intensity,
                           double                  rate,
                           double                 *x,
                           double                 *y)
{
  double fx = (log10 (intensity) - layout->x_lo) / (layout->x_hi - layout->x_lo);
  double fy = (log10 (rate) - layout->y_lo) / (layout->y_hi - layout->y_lo);

  *x = layout->x + fx * layout->width;
  *y = layout->y + layout->height - fy * layout->height;
}

/* Area proportional to the device time. */
double
st_roofline_plot_radius (const StRooflineLayout *layout, gint64 device_ns)
{
  double r = layout->max_ns > 0 ? layout->radius * sqrt ((double)device_ns / layout->max_ns) : 0;

  return MAX (ST_ROOFLINE_PLOT_MIN_RADIUS, r);
}

gint
st_roofline_plot_point_at (const StRooflineLayout *layout,
                           const StRooflinePlot   *plot,
                           double                  x,
                           double                  y)
{
  gint   best = -1;
  double best_r = G_MAXDOUBLE;

  for (guint i = 0; i < plot->n; i++)
    {
      const StRooflinePoint *p = &plot->points[i];
      double                 px, py, r = st_roofline_plot_radius (layout, p->device_ns);

      st_roofline_plot_position (layout, p->intensity, p->rate, &px, &py);
      /* a small disc over a large one is the one meant */
      if (hypot (px - x, py - y) <= r + ST_ROOFLINE_PLOT_HIT_RADIUS && r < best_r)
        {
          best = (gint)i;
          best_r = r;
        }
    }
  return best;
}

/* A line per decade, each labelled; labels thinned where decades crowd. */
static void
draw_axes (cairo_t                *cr,
           PangoLayout            *pango,
           const StRooflineLayout *l,
           const StChartStyle     *style,
           const StRooflinePlot   *plot)
{
  int    line, ny = l->y_hi - l->y_lo, nx = l->x_hi - l->x_lo;
  int    y_every, x_every, widest;
  double bottom = l->y + l->height;

  text_width (pango, "0", &line);
  y_every = (int)ceil (LABEL_SPACING * line / (l->height / ny));
  {
    g_autofree char *label = intensity_label (l->x_lo);
    widest = MAX (text_width (pango, label, NULL), 3 * line);
  }
  x_every = (int)ceil ((widest + line) / (l->width / nx));
  for (int d = l->y_lo; d <= l->y_hi; d++)
    {
      double           y = round (l->y + l->height - (double)(d - l->y_lo) / ny * l->height);
      g_autofree char *label = rate_label (d);

      st_chart_set_color (cr, &style->grid, d == l->y_lo ? 1.0 : 0.6);
      cairo_rectangle (cr, l->x, y, l->width, 1);
      cairo_fill (cr);
      if ((d - l->y_lo) % MAX (1, y_every) != 0)
        continue;
      st_chart_set_color (cr, &style->foreground, 0.6);
      st_chart_draw_text (cr, pango, label, l->x - AXIS_GAP, y, 1.0, 0);
    }
  for (int d = l->x_lo; d <= l->x_hi; d++)
    {
      double           x = floor (l->x + (double)(d - l->x_lo) / nx * l->width);
      g_autofree char *label = intensity_label (d);

      st_chart_set_color (cr, &style->grid, d == l->x_lo ? 1.0 : 0.6);
      cairo_rectangle (cr, x, l->y, 1, l->height);
      cairo_fill (cr);
      if ((d - l->x_lo) % MAX (1, x_every) != 0)
        continue;
      st_chart_set_color (cr, &style->foreground, 0.6);
      st_chart_draw_text (cr, pango, label, x, bottom + 4 + line / 2.0, 0.5, 0);
    }
  if (plot->x_title != NULL)
    st_chart_draw_text (cr, pango, plot->x_title, l->x + l->width / 2, bottom + 6 + 1.5 * line, 0.5,
                        l->width);
}

/* @text centred above the segment from (@x0, @y0) to (@x1, @y1), along
 * it. */
static void
draw_along (cairo_t     *cr,
            PangoLayout *pango,
            const char  *text,
            double       x0,
            double       y0,
            double       x1,
            double       y1)
{
  int h, w = text_width (pango, text, &h);

  if (hypot (x1 - x0, y1 - y0) < w + 8)
    return; /* no room along it */
  cairo_save (cr);
  cairo_translate (cr, (x0 + x1) / 2, (y0 + y1) / 2);
  cairo_rotate (cr, atan2 (y1 - y0, x1 - x0));
  cairo_move_to (cr, -w / 2.0, -h - 2);
  pango_cairo_show_layout (cr, pango);
  cairo_restore (cr);
}

/* The memory roof's ends in the plot: rate = intensity × bandwidth, from
 * where it enters the plot to the ridge point (or where it leaves). */
static gboolean
memory_roof (const StRooflineLayout *l,
             const StRooflinePlot   *plot,
             double                 *x0,
             double                 *y0,
             double                 *x1,
             double                 *y1)
{
  double ridge = st_roofline_plot_ridge (plot), from, to;

  if (!(plot->bandwidth > 0))
    return FALSE;
  from = MAX (pow (10, l->x_lo), pow (10, l->y_lo) / plot->bandwidth);
  to = ridge > 0 ? ridge : MIN (pow (10, l->x_hi), pow (10, l->y_hi) / plot->bandwidth);
  st_roofline_plot_position (l, from, from * plot->bandwidth, x0, y0);
  st_roofline_plot_position (l, to, to * plot->bandwidth, x1, y1);
  return TRUE;
}

/* Whether a roof line crosses @box. */
static gboolean
crosses_roofs (const StRooflineLayout *l, const StRooflinePlot *plot, const cairo_rectangle_t *box)
{
  double x0, y0, x1, y1, a, b;

  if (memory_roof (l, plot, &x0, &y0, &x1, &y1) && x1 > x0)
    {
      /* the line's heights over the part of its run under the box */
      a = MAX (x0, box->x);
      b = MIN (x1, box->x + box->width);
      if (a <= b)
        {
          double ya = y0 + (y1 - y0) * (a - x0) / (x1 - x0);
          double yb = y0 + (y1 - y0) * (b - x0) / (x1 - x0);

          if (MIN (ya, yb) <= box->y + box->height && MAX (ya, yb) >= box->y)
            return TRUE;
        }
    }
  if (plot->peak > 0)
    {
      double ridge = st_roofline_plot_ridge (plot);

      st_roofline_plot_position (l, ridge > 0 ? ridge : pow (10, l->x_lo), plot->peak, &x0, &y0);
      if (y0 >= box->y && y0 <= box->y + box->height && box->x + box->width >= x0)
        return TRUE;
    }
  return FALSE;
}

/* Where the compute roof's label is written: right-aligned over the roof
 * at the plot's right end. FALSE when there is none. */
static gboolean
peak_label_box (const StRooflineLayout *l,
                PangoLayout            *pango,
                const StRooflinePlot   *plot,
                cairo_rectangle_t      *box)
{
  double x, y;
  int    h, w;

  if (!(plot->peak > 0) || plot->peak_text == NULL)
    return FALSE;
  w = text_width (pango, plot->peak_text, &h);
  st_roofline_plot_position (l, 1, plot->peak, &x, &y);
  *box = (cairo_rectangle_t){ l->x + l->width - 2 - w, y - h - 2, w, h };
  return TRUE;
}

/* The ridge point marked by a dashed line down to the axis, its value
 * right of the line, or left where the plot ends first. */
static void
draw_ridge (cairo_t                *cr,
            PangoLayout            *pango,
            const StRooflineLayout *l,
            const StChartStyle     *style,
            const StRooflinePlot   *plot,
            int                     line)
{
  static const double dash[] = { 3, 3 };
  double              x0, y0;
  gboolean            flip;

  st_roofline_plot_position (l, st_roofline_plot_ridge (plot), plot->peak, &x0, &y0);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_move_to (cr, floor (x0) + 0.5, y0);
  cairo_line_to (cr, floor (x0) + 0.5, l->y + l->height);
  st_chart_set_color (cr, &style->foreground, 0.45);
  cairo_stroke (cr);
  if (plot->ridge_text == NULL)
    return;
  flip = x0 + 4 + text_width (pango, plot->ridge_text, NULL) > l->x + l->width;
  st_chart_draw_text (cr, pango, plot->ridge_text, flip ? x0 - 4 : x0 + 4,
                      l->y + l->height - line / 2.0 - 2, flip ? 1.0 : 0.0, 0);
}

/* The memory roof up to the ridge point, the compute roof from it, and
 * the ridge point marked down to the axis. */
static void
draw_roofs (cairo_t                *cr,
            PangoLayout            *pango,
            const StRooflineLayout *l,
            const StChartStyle     *style,
            const StRooflinePlot   *plot)
{
  double            ridge = st_roofline_plot_ridge (plot);
  double            x0, y0, x1, y1;
  int               line;
  cairo_rectangle_t box;

  text_width (pango, "0", &line);
  cairo_save (cr);
  cairo_rectangle (cr, l->x, l->y - line - 2, l->width, l->height + line + 2);
  cairo_clip (cr);
  cairo_set_line_width (cr, 2);
  st_chart_set_color (cr, &style->foreground, 0.7);
  if (memory_roof (l, plot, &x0, &y0, &x1, &y1))
    {
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_stroke (cr);
      if (plot->bandwidth_text != NULL)
        draw_along (cr, pango, plot->bandwidth_text, x0, y0, x1, y1);
    }
  if (plot->peak > 0)
    {
      st_roofline_plot_position (l, ridge > 0 ? ridge : pow (10, l->x_lo), plot->peak, &x0, &y0);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, l->x + l->width, y0);
      cairo_stroke (cr);
      if (peak_label_box (l, pango, plot, &box))
        st_chart_draw_text (cr, pango, plot->peak_text, box.x, box.y + box.height / 2.0, 0.0, 0);
    }
  if (ridge > 0)
    draw_ridge (cr, pango, l, style, plot, line);
  cairo_restore (cr);
}

/* Point indices, the most device time first. */
static int
by_time (gconstpointer a, gconstpointer b, gpointer data)
{
  const StRooflinePoint *points = data;
  gint64 ta = points[*(const guint *)a].device_ns, tb = points[*(const guint *)b].device_ns;

  return ta < tb ? 1 : ta > tb ? -1 : (int)(*(const guint *)a - *(const guint *)b);
}

static guint *
order_by_time (const StRooflinePlot *plot)
{
  guint *order = g_new (guint, MAX (1, plot->n));

  for (guint i = 0; i < plot->n; i++)
    order[i] = i;
  g_qsort_with_data (order, plot->n, sizeof *order, by_time, (gpointer)plot->points);
  return order;
}

/* The largest discs under the smaller ones, each see-through. */
static void
draw_discs (cairo_t                *cr,
            const StRooflineLayout *l,
            const StChartStyle     *style,
            const StRooflinePlot   *plot,
            const guint            *order)
{
  cairo_set_line_width (cr, 1);
  for (guint k = 0; k < plot->n; k++)
    {
      const StRooflinePoint *p = &plot->points[order[k]];
      const StColor         *c = &style->series[p->color % ST_CHART_N_COLORS];
      double                 x, y;

      st_roofline_plot_position (l, p->intensity, p->rate, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, st_roofline_plot_radius (l, p->device_ns), 0, 2 * G_PI);
      st_chart_set_color (cr, c, DISC_ALPHA);
      cairo_fill_preserve (cr);
      st_chart_set_color (cr, c, 1.0);
      cairo_stroke (cr);
    }
}

static gboolean
boxes_overlap (const cairo_rectangle_t *a, const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

/* Whether a name at @box stays right of the y axis' labels and in the
 * picture, off the roofs, the names written and every disc but its own
 * (@self), with room to spare around those. */
static gboolean
name_fits (const StRooflineLayout  *l,
           const StRooflinePlot    *plot,
           const cairo_rectangle_t *box,
           const cairo_rectangle_t *written,
           guint                    n_written,
           guint                    self)
{
  if (box->x < l->x || box->x + box->width > l->total_width || box->y < 0
      || box->y + box->height > l->y + l->height)
    return FALSE;
  for (guint j = 0; j < n_written; j++)
    if (boxes_overlap (box, &written[j]))
      return FALSE;
  if (crosses_roofs (l, plot, box))
    return FALSE;
  for (guint i = 0; i < plot->n; i++)
    {
      double            x, y, r = st_roofline_plot_radius (l, plot->points[i].device_ns);
      cairo_rectangle_t disc;

      st_roofline_plot_position (l, plot->points[i].intensity, plot->points[i].rate, &x, &y);
      /* other discs kept further off than the name's own: a name as near
       * another disc as its own would read as that one's, unless that one
       * has the same name */
      r += 2 * NAME_GAP;
      disc = (cairo_rectangle_t){ x - r, y - r, 2 * r, 2 * r };
      if (i != self && boxes_overlap (box, &disc)
          && g_strcmp0 (plot->points[i].name, plot->points[self].name) != 0)
        return FALSE;
    }
  return TRUE;
}

/* The names of the largest few: right of their disc, else left, above or
 * below it, wherever one covers no other disc nor a name already
 * written; none where no place does. */
static void
draw_names (cairo_t                *cr,
            PangoLayout            *pango,
            const StRooflineLayout *l,
            const StChartStyle     *style,
            const StRooflinePlot   *plot,
            const guint            *order)
{
  cairo_rectangle_t written[ST_ROOFLINE_PLOT_N_NAMED + 1];
  guint             n_written = 0;

  /* the compute roof's label is written first */
  if (peak_label_box (l, pango, plot, &written[0]))
    n_written++;
  st_chart_set_color (cr, &style->foreground, 0.85);
  for (guint k = 0; k < MIN (plot->n, ST_ROOFLINE_PLOT_N_NAMED); k++)
    {
      const StRooflinePoint *p = &plot->points[order[k]];
      double                 x, y, r = st_roofline_plot_radius (l, p->device_ns), g = NAME_GAP;
      double                 mid;
      int                    h, w;

      if (p->name == NULL)
        continue;
      w = text_width (pango, p->name, &h);
      st_roofline_plot_position (l, p->intensity, p->rate, &x, &y);
      /* above or below, centred on the disc as far as the plot lets it */
      mid = CLAMP (x - w / 2.0, l->x, MAX (l->x, l->total_width - w));
      {
        const cairo_rectangle_t places[] = {
          { x + r + g, y - h / 2.0, w, h },
          { x - r - g - w, y - h / 2.0, w, h },
          { mid, y - r - g - h, w, h },
          { mid, y + r + g, w, h },
        };

        for (guint c = 0; c < G_N_ELEMENTS (places); c++)
          if (name_fits (l, plot, &places[c], written, n_written, order[k]))
            {
              written[n_written++] = places[c];
              st_chart_draw_text (cr, pango, p->name, places[c].x, places[c].y + h / 2.0, 0.0, 0);
              break;
            }
      }
    }
}

/* A ring around the selected disc, a fainter one around the hovered, and
 * the keyboard's frame in the accent colour. */
static void
draw_marks (cairo_t                *cr,
            const StRooflineLayout *l,
            const StChartStyle     *style,
            const StRooflinePlot   *plot)
{
  gint ringed[2] = { plot->selected, plot->hover };

  cairo_set_line_width (cr, 1.5);
  for (guint k = 0; k < G_N_ELEMENTS (ringed); k++)
    {
      gint   i = ringed[k];
      double x, y;

      if (i < 0 || i >= (gint)plot->n || (k == 1 && i == plot->selected))
        continue;
      st_roofline_plot_position (l, plot->points[i].intensity, plot->points[i].rate, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, st_roofline_plot_radius (l, plot->points[i].device_ns) + 3, 0, 2 * G_PI);
      st_chart_set_color (cr, &style->foreground, k == 0 ? 0.9 : 0.5);
      cairo_stroke (cr);
    }
  if (plot->focus >= 0 && plot->focus < (gint)plot->n)
    {
      const StRooflinePoint *p = &plot->points[plot->focus];
      double                 x, y, half = st_roofline_plot_radius (l, p->device_ns) + FOCUS_GAP + 2;

      st_roofline_plot_position (l, p->intensity, p->rate, &x, &y);
      cairo_rectangle (cr, x - half, y - half, 2 * half, 2 * half);
      cairo_set_line_width (cr, 2);
      st_chart_set_color (cr, &style->accent, 1.0);
      cairo_stroke (cr);
    }
}

void
st_roofline_plot_draw (cairo_t                *cr,
                       PangoLayout            *pango,
                       const StRooflineLayout *layout,
                       const StChartStyle     *style,
                       const StRooflinePlot   *plot)
{
  g_autofree guint *order = NULL;
  int               line;

  st_chart_paint_background (cr, style);
  text_width (pango, "0", &line);
  if (plot->note != NULL)
    {
      st_chart_set_color (cr, &style->foreground, 0.6);
      st_chart_draw_text (cr, pango, plot->note, layout->x, ST_ROOFLINE_PLOT_PAD / 2 + line / 2.0,
                          0.0, layout->total_width - layout->x);
    }
  if (plot->n == 0)
    {
      st_chart_set_color (cr, &style->foreground, 0.55);
      st_chart_draw_text (cr, pango, plot->empty_text, layout->total_width / 2,
                          layout->total_height / 2, 0.5, layout->total_width);
      return;
    }
  draw_axes (cr, pango, layout, style, plot);
  draw_roofs (cr, pango, layout, style, plot);
  order = order_by_time (plot);
  draw_discs (cr, layout, style, plot, order);
  draw_names (cr, pango, layout, style, plot, order);
  draw_marks (cr, layout, style, plot);
}
