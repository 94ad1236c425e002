/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-xplane-importer.h: XProf's xplane.pb (the protobuf XSpace that JAX,
 * TensorFlow and PyTorch/XLA write) into a trace builder.
 *
 * The file is read in place with a hand reader of the wire format
 * (st-pb-wire.h), plane by plane, as a gzip spool fills: no message is
 * unpacked into memory. A plane becomes a process, a line a track, an event
 * a complete slice named by its event metadata; its stats and those of its
 * metadata are written once as JSON text ({"args": {...}}), which the trace
 * keeps as its text, so the details pane, find and the analyses read them
 * as they read a JSON profile's args. docs/formats-xplane.md says what maps
 * to what.
 */
#pragma once

#include "st-trace-builder.h"

G_BEGIN_DECLS

typedef enum
{
  ST_XPLANE_SNIFF_NO,
  ST_XPLANE_SNIFF_YES,
  ST_XPLANE_SNIFF_DAMAGED, /* an XSpace saved as UTF-8 text: U+FFFD where bytes were */
} StXplaneSniff;

StXplaneSniff st_xplane_sniff (const char *data, gsize len);
gboolean      st_xplane_import (StTraceBuilder  *builder,
                                StSource        *source,
                                GCancellable    *cancellable,
                                StImportProgress progress,
                                gpointer         progress_data,
                                GError         **error);

G_END_DECLS
