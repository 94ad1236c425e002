/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-diff.c: the two passes of docs/metrics.md 8.4 per table:
 * the same name, then the same normal form of the names left; what is
 * left after both is added or removed. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-operation-diff.h"
#include "st-format.h"
#include "st-name-normal-form.h"
#include "st-time.h"

#include <math.h>
#include <string.h>

struct _StOperationDiff
{
  GArray *rows; /* StOperationDiffRow */
  guint   n_matched;
};

/* One side of a table while it is matched. */
typedef struct
{
  StTrace  *trace;
  GArray   *totals; /* StOperationTotal */
  guint     n_ranges;
  gboolean *used;
} Side;

static void
clear_row (gpointer data)
{
  StOperationDiffRow *row = data;

  g_free (row->name);
  g_array_unref (row->base_ids);
  g_array_unref (row->new_ids);
  g_clear_pointer (&row->base_names, g_ptr_array_unref);
}

static const char *
side_name (const Side *side, guint index)
{
  return st_trace_get_string (side->trace,
                              g_array_index (side->totals, StOperationTotal, index).name);
}

/* @sum / @ranges, rounded to the nearest ns (halves up), without doubling
 * @sum: a sum at int64's edge would overflow. */
static gint64
per_range (gint64 sum, guint ranges)
{
  gint64 q, rest;

  if (sum < 0)
    return sum == G_MININT64 ? G_MININT64 / (gint64)ranges : -per_range (-sum, ranges);
  q = sum / (gint64)ranges;
  rest = sum % (gint64)ranges;
  return q + (2 * rest >= (gint64)ranges);
}

/* The sums of @indices of @side as per-range means; their ids into @ids. */
static void
side_means (const Side *side,
            GArray     *indices,
            GArray     *ids,
            double     *count,
            gint64     *total,
            gint64     *self,
            gint64     *mean)
{
  guint64 n = 0;
  gint64  sum = 0, self_sum = 0;
  guint   ranges = MAX (side->n_ranges, 1);

  for (guint i = 0; i < indices->len; i++)
    {
      const StOperationTotal *t
          = &g_array_index (side->totals, StOperationTotal, g_array_index (indices, guint, i));

      n += t->count;
      sum = st_time_add_sat (sum, t->total_ns);
      self_sum = st_time_add_sat (self_sum, t->self_ns);
      g_array_append_val (ids, t->name);
    }
  *count = (double)n / ranges;
  *total = per_range (sum, ranges);
  *self = per_range (self_sum, ranges);
  *mean = n > 0 ? (gint64)llround ((double)sum / (double)n) : 0;
}

/* A row of the names @base_idx of the base and @new_idx of the new side. */
static void
add_row (GArray           *rows,
         StOperationsTable table,
         StOperationMatch  match,
         const Side       *base,
         GArray           *base_idx,
         const Side       *new_,
         GArray           *new_idx)
{
  StOperationDiffRow row = { 0 };
  guint              best = G_MAXUINT;
  gint64             best_total = -1;

  row.table = table;
  row.match = match;
  row.base_ids = g_array_new (FALSE, FALSE, sizeof (StStringId));
  row.new_ids = g_array_new (FALSE, FALSE, sizeof (StStringId));
  side_means (base, base_idx, row.base_ids, &row.base_count, &row.base_total_ns, &row.base_self_ns,
              &row.base_mean_ns);
  side_means (new_, new_idx, row.new_ids, &row.new_count, &row.new_total_ns, &row.new_self_ns,
              &row.new_mean_ns);
  for (guint i = 0; i < new_idx->len; i++)
    {
      guint                   k = g_array_index (new_idx, guint, i);
      const StOperationTotal *t = &g_array_index (new_->totals, StOperationTotal, k);

      if (t->total_ns > best_total
          || (t->total_ns == best_total
              && strcmp (side_name (new_, k), side_name (new_, best)) < 0))
        best = k, best_total = t->total_ns;
    }
  row.name = g_strdup (best != G_MAXUINT ? side_name (new_, best)
                                         : side_name (base, g_array_index (base_idx, guint, 0)));
  if (match == ST_OPERATION_MATCH_NORMALIZED)
    {
      row.base_names = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < base_idx->len; i++)
        g_ptr_array_add (row.base_names,
                         g_strdup (side_name (base, g_array_index (base_idx, guint, i))));
    }
  row.delta_ns = row.new_total_ns - row.base_total_ns;
  row.delta_self_ns = row.new_self_ns - row.base_self_ns;
  row.has_delta_percent = row.base_total_ns != 0;
  if (row.has_delta_percent)
    row.delta_percent = 100.0 * (double)row.delta_ns / (double)row.base_total_ns;
  g_array_append_val (rows, row);
}

static GArray *
one_index (guint index)
{
  GArray *a = g_array_sized_new (FALSE, FALSE, sizeof (guint), 1);

  g_array_append_val (a, index);
  return a;
}

static void
match_exact (StOperationDiff *self, StOperationsTable table, Side *base, Side *new_)
{
  g_autoptr (GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < new_->totals->len; i++)
    g_hash_table_insert (by_name, (gpointer)side_name (new_, i), GUINT_TO_POINTER (i + 1));
  for (guint i = 0; i < base->totals->len; i++)
    {
      guint              k = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, side_name (base, i)));
      g_autoptr (GArray) b = NULL;
      g_autoptr (GArray) n = NULL;

      if (k == 0)
        continue;
      b = one_index (i);
      n = one_index (k - 1);
      add_row (self->rows, table, ST_OPERATION_MATCH_EXACT, base, b, new_, n);
      base->used[i] = new_->used[k - 1] = TRUE;
      self->n_matched++;
    }
}

/* The names of @side not yet used, by normal form: form → GArray of indices. */
static GHashTable *
group_by_form (Side *side)
{
  GHashTable *forms
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_array_unref);

  for (guint i = 0; i < side->totals->len; i++)
    {
      char   *form;
      GArray *indices;

      if (side->used[i])
        continue;
      form = st_name_normal_form (side_name (side, i));
      indices = g_hash_table_lookup (forms, form);
      if (indices == NULL)
        {
          indices = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (forms, g_strdup (form), indices);
        }
      g_array_append_val (indices, i);
      g_free (form);
    }
  return forms;
}

static void
match_normalized (StOperationDiff *self, StOperationsTable table, Side *base, Side *new_)
{
  g_autoptr (GHashTable) base_forms = group_by_form (base);
  g_autoptr (GHashTable) new_forms = group_by_form (new_);
  GHashTableIter         iter;
  gpointer               form, base_idx;

  g_hash_table_iter_init (&iter, base_forms);
  while (g_hash_table_iter_next (&iter, &form, &base_idx))
    {
      GArray *new_idx = g_hash_table_lookup (new_forms, form);

      if (new_idx == NULL)
        continue;
      add_row (self->rows, table, ST_OPERATION_MATCH_NORMALIZED, base, base_idx, new_, new_idx);
      for (guint i = 0; i < ((GArray *)base_idx)->len; i++)
        base->used[g_array_index ((GArray *)base_idx, guint, i)] = TRUE;
      for (guint i = 0; i < new_idx->len; i++)
        new_->used[g_array_index (new_idx, guint, i)] = TRUE;
      self->n_matched++;
    }
}

static void
add_left_over (StOperationDiff *self, StOperationsTable table, Side *base, Side *new_)
{
  g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < base->totals->len; i++)
    if (!base->used[i])
      {
        g_autoptr (GArray) b = one_index (i);

        add_row (self->rows, table, ST_OPERATION_MATCH_REMOVED, base, b, new_, none);
      }
  for (guint i = 0; i < new_->totals->len; i++)
    if (!new_->used[i])
      {
        g_autoptr (GArray) n = one_index (i);

        add_row (self->rows, table, ST_OPERATION_MATCH_ADDED, base, none, new_, n);
      }
}

static int
compare_rows (gconstpointer a, gconstpointer b)
{
  const StOperationDiffRow *x = a, *y = b;
  gint64                    dx = ABS (x->delta_ns), dy = ABS (y->delta_ns);

  if (dx != dy)
    return dx > dy ? -1 : 1;
  if (x->table != y->table)
    return x->table == ST_OPERATIONS_KERNELS ? -1 : 1;
  return st_natural_compare (x->name, y->name);
}

StOperationDiff *
st_operation_diff_new (StOperationTotals *base, StOperationTotals *new_)
{
  StOperationDiff *self = g_new0 (StOperationDiff, 1);

  self->rows = g_array_new (FALSE, FALSE, sizeof (StOperationDiffRow));
  g_array_set_clear_func (self->rows, clear_row);
  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      Side b = { st_operation_totals_get_trace (base), st_operation_totals_get (base, t),
                 st_operation_totals_get_n_ranges (base), NULL };
      Side n = { st_operation_totals_get_trace (new_), st_operation_totals_get (new_, t),
                 st_operation_totals_get_n_ranges (new_), NULL };

      b.used = g_new0 (gboolean, b.totals->len + 1);
      n.used = g_new0 (gboolean, n.totals->len + 1);
      match_exact (self, t, &b, &n);
      match_normalized (self, t, &b, &n);
      add_left_over (self, t, &b, &n);
      g_free (b.used);
      g_free (n.used);
    }
  g_array_sort (self->rows, compare_rows);
  return self;
}

StOperationDiff *
st_operation_diff_new_between (StTrace *trace, StSummary *base, StSummary *new_)
{
  g_autoptr (StOperationTotals) b = st_operation_totals_new (trace);
  g_autoptr (StOperationTotals) n = st_operation_totals_new (trace);

  st_operation_totals_add (b, base);
  st_operation_totals_add (n, new_);
  return st_operation_diff_new (b, n);
}

void
st_operation_diff_free (StOperationDiff *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->rows);
  g_free (self);
}

guint
st_operation_diff_get_n_rows (StOperationDiff *self)
{
  return self->rows->len;
}

const StOperationDiffRow *
st_operation_diff_get_row (StOperationDiff *self, guint index)
{
  g_return_val_if_fail (index < self->rows->len, NULL);
  return &g_array_index (self->rows, StOperationDiffRow, index);
}

guint
st_operation_diff_get_n_matched (StOperationDiff *self)
{
  return self->n_matched;
}

const char *
st_operation_match_to_string (StOperationMatch match)
{
  static const char *const names[] = { "exact", "normalized", "added", "removed" };

  g_return_val_if_fail ((guint)match < G_N_ELEMENTS (names), NULL);
  return names[match];
}
