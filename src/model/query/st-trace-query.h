/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-query.h: questions the timeline asks of a trace: which slice is
 * here, which comes next, how long a slice ran without its children, which
 * flows leave or enter it. */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

gboolean st_trace_find_slice_at (StTrace    *self,
                                 guint       track,
                                 guint       row,
                                 gint64      time,
                                 gint64      slop,
                                 StSliceRef *out);
gboolean
st_trace_find_instant_at (StTrace *self, guint track, gint64 time, gint64 slop, StEventRef *out);
gboolean st_trace_step_slice (StTrace *self, StSliceRef ref, int direction, StSliceRef *out);
gint64   st_trace_get_self_time (StTrace *self, StSliceRef ref);
gboolean st_trace_get_parent (StTrace *self, StSliceRef ref, StSliceRef *out);
char    *st_trace_dup_track_label (StTrace *self, guint track);
guint    st_trace_get_row_of (StTrace *self, StSliceRef ref);
const guint32 *
st_trace_get_slice_flows (StTrace *self, StSliceRef ref, gboolean outgoing, guint *n_flows);

guint st_trace_get_flows_in_range (StTrace *self, gint64 start, gint64 end, guint max, GArray *out);

gint64     st_event_get_start (StTrace *self, StEventRef ref);
gint64     st_event_get_duration (StTrace *self, StEventRef ref);
StStringId st_event_get_name (StTrace *self, StEventRef ref);
StStringId st_event_get_category (StTrace *self, StEventRef ref);
guint64    st_event_get_offset (StTrace *self, StEventRef ref);
gboolean   st_event_equal (StEventRef a, StEventRef b);

static inline StEventRef
st_event_ref_for_slice (StSliceRef ref)
{
  return (StEventRef){ ref.track, ref.index, ST_EVENT_SLICE };
}

G_END_DECLS
