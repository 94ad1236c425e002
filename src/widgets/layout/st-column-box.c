/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-column-box.h"

#include "st-column-layout.h"

struct _StColumnBox
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (StColumnBox, st_column_box, GTK_TYPE_WIDGET)

static void
st_column_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_column_box_parent_class)->dispose (object);
}

static void
st_column_box_class_init (StColumnBoxClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_column_box_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, ST_TYPE_COLUMN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "columnbox");
}

static void
st_column_box_init (StColumnBox *self)
{
}

GtkWidget *
st_column_box_new (void)
{
  return g_object_new (ST_TYPE_COLUMN_BOX, NULL);
}
