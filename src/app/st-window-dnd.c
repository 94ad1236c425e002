/* Files dropped on a window open as the Open dialog opens them; several
 * files dropped together are the ranks of one profile. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window-private.h"

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, StWindow *self)
{
  GSList               *list = g_value_get_boxed (value);
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL && files->len < ST_MAX_FILES; l = l->next)
    g_ptr_array_add (files, l->data);
  st_window_open_files (self, (GFile **)files->pdata, files->len, TRUE, ST_ALIGN_CLOCK);
  return files->len > 0;
}

void
st_window_init_dnd (StWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
