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

/* Drops the spans shorter than the minimum duration, keeping their order. */
static void
keep_long_enough (StHighlightJob *job)
{
  guint kept = 0, n = 0;

  for (guint p = 0; p < n_parts (job); p++)
    {
      GArray          *part = part_at (job, p);
      StHighlightSpan *spans = (StHighlightSpan *)(void *)part->data;
      gint64           min = MAX (job->config->min_duration_ns, 1);
      guint            kept_here = 0;

      /* Mostly every span is kept: none is moved before the first dropped. */
      while (kept_here < part->len && spans[kept_here].end - spans[kept_here].start >= min)
        kept_here++;
      for (guint i = kept_here; i < part->len; i++)
        if (spans[i].end - spans[i].start >= min)
          spans[kept_here++] = spans[i];
      n += part->len;
      kept += kept_here;
      g_array_set_size (part, kept_here);
    }
  if (kept == 0 && n > 0 && job->config->min_duration_ns > 0)
    {
      g_autofree char *min = st_format_duration (job->config->min_duration_ns);

      st_highlight_job_explain (
          job, _ ("All %u regions found are shorter than the minimum duration (%s)."), n, min);
    }
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
  guint         *numbers; /* per name slot: the number given last */
  const guint   *counts;  /* per name slot: how many regions carry it */
  const guint32 *names;   /* per name slot: its id in the regions */
} Merge;

/* Finds the runs; sorts the spans into one when there are too many. */
static void
find_runs (StHighlightJob *job, Runs *runs)
{
  runs->n_runs = 0;
  for (guint p = 0; p < n_parts (job); p++)
    {
      GArray                *part = part_at (job, p);
      const StHighlightSpan *spans = (const StHighlightSpan *)(const void *)part->data;

      for (guint i = 0; i < part->len; i++)
        if (i == 0 || sort_spans_before (&spans[i], &spans[i - 1]))
          {
            if (runs->n_runs == MAX_RUNS)
              {
                for (guint q = 1; q < n_parts (job); q++)
                  g_array_append_vals (job->spans, part_at (job, q)->data, part_at (job, q)->len);
                g_ptr_array_set_size (job->parts, 0);
                sort_spans ((StHighlightSpan *)(void *)job->spans->data, job->spans->len, NULL);
                runs->runs[0].next = (const StHighlightSpan *)(const void *)job->spans->data;
                runs->runs[0].end = runs->runs[0].next + job->spans->len;
                runs->n_runs = 1;
                return;
              }
            if (i > 0)
              runs->runs[runs->n_runs - 1].end = &spans[i];
            runs->runs[runs->n_runs++].next = &spans[i];
          }
      if (part->len > 0)
        runs->runs[runs->n_runs - 1].end = spans + part->len;
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
 * merge compares without following pointers. A run merged to its end
 * comes after every other. */
typedef struct
{
  gint64  start[MAX_RUNS];
  gint64  end[MAX_RUNS];
  guint32 done[MAX_RUNS];
} Heads;

/* Equal spans come in the order they were added: the earlier run first.
 * Without branches: which run comes first is as good as random, and the
 * merge asks once per level of the tree for each of a million spans. */
static inline gboolean
head_before (const Heads *h, guint a, guint b)
{
  gboolean first = (h->start[a] < h->start[b])
                   | ((h->start[a] == h->start[b])
                      & ((h->end[a] < h->end[b]) | ((h->end[a] == h->end[b]) & (a < b))));

  return ((h->done[a] ^ 1) & (h->done[b] | first)) | (h->done[a] & h->done[b] & (a < b));
}

static void
head_set (Heads *h, const SpanRun *run, guint r)
{
  h->done[r] = run->next == run->end;
  h->start[r] = h->done[r] ? 0 : run->next->start;
  h->end[r] = h->done[r] ? 0 : run->next->end;
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

/* Merges the runs into the regions, numbering repeated names in start
 * order: "MLP (1)", "MLP (2)". Runs on its own thread. A tournament tree
 * replays one match per level for each span. */
static gpointer
merge_runs (gpointer data)
{
  Merge *m = data;
  Heads  h;
  guint  losers[MAX_RUNS], width = 1, winner, left = 0, position = m->position;

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
  for (; left > 0; left--)
    {
      const StHighlightSpan *span = m->runs[winner].next++;
      guint                  slot = name_slot (m->job, span->name);

      ++m->numbers[slot];
      st_region_array_set (m->regions, position++, m->names[slot],
                           m->counts[slot] > 1 ? m->numbers[slot] : 0, span->start, span->end,
                           m->job->config->method);
      head_set (&h, &m->runs[winner], winner);
      for (guint node = (winner + width) / 2; node > 0; node /= 2)
        if (head_before (&h, losers[node], winner))
          {
            guint loser = winner;

            winner = losers[node];
            losers[node] = loser;
          }
    }
  return NULL;
}

/* Counts each name, in all and before the split (where the second half's
 * numbers start), and interns it in the regions. */
static void
count_names (StHighlightJob *job, Merge *first, Merge *second, guint *counts, guint32 *names)
{
  for (guint r = 0; r < first->n_runs; r++)
    for (guint half = 0; half < 2; half++)
      {
        const SpanRun *run = half == 0 ? &first->runs[r] : &second->runs[r];

        for (const StHighlightSpan *span = run->next; span < run->end; span++)
          {
            guint slot = name_slot (job, span->name);

            if (counts[slot]++ == 0)
              names[slot] = st_region_array_intern (first->regions, span_name (job, span->name));
            if (half == 0)
              second->numbers[slot]++;
          }
      }
}

/* The regions in start order, each name interned once (through a map from
 * where it is counted to the array's ids), repeated names numbered in
 * start order. A million spans are merged on two threads, each into its
 * own half of the regions. */
static StRegionArray *
make_regions (StHighlightJob *job)
{
  guint               n_slots = st_trace_get_n_strings (job->trace) + job->made->len + 1;
  g_autofree guint   *counts = g_new0 (guint, n_slots);
  g_autofree guint   *numbers = g_new0 (guint, 2 * n_slots);
  g_autofree guint32 *names = g_new0 (guint32, n_slots);
  guint               n;
  gint64              split = G_MAXINT64;
  Runs                runs;
  Merge               m[2];
  GThread            *thread = NULL;

  keep_long_enough (job);
  n = st_highlight_job_count_spans (job);
  find_runs (job, &runs);
  if (n >= MIN_SPLIT)
    split = split_time (&runs, n);
  for (guint h = 0; h < 2; h++)
    m[h] = (Merge){ job, NULL, 0, { { 0 } }, runs.n_runs, numbers + h * n_slots, counts, names };
  m[0].regions = m[1].regions = st_region_array_new_sized (n);
  for (guint r = 0; r < runs.n_runs; r++)
    {
      const StHighlightSpan *from
          = n >= MIN_SPLIT ? first_from (&runs.runs[r], split) : runs.runs[r].end;

      m[0].runs[r] = (SpanRun){ runs.runs[r].next, from };
      m[1].runs[r] = (SpanRun){ from, runs.runs[r].end };
      m[1].position += from - runs.runs[r].next;
    }
  count_names (job, &m[0], &m[1], counts, names);
  st_region_array_grow (m[0].regions, n);
  if (m[1].position < n)
    thread = g_thread_new ("strata-regions", merge_runs, &m[1]);
  merge_runs (&m[0]);
  if (thread != NULL)
    g_thread_join (thread);
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
