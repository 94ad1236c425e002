/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-job.h"

/* The owner hears of the progress this often: each change it shows draws
 * again, on a core the work would have. A run shorter than that is never
 * told of. */
#define PROGRESS_INTERVAL_MS 100

/* The progress is kept in millionths: a run over a million items tells
 * its count to one item in a million. */
#define PROGRESS_SCALE 1000000

/* One run, shared by the slot and the thread (reference counted). The
 * thread reads only what does not change and writes only the progress;
 * @job is the main thread's, NULL once the run is no longer current. */
typedef struct
{
  StJob         *job;
  GCancellable  *cancellable;
  StJobFunc      func;
  gpointer       data;
  GDestroyNotify free_data;
  StJobDone      done;
  GDestroyNotify free_result;
  gint           progress; /* PROGRESS_SCALE: done */
} Run;

struct _StJob
{
  GObject parent_instance;

  gpointer owner;
  Run     *current;
  guint    progress_id;
  gboolean delivering; /* a result is with its owner, who may start the next run */
};

G_DEFINE_FINAL_TYPE (StJob, st_job, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  PROGRESS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
run_clear (gpointer data)
{
  Run *run = data;

  g_clear_object (&run->cancellable);
  if (run->free_data != NULL)
    g_clear_pointer (&run->data, run->free_data);
}

static void
run_unref (gpointer run)
{
  g_atomic_rc_box_release_full (run, run_clear);
}

void
st_job_report (double fraction, gpointer run)
{
  g_atomic_int_set (&((Run *)run)->progress, (gint)(CLAMP (fraction, 0, 1) * PROGRESS_SCALE));
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Run     *run = data;
  GError  *error = NULL;
  gpointer result = run->func (run->data, run, cancellable, &error);

  if (error != NULL)
    g_task_return_error (task, error);
  else if (result == NULL && g_cancellable_set_error_if_cancelled (cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, run->free_result);
}

static gboolean
tell_progress (gpointer data)
{
  g_signal_emit (data, signals[PROGRESS], 0);
  return G_SOURCE_CONTINUE;
}

/* The slot forgets its run: a result still to come is dropped. */
static gboolean
forget_run (StJob *self)
{
  if (self->current == NULL)
    return FALSE;
  g_cancellable_cancel (self->current->cancellable);
  self->current->job = NULL;
  g_clear_pointer (&self->current, run_unref);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  return TRUE;
}

static void
on_run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Run               *run = data;
  StJob             *self = run->job;
  g_autoptr (GError) error = NULL;
  gpointer           value;

  if (self == NULL)
    {
      run_unref (run);
      return; /* superseded or cancelled: the task frees what it made */
    }
  value = g_task_propagate_pointer (G_TASK (result), &error);
  g_object_ref (self);
  forget_run (self);
  self->delivering = TRUE;
  if (run->done != NULL)
    run->done (self->owner, value, error);
  else if (value != NULL && run->free_result != NULL)
    run->free_result (value);
  self->delivering = FALSE;
  /* a run started with the result follows this one without a gap */
  if (self->current == NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  run_unref (run);
  g_object_unref (self);
}

void
st_job_start (StJob         *self,
              StJobFunc      func,
              gpointer       data,
              GDestroyNotify free_data,
              StJobDone      done,
              GDestroyNotify free_result)
{
  g_autoptr (GTask) task = NULL;
  gboolean          was_running;
  Run              *run;

  g_return_if_fail (ST_IS_JOB (self));
  g_return_if_fail (func != NULL);

  was_running = forget_run (self);
  run = g_atomic_rc_box_new0 (Run);
  run->job = self;
  run->cancellable = g_cancellable_new ();
  run->func = func;
  run->data = data;
  run->free_data = free_data;
  run->done = done;
  run->free_result = free_result;
  self->current = g_atomic_rc_box_acquire (run);
  self->progress_id = g_timeout_add (PROGRESS_INTERVAL_MS, tell_progress, self);
  task = g_task_new (NULL, run->cancellable, on_run_done, run);
  g_task_set_source_tag (task, st_job_start);
  g_task_set_task_data (task, g_atomic_rc_box_acquire (run), run_unref);
  g_task_run_in_thread (task, run_thread);
  if (!was_running && !self->delivering)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
st_job_cancel (StJob *self)
{
  g_return_if_fail (ST_IS_JOB (self));
  if (forget_run (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
st_job_is_running (StJob *self)
{
  g_return_val_if_fail (ST_IS_JOB (self), FALSE);
  return self->current != NULL;
}

double
st_job_get_fraction (StJob *self)
{
  g_return_val_if_fail (ST_IS_JOB (self), 0);
  if (self->current == NULL)
    return 0;
  return g_atomic_int_get (&self->current->progress) / (double)PROGRESS_SCALE;
}

static void
st_job_dispose (GObject *object)
{
  forget_run (ST_JOB (object));
  G_OBJECT_CLASS (st_job_parent_class)->dispose (object);
}

static void
st_job_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StJob *self = ST_JOB (object);

  switch (prop_id)
    {
    case PROP_RUNNING: g_value_set_boolean (value, self->current != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_job_class_init (StJobClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_job_dispose;
  object_class->get_property = st_job_get_property;
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* every PROGRESS_INTERVAL_MS while a run is under way: see st_job_get_fraction() */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_job_init (StJob *self)
{
}

/* A slot for @owner's runs, which @owner keeps and drops (cancelling the
 * run under way) as it goes; @owner is what st_job_start()'s @done gets. */
StJob *
st_job_new (gpointer owner)
{
  StJob *self = g_object_new (ST_TYPE_JOB, NULL);

  self->owner = owner;
  return self;
}
