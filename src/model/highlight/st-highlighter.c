/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-highlighter-private.h"
#include "st-format.h"
#include "st-region-array.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define UNKNOWN 0xff

ST_DEFINE_SORT (sort_spans,
                StHighlightSpan,
                a->start != b->start ? a->start < b->start : a->end < b->end)

static gboolean
glob_matches_track (StHighlightJob *job, guint index)
{
  const StTrack   *track = st_trace_get_track (job->trace, index);
  const char      *name = st_trace_get_string (job->trace, track->name);
  const StProcess *process;
  g_autofree char *title = NULL;
  const char      *owners[3];

  if (track->process == ST_NO_PROCESS)
    return g_pattern_spec_match_string (job->tracks, name);
  process = st_trace_get_process (job->trace, track->process);
  title = st_trace_dup_process_title (job->trace, track->process);
  owners[0] = st_trace_get_string (job->trace, process->name);
  owners[1] = st_trace_get_string (job->trace, process->pid);
  owners[2] = title;
  for (guint i = 0; i < G_N_ELEMENTS (owners); i++)
    {
      g_autofree char *path = g_strconcat (owners[i], "/", name, NULL);

      if (*owners[i] != '\0' && g_pattern_spec_match_string (job->tracks, path))
        return TRUE;
    }
  return FALSE;
}

/* "process/track", where the process is its name, its pid or its title
 * ("python3 · rank 0 · pid 1000"): any of them may match. */
gboolean
st_highlight_job_track_selected (StHighlightJob *job, guint track)
{
  if (job->tracks == NULL)
    return TRUE;
  if (job->selected[track] == UNKNOWN)
    job->selected[track] = glob_matches_track (job, track);
  return job->selected[track];
}

StLaunchIndex *
st_highlight_job_get_launches (StHighlightJob *job)
{
  return st_device_work_get_launches (job->work);
}

/* A name made up for a span, kept once however many spans carry it. */
guint32
st_highlight_job_make_name (StHighlightJob *job, const char *name)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (job->made_ids, name));

  if (index == 0)
    {
      char *copy = g_string_chunk_insert (job->made_chunk, name);

      g_ptr_array_add (job->made, copy);
      index = job->made->len;
      g_hash_table_insert (job->made_ids, copy, GUINT_TO_POINTER (index));
    }
  return ST_HIGHLIGHT_MADE_NAME | (index - 1);
}

void
st_highlight_job_add (StHighlightJob *job, gint64 start, gint64 end, const char *name)
{
  StHighlightSpan span = { start, end, st_highlight_job_make_name (job, name) };

  g_array_append_val (job->spans, span);
}

void
st_highlight_job_add_part (StHighlightJob *job, GArray *spans)
{
  g_ptr_array_add (job->parts, spans);
}

void
st_highlight_job_add_named (StHighlightJob *job, gint64 start, gint64 end, StStringId name)
{
  GArray *spans = job->spans;

  g_assert (!(name & ST_HIGHLIGHT_MADE_NAME));
  /* Set, not appended: a million spans, each one memcpy call less. */
  g_array_set_size (spans, spans->len + 1);
  g_array_index (spans, StHighlightSpan, spans->len - 1) = (StHighlightSpan){ start, end, name };
}

void
st_highlight_job_explain (StHighlightJob *job, const char *format, ...)
{
  va_list args;

  g_free (job->explanation);
  va_start (args, format);
  job->explanation = g_strdup_vprintf (format, args);
  va_end (args);
}

void
st_highlight_job_report (StHighlightJob *job, double fraction)
{
  if (job->progress != NULL)
    job->progress (CLAMP (fraction, 0.0, 1.0), job->progress_data);
}

gboolean
st_highlight_job_cancelled (StHighlightJob *job)
{
  return g_cancellable_is_cancelled (job->cancellable);
}

gboolean
st_highlight_name_matches (StHighlightJob *job,
                           GPatternSpec   *pattern,
                           guint8         *cache,
                           StStringId      name)
{
  if (cache[name] == UNKNOWN)
    cache[name] = g_pattern_spec_match_string (pattern, st_trace_get_string (job->trace, name));
  return cache[name];
}

static const char *
span_name (StHighlightJob *job, guint32 name)
{
  if (name & ST_HIGHLIGHT_MADE_NAME)
    return g_ptr_array_index (job->made, name & ~ST_HIGHLIGHT_MADE_NAME);
  return st_trace_get_string (job->trace, name);
}

/* Where a span's name is counted, in one array: the trace's names by id,
 * then the names made up. Kernel names run long, and there are a million
 * spans: no string is hashed or compared here. */
static guint
name_slot (StHighlightJob *job, guint32 name)
{
  if (name & ST_HIGHLIGHT_MADE_NAME)
    return st_trace_get_n_strings (job->trace) + (name & ~ST_HIGHLIGHT_MADE_NAME);
  return name;
}

/* The span name counted at @slot. */
static guint32
slot_name (StHighlightJob *job, guint slot)
{
  guint n_strings = st_trace_get_n_strings (job->trace);

  return slot < n_strings ? slot : ST_HIGHLIGHT_MADE_NAME | (slot - n_strings);
}

/* The spans in order: the job's, then each part's. */
static GArray *
part_at (StHighlightJob *job, guint index)
{
  return index == 0 ? job->spans : g_ptr_array_index (job->parts, index - 1);
}

static guint
n_parts (StHighlightJob *job)
{
  return 1 + job->parts->len;
}

guint
st_highlight_job_count_spans (StHighlightJob *job)
{
  guint n = 0;

  for (guint p = 0; p < n_parts (job); p++)
    n += part_at (job, p)->len;
  return n;
}

/* The methods add spans a track at a time, each track's mostly in order:
 * the runs already in (start, end) order are merged straight into the
 * regions, with no sort and no copy between. Past this many runs the
 * spans are sorted first. */
#define MAX_RUNS 64

/* Below this many spans one thread fills the regions: a second one costs
 * more to start than it saves. */
#define MIN_SPLIT 16384

typedef struct
{
  const StHighlightSpan *next;
  const StHighlightSpan *end;
} SpanRun;

/* The runs of the spans in order, each in (start, end) order. */
typedef struct
{
  SpanRun runs[MAX_RUNS];
  guint   n_runs;
} Runs;

/* One thread's share of the regions: from each run, the spans that start
 * before (or from) the split time, merged into the regions from @position
 * on. */
typedef struct
{
  _Alignas(64) StHighlightJob *job; /* on lines of its own: the other thread's is beside it */
  StRegionArray *regions;
  guint          position;
  SpanRun        runs[MAX_RUNS];
  guint          n_runs;
  guint         *numbers; /* per name slot: the half's count, then the number given last */
  GArray        *seen;    /* the name slots of the half, in the order it meets them */
  const guint   *counts;  /* per name slot: how many regions carry it */
  const guint32 *names;   /* per name slot: its id in the regions */
} Merge;

/* One part of the spans on its way to the merge: the spans shorter than
 * the minimum duration dropped, keeping the order, and where each run
 * starts found, in one pass. */
typedef struct
{
  GArray *part;
  gint64  min;
  guint   n_found; /* its spans before */
  guint   n_runs;  /* MAX_RUNS + 1: more than the merge takes */
  guint   starts[MAX_RUNS + 1];
} Part;

static inline void
note_run (Part *p, guint start)
{
  if (p->n_runs <= MAX_RUNS)
    p->starts[p->n_runs++] = start;
}

static void
prepare_part (Part *p)
{
  StHighlightSpan *spans = (StHighlightSpan *)(void *)p->part->data;
  guint            n = p->part->len, i, kept;

  p->n_found = n;
  /* Mostly every span is kept: none is moved before the first dropped. */
  for (i = 0; i < n && spans[i].end - spans[i].start >= p->min; i++)
    if (i == 0 || sort_spans_before (&spans[i], &spans[i - 1]))
      note_run (p, i);
  for (kept = i; i < n; i++)
    if (spans[i].end - spans[i].start >= p->min)
      {
        if (kept == 0 || sort_spans_before (&spans[i], &spans[kept - 1]))
          note_run (p, kept);
        spans[kept++] = spans[i];
      }
  g_array_set_size (p->part, kept);
}

/* Prepares the parts after the first. */
static gpointer
prepare_later_parts (gpointer data)
{
  Part *parts = data;

  for (guint i = 1; parts[i].part != NULL; i++)
    prepare_part (&parts[i]);
  return NULL;
}

/* Sorts every span into one run: too many to merge. */
static void
sort_into_one (StHighlightJob *job, Runs *runs)
{
  for (guint q = 1; q < n_parts (job); q++)
    g_array_append_vals (job->spans, part_at (job, q)->data, part_at (job, q)->len);
  g_ptr_array_set_size (job->parts, 0);
  sort_spans ((StHighlightSpan *)(void *)job->spans->data, job->spans->len, NULL);
  runs->runs[0].next = (const StHighlightSpan *)(const void *)job->spans->data;
  runs->runs[0].end = runs->runs[0].next + job->spans->len;
  runs->n_runs = 1;
}

static void
explain_too_short (StHighlightJob *job, const Part *parts)
{
  guint            n = 0;
  g_autofree char *min = NULL;

  for (guint i = 0; parts[i].part != NULL; i++)
    {
      if (parts[i].part->len > 0)
        return;
      n += parts[i].n_found;
    }
  if (n == 0 || job->config->min_duration_ns <= 0)
    return;
  min = st_format_duration (job->config->min_duration_ns);
  st_highlight_job_explain (
      job, _ ("All %u regions found are shorter than the minimum duration (%s)."), n, min);
}

/* Drops the spans shorter than the minimum duration and finds the runs,
 * the later parts (another thread's spans) on a second thread; sorts the
 * spans into one run when there are too many. */
static void
find_runs (StHighlightJob *job, Runs *runs)
{
  guint            n = n_parts (job);
  g_autofree Part *parts = g_new0 (Part, n + 1);
  GThread         *thread = NULL;

  for (guint i = 0; i < n; i++)
    parts[i] = (Part){ part_at (job, i), MAX (job->config->min_duration_ns, 1), 0, 0, { 0 } };
  if (n > 1 && part_at (job, 1)->len >= MIN_SPLIT)
    thread = g_thread_new ("strata-regions", prepare_later_parts, parts);
  else
    prepare_later_parts (parts);
  prepare_part (&parts[0]);
  if (thread != NULL)
    g_thread_join (thread);
  explain_too_short (job, parts);
  runs->n_runs = 0;
  for (guint i = 0; i < n; i++)
    {
      const StHighlightSpan *spans = (const StHighlightSpan *)(const void *)parts[i].part->data;

      if (runs->n_runs + parts[i].n_runs > MAX_RUNS)
        {
          sort_into_one (job, runs);
          return;
        }
      for (guint r = 0; r < parts[i].n_runs; r++)
        runs->runs[runs->n_runs++] = (SpanRun){
          spans + parts[i].starts[r],
          spans + (r + 1 < parts[i].n_runs ? parts[i].starts[r + 1] : parts[i].part->len)
        };
    }
}

static const StHighlightSpan *
first_from (const SpanRun *run, gint64 time)
{
  const StHighlightSpan *lo = run->next, *hi = run->end;

  while (lo < hi)
    {
      const StHighlightSpan *mid = lo + (hi - lo) / 2;

      if (mid->start < time)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static guint
count_before (const Runs *runs, gint64 time)
{
  guint n = 0;

  for (guint r = 0; r < runs->n_runs; r++)
    n += first_from (&runs->runs[r], time) - runs->runs[r].next;
  return n;
}

/* The time that splits the spans into halves: about half of them start
 * before it. */
static gint64
split_time (const Runs *runs, guint n)
{
  gint64 lo = G_MAXINT64, hi = G_MININT64;

  for (guint r = 0; r < runs->n_runs; r++)
    {
      lo = MIN (lo, runs->runs[r].next->start);
      hi = MAX (hi, (runs->runs[r].end - 1)->start);
    }
  while (lo < hi)
    {
      gint64 mid = lo + (gint64)(((guint64)hi - (guint64)lo) / 2);

      if (count_before (runs, mid) >= n / 2)
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

/* The runs' first spans, by run: their bounds side by side, so that the
 * merge compares without following pointers. */
typedef struct
{
  gint64  start[MAX_RUNS];
  gint64  end[MAX_RUNS];
  guint32 tag[MAX_RUNS]; /* the run's index, with DONE once it is merged to its end */
} Heads;

/* A run merged to its end comes after every other: its bounds are the
 * largest, and it loses a tie with a run that has spans left. */
#define DONE 0x80000000u

/* Equal spans come in the order they were added: the earlier run first.
 * Which run comes first is as good as random, and the merge asks once per
 * level of the tree for each of a million spans: the answer is a
 * comparison, not a branch, and only a tie on the start (rare) takes the
 * longer way. */
static inline gboolean
head_before (const Heads *h, guint a, guint b)
{
  if (G_LIKELY (h->start[a] != h->start[b]))
    return h->start[a] < h->start[b];
  return (h->end[a] < h->end[b]) | ((h->end[a] == h->end[b]) & (h->tag[a] < h->tag[b]));
}

static inline void
head_set (Heads *h, const SpanRun *run, guint r)
{
  gboolean done = run->next == run->end;

  h->start[r] = done ? G_MAXINT64 : run->next->start;
  h->end[r] = done ? G_MAXINT64 : run->next->end;
  h->tag[r] = done ? DONE | r : r;
}

/* The winner of the subtree under @node of a tournament over @width
 * leaves (runs), each inner node keeping the loser of its match. */
static guint
play (const Heads *h, guint *losers, guint width, guint node)
{
  guint a, b;

  if (node >= width)
    return node - width;
  a = play (h, losers, width, 2 * node);
  b = play (h, losers, width, 2 * node + 1);
  losers[node] = head_before (h, a, b) ? b : a;
  return head_before (h, a, b) ? a : b;
}

/* The next winner, once @winner's run has its next span in front: one
 * match per level, from its leaf up. */
static inline guint
replay (const Heads *h, guint *losers, guint width, guint winner)
{
  for (guint node = (winner + width) / 2; node > 0; node /= 2)
    {
      guint    other = losers[node];
      gboolean swap = head_before (h, other, winner);

      losers[node] = swap ? winner : other;
      winner = swap ? other : winner;
    }
  return winner;
}

/* Regions are handed to the array this many at a time. */
#define FILL_BATCH 256

/* Merges the runs into the regions, numbering repeated names in start
 * order: "MLP (1)", "MLP (2)". Runs on its own thread. A tournament tree
 * replays one match per level for each span. */
static gpointer
merge_runs (gpointer data)
{
  Merge       *m = data;
  Heads        h;
  guint        losers[MAX_RUNS], width = 1, winner, left = 0, position = m->position;
  StRegionFill fill[FILL_BATCH];

  while (width < m->n_runs)
    width *= 2;
  for (guint r = 0; r < width; r++)
    {
      if (r >= m->n_runs)
        m->runs[r] = (SpanRun){ NULL, NULL };
      head_set (&h, &m->runs[r], r);
      left += m->runs[r].end - m->runs[r].next;
    }
  winner = play (&h, losers, width, 1);
  while (left > 0)
    {
      guint batch = MIN (left, FILL_BATCH);

      for (guint i = 0; i < batch; i++)
        {
          const StHighlightSpan *span = m->runs[winner].next++;
          guint                  slot = name_slot (m->job, span->name);

          ++m->numbers[slot];
          fill[i] = (StRegionFill){ span->start, span->end, m->names[slot],
                                    m->counts[slot] > 1 ? m->numbers[slot] : 0 };
          head_set (&h, &m->runs[winner], winner);
          winner = replay (&h, losers, width, winner);
        }
      st_region_array_set (m->regions, position, fill, batch, m->job->config->method);
      position += batch;
      left -= batch;
    }
  return NULL;
}

/* Counts each name of the half, noting the names in the order it meets
 * them. The two halves count at once, each on its thread. */
static gpointer
count_half (gpointer data)
{
  Merge *m = data;

  for (guint r = 0; r < m->n_runs; r++)
    for (const StHighlightSpan *span = m->runs[r].next; span < m->runs[r].end; span++)
      {
        guint slot = name_slot (m->job, span->name);

        if (m->numbers[slot]++ == 0)
          g_array_append_val (m->seen, slot);
      }
  return NULL;
}

/* From the halves' counts: each name's count in all, its id in the regions
 * (interned once), and where each half's numbers start (the second's
 * after the first's). */
static void
count_names (StHighlightJob *job, Merge *m, guint *counts, guint32 *names)
{
  for (guint half = 0; half < 2; half++)
    for (guint i = 0; i < m[half].seen->len; i++)
      {
        guint slot = g_array_index (m[half].seen, guint, i);

        if (counts[slot] == 0)
          names[slot] = st_region_array_intern (m->regions, span_name (job, slot_name (job, slot)));
        counts[slot] += m[half].numbers[slot];
      }
  for (guint i = 0; i < m[1].seen->len; i++)
    {
      guint slot = g_array_index (m[1].seen, guint, i);

      m[1].numbers[slot] = m[0].numbers[slot];
    }
  for (guint i = 0; i < m[0].seen->len; i++)
    m[0].numbers[g_array_index (m[0].seen, guint, i)] = 0;
}

/* Runs @func on @m[0] here and on @m[1] on a second thread when it has
 * spans to work on. */
static void
on_both_halves (GThreadFunc func, Merge *m, guint n)
{
  GThread *thread = NULL;

  if (m[1].position < n)
    thread = g_thread_new ("strata-regions", func, &m[1]);
  else
    func (&m[1]);
  func (&m[0]);
  if (thread != NULL)
    g_thread_join (thread);
}

/* Where the runs part between the halves: at the time that splits the
 * spans into halves, or all in the first below MIN_SPLIT spans. */
static void
split_runs (Runs *runs, Merge *m, guint n)
{
  gint64 split = n >= MIN_SPLIT ? split_time (runs, n) : G_MAXINT64;

  for (guint r = 0; r < runs->n_runs; r++)
    {
      const StHighlightSpan *from
          = n >= MIN_SPLIT ? first_from (&runs->runs[r], split) : runs->runs[r].end;

      m[0].runs[r] = (SpanRun){ runs->runs[r].next, from };
      m[1].runs[r] = (SpanRun){ from, runs->runs[r].end };
      m[1].position += from - runs->runs[r].next;
    }
}

/* The regions in start order, each name interned once (through a map from
 * where it is counted to the array's ids), repeated names numbered in
 * start order. A million spans are counted and merged on two threads,
 * each its own half of the regions. */
static StRegionArray *
make_regions (StHighlightJob *job)
{
  guint               n_slots = st_trace_get_n_strings (job->trace) + job->made->len + 1;
  g_autofree guint   *counts = g_new0 (guint, n_slots);
  g_autofree guint   *numbers = g_new0 (guint, 2 * n_slots);
  g_autofree guint32 *names = g_new0 (guint32, n_slots);
  guint               n;
  Runs                runs;
  Merge               m[2];

  find_runs (job, &runs);
  n = st_highlight_job_count_spans (job);
  for (guint h = 0; h < 2; h++)
    m[h] = (Merge){ job,
                    NULL,
                    0,
                    { { 0 } },
                    runs.n_runs,
                    numbers + h * n_slots,
                    g_array_new (FALSE, FALSE, sizeof (guint)),
                    counts,
                    names };
  m[0].regions = m[1].regions = st_region_array_new_sized (n);
  split_runs (&runs, m, n);
  on_both_halves (count_half, m, n);
  count_names (job, m, counts, names);
  st_region_array_grow (m[0].regions, n);
  on_both_halves (merge_runs, m, n);
  /* in (start, end) order within each half, the second's after the
   * first's, the ids in the order of the positions */
  st_region_array_set_ordered (m[0].regions);
  for (guint h = 0; h < 2; h++)
    g_array_unref (m[h].seen);
  return m[0].regions;
}

static void
run_method (StHighlightJob *job)
{
  switch (job->config->method)
    {
    case ST_REGION_COLLECTIVES: st_highlight_collectives (job); break;
    case ST_REGION_HIERARCHY: st_highlight_hierarchy (job); break;
    case ST_REGION_STACK: st_highlight_stack (job); break;
    case ST_REGION_MANUAL:
    default: g_assert_not_reached ();
    }
}

static void
job_clear (StHighlightJob *job)
{
  g_clear_pointer (&job->tracks, g_pattern_spec_free);
  g_clear_pointer (&job->selected, g_free);
  g_clear_pointer (&job->spans, g_array_unref);
  g_clear_pointer (&job->parts, g_ptr_array_unref);
  g_clear_pointer (&job->made_ids, g_hash_table_unref);
  g_clear_pointer (&job->made, g_ptr_array_unref);
  g_clear_pointer (&job->made_chunk, g_string_chunk_free);
  g_clear_pointer (&job->explanation, g_free);
}

StRegionArray *
st_highlighter_run (StTrace                   *trace,
                    const StHighlighterConfig *config,
                    char                     **explanation,
                    GCancellable              *cancellable,
                    StHighlighterProgress      progress,
                    gpointer                   progress_data,
                    GError                   **error)
{
  StHighlightJob job = { 0 };
  StRegionArray *regions = NULL;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (config != NULL && config->method != ST_REGION_MANUAL, NULL);

  /* the analysis index is kept with the trace; its first build stops when
   * the run is cancelled */
  job.work = st_device_work_ensure (trace, cancellable);
  if (job.work == NULL)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  job.trace = trace;
  job.config = config;
  job.classes = st_device_work_get_classifier (job.work);
  job.tracks = config->tracks != NULL ? g_pattern_spec_new (config->tracks) : NULL;
  job.selected = g_malloc (MAX (1, st_trace_get_n_tracks (trace)));
  memset (job.selected, UNKNOWN, st_trace_get_n_tracks (trace));
  job.cancellable = cancellable;
  job.progress = progress;
  job.progress_data = progress_data;
  job.spans = g_array_new (FALSE, FALSE, sizeof (StHighlightSpan));
  job.parts = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  job.made_chunk = g_string_chunk_new (4096);
  job.made_ids = g_hash_table_new (g_str_hash, g_str_equal);
  job.made = g_ptr_array_new ();

  run_method (&job);
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      regions = make_regions (&job);
      if (explanation != NULL)
        *explanation = g_steal_pointer (&job.explanation);
      st_highlight_job_report (&job, 1.0);
    }
  job_clear (&job);
  return regions;
}
