#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-importer.h"
#include "st-json-scan.h"
#include "st-slice-layout.h"
#include "st-sort.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

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

typedef StJsonTok Tok;

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

typedef enum
{
  ROWS_INSTRUCTION,
  ROWS_DMA,
  ROWS_ACTIVE_TIME,
  ROWS_SEMAPHORE,
  ROWS_SERIES,
} RowsKind;

static const struct
{
  const char *key;
  RowsKind    kind;
  const char *title; /* counter name, for series */
} row_arrays[] = {
  { "instruction", ROWS_INSTRUCTION, NULL },
  { "dma", ROWS_DMA, NULL },
  { "active_time", ROWS_ACTIVE_TIME, NULL },
  { "semaphore_update", ROWS_SEMAPHORE, "Semaphores" },
  { "pending_dma", ROWS_SERIES, "Pending DMA" },
  { "dma_throughput", ROWS_SERIES, "DMA throughput" },
  { "instruction_usage", ROWS_SERIES, "Instruction usage" },
};

typedef enum
{
  RESULT_OK,
  RESULT_NEED_MORE,
  RESULT_ERROR,
} Result;

/* Sort indexes of the tracks of a core: layers, engines, active times, DMA. */
enum
{
  SORT_LAYERS = 0,
  SORT_ENGINE = 1,
  SORT_ACTIVE = 20,
  SORT_DMA = 40,
};

static const char *const known_engines[] = {
  "Tensor", "TensorMatrix", "Vector", "Scalar", "GpSimd", "Sync",
};

typedef struct
{
  gint64  start;
  gint64  end;
  guint64 offset; /* the first instruction of the span */
} Span;

typedef struct
{
  StStringId pid;
  StStringId layer;
} LayerKey;

typedef struct
{
  StBuilderShard  *shard;
  StSource        *source;
  const char      *base;
  const char      *end;
  const char      *p;
  GCancellable    *cancellable;
  StImportProgress progress;
  gpointer         progress_data;
  double           progress_base; /* share already reported while inflating */
  guint64          rows;
  gboolean         has_metrics;
  const char      *error_at;
  const char      *error_msg;
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
  GHashTable      *cores;      /* pid id + 1, named */
  GHashTable      *tracks;     /* raw track + 1, sorted */
  GHashTable      *layers;     /* LayerKey -> Span */
  Tok              last_layer; /* the previous instruction's layer, and its span */
  StStringId       last_layer_pid;
  Span            *last_span;
  GPtrArray       *metadata; /* StMetadataSpan */
  StStringId       cat_instruction;
  StStringId       cat_dma;
  StStringId       cat_cc_dma;
  StStringId       cat_active;
  StStringId       tid_layers;
  StStringId       name_active;
  StStringId       core_zero;
} Importer;

static const Tok empty_tok = { "", "", 's', 0 };

static Result
fail (Importer *im, const char *at, const char *message)
{
  im->error_at = at;
  im->error_msg = message;
  return RESULT_ERROR;
}

static inline gsize
tok_len (const Tok *t)
{
  return t->e - t->p;
}

static inline gboolean
tok_equal (const Tok *a, const Tok *b)
{
  return tok_len (a) == tok_len (b) && memcmp (a->p, b->p, tok_len (a)) == 0;
}

static inline guint64
offset_of (Importer *im, const char *at)
{
  return (guint64)(at - im->base);
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

/* One value at @p (not white space); *out is after it. */
static Result
scan_value (Importer *im, const char *p, Tok *tok, const char **out)
{
  switch (st_json_scan_value (p, im->end, tok, out))
    {
    case ST_JSON_SCAN_OK: return RESULT_OK;
    case ST_JSON_SCAN_NEED_MORE: return RESULT_NEED_MORE;
    default:
      return fail (im, p,
                   N_ ("expected a value (a string in double quotes, a number, an object, an "
                       "array, true, false or null)"));
    }
}

/* A key and its colon: *key_end is the closing quote, *out the value. */
static Result
scan_key (Importer *im, const char *p, const char **key_end, const char **out)
{
  guint flags = 0;

  switch (st_json_scan_key (p, im->end, key_end, &flags, out))
    {
    case ST_JSON_SCAN_OK: return RESULT_OK;
    case ST_JSON_SCAN_NO_COLON: return fail (im, *out, N_ ("expected “:” after a key"));
    case ST_JSON_SCAN_NEED_MORE: return RESULT_NEED_MORE;
    default: return fail (im, p, N_ ("expected a key in double quotes"));
    }
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
      Tok         tok;
      Result      r;

      p = st_json_skip_ws (p, im->end);
      if (p >= im->end)
        return RESULT_NEED_MORE;
      if (*p == '}')
        {
          if (after_comma)
            st_builder_shard_warn (im->shard, ST_WARNING_TRAILING_COMMA, offset_of (im, p), NULL);
          *out = p + 1;
          return RESULT_OK;
        }
      key = p + 1;
      r = scan_key (im, p, &key_end, &p);
      if (r == RESULT_OK)
        r = scan_value (im, p, &tok, &p);
      if (r != RESULT_OK)
        return r;
      keep_member (row, key, key_end, &tok, extras);
      p = st_json_skip_ws (p, im->end);
      if (p >= im->end)
        return RESULT_NEED_MORE;
      after_comma = *p == ',';
      if (*p == '}')
        {
          *out = p + 1;
          return RESULT_OK;
        }
      if (*p != ',')
        return fail (im, p, N_ ("expected “,” or “}” after a value"));
      p++;
    }
}

static StStringId
intern_text (Importer *im, const char *at, const char *str, gsize len)
{
  StStringTable *strings = im->shard->strings;
  guint          before = st_string_table_get_size (strings);
  StStringId     id = st_string_table_intern (strings, str, len);

  if (st_string_table_get_size (strings) != before && !g_utf8_validate_len (str, len, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (str, len);
      st_string_table_replace (strings, id, valid, strlen (valid));
      st_builder_shard_warn (im->shard, ST_WARNING_INVALID_UTF8, offset_of (im, at),
                             "\342\200\234%s\342\200\235", valid);
    }
  return id;
}

static StStringId
intern_tok (Importer *im, const Tok *t)
{
  if (tok_len (t) == 0)
    return ST_STRING_EMPTY;
  if (t->type == 's' && (t->flags & ST_JSON_STRING_ESCAPES))
    {
      GString *scratch = im->shard->scratch;
      g_string_truncate (scratch, 0);
      st_json_unescape (t->p, t->e, scratch);
      return intern_text (im, t->p, scratch->str, scratch->len);
    }
  return intern_text (im, t->p, t->p, tok_len (t));
}

static StStringId
intern_literal (Importer *im, const char *text)
{
  return st_string_table_intern (im->shard->strings, text, strlen (text));
}

static void
add_meta (Importer  *im,
          StMetaKind kind,
          StStringId pid,
          StStringId tid,
          StStringId text,
          gint64     number)
{
  StRawMeta *m = st_vec_push (&im->shard->metas, StRawMeta);

  *m = (StRawMeta){ 0, pid, tid, text, number, kind };
}

/* The process of a row: its NeuronCore, "NeuronCore 0" without nc_idx. */
static StStringId
core_of (Importer *im, const Row *row)
{
  StStringId pid;
  gint64     index = 0;

  if (!HAS (row, K_NC_IDX))
    pid = im->core_zero;
  else if (im->last_pid != ST_STRING_NONE && tok_equal (&row->tok[K_NC_IDX], &im->last_core))
    return im->last_pid;
  else
    {
      pid = intern_tok (im, &row->tok[K_NC_IDX]);
      im->last_core = row->tok[K_NC_IDX];
      im->last_pid = pid;
    }

  if (g_hash_table_add (im->cores, GUINT_TO_POINTER (pid + 1)))
    {
      const char      *text = st_string_table_get (im->shard->strings, pid);
      g_autofree char *title = g_strdup_printf ("NeuronCore %s", text);

      add_meta (im, ST_META_PROCESS_NAME, pid, ST_STRING_EMPTY, intern_literal (im, title), 0);
      if (st_json_parse_int64 (text, text + strlen (text), &index))
        add_meta (im, ST_META_PROCESS_SORT_INDEX, pid, ST_STRING_EMPTY, ST_STRING_EMPTY, index);
      st_builder_shard_note_pid (im->shard, pid);
    }
  return pid;
}

static gint64
engine_sort_index (const char *engine)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_engines); i++)
    if (g_str_equal (engine, known_engines[i]))
      return i;
  return G_N_ELEMENTS (known_engines);
}

/* The thread track (pid, tid), given its sort index the first time. */
static guint
track_of (Importer *im, StStringId pid, StStringId tid, gint64 sort_index)
{
  guint track = st_builder_shard_get_track (im->shard, ST_RAW_TRACK_THREAD, pid, tid);

  if (g_hash_table_add (im->tracks, GUINT_TO_POINTER (track + 1)))
    add_meta (im, ST_META_THREAD_SORT_INDEX, pid, tid, ST_STRING_EMPTY, sort_index);
  return track;
}

static guint
named_track (Importer *im, StStringId pid, const char *format, const char *name, gint64 sort_index)
{
  g_autofree char *text = g_strdup_printf (format, name);
  return track_of (im, pid, intern_literal (im, text), sort_index);
}

static gboolean
row_time (Importer *im, const Row *row, int k, const char *field, gint64 *out)
{
  const Tok *t = &row->tok[k];
  double     d;

  if (!HAS (row, k))
    {
      st_builder_shard_warn (im->shard, ST_WARNING_MISSING_FIELD, offset_of (im, row->start),
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
  st_builder_shard_warn (im->shard, ST_WARNING_BAD_NUMBER, offset_of (im, t->p), "%s: %.*s", field,
                         (int)MIN (tok_len (t), 40), t->p);
  return FALSE;
}

/* A duration (of @k, or end - start): missing is 0 with a warning, negative
 * is read as 0 with a warning. */
static gint64
row_duration (Importer *im, const Row *row, int k, gint64 ts, guint16 *flags)
{
  gint64 dur = 0, end;

  if (k == K_END_TS && HAS (row, K_END_TS))
    {
      if (!row_time (im, row, K_END_TS, "end_ts", &end))
        return 0;
      dur = end - ts;
    }
  else if (k == K_END_TS || !HAS (row, k))
    {
      st_builder_shard_warn (im->shard, ST_WARNING_MISSING_DURATION, offset_of (im, row->start),
                             NULL);
      *flags |= ST_SLICE_NO_DURATION;
      return 0;
    }
  else if (!row_time (im, row, k, "duration", &dur))
    return 0;
  if (dur < 0)
    {
      st_builder_shard_warn (im->shard, ST_WARNING_NEGATIVE_DURATION, offset_of (im, row->start),
                             "%" G_GINT64_FORMAT, dur);
      dur = 0;
    }
  return dur;
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
  StSlice *s = st_vec_push (&st_builder_shard_track (im->shard, track)->slices, StSlice);

  *s = (StSlice){ ts, dur, offset_of (im, row->start), name, cat, ST_RAW_COMPLETE, flags, 0 };
  st_builder_shard_note_time (im->shard, ts, ts + dur);
}

/* Widens the span of the instruction's layer path on its core; consecutive
 * instructions mostly share a layer, so the hash is seldom asked. */
static void
note_layer (Importer *im, StStringId pid, const Row *row, gint64 ts, gint64 end)
{
  const Tok *t = &row->tok[K_LAYER];
  LayerKey   key;
  Span      *span;

  if (t->type != 's' || tok_len (t) == 0)
    return;
  if (im->last_span != NULL && pid == im->last_layer_pid && tok_equal (t, &im->last_layer))
    span = im->last_span;
  else
    {
      key = (LayerKey){ pid, intern_tok (im, t) };
      span = g_hash_table_lookup (im->layers, &key);
      if (span == NULL)
        {
          span = g_new (Span, 1);
          *span = (Span){ ts, end, offset_of (im, row->start) };
          g_hash_table_insert (im->layers, g_memdup2 (&key, sizeof key), span);
        }
      im->last_layer = *t;
      im->last_layer_pid = pid;
      im->last_span = span;
    }
  span->start = MIN (span->start, ts);
  span->end = MAX (span->end, end);
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

  if (!row_time (im, row, K_TIMESTAMP, "timestamp", &ts))
    return;
  dur = row_duration (im, row, K_DURATION, ts, &flags);
  pid = core_of (im, row);
  if (engine_tok == NULL)
    engine_tok = &empty_tok;
  if (im->last_engine_track == G_MAXUINT || pid != im->last_engine_pid
      || !tok_equal (engine_tok, &im->last_engine))
    {
      engine = tok_len (engine_tok) ? intern_tok (im, engine_tok)
                                    : intern_literal (im, "Unknown engine");
      im->last_engine_track = track_of (
          im, pid, engine,
          SORT_ENGINE + engine_sort_index (st_string_table_get (im->shard->strings, engine)));
      im->last_engine = *engine_tok;
      im->last_engine_pid = pid;
    }
  name = HAS (row, K_OPCODE)     ? intern_tok (im, &row->tok[K_OPCODE])
         : HAS (row, K_HLO_NAME) ? intern_tok (im, &row->tok[K_HLO_NAME])
                                 : intern_literal (im, "instruction");
  push_slice (im, im->last_engine_track, row, ts, dur, name, im->cat_instruction, flags);
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

  if (!row_time (im, row, K_TIMESTAMP, "timestamp", &ts))
    return;
  dur = row_duration (im, row, K_DURATION, ts, &flags);
  pid = core_of (im, row);
  if (im->last_queue_track == G_MAXUINT || pid != im->last_queue_pid
      || !tok_equal (queue, &im->last_queue))
    {
      g_autofree char *text = g_strndup (queue->p, tok_len (queue));
      im->last_queue_track = named_track (im, pid, "DMA %s", *text ? text : "queue", SORT_DMA);
      im->last_queue = *queue;
      im->last_queue_pid = pid;
    }
  /* Named by where the bytes go: "HBM→SB". */
  if (im->last_route == ST_STRING_NONE || !tok_equal (source, &im->last_source)
      || !tok_equal (dest, &im->last_dest))
    {
      g_autofree char *text = g_strdup_printf ("%.*s\342\206\222%.*s", (int)tok_len (source),
                                               source->p, (int)tok_len (dest), dest->p);
      im->last_route = tok_len (source) + tok_len (dest)
                           ? intern_text (im, source->p, text, strlen (text))
                           : intern_literal (im, "DMA");
      im->last_source = *source;
      im->last_dest = *dest;
    }
  push_slice (im, im->last_queue_track, row, ts, dur, im->last_route,
              cc ? im->cat_cc_dma : im->cat_dma, flags);
}

static void
on_active_time (Importer *im, const Row *row)
{
  const Tok       *engine = HAS (row, K_ENGINE) ? &row->tok[K_ENGINE] : &empty_tok;
  g_autofree char *engine_text = g_strndup (engine->p, tok_len (engine));
  StStringId       pid;
  guint16          flags = 0;
  gint64           ts, dur;

  if (!row_time (im, row, K_START_TS, "start_ts", &ts))
    return;
  dur = HAS (row, K_END_TS) ? row_duration (im, row, K_END_TS, ts, &flags)
                            : row_duration (im, row, K_DURATION_NS, ts, &flags);
  pid = core_of (im, row);
  push_slice (im,
              named_track (im, pid, "%s active time", *engine_text ? engine_text : "Engine",
                           SORT_ACTIVE + engine_sort_index (engine_text)),
              row, ts, dur, im->name_active, im->cat_active, 0);
}

static void
push_sample (Importer  *im,
             StStringId pid,
             StStringId name,
             StStringId series,
             gint64     ts,
             const Tok *value)
{
  StRawSample *sample;
  double       v;

  if (!st_json_parse_double (value->p, value->e, &v))
    {
      st_builder_shard_warn (im->shard, ST_WARNING_BAD_COUNTER_VALUE, offset_of (im, value->p),
                             "%.*s", (int)MIN (tok_len (value), 40), value->p);
      return;
    }
  sample = st_vec_push (
      &st_builder_shard_get_series (im->shard, pid, name, ST_STRING_EMPTY, series)->samples,
      StRawSample);
  *sample = (StRawSample){ ts, v };
  st_builder_shard_note_time (im->shard, ts, ts);
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
      st_builder_shard_warn (im->shard, ST_WARNING_MISSING_FIELD, offset_of (im, row->start),
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
    push_sample (im, pid, name, intern_literal (im, "value"), ts, &row->tok[K_VALUE]);
  for (guint i = 0; i < row->n_extras; i++)
    {
      const Extra *x = &row->extras[i];
      if (x->tok.p[0] == 'n' || x->tok.p[0] == 't' || x->tok.p[0] == 'f')
        continue; /* null, true, false */
      push_sample (im, pid, name, intern_text (im, x->key, x->key, x->key_len), ts, &x->tok);
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
  double read = (double)(im->p - im->base) / MAX (1, im->end - im->base);

  if (im->progress != NULL)
    im->progress (im->progress_base + (1.0 - im->progress_base) * read, im->progress_data);
}

/* The rows of one array, from after its '['. */
static Result
parse_rows (Importer *im, const char *p, RowsKind kind, StStringId title)
{
  gboolean first = TRUE, after_comma = FALSE;

  for (;;)
    {
      const char *q;
      Result      r;
      Row         row;

      im->p = p = st_json_skip_ws (p, im->end);
      if (p >= im->end)
        return RESULT_NEED_MORE;
      if (*p == ']')
        {
          if (after_comma)
            st_builder_shard_warn (im->shard, ST_WARNING_TRAILING_COMMA, offset_of (im, p), NULL);
          im->p = p + 1;
          return RESULT_OK;
        }
      if (!first && !after_comma)
        {
          if (*p != ',')
            return fail (im, p, N_ ("expected “,” or “]” after a row"));
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
          r = scan_value (im, p, &tok, &q);
          if (r != RESULT_OK)
            return r;
          st_builder_shard_warn (im->shard, ST_WARNING_NOT_AN_OBJECT, offset_of (im, p), "%.*s",
                                 (int)MIN (q - p, 40), p);
        }
      im->shard->counts.events++;
      p = q;
      first = after_comma = FALSE;
      if (++im->rows % CHECK_EVERY == 0)
        {
          im->p = p;
          report_progress (im);
          if (g_cancellable_is_cancelled (im->cancellable))
            return RESULT_ERROR;
        }
    }
}

static int
row_array (const char *key, gsize len)
{
  for (guint i = 0; i < G_N_ELEMENTS (row_arrays); i++)
    if (strlen (row_arrays[i].key) == len && memcmp (row_arrays[i].key, key, len) == 0)
      return i;
  return -1;
}

static void
add_metadata_span (Importer   *im,
                   const char *key,
                   const char *key_end,
                   const char *value,
                   const char *value_end)
{
  StMetadataSpan *span = g_new0 (StMetadataSpan, 1);

  span->key = g_strndup (key, key_end - key);
  span->offset = offset_of (im, value);
  span->length = value_end - value;
  g_ptr_array_add (im->metadata, span);
  if (g_str_equal (span->key, "summary") && *value == '[')
    {
      /* Metrics: the first element is an object with at least one member. */
      const char *p = st_json_skip_ws (value + 1, value_end);
      if (p < value_end && *p == '{')
        im->has_metrics = *st_json_skip_ws (p + 1, value_end) == '"';
    }
}

static Result
wrong_type (Importer *im, const char *key, const char *value)
{
  const char *what = *value == '{'   ? _ ("an object")
                     : *value == '"' ? _ ("a string")
                                     : _ ("a number or literal");

  im->error_code = ST_TRACE_ERROR_NOT_A_TRACE;
  im->error_text
      = g_strdup_printf (_ ("“%s” should be an array of rows, but it is %s."), key, what);
  im->error_at = value;
  return RESULT_ERROR;
}

/* One member of the top-level object. */
static Result
parse_member (Importer *im)
{
  const char *p = im->p, *key, *key_end, *value, *q;
  Result      r;
  Tok         tok;
  int         kind;

  key = p + 1;
  r = scan_key (im, p, &key_end, &value);
  if (r != RESULT_OK)
    return r;
  kind = row_array (key, key_end - key);
  if (kind >= 0)
    {
      if (*value != '[')
        return wrong_type (im, row_arrays[kind].key, value);
      im->open_array = row_arrays[kind].key;
      r = parse_rows (im, value + 1, row_arrays[kind].kind,
                      row_arrays[kind].title ? intern_literal (im, row_arrays[kind].title)
                                             : ST_STRING_EMPTY);
      if (r == RESULT_OK)
        im->open_array = NULL;
      return r;
    }
  r = scan_value (im, value, &tok, &q);
  if (r != RESULT_OK)
    return r;
  add_metadata_span (im, key, key_end, value, q);
  im->p = q;
  return RESULT_OK;
}

static Result
parse_top (Importer *im)
{
  const char *p = st_json_skip_ws (im->p, im->end);
  gboolean    first = TRUE;

  if (p >= im->end || *p != '{')
    return p >= im->end ? RESULT_NEED_MORE
                        : fail (im, p, N_ ("expected “{” at the start of a Neuron profile"));
  im->p = p + 1;
  for (;;)
    {
      Result r;

      p = st_json_skip_ws (im->p, im->end);
      if (p >= im->end)
        return RESULT_NEED_MORE;
      if (*p == '}')
        {
          im->p = p + 1;
          return RESULT_OK;
        }
      if (!first)
        {
          if (*p != ',')
            return fail (im, p, N_ ("expected “,” or “}” between top-level keys"));
          p = st_json_skip_ws (p + 1, im->end);
          if (p >= im->end)
            return RESULT_NEED_MORE;
        }
      im->p = p;
      r = parse_member (im);
      if (r != RESULT_OK)
        return r;
      first = FALSE;
    }
}

/* The layer spans of each core as nested slices on its "Layers" track: one
 * slice per path segment, spanning the instructions under it. */

typedef struct
{
  StStringId pid;
  StStringId segment;
  guint      depth;
  Span       span;
} Segment;

ST_DEFINE_SORT (sort_segments, Segment, a->depth < b->depth)

static void
add_prefixes (Importer   *im,
              GHashTable *prefixes,
              StStringId  pid,
              const char *path,
              const Span *span)
{
  g_auto (GStrv)      parts = g_strsplit (path, "/", -1);
  g_autoptr (GString) prefix = g_string_new (NULL);
  guint               depth = 0;

  g_string_printf (prefix, "%u", pid);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      Segment *seg;

      if (*parts[i] == '\0')
        continue;
      g_string_append_c (prefix, '/');
      g_string_append (prefix, parts[i]);
      seg = g_hash_table_lookup (prefixes, prefix->str);
      if (seg == NULL)
        {
          seg = g_new (Segment, 1);
          *seg = (Segment){ pid, intern_literal (im, parts[i]), depth, *span };
          g_hash_table_insert (prefixes, g_strdup (prefix->str), seg);
        }
      seg->span.start = MIN (seg->span.start, span->start);
      seg->span.end = MAX (seg->span.end, span->end);
      seg->span.offset = MIN (seg->span.offset, span->offset);
      depth++;
    }
}

static void
build_layers (Importer *im)
{
  g_autoptr (GHashTable) prefixes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GArray)     segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  GHashTableIter         iter;
  gpointer               key, value;

  g_hash_table_iter_init (&iter, im->layers);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const LayerKey  *k = key;
      g_autofree char *path = g_strdup (st_string_table_get (im->shard->strings, k->layer));
      add_prefixes (im, prefixes, k->pid, path, value);
    }
  g_hash_table_iter_init (&iter, prefixes);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_array_append_vals (segments, value, 1);
  /* Parents first: the layout keeps file order for equal spans. */
  sort_segments ((Segment *)(void *)segments->data, segments->len, NULL);
  for (guint i = 0; i < segments->len; i++)
    {
      const Segment *seg = &g_array_index (segments, Segment, i);
      guint          track = track_of (im, seg->pid, im->tid_layers, SORT_LAYERS);
      StSlice       *s = st_vec_push (&st_builder_shard_track (im->shard, track)->slices, StSlice);

      *s = (StSlice){ seg->span.start,
                      seg->span.end - seg->span.start,
                      seg->span.offset,
                      seg->segment,
                      im->tid_layers,
                      ST_RAW_COMPLETE,
                      0,
                      0 };
    }
}

/* The file's "warnings": each a string or an object with a "message". */
static void
add_profiler_warnings (Importer *im, const StMetadataSpan *span)
{
  const char *p = im->base + span->offset, *end = p + span->length;

  if (*p != '[')
    return;
  p = st_json_skip_ws (p + 1, end);
  while (p < end && *p != ']')
    {
      const char          *q = st_json_skip_value (p, end);
      g_autoptr (JsonNode) node = NULL;
      g_autofree char     *value = NULL;
      g_autofree char     *text = NULL;

      /* q == p: not a value (a stray ':'); stop rather than spin on it. */
      if (q == NULL || q == p)
        return;
      value = g_strndup (p, q - p);
      node = json_from_string (value, NULL);
      if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
          && json_node_get_value_type (node) == G_TYPE_STRING)
        text = g_strdup (json_node_get_string (node));
      else if (node != NULL && JSON_NODE_HOLDS_OBJECT (node)
               && json_object_has_member (json_node_get_object (node), "message"))
        text = g_strdup (json_object_get_string_member_with_default (json_node_get_object (node),
                                                                     "message", ""));
      else
        text = g_strndup (p, MIN (q - p, 200));
      st_builder_shard_warn (im->shard, ST_WARNING_PROFILER, offset_of (im, p), "%s", text);
      p = st_json_skip_ws (q, end);
      if (p < end && *p == ',')
        p = st_json_skip_ws (p + 1, end);
      else if (p < end && *p != ']')
        return; /* garbage between values */
    }
}

static void
set_position_error (Importer *im, GError **error, gint code, const char *at, const char *message)
{
  guint64 line, column;

  st_json_position (im->base, at - im->base, &line, &column);
  g_set_error (error, ST_TRACE_ERROR, code,
               _ ("%s: line %" G_GUINT64_FORMAT ", column %" G_GUINT64_FORMAT ": %s"),
               st_source_get_display_name (im->source), line, column, message);
}

static void
warn_truncated (Importer *im)
{
  const char *p = st_json_skip_ws (im->p, im->end);

  if (im->open_array != NULL && p < im->end)
    st_builder_shard_warn (im->shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("a partial last row of “%s” was dropped"), im->open_array);
  else if (im->open_array != NULL)
    st_builder_shard_warn (im->shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("the “%s” array is not closed with “]”"), im->open_array);
  else
    st_builder_shard_warn (im->shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("the top-level object is not closed with “}”"));
}

static gboolean
conclude (Importer *im, Result r, GError **error)
{
  const char *name = st_source_get_display_name (im->source);

  if (g_cancellable_set_error_if_cancelled (im->cancellable, error))
    return FALSE;
  if (r == RESULT_ERROR && im->error_text != NULL)
    {
      set_position_error (im, error, im->error_code, im->error_at, im->error_text);
      return FALSE;
    }
  if (r == RESULT_ERROR && im->rows == 0)
    {
      set_position_error (im, error, ST_TRACE_ERROR_SYNTAX, im->error_at, _ (im->error_msg));
      return FALSE;
    }
  if (r == RESULT_NEED_MORE && im->rows == 0 && !im->has_metrics)
    {
      set_position_error (im, error, ST_TRACE_ERROR_SYNTAX, im->end,
                          _ ("the file ends before any row of the Neuron profile"));
      return FALSE;
    }
  if (r == RESULT_ERROR)
    st_builder_shard_warn (im->shard, ST_WARNING_SYNTAX, offset_of (im, im->error_at), "%s",
                           _ (im->error_msg));
  else if (r == RESULT_NEED_MORE)
    warn_truncated (im);
  if (im->rows == 0 && !im->has_metrics)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: this Neuron profiler device profile holds no instructions, DMA "
                      "transfers, time series or summary metrics."),
                   name);
      return FALSE;
    }
  return TRUE;
}

/* Waits for the whole text: the rows are read from the complete mapping.
 * A gzip file is inflated first (the first half of the progress). */
static gboolean
wait_complete (Importer *im, gsize start)
{
  gboolean complete = FALSE;
  gsize    avail = st_source_wait (im->source, 0, &complete);

  if (!complete)
    im->progress_base = 0.5;
  while (!complete && !g_cancellable_is_cancelled (im->cancellable))
    {
      avail = st_source_wait (im->source, avail, &complete);
      if (im->progress != NULL)
        im->progress (st_source_get_input_fraction (im->source) * 0.5, im->progress_data);
    }
  im->base = st_source_get_data (im->source);
  im->end = im->base + st_source_get_size (im->source);
  im->p = im->base + start;
  return complete;
}

static void
importer_init (Importer *im, StTraceBuilder *builder, StSource *source, GCancellable *cancellable)
{
  memset (im, 0, sizeof *im);
  im->shard = st_trace_builder_add_shard (builder);
  im->source = source;
  im->cancellable = cancellable;
  im->cores = g_hash_table_new (NULL, NULL);
  im->tracks = g_hash_table_new (NULL, NULL);
  im->layers
      = g_hash_table_new_full ((GHashFunc)g_int64_hash, (GEqualFunc)g_int64_equal, g_free, g_free);
  im->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
  im->cat_instruction = intern_literal (im, "instruction");
  im->cat_dma = intern_literal (im, "dma");
  im->cat_cc_dma = intern_literal (im, "cc_dma");
  im->cat_active = intern_literal (im, "active_time");
  im->tid_layers = intern_literal (im, "Layers");
  im->name_active = intern_literal (im, "active");
  im->core_zero = intern_literal (im, "0");
  im->last_pid = im->last_route = ST_STRING_NONE;
  im->last_engine_track = im->last_queue_track = G_MAXUINT;
}

static void
importer_clear (Importer *im)
{
  g_hash_table_unref (im->cores);
  g_hash_table_unref (im->tracks);
  g_hash_table_unref (im->layers);
  g_ptr_array_unref (im->metadata);
  g_free (im->error_text);
}

/* TRUE when the first top-level keys within @len bytes say Neuron device
 * profile: a key of its arrays (whatever its value, so that a malformed one
 * is explained by this importer), or "metadata" as an array. Chrome's
 * "traceEvents" (and an object-valued "metadata") say otherwise. */
gboolean
st_neuron_sniff (const char *data, gsize len)
{
  static const char *const neuron_keys[] = {
    "instruction", "dma", "active_time", "summary", "metadata", "layer_summary", "semaphore_update",
  };
  const char *end = data + len, *p = st_json_skip_ws (data, end);

  if (p >= end || *p != '{')
    return FALSE;
  p++;
  for (;;)
    {
      const char *key, *key_end;

      p = st_json_skip_ws (p, end);
      if (p >= end || *p != '"')
        return FALSE;
      key = p + 1;
      p = st_json_skip_string (p, end, NULL);
      if (p == NULL)
        return FALSE;
      key_end = p - 1;
      p = st_json_skip_ws (p, end);
      if (p >= end || *p != ':')
        return FALSE;
      p = st_json_skip_ws (p + 1, end);
      if (p >= end)
        return FALSE;
      /* Chrome files may have a "metadata" object; Neuron's is an array. */
      for (guint i = 0; i < G_N_ELEMENTS (neuron_keys); i++)
        if ((gsize)(key_end - key) == strlen (neuron_keys[i])
            && memcmp (key, neuron_keys[i], key_end - key) == 0)
          return *p == '[' || !g_str_equal (neuron_keys[i], "metadata");
      if (key_end - key == 11 && memcmp (key, "traceEvents", 11) == 0)
        return FALSE;
      p = st_json_skip_value (p, end);
      if (p == NULL || p >= end)
        return FALSE;
      p = st_json_skip_ws (p, end);
      if (p >= end || *p != ',')
        return FALSE;
      p++;
    }
}

/* Reads the Neuron device profile of @source from byte @start. */
gboolean
st_neuron_import (StTraceBuilder  *builder,
                  StSource        *source,
                  gsize            start,
                  GCancellable    *cancellable,
                  StImportProgress progress,
                  gpointer         progress_data,
                  GError         **error)
{
  Importer im;
  Result   r = RESULT_ERROR;
  gboolean ok;

  importer_init (&im, builder, source, cancellable);
  im.progress = progress;
  im.progress_data = progress_data;
  if (wait_complete (&im, start))
    r = parse_top (&im);
  ok = conclude (&im, r, error);
  if (ok)
    {
      build_layers (&im);
      for (guint i = 0; i < im.metadata->len; i++)
        {
          StMetadataSpan *span = g_ptr_array_index (im.metadata, i);
          if (g_str_equal (span->key, "warnings"))
            add_profiler_warnings (&im, span);
          st_trace_builder_add_metadata (builder, span->key, span->offset, span->length);
        }
      st_trace_builder_set_flavor (builder, "device-profile");
      if (progress != NULL)
        progress (1.0, progress_data);
    }
  importer_clear (&im);
  return ok;
}
