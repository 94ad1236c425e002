/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-trace.h: an imported profile, immutable once built and shared read-only
 * by every thread and view.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "st-trace-types.h"

G_BEGIN_DECLS

#define ST_TYPE_TRACE (st_trace_get_type ())

G_DECLARE_FINAL_TYPE (StTrace, st_trace, ST, TRACE, GObject)

const char *st_trace_get_format (StTrace *self);
gboolean    st_trace_format_is_neuron (const char *format);
gboolean    st_trace_is_neuron (StTrace *self);
const char *st_trace_get_flavor (StTrace *self);
const char *st_trace_get_display_name (StTrace *self);
guint64     st_trace_get_file_size (StTrace *self);
guint64     st_trace_get_text_size (StTrace *self);

guint              st_trace_get_n_files (StTrace *self);
const StTraceFile *st_trace_get_file (StTrace *self, guint index);
StAlignment        st_trace_get_alignment (StTrace *self);

const char *st_trace_get_string (StTrace *self, StStringId id);
StStringId  st_trace_lookup_string (StTrace *self, const char *str);
guint       st_trace_get_n_strings (StTrace *self);
/* Every name, category and key of the trace, for walking them all. */
StStringTable *st_trace_get_strings (StTrace *self);

gint64               st_trace_get_origin_ns (StTrace *self);
gint64               st_trace_get_end_ns (StTrace *self);
const StTraceCounts *st_trace_get_counts (StTrace *self);

guint            st_trace_get_n_processes (StTrace *self);
const StProcess *st_trace_get_process (StTrace *self, guint index);
char            *st_trace_dup_process_title (StTrace *self, guint index);
guint            st_trace_get_n_tracks (StTrace *self);
const StTrack   *st_trace_get_track (StTrace *self, guint index);
const StSlice   *st_trace_get_slice (StTrace *self, StSliceRef ref);
const StFlow    *st_trace_get_flows (StTrace *self, gsize *n_flows);

const StImportWarning *st_trace_get_warnings (StTrace *self, guint *n_warnings);

const char *const *st_trace_get_metadata_keys (StTrace *self);
JsonNode          *st_trace_dup_metadata (StTrace *self, const char *key, GError **error);
gsize              st_trace_get_metadata_size (StTrace *self, const char *key);
JsonNode *st_trace_dup_file_metadata (StTrace *self, guint file, const char *key, GError **error);

/* The text of the file holding the event at @offset (an StSlice's or
 * StInstant's offset), its size, and the event's byte offset in it; NULL
 * when the offset names no file of the trace. */
const char *st_trace_get_event_text (StTrace *self, guint64 offset, gsize *size, guint64 *bytes);
JsonNode   *st_trace_dup_event (StTrace *self, guint64 offset, GError **error);
JsonNode   *st_trace_get_args (StTrace *self, guint64 offset, GError **error);
gboolean    st_trace_has_own_args (StTrace *self, guint64 offset);

/* Data derived from the trace and kept with it, such as an index made on
 * first use: @make builds it once, on whichever thread asks first (others
 * asking for the same @key wait; @make may ask for other data), and
 * @free_func frees it with the trace. @key is a static string naming the
 * data. @make returns NULL only when @cancellable was cancelled: then
 * nothing is kept, NULL is returned, and the next caller makes it. A
 * thread waiting for another's make gets NULL as soon as its own
 * @cancellable is cancelled. */
typedef gpointer (*StTraceDataFunc) (StTrace *trace, GCancellable *cancellable);

gpointer st_trace_ensure_data (StTrace        *self,
                               const char     *key,
                               StTraceDataFunc make,
                               GDestroyNotify  free_func,
                               GCancellable   *cancellable);

G_END_DECLS
