#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-trace-builder.h"
#include "st-async-builder.h"
#include "st-flow-resolver.h"
#include "st-format.h"
#include "st-json-scan.h"
#include "st-trace-builder-private.h"
#include "st-trace-error.h"
#include "st-trace-private.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>

struct _StTraceBuilder
{
  StSource  *source;
  StSource  *event_text; /* what the events' offsets point into, when not the file's text */
  char      *format;
  char      *flavor;
  guint64    text_size;
  GPtrArray *shards;   /* StBuilderShard, in file order */
  GPtrArray *merged;   /* the shards merged into the first, until their parts are taken */
  GPtrArray *maps;     /* their string maps */
  GPtrArray *metadata; /* StMetadataSpan */
};

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

static StBuilderShard *
shard_new (void)
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

static void
shard_free (gpointer data)
{
  StBuilderShard *shard = data;

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

StTraceBuilder *
st_trace_builder_new (StSource *source, const char *format)
{
  StTraceBuilder *self = g_new0 (StTraceBuilder, 1);

  self->source = st_source_ref (source);
  self->format = g_strdup (format);
  self->flavor = g_strdup ("generic");
  self->shards = g_ptr_array_new_with_free_func (shard_free);
  self->merged = g_ptr_array_new_with_free_func (shard_free);
  self->maps = g_ptr_array_new_with_free_func (g_free);
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
  return self;
}

void
st_trace_builder_free (StTraceBuilder *self)
{
  if (self == NULL)
    return;
  st_source_unref (self->source);
  g_clear_pointer (&self->event_text, st_source_unref);
  g_ptr_array_unref (self->shards);
  g_ptr_array_unref (self->merged);
  g_ptr_array_unref (self->maps);
  g_ptr_array_unref (self->metadata);
  g_free (self->format);
  g_free (self->flavor);
  g_free (self);
}

StBuilderShard *
st_trace_builder_add_shard (StTraceBuilder *self)
{
  StBuilderShard *shard = shard_new ();

  g_ptr_array_add (self->shards, shard);
  return shard;
}

void
st_trace_builder_drop_shard (StTraceBuilder *self, StBuilderShard *shard)
{
  g_ptr_array_remove (self->shards, shard);
}

void
st_trace_builder_set_flavor (StTraceBuilder *self, const char *flavor)
{
  g_free (self->flavor);
  self->flavor = g_strdup (flavor);
}

/* A binary format keeps no text at its events: its importer writes each
 * event's args as JSON into @text, and the events' offsets (and the
 * metadata spans) point there. Its warnings then have no line and column. */
void
st_trace_builder_set_event_text (StTraceBuilder *self, StSource *text)
{
  g_clear_pointer (&self->event_text, st_source_unref);
  self->event_text = st_source_ref (text);
}

void
st_trace_builder_set_text_size (StTraceBuilder *self, guint64 size)
{
  self->text_size = size;
}

/* A top-level value of the file that is not events (deviceProperties,
 * distributedInfo, …), kept as a span and parsed when asked for. */
void
st_trace_builder_add_metadata (StTraceBuilder *self,
                               const char     *key,
                               guint64         offset,
                               guint64         length)
{
  StMetadataSpan *span = g_new0 (StMetadataSpan, 1);

  /* a key written twice keeps its last value (st_trace_index_metadata) */
  span->key = g_strdup (key);
  span->offset = offset;
  span->length = length;
  g_ptr_array_add (self->metadata, span);
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

static void
warn_raw (StBuilderShard *shard, StWarningKind kind, const StRawWarning *src)
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

/* Copies @src's records whole to the end of @dst; returns the first of
 * them there. */
static gpointer
append_vec (StVec *dst, const StVec *src, gsize elem_size)
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
  StRawFlow  *flows = append_vec (&dst->flows, &src->flows, sizeof (StRawFlow));
  StRawAsync *asyncs = append_vec (&dst->asyncs, &src->asyncs, sizeof (StRawAsync));

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

/* Appends what later shards hold of @t (its parts, in file order), their
 * strings renumbered, and lets their memory go. */
void
st_builder_take_parts (StRawTrack *t)
{
  for (guint k = 0; t->parts != NULL && k < t->parts->len; k++)
    {
      StRawPart *part = &g_array_index (t->parts, StRawPart, k);
      StVec     *ss = &part->src->slices, *si = &part->src->instants;
      StSlice   *s = append_vec (&t->slices, ss, sizeof (StSlice));
      StInstant *in = append_vec (&t->instants, si, sizeof (StInstant));

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

/* Records of @t, its parts included. */
gsize
st_builder_track_records (StRawTrack *t)
{
  gsize n = t->slices.len + t->instants.len;

  for (guint k = 0; t->parts != NULL && k < t->parts->len; k++)
    {
      StRawPart *part = &g_array_index (t->parts, StRawPart, k);
      n += part->src->slices.len + part->src->instants.len;
    }
  return n;
}

/* Merges @src into @dst, but for its tracks' records, which stay in @src
 * (kept in self->merged) until their tracks are laid out. */
static void
merge_shard (StTraceBuilder *self, StBuilderShard *dst, StBuilderShard *src)
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
    warn_raw (dst, k, &src->warnings[k]);
  dst->min_ts = MIN (dst->min_ts, src->min_ts);
  dst->max_ts = MAX (dst->max_ts, src->max_ts);
  g_ptr_array_add (self->maps, map);
  /* What was copied lets its memory go now. */
  g_clear_pointer (&src->strings, st_string_table_free);
  g_ptr_array_set_size (src->counters, 0);
  g_free (src->flows.data);
  g_free (src->asyncs.data);
  g_free (src->metas.data);
  src->flows = src->asyncs = src->metas = (StVec){ NULL, 0, 0 };
}

static const char *const warning_sentences[ST_N_WARNINGS] = {
  [ST_WARNING_TRUNCATED] = N_ ("The file ends before the trace does."),
  [ST_WARNING_TRAILING_COMMA] = N_ ("A comma before a closing bracket was ignored."),
  [ST_WARNING_SYNTAX] = N_ ("The JSON is malformed; the rest of the file was not read."),
  [ST_WARNING_EMPTY_EVENT] = N_ ("Empty events ({}) were skipped."),
  [ST_WARNING_NOT_AN_OBJECT] = N_ ("Entries of the event array that are not objects were skipped."),
  [ST_WARNING_MISSING_FIELD] = N_ ("Events missing a field they need were skipped."),
  [ST_WARNING_BAD_NUMBER]
  = N_ ("Events whose time is not a number, or out of range, were skipped."),
  [ST_WARNING_NEGATIVE_DURATION] = N_ ("Negative durations were read as zero."),
  [ST_WARNING_MISSING_DURATION]
  = N_ ("Complete events (X) without \"dur\" were read as zero-length."),
  [ST_WARNING_UNMATCHED_END] = N_ ("End events (E) with no open slice were dropped."),
  [ST_WARNING_MISMATCHED_END]
  = N_ ("End events (E) named unlike any open slice closed the innermost one."),
  [ST_WARNING_UNCLOSED_BEGIN]
  = N_ ("Slices that never ended run to the end of the trace, marked \"did not end\"."),
  [ST_WARNING_OVERLAPPING] = N_ ("Events overlapping without nesting were drawn in extra lanes."),
  [ST_WARNING_INVALID_UTF8] = N_ ("Names that are not valid UTF-8 were repaired."),
  [ST_WARNING_CONTROL_CHARACTER] = N_ ("Raw control characters inside strings were accepted."),
  [ST_WARNING_UNMATCHED_FLOW] = N_ ("Flow steps or ends without a start were not drawn."),
  [ST_WARNING_UNBOUND_FLOW] = N_ ("Flow events with no slice to attach to were not drawn."),
  [ST_WARNING_UNMATCHED_ASYNC] = N_ ("Async end events without a begin were dropped."),
  [ST_WARNING_UNKNOWN_PHASE] = N_ ("Events of an unknown phase were counted but not drawn."),
  [ST_WARNING_BAD_COUNTER_VALUE] = N_ ("Counter values that are not numbers were skipped."),
  [ST_WARNING_COMPRESSION] = N_ ("The compressed data is damaged."),
  [ST_WARNING_NO_EVENTS] = N_ ("The file holds no trace events."),
  [ST_WARNING_PROFILER] = N_ ("The profiler that wrote the file reported warnings."),
  [ST_WARNING_ALIGNMENT] = N_ ("The files could not be aligned as asked."),
  [ST_WARNING_TOO_DEEP]
  = N_ ("Hierarchies deeper than Strata follows were folded into their innermost level."),
  [ST_WARNING_UNKNOWN_REFERENCE]
  = N_ ("Records naming an agent, kernel or operation the file does not list were kept, named by "
        "the number they give."),
  [ST_WARNING_WRONG_TYPE]
  = N_ ("Parts of the file of another type than their format gives were skipped."),
  [ST_WARNING_SCHEMA] = N_ ("The profile's schema is not the one Strata reads: what it could not "
                            "read, and what it does not know, is listed below."),
};

static void
warn_issue (StBuilderShard *shard, StWarningKind kind, const StLayoutIssue *issue)
{
  StRawWarning raw = { issue->count, issue->first_offset, NULL };

  if (issue->count == 0)
    return;
  if (issue->first_name != ST_STRING_EMPTY)
    raw.detail = g_strdup_printf ("\342\200\234%s\342\200\235",
                                  st_string_table_get (shard->strings, issue->first_name));
  warn_raw (shard, kind, &raw);
  g_free (raw.detail);
}

/* The sentence, then each distinct warning of the profiler on a line, then
 * how many more there were. */
static char *
profiler_message (const StRawWarning *w)
{
  g_autofree char *more = NULL;

  if (w->unlisted == 0)
    return g_strdup_printf ("%s\n%s", _ (warning_sentences[ST_WARNING_PROFILER]), w->detail);
  more = st_format_count (w->unlisted);
  return g_strdup_printf (_ ("%s\n%s\n… and %s more, not listed."),
                          _ (warning_sentences[ST_WARNING_PROFILER]), w->detail, more);
}

/* @source: the text whose lines the warnings' offsets are placed in, or
 * NULL when they fall in no text a person reads. */
static void
finish_warnings (StTrace *trace, StBuilderShard *shard, StSource *source)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (StImportWarning));
  gsize   size = source != NULL ? st_source_get_size (source) : 0;

  for (guint k = 0; k < ST_N_WARNINGS; k++)
    {
      StRawWarning   *w = &shard->warnings[k];
      StImportWarning iw = { k, w->count, w->first_offset, 0, 0, NULL };

      if (w->count == 0)
        continue;
      if (source != NULL && w->first_offset <= size)
        st_json_position (st_source_get_data (source), w->first_offset, &iw.first_line,
                          &iw.first_column);
      if (w->detail != NULL && k == ST_WARNING_PROFILER)
        iw.message = profiler_message (w);
      else if (w->detail != NULL && k == ST_WARNING_SCHEMA)
        iw.message = g_strdup_printf ("%s\n%s", _ (warning_sentences[k]), w->detail);
      else if (w->detail != NULL)
        iw.message
            = g_strdup_printf ("%s %s %s", _ (warning_sentences[k]), _ ("First:"), w->detail);
      else
        iw.message = g_strdup (_ (warning_sentences[k]));
      g_array_append_val (out, iw);
    }
  trace->n_warnings = out->len;
  trace->warnings = (StImportWarning *)(void *)g_array_free (out, FALSE);
}

static void
finish_counts (StTrace *trace, const StTraceCounts *raw)
{
  trace->counts = *raw;
  for (guint i = 0; i < trace->n_tracks; i++)
    {
      const StTrack *t = &trace->tracks[i];
      trace->counts.slices += t->n_slices;
      trace->counts.instants += t->n_instants;
      if (t->kind == ST_TRACK_COUNTER)
        trace->counts.counter_samples += t->n_events;
    }
  trace->counts.flows = trace->n_flows;
}

static void
finish_metadata (StTrace *trace, StTraceBuilder *self)
{
  trace->metadata = g_steal_pointer (&self->metadata);
  st_trace_index_metadata (trace);
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
}

/* Links the flows, bound to their slices as their tracks were laid out. */
static void
resolve_flows (StTrace *trace, StBuilderShard *shard, const guint *raw_to_final)
{
  StFlowIssues issues = { { 0 } };
  StRawFlow   *raw = (StRawFlow *)(void *)shard->flows.data;
  gsize        n_flows;

  trace->flows = st_flow_link (raw, shard->flows.len, raw_to_final, &issues, &n_flows);
  trace->n_flows = n_flows;
  warn_issue (shard, ST_WARNING_UNMATCHED_FLOW, &issues.unmatched);
  warn_issue (shard, ST_WARNING_UNBOUND_FLOW, &issues.unbound);
}

static StBuilderShard *
merge_all (StTraceBuilder *self)
{
  StBuilderShard *shard;

  if (self->shards->len == 0)
    st_trace_builder_add_shard (self);
  shard = g_ptr_array_index (self->shards, 0);
  while (self->shards->len > 1)
    {
      merge_shard (self, shard, g_ptr_array_index (self->shards, 1));
      g_ptr_array_add (self->merged, g_ptr_array_steal_index (self->shards, 1));
    }
  if (st_source_get_warning (self->source) != NULL)
    st_builder_shard_warn (shard, ST_WARNING_COMPRESSION, st_source_get_size (self->source), "%s",
                           st_source_get_warning (self->source));
  if (shard->counts.events == 0)
    st_builder_shard_warn (shard, ST_WARNING_NO_EVENTS, 0, NULL);
  return shard;
}

/* Every time of a trace is kept relative to its first, and a view of it
 * with margins, a pan and a zoom must fit in 64 bits: a trace may span
 * ST_TIME_SPAN_MAX. Times further apart come from a damaged file or a
 * wrong unit, not from a run. */
static gboolean
check_span (StTraceBuilder *self, gint64 origin, gint64 end, GError **error)
{
  gint64           span;
  g_autofree char *first = NULL, *last = NULL;

  if (st_time_sub (end, origin, &span) && span <= ST_TIME_SPAN_MAX)
    return TRUE;
  first = g_strdup_printf ("%" G_GINT64_FORMAT, origin);
  last = g_strdup_printf ("%" G_GINT64_FORMAT, end);
  g_set_error (error, ST_TRACE_ERROR, ST_TRACE_ERROR_TIME_RANGE,
               _ ("%s: its events run from %s ns to %s ns as written, more than the 146 years "
                  "one trace may span. Its times are damaged, or not in the unit its format says."),
               st_source_get_display_name (self->source), first, last);
  return FALSE;
}

/* Builds the trace from every shard. The builder is spent afterwards. */
StTrace *
st_trace_builder_finish (StTraceBuilder   *self,
                         GCancellable     *cancellable,
                         StBuilderProgress progress,
                         gpointer          progress_data,
                         GError          **error)
{
  StBuilderShard       *shard = merge_all (self);
  gint64                origin = shard->min_ts == G_MAXINT64 ? 0 : shard->min_ts;
  gint64                end = MAX (shard->max_ts, origin);
  g_autofree guint     *raw_to_final = NULL;
  g_autoptr (GPtrArray) async_tracks = NULL;
  StLayoutIssues        issues = { { 0 } }, async_issues = { { 0 } };
  StLaidOut            *out;
  StTrace              *trace;

  if (!check_span (self, origin, end, error))
    return NULL;
  raw_to_final = g_new0 (guint, MAX (1, shard->tracks->len));
  out = st_builder_lay_out (shard, origin, end, &issues, cancellable, progress, progress_data);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      st_builder_laid_out_free (out);
      return NULL;
    }
  async_tracks = st_async_build ((StRawAsync *)(void *)shard->asyncs.data, shard->asyncs.len,
                                 origin, end, &async_issues);

  trace = st_trace_new_internal ();
  trace->source = st_source_ref (self->event_text != NULL ? self->event_text : self->source);
  trace->format = g_strdup (self->format);
  trace->flavor = g_strdup (self->flavor);
  trace->text_size = self->text_size ? self->text_size : st_source_get_size (self->source);
  trace->origin_ns = origin;
  trace->end_ns = end - origin;

  st_builder_assemble_tracks (trace, shard, out, async_tracks, origin, raw_to_final);

  resolve_flows (trace, shard, raw_to_final);
  warn_issue (shard, ST_WARNING_UNMATCHED_END, &issues.unmatched_end);
  warn_issue (shard, ST_WARNING_MISMATCHED_END, &issues.mismatched_end);
  warn_issue (shard, ST_WARNING_UNCLOSED_BEGIN, &issues.unclosed_begin);
  warn_issue (shard, ST_WARNING_OVERLAPPING, &issues.overlapping);
  warn_issue (shard, ST_WARNING_UNMATCHED_ASYNC, &async_issues.unmatched_end);
  warn_issue (shard, ST_WARNING_UNCLOSED_BEGIN, &async_issues.unclosed_begin);
  finish_warnings (trace, shard, self->event_text != NULL ? NULL : self->source);
  finish_counts (trace, &shard->counts);
  finish_metadata (trace, self);
  st_trace_init_file (trace);
  shard->strings = NULL; /* now the trace's */
  return trace;
}
