#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-window.h"

#include "st-summary.h"
#include "st-format.h"
#include "st-window-private.h"

#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (StWindow, st_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_TRACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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
  st_window_update_actions (self);
}

static StAnnotationsPanel *
annotations (StWindow *self)
{
  return st_timeline_page_get_annotations (self->timeline_page);
}

void
st_window_show_toast (StWindow *self, const char *title, const char *button, const char *action)
{
  AdwToast *toast = adw_toast_new (title);

  if (button != NULL)
    {
      adw_toast_set_button_label (toast, button);
      adw_toast_set_action_name (toast, action);
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
on_autosave_failed (StWindow *self, const GError *error)
{
  st_annotations_panel_show_error (annotations (self), error->message);
}

static void
show_restored (StWindow *self, guint n)
{
  g_autofree char *count = st_format_count (n);
  g_autofree char *title = g_strdup_printf (ngettext ("%s region restored from the last time",
                                                      "%s regions restored from the last time", n),
                                            count);

  st_window_show_toast (
      self, title, st_timeline_page_get_show_annotations (self->timeline_page) ? NULL : _ ("_Show"),
      "win.show-annotations");
}

/* Regions: nothing lost. Every edit is written to the profile's sidecar
 * soon after; opening the profile again restores them. A damaged sidecar
 * is moved aside and reported, with where it went, in the Annotations
 * panel, open, and the profile opens without regions. */
static void
restore_regions (StWindow *self)
{
  StSession         *session = st_timeline_page_get_session (self->timeline_page);
  g_autoptr (GError) error = NULL;
  guint              n;

  /* what the last profile's regions still had to write is written */
  g_clear_object (&self->autosave);
  if (session == NULL)
    return;
  st_session_set_input_files (session, (GFile *const *)self->files->pdata, self->files->len);
  self->autosave = st_autosave_new (session);
  g_signal_connect_object (self->autosave, "failed", G_CALLBACK (on_autosave_failed), self,
                           G_CONNECT_SWAPPED);
  if (st_autosave_restore (self->autosave, (GFile *const *)self->files->pdata, self->files->len, &n,
                           &error))
    {
      if (n > 0)
        show_restored (self, n);
      return;
    }
  st_annotations_panel_show_error (annotations (self), error->message);
  if (!g_error_matches (error, ST_AUTOSAVE_ERROR, ST_AUTOSAVE_ERROR_UNKNOWN_PROFILE))
    st_timeline_page_set_show_annotations (self->timeline_page, TRUE);
}

/* "a.json.gz", or "a.json.gz + b.json.gz" for several files as one
 * profile (as st_trace_get_display_name() names them). */
char *
st_window_dup_profile_title (StWindow *self)
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
show_trace (StWindow *self)
{
  g_autofree char *basename = st_window_dup_profile_title (self);
  guint            n_warnings;

  st_trace_get_warnings (self->trace, &n_warnings);
  set_titles (self, basename);
  st_timeline_page_set_trace (self->timeline_page, self->trace);
  /* the summary is computed on a thread from here, while the rest of the
   * window fills and draws its first page */
  st_summary_page_set_session (self->summary_page,
                               st_timeline_page_get_session (self->timeline_page),
                               st_annotations_panel_get_actions (annotations (self)));
  st_track_list_set_arrangement (
      self->track_list,
      st_session_get_track_arrangement (st_timeline_page_get_session (self->timeline_page)));
  st_warning_list_set_trace (self->warning_list, self->trace);
  adw_view_stack_page_set_badge_number (self->warnings_page, n_warnings);
  adw_view_stack_page_set_needs_attention (self->warnings_page, n_warnings > 0);
  st_window_show_facts (self);
  restore_regions (self);
  st_compare_page_set_session (self->comparison_page,
                               st_timeline_page_get_session (self->timeline_page));
  st_call_tree_page_set_session (self->call_tree_page,
                                 st_timeline_page_get_session (self->timeline_page));
  g_signal_group_set_target (self->session_signals,
                             st_timeline_page_get_session (self->timeline_page));
  /* a profile opens on the landing page the person last switched to
   * (what is wrong and where, unless they chose the timeline), or on the
   * timeline when its regions could not be restored: that message is in
   * the timeline's panel */
  show_page (self, "profile");
  self->choosing_view = TRUE;
  if (st_annotations_panel_get_error (annotations (self)) != NULL
      || st_window_lands_on_timeline (self))
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
show_progress (StTraceLoader *loader, StWindow *self)
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
  g_autofree char *basename = st_window_dup_profile_title (self);
  g_autofree char *title = g_strdup_printf (_ ("Could Not Open “%s”"), basename);

  adw_status_page_set_title (self->error_page, title);
  adw_status_page_set_description (self->error_page, error->message);
  show_page (self, "error");
}

static void
index_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  st_summary_prepare_cards (data, cancellable);
  g_task_return_boolean (task, TRUE);
}

/* The analysis index, which the Summary's first numbers wait for, is made
 * on a thread from the moment the profile is loaded, while the window
 * fills and draws its first page; the Summary's thread waits for it. The
 * same thread then makes the stream index, the memory timeline and the FLOP
 * ops, which the Summary reads last, while the Summary's thread computes
 * what it can without them. Closing the window or opening another profile
 * stops it. */
static void
start_index (StWindow *self)
{
  g_autoptr (GTask) task = NULL;

  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, NULL, NULL);
  g_task_set_source_tag (task, start_index);
  g_task_set_task_data (task, g_object_ref (self->trace), g_object_unref);
  g_task_run_in_thread (task, index_thread);
}

/* The end of a load of one file or of several: @trace, or @error. */
static void
finish_load (StWindow *self, StTrace *trace, const GError *error)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
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
  start_index (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TRACE]);
  /* each file of the profile goes to the top of the recent files, which
   * the greeter of every window lists */
  st_greeter_add_recent ((GFile *const *)self->files->pdata, self->files->len);
  show_trace (self);
  st_window_start_pending_baseline (self);
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
show_profile_progress (StProfileLoader *loader, StWindow *self)
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

/* The progress bar follows the load ten times a second, not at each step
 * the loader tells: each change draws the window again, on a core the
 * load would have. */
#define PROGRESS_INTERVAL_MS 100

static gboolean
update_progress (gpointer data)
{
  StWindow *self = data;

  self->progress_id = 0;
  if (self->loader != NULL)
    show_progress (self->loader, self);
  else if (self->profile_loader != NULL)
    show_profile_progress (self->profile_loader, self);
  return G_SOURCE_REMOVE;
}

static void
on_progress (GObject *loader, GParamSpec *pspec, StWindow *self)
{
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (PROGRESS_INTERVAL_MS, update_progress, self);
}

void
st_window_cancel_load (StWindow *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* Forgets the load under way and takes @files as the ones loaded now
 * (one is the window's file; a profile of several has none). */
static void
start_load (StWindow *self, GFile **files, guint n_files)
{
  GFile *file = n_files == 1 ? files[0] : NULL;

  st_window_cancel_load (self);
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_set_object (&self->file, file);
  g_ptr_array_set_size (self->files, 0);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->files, g_object_ref (files[i]));
}

/* The loading page, for the profile being opened. */
static void
show_loading (StWindow *self)
{
  g_autofree char *name = st_window_dup_profile_title (self);
  g_autofree char *title = g_strdup_printf (_ ("Opening “%s”"), name);

  adw_status_page_set_title (self->loading_page, title);
  set_titles (self, name);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _ ("Opening…"));
  show_page (self, "loading");
}

/* Loads @file into this window (which should show nothing yet). */
void
st_window_open (StWindow *self, GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  start_load (self, &file, 1);
  self->loader = st_trace_loader_new (file);
  st_trace_loader_set_display_name (self->loader, basename);
  g_signal_connect_object (self->loader, "notify::fraction", G_CALLBACK (on_progress), self, 0);
  show_loading (self);
  st_trace_loader_load_async (self->loader, self->cancellable, on_loaded, g_object_ref (self));
}

/* Loads @files (one per rank or device) into this window as one profile,
 * on one time axis chosen by @alignment; one file opens as st_window_open()
 * does. Each file is named by its base name in errors and warnings. */
void
st_window_open_profile (StWindow *self, GFile **files, guint n_files, StAlignment alignment)
{
  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (n_files > 0 && n_files <= ST_MAX_FILES);

  if (n_files == 1)
    {
      st_window_open (self, files[0]);
      return;
    }
  start_load (self, files, n_files);
  self->profile_loader = st_profile_loader_new (files, n_files);
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *base = g_file_get_basename (files[i]);

      st_profile_loader_set_display_name (self->profile_loader, i, base);
    }
  st_profile_loader_set_alignment (self->profile_loader, alignment);
  g_signal_connect_object (self->profile_loader, "notify::fraction", G_CALLBACK (on_progress), self,
                           0);
  show_loading (self);
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
on_recent_activated (StWindow *self, GFile *file)
{
  open_files (self, &file, 1);
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
on_regions_saved (StAnnotationsPanel *panel, gboolean saved, StWindow *self)
{
  g_autofree char *name = NULL, *title = NULL;

  if (!saved || st_annotations_panel_get_file (panel) == NULL)
    return;
  name = g_file_get_basename (st_annotations_panel_get_file (panel));
  title = g_strdup_printf (_ ("Regions saved to “%s”"), name);
  st_window_show_toast (self, title, NULL, NULL);
}

/* Closing with regions that are in no file asks whether to save them
 * first (st-window-close.c). */
static gboolean
st_window_close_request (GtkWindow *window)
{
  StWindow *self = ST_WINDOW (window);

  st_window_save_state (self);
  if (self->autosave != NULL)
    st_autosave_flush (self->autosave);
  if (st_window_ask_before_close (self))
    return TRUE;
  /* focus leaves now, not while the widgets are torn down (a name being
   * edited would act on it after it is gone) */
  gtk_window_set_focus (window, NULL);
  return GTK_WINDOW_CLASS (st_window_parent_class)->close_request != NULL
         && GTK_WINDOW_CLASS (st_window_parent_class)->close_request (window);
}

static void
st_window_dispose (GObject *object)
{
  StWindow *self = ST_WINDOW (object);

  st_window_cancel_load (self);
  st_window_dispose_baseline (self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->loader);
  g_clear_object (&self->profile_loader);
  g_clear_object (&self->autosave);
  g_clear_object (&self->settings);
  g_clear_handle_id (&self->fit_facts_id, g_source_remove);
  g_clear_handle_id (&self->progress_id, g_source_remove);
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
  object_class->finalize = st_window_finalize;
  object_class->get_property = st_window_get_property;
  window_class->close_request = st_window_close_request;

  properties[PROP_TRACE]
      = g_param_spec_object ("trace", NULL, NULL, ST_TYPE_TRACE,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_CALL_TREE_PAGE);
  g_type_ensure (ST_TYPE_COMPARE_PAGE);
  g_type_ensure (ST_TYPE_GREETER);
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
  gtk_widget_class_bind_template_child (widget_class, StWindow, facts_scroller);
  gtk_widget_class_bind_template_child (widget_class, StWindow, facts_box);
  gtk_widget_class_bind_template_child (widget_class, StWindow, facts_grid);
  gtk_widget_class_bind_template_child (widget_class, StWindow, summary_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, timeline_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, call_tree_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, track_list);
  gtk_widget_class_bind_template_child (widget_class, StWindow, warning_list);
  gtk_widget_class_bind_template_child (widget_class, StWindow, compare_stack_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, comparison_page);
  gtk_widget_class_bind_template_child (widget_class, StWindow, baseline_bar);
  gtk_widget_class_bind_template_child (widget_class, StWindow, baseline_label);
  gtk_widget_class_bind_template_child (widget_class, StWindow, baseline_progress);
  gtk_widget_class_bind_template_callback (widget_class, on_recent_activated);
  st_window_class_init_actions (widget_class);
}

static void
st_window_init (StWindow *self)
{
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
  st_window_init_settings (self);
  g_signal_connect_object (annotations (self), "save-finished", G_CALLBACK (on_regions_saved), self,
                           0);
  st_window_init_dnd (self);
  st_window_init_facts (self);
  st_window_init_baseline (self);
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

/* TRUE when the window shows no profile and loads none (the greeter, or
 * an error): a file opened now can go here. */
gboolean
st_window_is_empty (StWindow *self)
{
  g_return_val_if_fail (ST_IS_WINDOW (self), FALSE);
  return self->trace == NULL && self->loader == NULL && self->profile_loader == NULL;
}
