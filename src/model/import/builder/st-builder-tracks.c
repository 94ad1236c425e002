/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-builder-tracks.h"
#include "st-async-builder.h"
#include "st-flow-resolver.h"
#include "st-format.h"
#include "st-row-lod.h"
#include "st-sort.h"
#include "st-trace-private.h"

#include <stdarg.h>

/* Laying out the thread tracks, on two threads. */

typedef struct
{
  gsize load;
  guint index;
} TrackLoad;

/* What both threads share: the tracks, the biggest first, each taken by
 * the next thread free; and the flow queries, which the first thread makes
 * while the second begins to lay out (a track's flows are bound last). */
typedef struct
{
  StBuilderShard *shard;
  gint64          origin;
  gint64          trace_end;
  guint          *n_rows; /* per raw track */
  guint         **row_offsets;
  guint         **lane_rows;
  guint          *n_lanes;
  StRowLod      **row_lods;
  GCancellable   *cancellable;
  TrackLoad      *order;
  gint            next; /* atomic: the next in order to take */
  gint            done; /* atomic: raw tracks finished */
  GMutex          lock;
  GCond           made;
  StFlowQueries  *queries; /* under the lock, until made */
} Layout;

typedef struct
{
  Layout        *layout;
  StLayoutIssues issues;
} LayoutJob;

ST_DEFINE_SORT (sort_instants_by_ts, StInstant, a->ts < b->ts)

/* The flow queries, once the first thread has made them. */
static StFlowQueries *
wait_for_queries (Layout *layout)
{
  StFlowQueries *queries;

  g_mutex_lock (&layout->lock);
  while (layout->queries == NULL)
    g_cond_wait (&layout->made, &layout->lock);
  queries = layout->queries;
  g_mutex_unlock (&layout->lock);
  return queries;
}

/* Binds the flows of raw track @index, just laid out, to its slices. */
static void
bind_flows (Layout *layout, guint index)
{
  StRawTrack *t = st_builder_shard_track (layout->shard, index);
  StTrack     laid_out = { 0 };

  laid_out.slices = (StSlice *)(void *)t->slices.data;
  laid_out.n_slices = t->slices.len;
  laid_out.n_rows = layout->n_rows[index];
  laid_out.row_offsets = layout->row_offsets[index];
  laid_out.n_lanes = layout->n_lanes[index];
  laid_out.lane_rows = layout->lane_rows[index];
  st_flow_bind_track (wait_for_queries (layout), (StRawFlow *)(void *)layout->shard->flows.data,
                      index, &laid_out);
}

static void
layout_raw_track (LayoutJob *job, guint index)
{
  Layout             *l = job->layout;
  StRawTrack         *t = st_builder_shard_track (l->shard, index);
  g_autofree StSlice *scratch = NULL;
  StSlice            *s;
  StInstant          *in;

  st_raw_track_take_parts (t);
  s = (StSlice *)(void *)t->slices.data;
  in = (StInstant *)(void *)t->instants.data;
  t->slices.len = st_slice_match_begin_end (s, t->slices.len, l->trace_end, &job->issues);
  /* One scratch array serves the layout, then the levels of detail. */
  scratch = g_new (StSlice, MAX (1, t->slices.len));
  l->n_rows[index]
      = st_slice_layout (s, t->slices.len, l->origin, &l->row_offsets[index], &l->lane_rows[index],
                         &l->n_lanes[index], &job->issues, scratch);
  l->row_lods[index] = st_row_lods_new_in (s, l->n_rows[index], l->row_offsets[index], scratch,
                                           MAX (1, t->slices.len) * sizeof (StSlice));
  bind_flows (l, index);
  for (gsize i = 0; i < t->instants.len; i++)
    in[i].ts -= l->origin;
  sort_instants_by_ts (in, t->instants.len, NULL);
}

/* Lays out tracks as long as there are some nobody has taken. */
static void
run_job (LayoutJob *job, StBuilderProgress progress, gpointer progress_data)
{
  Layout *l = job->layout;
  guint   n = l->shard->tracks->len, i;

  while ((i = (guint)g_atomic_int_add (&l->next, 1)) < n)
    {
      if (g_cancellable_is_cancelled (l->cancellable))
        break;
      layout_raw_track (job, l->order[i].index);
      g_atomic_int_inc (&l->done);
      if (progress != NULL)
        progress ((double)g_atomic_int_get (&l->done) / n, progress_data);
    }
}

static gpointer
layout_job_run (gpointer data)
{
  run_job (data, NULL, NULL);
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

ST_DEFINE_SORT (sort_loads, TrackLoad, a->load > b->load)

/* The tracks, the biggest first (by their slices and instants): taken in
 * that order, the last ones taken are small, and the two threads end at
 * about the same time. */
static TrackLoad *
order_tracks (StBuilderShard *shard)
{
  TrackLoad *order = g_new (TrackLoad, MAX (1, shard->tracks->len));

  for (guint i = 0; i < shard->tracks->len; i++)
    order[i] = (TrackLoad){ st_raw_track_count_records (st_builder_shard_track (shard, i)) + 1, i };
  sort_loads (order, shard->tracks->len, NULL);
  return order;
}

struct _StBuilderTracks
{
  StBuilderShard *shard;
  gint64          origin;
  guint           n_raw;
  guint          *n_rows;
  guint         **row_offsets;
  guint         **lane_rows;
  guint          *n_lanes;
  StRowLod      **row_lods;
};

static StBuilderTracks *
builder_tracks_new (StBuilderShard *shard, gint64 origin)
{
  StBuilderTracks *out = g_new0 (StBuilderTracks, 1);
  guint            n_raw = shard->tracks->len;

  out->shard = shard;
  out->origin = origin;
  out->n_raw = n_raw;
  out->n_rows = g_new0 (guint, MAX (1, n_raw));
  out->row_offsets = g_new0 (guint *, MAX (1, n_raw));
  out->lane_rows = g_new0 (guint *, MAX (1, n_raw));
  out->n_lanes = g_new0 (guint, MAX (1, n_raw));
  out->row_lods = g_new0 (StRowLod *, MAX (1, n_raw));
  return out;
}

void
st_builder_tracks_free (StBuilderTracks *out)
{
  for (guint i = 0; i < out->n_raw; i++)
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
  g_free (out);
}

StBuilderTracks *
st_builder_tracks_lay_out (StBuilderShard   *shard,
                           gint64            origin,
                           gint64            trace_end,
                           StLayoutIssues   *issues,
                           GCancellable     *cancellable,
                           StBuilderProgress progress,
                           gpointer          progress_data)
{
  StBuilderTracks *out = builder_tracks_new (shard, origin);
  Layout           l = { .shard = shard,
                         .origin = origin,
                         .trace_end = trace_end,
                         .n_rows = out->n_rows,
                         .row_offsets = out->row_offsets,
                         .lane_rows = out->lane_rows,
                         .n_lanes = out->n_lanes,
                         .row_lods = out->row_lods,
                         .cancellable = cancellable,
                         .order = order_tracks (shard) };
  LayoutJob        jobs[2] = { { &l, { { 0 } } }, { &l, { { 0 } } } };
  GThread         *thread;
  StFlowQueries   *queries;

  g_mutex_init (&l.lock);
  g_cond_init (&l.made);
  thread = g_thread_new ("strata-layout", layout_job_run, &jobs[1]);
  queries = st_flow_queries_new ((StRawFlow *)(void *)shard->flows.data, shard->flows.len,
                                 shard->tracks->len, origin);
  g_mutex_lock (&l.lock);
  l.queries = queries;
  g_cond_broadcast (&l.made);
  g_mutex_unlock (&l.lock);
  run_job (&jobs[0], progress, progress_data);
  g_thread_join (thread);
  for (int i = 0; i < 2; i++)
    merge_issues (issues, &jobs[i].issues);
  st_flow_queries_free (queries);
  g_mutex_clear (&l.lock);
  g_cond_clear (&l.made);
  g_free (l.order);
  return out;
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
  GHashTable *threads;    /* StBuilderKey (pid, tid) -> ThreadInfo */
} Names;

static guint
process_index (Names *names, StStringId pid)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (names->process_of, GUINT_TO_POINTER (pid + 1))) - 1;
}

static ThreadInfo *
thread_info (Names *names, StStringId pid, StStringId tid)
{
  StBuilderKey key = { 0, pid, tid, 0 };
  ThreadInfo  *info = g_hash_table_lookup (names->threads, &key);

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
  names->threads
      = g_hash_table_new_full (st_builder_key_hash, st_builder_key_equal, g_free, g_free);
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

/* Ids as numbers when both are numbers (a pid may be negative), else in
 * natural order. */
static int
compare_ids (const char *a, const char *b)
{
  gint64 x, y;

  if (parse_integer (a, &x) && parse_integer (b, &y))
    return x < y ? -1 : x > y;
  return st_natural_compare (a, b);
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

/* Whether @track is a GPU's (docs/metrics.md 1.1): GPU events only, and
 * the annotations Kineto draws on a GPU's streams. A category is looked
 * at only where it changes. */
static gboolean
holds_gpu_events (StStringTable *strings, const StTrack *track)
{
  static const char *const gpu[]
      = { "kernel", "Kernel", "gpu_memcpy", "Memcpy", "gpu_memset", "Memset", NULL };
  gboolean any = FALSE;

  for (guint i = 0; i < track->n_slices; i++)
    if (i == 0 || track->slices[i].cat != track->slices[i - 1].cat)
      {
        const char *cat = st_string_table_get (strings, track->slices[i].cat);

        if (g_strv_contains (gpu, cat))
          any = TRUE;
        else if (!g_str_equal (cat, "gpu_user_annotation"))
          return FALSE;
      }
  return any;
}

/* docs/metrics.md 1.1: Kineto without metadata names neither a GPU nor
 * its streams, but its pid is the device's id and its tid the stream's:
 * "stream N", and its process, if nothing names or labels it, "GPU N". */
static StStringId
name_gpu_stream (StStringTable *strings,
                 Names         *names,
                 guint          process,
                 StStringId     pid,
                 const char    *tid)
{
  StProcess  *proc = &g_array_index (names->processes, StProcess, process);
  const char *pid_text = st_string_table_get (strings, pid);

  if (proc->name == ST_STRING_EMPTY && proc->labels == ST_STRING_EMPTY
      && is_integer_text (pid_text))
    proc->labels = intern_printf (strings, "GPU %s", pid_text);
  return intern_printf (strings, "stream %s", tid);
}

static Pending *
pending_for_raw (StBuilderShard *shard, Names *names, guint raw, StBuilderTracks *out)
{
  StRawTrack *t = st_builder_shard_track (shard, raw);
  Pending    *p = g_new0 (Pending, 1);
  const char *tid = st_string_table_get (shard->strings, t->tid);

  p->raw = raw;
  p->track.tid = t->tid;
  p->track.n_slices = t->slices.len;
  p->track.slices = st_vec_steal (&t->slices, sizeof (StSlice));
  p->track.n_instants = t->instants.len;
  p->track.instants = st_vec_steal (&t->instants, sizeof (StInstant));
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
    StBuilderKey key = { 0, t->pid, t->tid, 0 };
    ThreadInfo  *info = g_hash_table_lookup (names->threads, &key);
    if (info != NULL && info->name != ST_STRING_EMPTY)
      p->track.name = info->name;
    else if (is_integer_text (tid) && holds_gpu_events (shard->strings, &p->track))
      p->track.name = name_gpu_stream (shard->strings, names, p->track.process, t->pid, tid);
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
  for (gsize i = 1; raw->cumulative && i < n; i++)
    s[i].value += s[i - 1].value;
  out->name = raw->name;
  out->unit = raw->unit;
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
    r = st_natural_compare (st_string_table_get (strings, a->name),
                            st_string_table_get (strings, b->name));
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
    r = st_natural_compare (st_string_table_get (strings, a->track.name),
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

static GPtrArray *
collect_pending (StBuilderShard  *shard,
                 Names           *names,
                 StBuilderTracks *out,
                 GPtrArray       *async_tracks,
                 gint64           origin)
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

void
st_builder_tracks_assemble (StBuilderTracks *self,
                            StTrace         *trace,
                            GPtrArray       *async_tracks,
                            guint           *raw_to_final)
{
  StBuilderShard       *shard = self->shard;
  g_autoptr (GPtrArray) pending = NULL;
  g_autofree guint     *rank = NULL;
  Names                 names;

  names_init (&names, shard);
  pending = collect_pending (shard, &names, self, async_tracks, self->origin);
  st_builder_tracks_free (self);
  rank = order_processes (&names, shard->strings);
  trace->strings = shard->strings;
  assemble_tracks (trace, pending, &names, rank, raw_to_final);
  names_clear (&names);
}
