/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-importer-private.h"
#include "st-json-doc.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

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

static int
row_array (const char *key, gsize len)
{
  for (guint i = 0; i < G_N_ELEMENTS (row_arrays); i++)
    if (strlen (row_arrays[i].key) == len && memcmp (row_arrays[i].key, key, len) == 0)
      return i;
  return -1;
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
  im->json.error_at = value;
  return RESULT_ERROR;
}

/* A member of the top-level object: a row array is read row by row, every
 * other value is kept whole. */
static int
on_member (StJsonReader *json, const char *key, gsize key_len, const char *value, gpointer data)
{
  Importer *im = data;
  int       kind = row_array (key, key_len);
  Result    r;

  if (kind < 0)
    return ST_JSON_READ_KEEP;
  if (*value != '[')
    return wrong_type (im, row_arrays[kind].key, value);
  im->open_array = row_arrays[kind].key;
  r = st_neuron_parse_rows (im, value + 1, row_arrays[kind].kind,
                            row_arrays[kind].title
                                ? st_neuron_sink_literal (&im->sink, row_arrays[kind].title)
                                : ST_STRING_EMPTY);
  if (r == RESULT_OK)
    im->open_array = NULL;
  return r;
}

static Result
parse_top (Importer *im)
{
  const char *p = st_json_skip_ws (im->json.p, im->json.end);
  int         r;

  if (p >= im->json.end || *p != '{')
    return p >= im->json.end
               ? RESULT_NEED_MORE
               : st_json_reader_fail (&im->json, p,
                                      N_ ("expected “{” at the start of a Neuron profile"));
  im->json.p = p + 1;
  do
    r = st_json_reader_next_member (&im->json, on_member, im);
  while (r == ST_JSON_READ_OK);
  return r == ST_JSON_READ_END ? RESULT_OK : r;
}

/* Metrics: a "summary" array whose first element is an object with at
 * least one member. */
static gboolean
has_metrics (Importer *im)
{
  gboolean found = FALSE;

  for (guint i = 0; i < im->json.metadata->len; i++)
    {
      const StMetadataSpan *span = g_ptr_array_index (im->json.metadata, i);
      const char           *value = im->json.base + span->offset, *end = value + span->length, *p;

      if (!g_str_equal (span->key, "summary") || *value != '[')
        continue;
      p = st_json_skip_ws (value + 1, end);
      if (p < end && *p == '{')
        found = *st_json_skip_ws (p + 1, end) == '"';
    }
  return found;
}

/* The file's "warnings": each a string or an object with a "message". */
static void
add_profiler_warnings (Importer *im, const StMetadataSpan *span)
{
  const char *p = im->json.base + span->offset, *end = p + span->length;

  if (*p != '[')
    return;
  p = st_json_skip_ws (p + 1, end);
  while (p < end && *p != ']')
    {
      const char          *q = st_json_skip_value (p, end);
      g_autoptr (JsonNode) node = NULL;
      g_autofree char     *text = NULL;

      /* q == p: not a value (a stray ':'); stop rather than spin on it. */
      if (q == NULL || q == p)
        return;
      node = st_json_doc_parse (p, q - p, NULL);
      if (st_json_node_get_string (node) != NULL)
        text = g_strdup (st_json_node_get_string (node));
      else if (node != NULL && JSON_NODE_HOLDS_OBJECT (node)
               && st_json_object_get_string (json_node_get_object (node), "message") != NULL)
        text = g_strdup (st_json_object_get_string (json_node_get_object (node), "message"));
      else
        text = g_strndup (p, MIN (q - p, 200));
      st_builder_shard_warn (im->sink.shard, ST_WARNING_PROFILER, offset_of (im, p), "%s", text);
      p = st_json_skip_ws (q, end);
      if (p < end && *p == ',')
        p = st_json_skip_ws (p + 1, end);
      else if (p < end && *p != ']')
        return; /* garbage between values */
    }
}

/* At the end of the row array being read, or of the top-level member cut
 * short. */
static void
warn_truncated (Importer *im)
{
  const char *from
      = im->open_array == NULL && im->json.member != NULL ? im->json.member : im->json.p;
  const char *p = st_json_skip_ws (from, im->json.end);

  if (im->open_array != NULL && p < im->json.end)
    st_builder_shard_warn (im->sink.shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("a partial last row of “%s” was dropped"), im->open_array);
  else if (im->open_array != NULL)
    st_builder_shard_warn (im->sink.shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("the “%s” array is not closed with “]”"), im->open_array);
  else
    st_builder_shard_warn (im->sink.shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("the top-level object is not closed with “}”"));
}

static gboolean
conclude (Importer *im, Result r, GError **error)
{
  const char *name = st_source_get_display_name (im->source);
  gboolean    metrics = has_metrics (im);

  if (g_cancellable_set_error_if_cancelled (im->cancellable, error))
    return FALSE;
  if (r == RESULT_ERROR && im->error_text != NULL)
    {
      st_json_reader_set_error (&im->json, im->source, im->error_code, im->json.error_at,
                                im->error_text, error);
      return FALSE;
    }
  if (r == RESULT_ERROR && im->rows == 0)
    {
      st_json_reader_set_error (&im->json, im->source, ST_TRACE_ERROR_SYNTAX, im->json.error_at,
                                _ (im->json.error_msg), error);
      return FALSE;
    }
  if (r == RESULT_NEED_MORE && im->rows == 0 && !metrics)
    {
      st_json_reader_set_error (&im->json, im->source, ST_TRACE_ERROR_SYNTAX, im->json.end,
                                _ ("the file ends before any row of the Neuron profile"), error);
      return FALSE;
    }
  if (r == RESULT_ERROR)
    st_builder_shard_warn (im->sink.shard, ST_WARNING_SYNTAX, offset_of (im, im->json.error_at),
                           "%s", _ (im->json.error_msg));
  else if (r == RESULT_NEED_MORE)
    warn_truncated (im);
  if (im->rows == 0 && !metrics)
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
  st_json_reader_init (&im->json, st_source_get_data (im->source),
                       st_source_get_data (im->source) + st_source_get_size (im->source),
                       st_source_get_data (im->source) + start);
  return complete;
}

static void
importer_init (Importer *im, StTraceBuilder *builder, StSource *source, GCancellable *cancellable)
{
  memset (im, 0, sizeof *im);
  st_neuron_sink_init (&im->sink, st_trace_builder_add_shard (builder));
  im->source = source;
  im->cancellable = cancellable;
  im->last_pid = im->last_route = ST_STRING_NONE;
  im->last_engine_track = im->last_queue_track = G_MAXUINT;
}

static void
importer_clear (Importer *im)
{
  st_neuron_sink_clear (&im->sink);
  st_json_reader_clear (&im->json);
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
      st_neuron_sink_build_layers (&im.sink);
      for (guint i = 0; i < im.json.metadata->len; i++)
        {
          StMetadataSpan *span = g_ptr_array_index (im.json.metadata, i);
          if (g_str_equal (span->key, "warnings"))
            add_profiler_warnings (&im, span);
        }
      st_json_reader_commit (&im.json, builder);
      st_trace_builder_set_flavor (builder, "device-profile");
      if (progress != NULL)
        progress (1.0, progress_data);
    }
  importer_clear (&im);
  return ok;
}
