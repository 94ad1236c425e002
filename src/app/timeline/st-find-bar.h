/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-find-bar.h: the timeline's find bar (Ctrl+F, /): a name, or a text
 * in the args too, found in the whole trace of the timeline last focused,
 * on a thread with its progress; the results go to that timeline's
 * session, which brings the first into view, and the bar counts them
 * ("12 of 3 051"). Enter and Shift+Enter step through them; each timeline
 * keeps its own results, and stepping in one whose results are of another
 * text finds again. Escape stops a find under way ("stopped"). */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_FIND_BAR (st_find_bar_get_type ())

G_DECLARE_FINAL_TYPE (StFindBar, st_find_bar, ST, FIND_BAR, GtkWidget)

GtkWidget *st_find_bar_new (void);
/* The session of the timeline last focused: where a find runs next and
 * whose results the bar counts; NULL for none. A find open in the bar
 * does not run there at once (its first result would take the place of
 * the event just clicked): Enter runs it. */
void st_find_bar_set_session (StFindBar *self, StSession *session);
/* Stops the find under way and empties the bar (another profile). */
void st_find_bar_clear (StFindBar *self);
/* Opens the bar with its text selected. */
void st_find_bar_start (StFindBar *self);
/* The next (1) or previous (-1) result; a find first when the results
 * are not of the text in the bar. */
void        st_find_bar_step (StFindBar *self, int direction);
const char *st_find_bar_get_text (StFindBar *self);

G_END_DECLS
