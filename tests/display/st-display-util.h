/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-display-util.h: what the display tests share besides st-test-util.h
 * (loading traces, waiting for the main loop): finding a widget in a
 * window, pressing the key of a shortcut, reading a widget's pixels,
 * waiting for a window to load. */
#pragma once

#include <gtk/gtk.h>

#include "st-test-util.h"

G_BEGIN_DECLS

GtkWidget       *st_test_find_child (GtkWidget *root, GType type);
GtkWidget       *st_test_find_by_id (GtkWidget *root, const char *id);
gboolean         st_test_press_shortcut (GtkWidget *widget, const char *trigger);
cairo_surface_t *st_test_render (GtkWidget *widget);
guint32          st_test_pixel (cairo_surface_t *surface, int x, int y);
/* A window has left its loading page: st_test_wait_until's condition after
 * st_window_open (). */
gboolean st_test_window_loaded (gpointer window);
/* The first label under @root that reads @text, or NULL. */
GtkWidget *st_test_find_label (GtkWidget *root, const char *text);
/* Destroys @window and asserts that it is finalized: every display test
 * ends so with the windows it made. */
void st_test_destroy_window (gpointer window);
/* The same, @window closed as its close button does it. */
void st_test_close_window (gpointer window);
/* The column of @view titled @title; fails the test when there is none. */
GtkColumnViewColumn *st_test_column_titled (GtkColumnView *view, const char *title);
/* The widget the cell of row @row (a position of the view's model) of the
 * column titled @title shows: what a person reads there. */
GtkWidget *st_test_cell (GtkColumnView *view, guint row, const char *title);

G_END_DECLS
