/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-rocprof-importer-private.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

#define TOOL_KEY "rocprofiler-sdk-tool"
/* What st_json_reader_next_member() says of a separator it misses. */
#define TOP_SEPARATOR "expected “,” or “}” between top-level keys"

/* The walk of one process object: the importer and the process. */
typedef struct
{
  Importer *im;
  Proc     *proc;
} Walk;

static const struct
{
  const char *key;
  guint       section;
  void (*read) (Importer *im, Proc *proc, const Tok *value);
} sections[] = {
  { "metadata", SECTION_METADATA, st_rocprof_read_metadata },
  { "agents", SECTION_AGENTS, st_rocprof_read_agents },
  { "strings", SECTION_STRINGS, st_rocprof_read_strings },
  { "kernel_symbols", SECTION_SYMBOLS, st_rocprof_read_symbols },
};

static gboolean
key_is (const char *key, gsize len, const char *name)
{
  return strlen (name) == len && memcmp (key, name, len) == 0;
}

/* After a member's value at @p: the offset of the next member or the end
 * of the object, or a failure. */
static Result
after_value (Importer *im, const char **pp, gboolean *done)
{
  const char *p = st_json_skip_ws (*pp, im->json.end);

  if (p >= im->json.end)
    return RESULT_NEED_MORE;
  *done = *p == '}';
  if (*p != '}' && *p != ',')
    return st_json_reader_fail (&im->json, p, N_ ("expected “,” or “}” after a value"));
  *pp = p + 1;
  return RESULT_OK;
}

/* One member of buffer_records at @p (its key): a record array of
 * RecordsKind is read record by record, everything else skipped. */
static Result
read_buffer_member (Importer *im, const Proc *proc, const char *p, const char **out)
{
  const char *key = p + 1, *key_end, *value;
  guint       flags = 0;
  int         kind;
  Result      r;
  Tok         tok;

  r = st_json_reader_key (&im->json, p, &key_end, &flags, &value);
  if (r != RESULT_OK)
    return r;
  kind = st_rocprof_records_kind (key, key_end - key);
  if (kind < 0 || *value != '[')
    {
      r = st_json_reader_value (&im->json, value, &tok, out);
      if (r == RESULT_OK && kind >= 0)
        st_rocprof_wrong_type (im, st_rocprof_records_name (kind), &tok, _ ("an array"));
      return r;
    }
  im->open_array = st_rocprof_records_name (kind);
  r = st_rocprof_read_array (im, proc, value + 1, kind);
  if (r == RESULT_OK)
    im->open_array = NULL;
  *out = im->json.p;
  return r;
}

/* buffer_records at @p ('{'): its record arrays; json.p ends after it. */
static Result
read_buffer_records (Importer *im, const Proc *proc, const char *p)
{
  gboolean done = FALSE;
  Result   r;

  p = st_json_skip_ws (p + 1, im->json.end);
  if (p < im->json.end && *p == '}')
    done = TRUE, p++;
  while (!done)
    {
      p = st_json_skip_ws (p, im->json.end);
      if (p >= im->json.end)
        return RESULT_NEED_MORE;
      r = read_buffer_member (im, proc, p, &p);
      if (r == RESULT_OK)
        r = after_value (im, &p, &done);
      if (r != RESULT_OK)
        return r;
    }
  im->json.p = p;
  return RESULT_OK;
}

/* buffer_records, read now when the sections its records need came before
 * it (as rocprofv3 writes them), else skipped and read after the process's
 * last member. */
static int
on_buffer_records (Importer *im, Proc *proc, const char *value)
{
  Tok tok;
  int r;

  if (*value == '{' && (proc->sections & SECTION_ALL) == SECTION_ALL)
    return read_buffer_records (im, proc, value);
  r = st_json_reader_value (&im->json, value, &tok, &im->json.p);
  if (r != ST_JSON_READ_OK)
    return r;
  if (tok.type == '{')
    proc->records = value;
  else
    st_rocprof_wrong_type (im, "buffer_records", &tok, _ ("an object"));
  return ST_JSON_READ_OK;
}

static int
on_process_member (StJsonReader *json,
                   const char   *key,
                   gsize         key_len,
                   const char   *value,
                   gpointer      data)
{
  Walk       *w = data;
  const char *after;
  Tok         tok;
  int         r;

  if (key_is (key, key_len, "buffer_records"))
    return on_buffer_records (w->im, w->proc, value);
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (key_is (key, key_len, sections[i].key))
      {
        r = st_json_reader_value (json, value, &tok, &after);
        if (r != ST_JSON_READ_OK)
          return r;
        sections[i].read (w->im, w->proc, &tok);
      }
  return ST_JSON_READ_KEEP;
}

/* The sections of a later process are kept under its pid: "agents (pid 9)". */
static void
name_kept (Importer *im, const Proc *proc, guint first)
{
  for (guint i = first; proc->index > 0 && i < im->json.metadata->len; i++)
    {
      StMetadataSpan *span = g_ptr_array_index (im->json.metadata, i);
      char           *key = g_strdup_printf ("%s (pid %s)", span->key, proc->pid);

      g_free (span->key);
      span->key = key;
    }
}

/* One process object at @p ('{'); json.p ends after it. */
static Result
read_process (Importer *im, const char *p, guint index)
{
  Walk     w = { im, st_rocprof_proc_new (index) };
  guint    first = im->json.metadata->len;
  gboolean need_sep = im->json.need_sep;
  int      r;

  g_ptr_array_add (im->procs, w.proc);
  im->json.p = p + 1;
  im->json.need_sep = FALSE;
  do
    r = st_json_reader_next_member (&im->json, on_process_member, &w);
  while (r == ST_JSON_READ_OK);
  im->json.need_sep = need_sep;
  name_kept (im, w.proc, first);
  /* The walk is the top-level object's; this one is a process. */
  if (r == ST_JSON_READ_ERROR && g_strcmp0 (im->json.error_msg, TOP_SEPARATOR) == 0)
    im->json.error_msg = N_ ("expected “,” or “}” between the keys of a process");
  if (r != ST_JSON_READ_END)
    return r;
  if (w.proc->records != NULL)
    {
      const char *after = im->json.p;

      r = read_buffer_records (im, w.proc, w.proc->records);
      im->json.p = after;
    }
  return r == ST_JSON_READ_END ? RESULT_OK : r;
}

/* The array of processes, from after its '['; json.p ends after it. */
static Result
read_processes (Importer *im, const char *p)
{
  guint  index = 0;
  Result r;
  Tok    tok;

  for (gboolean first = TRUE;; first = FALSE)
    {
      p = st_json_skip_ws (p, im->json.end);
      if (p < im->json.end && !first && *p == ',')
        p = st_json_skip_ws (p + 1, im->json.end);
      else if (p < im->json.end && !first && *p != ']')
        return st_json_reader_fail (&im->json, p, N_ ("expected “,” or “]” after a process"));
      if (p >= im->json.end)
        return RESULT_NEED_MORE;
      if (*p == ']')
        {
          im->json.p = p + 1;
          return RESULT_OK;
        }
      if (*p == '{')
        r = read_process (im, p, index++);
      else if ((r = st_json_reader_value (&im->json, p, &tok, &im->json.p)) == RESULT_OK)
        st_rocprof_wrong_type (im, TOOL_KEY "[]", &tok, _ ("an object"));
      if (r != RESULT_OK)
        return r;
      p = im->json.p;
    }
}

static int
on_top_member (StJsonReader *json, const char *key, gsize key_len, const char *value, gpointer data)
{
  Importer *im = data;
  Tok       tok;

  if (!key_is (key, key_len, TOOL_KEY))
    return ST_JSON_READ_KEEP;
  im->saw_tool = TRUE;
  if (*value == '[')
    return read_processes (im, value + 1);
  if (st_json_reader_value (json, value, &tok, &json->p) != ST_JSON_READ_OK)
    tok.type = *value;
  im->error_code = ST_TRACE_ERROR_NOT_A_TRACE;
  im->error_text
      = g_strdup_printf (_ ("“%s” should be an array of processes, but it is %s."), TOOL_KEY,
                         tok.type == '{'   ? _ ("an object")
                         : tok.type == 's' ? _ ("a string")
                                           : _ ("a number or literal"));
  return st_json_reader_fail (json, value, "");
}

static Result
parse_top (Importer *im)
{
  const char *p = st_json_skip_ws (im->json.p, im->json.end);
  int         r;

  if (p >= im->json.end || *p != '{')
    return p >= im->json.end ? RESULT_NEED_MORE
                             : st_json_reader_fail (
                                 &im->json, p, N_ ("expected “{” at the start of the profile"));
  im->json.p = p + 1;
  do
    r = st_json_reader_next_member (&im->json, on_top_member, im);
  while (r == ST_JSON_READ_OK);
  return r == ST_JSON_READ_END ? RESULT_OK : r;
}

static guint64
n_records (Importer *im)
{
  guint64 n = 0;

  for (guint i = 0; i < im->readers->len; i++)
    n += ((Reader *)g_ptr_array_index (im->readers, i))->records;
  return n;
}

/* At the end of the record array being read, or of the member cut short. */
static void
warn_truncated (Importer *im)
{
  const char *from = im->json.p;
  const char *p = st_json_skip_ws (from, im->json.end);

  if (im->open_array != NULL && p < im->json.end)
    st_builder_shard_warn (im->reader->shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("a partial last record of “%s” was dropped"), im->open_array);
  else if (im->open_array != NULL)
    st_builder_shard_warn (im->reader->shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("the “%s” array is not closed with “]”"), im->open_array);
  else
    st_builder_shard_warn (im->reader->shard, ST_WARNING_TRUNCATED, offset_of (im, p),
                           _ ("the profile ends before its closing brackets"));
}

static gboolean
conclude (Importer *im, Result r, GError **error)
{
  guint64 records = n_records (im);

  if (g_cancellable_set_error_if_cancelled (im->cancellable, error))
    return FALSE;
  if (r == RESULT_ERROR && im->error_text != NULL)
    {
      st_json_reader_set_error (&im->json, im->source, im->error_code, im->json.error_at,
                                im->error_text, error);
      return FALSE;
    }
  if (r == RESULT_ERROR && records == 0)
    {
      st_json_reader_set_error (&im->json, im->source, ST_TRACE_ERROR_SYNTAX, im->json.error_at,
                                _ (im->json.error_msg), error);
      return FALSE;
    }
  if (r == RESULT_NEED_MORE && records == 0)
    {
      st_json_reader_set_error (&im->json, im->source, ST_TRACE_ERROR_SYNTAX, im->json.end,
                                _ ("the file ends before any record of the rocprofv3 profile"),
                                error);
      return FALSE;
    }
  if (r == RESULT_OK && !im->saw_tool)
    {
      g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_NOT_A_TRACE,
                   _ ("%s: this JSON object has no “%s” array of processes."),
                   st_source_get_display_name (im->source), TOOL_KEY);
      return FALSE;
    }
  if (r == RESULT_ERROR)
    st_builder_shard_warn (im->reader->shard, ST_WARNING_SYNTAX, offset_of (im, im->json.error_at),
                           "%s", _ (im->json.error_msg));
  else if (r == RESULT_NEED_MORE)
    warn_truncated (im);
  return TRUE;
}

/* Waits for the whole text: the records are read from the complete
 * mapping. A gzip file is inflated first (the first half of the progress). */
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
importer_clear (Importer *im)
{
  g_ptr_array_unref (im->readers);
  g_ptr_array_unref (im->procs);
  st_json_reader_clear (&im->json);
  g_free (im->error_text);
}

/* TRUE when a top-level key within @len bytes is "rocprofiler-sdk-tool",
 * whatever its value (so that a malformed one is explained by this
 * importer); Chrome's "traceEvents" says otherwise. */
gboolean
st_rocprof_sniff (const char *data, gsize len)
{
  const char *end = data + len, *p = st_json_skip_ws (data, end);

  if (p >= end || *p != '{')
    return FALSE;
  for (p++;; p++)
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
      if (p >= end || key_is (key, key_end - key, "traceEvents"))
        return FALSE;
      if (key_is (key, key_end - key, TOOL_KEY))
        return TRUE;
      p = st_json_skip_value (p, end);
      if (p == NULL || p >= end)
        return FALSE;
      p = st_json_skip_ws (p, end);
      if (p >= end || *p != ',')
        return FALSE;
    }
}

/* Reads the rocprofv3 profile of @source from byte @start, a big record
 * array on up to @n_threads threads. */
gboolean
st_rocprof_import (StTraceBuilder  *builder,
                   StSource        *source,
                   gsize            start,
                   guint            n_threads,
                   GCancellable    *cancellable,
                   StImportProgress progress,
                   gpointer         progress_data,
                   GError         **error)
{
  Importer im = { builder, source, cancellable, progress, progress_data, 0.0, MAX (1, n_threads) };
  Result   r = RESULT_ERROR;
  gboolean ok;

  im.procs = g_ptr_array_new_with_free_func (st_rocprof_proc_free);
  im.readers = g_ptr_array_new_with_free_func (st_rocprof_reader_free);
  if (wait_complete (&im, start))
    {
      im.reader = st_rocprof_reader_new (&im);
      r = parse_top (&im);
    }
  else
    im.reader = st_rocprof_reader_new (&im);
  ok = conclude (&im, r, error);
  if (ok)
    {
      st_rocprof_link (&im);
      st_json_reader_commit (&im.json, builder);
      st_trace_builder_set_flavor (builder, "rocprofv3");
      if (progress != NULL)
        progress (1.0, progress_data);
    }
  importer_clear (&im);
  return ok;
}
