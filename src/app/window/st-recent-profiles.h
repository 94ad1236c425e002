/* st-recent-profiles.h: the profiles Strata opened last, kept in GTK's
 * recent files (GtkRecentManager) under Strata's name, whatever the name
 * of the program that opened them (the app, or a test): the greeter of
 * every window lists them. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Puts @files first among the recent profiles. */
void st_recent_profiles_add (GFile *const *files, guint n_files);
/* The recent profiles still there, the last opened first, at most @max
 * (GFile). */
GPtrArray *st_recent_profiles_list (guint max);

G_END_DECLS
