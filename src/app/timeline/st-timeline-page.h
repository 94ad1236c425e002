/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-timeline-page.h: the timeline of a profile with its toolbar (tools,
 * zoom, flow events, annotations), the find bar, the details pane with one
 * operation's distribution beside it (Ctrl+I) and the Annotations panel at
 * the right; with a baseline, the baseline's timeline over it, the two
 * zoomed and panned together. The panel's actions are the page's
 * "regions" group, with their keys ([ ] Delete F2 c r Ctrl+H Ctrl+Z …). */
#pragma once

#include <gtk/gtk.h>

#include "st-annotations-panel.h"
#include "st-distribution-pane.h"
#include "st-session.h"
#include "st-timeline-view.h"

G_BEGIN_DECLS

#define ST_TYPE_TIMELINE_PAGE (st_timeline_page_get_type ())

G_DECLARE_FINAL_TYPE (StTimelinePage, st_timeline_page, ST, TIMELINE_PAGE, GtkWidget)

GtkWidget          *st_timeline_page_new (void);
void                st_timeline_page_set_trace (StTimelinePage *self, StTrace *trace);
void                st_timeline_page_set_settings (StTimelinePage *self, GSettings *settings);
StSession          *st_timeline_page_get_session (StTimelinePage *self);
StTimelineView     *st_timeline_page_get_view (StTimelinePage *self);
StAnnotationsPanel *st_timeline_page_get_annotations (StTimelinePage *self);
gboolean            st_timeline_page_get_show_annotations (StTimelinePage *self);
void                st_timeline_page_set_show_annotations (StTimelinePage *self, gboolean show);
void                st_timeline_page_start_find (StTimelinePage *self);
gboolean            st_timeline_page_get_show_baseline (StTimelinePage *self);
void                st_timeline_page_set_show_baseline (StTimelinePage *self, gboolean show);
void                st_timeline_page_show_distribution (StTimelinePage *self, const char *name);
StDistributionPane *st_timeline_page_get_distribution (StTimelinePage *self);

G_END_DECLS
