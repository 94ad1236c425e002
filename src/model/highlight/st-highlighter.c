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
void
st_highlight_job_add (StHighlightJob *job, gint64 start, gint64 end, const char *name)
{
  guint           index = GPOINTER_TO_UINT (g_hash_table_lookup (job->made_ids, name));
  StHighlightSpan span = { start, end, 0 };

  if (index == 0)
    {
      char *copy = g_string_chunk_insert (job->made_chunk, name);

      g_ptr_array_add (job->made, copy);
      index = job->made->len;
      g_hash_table_insert (job->made_ids, copy, GUINT_TO_POINTER (index));
    }
  span.name = ST_HIGHLIGHT_MADE_NAME | (index - 1);
  g_array_append_val (job->spans, span);
}

void
st_highlight_job_reserve (StHighlightJob *job, guint n)
{
  guint len = job->spans->len;

  g_array_set_size (job->spans, len + n);
  g_array_set_size (job->spans, len);
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

/* Drops the spans shorter than the minimum duration, keeping their order. */
static void
keep_long_enough (StHighlightJob *job)
{
  StHighlightSpan *spans = (StHighlightSpan *)(void *)job->spans->data;
  guint            kept = 0, n = job->spans->len;

  for (guint i = 0; i < n; i++)
    if (spans[i].end - spans[i].start >= MAX (job->config->min_duration_ns, 1))
      spans[kept++] = spans[i];
  if (kept == 0 && n > 0 && job->config->min_duration_ns > 0)
    {
      g_autofree char *min = st_format_duration (job->config->min_duration_ns);

      st_highlight_job_explain (
          job, _ ("All %u regions found are shorter than the minimum duration (%s)."), n, min);
    }
  g_array_set_size (job->spans, kept);
}

/* The methods add spans a track at a time, each track's mostly in order:
 * the runs already in (start, end) order are merged straight into the
 * regions, with no sort and no copy between. Past this many runs the
 * spans are sorted first. */
#define MAX_RUNS 64

typedef struct
{
  const StHighlightSpan *spans;
  guint                  n_runs;
  guint                  next[MAX_RUNS]; /* per run: its next span */
  guint                  end[MAX_RUNS];
  guint                  heap[MAX_RUNS]; /* runs not yet merged, the first one first */
} Merge;

/* Equal spans come in the order they were added: the earlier run first.
 * Without branches: which run comes first is as good as random, and the
 * merge asks twice per level of the heap for each of a million spans. */
static inline gboolean
merge_before (const Merge *m, guint a, guint b)
{
  const StHighlightSpan *x = &m->spans[m->next[a]], *y = &m->spans[m->next[b]];

  return (x->start < y->start)
         | ((x->start == y->start) & ((x->end < y->end) | ((x->end == y->end) & (a < b))));
}

static void
merge_sift_down (Merge *m, guint at)
{
  for (;;)
    {
      guint least = at, left = 2 * at + 1, right = left + 1, run;

      if (left < m->n_runs && merge_before (m, m->heap[left], m->heap[least]))
        least = left;
      if (right < m->n_runs && merge_before (m, m->heap[right], m->heap[least]))
        least = right;
      if (least == at)
        return;
      run = m->heap[at];
      m->heap[at] = m->heap[least];
      m->heap[least] = run;
      at = least;
    }
}

/* Sets up the merge of @spans's runs in order, sorting first when they
 * are too many. */
static void
merge_init (Merge *m, StHighlightSpan *spans, guint n)
{
  m->spans = spans;
  m->n_runs = 0;
  for (guint i = 0; i < n; i++)
    if (i == 0 || sort_spans_before (&spans[i], &spans[i - 1]))
      {
        if (m->n_runs == MAX_RUNS)
          {
            sort_spans (spans, n, NULL);
            m->n_runs = 1;
            m->next[0] = 0;
            m->end[0] = n;
            break;
          }
        m->next[m->n_runs] = i;
        m->end[m->n_runs] = n;
        if (m->n_runs > 0)
          m->end[m->n_runs - 1] = i;
        m->n_runs++;
      }
  for (guint r = 0; r < m->n_runs; r++)
    m->heap[r] = r;
  for (guint r = m->n_runs / 2; r-- > 0;)
    merge_sift_down (m, r);
}

/* The next span in (start, end) order, or NULL after the last. */
static const StHighlightSpan *
merge_next (Merge *m)
{
  const StHighlightSpan *span;
  guint                  run;

  if (m->n_runs == 0)
    return NULL;
  run = m->heap[0];
  span = &m->spans[m->next[run]++];
  if (m->next[run] == m->end[run])
    m->heap[0] = m->heap[--m->n_runs];
  merge_sift_down (m, 0);
  return span;
}

/* The regions in start order, each name interned once (through a map from
 * where it is counted to the array's ids), repeated names numbered in
 * start order: "MLP (1)", "MLP (2)". */
static StRegionArray *
make_regions (StHighlightJob *job)
{
  StHighlightSpan       *spans;
  guint                  n_slots = st_trace_get_n_strings (job->trace) + job->made->len + 1;
  g_autofree guint      *counts = g_new0 (guint, n_slots);
  g_autofree guint      *numbers = g_new0 (guint, n_slots);
  g_autofree guint32    *names = g_new0 (guint32, n_slots);
  StRegionArray         *regions;
  const StHighlightSpan *span;
  Merge                  merge;

  keep_long_enough (job);
  spans = (StHighlightSpan *)(void *)job->spans->data;
  for (guint i = 0; i < job->spans->len; i++)
    counts[name_slot (job, spans[i].name)]++;
  regions = st_region_array_new_sized (job->spans->len);
  merge_init (&merge, spans, job->spans->len);
  while ((span = merge_next (&merge)) != NULL)
    {
      guint slot = name_slot (job, span->name);

      if (names[slot] == 0)
        names[slot] = st_region_array_intern (regions, span_name (job, span->name)) + 1;
      ++numbers[slot];
      st_region_array_append (regions, names[slot] - 1, counts[slot] > 1 ? numbers[slot] : 0,
                              span->start, span->end, job->config->method);
    }
  return regions;
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
