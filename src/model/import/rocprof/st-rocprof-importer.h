/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-rocprof-importer.h: rocprofv3's JSON output (`--output-format json`:
 * {"rocprofiler-sdk-tool": [ {metadata, agents, strings, kernel_symbols,
 * buffer_records, …}, … ]}) into a trace builder.
 *
 * Each element of the array is a profiled process. Its GPU agents become
 * device processes ("GPU 0") with a track per queue for the kernel
 * dispatches (named through kernel_symbols) and a track for the memory
 * copies; its HIP, HSA, marker and RCCL API records become slices on the
 * threads of its host process, each linked by a flow to the dispatches and
 * copies of its correlation id. The record arrays are streamed with the
 * st-json-scan helpers, no DOM, a big one on several threads; a record's
 * args are its own fields. The other sections are kept as metadata, read on
 * demand.
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

gboolean st_rocprof_sniff (const char *data, gsize len);
gboolean st_rocprof_import (StTraceBuilder  *builder,
                            StSource        *source,
                            gsize            start,
                            guint            n_threads,
                            GCancellable    *cancellable,
                            StImportProgress progress,
                            gpointer         progress_data,
                            GError         **error);

G_END_DECLS
