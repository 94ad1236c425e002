/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-rect-batch.h"

#include <math.h>
#include <string.h>

struct _StRectBatch
{
  guint          n_colors;
  GArray       **rects;   /* cairo_rectangle_t, per colour */
  gboolean       aligned; /* every rectangle since the last flush is on whole pixels */
  cairo_format_t format;  /* of pixels, or CAIRO_FORMAT_INVALID */
  StColor       *colors;  /* whose pixels are known */
  guint32       *pixels;  /* per colour, as cairo writes it in format */
};

StRectBatch *
st_rect_batch_new (guint n_colors)
{
  StRectBatch *self = g_new0 (StRectBatch, 1);

  self->n_colors = n_colors;
  self->rects = g_new (GArray *, MAX (1, n_colors));
  for (guint i = 0; i < n_colors; i++)
    self->rects[i] = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  self->aligned = TRUE;
  self->format = CAIRO_FORMAT_INVALID;
  self->colors = g_new0 (StColor, MAX (1, n_colors));
  self->pixels = g_new0 (guint32, MAX (1, n_colors));
  return self;
}

void
st_rect_batch_free (StRectBatch *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_colors; i++)
    g_array_unref (self->rects[i]);
  g_free (self->rects);
  g_free (self->colors);
  g_free (self->pixels);
  g_free (self);
}

void
st_rect_batch_add (StRectBatch *self, guint color, double x, double y, double w, double h)
{
  GArray           *rects = self->rects[color];
  cairo_rectangle_t r = { x, y, w, h };

  if (x != floor (x) || y != floor (y) || w != floor (w) || h != floor (h))
    self->aligned = FALSE;
  /* a run of one colour that touches the last one grows it instead */
  if (rects->len > 0)
    {
      cairo_rectangle_t *last = &g_array_index (rects, cairo_rectangle_t, rects->len - 1);
      if (last->y == y && last->height == h && last->x + last->width >= x && last->x <= x)
        {
          last->width = MAX (last->width, x + w - last->x);
          return;
        }
    }
  g_array_append_val (rects, r);
}

static void
clear (StRectBatch *self)
{
  for (guint c = 0; c < self->n_colors; c++)
    g_array_set_size (self->rects[c], 0);
  self->aligned = TRUE;
}

static void
flush_cairo (StRectBatch *self, cairo_t *cr, const StColor *colors)
{
  for (guint c = 0; c < self->n_colors; c++)
    {
      GArray *rects = self->rects[c];
      if (rects->len == 0)
        continue;
      for (guint i = 0; i < rects->len; i++)
        {
          const cairo_rectangle_t *r = &g_array_index (rects, cairo_rectangle_t, i);
          cairo_rectangle (cr, r->x, r->y, r->width, r->height);
        }
      cairo_set_source_rgba (cr, colors[c].r, colors[c].g, colors[c].b, colors[c].a);
      cairo_fill (cr);
    }
}

/* The pixel cairo writes for @color filling a box of a @format surface:
 * asked of cairo, so rounding and channel order are its own. */
static guint32
probe_pixel (cairo_format_t format, const StColor *color)
{
  cairo_surface_t *surface = cairo_image_surface_create (format, 1, 1);
  cairo_t         *cr = cairo_create (surface);
  guint32          pixel;

  cairo_set_source_rgba (cr, color->r, color->g, color->b, color->a);
  cairo_rectangle (cr, 0, 0, 1, 1);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  memcpy (&pixel, cairo_image_surface_get_data (surface), sizeof pixel);
  cairo_surface_destroy (surface);
  return pixel;
}

static void
update_pixels (StRectBatch *self, cairo_format_t format, const StColor *colors)
{
  if (self->format == format && memcmp (self->colors, colors, self->n_colors * sizeof *colors) == 0)
    return;
  for (guint c = 0; c < self->n_colors; c++)
    self->pixels[c] = probe_pixel (format, &colors[c]);
  memcpy (self->colors, colors, self->n_colors * sizeof *colors);
  self->format = format;
}

/* Where user space lands in @target's pixels, when it is a shift by whole
 * pixels: then boxes on whole pixels cover whole pixels. */
static gboolean
pixel_origin (cairo_t *cr, cairo_surface_t *target, int *ox, int *oy)
{
  cairo_matrix_t m;
  double         dx, dy, sx, sy;

  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_offset (target, &dx, &dy);
  cairo_surface_get_device_scale (target, &sx, &sy);
  if (m.xx != 1 || m.yy != 1 || m.xy != 0 || m.yx != 0 || sx != 1 || sy != 1)
    return FALSE;
  if (m.x0 + dx != floor (m.x0 + dx) || m.y0 + dy != floor (m.y0 + dy))
    return FALSE;
  *ox = (int)(m.x0 + dx);
  *oy = (int)(m.y0 + dy);
  return TRUE;
}

/* Whether the batch may be written as pixels: what cairo would do with it
 * is then exactly to set each covered pixel to its colour's. */
static gboolean
can_write_pixels (StRectBatch *self, cairo_t *cr, const StColor *colors)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_format_t   format;

  if (!self->aligned || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_get_operator (cr) != CAIRO_OPERATOR_OVER
      || cairo_get_fill_rule (cr) != CAIRO_FILL_RULE_WINDING)
    return FALSE;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24)
    return FALSE;
  for (guint c = 0; c < self->n_colors; c++)
    if (self->rects[c]->len > 0 && colors[c].a < 1.0)
      return FALSE;
  return TRUE;
}

typedef struct
{
  guchar *data;
  int     stride;
  int     x0, y0, x1, y1; /* the clip box, in pixels */
  int     ox, oy;         /* user space to pixels */
} Canvas;

/* Rectangles narrower than this are written pixel by pixel; wider ones a
 * row by hand and the rest copied from it, memcpy being the faster loop. */
#define WIDE 16

static void
write_rect (const Canvas *canvas, const cairo_rectangle_t *r, guint32 pixel)
{
  int x0 = MAX (canvas->x0, (int)r->x + canvas->ox);
  int y0 = MAX (canvas->y0, (int)r->y + canvas->oy);
  int x1 = MIN (canvas->x1, (int)(r->x + r->width) + canvas->ox);
  int y1 = MIN (canvas->y1, (int)(r->y + r->height) + canvas->oy);
  int y = y0;

  for (; y < y1 && (y == y0 || x1 - x0 < WIDE); y++)
    {
      guint32 *row = (guint32 *)(void *)(canvas->data + (gsize)y * canvas->stride);
      for (int x = x0; x < x1; x++)
        row[x] = pixel;
    }
  for (; y < y1; y++)
    memcpy (canvas->data + (gsize)y * canvas->stride + x0 * 4,
            canvas->data + (gsize)y0 * canvas->stride + x0 * 4, (gsize)(x1 - x0) * 4);
}

static void
write_clip_box (StRectBatch *self, Canvas *canvas, const cairo_rectangle_t *box, int w, int h)
{
  canvas->x0 = CLAMP ((int)box->x + canvas->ox, 0, w);
  canvas->y0 = CLAMP ((int)box->y + canvas->oy, 0, h);
  canvas->x1 = CLAMP ((int)(box->x + box->width) + canvas->ox, 0, w);
  canvas->y1 = CLAMP ((int)(box->y + box->height) + canvas->oy, 0, h);
  for (guint c = 0; c < self->n_colors; c++)
    for (guint i = 0; i < self->rects[c]->len; i++)
      write_rect (canvas, &g_array_index (self->rects[c], cairo_rectangle_t, i), self->pixels[c]);
}

/* Writes the batch into the target's pixels, inside the clip; FALSE when
 * only cairo can draw it. */
static gboolean
flush_pixels (StRectBatch *self, cairo_t *cr, const StColor *colors)
{
  cairo_surface_t        *target = cairo_get_group_target (cr);
  cairo_rectangle_list_t *clip;
  Canvas                  canvas;

  if (!can_write_pixels (self, cr, colors) || !pixel_origin (cr, target, &canvas.ox, &canvas.oy))
    return FALSE;
  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status != CAIRO_STATUS_SUCCESS)
    {
      cairo_rectangle_list_destroy (clip);
      return FALSE;
    }
  update_pixels (self, cairo_image_surface_get_format (target), colors);
  cairo_surface_flush (target);
  canvas.data = cairo_image_surface_get_data (target);
  canvas.stride = cairo_image_surface_get_stride (target);
  for (int i = 0; i < clip->num_rectangles; i++)
    write_clip_box (self, &canvas, &clip->rectangles[i], cairo_image_surface_get_width (target),
                    cairo_image_surface_get_height (target));
  cairo_surface_mark_dirty (target);
  cairo_rectangle_list_destroy (clip);
  return TRUE;
}

/* Fills the batch on @cr in @colors (n_colors of them) and empties it. */
void
st_rect_batch_flush (StRectBatch *self, cairo_t *cr, const StColor *colors)
{
  if (!flush_pixels (self, cr, colors))
    flush_cairo (self, cr, colors);
  clear (self);
}
