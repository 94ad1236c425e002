/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-test-util.h: loading test data, finding things in a trace by the
 * names a person sees, and waiting for the main loop to get somewhere. */
#pragma once

#include "st-region-array.h"
#include "st-trace-loader.h"

G_BEGIN_DECLS

StTrace *st_test_load (const char *first_path_element, ...) G_GNUC_NULL_TERMINATED;
StTrace *
st_test_load_error (GError **error, const char *first_path_element, ...) G_GNUC_NULL_TERMINATED;
StTrace *st_test_load_text (const char *text, gssize len);
gint     st_test_find_track (StTrace *trace, const char *process_title, const char *track_name);
guint    st_test_track (StTrace *trace, const char *process_title, const char *track_name);
const StSlice *st_test_find_slice (StTrace *trace, guint track, const char *name);
const StSlice *st_test_find_slice_at (StTrace *trace, guint track, const char *name, gint64 start);
guint64        st_test_warning_count (StTrace *trace, StWarningKind kind);
const StImportWarning *st_test_warning (StTrace *trace, StWarningKind kind);
/* What a highlighter run gives: its regions, or the sentence saying why
 * there are none. */
typedef struct
{
  GPtrArray *regions;
  char      *explanation;
} StTestRegions;

void st_test_regions_clear (StTestRegions *r);
/* The regions of @regions (consumed; NULL gives NULL) as a list shows them:
 * the StRegion objects of a region set holding them, in order. */
GPtrArray *st_test_region_objects (StRegionArray *regions);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (StTestRegions, st_test_regions_clear)

/* Runs the main loop until @done says so; fails the test after 20 s. */
void st_test_wait_until (gboolean (*done) (gpointer data), gpointer data);
/* Removes @path and all below it, not following symbolic links: a test's
 * own temporary folder, whatever the windows wrote into it. */
void st_test_remove_tree (const char *path);

/* An arg of an event, flattened: "a.b" and "a[0]" keys for nested values,
 * the value's text. */
typedef struct
{
  char *key;
  char *value;
} StArg;

/* The args of the event at @offset (st_trace_get_args()) as a flat list of
 * StArg; empty when the event has none, NULL with @error when they cannot
 * be read. */
GPtrArray *st_test_args_flat (StTrace *self, guint64 offset, GError **error);

G_END_DECLS
