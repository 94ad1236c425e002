/* st-flow-resolver.h: flow events (s/t/f and flow v2) to arrows between
 * slices.
 *
 * Endpoints are matched by their key (a hash of cat, name, scope and id for
 * v1, of bind_id for v2). v1 endpoints are chained in time order: `s` binds to the
 * slice enclosing it on its thread; `t` and `f` to the enclosing slice when
 * they carry bp "e", else to the next slice that starts on their thread (or,
 * when none starts later, the enclosing one). v2 endpoints are the X/B events
 * carrying bind_id with flow_out / flow_in, chained in time order.
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

GArray *st_flow_resolve (StRawFlow     *flows,
                         gsize          n_flows,
                         const guint   *track_map,
                         const StTrack *tracks,
                         guint          n_tracks,
                         gint64         origin,
                         StFlowIssues  *issues);

G_END_DECLS
