/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strata as a desktop starts it: `strata A B` opens a window per file, and
 * a file already open is shown rather than opened again; the start page
 * lists the profile just opened (recent files kept in a data folder of the
 * test's own, so a person's list is untouched) and opens it again from
 * there; the About and Preferences windows open from the primary menu's
 * actions, and the preferences change the settings. Runs under Xvfb. */
#define G_LOG_DOMAIN "strata-test"

#include "config.h"

#include "st-application.h"
#include "st-display-util.h"
#include "st-preferences-window.h"
#include "st-window.h"

#include <glib/gstdio.h>

static GFile *
data_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "real", name, NULL);
  return g_file_new_for_path (path);
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

/* The application, run as `strata ARGS…` in this process; @step is called
 * from its main loop until it returns TRUE, then the application quits. */
typedef gboolean (*AppStep) (StApplication *app, gpointer data);

typedef struct
{
  StApplication *app;
  AppStep        step;
  gpointer       data;
  gboolean       done;
} AppRun;

static gboolean
run_step (gpointer user_data)
{
  AppRun *run = user_data;

  if (!run->step (run->app, run->data))
    return G_SOURCE_CONTINUE;
  run->done = TRUE;
  g_application_quit (G_APPLICATION (run->app));
  return G_SOURCE_REMOVE;
}

static gboolean
run_timeout (gpointer user_data)
{
  g_application_quit (G_APPLICATION (((AppRun *)user_data)->app));
  return G_SOURCE_REMOVE;
}

static void
run_app (const char *const *args, AppStep step, gpointer data)
{
  g_autoptr (StApplication) app = st_application_new ();
  g_autoptr (GPtrArray)     argv = g_ptr_array_new ();
  AppRun                    run = { app, step, data, FALSE };
  guint                     step_id = g_timeout_add (50, run_step, &run);
  guint                     timeout_id = g_timeout_add_seconds (30, run_timeout, &run);
  GList                    *windows;

  /* one instance per test, whatever runs on the session bus */
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_ptr_array_add (argv, (char *)"strata");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), argv->len - 1, (char **)argv->pdata), ==,
                   0);
  g_assert_true (run.done);
  if (run.done)
    g_source_remove (timeout_id);
  else
    g_source_remove (step_id);
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  for (GList *l = windows; l != NULL; l = l->next)
    st_test_destroy_window (l->data);
  g_list_free (windows);
}

static guint
count_windows (StApplication *app, GType type)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    n += G_TYPE_CHECK_INSTANCE_TYPE (l->data, type);
  return n;
}

typedef struct
{
  GFile    *a, *b;
  guint     stage;
  StWindow *shows_a;
} TwoFiles;

static gboolean
two_files_step (StApplication *app, gpointer data)
{
  TwoFiles *t = data;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ST_IS_WINDOW (l->data) && !loaded (l->data))
      return FALSE;
  if (t->stage == 0)
    {
      GFile *again[] = { t->a };

      /* a window per file, each showing its profile */
      if (count_windows (app, ST_TYPE_WINDOW) < 2)
        return FALSE;
      g_assert_cmpuint (count_windows (app, ST_TYPE_WINDOW), ==, 2);
      t->shows_a = st_application_get_window_for_file (app, t->a);
      g_assert_nonnull (t->shows_a);
      g_assert_nonnull (st_application_get_window_for_file (app, t->b));
      g_assert_true (t->shows_a != st_application_get_window_for_file (app, t->b));
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
        g_assert_cmpstr (page_of (l->data), ==, "profile");

      /* a double-click on A again: its window, not a third one */
      g_application_open (G_APPLICATION (app), again, 1, "");
      t->stage = 1;
      return FALSE;
    }
  g_assert_cmpuint (count_windows (app, ST_TYPE_WINDOW), ==, 2);
  g_assert_true (st_application_get_window_for_file (app, t->a) == t->shows_a);
  return TRUE;
}

static void
test_two_files (void)
{
  TwoFiles    t = { data_file ("hta_amd_mi250_rocm62_minitoy.json.gz"),
                    data_file ("catapult_flow_simple.json"), 0, NULL };
  const char *args[] = { g_file_peek_path (t.a), g_file_peek_path (t.b), NULL };

  run_app (args, two_files_step, &t);
  g_assert_cmpuint (t.stage, ==, 1);
  g_object_unref (t.a);
  g_object_unref (t.b);
}

/* The greeter's list of recent profiles. */
static GtkListBox *
recent_list (StWindow *window)
{
  return GTK_LIST_BOX (st_test_find_by_id (GTK_WIDGET (window), "recent_list"));
}

static guint
count_recent (StWindow *window)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (recent_list (window), n) != NULL)
    n++;
  return n;
}

/* The name row @i of the recent profiles shows, or NULL. */
static const char *
recent_title (StWindow *window, guint i)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (recent_list (window), i);

  return row ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : NULL;
}

static gboolean
recent_first_is (gpointer data)
{
  gpointer        *args = data;
  g_autofree char *name = g_file_get_basename (args[1]);

  return g_strcmp0 (recent_title (args[0], 0), name) == 0;
}

static gboolean
recent_first_is_merged (gpointer data)
{
  gpointer *args = data;

  return g_strcmp0 (recent_title (args[0], 0), "hta_sampled_rank0.json.gz and 1 more file") == 0;
}

/* The window of args[0] shows the profile of the two files args[1]. */
static gboolean
shows_both (gpointer data)
{
  gpointer *args = data;

  return g_str_equal (page_of (args[0]), "profile") && st_window_shows_files (args[0], args[1], 2);
}

static void
wait_recent_first (StWindow *window, GFile *file)
{
  gpointer args[] = { window, file };
  st_test_wait_until (recent_first_is, args);
}

static void
test_recent (void)
{
  g_autoptr (GFile) first = data_file ("catapult_simple_trace.json");
  g_autoptr (GFile) second = data_file ("catapult_instant_events.json");
  StWindow         *profile = g_object_new (ST_TYPE_WINDOW, NULL);
  StWindow         *start = g_object_new (ST_TYPE_WINDOW, NULL);
  GtkWidget        *row;

  gtk_window_present (GTK_WINDOW (profile));
  gtk_window_present (GTK_WINDOW (start));
  /* a first run: nothing listed, no heading over an empty list */
  g_assert_cmpuint (count_recent (start), ==, 0);
  g_assert_false (gtk_widget_get_visible (st_test_find_by_id (GTK_WIDGET (start), "recent_box")));

  st_window_open (profile, first);
  st_test_wait_until (loaded, profile);
  g_assert_cmpstr (page_of (profile), ==, "profile");
  wait_recent_first (start, first);

  /* the start page shows it: its name, in a list a person sees */
  row = st_test_find_child (GTK_WIDGET (start), ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "catapult_simple_trace.json");

  /* the last opened comes first */
  st_window_open (profile, second);
  st_test_wait_until (loaded, profile);
  wait_recent_first (start, second);
  g_assert_cmpuint (count_recent (start), ==, 2);
  g_assert_cmpstr (recent_title (start, 1), ==, "catapult_simple_trace.json");

  /* activating a row opens that profile */
  row = st_test_find_child (GTK_WIDGET (start), ADW_TYPE_ACTION_ROW);
  row = gtk_widget_get_next_sibling (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "catapult_simple_trace.json");
  gtk_widget_activate (row);
  g_assert_cmpstr (page_of (start), !=, "empty");
  st_test_wait_until (loaded, start);
  g_assert_cmpstr (page_of (start), ==, "profile");
  g_assert_true (g_file_equal (st_window_get_file (start), first));

  st_test_destroy_window (profile);
  st_test_destroy_window (start);
}

/* Two files opened as one profile are one recent entry, named by the
 * first file and how many more there are (one), with both paths in its
 * tooltip; activating it opens both again as one profile, aligned as they
 * were, not the first file alone. */
static void
test_recent_merged (void)
{
  g_autoptr (GFile) rank0 = data_file ("hta_sampled_rank0.json.gz");
  g_autoptr (GFile) rank1 = data_file ("hta_sampled_rank1.json.gz");
  GFile            *files[] = { rank0, rank1 };
  StWindow         *profile = g_object_new (ST_TYPE_WINDOW, NULL);
  StWindow         *start = g_object_new (ST_TYPE_WINDOW, NULL);
  g_autofree char  *paths
      = g_strdup_printf ("%s\n%s", g_file_peek_path (rank0), g_file_peek_path (rank1));
  guint      before;
  GtkWidget *row;
  gpointer   args[] = { start, NULL };

  gtk_window_present (GTK_WINDOW (profile));
  gtk_window_present (GTK_WINDOW (start));
  before = count_recent (start);
  st_window_open_profile (profile, files, 2, ST_ALIGN_COLLECTIVE);
  st_test_wait_until (loaded, profile);
  g_assert_cmpstr (page_of (profile), ==, "profile");
  st_test_wait_until (recent_first_is_merged, args);
  g_assert_cmpuint (count_recent (start), ==, before + 1);
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (recent_list (start), 0));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, paths);
  st_test_destroy_window (profile);

  /* the list may be made again as the recent files change (the closed
   * window's), so the row is looked up again once it is back */
  st_test_wait_until (recent_first_is_merged, args);
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (recent_list (start), 0));
  gtk_widget_activate (row);
  {
    gpointer shown[] = { start, files };

    st_test_wait_until (shows_both, shown);
  }
  st_test_destroy_window (start);
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
about_step (StApplication *app, gpointer data)
{
  AdwAboutWindow *about;

  if (count_windows (app, ST_TYPE_WINDOW) == 0)
    return FALSE;
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  about = ADW_ABOUT_WINDOW (find_toplevel (ADW_TYPE_ABOUT_WINDOW));
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, "Strata");
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_cmpstr (adw_about_window_get_website (about), ==, PACKAGE_WEBSITE);
  g_assert_nonnull (adw_about_window_get_developers (about));
  st_test_destroy_window (about);
  return TRUE;
}

static void
test_about (void)
{
  const char *args[] = { NULL };

  run_app (args, about_step, NULL);
}

static StPreferencesWindow *
preferences_window (StApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ST_IS_PREFERENCES_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
preferences_step (StApplication *app, gpointer data)
{
  g_autoptr (GSettings) settings = st_application_new_settings ();
  g_auto (GStrv)        accels = NULL;
  g_autofree char      *style = NULL;
  StPreferencesWindow  *prefs;
  AdwComboRow          *style_row;
  GtkSwitch            *flows;

  if (count_windows (app, ST_TYPE_WINDOW) == 0)
    return FALSE;
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.preferences");
  g_assert_cmpstr (accels[0], ==, "<Control>comma");
  g_settings_set_string (settings, "style", "follow");
  g_settings_set_boolean (settings, "show-flows", FALSE);

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = preferences_window (app);
  g_assert_nonnull (prefs);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (prefs)));
  /* again: the same window */
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  g_assert_cmpuint (count_windows (app, ST_TYPE_PREFERENCES_WINDOW), ==, 1);

  /* the first row is the style, following the system; choosing Dark
   * makes every window dark */
  style_row = ADW_COMBO_ROW (st_test_find_child (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW));
  g_assert_cmpuint (adw_combo_row_get_selected (style_row), ==, 0);
  adw_combo_row_set_selected (style_row, 2);
  style = g_settings_get_string (settings, "style");
  g_assert_cmpstr (style, ==, "dark");
  g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  g_settings_set_string (settings, "style", "light");
  g_assert_cmpuint (adw_combo_row_get_selected (style_row), ==, 1);

  /* Flow Events on for new profiles */
  flows = GTK_SWITCH (st_test_find_child (GTK_WIDGET (prefs), GTK_TYPE_SWITCH));
  g_assert_false (gtk_switch_get_active (flows));
  gtk_switch_set_active (flows, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "show-flows"));

  g_settings_reset (settings, "style");
  g_settings_reset (settings, "show-flows");
  st_test_destroy_window (prefs);
  return TRUE;
}

static void
test_preferences (void)
{
  const char *args[] = { NULL };

  run_app (args, preferences_step, NULL);
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("strata-desktop-XXXXXX", NULL);
  g_autofree char *data_home = g_build_filename (home, "data", NULL);
  int              status;

  /* recent files of the test's own, and no session bus to meet another
   * Strata on */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/strata-test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/desktop/command-line/two-files", test_two_files);
  g_test_add_func ("/desktop/recent", test_recent);
  g_test_add_func ("/desktop/recent-merged", test_recent_merged);
  g_test_add_func ("/desktop/about", test_about);
  g_test_add_func ("/desktop/preferences", test_preferences);
  status = g_test_run ();

  st_test_remove_tree (home);
  return status;
}
