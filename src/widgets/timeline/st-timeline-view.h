/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-timeline-view.h: the timeline of a session's trace, drawn by the
 * renderer from snapshot(), with the keys, tools and mouse of the trace
 * viewer: W/S zoom at the pointer, A/D pan, 1–4 tools, click and box
 * selection, flows, the marked range, the timing measurement and the
 * session's regions as bands (a click on a band's name selects it).
 */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"
#include "st-timeline-layout.h"

G_BEGIN_DECLS

#define ST_TYPE_TIMELINE_VIEW (st_timeline_view_get_type ())

G_DECLARE_FINAL_TYPE (StTimelineView, st_timeline_view, ST, TIMELINE_VIEW, GtkWidget)

GtkWidget     *st_timeline_view_new (void);
StSession     *st_timeline_view_get_session (StTimelineView *self);
void           st_timeline_view_set_session (StTimelineView *self, StSession *session);
GtkAdjustment *st_timeline_view_get_vadjustment (StTimelineView *self);
/* The bands as drawn now: the streams' queue lengths join them once they
 * are made (st_timeline_view_get_queues_ready()). */
StTimelineLayout *st_timeline_view_get_layout (StTimelineView *self);
gboolean          st_timeline_view_get_queues_ready (StTimelineView *self);
GtkAdjustment    *st_timeline_view_get_hadjustment (StTimelineView *self);
void              st_timeline_view_click (StTimelineView *self,
                                          double          x,
                                          double          y,
                                          int             n_press,
                                          GdkModifierType state);
void              st_timeline_view_drag (StTimelineView *self,
                                         double          x0,
                                         double          y0,
                                         double          x1,
                                         double          y1,
                                         GdkModifierType state);
char             *st_timeline_view_dup_tooltip (StTimelineView *self, double x, double y);

G_END_DECLS
