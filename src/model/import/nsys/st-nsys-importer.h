/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-nsys-importer.h: Nsight Systems' SQLite export (`nsys export --type
 * sqlite`, export schemas 2.x and 3.x) into a trace builder.
 *
 * The database is read in place by SQLite (sqlite3_deserialize() on the
 * source's bytes, read-only, nothing copied). It is an export when it holds
 * StringIds and a CUDA activity table, NVTX_EVENTS or the export's metadata
 * table; any other SQLite database is not a trace.
 *
 * Each GPU becomes a process (pid its device id, labelled "GPU N") with a
 * track per stream holding its kernels, copies and memsets (categories
 * kernel, gpu_memcpy, gpu_memset); each host thread a track holding its CUDA
 * runtime and driver calls (cuda_runtime, cuda_driver) and its NVTX ranges
 * (nvtx), its NVTX marks as instants. A call is linked to the device work
 * it launched by an ac2g flow and by args.correlation. The events' fields
 * are written as JSON args into a text of their own, which the trace keeps
 * (st_trace_builder_set_event_text()); the GPUs' properties, the export's
 * metadata and the session's start are kept as metadata.
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

typedef struct _StNsysDatabase StNsysDatabase;

gboolean        st_nsys_sniff (const char *data, gsize len);
StNsysDatabase *st_nsys_database_open (StSource *source, GCancellable *cancellable, GError **error);
gboolean        st_nsys_database_is_export (StNsysDatabase *self);
void            st_nsys_database_free (StNsysDatabase *self);

gboolean st_nsys_import (StTraceBuilder  *builder,
                         StNsysDatabase  *db,
                         guint            n_threads,
                         GCancellable    *cancellable,
                         StImportProgress progress,
                         gpointer         progress_data,
                         GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StNsysDatabase, st_nsys_database_free)

G_END_DECLS
