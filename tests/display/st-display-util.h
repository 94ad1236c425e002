/* st-display-util.h: what the display tests share: waiting for the main
 * loop to get somewhere, finding a widget in a window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void       st_test_wait_until (gboolean  (*done) (gpointer data),
                               gpointer    data);
GtkWidget *st_test_find_child (GtkWidget *root,
                               GType      type);

G_END_DECLS
