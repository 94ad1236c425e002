/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-file-drop.h"

#include "st-trace-types.h"

struct _StFileDrop
{
  GObject parent_instance;
};

G_DEFINE_FINAL_TYPE (StFileDrop, st_file_drop, G_TYPE_OBJECT)

enum
{
  FILES_DROPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, StFileDrop *self)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = g_value_get_boxed (value); l != NULL && files->len < ST_MAX_FILES; l = l->next)
    g_ptr_array_add (files, l->data);
  if (files->len == 0)
    return FALSE;
  g_signal_emit (self, signals[FILES_DROPPED], 0, files);
  return TRUE;
}

static void
st_file_drop_class_init (StFileDropClass *klass)
{
  /* a GPtrArray of GFile, not empty */
  signals[FILES_DROPPED]
      = g_signal_new ("files-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
}

static void
st_file_drop_init (StFileDrop *self)
{
}

StFileDrop *
st_file_drop_new (GtkWidget *widget)
{
  StFileDrop    *self = g_object_new (ST_TYPE_FILE_DROP, NULL);
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));
  return self;
}
