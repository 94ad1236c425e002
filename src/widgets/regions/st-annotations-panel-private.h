/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-annotations-panel-private.h: what the parts of StAnnotationsPanel
 * share: st-annotations-panel.c (the panel, its session and the highlighter
 * run), st-annotations-panel-actions.c (the "regions" actions) and
 * st-annotations-panel-files.c (configuration and region files). */
#pragma once

#include "st-annotations-panel.h"
#include "st-highlighter-form.h"
#include "st-highlighter-job.h"
#include "st-region-chart.h"
#include "st-region-list.h"

G_BEGIN_DECLS

struct _StAnnotationsPanel
{
  GtkWidget parent_instance;

  StSession          *session;
  GSignalGroup       *session_signals;
  GSignalGroup       *region_signals;
  GSimpleActionGroup *actions;
  GFile              *regions_file; /* where the regions were last saved or loaded */
  StHighlighterJob   *job;          /* the highlighter's run, while it runs */
  GCancellable       *cancellable;
  guint               progress_tick;

  GtkToggleButton   *highlighter_toggle;
  GtkToggleButton   *regions_toggle;
  GtkToggleButton   *chart_toggle;
  GtkToggleButton   *by_index_toggle;
  GtkRevealer       *error_revealer;
  GtkLabel          *error_label;
  StHighlighterForm *form;
  GtkBox            *progress_box;
  GtkProgressBar    *progress_bar;
  GtkBox            *explanation_box;
  GtkLabel          *explanation_label;
  GtkLabel          *status_label;
  GtkLabel          *count_label;
  GtkButton         *add_button;
  GtkStack          *list_stack;
  StRegionList      *list;
  StRegionChart     *chart;
  GtkLabel          *compare_label;
  GtkMenuButton     *recent_configs_button;
  GMenu             *recent_configs;
};

/* st-annotations-panel.c */
StRegionSet *_st_annotations_panel_get_regions (StAnnotationsPanel *self);
void         _st_annotations_panel_dismiss_error (StAnnotationsPanel *self);
void         _st_annotations_panel_set_status (StAnnotationsPanel *self, const char *text);
void         _st_annotations_panel_update_actions (StAnnotationsPanel *self);
gboolean     _st_annotations_panel_get_addable (StAnnotationsPanel *self,
                                                gint64             *start,
                                                gint64             *end,
                                                gboolean           *timing);
void         _st_annotations_panel_highlight (StAnnotationsPanel *self);
void         _st_annotations_panel_cancel_highlight (StAnnotationsPanel *self);

/* st-annotations-panel-actions.c */
void _st_annotations_panel_init_actions (StAnnotationsPanel *self);

/* st-annotations-panel-files.c */
void _st_annotations_panel_choose_config_to_load (StAnnotationsPanel *self);
void _st_annotations_panel_choose_config_to_save (StAnnotationsPanel *self);
void _st_annotations_panel_load_config (StAnnotationsPanel *self, GFile *file);
void _st_annotations_panel_save_regions (StAnnotationsPanel *self);
void _st_annotations_panel_choose_regions_to_save (StAnnotationsPanel *self);
void _st_annotations_panel_choose_regions_to_load (StAnnotationsPanel *self);

G_END_DECLS
