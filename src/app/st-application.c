/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-application.h"
#include "st-fleet-document.h"
#include "st-small-file.h"
#include "st-preferences-window.h"
#include "st-profile-loader.h"
#include "st-window.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

struct _StApplication
{
  AdwApplication parent_instance;

  GSettings *settings; /* NULL when the schema is not installed */
};

G_DEFINE_FINAL_TYPE (StApplication, st_application, ADW_TYPE_APPLICATION)

static StWindow *
new_window (StApplication *self)
{
  return st_window_new (self);
}

/* A window already showing @file (alone), or NULL. */
StWindow *
st_application_get_window_for_file (StApplication *self, GFile *file)
{
  g_return_val_if_fail (ST_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (ST_IS_WINDOW (l->data) && st_window_get_file (l->data) != NULL
        && g_file_equal (st_window_get_file (l->data), file))
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
st_application_open_files (StApplication *self, GFile **files, guint n_files)
{
  for (guint i = 0; i < n_files; i++)
    {
      StWindow *window = st_application_get_window_for_file (self, files[i]);

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

/* Opens @files as one profile (one file per rank or device) in a window of
 * its own, or presents the window that already shows them in this order. */
void
st_application_open_profile (StApplication *self,
                             GFile        **files,
                             guint          n_files,
                             StAlignment    alignment)
{
  StWindow *window = NULL;

  g_return_if_fail (ST_IS_APPLICATION (self));
  if (n_files < 2)
    {
      st_application_open_files (self, files, n_files);
      return;
    }
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l && !window; l = l->next)
    if (ST_IS_WINDOW (l->data) && st_window_shows_files (l->data, files, n_files))
      window = l->data;
  if (window == NULL)
    {
      window = empty_window (self);
      if (window == NULL)
        window = new_window (self);
      st_window_open_profile (window, files, n_files, alignment);
    }
  gtk_window_present (GTK_WINDOW (window));
}

/* Digests, or a folder of them, on the Fleet page of a window (the active
 * one when it shows nothing). */
void
st_application_open_fleet (StApplication *self, GFile **files, guint n_files)
{
  StWindow *window = empty_window (self);

  g_return_if_fail (ST_IS_APPLICATION (self));
  if (window == NULL)
    window = new_window (self);
  st_window_open_fleet (window, files, n_files);
  gtk_window_present (GTK_WINDOW (window));
}

/* Files go to @window when it shows nothing, the others to new ones. */
static void
open_files_from (StApplication *self, StWindow *window, GFile **files, guint n_files)
{
  guint first = 0;

  /* a profile already open in a window is shown there (presented), not
   * opened twice */
  if (n_files > 0 && st_window_is_empty (window)
      && (self == NULL || st_application_get_window_for_file (self, files[0]) == NULL))
    {
      st_window_open (window, files[0]);
      first = 1;
    }
  if (first < n_files)
    st_application_open_files (self, files + first, n_files - first);
}

/* What @window's Open dialog, a drop on it and its recent profiles do with
 * the files chosen: digests (or a folder of them) are a fleet; with
 * @as_one and several files, one profile (in @window when it shows
 * nothing, else in a new window); otherwise each file in its own window,
 * @window taking the first when it shows nothing. @self is NULL for a
 * window of no application, which opens only what it can take itself. */
void
st_application_open_from (StApplication *self,
                          StWindow      *window,
                          GFile        **files,
                          guint          n_files,
                          gboolean       as_one,
                          StAlignment    alignment)
{
  g_return_if_fail (self == NULL || ST_IS_APPLICATION (self));

  if (st_fleet_document_accepts (files, n_files) && st_window_is_empty (window))
    st_window_open_fleet (window, files, n_files);
  else if (st_fleet_document_accepts (files, n_files))
    st_application_open_fleet (self, files, n_files);
  else if (!as_one || n_files < 2)
    open_files_from (self, window, files, n_files);
  else if (st_window_is_empty (window))
    st_window_open_profile (window, files, n_files, alignment);
  else
    st_application_open_profile (self, files, n_files, alignment);
}

/* A rank's trace (or two, merged on their clocks) from a fleet, shown at
 * [@start, @end) of its time on the timeline once loaded. */
void
st_application_open_at (StApplication *self, GFile **files, guint n_files, gint64 start, gint64 end)
{
  StWindow *window = NULL;

  g_return_if_fail (ST_IS_APPLICATION (self));
  g_return_if_fail (n_files == 1 || n_files == 2);

  if (n_files == 1)
    st_application_open_files (self, files, 1);
  else
    st_application_open_profile (self, files, 2, ST_ALIGN_CLOCK);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l && !window; l = l->next)
    if (ST_IS_WINDOW (l->data) && st_window_shows_files (l->data, files, n_files))
      window = l->data;
  if (window != NULL)
    st_window_show_range (window, start, end);
}

/* Opens @file (or presents the window showing it) with @base as its
 * baseline. */
static void
open_compared (StApplication *self, GFile *file, GFile *base)
{
  StWindow *window = st_application_get_window_for_file (self, file);

  if (window == NULL)
    {
      window = empty_window (self);
      if (window == NULL)
        window = new_window (self);
      st_window_open (window, file);
    }
  st_window_compare_with (window, base);
  gtk_window_present (GTK_WINDOW (window));
}

/* The hint is "merge:clock" or "merge:collective" for `strata --merge`
 * (see handle_local_options), so the files reach a running Strata as one
 * profile too, or "compare:" and the baseline's URI for `strata --compare`;
 * otherwise each file opens in its own window. */
static void
st_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  StAlignment alignment = ST_ALIGN_CLOCK;

  if (hint != NULL && g_str_has_prefix (hint, "compare:") && n_files == 1)
    {
      g_autoptr (GFile) base = g_file_new_for_uri (hint + strlen ("compare:"));

      open_compared (ST_APPLICATION (app), files[0], base);
    }
  else if (hint != NULL && g_str_has_prefix (hint, "merge:")
           && st_alignment_from_string (hint + strlen ("merge:"), &alignment))
    st_application_open_profile (ST_APPLICATION (app), files, MIN (n_files, ST_MAX_FILES),
                                 alignment);
  else if (st_fleet_document_accepts (files, n_files))
    st_application_open_fleet (ST_APPLICATION (app), files, n_files);
  else
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
new_window_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (user_data)));
}

/* Closes every window as its close button would, so a window with regions
 * in no file asks first; the application ends with the last window. */
static void
quit_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  for (GList *l = windows; l != NULL; l = l->next)
    g_object_ref (l->data);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

static void
about_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  const char *developers[] = { _ ("The Strata developers"), NULL };
  const char *built_on[] = { "GTK https://gtk.org",
                             "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
                             "json-glib https://gitlab.gnome.org/GNOME/json-glib",
#ifdef HAVE_ISAL
                             "ISA-L https://github.com/intel/isa-l",
#endif
                             "zlib https://zlib.net",
                             NULL };
  const char *test_data[]
      = { "Holistic Trace Analysis https://github.com/facebookresearch/HolisticTraceAnalysis",
          "Catapult https://github.com/catapult-project/catapult",
          "speedscope https://github.com/jlfwong/speedscope",
          "TraceLens https://github.com/AMD-AGI/TraceLens", NULL };
  AdwAboutWindow *about;

  about = g_object_new (
      ADW_TYPE_ABOUT_WINDOW, "transient-for", gtk_application_get_active_window (user_data),
      "application-name", _ ("Strata"), "application-icon", APP_ID, "developer-name",
      _ ("The Strata developers"), "version", PACKAGE_VERSION, "comments",
      _ ("Explore machine-learning profiles: PyTorch/Kineto, XProf, Neuron, Nsight Systems, "
         "rocprofv3 and Chrome trace JSON, at any size."),
      "website", PACKAGE_WEBSITE, "issue-url", PACKAGE_BUGREPORT, "copyright",
      _ ("© 2026 The Strata developers"), "developers", developers,
      /* Translators: your name(s), one per line, as the About window credits them */
      "translator-credits", _ ("translator-credits"), "license-type", GTK_LICENSE_GPL_3_0, NULL);
  adw_about_window_add_acknowledgement_section (about, _ ("Built on"), built_on);
  adw_about_window_add_acknowledgement_section (about, _ ("Test profiles from"), test_data);
  gtk_window_present (GTK_WINDOW (about));
}

/* Settings, when Strata's schema can be found: installed, or compiled in
 * the build directory that GSETTINGS_SCHEMA_DIR names. Without it Strata
 * works the same and remembers nothing (g_settings_new would abort). */
GSettings *
st_application_new_settings (void)
{
  static gsize                warned = 0;
  GSettingsSchemaSource      *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      if (g_once_init_enter (&warned))
        {
          g_message ("The settings schema %s is not installed: window size, landing page and style "
                     "are not remembered. Uninstalled, run Strata with GSETTINGS_SCHEMA_DIR set to "
                     "the build directory's data folder.",
                     APP_ID);
          g_once_init_leave (&warned, 1);
        }
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/* Style: "follow" (the system's), "light" or "dark". */
static void
apply_style (const char *style)
{
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_strcmp0 (style, "light") == 0)
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (style, "dark") == 0)
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static void
show_style (StApplication *self, const char *style)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "style");

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (style));
  apply_style (style);
}

/* The key changed, from the menu or from outside (dconf, another window). */
static void
on_style_changed (GSettings *settings, const char *key, StApplication *self)
{
  g_autofree char *style = g_settings_get_string (settings, key);

  show_style (self, style);
}

static void
style_action (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  StApplication *self = user_data;
  const char    *style = g_variant_get_string (state, NULL);

  if (!g_str_equal (style, "follow") && !g_str_equal (style, "light")
      && !g_str_equal (style, "dark"))
    return;
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "style", style);
  show_style (self, style);
}

/* Ctrl+,: the preferences, one window per application. */
static void
preferences_action (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  StApplication *self = user_data;
  GtkWindow     *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (ST_IS_PREFERENCES_WINDOW (l->data))
      {
        gtk_window_present (l->data);
        return;
      }
  gtk_window_present (GTK_WINDOW (st_preferences_window_new (parent, self->settings)));
}

static const GActionEntry app_actions[] = {
  { "new-window", new_window_action },
  { "quit", quit_action },
  { "about", about_action },
  { "preferences", preferences_action },
  { "style", NULL, "s", "'follow'", style_action },
};

static const struct
{
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.new-window", { "<Control>n", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "window.close", { "<Control>w", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.cancel", { "Escape", NULL } },
  { "win.compare-with", { "<Control>d", NULL } },
  { "win.stop-comparing", { "<Control><Shift>d", NULL } },
  { "win.show-baseline", { "<Control><Shift>b", NULL } },
  { "win.show-summary", { "<Alt>1", NULL } },
  { "win.show-timeline", { "<Alt>2", NULL } },
  { "win.show-call-tree", { "<Alt>3", NULL } },
  { "win.show-query", { "<Alt>4", NULL } },
  { "win.show-tracks", { "<Alt>5", NULL } },
  { "win.show-warnings", { "<Alt>6", NULL } },
  { "win.show-compare", { "<Alt>7", NULL } },
  { "win.call-tree-of-selection", { "<Control><Shift>t", NULL } },
  { "win.find", { "<Control>f", NULL } },
  { "win.filter-tracks", { "<Control><Shift>f", NULL } },
  { "win.show-annotations", { "F9", NULL } },
  { "win.save-regions", { "<Control>s", NULL } },
  { "win.save-regions-as", { "<Control><Shift>s", NULL } },
  { "win.load-regions", { "<Control><Shift>o", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

static void
st_application_startup (GApplication *app)
{
  StApplication *self = ST_APPLICATION (app);

  G_APPLICATION_CLASS (st_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  self->settings = st_application_new_settings ();
  if (self->settings != NULL)
    {
      g_autofree char *style = g_settings_get_string (self->settings, "style");

      g_signal_connect_object (self->settings, "changed::style", G_CALLBACK (on_style_changed),
                               self, 0);
      show_style (self, style);
    }
  /* without the schema there is nothing to set */
  g_simple_action_set_enabled (
      G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (app), "preferences")),
      self->settings != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), app_accels[i].action,
                                           app_accels[i].accels);
}

/* What travels with the files to the primary instance: "merge:ALIGN"
 * for --merge, "compare:URI" for --compare BASE, else "". NULL, with the
 * exit @status, when the options do not go together. */
static char *
open_hint (GVariantDict *options, gboolean merge, StAlignment alignment, guint n_files, int *status)
{
  const char       *base = NULL;
  g_autoptr (GFile) base_file = NULL;
  g_autofree char  *uri = NULL;

  *status = 2;
  if (g_variant_dict_lookup (options, "compare", "^&ay", &base))
    {
      if (merge || n_files != 1)
        {
          fprintf (stderr, "strata: %s\n", _ ("--compare BASE takes one FILE, without --merge"));
          return NULL;
        }
      base_file = st_file_new_for_arg (base);
      uri = g_file_get_uri (base_file);
      return g_strconcat ("compare:", uri, NULL);
    }
  if (merge && n_files > ST_MAX_FILES)
    {
      fprintf (stderr, "strata: %s\n", _ ("--merge takes at most 256 files"));
      return NULL;
    }
  *status = -1;
  if (merge)
    return g_strconcat ("merge:", st_alignment_to_string (alignment), NULL);
  return g_strdup ("");
}

static int
st_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  g_autofree const char **args = NULL;
  g_autoptr (GPtrArray)   files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError)      error = NULL;
  g_autofree char        *hint = NULL;
  const char             *align = NULL;
  int                     status = -1;
  gboolean                merge = g_variant_dict_contains (options, "merge");
  StAlignment             alignment = ST_ALIGN_CLOCK;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("strata %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_lookup (options, "align", "&s", &align)
      && (!merge || !st_alignment_from_string (align, &alignment)))
    {
      fprintf (stderr, "strata: %s\n",
               !merge ? _ ("--align needs --merge") : _ ("--align takes clock or collective"));
      return 2;
    }
  /* The files are opened here rather than by GApplication, so that
   * --merge and --compare travel with them (as the hint) to a Strata
   * already running. */
  if (!g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &args) || args[0] == NULL)
    args = NULL;
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (files, st_file_new_for_arg (args[i]));
  hint = open_hint (options, merge, alignment, files->len, &status);
  if (hint == NULL)
    return status;
  if (files->len == 0)
    return -1;
  if (!g_application_register (app, NULL, &error))
    {
      fprintf (stderr, "strata: %s\n", error->message);
      return 1;
    }
  g_application_open (app, (GFile **)files->pdata, files->len, hint);
  /* the primary instance goes on to run; another one has passed them on */
  return g_application_get_is_remote (app) ? 0 : -1;
}

static void
st_application_finalize (GObject *object)
{
  g_clear_object (&ST_APPLICATION (object)->settings);
  G_OBJECT_CLASS (st_application_parent_class)->finalize (object);
}

static void
st_application_class_init (StApplicationClass *klass)
{
  GObjectClass      *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = st_application_finalize;
  app_class->activate = st_application_activate;
  app_class->open = st_application_open;
  app_class->startup = st_application_startup;
  app_class->handle_local_options = st_application_handle_local_options;
}

static const GOptionEntry options[]
    = { { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_ ("Print the version and exit"), NULL },
        { "merge", 0, 0, G_OPTION_ARG_NONE, NULL,
          N_ ("Open the FILEs as one profile, one file per rank or device, in one window"), NULL },
        { "align", 0, 0, G_OPTION_ARG_STRING, NULL,
          N_ ("With --merge, put the files on one time axis by each file’s clock (the default) or "
              "by their first collective"),
          N_ ("clock|collective") },
        { "compare", 0, 0, G_OPTION_ARG_FILENAME, NULL,
          N_ ("Open FILE with BASE as its baseline: each number compared, before and after"),
          N_ ("BASE") },
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, NULL },
        { NULL } };

static void
st_application_init (StApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _ ("[FILE…]"));
  g_application_set_option_context_summary (
      G_APPLICATION (self),
      _ ("Opens each FILE (a Chrome trace JSON profile: PyTorch/Kineto, XProf, Chrome DevTools, "
         "Perfetto's JSON export; an XProf xplane.pb; Neuron device profiles; rocprofv3 JSON "
         "profiles; Nsight Systems SQLite exports; plain or gzip-compressed; or a Neuron "
         "Explorer profile, its folder of Parquet tables or any table in it) in a window of "
         "its own, or brings forward the window that already shows it; with --merge, the FILEs "
         "(one per rank or device) as one profile in one window; with --compare BASE, FILE "
         "compared with the profile BASE. Without a FILE, opens an empty window."));
}

StApplication *
st_application_new (void)
{
  return g_object_new (ST_TYPE_APPLICATION, "application-id", APP_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, "resource-base-path", "/io/github/strata/Strata",
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
