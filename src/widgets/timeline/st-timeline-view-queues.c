#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-queue-length.h"
#include "st-timeline-view-private.h"

/* The timeline view's queue lengths (docs/metrics.md 10.4): a band under
 * each stream with launch calls. They need the analysis index, which
 * opening a profile does not make; so they are made on a thread the first
 * time the view is shown (the Summary's computation may be making the
 * index already: that thread then waits for it), and the bands appear
 * when they are ready. */

static void
make_queues (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StQueueLength *queues = st_queue_length_ensure (ST_TRACE (data), cancellable);

  if (queues == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  else
    g_task_return_pointer (task, queues, NULL);
}

static void
on_queues_made (GObject *source, GAsyncResult *result, gpointer data)
{
  StTimelineView *self = ST_TIMELINE_VIEW (source);
  StQueueLength  *queues = g_task_propagate_pointer (G_TASK (result), NULL);

  if (queues == NULL || self->session == NULL
      || g_task_get_task_data (G_TASK (result)) != st_session_get_trace (self->session))
    return;
  self->queues = queues;
  st_timeline_view_rebuild_layout (self);
}

/* Makes the queues of the session's trace unless they are made or being
 * made. */
void
st_timeline_view_ensure_queues (StTimelineView *self)
{
  g_autoptr (GTask) task = NULL;
  StTrace          *trace;

  if (self->session == NULL || self->queues != NULL || self->queues_cancel != NULL
      || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  trace = st_session_get_trace (self->session);
  self->queues_cancel = g_cancellable_new ();
  task = g_task_new (self, self->queues_cancel, on_queues_made, NULL);
  g_task_set_source_tag (task, st_timeline_view_ensure_queues);
  g_task_set_task_data (task, g_object_ref (trace), g_object_unref);
  g_task_run_in_thread (task, make_queues);
}

/* Forgets the queues (another session, or none): a thread still making
 * them gives up. */
void
st_timeline_view_drop_queues (StTimelineView *self)
{
  if (self->queues_cancel != NULL)
    g_cancellable_cancel (self->queues_cancel);
  g_clear_object (&self->queues_cancel);
  self->queues = NULL;
}

const StCounterSeries *const *
st_timeline_view_get_queues (StTimelineView *self)
{
  return self->queues != NULL ? st_queue_length_get_series (self->queues) : NULL;
}

StTimelineLayout *
st_timeline_view_get_layout (StTimelineView *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), NULL);
  return self->layout;
}

gboolean
st_timeline_view_get_queues_ready (StTimelineView *self)
{
  g_return_val_if_fail (ST_IS_TIMELINE_VIEW (self), FALSE);
  return self->queues != NULL;
}
