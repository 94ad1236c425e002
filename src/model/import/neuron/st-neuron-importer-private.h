/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-importer-private.h: the parts of the Neuron importer, and the
 * state they share.
 *
 * st-neuron-importer.c walks the top-level object, hands each row array to
 * st-neuron-rows.c, and concludes; st-neuron-rows.c reads the rows and
 * gives their values to the sink (st-neuron-sink.h), which makes the
 * builder records, and at the end the instructions' layer paths into the
 * nested slices of each core's "Layers" track.
 */
#pragma once

#include "st-json-reader.h"
#include "st-neuron-importer.h"
#include "st-neuron-sink.h"

G_BEGIN_DECLS

typedef StJsonTok Tok;

typedef enum
{
  ROWS_INSTRUCTION,
  ROWS_DMA,
  ROWS_ACTIVE_TIME,
  ROWS_SEMAPHORE,
  ROWS_SERIES,
} RowsKind;

typedef enum
{
  RESULT_OK = ST_JSON_READ_OK,
  RESULT_NEED_MORE = ST_JSON_READ_NEED_MORE,
  RESULT_ERROR = ST_JSON_READ_ERROR,
} Result;

typedef struct
{
  StNeuronSink     sink;
  StSource        *source;
  StJsonReader     json;
  GCancellable    *cancellable;
  StImportProgress progress;
  gpointer         progress_data;
  double           progress_base; /* share already reported while inflating */
  guint64          rows;
  gint             error_code;
  char            *error_text; /* a message built for this file */
  const char      *open_array; /* the row array being read, for truncation */
  Tok              last_core;  /* caches: consecutive rows mostly share these */
  StStringId       last_pid;
  Tok              last_engine;
  StStringId       last_engine_pid;
  guint            last_engine_track;
  Tok              last_queue;
  StStringId       last_queue_pid;
  guint            last_queue_track;
  Tok              last_source;
  Tok              last_dest;
  StStringId       last_route;
  Tok              last_layer; /* the previous instruction's layer, and its span */
  StStringId       last_layer_pid;
  StNeuronSpan    *last_span;
} Importer;

static inline gsize
tok_len (const Tok *t)
{
  return t->e - t->p;
}

static inline guint64
offset_of (Importer *im, const char *at)
{
  return st_json_reader_offset (&im->json, at);
}

/* st-neuron-rows.c */
Result st_neuron_parse_rows (Importer *im, const char *p, RowsKind kind, StStringId title);

G_END_DECLS
