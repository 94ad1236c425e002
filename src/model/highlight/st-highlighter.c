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

void
st_highlight_job_add (StHighlightJob *job, gint64 start, gint64 end, char *name)
{
  StHighlightSpan span = { start, end, ST_STRING_NONE, name, 0 };

  g_array_append_val (job->spans, span);
}

void
st_highlight_job_add_named (StHighlightJob *job, gint64 start, gint64 end, StStringId name)
{
  StHighlightSpan span = { start, end, name, NULL, 0 };

  g_array_append_val (job->spans, span);
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

static void
span_clear (gpointer data)
{
  g_free (((StHighlightSpan *)data)->name);
}

static const char *
span_name (StHighlightJob *job, const StHighlightSpan *span)
{
  return span->name != NULL ? span->name : st_trace_get_string (job->trace, span->id);
}

/* Repeated names get their number in start order: "MLP (1)", "MLP (2)".
 * Names of the trace are counted by id, in an array: kernel names run
 * long, and there are a million spans. */
static void
number_repeats (StHighlightJob *job)
{
  g_autofree guint      *by_id = g_new0 (guint, st_trace_get_n_strings (job->trace) + 1);
  g_autoptr (GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  StHighlightSpan       *spans = (StHighlightSpan *)(void *)job->spans->data;
  guint                  n = job->spans->len;

  for (guint i = 0; i < n; i++)
    if (spans[i].name == NULL)
      spans[i].number = ++by_id[spans[i].id];
    else
      {
        guint count = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, spans[i].name)) + 1;

        g_hash_table_insert (by_name, spans[i].name, GUINT_TO_POINTER (count));
        spans[i].number = count;
      }
  for (guint i = 0; i < n; i++)
    if ((spans[i].name == NULL ? by_id[spans[i].id]
                               : GPOINTER_TO_UINT (g_hash_table_lookup (by_name, spans[i].name)))
        == 1)
      spans[i].number = 0;
}

/* Drops the spans shorter than the minimum duration, in start order. */
static void
keep_long_enough (StHighlightJob *job)
{
  GArray *spans = job->spans;
  guint   kept = 0;

  sort_spans ((StHighlightSpan *)(void *)spans->data, spans->len, NULL);
  for (guint i = 0; i < spans->len; i++)
    {
      StHighlightSpan *span = &g_array_index (spans, StHighlightSpan, i);

      if (span->end - span->start >= MAX (job->config->min_duration_ns, 1))
        g_array_index (spans, StHighlightSpan, kept++) = *span;
      else
        g_free (span->name);
    }
  if (kept == 0 && spans->len > 0 && job->config->min_duration_ns > 0)
    {
      g_autofree char *min = st_format_duration (job->config->min_duration_ns);

      st_highlight_job_explain (
          job, _ ("All %u regions found are shorter than the minimum duration (%s)."), spans->len,
          min);
    }
  for (guint i = kept; i < spans->len; i++)
    g_array_index (spans, StHighlightSpan, i).name = NULL;
  g_array_set_size (spans, kept);
}

/* Each name is interned once: the trace's by id, through a map from the
 * trace's ids to the array's. */
static StRegionArray *
make_regions (StHighlightJob *job)
{
  StRegionArray      *regions = st_region_array_new ();
  g_autofree guint32 *names = NULL;
  GArray             *spans = job->spans;

  keep_long_enough (job);
  number_repeats (job);
  names = g_new0 (guint32, st_trace_get_n_strings (job->trace) + 1);
  for (guint i = 0; i < spans->len; i++)
    {
      StHighlightSpan *span = &g_array_index (spans, StHighlightSpan, i);
      guint            name;

      if (span->name != NULL)
        name = st_region_array_intern (regions, span->name);
      else
        {
          if (names[span->id] == 0)
            names[span->id] = st_region_array_intern (regions, span_name (job, span)) + 1;
          name = names[span->id] - 1;
        }
      st_region_array_append (regions, name, span->number, span->start, span->end,
                              job->config->method);
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

  job.trace = trace;
  job.config = config;
  job.work = st_device_work_get (trace);
  job.classes = st_device_work_get_classifier (job.work);
  job.tracks = config->tracks != NULL ? g_pattern_spec_new (config->tracks) : NULL;
  job.selected = g_malloc (MAX (1, st_trace_get_n_tracks (trace)));
  memset (job.selected, UNKNOWN, st_trace_get_n_tracks (trace));
  job.cancellable = cancellable;
  job.progress = progress;
  job.progress_data = progress_data;
  job.spans = g_array_new (FALSE, FALSE, sizeof (StHighlightSpan));
  g_array_set_clear_func (job.spans, span_clear);

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
