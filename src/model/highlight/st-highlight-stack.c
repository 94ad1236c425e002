/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* Which rows of each track have Python frames, kept with the trace: a
 * launch on a thread with Python frames looks for the innermost one
 * around it, and a row without any is passed without a search. */
typedef struct
{
  guint    n_tracks;
  guint8 **rows; /* per track, once known: a flag per row, then one for the track */
} PythonRows;

/* What the threads of a run share. */
typedef struct
{
  StHighlightJob *job;
  GPatternSpec   *frame;    /* NULL: the innermost frame */
  PythonRows     *python;   /* the trace's */
  gint            done;     /* tracks done, for the progress */
  GMutex          lock;     /* the stack frames below, and the job's made names */
  GPtrArray      *sf_roots; /* per file of the profile: its "stackFrames" (JsonNode), or NULL */
  GHashTable     *sf_index; /* "file:frame id" → index + 1 in sf_names */
  GArray         *sf_names; /* span names (guint32), made up */
} Frames;

/* A kernel's frame: a slice (its track and index), an "sf" frame (track
 * SF_FRAME, index into sf_names) or none (track NO_FRAME), with the name
 * its region takes. */
typedef struct
{
  StSliceRef ref;
  guint32    name;
} Frame;

/* What a thread knows of a launching thread's track, found on its first
 * launch. */
typedef struct
{
  const StTrack *track;        /* NULL: not looked at yet */
  guint         *hints;        /* per row: a hint for enclosing_in_row () */
  gboolean       python;       /* it has Python frames */
  const guint8  *python_rows;  /* per row: whether it has Python frames */
  gboolean       stack_frames; /* its file has "stackFrames" */
} Host;

/* The classes of slices by category, a few at a time: a thread asks for
 * the class of every device slice and of the slices around each launch,
 * and a profile has a handful of categories. */
#define N_WORKS 64

/* One thread's tracks, and what it finds. Each thread writes its own for
 * every kernel: on a cache line of its own, or the two threads would take
 * the line from each other. */
typedef struct
{
  _Alignas(64) Frames *shared;
  StHighlightJob *job;
  guint8         *cache;   /* per name: whether the frame glob matches it */
  Host           *hosts;   /* per track */
  GArray         *kernels; /* Kernel, of the track at hand, when its slices are not in order */
  GArray         *spans;   /* StHighlightSpan, where this thread adds them */
  guint           n_spans; /* its length, set in the array after each track */
  guint           first_track;
  guint           end_track;
  guint           n_kernels;
  guint           n_launched;
  StSliceRef      last_launch; /* and its frame: a graph launch launches many kernels */
  Frame           last_frame;
  StStringId      work_cats[N_WORKS];
  guint8          works[N_WORKS];
} Stack;

typedef struct
{
  gint64 start;
  gint64 end;
  Frame  frame;
} Run;

typedef struct
{
  gint64 start;
  guint  index;
} Kernel;

ST_DEFINE_SORT (sort_kernels,
                Kernel,
                a->start != b->start ? a->start < b->start : a->index < b->index)

/* The class of @slice, from its category. */
static inline StWorkKind
work_of (Stack *s, const StSlice *slice)
{
  guint at = slice->cat % N_WORKS;

  if (G_UNLIKELY (s->work_cats[at] != slice->cat))
    {
      s->work_cats[at] = slice->cat;
      s->works[at] = st_event_classifier_work (s->job->classes, slice);
    }
  return s->works[at];
}

static gpointer
python_rows_new (StTrace *trace, GCancellable *cancellable)
{
  PythonRows *p = g_new0 (PythonRows, 1);

  p->n_tracks = st_trace_get_n_tracks (trace);
  p->rows = g_new0 (guint8 *, MAX (1, p->n_tracks));
  return p;
}

static void
python_rows_free (gpointer data)
{
  PythonRows *p = data;

  for (guint t = 0; t < p->n_tracks; t++)
    g_free (p->rows[t]);
  g_free (p->rows);
  g_free (p);
}

/* The flags of track @t's rows, then the track's: found on first use,
 * each row read up to its first Python frame. Runs on other threads may
 * ask at the same time: the answer is the same whoever finds it, and the
 * first kept. */
static const guint8 *
python_rows_of (Stack *s, guint t)
{
  guint8        *rows = g_atomic_pointer_get (&s->shared->python->rows[t]);
  const StTrack *track;

  if (rows != NULL)
    return rows;
  track = st_trace_get_track (s->job->trace, t);
  rows = g_new0 (guint8, track->n_rows + 1);
  for (guint r = 0; r < track->n_rows; r++)
    {
      for (guint i = track->row_offsets[r]; i < track->row_offsets[r + 1] && !rows[r]; i++)
        rows[r] = work_of (s, &track->slices[i]) == ST_WORK_PYTHON;
      rows[track->n_rows] |= rows[r];
    }
  if (!g_atomic_pointer_compare_and_exchange (&s->shared->python->rows[t], NULL, rows))
    {
      g_free (rows);
      rows = g_atomic_pointer_get (&s->shared->python->rows[t]);
    }
  return rows;
}

static JsonObject *stack_frames_of (Frames *s, guint file);

/* What the thread knows of launching track @t. The hints start at each
 * row's first slice: the kernels of a device track come in start order,
 * and so, mostly, do the calls that launched them, so the next answer is
 * close after the last. */
static Host *
host_of (Stack *s, guint t)
{
  Host *host = &s->hosts[t];

  if (G_UNLIKELY (host->track == NULL))
    {
      const StTrack *track = st_trace_get_track (s->job->trace, t);

      host->hints = g_new (guint, MAX (1, track->n_rows));
      for (guint r = 0; r < track->n_rows; r++)
        host->hints[r] = track->row_offsets[r];
      host->python_rows = python_rows_of (s, t);
      host->python = host->python_rows[track->n_rows];
      g_mutex_lock (&s->shared->lock);
      host->stack_frames = stack_frames_of (s->shared, track->file) != NULL;
      g_mutex_unlock (&s->shared->lock);
      host->track = track;
    }
  return host;
}

/* The last slice of [@first, @end) that starts at or before @time, or
 * G_MAXUINT: searched forward from @at when @at starts at or before @time
 * too, else over the whole row. */
static G_GNUC_NO_INLINE guint
last_starting_by (const StSlice *slices, guint first, guint end, gint64 time, guint at)
{
  guint lo = first, hi = end;

  if (slices[at].start <= time)
    {
      guint step = 1;

      while (at + step < end && slices[at + step].start <= time)
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

      if (slices[mid].start <= time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo == first ? G_MAXUINT : lo - 1;
}

/* The slice of @row that contains @time, or G_MAXUINT. Mostly the hint is
 * the answer, or the slice after it. */
static inline guint
enclosing_in_row (const StTrack *track, guint row, gint64 time, guint *hint)
{
  const StSlice *slices = track->slices;
  guint          first = track->row_offsets[row], end = track->row_offsets[row + 1];
  guint          at = *hint;

  if (first == end)
    return G_MAXUINT;
  if (G_LIKELY (slices[at].start <= time))
    {
      if (at + 1 < end && slices[at + 1].start <= time)
        at = at + 2 < end && slices[at + 2].start <= time
                 ? last_starting_by (slices, first, end, time, at + 2)
                 : at + 1;
    }
  else
    {
      at = last_starting_by (slices, first, end, time, at);
      if (at == G_MAXUINT)
        return G_MAXUINT;
    }
  *hint = at;
  if (slices[at].start + slices[at].dur < time)
    return G_MAXUINT;
  return at;
}

static gboolean
frame_qualifies (Stack *s, gboolean python, const StSlice *slice)
{
  if (python && work_of (s, slice) != ST_WORK_PYTHON)
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
static Frame
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
          return (Frame){ { SF_FRAME, index - 1 },
                          g_array_index (s->sf_names, guint32, index - 1) };
        }
      g_free (id);
      id = g_strdup (sf_string (frame, "parent", buffer));
    }
  return (Frame){ { NO_FRAME, 0 }, 0 };
}

/* The launch's "sf" frame (in its own file's "stackFrames"), or the first
 * frame out from it whose name the glob matches. */
static Frame
sf_frame_of_launch (Frames *s, guint file, const StSlice *call)
{
  JsonObject      *frames;
  const char      *value;
  gsize            length;
  g_autofree char *id = NULL;
  Frame            frame;

  g_mutex_lock (&s->lock);
  frames = stack_frames_of (s, file);
  g_mutex_unlock (&s->lock);
  if (frames == NULL
      || !st_event_scan_field (s->job->trace, call->offset, NULL, "sf", &value, &length))
    return (Frame){ { NO_FRAME, 0 }, 0 };
  id = g_strndup (value, length);
  g_mutex_lock (&s->lock);
  frame = sf_frame_of_id (s, frames, file, id);
  g_mutex_unlock (&s->lock);
  return frame;
}

/* The chosen frame of the launch call @launch: walks out from the
 * innermost enclosing slice of its lane. */
static Frame
frame_of_launch (Stack *s, StSliceRef launch)
{
  Host          *host = host_of (s, launch.track);
  const StTrack *track = host->track;
  const StSlice *call = &track->slices[launch.index];
  guint          row = call->depth, lane_top = 0;

  if (!host->python && host->stack_frames)
    {
      Frame sf = sf_frame_of_launch (s->shared, track->file, call);

      if (sf.ref.track != NO_FRAME)
        return sf;
    }
  for (guint l = 1; l < track->n_lanes; l++)
    if (track->lane_rows[l] <= row)
      lane_top = track->lane_rows[l];
  while (row-- > lane_top)
    {
      guint index;

      if (host->python && !host->python_rows[row])
        continue;
      index = enclosing_in_row (track, row, call->start, &host->hints[row]);

      if (index != G_MAXUINT && frame_qualifies (s, host->python, &track->slices[index]))
        return (Frame){ { launch.track, index }, track->slices[index].name };
    }
  return (Frame){ { NO_FRAME, 0 }, 0 };
}

/* The kernels of a device track in start order. A device track's kernels
 * are mostly in one row (the rows above hold annotations around them):
 * that row's slices are then read as they are, in start order, else a
 * list is made and sorted, in an array reused from track to track. */
typedef struct
{
  const StSlice *slices;
  guint          end;  /* of the row read */
  const Kernel  *list; /* NULL: the row's slices */
  guint          n;
  guint          at;
} Kernels;

/* The one row of @track with kernels, or G_MAXUINT when there are more;
 * with none, the first. A row is read up to its first kernel. */
static guint
kernel_row (Stack *s, const StTrack *track)
{
  guint found = G_MAXUINT;

  for (guint r = 0; r < track->n_rows; r++)
    for (guint i = track->row_offsets[r]; i < track->row_offsets[r + 1]; i++)
      if (work_of (s, &track->slices[i]) == ST_WORK_KERNEL)
        {
          if (found != G_MAXUINT)
            return G_MAXUINT;
          found = r;
          break;
        }
  return found == G_MAXUINT ? 0 : found;
}

static void
kernels_init (Stack *s, Kernels *k, const StTrack *track)
{
  guint   row = track->n_rows > 0 ? kernel_row (s, track) : G_MAXUINT;
  Kernel *out;

  *k = (Kernels){ track->slices, 0, NULL, 0, 0 };
  if (track->n_rows == 0)
    return;
  if (row != G_MAXUINT)
    {
      k->at = track->row_offsets[row];
      k->end = track->row_offsets[row + 1];
      return;
    }
  /* Sized for every slice, then written in place: a call per kernel to
   * append costs more than finding the kernel. */
  g_array_set_size (s->kernels, track->n_slices);
  out = (Kernel *)(void *)s->kernels->data;
  for (guint i = 0; i < track->n_slices; i++)
    if (work_of (s, &track->slices[i]) == ST_WORK_KERNEL)
      out[k->n++] = (Kernel){ track->slices[i].start, i };
  sort_kernels (out, k->n, NULL);
  k->list = out;
}

/* The index of the next kernel in @k, or G_MAXUINT after the last. */
static inline guint
kernels_next (Stack *s, Kernels *k)
{
  if (k->list != NULL)
    return k->at < k->n ? k->list[k->at++].index : G_MAXUINT;
  while (k->at < k->end)
    if (work_of (s, &k->slices[k->at++]) == ST_WORK_KERNEL)
      return k->at - 1;
  return G_MAXUINT;
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
  if (run->frame.ref.track == NO_FRAME)
    return;
  add_span (s, run->start, run->end, run->frame.name);
  run->frame.ref.track = NO_FRAME;
}

static void
kernel_regions (Stack *s, guint t)
{
  Kernels k;

  kernels_init (s, &k, st_trace_get_track (s->job->trace, t));
  for (guint i; (i = kernels_next (s, &k)) != G_MAXUINT; s->n_kernels++)
    add_span (s, k.slices[i].start, k.slices[i].start + k.slices[i].dur, k.slices[i].name);
}

/* The frame of the launch call @host, the last one's when it launched
 * the kernel before as well. */
static inline Frame
frame_of_host (Stack *s, StSliceRef host)
{
  if (host.track != s->last_launch.track || host.index != s->last_launch.index)
    {
      s->last_frame = frame_of_launch (s, host);
      s->last_launch = host;
    }
  return s->last_frame;
}

static void
frame_regions (Stack *s, guint t)
{
  const StSliceRef *launchers
      = st_launch_index_get_launchers (st_highlight_job_get_launches (s->job), t);
  Run     run = { 0, 0, { { NO_FRAME, 0 }, 0 } };
  guint   n_launched = 0;
  Kernels k;

  kernels_init (s, &k, st_trace_get_track (s->job->trace, t));
  for (guint i; (i = kernels_next (s, &k)) != G_MAXUINT; s->n_kernels++)
    {
      const StSlice *slice = &k.slices[i];
      Frame          frame = { { NO_FRAME, 0 }, 0 };

      if (launchers != NULL && launchers[i].track != ST_LAUNCH_NONE)
        {
          n_launched++;
          frame = frame_of_host (s, launchers[i]);
        }
      if (run.frame.ref.track != NO_FRAME && frame.ref.track == run.frame.ref.track
          && frame.ref.index == run.frame.ref.index)
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
  s->hosts = g_new0 (Host, MAX (1, n_tracks));
  s->last_launch = (StSliceRef){ ST_LAUNCH_NONE, 0 };
  memset (s->work_cats, 0xff, sizeof s->work_cats);
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
    g_free (s->hosts[t].hints);
  g_free (s->hosts);
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
  shared.python = st_trace_ensure_data (job->trace, "highlight-python-rows", python_rows_new,
                                        python_rows_free, NULL);
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
