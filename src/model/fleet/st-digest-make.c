/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-digest-make.c: the digest of a trace (docs/metrics.md 17.1), made as
 * `strata-cli summary` makes its numbers: the FLOP ops and the operations
 * tables on a thread of their own, then the environment and the strips,
 * while this thread makes the cards' numbers, the diagnosis's phases, the
 * file's identity and the steps, then the FLOP rates, the findings and the
 * collectives. The two share the indexes kept with the trace, made by
 * whichever asks first, so a digest costs little more than the summary. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-digest-private.h"
#include "st-diagnosis.h"
#include "st-flop-ops.h"
#include "st-profile-identity.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>

typedef struct
{
  StTrace       *trace;
  StDigest      *digest; /* the thread fills its tracks only */
  GCancellable  *cancellable;
  StSummary     *tables;
  StEnvironment *environment;
  GError        *error;
} SideJob;

static gboolean
cancelled_error (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("Cancelled"));
  return FALSE;
}

/* The file's identity and clock (docs/metrics.md 17.1), with @known,
 * the identity when the caller has it. */
static gboolean
add_identity (StDigest                *self,
              StTrace                 *trace,
              GFile                   *file,
              const StProfileIdentity *known,
              GCancellable            *c,
              GError                 **error)
{
  g_autoptr (StProfileIdentity) identity = known != NULL
                                               ? st_profile_identity_copy (known)
                                               : st_profile_identity_compute (file, c, error);
  const StTraceFile            *tf = st_trace_get_file (trace, 0);

  if (identity == NULL)
    return FALSE;
  self->producer = g_strdup ("strata-cli " PACKAGE_VERSION);
  self->path = g_file_get_path (file);
  if (self->path == NULL)
    self->path = g_file_get_uri (file);
  self->name = g_strdup (identity->name);
  self->size = identity->size;
  self->identity = g_strdup (identity->digest);
  self->format = g_strdup (st_trace_get_format (trace));
  self->flavor = g_strdup (st_trace_get_flavor (trace));
  self->origin_ns = st_time_add_sat (tf->base_ns, tf->origin_ns);
  self->rank = tf->rank;
  return TRUE;
}

static gpointer
side_thread (gpointer data)
{
  SideJob      *job = data;
  StDeviceWork *work;

  /* the FLOPs of each operation first, the longest index the cards read:
   * the other thread makes the rest of the cards meanwhile */
  st_flop_ops_ensure (job->trace, job->cancellable);
  job->tables = st_summary_compute_parts (job->trace, 0, job->digest->end_ns,
                                          ST_SUMMARY_OPERATIONS | ST_SUMMARY_OPERATIONS_BY_NAME,
                                          job->cancellable, &job->error);
  if (job->tables == NULL)
    return NULL;
  job->environment = st_environment_read (job->trace, job->cancellable);
  work = st_device_work_ensure (job->trace, job->cancellable);
  if (job->environment == NULL || work == NULL)
    {
      cancelled_error (&job->error);
      return NULL;
    }
  _st_digest_add_tracks (job->digest, job->trace, work);
  return NULL;
}

static void
add_metrics (StDigest *self, StSummary *summary)
{
  for (guint i = 0; i < st_summary_get_n_metrics (summary); i++)
    {
      const StMetric *m = st_summary_get_metric (summary, i);
      StDigestMetric  dm = { g_strdup (m->id), m->unit, m->present, m->present ? m->value : 0 };

      g_array_append_val (self->metrics, dm);
    }
  for (guint i = 0; i < st_summary_get_problems (summary)->len; i++)
    g_ptr_array_add (self->problems,
                     g_strdup (g_ptr_array_index (st_summary_get_problems (summary), i)));
}

static void
add_findings (StDigest *self, StDiagnosis *diagnosis)
{
  for (guint i = 0; i < st_diagnosis_get_n_findings (diagnosis); i++)
    {
      const StFinding *f = st_diagnosis_get_finding (diagnosis, i);
      StDigestFinding  df = { g_strdup (f->id),    g_strdup (f->title),
                              g_strdup (f->text),  g_strdup (f->action),
                              f->time_at_stake_ns, f->start_ns,
                              f->end_ns,           g_ptr_array_new_with_free_func (g_free) };

      for (guint k = 0; f->operations != NULL && k < f->operations->len; k++)
        g_ptr_array_add (df.operations, g_strdup (g_ptr_array_index (f->operations, k)));
      g_array_append_val (self->findings, df);
    }
}

static void
add_operations (GArray *out, StTrace *trace, StSummary *tables, StOperationsTable table)
{
  GArray *rows = st_summary_get_operations (tables, table, FALSE);

  for (guint i = 0; i < MIN (rows->len, ST_DIGEST_TOP_OPERATIONS); i++)
    {
      const StOperationRow *row = &g_array_index (rows, StOperationRow, i);
      StDigestOperation     op = { g_strdup (st_trace_get_string (trace, row->name)), row->count,
                                   row->total_ns, row->self_ns };

      g_array_append_val (out, op);
    }
}

/* The cards' numbers of the whole trace, its diagnosis, the file's
 * identity, the steps and the collectives, on this thread: what does not
 * read the FLOP ops first, while the other thread makes them. */
static gboolean
add_cards (StDigest                *self,
           StTrace                 *trace,
           GFile                   *file,
           const StProfileIdentity *identity,
           GCancellable            *c,
           GError                 **error)
{
  g_autoptr (StSummary)   cards = NULL;
  g_autoptr (StDiagnosis) diagnosis = NULL;

  cards = st_summary_compute_parts (
      trace, 0, self->end_ns,
      ST_SUMMARY_CARDS | ST_SUMMARY_LATER_FLOP_RATES | ST_SUMMARY_KEEP_DEVICE_EVENTS, c, error);
  if (cards == NULL || (diagnosis = st_diagnosis_cut (trace, cards, c, error)) == NULL
      || !add_identity (self, trace, file, identity, c, error)
      || !_st_digest_add_steps (self, trace, c, error))
    return FALSE;
  if (!st_summary_add_flop_rates (cards, trace, c))
    return cancelled_error (error);
  if (!st_diagnosis_find (diagnosis, trace, cards, c, error))
    return FALSE;
  add_metrics (self, cards);
  add_findings (self, diagnosis);
  _st_digest_add_collectives (self, trace, cards);
  return TRUE;
}

StDigest *
st_digest_make (StTrace                 *trace,
                GFile                   *file,
                const StProfileIdentity *identity,
                GCancellable            *cancellable,
                GError                 **error)
{
  g_autoptr (StDigest) self = NULL;
  SideJob              job = { trace, NULL, cancellable, NULL, NULL, NULL };
  GThread             *thread;
  gboolean             ok;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (st_trace_get_n_files (trace) == 1, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = _st_digest_new ();
  self->end_ns = st_trace_get_end_ns (trace);
  job.digest = self;
  thread = g_thread_new ("strata-digest", side_thread, &job);
  ok = add_cards (self, trace, file, identity, cancellable, error);
  g_thread_join (thread);
  if (ok && job.error != NULL)
    g_propagate_error (error, g_steal_pointer (&job.error));
  g_clear_error (&job.error);
  if (ok && job.tables != NULL && job.environment != NULL)
    {
      add_operations (self->kernels, trace, job.tables, ST_OPERATIONS_KERNELS);
      add_operations (self->host_ops, trace, job.tables, ST_OPERATIONS_HOST);
      self->environment = g_steal_pointer (&job.environment);
    }
  g_clear_pointer (&job.tables, st_summary_free);
  g_clear_pointer (&job.environment, st_environment_free);
  return self->environment != NULL ? g_steal_pointer (&self) : NULL;
}
