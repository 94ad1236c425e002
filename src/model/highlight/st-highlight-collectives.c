/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlight-collectives.c: regions between collective operations
 * (docs/metrics.md 5.1).
 *
 * Collectives are the communication kernels, instructions and MTIA events
 * of the device work, or when the profile has none, the outermost
 * collective host ops (c10d ops, nccl: annotations), restricted to the
 * chosen types, names and tracks. Overlapping ones are merged; the regions
 * are the gaps between consecutive merged collectives, or between bursts
 * of them where the sorted gap lengths split into short and long ones.
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
#include <math.h>
#include <string.h>

typedef struct
{
  gint64 start;
  gint64 end;
  guint  types;
  guint  file;
  guint  track;
  guint  first; /* 1-based numbers of the first and last merged collective */
  guint  last;  /* it spans: a burst spans several */
} Collective;

ST_DEFINE_SORT (sort_collectives,
                Collective,
                a->start != b->start ? a->start < b->start : a->end < b->end)
ST_DEFINE_SORT (sort_by_file,
                Collective,
                a->file != b->file     ? a->file < b->file
                : a->start != b->start ? a->start < b->start
                                       : a->end < b->end)
/* An enclosing slice before the slices it encloses. */
ST_DEFINE_SORT (sort_by_track,
                Collective,
                a->track != b->track   ? a->track < b->track
                : a->start != b->start ? a->start < b->start
                                       : a->end > b->end)
ST_DEFINE_SORT (sort_gaps, gint64, *a < *b)

typedef struct
{
  StHighlightJob *job;
  GPatternSpec   *match; /* NULL: any name */
  guint8         *cache;
  guint           types;
  GArray         *found; /* Collective */
} Find;

static gboolean
name_chosen (Find *f, const StSlice *slice)
{
  return f->match == NULL || st_highlight_name_matches (f->job, f->match, f->cache, slice->name);
}

static void
add_found (Find *f, guint t, const StSlice *slice, guint types)
{
  Collective c = { slice->start, slice->start + slice->dur, types, 0, t, 0, 0 };

  c.file = st_trace_get_track (f->job->trace, t)->file;
  g_array_append_val (f->found, c);
}

/* The communication kernels, instructions and MTIA events of the chosen
 * types (docs/metrics.md 5.1: the instances of 3.1; not the collective DMA
 * transfers, which move an instruction's data). */
static void
find_device (Find *f, guint t)
{
  const StTrack     *track = st_trace_get_track (f->job->trace, t);
  const StWorkTag   *tags = st_device_work_get_tags (f->job->work, t);
  StEventClassifier *classes = f->job->classes;

  for (guint i = 0; tags != NULL && i < track->n_slices; i++)
    {
      const StSlice    *slice = &track->slices[i];
      StDeviceEventKind kind;

      if (tags[i].klass != ST_CLASS_COMMUNICATION
          || !(st_work_tag_get_collective (tags[i]) & f->types) || !name_chosen (f, slice))
        continue;
      kind = st_event_classifier_device_kind (classes, slice);
      if (kind == ST_DEVICE_EVENT_KERNEL || kind == ST_DEVICE_EVENT_INSTRUCTION
          || kind == ST_DEVICE_EVENT_MTIA)
        add_found (f, t, slice, st_work_tag_get_collective (tags[i]));
    }
}

static void
find_host (Find *f, guint t)
{
  const StTrack *track = st_trace_get_track (f->job->trace, t);

  if (st_device_work_get_track_device (f->job->work, t) >= 0)
    return;
  for (guint i = 0; i < track->n_slices; i++)
    {
      const StSlice *slice = &track->slices[i];

      if (st_event_classifier_is_host_collective (f->job->classes, slice) && name_chosen (f, slice))
        add_found (f, t, slice, st_event_classifier_collective (f->job->classes, slice->name));
    }
}

/* Keeps the outermost of nested host collectives (c10d::allreduce_ around
 * record_param_comms), with the type of an inner one when the outer one
 * names none, as the summary's instances do; then the chosen types. */
static void
keep_outermost (Find *f)
{
  Collective *c = (Collective *)(void *)f->found->data;
  guint       n = 0, kept = 0;

  sort_by_track (c, f->found->len, NULL);
  for (guint i = 0; i < f->found->len; i++)
    {
      Collective *outer = n > 0 ? &c[n - 1] : NULL;

      if (outer != NULL && outer->track == c[i].track && c[i].end <= outer->end)
        {
          if (outer->types == ST_COLLECTIVE_OTHER)
            outer->types = c[i].types;
          continue;
        }
      c[n++] = c[i];
    }
  for (guint i = 0; i < n; i++)
    if (c[i].types & f->types)
      c[kept++] = c[i];
  g_array_set_size (f->found, kept);
}

static void
scan (Find *f, gboolean host)
{
  guint n_tracks = st_trace_get_n_tracks (f->job->trace);

  for (guint t = 0; t < n_tracks && !st_highlight_job_cancelled (f->job); t++)
    {
      st_highlight_job_report (f->job, 0.45 * host + 0.45 * t / n_tracks);
      if (!st_highlight_job_track_selected (f->job, t))
        continue;
      if (host)
        find_host (f, t);
      else
        find_device (f, t);
    }
}

/* The collectives of docs/metrics.md 5.1 on the chosen tracks: the
 * device's, or with none, the outermost collective host ops. */
static GArray *
find_collectives (StHighlightJob *job)
{
  g_autoptr (GPatternSpec) match
      = job->config->match ? g_pattern_spec_new (job->config->match) : NULL;
  g_autofree guint8 *cache = NULL;
  Find               f = { job, match, NULL, job->config->types, NULL };

  if (f.types == 0)
    f.types = ST_COLLECTIVE_ALL;
  f.found = g_array_new (FALSE, FALSE, sizeof (Collective));
  if (match != NULL)
    {
      f.cache = cache = g_malloc (MAX (1, st_trace_get_n_strings (job->trace)));
      memset (cache, 0xff, st_trace_get_n_strings (job->trace));
    }
  scan (&f, FALSE);
  if (f.found->len == 0)
    {
      scan (&f, TRUE);
      keep_outermost (&f);
    }
  return f.found;
}

/* Sorts and merges overlapping collectives in place, and numbers them. */
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
  for (guint i = 0; i < n; i++)
    c[i].first = c[i].last = i + 1;
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

/* Whether p/q < r/s, exactly (q, s > 0): by their continued fractions, as
 * a product of gaps of an hour in nanoseconds overflows. */
static gboolean
ratio_less (guint64 p, guint64 q, guint64 r, guint64 s)
{
  for (;;)
    {
      guint64 a = p / q, b = r / s, t;

      if (a != b)
        return a < b;
      p %= q;
      r %= s;
      if (p == 0 || r == 0)
        return p == 0 && r != 0;
      /* p/q < r/s exactly when s/r < q/p */
      t = p;
      p = s;
      s = t;
      t = q;
      q = r;
      r = t;
    }
}

/* Whether the step between sorted gaps @best and @best + 1 is at least
 * twice as wide on a log axis as every other step (docs/metrics.md 5.1):
 * the two groups it separates are each tight next to it. Compared on
 * logarithms, as the exact products (a gap cubed) overflow 64 bits; only a
 * step of exactly half the jump's width could come out either way. */
static gboolean
jump_stands_out (const gint64 *gaps, guint m, guint best)
{
  double jump = log ((double)gaps[best + 1] / (double)gaps[best]);

  for (guint k = 0; k + 1 < m; k++)
    if (k != best && 2 * log ((double)gaps[k + 1] / (double)gaps[k]) > jump)
      return FALSE;
  return TRUE;
}

/* The longest gap that closes into a burst (docs/metrics.md 5.1): the gaps
 * sorted, the largest ratio between two consecutive ones, when it is at
 * least 10 with two or more gaps above it and stands out from every other
 * step. Every gap at or below the shorter of the two lies below their
 * geometric mean, every other one above it. -1 when no gap closes. */
static gint64
burst_gap (const Collective *c, guint n)
{
  g_autofree gint64 *gaps = NULL;
  guint              m = n > 0 ? n - 1 : 0, best = 0;

  if (m < 3)
    return -1;
  gaps = g_new (gint64, m);
  for (guint i = 0; i < m; i++)
    gaps[i] = MAX (c[i + 1].start - c[i].end, 1);
  sort_gaps (gaps, m, NULL);
  for (guint k = 1; k + 1 < m; k++)
    if (ratio_less (gaps[best + 1], gaps[best], gaps[k + 1], gaps[k]))
      best = k;
  if (gaps[best + 1] / 10 < gaps[best] || m - (best + 1) < 2 || !jump_stands_out (gaps, m, best))
    return -1;
  return gaps[best];
}

/* Joins the collectives whose gap is at most @closed into bursts. */
static void
join_bursts (GArray *collectives, gint64 closed)
{
  Collective *c = (Collective *)(void *)collectives->data;
  guint       n = 0;

  for (guint i = 0; i < collectives->len; i++)
    {
      if (n > 0 && MAX (c[i].start - c[n - 1].end, 1) <= closed)
        {
          c[n - 1].end = MAX (c[n - 1].end, c[i].end);
          c[n - 1].types |= c[i].types;
          c[n - 1].last = c[i].last;
        }
      else
        c[n++] = c[i];
    }
  g_array_set_size (collectives, n);
}

/* "AllReduce #3", or "AllReduce #3–#47" for a burst of the 3rd to the 47th. */
static char *
dup_label (const Collective *c)
{
  g_autofree char *label = st_collective_dup_label (c->types, c->first);

  if (c->last == c->first)
    return g_steal_pointer (&label);
  return g_strdup_printf ("%s–#%u", label, c->last);
}

static void
add_edges (StHighlightJob *job, const Collective *c, guint n)
{
  gint64           end = st_trace_get_end_ns (job->trace);
  g_autofree char *first = dup_label (&c[0]);
  g_autofree char *last = dup_label (&c[n - 1]);
  g_autofree char *from_start = g_strdup_printf (_ ("Start → %s"), first);
  g_autofree char *to_end = g_strdup_printf (_ ("%s → End"), last);

  if (c[0].start > 0)
    st_highlight_job_add (job, 0, c[0].start, from_start);
  if (end > c[n - 1].end)
    st_highlight_job_add (job, c[n - 1].end, end, to_end);
}

static void
add_gaps (StHighlightJob *job, GArray *collectives)
{
  const Collective *c = (const Collective *)(void *)collectives->data;
  guint             n = collectives->len, too_short = 0;

  for (guint i = 0; i + 1 < n; i++)
    {
      gint64           gap = c[i + 1].start - c[i].end;
      g_autofree char *from = NULL, *to = NULL, *name = NULL;

      if (gap <= 0)
        continue;
      if (gap < job->config->min_gap_ns)
        {
          too_short++;
          continue;
        }
      from = dup_label (&c[i]);
      to = dup_label (&c[i + 1]);
      name = g_strdup_printf ("%s → %s", from, to);
      st_highlight_job_add (job, c[i].end, c[i + 1].start, name);
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
                              _ ("No collective operation named like “%s” was found on the chosen "
                                 "tracks with the chosen types."),
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
  g_autoptr (GArray) collectives = find_collectives (job);

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
  if (job->config->bursts && job->config->min_gap_ns == 0)
    join_bursts (collectives,
                 burst_gap ((const Collective *)(void *)collectives->data, collectives->len));
  add_gaps (job, collectives);
}
