#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-name-distribution.h"

#include "st-name-index.h"
#include "st-sort.h"
#include "st-time.h"
#include "st-trace-query.h"

#include <math.h>

/* How often a long walk looks at its cancellable. */
#define CHECK_EVERY 65536
/* B × log10(longest / shortest) is at least this (docs/metrics.md 14.3). */
#define MIN_BINS 25

typedef struct
{
  gint64  dur;
  guint32 number; /* in the name index: track order */
} Item;

ST_DEFINE_SORT (sort_items, Item, a->dur < b->dur || (a->dur == b->dur && a->number < b->number))

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

/* The instances of @name in @range, unsorted; NULL when cancelled. */
static GArray *
collect (StTrace          *trace,
         StNameIndex      *index,
         StStringId        name,
         const StTimeSpan *range,
         GCancellable     *cancellable)
{
  guint          n;
  const guint32 *numbers = st_name_index_lookup (index, name, &n);
  GArray        *items = g_array_sized_new (FALSE, FALSE, sizeof (Item), n);

  for (guint i = 0; i < n; i++)
    {
      const StSlice *s = st_trace_get_slice (trace, st_name_index_get_ref (index, numbers[i]));

      if (i % CHECK_EVERY == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_array_unref (items);
          return NULL;
        }
      if (overlaps (s, range))
        g_array_append_val (items, ((Item){ MAX (0, s->dur), numbers[i] }));
    }
  return items;
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

#define NO_PARENT G_MAXUINT32

/* What an instance is grouped by: its track, or its parent's name. */
static guint32
group_key (StTrace *trace, StGrouping grouping, StSliceRef ref)
{
  StSliceRef parent;

  if (grouping == ST_GROUPING_TRACK)
    return ref.track;
  if (!st_trace_get_parent (trace, ref, &parent))
    return NO_PARENT;
  return st_trace_get_slice (trace, parent)->name;
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
  return g_strcmp0 (x->label, y->label);
}

/* Each instance's group, by order of first appearance; NULL when
 * cancelled. */
static guint32 *
assign_groups (StNameDistribution *self, StTrace *trace, GArray *keys, GCancellable *cancellable)
{
  g_autoptr (GHashTable) groups = g_hash_table_new (NULL, NULL);
  guint32               *of = g_new (guint32, MAX (1, self->n_instances));

  for (guint i = 0; i < self->n_instances; i++)
    {
      guint32  key = group_key (trace, self->grouping, self->instances[i]);
      gpointer found;

      if (i % CHECK_EVERY == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_free (of);
          return NULL;
        }
      if (!g_hash_table_lookup_extended (groups, GUINT_TO_POINTER (key + 1), NULL, &found))
        {
          found = GUINT_TO_POINTER (keys->len);
          g_array_append_val (keys, key);
          g_hash_table_insert (groups, GUINT_TO_POINTER (key + 1), found);
        }
      of[i] = GPOINTER_TO_UINT (found);
    }
  return of;
}

/* Each group's statistics and bin counts, from the instances in duration
 * order (so each group's durations come sorted). */
static StDurationGroup *
make_groups (StNameDistribution *self, StTrace *trace, GArray *keys, const guint32 *of)
{
  StDurationGroup      *groups = g_new0 (StDurationGroup, MAX (1, keys->len));
  g_autoptr (GPtrArray) durations = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);

  for (guint g = 0; g < keys->len; g++)
    {
      groups[g].label = group_label (trace, self->grouping, g_array_index (keys, guint32, g));
      groups[g].bin_counts = g_new0 (guint, MAX (1, self->n_bins));
      g_ptr_array_add (durations, g_array_new (FALSE, FALSE, sizeof (gint64)));
    }
  for (guint b = 0; b < self->n_bins; b++)
    for (guint i = self->bins[b].first; i < self->bins[b].first + self->bins[b].count; i++)
      groups[of[i]].bin_counts[b]++;
  for (guint i = 0; i < self->n_instances; i++)
    g_array_append_val (g_ptr_array_index (durations, of[i]), self->durations[i]);
  for (guint g = 0; g < keys->len; g++)
    {
      GArray *d = g_ptr_array_index (durations, g);
      stats_of_sorted (&groups[g].stats, (const gint64 *)d->data, d->len);
    }
  return groups;
}

/* The groups in their order (largest first), each instance's group
 * renumbered to match; FALSE when cancelled. */
static gboolean
group_instances (StNameDistribution *self, StTrace *trace, GCancellable *cancellable)
{
  g_autoptr (GArray)          keys = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32         *of = assign_groups (self, trace, keys, cancellable);
  g_autofree StDurationGroup *groups = NULL;
  g_autofree guint           *order = NULL, *renumber = NULL;

  if (of == NULL)
    return FALSE;
  groups = make_groups (self, trace, keys, of);
  order = g_new (guint, MAX (1, keys->len));
  renumber = g_new (guint, MAX (1, keys->len));
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
  return TRUE;
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
  g_autoptr (StNameDistribution) self = NULL;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  index = st_name_index_get (trace, cancellable);
  if (index == NULL || (items = collect (trace, index, name, range, cancellable)) == NULL)
    return NULL;
  sort_items ((Item *)items->data, items->len, NULL);
  self = g_new0 (StNameDistribution, 1);
  self->name = name;
  self->grouping = grouping;
  self->n_instances = items->len;
  self->instances = g_new (StSliceRef, MAX (1, items->len));
  self->durations = g_new (gint64, MAX (1, items->len));
  for (guint i = 0; i < items->len; i++)
    {
      const Item *item = &g_array_index (items, Item, i);

      self->instances[i] = st_name_index_get_ref (index, item->number);
      self->durations[i] = item->dur;
    }
  stats_of_sorted (&self->stats, self->durations, self->n_instances);
  make_bins (self);
  if (grouping != ST_GROUPING_NONE && !group_instances (self, trace, cancellable))
    return NULL;
  return g_steal_pointer (&self);
}
