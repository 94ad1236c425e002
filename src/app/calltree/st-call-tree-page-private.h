/* st-call-tree-page-private.h: what the files of StCallTreePage share: its
 * fields, and what each gives the other (st-call-tree-page.c: the scope,
 * the build on a thread, the properties; st-call-tree-page-view.c: the
 * table and the flame graph, finding a node in them, and the actions on
 * the node selected). */
#pragma once

#include "st-call-tree-page.h"
#include "st-flame-graph.h"
#include "st-job.h"

G_BEGIN_DECLS

struct _StCallTreePage
{
  GtkWidget parent_instance;

  StSession    *session;
  GSignalGroup *session_signals;
  char         *scope;     /* "profile", "region" or "selection" */
  gboolean      bottom_up; /* the direction shown */
  gboolean      by_thread;
  /* the selection taken as the scope */
  gboolean has_selection;
  GArray  *selection_tracks; /* guint */
  gint64   selection_start;
  gint64   selection_end;
  /* the trees of the scope, both ways, and the build under way */
  StCallTree *top_down;
  StCallTree *bottom_up_tree;
  gboolean    dirty;
  StJob      *build;
  gboolean    revealing;     /* the page, not the person, selects a row */
  guint       scroll_id;     /* scrolling to the row selected, once laid out */
  gboolean    paned_moved;   /* the person moved the divider */
  gboolean    placing_paned; /* the page moves it */
  /* the table */
  GtkTreeListModel   *tree_model;
  GtkSingleSelection *selection;

  GtkLabel       *scope_label;
  GtkStack       *content_stack;
  AdwStatusPage  *status_page;
  GtkProgressBar *progress_bar;
  GtkPaned       *paned;
  GtkColumnView  *tree_view;
  StFlameGraph   *flame_graph;
  GtkLabel       *zoom_label;
};

/* st-call-tree-page-view.c */
void st_call_tree_page_show_tree (StCallTreePage *self);
void st_call_tree_page_update_actions (StCallTreePage *self);
void st_call_tree_page_class_init_view (GtkWidgetClass *widget_class);

G_END_DECLS
