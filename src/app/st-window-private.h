/* st-window-private.h: what the files of StWindow share: the window's
 * fields, and the functions one file gives the others (st-window.c:
 * loading and pages; st-window-actions.c: the win.* actions;
 * st-window-baseline.c: the baseline compared with;
 * st-window-close.c: the question before closing; st-window-dnd.c: files
 * dropped on the window; st-window-facts.c: the facts bar;
 * st-window-settings.c: what the window remembers). Not for outside the
 * window. */
#pragma once

#include "st-autosave.h"
#include "st-call-tree-page.h"
#include "st-compare-page.h"
#include "st-greeter.h"
#include "st-profile-loader.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-trace-loader.h"
#include "st-track-list.h"
#include "st-warning-list.h"
#include "st-window.h"

G_BEGIN_DECLS

struct _StWindow
{
  AdwApplicationWindow parent_instance;

  GFile           *file;
  StTrace         *trace;
  StTraceLoader   *loader;
  StProfileLoader *profile_loader; /* several files as one profile */
  GPtrArray       *files;          /* GFile: every file shown or being loaded */
  GCancellable    *cancellable;
  StAutosave      *autosave; /* the regions of the profile shown */
  gboolean         close_confirmed;
  gulong           save_finished_id;
  GSettings       *settings;        /* NULL without the schema */
  gboolean         choosing_view;   /* Strata, not the person, picks the page */
  guint            fit_facts_id;    /* fitting the facts bar to its width */
  guint            progress_id;     /* the progress bar's next update */
  GSignalGroup    *session_signals; /* the baseline of the profile shown */
  StTraceLoader   *baseline_loader; /* "Compare with…" */
  GCancellable    *baseline_cancellable;
  GFile           *pending_baseline;  /* to load once the profile has loaded */
  GCancellable    *steps_cancellable; /* finding the steps of both profiles */

  AdwToastOverlay  *toast_overlay;
  GtkStack         *main_stack;
  AdwWindowTitle   *window_title;
  AdwViewStack     *view_stack;
  AdwViewStackPage *warnings_page;
  AdwStatusPage    *loading_page;
  AdwStatusPage    *error_page;
  GtkProgressBar   *progress_bar;
  GtkWidget        *facts_scroller;
  GtkBox           *facts_box;
  GtkGrid          *facts_grid;
  StSummaryPage    *summary_page;
  StTimelinePage   *timeline_page;
  StCallTreePage   *call_tree_page;
  StTrackList      *track_list;
  StWarningList    *warning_list;
  AdwViewStackPage *compare_stack_page;
  StComparePage    *comparison_page;
  GtkRevealer      *baseline_bar;
  GtkLabel         *baseline_label;
  GtkProgressBar   *baseline_progress;
};

/* st-window.c */
char *st_window_dup_profile_title (StWindow *self);
void  st_window_cancel_load (StWindow *self);
void
st_window_show_toast (StWindow *self, const char *title, const char *button, const char *action);

/* st-window-actions.c */
void st_window_class_init_actions (GtkWidgetClass *widget_class);
void st_window_update_actions (StWindow *self);

/* st-window-baseline.c */
void     st_window_init_baseline (StWindow *self);
void     st_window_start_pending_baseline (StWindow *self);
gboolean st_window_is_comparing (StWindow *self);
void     st_window_stop_comparing (StWindow *self);
void     st_window_dispose_baseline (StWindow *self);

/* st-window-close.c */
gboolean st_window_ask_before_close (StWindow *self);

/* st-window-dnd.c */
void st_window_init_dnd (StWindow *self);

/* st-window-facts.c */
void st_window_init_facts (StWindow *self);
void st_window_show_facts (StWindow *self);

/* st-window-settings.c */
void     st_window_init_settings (StWindow *self);
void     st_window_save_state (StWindow *self);
gboolean st_window_lands_on_timeline (StWindow *self);

G_END_DECLS
