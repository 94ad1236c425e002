/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-loader.h: opens a profile file as an StTrace, on a thread, with
 * progress and cancellation.
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"
#include "st-trace-error.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACE_LOADER (st_trace_loader_get_type ())

G_DECLARE_FINAL_TYPE (StTraceLoader, st_trace_loader, ST, TRACE_LOADER, GObject)

typedef enum
{
  ST_LOAD_STAGE_OPENING,
  ST_LOAD_STAGE_READING,
  ST_LOAD_STAGE_BUILDING,
  ST_LOAD_STAGE_DONE,
} StLoadStage;

StTraceLoader *st_trace_loader_new (GFile *file);
GFile         *st_trace_loader_get_file (StTraceLoader *self);
const char    *st_trace_loader_get_display_name (StTraceLoader *self);
void           st_trace_loader_set_display_name (StTraceLoader *self, const char *display_name);
void           st_trace_loader_set_n_threads (StTraceLoader *self, guint n_threads);
double         st_trace_loader_get_fraction (StTraceLoader *self);
StLoadStage    st_trace_loader_get_stage (StTraceLoader *self);

StTrace *st_trace_loader_load (StTraceLoader *self, GCancellable *cancellable, GError **error);
void     st_trace_loader_load_async (StTraceLoader      *self,
                                     GCancellable       *cancellable,
                                     GAsyncReadyCallback callback,
                                     gpointer            user_data);
StTrace *st_trace_loader_load_finish (StTraceLoader *self, GAsyncResult *result, GError **error);

StTrace *st_trace_load_file (GFile *file, GCancellable *cancellable, GError **error);

G_END_DECLS
