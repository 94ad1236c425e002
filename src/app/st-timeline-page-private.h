/* st-timeline-page-private.h: what the files of StTimelinePage share:
 * the page's fields, and the functions one file gives the other
 * (st-timeline-page.c: the toolbar, find, the details and the Annotations
 * panel; st-timeline-page-baseline.c: the baseline's timeline over the
 * current one). Not for outside the page. */
#pragma once

#include "st-details-pane.h"
#include "st-distribution-pane.h"
#include "st-job.h"
#include "st-timeline-page.h"

G_BEGIN_DECLS

struct _StTimelinePage
{
  GtkWidget parent_instance;

  StSession          *session;
  GSignalGroup       *session_signals; /* on the session shown */
  GSignalGroup       *tracks_signals;  /* on its tracks' arrangement */
  StJob              *find;
  StSession          *find_session; /* the session the find under way is in */
  GSimpleActionGroup *actions;
  gboolean            show_annotations;
  guint               rename_tick;
  guint               room_tick; /* makes room for the distribution once laid out */

  StTimelineView     *view;
  StAnnotationsPanel *annotations;
  StDetailsPane      *details;
  StDistributionPane *distribution;
  GtkPaned           *paned;
  GtkPaned           *bottom_paned;
  GtkSearchBar       *search_bar;
  GtkSearchEntry     *search_entry;
  GtkCheckButton     *args_check;
  GtkLabel           *count_label;
  GtkLabel           *range_label;
  GtkToggleButton    *find_button;
  GtkToggleButton    *group_button;
  GtkWidget          *filter_bar;
  GtkLabel           *filter_label;
  GtkScrollbar       *vscrollbar;
  GtkScrollbar       *hscrollbar;

  /* the baseline's timeline (st-timeline-page-baseline.c) */
  StSession       *active;           /* the session of the timeline last focused */
  GSignalGroup    *find_signals;     /* on the active session */
  GSignalGroup    *baseline_signals; /* on the session's baseline */
  char            *found_for[2];     /* what each timeline's results were found for */
  gboolean         baseline_shown;
  GtkStringList   *steps;
  GtkToggleButton *baseline_button;
  GtkWidget       *baseline_box;
  GtkWidget       *baseline_header;
  GtkLabel        *baseline_name_label;
  GtkLabel        *baseline_folder_label;
  GtkLabel        *align_label;
  GtkDropDown     *step_dropdown;
  StTimelineView  *baseline_view;
  GtkScrollbar    *baseline_vscrollbar;
  GtkScrollbar    *baseline_hscrollbar;
  GtkPaned        *timelines_paned;
  gboolean         filling_steps; /* the dropdown changes, not the person */
  GtkWidget       *current_header;
  GtkLabel        *current_name_label;
};

/* st-timeline-page.c */
void st_timeline_page_refind (StTimelinePage *self);
void st_timeline_page_update_count (StTimelinePage *self);

/* st-timeline-page-baseline.c */
void st_timeline_page_class_init_baseline (GtkWidgetClass *widget_class);
void st_timeline_page_init_baseline (StTimelinePage *self);
void st_timeline_page_dispose_baseline (StTimelinePage *self);
/* The session's baseline changed, or the session did. */
void st_timeline_page_update_baseline (StTimelinePage *self);
/* The index in found_for of the active timeline: 0 current, 1 baseline. */
guint st_timeline_page_active_index (StTimelinePage *self);

G_END_DECLS
