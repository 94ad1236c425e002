/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-page.h: the landing page of a profile: what is wrong and
 * where (recommendations with their time ranges), the compute and memory
 * metric tables, the profile's own metrics, engine / stream utilisation,
 * the memory breakdown, collective durations, the operations table and,
 * for a profile of several files, a row per rank (busy, communication,
 * exposed communication, how often it was the straggler),
 * for the whole profile or the region chosen in its Region Selection menu,
 * and up to three picked regions side by side (Compare), with the
 * operations between them (docs/metrics.md 8.9).
 *
 * The page is the shell: its region menu, the computation and its
 * commands; each card is a StSummarySection laid out in its template.
 * Every number is computed by st_summary_compute_parts() on a thread, the
 * cards' numbers first and the operations tables (in Compare, with the
 * operations between the regions) after they are shown; choosing another
 * region cancels the computation under way. Its commands are the
 * "summary" actions: choose-region (Ctrl+R), add-region (Ctrl+Shift+R),
 * pick (Ctrl+P), compare (Ctrl+K), next-compared (Ctrl+Shift+K: with three
 * regions compared, the operations of the other one against the first),
 * box-plot (Ctrl+B), by-track (Ctrl+T),
 * operations ("kernels" or "host": the operations table shown; a profile
 * opens on its kernels, or on its host ops when it has no device events),
 * switch-operations (Ctrl+E: the other table), show-range ((xx): the
 * timeline zoomed to a range), show-slice ((uu): a track's slice
 * selected and shown on the timeline) and show-slices (a(uu): slices
 * selected together, the longest shown). Focusing the page focuses its
 * region menu. */
#pragma once

#include <gtk/gtk.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_SUMMARY_PAGE (st_summary_page_get_type ())

G_DECLARE_FINAL_TYPE (StSummaryPage, st_summary_page, ST, SUMMARY_PAGE, GtkWidget)

GtkWidget *st_summary_page_new (void);
/* Shows @session's trace; @region_actions is the Annotations panel's
 * "regions" group (Add Region uses its "add"). */
void
st_summary_page_set_session (StSummaryPage *self, StSession *session, GActionGroup *region_actions);
/* Whether any part of the summary asked for is still to come. */
gboolean st_summary_page_is_computing (StSummaryPage *self);
/* Whether the cards show the numbers of the range asked for (the
 * operations table may still be waiting for its rows). */
gboolean st_summary_page_has_numbers (StSummaryPage *self);
/* Shows @region (one of the session's, or NULL for the whole profile), as
 * choosing it in the region menu does. */
void st_summary_page_set_region (StSummaryPage *self, StRegion *region);

G_END_DECLS
