/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-xplane-importer-private.h"

#include <math.h>

#define ARGS_OPEN     "{\"args\":{"
#define ARGS_OPEN_LEN (sizeof (ARGS_OPEN) - 1)
#define ARGS_CLOSE    "}}\n"
/* How many of an event's own stats are remembered, so that its metadata's
 * stats of the same name are not written twice. */
#define MAX_OWN_STATS 32

static const char hex[] = "0123456789abcdef";

void
st_xplane_text_grow (Text *text, gsize more)
{
  gsize cap = MAX (MAX (text->cap * 2, text->len + more), 4096);

  text->data = g_realloc (text->data, cap);
  text->cap = cap;
}

static inline void
text_c (Text *text, char c)
{
  st_xplane_text_append (text, &c, 1);
}

static inline char
text_last (const Text *text)
{
  return text->len ? text->data[text->len - 1] : 0;
}

/* @str as a JSON string, quotes included; bytes that are not UTF-8 become
 * U+FFFD. */
void
st_xplane_append_json_string (Text *out, const guint8 *str, gsize len)
{
  g_autofree char *valid = NULL;
  gsize            i, from = 0;

  for (i = 0; i < len && str[i] < 0x80; i++)
    ;
  if (i < len && !g_utf8_validate_len ((const char *)str, len, NULL))
    {
      valid = g_utf8_make_valid ((const char *)str, len);
      str = (const guint8 *)valid;
      len = strlen (valid);
    }
  text_c (out, '"');
  for (i = 0; i < len; i++)
    {
      guint8 c = str[i];

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;
      st_xplane_text_append (out, (const char *)str + from, i - from);
      from = i + 1;
      if (c == '"' || c == '\\')
        {
          char esc[2] = { '\\', (char)c };
          st_xplane_text_append (out, esc, 2);
        }
      else
        {
          char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
          st_xplane_text_append (out, esc, 6);
        }
    }
  st_xplane_text_append (out, (const char *)str + from, len - from);
  text_c (out, '"');
}

static void
append_u64 (Text *out, guint64 v)
{
  char  buf[24];
  char *p = buf + sizeof buf;

  do
    *--p = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  st_xplane_text_append (out, p, buf + sizeof buf - p);
}

static void
append_i64 (Text *out, gint64 v)
{
  if (v < 0)
    text_c (out, '-');
  append_u64 (out, v < 0 ? -(guint64)v : (guint64)v);
}

void
st_xplane_args_init (Importer *im)
{
  im->meta_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  st_xplane_text_grow (&im->text, 1 << 20);
  im->no_args = im->text.len;
  st_xplane_text_literal (&im->text, "{}\n");
  st_xplane_text_literal (&im->planes, "[");
  st_xplane_text_literal (&im->hostnames, "[");
}

void
st_xplane_args_clear (Importer *im)
{
  g_array_unref (im->meta_ids);
  g_free (im->keys.data);
  g_free (im->text.data);
  g_free (im->planes.data);
  g_free (im->hostnames.data);
}

void
st_xplane_args_add_stat_meta (Importer *im, StatMeta *meta)
{
  meta->key = im->keys.len;
  st_xplane_append_json_string (&im->keys, meta->name, meta->name_len);
  text_c (&im->keys, ':');
  meta->key_len = im->keys.len - meta->key;
}

static const StatMeta *
stat_meta (Importer *im, gint64 id)
{
  guint32 index = st_xplane_id_map_lookup (&im->plane.stat_ids, id);

  return index ? &g_array_index (im->plane.stat_meta, StatMeta, index - 1) : NULL;
}

/* "size:N" of a memcpy_details text: the copy's bytes. */
static void
append_copy_bytes (Text *out, const guint8 *text, gsize len)
{
  const char *at = g_strstr_len ((const char *)text, len, "size:");
  guint64     bytes = 0;
  const char *p;

  if (at == NULL)
    return;
  for (p = at + 5; p < (const char *)text + len && g_ascii_isdigit (*p); p++)
    bytes = bytes * 10 + (guint64)(*p - '0');
  if (p == at + 5)
    return;
  st_xplane_text_literal (out, ",\"bytes\":");
  append_u64 (out, bytes);
}

static void
append_string_value (Importer *im, Text *out, gint64 id, const guint8 *str, gsize len)
{
  st_xplane_append_json_string (out, str, len);
  if (id == im->plane.known[STAT_MEMCPY])
    append_copy_bytes (out, str, len);
}

static void
append_value (Importer *im, Text *out, const StPbField *f, gint64 id)
{
  const StatMeta *ref;
  char            buf[G_ASCII_DTOSTR_BUF_SIZE];
  double          d;

  switch (f->number)
    {
    case 2:
      memcpy (&d, &f->value, sizeof d);
      if (isfinite (d))
        {
          g_ascii_dtostr (buf, sizeof buf, d);
          st_xplane_text_append (out, buf, strlen (buf));
        }
      else
        st_xplane_append_json_string (out,
                                      (const guint8 *)(isnan (d) ? "nan"
                                                       : d > 0   ? "inf"
                                                                 : "-inf"),
                                      isnan (d) || d > 0 ? 3 : 4);
      return;
    case 3: append_u64 (out, f->value); return;
    case 4: append_i64 (out, (gint64)f->value); return;
    case 5: append_string_value (im, out, id, f->data, f->len); return;
    case 6:
      st_xplane_text_literal (out, "\"(");
      append_u64 (out, f->len);
      st_xplane_text_literal (out, " bytes)\"");
      return;
    case 7:
      ref = stat_meta (im, (gint64)f->value);
      if (ref != NULL)
        append_string_value (im, out, id, ref->name, ref->name_len);
      else
        {
          text_c (out, '"');
          append_u64 (out, f->value);
          text_c (out, '"');
        }
      return;
    default: st_xplane_text_literal (out, "null");
    }
}

/* "name":value, after a comma unless it opens the object. */
static void
append_stat (Importer *im, Text *out, gint64 id, const StPbField *value)
{
  const StatMeta *meta = stat_meta (im, id);

  if (text_last (out) != '{')
    text_c (out, ',');
  if (meta != NULL)
    st_xplane_text_append (out, im->keys.data + meta->key, meta->key_len);
  else
    {
      st_xplane_text_literal (out, "\"stat ");
      append_i64 (out, id);
      st_xplane_text_literal (out, "\":");
    }
  append_value (im, out, value, id);
}

/* An event's own stat, into its args object (begun by the caller). */
void
st_xplane_args_stat (Importer *im, gint64 id, const StPbField *value, gint64 *ids, guint *n_ids)
{
  append_stat (im, &im->text, id, value);
  if (*n_ids < MAX_OWN_STATS)
    ids[*n_ids] = id;
  (*n_ids)++;
}

/* Whether @f is an XStat's value written as its field is declared:
 * double_value (2) 64 bits, uint64/int64/ref_value (3, 4, 7) varints,
 * str/bytes_value (5, 6) length-delimited. A value of another wire type
 * has no bytes of its own to read: it is skipped as unknown. */
gboolean
st_xplane_stat_value_ok (const StPbField *f)
{
  switch (f->number)
    {
    case 2: return f->wire == ST_PB_I64;
    case 3:
    case 4:
    case 7: return f->wire == ST_PB_VARINT;
    case 5:
    case 6: return f->wire == ST_PB_LEN;
    default: return FALSE;
    }
}

/* The XStat at @data: its id and its value field. */
static void
read_stat (const guint8 *data, gsize len, gint64 *id, StPbField *value)
{
  StPbReader r;
  StPbField  f;

  *id = -1;
  memset (value, 0, sizeof *value);
  st_pb_reader_init (&r, data, len);
  while (st_pb_next (&r, &f) == ST_PB_OK)
    if (f.number == 1 && f.wire == ST_PB_VARINT)
      *id = (gint64)f.value;
    else if (st_xplane_stat_value_ok (&f))
      *value = f;
}

static gboolean
is_in (gint64 id, const gint64 *ids, guint n_ids)
{
  for (guint k = 0; k < MIN (n_ids, MAX_OWN_STATS); k++)
    if (ids[k] == id)
      return TRUE;
  return FALSE;
}

/* The stats (field @number) of @msg but those in @ids; their ids into
 * meta_ids when @keep. */
static guint
append_stats (Importer     *im,
              Text         *out,
              const guint8 *msg,
              gsize         len,
              guint         number,
              const gint64 *ids,
              guint         n_ids,
              gboolean      keep)
{
  StPbReader r;
  StPbField  f, value;
  guint      n = 0;
  gint64     id;

  st_pb_reader_init (&r, msg, len);
  while (st_pb_next (&r, &f) == ST_PB_OK)
    {
      if (f.number != number || f.wire != ST_PB_LEN)
        continue;
      read_stat (f.data, f.len, &id, &value);
      if (is_in (id, ids, n_ids))
        continue;
      append_stat (im, out, id, &value);
      if (keep)
        g_array_append_val (im->meta_ids, id);
      n++;
    }
  return n;
}

/* The metadata's display name, when it has one other than its name. */
static void
append_display_name (Text *out, const EventMeta *meta)
{
  StPbReader    r;
  StPbField     f;
  const guint8 *name = NULL, *display = NULL;
  gsize         name_len = 0, display_len = 0;

  st_pb_reader_init (&r, meta->msg, meta->msg_len);
  while (st_pb_next (&r, &f) == ST_PB_OK)
    if (f.number == 2 && f.wire == ST_PB_LEN)
      name = f.data, name_len = f.len;
    else if (f.number == 4 && f.wire == ST_PB_LEN)
      display = f.data, display_len = f.len;
  if (display_len == 0 || (display_len == name_len && memcmp (name, display, name_len) == 0))
    return;
  if (text_last (out) != '{')
    text_c (out, ',');
  st_xplane_text_literal (out, "\"display_name\":");
  st_xplane_append_json_string (out, display, display_len);
}

/* The args of the events of @meta without stats of their own, written
 * once: the offset of {"args": {...}} in the text. */
guint64
st_xplane_args_of_meta (Importer *im, EventMeta *meta)
{
  guint64 at = im->text.len;
  guint   n;

  if (meta->text != 0)
    return meta->text - 1;
  meta->ids = im->meta_ids->len;
  st_xplane_text_literal (&im->text, ARGS_OPEN);
  n = append_stats (im, &im->text, meta->msg, meta->msg_len, 5, NULL, 0, TRUE);
  meta->n_ids = n;
  append_display_name (&im->text, meta);
  if (im->text.len == at + ARGS_OPEN_LEN)
    {
      im->text.len = at;
      meta->text = im->no_args + 1;
      meta->text_len = 0;
      return im->no_args;
    }
  st_xplane_text_literal (&im->text, ARGS_CLOSE);
  meta->text = at + 1;
  meta->text_len = im->text.len - at;
  return at;
}

/* Ends the args object begun at @at, its own stats @ids written: then
 * those of its metadata it does not override (copied when it overrides
 * none). An object with nothing in it is its metadata's. */
guint64
st_xplane_args_end (Importer *im, guint64 at, EventMeta *meta, const gint64 *ids, guint n_ids)
{
  gboolean overrides = n_ids > MAX_OWN_STATS;

  if (im->text.len == at + ARGS_OPEN_LEN)
    {
      im->text.len = at;
      return st_xplane_args_of_meta (im, meta);
    }
  for (guint k = 0; k < meta->n_ids && meta->text != 0 && !overrides; k++)
    overrides = is_in (g_array_index (im->meta_ids, gint64, meta->ids + k), ids, n_ids);
  if (meta->text != 0 && !overrides && meta->text_len > 0)
    {
      gsize from = meta->text - 1 + ARGS_OPEN_LEN;
      gsize len = meta->text_len - ARGS_OPEN_LEN - strlen (ARGS_CLOSE);

      text_c (&im->text, ',');
      if (im->text.cap - im->text.len < len)
        st_xplane_text_grow (&im->text, len);
      st_xplane_text_append (&im->text, im->text.data + from, len);
    }
  else if (meta->text == 0 || overrides)
    {
      append_stats (im, &im->text, meta->msg, meta->msg_len, 5, ids, n_ids, FALSE);
      append_display_name (&im->text, meta);
    }
  st_xplane_text_literal (&im->text, ARGS_CLOSE);
  return at;
}

/* The plane's name and stats, an element of the "planes" metadata. */
void
st_xplane_args_add_plane (Importer *im)
{
  if (im->planes.len > 1)
    text_c (&im->planes, ',');
  st_xplane_text_literal (&im->planes, "{\"name\":");
  st_xplane_append_json_string (&im->planes, im->plane.name, im->plane.name_len);
  st_xplane_text_literal (&im->planes, ",\"events\":");
  append_u64 (&im->planes, im->plane.n_events);
  st_xplane_text_literal (&im->planes, ",\"stats\":{");
  append_stats (im, &im->planes, im->plane.msg, im->plane.len, 6, NULL, 0, FALSE);
  st_xplane_text_literal (&im->planes, "}}");
}

static void
add_metadata (Importer *im, StTraceBuilder *builder, const char *key, const Text *value)
{
  guint64 at = im->text.len;

  st_xplane_text_append (&im->text, value->data, value->len);
  st_trace_builder_add_metadata (builder, key, at, value->len);
  text_c (&im->text, '\n');
}

/* The metadata after the events' args, and the text handed to the builder
 * as the trace's. */
gboolean
st_xplane_args_commit (Importer *im, StTraceBuilder *builder)
{
  g_autoptr (StSource) text = NULL;
  g_autoptr (GBytes)   bytes = NULL;
  gsize                size;

  text_c (&im->planes, ']');
  add_metadata (im, builder, "planes", &im->planes);
  if (im->hostnames.len > 1)
    {
      text_c (&im->hostnames, ']');
      add_metadata (im, builder, "hostnames", &im->hostnames);
    }
  size = im->text.len;
  text_c (&im->text, '\0');
  bytes = g_bytes_new_take (g_realloc (g_steal_pointer (&im->text.data), size + 1), size);
  text = st_source_new_for_bytes (st_source_get_display_name (im->source), bytes,
                                  st_source_get_file_size (im->source));
  im->text.len = im->text.cap = 0;
  st_trace_builder_set_event_text (builder, text);
  return TRUE;
}
