#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-xplane-importer-private.h"

#include <math.h>

/* How many of an event's own stats are remembered, so that its metadata's
 * stats of the same name are not written twice; past that, both are. */
#define MAX_OWN_STATS 32

static const char hex[] = "0123456789abcdef";

/* @str as a JSON string, quotes included; bytes that are not UTF-8 become
 * U+FFFD. */
void
st_xplane_append_json_string (GString *out, const guint8 *str, gsize len)
{
  g_autofree char *valid = NULL;
  gsize            i, from = 0;

  for (i = 0; i < len; i++)
    if (str[i] >= 0x80)
      break;
  if (i < len && !g_utf8_validate_len ((const char *)str, len, NULL))
    {
      valid = g_utf8_make_valid ((const char *)str, len);
      str = (const guint8 *)valid;
      len = strlen (valid);
    }
  g_string_append_c (out, '"');
  for (i = 0; i < len; i++)
    {
      guint8 c = str[i];

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;
      g_string_append_len (out, (const char *)str + from, i - from);
      from = i + 1;
      if (c == '"' || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
        }
      else
        {
          char esc[7] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0 };
          g_string_append_len (out, esc, 6);
        }
    }
  g_string_append_len (out, (const char *)str + from, len - from);
  g_string_append_c (out, '"');
}

static void
append_u64 (GString *out, guint64 v)
{
  char  buf[24];
  char *p = buf + sizeof buf;

  do
    *--p = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  g_string_append_len (out, p, buf + sizeof buf - p);
}

static void
append_i64 (GString *out, gint64 v)
{
  if (v < 0)
    {
      g_string_append_c (out, '-');
      append_u64 (out, -(guint64)v);
    }
  else
    append_u64 (out, (guint64)v);
}

void
st_xplane_args_init (Importer *im)
{
  im->keys = g_string_new (NULL);
  im->text = g_string_sized_new (1 << 20);
  im->planes = g_string_new ("[");
  im->hostnames = g_string_new ("[");
  im->no_args = im->text->len;
  g_string_append (im->text, "{}\n");
}

void
st_xplane_args_add_stat_meta (Importer *im, StatMeta *meta)
{
  meta->key = im->keys->len;
  st_xplane_append_json_string (im->keys, meta->name, meta->name_len);
  g_string_append_c (im->keys, ':');
  meta->key_len = im->keys->len - meta->key;
}

static const StatMeta *
stat_meta (Importer *im, gint64 id)
{
  guint32 index = st_xplane_id_map_lookup (&im->plane.stat_ids, id);

  return index ? &g_array_index (im->plane.stat_meta, StatMeta, index - 1) : NULL;
}

/* "size:N" of a memcpy_details text: the copy's bytes. */
static void
append_copy_bytes (GString *out, const guint8 *text, gsize len)
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
  g_string_append (out, ",\"bytes\":");
  append_u64 (out, bytes);
}

static void
append_value (Importer *im, GString *out, const StPbField *f, gint64 id)
{
  const StatMeta *ref;
  char            buf[G_ASCII_DTOSTR_BUF_SIZE];
  double          d;

  switch (f->number)
    {
    case 2:
      memcpy (&d, &f->value, sizeof d);
      if (isfinite (d))
        g_string_append (out, g_ascii_dtostr (buf, sizeof buf, d));
      else
        g_string_append (out, isnan (d) ? "\"nan\"" : d > 0 ? "\"inf\"" : "\"-inf\"");
      return;
    case 3: append_u64 (out, f->value); return;
    case 4: append_i64 (out, (gint64)f->value); return;
    case 5:
      st_xplane_append_json_string (out, f->data, f->len);
      if (id == im->plane.known[STAT_MEMCPY])
        append_copy_bytes (out, f->data, f->len);
      return;
    case 6: g_string_append_printf (out, "\"(%" G_GSIZE_FORMAT " bytes)\"", f->len); return;
    case 7:
      ref = stat_meta (im, (gint64)f->value);
      if (ref == NULL)
        {
          g_string_append_c (out, '"');
          append_u64 (out, f->value);
          g_string_append_c (out, '"');
          return;
        }
      st_xplane_append_json_string (out, ref->name, ref->name_len);
      if (id == im->plane.known[STAT_MEMCPY])
        append_copy_bytes (out, ref->name, ref->name_len);
      return;
    default: g_string_append (out, "null");
    }
}

/* One XStat as "name":value, after a comma unless it is the first; its
 * metadata id in *@id. */
static void
append_stat (Importer *im, GString *out, const guint8 *data, gsize len, gint64 *id)
{
  StPbReader      r;
  StPbField       f, value = { 0 };
  const StatMeta *meta;

  *id = -1;
  st_pb_reader_init (&r, data, len);
  while (st_pb_next (&r, &f) == ST_PB_OK)
    if (f.number == 1 && f.wire == ST_PB_VARINT)
      *id = (gint64)f.value;
    else if (f.number >= 2 && f.number <= 7)
      value = f;
  if (out->str[out->len - 1] != '{')
    g_string_append_c (out, ',');
  meta = stat_meta (im, *id);
  if (meta != NULL)
    g_string_append_len (out, im->keys->str + meta->key, meta->key_len);
  else
    {
      g_string_append (out, "\"stat ");
      append_i64 (out, *id);
      g_string_append (out, "\":");
    }
  append_value (im, out, &value, *id);
}

/* The stats (field @number) of @msg, but for those whose ids are in @skip. */
static void
append_stats (Importer     *im,
              GString      *out,
              const guint8 *msg,
              gsize         len,
              guint         number,
              gint64       *ids,
              guint        *n_ids,
              gboolean      skip)
{
  StPbReader r;
  StPbField  f;

  st_pb_reader_init (&r, msg, len);
  while (st_pb_next (&r, &f) == ST_PB_OK)
    {
      gsize  before = out->len;
      gint64 id;

      if (f.number != number || f.wire != ST_PB_LEN)
        continue;
      append_stat (im, out, f.data, f.len, &id);
      for (guint k = 0; skip && k < *n_ids; k++)
        if (ids[k] == id)
          {
            g_string_truncate (out, before);
            break;
          }
      if (!skip && *n_ids < MAX_OWN_STATS)
        ids[(*n_ids)++] = id;
    }
}

/* The metadata's display name, when it has one other than its name. */
static void
append_display_name (Importer *im, GString *out, const EventMeta *meta)
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
  if (out->str[out->len - 1] != '{')
    g_string_append_c (out, ',');
  g_string_append (out, "\"display_name\":");
  st_xplane_append_json_string (out, display, display_len);
}

/* The args of the events of @meta without stats of their own, written
 * once: the offset of {"args": {...}} in the text. */
guint64
st_xplane_args_of_meta (Importer *im, EventMeta *meta)
{
  gint64 ids[MAX_OWN_STATS];
  guint  n_ids = 0;

  if (meta->text != 0)
    return meta->text - 1;
  meta->text = im->text->len + 1;
  g_string_append (im->text, "{\"args\":{");
  append_stats (im, im->text, meta->msg, meta->msg_len, 5, ids, &n_ids, TRUE);
  append_display_name (im, im->text, meta);
  if (im->text->len == meta->text - 1 + strlen ("{\"args\":{"))
    {
      g_string_truncate (im->text, meta->text - 1);
      meta->text = im->no_args + 1;
      return im->no_args;
    }
  g_string_append (im->text, "}}\n");
  return meta->text - 1;
}

/* The args of one event with stats of its own: its stats, then those of
 * its metadata it does not override. */
guint64
st_xplane_args_of_event (Importer *im, EventMeta *meta, const guint8 *event, gsize len)
{
  guint64 at = im->text->len;
  gint64  ids[MAX_OWN_STATS];
  guint   n_ids = 0;

  g_string_append (im->text, "{\"args\":{");
  append_stats (im, im->text, event, len, 4, ids, &n_ids, FALSE);
  if (meta->has_stats)
    append_stats (im, im->text, meta->msg, meta->msg_len, 5, ids, &n_ids, TRUE);
  append_display_name (im, im->text, meta);
  g_string_append (im->text, "}}\n");
  return at;
}

/* The plane's name and stats, an element of the "planes" metadata. */
void
st_xplane_args_add_plane (Importer *im)
{
  gint64 ids[MAX_OWN_STATS];
  guint  n_ids = 0;

  if (im->planes->len > 1)
    g_string_append_c (im->planes, ',');
  g_string_append (im->planes, "{\"name\":");
  st_xplane_append_json_string (im->planes, im->plane.name, im->plane.name_len);
  g_string_append (im->planes, ",\"events\":");
  append_u64 (im->planes, im->plane.n_events);
  g_string_append (im->planes, ",\"stats\":{");
  append_stats (im, im->planes, im->plane.msg, im->plane.len, 6, ids, &n_ids, TRUE);
  g_string_append (im->planes, "}}");
}

static void
add_metadata (Importer *im, StTraceBuilder *builder, const char *key, GString *value)
{
  guint64 at = im->text->len;

  g_string_append_len (im->text, value->str, value->len);
  st_trace_builder_add_metadata (builder, key, at, value->len);
  g_string_append_c (im->text, '\n');
}

/* The metadata after the events' args, and the text handed to the builder
 * as the trace's. */
gboolean
st_xplane_args_commit (Importer *im, StTraceBuilder *builder)
{
  g_autoptr (StSource) text = NULL;
  gsize                size;

  g_string_append_c (im->planes, ']');
  add_metadata (im, builder, "planes", im->planes);
  if (im->hostnames->len > 1)
    {
      g_string_append_c (im->hostnames, ']');
      add_metadata (im, builder, "hostnames", im->hostnames);
    }
  size = im->text->len;
  text = st_source_new_for_bytes (
      st_source_get_display_name (im->source),
      g_bytes_new_take (g_realloc (g_string_free (g_steal_pointer (&im->text), FALSE), size + 1),
                        size),
      st_source_get_file_size (im->source));
  st_trace_builder_set_text (builder, text);
  return TRUE;
}
