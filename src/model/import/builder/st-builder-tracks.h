/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-builder-tracks.h: the tracks of a trace being built, from its shard
 * once the later shards are merged into it.
 *
 * st_builder_tracks_lay_out() lays out every thread track (matching B/E,
 * nesting, lanes, levels of detail) on this thread and one more, appending
 * each track's parts from later shards as it goes and binding its flows
 * to its slices; st_builder_tracks_assemble() then makes the trace's
 * tracks — the thread tracks, the counters and the async tracks — names
 * them and orders them within their processes, the processes by their sort
 * index, name and pid.
 */
#pragma once

#include "st-slice-layout.h"
#include "st-trace-builder.h"

G_BEGIN_DECLS

/* The rows and lanes of each thread track, until they become tracks. */
typedef struct _StBuilderTracks StBuilderTracks;

/* Lays out every thread track of @shard; after a cancel, some are not laid
 * out. @shard must live as long as the result. */
StBuilderTracks *st_builder_tracks_lay_out (StBuilderShard   *shard,
                                            gint64            origin,
                                            gint64            trace_end,
                                            StLayoutIssues   *issues,
                                            GCancellable     *cancellable,
                                            StBuilderProgress progress,
                                            gpointer          progress_data);
/* Frees what was not handed to a track (all of it after a cancel). */
void st_builder_tracks_free (StBuilderTracks *self);
/* Makes the tracks of @trace, in the order of their processes, from the
 * laid-out thread tracks (@self, which this frees), the shard's counters
 * and @async_tracks; the trace takes the shard's strings. @raw_to_final
 * maps a raw track to its final index. */
void st_builder_tracks_assemble (StBuilderTracks *self,
                                 StTrace         *trace,
                                 GPtrArray       *async_tracks,
                                 guint           *raw_to_final);

G_END_DECLS
