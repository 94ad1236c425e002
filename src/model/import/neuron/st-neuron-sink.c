/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-sink.h"
#include "st-json-scan.h"
#include "st-slice-layout.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *const known_engines[] = {
  "Tensor", "TensorMatrix", "Vector", "Scalar", "GpSimd", "Sync",
};

/* Both ids are small and close together: the hash mixes them, so that
 * sequential ids spread over the table. */
static guint
layer_key_hash (gconstpointer p)
{
  const StNeuronLayerKey *k = p;
  guint64 h = ((guint64)k->pid << 32 | k->layer) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  return (guint)(h >> 32);
}

static gboolean
layer_key_equal (gconstpointer a, gconstpointer b)
{
  const StNeuronLayerKey *x = a, *y = b;

  return x->pid == y->pid && x->layer == y->layer;
}

void
st_neuron_sink_init (StNeuronSink *s, StBuilderShard *shard)
{
  memset (s, 0, sizeof *s);
  s->shard = shard;
  s->cores = g_hash_table_new (NULL, NULL);
  s->tracks = g_hash_table_new (NULL, NULL);
  s->layers = g_hash_table_new_full (layer_key_hash, layer_key_equal, g_free, g_free);
  s->cat_instruction = st_neuron_sink_literal (s, "instruction");
  s->cat_dma = st_neuron_sink_literal (s, "dma");
  s->cat_cc_dma = st_neuron_sink_literal (s, "cc_dma");
  s->cat_active = st_neuron_sink_literal (s, "active_time");
  s->tid_layers = st_neuron_sink_literal (s, "Layers");
  s->name_active = st_neuron_sink_literal (s, "active");
  s->core_zero = st_neuron_sink_literal (s, "0");
}

void
st_neuron_sink_clear (StNeuronSink *s)
{
  g_clear_pointer (&s->cores, g_hash_table_unref);
  g_clear_pointer (&s->tracks, g_hash_table_unref);
  g_clear_pointer (&s->layers, g_hash_table_unref);
}

StStringId
st_neuron_sink_literal (StNeuronSink *s, const char *text)
{
  return st_string_table_intern (s->shard->strings, text, strlen (text));
}

/* Text of the file at @offset; invalid UTF-8 is made valid, with a
 * warning, the first time the text is seen. */
StStringId
st_neuron_sink_intern (StNeuronSink *s, guint64 offset, const char *text, gsize len)
{
  StStringTable *strings = s->shard->strings;
  guint          before = st_string_table_get_size (strings);
  StStringId     id = st_string_table_intern (strings, text, len);

  if (st_string_table_get_size (strings) != before && !g_utf8_validate_len (text, len, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (text, len);
      st_string_table_replace (strings, id, valid, strlen (valid));
      st_builder_shard_warn (s->shard, ST_WARNING_INVALID_UTF8, offset,
                             "\342\200\234%s\342\200\235", valid);
    }
  return id;
}

/* An engine's name as the profiler's JSON writes it ("tensor" is
 * "Tensor"), or NULL for an engine Strata does not know. */
const char *
st_neuron_sink_engine_name (const char *engine)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_engines); i++)
    if (g_ascii_strcasecmp (engine, known_engines[i]) == 0)
      return known_engines[i];
  return NULL;
}

static void
add_meta (StNeuronSink *s,
          StMetaKind    kind,
          StStringId    pid,
          StStringId    tid,
          StStringId    text,
          gint64        number)
{
  StRawMeta *m = st_vec_push (&s->shard->metas, StRawMeta);

  *m = (StRawMeta){ 0, pid, tid, text, number, kind };
}

/* The process of a NeuronCore, named "NeuronCore <pid>" the first time. */
void
st_neuron_sink_note_core (StNeuronSink *s, StStringId pid)
{
  const char      *text;
  g_autofree char *title = NULL;
  gint64           index = 0;

  if (!g_hash_table_add (s->cores, GUINT_TO_POINTER (pid + 1)))
    return;
  text = st_string_table_get (s->shard->strings, pid);
  title = g_strdup_printf ("NeuronCore %s", text);
  add_meta (s, ST_META_PROCESS_NAME, pid, ST_STRING_EMPTY, st_neuron_sink_literal (s, title), 0);
  if (st_json_parse_int64 (text, text + strlen (text), &index))
    add_meta (s, ST_META_PROCESS_SORT_INDEX, pid, ST_STRING_EMPTY, ST_STRING_EMPTY, index);
  st_builder_shard_note_pid (s->shard, pid);
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
guint
st_neuron_sink_track (StNeuronSink *s, StStringId pid, StStringId tid, gint64 sort)
{
  guint track = st_builder_shard_get_track (s->shard, ST_RAW_TRACK_THREAD, pid, tid);

  if (g_hash_table_add (s->tracks, GUINT_TO_POINTER (track + 1)))
    add_meta (s, ST_META_THREAD_SORT_INDEX, pid, tid, ST_STRING_EMPTY, sort);
  return track;
}

/* The track of an engine's instructions; ST_STRING_EMPTY is "Unknown
 * engine". */
guint
st_neuron_sink_engine_track (StNeuronSink *s, StStringId pid, StStringId engine)
{
  if (engine == ST_STRING_EMPTY)
    engine = st_neuron_sink_literal (s, "Unknown engine");
  return st_neuron_sink_track (
      s, pid, engine,
      ST_NEURON_SORT_ENGINE + engine_sort_index (st_string_table_get (s->shard->strings, engine)));
}

static guint
named_track (StNeuronSink *s, StStringId pid, const char *format, const char *name, gint64 sort)
{
  g_autofree char *text = g_strdup_printf (format, name);

  return st_neuron_sink_track (s, pid, st_neuron_sink_literal (s, text), sort);
}

/* "DMA <queue>"; "DMA queue" for a transfer that names none. */
guint
st_neuron_sink_queue_track (StNeuronSink *s, StStringId pid, const char *queue)
{
  return named_track (s, pid, "DMA %s", *queue ? queue : "queue", ST_NEURON_SORT_DMA);
}

/* "<engine> active time"; "Engine active time" for none. */
guint
st_neuron_sink_active_track (StNeuronSink *s, StStringId pid, const char *engine)
{
  return named_track (s, pid, "%s active time", *engine ? engine : "Engine",
                      ST_NEURON_SORT_ACTIVE + engine_sort_index (engine));
}

/* What no location's name holds: a list's brackets, quotes and commas,
 * spaces, and the backslashes of quotes escaped in a string the JSON
 * importer hands over as written ("[[\\"SB\\"]]"). */
#define SEPARATORS "[]\"'\\, \t\n"

/* The locations a transfer's source or dest lists, as words: "SB" of
 * "[SB]", "SB+PSUM" of "[[\"SB\"], [\"PSUM\"]]". Brackets, quotes, commas
 * and spaces are no part of a name, and "unknown" says nothing. */
static void
append_locations (GString *out, const char *p, gsize len)
{
  const char *end = p + len;
  gsize       start = out->len;

  while (p < end)
    {
      const char *word;

      while (p < end && strchr (SEPARATORS, *p) != NULL)
        p++;
      for (word = p; p < end && strchr (SEPARATORS, *p) == NULL; p++)
        ;
      if (p == word || (p - word == 7 && g_ascii_strncasecmp (word, "unknown", 7) == 0))
        continue;
      if (out->len > start)
        g_string_append_c (out, '+');
      g_string_append_len (out, word, p - word);
    }
}

/* A transfer's name, by where the bytes go: "HBM→SB"; "to SB" or "from
 * HBM" when one side says nothing; "DMA" when neither does. */
StStringId
st_neuron_sink_route (StNeuronSink *s,
                      guint64       offset,
                      const char   *source,
                      gsize         source_len,
                      const char   *dest,
                      gsize         dest_len)
{
  g_autoptr (GString) from = g_string_new (NULL);
  g_autoptr (GString) to = g_string_new (NULL);
  g_autofree char    *text = NULL;

  append_locations (from, source, source_len);
  append_locations (to, dest, dest_len);
  if (from->len == 0 && to->len == 0)
    return st_neuron_sink_literal (s, "DMA");
  if (from->len == 0)
    text = g_strdup_printf ("to %s", to->str);
  else if (to->len == 0)
    text = g_strdup_printf ("from %s", from->str);
  else
    text = g_strdup_printf ("%s\342\206\222%s", from->str, to->str);
  return st_neuron_sink_intern (s, offset, text, strlen (text));
}

void
st_neuron_sink_slice (StNeuronSink *s,
                      guint         track,
                      guint64       offset,
                      gint64        ts,
                      gint64        dur,
                      StStringId    name,
                      StStringId    cat,
                      guint16       flags)
{
  StSlice *slice = st_vec_push (&st_builder_shard_track (s->shard, track)->slices, StSlice);

  *slice = (StSlice){ ts, dur, offset, name, cat, ST_RAW_COMPLETE, flags, 0 };
  st_builder_shard_note_time (s->shard, ts, ts + dur);
}

/* Widens the span of @layer on core @pid to [@ts, @end); the span, which
 * a reader may keep for the instructions that follow in the same layer. */
StNeuronSpan *
st_neuron_sink_layer (StNeuronSink *s,
                      StStringId    pid,
                      StStringId    layer,
                      gint64        ts,
                      gint64        end,
                      guint64       offset)
{
  StNeuronLayerKey key = { pid, layer };
  StNeuronSpan    *span = g_hash_table_lookup (s->layers, &key);

  if (span == NULL)
    {
      span = g_new (StNeuronSpan, 1);
      *span = (StNeuronSpan){ ts, end, offset };
      g_hash_table_insert (s->layers, g_memdup2 (&key, sizeof key), span);
    }
  span->start = MIN (span->start, ts);
  span->end = MAX (span->end, end);
  return span;
}

/* A value of series @series of counter @name on core @pid. */
void
st_neuron_sink_sample (StNeuronSink *s,
                       StStringId    pid,
                       StStringId    name,
                       StStringId    series,
                       gint64        ts,
                       double        value)
{
  StRawSample *sample = st_vec_push (
      &st_builder_shard_get_series (s->shard, pid, name, ST_STRING_EMPTY, series)->samples,
      StRawSample);

  *sample = (StRawSample){ ts, value };
  st_builder_shard_note_time (s->shard, ts, ts);
}
