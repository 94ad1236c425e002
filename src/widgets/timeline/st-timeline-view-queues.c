/* SPDX-License-Identifier: GPL-3.0-or-later */
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

static gpointer
make_queues (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  /* kept with the trace: the view only points at them */
  return st_queue_length_ensure (ST_TRACE (data), cancellable);
}

static void
on_queues_made (gpointer owner, gpointer result, const GError *error)
{
  StTimelineView *self = owner;

  self->queues = result;
  _st_timeline_view_rebuild_layout (self);
}

/* Makes the queues of the session's trace unless they are made or being
 * made. */
void
_st_timeline_view_ensure_queues (StTimelineView *self)
{
  if (self->session == NULL || self->queues != NULL || st_job_is_running (self->queues_job)
      || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  st_job_start (self->queues_job, make_queues, g_object_ref (st_session_get_trace (self->session)),
                g_object_unref, on_queues_made, NULL);
}

/* Forgets the queues (another session, or none): a thread still making
 * them gives up. */
void
_st_timeline_view_drop_queues (StTimelineView *self)
{
  st_job_cancel (self->queues_job);
  self->queues = NULL;
}

const StCounterSeries *const *
_st_timeline_view_get_queues (StTimelineView *self)
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
