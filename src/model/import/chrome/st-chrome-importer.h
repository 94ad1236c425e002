/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chrome-importer.h: Chrome Trace Event Format JSON (array and object
 * forms, every phase, the Kineto and XProf flavours) into a trace builder.
 *
 * A streaming tokenizer reads the hot keys of each event and skips the rest
 * without building a DOM. A mapped file is split at an event boundary and
 * tokenized on every core; a spooled one (gzip) is read behind the inflater.
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

gboolean st_chrome_import (StTraceBuilder  *builder,
                           StSource        *source,
                           gsize            start,
                           guint            n_threads,
                           GCancellable    *cancellable,
                           StImportProgress progress,
                           gpointer         progress_data,
                           GError         **error);

G_END_DECLS
