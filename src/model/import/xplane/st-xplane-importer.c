/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-trace-error.h"
#include "st-xplane-importer-private.h"

#include <glib/gi18n-lib.h>

/* The longest a field's key and length can be: two varints. */
#define FIELD_HEAD 20

void
st_xplane_id_map_clear (IdMap *map)
{
  g_free (map->keys);
  g_free (map->values);
  memset (map, 0, sizeof *map);
}

static inline guint
slot_of (gint64 key, guint size)
{
  return (guint)(((guint64)key * 0x9e3779b97f4a7c15ULL) >> 32) & (size - 1);
}

void
st_xplane_id_map_insert (IdMap *map, gint64 key, guint32 index)
{
  guint i;

  if (2 * (map->n + 1) > map->size)
    {
      IdMap bigger = { NULL, NULL, MAX (64, map->size * 2), 0 };

      bigger.keys = g_new (gint64, bigger.size);
      bigger.values = g_new0 (guint32, bigger.size);
      for (guint k = 0; k < map->size; k++)
        if (map->values[k] != 0)
          st_xplane_id_map_insert (&bigger, map->keys[k], map->values[k] - 1);
      st_xplane_id_map_clear (map);
      *map = bigger;
    }
  for (i = slot_of (key, map->size); map->values[i] != 0; i = (i + 1) & (map->size - 1))
    if (map->keys[i] == key)
      {
        map->values[i] = index + 1; /* a later entry of one id wins, as in a protobuf map */
        return;
      }
  map->keys[i] = key;
  map->values[i] = index + 1;
  map->n++;
}

guint32
st_xplane_id_map_lookup (const IdMap *map, gint64 key)
{
  if (map->size == 0)
    return 0;
  for (guint i = slot_of (key, map->size); map->values[i] != 0; i = (i + 1) & (map->size - 1))
    if (map->keys[i] == key)
      return map->values[i];
  return 0;
}

gboolean
st_xplane_damaged (Importer *im, const guint8 *at, const char *what)
{
  if (im->error_at == NULL)
    {
      im->error_at = at;
      im->error_what = what;
    }
  return FALSE;
}

/* Waits until @upto bytes are there (a gzip file is inflated as it is
 * read); FALSE when the file ends first, or the load is cancelled. */
static gboolean
ensure (Importer *im, guint64 upto)
{
  while (im->avail < upto && !im->complete)
    {
      if (g_cancellable_is_cancelled (im->cancellable))
        return FALSE;
      im->avail = st_source_wait (im->source, im->avail, &im->complete);
      im->data = (const guint8 *)st_source_get_data (im->source);
      if (im->progress != NULL && !im->complete)
        im->progress (st_source_get_input_fraction (im->source) * 0.9, im->progress_data);
    }
  return im->avail >= upto;
}

static const char *const known_stat_names[N_KNOWN_STATS] = {
  [STAT_CORRELATION] = "correlation_id",
  [STAT_MEMCPY] = "memcpy_details",
  [STAT_MEMSET] = "memset_details",
  [STAT_PRODUCER] = "_p",
  [STAT_CONSUMER] = "_c",
  [STAT_PRODUCER_TYPE] = "_pt",
  [STAT_CONSUMER_TYPE] = "_ct",
};

/* An entry of the stat_metadata map: {1: id, 2: XStatMetadata}. */
static gboolean
read_stat_meta (Importer *im, Plane *pl, const guint8 *data, gsize len)
{
  StPbReader r, m;
  StPbField  f, g;
  StatMeta   meta = { (const guint8 *)"", 0, 0, 0 };
  gint64     id = 0;
  gboolean   has_key = FALSE;
  StPbResult res;

  st_pb_reader_init (&r, data, len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    if (f.number == 1 && f.wire == ST_PB_VARINT)
      id = (gint64)f.value, has_key = TRUE;
    else if (f.number == 2 && f.wire == ST_PB_LEN)
      {
        st_pb_reader_init (&m, f.data, f.len);
        while ((res = st_pb_next (&m, &g)) == ST_PB_OK)
          if (g.number == 1 && g.wire == ST_PB_VARINT && !has_key)
            id = (gint64)g.value;
          else if (g.number == 2 && g.wire == ST_PB_LEN)
            meta.name = g.data, meta.name_len = g.len;
        if (res == ST_PB_ERROR)
          return st_xplane_damaged (im, m.at, N_ ("a stat's metadata is cut short"));
      }
  if (res == ST_PB_ERROR)
    return st_xplane_damaged (im, r.at, N_ ("an entry of the stat metadata is cut short"));
  st_xplane_args_add_stat_meta (im, &meta);
  g_array_append_val (pl->stat_meta, meta);
  st_xplane_id_map_insert (&pl->stat_ids, id, pl->stat_meta->len - 1);
  for (guint k = 0; k < N_KNOWN_STATS; k++)
    if (meta.name_len == strlen (known_stat_names[k])
        && memcmp (meta.name, known_stat_names[k], meta.name_len) == 0)
      pl->known[k] = id;
  return TRUE;
}

/* An entry of the event_metadata map: {1: id, 2: XEventMetadata}; its
 * stats are read when an event first uses it, once the stat metadata is in. */
static gboolean
read_event_meta (Importer *im, Plane *pl, const guint8 *data, gsize len)
{
  StPbReader r, m;
  StPbField  f, g;
  EventMeta  meta = { (const guint8 *)"", 0, ST_STRING_NONE, 0, FALSE, 0 };
  gint64     id = 0;
  gboolean   has_key = FALSE;
  StPbResult res;

  st_pb_reader_init (&r, data, len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    if (f.number == 1 && f.wire == ST_PB_VARINT)
      id = (gint64)f.value, has_key = TRUE;
    else if (f.number == 2 && f.wire == ST_PB_LEN)
      {
        meta.msg = f.data;
        meta.msg_len = f.len;
        st_pb_reader_init (&m, f.data, f.len);
        while ((res = st_pb_next (&m, &g)) == ST_PB_OK)
          if (g.number == 1 && g.wire == ST_PB_VARINT && !has_key)
            id = (gint64)g.value;
          else if (g.number == 5 && g.wire == ST_PB_LEN)
            meta.has_stats = TRUE;
        if (res == ST_PB_ERROR)
          return st_xplane_damaged (im, m.at, N_ ("an event's metadata is cut short"));
      }
  if (res == ST_PB_ERROR)
    return st_xplane_damaged (im, r.at, N_ ("an entry of the event metadata is cut short"));
  g_array_append_val (pl->event_meta, meta);
  st_xplane_id_map_insert (&pl->event_ids, id, pl->event_meta->len - 1);
  return TRUE;
}

/* "/device:GPU:3" is GPU 3; the host and other planes hold no device work. */
static void
classify_plane (Plane *pl)
{
  g_autofree char *name = g_strndup ((const char *)pl->name, pl->name_len);
  const char      *number = NULL;

  pl->kind = PLANE_OTHER;
  pl->device = -1;
  if (g_str_has_prefix (name, "/host:"))
    pl->kind = PLANE_HOST;
  else if (g_str_has_prefix (name, "/device:GPU:"))
    pl->kind = PLANE_GPU, number = name + strlen ("/device:GPU:");
  else if (g_str_has_prefix (name, "/device:TPU:"))
    pl->kind = PLANE_TPU, number = name + strlen ("/device:TPU:");
  if (number != NULL && !g_ascii_string_to_signed (number, 10, 0, G_MAXINT32, &pl->device, NULL))
    pl->device = -1;
}

/* The plane's name and both metadata maps, before its lines: a writer
 * puts the maps after the lines (field order), so the lines are stepped
 * over here and read by a second walk. */
static gboolean
read_plane_meta (Importer *im, Plane *pl)
{
  StPbReader r;
  StPbField  f;
  StPbResult res;

  st_pb_reader_init (&r, pl->msg, pl->len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    {
      gboolean ok = TRUE;

      if (f.number == 2 && f.wire == ST_PB_LEN)
        pl->name = f.data, pl->name_len = f.len;
      else if (f.number == 4 && f.wire == ST_PB_LEN)
        ok = read_event_meta (im, pl, f.data, f.len);
      else if (f.number == 5 && f.wire == ST_PB_LEN)
        ok = read_stat_meta (im, pl, f.data, f.len);
      else if (f.number >= 2 && f.number <= 6 && f.wire != ST_PB_LEN)
        return st_xplane_damaged (im, r.at, N_ ("a plane's field has the wrong wire type"));
      if (!ok)
        return FALSE;
    }
  if (res == ST_PB_ERROR)
    return st_xplane_damaged (im, r.at, N_ ("a plane's field is cut short"));
  classify_plane (pl);
  return TRUE;
}

static void
plane_reset (Plane *pl, const guint8 *msg, gsize len, guint index)
{
  g_array_set_size (pl->stat_meta, 0);
  g_array_set_size (pl->event_meta, 0);
  st_xplane_id_map_clear (&pl->stat_ids);
  st_xplane_id_map_clear (&pl->event_ids);
  pl->msg = msg;
  pl->len = len;
  pl->index = index;
  pl->name = (const guint8 *)"";
  pl->name_len = 0;
  pl->n_events = 0;
  pl->opened = FALSE;
  for (guint k = 0; k < N_KNOWN_STATS; k++)
    pl->known[k] = -1;
}

/* A string of the XSpace (errors, warnings, hostnames). */
static void
read_space_string (Importer *im, const StPbField *f)
{
  g_autofree char *text = g_utf8_make_valid ((const char *)f->data, f->len);

  if (f->number == 4)
    {
      st_xplane_text_append (&im->hostnames, im->hostnames.len > 1 ? "," : " ", 1);
      st_xplane_append_json_string (&im->hostnames, (const guint8 *)text, strlen (text));
    }
  else
    st_builder_shard_warn (im->shard, ST_WARNING_PROFILER, G_MAXUINT64, "%s%s",
                           f->number == 2 ? _ ("Error: ") : "", text);
}

/* The next field of the XSpace, waited for whole. */
static StPbResult
next_space_field (Importer *im, guint64 *pos, StPbField *f)
{
  const guint8 *p;
  guint64       key = 0, len;
  StPbReader    r;
  StPbResult    res;

  ensure (im, *pos + FIELD_HEAD);
  if (g_cancellable_is_cancelled (im->cancellable))
    return ST_PB_ERROR;
  p = im->data + *pos;
  /* a plane longer than what is inflated yet: wait for the rest */
  if (st_pb_read_varint (&p, im->data + im->avail, &key) && (key & 7) == ST_PB_LEN
      && st_pb_read_varint (&p, im->data + im->avail, &len))
    ensure (im, (guint64)(p - im->data) + MIN (len, G_MAXUINT64 / 2));
  if (g_cancellable_is_cancelled (im->cancellable))
    return ST_PB_ERROR;
  st_pb_reader_init (&r, im->data + *pos, im->avail - *pos);
  res = st_pb_next (&r, f);
  if (res == ST_PB_ERROR)
    {
      im->truncated = (key & 7) == ST_PB_LEN;
      return st_xplane_damaged (im, r.at,
                                im->truncated ? N_ ("the file ends inside a plane: it is cut short")
                                              : N_ ("a field of the XSpace is damaged")),
             ST_PB_ERROR;
    }
  *pos = (guint64)(r.p - im->data);
  return res;
}

static gboolean
read_space (Importer *im)
{
  guint64    pos = 0;
  guint      index = 0;
  StPbField  f = { 0 };
  StPbResult res;

  while ((res = next_space_field (im, &pos, &f)) == ST_PB_OK)
    {
      if (f.number == 1 && f.wire == ST_PB_LEN)
        {
          plane_reset (&im->plane, f.data, f.len, index++);
          if (!read_plane_meta (im, &im->plane) || !st_xplane_read_lines (im))
            return FALSE;
          st_xplane_args_add_plane (im);
        }
      else if (f.number >= 2 && f.number <= 4 && f.wire == ST_PB_LEN)
        read_space_string (im, &f);
      else if (f.number <= 4)
        return st_xplane_damaged (im, im->data + pos - 1,
                                  N_ ("a field of the XSpace has the wrong wire type"));
      if (im->progress != NULL && im->complete)
        im->progress (0.9 * pos / MAX (1, im->avail), im->progress_data);
    }
  return res == ST_PB_END;
}

static gboolean
conclude (Importer *im, gboolean ok, GError **error)
{
  const char      *name = st_source_get_display_name (im->source);
  g_autofree char *at = NULL;

  if (g_cancellable_set_error_if_cancelled (im->cancellable, error))
    return FALSE;
  if (ok)
    return TRUE;
  at = g_strdup_printf ("%" G_GUINT64_FORMAT, st_xplane_offset_of (im, im->error_at));
  if (st_xplane_has_replacement_text (im->data, MIN (im->avail, 4096)))
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX,
                 _ ("%s: byte %s: this is a damaged protobuf (an XProf xplane.pb saved as text: "
                    "U+FFFD characters replace its bytes); open the original file."),
                 name, at);
  else
    g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_SYNTAX,
                 _ ("%s: byte %s: this is a damaged protobuf (an XProf xplane.pb): %s."), name, at,
                 _ (im->error_what));
  return FALSE;
}

static void
importer_init (Importer *im, StTraceBuilder *builder, StSource *source, GCancellable *cancellable)
{
  memset (im, 0, sizeof *im);
  im->shard = st_trace_builder_add_shard (builder);
  im->source = source;
  im->cancellable = cancellable;
  im->data = (const guint8 *)st_source_get_data (source);
  im->plane.stat_meta = g_array_new (FALSE, FALSE, sizeof (StatMeta));
  im->plane.event_meta = g_array_new (FALSE, FALSE, sizeof (EventMeta));
  im->cat_kernel = st_xplane_intern (im, (const guint8 *)"kernel", 6);
  im->cat_memcpy = st_xplane_intern (im, (const guint8 *)"gpu_memcpy", 10);
  im->cat_memset = st_xplane_intern (im, (const guint8 *)"gpu_memset", 10);
  im->cat_launch = st_xplane_intern (im, (const guint8 *)"cuda_runtime", 12);
  im->cat_python = st_xplane_intern (im, (const guint8 *)"python_function", 15);
  im->cat_host = st_xplane_intern (im, (const guint8 *)"traceme", 7);
  im->cat_flow = st_xplane_intern (im, (const guint8 *)"xplane", 6);
  im->flow_launch = st_xplane_intern (im, (const guint8 *)"correlation_id", 14);
  im->flow_producer = st_xplane_intern (im, (const guint8 *)"producer", 8);
  st_xplane_args_init (im);
}

static void
importer_clear (Importer *im)
{
  g_array_unref (im->plane.stat_meta);
  g_array_unref (im->plane.event_meta);
  st_xplane_id_map_clear (&im->plane.stat_ids);
  st_xplane_id_map_clear (&im->plane.event_ids);
  st_xplane_args_clear (im);
}

/* Reads the XSpace of @source; the builder then keeps the args text the
 * importer wrote as the trace's text. */
gboolean
st_xplane_import (StTraceBuilder  *builder,
                  StSource        *source,
                  GCancellable    *cancellable,
                  StImportProgress progress,
                  gpointer         progress_data,
                  GError         **error)
{
  Importer im;
  gboolean ok;

  importer_init (&im, builder, source, cancellable);
  im.progress = progress;
  im.progress_data = progress_data;
  ok = conclude (&im, read_space (&im), error);
  if (ok)
    {
      if (im.skipped > 0)
        {
          g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, im.skipped);

          st_builder_shard_warn (
              im.shard, ST_WARNING_MISSING_FIELD, G_MAXUINT64,
              _ ("%s aggregated events (num_occurrences, no time) were left out"), count);
        }
      ok = st_xplane_args_commit (&im, builder);
      st_trace_builder_set_text_size (builder, im.avail);
      st_trace_builder_set_flavor (builder, "xprof");
      if (progress != NULL)
        progress (1.0, progress_data);
    }
  importer_clear (&im);
  return ok;
}
