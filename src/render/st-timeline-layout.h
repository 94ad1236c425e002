/* st-timeline-layout.h: where each process section and track sits
 * vertically in the timeline.
 *
 * Bands stack from y = 0: a header per section (process, or the global
 * row), then its tracks unless the section is collapsed. A slice track is as
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
} StBandKind;

typedef struct
{
  StBandKind kind;
  guint      process; /* ST_NO_PROCESS for the global section */
  guint      track;   /* for ST_BAND_TRACK */
  int        y;
  int        height;
  gboolean   collapsed; /* for ST_BAND_SECTION */
} StBand;

typedef struct _StTimelineLayout StTimelineLayout;

StTimelineLayout *st_timeline_layout_new (StTrace *trace, GHashTable *collapsed);
void              st_timeline_layout_free (StTimelineLayout *self);
guint             st_timeline_layout_get_n_bands (StTimelineLayout *self);
const StBand     *st_timeline_layout_get_band (StTimelineLayout *self, guint index);
int               st_timeline_layout_get_height (StTimelineLayout *self);
gint              st_timeline_layout_band_at (StTimelineLayout *self, int y);
gint              st_timeline_layout_track_band (StTimelineLayout *self, guint track);
gboolean st_timeline_layout_row_at (StTimelineLayout *self, int y, guint *track, guint *row);
int      st_timeline_layout_row_y (StTimelineLayout *self, guint track, guint row);
int      st_timeline_track_height (const StTrack *track);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StTimelineLayout, st_timeline_layout_free)

G_END_DECLS
