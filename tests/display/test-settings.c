/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What Strata remembers between runs (GSettings, the memory backend so
 * nothing leaks out of the test): the landing page a profile opens on, the
 * window size, the Flow Events default and the style; and that without its
 * schema Strata still runs and remembers nothing. Runs under Xvfb. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-annotations-panel.h"
#include "st-application.h"
#include "st-display-util.h"
#include "st-timeline-page.h"
#include "st-window.h"

#include <glib/gstdio.h>
#include <string.h>

#define PROFILE_NAME "hta_amd_mi250_rocm62_minitoy.json.gz"

static GFile *
profile_file (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "..", "data", "real", PROFILE_NAME, NULL);
  return g_file_new_for_path (path);
}

/* Settings as on a first run: every key at its default. */
static GSettings *
fresh_settings (void)
{
  GSettings                  *settings = st_application_new_settings ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_auto (GStrv)              keys = NULL;

  g_assert_nonnull (settings);
  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

/* The page the window shows: "empty" (the greeter), "loading", "error"
 * or "profile". */
static const char *
page_of (StWindow *window)
{
  return gtk_stack_get_visible_child_name (
      GTK_STACK (st_test_find_by_id (GTK_WIDGET (window), "main_stack")));
}

static gboolean
loaded (gpointer data)
{
  return !g_str_equal (page_of (data), "loading");
}

/* A new window showing the test profile. */
static StWindow *
open_profile (void)
{
  g_autoptr (GFile) file = profile_file ();
  StWindow         *window = g_object_new (ST_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  st_test_wait_until (loaded, window);
  g_assert_cmpstr (page_of (window), ==, "profile");
  return window;
}

static const char *
visible_view (StWindow *window)
{
  AdwViewStack *stack
      = ADW_VIEW_STACK (st_test_find_child (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK));

  return adw_view_stack_get_visible_child_name (stack);
}

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

/* The person's last switch between Summary and Timeline is where the next
 * profile opens. */
static void
test_landing_page (void)
{
  g_autoptr (GSettings) settings = fresh_settings ();
  g_autofree char      *landing = NULL;
  StWindow             *window;
  GtkWidget            *timeline;

  g_settings_set_string (settings, "landing-page", "timeline");
  window = open_profile ();
  g_assert_cmpstr (visible_view (window), ==, "timeline");
  timeline = st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE);
  st_test_wait_until (mapped, timeline);

  /* the Tracks page is no landing page; Summary is */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-tracks", NULL));
  landing = g_settings_get_string (settings, "landing-page");
  g_assert_cmpstr (landing, ==, "timeline");
  g_clear_pointer (&landing, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-summary", NULL));
  g_assert_cmpstr (visible_view (window), ==, "summary");
  landing = g_settings_get_string (settings, "landing-page");
  g_assert_cmpstr (landing, ==, "summary");
  st_test_destroy_window (window);

  window = open_profile ();
  g_assert_cmpstr (visible_view (window), ==, "summary");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-timeline", NULL));
  g_clear_pointer (&landing, g_free);
  landing = g_settings_get_string (settings, "landing-page");
  g_assert_cmpstr (landing, ==, "timeline");
  st_test_destroy_window (window);
}

static gboolean
shown (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* The window is as wide and high as its default size, but for the few
 * pixels of the frame GTK draws itself. */
static void
assert_shown_at (GtkWindow *window, int width, int height)
{
  st_test_wait_until (shown, window);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, width - 24);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), >=, height - 24);
}

/* A new window takes the size of the last one closed. (Maximized is not
 * tested: Xvfb has no window manager to grant it.) */
static void
test_window_size (void)
{
  g_autoptr (GSettings) settings = fresh_settings ();
  StWindow             *window;
  int                   width, height;

  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 640);
  window = g_object_new (ST_TYPE_WINDOW, NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 640);
  gtk_window_present (GTK_WINDOW (window));
  assert_shown_at (GTK_WINDOW (window), 900, 640);

  /* resized (a window manager's resize lands in the default size too),
   * then closed as its close button does */
  gtk_window_set_default_size (GTK_WINDOW (window), 850, 600);
  st_test_close_window (window);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 850);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 600);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  window = g_object_new (ST_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  assert_shown_at (GTK_WINDOW (window), 850, 600);
  st_test_destroy_window (window);
}

/* Flow Events starts as it was last left. */
static void
test_show_flows (void)
{
  g_autoptr (GSettings) settings = fresh_settings ();
  StWindow             *window, *second;
  StSession            *session;

  g_settings_set_boolean (settings, "show-flows", TRUE);
  window = open_profile ();
  session = st_timeline_page_get_session (
      ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE)));
  g_assert_true (st_session_get_show_flows (session));

  /* the toolbar's toggle turns it off, for the profiles opened next but not
   * for one already open */
  second = open_profile ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-timeline", NULL));
  g_assert_true (
      gtk_widget_activate_action (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE),
                                  "timeline.show-flows", NULL));
  g_assert_false (st_session_get_show_flows (session));
  g_assert_false (g_settings_get_boolean (settings, "show-flows"));
  session = st_timeline_page_get_session (
      ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (second), ST_TYPE_TIMELINE_PAGE)));
  g_assert_true (st_session_get_show_flows (session));
  st_test_destroy_window (second);
  st_test_destroy_window (window);

  window = open_profile ();
  session = st_timeline_page_get_session (
      ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE)));
  g_assert_false (st_session_get_show_flows (session));
  st_test_destroy_window (window);
}

/* The configurations in the Annotations panel's menu of recent ones. */
static guint
recent_in_menu (StWindow *window)
{
  GtkWidget *button = st_test_find_by_id (GTK_WIDGET (window), "recent_configs_button");

  return g_menu_model_get_n_items (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)));
}

/* A configuration loaded goes first among the recent ones, once; every
 * window's Annotations panel offers them; at most 8 are kept. */
static void
test_recent_configs (void)
{
  g_autoptr (GSettings) settings = fresh_settings ();
  g_autoptr (GError)    error = NULL;
  g_autofree char      *dir = g_dir_make_tmp ("strata-settings-XXXXXX", &error);
  g_autofree char      *path = g_build_filename (dir, "steps.json", NULL);
  g_autoptr (GFile)     file = g_file_new_for_path (path);
  g_autofree char      *uri = g_file_get_uri (file);
  g_auto (GStrv)        recent = NULL;
  StWindow             *window, *second;
  StTimelinePage       *page;

  g_assert_true (g_file_set_contents (path,
                                      "{\"version\": 1, \"method\": \"hierarchy\", "
                                      "\"match\": \"ProfilerStep#*\"}",
                                      -1, &error));
  window = open_profile ();
  second = open_profile ();
  g_assert_cmpuint (recent_in_menu (window), ==, 0);
  page = ST_TIMELINE_PAGE (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE));
  for (guint i = 0; i < 2; i++)
    g_action_group_activate_action (
        st_annotations_panel_get_actions (st_timeline_page_get_annotations (page)),
        "load-config-uri", g_variant_new_string (uri));
  recent = g_settings_get_strv (settings, "recent-region-configs");
  g_assert_cmpuint (g_strv_length (recent), ==, 1);
  g_assert_cmpstr (recent[0], ==, uri);
  g_assert_cmpuint (recent_in_menu (window), ==, 1);
  g_assert_cmpuint (recent_in_menu (second), ==, 1);

  for (guint i = 0; i < 10; i++)
    {
      g_autofree char         *other = g_strdup_printf ("file:///configs/c%u.json", i);
      g_auto (GStrv)           old = g_settings_get_strv (settings, "recent-region-configs");
      g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
      g_auto (GStrv)           uris = NULL;

      g_strv_builder_add (builder, other);
      g_strv_builder_addv (builder, (const char **)old);
      uris = g_strv_builder_end (builder);
      g_settings_set_strv (settings, "recent-region-configs", (const char *const *)uris);
    }
  g_action_group_activate_action (
      st_annotations_panel_get_actions (st_timeline_page_get_annotations (page)), "load-config-uri",
      g_variant_new_string (uri));
  g_clear_pointer (&recent, g_strfreev);
  recent = g_settings_get_strv (settings, "recent-region-configs");
  g_assert_cmpuint (g_strv_length (recent), ==, 8);
  g_assert_cmpstr (recent[0], ==, uri);
  st_test_destroy_window (second);
  st_test_destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
scheme_is (gpointer data)
{
  return (int)adw_style_manager_get_color_scheme (adw_style_manager_get_default ())
         == GPOINTER_TO_INT (data);
}

static double
luminance (guint32 rgb)
{
  return (0.2126 * ((rgb >> 16) & 0xff) + 0.7152 * ((rgb >> 8) & 0xff) + 0.0722 * (rgb & 0xff))
         / 255;
}

/* The primary menu's Style items, each an app.style target. */
static guint
count_style_items (GMenuModel *menu)
{
  guint n = 0;

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char       *action = NULL;
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autoptr (GMenuModel) submenu = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);

      if (section != NULL)
        n += count_style_items (section);
      if (submenu != NULL)
        n += count_style_items (submenu);
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action)
          && g_str_equal (action, "app.style"))
        n++;
    }
  return n;
}

/* Style: Follow System / Light / Dark, from the menu, kept in the key, and
 * taken from the key when it changes elsewhere. */
static void
test_style (void)
{
  g_autoptr (GSettings)     settings = fresh_settings ();
  g_autoptr (StApplication) app = st_application_new ();
  g_autoptr (GVariant)      state = NULL;
  g_autofree char          *style = NULL;
  AdwStyleManager          *manager = adw_style_manager_get_default ();
  cairo_surface_t          *surface;
  GtkMenuButton            *menu_button;
  StWindow                 *window;

  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_signal_emit_by_name (app, "startup");
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);

  window = g_object_new (ST_TYPE_WINDOW, "default-width", 900, "default-height", 640, NULL);
  menu_button = GTK_MENU_BUTTON (st_test_find_child (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON));
  g_assert_cmpuint (count_style_items (gtk_menu_button_get_menu_model (menu_button)), ==, 3);
  gtk_window_present (GTK_WINDOW (window));
  st_test_wait_until (shown, window);

  /* as the menu's radio items do */
  g_assert_true (g_variant_type_equal (
      g_action_group_get_action_parameter_type (G_ACTION_GROUP (app), "style"),
      G_VARIANT_TYPE_STRING));
  g_action_group_activate_action (G_ACTION_GROUP (app), "style", g_variant_new_string ("dark"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (manager));
  style = g_settings_get_string (settings, "style");
  g_assert_cmpstr (style, ==, "dark");
  state = g_action_group_get_action_state (G_ACTION_GROUP (app), "style");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "dark");
  /* what a person sees: the empty page on a dark background */
  surface = st_test_render (GTK_WIDGET (window));
  g_assert_cmpfloat (luminance (st_test_pixel (surface, 20, 200)), <, 0.3);
  cairo_surface_destroy (surface);

  /* changed outside Strata (dconf, another instance) */
  g_settings_set_string (settings, "style", "light");
  st_test_wait_until (scheme_is, GINT_TO_POINTER (ADW_COLOR_SCHEME_FORCE_LIGHT));
  g_assert_false (adw_style_manager_get_dark (manager));
  surface = st_test_render (GTK_WIDGET (window));
  g_assert_cmpfloat (luminance (st_test_pixel (surface, 20, 200)), >, 0.7);
  cairo_surface_destroy (surface);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (app), "style");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "light");

  g_action_group_activate_action (G_ACTION_GROUP (app), "style", g_variant_new_string ("follow"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);
  g_clear_pointer (&style, g_free);
  style = g_settings_get_string (settings, "style");
  g_assert_cmpstr (style, ==, "follow");
  st_test_destroy_window (window);
}

/* The child of test_no_schema: a person's steps, without the schema. */
static int
run_without_schema (const char *path)
{
  g_autoptr (GFile)         file = g_file_new_for_path (path);
  g_autoptr (StApplication) app = st_application_new ();
  StWindow                 *window;

  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_signal_emit_by_name (app, "startup");
  g_action_group_change_action_state (G_ACTION_GROUP (app), "style", g_variant_new_string ("dark"));
  if (adw_style_manager_get_color_scheme (adw_style_manager_get_default ())
      != ADW_COLOR_SCHEME_FORCE_DARK)
    return 2;
  window = st_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  st_window_open (window, file);
  st_test_wait_until (loaded, window);
  if (!g_str_equal (page_of (window), "profile") || !g_str_equal (visible_view (window), "summary"))
    return 3;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-timeline", NULL);
  gtk_widget_activate_action (st_test_find_child (GTK_WIDGET (window), ST_TYPE_TIMELINE_PAGE),
                              "timeline.show-flows", NULL);
  st_test_close_window (window);
  return 0;
}

/* Without its schema (an uninstalled build run without
 * GSETTINGS_SCHEMA_DIR) Strata says so once and works on. */
static void
test_no_schema (void)
{
  g_autoptr (GSubprocessLauncher) launcher
      = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) child = NULL;
  g_autoptr (GFile)       file = profile_file ();
  g_autofree char        *path = g_file_get_path (file);
  g_autofree char        *self = g_test_build_filename (G_TEST_BUILT, "test-settings", NULL);
  g_autofree char        *err = NULL;
  g_autoptr (GError)      error = NULL;

  g_subprocess_launcher_unsetenv (launcher, "GSETTINGS_SCHEMA_DIR");
  /* the system's schemas only, wherever a developer installed Strata */
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_DIRS", "/usr/share", TRUE);
  child = g_subprocess_launcher_spawn (launcher, &error, self, "--without-schema", path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (child, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  if (g_file_test ("/usr/share/glib-2.0/schemas/" APP_ID ".gschema.xml", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("Strata's schema is installed in /usr/share");
      return;
    }
  if (!g_subprocess_get_if_exited (child) || g_subprocess_get_exit_status (child) != 0)
    g_test_message ("child stderr: %s", err);
  g_assert_true (g_subprocess_get_if_exited (child));
  g_assert_cmpint (g_subprocess_get_exit_status (child), ==, 0);
  g_assert_nonnull (strstr (err, "settings schema " APP_ID " is not installed"));
  /* said once, however many windows and timelines looked */
  g_assert_null (strstr (strstr (err, "is not installed") + 1, "is not installed"));
}

int
main (int argc, char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--without-schema"))
    {
      g_unsetenv ("GSETTINGS_SCHEMA_DIR");
      gtk_init ();
      adw_init ();
      return run_without_schema (argv[2]);
    }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/display/settings/landing-page", test_landing_page);
  g_test_add_func ("/display/settings/window-size", test_window_size);
  g_test_add_func ("/display/settings/show-flows", test_show_flows);
  g_test_add_func ("/display/settings/style", test_style);
  g_test_add_func ("/display/settings/recent-configs", test_recent_configs);
  g_test_add_func ("/display/settings/no-schema", test_no_schema);

  return g_test_run ();
}
