/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-session.h: what a person is looking at in a trace, apart from the
 * trace itself: the visible time range, the tool, the selection, the marked
 * range, the timing measurement, the find results, which sections are
 * collapsed, how the tracks are arranged, whether all flows show; and the profile's regions, the
 * one selected, the (up to three) picked for comparison and which profile file they belong to.
 * Widgets bind to it; actions call it.
 */
#pragma once

#include <gio/gio.h>

#include "st-profile-identity.h"
#include "st-query-track.h"
#include "st-region-set.h"
#include "st-saved-queries.h"
#include "st-track-arrangement.h"
#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_SESSION (st_session_get_type ())

G_DECLARE_FINAL_TYPE (StSession, st_session, ST, SESSION, GObject)

typedef struct _StBaseline StBaseline; /* st-baseline.h */

typedef enum
{
  ST_TOOL_SELECT,
  ST_TOOL_PAN,
  ST_TOOL_ZOOM,
  ST_TOOL_TIMING,
} StTool;

typedef enum
{
  ST_SELECT_REPLACE,
  ST_SELECT_TOGGLE,
  ST_SELECT_ADD,
} StSelectMode;

/* A counter band of the timeline: a counter track, or the queue length
 * drawn under a stream's track (docs/metrics.md 10.4). */
typedef struct
{
  guint    track;
  gboolean queue;
} StCounterRef;

StSession          *st_session_new (StTrace *trace);
StTrace            *st_session_get_trace (StSession *self);
StTrackArrangement *st_session_get_track_arrangement (StSession *self);
StQueryTrack       *st_session_get_query_track (StSession *self);
StSavedQueries     *st_session_get_saved_queries (StSession *self);

void     st_session_get_range (StSession *self, gint64 *start, gint64 *end);
void     st_session_set_range (StSession *self, gint64 start, gint64 end);
void     st_session_set_extent (StSession *self, gint64 start, gint64 end);
void     st_session_zoom (StSession *self, double factor, gint64 anchor);
void     st_session_pan (StSession *self, gint64 delta);
void     st_session_fit_all (StSession *self);
gboolean st_session_fit_selection (StSession *self);
gint64   st_session_get_min_span (StSession *self);

StTool st_session_get_tool (StSession *self);
void   st_session_set_tool (StSession *self, StTool tool);

GArray  *st_session_get_selection (StSession *self);
void     st_session_select (StSession *self, StEventRef ref, StSelectMode mode);
void     st_session_select_many (StSession *self, GArray *refs, StSelectMode mode);
void     st_session_select_box (StSession   *self,
                                GArray      *refs,
                                GArray      *counters,
                                gint64       start,
                                gint64       end,
                                StSelectMode mode);
gboolean st_session_get_selection_box (StSession *self, gint64 *start, gint64 *end);
GArray  *st_session_get_box_counters (StSession *self);
void     st_session_select_same_name (StSession *self, StEventRef ref);
void     st_session_clear_selection (StSession *self);
gboolean st_session_is_selected (StSession *self, StEventRef ref);
gboolean st_session_get_selection_span (StSession *self, gint64 *start, gint64 *end);

gboolean st_session_get_marked (StSession *self, gint64 *start, gint64 *end);
gboolean st_session_mark_selection (StSession *self);
void     st_session_clear_marked (StSession *self);
gboolean st_session_get_timing (StSession *self, gint64 *start, gint64 *end);
void     st_session_set_timing (StSession *self, gint64 start, gint64 end);

gboolean st_session_get_show_flows (StSession *self);
void     st_session_set_show_flows (StSession *self, gboolean show);

GHashTable *st_session_get_collapsed (StSession *self);
void        st_session_toggle_section (StSession *self, guint process);
void        st_session_expand_section (StSession *self, guint process);

void     st_session_set_find_results (StSession *self, GArray *results);
GArray  *st_session_get_find_results (StSession *self);
gint     st_session_get_find_current (StSession *self);
gboolean st_session_find_step (StSession *self, int direction);

void st_session_reveal (StSession *self, StEventRef ref);
void st_session_reveal_row (StSession *self, StEventRef ref);

/* Regions. */

#define ST_SESSION_MAX_COMPARE 3

StRegionSet             *st_session_get_regions (StSession *self);
StRegion                *st_session_get_selected_region (StSession *self);
void                     st_session_set_selected_region (StSession *self, StRegion *region);
void                     st_session_zoom_to_region (StSession *self, StRegion *region);
void                     st_session_reveal_region (StSession *self, StRegion *region);
GPtrArray               *st_session_get_compare_regions (StSession *self);
gint                     st_session_get_compare_index (StSession *self, StRegion *region);
void                     st_session_toggle_compare (StSession *self, StRegion *region);
const StProfileIdentity *st_session_get_profile_identity (StSession *self);

/* A second profile compared against this one ("Compare with…"), or NULL. */
StBaseline *st_session_get_baseline (StSession *self);
void        st_session_set_baseline (StSession *self, StBaseline *baseline);
void        st_session_set_profile_identity (StSession *self, const StProfileIdentity *identity);
void        st_session_set_input_files (StSession *self, GFile *const *files, guint n_files);
gboolean    st_session_check_output (StSession *self, GFile *output, GError **error);

G_END_DECLS
