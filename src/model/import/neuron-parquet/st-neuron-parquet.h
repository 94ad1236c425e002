/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet.h: a Neuron Explorer device profile written as Parquet
 * tables (a folder of Instruction.parquet, DmaPacket.parquet,
 * Summary.parquet…, the default from Neuron 2.34), read into the trace the
 * profiler's JSON makes (st-neuron-sink.h), as docs/formats-neuron-parquet.md
 * defines it.
 *
 * Opening finds the tables of the folder and their parts; importing reads
 * the columns it needs, a row group at a time, from the mapped files. The
 * rows' fields are written as JSON objects into a spool, the trace's text,
 * so that the details pane and the summary read them as they read the
 * JSON's rows; the Summary, Metadata and schema descriptions become the
 * metadata the JSON carries (summary, summary_groups, terminology,
 * metadata).
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

/* The schema of the Profile Parquet Schema Reference Strata is built to. */
#define ST_NEURON_PARQUET_SCHEMA_MAJOR 7
#define ST_NEURON_PARQUET_SCHEMA_MINOR 4
#define ST_NEURON_PARQUET_SCHEMA_PATCH 0

typedef struct _StNeuronParquet StNeuronParquet;

gboolean         st_neuron_parquet_is_profile (GFile *folder, GCancellable *cancellable);
GFile           *st_neuron_parquet_find_folder (GFile *table_file, GCancellable *cancellable);
StNeuronParquet *st_neuron_parquet_open (GFile        *folder,
                                         const char   *display_name,
                                         GCancellable *cancellable,
                                         GError      **error);
void             st_neuron_parquet_free (StNeuronParquet *self);
StSource        *st_neuron_parquet_get_source (StNeuronParquet *self);
gboolean         st_neuron_parquet_import (StNeuronParquet *self,
                                           StTraceBuilder  *builder,
                                           GCancellable    *cancellable,
                                           StImportProgress progress,
                                           gpointer         progress_data,
                                           GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StNeuronParquet, st_neuron_parquet_free)

G_END_DECLS
