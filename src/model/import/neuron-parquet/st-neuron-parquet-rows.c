/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-rows.c: the slices of the Instruction, DmaPacket and
 * ActiveTime tables (docs/formats-neuron-parquet.md, "What is mapped").
 *
 * Each table's first three fields are start_ts, end_ts and duration_ns;
 * the others are the row's fields shown as its args.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <string.h>

enum
{
  F_START,
  F_END,
  F_DUR,
};

/* Consecutive rows mostly share their core and track: the last of each is
 * kept, and an engine's written name once per distinct text. */
typedef struct
{
  StStringId    key; /* the track's text: engine, queue */
  StStringId    pid;
  guint         track; /* G_MAXUINT: none yet */
  GHashTable   *names; /* engine id -> its name as the JSON writes it, + 1 */
  StStringId    layer;
  StStringId    layer_pid;
  StNeuronSpan *span;
} Cache;

static void
cache_init (Cache *c)
{
  memset (c, 0, sizeof *c);
  c->track = G_MAXUINT;
  c->layer = ST_STRING_NONE;
  c->names = g_hash_table_new (NULL, NULL);
}

static void
cache_clear (Cache *c)
{
  g_hash_table_unref (c->names);
}

static void
warn_row (NpBatch *b, guint64 row, StWarningKind kind, const char *what)
{
  g_autofree char *place = np_place (b, row);

  st_builder_shard_warn (b->np->sink.shard, kind, G_MAXUINT64, "%s: %s", place, what);
}

/* The row's start and duration (duration_ns, else end_ts − start_ts); FALSE,
 * with a warning, when it has no start or ends beyond what Strata holds. */
gboolean
np_slice_times (NpBatch *b, guint64 row, gint64 *ts, gint64 *dur, guint16 *flags)
{
  gint64           end;
  g_autofree char *what = NULL;

  *flags = 0;
  if (!np_int (b, F_START, row, ts))
    {
      warn_row (b, row, ST_WARNING_MISSING_FIELD, "no \342\200\234start_ts\342\200\235");
      return FALSE;
    }
  if (!np_int (b, F_DUR, row, dur))
    {
      if (np_int (b, F_END, row, &end) && !st_time_sub (end, *ts, dur))
        {
          warn_row (b, row, ST_WARNING_BAD_NUMBER, _ ("it ends beyond the time Strata can hold"));
          return FALSE;
        }
      if (!np_int (b, F_END, row, &end))
        {
          warn_row (b, row, ST_WARNING_MISSING_DURATION, _ ("no end_ts or duration_ns"));
          *flags |= ST_SLICE_NO_DURATION;
          *dur = 0;
        }
    }
  if (*dur < 0)
    {
      what = g_strdup_printf ("%" G_GINT64_FORMAT, *dur);
      warn_row (b, row, ST_WARNING_NEGATIVE_DURATION, what);
      *dur = 0;
    }
  if (!st_time_add (*ts, *dur, &end))
    {
      warn_row (b, row, ST_WARNING_BAD_NUMBER, _ ("it ends beyond the time Strata can hold"));
      return FALSE;
    }
  return TRUE;
}

/* An engine as the JSON writes it: "tensor" is "Tensor"; one Strata does
 * not know, as written. */
static StStringId
engine_name (NpBatch *b, Cache *c, StStringId engine)
{
  StStringTable *strings = b->np->sink.shard->strings;
  gpointer       known = g_hash_table_lookup (c->names, GUINT_TO_POINTER (engine + 1));
  const char    *name;

  if (known != NULL)
    return GPOINTER_TO_UINT (known) - 1;
  name = st_neuron_sink_engine_name (st_string_table_get (strings, engine));
  known = GUINT_TO_POINTER ((name ? st_neuron_sink_literal (&b->np->sink, name) : engine) + 1);
  g_hash_table_insert (c->names, GUINT_TO_POINTER (engine + 1), known);
  return GPOINTER_TO_UINT (known) - 1;
}

enum
{
  I_ENGINE = 3,
  I_TRACK,
  I_PCORE,
  I_OPCODE,
  I_HLO_NAME = 10,
  I_LAYER,
};

static const NpField instruction_fields[] = {
  { "start_ts", NP_INT, NP_NEEDED, FALSE },
  { "end_ts", NP_INT, NP_EXPECTED, FALSE },
  { "duration_ns", NP_INT, NP_EXPECTED, FALSE },
  { "engine", NP_TEXT, NP_EXPECTED, FALSE },
  { "timeline_track", NP_TEXT, NP_OPTIONAL, FALSE },
  { "pcore_idx", NP_INT, NP_OPTIONAL, FALSE },
  { "opcode", NP_TEXT, NP_EXPECTED, FALSE },
  { "operands", NP_TEXT, NP_EXPECTED, TRUE },
  { "id", NP_INT, NP_EXPECTED, TRUE },
  { "pc", NP_INT, NP_EXPECTED, TRUE },
  { "hlo_name", NP_TEXT, NP_OPTIONAL, TRUE },
  { "layer", NP_TEXT, NP_OPTIONAL, TRUE },
  { "bir_instruction_name", NP_TEXT, NP_OPTIONAL, TRUE },
  { "nki_source_location", NP_TEXT, NP_OPTIONAL, TRUE },
  { "evt_wait_time_ns", NP_INT, NP_OPTIONAL, TRUE },
  { "dma_wait_time_ns", NP_INT, NP_OPTIONAL, TRUE },
  { "hbm_read_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "hbm_write_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "sbuf_read_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "sbuf_write_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "spill_save_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "spill_reload_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "psum_read_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "psum_write_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "weight_queue_bytes", NP_INT, NP_OPTIONAL, TRUE },
  { "raw_flops", NP_INT, NP_OPTIONAL, TRUE },
  { "adjusted_flops", NP_INT, NP_OPTIONAL, TRUE },
  { "flops_transpose", NP_INT, NP_OPTIONAL, TRUE },
  { "tensor_instruction_type", NP_TEXT, NP_OPTIONAL, TRUE },
  { "performance_mode", NP_TEXT, NP_OPTIONAL, TRUE },
};

/* The instruction's track: timeline_track, else its engine. */
static guint
instruction_track (NpBatch *b, Cache *c, guint64 row, StStringId pid)
{
  StStringId key = np_id (b, I_TRACK, row);

  if (key == ST_STRING_NONE || key == ST_STRING_EMPTY)
    {
      key = np_id (b, I_ENGINE, row);
      key = key == ST_STRING_NONE ? ST_STRING_EMPTY : engine_name (b, c, key);
    }
  if (c->track == G_MAXUINT || key != c->key || pid != c->pid)
    {
      c->track = st_neuron_sink_engine_track (&b->np->sink, pid, key);
      c->key = key;
      c->pid = pid;
    }
  return c->track;
}

static void
note_layer (NpBatch *b, Cache *c, guint64 row, StStringId pid, gint64 ts, gint64 end, guint64 at)
{
  StStringId layer = np_id (b, I_LAYER, row);

  if (layer == ST_STRING_NONE || layer == ST_STRING_EMPTY)
    return;
  if (c->span != NULL && layer == c->layer && pid == c->layer_pid)
    {
      c->span->start = MIN (c->span->start, ts);
      c->span->end = MAX (c->span->end, end);
      return;
    }
  c->span = st_neuron_sink_layer (&b->np->sink, pid, layer, ts, end, at);
  c->layer = layer;
  c->layer_pid = pid;
}

static gboolean
instruction_rows (NpBatch *b, gpointer data, GError **error)
{
  StNeuronSink *sink = &b->np->sink;
  Cache        *c = data;

  for (guint64 row = 0; row < b->n_rows; row++)
    {
      gint64     ts, dur;
      guint16    flags;
      StStringId pid, name;
      guint      track;
      guint64    at;

      if (!np_slice_times (b, row, &ts, &dur, &flags))
        continue;
      pid = np_core (b->np, b, I_PCORE, row);
      track = instruction_track (b, c, row, pid);
      name = np_id (b, I_OPCODE, row);
      if (name == ST_STRING_NONE)
        name = np_id (b, I_HLO_NAME, row);
      if (name == ST_STRING_NONE)
        name = st_neuron_sink_literal (sink, "instruction");
      at = np_args_offset (b, row);
      st_neuron_sink_slice (sink, track, at, ts, dur, name, sink->cat_instruction, flags);
      note_layer (b, c, row, pid, ts, ts + dur, at);
      if (!np_made_row (b->np, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
np_read_instructions (StNeuronParquet *np, GError **error)
{
  Cache    c;
  gboolean ok;

  cache_init (&c);
  ok = np_read_table (np, "Instruction", instruction_fields, G_N_ELEMENTS (instruction_fields),
                      instruction_rows, &c, error);
  cache_clear (&c);
  return ok;
}

enum
{
  D_PCORE = 3,
  D_AGGREGATION = 6,
  D_QUEUE_NAME = 13,
};

static const NpField dma_fields[] = {
  { "start_ts", NP_INT, NP_NEEDED, FALSE },
  { "end_ts", NP_INT, NP_EXPECTED, FALSE },
  { "duration_ns", NP_INT, NP_EXPECTED, FALSE },
  { "pcore_idx", NP_INT, NP_OPTIONAL, FALSE },
  { "id", NP_INT, NP_EXPECTED, TRUE },
  { "packet_idx", NP_INT, NP_EXPECTED, TRUE },
  { "packet_aggregation_id", NP_INT, NP_EXPECTED, TRUE },
  { "engine_idx", NP_INT, NP_OPTIONAL, TRUE },
  { "read_bytes", NP_INT, NP_EXPECTED, TRUE },
  { "write_bytes", NP_INT, NP_EXPECTED, TRUE },
  { "transfer_bytes", NP_INT, NP_EXPECTED, TRUE },
  { "queue_type", NP_TEXT, NP_EXPECTED, TRUE },
  { "variable", NP_TEXT, NP_OPTIONAL, TRUE },
  { "queue_name", NP_TEXT, NP_OPTIONAL, TRUE },
  { "queue_idx", NP_INT, NP_OPTIONAL, TRUE },
};

static guint
queue_track (NpBatch *b, Cache *c, guint64 row, StStringId pid)
{
  StStringId key = np_id (b, D_QUEUE_NAME, row);

  if (key == ST_STRING_NONE)
    key = ST_STRING_EMPTY;
  if (c->track == G_MAXUINT || key != c->key || pid != c->pid)
    {
      c->track = st_neuron_sink_queue_track (&b->np->sink, pid,
                                             st_string_table_get (b->np->sink.shard->strings, key));
      c->key = key;
      c->pid = pid;
    }
  return c->track;
}

/* By where the bytes go, as its aggregated transfer says; "DMA" else. */
static StStringId
route_of (NpBatch *b, guint64 row)
{
  gint64   id;
  gpointer route;

  if (np_int (b, D_AGGREGATION, row, &id)
      && (route = g_hash_table_lookup (b->np->routes, &id)) != NULL)
    return GPOINTER_TO_UINT (route) - 1;
  return st_neuron_sink_route (&b->np->sink, G_MAXUINT64, "", 0, "", 0);
}

static gboolean
dma_rows (NpBatch *b, gpointer data, GError **error)
{
  StNeuronSink *sink = &b->np->sink;
  Cache        *c = data;

  for (guint64 row = 0; row < b->n_rows; row++)
    {
      gint64     ts, dur;
      guint16    flags;
      StStringId pid;
      guint      track;

      if (!np_slice_times (b, row, &ts, &dur, &flags))
        continue;
      pid = np_core (b->np, b, D_PCORE, row);
      track = queue_track (b, c, row, pid);
      st_neuron_sink_slice (sink, track, np_args_offset (b, row), ts, dur, route_of (b, row),
                            sink->cat_dma, flags);
      if (!np_made_row (b->np, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
np_read_dma (StNeuronParquet *np, GError **error)
{
  Cache    c;
  gboolean ok;

  cache_init (&c);
  ok = np_read_table (np, "DmaPacket", dma_fields, G_N_ELEMENTS (dma_fields), dma_rows, &c, error);
  cache_clear (&c);
  return ok;
}

enum
{
  A_ENGINE = 3,
  A_PCORE,
};

static const NpField active_fields[] = {
  { "start_ts", NP_INT, NP_NEEDED, FALSE },      { "end_ts", NP_INT, NP_EXPECTED, FALSE },
  { "duration_ns", NP_INT, NP_EXPECTED, FALSE }, { "engine", NP_TEXT, NP_EXPECTED, FALSE },
  { "pcore_idx", NP_INT, NP_EXPECTED, FALSE },
};

static guint
active_track (NpBatch *b, Cache *c, guint64 row, StStringId pid)
{
  StStringId key = np_id (b, A_ENGINE, row);

  key = key == ST_STRING_NONE ? ST_STRING_EMPTY : engine_name (b, c, key);
  if (c->track == G_MAXUINT || key != c->key || pid != c->pid)
    {
      c->track = st_neuron_sink_active_track (
          &b->np->sink, pid, st_string_table_get (b->np->sink.shard->strings, key));
      c->key = key;
      c->pid = pid;
    }
  return c->track;
}

static gboolean
active_rows (NpBatch *b, gpointer data, GError **error)
{
  StNeuronSink *sink = &b->np->sink;
  Cache        *c = data;

  for (guint64 row = 0; row < b->n_rows; row++)
    {
      gint64     ts, dur;
      guint16    flags;
      StStringId pid;

      if (!np_slice_times (b, row, &ts, &dur, &flags))
        continue;
      pid = np_core (b->np, b, A_PCORE, row);
      st_neuron_sink_slice (sink, active_track (b, c, row, pid), np_args_offset (b, row), ts, dur,
                            sink->name_active, sink->cat_active, 0);
      if (!np_made_row (b->np, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
np_read_active_time (StNeuronParquet *np, GError **error)
{
  Cache    c;
  gboolean ok;

  cache_init (&c);
  ok = np_read_table (np, "ActiveTime", active_fields, G_N_ELEMENTS (active_fields), active_rows,
                      &c, error);
  cache_clear (&c);
  return ok;
}
