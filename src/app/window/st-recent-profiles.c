#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recent-profiles.h"

#include <glib/gstdio.h>

/* Strata's entries in the recent files. */
#define RECENT_APP_NAME "strata"

void
st_recent_profiles_add (GFile *const *files, guint n_files)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  static char      *groups[] = { (char *)RECENT_APP_NAME, NULL };
  g_autofree char  *list = NULL, *folder = NULL;

  /* GTK writes the list and does not make its folder (a new account, a
   * test with folders of its own) */
  g_object_get (manager, "filename", &list, NULL);
  if (list != NULL && (folder = g_path_get_dirname (list)) != NULL)
    g_mkdir_with_parents (folder, 0700);
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *uri = g_file_get_uri (files[i]);
      g_autofree char *basename = g_file_get_basename (files[i]);
      g_autofree char *type = g_content_type_guess (basename, NULL, 0, NULL);
      g_autofree char *mime = g_content_type_get_mime_type (type);
      GtkRecentData    data = {
           .mime_type = mime ? mime : (char *)"application/octet-stream",
           .app_name = (char *)RECENT_APP_NAME,
           .app_exec = (char *)"strata %f",
           .groups = groups,
      };

      gtk_recent_manager_add_full (manager, uri, &data);
    }
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
  GPtrArray            *files = g_ptr_array_new_with_free_func (g_object_unref);

  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_application (l->data, RECENT_APP_NAME)
        && gtk_recent_info_exists (l->data))
      g_ptr_array_add (mine, l->data);
  g_ptr_array_sort (mine, compare_recent);
  for (guint i = 0; i < mine->len && files->len < max; i++)
    g_ptr_array_add (files,
                     g_file_new_for_uri (gtk_recent_info_get_uri (g_ptr_array_index (mine, i))));
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
  return files;
}
