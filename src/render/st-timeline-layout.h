/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-timeline-layout.h: where each process section and track sits
 * vertically in the timeline.
 *
 * Bands stack from y = 0: a header per section (the pinned tracks, a
 * process, or the global row), then its tracks unless the section is
 * collapsed; hidden tracks have no band. A slice track is as
 * tall as its rows; instants and counters have fixed heights.
 */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_LAYOUT_HEADER_HEIGHT  24
#define ST_LAYOUT_ROW_HEIGHT     18
#define ST_LAYOUT_INSTANT_HEIGHT 16
#define ST_LAYOUT_COUNTER_HEIGHT 40
#define ST_LAYOUT_TRACK_GAP      4

typedef enum
{
  ST_BAND_SECTION,
  ST_BAND_TRACK,
  ST_BAND_QUEUE, /* a stream's queue length, under its track (docs/metrics.md 10.4) */
  ST_BAND_QUERY, /* the query's result track, first of the pinned (docs/sql.md) */
} StBandKind;

typedef struct
{
  StBandKind kind;
  guint      process; /* ST_NO_PROCESS for the global section, ST_LAYOUT_PINNED */
  guint      track;   /* for ST_BAND_TRACK, and the stream of ST_BAND_QUEUE */
  int        y;
  int        height;
  gboolean   collapsed; /* for ST_BAND_SECTION */
} StBand;

/* The section of the pinned tracks, at the top. */
#define ST_LAYOUT_PINNED (G_MAXUINT - 1)
/* The sections of device tracks by stream across ranks: the compute
 * streams, the communication streams, the other device tracks. */
#define ST_LAYOUT_COMPUTE       (G_MAXUINT - 2)
#define ST_LAYOUT_COMMUNICATION (G_MAXUINT - 3)
#define ST_LAYOUT_DEVICE        (G_MAXUINT - 4)

/* Which tracks to show and in what order: the first @n_pinned go in the
 * pinned section, the others in @sections (one per track: a process, or
 * one of the sections above), or their processes' sections when NULL. A
 * track whose entry of @queues (indexed by track, or NULL for none) is
 * not NULL has its queue length in a band under it. A plan with
 * @query_rows rows of a query's result track has it first in the pinned
 * section. */
typedef struct
{
  const guint                  *tracks;
  const guint                  *sections;
  guint                         n_tracks;
  guint                         n_pinned;
  const StCounterSeries *const *queues;
  guint                         query_rows;
} StTrackPlan;

typedef struct _StTimelineLayout StTimelineLayout;

StTimelineLayout *st_timeline_layout_new (StTrace *trace, GHashTable *collapsed);
StTimelineLayout *
st_timeline_layout_new_planned (StTrace *trace, GHashTable *collapsed, const StTrackPlan *plan);
void          st_timeline_layout_free (StTimelineLayout *self);
guint         st_timeline_layout_get_n_bands (StTimelineLayout *self);
const StBand *st_timeline_layout_get_band (StTimelineLayout *self, guint index);
int           st_timeline_layout_get_height (StTimelineLayout *self);
gint          st_timeline_layout_band_at (StTimelineLayout *self, int y);
gint          st_timeline_layout_track_band (StTimelineLayout *self, guint track);
/* The band of the query's result track, or -1 when it has none or the
 * pinned section is collapsed. */
gint                   st_timeline_layout_query_band (StTimelineLayout *self);
const StCounterSeries *st_timeline_layout_get_queue (StTimelineLayout *self, guint track);
gboolean st_timeline_layout_row_at (StTimelineLayout *self, int y, guint *track, guint *row);
int      st_timeline_layout_row_y (StTimelineLayout *self, guint track, guint row);
int      st_timeline_track_height (const StTrack *track);
char    *st_timeline_layout_dup_section_title (StTrace *trace, const StBand *band);
char    *st_timeline_layout_dup_track_title (StTrace *trace, const StBand *band, gsize *tail);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StTimelineLayout, st_timeline_layout_free)

G_END_DECLS
