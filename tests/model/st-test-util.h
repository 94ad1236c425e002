/* st-test-util.h: loading test data and finding things in a trace by the
 * names a person sees. */
#pragma once

#include "st-trace-loader.h"

G_BEGIN_DECLS

StTrace *st_test_load (const char *first_path_element, ...) G_GNUC_NULL_TERMINATED;
StTrace *
st_test_load_error (GError **error, const char *first_path_element, ...) G_GNUC_NULL_TERMINATED;
gint  st_test_find_track (StTrace *trace, const char *process_title, const char *track_name);
guint st_test_track (StTrace *trace, const char *process_title, const char *track_name);
const StSlice *st_test_find_slice (StTrace *trace, guint track, const char *name);
const StSlice *st_test_find_slice_at (StTrace *trace, guint track, const char *name, gint64 start);
guint64        st_test_warning_count (StTrace *trace, StWarningKind kind);
const StImportWarning *st_test_warning (StTrace *trace, StWarningKind kind);

G_END_DECLS
