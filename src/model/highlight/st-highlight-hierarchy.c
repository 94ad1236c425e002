/* st-highlight-hierarchy.c: one region per scope instance (a profiler
 * step, an nn.Module, a hyperfunction), on the host or projected onto the
 * device through the launches made inside it.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-highlighter-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define DEFAULT_STEP_GLOB "ProfilerStep#*"

typedef struct
{
  StHighlightJob *job;
  GPatternSpec   *match; /* NULL: by depth */
  guint8         *cache;
  int             depth;
  guint           only_track; /* G_MAXUINT: every chosen host track */
  GArray         *scopes;     /* StSliceRef */
} Scopes;

static gboolean
is_host_track (StHighlightJob *job, guint t)
{
  return st_trace_get_track (job->trace, t)->kind == ST_TRACK_SLICES
         && st_highlight_job_track_selected (job, t)
         && st_device_work_get_track_device (job->work, t) < 0;
}

static gboolean
scope_matches (Scopes *s, const StSlice *slice)
{
  if (s->match != NULL)
    return st_highlight_name_matches (s->job, s->match, s->cache, slice->name);
  return (int)slice->depth == s->depth;
}

static void
collect_scopes (Scopes *s)
{
  guint n_tracks = st_trace_get_n_tracks (s->job->trace);

  for (guint t = 0; t < n_tracks && !st_highlight_job_cancelled (s->job); t++)
    {
      const StTrack *track = st_trace_get_track (s->job->trace, t);

      if ((s->only_track != G_MAXUINT && t != s->only_track) || !is_host_track (s->job, t))
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        if (scope_matches (s, &track->slices[i]))
          {
            StSliceRef ref = { t, i };

            g_array_append_val (s->scopes, ref);
          }
      st_highlight_job_report (s->job, 0.5 * (t + 1) / n_tracks);
    }
}

static void
set_match (Scopes *s, const char *glob)
{
  guint n = st_trace_get_n_strings (s->job->trace);

  g_clear_pointer (&s->match, g_pattern_spec_free);
  s->match = g_pattern_spec_new (glob);
  g_free (s->cache);
  s->cache = g_malloc (MAX (1, n));
  memset (s->cache, 0xff, n);
}

/* Time covered by the outermost slices of a track. */
static gint64
top_level_time (const StTrack *track)
{
  gint64 total = 0;

  if (track->n_rows == 0)
    return 0;
  for (guint i = track->row_offsets[0]; i < track->row_offsets[1]; i++)
    total += track->slices[i].dur;
  return total;
}

static gboolean
busier (const StTrack *a, const StTrack *b)
{
  if ((a->n_rows > 1) != (b->n_rows > 1))
    return a->n_rows > 1;
  if (top_level_time (a) != top_level_time (b))
    return top_level_time (a) > top_level_time (b);
  return a->n_slices > b->n_slices;
}

/* The busiest host track: nested tracks first (a hierarchy nests, a flat
 * row of states such as Neuron's active times does not), then the one whose
 * outermost slices cover the most time (a Stack Tracing report's row of
 * section calls, a Python main thread). */
static guint
busiest_host_track (StHighlightJob *job)
{
  guint best = G_MAXUINT, n_tracks = st_trace_get_n_tracks (job->trace);

  for (guint t = 0; t < n_tracks; t++)
    if (is_host_track (job, t)
        && (best == G_MAXUINT
            || busier (st_trace_get_track (job->trace, t), st_trace_get_track (job->trace, best))))
      best = t;
  return best;
}

/* A name without its digits, interned: "layer_0" and "layer_12" are two
 * instances of one repeating scope. */
static const char *
name_shape (GHashTable *shapes, const char *name)
{
  g_autoptr (GString) shape = g_string_new (NULL);
  const char         *interned;

  for (const char *p = name; *p; p++)
    if (!g_ascii_isdigit (*p))
      g_string_append_c (shape, *p);
  interned = g_hash_table_lookup (shapes, shape->str);
  if (interned == NULL)
    {
      interned = g_string_free (g_steal_pointer (&shape), FALSE);
      g_hash_table_add (shapes, (gpointer)interned);
    }
  return interned;
}

/* The shallowest depth of @track at which some name (up to its digits)
 * repeats, or -1. Slices are in depth order, so the first repeat is the
 * shallowest. */
static int
repeating_depth (StHighlightJob *job, guint t, GHashTable *shapes)
{
  const StTrack         *track = st_trace_get_track (job->trace, t);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint                  depth = 0;

  for (guint i = 0; i < track->n_slices; i++)
    {
      const StSlice *slice = &track->slices[i];
      const char    *shape = name_shape (shapes, st_trace_get_string (job->trace, slice->name));

      if (slice->depth != depth)
        {
          g_hash_table_remove_all (seen);
          depth = slice->depth;
        }
      if (!g_hash_table_add (seen, (gpointer)shape))
        return depth;
    }
  return -1;
}

/* Keeps the scopes whose name (up to its digits) occurs more than once. */
static void
keep_repeated (Scopes *s, GHashTable *shapes)
{
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint                  kept = 0;

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < s->scopes->len; i++)
      {
        StSliceRef     ref = g_array_index (s->scopes, StSliceRef, i);
        const StSlice *slice = st_trace_get_slice (s->job->trace, ref);
        gpointer       key
            = (gpointer)name_shape (shapes, st_trace_get_string (s->job->trace, slice->name));
        guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key));

        if (pass == 0)
          g_hash_table_insert (counts, key, GUINT_TO_POINTER (n + 1));
        else if (n > 1)
          g_array_index (s->scopes, StSliceRef, kept++) = ref;
      }
  g_array_set_size (s->scopes, kept);
}

/* No match and no depth: the profiler steps when there are some, else the
 * outermost level of repeating scopes on the busiest host thread (a
 * Neuron profile's layers). */
static void
collect_default (Scopes *s)
{
  g_autoptr (GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint                  busiest;

  set_match (s, DEFAULT_STEP_GLOB);
  collect_scopes (s);
  if (s->scopes->len > 0 || st_highlight_job_cancelled (s->job))
    return;
  g_clear_pointer (&s->match, g_pattern_spec_free);
  busiest = busiest_host_track (s->job);
  if (busiest == G_MAXUINT)
    return;
  s->depth = repeating_depth (s->job, busiest, shapes);
  if (s->depth < 0)
    return;
  s->only_track = busiest;
  collect_scopes (s);
  keep_repeated (s, shapes);
}

/* From the first device event launched inside @scope to the end of the
 * last one; FALSE when it launched nothing. */
static gboolean
project_to_device (StHighlightJob *job, StSliceRef scope, gint64 *start, gint64 *end)
{
  const StSlice  *slice = st_trace_get_slice (job->trace, scope);
  guint           n, lo = 0, hi;
  const StLaunch *launches
      = st_launch_index_get_launches (st_highlight_job_get_launches (job), scope.track, &n);

  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (launches[mid].host_start < slice->start)
        lo = mid + 1;
      else
        hi = mid;
    }
  *start = G_MAXINT64;
  *end = G_MININT64;
  for (guint i = lo; i < n && launches[i].host_start < slice->start + MAX (slice->dur, 1); i++)
    {
      const StSlice *device = st_trace_get_slice (job->trace, launches[i].device);

      *start = MIN (*start, device->start);
      *end = MAX (*end, device->start + device->dur);
    }
  return *start != G_MAXINT64;
}

static gboolean
choose_device (StHighlightJob *job)
{
  gboolean linked;

  if (job->config->project == ST_PROJECT_HOST)
    return FALSE;
  linked = !st_launch_index_is_empty (st_highlight_job_get_launches (job));
  if (!linked && job->config->project == ST_PROJECT_DEVICE)
    st_highlight_job_explain (
        job, _ ("This profile does not link host calls to the device events they launched (no "
                "launch flows or correlation ids), so scopes cannot be projected onto the device. "
                "Project them on the host instead."));
  return linked;
}

static void
add_regions (StHighlightJob *job, GArray *scopes)
{
  gboolean device = choose_device (job);

  if (job->explanation != NULL)
    return;
  for (guint i = 0; i < scopes->len && !st_highlight_job_cancelled (job); i++)
    {
      StSliceRef     ref = g_array_index (scopes, StSliceRef, i);
      const StSlice *slice = st_trace_get_slice (job->trace, ref);
      gint64         start = slice->start, end = slice->start + slice->dur;

      if (device && !project_to_device (job, ref, &start, &end))
        continue;
      st_highlight_job_add_named (job, start, end, slice->name);
    }
  if (device && job->spans->len == 0 && scopes->len > 0)
    st_highlight_job_explain (job,
                              _ ("None of the %u matching scopes launched device work, so none "
                                 "projects onto the device. Project them on the host instead."),
                              scopes->len);
}

static void
explain_none (StHighlightJob *job)
{
  const StHighlighterConfig *config = job->config;

  if (config->match != NULL)
    st_highlight_job_explain (
        job, _ ("No scope named like “%s” was found on the chosen host tracks."), config->match);
  else if (config->depth >= 0)
    st_highlight_job_explain (job, _ ("No scope lies at depth %d on the chosen host tracks."),
                              config->depth);
  else
    st_highlight_job_explain (job, _ ("This profile has no operation hierarchy: no profiler steps "
                                      "and no scopes that repeat on a host thread were found."));
}

void
st_highlight_hierarchy (StHighlightJob *job)
{
  Scopes s = { job, NULL, NULL, job->config->depth, G_MAXUINT, NULL };

  s.scopes = g_array_new (FALSE, FALSE, sizeof (StSliceRef));
  if (job->config->match != NULL)
    set_match (&s, job->config->match);
  if (job->config->match != NULL || job->config->depth >= 0)
    collect_scopes (&s);
  else
    collect_default (&s);
  if (s.scopes->len == 0)
    explain_none (job);
  else
    add_regions (job, s.scopes);
  g_clear_pointer (&s.match, g_pattern_spec_free);
  g_free (s.cache);
  g_array_unref (s.scopes);
}
