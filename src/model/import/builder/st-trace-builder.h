/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-builder.h: what importers fill, and what turns it into an StTrace.
 *
 * An importer parses on one or more threads; each thread owns a shard (its own
 * string table, tracks and raw records, no locks: st-builder-shard.h).
 * st_trace_builder_finish() merges the shards in file order and does the
 * format-independent work: the time origin, the tracks (matching B/E,
 * nesting and lanes, processes and their order: st-builder-tracks.h), async
 * slices, flows, warnings with their places, counts and metadata.
 *
 * During import, times are absolute nanoseconds as written in the file.
 */
#pragma once

#include <gio/gio.h>

#include "st-builder-shard.h"
#include "st-source.h"

G_BEGIN_DECLS

typedef struct _StTraceBuilder StTraceBuilder;

typedef void (*StBuilderProgress) (double fraction, gpointer user_data);
/* An importer's progress over its file, in [0, 1]. */
typedef void (*StImportProgress) (double fraction, gpointer user_data);

StTraceBuilder *st_trace_builder_new (StSource *source, const char *format);
void            st_trace_builder_free (StTraceBuilder *self);
StBuilderShard *st_trace_builder_add_shard (StTraceBuilder *self);
void            st_trace_builder_drop_shard (StTraceBuilder *self, StBuilderShard *shard);
void            st_trace_builder_set_flavor (StTraceBuilder *self, const char *flavor);
void            st_trace_builder_add_metadata (StTraceBuilder *self,
                                               const char     *key,
                                               guint64         offset,
                                               guint64         length);
void            st_trace_builder_set_event_text (StTraceBuilder *self, StSource *text);
void            st_trace_builder_set_text_size (StTraceBuilder *self, guint64 size);
StTrace        *st_trace_builder_finish (StTraceBuilder   *self,
                                         GCancellable     *cancellable,
                                         StBuilderProgress progress,
                                         gpointer          progress_data,
                                         GError          **error);

G_END_DECLS
