/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-greeter.h"

#include "st-recent-profiles.h"

#include <adwaita.h>
#include <glib/gi18n.h>

/* The greeter lists this many recent profiles, the last opened first. */
#define MAX_RECENT 8

struct _StGreeter
{
  GtkWidget parent_instance;

  GListStore *recent; /* StRecentProfile, the last opened first */

  GtkWidget  *recent_box;
  GtkListBox *recent_list;
};

G_DEFINE_FINAL_TYPE (StGreeter, st_greeter, GTK_TYPE_WIDGET)

enum
{
  RECENT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The profiles Strata opened that are still there, the last opened first. */
static void
update_recent (StGreeter *self)
{
  g_autoptr (GPtrArray) files = st_recent_profiles_list (MAX_RECENT);

  g_list_store_splice (self->recent, 0, g_list_model_get_n_items (G_LIST_MODEL (self->recent)),
                       files->pdata, files->len);
  gtk_widget_set_visible (self->recent_box, files->len > 0);
}

/* A row: the first file's name (and how many more files the profile
 * has), its folder under it, every file's path in the tooltip. */
static GtkWidget *
create_recent_row (gpointer item, gpointer user_data)
{
  guint             n_files;
  GFile           **files = st_recent_profile_get_files (item, &n_files);
  g_autofree char  *basename = g_file_get_basename (files[0]);
  g_autoptr (GFile) parent = g_file_get_parent (files[0]);
  g_autofree char  *folder = parent ? g_file_get_parse_name (parent) : NULL;
  g_autofree char  *title = NULL;
  GString          *paths = g_string_new (NULL);
  GtkWidget        *row = adw_action_row_new ();
  GtkWidget        *icon = gtk_image_new_from_icon_name ("go-next-symbolic");

  /* Translators: a profile of several files: the first one's name, and how many others */
  title = n_files > 1 ? g_strdup_printf (
              ngettext ("%s and %u more file", "%s and %u more files", n_files - 1), basename,
              n_files - 1)
                      : g_strdup (basename);
  for (guint i = 0; i < n_files; i++)
    g_string_append_printf (paths, "%s%s", i > 0 ? "\n" : "", g_file_peek_path (files[i]));
  /* names are file names, not markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), folder ? folder : "");
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, paths->str);
  g_string_free (paths, TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
  return row;
}

static void
on_row_activated (StGreeter *self, GtkListBoxRow *row)
{
  g_autoptr (StRecentProfile) profile
      = g_list_model_get_item (G_LIST_MODEL (self->recent), gtk_list_box_row_get_index (row));

  g_signal_emit (self, signals[RECENT_ACTIVATED], 0, profile);
}

static void
st_greeter_dispose (GObject *object)
{
  StGreeter *self = ST_GREETER (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_GREETER);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->recent);
  G_OBJECT_CLASS (st_greeter_parent_class)->dispose (object);
}

static void
st_greeter_class_init (StGreeterClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_greeter_dispose;

  /* A recent profile was chosen: the StRecentProfile to open. */
  signals[RECENT_ACTIVATED]
      = g_signal_new ("recent-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_RECENT_PROFILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-greeter.ui");
  gtk_widget_class_bind_template_child (widget_class, StGreeter, recent_box);
  gtk_widget_class_bind_template_child (widget_class, StGreeter, recent_list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_greeter_init (StGreeter *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->recent = g_list_store_new (ST_TYPE_RECENT_PROFILE);
  gtk_list_box_bind_model (self->recent_list, G_LIST_MODEL (self->recent), create_recent_row, NULL,
                           NULL);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent),
                           self, G_CONNECT_SWAPPED);
  update_recent (self);
}

GtkWidget *
st_greeter_new (void)
{
  return g_object_new (ST_TYPE_GREETER, NULL);
}
