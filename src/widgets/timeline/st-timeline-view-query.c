/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-timeline-view-private.h"

#include "st-format.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* The timeline view's query result track (docs/sql.md, "The Query
 * page"): drawn first of the pinned tracks while the session's query
 * track has spans; hovering a span tells its row's values, a click
 * selects the row in the Query page, and the track's menu (a right click
 * on its name) removes it, which a toast offers to undo. */

#define SPAN_SLOP_PX 3.0

static StQueryTrack *
query_track (StTimelineView *self)
{
  return self->session != NULL ? st_session_get_query_track (self->session) : NULL;
}

/* The rows the layout gives the query track: 0 without spans. */
guint
_st_timeline_view_query_rows (StTimelineView *self)
{
  StQueryTrack *track = query_track (self);
  StSpanTrack  *spans = track != NULL ? st_query_track_get_spans (track) : NULL;

  return spans != NULL ? MAX (1, st_span_track_get_n_rows (spans)) : 0;
}

/* The renderer draws what the session's query track holds now. */
void
_st_timeline_view_sync_query (StTimelineView *self)
{
  StQueryTrack *track = query_track (self);

  self->has_span_hover = FALSE;
  if (self->renderer != NULL)
    st_timeline_renderer_set_spans (self->renderer,
                                    track != NULL ? st_query_track_get_spans (track) : NULL,
                                    track != NULL ? st_query_track_get_n_rows (track) : 0);
}

static void
on_query_changed (StTimelineView *self)
{
  gboolean had = self->layout != NULL && st_timeline_layout_query_band (self->layout) >= 0;

  _st_timeline_view_sync_query (self);
  _st_timeline_view_rebuild_layout (self);
  /* a new result shows at the top */
  if (!had && _st_timeline_view_query_rows (self) > 0)
    gtk_adjustment_set_value (self->vadjustment, 0);
}

GSignalGroup *
_st_timeline_view_follow_query (StTimelineView *self)
{
  GSignalGroup *group = g_signal_group_new (ST_TYPE_QUERY_TRACK);

  g_signal_group_connect_swapped (group, "changed", G_CALLBACK (on_query_changed), self);
  return group;
}

void
_st_timeline_view_fill_query_overlay (StTimelineView *self, StOverlay *o)
{
  StQueryTrack *track = query_track (self);
  StSpanTrack  *spans = track != NULL ? st_query_track_get_spans (track) : NULL;
  gint          selected = track != NULL ? st_query_track_get_selected (track) : -1;

  if (spans == NULL)
    return;
  o->query_matches = st_query_track_get_slices (track);
  o->has_span_selected
      = selected >= 0 && st_span_track_find_item (spans, (guint)selected, &o->span_selected);
  o->has_span_hover = self->has_span_hover;
  o->span_hover = self->span_hover;
}

/* The span drawn at (@x, @y), if any (thin ones within a few pixels). */
gboolean
_st_timeline_view_span_at (StTimelineView *self, double x, double y, guint *index)
{
  StViewport vp;

  if (self->renderer == NULL || self->layout == NULL || query_track (self) == NULL
      || st_query_track_get_spans (query_track (self)) == NULL || y < ST_RULER_HEIGHT)
    return FALSE;
  _st_timeline_view_get_viewport (self, &vp);
  if (st_timeline_renderer_section_at (self->renderer, &vp, y) >= 0)
    return FALSE;
  return st_timeline_renderer_span_at (self->renderer, &vp, x, y, SPAN_SLOP_PX, index);
}

void
_st_timeline_view_hover_span (StTimelineView *self, double x, double y)
{
  guint    index = 0;
  gboolean has = _st_timeline_view_span_at (self, x, y, &index);

  if (has != self->has_span_hover || (has && index != self->span_hover))
    {
      self->has_span_hover = has;
      self->span_hover = index;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* The row of the span at (@x, @y) as markup: its number, its span in
 * the units a person reads ("401.0 µs at 80.39 ms"), then a line per
 * column; NULL when no span is there. */
char *
_st_timeline_view_dup_span_tooltip (StTimelineView *self, double x, double y)
{
  StQueryTrack    *track = query_track (self);
  guint            index;
  guint            item;
  const StSlice   *span;
  g_autofree char *values = NULL, *dur = NULL, *at = NULL;

  if (!_st_timeline_view_span_at (self, x, y, &index))
    return NULL;
  span = &st_span_track_get_slices (st_query_track_get_spans (track))[index];
  item = st_span_track_get_item (st_query_track_get_spans (track), index);
  values = st_query_track_dup_description (track, item);
  dur = st_format_duration (span->dur);
  at = st_format_duration (span->start);
  /* Translators: a row of the query's result, its duration and start */
  return g_markup_printf_escaped (_ ("<b>Row %u</b> · %s at %s\n%s"), item + 1, dur, at,
                                  values != NULL ? values : "");
}

/* A click on a span selects its row; FALSE when no span is there. */
gboolean
_st_timeline_view_click_span (StTimelineView *self, double x, double y)
{
  StQueryTrack *track = query_track (self);
  guint         index;
  guint         item;

  if (!_st_timeline_view_span_at (self, x, y, &index))
    return FALSE;
  item = st_span_track_get_item (st_query_track_get_spans (track), index);
  st_query_track_set_selected (track, (gint)item);
  st_query_track_activate (track, item);
  return TRUE;
}

typedef struct
{
  StSpanTrack *spans;
  guint64      n_rows;
  GArray      *slices;
} Removed;

static void
removed_free (Removed *removed)
{
  st_span_track_unref (removed->spans);
  g_clear_pointer (&removed->slices, g_array_unref);
  g_free (removed);
}

static void
on_undo_remove (AdwToast *toast, StTimelineView *self)
{
  Removed      *removed = g_object_get_data (G_OBJECT (toast), "removed");
  StQueryTrack *track = query_track (self);

  /* unless another query's track took its place meanwhile */
  if (track != NULL && st_query_track_get_spans (track) == NULL)
    st_query_track_set_spans (track, removed->spans, removed->n_rows, removed->slices);
}

static void
remove_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTimelineView *self = ST_TIMELINE_VIEW (widget);
  StQueryTrack   *track = query_track (self);
  GtkWidget      *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  Removed        *removed;
  AdwToast       *toast;

  if (track == NULL || st_query_track_get_spans (track) == NULL)
    return;
  removed = g_new0 (Removed, 1);
  removed->spans = st_span_track_ref (st_query_track_get_spans (track));
  removed->n_rows = st_query_track_get_n_rows (track);
  removed->slices = st_query_track_get_slices (track) != NULL
                        ? g_array_ref (st_query_track_get_slices (track))
                        : NULL;
  st_query_track_set_spans (track, NULL, 0, NULL);
  if (overlay == NULL)
    {
      removed_free (removed);
      return;
    }
  toast = adw_toast_new (_ ("Query results removed from the timeline"));
  adw_toast_set_button_label (toast, _ ("_Undo"));
  g_object_set_data_full (G_OBJECT (toast), "removed", removed, (GDestroyNotify)removed_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_remove), self, 0);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

/* Opens the query track's menu when its name is at (@x, @y). */
gboolean
_st_timeline_view_open_query_menu (StTimelineView *self, double x, double y)
{
  StViewport vp;
  gint       band;

  if (self->layout == NULL || (band = st_timeline_layout_query_band (self->layout)) < 0)
    return FALSE;
  _st_timeline_view_get_viewport (self, &vp);
  if (x >= vp.gutter || st_timeline_renderer_section_at (self->renderer, &vp, y) >= 0
      || st_timeline_layout_band_at (self->layout, (int)st_viewport_content_y (&vp, y)) != band)
    return FALSE;
  gtk_popover_set_pointing_to (self->query_menu, &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup (self->query_menu);
  return TRUE;
}

void
_st_timeline_view_install_query_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.remove-query-track", NULL,
                                   remove_action);
}
