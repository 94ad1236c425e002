/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlight-hierarchy.c: one region per scope instance (a profiler
 * step, an nn.Module, a hyperfunction), on the host or projected onto the
 * device through the launches made inside it.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-highlighter-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define DEFAULT_STEP_GLOB "ProfilerStep#*"
#define MODULE_PREFIX     "nn.Module: "

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

/* The sum of the durations of a track's slices, every depth. */
static gint64
slice_time (const StTrack *track)
{
  gint64 total = 0;

  for (guint i = 0; i < track->n_slices; i++)
    total += track->slices[i].dur;
  return total;
}

/* Nested tracks first (a hierarchy nests, a flat row of states such as
 * Neuron's active times does not), then the one with the most slice time:
 * the thread that runs the model, not a monitor thread idling in one deep
 * stack as long as the profile. */
static gboolean
busier (const StTrack *a, gint64 a_time, const StTrack *b, gint64 b_time)
{
  if ((a->n_rows > 1) != (b->n_rows > 1))
    return a->n_rows > 1;
  if (a_time != b_time)
    return a_time > b_time;
  return a->n_slices > b->n_slices;
}

static guint
busiest_host_track (StHighlightJob *job)
{
  guint  best = G_MAXUINT, n_tracks = st_trace_get_n_tracks (job->trace);
  gint64 best_time = 0;

  for (guint t = 0; t < n_tracks; t++)
    {
      const StTrack *track = st_trace_get_track (job->trace, t);
      gint64         time;

      if (!is_host_track (job, t))
        continue;
      time = slice_time (track);
      if (best == G_MAXUINT
          || busier (track, time, st_trace_get_track (job->trace, best), best_time))
        {
          best = t;
          best_time = time;
        }
    }
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
 * repeats, or -1. A level that holds a single scope (the whole model)
 * repeats nothing, so the layers under the top module are found. Slices
 * are in depth order, so the first repeat is the shallowest. */
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

typedef struct
{
  gint64 start;
  gint64 end;
  guint  index;
  guint  level; /* how many modules enclose it */
} Module;

ST_DEFINE_SORT (sort_modules, Module, a->start != b->start ? a->start < b->start : a->end > b->end)

/* The nn.Module scopes of @track (PyTorch's module annotations), each with
 * its level among them; empty when it has none. */
static GArray *
find_modules (StHighlightJob *job, guint t)
{
  const StTrack     *track = st_trace_get_track (job->trace, t);
  GArray            *modules = g_array_new (FALSE, FALSE, sizeof (Module));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (gint64));
  Module            *m;

  for (guint i = 0; i < track->n_slices; i++)
    {
      const StSlice *slice = &track->slices[i];
      Module         module = { slice->start, slice->start + slice->dur, i, 0 };

      if (g_str_has_prefix (st_trace_get_string (job->trace, slice->name), MODULE_PREFIX))
        g_array_append_val (modules, module);
    }
  m = (Module *)(void *)modules->data;
  sort_modules (m, modules->len, NULL);
  for (guint i = 0; i < modules->len; i++)
    {
      while (ends->len > 0 && g_array_index (ends, gint64, ends->len - 1) <= m[i].start)
        g_array_set_size (ends, ends->len - 1);
      m[i].level = ends->len;
      g_array_append_val (ends, m[i].end);
    }
  return modules;
}

/* The modules of the outermost level whose names (up to their digits)
 * repeat: a level of one module (the whole model) repeats nothing. */
static void
collect_modules (Scopes *s, guint t, GArray *modules, GHashTable *shapes)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  const Module          *m = (const Module *)(void *)modules->data;
  const StTrack         *track = st_trace_get_track (s->job->trace, t);
  guint                  level = G_MAXUINT;

  for (guint depth = 0; level == G_MAXUINT; depth++)
    {
      gboolean any = FALSE;

      g_hash_table_remove_all (seen);
      for (guint i = 0; i < modules->len && level == G_MAXUINT; i++)
        if (m[i].level == depth)
          {
            const char *name = st_trace_get_string (s->job->trace, track->slices[m[i].index].name);

            any = TRUE;
            if (!g_hash_table_add (seen, (gpointer)name_shape (shapes, name)))
              level = depth;
          }
      if (!any)
        return;
    }
  for (guint i = 0; i < modules->len; i++)
    if (m[i].level == level)
      {
        StSliceRef ref = { t, m[i].index };

        g_array_append_val (s->scopes, ref);
      }
  keep_repeated (s, shapes);
}

/* No match and no depth (docs/metrics.md 5.2): the profiler steps when
 * there are some, else the outermost level of repeating scopes on the
 * busiest host thread (a Neuron profile's layers). Where that thread holds
 * nn.Module scopes, the scope tree is theirs: the Python frames and ops
 * between two modules are not levels of the model, so the layers under
 * the top module are found. */
static void
collect_default (Scopes *s)
{
  g_autoptr (GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray)     modules = NULL;
  guint                  busiest;

  set_match (s, DEFAULT_STEP_GLOB);
  collect_scopes (s);
  if (s->scopes->len > 0 || st_highlight_job_cancelled (s->job))
    return;
  g_clear_pointer (&s->match, g_pattern_spec_free);
  busiest = busiest_host_track (s->job);
  if (busiest == G_MAXUINT)
    return;
  modules = find_modules (s->job, busiest);
  collect_modules (s, busiest, modules, shapes);
  if (s->scopes->len > 0)
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

/* Whether some scope lies on a host process of a profile with devices:
 * a scope on a device's own process (a Neuron profile's layers) is
 * already in device time. */
static gboolean
any_on_host (StHighlightJob *job, GArray *scopes)
{
  guint n_devices = st_device_work_get_n_devices (job->work);

  for (guint i = 0; i < scopes->len; i++)
    {
      guint process
          = st_trace_get_track (job->trace, g_array_index (scopes, StSliceRef, i).track)->process;
      gboolean on_device = FALSE;

      for (guint d = 0; d < n_devices && !on_device; d++)
        on_device = st_device_work_get_device (job->work, d)->process == process;
      if (n_devices > 0 && !on_device)
        return TRUE;
    }
  return FALSE;
}

/* Says which scopes kept their host bounds under "auto" (docs/metrics.md
 * 5.2), or why none projects under "device". */
static void
explain_projection (StHighlightJob *job, gboolean device, guint kept, GArray *scopes)
{
  guint n_scopes = scopes->len;

  if (n_scopes == 0)
    return;
  if (job->config->project == ST_PROJECT_AUTO && !device && any_on_host (job, scopes))
    st_highlight_job_explain (job,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "This profile does not link host calls to the device "
                                           "events they launched: the %u scope keeps its host "
                                           "bounds.",
                                           "This profile does not link host calls to the device "
                                           "events they launched: the %u scopes keep their host "
                                           "bounds.",
                                           n_scopes),
                              n_scopes);
  else if (kept > 0)
    st_highlight_job_explain (job,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%u of %u scopes launched no device work: its host "
                                           "bounds are kept.",
                                           "%u of %u scopes launched no device work: their host "
                                           "bounds are kept.",
                                           kept),
                              kept, n_scopes);
  else if (device && job->spans->len == 0)
    st_highlight_job_explain (job,
                              _ ("None of the %u matching scopes launched device work, so none "
                                 "projects onto the device. Project them on the host instead."),
                              n_scopes);
}

/* "auto" keeps the host bounds of a scope that launched no device work
 * (a layer replayed by a CUDA graph), and of every scope where nothing
 * links host and device; "device" leaves them out. */
static void
add_regions (StHighlightJob *job, GArray *scopes)
{
  gboolean device = choose_device (job);
  gboolean keep = job->config->project == ST_PROJECT_AUTO;
  guint    kept = 0;

  if (job->explanation != NULL)
    return;
  for (guint i = 0; i < scopes->len && !st_highlight_job_cancelled (job); i++)
    {
      StSliceRef     ref = g_array_index (scopes, StSliceRef, i);
      const StSlice *slice = st_trace_get_slice (job->trace, ref);
      gint64         start = slice->start, end = slice->start + slice->dur;

      if (device && !project_to_device (job, ref, &start, &end))
        {
          if (!keep)
            continue;
          start = slice->start;
          end = slice->start + slice->dur;
          kept++;
        }
      st_highlight_job_add_named (job, start, end, slice->name);
    }
  explain_projection (job, device, kept, scopes);
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
