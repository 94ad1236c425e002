/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-find-bar.h"

#include "st-format.h"
#include "st-job.h"
#include "st-trace-search.h"

#include <glib/gi18n.h>

struct _StFindBar
{
  GtkWidget parent_instance;

  StSession    *session; /* the timeline last focused */
  GSignalGroup *session_signals;
  StJob        *find;
  StSession    *find_session; /* the session the find under way is in */

  GtkSearchBar   *search_bar;
  GtkSearchEntry *search_entry;
  GtkCheckButton *args_check;
  GtkLabel       *count_label;
};

G_DEFINE_FINAL_TYPE (StFindBar, st_find_bar, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SEARCH_MODE_ENABLED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  STOPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Each session keeps what its results were found for: the text in the
 * bar and whether in args too. */
static GQuark
found_for_quark (void)
{
  return g_quark_from_static_string ("st-find-bar-found-for");
}

static char *
find_key (StFindBar *self)
{
  return g_strdup_printf ("%d%s", gtk_check_button_get_active (self->args_check),
                          gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

/* The count of the timeline last focused: each keeps its own. */
static void
update_count (StFindBar *self)
{
  GArray          *found = self->session ? st_session_get_find_results (self->session) : NULL;
  gint             current = self->session ? st_session_get_find_current (self->session) : -1;
  g_autofree char *n = NULL, *at = NULL, *text = NULL;

  if (found == NULL)
    {
      gtk_label_set_text (self->count_label, "");
      return;
    }
  if (found->len == 0)
    {
      gtk_label_set_text (self->count_label, _ ("No results"));
      return;
    }
  n = st_format_count (found->len);
  at = st_format_count (current + 1);
  /* Translators: the result shown, of how many; "12 of 3 051" */
  text = g_strdup_printf (_ ("%s of %s"), at, n);
  gtk_label_set_text (self->count_label, text);
}

/* What the find thread looks for. */
typedef struct
{
  StTrace    *trace;
  char       *pattern;
  StFindFlags flags;
} FindJob;

static void
find_job_free (gpointer data)
{
  FindJob *job = data;

  g_object_unref (job->trace);
  g_free (job->pattern);
  g_free (job);
}

static gpointer
find_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  FindJob *job = data;

  return st_trace_find (job->trace, job->pattern, job->flags, cancellable, st_job_report, run,
                        error);
}

static void
show_progress (StFindBar *self)
{
  g_autofree char *text
      = g_strdup_printf (_ ("Searching… %d %%"), (int)(st_job_get_fraction (self->find) * 100));

  gtk_label_set_text (self->count_label, text);
}

/* The results, for the session the find ran in: the timeline focused
 * when it began. */
static void
on_found (gpointer owner, gpointer result, const GError *error)
{
  StFindBar         *self = owner;
  g_autoptr (GArray) found = result;

  if (found == NULL)
    {
      gtk_label_set_text (self->count_label, error->message);
      return;
    }
  st_session_set_find_results (self->find_session, found);
  update_count (self);
}

/* Finds the text in the bar in the whole trace of the timeline last
 * focused, on a thread. */
static void
refind (StFindBar *self)
{
  const char *pattern = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  FindJob    *job;

  if (self->session == NULL)
    return;
  st_job_cancel (self->find);
  g_object_set_qdata_full (G_OBJECT (self->session), found_for_quark (), find_key (self), g_free);
  if (*pattern == '\0')
    {
      st_session_set_find_results (self->session, NULL);
      return;
    }
  job = g_new0 (FindJob, 1);
  job->trace = g_object_ref (st_session_get_trace (self->session));
  job->pattern = g_strdup (pattern);
  job->flags = gtk_check_button_get_active (self->args_check) ? ST_FIND_ARGS : ST_FIND_NAMES;
  g_set_object (&self->find_session, self->session);
  gtk_label_set_text (self->count_label, _ ("Searching…"));
  st_job_start (self->find, find_thread, job, find_job_free, on_found,
                (GDestroyNotify)g_array_unref);
}

void
st_find_bar_step (StFindBar *self, int direction)
{
  g_autofree char *key = NULL;

  g_return_if_fail (ST_IS_FIND_BAR (self));
  if (self->session == NULL)
    return;
  key = find_key (self);
  if (g_strcmp0 (key, g_object_get_qdata (G_OBJECT (self->session), found_for_quark ())) != 0)
    refind (self);
  else
    st_session_find_step (self->session, direction);
}

static void
step_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  st_find_bar_step (ST_FIND_BAR (widget), g_str_equal (name, "find.next") ? 1 : -1);
}

void
st_find_bar_start (StFindBar *self)
{
  g_return_if_fail (ST_IS_FIND_BAR (self));
  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
}

void
st_find_bar_set_session (StFindBar *self, StSession *session)
{
  g_return_if_fail (ST_IS_FIND_BAR (self));
  if (g_set_object (&self->session, session))
    g_signal_group_set_target (self->session_signals, session);
  update_count (self);
}

void
st_find_bar_clear (StFindBar *self)
{
  g_return_if_fail (ST_IS_FIND_BAR (self));
  st_job_cancel (self->find);
  g_clear_object (&self->find_session);
  st_find_bar_set_session (self, NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_label_set_text (self->count_label, "");
}

const char *
st_find_bar_get_text (StFindBar *self)
{
  g_return_val_if_fail (ST_IS_FIND_BAR (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
}

/* Shift+Enter in the entry: the previous result. */
static gboolean
on_entry_key (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              StFindBar             *self)
{
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) && (state & GDK_SHIFT_MASK))
    {
      st_find_bar_step (self, -1);
      return TRUE;
    }
  return FALSE;
}

static void
on_entry_activate (StFindBar *self)
{
  st_find_bar_step (self, 1);
}

/* Escape: a find under way stops; the timeline it was in takes the focus
 * back ("stopped"). */
static void
on_stop_search (StFindBar *self)
{
  if (st_job_is_running (self->find))
    {
      st_job_cancel (self->find);
      gtk_label_set_text (self->count_label, _ ("Stopped"));
    }
  g_signal_emit (self, signals[STOPPED], 0);
}

static void
st_find_bar_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StFindBar *self = ST_FIND_BAR (object);

  switch (prop_id)
    {
    case PROP_SEARCH_MODE_ENABLED:
      g_value_set_boolean (value, gtk_search_bar_get_search_mode (self->search_bar));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_find_bar_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StFindBar *self = ST_FIND_BAR (object);

  switch (prop_id)
    {
    case PROP_SEARCH_MODE_ENABLED:
      gtk_search_bar_set_search_mode (self->search_bar, g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
on_search_mode (StFindBar *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_MODE_ENABLED]);
}

static void
st_find_bar_dispose (GObject *object)
{
  StFindBar *self = ST_FIND_BAR (object);
  GtkWidget *child;

  st_job_cancel (self->find);
  g_clear_object (&self->find_session);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_FIND_BAR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_find_bar_parent_class)->dispose (object);
}

static void
st_find_bar_finalize (GObject *object)
{
  g_object_unref (ST_FIND_BAR (object)->find);
  G_OBJECT_CLASS (st_find_bar_parent_class)->finalize (object);
}

static void
st_find_bar_class_init (StFindBarClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_find_bar_dispose;
  object_class->finalize = st_find_bar_finalize;
  object_class->get_property = st_find_bar_get_property;
  object_class->set_property = st_find_bar_set_property;

  /* the bar shown, as a toggle of the toolbar sets it */
  properties[PROP_SEARCH_MODE_ENABLED]
      = g_param_spec_boolean ("search-mode-enabled", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* Escape in the bar: the timeline it found in takes the focus */
  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/timeline/st-find-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, StFindBar, search_bar);
  gtk_widget_class_bind_template_child (widget_class, StFindBar, search_entry);
  gtk_widget_class_bind_template_child (widget_class, StFindBar, args_check);
  gtk_widget_class_bind_template_child (widget_class, StFindBar, count_label);
  gtk_widget_class_install_action (widget_class, "find.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "find.previous", NULL, step_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
st_find_bar_init (StFindBar *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->find = st_job_new (self);
  g_signal_connect_swapped (self->find, "progress", G_CALLBACK (show_progress), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::find-current",
                                 G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  g_signal_connect_swapped (self->search_bar, "notify::search-mode-enabled",
                            G_CALLBACK (on_search_mode), self);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (refind), self);
  g_signal_connect_swapped (self->args_check, "toggled", G_CALLBACK (refind), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (on_entry_activate), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (on_stop_search), self);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_entry_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
}

GtkWidget *
st_find_bar_new (void)
{
  return g_object_new (ST_TYPE_FIND_BAR, NULL);
}
