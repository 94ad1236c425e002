/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-range-summaries.h"

#include "st-job.h"
#include "st-operation-diff.h"

#include <string.h>

struct _StRangeSummaries
{
  GObject parent_instance;

  StJob     *job;
  StTrace   *trace;     /* of the computation under way */
  gboolean   compare;   /* its operations are compared */
  GPtrArray *summaries; /* StSummary */
  GPtrArray *diagnoses; /* StDiagnosis */
  GPtrArray *diffs;     /* StOperationDiff */
};

G_DEFINE_FINAL_TYPE (StRangeSummaries, st_range_summaries, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_COMPUTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  NUMBERS_READY,
  OPERATIONS_READY,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What one step computes, of which ranges. */
typedef struct
{
  StTrace       *trace;
  StSummaryParts parts;
  gboolean       compare;
  guint          n;
  gint64         starts[ST_RANGE_SUMMARIES_MAX];
  gint64         ends[ST_RANGE_SUMMARIES_MAX];
} Step;

static void
step_free (Step *step)
{
  g_object_unref (step->trace);
  g_free (step);
}

/* What a step's thread computed. */
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

static gpointer
step_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Step   *step = data;
  Result *result = g_new0 (Result, 1);
  GError *local = NULL;

  result->summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)st_summary_free);
  result->diagnoses = g_ptr_array_new_with_free_func ((GDestroyNotify)st_diagnosis_free);
  result->diffs = g_ptr_array_new_with_free_func ((GDestroyNotify)st_operation_diff_free);
  for (guint i = 0; i < step->n && local == NULL; i++)
    {
      StSummary   *summary = st_summary_compute_parts (step->trace, step->starts[i], step->ends[i],
                                                       step->parts, cancellable, &local);
      StDiagnosis *diagnosis;

      if (summary == NULL)
        break;
      g_ptr_array_add (result->summaries, summary);
      /* what the cards say first, computed with their numbers */
      if ((step->parts & ST_SUMMARY_CARDS)
          && (diagnosis = st_diagnosis_compute (step->trace, summary, cancellable, &local)) != NULL)
        g_ptr_array_add (result->diagnoses, diagnosis);
    }
  for (guint i = 1; step->compare && local == NULL && i < step->n; i++)
    if (!g_cancellable_set_error_if_cancelled (cancellable, &local))
      g_ptr_array_add (result->diffs, st_operation_diff_new_between (
                                          step->trace, g_ptr_array_index (result->summaries, 0),
                                          g_ptr_array_index (result->summaries, i)));
  if (local != NULL)
    {
      result_free (result);
      g_propagate_error (error, local);
      return NULL;
    }
  return result;
}

static void
on_operations (gpointer owner, gpointer data, const GError *error)
{
  StRangeSummaries *self = owner;
  Result           *result = data;

  if (result == NULL)
    {
      g_signal_emit (self, signals[FAILED], 0, error);
      return;
    }
  for (guint i = 0; i < result->summaries->len && i < self->summaries->len; i++)
    st_summary_take_operations (g_ptr_array_index (self->summaries, i),
                                g_ptr_array_index (result->summaries, i));
  g_ptr_array_unref (self->diffs);
  self->diffs = g_ptr_array_ref (result->diffs);
  result_free (result);
  g_signal_emit (self, signals[OPERATIONS_READY], 0);
}

/* The operations tables of the ranges whose numbers are in, and in
 * Compare the operations between them. */
static void
start_operations (StRangeSummaries *self)
{
  Step *step = g_new0 (Step, 1);

  step->trace = g_object_ref (self->trace);
  step->parts = ST_SUMMARY_OPERATIONS;
  step->compare = self->compare;
  for (; step->n < self->summaries->len; step->n++)
    st_summary_get_range (g_ptr_array_index (self->summaries, step->n), &step->starts[step->n],
                          &step->ends[step->n]);
  st_job_start (self->job, step_thread, step, (GDestroyNotify)step_free, on_operations,
                (GDestroyNotify)result_free);
}

/* The numbers are in: they show, then the operations tables follow. */
static void
on_numbers (gpointer owner, gpointer data, const GError *error)
{
  StRangeSummaries *self = owner;
  Result           *result = data;

  if (result == NULL)
    {
      g_signal_emit (self, signals[FAILED], 0, error);
      return;
    }
  g_ptr_array_unref (self->summaries);
  self->summaries = g_ptr_array_ref (result->summaries);
  g_ptr_array_unref (self->diagnoses);
  self->diagnoses = g_ptr_array_ref (result->diagnoses);
  /* the diffs come with the operations tables */
  g_ptr_array_set_size (self->diffs, 0);
  result_free (result);
  g_signal_emit (self, signals[NUMBERS_READY], 0);
  start_operations (self);
}

void
st_range_summaries_compute (StRangeSummaries *self,
                            StTrace          *trace,
                            const gint64     *starts,
                            const gint64     *ends,
                            guint             n,
                            gboolean          compare)
{
  Step *step;

  g_return_if_fail (ST_IS_RANGE_SUMMARIES (self));
  g_return_if_fail (ST_IS_TRACE (trace));
  g_return_if_fail (n > 0 && n <= ST_RANGE_SUMMARIES_MAX);

  g_set_object (&self->trace, trace);
  /* the diffs are between the operations tables */
  self->compare = compare;
  step = g_new0 (Step, 1);
  step->trace = g_object_ref (trace);
  /* the diagnosis that follows takes the cards' device events */
  step->parts = ST_SUMMARY_CARDS | ST_SUMMARY_KEEP_DEVICE_EVENTS;
  step->n = n;
  memcpy (step->starts, starts, n * sizeof *starts);
  memcpy (step->ends, ends, n * sizeof *ends);
  st_job_start (self->job, step_thread, step, (GDestroyNotify)step_free, on_numbers,
                (GDestroyNotify)result_free);
}

void
st_range_summaries_cancel (StRangeSummaries *self)
{
  g_return_if_fail (ST_IS_RANGE_SUMMARIES (self));
  st_job_cancel (self->job);
}

void
st_range_summaries_clear (StRangeSummaries *self)
{
  g_return_if_fail (ST_IS_RANGE_SUMMARIES (self));
  st_job_cancel (self->job);
  g_ptr_array_set_size (self->summaries, 0);
  g_ptr_array_set_size (self->diagnoses, 0);
  g_ptr_array_set_size (self->diffs, 0);
}

gboolean
st_range_summaries_is_computing (StRangeSummaries *self)
{
  g_return_val_if_fail (ST_IS_RANGE_SUMMARIES (self), FALSE);
  return st_job_is_running (self->job);
}

GPtrArray *
st_range_summaries_get_summaries (StRangeSummaries *self)
{
  g_return_val_if_fail (ST_IS_RANGE_SUMMARIES (self), NULL);
  return self->summaries;
}

GPtrArray *
st_range_summaries_get_diagnoses (StRangeSummaries *self)
{
  g_return_val_if_fail (ST_IS_RANGE_SUMMARIES (self), NULL);
  return self->diagnoses;
}

GPtrArray *
st_range_summaries_get_diffs (StRangeSummaries *self)
{
  g_return_val_if_fail (ST_IS_RANGE_SUMMARIES (self), NULL);
  return self->diffs;
}

StSummary *
st_range_summaries_get_first (StRangeSummaries *self)
{
  g_return_val_if_fail (ST_IS_RANGE_SUMMARIES (self), NULL);
  return self->summaries->len > 0 ? g_ptr_array_index (self->summaries, 0) : NULL;
}

static void
on_running (StRangeSummaries *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

static void
st_range_summaries_dispose (GObject *object)
{
  StRangeSummaries *self = ST_RANGE_SUMMARIES (object);

  st_job_cancel (self->job);
  g_clear_object (&self->trace);
  G_OBJECT_CLASS (st_range_summaries_parent_class)->dispose (object);
}

static void
st_range_summaries_finalize (GObject *object)
{
  StRangeSummaries *self = ST_RANGE_SUMMARIES (object);

  g_object_unref (self->job);
  g_ptr_array_unref (self->summaries);
  g_ptr_array_unref (self->diagnoses);
  g_ptr_array_unref (self->diffs);
  G_OBJECT_CLASS (st_range_summaries_parent_class)->finalize (object);
}

static void
st_range_summaries_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_COMPUTING:
      g_value_set_boolean (value, st_range_summaries_is_computing (ST_RANGE_SUMMARIES (object)));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_range_summaries_class_init (StRangeSummariesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = st_range_summaries_dispose;
  object_class->finalize = st_range_summaries_finalize;
  object_class->get_property = st_range_summaries_get_property;
  properties[PROP_COMPUTING]
      = g_param_spec_boolean ("computing", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[NUMBERS_READY] = g_signal_new ("numbers-ready", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[OPERATIONS_READY] = g_signal_new ("operations-ready", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* the computation stopped on an error: what it says */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
st_range_summaries_init (StRangeSummaries *self)
{
  self->job = st_job_new (self);
  g_signal_connect_swapped (self->job, "notify::running", G_CALLBACK (on_running), self);
  self->summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)st_summary_free);
  self->diagnoses = g_ptr_array_new_with_free_func ((GDestroyNotify)st_diagnosis_free);
  self->diffs = g_ptr_array_new_with_free_func ((GDestroyNotify)st_operation_diff_free);
}

StRangeSummaries *
st_range_summaries_new (void)
{
  return g_object_new (ST_TYPE_RANGE_SUMMARIES, NULL);
}
