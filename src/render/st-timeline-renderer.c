/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-render"

#include "config.h"

#include "st-timeline-renderer.h"

#include "st-counter-plot.h"
#include "st-counter-reading.h"
#include "st-format.h"
#include "st-label-cache.h"
#include "st-rect-batch.h"
#include "st-row-painter.h"
#include "st-time.h"
#include "st-time-ruler.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

struct _StTimelineRenderer
{
  StTrace          *trace;
  StTimelineLayout *layout;
  StPalette         palette;
  StLabelCache     *labels;
  StLabelCache     *region_labels; /* keyed by a hash of the name */
  StRowNames       *names;         /* the trace's strings */
  StRectBatch      *rects;         /* the slices, filled per colour */
  StRowPainter     *painter;       /* the slices' rows, into rects */
  guint            *match_counts;  /* per track, NULL without find */
  StSpanTrack      *spans;         /* the query's result track, or NULL */
  StRowNames       *span_names;
  guint64           span_rows; /* the rows of the query's result */
};

StTimelineRenderer *
st_timeline_renderer_new (StTrace *trace)
{
  StTimelineRenderer *self = g_new0 (StTimelineRenderer, 1);

  self->trace = g_object_ref (trace);
  self->labels = st_label_cache_new ();
  self->region_labels = st_label_cache_new ();
  self->names = st_row_names_new ((StRowNameFunc)st_trace_get_string, trace,
                                  st_trace_get_n_strings (trace), 0);
  self->rects = st_rect_batch_new (ST_PALETTE_N_SLICE_COLORS);
  self->painter = st_row_painter_new (self->rects);
  st_palette_init_default (&self->palette, FALSE);
  return self;
}

void
st_timeline_renderer_free (StTimelineRenderer *self)
{
  if (self == NULL)
    return;
  st_row_painter_free (self->painter);
  st_rect_batch_free (self->rects);
  st_row_names_free (self->names);
  st_timeline_renderer_set_spans (self, NULL, 0);
  g_free (self->match_counts);
  st_label_cache_free (self->labels);
  st_label_cache_free (self->region_labels);
  g_object_unref (self->trace);
  g_free (self);
}

/* The layout stays the caller's; it must outlive its use here. */
void
st_timeline_renderer_set_layout (StTimelineRenderer *self, StTimelineLayout *layout)
{
  self->layout = layout;
}

/* Counts the find results @matches (StEventRef; NULL for none) per track,
 * for the label column. */
void
st_timeline_renderer_set_matches (StTimelineRenderer *self, GArray *matches)
{
  g_clear_pointer (&self->match_counts, g_free);
  if (matches == NULL || matches->len == 0)
    return;
  self->match_counts = g_new0 (guint, MAX (1, st_trace_get_n_tracks (self->trace)));
  for (guint i = 0; i < matches->len; i++)
    self->match_counts[g_array_index (matches, StEventRef, i).track]++;
}

static const char *
span_name (gpointer spans, StStringId name)
{
  return st_span_track_get_name (spans, name);
}

/* The query's result track (NULL for none) of @n_rows rows, for the
 * layout's ST_BAND_QUERY; kept with a reference. */
void
st_timeline_renderer_set_spans (StTimelineRenderer *self, StSpanTrack *spans, guint64 n_rows)
{
  g_clear_pointer (&self->span_names, st_row_names_free);
  g_clear_pointer (&self->spans, st_span_track_unref);
  self->span_rows = n_rows;
  if (spans == NULL)
    return;
  self->spans = st_span_track_ref (spans);
  /* keyed above every other label of the cache */
  self->span_names
      = st_row_names_new (span_name, spans, st_span_track_get_n_names (spans), 1ull << 46);
}

StTrace *
st_timeline_renderer_get_trace (StTimelineRenderer *self)
{
  return self->trace;
}

StTimelineLayout *
st_timeline_renderer_get_layout (StTimelineRenderer *self)
{
  return self->layout;
}

void
st_timeline_renderer_set_palette (StTimelineRenderer *self, const StPalette *palette)
{
  self->palette = *palette;
}

const StPalette *
st_timeline_renderer_get_palette (StTimelineRenderer *self)
{
  return &self->palette;
}

void
st_timeline_renderer_set_font (StTimelineRenderer *self, const PangoFontDescription *font)
{
  st_label_cache_set_font (self->labels, font);
  st_label_cache_set_font (self->region_labels, font);
}

/* Region names, drawn on their tabs by the overlay. */
StLabelCache *
st_timeline_renderer_get_region_labels (StTimelineRenderer *self)
{
  return self->region_labels;
}

/* A layout of @text in the renderer's font, for text drawn once (the
 * overlays' durations); labels drawn every frame come from the cache. */
PangoLayout *
st_timeline_renderer_create_layout (StTimelineRenderer *self, const char *text)
{
  PangoLayout *layout = pango_layout_new (st_label_cache_get_context (self->labels));

  pango_layout_set_text (layout, text, -1);
  return layout;
}

static guint8
color_index (StTimelineRenderer *self, StStringId name)
{
  return st_row_names_color (self->names, name);
}

/* The colour slices named @name are drawn in. */
const StColor *
st_timeline_renderer_name_color (StTimelineRenderer *self, StStringId name)
{
  return &self->palette.slices[color_index (self, name)];
}

double
st_viewport_track_x (const StViewport *vp)
{
  return vp->gutter;
}

double
st_viewport_track_width (const StViewport *vp)
{
  return MAX (1.0, vp->width - vp->gutter);
}

double
st_viewport_x_at (const StViewport *vp, gint64 time)
{
  return vp->gutter + st_time_fraction (time, vp->start, vp->end) * st_viewport_track_width (vp);
}

gint64
st_viewport_time_at (const StViewport *vp, double x)
{
  return st_time_at_fraction (vp->start, vp->end, (x - vp->gutter) / st_viewport_track_width (vp));
}

/* Content y (layout coordinates) of widget y. */
double
st_viewport_content_y (const StViewport *vp, double y)
{
  return y - ST_RULER_HEIGHT + vp->scroll_y;
}

static void
set_color (cairo_t *cr, const StColor *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

/* Ticks, one per pixel column at most. */
static void
draw_instants (StTimelineRenderer *self, const StTrack *t, double y, double h, const StViewport *vp)
{
  double scale = st_viewport_track_width (vp) / MAX (1.0, st_time_diff (vp->end, vp->start));
  guint  i = 0, n = t->n_instants;

  while (i < n)
    {
      guint  a = i, b = n;
      gint64 from = i == 0 ? vp->start
                           : st_viewport_time_at (
                               vp, floor (st_viewport_x_at (vp, t->instants[i - 1].ts)) + 1);
      double x;

      while (a < b)
        {
          guint mid = a + (b - a) / 2;
          if (t->instants[mid].ts < from)
            a = mid + 1;
          else
            b = mid;
        }
      if (a >= n || t->instants[a].ts > vp->end)
        break;
      x = floor (st_viewport_track_x (vp) + st_time_diff (t->instants[a].ts, vp->start) * scale);
      st_rect_batch_add (self->rects, color_index (self, t->instants[a].name), x, y + 2, 2, h - 4);
      i = a + 1;
    }
}

static void
draw_track (StTimelineRenderer *self,
            cairo_t            *cr,
            const StBand       *band,
            double              y,
            const StViewport   *vp)
{
  const StTrack *t = st_trace_get_track (self->trace, band->track);
  double         area_top = ST_RULER_HEIGHT, area_bottom = vp->height;

  if (t->kind == ST_TRACK_COUNTER)
    {
      st_counter_plot_draw (self, cr, t, y, vp);
      return;
    }
  if (t->kind == ST_TRACK_INSTANTS)
    {
      draw_instants (self, t, y, ST_LAYOUT_INSTANT_HEIGHT, vp);
      return;
    }
  for (guint row = 0; row < t->n_rows; row++)
    {
      double ry = y + row * ST_LAYOUT_ROW_HEIGHT;
      if (ry + ST_LAYOUT_ROW_HEIGHT >= area_top && ry <= area_bottom)
        st_row_painter_draw_row (self->painter, self->names, t->slices, t->row_offsets[row],
                                 t->row_offsets[row + 1], t->row_lods ? &t->row_lods[row] : NULL,
                                 ry, vp);
    }
  if (t->n_instants > 0)
    draw_instants (self, t, y + MAX (1, t->n_rows) * ST_LAYOUT_ROW_HEIGHT, ST_LAYOUT_INSTANT_HEIGHT,
                   vp);
}

/* The query's result track: its spans in their rows, as a track's. */
static void
draw_spans (StTimelineRenderer *self, double y, const StViewport *vp)
{
  const guint *offsets;

  if (self->spans == NULL)
    return;
  offsets = st_span_track_get_row_offsets (self->spans);
  for (guint row = 0; row < st_span_track_get_n_rows (self->spans); row++)
    {
      double ry = y + row * ST_LAYOUT_ROW_HEIGHT;

      if (ry + ST_LAYOUT_ROW_HEIGHT >= ST_RULER_HEIGHT && ry <= vp->height)
        st_row_painter_draw_row (
            self->painter, self->span_names, st_span_track_get_slices (self->spans), offsets[row],
            offsets[row + 1], st_span_track_get_row_lod (self->spans, row), ry, vp);
    }
}

/* The label column and the section headers. */

static void
draw_disclosure (cairo_t *cr, double x, double y, gboolean collapsed)
{
  if (collapsed)
    {
      cairo_move_to (cr, x, y - 4);
      cairo_line_to (cr, x + 5, y);
      cairo_line_to (cr, x, y + 4);
    }
  else
    {
      cairo_move_to (cr, x - 1, y - 2);
      cairo_line_to (cr, x + 7, y - 2);
      cairo_line_to (cr, x + 3, y + 3);
    }
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_section (StTimelineRenderer *self,
              cairo_t            *cr,
              const StBand       *band,
              double              y,
              const StViewport   *vp)
{
  g_autofree char *title = st_timeline_layout_dup_section_title (self->trace, band);
  PangoLayout     *layout = st_label_cache_scratch (self->labels);
  int              th;

  set_color (cr, &self->palette.header);
  cairo_rectangle (cr, 0, y, vp->width, band->height);
  cairo_fill (cr);
  set_color (cr, &self->palette.grid);
  cairo_rectangle (cr, 0, y + band->height - 1, vp->width, 1);
  cairo_fill (cr);
  set_color (cr, &self->palette.foreground);
  draw_disclosure (cr, 8, y + band->height / 2.0, band->collapsed);
  pango_layout_set_text (layout, title, -1);
  pango_layout_set_width (layout, (int)(vp->width - 30) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, NULL, &th);
  cairo_move_to (cr, 22, y + (band->height - th) / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
}

/* Where a track's name goes: at the top of its band, or kept in view
 * under the sticky section header while its rows scroll away, until the
 * band's bottom pushes it out. */
static double
label_top (const StBand *band, double y, double block)
{
  double top = MAX (y, ST_RULER_HEIGHT + ST_LAYOUT_HEADER_HEIGHT);

  return MIN (top, y + band->height - ST_LAYOUT_TRACK_GAP - block);
}

/* The number of find matches on @track at the right of the label column,
 * in the accent colour; the room it takes (0 without). */
static double
draw_count (StTimelineRenderer *self, cairo_t *cr, guint64 n, double y_center, const StViewport *vp)
{
  g_autofree char *text = NULL;
  guint64          key;
  int              w;

  if (n == 0)
    return 0;
  text = st_format_count (n);
  key = (1ull << 42) | n; /* above the string ids and the counters' maxima */
  w = st_label_cache_measure (self->labels, key, text);
  set_color (cr, &self->palette.accent);
  st_label_cache_draw (self->labels, cr, key, text, vp->gutter - 8 - w, y_center, w + 1);
  set_color (cr, &self->palette.foreground);
  return w + 8;
}

/* "max 2.63 GB" for a counter of bytes, "max 1.5 k" for another. */
static char *
counter_max_text (const StTrack *t)
{
  double           hi = 0;
  gboolean         bytes = t->n_series > 0;
  g_autofree char *value = NULL;

  for (guint k = 0; k < t->n_series; k++)
    {
      hi = MAX (hi, t->series[k].max);
      bytes &= t->series[k].unit == ST_COUNTER_UNIT_BYTES;
    }
  value = st_counter_format_value (bytes ? ST_COUNTER_UNIT_BYTES : ST_COUNTER_UNIT_NONE, hi);
  return g_strdup_printf ("max %s", value);
}

/* A counter band's largest value (@buf: "max …"), dim, under its name. */
static void
draw_counter_max (StTimelineRenderer *self,
                  cairo_t            *cr,
                  const char         *buf,
                  double              y,
                  const StViewport   *vp)
{
  set_color (cr, &self->palette.dim);
  /* keyed by its text, above the range of string ids */
  st_label_cache_draw (self->labels, cr, (1ull << 40) | (st_hash_bytes (buf, strlen (buf)) >> 24),
                       buf, 20, y + ST_LAYOUT_COUNTER_HEIGHT * 0.75, vp->gutter - 28);
}

static void
draw_track_label (StTimelineRenderer *self,
                  cairo_t            *cr,
                  const StBand       *band,
                  double              y,
                  const StViewport   *vp)
{
  const StTrack   *t = st_trace_get_track (self->trace, band->track);
  gsize            tail = 0;
  g_autofree char *title = st_timeline_layout_dup_track_title (self->trace, band, &tail);
  const char      *name = title ? title : st_trace_get_string (self->trace, t->name);
  /* a titled name is keyed by its track, above the other keys */
  guint64 key = title ? (1ull << 43) | band->track : t->name;
  double  line = t->kind == ST_TRACK_INSTANTS  ? ST_LAYOUT_INSTANT_HEIGHT
                 : t->kind == ST_TRACK_COUNTER ? ST_LAYOUT_COUNTER_HEIGHT / 2.0
                                               : ST_LAYOUT_ROW_HEIGHT;

  y = label_top (band, y, t->kind == ST_TRACK_COUNTER ? ST_LAYOUT_COUNTER_HEIGHT : line);
  set_color (cr, &self->palette.foreground);
  /* a narrow gutter keeps the device and the stream, cutting the rank */
  st_label_cache_draw_keeping_end (
      self->labels, cr, key, name, tail, 20, y + line / 2.0,
      vp->gutter - 28
          - draw_count (self, cr, self->match_counts ? self->match_counts[band->track] : 0,
                        y + line / 2.0, vp));
  if (t->kind == ST_TRACK_COUNTER)
    {
      g_autofree char *buf = counter_max_text (t);

      draw_counter_max (self, cr, buf, y, vp);
    }
}

/* "Query results" and its number of rows in the accent colour, as a
 * track's find matches. */
static void
draw_spans_label (StTimelineRenderer *self,
                  cairo_t            *cr,
                  const StBand       *band,
                  double              y,
                  const StViewport   *vp)
{
  double width;

  y = label_top (band, y, ST_LAYOUT_ROW_HEIGHT) + ST_LAYOUT_ROW_HEIGHT / 2.0;
  set_color (cr, &self->palette.foreground);
  width = vp->gutter - 28 - draw_count (self, cr, self->span_rows, y, vp);
  st_label_cache_draw (self->labels, cr, 1ull << 45, _ ("Query results"), 20, y, width);
}

/* A stream's queue length (docs/metrics.md 10.4) under it, in the accent
 * colour: it is derived, not a counter of the file. */
static void
draw_queue (StTimelineRenderer *self,
            cairo_t            *cr,
            const StBand       *band,
            double              y,
            const StViewport   *vp,
            gboolean            label)
{
  const StCounterSeries *q = st_timeline_layout_get_queue (self->layout, band->track);
  g_autofree char       *value = NULL;
  g_autofree char       *buf = NULL;

  if (q == NULL)
    return;
  if (!label)
    {
      st_counter_plot_draw_series (self, cr, q, 1, &self->palette.accent, y, vp);
      return;
    }
  y = label_top (band, y, ST_LAYOUT_COUNTER_HEIGHT);
  set_color (cr, &self->palette.foreground);
  st_label_cache_draw (self->labels, cr, 1ull << 44, _ ("Queue length"), 20,
                       y + ST_LAYOUT_COUNTER_HEIGHT / 4.0, vp->gutter - 28);
  value = st_format_quantity (q->max);
  buf = g_strdup_printf ("max %s", value);
  draw_counter_max (self, cr, buf, y, vp);
}

/* The first band at or below content y. */
static guint
first_visible_band (StTimelineLayout *layout, double content_y)
{
  gint index = st_timeline_layout_band_at (layout, MAX (0, (int)content_y));
  return index < 0 ? 0 : (guint)index;
}

typedef enum
{
  PASS_TRACKS,
  PASS_SECTIONS,
  PASS_LABELS,
} Pass;

static void
draw_bands (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp, Pass pass)
{
  guint n = st_timeline_layout_get_n_bands (self->layout);

  for (guint i = first_visible_band (self->layout, vp->scroll_y); i < n; i++)
    {
      const StBand *band = st_timeline_layout_get_band (self->layout, i);
      double        y = ST_RULER_HEIGHT + band->y - vp->scroll_y;

      if (y > vp->height)
        break;
      if (band->kind == ST_BAND_SECTION && pass == PASS_SECTIONS)
        draw_section (self, cr, band, y, vp);
      else if (band->kind == ST_BAND_TRACK && pass == PASS_LABELS)
        draw_track_label (self, cr, band, y, vp);
      else if (band->kind == ST_BAND_TRACK && pass == PASS_TRACKS)
        draw_track (self, cr, band, y, vp);
      else if (band->kind == ST_BAND_QUEUE && pass != PASS_SECTIONS)
        draw_queue (self, cr, band, y, vp, pass == PASS_LABELS);
      else if (band->kind == ST_BAND_QUERY && pass == PASS_TRACKS)
        draw_spans (self, y, vp);
      else if (band->kind == ST_BAND_QUERY && pass == PASS_LABELS)
        draw_spans_label (self, cr, band, y, vp);
    }
}

/* The section whose tracks are under the top of the track area while its
 * header has scrolled above it: its header stays at the top, pushed up by
 * the next section's. FALSE when the top band's header is in its place. */
static gboolean
sticky_section (StTimelineRenderer *self, const StViewport *vp, guint *index, double *y)
{
  StTimelineLayout *layout = self->layout;
  guint             n = st_timeline_layout_get_n_bands (layout);
  gint              top = st_timeline_layout_band_at (layout, MAX (0, (int)vp->scroll_y));
  guint             section;

  if (top < 0)
    return FALSE;
  section = top;
  while (st_timeline_layout_get_band (layout, section)->kind != ST_BAND_SECTION)
    section--;
  if (st_timeline_layout_get_band (layout, section)->y >= vp->scroll_y)
    return FALSE;
  *index = section;
  *y = ST_RULER_HEIGHT;
  for (guint i = top + 1; i < n; i++)
    {
      const StBand *next = st_timeline_layout_get_band (layout, i);
      double        next_y = ST_RULER_HEIGHT + next->y - vp->scroll_y;

      if (next_y >= ST_RULER_HEIGHT + ST_LAYOUT_HEADER_HEIGHT)
        break;
      if (next->kind == ST_BAND_SECTION)
        {
          *y = next_y - ST_LAYOUT_HEADER_HEIGHT;
          break;
        }
    }
  return TRUE;
}

static void
draw_sticky_section (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp)
{
  guint  index;
  double y;

  if (sticky_section (self, vp, &index, &y))
    draw_section (self, cr, st_timeline_layout_get_band (self->layout, index), y, vp);
}

/* The section whose header is drawn at picture @y, in its place or kept at
 * the top; -1 when no header is there. */
gint
st_timeline_renderer_section_at (StTimelineRenderer *self, const StViewport *vp, double y)
{
  guint         index;
  double        top;
  gint          band;
  const StBand *b;

  if (y < ST_RULER_HEIGHT)
    return -1;
  if (sticky_section (self, vp, &index, &top) && y < top + ST_LAYOUT_HEADER_HEIGHT)
    return index;
  band = st_timeline_layout_band_at (self->layout, (int)st_viewport_content_y (vp, y));
  if (band < 0)
    return -1;
  b = st_timeline_layout_get_band (self->layout, band);
  return b->kind == ST_BAND_SECTION ? band : -1;
}

static void
clip (cairo_t *cr, double x, double y, double w, double h)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
}

static void
draw_grid (StTimelineRenderer *self, cairo_t *cr, GArray *ticks, const StViewport *vp)
{
  set_color (cr, &self->palette.grid);
  for (guint i = 0; i < ticks->len; i++)
    cairo_rectangle (cr, floor (g_array_index (ticks, StRulerTick, i).x), ST_RULER_HEIGHT, 1,
                     vp->height - ST_RULER_HEIGHT);
  cairo_fill (cr);
}

/* Draws the frame: tracks, section headers, the label column, the ruler. */
void
st_timeline_renderer_draw (StTimelineRenderer *self, cairo_t *cr, const StViewport *vp)
{
  double             tx = st_viewport_track_x (vp), tw = st_viewport_track_width (vp);
  g_autoptr (GArray) ticks
      = st_time_ruler_fit (st_label_cache_scratch (self->labels), vp->start, vp->end, tx, tw);

  g_return_if_fail (self->layout != NULL);

  set_color (cr, &self->palette.background);
  cairo_paint (cr);
  clip (cr, tx, ST_RULER_HEIGHT, tw, vp->height - ST_RULER_HEIGHT);
  draw_grid (self, cr, ticks, vp);
  draw_bands (self, cr, vp, PASS_TRACKS);
  st_rect_batch_flush (self->rects, cr, self->palette.slices);
  st_row_painter_flush_labels (self->painter, cr, self->labels, &self->palette);
  cairo_restore (cr);

  clip (cr, 0, ST_RULER_HEIGHT, vp->width, vp->height - ST_RULER_HEIGHT);
  set_color (cr, &self->palette.gutter);
  cairo_rectangle (cr, 0, ST_RULER_HEIGHT, vp->gutter, vp->height - ST_RULER_HEIGHT);
  cairo_fill (cr);
  draw_bands (self, cr, vp, PASS_SECTIONS);
  cairo_restore (cr);
  clip (cr, 0, ST_RULER_HEIGHT, vp->gutter - 1, vp->height - ST_RULER_HEIGHT);
  draw_bands (self, cr, vp, PASS_LABELS);
  cairo_restore (cr);
  clip (cr, 0, ST_RULER_HEIGHT, vp->width, vp->height - ST_RULER_HEIGHT);
  draw_sticky_section (self, cr, vp);
  cairo_restore (cr);
  set_color (cr, &self->palette.grid);
  cairo_rectangle (cr, vp->gutter - 1, 0, 1, vp->height);
  cairo_fill (cr);

  set_color (cr, &self->palette.gutter);
  cairo_rectangle (cr, 0, 0, vp->gutter, ST_RULER_HEIGHT);
  cairo_fill (cr);
  st_time_ruler_draw (cr, st_label_cache_scratch (self->labels), &self->palette, ticks, tx, tw);
}

/* Where @ref is drawn, in picture coordinates; FALSE when its track is
 * collapsed. A slice thinner than a pixel gets one pixel. */
gboolean
st_timeline_renderer_event_rect (StTimelineRenderer *self,
                                 const StViewport   *vp,
                                 StEventRef          ref,
                                 cairo_rectangle_t  *rect)
{
  const StTrack *t = st_trace_get_track (self->trace, ref.track);
  gint           band_index = st_timeline_layout_track_band (self->layout, ref.track);
  const StBand  *band;
  double         y, x0, x1;

  if (band_index < 0)
    return FALSE;
  band = st_timeline_layout_get_band (self->layout, band_index);
  y = ST_RULER_HEIGHT + band->y - vp->scroll_y;
  if (ref.kind == ST_EVENT_SLICE)
    {
      const StSlice *s = &t->slices[ref.index];
      x0 = st_viewport_x_at (vp, s->start);
      x1 = MAX (x0 + 1, st_viewport_x_at (vp, s->start + s->dur));
      *rect = (cairo_rectangle_t){ x0, y + s->depth * ST_LAYOUT_ROW_HEIGHT + 1, x1 - x0,
                                   ST_LAYOUT_ROW_HEIGHT - 2 };
      return TRUE;
    }
  x0 = st_viewport_x_at (vp, t->instants[ref.index].ts);
  if (t->kind != ST_TRACK_INSTANTS)
    y += MAX (1, t->n_rows) * ST_LAYOUT_ROW_HEIGHT;
  *rect = (cairo_rectangle_t){ x0 - 1, y + 1, 4, ST_LAYOUT_INSTANT_HEIGHT - 2 };
  return TRUE;
}

/* Where span @index of the query's result track is drawn, in picture
 * coordinates; FALSE when the track is not shown. */
gboolean
st_timeline_renderer_span_rect (StTimelineRenderer *self,
                                const StViewport   *vp,
                                guint               index,
                                cairo_rectangle_t  *rect)
{
  gint           band_index = st_timeline_layout_query_band (self->layout);
  const StSlice *s;
  double         y, x0, x1;

  if (band_index < 0 || self->spans == NULL || index >= st_span_track_get_n_spans (self->spans))
    return FALSE;
  s = &st_span_track_get_slices (self->spans)[index];
  y = ST_RULER_HEIGHT + st_timeline_layout_get_band (self->layout, band_index)->y - vp->scroll_y;
  x0 = st_viewport_x_at (vp, s->start);
  x1 = MAX (x0 + 1, st_viewport_x_at (vp, s->start + s->dur));
  *rect = (cairo_rectangle_t){ x0, y + s->depth * ST_LAYOUT_ROW_HEIGHT + 1, x1 - x0,
                               ST_LAYOUT_ROW_HEIGHT - 2 };
  return TRUE;
}

/* The span of the query's result track drawn at (@x, @y), or within
 * @slop_px of it; FALSE when none is. */
gboolean
st_timeline_renderer_span_at (StTimelineRenderer *self,
                              const StViewport   *vp,
                              double              x,
                              double              y,
                              double              slop_px,
                              guint              *index)
{
  gint          band_index = st_timeline_layout_query_band (self->layout);
  const StBand *band;
  double        row;
  gint64        slop;

  if (band_index < 0 || self->spans == NULL || x < vp->gutter)
    return FALSE;
  band = st_timeline_layout_get_band (self->layout, band_index);
  row = (st_viewport_content_y (vp, y) - band->y) / ST_LAYOUT_ROW_HEIGHT;
  slop = (gint64)(slop_px * (vp->end - vp->start) / st_viewport_track_width (vp));
  return row >= 0
         && st_span_track_slice_at (self->spans, (guint)row, st_viewport_time_at (vp, x), slop,
                                    index);
}
