/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-profile-opener.h: the loading of a window's profile — one file, or
 * several (one per rank or device) as one profile on one time axis — on a
 * thread, with its progress and a cancel. Each file is named by its base
 * name in errors and warnings. Once the trace is in, its files go first in
 * the recent profiles, and the analysis index the Summary's first numbers
 * wait for is started on a thread of its own (st_summary_prepare_cards),
 * while the window fills and draws its first page. One load at a time:
 * opening again forgets the load under way. */
#pragma once

#include <gio/gio.h>

#include "st-trace.h"

G_BEGIN_DECLS

#define ST_TYPE_PROFILE_OPENER (st_profile_opener_get_type ())

G_DECLARE_FINAL_TYPE (StProfileOpener, st_profile_opener, ST, PROFILE_OPENER, GObject)

StProfileOpener *st_profile_opener_new (void);
/* Loads @files as one profile aligned by @alignment (one file alone by
 * its own clock), forgetting the profile loaded or being loaded.
 * "progress" tells how far it is, then "loaded" or "failed". */
void
st_profile_opener_open (StProfileOpener *self, GFile **files, guint n_files, StAlignment alignment);
/* Stops the load under way, which then says "cancelled", and forgets its
 * files. */
void     st_profile_opener_cancel (StProfileOpener *self);
gboolean st_profile_opener_is_loading (StProfileOpener *self);
/* The profile loaded, or NULL. */
StTrace *st_profile_opener_get_trace (StProfileOpener *self);
/* The file loaded or being loaded when it is one file, else NULL. */
GFile *st_profile_opener_get_file (StProfileOpener *self);
/* Every file loaded or being loaded, in order. */
GFile *const *st_profile_opener_get_files (StProfileOpener *self, guint *n_files);
/* "a.json.gz", or "a.json.gz + b.json.gz" for several files (as
 * st_trace_get_display_name() names them); NULL without files. */
char *st_profile_opener_dup_title (StProfileOpener *self);
/* How far the load is, 0 to 1, and what it does: "Reading… 42 %",
 * "Loading file 2 of 3: rank1.json.gz… 42 %". */
double st_profile_opener_get_fraction (StProfileOpener *self);
char  *st_profile_opener_dup_progress_text (StProfileOpener *self);
/* Stops the analysis index under way (a window closing). */
void st_profile_opener_stop_index (StProfileOpener *self);

G_END_DECLS
