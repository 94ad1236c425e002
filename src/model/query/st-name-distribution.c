/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-name-distribution.h"
#include "st-format.h"

#include "st-name-index.h"
#include "st-time.h"
#include "st-trace-query.h"

#include <math.h>
#include <string.h>

/* How often a long walk looks at its cancellable. */
#define CHECK_EVERY 65536
/* B × log10(longest / shortest) is at least this (docs/metrics.md 14.3). */
#define MIN_BINS 25

typedef struct
{
  gint64     dur;
  StSliceRef ref;
  guint32    group; /* numbered in the order the groups first appear */
} Item;

#define NO_PARENT G_MAXUINT32

/* Where the parents of the instances of one row are looked for: the
 * instances come in the order of their track's slices, so on one row by
 * start, and each one's parent is at or after the previous one's. */
typedef struct
{
  gboolean valid;
  guint    track;
  guint    row;
  gboolean top;  /* the first row of a lane: no parent */
  guint    next; /* the first slice of the row above that may start after the instance */
} ParentCursor;

static gboolean
is_first_row_of_lane (const StTrack *t, guint row)
{
  for (guint l = 0; l <= t->n_lanes; l++)
    if (t->lane_rows[l] == row)
      return TRUE;
  return row == 0;
}

/* The first slice of [from, hi) starting after @time: galloping, then a
 * binary search. */
static guint
first_after (const StSlice *slices, guint from, guint hi, gint64 time)
{
  guint a = from, b = from, step = 1;

  while (b < hi && slices[b].start <= time)
    {
      a = b + 1;
      b = a + step;
      step *= 2;
    }
  b = MIN (b, hi);
  while (a < b)
    {
      guint mid = a + (b - a) / 2;
      if (slices[mid].start <= time)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

/* The name of the slice enclosing @ref one row up in its lane, as
 * st_trace_get_parent() finds it, or NO_PARENT. */
static guint32
parent_key (const StTrack *t, ParentCursor *c, StSliceRef ref)
{
  const StSlice *s = &t->slices[ref.index];
  guint          row = s->depth, lo, k;

  if (!c->valid || c->track != ref.track || c->row != row)
    {
      *c = (ParentCursor){ TRUE, ref.track, row, is_first_row_of_lane (t, row), 0 };
      if (!c->top)
        c->next = t->row_offsets[row - 1];
    }
  if (c->top)
    return NO_PARENT;
  lo = t->row_offsets[row - 1];
  c->next = first_after (t->slices, c->next, t->row_offsets[row], s->start);
  if (c->next == lo)
    return NO_PARENT;
  k = c->next - 1;
  if (st_time_add_sat (t->slices[k].start, t->slices[k].dur) < st_time_add_sat (s->start, s->dur))
    return NO_PARENT;
  return t->slices[k].name;
}

/* Whether @s counts for @range (docs/metrics.md 14.1). */
static gboolean
overlaps (const StSlice *s, const StTimeSpan *range)
{
  if (range == NULL)
    return TRUE;
  if (s->dur == 0)
    return s->start >= range->begin && s->start < range->end;
  return s->start < range->end && st_time_add_sat (s->start, s->dur) > range->begin;
}

/* Numbers the groups in the order they first appear; the instances of a
 * group mostly come one after another, so the last one is kept at hand. */
typedef struct
{
  StGrouping  grouping;
  GHashTable *numbers; /* key + 1 → group number */
  GArray     *keys;    /* guint32 per group: its track, or its parent's name */
  gboolean    has_last;
  guint32     last_key;
  guint32     last_group;
} Grouper;

static guint32
grouper_number (Grouper *g, guint32 key)
{
  gpointer found;

  if (g->has_last && key == g->last_key)
    return g->last_group;
  if (!g_hash_table_lookup_extended (g->numbers, GUINT_TO_POINTER (key + 1), NULL, &found))
    {
      found = GUINT_TO_POINTER (g->keys->len);
      g_array_append_val (g->keys, key);
      g_hash_table_insert (g->numbers, GUINT_TO_POINTER (key + 1), found);
    }
  g->has_last = TRUE;
  g->last_key = key;
  g->last_group = GPOINTER_TO_UINT (found);
  return g->last_group;
}

/* The instances of @name in @range, in track order, each with its group;
 * NULL when cancelled. */
static GArray *
collect (StTrace          *trace,
         StNameIndex      *index,
         StStringId        name,
         const StTimeSpan *range,
         Grouper          *grouper,
         GCancellable     *cancellable)
{
  guint          n;
  const guint32 *numbers = st_name_index_lookup (index, name, &n);
  GArray        *items = g_array_sized_new (FALSE, FALSE, sizeof (Item), n);
  ParentCursor   cursor = { 0 };

  for (guint i = 0; i < n; i++)
    {
      StSliceRef     ref = st_name_index_get_ref (index, numbers[i]);
      const StTrack *t = st_trace_get_track (trace, ref.track);
      const StSlice *s = &t->slices[ref.index];
      Item           item = { MAX (0, s->dur), ref, 0 };

      if (i % CHECK_EVERY == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_array_unref (items);
          return NULL;
        }
      if (!overlaps (s, range))
        continue;
      if (grouper->grouping == ST_GROUPING_TRACK)
        item.group = grouper_number (grouper, ref.track);
      else if (grouper->grouping == ST_GROUPING_PARENT)
        item.group = grouper_number (grouper, parent_key (t, &cursor, ref));
      g_array_append_val (items, item);
    }
  return items;
}

/* Sorts @items by duration, stably (ties stay in track order): a byte at a
 * time from the lowest, over the bytes the longest duration has. */
static void
sort_by_duration (GArray *items)
{
  guint            n = items->len;
  Item            *from = (Item *)items->data;
  g_autofree Item *scratch = g_new (Item, MAX (1, n));
  Item            *to = scratch;
  guint64          longest = 0;

  for (guint i = 0; i < n; i++)
    longest = MAX (longest, (guint64)from[i].dur);
  for (guint shift = 0; shift < 64 && (longest >> shift) != 0; shift += 8)
    {
      guint count[257] = { 0 };
      Item *swap;

      for (guint i = 0; i < n; i++)
        count[(((guint64)from[i].dur >> shift) & 0xff) + 1]++;
      for (guint b = 0; b < 256; b++)
        count[b + 1] += count[b];
      for (guint i = 0; i < n; i++)
        to[count[((guint64)from[i].dur >> shift) & 0xff]++] = from[i];
      swap = from;
      from = to;
      to = swap;
    }
  if (from != (Item *)items->data)
    memcpy (items->data, from, sizeof (Item) * n);
}

/* k = ⌈p × n / 100⌉, the nearest rank (1-based). */
static guint
nearest_rank (guint p, guint n)
{
  return (guint)(((guint64)p * n + 99) / 100);
}

/* The statistics of @n durations sorted shortest first. */
static void
stats_of_sorted (StDurationStats *st, const gint64 *d, guint n)
{
  memset (st, 0, sizeof *st);
  st->count = n;
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    st->total_ns = st_time_add_sat (st->total_ns, d[i]);
  st->min_ns = d[0];
  st->max_ns = d[n - 1];
  st->p50_ns = d[nearest_rank (50, n) - 1];
  st->p90_ns = d[nearest_rank (90, n) - 1];
  st->p99_ns = d[nearest_rank (99, n) - 1];
  st->mean_ns = st->total_ns / n;
}

gint64
st_name_distribution_edge (guint bins_per_decade, gint k)
{
  long double v;

  g_return_val_if_fail (bins_per_decade > 0, 0);
  if (k <= 0)
    return 1;
  if (k % (gint)bins_per_decade == 0)
    {
      gint64 p = 1;

      /* whole decades exactly, without pow */
      for (gint d = 0; d < k / (gint)bins_per_decade; d++)
        {
          if (p > G_MAXINT64 / 10)
            return G_MAXINT64;
          p *= 10;
        }
      return p;
    }
  v = ceill (powl (10.0L, (long double)k / bins_per_decade));
  return v >= 9.2e18L ? G_MAXINT64 : (gint64)v;
}

static guint
choose_bins_per_decade (gint64 shortest, gint64 longest)
{
  static const guint choices[] = { 10, 20, 50, 100, 200, 500 };
  double             decades = log10 ((double)longest / (double)shortest);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    if (choices[i] * decades >= MIN_BINS)
      return choices[i];
  return 500;
}

/* The bin of a duration of @d ≥ 1 ns, by integer edges after a first guess
 * in floating point. */
static gint
bin_of (guint bins_per_decade, gint64 d)
{
  gint k = (gint)floor (bins_per_decade * log10 ((double)d));

  while (k > 0 && st_name_distribution_edge (bins_per_decade, k) > d)
    k--;
  while (st_name_distribution_edge (bins_per_decade, k + 1) <= d
         && st_name_distribution_edge (bins_per_decade, k + 1) < G_MAXINT64)
    k++;
  return k;
}

/* The bins from the shortest positive duration's to the longest's, after
 * the bin of 0 ns when there are some; each one's run of instances. */
static void
make_bins (StNameDistribution *self)
{
  const gint64 *d = self->durations;
  guint         n = self->n_instances, zeros = 0, at = 0, b = 0;
  gint          k0 = 0, k1 = -1;

  while (zeros < n && d[zeros] == 0)
    zeros++;
  if (zeros < n)
    {
      self->bins_per_decade = choose_bins_per_decade (d[zeros], d[n - 1]);
      k0 = bin_of (self->bins_per_decade, d[zeros]);
      k1 = bin_of (self->bins_per_decade, d[n - 1]);
    }
  self->n_bins = (zeros > 0) + (guint)(k1 - k0 + 1);
  self->bins = g_new0 (StDurationBin, MAX (1, self->n_bins));
  if (zeros > 0)
    {
      self->bins[b++] = (StDurationBin){ 0, 1, G_MININT, 0, zeros };
      at = zeros;
    }
  for (gint k = k0; k <= k1; k++, b++)
    {
      StDurationBin *bin = &self->bins[b];

      bin->k = k;
      bin->lo_ns = st_name_distribution_edge (self->bins_per_decade, k);
      bin->hi_ns = st_name_distribution_edge (self->bins_per_decade, k + 1);
      bin->first = at;
      while (at < n && (k == k1 || d[at] < bin->hi_ns))
        at++;
      bin->count = at - bin->first;
    }
}

static void
group_clear (StDurationGroup *g)
{
  g_free (g->label);
  g_free (g->bin_counts);
}

void
st_name_distribution_free (StNameDistribution *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_groups; i++)
    group_clear (&self->groups[i]);
  g_free (self->groups);
  g_free (self->instance_group);
  g_free (self->bins);
  g_free (self->instances);
  g_free (self->durations);
  g_free (self);
}

static char *
group_label (StTrace *trace, StGrouping grouping, guint32 key)
{
  if (grouping == ST_GROUPING_TRACK)
    return st_trace_dup_track_label (trace, key);
  return key == NO_PARENT ? NULL : g_strdup (st_trace_get_string (trace, key));
}

/* Largest first, then by total time, then by label (no parent first). */
static gint
compare_groups (gconstpointer a, gconstpointer b, gpointer data)
{
  const StDurationGroup *groups = data;
  const StDurationGroup *x = &groups[*(const guint *)a], *y = &groups[*(const guint *)b];

  if (x->stats.count != y->stats.count)
    return x->stats.count > y->stats.count ? -1 : 1;
  if (x->stats.total_ns != y->stats.total_ns)
    return x->stats.total_ns > y->stats.total_ns ? -1 : 1;
  if (x->label == NULL || y->label == NULL)
    return x->label == NULL ? (y->label == NULL ? 0 : -1) : 1;
  return st_natural_compare (x->label, y->label);
}

/* Each group's statistics and bin counts, from the instances in duration
 * order: a counting sort by group keeps each group's durations sorted. */
static StDurationGroup *
make_groups (StNameDistribution *self, StTrace *trace, GArray *keys, const guint32 *of)
{
  StDurationGroup   *groups = g_new0 (StDurationGroup, MAX (1, keys->len));
  g_autofree guint  *start = g_new0 (guint, keys->len + 1);
  g_autofree guint  *at = NULL;
  g_autofree gint64 *sorted = g_new (gint64, MAX (1, self->n_instances));

  for (guint i = 0; i < self->n_instances; i++)
    start[of[i] + 1]++;
  for (guint g = 0; g < keys->len; g++)
    start[g + 1] += start[g];
  at = g_memdup2 (start, sizeof (guint) * (keys->len + 1));
  for (guint i = 0; i < self->n_instances; i++)
    sorted[at[of[i]]++] = self->durations[i];
  for (guint g = 0; g < keys->len; g++)
    {
      groups[g].label = group_label (trace, self->grouping, g_array_index (keys, guint32, g));
      groups[g].bin_counts = g_new0 (guint, MAX (1, self->n_bins));
      stats_of_sorted (&groups[g].stats, sorted + start[g], start[g + 1] - start[g]);
    }
  for (guint b = 0; b < self->n_bins; b++)
    for (guint i = self->bins[b].first; i < self->bins[b].first + self->bins[b].count; i++)
      groups[of[i]].bin_counts[b]++;
  return groups;
}

/* The groups in their order (largest first), each instance's group
 * renumbered to match. */
static void
group_instances (StNameDistribution *self, StTrace *trace, GArray *items, GArray *keys)
{
  g_autofree guint32         *of = g_new (guint32, MAX (1, items->len));
  g_autofree StDurationGroup *groups = NULL;
  g_autofree guint           *order = g_new (guint, MAX (1, keys->len));
  g_autofree guint           *renumber = g_new (guint, MAX (1, keys->len));

  for (guint i = 0; i < items->len; i++)
    of[i] = g_array_index (items, Item, i).group;
  groups = make_groups (self, trace, keys, of);
  for (guint g = 0; g < keys->len; g++)
    order[g] = g;
  g_qsort_with_data (order, keys->len, sizeof (guint), compare_groups, groups);
  self->n_groups = keys->len;
  self->groups = g_new (StDurationGroup, MAX (1, keys->len));
  for (guint g = 0; g < keys->len; g++)
    {
      self->groups[g] = groups[order[g]];
      renumber[order[g]] = g;
    }
  self->instance_group = g_new (guint, MAX (1, self->n_instances));
  for (guint i = 0; i < self->n_instances; i++)
    self->instance_group[i] = renumber[of[i]];
}

StNameDistribution *
st_name_distribution_compute (StTrace          *trace,
                              StStringId        name,
                              const StTimeSpan *range,
                              StGrouping        grouping,
                              GCancellable     *cancellable)
{
  StNameIndex                   *index;
  g_autoptr (GArray)             items = NULL;
  g_autoptr (GArray)             keys = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GHashTable)         numbers = g_hash_table_new (NULL, NULL);
  Grouper                        grouper = { grouping, numbers, keys, FALSE, 0, 0 };
  g_autoptr (StNameDistribution) self = NULL;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  index = st_name_index_get (trace, cancellable);
  if (index == NULL || (items = collect (trace, index, name, range, &grouper, cancellable)) == NULL)
    return NULL;
  sort_by_duration (items);
  self = g_new0 (StNameDistribution, 1);
  self->name = name;
  self->grouping = grouping;
  self->n_instances = items->len;
  self->instances = g_new (StSliceRef, MAX (1, items->len));
  self->durations = g_new (gint64, MAX (1, items->len));
  for (guint i = 0; i < items->len; i++)
    {
      const Item *item = &g_array_index (items, Item, i);

      self->instances[i] = item->ref;
      self->durations[i] = item->dur;
    }
  stats_of_sorted (&self->stats, self->durations, self->n_instances);
  make_bins (self);
  if (grouping != ST_GROUPING_NONE)
    group_instances (self, trace, items, keys);
  return g_steal_pointer (&self);
}
