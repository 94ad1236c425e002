/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-slice-layout.h"
#include "st-xplane-importer-private.h"

#include <glib/gi18n-lib.h>

#define CHECK_EVERY 16384

/* What a line holds (docs/metrics.md 1.1, XProf). */
typedef enum
{
  LINE_HOST,         /* a thread of a host plane */
  LINE_STREAM,       /* a GPU's "Stream #N…": its kernels, copies and sets */
  LINE_XLA_OPS,      /* a TPU's "XLA Ops": the ops it ran */
  LINE_DEVICE_OTHER, /* modules, steps, async ops…: drawn, not device work */
} LineRole;

typedef struct
{
  gint64        id;
  const guint8 *name;
  gsize         name_len;
  const guint8 *display;
  gsize         display_len;
  gint64        timestamp_ns;
  LineRole      role;
  guint8        flags; /* META_COPY or META_SET, from a stream's name */
  StStringId    cat;   /* of its events, but for streams' */
  guint         track;
  guint         n_events;
} Line;

/* What the importer reads of an event's own stats. */
typedef struct
{
  guint8  flags;
  guint8  has; /* 1 << STAT_… */
  guint64 value[N_KNOWN_STATS];
} EventStats;

StStringId
st_xplane_intern (Importer *im, const guint8 *str, gsize len)
{
  StStringTable *strings = im->shard->strings;
  guint          before = st_string_table_get_size (strings);
  StStringId     id = st_string_table_intern (strings, (const char *)str, len);

  if (st_string_table_get_size (strings) != before
      && !g_utf8_validate_len ((const char *)str, len, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid ((const char *)str, len);

      st_string_table_replace (strings, id, valid, strlen (valid));
      st_builder_shard_warn (im->shard, ST_WARNING_INVALID_UTF8, G_MAXUINT64,
                             "\342\200\234%s\342\200\235", valid);
    }
  return id;
}

static StStringId
intern_text (Importer *im, const char *text)
{
  return st_xplane_intern (im, (const guint8 *)text, strlen (text));
}

static void
add_meta (Importer *im, StMetaKind kind, StStringId tid, StStringId text, gint64 number)
{
  StRawMeta *m = st_vec_push (&im->shard->metas, StRawMeta);

  *m = (StRawMeta){ 0, im->plane.pid, tid, text, number, kind };
}

/* The process of the plane, named once its first line is: devices first in
 * their order, then the host and the rest in file order. */
static void
open_process (Importer *im)
{
  Plane *pl = &im->plane;

  if (pl->name_len > 0)
    pl->pid = st_xplane_intern (im, pl->name, pl->name_len);
  else
    {
      g_autofree char *text = g_strdup_printf ("plane %u", pl->index);
      pl->pid = intern_text (im, text);
    }
  st_builder_shard_note_pid (im->shard, pl->pid);
  add_meta (im, ST_META_PROCESS_NAME, ST_STRING_EMPTY, pl->pid, 0);
  add_meta (im, ST_META_PROCESS_SORT_INDEX, ST_STRING_EMPTY, ST_STRING_EMPTY,
            pl->device >= 0 ? pl->device : G_MAXINT32 + (gint64)pl->index);
  if (pl->device >= 0)
    {
      g_autofree char *label = g_strdup_printf ("%s %" G_GINT64_FORMAT,
                                                pl->kind == PLANE_GPU ? "GPU" : "TPU", pl->device);
      add_meta (im, ST_META_PROCESS_LABELS, ST_STRING_EMPTY, intern_text (im, label), 0);
    }
}

static gboolean
has_word (const guint8 *s, gsize len, const char *word)
{
  return g_strstr_len ((const char *)s, len, word) != NULL;
}

static void
classify_line (Importer *im, Line *line)
{
  const guint8 *name = line->display_len > 0 ? line->display : line->name;
  gsize         len = line->display_len > 0 ? line->display_len : line->name_len;

  line->flags = 0;
  line->cat = ST_STRING_NONE;
  if (im->plane.kind == PLANE_GPU && line->name_len >= 8 && memcmp (line->name, "Stream #", 8) == 0)
    {
      line->role = LINE_STREAM;
      line->flags = has_word (line->name, line->name_len, "Memcpy")   ? META_COPY
                    : has_word (line->name, line->name_len, "Memset") ? META_SET
                                                                      : 0;
    }
  else if (im->plane.kind == PLANE_TPU && line->name_len == 7
           && memcmp (line->name, "XLA Ops", 7) == 0)
    line->role = LINE_XLA_OPS, line->cat = im->cat_kernel;
  else if (im->plane.kind == PLANE_GPU || im->plane.kind == PLANE_TPU)
    line->role = LINE_DEVICE_OTHER, line->cat = st_xplane_intern (im, name, len);
  else
    line->role = LINE_HOST;
}

/* The line's own fields; its events are read by a second walk, once its
 * timestamp (which may come after them) is known. */
static gboolean
read_line_head (Importer *im, const guint8 *data, gsize len, Line *line)
{
  StPbReader r;
  StPbField  f;
  StPbResult res;

  memset (line, 0, sizeof *line);
  line->name = line->display = (const guint8 *)"";
  st_pb_reader_init (&r, data, len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    if (f.number == 1 && f.wire == ST_PB_VARINT)
      line->id = (gint64)f.value;
    else if (f.number == 2 && f.wire == ST_PB_LEN)
      line->name = f.data, line->name_len = f.len;
    else if (f.number == 11 && f.wire == ST_PB_LEN)
      line->display = f.data, line->display_len = f.len;
    else if (f.number == 3 && f.wire == ST_PB_VARINT)
      line->timestamp_ns = (gint64)f.value;
    else if (f.number == 4 && f.wire == ST_PB_LEN)
      line->n_events++;
    else if (f.number <= 4 || f.number == 11)
      return st_xplane_damaged (im, r.at, N_ ("a line's field has the wrong wire type"));
  if (res == ST_PB_ERROR)
    return st_xplane_damaged (im, r.at, N_ ("a line's field is cut short"));
  return TRUE;
}

static void
open_track (Importer *im, Line *line, guint index)
{
  g_autofree char *tid_text = g_strdup_printf ("%" G_GINT64_FORMAT, line->id);
  StStringId       tid = intern_text (im, tid_text);
  gboolean         named = line->display_len > 0 || line->name_len > 0;

  line->track = st_builder_shard_get_track (im->shard, ST_RAW_TRACK_THREAD, im->plane.pid, tid);
  if (named)
    add_meta (im, ST_META_THREAD_NAME, tid,
              line->display_len > 0 ? st_xplane_intern (im, line->display, line->display_len)
                                    : st_xplane_intern (im, line->name, line->name_len),
              0);
  add_meta (im, ST_META_THREAD_SORT_INDEX, tid, ST_STRING_EMPTY, index);
}

/* One of an event's stats: into its args, and what the importer itself
 * reads of it. */
static void
read_stat (Importer *im, const StPbField *f, EventStats *st, gint64 *ids, guint *n_ids)
{
  StPbReader r;
  StPbField  g, value = { 0 };
  gint64     id = -1;

  st_pb_reader_init (&r, f->data, f->len);
  while (st_pb_next (&r, &g) == ST_PB_OK)
    if (g.number == 1 && g.wire == ST_PB_VARINT)
      id = (gint64)g.value;
    else if (st_xplane_stat_value_ok (&g))
      value = g;
  for (guint k = 0; k < N_KNOWN_STATS; k++)
    if (id == im->plane.known[k] && id >= 0)
      {
        st->has |= 1u << k;
        st->value[k] = value.value;
      }
  st_xplane_args_stat (im, id, &value, ids, n_ids);
}

/* The metadata of an event, its name interned on first use. */
static EventMeta *
meta_of (Importer *im, gint64 id)
{
  guint32    index = st_xplane_id_map_lookup (&im->plane.event_ids, id);
  EventMeta *meta;

  if (index == 0)
    {
      EventMeta        none = { (const guint8 *)"", 0, ST_STRING_NONE, 0, FALSE, 0 };
      g_autofree char *text = g_strdup_printf ("event metadata %" G_GINT64_FORMAT, id);

      none.name = intern_text (im, text);
      g_array_append_val (im->plane.event_meta, none);
      st_xplane_id_map_insert (&im->plane.event_ids, id, im->plane.event_meta->len - 1);
      index = im->plane.event_meta->len;
    }
  meta = &g_array_index (im->plane.event_meta, EventMeta, index - 1);
  if (meta->name == ST_STRING_NONE)
    {
      StPbReader    r;
      StPbField     f;
      gsize         len = 0;
      const guint8 *name = (const guint8 *)"";

      st_pb_reader_init (&r, meta->msg, meta->msg_len);
      while (st_pb_next (&r, &f) == ST_PB_OK)
        if (f.number == 2 && f.wire == ST_PB_LEN)
          name = f.data, len = f.len;
      meta->name = st_xplane_intern (im, name, len);
    }
  return meta;
}

/* Picoseconds to the nearest nanosecond, halves up (docs/formats-xplane.md). */
static inline gint64
ps_to_ns (gint64 ps)
{
  gint64 q = ps / 1000, r = ps % 1000;

  if (r < 0)
    q--, r += 1000;
  return r >= 500 ? q + 1 : q;
}

static void
push_flow (Importer      *im,
           const Line    *line,
           const StSlice *s,
           guint64        key,
           StStringId     name,
           StFlowPhase    phase)
{
  StRawFlow *f = st_vec_push (&im->shard->flows, StRawFlow);

  *f = (StRawFlow){ s->start, s->offset, key, line->track, name, im->cat_flow, 0, phase, TRUE };
}

/* Launches to device work by correlation_id; producers to consumers by
 * (_pt, _p) and (_ct, _c). */
static void
push_flows (Importer *im, const Line *line, const StSlice *s, const EventStats *st)
{
  gboolean device = line->role == LINE_STREAM || line->role == LINE_XLA_OPS;

  if (st->has & (1u << STAT_CORRELATION) && (device || line->role == LINE_HOST))
    push_flow (im, line, s, (st->value[STAT_CORRELATION] * 0x9e3779b97f4a7c15ULL) ^ 0x1c0ae1a7u,
               im->flow_launch, device ? ST_FLOW_V2_IN : ST_FLOW_V2_OUT);
  if (st->has & (1u << STAT_PRODUCER))
    push_flow (im, line, s,
               (st->value[STAT_PRODUCER] * 0x9e3779b97f4a7c15ULL)
                   ^ (st->value[STAT_PRODUCER_TYPE] * 0xc2b2ae3d27d4eb4fULL),
               im->flow_producer, ST_FLOW_V2_OUT);
  if (st->has & (1u << STAT_CONSUMER))
    push_flow (im, line, s,
               (st->value[STAT_CONSUMER] * 0x9e3779b97f4a7c15ULL)
                   ^ (st->value[STAT_CONSUMER_TYPE] * 0xc2b2ae3d27d4eb4fULL),
               im->flow_producer, ST_FLOW_V2_IN);
}

static StStringId
category_of (Importer *im, const Line *line, const EventMeta *meta, const EventStats *st)
{
  guint8 flags = line->flags | meta->flags | st->flags;

  switch (line->role)
    {
    case LINE_STREAM:
      return flags & META_COPY  ? im->cat_memcpy
             : flags & META_SET ? im->cat_memset
                                : im->cat_kernel;
    case LINE_HOST:
      if (st->has & (1u << STAT_CORRELATION))
        return im->cat_launch;
      return *st_string_table_get (im->shard->strings, meta->name) == '$' ? im->cat_python
                                                                          : im->cat_host;
    case LINE_XLA_OPS:
    case LINE_DEVICE_OTHER:
    default: return line->cat;
    }
}

typedef struct
{
  gint64   metadata_id;
  gint64   offset_ps;
  gint64   duration_ps;
  gboolean aggregated;
  guint64  args; /* where its args object begins in the text, or G_MAXUINT64 */
} RawEvent;

/* The event's fields, its stats written into its args as they come. */
static gboolean
read_event_fields (Importer *im, const guint8 *data, gsize len, RawEvent *ev, EventStats *st)
{
  StPbReader r;
  StPbField  f;
  StPbResult res;
  gint64     ids[32];
  guint      n_ids = 0;
  gboolean   has_meta = FALSE;

  memset (ev, 0, sizeof *ev);
  ev->args = G_MAXUINT64;
  st_pb_reader_init (&r, data, len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    if (f.number == 1)
      ev->metadata_id = (gint64)f.value, has_meta = TRUE;
    else if (f.number == 2)
      ev->offset_ps = (gint64)f.value;
    else if (f.number == 3)
      ev->duration_ps = (gint64)f.value;
    else if (f.number == 5)
      ev->aggregated = TRUE;
    else if (f.number == 4 && f.wire == ST_PB_LEN)
      {
        /* its metadata's args first, to be copied after the event's own */
        if (ev->args == G_MAXUINT64 && has_meta)
          st_xplane_args_of_meta (im, meta_of (im, ev->metadata_id));
        if (ev->args == G_MAXUINT64)
          ev->args = im->text.len, st_xplane_text_literal (&im->text, "{\"args\":{");
        read_stat (im, &f, st, ids, &n_ids);
      }
  if (res == ST_PB_ERROR)
    return st_xplane_damaged (im, r.at, N_ ("an event's field is cut short"));
  if (ev->args != G_MAXUINT64)
    ev->args = st_xplane_args_end (im, ev->args, meta_of (im, ev->metadata_id), ids, n_ids);
  st->flags = (st->has & (1u << STAT_MEMCPY))   ? META_COPY
              : (st->has & (1u << STAT_MEMSET)) ? META_SET
                                                : 0;
  return TRUE;
}

/* One event of @line into a slice of its track. */
static gboolean
read_event (Importer *im, Line *line, const guint8 *data, gsize len)
{
  RawEvent   ev;
  EventStats st = { 0 };
  EventMeta *meta;
  StSlice   *s;
  gint64     start, end, end_ps;

  if (!read_event_fields (im, data, len, &ev, &st))
    return FALSE;
  im->shard->counts.events++;
  if (ev.aggregated)
    {
      im->skipped++;
      return TRUE;
    }
  if (ev.duration_ps < 0)
    {
      st_builder_shard_warn (im->shard, ST_WARNING_NEGATIVE_DURATION, G_MAXUINT64,
                             "%" G_GINT64_FORMAT " ps", ev.duration_ps);
      ev.duration_ps = 0;
    }
  if (__builtin_add_overflow (ev.offset_ps, ev.duration_ps, &end_ps)
      || __builtin_add_overflow (line->timestamp_ns, ps_to_ns (ev.offset_ps), &start)
      || __builtin_add_overflow (line->timestamp_ns, ps_to_ns (end_ps), &end))
    {
      st_builder_shard_warn (im->shard, ST_WARNING_BAD_NUMBER, G_MAXUINT64,
                             _ ("an event ends beyond the time Strata can hold"));
      return TRUE;
    }
  meta = meta_of (im, ev.metadata_id);
  s = st_vec_push (&st_builder_shard_track (im->shard, line->track)->slices, StSlice);
  *s = (StSlice){ start,
                  end - start,
                  ev.args != G_MAXUINT64 ? ev.args : st_xplane_args_of_meta (im, meta),
                  meta->name,
                  category_of (im, line, meta, &st),
                  ST_RAW_COMPLETE,
                  0,
                  0 };
  st_builder_shard_note_time (im->shard, start, end);
  if (st.has != 0)
    push_flows (im, line, s, &st);
  im->plane.n_events++;
  return TRUE;
}

static gboolean
read_events (Importer *im, Line *line, const guint8 *data, gsize len)
{
  StPbReader r;
  StPbField  f;
  StPbResult res;

  st_pb_reader_init (&r, data, len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    {
      if (f.number != 4 || f.wire != ST_PB_LEN)
        continue;
      if (!read_event (im, line, f.data, f.len))
        return FALSE;
      if (im->shard->counts.events % CHECK_EVERY == 0)
        {
          if (g_cancellable_is_cancelled (im->cancellable))
            return FALSE;
          if (im->progress != NULL && im->complete)
            im->progress (0.9 * st_xplane_offset_of (im, f.data) / MAX (1, im->avail),
                          im->progress_data);
        }
    }
  return res == ST_PB_END || st_xplane_damaged (im, r.at, N_ ("a line's field is cut short"));
}

/* Every line of the plane: a track each, opened at its first event. */
gboolean
st_xplane_read_lines (Importer *im)
{
  StPbReader r;
  StPbField  f;
  StPbResult res;
  guint      index = 0;

  st_pb_reader_init (&r, im->plane.msg, im->plane.len);
  while ((res = st_pb_next (&r, &f)) == ST_PB_OK)
    {
      Line line;

      if (f.number != 3 || f.wire != ST_PB_LEN)
        continue;
      if (!read_line_head (im, f.data, f.len, &line))
        return FALSE;
      if (line.n_events == 0)
        continue;
      if (!im->plane.opened)
        open_process (im);
      im->plane.opened = TRUE;
      classify_line (im, &line);
      open_track (im, &line, index++);
      if (!read_events (im, &line, f.data, f.len))
        return FALSE;
    }
  return res == ST_PB_END;
}
