/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-operation-totals.c: per name, its slot found by its string id, so
 * adding a summary's rows is one pass over them. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-operation-totals.h"
#include "st-profile-steps.h"

struct _StOperationTotals
{
  StTrace    *trace;
  guint       n_ranges;
  GArray     *totals[ST_N_OPERATIONS_TABLES]; /* StOperationTotal, by name id once asked */
  GHashTable *slots[ST_N_OPERATIONS_TABLES];  /* name id → index + 1 in totals */
  gboolean    sorted[ST_N_OPERATIONS_TABLES];
};

StOperationTotals *
st_operation_totals_new (StTrace *trace)
{
  StOperationTotals *self = g_new0 (StOperationTotals, 1);

  self->trace = g_object_ref (trace);
  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      self->totals[t] = g_array_new (FALSE, FALSE, sizeof (StOperationTotal));
      self->slots[t] = g_hash_table_new (NULL, NULL);
      self->sorted[t] = TRUE;
    }
  return self;
}

void
st_operation_totals_free (StOperationTotals *self)
{
  if (self == NULL)
    return;
  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      g_array_unref (self->totals[t]);
      g_hash_table_unref (self->slots[t]);
    }
  g_object_unref (self->trace);
  g_free (self);
}

void
st_operation_totals_add (StOperationTotals *self, StSummary *summary)
{
  for (guint t = 0; t < ST_N_OPERATIONS_TABLES; t++)
    {
      GArray *rows = st_summary_get_operations (summary, (StOperationsTable)t, FALSE);

      for (guint i = 0; i < rows->len; i++)
        {
          const StOperationRow *row = &g_array_index (rows, StOperationRow, i);
          guint                 slot = GPOINTER_TO_UINT (
                              g_hash_table_lookup (self->slots[t], GUINT_TO_POINTER (row->name)));
          StOperationTotal *total;

          if (t == ST_OPERATIONS_HOST
              && st_profile_steps_is_step_name (st_trace_get_string (self->trace, row->name)))
            continue;
          if (slot == 0)
            {
              StOperationTotal fresh = { row->name, 0, 0, 0 };

              g_array_append_val (self->totals[t], fresh);
              slot = self->totals[t]->len;
              g_hash_table_insert (self->slots[t], GUINT_TO_POINTER (row->name),
                                   GUINT_TO_POINTER (slot));
              self->sorted[t] = FALSE;
            }
          total = &g_array_index (self->totals[t], StOperationTotal, slot - 1);
          total->count += row->count;
          total->total_ns += row->total_ns;
          total->self_ns += row->self_ns;
        }
    }
  self->n_ranges++;
}

StTrace *
st_operation_totals_get_trace (StOperationTotals *self)
{
  return self->trace;
}

guint
st_operation_totals_get_n_ranges (StOperationTotals *self)
{
  return self->n_ranges;
}

static int
compare_by_name (gconstpointer a, gconstpointer b)
{
  StStringId x = ((const StOperationTotal *)a)->name, y = ((const StOperationTotal *)b)->name;

  return (x > y) - (x < y);
}

GArray *
st_operation_totals_get (StOperationTotals *self, StOperationsTable table)
{
  g_return_val_if_fail (table < ST_N_OPERATIONS_TABLES, NULL);

  if (!self->sorted[table])
    {
      GArray *totals = self->totals[table];

      g_array_sort (totals, compare_by_name);
      for (guint i = 0; i < totals->len; i++)
        g_hash_table_insert (self->slots[table],
                             GUINT_TO_POINTER (g_array_index (totals, StOperationTotal, i).name),
                             GUINT_TO_POINTER (i + 1));
      self->sorted[table] = TRUE;
    }
  return self->totals[table];
}
