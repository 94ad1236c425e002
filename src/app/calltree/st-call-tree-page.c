/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Call Tree page's scope and build: which host slices (the whole
 * profile, the region chosen, the selection taken), built on a thread
 * when the page shows and something changed, with progress and a cancel
 * button; and the page's properties, which its buttons and keys set. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-call-tree-page.h"

#include "st-call-tree-view.h"
#include "st-flame-graph.h"
#include "st-format.h"
#include "st-job.h"
#include "st-trace-query.h"

#include <glib/gi18n.h>

struct _StCallTreePage
{
  GtkWidget parent_instance;

  StSession    *session;
  GSignalGroup *session_signals;
  char         *scope;     /* "profile", "region" or "selection" */
  gboolean      bottom_up; /* the direction shown */
  gboolean      by_thread;
  /* the selection taken as the scope */
  gboolean has_selection;
  GArray  *selection_tracks; /* guint */
  gint64   selection_start;
  gint64   selection_end;
  /* the trees of the scope, both ways, and the build under way */
  StCallTree *top_down;
  StCallTree *bottom_up_tree;
  gboolean    dirty;
  StJob      *build;

  GtkLabel       *scope_label;
  GtkStack       *content_stack;
  AdwStatusPage  *status_page;
  GtkProgressBar *progress_bar;
  StCallTreeView *view;
};

G_DEFINE_FINAL_TYPE (StCallTreePage, st_call_tree_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_SCOPE,
  PROP_DIRECTION,
  PROP_BY_THREAD,
  PROP_COMPUTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void request_build (StCallTreePage *self);
static void show_tree (StCallTreePage *self);
static void update_actions (StCallTreePage *self);

/* --- the scope ------------------------------------------------------------ */

static gint64
trace_end (StCallTreePage *self)
{
  return st_trace_get_end_ns (st_session_get_trace (self->session));
}

/* The tracks of the selected slices, and the box's range or the events'
 * (docs/metrics.md 15.2). */
gboolean
st_call_tree_page_take_selection (StCallTreePage *self)
{
  GArray                *selection;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

  g_return_val_if_fail (ST_IS_CALL_TREE_PAGE (self), FALSE);
  if (self->session == NULL)
    return FALSE;
  selection = st_session_get_selection (self->session);
  g_array_set_size (self->selection_tracks, 0);
  for (guint i = 0; i < selection->len; i++)
    {
      StEventRef ref = g_array_index (selection, StEventRef, i);

      if (ref.kind == ST_EVENT_SLICE && g_hash_table_add (seen, GUINT_TO_POINTER (ref.track + 1))
          && st_call_tree_track_holds_frames (st_session_get_trace (self->session), ref.track))
        g_array_append_val (self->selection_tracks, ref.track);
    }
  /* device events stand for their time on every thread */
  self->has_selection = g_hash_table_size (seen) > 0;
  if (self->has_selection
      && !st_session_get_selection_box (self->session, &self->selection_start,
                                        &self->selection_end))
    st_session_get_selection_span (self->session, &self->selection_start, &self->selection_end);
  if (!g_str_equal (self->scope, "selection"))
    {
      g_free (self->scope);
      self->scope = g_strdup ("selection");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);
    }
  request_build (self);
  return self->has_selection;
}

/* The scope chosen as the tree takes it; FALSE (and why, for the status
 * page) when there is none. */
static gboolean
get_scope (StCallTreePage *self, StCallTreeScope *scope, const char **title, const char **why)
{
  StRegion *region = st_session_get_selected_region (self->session);

  *scope = (StCallTreeScope){ 0, trace_end (self), NULL, 0, self->by_thread };
  if (g_str_equal (self->scope, "region"))
    {
      if (region == NULL)
        {
          *title = _ ("No Region Chosen");
          *why = _ ("Choose a region on the Summary (Ctrl+R) or in the timeline’s Annotations "
                    "panel (F9), or sum the whole profile (Ctrl+1).");
          return FALSE;
        }
      scope->start = st_region_get_start (region);
      scope->end = st_region_get_end (region);
    }
  else if (g_str_equal (self->scope, "selection"))
    {
      if (!self->has_selection)
        {
          *title = _ ("Nothing Selected");
          *why
              = _ ("Select events on the timeline — click a step, or drag a box over threads — "
                   "then take the selection here (Ctrl+3), or press Ctrl+Shift+T on the timeline.");
          return FALSE;
        }
      scope->start = self->selection_start;
      scope->end = MAX (self->selection_end, self->selection_start + 1);
      if (self->selection_tracks->len > 0)
        {
          scope->tracks = (const guint *)(void *)self->selection_tracks->data;
          scope->n_tracks = self->selection_tracks->len;
        }
    }
  return TRUE;
}

/* "Region “step 3” · 12.3 ms", "Selection: 2 threads · 35.0 ms from 3.210 s". */
static char *
describe_scope (StCallTreePage *self, const StCallTreeScope *scope)
{
  g_autofree char *length = st_format_duration (scope->end - scope->start);
  g_autofree char *from = st_format_duration (scope->start);
  StRegion        *region = st_session_get_selected_region (self->session);

  if (g_str_equal (self->scope, "region"))
    return g_strdup_printf (_ ("Region “%s” · %s from %s"), st_region_get_name (region), length,
                            from);
  if (g_str_equal (self->scope, "selection") && scope->tracks == NULL)
    return g_strdup_printf (_ ("Selection: every thread · %s from %s"), length, from);
  if (g_str_equal (self->scope, "selection"))
    return g_strdup_printf (ngettext ("Selection: %u thread · %s from %s",
                                      "Selection: %u threads · %s from %s", scope->n_tracks),
                            scope->n_tracks, length, from);
  return g_strdup_printf (_ ("Whole profile · %s"), length);
}

/* --- the build ------------------------------------------------------------ */

typedef struct
{
  StTrace        *trace;
  StCallTreeScope scope;
  guint          *tracks;
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->trace);
  g_free (job->tracks);
  g_free (job);
}

/* The tree of the scope both ways: top-down, then bottom-up. */
static gpointer
build_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Job                   *job = data;
  g_autoptr (StCallTree) td = NULL;
  StCallTree            *bu;
  GPtrArray             *trees;

  td = st_call_tree_build (job->trace, &job->scope, cancellable, st_job_report, run, error);
  bu = td != NULL ? st_call_tree_invert (td, cancellable, error) : NULL;
  if (bu == NULL)
    return NULL;
  trees = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (trees, g_steal_pointer (&td));
  g_ptr_array_add (trees, bu);
  return trees;
}

static void
show_progress (StCallTreePage *self)
{
  double           fraction = st_job_get_fraction (self->build);
  g_autofree char *text = g_strdup_printf (_ ("%.0f %% of the slices"), fraction * 100);

  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
show_status (StCallTreePage *self, const char *title, const char *description)
{
  adw_status_page_set_title (self->status_page, title);
  adw_status_page_set_description (self->status_page, description);
  gtk_stack_set_visible_child_name (self->content_stack, "status");
}

/* The scope's line over the table: what it is, and what the tree holds. */
static void
describe (StCallTreePage *self)
{
  StCallTreeScope  scope;
  const char      *title, *why;
  g_autofree char *what = NULL, *time = NULL, *frames = NULL, *text = NULL;

  if (self->session == NULL || !get_scope (self, &scope, &title, &why))
    {
      gtk_label_set_text (self->scope_label, "");
      return;
    }
  what = describe_scope (self, &scope);
  if (self->top_down == NULL || st_job_is_running (self->build)
      || st_call_tree_get_n_frames (self->top_down) == 0)
    {
      gtk_label_set_text (self->scope_label, what);
      return;
    }
  time = st_format_duration (st_call_tree_get_time (self->top_down));
  frames = st_format_count (st_call_tree_get_n_frames (self->top_down));
  /* Translators: the scope, then the host time its calls sum to and how many calls */
  text = g_strdup_printf (_ ("%s · %s of host time in %s calls"), what, time, frames);
  gtk_label_set_text (self->scope_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->scope_label), text);
}

static void
on_built (gpointer owner, gpointer result, const GError *error)
{
  StCallTreePage       *self = owner;
  g_autoptr (GPtrArray) trees = result;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
  if (trees == NULL)
    {
      show_status (self, _ ("Could Not Sum the Calls"), error->message);
      return;
    }
  g_set_object (&self->top_down, g_ptr_array_index (trees, 0));
  g_set_object (&self->bottom_up_tree, g_ptr_array_index (trees, 1));
  describe (self);
  if (st_call_tree_get_n_frames (self->top_down) == 0)
    show_status (self, _ ("No Host Slices"),
                 _ ("Nothing in this scope is a call on a thread: device events (kernels, "
                    "copies) are not calls. Sum the whole profile (Ctrl+1), or take another "
                    "selection."));
  else
    show_tree (self);
  update_actions (self);
}

static void
start_build (StCallTreePage *self)
{
  StCallTreeScope scope;
  const char     *title, *why;
  Job            *job;

  st_job_cancel (self->build);
  self->dirty = FALSE;
  g_clear_object (&self->top_down);
  g_clear_object (&self->bottom_up_tree);
  show_tree (self);
  if (!get_scope (self, &scope, &title, &why))
    {
      show_status (self, title, why);
      describe (self);
      update_actions (self);
      return;
    }
  job = g_new0 (Job, 1);
  job->trace = g_object_ref (st_session_get_trace (self->session));
  job->scope = scope;
  job->tracks = scope.tracks ? g_memdup2 (scope.tracks, scope.n_tracks * sizeof (guint)) : NULL;
  job->scope.tracks = job->tracks;
  st_job_start (self->build, build_thread, job, (GDestroyNotify)job_free, on_built,
                (GDestroyNotify)g_ptr_array_unref);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _ ("Starting…"));
  gtk_stack_set_visible_child_name (self->content_stack, "computing");
  describe (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

/* The scope or an option changed: built again now if the page shows,
 * else when it is shown. */
static void
request_build (StCallTreePage *self)
{
  self->dirty = TRUE;
  if (self->session != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    start_build (self);
}

static void
st_call_tree_page_map (GtkWidget *widget)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (widget);

  GTK_WIDGET_CLASS (st_call_tree_page_parent_class)->map (widget);
  if (self->dirty && self->session != NULL)
    start_build (self);
}

/* Esc: the build stops; the page says how to start it again. */
static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (widget);

  if (!st_job_is_running (self->build))
    return;
  st_job_cancel (self->build);
  self->dirty = TRUE;
  show_status (self, _ ("Summing Stopped"),
               _ ("Choose a scope again to sum its calls (Ctrl+1, Ctrl+2, Ctrl+3)."));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
  update_actions (self);
}

static void
on_region_changed (StCallTreePage *self)
{
  if (g_str_equal (self->scope, "region"))
    request_build (self);
}

/* --- the node selected ------------------------------------------------- */

/* The tree shown, in the table and the flame graph; the table once it is
 * in. */
static void
show_tree (StCallTreePage *self)
{
  StCallTree *tree = st_call_tree_page_get_tree (self);

  st_call_tree_view_set_tree (self->view, tree);
  if (tree != NULL)
    gtk_stack_set_visible_child_name (self->content_stack, "tree");
  update_actions (self);
}

static void
update_actions (StCallTreePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint      node = st_call_tree_view_get_selected (self->view);
  gboolean   has_tree = st_call_tree_view_get_tree (self->view) != NULL;
  gboolean   has_node = has_tree && node != ST_FLAME_GRAPH_NONE;
  gboolean   zoomed = st_call_tree_view_is_zoomed (self->view);

  gtk_widget_action_set_enabled (widget, "calltree.cancel", st_job_is_running (self->build));
  gtk_widget_action_set_enabled (widget, "calltree.expand-hot-path", has_tree);
  gtk_widget_action_set_enabled (widget, "calltree.show-on-timeline", has_node);
  gtk_widget_action_set_enabled (widget, "calltree.copy-name", has_node);
  gtk_widget_action_set_enabled (widget, "calltree.zoom-in", has_node);
  gtk_widget_action_set_enabled (widget, "calltree.zoom-out", has_tree && zoomed);
  gtk_widget_action_set_enabled (widget, "calltree.zoom-reset", has_tree && zoomed);
}

/* A node chosen in the table or the flame graph: its instances selected
 * on the timeline. */
static void
select_instances (StCallTreePage *self, guint node)
{
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));

  st_call_tree_get_instances (st_call_tree_view_get_tree (self->view), node, refs);
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
}

/* Enter or a double click on a row, Ctrl+Enter, or the toolbar's button:
 * the node's instances selected on the timeline, shown there at the
 * longest one. */
static void
show_on_timeline_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage    *self = ST_CALL_TREE_PAGE (widget);
  StTrace           *trace = st_session_get_trace (self->session);
  g_autoptr (GArray) refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  guint              node = st_call_tree_view_get_selected (self->view), longest = 0;

  if (node == ST_FLAME_GRAPH_NONE)
    return;
  st_call_tree_get_instances (st_call_tree_view_get_tree (self->view), node, refs);
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
  for (guint i = 1; i < refs->len; i++)
    if (st_event_get_duration (trace, g_array_index (refs, StEventRef, i))
        > st_event_get_duration (trace, g_array_index (refs, StEventRef, longest)))
      longest = i;
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
  if (refs->len > 0)
    st_session_reveal (self->session, g_array_index (refs, StEventRef, longest));
}

static void
on_node_activated (StCallTreePage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "calltree.show-on-timeline", NULL);
}

/* Ctrl+E: the costliest path from the node selected (or the roots). */
static void
expand_hot_path_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  st_call_tree_view_expand_hot_path (ST_CALL_TREE_PAGE (widget)->view);
}

/* Ctrl+I, Backspace, Ctrl+0: the flame graph's zoom. */
static void
zoom_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreeView *view = ST_CALL_TREE_PAGE (widget)->view;

  if (g_str_equal (action_name, "calltree.zoom-in"))
    st_call_tree_view_zoom_in (view);
  else if (g_str_equal (action_name, "calltree.zoom-out"))
    st_call_tree_view_zoom_out (view);
  else
    st_call_tree_view_zoom_reset (view);
}

/* Ctrl+C: the selected node's name, whole. */
static void
copy_name_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage  *self = ST_CALL_TREE_PAGE (widget);
  guint            node = st_call_tree_view_get_selected (self->view);
  g_autofree char *name = NULL;

  if (node == ST_FLAME_GRAPH_NONE)
    return;
  name = st_call_tree_dup_label (st_call_tree_view_get_tree (self->view), node);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), name);
}

static void
install_node_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "calltree.show-on-timeline", NULL,
                                   show_on_timeline_action);
  gtk_widget_class_install_action (widget_class, "calltree.expand-hot-path", NULL,
                                   expand_hot_path_action);
  gtk_widget_class_install_action (widget_class, "calltree.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "calltree.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "calltree.zoom-reset", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "calltree.copy-name", NULL, copy_name_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "calltree.expand-hot-path", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "calltree.show-on-timeline", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "calltree.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "calltree.zoom-out",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK,
                                       "calltree.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "calltree.copy-name", NULL);
}

/* --- the API -------------------------------------------------------------- */

GtkWidget *
st_call_tree_page_new (void)
{
  return g_object_new (ST_TYPE_CALL_TREE_PAGE, NULL);
}

StSession *
st_call_tree_page_get_session (StCallTreePage *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_PAGE (self), NULL);
  return self->session;
}

/* A new profile: the whole of it, top-down, threads merged. */
void
st_call_tree_page_set_session (StCallTreePage *self, StSession *session)
{
  g_return_if_fail (ST_IS_CALL_TREE_PAGE (self));
  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  st_job_cancel (self->build);
  g_clear_object (&self->top_down);
  g_clear_object (&self->bottom_up_tree);
  self->has_selection = FALSE;
  g_free (self->scope);
  self->scope = g_strdup ("profile");
  self->bottom_up = FALSE;
  self->by_thread = FALSE;
  show_tree (self);
  if (session != NULL)
    request_build (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRECTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_THREAD]);
}

gboolean
st_call_tree_page_is_computing (StCallTreePage *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_PAGE (self), FALSE);
  return st_job_is_running (self->build);
}

StCallTree *
st_call_tree_page_get_tree (StCallTreePage *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_PAGE (self), NULL);
  return self->bottom_up ? self->bottom_up_tree : self->top_down;
}

/* --- the properties ------------------------------------------------------- */

/* "profile", "region" or "selection": choosing "selection" takes the
 * timeline's selection anew, even when it was the scope already. */
static void
set_scope (StCallTreePage *self, const char *scope)
{
  if (g_strcmp0 (scope, "selection") == 0)
    {
      st_call_tree_page_take_selection (self);
      return;
    }
  if (scope == NULL || (!g_str_equal (scope, "profile") && !g_str_equal (scope, "region"))
      || g_str_equal (scope, self->scope))
    return;
  g_free (self->scope);
  self->scope = g_strdup (scope);
  request_build (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCOPE]);
}

static void
set_direction (StCallTreePage *self, const char *direction)
{
  gboolean bottom_up = g_strcmp0 (direction, "bottom-up") == 0;

  if (bottom_up == self->bottom_up)
    return;
  self->bottom_up = bottom_up;
  if (self->top_down != NULL)
    show_tree (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRECTION]);
}

/* Ctrl+B: top-down or bottom-up, whichever is not shown. */
static void
switch_direction_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (widget);

  set_direction (self, self->bottom_up ? "top-down" : "bottom-up");
}

static void
set_by_thread (StCallTreePage *self, gboolean by_thread)
{
  if (!by_thread == !self->by_thread)
    return;
  self->by_thread = !!by_thread;
  request_build (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_THREAD]);
}

static void
st_call_tree_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    case PROP_SCOPE: g_value_set_string (value, self->scope); break;
    case PROP_DIRECTION:
      g_value_set_string (value, self->bottom_up ? "bottom-up" : "top-down");
      break;
    case PROP_BY_THREAD: g_value_set_boolean (value, self->by_thread); break;
    case PROP_COMPUTING: g_value_set_boolean (value, st_job_is_running (self->build)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_call_tree_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION: st_call_tree_page_set_session (self, g_value_get_object (value)); break;
    case PROP_SCOPE: set_scope (self, g_value_get_string (value)); break;
    case PROP_DIRECTION: set_direction (self, g_value_get_string (value)); break;
    case PROP_BY_THREAD: set_by_thread (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* --- the object ----------------------------------------------------------- */

static void
st_call_tree_page_dispose (GObject *object)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (object);
  GtkWidget      *child;

  st_job_cancel (self->build);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->top_down);
  g_clear_object (&self->bottom_up_tree);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_CALL_TREE_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_call_tree_page_parent_class)->dispose (object);
}

static void
st_call_tree_page_finalize (GObject *object)
{
  StCallTreePage *self = ST_CALL_TREE_PAGE (object);

  g_free (self->scope);
  g_array_unref (self->selection_tracks);
  g_object_unref (self->build);
  G_OBJECT_CLASS (st_call_tree_page_parent_class)->finalize (object);
}

static void
install_keys (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_property_action (widget_class, "calltree.scope", "scope");
  gtk_widget_class_install_property_action (widget_class, "calltree.direction", "direction");
  gtk_widget_class_install_property_action (widget_class, "calltree.by-thread", "by-thread");
  gtk_widget_class_install_action (widget_class, "calltree.switch-direction", NULL,
                                   switch_direction_action);
  gtk_widget_class_install_action (widget_class, "calltree.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_CONTROL_MASK, "calltree.scope",
                                       "s", "profile");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_CONTROL_MASK, "calltree.scope",
                                       "s", "region");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_CONTROL_MASK, "calltree.scope",
                                       "s", "selection");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK,
                                       "calltree.switch-direction", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "calltree.by-thread", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "calltree.cancel", NULL);
}

static void
st_call_tree_page_class_init (StCallTreePageClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags     rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_call_tree_page_dispose;
  object_class->finalize = st_call_tree_page_finalize;
  object_class->get_property = st_call_tree_page_get_property;
  object_class->set_property = st_call_tree_page_set_property;
  widget_class->map = st_call_tree_page_map;

  properties[PROP_SESSION] = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION, rw);
  properties[PROP_SCOPE] = g_param_spec_string ("scope", NULL, NULL, "profile", rw);
  properties[PROP_DIRECTION] = g_param_spec_string ("direction", NULL, NULL, "top-down", rw);
  properties[PROP_BY_THREAD] = g_param_spec_boolean ("by-thread", NULL, NULL, FALSE, rw);
  properties[PROP_COMPUTING]
      = g_param_spec_boolean ("computing", NULL, NULL, FALSE,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_CALL_TREE_VIEW);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/calltree/st-call-tree-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StCallTreePage, scope_label);
  gtk_widget_class_bind_template_child (widget_class, StCallTreePage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, StCallTreePage, status_page);
  gtk_widget_class_bind_template_child (widget_class, StCallTreePage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, StCallTreePage, view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  install_keys (widget_class);
  install_node_actions (widget_class);
}

static void
st_call_tree_page_init (StCallTreePage *self)
{
  self->scope = g_strdup ("profile");
  self->selection_tracks = g_array_new (FALSE, FALSE, sizeof (guint));
  self->build = st_job_new (self);
  g_signal_connect_swapped (self->build, "progress", G_CALLBACK (show_progress), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::selected-region",
                                  G_CALLBACK (on_region_changed), self);
  g_signal_connect_swapped (self->view, "node-chosen", G_CALLBACK (select_instances), self);
  g_signal_connect_swapped (self->view, "node-activated", G_CALLBACK (on_node_activated), self);
  g_signal_connect_swapped (self->view, "changed", G_CALLBACK (update_actions), self);
  show_status (self, _ ("No Profile"), NULL);
  update_actions (self);
}
