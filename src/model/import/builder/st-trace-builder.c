#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-async-builder.h"
#include "st-flow-resolver.h"
#include "st-json-scan.h"
#include "st-row-lod.h"
#include "st-slice-layout.h"
#include "st-sort.h"
#include "st-trace-builder.h"
#include "st-trace-error.h"
#include "st-trace-private.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>

struct _StTraceBuilder
{
  StSource  *source;
  char      *format;
  char      *flavor;
  guint64    text_size;
  GPtrArray *shards;   /* StBuilderShard, in file order */
  GPtrArray *metadata; /* StMetadataSpan */
};

typedef struct
{
  guint      kind;
  StStringId a;
  StStringId b;
  StStringId c;
} Key;

static guint
key_hash (gconstpointer p)
{
  const Key *k = p;
  return (k->a * 2654435761u) ^ (k->b * 40503u) ^ (k->c * 97u) ^ k->kind;
}

static gboolean
key_equal (gconstpointer p, gconstpointer q)
{
  const Key *x = p, *y = q;
  return x->kind == y->kind && x->a == y->a && x->b == y->b && x->c == y->c;
}

void
st_vec_grow (StVec *vec, gsize elem_size)
{
  vec->cap = MAX (16, vec->cap * 2);
  vec->data = g_realloc_n (vec->data, vec->cap, elem_size);
}

/* Gives up the vector's memory, shrunk to its length. */
static gpointer
vec_steal (StVec *vec, gsize elem_size)
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
  g_free (t);
}

static void
raw_counter_free (gpointer data)
{
  StRawCounter *c = data;

  for (gsize i = 0; i < c->series.len; i++)
    g_free (st_vec_at (&c->series, StRawSeries, i)->samples.data);
  g_free (c->series.data);
  g_free (c);
}

static StBuilderShard *
shard_new (void)
{
  StBuilderShard *shard = g_new0 (StBuilderShard, 1);

  shard->strings = st_string_table_new ();
  shard->track_map = g_hash_table_new_full (key_hash, key_equal, g_free, NULL);
  shard->tracks = g_ptr_array_new_with_free_func (raw_track_free);
  shard->counter_map = g_hash_table_new_full (key_hash, key_equal, g_free, NULL);
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
    g_free (shard->warnings[i].detail);
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
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
  return self;
}

void
st_trace_builder_free (StTraceBuilder *self)
{
  if (self == NULL)
    return;
  st_source_unref (self->source);
  g_ptr_array_unref (self->shards);
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

  for (guint i = 0; i < self->metadata->len; i++)
    {
      StMetadataSpan *old = g_ptr_array_index (self->metadata, i);
      if (g_str_equal (old->key, key))
        {
          g_ptr_array_remove_index (self->metadata, i);
          break;
        }
    }
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
  Key         key = { kind, pid, tid, 0 };
  gpointer    found = g_hash_table_lookup (shard->track_map, &key);
  StRawTrack *t;

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

StRawSeries *
st_builder_shard_get_series (StBuilderShard *shard,
                             StStringId      pid,
                             StStringId      name,
                             StStringId      id,
                             StStringId      series)
{
  Key           key = { 0, pid, name, id };
  StRawCounter *c;
  gpointer      found = g_hash_table_lookup (shard->counter_map, &key);
  StRawSeries  *s;

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
  for (gsize i = 0; i < c->series.len; i++)
    if (st_vec_at (&c->series, StRawSeries, i)->name == series)
      return st_vec_at (&c->series, StRawSeries, i);
  s = st_vec_push (&c->series, StRawSeries);
  memset (s, 0, sizeof *s);
  s->name = series;
  return s;
}

void
st_builder_shard_note_pid (StBuilderShard *shard, StStringId pid)
{
  if (pid == shard->last_pid)
    return;
  shard->last_pid = pid;
  g_hash_table_add (shard->pids, GUINT_TO_POINTER (pid + 1));
}

void
st_builder_shard_warn (StBuilderShard *shard,
                       StWarningKind   kind,
                       guint64         offset,
                       const char     *detail_format,
                       ...)
{
  StRawWarning *w = &shard->warnings[kind];

  if (w->count == 0 || offset < w->first_offset)
    {
      w->first_offset = offset;
      g_clear_pointer (&w->detail, g_free);
      if (detail_format != NULL)
        {
          va_list args;
          va_start (args, detail_format);
          w->detail = g_strdup_vprintf (detail_format, args);
          va_end (args);
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
  if (w->count == 0 || src->first_offset < w->first_offset)
    {
      w->first_offset = src->first_offset;
      g_free (w->detail);
      w->detail = g_strdup (src->detail);
    }
  w->count += src->count;
}

/* Merging: every later shard is appended to the first, in file order. */

static void
append_slices (StVec *dst, const StVec *src, const guint32 *map)
{
  gsize base = dst->len;

  if (src->len == 0)
    return;
  while (dst->cap < dst->len + src->len)
    st_vec_grow (dst, sizeof (StSlice));
  memcpy (st_vec_at (dst, StSlice, base), src->data, src->len * sizeof (StSlice));
  dst->len += src->len;
  for (gsize i = base; i < dst->len; i++)
    {
      StSlice *s = st_vec_at (dst, StSlice, i);
      s->name = map[s->name];
      s->cat = map[s->cat];
    }
}

static void
append_instants (StVec *dst, const StVec *src, const guint32 *map)
{
  for (gsize i = 0; i < src->len; i++)
    {
      StInstant *in = st_vec_push (dst, StInstant);
      *in = *st_vec_at (src, StInstant, i);
      in->name = map[in->name];
      in->cat = map[in->cat];
    }
}

static guint *
merge_tracks (StBuilderShard *dst, StBuilderShard *src, const guint32 *map)
{
  guint *track_map = g_new (guint, MAX (1, src->tracks->len));

  for (guint i = 0; i < src->tracks->len; i++)
    {
      StRawTrack *t = g_ptr_array_index (src->tracks, i);
      guint       d = st_builder_shard_get_track (dst, t->kind, map[t->pid], map[t->tid]);
      StRawTrack *dt = st_builder_shard_track (dst, d);

      track_map[i] = d;
      append_slices (&dt->slices, &t->slices, map);
      append_instants (&dt->instants, &t->instants, map);
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
          for (gsize j = 0; j < s->samples.len; j++)
            *st_vec_push (&d->samples, StRawSample) = *st_vec_at (&s->samples, StRawSample, j);
        }
    }
}

static void
merge_records (StBuilderShard *dst, StBuilderShard *src, const guint32 *map, const guint *track_map)
{
  for (gsize i = 0; i < src->flows.len; i++)
    {
      StRawFlow *f = st_vec_push (&dst->flows, StRawFlow);
      *f = *st_vec_at (&src->flows, StRawFlow, i);
      f->track = track_map[f->track];
      f->name = map[f->name];
      f->cat = map[f->cat];
    }
  for (gsize i = 0; i < src->asyncs.len; i++)
    {
      StRawAsync *a = st_vec_push (&dst->asyncs, StRawAsync);
      *a = *st_vec_at (&src->asyncs, StRawAsync, i);
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

static void
merge_shard (StBuilderShard *dst, StBuilderShard *src)
{
  g_autofree guint32 *map = st_string_table_merge (dst->strings, src->strings);
  g_autofree guint   *track_map = merge_tracks (dst, src, map);
  GHashTableIter      iter;
  gpointer            pid;

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
}

/* Laying out the thread tracks, on two threads. */

typedef struct
{
  StBuilderShard *shard;
  GArray         *tracks; /* guint: raw tracks to lay out */
  gint64          origin;
  gint64          trace_end;
  guint          *n_rows; /* per raw track */
  guint         **row_offsets;
  guint         **lane_rows;
  guint          *n_lanes;
  StRowLod      **row_lods;
  StLayoutIssues  issues;
  GCancellable   *cancellable;
  gint           *done; /* raw tracks finished, both jobs */
} LayoutJob;

ST_DEFINE_SORT (sort_instants_by_ts, StInstant, a->ts < b->ts)

static void
layout_raw_track (LayoutJob *job, guint index)
{
  StRawTrack *t = st_builder_shard_track (job->shard, index);
  StSlice    *s = (StSlice *)(void *)t->slices.data;
  StInstant  *in = (StInstant *)(void *)t->instants.data;

  t->slices.len = st_slice_match_begin_end (s, t->slices.len, job->trace_end, &job->issues);
  job->n_rows[index] = st_slice_layout (s, t->slices.len, job->origin, &job->row_offsets[index],
                                        &job->lane_rows[index], &job->n_lanes[index], &job->issues);
  job->row_lods[index] = st_row_lods_new (s, job->n_rows[index], job->row_offsets[index]);
  for (gsize i = 0; i < t->instants.len; i++)
    in[i].ts -= job->origin;
  sort_instants_by_ts (in, t->instants.len, NULL);
}

static gpointer
layout_job_run (gpointer data)
{
  LayoutJob *job = data;

  for (guint i = 0; i < job->tracks->len; i++)
    {
      if (g_cancellable_is_cancelled (job->cancellable))
        break;
      layout_raw_track (job, g_array_index (job->tracks, guint, i));
      g_atomic_int_inc (job->done);
    }
  return NULL;
}

static void
merge_issue (StLayoutIssue *dst, const StLayoutIssue *src)
{
  if (src->count == 0)
    return;
  if (dst->count == 0 || src->first_offset < dst->first_offset)
    {
      dst->first_offset = src->first_offset;
      dst->first_name = src->first_name;
    }
  dst->count += src->count;
}

static void
merge_issues (StLayoutIssues *dst, const StLayoutIssues *src)
{
  merge_issue (&dst->unmatched_end, &src->unmatched_end);
  merge_issue (&dst->mismatched_end, &src->mismatched_end);
  merge_issue (&dst->unclosed_begin, &src->unclosed_begin);
  merge_issue (&dst->overlapping, &src->overlapping);
}

typedef struct
{
  gsize load;
  guint index;
} TrackLoad;

ST_DEFINE_SORT (sort_loads, TrackLoad, a->load > b->load)

/* Splits the tracks between two jobs, the biggest first, each to the job
 * with less work so far. */
static void
split_tracks (StBuilderShard *shard, LayoutJob *jobs)
{
  g_autofree TrackLoad *order = g_new (TrackLoad, MAX (1, shard->tracks->len));
  gsize                 load[2] = { 0, 0 };

  for (guint i = 0; i < shard->tracks->len; i++)
    {
      StRawTrack *t = st_builder_shard_track (shard, i);
      order[i] = (TrackLoad){ t->slices.len + t->instants.len + 1, i };
    }
  sort_loads (order, shard->tracks->len, NULL);
  for (guint i = 0; i < shard->tracks->len; i++)
    {
      int w = load[1] < load[0];
      g_array_append_val (jobs[w].tracks, order[i].index);
      load[w] += order[i].load;
    }
}

typedef struct
{
  guint     *n_rows;
  guint    **row_offsets;
  guint    **lane_rows;
  guint     *n_lanes;
  StRowLod **row_lods;
} LaidOut;

static void
laid_out_init (LaidOut *out, guint n_raw)
{
  out->n_rows = g_new0 (guint, MAX (1, n_raw));
  out->row_offsets = g_new0 (guint *, MAX (1, n_raw));
  out->lane_rows = g_new0 (guint *, MAX (1, n_raw));
  out->n_lanes = g_new0 (guint, MAX (1, n_raw));
  out->row_lods = g_new0 (StRowLod *, MAX (1, n_raw));
}

/* Frees what was not handed to a track (all of it after a cancel). */
static void
laid_out_clear (LaidOut *out, guint n_raw)
{
  for (guint i = 0; i < n_raw; i++)
    {
      g_free (out->row_offsets[i]);
      g_free (out->lane_rows[i]);
      st_row_lods_free (out->row_lods[i], out->n_rows[i]);
    }
  g_free (out->n_rows);
  g_free (out->row_offsets);
  g_free (out->lane_rows);
  g_free (out->n_lanes);
  g_free (out->row_lods);
}

static void
layout_all (StBuilderShard   *shard,
            gint64            origin,
            gint64            trace_end,
            LaidOut          *out,
            StLayoutIssues   *issues,
            GCancellable     *cancellable,
            StBuilderProgress progress,
            gpointer          progress_data)
{
  LayoutJob jobs[2];
  gint      done = 0;
  GThread  *thread = NULL;

  for (int i = 0; i < 2; i++)
    jobs[i] = (LayoutJob){ shard,          g_array_new (FALSE, FALSE, sizeof (guint)),
                           origin,         trace_end,
                           out->n_rows,    out->row_offsets,
                           out->lane_rows, out->n_lanes,
                           out->row_lods,  { { 0 } },
                           cancellable,    &done };
  split_tracks (shard, jobs);
  if (jobs[1].tracks->len > 0)
    thread = g_thread_new ("strata-layout", layout_job_run, &jobs[1]);
  for (guint i = 0; i < jobs[0].tracks->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      layout_raw_track (&jobs[0], g_array_index (jobs[0].tracks, guint, i));
      g_atomic_int_inc (&done);
      if (progress != NULL)
        progress ((double)g_atomic_int_get (&done) / shard->tracks->len, progress_data);
    }
  if (thread != NULL)
    g_thread_join (thread);
  for (int i = 0; i < 2; i++)
    {
      merge_issues (issues, &jobs[i].issues);
      g_array_unref (jobs[i].tracks);
    }
}

/* Processes and threads: names, labels, sort indexes (M records; the last
 * one in the file wins, labels accumulate), then their order. */

typedef struct
{
  StStringId name;
  gint64     sort_index;
  gboolean   has_sort_index;
} ThreadInfo;

typedef struct
{
  GArray     *processes;  /* StProcess */
  GPtrArray  *labels;     /* per process: GPtrArray of label strings */
  GHashTable *process_of; /* pid id + 1 -> index + 1 */
  GHashTable *threads;    /* Key (pid, tid) -> ThreadInfo */
} Names;

static guint
process_index (Names *names, StStringId pid)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (names->process_of, GUINT_TO_POINTER (pid + 1))) - 1;
}

static ThreadInfo *
thread_info (Names *names, StStringId pid, StStringId tid)
{
  Key         key = { 0, pid, tid, 0 };
  ThreadInfo *info = g_hash_table_lookup (names->threads, &key);

  if (info == NULL)
    {
      info = g_new0 (ThreadInfo, 1);
      g_hash_table_insert (names->threads, g_memdup2 (&key, sizeof key), info);
    }
  return info;
}

static void
add_labels (Names *names, guint process, const char *text)
{
  GPtrArray     *labels = g_ptr_array_index (names->labels, process);
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *label = g_strstrip (parts[i]);
      if (*label != '\0' && !g_ptr_array_find_with_equal_func (labels, label, g_str_equal, NULL))
        g_ptr_array_add (labels, g_strdup (label));
    }
}

static void
apply_meta (Names *names, StStringTable *strings, const StRawMeta *m)
{
  guint       p = process_index (names, m->pid);
  StProcess  *proc;
  ThreadInfo *t;

  /* Every importer notes the pid of its metadata; a record of a pid never
   * noted would be an importer's bug, and must not write out of bounds. */
  g_return_if_fail (p < names->processes->len);
  proc = &g_array_index (names->processes, StProcess, p);
  switch (m->kind)
    {
    case ST_META_PROCESS_NAME: proc->name = m->text; break;
    case ST_META_PROCESS_LABELS:
      add_labels (names, p, st_string_table_get (strings, m->text));
      break;
    case ST_META_PROCESS_SORT_INDEX:
      proc->sort_index = m->number;
      proc->has_sort_index = TRUE;
      break;
    case ST_META_THREAD_NAME: thread_info (names, m->pid, m->tid)->name = m->text; break;
    case ST_META_THREAD_SORT_INDEX:
      t = thread_info (names, m->pid, m->tid);
      t->sort_index = m->number;
      t->has_sort_index = TRUE;
      break;
    }
}

static void
names_init (Names *names, StBuilderShard *shard)
{
  GHashTableIter iter;
  gpointer       pid;

  names->processes = g_array_new (FALSE, TRUE, sizeof (StProcess));
  names->labels = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  names->process_of = g_hash_table_new (NULL, NULL);
  names->threads = g_hash_table_new_full (key_hash, key_equal, g_free, g_free);
  g_hash_table_iter_init (&iter, shard->pids);
  while (g_hash_table_iter_next (&iter, &pid, NULL))
    {
      StProcess proc = { 0 };
      proc.pid = GPOINTER_TO_UINT (pid) - 1;
      g_array_append_val (names->processes, proc);
      g_ptr_array_add (names->labels, g_ptr_array_new_with_free_func (g_free));
      g_hash_table_insert (names->process_of, pid, GUINT_TO_POINTER (names->processes->len));
    }
  for (gsize i = 0; i < shard->metas.len; i++)
    apply_meta (names, shard->strings, st_vec_at (&shard->metas, StRawMeta, i));
  for (guint p = 0; p < names->processes->len; p++)
    {
      GPtrArray *labels = g_ptr_array_index (names->labels, p);
      if (labels->len > 0)
        {
          g_autofree char *joined = NULL;
          g_ptr_array_add (labels, NULL);
          joined = g_strjoinv (", ", (char **)labels->pdata);
          g_ptr_array_remove_index (labels, labels->len - 1);
          g_array_index (names->processes, StProcess, p).labels
              = st_string_table_intern (shard->strings, joined, strlen (joined));
        }
    }
}

static void
names_clear (Names *names)
{
  g_array_unref (names->processes);
  g_ptr_array_unref (names->labels);
  g_hash_table_unref (names->process_of);
  g_hash_table_unref (names->threads);
}

static gboolean
parse_integer (const char *s, gint64 *out)
{
  char *end = NULL;

  if (*s == '\0')
    return FALSE;
  *out = g_ascii_strtoll (s, &end, 10);
  return *end == '\0';
}

/* Ids as numbers when both are numbers, else as text. */
static int
compare_ids (const char *a, const char *b)
{
  gint64 x, y;

  if (parse_integer (a, &x) && parse_integer (b, &y))
    return x < y ? -1 : x > y;
  return strcmp (a, b);
}

/* Tracks: one per thread (and process / global instants), per counter and
 * per async name; then ordered within their process. */

enum
{
  CATEGORY_GLOBAL,
  CATEGORY_PROCESS_INSTANTS,
  CATEGORY_COUNTER,
  CATEGORY_THREAD,
  CATEGORY_ASYNC,
};

typedef struct
{
  StTrack track;
  guint   category;
  guint   raw;  /* raw track, or G_MAXUINT */
  guint   rank; /* order of its process, G_MAXUINT for none */
} Pending;

static void
pending_free (gpointer data)
{
  Pending *p = data;

  st_track_clear (&p->track);
  g_free (p);
}

static gboolean
is_integer_text (const char *s)
{
  gint64 v;
  return parse_integer (s, &v);
}

static StStringId intern_printf (StStringTable *strings, const char *format, ...)
    G_GNUC_PRINTF (2, 3);

static StStringId
intern_printf (StStringTable *strings, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list          args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return st_string_table_intern (strings, text, strlen (text));
}

static Pending *
pending_for_raw (StBuilderShard *shard, Names *names, guint raw, LaidOut *out)
{
  StRawTrack *t = st_builder_shard_track (shard, raw);
  Pending    *p = g_new0 (Pending, 1);
  const char *tid = st_string_table_get (shard->strings, t->tid);

  p->raw = raw;
  p->track.tid = t->tid;
  p->track.n_slices = t->slices.len;
  p->track.slices = vec_steal (&t->slices, sizeof (StSlice));
  p->track.n_instants = t->instants.len;
  p->track.instants = vec_steal (&t->instants, sizeof (StInstant));
  p->track.n_rows = out->n_rows[raw];
  p->track.row_offsets = g_steal_pointer (&out->row_offsets[raw]);
  p->track.lane_rows = g_steal_pointer (&out->lane_rows[raw]);
  p->track.n_lanes = out->n_lanes[raw];
  p->track.row_lods = g_steal_pointer (&out->row_lods[raw]);
  p->track.n_events = p->track.n_slices + p->track.n_instants;
  p->track.kind = p->track.n_slices > 0 ? ST_TRACK_SLICES : ST_TRACK_INSTANTS;
  if (t->kind == ST_RAW_TRACK_GLOBAL_INSTANTS)
    {
      p->category = CATEGORY_GLOBAL;
      p->track.process = ST_NO_PROCESS;
      p->track.name = st_string_table_intern (shard->strings, "Global instants", 15);
      return p;
    }
  p->track.process = process_index (names, t->pid);
  if (t->kind == ST_RAW_TRACK_PROCESS_INSTANTS)
    {
      p->category = CATEGORY_PROCESS_INSTANTS;
      p->track.name = st_string_table_intern (shard->strings, "Process instants", 16);
      return p;
    }
  p->category = CATEGORY_THREAD;
  {
    Key         key = { 0, t->pid, t->tid, 0 };
    ThreadInfo *info = g_hash_table_lookup (names->threads, &key);
    if (info != NULL && info->name != ST_STRING_EMPTY)
      p->track.name = info->name;
    else if (is_integer_text (tid))
      p->track.name = intern_printf (shard->strings, "Thread %s", tid);
    else
      p->track.name = t->tid;
    if (info != NULL)
      {
        p->track.sort_index = info->sort_index;
        p->track.has_sort_index = info->has_sort_index;
      }
  }
  return p;
}

ST_DEFINE_SORT (sort_samples, StRawSample, a->ts < b->ts)

static void
fill_series (StCounterSeries *out, StRawSeries *raw, gint64 origin)
{
  StRawSample *s = (StRawSample *)(void *)raw->samples.data;
  gsize        n = raw->samples.len;

  sort_samples (s, n, NULL);
  out->name = raw->name;
  out->n_samples = n;
  out->ts = g_new (gint64, MAX (1, n));
  out->values = g_new (double, MAX (1, n));
  out->min = n ? s[0].value : 0;
  out->max = out->min;
  out->block_min = g_new (double, n / ST_COUNTER_BLOCK + 1);
  out->block_max = g_new (double, n / ST_COUNTER_BLOCK + 1);
  for (gsize i = 0; i < n; i++)
    {
      gsize b = i / ST_COUNTER_BLOCK;

      out->ts[i] = s[i].ts - origin;
      out->values[i] = s[i].value;
      out->min = MIN (out->min, s[i].value);
      out->max = MAX (out->max, s[i].value);
      out->block_min[b] = i % ST_COUNTER_BLOCK ? MIN (out->block_min[b], s[i].value) : s[i].value;
      out->block_max[b] = i % ST_COUNTER_BLOCK ? MAX (out->block_max[b], s[i].value) : s[i].value;
    }
  g_clear_pointer (&raw->samples.data, g_free);
}

static Pending *
pending_for_counter (StBuilderShard *shard, Names *names, StRawCounter *c, gint64 origin)
{
  Pending    *p = g_new0 (Pending, 1);
  const char *name = st_string_table_get (shard->strings, c->name);

  p->raw = G_MAXUINT;
  p->category = CATEGORY_COUNTER;
  p->track.kind = ST_TRACK_COUNTER;
  p->track.process = process_index (names, c->pid);
  p->track.name = c->id == ST_STRING_EMPTY
                      ? c->name
                      : intern_printf (shard->strings, "%s[%s]", name,
                                       st_string_table_get (shard->strings, c->id));
  p->track.n_series = c->series.len;
  p->track.series = g_new0 (StCounterSeries, MAX (1, c->series.len));
  p->track.row_offsets = g_new0 (guint, 1);
  for (gsize i = 0; i < c->series.len; i++)
    {
      fill_series (&p->track.series[i], st_vec_at (&c->series, StRawSeries, i), origin);
      p->track.n_events += p->track.series[i].n_samples;
    }
  return p;
}

static Pending *
pending_for_async (Names *names, StAsyncTrack *a)
{
  Pending *p = g_new0 (Pending, 1);

  p->raw = G_MAXUINT;
  p->category = CATEGORY_ASYNC;
  p->track.kind = ST_TRACK_ASYNC;
  p->track.process = process_index (names, a->pid);
  p->track.name = a->name;
  p->track.n_slices = a->slices->len;
  p->track.slices = g_array_steal (a->slices, NULL);
  p->track.n_instants = a->instants->len;
  p->track.instants = g_array_steal (a->instants, NULL);
  p->track.n_rows = a->n_rows;
  p->track.row_offsets = g_steal_pointer (&a->row_offsets);
  p->track.lane_rows = g_steal_pointer (&a->lane_rows);
  p->track.n_lanes = a->n_lanes;
  p->track.row_lods = st_row_lods_new (p->track.slices, p->track.n_rows, p->track.row_offsets);
  p->track.n_events = p->track.n_slices + p->track.n_instants;
  return p;
}

static int
compare_sort_index (gboolean a_has, gint64 a, gboolean b_has, gint64 b)
{
  gint64 x = a_has ? a : 0, y = b_has ? b : 0;
  return x < y ? -1 : x > y;
}

static int
compare_processes (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const StProcess *a = pa, *b = pb;
  StStringTable   *strings = data;
  int r = compare_sort_index (a->has_sort_index, a->sort_index, b->has_sort_index, b->sort_index);

  if (r == 0)
    r = strcmp (st_string_table_get (strings, a->name), st_string_table_get (strings, b->name));
  if (r == 0)
    r = compare_ids (st_string_table_get (strings, a->pid), st_string_table_get (strings, b->pid));
  return r;
}

static int
compare_pending (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const Pending *a = *(const Pending *const *)pa, *b = *(const Pending *const *)pb;
  StStringTable *strings = data;
  int            r;

  if (a->rank != b->rank)
    return a->rank < b->rank ? -1 : 1;
  if (a->category != b->category)
    return a->category < b->category ? -1 : 1;
  r = compare_sort_index (a->track.has_sort_index, a->track.sort_index, b->track.has_sort_index,
                          b->track.sort_index);
  if (r == 0)
    r = strcmp (st_string_table_get (strings, a->track.name),
                st_string_table_get (strings, b->track.name));
  if (r == 0)
    r = compare_ids (st_string_table_get (strings, a->track.tid),
                     st_string_table_get (strings, b->track.tid));
  return r;
}

/* Orders the processes; returns old index -> new index. */
static guint *
order_processes (Names *names, StStringTable *strings)
{
  guint                  n = names->processes->len;
  guint                 *rank = g_new (guint, MAX (1, n));
  g_autofree StProcess  *sorted = g_memdup2 (names->processes->data, n * sizeof (StProcess));
  g_autoptr (GHashTable) where = g_hash_table_new (NULL, NULL);

  g_qsort_with_data (sorted, n, sizeof (StProcess), compare_processes, strings);
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (where, GUINT_TO_POINTER (sorted[i].pid + 1), GUINT_TO_POINTER (i));
  for (guint i = 0; i < n; i++)
    rank[i] = GPOINTER_TO_UINT (g_hash_table_lookup (
        where, GUINT_TO_POINTER (g_array_index (names->processes, StProcess, i).pid + 1)));
  if (n > 0) /* a trace without processes has no array to copy into */
    memcpy (names->processes->data, sorted, n * sizeof (StProcess));
  return rank;
}

static void
assemble_tracks (StTrace     *trace,
                 GPtrArray   *pending,
                 Names       *names,
                 const guint *rank,
                 guint       *raw_to_final)
{
  for (guint i = 0; i < pending->len; i++)
    {
      Pending *p = g_ptr_array_index (pending, i);
      if (p->track.process != ST_NO_PROCESS)
        p->track.process = rank[p->track.process];
      p->rank = p->track.process == ST_NO_PROCESS ? 0 : p->track.process + 1;
    }
  g_ptr_array_sort_with_data (pending, compare_pending, trace->strings);

  trace->n_tracks = pending->len;
  trace->tracks = g_new0 (StTrack, MAX (1, pending->len));
  trace->n_processes = names->processes->len;
  trace->processes
      = g_memdup2 (names->processes->data, MAX (1, names->processes->len) * sizeof (StProcess));
  for (guint i = 0; i < pending->len; i++)
    {
      Pending *p = g_ptr_array_index (pending, i);
      StTrack *t = &trace->tracks[i];

      *t = p->track;
      memset (&p->track, 0, sizeof p->track);
      if (p->raw != G_MAXUINT)
        raw_to_final[p->raw] = i;
      if (t->process != ST_NO_PROCESS)
        {
          StProcess *proc = &trace->processes[t->process];
          if (proc->n_tracks++ == 0)
            proc->first_track = i;
        }
    }
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

static void
finish_warnings (StTrace *trace, StBuilderShard *shard, StSource *source)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (StImportWarning));
  gsize   size = st_source_get_size (source);

  for (guint k = 0; k < ST_N_WARNINGS; k++)
    {
      StRawWarning   *w = &shard->warnings[k];
      StImportWarning iw = { k, w->count, w->first_offset, 0, 0, NULL };

      if (w->count == 0)
        continue;
      if (w->first_offset <= size)
        st_json_position (st_source_get_data (source), w->first_offset, &iw.first_line,
                          &iw.first_column);
      if (w->detail != NULL)
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
  trace->metadata_keys = g_new0 (char *, trace->metadata->len + 1);
  for (guint i = 0; i < trace->metadata->len; i++)
    trace->metadata_keys[i] = ((StMetadataSpan *)g_ptr_array_index (trace->metadata, i))->key;
  self->metadata = g_ptr_array_new_with_free_func (st_metadata_span_free);
}

static GPtrArray *
collect_pending (StBuilderShard *shard,
                 Names          *names,
                 LaidOut        *out,
                 GPtrArray      *async_tracks,
                 gint64          origin)
{
  GPtrArray *pending = g_ptr_array_new_with_free_func (pending_free);

  for (guint i = 0; i < shard->tracks->len; i++)
    g_ptr_array_add (pending, pending_for_raw (shard, names, i, out));
  for (guint i = 0; i < shard->counters->len; i++)
    g_ptr_array_add (pending, pending_for_counter (shard, names,
                                                   g_ptr_array_index (shard->counters, i), origin));
  for (guint i = 0; i < async_tracks->len; i++)
    g_ptr_array_add (pending, pending_for_async (names, g_ptr_array_index (async_tracks, i)));
  return pending;
}

static void
resolve_flows (StTrace *trace, StBuilderShard *shard, const guint *raw_to_final, gint64 origin)
{
  StFlowIssues issues = { { 0 } };
  StRawFlow   *raw = (StRawFlow *)(void *)shard->flows.data;
  GArray      *flows = st_flow_resolve (raw, shard->flows.len, raw_to_final, trace->tracks,
                                        trace->n_tracks, origin, &issues);

  trace->n_flows = flows->len;
  trace->flows = (StFlow *)(void *)g_array_free (flows, FALSE);
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
      merge_shard (shard, g_ptr_array_index (self->shards, 1));
      g_ptr_array_remove_index (self->shards, 1);
    }
  if (st_source_get_warning (self->source) != NULL)
    st_builder_shard_warn (shard, ST_WARNING_COMPRESSION, st_source_get_size (self->source), "%s",
                           st_source_get_warning (self->source));
  if (shard->counts.events == 0)
    st_builder_shard_warn (shard, ST_WARNING_NO_EVENTS, 0, NULL);
  return shard;
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
  guint                 n_raw = shard->tracks->len;
  LaidOut               out;
  g_autofree guint     *raw_to_final = g_new0 (guint, MAX (1, n_raw));
  g_autofree guint     *rank = NULL;
  g_autoptr (GPtrArray) async_tracks = NULL;
  g_autoptr (GPtrArray) pending = NULL;
  StLayoutIssues        issues = { { 0 } }, async_issues = { { 0 } };
  StTrace              *trace;
  Names                 names;

  laid_out_init (&out, n_raw);
  layout_all (shard, origin, end, &out, &issues, cancellable, progress, progress_data);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      laid_out_clear (&out, n_raw);
      return NULL;
    }
  async_tracks = st_async_build ((StRawAsync *)(void *)shard->asyncs.data, shard->asyncs.len,
                                 origin, end, &async_issues);

  trace = st_trace_new_internal ();
  trace->source = st_source_ref (self->source);
  trace->format = g_strdup (self->format);
  trace->flavor = g_strdup (self->flavor);
  trace->text_size = self->text_size ? self->text_size : st_source_get_size (self->source);
  trace->origin_ns = origin;
  trace->end_ns = end - origin;

  names_init (&names, shard);
  pending = collect_pending (shard, &names, &out, async_tracks, origin);
  laid_out_clear (&out, n_raw);
  rank = order_processes (&names, shard->strings);
  trace->strings = shard->strings;
  assemble_tracks (trace, pending, &names, rank, raw_to_final);
  names_clear (&names);

  resolve_flows (trace, shard, raw_to_final, origin);
  warn_issue (shard, ST_WARNING_UNMATCHED_END, &issues.unmatched_end);
  warn_issue (shard, ST_WARNING_MISMATCHED_END, &issues.mismatched_end);
  warn_issue (shard, ST_WARNING_UNCLOSED_BEGIN, &issues.unclosed_begin);
  warn_issue (shard, ST_WARNING_OVERLAPPING, &issues.overlapping);
  warn_issue (shard, ST_WARNING_UNMATCHED_ASYNC, &async_issues.unmatched_end);
  warn_issue (shard, ST_WARNING_UNCLOSED_BEGIN, &async_issues.unclosed_begin);
  finish_warnings (trace, shard, self->source);
  finish_counts (trace, &shard->counts);
  finish_metadata (trace, self);
  st_trace_init_file (trace);
  shard->strings = NULL; /* now the trace's */
  return trace;
}
