#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-format.h"
#include "st-profile-identity.h"
#include "st-profile-loader.h"
#include "st-summary-page.h"
#include "st-timeline-page.h"
#include "st-trace-loader.h"
#include "st-track-list.h"
#include "st-warning-list.h"
#include "st-window.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

/* Edits reach the sidecar this long after the last one (a burst of edits
 * is one write). */
#define AUTOSAVE_DELAY_MS 300

/* The start page lists this many recent profiles, the last opened first. */
#define MAX_RECENT 8

/* Strata's entries in the recent files (GtkRecentManager), whatever the
 * name of the program that opened them (the app, or a test). */
#define RECENT_APP_NAME "strata"

struct _StWindow
{
  AdwApplicationWindow parent_instance;

  GFile           *file;
  StTrace         *trace;
  StTraceLoader   *loader;
  StProfileLoader *profile_loader; /* several files as one profile */
  GPtrArray       *files;          /* GFile: every file shown or being loaded */
  GCancellable    *cancellable;
  StSession       *regions_session; /* whose regions are autosaved */
  guint            autosave_id;
  gboolean         close_confirmed;
  gulong           save_finished_id;
  GSettings       *settings;      /* NULL without the schema */
  gboolean         choosing_view; /* Strata, not the person, picks the page */

  AdwToastOverlay  *toast_overlay;
  GtkStack         *main_stack;
  AdwWindowTitle   *window_title;
  AdwViewStack     *view_stack;
  AdwViewStackPage *warnings_page;
  AdwStatusPage    *loading_page;
  AdwStatusPage    *error_page;
  GtkProgressBar   *progress_bar;
  GtkBox           *facts_box;
  StSummaryPage    *summary_page;
  StTimelinePage   *timeline_page;
  StTrackList      *track_list;
  StWarningList    *warning_list;
  GtkWidget        *recent_box;
  GtkListBox       *recent_list;
  GListStore       *recent; /* GFile, the last opened first */
};

G_DEFINE_FINAL_TYPE (StWindow, st_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_TRACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
show_page (StWindow *self, const char *page)
{
  gboolean profile = g_str_equal (page, "profile");

  gtk_stack_set_visible_child_name (self->main_stack, page);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", g_str_equal (page, "loading"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-summary", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-timeline", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-tracks", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-warnings", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-annotations", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-regions", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-regions-as", profile);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.load-regions", profile);
}

/* Regions: nothing lost. Every edit is written to the profile's sidecar
 * soon after; opening the profile again restores them. */

static StAnnotationsPanel *
annotations (StWindow *self)
{
  return st_timeline_page_get_annotations (self->timeline_page);
}

static void
autosave_now (StWindow *self)
{
  g_autoptr (GError)       error = NULL;
  const StProfileIdentity *identity;

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  if (self->regions_session == NULL)
    return;
  identity = st_session_get_profile_identity (self->regions_session);
  if (identity != NULL
      && !st_region_set_autosave (st_session_get_regions (self->regions_session), identity, &error))
    st_annotations_panel_show_error (annotations (self), error->message);
}

static gboolean
autosave_timeout (gpointer data)
{
  StWindow *self = data;

  self->autosave_id = 0;
  autosave_now (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_autosave (StWindow *self)
{
  if (self->autosave_id == 0)
    self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_timeout, self);
}

/* Writes what is pending and lets the session go. */
static void
release_regions (StWindow *self)
{
  if (self->autosave_id != 0)
    autosave_now (self);
  if (self->regions_session != NULL)
    g_signal_handlers_disconnect_by_data (st_session_get_regions (self->regions_session), self);
  g_clear_object (&self->regions_session);
}

static void
show_toast (StWindow *self, const char *title, const char *button, const char *action)
{
  AdwToast *toast = adw_toast_new (title);

  if (button != NULL)
    {
      adw_toast_set_button_label (toast, button);
      adw_toast_set_action_name (toast, action);
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Learns which profile file this is (its size and the hash of its ends),
 * then brings back the regions of the last time it was open. A damaged
 * sidecar is reported and the profile opens without regions. */
static void
restore_regions (StWindow *self)
{
  StSession                    *session = st_timeline_page_get_session (self->timeline_page);
  g_autoptr (StProfileIdentity) identity = NULL;
  g_autoptr (GError)            error = NULL;
  StRegionSet                  *regions;

  release_regions (self);
  if (session == NULL)
    return;
  regions = st_session_get_regions (session);
  self->regions_session = g_object_ref (session);
  g_signal_connect_swapped (regions, "edited", G_CALLBACK (schedule_autosave), self);
  /* the files in their order: the same files opened the same way bring
   * back the same regions */
  if (self->files->len > 1)
    identity = st_profile_identity_compute_files ((GFile *const *)self->files->pdata,
                                                  self->files->len, NULL, &error);
  else
    identity = st_profile_identity_compute (self->file, NULL, &error);
  if (identity == NULL)
    {
      g_autofree char *message
          = g_strdup_printf (_ ("Regions of this profile cannot be kept: %s"), error->message);
      st_annotations_panel_show_error (annotations (self), message);
      return;
    }
  st_session_set_profile_identity (session, identity);
  if (st_region_set_restore (regions, identity, &error))
    {
      guint            n = st_region_set_get_n_regions (regions);
      g_autofree char *count = st_format_count (n);
      g_autofree char *title
          = g_strdup_printf (ngettext ("%s region restored from the last time",
                                       "%s regions restored from the last time", n),
                             count);

      if (n > 0)
        show_toast (self, title,
                    st_timeline_page_get_show_annotations (self->timeline_page) ? NULL
                                                                                : _ ("_Show"),
                    "win.show-annotations");
    }
  else if (error != NULL)
    {
      st_annotations_panel_show_error (annotations (self), error->message);
      st_timeline_page_set_show_annotations (self->timeline_page, TRUE);
    }
}

/* "a.json.gz", or "a.json.gz + b.json.gz" for several files as one
 * profile (as st_trace_get_display_name() names them). */
static char *
profile_title (StWindow *self)
{
  g_autoptr (GString) title = g_string_new (NULL);

  for (guint i = 0; i < self->files->len; i++)
    {
      g_autofree char *base = g_file_get_basename (g_ptr_array_index (self->files, i));

      g_string_append_printf (title, "%s%s", i > 0 ? " + " : "", base);
    }
  return g_string_free (g_steal_pointer (&title), FALSE);
}

/* The file's name and folder in the header bar; Strata's name when empty. */
static void
set_titles (StWindow *self, const char *basename)
{
  GFile            *first = self->files->len > 0 ? g_ptr_array_index (self->files, 0) : NULL;
  g_autoptr (GFile) parent = first ? g_file_get_parent (first) : NULL;
  g_autofree char  *folder = parent ? g_file_get_parse_name (parent) : NULL;

  adw_window_title_set_title (self->window_title, basename ? basename : _ ("Strata"));
  adw_window_title_set_subtitle (self->window_title, basename && folder ? folder : "");
  gtk_window_set_title (GTK_WINDOW (self), basename ? basename : _ ("Strata"));
}

static void
add_fact (StWindow *self, const char *value, const char *label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *v = gtk_label_new (value), *l = gtk_label_new (label);

  gtk_label_set_xalign (GTK_LABEL (v), 0);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_selectable (GTK_LABEL (v), TRUE);
  gtk_widget_add_css_class (v, "fact-value");
  gtk_widget_add_css_class (l, "fact-label");
  gtk_widget_add_css_class (l, "dim-label");
  gtk_box_append (GTK_BOX (box), v);
  gtk_box_append (GTK_BOX (box), l);
  gtk_box_append (self->facts_box, box);
}

static void
add_count_fact (StWindow *self, guint64 n, const char *label)
{
  g_autofree char *text = st_format_count (n);
  add_fact (self, text, label);
}

static char *
format_size (StTrace *trace)
{
  g_autofree char *text = g_format_size (st_trace_get_text_size (trace));
  g_autofree char *disk = g_format_size (st_trace_get_file_size (trace));

  if (st_trace_get_text_size (trace) == st_trace_get_file_size (trace))
    return g_steal_pointer (&text);
  return g_strdup_printf (_ ("%s (%s gzip)"), text, disk);
}

static char *
describe_format (StTrace *trace)
{
  const char *flavor = st_trace_get_flavor (trace);

  if (g_strcmp0 (st_trace_get_format (trace), "neuron-json") == 0)
    return g_strdup (_ ("Neuron device profile"));

  if (g_str_equal (flavor, "kineto"))
    return g_strdup (_ ("PyTorch Kineto"));
  if (g_str_equal (flavor, "xprof"))
    return g_strdup (_ ("XProf"));
  if (g_str_equal (flavor, "stack-tracing"))
    return g_strdup (_ ("Stack Tracing report"));
  return g_strdup (_ ("Chrome trace JSON"));
}

static void
show_facts (StWindow *self)
{
  const StTraceCounts *c = st_trace_get_counts (self->trace);
  g_autofree char     *span = st_format_duration (st_trace_get_end_ns (self->trace));
  g_autofree char     *size = format_size (self->trace);
  g_autofree char     *format = describe_format (self->trace);
  GtkWidget           *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->facts_box))) != NULL)
    gtk_box_remove (self->facts_box, child);
  add_fact (self, span, _ ("Duration"));
  add_count_fact (self, c->events, _ ("Events"));
  add_count_fact (self, c->slices, _ ("Slices"));
  add_count_fact (self, c->flows, _ ("Flows"));
  add_count_fact (self, c->counter_samples, _ ("Counter samples"));
  add_count_fact (self, st_trace_get_n_processes (self->trace), _ ("Processes"));
  add_count_fact (self, st_trace_get_n_tracks (self->trace), _ ("Tracks"));
  add_fact (self, size, _ ("Size"));
  add_fact (self, format, _ ("Format"));
}

/* Remembered: the last of Summary and Timeline the person switched to
 * (from the view switcher, a key, a link or a command), where the next
 * profile opens. */
static gboolean
landing_on_timeline (StWindow *self)
{
  g_autofree char *page
      = self->settings ? g_settings_get_string (self->settings, "landing-page") : NULL;

  return g_strcmp0 (page, "timeline") == 0;
}

static void
on_view_changed (StWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  if (self->settings == NULL || self->choosing_view
      || !g_str_equal (st_window_get_page (self), "profile"))
    return;
  if (g_strcmp0 (name, "summary") == 0 || g_strcmp0 (name, "timeline") == 0)
    g_settings_set_string (self->settings, "landing-page", name);
}

static void
show_trace (StWindow *self)
{
  g_autofree char *basename = profile_title (self);
  guint            n_warnings;

  st_trace_get_warnings (self->trace, &n_warnings);
  set_titles (self, basename);
  st_timeline_page_set_trace (self->timeline_page, self->trace);
  st_track_list_set_trace (self->track_list, self->trace);
  st_warning_list_set_trace (self->warning_list, self->trace);
  adw_view_stack_page_set_badge_number (self->warnings_page, n_warnings);
  adw_view_stack_page_set_needs_attention (self->warnings_page, n_warnings > 0);
  show_facts (self);
  restore_regions (self);
  st_summary_page_set_session (self->summary_page,
                               st_timeline_page_get_session (self->timeline_page),
                               st_annotations_panel_get_actions (annotations (self)));
  /* a profile opens on the landing page the person last switched to
   * (what is wrong and where, unless they chose the timeline), or on the
   * timeline when its regions could not be restored: that message is in
   * the timeline's panel */
  show_page (self, "profile");
  self->choosing_view = TRUE;
  if (st_annotations_panel_get_error (annotations (self)) != NULL || landing_on_timeline (self))
    {
      adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
      gtk_widget_grab_focus (GTK_WIDGET (st_timeline_page_get_view (self->timeline_page)));
    }
  else
    {
      adw_view_stack_set_visible_child_name (self->view_stack, "summary");
      gtk_widget_grab_focus (GTK_WIDGET (self->summary_page));
    }
  self->choosing_view = FALSE;
}

static void
on_progress (StTraceLoader *loader, GParamSpec *pspec, StWindow *self)
{
  double           fraction = st_trace_loader_get_fraction (loader);
  g_autofree char *text = NULL;
  const char      *stage;

  switch (st_trace_loader_get_stage (loader))
    {
    case ST_LOAD_STAGE_OPENING: stage = _ ("Opening"); break;
    case ST_LOAD_STAGE_READING: stage = _ ("Reading"); break;
    case ST_LOAD_STAGE_BUILDING: stage = _ ("Building tracks"); break;
    default: stage = _ ("Done"); break;
    }
  text = g_strdup_printf ("%s… %.0f %%", stage, fraction * 100);
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
show_error (StWindow *self, const GError *error)
{
  g_autofree char *basename = profile_title (self);
  g_autofree char *title = g_strdup_printf (_ ("Could Not Open “%s”"), basename);

  adw_status_page_set_title (self->error_page, title);
  adw_status_page_set_description (self->error_page, error->message);
  show_page (self, "error");
}

/* Each file of the profile just opened goes to the top of the recent
 * files, which the start page of every window lists. */
static void
add_to_recent (StWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  static char      *groups[] = { (char *)RECENT_APP_NAME, NULL };
  g_autofree char  *list = NULL, *folder = NULL;

  /* GTK writes the list and does not make its folder (a new account, a
   * test with folders of its own) */
  g_object_get (manager, "filename", &list, NULL);
  if (list != NULL && (folder = g_path_get_dirname (list)) != NULL)
    g_mkdir_with_parents (folder, 0700);
  for (guint i = 0; i < self->files->len; i++)
    {
      GFile           *file = g_ptr_array_index (self->files, i);
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *basename = g_file_get_basename (file);
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

/* The profiles Strata opened that are still there, the last opened first. */
static void
update_recent (StWindow *self)
{
  GList                *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr (GPtrArray) mine = g_ptr_array_new ();
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_application (l->data, RECENT_APP_NAME)
        && gtk_recent_info_exists (l->data))
      g_ptr_array_add (mine, l->data);
  g_ptr_array_sort (mine, compare_recent);
  for (guint i = 0; i < mine->len && files->len < MAX_RECENT; i++)
    g_ptr_array_add (files,
                     g_file_new_for_uri (gtk_recent_info_get_uri (g_ptr_array_index (mine, i))));
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
  g_list_store_splice (self->recent, 0, g_list_model_get_n_items (G_LIST_MODEL (self->recent)),
                       files->pdata, files->len);
  gtk_widget_set_visible (self->recent_box, files->len > 0);
}

static GtkWidget *
create_recent_row (gpointer item, gpointer user_data)
{
  GFile            *file = item;
  g_autofree char  *basename = g_file_get_basename (file);
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char  *folder = parent ? g_file_get_parse_name (parent) : NULL;
  GtkWidget        *row = adw_action_row_new ();
  GtkWidget        *icon = gtk_image_new_from_icon_name ("go-next-symbolic");

  /* names are file names, not markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), basename);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), folder ? folder : "");
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, g_file_peek_path (file));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
  return row;
}

/* The end of a load of one file or of several: @trace, or @error. */
static void
finish_load (StWindow *self, StTrace *trace, const GError *error)
{
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  g_clear_object (&self->cancellable);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_object (&self->file);
      g_ptr_array_set_size (self->files, 0);
      set_titles (self, NULL);
      show_page (self, "empty");
      return;
    }
  if (trace == NULL)
    {
      show_error (self, error);
      return;
    }
  self->trace = trace;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
  add_to_recent (self);
  show_trace (self);
}

static void
on_loaded (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StWindow) self = user_data;
  g_autoptr (GError)   error = NULL;
  StTrace *trace = st_trace_loader_load_finish (ST_TRACE_LOADER (object), result, &error);

  if (self->loader != ST_TRACE_LOADER (object))
    {
      g_clear_object (&trace); /* a load that was replaced or cancelled */
      return;
    }
  finish_load (self, trace, error);
}

static void
on_profile_loaded (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StWindow) self = user_data;
  g_autoptr (GError)   error = NULL;
  StTrace *trace = st_profile_loader_load_finish (ST_PROFILE_LOADER (object), result, &error);

  if (self->profile_loader != ST_PROFILE_LOADER (object))
    {
      g_clear_object (&trace); /* a load that was replaced or cancelled */
      return;
    }
  finish_load (self, trace, error);
}

/* "Loading file 2 of 3: rank1.json.gz… 42 %": each file is read in turn. */
static void
on_profile_progress (StProfileLoader *loader, GParamSpec *pspec, StWindow *self)
{
  double           fraction = st_profile_loader_get_fraction (loader);
  guint            current = st_profile_loader_get_current_file (loader);
  guint            n = st_profile_loader_get_n_files (loader);
  g_autofree char *name
      = g_file_get_basename (st_profile_loader_get_file (loader, MIN (current, n - 1)));
  g_autofree char *text = g_strdup_printf (_ ("Loading file %u of %u: %s… %.0f %%"), current + 1, n,
                                           name, fraction * 100);

  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
cancel_load (StWindow *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* Loads @file into this window (which should show nothing yet). */
void
st_window_open (StWindow *self, GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *title = g_strdup_printf (_ ("Opening “%s”"), basename);

  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  cancel_load (self);
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  g_clear_object (&self->cancellable);
  g_set_object (&self->file, file);
  g_ptr_array_set_size (self->files, 0);
  g_ptr_array_add (self->files, g_object_ref (file));
  self->loader = st_trace_loader_new (file);
  st_trace_loader_set_display_name (self->loader, basename);
  self->cancellable = g_cancellable_new ();
  g_signal_connect_object (self->loader, "notify::fraction", G_CALLBACK (on_progress), self, 0);
  adw_status_page_set_title (self->loading_page, title);
  set_titles (self, basename);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _ ("Opening…"));
  show_page (self, "loading");
  st_trace_loader_load_async (self->loader, self->cancellable, on_loaded, g_object_ref (self));
}

/* Loads @files (one per rank or device) into this window as one profile,
 * on one time axis chosen by @alignment; one file opens as st_window_open()
 * does. Each file is named by its base name in errors and warnings. */
void
st_window_open_profile (StWindow *self, GFile **files, guint n_files, StAlignment alignment)
{
  g_autofree char *name = NULL, *title = NULL;

  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (n_files > 0 && n_files <= ST_MAX_FILES);

  if (n_files == 1)
    {
      st_window_open (self, files[0]);
      return;
    }
  cancel_load (self);
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);
  g_ptr_array_set_size (self->files, 0);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->files, g_object_ref (files[i]));
  self->profile_loader = st_profile_loader_new (files, n_files);
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *base = g_file_get_basename (files[i]);

      st_profile_loader_set_display_name (self->profile_loader, i, base);
    }
  st_profile_loader_set_alignment (self->profile_loader, alignment);
  self->cancellable = g_cancellable_new ();
  g_signal_connect_object (self->profile_loader, "notify::fraction",
                           G_CALLBACK (on_profile_progress), self, 0);
  name = profile_title (self);
  title = g_strdup_printf (_ ("Opening “%s”"), name);
  adw_status_page_set_title (self->loading_page, title);
  set_titles (self, name);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _ ("Opening…"));
  show_page (self, "loading");
  st_profile_loader_load_async (self->profile_loader, self->cancellable, on_profile_loaded,
                                g_object_ref (self));
}

/* Files go to this window when it shows nothing, the others to new ones. */
static void
open_files (StWindow *self, GFile **files, guint n_files)
{
  StApplication *app = ST_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  guint          first = 0;

  /* a profile already open in a window is shown there (the application
   * presents it), not opened twice */
  if (n_files > 0 && st_window_is_empty (self)
      && (app == NULL || st_application_get_window_for_file (app, files[0]) == NULL))
    {
      st_window_open (self, files[0]);
      first = 1;
    }
  if (first < n_files)
    st_application_open_files (app, files + first, n_files - first);
}

static void
on_recent_activated (StWindow *self, GtkListBoxRow *row)
{
  g_autoptr (GFile) file
      = g_list_model_get_item (G_LIST_MODEL (self->recent), gtk_list_box_row_get_index (row));
  GFile *files[] = { file };

  open_files (self, files, 1);
}

/* What the Open dialog and a drop do with the files chosen: with @as_one
 * and several files, one profile (here when this window shows nothing,
 * else in a new window); otherwise each file in its own window, this one
 * taking the first when it shows nothing. */
void
st_window_open_files (StWindow   *self,
                      GFile     **files,
                      guint       n_files,
                      gboolean    as_one,
                      StAlignment alignment)
{
  g_return_if_fail (ST_IS_WINDOW (self));

  if (!as_one || n_files < 2)
    open_files (self, files, n_files);
  else if (st_window_is_empty (self))
    st_window_open_profile (self, files, n_files, alignment);
  else
    st_application_open_profile (ST_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                 files, n_files, alignment);
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
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  const char *const profile_types[]
      = { "application/x-chrome-trace+json", "application/x-chrome-trace-compressed",
          "application/x-stack-tracing-report+json", "application/x-neuron-profile+json", NULL };
  const char *const chrome_types[]
      = { "application/x-chrome-trace+json", "application/x-stack-tracing-report+json", NULL };
  const char *const gzip_types[]
      = { "application/x-chrome-trace-compressed", "application/gzip", NULL };
  const char *const neuron_types[] = { "application/x-neuron-profile+json", NULL };
  const char *const report_types[] = { "application/x-stack-tracing-report+json", NULL };
  const char *const json[] = { "json", NULL };
  const char *const gz[] = { "gz", NULL };
  const char *const json_and_gz[] = { "json", "gz", NULL };
  const char *const report[] = { "*_chrome_tracing_report.json", NULL };
  const char *const all[] = { "*", NULL };
  GtkFileFilter    *profiles;
  const char       *align_ids[] = { "clock", "collective", NULL };
  const char *align_labels[] = { _ ("Each file’s clock"), _ ("Their first collective"), NULL };
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_ ("Open Profiles"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), _ ("_Cancel"));

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  /* several files, one per rank or device, can be one profile */
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "as-one",
                               _ ("Open the files as one profile (ranks)"), NULL, NULL);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "as-one", "false");
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "align", _ ("Align the ranks on"),
                               align_ids, align_labels);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "align", "clock");
  profiles = add_filter (GTK_FILE_CHOOSER (chooser), _ ("All profiles"), profile_types, json_and_gz,
                         NULL);
  add_filter (GTK_FILE_CHOOSER (chooser), _ ("Chrome and PyTorch/Kineto traces (JSON)"),
              chrome_types, json, NULL);
  add_filter (GTK_FILE_CHOOSER (chooser), _ ("Compressed traces (gzip)"), gzip_types, gz, NULL);
  add_filter (GTK_FILE_CHOOSER (chooser), _ ("Neuron device profiles (JSON)"), neuron_types, json,
              NULL);
  add_filter (GTK_FILE_CHOOSER (chooser), _ ("Stack Tracing reports"), report_types, NULL, report);
  add_filter (GTK_FILE_CHOOSER (chooser), _ ("All files"), NULL, NULL, all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), profiles);
  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_sample_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) sample = st_application_get_sample ();
  GFile            *files[] = { sample };

  open_files (ST_WINDOW (widget), files, 1);
}

static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  cancel_load (ST_WINDOW (widget));
}

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
}

static void
find_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow *self = ST_WINDOW (widget);

  adw_view_stack_set_visible_child_name (self->view_stack, "timeline");
  st_timeline_page_start_find (self->timeline_page);
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

/* Ctrl+S, Ctrl+Shift+S, Ctrl+Shift+O: the panel's region file commands,
 * from anywhere in the window. */
static void
regions_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StWindow   *self = ST_WINDOW (widget);
  const char *name = g_str_equal (action_name, "win.save-regions")      ? "regions.save"
                     : g_str_equal (action_name, "win.save-regions-as") ? "regions.save-as"
                                                                        : "regions.load";

  gtk_widget_activate_action (GTK_WIDGET (annotations (self)), name, NULL);
}

static void
on_regions_saved (StAnnotationsPanel *panel, gboolean saved, StWindow *self)
{
  g_autofree char *name = NULL, *title = NULL;

  if (!saved || st_annotations_panel_get_file (panel) == NULL)
    return;
  name = g_file_get_basename (st_annotations_panel_get_file (panel));
  title = g_strdup_printf (_ ("Regions saved to “%s”"), name);
  show_toast (self, title, NULL, NULL);
}

static void
on_close_saved (StAnnotationsPanel *panel, gboolean saved, StWindow *self)
{
  g_clear_signal_handler (&self->save_finished_id, panel);
  if (saved)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static gboolean
close_later (gpointer data)
{
  gtk_window_close (data);
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

static void
on_close_response (AdwMessageDialog *dialog, const char *response, StWindow *self)
{
  if (g_str_equal (response, "discard"))
    {
      /* once the dialog is gone: it is the window's */
      self->close_confirmed = TRUE;
      g_idle_add (close_later, g_object_ref (self));
    }
  else if (g_str_equal (response, "save"))
    {
      g_clear_signal_handler (&self->save_finished_id, annotations (self));
      self->save_finished_id = g_signal_connect (annotations (self), "save-finished",
                                                 G_CALLBACK (on_close_saved), self);
      gtk_widget_activate_action (GTK_WIDGET (annotations (self)), "regions.save", NULL);
    }
}

/* Remembered: the size and maximized state of the last window closed,
 * which new windows take. */
static void
save_window_state (StWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static void
restore_window_state (StWindow *self)
{
  if (self->settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* Closing with regions that are in no file asks whether to save them
 * first. They are in the sidecar whatever the answer, so the question is
 * about a file of one's own, not about losing them. */
static gboolean
st_window_close_request (GtkWindow *window)
{
  StWindow    *self = ST_WINDOW (window);
  StRegionSet *regions
      = self->regions_session ? st_session_get_regions (self->regions_session) : NULL;
  g_autofree char *basename = NULL, *body = NULL, *count = NULL;
  GtkWidget       *dialog;
  guint            n;

  save_window_state (self);
  if (self->autosave_id != 0)
    autosave_now (self);
  if (self->close_confirmed || regions == NULL || !st_region_set_get_modified (regions)
      || (n = st_region_set_get_n_regions (regions)) == 0)
    {
      /* focus leaves now, not while the widgets are torn down (a name
       * being edited would act on it after it is gone) */
      gtk_window_set_focus (window, NULL);
      return GTK_WINDOW_CLASS (st_window_parent_class)->close_request != NULL
             && GTK_WINDOW_CLASS (st_window_parent_class)->close_request (window);
    }

  basename = profile_title (self);
  count = st_format_count (n);
  body = g_strdup_printf (ngettext ("%s region of “%s” is not saved to a file. Strata keeps it for "
                                    "the next time you open this profile.",
                                    "%s regions of “%s” are not saved to a file. Strata keeps them "
                                    "for the next time you open this profile.",
                                    n),
                          count, basename);
  dialog = adw_message_dialog_new (window, _ ("Save the Regions?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "discard",
                                    _ ("_Don’t Save"), "save", _ ("_Save…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, StWindow *self)
{
  GSList               *list = g_value_get_boxed (value);
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL && files->len < ST_MAX_FILES; l = l->next)
    g_ptr_array_add (files, l->data);
  /* several files dropped together are the ranks of one profile */
  st_window_open_files (self, (GFile **)files->pdata, files->len, TRUE, ST_ALIGN_CLOCK);
  return files->len > 0;
}

static void
st_window_dispose (GObject *object)
{
  StWindow *self = ST_WINDOW (object);

  cancel_load (self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  release_regions (self);
  g_clear_object (&self->settings);
  g_clear_object (&self->recent);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_WINDOW);
  G_OBJECT_CLASS (st_window_parent_class)->dispose (object);
}

static void
st_window_finalize (GObject *object)
{
  StWindow *self = ST_WINDOW (object);

  g_clear_object (&self->trace);
  g_clear_object (&self->file);
  g_clear_pointer (&self->files, g_ptr_array_unref);
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
  window_class->close_request = st_window_close_request;
  object_class->finalize = st_window_finalize;
  object_class->get_property = st_window_get_property;

  properties[PROP_TRACE]
      = g_param_spec_object ("trace", NULL, NULL, ST_TYPE_TRACE,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  gtk_widget_class_bind_template_child (widget_class, StWindow, facts_box);
  gtk_widget_class_bind_template_child (widget_class, StWindow, summary_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, timeline_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, track_list);
  gtk_widget_class_bind_template_child (widget_class, StWindow, warning_list);
  gtk_widget_class_bind_template_child (widget_class, StWindow, recent_box);
  gtk_widget_class_bind_template_child (widget_class, StWindow, recent_list);
  gtk_widget_class_bind_template_callback (widget_class, on_recent_activated);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-sample", NULL, open_sample_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.show-summary", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-timeline", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-tracks", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.show-warnings", NULL, show_view_action);
  gtk_widget_class_install_action (widget_class, "win.show-annotations", NULL,
                                   show_annotations_action);
  gtk_widget_class_install_action (widget_class, "win.save-regions", NULL, regions_file_action);
  gtk_widget_class_install_action (widget_class, "win.save-regions-as", NULL, regions_file_action);
  gtk_widget_class_install_action (widget_class, "win.load-regions", NULL, regions_file_action);
}

#define MAX_RECENT_CONFIGS 8

static void
show_recent_configs (StWindow *self)
{
  g_auto (GStrv) uris = g_settings_get_strv (self->settings, "recent-region-configs");

  st_annotations_panel_set_recent_configs (annotations (self), (const char *const *)uris);
}

/* A configuration loaded or saved goes first in the recent ones, once. */
static void
on_config_used (StWindow *self, const char *uri)
{
  g_auto (GStrv)           old = g_settings_get_strv (self->settings, "recent-region-configs");
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv)           uris = NULL;
  guint                    n = 1;

  g_strv_builder_add (builder, uri);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT_CONFIGS; i++)
    if (!g_str_equal (old[i], uri))
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  uris = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-region-configs", (const char *const *)uris);
}

static void
st_window_init (StWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = st_application_new_settings ();
  restore_window_state (self);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name",
                            G_CALLBACK (on_view_changed), self);
  g_signal_connect_object (annotations (self), "save-finished", G_CALLBACK (on_regions_saved), self,
                           0);
  if (self->settings != NULL)
    {
      g_signal_connect_object (annotations (self), "config-used", G_CALLBACK (on_config_used), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::recent-region-configs",
                               G_CALLBACK (show_recent_configs), self, G_CONNECT_SWAPPED);
      show_recent_configs (self);
    }
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  self->recent = g_list_store_new (G_TYPE_FILE);
  gtk_list_box_bind_model (self->recent_list, G_LIST_MODEL (self->recent), create_recent_row, NULL,
                           NULL);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent),
                           self, G_CONNECT_SWAPPED);
  update_recent (self);
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
  return self->file;
}

/* TRUE when the window shows or loads exactly @files, in this order. */
gboolean
st_window_shows_files (StWindow *self, GFile **files, guint n_files)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), FALSE);
  if (self->files->len != n_files || n_files == 0)
    return FALSE;
  for (guint i = 0; i < n_files; i++)
    if (!g_file_equal (g_ptr_array_index (self->files, i), files[i]))
      return FALSE;
  return TRUE;
}

StTrace *
st_window_get_trace (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), NULL);
  return self->trace;
}

/* TRUE when the window shows no profile and loads none (the empty page, or
 * an error): a file opened now can go here. */
gboolean
st_window_is_empty (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), FALSE);
  return self->trace == NULL && self->loader == NULL && self->profile_loader == NULL;
}

/* The sentence shown on the error page, or NULL. */
const char *
st_window_get_error_message (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), NULL);
  if (!g_str_equal (st_window_get_page (self), "error"))
    return NULL;
  return adw_status_page_get_description (self->error_page);
}

/* "empty", "loading", "error" or "profile". */
const char *
st_window_get_page (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->main_stack);
}

/* The recent profiles the start page lists (GFile), the last opened first. */
GListModel *
st_window_get_recent (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), NULL);
  return G_LIST_MODEL (self->recent);
}
