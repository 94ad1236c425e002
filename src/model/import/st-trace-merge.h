/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-merge.h: several traces, one per file, made into one profile.
 *
 * Each file keeps its processes and tracks (titled after the file's label,
 * "rank 0 · …", see st_trace_dup_process_title()), its metadata (listed as
 * "LABEL/KEY"), its warnings (after its file name) and its text: event
 * offsets carry the file's index (ST_OFFSET_FILE_SHIFT), so args are read
 * from the right file. The files share one time axis, chosen by
 * StAlignment; st_trace_get_file() reports each file's shift.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

StTrace *st_trace_merge (StTrace **traces, guint n_traces, StAlignment alignment);

G_END_DECLS
