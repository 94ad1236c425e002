/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-sink.h: what the rows of a Neuron device profile make,
 * whichever form they were read from (the profiler's JSON, Neuron
 * Explorer's Parquet tables), so that both make the same trace.
 *
 * A NeuronCore is a process ("NeuronCore 3", in core order) with a slice
 * track per engine (instructions, category "instruction"), per DMA queue
 * ("DMA qSyncIO": transfers, "dma" or "cc_dma"), per engine's active time
 * ("Tensor active time") and a "Layers" track whose nested slices are the
 * segments of the instructions' layer paths; semaphores and time series
 * are counter tracks. Tracks are sorted: Layers, the engines in the order
 * of their names below, the active times, the DMA queues.
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

/* Sort indexes of the tracks of a core: layers, engines, active times, DMA. */
enum
{
  ST_NEURON_SORT_LAYERS = 0,
  ST_NEURON_SORT_ENGINE = 1,
  ST_NEURON_SORT_ACTIVE = 20,
  ST_NEURON_SORT_DMA = 40,
};

typedef struct
{
  gint64  start;
  gint64  end;
  guint64 offset; /* the first instruction of the span */
} StNeuronSpan;

/* A layer path on a core: the key of the sink's layers. */
typedef struct
{
  StStringId pid;
  StStringId layer;
} StNeuronLayerKey;

typedef struct
{
  StBuilderShard *shard;
  GHashTable     *cores;  /* pid id + 1, named */
  GHashTable     *tracks; /* raw track + 1, sorted */
  GHashTable     *layers; /* StNeuronLayerKey -> StNeuronSpan */
  StStringId      cat_instruction;
  StStringId      cat_dma;
  StStringId      cat_cc_dma;
  StStringId      cat_active;
  StStringId      tid_layers;
  StStringId      name_active;
  StStringId      core_zero;
} StNeuronSink;

void          st_neuron_sink_init (StNeuronSink *s, StBuilderShard *shard);
void          st_neuron_sink_clear (StNeuronSink *s);
StStringId    st_neuron_sink_literal (StNeuronSink *s, const char *text);
StStringId    st_neuron_sink_intern (StNeuronSink *s, guint64 offset, const char *text, gsize len);
const char   *st_neuron_sink_engine_name (const char *engine);
void          st_neuron_sink_note_core (StNeuronSink *s, StStringId pid);
guint         st_neuron_sink_track (StNeuronSink *s, StStringId pid, StStringId tid, gint64 sort);
guint         st_neuron_sink_engine_track (StNeuronSink *s, StStringId pid, StStringId engine);
guint         st_neuron_sink_queue_track (StNeuronSink *s, StStringId pid, const char *queue);
guint         st_neuron_sink_active_track (StNeuronSink *s, StStringId pid, const char *engine);
StStringId    st_neuron_sink_route (StNeuronSink *s,
                                    guint64       offset,
                                    const char   *source,
                                    gsize         source_len,
                                    const char   *dest,
                                    gsize         dest_len);
void          st_neuron_sink_slice (StNeuronSink *s,
                                    guint         track,
                                    guint64       offset,
                                    gint64        ts,
                                    gint64        dur,
                                    StStringId    name,
                                    StStringId    cat,
                                    guint16       flags);
StNeuronSpan *st_neuron_sink_layer (StNeuronSink *s,
                                    StStringId    pid,
                                    StStringId    layer,
                                    gint64        ts,
                                    gint64        end,
                                    guint64       offset);
void          st_neuron_sink_sample (StNeuronSink *s,
                                     StStringId    pid,
                                     StStringId    name,
                                     StStringId    series,
                                     gint64        ts,
                                     double        value);
void          st_neuron_sink_build_layers (StNeuronSink *s);

G_END_DECLS
