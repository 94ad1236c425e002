/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-details-pane.h: what is selected in a session: one event's name,
 * category, track, times, self time, flows (links to their other end),
 * stack and args; for several events a table per name, or, when they
 * share one name, the events, longest first (a double click brings one
 * into view). */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_DETAILS_PANE (st_details_pane_get_type ())

G_DECLARE_FINAL_TYPE (StDetailsPane, st_details_pane, ST, DETAILS_PANE, GtkWidget)

GtkWidget *st_details_pane_new (void);
void       st_details_pane_set_session (StDetailsPane *self, StSession *session);
gboolean   st_details_pane_get_empty (StDetailsPane *self);

G_END_DECLS
