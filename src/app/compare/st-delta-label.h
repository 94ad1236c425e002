/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-delta-label.h: a difference as the Compare page shows it: the text
 * ("+1.2 ms", "▲ +38 %") in the theme's success colour when the change is
 * better, its error colour when worse, the tooltip saying which, so the
 * judgement does not rest on colour alone. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* As StDiffJudgement (st-profile-diff.h): unjudged, better, worse. */
typedef enum
{
  ST_DELTA_UNJUDGED,
  ST_DELTA_BETTER,
  ST_DELTA_WORSE,
} StDeltaJudgement;

#define ST_TYPE_DELTA_LABEL (st_delta_label_get_type ())

G_DECLARE_FINAL_TYPE (StDeltaLabel, st_delta_label, ST, DELTA_LABEL, GtkWidget)

GtkWidget       *st_delta_label_new (void);
const char      *st_delta_label_get_text (StDeltaLabel *self);
void             st_delta_label_set_text (StDeltaLabel *self, const char *text);
StDeltaJudgement st_delta_label_get_judgement (StDeltaLabel *self);
void             st_delta_label_set_judgement (StDeltaLabel *self, StDeltaJudgement judgement);

G_END_DECLS
