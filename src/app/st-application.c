#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-application.h"
#include "st-window.h"

#include <glib/gi18n.h>

struct _StApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (StApplication, st_application, ADW_TYPE_APPLICATION)

static StWindow *
new_window (StApplication *self)
{
  return st_window_new (self);
}

/* A window already showing @file, or NULL. */
static StWindow *
window_showing (StApplication *self,
                GFile         *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (ST_IS_WINDOW (l->data) && st_window_get_file (l->data) != NULL &&
        g_file_equal (st_window_get_file (l->data), file))
      return l->data;
  return NULL;
}

/* The active window when it shows nothing yet (so the first file goes
 * there), else NULL. */
static StWindow *
empty_window (StApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ST_IS_WINDOW (active) && st_window_is_empty (ST_WINDOW (active)))
    return ST_WINDOW (active);
  return NULL;
}

/* Opens each file in a window of its own, or presents the window that
 * already shows it. */
void
st_application_open_files (StApplication *self,
                           GFile        **files,
                           guint          n_files)
{
  for (guint i = 0; i < n_files; i++)
    {
      StWindow *window = window_showing (self, files[i]);

      if (window == NULL)
        {
          window = empty_window (self);
          if (window == NULL)
            window = new_window (self);
          st_window_open (window, files[i]);
        }
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
st_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  st_application_open_files (ST_APPLICATION (app), files, n_files);
}

static void
st_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (ST_APPLICATION (app)));
  gtk_window_present (window);
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (user_data)));
}

/* Closes every window as its close button would, so a window with regions
 * in no file asks first; the application ends with the last window. */
static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  for (GList *l = windows; l != NULL; l = l->next)
    g_object_ref (l->data);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  const char *developers[] = { "The Strata developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (user_data),
                        "application-name", _("Strata"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "comments", _("Explore machine-learning profiles: PyTorch/Kineto, XProf "
                                      "and Chrome trace JSON, at any size."),
                        "developers", developers,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_actions[] = {
  { "new-window", new_window_action },
  { "quit", quit_action },
  { "about", about_action },
};

static const struct
{
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.new-window", { "<Control>n", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.cancel", { "Escape", NULL } },
  { "win.show-summary", { "<Alt>1", NULL } },
  { "win.show-timeline", { "<Alt>2", NULL } },
  { "win.show-tracks", { "<Alt>3", NULL } },
  { "win.show-warnings", { "<Alt>4", NULL } },
  { "win.find", { "<Control>f", NULL } },
  { "win.show-annotations", { "F9", NULL } },
  { "win.save-regions", { "<Control>s", NULL } },
  { "win.save-regions-as", { "<Control><Shift>s", NULL } },
  { "win.load-regions", { "<Control><Shift>o", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

static void
st_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (st_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), app_accels[i].action,
                                           app_accels[i].accels);
}

static int
st_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("strata %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static void
st_application_class_init (StApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = st_application_activate;
  app_class->open = st_application_open;
  app_class->startup = st_application_startup;
  app_class->handle_local_options = st_application_handle_local_options;
}

static const GOptionEntry options[] = {
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
  { NULL }
};

static void
st_application_init (StApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
    _("Opens each FILE (a Chrome trace JSON profile: PyTorch/Kineto, XProf, Chrome DevTools, "
      "Perfetto's JSON export; plain or gzip-compressed) in a window of its own. Without a "
      "FILE, opens an empty window."));
}

StApplication *
st_application_new (void)
{
  return g_object_new (ST_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/strata/Strata",
                       NULL);
}

/* The profile bundled with Strata: installed, or in the source tree when
 * Strata runs from its build directory. */
GFile *
st_application_get_sample (void)
{
  g_autofree char *installed = g_build_filename (PKGDATADIR, "samples", SAMPLE_NAME, NULL);

  if (g_file_test (installed, G_FILE_TEST_EXISTS))
    return g_file_new_for_path (installed);
  return g_file_new_for_path (SAMPLE_SOURCE_PATH);
}
