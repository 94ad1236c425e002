/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-baseline.h: a second profile opened as the baseline of the one in a
 * window ("Compare with…"): its own view state (an StSession of the base
 * trace, for its timeline) and how its time lines up with the current
 * profile's (docs/metrics.md 8.10). A time t of the base shows at
 * t + offset on the current profile's axis; while linked, zooming or
 * panning either view moves the other to the same span, shifted by the
 * offset, and both views may go over both profiles shifted so. The offset
 * lines up a step of each (their steps are given once found, and the first
 * steps line up until someone chooses), or any two times. Both views use
 * the same tool and show flows alike; each keeps its own selection, marks
 * and find. Whether the window shows the base's timeline is kept here too,
 * so the Compare page can ask for it. GIO only.
 */
#pragma once

#include <gio/gio.h>

#include "st-session.h"

G_BEGIN_DECLS

#define ST_TYPE_BASELINE (st_baseline_get_type ())

G_DECLARE_FINAL_TYPE (StBaseline, st_baseline, ST, BASELINE, GObject)

StBaseline *st_baseline_new (StSession *current, StTrace *base, GFile *file);
StSession  *st_baseline_get_session (StBaseline *self);
GFile      *st_baseline_get_file (StBaseline *self);
gint64      st_baseline_get_offset (StBaseline *self);
void        st_baseline_set_offset (StBaseline *self, gint64 offset);
void        st_baseline_align (StBaseline *self, gint64 base_time, gint64 current_time);
gboolean    st_baseline_get_linked (StBaseline *self);
void        st_baseline_set_linked (StBaseline *self, gboolean linked);
gboolean    st_baseline_get_shown (StBaseline *self);
void        st_baseline_set_shown (StBaseline *self, gboolean shown);

/* Steps (StTimeSpan in each trace's ns, by start: st-profile-steps.h). */
void  st_baseline_set_steps (StBaseline *self, GArray *base_steps, GArray *current_steps);
guint st_baseline_get_n_steps (StBaseline *self);
gint  st_baseline_get_step (StBaseline *self);
void  st_baseline_align_step (StBaseline *self, guint step);
void  st_baseline_show_step (StBaseline *self, guint step);
gint  st_baseline_step_at (StBaseline *self, gint64 current_time);

void st_baseline_reveal (StBaseline       *self,
                         const StEventRef *base_event,
                         const StEventRef *current_event);

G_END_DECLS
