/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-row-painter.h"

#include "st-row-lod.h"
#include "st-time.h"

#include <math.h>

/* A label is tried on slices at least this wide: a few letters and "…". */
#define LABEL_MIN_WIDTH 36.0
#define NO_COLOR        0xff

struct _StRowNames
{
  StRowNameFunc get;
  gpointer      data;
  guint8       *colors; /* per name, NO_COLOR until computed */
  guint         n;
  guint64       key_base;
};

StRowNames *
st_row_names_new (StRowNameFunc get, gpointer data, guint n_names, guint64 key_base)
{
  StRowNames *self = g_new0 (StRowNames, 1);

  self->get = get;
  self->data = data;
  self->n = n_names;
  self->key_base = key_base;
  self->colors = g_malloc (MAX (1, n_names));
  memset (self->colors, NO_COLOR, MAX (1, n_names));
  return self;
}

void
st_row_names_free (StRowNames *self)
{
  if (self == NULL)
    return;
  g_free (self->colors);
  g_free (self);
}

const char *
st_row_names_get (StRowNames *self, StStringId name)
{
  return self->get (self->data, name);
}

guint8
st_row_names_color (StRowNames *self, StStringId name)
{
  g_assert (name < self->n);
  if (self->colors[name] == NO_COLOR)
    {
      const char *s = self->get (self->data, name);
      self->colors[name] = (guint8)st_palette_color_index (s, strlen (s));
    }
  return self->colors[name];
}

typedef struct
{
  double      x;
  double      y;
  double      width;
  StRowNames *names;
  StStringId  name;
  guint8      color;
} Label;

struct _StRowPainter
{
  StRectBatch *rects;          /* the frame's, not ours */
  GArray      *pending_labels; /* Label */
};

StRowPainter *
st_row_painter_new (StRectBatch *rects)
{
  StRowPainter *self = g_new0 (StRowPainter, 1);

  self->rects = rects;
  self->pending_labels = g_array_new (FALSE, FALSE, sizeof (Label));
  return self;
}

void
st_row_painter_free (StRowPainter *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->pending_labels);
  g_free (self);
}

static void
set_color (cairo_t *cr, const StColor *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

void
st_row_painter_flush_labels (StRowPainter    *self,
                             cairo_t         *cr,
                             StLabelCache    *labels,
                             const StPalette *palette)
{
  for (guint i = 0; i < self->pending_labels->len; i++)
    {
      const Label *l = &g_array_index (self->pending_labels, Label, i);

      set_color (cr, st_palette_text_on (palette, &palette->slices[l->color]));
      st_label_cache_draw (labels, cr, l->names->key_base + l->name,
                           st_row_names_get (l->names, l->name), l->x, l->y, l->width);
    }
  g_array_set_size (self->pending_labels, 0);
}

/* Row drawing: runs come in by start; thinner than a pixel they pile into a
 * pending fill that grows while the next one touches it. */

typedef struct
{
  StRowPainter  *self;
  StRowNames    *names;
  const StSlice *slices;
  double         x;     /* left of the track area */
  double         x_end; /* right of the track area */
  double         y;
  double         h;
  gint64         t0;
  double         scale; /* px per ns */
  gboolean       has;
  int            px0, px1;
  guint32        rep;
  StStringId     rep_name; /* rep's name and the length of its run: */
  gint64         rep_len;  /* no trip to the slice while merging */
} Sink;

static void
emit (Sink *k, double x0, double x1, guint32 rep, StStringId name)
{
  const StSlice *s = &k->slices[rep]; /* read only for a label */
  guint8         color = st_row_names_color (k->names, name);

  /* whole pixels: cairo fills aligned boxes without antialiasing work */
  x0 = round (MAX (x0, k->x - 1));
  x1 = MAX (x0 + 1, round (MIN (x1, k->x_end + 1)));
  st_rect_batch_add (k->self->rects, color, x0, k->y, x1 - x0, k->h);
  /* a run merged from many slices is not labelled with one of them */
  if (x1 - x0 >= LABEL_MIN_WIDTH && s->dur * k->scale >= LABEL_MIN_WIDTH)
    {
      Label l = { MAX (x0, k->x) + 3, k->y + k->h / 2, MIN (x1, k->x_end) - MAX (x0, k->x) - 6,
                  k->names,           s->name,         color };
      g_array_append_val (k->self->pending_labels, l);
    }
}

static void
sink_flush (Sink *k)
{
  if (k->has)
    emit (k, k->px0, k->px1, k->rep, k->rep_name);
  k->has = FALSE;
}

static inline void
sink_run (Sink *k, gint64 start, gint64 end, guint32 rep, StStringId name)
{
  double x0 = k->x + st_time_diff (start, k->t0) * k->scale;
  double x1 = k->x + st_time_diff (end, k->t0) * k->scale;
  int    ix;

  if (x1 - x0 >= 1.0)
    {
      sink_flush (k);
      emit (k, x0, x1, rep, name);
      return;
    }
  ix = (int)floor (x0);
  if (k->has && ix <= k->px1)
    {
      k->px1 = MAX (k->px1, ix + 1);
      if (end - start > k->rep_len)
        {
          k->rep = rep;
          k->rep_name = name;
          k->rep_len = end - start;
        }
      return;
    }
  sink_flush (k);
  k->has = TRUE;
  k->px0 = ix;
  k->px1 = ix + 1;
  k->rep = rep;
  k->rep_name = name;
  k->rep_len = end - start;
}

static void
walk_level (Sink *k, const StLodLevel *level, gint64 t1)
{
  guint a = 0, b = level->n;

  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (level->end[mid] < k->t0)
        a = mid + 1;
      else
        b = mid;
    }
  for (guint i = a; i < level->n && level->start[i] <= t1; i++)
    sink_run (k, level->start[i], level->end[i], level->rep[i], level->name[i]);
}

static void
walk_slices (Sink *k, guint lo, guint hi, gint64 t1)
{
  const StSlice *s = k->slices;

  for (guint i = st_row_first_ending (s, lo, hi, k->t0); i < hi && s[i].start <= t1; i++)
    sink_run (k, s[i].start, s[i].start + s[i].dur, i, s[i].name);
}

void
st_row_painter_draw_row (StRowPainter     *self,
                         StRowNames       *names,
                         const StSlice    *slices,
                         guint             lo,
                         guint             hi,
                         const StRowLod   *lod,
                         double            y,
                         const StViewport *vp)
{
  Sink              k = { .self = self,
                          .names = names,
                          .slices = slices,
                          .x = st_viewport_track_x (vp),
                          .x_end = vp->width,
                          .y = y + 1,
                          .h = ST_LAYOUT_ROW_HEIGHT - 2,
                          .t0 = vp->start,
                          .scale = st_viewport_track_width (vp) / MAX (1.0, st_time_diff (vp->end, vp->start)) };
  const StLodLevel *level = lod != NULL ? st_row_lod_pick (lod, 1.0 / k.scale) : NULL;

  if (level != NULL)
    walk_level (&k, level, vp->end);
  else
    walk_slices (&k, lo, hi, vp->end);
  sink_flush (&k);
}
