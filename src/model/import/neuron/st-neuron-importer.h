/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-importer.h: Neuron profiler device-profile JSON (one object of
 * named arrays: instruction, dma, active_time, time series, summary…) into
 * a trace builder.
 *
 * The row arrays are streamed with the st-json-scan helpers, no DOM: each
 * NeuronCore (nc_idx) becomes a process with a slice track per engine and
 * per DMA queue, an active-time track per engine, a "Layers" track whose
 * nested slices are the segments of the instructions' layer paths, and
 * counter tracks from the time series. Every other top-level value (summary,
 * terminology, metadata…) is kept as a metadata span, read on demand; the
 * file's "warnings" become import warnings. A row's args are its own fields.
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

gboolean st_neuron_sniff (const char *data, gsize len);
gboolean st_neuron_import (StTraceBuilder  *builder,
                           StSource        *source,
                           gsize            start,
                           GCancellable    *cancellable,
                           StImportProgress progress,
                           gpointer         progress_data,
                           GError         **error);

G_END_DECLS
