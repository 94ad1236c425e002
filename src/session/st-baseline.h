/* st-baseline.h: a second profile opened as the baseline of the one in a
 * window ("Compare with…"): its own view state (an StSession of the base
 * trace, for its timeline) and how its time lines up with the current
 * profile's. A time t of the base shows at t + offset on the current
 * profile's axis; while linked, zooming or panning either view moves the
 * other to the same span, shifted by the offset. GIO only.
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

G_END_DECLS
