/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-recent-profiles.h: the profiles Strata opened last, kept in GTK's
 * recent files (GtkRecentManager) under Strata's name, whatever the name
 * of the program that opened them (the app, or a test): the greeter of
 * every window lists them. Several files opened as one profile are one
 * entry, under the first file, whose command line (`strata --merge
 * --align=A FILE…`) names them all.
 */
#pragma once

#include <gtk/gtk.h>

#include "st-profile-loader.h"

G_BEGIN_DECLS

/* One recent profile: its files, and how they were aligned when several. */
#define ST_TYPE_RECENT_PROFILE (st_recent_profile_get_type ())
G_DECLARE_FINAL_TYPE (StRecentProfile, st_recent_profile, ST, RECENT_PROFILE, GObject)

GFile     **st_recent_profile_get_files (StRecentProfile *self, guint *n_files);
StAlignment st_recent_profile_get_alignment (StRecentProfile *self);

/* Puts the profile of @files first among the recent profiles. */
void st_recent_profiles_add (GFile *const *files, guint n_files, StAlignment alignment);
/* A handler of a page's "read" signal: the files it read (a GPtrArray of
 * GFile) are one recent profile, which opens the same way again. */
void st_recent_profiles_add_read (GObject *page, GPtrArray *files, gpointer user_data);
/* The recent profiles whose files are all still there, the last opened
 * first, at most @max (StRecentProfile). */
GPtrArray *st_recent_profiles_list (guint max);

G_END_DECLS
