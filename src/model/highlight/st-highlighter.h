/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlighter.h: the Region Highlighter. Runs one method with its
 * configuration over a trace and returns the regions it finds (in start
 * order). When the profile lacks the method's data, it returns no
 * regions and a sentence saying what is missing; a sentence may also come
 * with regions, saying what the method fell back to.
 *
 * Runs on any thread: the trace is immutable. Reports progress in [0, 1].
 */
#pragma once

#include <gio/gio.h>

#include "st-highlighter-config.h"
#include "st-region-array.h"
#include "st-trace.h"

G_BEGIN_DECLS

typedef void (*StHighlighterProgress) (double fraction, gpointer user_data);

StRegionArray *st_highlighter_run (StTrace                   *trace,
                                   const StHighlighterConfig *config,
                                   char                     **explanation,
                                   GCancellable              *cancellable,
                                   StHighlighterProgress      progress,
                                   gpointer                   progress_data,
                                   GError                   **error);

G_END_DECLS
