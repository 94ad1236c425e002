/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-highlighter-form.h: the Region Highlighter's configuration, edited:
 * the method, then the fields that apply to it (tracks, names, collective
 * types, gaps, depth, projection, frame, minimum duration). Reads and makes
 * StHighlighterConfig, the same the JSON files and strata-cli hold. */
#pragma once

#include <gtk/gtk.h>

#include "st-highlighter-config.h"

G_BEGIN_DECLS

#define ST_TYPE_HIGHLIGHTER_FORM (st_highlighter_form_get_type ())

G_DECLARE_FINAL_TYPE (StHighlighterForm, st_highlighter_form, ST, HIGHLIGHTER_FORM, GtkWidget)

GtkWidget           *st_highlighter_form_new (void);
StHighlighterConfig *st_highlighter_form_get_config (StHighlighterForm *self);
void st_highlighter_form_set_config (StHighlighterForm *self, const StHighlighterConfig *config);
StRegionMethod st_highlighter_form_get_method (StHighlighterForm *self);
void           st_highlighter_form_set_method (StHighlighterForm *self, StRegionMethod method);

G_END_DECLS
