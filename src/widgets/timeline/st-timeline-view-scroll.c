/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-timeline-view-private.h"

#include "st-trace-query.h"

/* The timeline view's scrolling: the vertical adjustment over the rows,
 * the horizontal one over the trace's time, kept in step with the
 * session's range; zooming around the pointer, panning, and scrolling an
 * event into view. */

static double
area_height (StTimelineView *self)
{
  return MAX (1, gtk_widget_get_height (GTK_WIDGET (self)) - ST_RULER_HEIGHT);
}

void
_st_timeline_view_update_vadjustment (StTimelineView *self)
{
  double upper = self->layout ? st_timeline_layout_get_height (self->layout) : 0;
  double page = area_height (self);

  gtk_adjustment_configure (
      self->vadjustment,
      CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, MAX (0, upper - page)), 0, upper,
      ST_LAYOUT_ROW_HEIGHT * 3, page * 0.9, page);
}

void
_st_timeline_view_update_hadjustment (StTimelineView *self)
{
  gint64 start, end, trace_end;

  if (self->session == NULL)
    return;
  st_session_get_range (self->session, &start, &end);
  trace_end = st_trace_get_end_ns (st_session_get_trace (self->session));
  self->syncing = TRUE;
  gtk_adjustment_configure (self->hadjustment, start, MIN (0, start), MAX (trace_end, end),
                            (end - start) / 10.0, (end - start) * 0.9, end - start);
  self->syncing = FALSE;
}

static void
on_hadjustment_changed (GtkAdjustment *adjustment, StTimelineView *self)
{
  gint64 start, end;

  if (self->syncing || self->session == NULL)
    return;
  st_session_get_range (self->session, &start, &end);
  st_session_set_range (self->session, (gint64)gtk_adjustment_get_value (adjustment),
                        (gint64)gtk_adjustment_get_value (adjustment) + (end - start));
}

void
_st_timeline_view_init_adjustments (StTimelineView *self)
{
  self->vadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  self->hadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (gtk_widget_queue_draw),
                            self);
  g_signal_connect (self->hadjustment, "value-changed", G_CALLBACK (on_hadjustment_changed), self);
}

GtkAdjustment *
st_timeline_view_get_vadjustment (StTimelineView *self)
{
  return self->vadjustment;
}

GtkAdjustment *
st_timeline_view_get_hadjustment (StTimelineView *self)
{
  return self->hadjustment;
}

/* Where W/S zoom around: the pointer when it is over the tracks. */
gint64
_st_timeline_view_zoom_anchor (StTimelineView *self)
{
  StViewport vp;

  _st_timeline_view_get_viewport (self, &vp);
  if (self->pointer_inside && self->pointer_x >= vp.gutter)
    return st_viewport_time_at (&vp, self->pointer_x);
  return (vp.start + vp.end) / 2;
}

void
_st_timeline_view_start_pan (StTimelineView *self)
{
  gint64 end;

  self->dragging_pan = TRUE;
  st_session_get_range (self->session, &self->pan_start, &end);
  self->pan_scroll = gtk_adjustment_get_value (self->vadjustment);
}

void
_st_timeline_view_pan_by (StTimelineView *self, double dx, double dy)
{
  StViewport vp;
  gint64     start, end;

  _st_timeline_view_get_viewport (self, &vp);
  st_session_get_range (self->session, &start, &end);
  st_session_set_range (
      self->session, self->pan_start - (gint64)(dx * _st_timeline_view_ns_per_px (&vp)),
      self->pan_start - (gint64)(dx * _st_timeline_view_ns_per_px (&vp)) + (end - start));
  gtk_adjustment_set_value (self->vadjustment, self->pan_scroll - dy);
}

static void
scroll_to_row (StTimelineView *self, guint track, guint row)
{
  int    y = st_timeline_layout_row_y (self->layout, track, row);
  double top = gtk_adjustment_get_value (self->vadjustment), page = area_height (self);

  if (y < 0)
    return;
  /* the section's header stays over the top of the area */
  if (y < top + ST_LAYOUT_HEADER_HEIGHT || y + ST_LAYOUT_ROW_HEIGHT > top + page)
    gtk_adjustment_set_value (self->vadjustment, y - page / 2);
}

/* A view not laid out yet (the baseline's, shown a moment ago) scrolls
 * to the row once it has a height: scrolled now, it would centre the row
 * in a page of no height. */
void
_st_timeline_view_reveal (StSession      *session,
                          guint           track,
                          guint           index,
                          guint           kind,
                          StTimelineView *self)
{
  StTrace       *trace = st_session_get_trace (session);
  const StTrack *t = st_trace_get_track (trace, track);
  guint          row = kind == ST_EVENT_SLICE ? t->slices[index].depth : MAX (1, t->n_rows);

  self->reveal_track = track;
  self->reveal_row = t->kind == ST_TRACK_INSTANTS ? 0 : row;
  self->reveal_pending = gtk_widget_get_height (GTK_WIDGET (self)) <= ST_RULER_HEIGHT;
  if (!self->reveal_pending)
    scroll_to_row (self, self->reveal_track, self->reveal_row);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* From size_allocate: the row asked for before the view had a height. */
void
_st_timeline_view_reveal_pending (StTimelineView *self)
{
  if (!self->reveal_pending || self->layout == NULL
      || gtk_widget_get_height (GTK_WIDGET (self)) <= ST_RULER_HEIGHT)
    return;
  self->reveal_pending = FALSE;
  scroll_to_row (self, self->reveal_track, self->reveal_row);
}
