/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-reader.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>

void
st_json_reader_init (StJsonReader *self, const char *base, const char *end, const char *p)
{
  memset (self, 0, sizeof *self);
  self->base = base;
  self->end = end;
  self->p = p;
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
}

void
st_json_reader_clear (StJsonReader *self)
{
  g_clear_pointer (&self->metadata, g_ptr_array_unref);
}

/* Records why the key or value at @at could not be read; @colon_at is
 * where the colon after a key should have been. */
void
st_json_reader_scan_failed (StJsonReader      *self,
                            StJsonScan         scan,
                            const char        *at,
                            const char *const *colon_at)
{
  if (scan == ST_JSON_SCAN_NO_COLON)
    st_json_reader_fail (self, *colon_at, N_ ("expected “:” after a key"));
  else if (scan == ST_JSON_SCAN_NOT_A_KEY)
    st_json_reader_fail (self, at, N_ ("expected a key in double quotes"));
  else
    st_json_reader_fail (self, at,
                         N_ ("expected a value (a string in double quotes, a number, an object, "
                             "an array, true, false or null)"));
}

static void
keep_value (StJsonReader *self,
            const char   *key,
            gsize         key_len,
            const char   *value,
            const char   *value_end)
{
  StMetadataSpan *span = g_new0 (StMetadataSpan, 1);

  span->key = g_strndup (key, key_len);
  span->offset = st_json_reader_offset (self, value);
  span->length = value_end - value;
  g_ptr_array_add (self->metadata, span);
}

/* Reads the member of the top-level object at self->p (after its '{' or
 * after the member before), or the object's end. */
int
st_json_reader_next_member (StJsonReader *self, StJsonMemberFunc func, gpointer data)
{
  const char *p = st_json_skip_ws (self->p, self->end), *key, *key_end, *value;
  gboolean    after_comma = FALSE;
  guint       flags = 0;
  StJsonTok   tok;
  int         r;

  self->member = NULL;
  if (p >= self->end)
    return ST_JSON_READ_NEED_MORE;
  if (self->need_sep && *p != '}')
    {
      if (*p != ',')
        return st_json_reader_fail (self, p, N_ ("expected “,” or “}” between top-level keys"));
      after_comma = TRUE;
      p = st_json_skip_ws (p + 1, self->end);
      if (p >= self->end)
        return ST_JSON_READ_NEED_MORE;
    }
  /* After a comma, '}' ends the object only where a trailing comma passes;
   * else it is read as a key, and is not one. */
  if (*p == '}' && (!after_comma || self->trailing_comma))
    {
      self->p = p + 1;
      return ST_JSON_READ_END;
    }
  self->member = p;
  key = p + 1;
  r = st_json_reader_key (self, p, &key_end, &flags, &value);
  if (r != ST_JSON_READ_OK)
    return r;
  r = func (self, key, key_end - key, value, data);
  if (r == ST_JSON_READ_KEEP)
    {
      r = st_json_reader_value (self, value, &tok, &p);
      if (r != ST_JSON_READ_OK)
        return r;
      keep_value (self, key, key_end - key, value, p);
      self->p = p;
    }
  if (r == ST_JSON_READ_OK)
    self->member = NULL;
  self->need_sep = TRUE;
  return r;
}

/* Whether a top-level value of @key was kept. */
gboolean
st_json_reader_has_key (const StJsonReader *self, const char *key)
{
  for (guint i = 0; i < self->metadata->len; i++)
    if (g_str_equal (((StMetadataSpan *)g_ptr_array_index (self->metadata, i))->key, key))
      return TRUE;
  return FALSE;
}

/* Gives the kept values to @builder, once the part of the file they are
 * from is known to count. */
void
st_json_reader_commit (StJsonReader *self, StTraceBuilder *builder)
{
  for (guint i = 0; i < self->metadata->len; i++)
    {
      StMetadataSpan *span = g_ptr_array_index (self->metadata, i);
      st_trace_builder_add_metadata (builder, span->key, span->offset, span->length);
    }
}

/* A syntax or shape error of the file, with its line and column:
 * @message is translated. */
void
st_json_reader_set_error (const StJsonReader *self,
                          StSource           *source,
                          gint                code,
                          const char         *at,
                          const char         *message,
                          GError            **error)
{
  guint64          line, column;
  g_autofree char *l = NULL, *c = NULL;

  st_json_position (self->base, at - self->base, &line, &column);
  l = g_strdup_printf ("%" G_GUINT64_FORMAT, line);
  c = g_strdup_printf ("%" G_GUINT64_FORMAT, column);
  g_set_error (error, ST_TRACE_ERROR, code, _ ("%s: line %s, column %s: %s"),
               st_source_get_display_name (source), l, c, message);
}
