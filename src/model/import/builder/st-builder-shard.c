/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-builder-shard.h"

#include <stdarg.h>

guint
st_builder_key_hash (gconstpointer p)
{
  const StBuilderKey *k = p;
  return (k->a * 2654435761u) ^ (k->b * 40503u) ^ (k->c * 97u) ^ k->kind;
}

gboolean
st_builder_key_equal (gconstpointer p, gconstpointer q)
{
  const StBuilderKey *x = p, *y = q;
  return x->kind == y->kind && x->a == y->a && x->b == y->b && x->c == y->c;
}

void
st_vec_grow (StVec *vec, gsize elem_size)
{
  vec->cap = MAX (16, vec->cap * 2);
  vec->data = g_realloc_n (vec->data, vec->cap, elem_size);
}

gpointer
st_vec_steal (StVec *vec, gsize elem_size)
{
  gpointer data = vec->len ? g_realloc_n (vec->data, vec->len, elem_size) : NULL;

  if (vec->len == 0)
    g_free (vec->data);
  vec->data = NULL;
  vec->len = vec->cap = 0;
  return data;
}

static void
raw_track_free (gpointer data)
{
  StRawTrack *t = data;

  g_free (t->slices.data);
  g_free (t->instants.data);
  if (t->parts != NULL)
    g_array_unref (t->parts);
  g_free (t);
}

static void
raw_counter_free (gpointer data)
{
  StRawCounter *c = data;

  for (gsize i = 0; i < c->series.len; i++)
    g_free (st_vec_at (&c->series, StRawSeries, i)->samples.data);
  g_free (c->series.data);
  g_clear_pointer (&c->series_index, g_hash_table_unref);
  g_free (c);
}

StBuilderShard *
st_builder_shard_new (void)
{
  StBuilderShard *shard = g_new0 (StBuilderShard, 1);

  shard->strings = st_string_table_new ();
  shard->track_map
      = g_hash_table_new_full (st_builder_key_hash, st_builder_key_equal, g_free, NULL);
  shard->tracks = g_ptr_array_new_with_free_func (raw_track_free);
  shard->counter_map
      = g_hash_table_new_full (st_builder_key_hash, st_builder_key_equal, g_free, NULL);
  shard->counters = g_ptr_array_new_with_free_func (raw_counter_free);
  shard->pids = g_hash_table_new (NULL, NULL);
  shard->last_pid = ST_STRING_NONE;
  shard->min_ts = G_MAXINT64;
  shard->max_ts = G_MININT64;
  shard->scratch = g_string_sized_new (256);
  return shard;
}

void
st_builder_shard_free (StBuilderShard *shard)
{
  st_string_table_free (shard->strings);
  g_hash_table_unref (shard->track_map);
  g_ptr_array_unref (shard->tracks);
  g_hash_table_unref (shard->counter_map);
  g_ptr_array_unref (shard->counters);
  g_hash_table_unref (shard->pids);
  g_free (shard->flows.data);
  g_free (shard->asyncs.data);
  g_free (shard->metas.data);
  for (guint i = 0; i < ST_N_WARNINGS; i++)
    {
      g_free (shard->warnings[i].detail);
      g_clear_pointer (&shard->warnings[i].distinct, g_hash_table_unref);
    }
  g_string_free (shard->scratch, TRUE);
  g_free (shard);
}

guint
st_builder_shard_get_track (StBuilderShard *shard,
                            StRawTrackKind  kind,
                            StStringId      pid,
                            StStringId      tid)
{
  StBuilderKey key = { kind, pid, tid, 0 };
  gpointer     found = g_hash_table_lookup (shard->track_map, &key);
  StRawTrack  *t;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  t = g_new0 (StRawTrack, 1);
  t->kind = kind;
  t->pid = pid;
  t->tid = tid;
  g_ptr_array_add (shard->tracks, t);
  g_hash_table_insert (shard->track_map, g_memdup2 (&key, sizeof key),
                       GUINT_TO_POINTER (shard->tracks->len));
  if (kind != ST_RAW_TRACK_GLOBAL_INSTANTS)
    st_builder_shard_note_pid (shard, pid);
  return shard->tracks->len - 1;
}

/* A counter's series by name. Most counters have a handful, scanned; a
 * counter with many (one per key of its args) gets an index, so that each
 * sample costs the same however many series there are. */
#define SERIES_SCAN_MAX 16

static StRawSeries *
counter_series (StRawCounter *c, StStringId name)
{
  StRawSeries *s;
  gpointer     found;

  if (c->series_index != NULL)
    {
      found = g_hash_table_lookup (c->series_index, GUINT_TO_POINTER (name + 1));
      if (found != NULL)
        return st_vec_at (&c->series, StRawSeries, GPOINTER_TO_UINT (found) - 1);
    }
  else
    for (gsize i = 0; i < c->series.len; i++)
      if (st_vec_at (&c->series, StRawSeries, i)->name == name)
        return st_vec_at (&c->series, StRawSeries, i);
  s = st_vec_push (&c->series, StRawSeries);
  memset (s, 0, sizeof *s);
  s->name = name;
  if (c->series_index == NULL && c->series.len > SERIES_SCAN_MAX)
    {
      c->series_index = g_hash_table_new (NULL, NULL);
      for (gsize i = 0; i + 1 < c->series.len; i++)
        g_hash_table_insert (c->series_index,
                             GUINT_TO_POINTER (st_vec_at (&c->series, StRawSeries, i)->name + 1),
                             GUINT_TO_POINTER (i + 1));
    }
  if (c->series_index != NULL)
    g_hash_table_insert (c->series_index, GUINT_TO_POINTER (name + 1),
                         GUINT_TO_POINTER (c->series.len));
  return s;
}

StRawSeries *
st_builder_shard_get_series (StBuilderShard *shard,
                             StStringId      pid,
                             StStringId      name,
                             StStringId      id,
                             StStringId      series)
{
  StBuilderKey  key = { 0, pid, name, id };
  StRawCounter *c;
  gpointer      found = g_hash_table_lookup (shard->counter_map, &key);

  if (found != NULL)
    c = g_ptr_array_index (shard->counters, GPOINTER_TO_UINT (found) - 1);
  else
    {
      c = g_new0 (StRawCounter, 1);
      c->pid = pid;
      c->name = name;
      c->id = id;
      g_ptr_array_add (shard->counters, c);
      g_hash_table_insert (shard->counter_map, g_memdup2 (&key, sizeof key),
                           GUINT_TO_POINTER (shard->counters->len));
      st_builder_shard_note_pid (shard, pid);
    }
  return counter_series (c, series);
}

void
st_builder_shard_note_pid (StBuilderShard *shard, StStringId pid)
{
  if (pid == shard->last_pid)
    return;
  shard->last_pid = pid;
  g_hash_table_add (shard->pids, GUINT_TO_POINTER (pid + 1));
}

/* A profiler's own warnings say different things: each distinct one is
 * kept, a line each, in file order, up to PROFILER_LINES_MAX; the rest are
 * counted. A set finds the ones already kept, so a million warnings cost a
 * million lookups. */
#define PROFILER_LINES_MAX 50

static void
add_profiler_detail (StRawWarning *w, const char *detail)
{
  char *joined;

  if (w->distinct == NULL)
    w->distinct = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (g_hash_table_contains (w->distinct, detail))
    return;
  if (g_hash_table_size (w->distinct) >= PROFILER_LINES_MAX)
    {
      w->unlisted++;
      return;
    }
  g_hash_table_add (w->distinct, g_strdup (detail));
  joined = w->detail != NULL ? g_strconcat (w->detail, "\n", detail, NULL) : g_strdup (detail);
  g_free (w->detail);
  w->detail = joined;
}

void
st_builder_shard_warn (StBuilderShard *shard,
                       StWarningKind   kind,
                       guint64         offset,
                       const char     *detail_format,
                       ...)
{
  StRawWarning    *w = &shard->warnings[kind];
  g_autofree char *detail = NULL;

  if (detail_format != NULL)
    {
      va_list args;
      va_start (args, detail_format);
      detail = g_strdup_vprintf (detail_format, args);
      va_end (args);
    }
  if (kind == ST_WARNING_PROFILER && detail != NULL)
    add_profiler_detail (w, detail);
  if (w->count == 0 || offset < w->first_offset)
    {
      w->first_offset = offset;
      if (kind != ST_WARNING_PROFILER)
        {
          g_free (w->detail);
          w->detail = g_steal_pointer (&detail);
        }
    }
  w->count++;
}

void
st_builder_shard_add_warning (StBuilderShard *shard, StWarningKind kind, const StRawWarning *src)
{
  StRawWarning *w = &shard->warnings[kind];

  if (src->count == 0)
    return;
  if (kind == ST_WARNING_PROFILER && src->detail != NULL)
    {
      g_auto (GStrv) lines = g_strsplit (src->detail, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        add_profiler_detail (w, lines[i]);
      w->unlisted += src->unlisted;
    }
  if (w->count == 0 || src->first_offset < w->first_offset)
    {
      w->first_offset = src->first_offset;
      if (kind != ST_WARNING_PROFILER)
        {
          g_free (w->detail);
          w->detail = g_strdup (src->detail);
        }
    }
  w->count += src->count;
}

/* Merging: every later shard is appended to the first, in file order. */

gpointer
st_vec_append (StVec *dst, const StVec *src, gsize elem_size)
{
  gsize base = dst->len;

  /* nothing to append (and dst may have no array: no offset from NULL) */
  if (src->len == 0)
    return dst->data;
  if (dst->cap < dst->len + src->len)
    {
      dst->cap = MAX (dst->len + src->len, 2 * dst->cap);
      dst->data = g_realloc_n (dst->data, dst->cap, elem_size);
    }
  memcpy (dst->data + base * elem_size, src->data, src->len * elem_size);
  dst->len += src->len;
  return dst->data + base * elem_size;
}

/* Each track of @src becomes a part of the track of @dst with its ids,
 * appended as that track is laid out. */
static guint *
merge_tracks (StBuilderShard *dst, StBuilderShard *src, const guint32 *map)
{
  guint *track_map = g_new (guint, MAX (1, src->tracks->len));

  for (guint i = 0; i < src->tracks->len; i++)
    {
      StRawTrack *t = g_ptr_array_index (src->tracks, i);
      guint       d = st_builder_shard_get_track (dst, t->kind, map[t->pid], map[t->tid]);
      StRawTrack *dt = st_builder_shard_track (dst, d);
      StRawPart   part = { t, map };

      track_map[i] = d;
      if (t->slices.len == 0 && t->instants.len == 0)
        continue;
      if (dt->parts == NULL)
        dt->parts = g_array_new (FALSE, FALSE, sizeof (StRawPart));
      g_array_append_val (dt->parts, part);
    }
  return track_map;
}

static void
merge_counters (StBuilderShard *dst, StBuilderShard *src, const guint32 *map)
{
  for (guint i = 0; i < src->counters->len; i++)
    {
      StRawCounter *c = g_ptr_array_index (src->counters, i);
      for (gsize k = 0; k < c->series.len; k++)
        {
          StRawSeries *s = st_vec_at (&c->series, StRawSeries, k);
          StRawSeries *d = st_builder_shard_get_series (dst, map[c->pid], map[c->name], map[c->id],
                                                        map[s->name]);
          d->cumulative |= s->cumulative;
          d->unit = MAX (d->unit, s->unit);
          for (gsize j = 0; j < s->samples.len; j++)
            *st_vec_push (&d->samples, StRawSample) = *st_vec_at (&s->samples, StRawSample, j);
        }
    }
}

static void
merge_records (StBuilderShard *dst, StBuilderShard *src, const guint32 *map, const guint *track_map)
{
  StRawFlow  *flows = st_vec_append (&dst->flows, &src->flows, sizeof (StRawFlow));
  StRawAsync *asyncs = st_vec_append (&dst->asyncs, &src->asyncs, sizeof (StRawAsync));

  for (gsize i = 0; i < src->flows.len; i++)
    {
      StRawFlow *f = &flows[i];
      f->track = track_map[f->track];
      f->name = map[f->name];
      f->cat = map[f->cat];
    }
  for (gsize i = 0; i < src->asyncs.len; i++)
    {
      StRawAsync *a = &asyncs[i];
      a->pid = map[a->pid];
      a->name = map[a->name];
      a->cat = map[a->cat];
    }
  for (gsize i = 0; i < src->metas.len; i++)
    {
      StRawMeta *m = st_vec_push (&dst->metas, StRawMeta);
      *m = *st_vec_at (&src->metas, StRawMeta, i);
      m->pid = map[m->pid];
      m->tid = map[m->tid];
      m->text = map[m->text];
    }
}

static void
merge_counts (StTraceCounts *dst, const StTraceCounts *src)
{
  dst->events += src->events;
  dst->metadata_events += src->metadata_events;
  dst->samples += src->samples;
  dst->other_events += src->other_events;
}

void
st_raw_track_take_parts (StRawTrack *t)
{
  for (guint k = 0; t->parts != NULL && k < t->parts->len; k++)
    {
      StRawPart *part = &g_array_index (t->parts, StRawPart, k);
      StVec     *ss = &part->src->slices, *si = &part->src->instants;
      StSlice   *s = st_vec_append (&t->slices, ss, sizeof (StSlice));
      StInstant *in = st_vec_append (&t->instants, si, sizeof (StInstant));

      for (gsize i = 0; i < ss->len; i++)
        {
          s[i].name = part->map[s[i].name];
          s[i].cat = part->map[s[i].cat];
        }
      for (gsize i = 0; i < si->len; i++)
        {
          in[i].name = part->map[in[i].name];
          in[i].cat = part->map[in[i].cat];
        }
      g_free (ss->data);
      g_free (si->data);
      *ss = *si = (StVec){ NULL, 0, 0 };
    }
  g_clear_pointer (&t->parts, g_array_unref);
}

gsize
st_raw_track_count_records (StRawTrack *t)
{
  gsize n = t->slices.len + t->instants.len;

  for (guint k = 0; t->parts != NULL && k < t->parts->len; k++)
    {
      StRawPart *part = &g_array_index (t->parts, StRawPart, k);
      n += part->src->slices.len + part->src->instants.len;
    }
  return n;
}

guint32 *
st_builder_shard_merge (StBuilderShard *dst, StBuilderShard *src)
{
  guint32          *map = st_string_table_merge (dst->strings, src->strings);
  g_autofree guint *track_map = merge_tracks (dst, src, map);
  GHashTableIter    iter;
  gpointer          pid;

  merge_counters (dst, src, map);
  merge_records (dst, src, map, track_map);
  g_hash_table_iter_init (&iter, src->pids);
  while (g_hash_table_iter_next (&iter, &pid, NULL))
    g_hash_table_add (dst->pids, GUINT_TO_POINTER (map[GPOINTER_TO_UINT (pid) - 1] + 1));
  merge_counts (&dst->counts, &src->counts);
  for (guint k = 0; k < ST_N_WARNINGS; k++)
    st_builder_shard_add_warning (dst, k, &src->warnings[k]);
  dst->min_ts = MIN (dst->min_ts, src->min_ts);
  dst->max_ts = MAX (dst->max_ts, src->max_ts);
  /* What was copied lets its memory go now. */
  g_clear_pointer (&src->strings, st_string_table_free);
  g_ptr_array_set_size (src->counters, 0);
  g_free (src->flows.data);
  g_free (src->asyncs.data);
  g_free (src->metas.data);
  src->flows = src->asyncs = src->metas = (StVec){ NULL, 0, 0 };
  return map;
}
