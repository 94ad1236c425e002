/* st-trace-builder-private.h: what the parts of StTraceBuilder share.
 *
 * st-trace-builder.c keeps the shards and their raw records, merges them in
 * file order and finishes the trace (flows, warnings, counts, metadata);
 * st-trace-builder-tracks.c makes its tracks: the thread tracks laid out on
 * two threads, then every track named and ordered within its process.
 */
#pragma once

#include "st-flow-resolver.h"
#include "st-slice-layout.h"
#include "st-trace-builder.h"

G_BEGIN_DECLS

/* The key of a shard's track and counter maps, and of thread names. */
typedef struct
{
  guint      kind;
  StStringId a;
  StStringId b;
  StStringId c;
} StBuilderKey;

guint    st_builder_key_hash (gconstpointer p);
gboolean st_builder_key_equal (gconstpointer p, gconstpointer q);

/* A track's records from later shards (its parts), appended to it as it is
 * laid out; how many records it has with them. */
void  st_builder_take_parts (StRawTrack *t);
gsize st_builder_track_records (StRawTrack *t);

/* The rows and lanes of each thread track, until they become tracks. */
typedef struct _StLaidOut StLaidOut;

StLaidOut *st_builder_lay_out (StBuilderShard   *shard,
                               gint64            origin,
                               gint64            trace_end,
                               StLayoutIssues   *issues,
                               GCancellable     *cancellable,
                               StBuilderProgress progress,
                               gpointer          progress_data);
void       st_builder_laid_out_free (StLaidOut *out);
void       st_builder_assemble_tracks (StTrace        *trace,
                                       StBuilderShard *shard,
                                       StLaidOut      *out,
                                       GPtrArray      *async_tracks,
                                       gint64          origin,
                                       guint          *raw_to_final);

G_END_DECLS
