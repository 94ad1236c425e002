/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-chart-keys.h: the keys a chart of points or bins shares with the
 * others: Left and Right (and the keypad's) step, Home and End go to the
 * ends; Return, Enter and Space pick; and how every chart hears the
 * pointer. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  guint key;
  gint  step; /* −1, 1; G_MININT: the first; G_MAXINT: the last */
} StChartMove;

/* The moving keys, in the order above. */
const StChartMove *st_chart_moves (guint *n_moves);

void st_chart_bind_point_keys (GtkWidgetClass *widget_class,
                               const char     *move_action,
                               const char     *pick_action);
void st_chart_redraw_on_focus (GtkWidget *widget, GtkStateFlags previous);

/* The pointer on @widget: a motion controller's "motion" and "leave" to
 * @on_motion and @on_leave, a click gesture's @click_signal ("pressed" or
 * "released") to @on_click, and its tooltips from @on_tooltip, each with
 * @widget as their data. */
void st_chart_watch_pointer (GtkWidget  *widget,
                             GCallback   on_motion,
                             GCallback   on_leave,
                             const char *click_signal,
                             GCallback   on_click,
                             GCallback   on_tooltip);

G_END_DECLS
