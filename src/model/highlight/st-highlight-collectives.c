/* st-highlight-collectives.c: regions between collective operations.
 *
 * Collectives are the device's NCCL/RCCL kernels, or when the profile has
 * none, the host's c10d ops and nccl: annotations, or what the "match" glob
 * names. Overlapping ones are merged; the regions are the gaps between
 * consecutive merged collectives.
 *
 * In a profile of several files (one per rank), the k-th collective of a
 * type on one rank is the k-th of that type on every other: merged across
 * ranks it spans from the earliest start to the latest end, so the regions
 * are the gaps where no rank is in a collective.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-format.h"
#include "st-highlighter-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct
{
  gint64 start;
  gint64 end;
  guint  types;
  guint  file;
} Collective;

typedef enum
{
  FIND_DEVICE,
  FIND_HOST,
  FIND_MATCH,
} FindMode;

ST_DEFINE_SORT (sort_collectives,
                Collective,
                a->start != b->start ? a->start < b->start : a->end < b->end)
ST_DEFINE_SORT (sort_by_file,
                Collective,
                a->file != b->file     ? a->file < b->file
                : a->start != b->start ? a->start < b->start
                                       : a->end < b->end)

/* The collective types of slice @i of track @t when it is one of the
 * collectives @mode looks for (docs/metrics.md 5.1), else 0. */
static guint
collective_types (StHighlightJob *job,
                  FindMode        mode,
                  GPatternSpec   *match,
                  guint8         *cache,
                  guint           t,
                  guint           i)
{
  const StSlice *slice = &st_trace_get_track (job->trace, t)->slices[i];
  StWorkTag      tag = st_device_work_get_tag (job->work, (StSliceRef){ t, i });

  switch (mode)
    {
    case FIND_DEVICE:
      return tag.klass == ST_CLASS_COMMUNICATION ? st_work_tag_get_collective (tag) : 0;
    case FIND_HOST:
      return st_event_classifier_is_host_collective (job->classes, slice)
                 ? st_event_classifier_collective (job->classes, slice->name)
                 : 0;
    case FIND_MATCH:
    default:
      if (!st_highlight_name_matches (job, match, cache, slice->name))
        return 0;
      return tag.klass == ST_CLASS_COMMUNICATION
                 ? st_work_tag_get_collective (tag)
                 : st_event_classifier_collective (job->classes, slice->name);
    }
}

static GArray *
find_collectives (StHighlightJob *job, FindMode mode, double progress_base)
{
  GArray                  *found = g_array_new (FALSE, FALSE, sizeof (Collective));
  g_autoptr (GPatternSpec) match
      = job->config->match ? g_pattern_spec_new (job->config->match) : NULL;
  g_autofree guint8 *cache = NULL;
  guint              n_tracks = st_trace_get_n_tracks (job->trace);
  guint              types = job->config->types ? job->config->types : ST_COLLECTIVE_ALL;

  if (mode == FIND_MATCH)
    {
      cache = g_malloc (MAX (1, st_trace_get_n_strings (job->trace)));
      memset (cache, 0xff, st_trace_get_n_strings (job->trace));
    }
  for (guint t = 0; t < n_tracks && !st_highlight_job_cancelled (job); t++)
    {
      const StTrack *track = st_trace_get_track (job->trace, t);

      st_highlight_job_report (job, progress_base + 0.45 * t / n_tracks);
      if (!st_highlight_job_track_selected (job, t))
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *slice = &track->slices[i];
          Collective     c;

          c.types = collective_types (job, mode, match, cache, t, i);
          if (!(c.types & types))
            continue;
          c.start = slice->start;
          c.end = slice->start + slice->dur;
          c.file = track->file;
          g_array_append_val (found, c);
        }
    }
  return found;
}

/* Sorts and merges overlapping collectives in place. */
static void
merge_overlapping (GArray *collectives)
{
  Collective *c = (Collective *)(void *)collectives->data;
  guint       n = 0;

  sort_collectives (c, collectives->len, NULL);
  for (guint i = 0; i < collectives->len; i++)
    {
      if (n > 0 && c[i].start < c[n - 1].end)
        {
          c[n - 1].end = MAX (c[n - 1].end, c[i].end);
          c[n - 1].types |= c[i].types;
        }
      else
        c[n++] = c[i];
    }
  g_array_set_size (collectives, n);
}

/* Merges each rank's overlapping collectives, then the k-th of each type
 * of every rank into one spanning them all. */
static void
match_across_files (GArray *collectives)
{
  Collective            *c = (Collective *)(void *)collectives->data;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GHashTable) matched = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GArray)     keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint                  n = 0;

  sort_by_file (c, collectives->len, NULL);
  for (guint i = 0; i < collectives->len; i++)
    {
      if (n > 0 && c[n - 1].file == c[i].file && c[i].start < c[n - 1].end)
        {
          c[n - 1].end = MAX (c[n - 1].end, c[i].end);
          c[n - 1].types |= c[i].types;
        }
      else
        c[n++] = c[i];
    }
  /* Keys live in @keys, so the tables hold stable pointers into it. */
  g_array_set_size (keys, 2 * n);
  for (guint i = 0, out = 0; i < n; i++)
    {
      gint64  *type_key = &g_array_index (keys, gint64, 2 * i);
      gint64  *key = &g_array_index (keys, gint64, 2 * i + 1);
      guint    seq;
      gpointer found;

      *type_key = ((gint64)c[i].file << 32) | c[i].types;
      seq = GPOINTER_TO_UINT (g_hash_table_lookup (seen, type_key));
      g_hash_table_insert (seen, type_key, GUINT_TO_POINTER (seq + 1));
      *key = ((gint64)seq << 32) | c[i].types;
      if (g_hash_table_lookup_extended (matched, key, NULL, &found))
        {
          Collective *m = &c[GPOINTER_TO_UINT (found)];
          m->start = MIN (m->start, c[i].start);
          m->end = MAX (m->end, c[i].end);
        }
      else
        {
          c[out] = c[i];
          g_hash_table_insert (matched, key, GUINT_TO_POINTER (out++));
        }
    }
  g_array_set_size (collectives, g_hash_table_size (matched));
}

static void
add_edges (StHighlightJob *job, const Collective *c, guint n)
{
  gint64           end = st_trace_get_end_ns (job->trace);
  g_autofree char *first = st_collective_dup_label (c[0].types, 1);
  g_autofree char *last = st_collective_dup_label (c[n - 1].types, n);

  if (c[0].start > 0)
    st_highlight_job_add (job, 0, c[0].start, g_strdup_printf (_ ("Start → %s"), first));
  if (end > c[n - 1].end)
    st_highlight_job_add (job, c[n - 1].end, end, g_strdup_printf (_ ("%s → End"), last));
}

static void
add_gaps (StHighlightJob *job, GArray *collectives)
{
  const Collective *c = (const Collective *)(void *)collectives->data;
  guint             n = collectives->len, too_short = 0;

  for (guint i = 0; i + 1 < n; i++)
    {
      gint64           gap = c[i + 1].start - c[i].end;
      g_autofree char *from = NULL, *to = NULL;

      if (gap <= 0)
        continue;
      if (gap < job->config->min_gap_ns)
        {
          too_short++;
          continue;
        }
      from = st_collective_dup_label (c[i].types, i + 1);
      to = st_collective_dup_label (c[i + 1].types, i + 2);
      st_highlight_job_add (job, c[i].end, c[i + 1].start, g_strdup_printf ("%s → %s", from, to));
    }
  if (job->config->include_edges)
    add_edges (job, c, n);
  if (job->spans->len > 0)
    return;
  if (too_short > 0)
    {
      g_autofree char *min = st_format_duration (job->config->min_gap_ns);

      st_highlight_job_explain (
          job,
          _ ("All %u gaps between collective operations are shorter than the minimum gap (%s)."),
          too_short, min);
    }
  else if (n == 1)
    st_highlight_job_explain (
        job, _ ("Only one collective operation was found, so no region lies between two. Include "
                "the edges to get the time before and after it."));
  else
    st_highlight_job_explain (
        job, _ ("The %u collective operations found leave no gap between them."), n);
}

static void
explain_none (StHighlightJob *job)
{
  const StHighlighterConfig *config = job->config;

  if (config->match != NULL)
    st_highlight_job_explain (job,
                              _ ("No event named like “%s” was found on the chosen tracks with the "
                                 "chosen collective types."),
                              config->match);
  else if (config->tracks != NULL || (config->types != 0 && config->types != ST_COLLECTIVE_ALL))
    st_highlight_job_explain (
        job, _ ("No collective operation of the chosen types was found on the chosen tracks."));
  else
    st_highlight_job_explain (job, _ ("This profile has no collective operations: no NCCL/RCCL "
                                      "kernels, c10d ops or collective annotations were found."));
}

void
st_highlight_collectives (StHighlightJob *job)
{
  g_autoptr (GArray) collectives = NULL;

  if (job->config->match != NULL)
    collectives = find_collectives (job, FIND_MATCH, 0.0);
  else
    {
      collectives = find_collectives (job, FIND_DEVICE, 0.0);
      if (collectives->len == 0)
        {
          g_array_unref (collectives);
          collectives = find_collectives (job, FIND_HOST, 0.45);
        }
    }
  if (st_highlight_job_cancelled (job))
    return;
  if (collectives->len == 0)
    {
      explain_none (job);
      return;
    }
  if (st_trace_get_n_files (job->trace) > 1)
    match_across_files (collectives);
  merge_overlapping (collectives);
  add_gaps (job, collectives);
}
