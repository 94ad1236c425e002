/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-flow-resolver.h: flow events (s/t/f and flow v2) to arrows between
 * slices.
 *
 * Endpoints are matched by their key (a hash of cat, name, scope and id for
 * v1, of bind_id for v2). v1 endpoints are chained in time order: `s` binds to the
 * slice enclosing it on its thread; `t` and `f` to the enclosing slice when
 * they carry bp "e", else to the next slice that starts on their thread (or,
 * when none starts later, the enclosing one). v2 endpoints are the X/B events
 * carrying bind_id with flow_out / flow_in, chained in time order.
 *
 * Binding an endpoint to its slice needs only its own track, laid out: each
 * track's flows are bound as that track is laid out (on the thread that
 * lays it out, its slices still in the cache), then linking chains them
 * all.
 */
#pragma once

#include "st-slice-layout.h"
#include "st-trace-builder.h"

G_BEGIN_DECLS

typedef struct
{
  StLayoutIssue unmatched; /* a step or end with no start before it */
  StLayoutIssue unbound;   /* an endpoint with no slice to attach to */
} StFlowIssues;

/* The flows grouped by their raw track, for binding each track's as it is
 * laid out. */
typedef struct _StFlowQueries StFlowQueries;

StFlowQueries         *
st_flow_queries_new (const StRawFlow *flows, gsize n_flows, guint n_tracks, gint64 origin);
void    st_flow_queries_free (StFlowQueries *queries);
guint   st_flow_queries_count (const StFlowQueries *queries, guint track);
void    st_flow_bind_track (StFlowQueries *queries,
                            StRawFlow     *flows,
                            guint          track,
                            const StTrack *track_slices);
StFlow *st_flow_link (StRawFlow    *flows,
                      gsize         n_flows,
                      const guint  *track_map,
                      StFlowIssues *issues,
                      gsize        *n_arrows);

G_END_DECLS
