/* The window's actions (win.*), with the keys the application gives them
 * (st-application.c) and the shortcuts window lists: open a profile or the
 * sample, cancel a load, compare with a baseline and show its timeline,
 * switch page, find, an operation's distribution, the call tree of the
 * selection, the Annotations panel and its region files. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* Enabled on the page they act on: cancel while loading, the others while
 * a profile shows. */
void
st_window_update_actions (StWindow *self)
{
  static const char *const profile_actions[] = {
    "win.show-summary",   "win.show-timeline",          "win.show-tracks",  "win.find",
    "win.show-warnings",  "win.show-annotations",       "win.save-regions", "win.save-regions-as",
    "win.load-regions",   "win.filter-tracks",          "win.compare-with", "win.show-distribution",
    "win.show-call-tree", "win.call-tree-of-selection",
  };
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);
  StSession  *session = st_timeline_page_get_session (self->timeline_page);
  gboolean    has_baseline = g_str_equal (page, "profile") && session != NULL
                          && st_session_get_baseline (session) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", g_str_equal (page, "loading"));
  for (guint i = 0; i < G_N_ELEMENTS (profile_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), profile_actions[i],
                                   g_str_equal (page, "profile"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-compare", has_baseline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-baseline", has_baseline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-comparing",
                                 g_str_equal (page, "profile") && st_window_is_comparing (self));
}

static void
on_chooser_response (GtkNativeDialog *dialog, int response, StWindow *self)
{
  g_autoptr (GListModel) chosen = NULL;
  g_autoptr (GPtrArray)  files = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      const char *as_one = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "as-one");
      StAlignment alignment = ST_ALIGN_CLOCK;

      st_alignment_from_string (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "align"),
                                &alignment);
      chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
        g_ptr_array_add (files, g_list_model_get_item (chosen, i));
      st_window_open_files (self, (GFile **)files->pdata, MIN (files->len, ST_MAX_FILES),
                            g_strcmp0 (as_one, "true") == 0, alignment);
    }
  g_object_unref (dialog);
}

/* A filter by MIME type (the types of data/io.github.strata.Strata.mime.xml.in,
 * where they are installed) and by name: suffixes without case, or glob
 * patterns. */
static GtkFileFilter *
add_filter (GtkFileChooser    *chooser,
            const char        *name,
            const char *const *mime_types,
            const char *const *suffixes,
            const char *const *patterns)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; mime_types && mime_types[i] != NULL; i++)
    gtk_file_filter_add_mime_type (filter, mime_types[i]);
  for (guint i = 0; suffixes && suffixes[i] != NULL; i++)
    gtk_file_filter_add_suffix (filter, suffixes[i]);
  for (guint i = 0; patterns && patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
  return filter;
}

static void
add_filters (GtkFileChooser *chooser)
{
  const char *const profile_types[] = { "application/x-chrome-trace+json",
                                        "application/x-chrome-trace-compressed",
                                        "application/x-stack-tracing-report+json",
                                        "application/x-neuron-profile+json",
                                        "application/x-rocprofv3+json",
                                        "application/vnd.sqlite3",
                                        "application/vnd.apache.parquet",
                                        NULL };
  const char *const chrome_types[]
      = { "application/x-chrome-trace+json", "application/x-stack-tracing-report+json", NULL };
  const char *const gzip_types[]
      = { "application/x-chrome-trace-compressed", "application/gzip", NULL };
  const char *const neuron_types[] = { "application/x-neuron-profile+json", NULL };
  const char *const rocprof_types[] = { "application/x-rocprofv3+json", NULL };
  const char *const parquet_types[] = { "application/vnd.apache.parquet", NULL };
  const char *const report_types[] = { "application/x-stack-tracing-report+json", NULL };
  const char *const sqlite_types[] = { "application/vnd.sqlite3", NULL };
  const char *const profile_suffixes[] = { "json", "gz", "pb", "sqlite", "parquet", NULL };
  const char *const json[] = { "json", NULL };
  const char *const gz[] = { "gz", NULL };
  const char *const parquet[] = { "parquet", NULL };
  const char *const sqlite[] = { "sqlite", NULL };
  const char *const xplane[] = { "*.xplane.pb", "*.xplane.pb.gz", NULL };
  const char *const report[] = { "*_chrome_tracing_report.json", NULL };
  const char *const all[] = { "*", NULL };
  GtkFileFilter    *profiles;

  profiles = add_filter (chooser, _ ("All profiles"), profile_types, profile_suffixes, NULL);
  add_filter (chooser, _ ("Chrome and PyTorch/Kineto traces (JSON)"), chrome_types, json, NULL);
  add_filter (chooser, _ ("Compressed traces (gzip)"), gzip_types, gz, NULL);
  add_filter (chooser, _ ("XProf profiles (xplane.pb)"), NULL, NULL, xplane);
  add_filter (chooser, _ ("Neuron device profiles (JSON)"), neuron_types, json, NULL);
  /* a table of the folder opens the folder */
  add_filter (chooser, _ ("Neuron Explorer profiles (a Parquet table of the folder)"),
              parquet_types, parquet, NULL);
  add_filter (chooser, _ ("rocprofv3 profiles (JSON)"), rocprof_types, json, NULL);
  add_filter (chooser, _ ("Nsight Systems exports (SQLite)"), sqlite_types, sqlite, NULL);
  add_filter (chooser, _ ("Stack Tracing reports"), report_types, NULL, report);
  add_filter (chooser, _ ("All files"), NULL, NULL, all);
  gtk_file_chooser_set_filter (chooser, profiles);
}

/* Several profiles, one per rank or device, can be one profile. */
static void
add_choices (GtkFileChooser *chooser)
{
  const char *align_ids[] = { "clock", "collective", NULL };
  const char *align_labels[] = { _ ("Each file’s clock"), _ ("Their first collective"), NULL };

  gtk_file_chooser_set_select_multiple (chooser, TRUE);
  gtk_file_chooser_add_choice (chooser, "as-one", _ ("Open the files as one profile (ranks)"), NULL,
                               NULL);
  gtk_file_chooser_set_choice (chooser, "as-one", "false");
  gtk_file_chooser_add_choice (chooser, "align", _ ("Align the ranks on"), align_ids, align_labels);
  gtk_file_chooser_set_choice (chooser, "align", "clock");
}

/* Ctrl+O: the Open dialog, several files at once. */
static void
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_ ("Open Profiles"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));
  add_choices (GTK_FILE_CHOOSER (chooser));
  add_filters (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* A profile that is a folder: Neuron Explorer's Parquet tables. */
static void
open_folder_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_ ("Open Profile Folders"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Open"),
                                         _ ("_Cancel"));
  add_choices (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_baseline_chosen (GtkNativeDialog *dialog, int response, StWindow *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    st_window_compare_with (self, file);
  g_object_unref (dialog);
}

/* Ctrl+D: a profile to compare the one shown with, as its baseline (one
 * file: a profile of several files is not a baseline yet). */
static void
compare_with_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkFileChooserNative *chooser;

  chooser
      = gtk_file_chooser_native_new (_ ("Compare with a Baseline Profile"), GTK_WINDOW (widget),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _ ("C_ompare"), _ ("_Cancel"));
  add_filters (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (on_baseline_chosen), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Ctrl+Shift+D: the baseline's load stops, or the baseline closes. */
static void
stop_comparing_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  st_window_stop_comparing (ST_WINDOW (widget));
}

static void
open_sample_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) sample = st_application_get_sample ();
  GFile            *files[] = { sample };

  st_window_open_files (ST_WINDOW (widget), files, 1, FALSE, ST_ALIGN_CLOCK);
}

/* Escape: stops the load, back to the greeter. */
static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  st_window_cancel_load (ST_WINDOW (widget));
}

/* Alt+1 to Alt+6, in the order of the pages' buttons: a page of the profile,
 * which takes the focus. */
static void
show_view_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow   *self = ST_WINDOW (widget);
  const char *name = action_name + strlen ("win.show-");

  adw_view_stack_set_visible_child_name (self->view_stack, name);
  if (g_str_equal (name, "timeline"))
    gtk_widget_grab_focus (GTK_WIDGET (st_timeline_page_get_view (self->timeline_page)));
  else if (g_str_equal (name, "summary"))
    gtk_widget_grab_focus (GTK_WIDGET (self->summary_page));
  else if (g_str_equal (name, "compare"))
    gtk_widget_grab_focus (GTK_WIDGET (self->comparison_page));
  else if (g_str_equal (name, "call-tree"))
    gtk_widget_grab_focus (GTK_WIDGET (self->call_tree_page));
}

/* Ctrl+Shift+T: the Call Tree page, of the timeline's selection. */
static void
call_tree_of_selection_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  st_call_tree_page_take_selection (self->call_tree_page);
  adw_view_stack_set_visible_child_name (self->view_stack, "call-tree");
  gtk_widget_grab_focus (GTK_WIDGET (self->call_tree_page));
}

/* Ctrl+F: the timeline's find bar. */
static void
find_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
  st_timeline_page_start_find (self->timeline_page);
}

/* The Operations table's Ctrl+I and row menu: the timeline, with the
 * distribution of the operation named by the parameter beside its details
 * (docs/metrics.md 14). */
static void
show_distribution_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
  st_timeline_page_show_distribution (self->timeline_page, g_variant_get_string (parameter, NULL));
}

/* Ctrl+Shift+F, or a track's menu: the Tracks page, its filter on the
 * timeline's tracks ready for typing. */
static void
filter_tracks_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "tracks");
  st_track_list_focus_filter (self->track_list);
}

/* F9: the Annotations panel of the timeline, shown or hidden. */
static void
show_annotations_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);
  gboolean  on_timeline
      = g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "timeline") == 0;

  adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
  st_timeline_page_set_show_annotations (
      self->timeline_page,
      !on_timeline || !st_timeline_page_get_show_annotations (self->timeline_page));
}

/* Ctrl+Shift+B: the baseline's timeline over the current one, shown (on
 * the timeline, or from another page) or hidden. */
static void
show_baseline_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);
  gboolean  on_timeline
      = g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "timeline") == 0;

  adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
  st_timeline_page_set_show_baseline (
      self->timeline_page,
      !on_timeline || !st_timeline_page_get_show_baseline (self->timeline_page));
}

/* Ctrl+S, Ctrl+Shift+S, Ctrl+Shift+O: the panel's region file commands,
 * from anywhere in the window. */
static void
regions_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow   *self = ST_WINDOW (widget);
  const char *name = g_str_equal (action_name, "win.save-regions")      ? "regions.save"
                     : g_str_equal (action_name, "win.save-regions-as") ? "regions.save-as"
                                                                        : "regions.load";

  gtk_widget_activate_action (GTK_WIDGET (st_timeline_page_get_annotations (self->timeline_page)),
                              name, NULL);
}

/* Called by the class_init of StWindow. */
void
st_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.open-sample", NULL, open_sample_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, compare_with_action);
  gtk_widget_class_install_action (widget_class, "win.stop-comparing", NULL, stop_comparing_action);
  gtk_widget_class_install_action (widget_class, "win.show-summary", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-timeline", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-tracks", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-compare", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-baseline", NULL, show_baseline_action);
  gtk_widget_class_install_action (widget_class, "win.show-call-tree", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.call-tree-of-selection", NULL,
                                   call_tree_of_selection_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.filter-tracks", NULL, filter_tracks_action);
  gtk_widget_class_install_action (widget_class, "win.show-distribution", "s",
                                   show_distribution_action);
  gtk_widget_class_install_action (widget_class, "win.show-warnings", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-annotations", NULL,
                                   show_annotations_action);
  gtk_widget_class_install_action (widget_class, "win.save-regions", NULL, regions_file_action);
  gtk_widget_class_install_action (widget_class, "win.save-regions-as", NULL, regions_file_action);
  gtk_widget_class_install_action (widget_class, "win.load-regions", NULL, regions_file_action);
}
