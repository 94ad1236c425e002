/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-async-builder.h: async events (nestable b/n/e, legacy S/T/p/F) to
 * async tracks.
 *
 * Events with the same key (id, id2, scope, cat; and name for the legacy
 * kind) form one tree of slices. Trees go to a track per (process, name of
 * their root) and are packed there into lanes that do not overlap, so two
 * unrelated operations are never drawn as parent and child.
 */
#pragma once

#include "st-slice-layout.h"
#include "st-trace-builder.h"

G_BEGIN_DECLS

typedef struct
{
  StStringId pid;
  StStringId name;
  GArray    *slices;   /* StSlice, laid out by depth then start */
  GArray    *instants; /* StInstant, by time */
  guint      n_rows;
  guint     *row_offsets;
  guint      n_lanes;
  guint     *lane_rows;
} StAsyncTrack;

GPtrArray *st_async_build (StRawAsync     *events,
                           gsize           n_events,
                           gint64          origin,
                           gint64          trace_end,
                           StLayoutIssues *issues);

G_END_DECLS
