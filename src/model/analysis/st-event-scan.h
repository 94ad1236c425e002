/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-event-scan.h: one field of an event, read from the profile's text at
 * the event's byte offset without building a DOM: cheap enough to ask of
 * every kernel of a large trace (a correlation id, a stack frame id). */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

/* The text of the value of @key in the event at @offset, or of
 * @object.@key when @object is not NULL ("args", "correlation"): a string
 * without its quotes, a number as written. FALSE when there is none. */
gboolean st_event_scan_field (StTrace     *trace,
                              guint64      offset,
                              const char  *object,
                              const char  *key,
                              const char **value,
                              gsize       *length);
/* The text of the value of @key (or @object.@key) as written, whatever its
 * kind: "[[1024, 4]]", "\"bf16\"", "12". */
gboolean st_event_scan_raw (StTrace     *trace,
                            guint64      offset,
                            const char  *object,
                            const char  *key,
                            const char **value,
                            gsize       *length);
/* Several fields in one walk: @keys NULL-terminated; @values receive each
 * value's text (a string without its quotes), NULL when absent.
 * st_event_scan_slice_args () reads @slice's "args" so, from where its
 * importer noted them (StSlice.args_at), without a walk of the record. */
void     st_event_scan_fields (StTrace           *trace,
                               guint64            offset,
                               const char        *object,
                               const char *const *keys,
                               const char       **values,
                               gsize             *lengths);
void     st_event_scan_slice_args (StTrace           *trace,
                                   const StSlice     *slice,
                                   const char *const *keys,
                                   const char       **values,
                                   gsize             *lengths);
gboolean st_event_scan_slice_arg (StTrace       *trace,
                                  const StSlice *slice,
                                  const char    *key,
                                  const char   **value,
                                  gsize         *length);
gboolean st_event_scan_int (StTrace    *trace,
                            guint64     offset,
                            const char *object,
                            const char *key,
                            gint64     *out);

G_END_DECLS
