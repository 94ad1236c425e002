/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window: its pages, and the commands (win.*) with the keys the
 * application gives them (st-application.c) and the shortcuts window
 * lists. What it does beyond showing is given to objects it owns, in
 * src/app/window: loading the profile (StProfileOpener), its regions
 * (StRegionKeeper), the baseline (StBaselineLoader), files dropped on it
 * (StFileDrop), the question before closing (StCloseGuard), what it
 * remembers (StWindowState), the facts bar (StFactsBar) and the file
 * dialogs (st-open-dialog). A fleet of digests shows on its Fleet page. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window.h"

#include "st-baseline-loader.h"
#include "st-call-tree-page.h"
#include "st-close-guard.h"
#include "st-compare-page.h"
#include "st-facts-bar.h"
#include "st-file-drop.h"
#include "st-fleet-page.h"
#include "st-greeter.h"
#include "st-open-dialog.h"
#include "st-profile-opener.h"
#include "st-query-page.h"
#include "st-recent-profiles.h"
#include "st-region-keeper.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-track-list.h"
#include "st-warning-list.h"
#include "st-window-state.h"

#include <glib/gi18n.h>
#include <string.h>

struct _StWindow
{
  AdwApplicationWindow parent_instance;

  StProfileOpener *opener;
  StTrace         *trace; /* the profile shown */
  StRegionKeeper  *regions;
  StFileDrop      *drop;
  StCloseGuard    *close_guard;
  StWindowState   *state;
  GSignalGroup    *session_signals; /* the baseline of the profile shown */
  gboolean         choosing_view;   /* Strata, not the person, picks the page */

  AdwToastOverlay  *toast_overlay;
  GtkStack         *main_stack;
  AdwWindowTitle   *window_title;
  AdwViewStack     *view_stack;
  AdwViewStackPage *warnings_page;
  AdwStatusPage    *loading_page;
  AdwStatusPage    *error_page;
  GtkProgressBar   *progress_bar;
  StFactsBar       *facts_bar;
  StSummaryPage    *summary_page;
  StTimelinePage   *timeline_page;
  StCallTreePage   *call_tree_page;
  StQueryPage      *query_page;
  StTrackList      *track_list;
  StWarningList    *warning_list;
  AdwViewStackPage *compare_stack_page;
  StComparePage    *comparison_page;
  StBaselineLoader *baseline_loader;
  StFleetPage      *fleet_page;
  gint64            range_start, range_end; /* to show once loaded; end 0: none */
};

G_DEFINE_FINAL_TYPE (StWindow, st_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_TRACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static StAnnotationsPanel *
annotations (StWindow *self)
{
  return st_timeline_page_get_annotations (self->timeline_page);
}

static StSession *
session (StWindow *self)
{
  return st_timeline_page_get_session (self->timeline_page);
}

/* --- what is enabled ------------------------------------------------------ */

/* Enabled on the page they act on: cancel while loading, the others while
 * a profile shows. */
static void
update_actions (StWindow *self)
{
  static const char *const profile_actions[] = {
    "win.show-summary",   "win.show-timeline",          "win.show-tracks",  "win.find",
    "win.show-warnings",  "win.show-annotations",       "win.save-regions", "win.save-regions-as",
    "win.load-regions",   "win.filter-tracks",          "win.compare-with", "win.show-distribution",
    "win.show-call-tree", "win.call-tree-of-selection", "win.show-query",
  };
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);
  gboolean    profile = g_str_equal (page, "profile");
  gboolean    has_baseline
      = profile && session (self) != NULL && st_session_get_baseline (session (self)) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", g_str_equal (page, "loading"));
  for (guint i = 0; i < G_N_ELEMENTS (profile_actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), profile_actions[i], profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-compare", has_baseline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-baseline", has_baseline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-comparing",
                                 profile
                                     && st_baseline_loader_is_comparing (self->baseline_loader));
}

/* "empty" (the greeter), "loading", "error" or "profile". The loading
 * page and a profile come at once, not faded in: a fade draws the whole
 * window twice for each of its frames, on a core the load or the
 * Summary's first numbers would have. */
static void
show_page (StWindow *self, const char *page)
{
  gboolean at_once = g_str_equal (page, "loading") || g_str_equal (page, "profile");

  gtk_stack_set_visible_child_full (self->main_stack, page,
                                    at_once ? GTK_STACK_TRANSITION_TYPE_NONE
                                            : gtk_stack_get_transition_type (self->main_stack));
  update_actions (self);
}

/* A page of the profile, which takes the focus: the timeline's view, or
 * the page itself. */
static void
show_view (StWindow *self, const char *name)
{
  static const char *const focused[] = { "summary", "compare", "call-tree", "query", NULL };

  adw_view_stack_set_visible_child_name (self->view_stack, name);
  if (g_str_equal (name, "timeline"))
    gtk_widget_grab_focus (GTK_WIDGET (st_timeline_page_get_view (self->timeline_page)));
  else if (g_strv_contains (focused, name))
    gtk_widget_grab_focus (adw_view_stack_get_visible_child (self->view_stack));
}

/* --- the profile shown ---------------------------------------------------- */

/* The file's name and folder in the header bar; Strata's name when empty. */
static void
set_titles (StWindow *self)
{
  g_autofree char  *title = st_profile_opener_dup_title (self->opener);
  guint             n_files;
  GFile *const     *files = st_profile_opener_get_files (self->opener, &n_files);
  g_autoptr (GFile) parent = n_files > 0 ? g_file_get_parent (files[0]) : NULL;
  g_autofree char  *folder = parent ? g_file_get_parse_name (parent) : NULL;

  adw_window_title_set_title (self->window_title, title ? title : _ ("Strata"));
  adw_window_title_set_subtitle (self->window_title, title && folder ? folder : "");
  gtk_window_set_title (GTK_WINDOW (self), title ? title : _ ("Strata"));
}

/* A profile opens on the landing page the person last switched to (what
 * is wrong and where, unless they chose the timeline), or on the timeline
 * when its regions could not be restored: that message is in the
 * timeline's panel. */
static void
land (StWindow *self)
{
  self->choosing_view = TRUE;
  if (st_annotations_panel_get_error (annotations (self)) != NULL
      || st_window_state_lands_on_timeline (self->state))
    show_view (self, "timeline");
  else
    show_view (self, "summary");
  self->choosing_view = FALSE;
}

/* The range a fleet asked for (st_window_show_range), on the timeline. */
static void
show_range (StWindow *self)
{
  if (self->range_end <= self->range_start)
    return;
  show_view (self, "timeline");
  st_session_set_range (session (self), self->range_start, self->range_end);
  self->range_start = self->range_end = 0;
}

static void
show_trace (StWindow *self)
{
  guint         n_warnings, n_files;
  GFile *const *files;

  st_trace_get_warnings (self->trace, &n_warnings);
  set_titles (self);
  st_timeline_page_set_trace (self->timeline_page, self->trace);
  /* the summary is computed on a thread from here, while the rest of the
   * window fills and draws its first page */
  st_summary_page_set_session (self->summary_page, session (self),
                               st_annotations_panel_get_actions (annotations (self)));
  st_track_list_set_arrangement (self->track_list,
                                 st_session_get_track_arrangement (session (self)));
  st_warning_list_set_trace (self->warning_list, self->trace);
  adw_view_stack_page_set_badge_number (self->warnings_page, n_warnings);
  adw_view_stack_page_set_needs_attention (self->warnings_page, n_warnings > 0);
  st_facts_bar_set_trace (self->facts_bar, self->trace);
  files = st_profile_opener_get_files (self->opener, &n_files);
  if (!st_region_keeper_keep (self->regions, session (self), files, n_files))
    st_timeline_page_set_show_annotations (self->timeline_page, TRUE);
  st_compare_page_set_session (self->comparison_page, session (self));
  st_call_tree_page_set_session (self->call_tree_page, session (self));
  st_query_page_set_session (self->query_page, session (self));
  g_signal_group_set_target (self->session_signals, session (self));
  show_page (self, "profile");
  land (self);
  /* a baseline asked for while the profile loaded loads now */
  st_baseline_loader_set_session (self->baseline_loader, session (self));
  show_range (self);
}

static void
on_loaded (StWindow *self)
{
  self->trace = g_object_ref (st_profile_opener_get_trace (self->opener));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
  show_trace (self);
}

static void
on_load_failed (StWindow *self, const GError *error)
{
  g_autofree char *name = st_profile_opener_dup_title (self->opener);
  g_autofree char *title = g_strdup_printf (_ ("Could Not Open “%s”"), name);

  adw_status_page_set_title (self->error_page, title);
  adw_status_page_set_description (self->error_page, error->message);
  show_page (self, "error");
}

/* Escape on the loading page: back to the greeter. */
static void
on_load_cancelled (StWindow *self)
{
  set_titles (self);
  show_page (self, "empty");
}

static void
on_load_progress (StWindow *self)
{
  g_autofree char *text = st_profile_opener_dup_progress_text (self->opener);

  gtk_progress_bar_set_fraction (self->progress_bar, st_profile_opener_get_fraction (self->opener));
  gtk_progress_bar_set_text (self->progress_bar, text);
}

/* --- opening -------------------------------------------------------------- */

/* Loads @file into this window (which should show nothing yet). */
void
st_window_open (StWindow *self, GFile *file)
{
  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  st_window_open_profile (self, &file, 1, ST_ALIGN_CLOCK);
}

/* Loads @files (one per rank or device) into this window as one profile,
 * on one time axis chosen by @alignment; one file opens as st_window_open()
 * does. */
void
st_window_open_profile (StWindow *self, GFile **files, guint n_files, StAlignment alignment)
{
  g_autofree char *name = NULL, *title = NULL;

  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (n_files > 0 && n_files <= ST_MAX_FILES);

  st_profile_opener_open (self->opener, files, n_files, alignment);
  name = st_profile_opener_dup_title (self->opener);
  title = g_strdup_printf (_ ("Opening “%s”"), name);
  adw_status_page_set_title (self->loading_page, title);
  set_titles (self);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _ ("Opening…"));
  show_page (self, "loading");
}

/* Digests, or a folder of them: the Fleet page (docs/metrics.md 17). */
void
st_window_open_fleet (StWindow *self, GFile **files, guint n_files)
{
  g_autoptr (GFile) parent = g_file_get_parent (files[0]);
  g_autofree char  *folder = parent ? g_file_get_parse_name (parent) : NULL;

  g_return_if_fail (ST_IS_WINDOW (self));
  st_fleet_page_open (self->fleet_page, files, n_files);
  adw_window_title_set_title (self->window_title, st_fleet_page_get_title (self->fleet_page));
  adw_window_title_set_subtitle (self->window_title, folder ? folder : "");
  gtk_window_set_title (GTK_WINDOW (self), st_fleet_page_get_title (self->fleet_page));
  show_page (self, "fleet");
}

/* A rank's trace, or two merged, asked for by the Fleet page. */
static void
on_fleet_open_trace (StWindow *self, GFile *file, GFile *other, gint64 start, gint64 end)
{
  GFile *files[] = { file, other };

  st_application_open_at (ST_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), files,
                          other ? 2 : 1, start, end);
}

/* A recent profile of several files opens as one, aligned as before. */
static void
on_recent_activated (StWindow *self, StRecentProfile *profile)
{
  guint   n_files;
  GFile **files = st_recent_profile_get_files (profile, &n_files);

  st_window_open_files (self, files, n_files, TRUE, st_recent_profile_get_alignment (profile));
}

/* What the Open dialog, a drop and a recent profile do with the files
 * chosen (st_application_open_from). */
void
st_window_open_files (StWindow   *self,
                      GFile     **files,
                      guint       n_files,
                      gboolean    as_one,
                      StAlignment alignment)
{
  g_return_if_fail (ST_IS_WINDOW (self));
  st_application_open_from ((StApplication *)gtk_window_get_application (GTK_WINDOW (self)), self,
                            files, n_files, as_one, alignment);
}

static void
on_profiles_chosen (GFile     **files,
                    guint       n_files,
                    gboolean    as_one,
                    StAlignment alignment,
                    gpointer    data)
{
  st_window_open_files (data, files, n_files, as_one, alignment);
}

/* Several files dropped together are the ranks of one profile. */
static void
on_files_dropped (StWindow *self, GPtrArray *files)
{
  st_window_open_files (self, (GFile **)files->pdata, files->len, TRUE, ST_ALIGN_CLOCK);
}

/* --- the baseline --------------------------------------------------------- */

/* Loads @file as the baseline of the profile shown; while the profile is
 * still loading, once it has loaded. */
void
st_window_compare_with (StWindow *self, GFile *file)
{
  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  st_baseline_loader_load (self->baseline_loader, file);
  update_actions (self);
}

static void
on_baseline_chosen (GFile *file, gpointer data)
{
  st_window_compare_with (data, file);
}

/* The comparison is what the person asked for. */
static void
on_baseline_loaded (StWindow *self)
{
  show_view (self, "compare");
}

static void
on_baseline_failed (StWindow *self, GFile *file, const GError *error)
{
  g_autofree char  *name = g_file_get_basename (file);
  g_autofree char  *heading = g_strdup_printf (_ ("Could Not Open “%s”"), name);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, error->message));
  adw_message_dialog_add_response (dialog, "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The Compare page shows while a baseline is open. */
static void
on_baseline_changed (StWindow *self)
{
  adw_view_stack_page_set_visible (self->compare_stack_page,
                                   session (self) != NULL
                                       && st_session_get_baseline (session (self)) != NULL);
  update_actions (self);
}

/* --- what the window remembers -------------------------------------------- */

/* The last of Summary and Timeline the person switched to (from the view
 * switcher, a key, a link or a command) is where the next profile opens. */
static void
on_view_changed (StWindow *self)
{
  if (!self->choosing_view
      && g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "profile"))
    st_window_state_set_landing_page (self->state,
                                      adw_view_stack_get_visible_child_name (self->view_stack));
}

/* Closing with regions that are in no file asks whether to save them
 * first (st-close-guard.h). */
static gboolean
st_window_close_request (GtkWindow *window)
{
  StWindow        *self = ST_WINDOW (window);
  g_autofree char *title = st_profile_opener_dup_title (self->opener);

  st_window_state_save (self->state);
  st_region_keeper_flush (self->regions);
  if (st_close_guard_holds (self->close_guard, st_region_keeper_get_regions (self->regions), title))
    return TRUE;
  /* focus leaves now, not while the widgets are torn down (a name being
   * edited would act on it after it is gone) */
  gtk_window_set_focus (window, NULL);
  return GTK_WINDOW_CLASS (st_window_parent_class)->close_request != NULL
         && GTK_WINDOW_CLASS (st_window_parent_class)->close_request (window);
}

/* --- the commands --------------------------------------------------------- */

/* Ctrl+O: the Open dialog, several files at once. */
static void
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  st_open_dialog_choose_profiles (GTK_WINDOW (widget), on_profiles_chosen, widget);
}

/* A profile that is a folder: Neuron Explorer's Parquet tables. */
static void
open_folder_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  st_open_dialog_choose_folders (GTK_WINDOW (widget), on_profiles_chosen, widget);
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
  st_profile_opener_cancel (ST_WINDOW (widget)->opener);
}

/* Ctrl+D: a profile to compare the one shown with, as its baseline. */
static void
compare_with_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  st_open_dialog_choose_baseline (GTK_WINDOW (widget), on_baseline_chosen, widget);
}

/* Ctrl+Shift+D: the baseline's load stops, or the baseline closes. */
static void
stop_comparing_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  st_baseline_loader_stop (self->baseline_loader);
  update_actions (self);
}

/* Alt+1 to Alt+7, in the order of the pages' buttons. */
static void
show_view_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  show_view (ST_WINDOW (widget), action_name + strlen ("win.show-"));
}

/* Ctrl+Shift+T: the Call Tree page, of the timeline's selection. */
static void
call_tree_of_selection_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  st_call_tree_page_take_selection (self->call_tree_page);
  show_view (self, "call-tree");
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

/* F9 (the Annotations panel) and Ctrl+Shift+B (the baseline's timeline
 * over the current one): shown on the timeline, or hidden there. */
static void
toggle_on_timeline_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);
  gboolean  on_timeline
      = g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "timeline") == 0;

  adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
  if (g_str_equal (action_name, "win.show-annotations"))
    st_timeline_page_set_show_annotations (
        self->timeline_page,
        !on_timeline || !st_timeline_page_get_show_annotations (self->timeline_page));
  else
    st_timeline_page_set_show_baseline (
        self->timeline_page,
        !on_timeline || !st_timeline_page_get_show_baseline (self->timeline_page));
}

/* Ctrl+S, Ctrl+Shift+S, Ctrl+Shift+O: the panel's region file commands,
 * from anywhere in the window; but on the Query page, Ctrl+S saves its
 * query (docs/sql.md). */
static void
regions_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow   *self = ST_WINDOW (widget);
  const char *name = g_str_equal (action_name, "win.save-regions")      ? "regions.save"
                     : g_str_equal (action_name, "win.save-regions-as") ? "regions.save-as"
                                                                        : "regions.load";

  if (g_str_equal (name, "regions.save")
      && g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "query") == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self->query_page), "query.save", NULL);
      return;
    }
  gtk_widget_activate_action (GTK_WIDGET (annotations (self)), name, NULL);
}

static void
install_actions (GtkWidgetClass *widget_class)
{
  static const char *const views[]
      = { "summary", "timeline", "tracks", "compare", "call-tree", "query", "warnings" };

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.open-sample", NULL, open_sample_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, compare_with_action);
  gtk_widget_class_install_action (widget_class, "win.stop-comparing", NULL, stop_comparing_action);
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      g_autofree char *name = g_strconcat ("win.show-", views[i], NULL);

      gtk_widget_class_install_action (widget_class, name, NULL, show_view_action);
    }
  gtk_widget_class_install_action (widget_class, "win.show-baseline", NULL,
                                   toggle_on_timeline_action);
  gtk_widget_class_install_action (widget_class, "win.show-annotations", NULL,
                                   toggle_on_timeline_action);
  gtk_widget_class_install_action (widget_class, "win.call-tree-of-selection", NULL,
                                   call_tree_of_selection_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.filter-tracks", NULL, filter_tracks_action);
  gtk_widget_class_install_action (widget_class, "win.show-distribution", "s",
                                   show_distribution_action);
  gtk_widget_class_install_action (widget_class, "win.save-regions", NULL, regions_file_action);
  gtk_widget_class_install_action (widget_class, "win.save-regions-as", NULL, regions_file_action);
  gtk_widget_class_install_action (widget_class, "win.load-regions", NULL, regions_file_action);
}

/* --- the object ----------------------------------------------------------- */

static void
st_window_dispose (GObject *object)
{
  StWindow *self = ST_WINDOW (object);

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->opener);
  g_clear_object (&self->regions);
  g_clear_object (&self->drop);
  g_clear_object (&self->close_guard);
  g_clear_object (&self->state);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_WINDOW);
  G_OBJECT_CLASS (st_window_parent_class)->dispose (object);
}

static void
st_window_finalize (GObject *object)
{
  g_clear_object (&ST_WINDOW (object)->trace);
  G_OBJECT_CLASS (st_window_parent_class)->finalize (object);
}

static void
st_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_TRACE: g_value_set_object (value, ST_WINDOW (object)->trace); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_window_class_init (StWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = st_window_dispose;
  object_class->finalize = st_window_finalize;
  object_class->get_property = st_window_get_property;
  window_class->close_request = st_window_close_request;

  properties[PROP_TRACE]
      = g_param_spec_object ("trace", NULL, NULL, ST_TYPE_TRACE,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_BASELINE_LOADER);
  g_type_ensure (ST_TYPE_CALL_TREE_PAGE);
  g_type_ensure (ST_TYPE_COMPARE_PAGE);
  g_type_ensure (ST_TYPE_FACTS_BAR);
  g_type_ensure (ST_TYPE_FLEET_PAGE);
  g_type_ensure (ST_TYPE_GREETER);
  g_type_ensure (ST_TYPE_QUERY_PAGE);
  g_type_ensure (ST_TYPE_SUMMARY_PAGE);
  g_type_ensure (ST_TYPE_TIMELINE_PAGE);
  g_type_ensure (ST_TYPE_TRACK_LIST);
  g_type_ensure (ST_TYPE_WARNING_LIST);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-window.ui");
  gtk_widget_class_bind_template_child (widget_class, StWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, StWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, StWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, StWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, StWindow, warnings_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, loading_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, StWindow, facts_bar);
  gtk_widget_class_bind_template_child (widget_class, StWindow, summary_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, timeline_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, call_tree_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, query_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, track_list);
  gtk_widget_class_bind_template_child (widget_class, StWindow, warning_list);
  gtk_widget_class_bind_template_child (widget_class, StWindow, compare_stack_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, comparison_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, baseline_loader);
  gtk_widget_class_bind_template_child (widget_class, StWindow, fleet_page);
  gtk_widget_class_bind_template_callback (widget_class, on_fleet_open_trace);
  gtk_widget_class_bind_template_callback (widget_class, st_recent_profiles_add_read);
  gtk_widget_class_bind_template_callback (widget_class, on_load_cancelled);
  gtk_widget_class_bind_template_callback (widget_class, on_recent_activated);
  install_actions (widget_class);
}

static void
st_window_init (StWindow *self)
{
  g_autoptr (GSettings) settings = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->opener = st_profile_opener_new ();
  g_signal_connect_object (self->opener, "progress", G_CALLBACK (on_load_progress), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->opener, "loaded", G_CALLBACK (on_loaded), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->opener, "failed", G_CALLBACK (on_load_failed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->opener, "cancelled", G_CALLBACK (on_load_cancelled), self,
                           G_CONNECT_SWAPPED);
  settings = st_application_new_settings ();
  self->state = st_window_state_new (GTK_WINDOW (self), settings, annotations (self));
  st_timeline_page_set_settings (self->timeline_page, settings);
  g_signal_connect_object (self->view_stack, "notify::visible-child-name",
                           G_CALLBACK (on_view_changed), self, G_CONNECT_SWAPPED);
  self->regions = st_region_keeper_new (self->toast_overlay, annotations (self));
  self->close_guard = st_close_guard_new (GTK_WINDOW (self), annotations (self));
  self->drop = st_file_drop_new (GTK_WIDGET (self));
  g_signal_connect_object (self->drop, "files-dropped", G_CALLBACK (on_files_dropped), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->baseline_loader, "loaded", G_CALLBACK (on_baseline_loaded), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->baseline_loader, "failed", G_CALLBACK (on_baseline_failed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->baseline_loader, "notify::loading", G_CALLBACK (update_actions),
                           self, G_CONNECT_SWAPPED);
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::baseline",
                                 G_CALLBACK (on_baseline_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session_signals, "bind", G_CALLBACK (on_baseline_changed), self,
                           G_CONNECT_SWAPPED);
  show_page (self, "empty");
}

StWindow *
st_window_new (StApplication *app)
{
  return g_object_new (ST_TYPE_WINDOW, "application", app, NULL);
}

/* The file shown or being loaded, or NULL (also when the profile is made
 * of several files: see st_window_shows_files()). */
GFile *
st_window_get_file (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), NULL);
  return st_profile_opener_get_file (self->opener);
}

/* TRUE when the window shows or loads exactly @files, in this order. */
gboolean
st_window_shows_files (StWindow *self, GFile **files, guint n_files)
{
  guint         n;
  GFile *const *shown;

  g_return_val_if_fail (ST_IS_WINDOW (self), FALSE);
  shown = st_profile_opener_get_files (self->opener, &n);
  if (n != n_files || n_files == 0)
    return FALSE;
  for (guint i = 0; i < n_files; i++)
    if (!g_file_equal (shown[i], files[i]))
      return FALSE;
  return TRUE;
}

/* Shows [@start, @end) of the profile's time on the timeline, once the
 * profile it loads is shown. */
void
st_window_show_range (StWindow *self, gint64 start, gint64 end)
{
  g_return_if_fail (ST_IS_WINDOW (self));
  self->range_start = start;
  self->range_end = end;
  if (self->trace != NULL && session (self) != NULL)
    show_range (self);
}

/* TRUE when the window shows no profile and loads none (the greeter, or
 * an error): a file opened now can go here. */
gboolean
st_window_is_empty (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), FALSE);
  return self->trace == NULL && !st_profile_opener_is_loading (self->opener)
         && !st_fleet_page_is_open (self->fleet_page);
}
