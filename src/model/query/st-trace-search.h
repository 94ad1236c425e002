/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace-search.h: find events in the whole trace, not just what is on
 * screen: by name (case-insensitive substring), and optionally in the text of
 * each event (its args and every other field).
 */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_FIND_NAMES = 0,
  ST_FIND_ARGS = 1 << 0, /* also match the event's whole text */
} StFindFlags;

typedef void (*StFindProgress) (double fraction, gpointer user_data);

GArray *st_trace_find (StTrace       *trace,
                       const char    *pattern,
                       StFindFlags    flags,
                       GCancellable  *cancellable,
                       StFindProgress progress,
                       gpointer       progress_data,
                       GError       **error);

G_END_DECLS
