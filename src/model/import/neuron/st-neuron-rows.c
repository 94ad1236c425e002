/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-importer-private.h"
#include "st-slice-layout.h"
#include "st-sort.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>

#define CHECK_EVERY 4096
#define MAX_EXTRAS  32

/* The row fields the importer reads; the rest stay in the file, as args. */
enum
{
  K_TIMESTAMP,
  K_DURATION,
  K_LABEL,
  K_SUBGROUP,
  K_OPCODE,
  K_HLO_NAME,
  K_LAYER,
  K_NC_IDX,
  K_ID,
  K_VALUE,
  K_ENGINE,
  K_START_TS,
  K_END_TS,
  K_DURATION_NS,
  K_SOURCE,
  K_DEST,
  K_IS_CC_DMA,
  K_N
};

#define HAS(row, k) (((row)->present >> (k)) & 1u)

typedef struct
{
  const char *key;
  gsize       key_len;
  Tok         tok;
} Extra;

typedef struct
{
  const char *start;
  guint32     present;
  Tok         tok[K_N];
  guint       n_extras; /* numeric members outside the slots (time series) */
  Extra       extras[MAX_EXTRAS];
} Row;

static const Tok empty_tok = { "", "", 's', 0 };

static inline gboolean
tok_equal (const Tok *a, const Tok *b)
{
  return tok_len (a) == tok_len (b) && memcmp (a->p, b->p, tok_len (a)) == 0;
}

static inline int
key_slot (const char *k, gsize len)
{
#define IS(s) (len == sizeof (s) - 1 && memcmp (k, s, sizeof (s) - 1) == 0)
  switch (len)
    {
    case 2: return IS ("id") ? K_ID : -1;
    case 4: return IS ("dest") ? K_DEST : -1;
    case 5:
      if (IS ("label"))
        return K_LABEL;
      if (IS ("layer"))
        return K_LAYER;
      if (IS ("value"))
        return K_VALUE;
      return -1;
    case 6:
      if (IS ("opcode"))
        return K_OPCODE;
      if (IS ("nc_idx"))
        return K_NC_IDX;
      if (IS ("engine"))
        return K_ENGINE;
      if (IS ("end_ts"))
        return K_END_TS;
      if (IS ("source"))
        return K_SOURCE;
      return -1;
    case 8:
      if (IS ("duration"))
        return K_DURATION;
      if (IS ("subgroup"))
        return K_SUBGROUP;
      if (IS ("hlo_name"))
        return K_HLO_NAME;
      if (IS ("start_ts"))
        return K_START_TS;
      return -1;
    case 9:
      if (IS ("timestamp"))
        return K_TIMESTAMP;
      if (IS ("is_cc_dma"))
        return K_IS_CC_DMA;
      return -1;
    case 11: return IS ("duration_ns") ? K_DURATION_NS : -1;
    default: return -1;
    }
#undef IS
}

static void
keep_member (Row *row, const char *key, const char *key_end, const Tok *tok, gboolean extras)
{
  int slot = key_slot (key, key_end - key);

  if (slot >= 0)
    {
      row->tok[slot] = *tok;
      row->present |= 1u << slot;
    }
  else if (extras && tok->type == 'n' && row->n_extras < MAX_EXTRAS)
    row->extras[row->n_extras++] = (Extra){ key, key_end - key, *tok };
}

/* The row object at @p ('{'); @extras keeps the other numeric members. */
static Result
parse_row (Importer *im, const char *p, Row *row, gboolean extras, const char **out)
{
  gboolean after_comma = FALSE;

  row->start = p;
  row->present = 0;
  row->n_extras = 0;
  p++;
  for (;;)
    {
      const char *key, *key_end;
      guint       flags = 0;
      Tok         tok;
      Result      r;

      p = st_json_skip_ws (p, im->json.end);
      if (p >= im->json.end)
        return RESULT_NEED_MORE;
      if (*p == '}')
        {
          if (after_comma)
            st_builder_shard_warn (im->sink.shard, ST_WARNING_TRAILING_COMMA, offset_of (im, p),
                                   NULL);
          *out = p + 1;
          return RESULT_OK;
        }
      key = p + 1;
      r = st_json_reader_key (&im->json, p, &key_end, &flags, &p);
      if (r == RESULT_OK)
        r = st_json_reader_value (&im->json, p, &tok, &p);
      if (r != RESULT_OK)
        return r;
      keep_member (row, key, key_end, &tok, extras);
      p = st_json_skip_ws (p, im->json.end);
      if (p >= im->json.end)
        return RESULT_NEED_MORE;
      after_comma = *p == ',';
      if (*p == '}')
        {
          *out = p + 1;
          return RESULT_OK;
        }
      if (*p != ',')
        return st_json_reader_fail (&im->json, p, N_ ("expected “,” or “}” after a value"));
      p++;
    }
}

static StStringId
intern_tok (Importer *im, const Tok *t)
{
  if (tok_len (t) == 0)
    return ST_STRING_EMPTY;
  if (t->type == 's' && (t->flags & ST_JSON_STRING_ESCAPES))
    {
      GString *scratch = im->sink.shard->scratch;
      g_string_truncate (scratch, 0);
      st_json_unescape (t->p, t->e, scratch);
      return st_neuron_sink_intern (&im->sink, offset_of (im, t->p), scratch->str, scratch->len);
    }
  return st_neuron_sink_intern (&im->sink, offset_of (im, t->p), t->p, tok_len (t));
}

/* The process of a row: its NeuronCore, "NeuronCore 0" without nc_idx. */
static StStringId
core_of (Importer *im, const Row *row)
{
  StStringId pid;

  if (!HAS (row, K_NC_IDX))
    pid = im->sink.core_zero;
  else if (im->last_pid != ST_STRING_NONE && tok_equal (&row->tok[K_NC_IDX], &im->last_core))
    return im->last_pid;
  else
    {
      pid = intern_tok (im, &row->tok[K_NC_IDX]);
      im->last_core = row->tok[K_NC_IDX];
      im->last_pid = pid;
    }
  st_neuron_sink_note_core (&im->sink, pid);
  return pid;
}

static gboolean
row_time (Importer *im, const Row *row, int k, const char *field, gint64 *out)
{
  const Tok *t = &row->tok[k];
  double     d;

  if (!HAS (row, k))
    {
      st_builder_shard_warn (im->sink.shard, ST_WARNING_MISSING_FIELD, offset_of (im, row->start),
                             "no \342\200\234%s\342\200\235", field);
      return FALSE;
    }
  if (st_json_parse_int64 (t->p, t->e, out))
    return TRUE;
  if (st_json_parse_double (t->p, t->e, &d) && d > -9e18 && d < 9e18)
    {
      *out = (gint64)d;
      return TRUE;
    }
  st_builder_shard_warn (im->sink.shard, ST_WARNING_BAD_NUMBER, offset_of (im, t->p), "%s: %.*s",
                         field, (int)MIN (tok_len (t), 40), t->p);
  return FALSE;
}

/* A row whose end lies beyond 64-bit nanoseconds: skipped, as the
 * importers skip a time out of range. */
static gboolean
skip_out_of_range (Importer *im, const Row *row, int k, const char *field)
{
  const Tok *t = &row->tok[k];

  st_builder_shard_warn (im->sink.shard, ST_WARNING_BAD_NUMBER, offset_of (im, t->p),
                         "%s: %.*s ends beyond the time Strata can hold", field,
                         (int)MIN (tok_len (t), 40), t->p);
  return FALSE;
}

/* The duration (of @k, or end - start) in *@dur: missing is 0 with a
 * warning, negative is read as 0 with a warning. FALSE, with a warning,
 * when the row's end does not fit in 64-bit nanoseconds: the row is
 * skipped. */
static gboolean
row_duration (Importer *im, const Row *row, int k, gint64 ts, gint64 *dur, guint16 *flags)
{
  gint64 end;

  *dur = 0;
  if (k == K_END_TS && HAS (row, K_END_TS))
    {
      if (!row_time (im, row, K_END_TS, "end_ts", &end))
        return TRUE;
      if (!st_time_sub (end, ts, dur))
        return skip_out_of_range (im, row, K_END_TS, "end_ts");
    }
  else if (k == K_END_TS || !HAS (row, k))
    {
      st_builder_shard_warn (im->sink.shard, ST_WARNING_MISSING_DURATION,
                             offset_of (im, row->start), NULL);
      *flags |= ST_SLICE_NO_DURATION;
      return TRUE;
    }
  else if (!row_time (im, row, k, "duration", dur))
    return TRUE;
  if (*dur < 0)
    {
      st_builder_shard_warn (im->sink.shard, ST_WARNING_NEGATIVE_DURATION,
                             offset_of (im, row->start), "%" G_GINT64_FORMAT, *dur);
      *dur = 0;
    }
  if (!st_time_add (ts, *dur, &end))
    return skip_out_of_range (im, row, k, "duration");
  return TRUE;
}

static void
push_slice (Importer  *im,
            guint      track,
            const Row *row,
            gint64     ts,
            gint64     dur,
            StStringId name,
            StStringId cat,
            guint16    flags)
{
  st_neuron_sink_slice (&im->sink, track, offset_of (im, row->start), ts, dur, name, cat, flags);
}

/* Widens the span of the instruction's layer path on its core; consecutive
 * instructions mostly share a layer, so the hash is seldom asked. */
static void
note_layer (Importer *im, StStringId pid, const Row *row, gint64 ts, gint64 end)
{
  const Tok *t = &row->tok[K_LAYER];

  if (t->type != 's' || tok_len (t) == 0)
    return;
  if (im->last_span != NULL && pid == im->last_layer_pid && tok_equal (t, &im->last_layer))
    {
      im->last_span->start = MIN (im->last_span->start, ts);
      im->last_span->end = MAX (im->last_span->end, end);
      return;
    }
  im->last_span = st_neuron_sink_layer (&im->sink, pid, intern_tok (im, t), ts, end,
                                        offset_of (im, row->start));
  im->last_layer = *t;
  im->last_layer_pid = pid;
}

static void
on_instruction (Importer *im, const Row *row)
{
  const Tok *engine_tok = HAS (row, K_SUBGROUP) ? &row->tok[K_SUBGROUP]
                          : HAS (row, K_LABEL)  ? &row->tok[K_LABEL]
                                                : NULL;
  StStringId pid, engine, name;
  guint16    flags = 0;
  gint64     ts, dur;

  if (!row_time (im, row, K_TIMESTAMP, "timestamp", &ts)
      || !row_duration (im, row, K_DURATION, ts, &dur, &flags))
    return;
  pid = core_of (im, row);
  if (engine_tok == NULL)
    engine_tok = &empty_tok;
  if (im->last_engine_track == G_MAXUINT || pid != im->last_engine_pid
      || !tok_equal (engine_tok, &im->last_engine))
    {
      engine = tok_len (engine_tok) ? intern_tok (im, engine_tok) : ST_STRING_EMPTY;
      im->last_engine_track = st_neuron_sink_engine_track (&im->sink, pid, engine);
      im->last_engine = *engine_tok;
      im->last_engine_pid = pid;
    }
  name = HAS (row, K_OPCODE)     ? intern_tok (im, &row->tok[K_OPCODE])
         : HAS (row, K_HLO_NAME) ? intern_tok (im, &row->tok[K_HLO_NAME])
                                 : st_neuron_sink_literal (&im->sink, "instruction");
  push_slice (im, im->last_engine_track, row, ts, dur, name, im->sink.cat_instruction, flags);
  if (HAS (row, K_LAYER))
    note_layer (im, pid, row, ts, ts + dur);
}

static gboolean
tok_true (const Row *row, int k)
{
  const Tok *t = &row->tok[k];
  return HAS (row, k)
         && ((tok_len (t) == 4 && memcmp (t->p, "true", 4) == 0)
             || (tok_len (t) == 1 && t->p[0] == '1'));
}

static void
on_dma (Importer *im, const Row *row)
{
  const Tok *queue = HAS (row, K_SUBGROUP) ? &row->tok[K_SUBGROUP] : &empty_tok;
  const Tok *source = HAS (row, K_SOURCE) ? &row->tok[K_SOURCE] : &empty_tok;
  const Tok *dest = HAS (row, K_DEST) ? &row->tok[K_DEST] : &empty_tok;
  gboolean   cc = tok_true (row, K_IS_CC_DMA);
  StStringId pid;
  guint16    flags = 0;
  gint64     ts, dur;

  if (!row_time (im, row, K_TIMESTAMP, "timestamp", &ts)
      || !row_duration (im, row, K_DURATION, ts, &dur, &flags))
    return;
  pid = core_of (im, row);
  if (im->last_queue_track == G_MAXUINT || pid != im->last_queue_pid
      || !tok_equal (queue, &im->last_queue))
    {
      g_autofree char *text = g_strndup (queue->p, tok_len (queue));
      im->last_queue_track = st_neuron_sink_queue_track (&im->sink, pid, text);
      im->last_queue = *queue;
      im->last_queue_pid = pid;
    }
  /* Named by where the bytes go: "HBM→SB". */
  if (im->last_route == ST_STRING_NONE || !tok_equal (source, &im->last_source)
      || !tok_equal (dest, &im->last_dest))
    {
      im->last_route = st_neuron_sink_route (&im->sink, offset_of (im, source->p), source->p,
                                             tok_len (source), dest->p, tok_len (dest));
      im->last_source = *source;
      im->last_dest = *dest;
    }
  push_slice (im, im->last_queue_track, row, ts, dur, im->last_route,
              cc ? im->sink.cat_cc_dma : im->sink.cat_dma, flags);
}

static void
on_active_time (Importer *im, const Row *row)
{
  const Tok       *engine = HAS (row, K_ENGINE) ? &row->tok[K_ENGINE] : &empty_tok;
  g_autofree char *engine_text = g_strndup (engine->p, tok_len (engine));
  StStringId       pid;
  guint16          flags = 0;
  gint64           ts, dur;

  if (!row_time (im, row, K_START_TS, "start_ts", &ts)
      || !row_duration (im, row, HAS (row, K_END_TS) ? K_END_TS : K_DURATION_NS, ts, &dur, &flags))
    return;
  pid = core_of (im, row);
  push_slice (im, st_neuron_sink_active_track (&im->sink, pid, engine_text), row, ts, dur,
              im->sink.name_active, im->sink.cat_active, 0);
}

static void
push_sample (Importer  *im,
             StStringId pid,
             StStringId name,
             StStringId series,
             gint64     ts,
             const Tok *value)
{
  double v;

  if (!st_json_parse_double (value->p, value->e, &v))
    {
      st_builder_shard_warn (im->sink.shard, ST_WARNING_BAD_COUNTER_VALUE, offset_of (im, value->p),
                             "%.*s", (int)MIN (tok_len (value), 40), value->p);
      return;
    }
  st_neuron_sink_sample (&im->sink, pid, name, series, ts, v);
}

/* A semaphore_update row: one series per semaphore id. */
static void
on_semaphore (Importer *im, const Row *row, StStringId name)
{
  gint64 ts;

  if (!row_time (im, row, K_TIMESTAMP, "timestamp", &ts))
    return;
  if (!HAS (row, K_VALUE))
    {
      st_builder_shard_warn (im->sink.shard, ST_WARNING_MISSING_FIELD, offset_of (im, row->start),
                             "no \342\200\234value\342\200\235");
      return;
    }
  push_sample (im, core_of (im, row), name,
               HAS (row, K_ID) ? intern_tok (im, &row->tok[K_ID]) : ST_STRING_EMPTY, ts,
               &row->tok[K_VALUE]);
}

/* pending_dma, dma_throughput, instruction_usage: every numeric member
 * other than timestamp and nc_idx is a series. */
static void
on_series (Importer *im, const Row *row, StStringId name)
{
  StStringId pid;
  gint64     ts;

  if (!row_time (im, row, K_TIMESTAMP, "timestamp", &ts))
    return;
  pid = core_of (im, row);
  if (HAS (row, K_VALUE))
    push_sample (im, pid, name, st_neuron_sink_literal (&im->sink, "value"), ts,
                 &row->tok[K_VALUE]);
  for (guint i = 0; i < row->n_extras; i++)
    {
      const Extra *x = &row->extras[i];
      if (x->tok.p[0] == 'n' || x->tok.p[0] == 't' || x->tok.p[0] == 'f')
        continue; /* null, true, false */
      push_sample (im, pid, name,
                   st_neuron_sink_intern (&im->sink, offset_of (im, x->key), x->key, x->key_len),
                   ts, &x->tok);
    }
}

static void
handle_row (Importer *im, RowsKind kind, StStringId title, const Row *row)
{
  switch (kind)
    {
    case ROWS_INSTRUCTION: on_instruction (im, row); break;
    case ROWS_DMA: on_dma (im, row); break;
    case ROWS_ACTIVE_TIME: on_active_time (im, row); break;
    case ROWS_SEMAPHORE: on_semaphore (im, row, title); break;
    case ROWS_SERIES:
    default: on_series (im, row, title); break;
    }
}

static void
report_progress (Importer *im)
{
  double read = (double)(im->json.p - im->json.base) / MAX (1, im->json.end - im->json.base);

  if (im->progress != NULL)
    im->progress (im->progress_base + (1.0 - im->progress_base) * read, im->progress_data);
}

/* The rows of one array, from after its '['. */
Result
st_neuron_parse_rows (Importer *im, const char *p, RowsKind kind, StStringId title)
{
  gboolean first = TRUE, after_comma = FALSE;

  for (;;)
    {
      const char *q;
      Result      r;
      Row         row;

      im->json.p = p = st_json_skip_ws (p, im->json.end);
      if (p >= im->json.end)
        return RESULT_NEED_MORE;
      if (*p == ']')
        {
          if (after_comma)
            st_builder_shard_warn (im->sink.shard, ST_WARNING_TRAILING_COMMA, offset_of (im, p),
                                   NULL);
          im->json.p = p + 1;
          return RESULT_OK;
        }
      if (!first && !after_comma)
        {
          if (*p != ',')
            return st_json_reader_fail (&im->json, p, N_ ("expected “,” or “]” after a row"));
          after_comma = TRUE;
          p++;
          continue;
        }
      if (*p == '{')
        {
          r = parse_row (im, p, &row, kind == ROWS_SERIES, &q);
          if (r != RESULT_OK)
            return r;
          handle_row (im, kind, title, &row);
        }
      else
        {
          Tok tok;
          r = st_json_reader_value (&im->json, p, &tok, &q);
          if (r != RESULT_OK)
            return r;
          st_builder_shard_warn (im->sink.shard, ST_WARNING_NOT_AN_OBJECT, offset_of (im, p),
                                 "%.*s", (int)MIN (q - p, 40), p);
        }
      im->sink.shard->counts.events++;
      p = q;
      first = after_comma = FALSE;
      if (++im->rows % CHECK_EVERY == 0)
        {
          im->json.p = p;
          report_progress (im);
          if (g_cancellable_is_cancelled (im->cancellable))
            return RESULT_ERROR;
        }
    }
}
