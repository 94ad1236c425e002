/* st-highlight-stack.c: regions at kernel-invocation boundaries, grouped by
 * the stack frame that launched them.
 *
 * A kernel's frame is found on its launching thread: the launch call (by
 * flow or correlation id), then the slices enclosing it — Python frames
 * when the thread has them, else the launch's own stack frame ("sf", into
 * the file's "stackFrames"), else any enclosing scope. Consecutive
 * kernels of one device track launched from the same frame instance (the
 * same call, not just the same name) make one region.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-event-scan.h"
#include "st-highlighter-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#define NO_FRAME     G_MAXUINT32
#define SF_FRAME     (G_MAXUINT32 - 1) /* index into Frames.sf_names */
#define MAX_SF_DEPTH 4096

/* Below this many device slices one thread finds the regions: a second
 * one costs more to start than it saves. */
#define MIN_SPLIT 16384

/* What the threads of a run share. */
typedef struct
{
  StHighlightJob *job;
  GPatternSpec   *frame; /* NULL: the innermost frame */
  gint       *python;    /* the trace's: per track, -1 unknown, else whether it has Python frames */
  gint        done;      /* tracks done, for the progress */
  GMutex      lock;      /* the stack frames below, and the job's made names */
  GPtrArray  *sf_roots;  /* per file of the profile: its "stackFrames" (JsonNode), or NULL */
  GHashTable *sf_index;  /* "file:frame id" → index + 1 in sf_names */
  GArray     *sf_names;  /* span names (guint32), made up */
} Frames;

/* One thread's tracks, and what it finds. Each thread writes its own for
 * every kernel: on a cache line of its own, or the two threads would take
 * the line from each other. */
typedef struct
{
  _Alignas(64) Frames *shared;
  StHighlightJob *job;
  guint8         *cache;   /* per name: whether the frame glob matches it */
  guint         **cursors; /* per track, per row: a hint for enclosing_in_row (), or NULL */
  GArray         *kernels; /* Kernel, of the track at hand */
  GArray         *spans;   /* StHighlightSpan, where this thread adds them */
  guint           n_spans; /* its length, set in the array after each track */
  guint           first_track;
  guint           end_track;
  guint           n_kernels;
  guint           n_launched;
} Stack;

typedef struct
{
  gint64     start;
  gint64     end;
  StSliceRef frame;
} Run;

typedef struct
{
  gint64 start;
  guint  index;
} Kernel;

ST_DEFINE_SORT (sort_kernels,
                Kernel,
                a->start != b->start ? a->start < b->start : a->index < b->index)

/* Which tracks have Python frames is kept with the trace: a launching
 * thread without them is scanned whole to find out, and every run asks. */
static gpointer
python_tracks_new (StTrace *trace, GCancellable *cancellable)
{
  guint n_tracks = st_trace_get_n_tracks (trace);
  gint *python = g_new (gint, MAX (1, n_tracks));

  for (guint t = 0; t < n_tracks; t++)
    python[t] = -1;
  return python;
}

/* Runs on other threads may ask at the same time: the answer is the same
 * whoever finds it. */
static gboolean
track_has_python (Stack *s, guint t)
{
  gint python = g_atomic_int_get (&s->shared->python[t]);

  if (python < 0)
    {
      const StTrack *track = st_trace_get_track (s->job->trace, t);

      python = FALSE;
      for (guint i = 0; i < track->n_slices && !python; i++)
        python = st_event_classifier_work (s->job->classes, &track->slices[i]) == ST_WORK_PYTHON;
      g_atomic_int_set (&s->shared->python[t], python);
    }
  return python;
}

/* The last slice of @row found for each track and row, as a hint: the
 * kernels of a device track come in start order, and so, mostly, do the
 * calls that launched them, so the next answer is close after the last. */
static guint *
cursors_of (Stack *s, const StTrack *track, guint t)
{
  if (s->cursors[t] == NULL)
    {
      s->cursors[t] = g_new (guint, MAX (1, track->n_rows));
      for (guint r = 0; r < track->n_rows; r++)
        s->cursors[t][r] = track->row_offsets[r];
    }
  return s->cursors[t];
}

/* The slice of @row that contains @time, or G_MAXUINT: the last slice that
 * starts at or before @time, searched forward from the hint when the hint
 * starts at or before @time too, else over the whole row. */
static guint
enclosing_in_row (const StTrack *track, guint row, gint64 time, guint *hint)
{
  guint first = track->row_offsets[row], end = track->row_offsets[row + 1];
  guint lo = first, hi = end;

  if (first == end)
    return G_MAXUINT;
  if (track->slices[*hint].start <= time)
    {
      guint at = *hint, step = 1;

      while (at + step < end && track->slices[at + step].start <= time)
        {
          at += step;
          step *= 2;
        }
      lo = at + 1;
      hi = MIN (at + step, end);
    }
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (track->slices[mid].start <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == first)
    return G_MAXUINT;
  *hint = lo - 1;
  if (track->slices[lo - 1].start + track->slices[lo - 1].dur < time)
    return G_MAXUINT;
  return lo - 1;
}

static gboolean
frame_qualifies (Stack *s, gboolean python, const StSlice *slice)
{
  if (python && st_event_classifier_work (s->job->classes, slice) != ST_WORK_PYTHON)
    return FALSE;
  return s->shared->frame == NULL
         || st_highlight_name_matches (s->job, s->shared->frame, s->cache, slice->name);
}

static void
free_root (gpointer root)
{
  if (root != NULL)
    json_node_unref (root);
}

static void
load_stack_frames (Frames *s)
{
  guint n_files = MAX (1, st_trace_get_n_files (s->job->trace));

  s->sf_index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s->sf_names = g_array_new (FALSE, FALSE, sizeof (guint32));
  s->sf_roots = g_ptr_array_new_with_free_func (free_root);
  for (guint f = 0; f < n_files; f++)
    {
      JsonNode *root = st_trace_dup_file_metadata (s->job->trace, f, "stackFrames", NULL);

      if (root != NULL && !JSON_NODE_HOLDS_OBJECT (root))
        g_clear_pointer (&root, json_node_unref);
      g_ptr_array_add (s->sf_roots, root);
    }
}

static JsonObject *
stack_frames_of (Frames *s, guint file)
{
  JsonNode *root;

  if (s->sf_index == NULL)
    load_stack_frames (s);
  if (file >= s->sf_roots->len)
    return NULL;
  root = g_ptr_array_index (s->sf_roots, file);
  return root != NULL ? json_node_get_object (root) : NULL;
}

static const char *
sf_string (JsonObject *frame, const char *key, char buffer[32])
{
  JsonNode *node = json_object_get_member (frame, key);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  if (json_node_get_value_type (node) == G_TYPE_INT64)
    {
      g_snprintf (buffer, 32, "%" G_GINT64_FORMAT, json_node_get_int (node));
      return buffer;
    }
  return NULL;
}

/* The frame @first of @frames (those of @file), or the first frame out
 * from it whose name the glob matches. Frames are told apart by file and
 * id. Called with the lock held. */
static StSliceRef
sf_frame_of_id (Frames *s, JsonObject *frames, guint file, const char *first)
{
  g_autofree char *id = g_strdup (first);
  char             buffer[32];

  for (guint depth = 0; id != NULL && depth < MAX_SF_DEPTH; depth++)
    {
      JsonNode   *node = json_object_get_member (frames, id);
      JsonObject *frame
          = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name = frame != NULL ? sf_string (frame, "name", buffer) : NULL;

      if (name == NULL)
        break;
      if (s->frame == NULL || g_pattern_spec_match_string (s->frame, name))
        {
          g_autofree char *key = g_strdup_printf ("%u:%s", file, id);
          guint            index = GPOINTER_TO_UINT (g_hash_table_lookup (s->sf_index, key));

          if (index == 0)
            {
              guint32 made = st_highlight_job_make_name (s->job, name);

              g_array_append_val (s->sf_names, made);
              index = s->sf_names->len;
              g_hash_table_insert (s->sf_index, g_steal_pointer (&key), GUINT_TO_POINTER (index));
            }
          return (StSliceRef){ SF_FRAME, index - 1 };
        }
      g_free (id);
      id = g_strdup (sf_string (frame, "parent", buffer));
    }
  return (StSliceRef){ NO_FRAME, 0 };
}

/* The launch's "sf" frame (in its own file's "stackFrames"), or the first
 * frame out from it whose name the glob matches. */
static StSliceRef
sf_frame_of_launch (Frames *s, guint file, const StSlice *call)
{
  JsonObject      *frames;
  const char      *value;
  gsize            length;
  g_autofree char *id = NULL;
  StSliceRef       frame;

  g_mutex_lock (&s->lock);
  frames = stack_frames_of (s, file);
  g_mutex_unlock (&s->lock);
  if (frames == NULL
      || !st_event_scan_field (s->job->trace, call->offset, NULL, "sf", &value, &length))
    return (StSliceRef){ NO_FRAME, 0 };
  id = g_strndup (value, length);
  g_mutex_lock (&s->lock);
  frame = sf_frame_of_id (s, frames, file, id);
  g_mutex_unlock (&s->lock);
  return frame;
}

/* The chosen frame of the launch call @launch: walks out from the
 * innermost enclosing slice of its lane. */
static StSliceRef
frame_of_launch (Stack *s, StSliceRef launch)
{
  const StTrack *track = st_trace_get_track (s->job->trace, launch.track);
  const StSlice *call = &track->slices[launch.index];
  guint          row = call->depth, lane_top = 0;
  gboolean       python = track_has_python (s, launch.track);
  guint         *hints;

  if (!python)
    {
      StSliceRef sf = sf_frame_of_launch (s->shared, track->file, call);

      if (sf.track != NO_FRAME)
        return sf;
    }
  for (guint l = 0; l < track->n_lanes; l++)
    if (track->lane_rows[l] <= row)
      lane_top = track->lane_rows[l];
  hints = cursors_of (s, track, launch.track);
  while (row-- > lane_top)
    {
      guint index = enclosing_in_row (track, row, call->start, &hints[row]);

      if (index != G_MAXUINT && frame_qualifies (s, python, &track->slices[index]))
        return (StSliceRef){ launch.track, index };
    }
  return (StSliceRef){ NO_FRAME, 0 };
}

/* The kernels of device track @t in start order, in an array reused from
 * track to track (transfer none). */
static GArray *
kernels_of_track (Stack *s, guint t)
{
  const StTrack *track = st_trace_get_track (s->job->trace, t);
  GArray        *kernels = s->kernels;
  Kernel        *out;
  guint          n = 0;

  /* Sized for every slice, then written in place: a call per kernel to
   * append costs more than finding the kernel. */
  g_array_set_size (kernels, track->n_slices);
  out = (Kernel *)(void *)kernels->data;
  for (guint i = 0; i < track->n_slices; i++)
    if (st_event_classifier_work (s->job->classes, &track->slices[i]) == ST_WORK_KERNEL)
      out[n++] = (Kernel){ track->slices[i].start, i };
  g_array_set_size (kernels, n);
  sort_kernels (out, n, NULL);
  s->n_kernels += n;
  return kernels;
}

static void
add_span (Stack *s, gint64 start, gint64 end, guint32 name)
{
  /* Written in the room reserved: no call, and the array's own fields
   * (beside the other thread's data) not written for each span. */
  g_array_index (s->spans, StHighlightSpan, s->n_spans++) = (StHighlightSpan){ start, end, name };
}

static void
flush_run (Stack *s, Run *run)
{
  guint32 name;

  if (run->frame.track == NO_FRAME)
    return;
  if (run->frame.track == SF_FRAME)
    {
      g_mutex_lock (&s->shared->lock);
      name = g_array_index (s->shared->sf_names, guint32, run->frame.index);
      g_mutex_unlock (&s->shared->lock);
    }
  else
    name = st_trace_get_slice (s->job->trace, run->frame)->name;
  add_span (s, run->start, run->end, name);
  run->frame.track = NO_FRAME;
}

static void
kernel_regions (Stack *s, guint t)
{
  const StTrack *track = st_trace_get_track (s->job->trace, t);
  GArray        *kernels = kernels_of_track (s, t);

  for (guint k = 0; k < kernels->len; k++)
    {
      const StSlice *slice = &track->slices[g_array_index (kernels, Kernel, k).index];

      add_span (s, slice->start, slice->start + slice->dur, slice->name);
    }
}

static void
frame_regions (Stack *s, guint t)
{
  const StTrack *track = st_trace_get_track (s->job->trace, t);
  GArray        *kernels = kernels_of_track (s, t);
  StLaunchIndex *launches = st_highlight_job_get_launches (s->job);
  Run            run = { 0, 0, { NO_FRAME, 0 } };
  guint          n_launched = 0;

  for (guint k = 0; k < kernels->len; k++)
    {
      StSliceRef     ref = { t, g_array_index (kernels, Kernel, k).index }, host;
      const StSlice *slice = &track->slices[ref.index];
      StSliceRef     frame = { NO_FRAME, 0 };

      if (st_launch_index_get_launcher (launches, ref, &host))
        {
          n_launched++;
          frame = frame_of_launch (s, host);
        }
      if (run.frame.track != NO_FRAME && frame.track == run.frame.track
          && frame.index == run.frame.index)
        {
          run.end = MAX (run.end, slice->start + slice->dur);
          continue;
        }
      flush_run (s, &run);
      run = (Run){ slice->start, slice->start + slice->dur, frame };
    }
  flush_run (s, &run);
  s->n_launched += n_launched;
}

/* Joins neighbouring regions of one track with the same name whose gap is
 * at most merge_gap_ns (from @first on: the spans of this track). */
static void
merge_close (Stack *s, guint first)
{
  GArray *spans = s->spans;
  gint64  gap = s->job->config->merge_gap_ns;
  guint   n = first;

  if (gap <= 0)
    return;
  for (guint i = first; i < spans->len; i++)
    {
      StHighlightSpan *span = &g_array_index (spans, StHighlightSpan, i);
      StHighlightSpan *prev = n > first ? &g_array_index (spans, StHighlightSpan, n - 1) : NULL;

      if (prev != NULL && prev->name == span->name && span->start - prev->end <= gap)
        prev->end = MAX (prev->end, span->end);
      else
        g_array_index (spans, StHighlightSpan, n++) = *span;
    }
  g_array_set_size (spans, n);
}

/* Whether the method looks at track @t: a chosen device track. */
static gboolean
track_wanted (StHighlightJob *job, guint t)
{
  return st_highlight_job_track_selected (job, t)
         && st_device_work_get_track_device (job->work, t) >= 0;
}

/* The slices of the wanted tracks from @first to @end. */
static gsize
count_slices (StHighlightJob *job, guint first, guint end)
{
  gsize n = 0;

  for (guint t = first; t < end; t++)
    if (track_wanted (job, t))
      n += st_trace_get_track (job->trace, t)->n_slices;
  return n;
}

/* Where the second thread's tracks start: about half the slices before,
 * half after. The tracks' spans then come in track order however the
 * threads run. */
static guint
split_tracks (StHighlightJob *job)
{
  guint n_tracks = st_trace_get_n_tracks (job->trace);
  gsize total = count_slices (job, 0, n_tracks), before = 0;

  if (total < MIN_SPLIT)
    return n_tracks;
  for (guint t = 0; t < n_tracks; t++)
    {
      gsize here = track_wanted (job, t) ? st_trace_get_track (job->trace, t)->n_slices : 0;

      if (2 * (before + here) > total)
        return 2 * before + here > total ? t : t + 1;
      before += here;
    }
  return n_tracks;
}

static void
stack_init (Stack *s, Frames *shared, guint first_track, guint end_track, GArray *spans)
{
  guint n_tracks = st_trace_get_n_tracks (shared->job->trace);
  guint n_strings = st_trace_get_n_strings (shared->job->trace);
  gsize n = count_slices (shared->job, first_track, end_track);

  *s = (Stack){ .shared = shared,
                .job = shared->job,
                .spans = spans,
                .n_spans = spans->len,
                .first_track = first_track,
                .end_track = end_track };
  if (shared->frame != NULL)
    {
      s->cache = g_malloc (MAX (1, n_strings));
      memset (s->cache, 0xff, n_strings);
    }
  s->cursors = g_new0 (guint *, MAX (1, n_tracks));
  s->kernels = g_array_new (FALSE, FALSE, sizeof (Kernel));
  /* Room for a span per slice, at most one per kernel: the spans then
   * never move while they are added. */
  g_array_set_size (spans, spans->len + MIN (n, G_MAXUINT / 2));
  g_array_set_size (spans, spans->len - MIN (n, G_MAXUINT / 2));
}

static void
stack_clear (Stack *s)
{
  for (guint t = 0; t < st_trace_get_n_tracks (s->job->trace); t++)
    g_free (s->cursors[t]);
  g_free (s->cursors);
  g_free (s->cache);
  g_array_unref (s->kernels);
}

/* Finds the regions of the thread's tracks. The first thread (the one
 * the run was called on) tells the progress. */
static gpointer
stack_run (gpointer data)
{
  Stack          *s = data;
  StHighlightJob *job = s->job;
  gboolean        each_kernel = g_strcmp0 (job->config->frame, "kernel") == 0;
  guint           n_tracks = st_trace_get_n_tracks (job->trace);

  for (guint t = s->first_track; t < s->end_track && !st_highlight_job_cancelled (job); t++)
    {
      guint first = s->n_spans;

      if (s->first_track == 0)
        st_highlight_job_report (job, (double)g_atomic_int_get (&s->shared->done) / n_tracks);
      g_atomic_int_inc (&s->shared->done);
      if (!track_wanted (job, t))
        continue;
      if (each_kernel)
        kernel_regions (s, t);
      else
        frame_regions (s, t);
      g_array_set_size (s->spans, s->n_spans);
      merge_close (s, first);
      s->n_spans = s->spans->len;
    }
  return NULL;
}

static void
explain (StHighlightJob *job, guint n_kernels, guint n_launched)
{
  if (n_kernels == 0)
    st_highlight_job_explain (job, _ ("This profile has no device kernels on the chosen tracks, so "
                                      "there are no kernel invocations to group."));
  else if (n_launched == 0)
    st_highlight_job_explain (job,
                              _ ("This profile does not link its kernels to the host calls that "
                                 "launched them: no launch flows or correlation ids were found."));
  else if (job->config->frame != NULL)
    st_highlight_job_explain (
        job, _ ("No kernel was launched from inside a frame named like “%s”."), job->config->frame);
  else
    st_highlight_job_explain (job,
                              _ ("No kernel was launched from inside a stack frame: the launch "
                                 "calls have no enclosing Python frames, stack frames or scopes."));
}

/* The tracks are split between two threads, each adding the spans of its
 * own tracks; the second's come after the first's, in track order. */
void
st_highlight_stack (StHighlightJob *job)
{
  guint    n_tracks = st_trace_get_n_tracks (job->trace);
  guint    split = split_tracks (job);
  gboolean each_kernel = g_strcmp0 (job->config->frame, "kernel") == 0;
  Frames   shared = { job, NULL, NULL, 0 };
  Stack    s[2];
  GThread *thread = NULL;

  if (job->config->frame != NULL && !each_kernel)
    shared.frame = g_pattern_spec_new (job->config->frame);
  shared.python = st_trace_ensure_data (job->trace, "highlight-python-tracks", python_tracks_new,
                                        g_free, NULL);
  g_mutex_init (&shared.lock);
  stack_init (&s[0], &shared, 0, split, job->spans);
  stack_init (&s[1], &shared, split, n_tracks,
              g_array_new (FALSE, FALSE, sizeof (StHighlightSpan)));
  if (split < n_tracks)
    thread = g_thread_new ("strata-stack", stack_run, &s[1]);
  stack_run (&s[0]);
  if (thread != NULL)
    g_thread_join (thread);
  st_highlight_job_add_part (job, s[1].spans);
  if (st_highlight_job_count_spans (job) == 0)
    explain (job, s[0].n_kernels + s[1].n_kernels, s[0].n_launched + s[1].n_launched);
  for (guint i = 0; i < 2; i++)
    stack_clear (&s[i]);
  g_clear_pointer (&shared.frame, g_pattern_spec_free);
  g_mutex_clear (&shared.lock);
  g_clear_pointer (&shared.sf_roots, g_ptr_array_unref);
  g_clear_pointer (&shared.sf_index, g_hash_table_unref);
  g_clear_pointer (&shared.sf_names, g_array_unref);
}
