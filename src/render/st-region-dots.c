/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-region-dots.h"

#include "st-region-plot.h"

#include <math.h>
#include <string.h>

/* A dot's edge is antialiased over this many samples a side per device
 * pixel. */
#define SAMPLES 4

struct _StRegionDots
{
  int              width, height; /* the grid: a cell per logical pixel */
  gint32          *cells;         /* width × height: a region, or -1 */
  cairo_surface_t *mask;          /* A8, at the device scale */
};

/* One dot's coverage at @scale, @size × @size device pixels around a
 * logical pixel's centre, sampled SAMPLES² times a pixel. */
static guint8 *
make_stamp (double radius, int scale, int *size)
{
  double  r = radius * scale;
  int     n = 2 * (int)ceil (r + 0.5) + 1;
  double  centre = n / 2.0;
  guint8 *stamp = g_new0 (guint8, n * n);

  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        int inside = 0;

        for (int sy = 0; sy < SAMPLES; sy++)
          for (int sx = 0; sx < SAMPLES; sx++)
            {
              double dx = x + (sx + 0.5) / SAMPLES - centre;
              double dy = y + (sy + 0.5) / SAMPLES - centre;

              inside += dx * dx + dy * dy <= r * r;
            }
        stamp[y * n + x] = (guint8)(inside * 255 / (SAMPLES * SAMPLES));
      }
  *size = n;
  return stamp;
}

/* The union of the dots: each pixel keeps the most any dot covers it. */
static void
stamp_cell (cairo_surface_t *mask, const guint8 *stamp, int size, int cx, int cy)
{
  guint8 *data = cairo_image_surface_get_data (mask);
  int     stride = cairo_image_surface_get_stride (mask);
  int     w = cairo_image_surface_get_width (mask), h = cairo_image_surface_get_height (mask);
  int     x0 = cx - size / 2, y0 = cy - size / 2;

  for (int y = MAX (0, -y0); y < size && y0 + y < h; y++)
    {
      guint8       *row = data + (gsize)(y0 + y) * stride;
      const guint8 *s = stamp + y * size;

      for (int x = MAX (0, -x0); x < size && x0 + x < w; x++)
        row[x0 + x] = MAX (row[x0 + x], s[x]);
    }
}

static void
make_mask (StRegionDots *self, const StRegionPlotLayout *layout, int scale)
{
  int                size;
  g_autofree guint8 *stamp = make_stamp (st_region_plot_dot_radius (layout), scale, &size);

  self->mask
      = cairo_image_surface_create (CAIRO_FORMAT_A8, self->width * scale, self->height * scale);
  cairo_surface_flush (self->mask);
  for (int y = 0; y < self->height; y++)
    for (int x = 0; x < self->width; x++)
      if (self->cells[(gsize)y * self->width + x] >= 0)
        /* centred on the middle of the logical pixel */
        stamp_cell (self->mask, stamp, size, x * scale + scale / 2, y * scale + scale / 2);
  cairo_surface_mark_dirty (self->mask);
  cairo_surface_set_device_scale (self->mask, scale, scale);
}

StRegionDots *
st_region_dots_new (const StRegionPlotLayout *layout,
                    const StRegionPlot       *plot,
                    int                       scale,
                    GCancellable             *cancellable)
{
  g_autoptr (StRegionDots) self = g_new0 (StRegionDots, 1);
  gsize                    n_pixels;

  g_return_val_if_fail (scale > 0, NULL);

  self->width = MAX (1, (int)ceil (layout->width));
  self->height = MAX (1, (int)ceil (layout->height));
  n_pixels = (gsize)self->width * self->height;
  self->cells = g_new (gint32, n_pixels);
  memset (self->cells, 0xff, n_pixels * sizeof *self->cells);
  for (guint i = 0; i < plot->n; i++)
    {
      double x, y;
      gsize  cell;

      if ((i & 0xffff) == 0 && g_cancellable_is_cancelled (cancellable))
        return NULL;
      if (i > G_MAXINT32)
        break;
      st_region_plot_point (layout, plot, i, &x, &y);
      if (!(x >= 0 && y >= 0 && x < self->width && y < self->height))
        continue;
      cell = (gsize)y * self->width + (gsize)x;
      self->cells[cell] = (gint32)i;
    }
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;
  make_mask (self, layout, scale);
  return g_steal_pointer (&self);
}

void
st_region_dots_free (StRegionDots *self)
{
  if (self == NULL)
    return;
  g_free (self->cells);
  g_clear_pointer (&self->mask, cairo_surface_destroy);
  g_free (self);
}

void
st_region_dots_fill (const StRegionDots *self, cairo_t *cr)
{
  g_return_if_fail (self != NULL);
  cairo_mask_surface (cr, self->mask, 0, 0);
}

gint
st_region_dots_point_at (const StRegionDots       *self,
                         const StRegionPlotLayout *layout,
                         const StRegionPlot       *plot,
                         double                    x,
                         double                    y,
                         double                    radius)
{
  int    reach = (int)ceil (radius) + 1;
  int    cx = (int)floor (x), cy = (int)floor (y);
  gint   best = -1;
  double best_d = radius;

  g_return_val_if_fail (self != NULL, -1);
  for (int gy = MAX (0, cy - reach); gy <= MIN (self->height - 1, cy + reach); gy++)
    for (int gx = MAX (0, cx - reach); gx <= MIN (self->width - 1, cx + reach); gx++)
      {
        gint32 i = self->cells[(gsize)gy * self->width + gx];

        if (i >= 0 && (guint)i < plot->n)
          st_region_plot_nearest (layout, plot, i, x, y, &best, &best_d);
      }
  return best;
}
