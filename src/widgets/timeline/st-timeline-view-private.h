/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-timeline-view-private.h: what the files of the timeline view share:
 * its instance; its geometry, hit testing and session in st-timeline-view.c;
 * its adjustments, zoom anchor, panning and revealing in
 * st-timeline-view-scroll.c; its keys, actions, mouse and wheel in
 * st-timeline-view-input.c; a track's menu and commands, and an event's
 * menu, in st-timeline-view-tracks.c; the streams' queue lengths, made on a
 * thread, in st-timeline-view-queues.c; the counter bands' readings in
 * st-timeline-view-counters.c; the query's result track in
 * st-timeline-view-query.c. */
#pragma once

#include "st-time-ruler.h"
#include "st-timeline-layout.h"
#include "st-timeline-overlay.h"
#include "st-job.h"
#include "st-queue-length.h"
#include "st-timeline-view.h"

G_BEGIN_DECLS

#define ST_TIMELINE_VIEW_GUTTER_WIDTH 240

struct _StTimelineView
{
  GtkWidget parent_instance;

  StSession          *session;
  GSignalGroup       *session_signals;
  GSignalGroup       *region_signals;
  GSignalGroup       *track_signals;
  GSignalGroup       *query_signals;
  StTimelineRenderer *renderer;
  StTimelineLayout   *layout;
  GtkAdjustment      *vadjustment;
  GtkAdjustment      *hadjustment;
  gboolean            syncing;

  double     pointer_x;
  double     pointer_y;
  gboolean   pointer_inside;
  int        last_height; /* at the last allocation */
  gboolean   has_hover;
  StEventRef hover;

  StDragKind drag;
  gboolean   dragging_pan;
  gboolean   moved; /* the primary button moved past the threshold */
  double     drag_x0, drag_y0, drag_x1, drag_y1;
  gint64     pan_start;
  double     pan_scroll;

  guint    glide_id;      /* the tick callback while W or S is held */
  guint    glide_keycode; /* of the key held, 0 for none */
  int      glide_direction;
  gboolean glide_fast;
  gint64   glide_pressed; /* µs, monotonic as the frame clock */
  gint64   glide_last;

  GtkPopover *track_menu;
  gint        menu_track; /* whose menu is open, -1 for none */
  GtkPopover *slice_menu; /* an event's: its name's distribution, zoom to it */
  GtkPopover *query_menu; /* the query track's */

  gboolean has_span_hover; /* a span of the query track under the pointer */
  guint    span_hover;

  gboolean reveal_pending; /* a row to scroll to once the view has a height */
  guint    reveal_track;
  guint    reveal_row;

  StQueueLength *queues; /* the trace's, once made; NULL before */
  StJob         *queues_job;

  GArray  *bands; /* StOverlayRegion of the session's regions */
  gboolean bands_dirty;
  gboolean over_tab;
};

void     _st_timeline_view_get_viewport (StTimelineView *self, StViewport *vp);
double   _st_timeline_view_ns_per_px (const StViewport *vp);
gboolean _st_timeline_view_event_at (StTimelineView *self, double x, double y, StEventRef *out);
/* The region whose tab is at (@x, @y), transfer full, or NULL. */
StRegion *_st_timeline_view_region_at (StTimelineView *self, double x, double y);

void   _st_timeline_view_init_adjustments (StTimelineView *self);
void   _st_timeline_view_update_vadjustment (StTimelineView *self);
void   _st_timeline_view_update_hadjustment (StTimelineView *self);
gint64 _st_timeline_view_zoom_anchor (StTimelineView *self);
void   _st_timeline_view_start_pan (StTimelineView *self);
void   _st_timeline_view_pan_by (StTimelineView *self, double dx, double dy);
void   _st_timeline_view_reveal_pending (StTimelineView *self);
void   _st_timeline_view_reveal (StSession      *session,
                                 guint           track,
                                 guint           index,
                                 guint           kind,
                                 StTimelineView *self);

void _st_timeline_view_rebuild_layout (StTimelineView *self);
void _st_timeline_view_ensure_queues (StTimelineView *self);
void _st_timeline_view_drop_queues (StTimelineView *self);
/* Per track, the queue lengths to draw under the streams, or NULL. */
const StCounterSeries *const *_st_timeline_view_get_queues (StTimelineView *self);

char   *_st_timeline_view_dup_counter_readout (StTimelineView *self, double x, double y);
GArray *_st_timeline_view_counters_in_box (StTimelineView *self, double y0, double y1);

GSignalGroup *_st_timeline_view_follow_query (StTimelineView *self);
void          _st_timeline_view_sync_query (StTimelineView *self);
guint         _st_timeline_view_query_rows (StTimelineView *self);
void          _st_timeline_view_fill_query_overlay (StTimelineView *self, StOverlay *o);
gboolean      _st_timeline_view_span_at (StTimelineView *self, double x, double y, guint *index);
void          _st_timeline_view_hover_span (StTimelineView *self, double x, double y);
char         *_st_timeline_view_dup_span_tooltip (StTimelineView *self, double x, double y);
gboolean      _st_timeline_view_click_span (StTimelineView *self, double x, double y);
gboolean      _st_timeline_view_open_query_menu (StTimelineView *self, double x, double y);
void          _st_timeline_view_install_query_actions (GtkWidgetClass *widget_class);

void     _st_timeline_view_install_actions (GtkWidgetClass *widget_class);
void     _st_timeline_view_install_track_actions (GtkWidgetClass *widget_class);
void     _st_timeline_view_add_track_menu (StTimelineView *self);
gboolean _st_timeline_view_open_track_menu (StTimelineView *self, double x, double y);
gboolean _st_timeline_view_open_slice_menu (StTimelineView *self, double x, double y);
void     _st_timeline_view_add_controllers (StTimelineView *self);

G_END_DECLS
