/* st-summary-page-private.h: what the files of StSummaryPage share: the
 * page (st-summary-page.c) and its computation on a thread
 * (st-summary-page-compute.c). */
#pragma once

#include "st-operations-section.h"
#include "st-region-diff-section.h"
#include "st-summary-page.h"
#include "st-summary.h"
#include "st-trends-section.h"

G_BEGIN_DECLS

struct _StSummaryPage
{
  GtkWidget parent_instance;

  StSession           *session;
  GSignalGroup        *session_signals;
  StTrace             *trace;
  GActionGroup        *region_actions;
  GListStore          *whole_store; /* the "Whole profile" entry */
  StRegion            *whole;
  GtkFlattenListModel *region_model; /* whole + the session's regions */
  StRegion            *region;       /* shown; NULL: whole profile */
  GPtrArray           *summaries;    /* StSummary: one, or one per compared region */
  GPtrArray           *diagnoses;    /* StDiagnosis of each (empty before the first) */
  GPtrArray           *diffs;        /* StOperationDiff: each compared region against the first */
  GPtrArray           *titles;       /* char *: their column titles */
  GCancellable        *cancellable;
  guint                spinner_id;
  gboolean             computing; /* the cards' numbers or the operations tables */
  gboolean             numbers;   /* the cards show the numbers of the range asked for */
  gboolean             compare;
  gboolean             by_track;
  gboolean             box_plot;
  char                *operations;      /* the operations table shown: "kernels" or "host" */
  gboolean             operations_auto; /* not chosen yet: the first summary chooses it */

  GtkDropDown         *region_dropdown;
  GtkLabel            *range_label;
  GtkSpinner          *spinner;
  GtkLabel            *error_label;
  GtkLabel            *compare_label;
  GtkToggleButton     *compare_button;
  GtkButton           *pick_button;
  GtkStack            *content_stack;
  GtkWidget           *single_page;
  GtkWidget           *compare_page;
  GtkBox              *compare_columns;
  StRegionDiffSection *region_diff_section;
  StTrendsSection     *trends_section;
  StOperationsSection *operations_section;
};

StSummary *st_summary_page_first_summary (StSummaryPage *self);
/* Shows the summaries in the cards, all but the operations table. */
void st_summary_page_show_summaries (StSummaryPage *self);
/* "kernels" or "host": the operations table shown. */
void st_summary_page_set_operations (StSummaryPage *self, const char *operations);

/* Computes what the page shows (the region, or the picked ones in Compare)
 * on a thread, cancelling what was under way. */
void st_summary_page_request_compute (StSummaryPage *self);
void st_summary_page_cancel_compute (StSummaryPage *self);

G_END_DECLS
