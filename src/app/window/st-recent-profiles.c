/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recent-profiles.h"

#include <glib/gstdio.h>
#include <string.h>

/* Strata's entries in the recent files. */
#define RECENT_APP_NAME "strata"

struct _StRecentProfile
{
  GObject     parent_instance;
  GPtrArray  *files; /* GFile */
  StAlignment alignment;
};

G_DEFINE_FINAL_TYPE (StRecentProfile, st_recent_profile, G_TYPE_OBJECT)

static void
st_recent_profile_finalize (GObject *object)
{
  g_ptr_array_unref (ST_RECENT_PROFILE (object)->files);
  G_OBJECT_CLASS (st_recent_profile_parent_class)->finalize (object);
}

static void
st_recent_profile_class_init (StRecentProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_recent_profile_finalize;
}

static void
st_recent_profile_init (StRecentProfile *self)
{
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
}

GFile **
st_recent_profile_get_files (StRecentProfile *self, guint *n_files)
{
  g_return_val_if_fail (ST_IS_RECENT_PROFILE (self), NULL);
  *n_files = self->files->len;
  return (GFile **)self->files->pdata;
}

StAlignment
st_recent_profile_get_alignment (StRecentProfile *self)
{
  g_return_val_if_fail (ST_IS_RECENT_PROFILE (self), ST_ALIGN_CLOCK);
  return self->alignment;
}

/* "strata %f" for one file; `strata --merge --align=A 'F1' 'F2'…` for
 * several, each '%' doubled: GLib expands %-codes of the line it reads
 * back. */
static char *
command_line (GFile *const *files, guint n_files, StAlignment alignment)
{
  GString *s;

  if (n_files == 1)
    return g_strdup ("strata %f");
  s = g_string_new ("strata --merge --align=");
  g_string_append (s, st_alignment_to_string (alignment));
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      g_autofree char *quoted = g_shell_quote (path != NULL ? path : "");

      g_string_append_c (s, ' ');
      g_string_append (s, quoted);
    }
  g_string_replace (s, "%", "%%", 0);
  return g_string_free (s, FALSE);
}

void
st_recent_profiles_add (GFile *const *files, guint n_files, StAlignment alignment)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  static char      *groups[] = { (char *)RECENT_APP_NAME, NULL };
  g_autofree char  *list = NULL, *folder = NULL, *uri = NULL, *basename = NULL;
  g_autofree char  *type = NULL, *mime = NULL, *exec = NULL;
  GtkRecentData     data = { 0 };

  g_return_if_fail (n_files > 0);
  /* GTK writes the list and does not make its folder (a new account, a
   * test with folders of its own) */
  g_object_get (manager, "filename", &list, NULL);
  if (list != NULL && (folder = g_path_get_dirname (list)) != NULL)
    g_mkdir_with_parents (folder, 0700);
  uri = g_file_get_uri (files[0]);
  basename = g_file_get_basename (files[0]);
  type = g_content_type_guess (basename, NULL, 0, NULL);
  mime = g_content_type_get_mime_type (type);
  exec = command_line (files, n_files, alignment);
  data.mime_type = mime ? mime : (char *)"application/octet-stream";
  data.app_name = (char *)RECENT_APP_NAME;
  data.app_exec = exec;
  data.groups = groups;
  gtk_recent_manager_add_full (manager, uri, &data);
}

void
st_recent_profiles_add_read (GObject *page, GPtrArray *files, gpointer user_data)
{
  st_recent_profiles_add ((GFile *const *)files->pdata, files->len, ST_ALIGN_CLOCK);
}

/* The profile of one of Strata's entries: the files of its --merge
 * command line, else its own file; NULL when one of them is gone. */
static StRecentProfile *
profile_of (GtkRecentInfo *info)
{
  g_autoptr (StRecentProfile) profile = g_object_new (ST_TYPE_RECENT_PROFILE, NULL);
  g_auto (GStrv)              argv = NULL;
  const char                 *exec = NULL;
  int                         argc = 0;

  if (gtk_recent_info_get_application_info (info, RECENT_APP_NAME, &exec, NULL, NULL)
      && exec != NULL && g_shell_parse_argv (exec, &argc, &argv, NULL) && argc > 3
      && g_str_equal (argv[1], "--merge") && g_str_has_prefix (argv[2], "--align=")
      && st_alignment_from_string (argv[2] + strlen ("--align="), &profile->alignment))
    for (int i = 3; i < argc; i++)
      g_ptr_array_add (profile->files, g_file_new_for_path (argv[i]));
  else
    g_ptr_array_add (profile->files, g_file_new_for_uri (gtk_recent_info_get_uri (info)));
  for (guint i = 0; i < profile->files->len; i++)
    if (!g_file_query_exists (profile->files->pdata[i], NULL))
      return NULL;
  return g_steal_pointer (&profile);
}

static int
compare_recent (gconstpointer a, gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo **)a, *ib = *(GtkRecentInfo **)b;

  return -g_date_time_compare (gtk_recent_info_get_modified (ia),
                               gtk_recent_info_get_modified (ib));
}

GPtrArray *
st_recent_profiles_list (guint max)
{
  GList                *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) mine = g_ptr_array_new ();
  GPtrArray            *profiles = g_ptr_array_new_with_free_func (g_object_unref);

  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_application (l->data, RECENT_APP_NAME))
      g_ptr_array_add (mine, l->data);
  g_ptr_array_sort (mine, compare_recent);
  for (guint i = 0; i < mine->len && profiles->len < max; i++)
    {
      StRecentProfile *profile = profile_of (g_ptr_array_index (mine, i));

      if (profile != NULL)
        g_ptr_array_add (profiles, profile);
    }
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
  return profiles;
}
