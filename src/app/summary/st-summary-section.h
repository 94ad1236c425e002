/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-section.h: one card of the Summary page: a heading (its
 * title) over what it shows of the summaries the page computed, for the
 * range chosen or for the regions compared side by side. The page lays
 * the sections out in its template and hands each the summaries once they
 * are computed; each subclass is one kind of card, with its own template
 * whose heading shows the title.
 *
 * A section is a vertical box with the "card" and "summary-card" style
 * classes, its children 6 px apart. */
#pragma once

#include <gtk/gtk.h>

#include "st-summary.h"

G_BEGIN_DECLS

#define ST_TYPE_SUMMARY_SECTION (st_summary_section_get_type ())

G_DECLARE_DERIVABLE_TYPE (StSummarySection, st_summary_section, ST, SUMMARY_SECTION, GtkWidget)

struct _StSummarySectionClass
{
  GtkWidgetClass parent_class;

  /* Shows @summaries of @trace: one for the range chosen, or one per
   * region compared, whose names are @titles. Both are lent for the call
   * only: a section keeps what it draws, not the summaries. */
  void (*show) (StSummarySection  *self,
                StTrace           *trace,
                StSummary *const  *summaries,
                const char *const *titles,
                guint              n_summaries);
};

const char *st_summary_section_get_title (StSummarySection *self);
void        st_summary_section_set_title (StSummarySection *self, const char *title);
void        st_summary_section_show (StSummarySection  *self,
                                     StTrace           *trace,
                                     StSummary *const  *summaries,
                                     const char *const *titles,
                                     guint              n_summaries);
void        st_summary_section_fold (StSummarySection *self, StTrace *trace, StSummary *summary);
/* A time range as the page writes it: "1.2 ms – 3.4 ms (2.2 ms)". */
char *st_summary_section_format_range (gint64 start, gint64 end);

G_END_DECLS
