#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-ranges.h"

#include "st-operation-diff.h"

#define MAX_RANGES 3

struct _StSummaryRanges
{
  StTrace       *trace;
  StSummaryParts parts;
  gboolean       compare;
  guint          n;
  gint64         starts[MAX_RANGES];
  gint64         ends[MAX_RANGES];
};

/* What the thread computed. */
typedef struct
{
  GPtrArray *summaries;
  GPtrArray *diagnoses;
  GPtrArray *diffs;
} Result;

static void
result_free (Result *result)
{
  g_ptr_array_unref (result->summaries);
  g_ptr_array_unref (result->diagnoses);
  g_ptr_array_unref (result->diffs);
  g_free (result);
}

StSummaryRanges *
st_summary_ranges_new (StTrace *trace, StSummaryParts parts, gboolean compare)
{
  StSummaryRanges *self = g_new0 (StSummaryRanges, 1);

  self->trace = g_object_ref (trace);
  self->parts = parts;
  /* the diffs are between the operations tables */
  self->compare = compare && (parts & ST_SUMMARY_OPERATIONS) != 0;
  return self;
}

void
st_summary_ranges_free (StSummaryRanges *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->trace);
  g_free (self);
}

void
st_summary_ranges_add (StSummaryRanges *self, gint64 start, gint64 end)
{
  g_return_if_fail (self->n < MAX_RANGES);

  self->starts[self->n] = start;
  self->ends[self->n] = end;
  self->n++;
}

static void
compute_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StSummaryRanges *self = data;
  Result          *result = g_new0 (Result, 1);
  GError          *error = NULL;

  result->summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)st_summary_free);
  result->diagnoses = g_ptr_array_new_with_free_func ((GDestroyNotify)st_diagnosis_free);
  result->diffs = g_ptr_array_new_with_free_func ((GDestroyNotify)st_operation_diff_free);
  for (guint i = 0; i < self->n && error == NULL; i++)
    {
      StSummary   *summary = st_summary_compute_parts (self->trace, self->starts[i], self->ends[i],
                                                       self->parts, cancellable, &error);
      StDiagnosis *diagnosis;

      if (summary == NULL)
        break;
      g_ptr_array_add (result->summaries, summary);
      /* what the cards say first, computed with their numbers */
      if ((self->parts & ST_SUMMARY_CARDS)
          && (diagnosis = st_diagnosis_compute (self->trace, summary, cancellable, &error)) != NULL)
        g_ptr_array_add (result->diagnoses, diagnosis);
    }
  for (guint i = 1; self->compare && error == NULL && i < self->n; i++)
    if (!g_cancellable_set_error_if_cancelled (cancellable, &error))
      g_ptr_array_add (result->diffs, st_operation_diff_new_between (
                                          self->trace, g_ptr_array_index (result->summaries, 0),
                                          g_ptr_array_index (result->summaries, i)));
  if (error != NULL)
    {
      result_free (result);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, result, (GDestroyNotify)result_free);
}

void
st_summary_ranges_compute_async (StSummaryRanges    *self,
                                 GCancellable       *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer            user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, st_summary_ranges_compute_async);
  g_task_set_task_data (task, self, (GDestroyNotify)st_summary_ranges_free);
  g_task_run_in_thread (task, compute_thread);
}

gboolean
st_summary_ranges_compute_finish (GAsyncResult *result,
                                  GPtrArray   **summaries,
                                  GPtrArray   **diagnoses,
                                  GPtrArray   **diffs,
                                  GError      **error)
{
  Result *computed;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  computed = g_task_propagate_pointer (G_TASK (result), error);
  if (computed == NULL)
    return FALSE;
  *summaries = g_ptr_array_ref (computed->summaries);
  *diagnoses = g_ptr_array_ref (computed->diagnoses);
  *diffs = g_ptr_array_ref (computed->diffs);
  result_free (computed);
  return TRUE;
}
