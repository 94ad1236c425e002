/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-session-private.h: what the files of StSession share: its fields
 * and the notifications one file asks of the other (st-session.c: the
 * view, the selection, marks, find and the baseline; st-session-regions.c:
 * the regions, the region selected and the picks for comparison). Not for
 * outside the session. */
#pragma once

#include "st-session.h"

G_BEGIN_DECLS

/* The narrowest view: a few nanoseconds per pixel is as deep as a trace in
 * nanoseconds goes. */
#define MIN_SPAN 50

struct _StSession
{
  GObject parent_instance;

  StTrace            *trace;
  gint64              start;
  gint64              end;
  gint64              extent_start; /* where the view may go: the trace, or more */
  gint64              extent_end;
  StTool              tool;
  GArray             *selection; /* StEventRef */
  gboolean            has_marked;
  gint64              marked_start;
  gint64              marked_end;
  gboolean            has_timing;
  gint64              timing_start;
  gint64              timing_end;
  gboolean            show_flows;
  GHashTable         *collapsed; /* process index + 1 (0: global) */
  gboolean            has_box;   /* the selection was made by dragging a box */
  gint64              box_start;
  gint64              box_end;
  GArray             *box_counters; /* StCounterRef: the counter bands the box touched */
  GArray             *found;        /* StEventRef */
  gint                found_current;
  StRegionSet        *regions;
  StRegion           *selected_region;
  GPtrArray          *compare; /* StRegion, oldest pick first */
  StProfileIdentity  *identity;
  GPtrArray          *inputs; /* GFile: the profile's files, never written */
  StTrackArrangement *tracks;
  StQueryTrack       *query_track;
  StSavedQueries     *saved_queries;
  StBaseline         *baseline;
};

/* st-session.c */
void st_session_notify_selected_region (StSession *self);
void st_session_notify_compare (StSession *self);

/* st-session-regions.c */
void st_session_on_regions_changed (GListModel *model,
                                    guint       position,
                                    guint       removed,
                                    guint       added,
                                    StSession  *self);

G_END_DECLS
