/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlighter-job.h: one run of the Region Highlighter on a thread: a
 * trace and a configuration go in; the regions found (in start
 * order), or a sentence saying what the profile lacks, come back. How far
 * the run got can be read from the main thread while it runs. Cancelling
 * it ends the run with G_IO_ERROR_CANCELLED.
 */
#pragma once

#include <gio/gio.h>

#include "st-highlighter-config.h"
#include "st-region-array.h"
#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_HIGHLIGHTER_JOB (st_highlighter_job_get_type ())

G_DECLARE_FINAL_TYPE (StHighlighterJob, st_highlighter_job, ST, HIGHLIGHTER_JOB, GObject)

StHighlighterJob *st_highlighter_job_new (StTrace *trace, const StHighlighterConfig *config);
void              st_highlighter_job_run_async (StHighlighterJob   *self,
                                                GCancellable       *cancellable,
                                                GAsyncReadyCallback callback,
                                                gpointer            user_data);
StRegionArray        *
st_highlighter_job_run_finish (StHighlighterJob *self, GAsyncResult *result, GError **error);
double st_highlighter_job_get_progress (StHighlighterJob *self);
const char *st_highlighter_job_get_explanation (StHighlighterJob *self);

G_END_DECLS
