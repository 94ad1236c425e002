/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-links.h: what the Summary's links do on the timeline, for
 * the page's actions: show-range ((xx): the timeline zoomed to a range),
 * show-slice and show-instant ((uu): a track's event selected and shown)
 * and show-slices (a(uu): slices selected together, the longest shown). */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_SUMMARY_LINKS (st_summary_links_get_type ())

G_DECLARE_FINAL_TYPE (StSummaryLinks, st_summary_links, ST, SUMMARY_LINKS, GObject)

StSummaryLinks *st_summary_links_new (void);
void            st_summary_links_set_session (StSummaryLinks *self, StSession *session);
/* Follows the link of action @name ("summary.show-range", …) with
 * @parameter; @widget, in the window, shows the timeline. */
void st_summary_links_follow (StSummaryLinks *self,
                              GtkWidget      *widget,
                              const char     *name,
                              GVariant       *parameter);

G_END_DECLS
