/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-highlighter-job.h"
#include "st-highlighter.h"

struct _StHighlighterJob
{
  GObject parent_instance;

  StTrace             *trace;
  StHighlighterConfig *config;
  gint                 permille;    /* how far the thread got, atomic */
  char                *explanation; /* set by the thread before it returns */
  gboolean             running;
};

G_DEFINE_FINAL_TYPE (StHighlighterJob, st_highlighter_job, G_TYPE_OBJECT)

static void
st_highlighter_job_finalize (GObject *object)
{
  StHighlighterJob *self = ST_HIGHLIGHTER_JOB (object);

  g_clear_object (&self->trace);
  g_clear_pointer (&self->config, st_highlighter_config_free);
  g_clear_pointer (&self->explanation, g_free);
  G_OBJECT_CLASS (st_highlighter_job_parent_class)->finalize (object);
}

static void
st_highlighter_job_class_init (StHighlighterJobClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_highlighter_job_finalize;
}

static void
st_highlighter_job_init (StHighlighterJob *self)
{
}

/* A job that will look for @config's regions in @trace (both copied or
 * kept: the trace is immutable). */
StHighlighterJob *
st_highlighter_job_new (StTrace *trace, const StHighlighterConfig *config)
{
  StHighlighterJob *self;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (config != NULL, NULL);

  self = g_object_new (ST_TYPE_HIGHLIGHTER_JOB, NULL);
  self->trace = g_object_ref (trace);
  self->config = st_highlighter_config_copy (config);
  return self;
}

static void
on_progress (double fraction, gpointer data)
{
  StHighlighterJob *self = data;

  g_atomic_int_set (&self->permille, (gint)(CLAMP (fraction, 0, 1) * 1000));
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StHighlighterJob *self = source;
  GError           *error = NULL;
  StRegionArray    *regions = st_highlighter_run (self->trace, self->config, &self->explanation,
                                                  cancellable, on_progress, self, &error);

  if (regions == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, regions, (GDestroyNotify)st_region_array_unref);
}

/* Runs the highlighter on a thread; a job runs once. */
void
st_highlighter_job_run_async (StHighlighterJob   *self,
                              GCancellable       *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (ST_IS_HIGHLIGHTER_JOB (self));
  g_return_if_fail (!self->running);

  self->running = TRUE;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, st_highlighter_job_run_async);
  g_task_run_in_thread (task, run_thread);
}

/* The regions found (none when the profile lacks what the method needs:
 * then st_highlighter_job_get_explanation() says what), or NULL with
 * @error set. */
StRegionArray *
st_highlighter_job_run_finish (StHighlighterJob *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (ST_IS_HIGHLIGHTER_JOB (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* How far the run got, in [0, 1]: 1 once it found its regions. Safe to
 * read while the thread runs. */
double
st_highlighter_job_get_progress (StHighlighterJob *self)
{
  g_return_val_if_fail (ST_IS_HIGHLIGHTER_JOB (self), 0);
  return g_atomic_int_get (&self->permille) / 1000.0;
}

/* Why the run found no regions (what the profile lacks), or NULL; known
 * once the run has finished. */
const char *
st_highlighter_job_get_explanation (StHighlighterJob *self)
{
  g_return_val_if_fail (ST_IS_HIGHLIGHTER_JOB (self), NULL);
  return self->explanation;
}
