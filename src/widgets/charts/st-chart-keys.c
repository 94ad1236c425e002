/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-chart-keys.h"

static const StChartMove moves[] = {
  { GDK_KEY_Left, -1 },    { GDK_KEY_Right, 1 },       { GDK_KEY_KP_Left, -1 },
  { GDK_KEY_KP_Right, 1 }, { GDK_KEY_Home, G_MININT }, { GDK_KEY_End, G_MAXINT },
};

const StChartMove *
st_chart_moves (guint *n_moves)
{
  *n_moves = G_N_ELEMENTS (moves);
  return moves;
}

/* Binds the moving keys to @move_action (an "i" action: the step) and
 * Return, Enter and Space to @pick_action, both installed by the chart. */
void
st_chart_bind_point_keys (GtkWidgetClass *widget_class,
                          const char     *move_action,
                          const char     *pick_action)
{
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_add_binding_action (widget_class, moves[i].key, 0, move_action, "i",
                                         moves[i].step);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, pick_action, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, pick_action, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, pick_action, NULL);
}

/* The keyboard's focus frame shows while the chart has the focus in
 * keyboard mode: a change of either redraws it. Called from the chart's
 * state_flags_changed after its parent class's. */
void
st_chart_redraw_on_focus (GtkWidget *widget, GtkStateFlags previous)
{
  if ((previous ^ gtk_widget_get_state_flags (widget))
      & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE))
    gtk_widget_queue_draw (widget);
}

void
st_chart_watch_pointer (GtkWidget  *widget,
                        GCallback   on_motion,
                        GCallback   on_leave,
                        const char *click_signal,
                        GCallback   on_click,
                        GCallback   on_tooltip)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture         *click = gtk_gesture_click_new ();

  g_signal_connect (motion, "motion", on_motion, widget);
  g_signal_connect (motion, "leave", on_leave, widget);
  g_signal_connect (click, click_signal, on_click, widget);
  gtk_widget_add_controller (widget, motion);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_has_tooltip (widget, TRUE);
  g_signal_connect (widget, "query-tooltip", on_tooltip, widget);
}
