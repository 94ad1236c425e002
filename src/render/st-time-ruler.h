/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-time-ruler.h: the time axis. Ticks fall on 1, 2 or 5 × 10^n
 * nanoseconds, far enough apart that their labels never touch; labels count
 * from the trace start in the unit of the step (ns, µs, ms, s). */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "st-palette.h"

G_BEGIN_DECLS

#define ST_RULER_HEIGHT      26
#define ST_RULER_MIN_SPACING 90.0

typedef struct
{
  gint64 time;
  double x;
  char   label[32];
} StRulerTick;

gint64  st_time_ruler_step (gint64 span, double width, double min_spacing);
void    st_time_ruler_label (gint64 time, gint64 step, gint64 magnitude, char *buf, gsize size);
GArray *st_time_ruler_ticks (gint64 start, gint64 end, double x, double width, double min_spacing);
GArray *st_time_ruler_fit (PangoLayout *layout, gint64 start, gint64 end, double x, double width);
void    st_time_ruler_draw (cairo_t         *cr,
                            PangoLayout     *layout,
                            const StPalette *palette,
                            GArray          *ticks,
                            double           x,
                            double           width);

G_END_DECLS
