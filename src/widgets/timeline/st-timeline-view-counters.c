/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-counter-reading.h"
#include "st-format.h"
#include "st-timeline-view-private.h"

#include <glib/gi18n.h>

/* The timeline view's counter bands read as docs/metrics.md 19.3 says: a
 * counter track's series, or the queue length under a stream's track. */

/* The band under (@x, @y) when it is a counter band; FALSE otherwise. */
static gboolean
counter_band_at (StTimelineView *self, double y, StCounterRef *out)
{
  StViewport     vp;
  gint           index;
  const StBand  *band;
  const StTrack *t;

  if (self->session == NULL || self->layout == NULL || y < ST_RULER_HEIGHT)
    return FALSE;
  _st_timeline_view_get_viewport (self, &vp);
  if (st_timeline_renderer_section_at (self->renderer, &vp, y) >= 0)
    return FALSE;
  index = st_timeline_layout_band_at (self->layout, (int)st_viewport_content_y (&vp, y));
  if (index < 0)
    return FALSE;
  band = st_timeline_layout_get_band (self->layout, index);
  out->track = band->track;
  out->queue = band->kind == ST_BAND_QUEUE;
  if (out->queue)
    return st_timeline_layout_get_queue (self->layout, band->track) != NULL;
  t = st_trace_get_track (st_session_get_trace (self->session), band->track);
  return band->kind == ST_BAND_TRACK && t->kind == ST_TRACK_COUNTER && t->n_series > 0;
}

/* The series of @ref: the queue's one, or the counter track's. */
static const StCounterSeries *
ref_series (StTimelineView *self, StCounterRef ref, guint *n_series)
{
  const StTrack *t;

  if (ref.queue)
    {
      *n_series = 1;
      return st_timeline_layout_get_queue (self->layout, ref.track);
    }
  t = st_trace_get_track (st_session_get_trace (self->session), ref.track);
  *n_series = t->n_series;
  return t->series;
}

/* "Queue length · stream 7" for a queue, the track's name otherwise. */
static char *
dup_counter_title (StTrace *trace, StCounterRef ref)
{
  const char *name = st_trace_get_string (trace, st_trace_get_track (trace, ref.track)->name);

  /* Translators: the queue length band of a GPU stream, and the stream's name */
  return ref.queue ? g_strdup_printf (_ ("Queue length · %s"), name) : g_strdup (name);
}

/* The hover readout of the counter band at (@x, @y) (docs/metrics.md
 * 19.3), as tooltip markup; NULL when no counter band is there. */
char *
_st_timeline_view_dup_counter_readout (StTimelineView *self, double x, double y)
{
  StTrace               *trace;
  StCounterRef           ref;
  StViewport             vp;
  const StCounterSeries *series;
  guint                  n_series, n_read = 0;
  gint64                 t;
  g_autofree char       *title = NULL, *at = NULL, *line = NULL;
  GString               *s;

  _st_timeline_view_get_viewport (self, &vp);
  if (x < vp.gutter || !counter_band_at (self, y, &ref))
    return NULL;
  trace = st_session_get_trace (self->session);
  t = st_viewport_time_at (&vp, x);
  series = ref_series (self, ref, &n_series);
  title = dup_counter_title (trace, ref);
  s = g_string_new (NULL);
  g_string_append_printf (s, "<b>%s</b>", title);
  for (guint i = 0; i < n_series; i++)
    {
      double           value;
      gint64           since;
      g_autofree char *v = NULL, *when = NULL, *text = NULL;

      if (!st_counter_series_value_at (&series[i], t, &value, &since))
        continue;
      v = st_counter_format_value (series[i].unit, value);
      when = st_format_duration (since);
      /* Translators: a counter's series, its value, and since when it holds */
      text = g_markup_printf_escaped (
          _ ("%s: <b>%s</b> since %s"),
          ref.queue ? _ ("Queue length") : st_trace_get_string (trace, series[i].name), v, when);
      g_string_append_printf (s, "\n%s", text);
      n_read++;
    }
  if (n_read == 0)
    g_string_append_printf (s, "\n%s", _ ("No value yet"));
  at = st_format_duration (t);
  /* Translators: the time under the pointer */
  line = g_markup_printf_escaped (_ ("at %s"), at);
  g_string_append_printf (s, "\n<span alpha=\"70%%\">%s</span>", line);
  return g_string_free (s, FALSE);
}

/* The counter bands (StCounterRef) a box from @y0 to @y1 touches. */
GArray *
_st_timeline_view_counters_in_box (StTimelineView *self, double y0, double y1)
{
  GArray *counters = g_array_new (FALSE, FALSE, sizeof (StCounterRef));

  for (double y = MIN (y0, y1); y <= MAX (y0, y1) + 1; y += 2)
    {
      StCounterRef ref;

      if (!counter_band_at (self, y, &ref))
        continue;
      if (counters->len > 0)
        {
          StCounterRef *last = &g_array_index (counters, StCounterRef, counters->len - 1);
          if (last->track == ref.track && last->queue == ref.queue)
            continue;
        }
      g_array_append_val (counters, ref);
    }
  return counters;
}
