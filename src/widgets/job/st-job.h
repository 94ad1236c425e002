/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-job.h: the one way the window's parts run model work off the main
 * thread. A job is a slot its owner keeps (a page, a pane, a chart): each
 * st_job_start() runs a function on a worker thread with a new
 * GCancellable, cancelling the run the slot held; the result comes back on
 * the main thread only while its run is still the slot's current one (not
 * superseded, not cancelled, the slot not gone). The thread reports its
 * progress; the slot's "progress" signal tells the main thread ten times
 * a second while a run is under way, and "running" is notified as runs
 * start and end. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define ST_TYPE_JOB (st_job_get_type ())

G_DECLARE_FINAL_TYPE (StJob, st_job, ST, JOB, GObject)

/* What a run does on its thread: its result, or NULL with @error set
 * (cancelled or failed). NULL without an error is a result of nothing.
 * @run is for st_job_report(). */
typedef gpointer (*StJobFunc) (gpointer      data,
                               gpointer      run,
                               GCancellable *cancellable,
                               GError      **error);

/* What the owner does with a run's result on the main thread: @result
 * (transfer full: the owner frees or keeps it), or @error when the run
 * failed. Not called for a run cancelled or superseded. */
typedef void (*StJobDone) (gpointer owner, gpointer result, const GError *error);

StJob *st_job_new (gpointer owner);
/* Runs @func (@data) on a worker thread, cancelling the run under way;
 * @done gets its result, which @free_result frees when nobody takes it. */
void st_job_start (StJob         *self,
                   StJobFunc      func,
                   gpointer       data,
                   GDestroyNotify free_data,
                   StJobDone      done,
                   GDestroyNotify free_result);
/* Cancels the run under way, if any: its result is dropped. */
void     st_job_cancel (StJob *self);
gboolean st_job_is_running (StJob *self);
/* How far the run under way got, 0 to 1; 0 with none. */
double st_job_get_fraction (StJob *self);

/* On the thread: @run got as far as @fraction (0 to 1). Has the
 * signature of the model's progress callbacks. */
void st_job_report (double fraction, gpointer run);

G_END_DECLS
