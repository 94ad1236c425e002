/* "Compare with…": a second profile loaded, on a thread, as the baseline
 * of the one shown (st-baseline.h). Its progress shows in a bar above the
 * pages with a Cancel button; an error says which file and where, and
 * leaves the profile as it was. Once loaded, both profiles' steps are
 * found on a thread, for lining up their timelines. "Stop Comparing"
 * closes the baseline. Nothing is written: the baseline is only read. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-baseline.h"
#include "st-profile-steps.h"
#include "st-window-private.h"

#include <glib/gi18n.h>

static StSession *
current_session (StWindow *self)
{
  return st_timeline_page_get_session (self->timeline_page);
}

static void
forget_baseline_load (StWindow *self)
{
  if (self->baseline_cancellable != NULL)
    g_cancellable_cancel (self->baseline_cancellable);
  g_clear_object (&self->baseline_cancellable);
  g_clear_object (&self->baseline_loader);
  gtk_revealer_set_reveal_child (self->baseline_bar, FALSE);
  st_window_update_actions (self);
}

static void
show_baseline_error (StWindow *self, GFile *file, const GError *error)
{
  g_autofree char  *name = g_file_get_basename (file);
  g_autofree char  *heading = g_strdup_printf (_ ("Could Not Open “%s”"), name);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, error->message));
  adw_message_dialog_add_response (dialog, "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The steps of the base and the current profile, found on a thread. */
typedef struct
{
  StTrace *traces[2];
  GArray  *steps[2];
} StepsJob;

static void
steps_job_free (gpointer data)
{
  StepsJob *job = data;

  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&job->traces[i]);
      g_clear_pointer (&job->steps[i], g_array_unref);
    }
  g_free (job);
}

static void
steps_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StepsJob *job = data;

  for (guint i = 0; i < 2; i++)
    if ((job->steps[i] = st_profile_steps_find (job->traces[i], 0, 0, cancellable)) == NULL)
      {
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
        return;
      }
  g_task_return_boolean (task, TRUE);
}

static void
on_steps_found (GObject *source, GAsyncResult *result, gpointer user_data)
{
  StepsJob *job = g_task_get_task_data (G_TASK (result));

  if (g_task_propagate_boolean (G_TASK (result), NULL))
    st_baseline_set_steps (ST_BASELINE (source), job->steps[0], job->steps[1]);
}

static void
stop_finding_steps (StWindow *self)
{
  if (self->steps_cancellable != NULL)
    g_cancellable_cancel (self->steps_cancellable);
  g_clear_object (&self->steps_cancellable);
}

static void
find_steps (StWindow *self, StBaseline *baseline)
{
  g_autoptr (GTask) task = NULL;
  StepsJob         *job = g_new0 (StepsJob, 1);

  stop_finding_steps (self);
  self->steps_cancellable = g_cancellable_new ();
  job->traces[0] = g_object_ref (st_session_get_trace (st_baseline_get_session (baseline)));
  job->traces[1] = g_object_ref (st_session_get_trace (current_session (self)));
  task = g_task_new (baseline, self->steps_cancellable, on_steps_found, NULL);
  g_task_set_task_data (task, job, steps_job_free);
  g_task_run_in_thread (task, steps_thread);
}

static void
on_baseline_loaded (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StWindow)   self = user_data;
  g_autoptr (GError)     error = NULL;
  g_autoptr (StTrace)    trace = NULL;
  g_autoptr (StBaseline) baseline = NULL;
  GFile                 *file = st_trace_loader_get_file (ST_TRACE_LOADER (object));

  trace = st_trace_loader_load_finish (ST_TRACE_LOADER (object), result, &error);
  if (self->baseline_loader != ST_TRACE_LOADER (object))
    return; /* a load that was replaced or cancelled */
  g_object_ref (file);
  forget_baseline_load (self);
  if (trace == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_baseline_error (self, file, error);
      g_object_unref (file);
      return;
    }
  baseline = st_baseline_new (current_session (self), trace, file);
  st_session_set_baseline (current_session (self), baseline);
  find_steps (self, baseline);
  g_object_unref (file);
  /* the comparison is what the person asked for */
  adw_view_stack_set_visible_child_name (self->view_stack, "compare");
  gtk_widget_grab_focus (GTK_WIDGET (self->comparison_page));
}

static void
on_baseline_progress (StTraceLoader *loader, GParamSpec *pspec, StWindow *self)
{
  double           fraction = st_trace_loader_get_fraction (loader);
  g_autofree char *text = g_strdup_printf ("%.0f %%", fraction * 100);

  gtk_progress_bar_set_fraction (self->baseline_progress, fraction);
  gtk_progress_bar_set_text (self->baseline_progress, text);
}

/* Loads @file as the baseline of the profile shown; while the profile is
 * still loading, once it has loaded. */
void
st_window_compare_with (StWindow *self, GFile *file)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (ST_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->trace == NULL)
    {
      g_set_object (&self->pending_baseline, file);
      return;
    }
  forget_baseline_load (self);
  name = g_file_get_basename (file);
  title = g_strdup_printf (_ ("Loading the baseline “%s”…"), name);
  gtk_label_set_label (self->baseline_label, title);
  gtk_progress_bar_set_fraction (self->baseline_progress, 0);
  gtk_progress_bar_set_text (self->baseline_progress, "0 %");
  gtk_revealer_set_reveal_child (self->baseline_bar, TRUE);
  self->baseline_cancellable = g_cancellable_new ();
  self->baseline_loader = st_trace_loader_new (file);
  st_trace_loader_set_display_name (self->baseline_loader, name);
  g_signal_connect_object (self->baseline_loader, "notify::fraction",
                           G_CALLBACK (on_baseline_progress), self, 0);
  st_trace_loader_load_async (self->baseline_loader, self->baseline_cancellable, on_baseline_loaded,
                              g_object_ref (self));
  st_window_update_actions (self);
}

/* The profile has loaded: the baseline asked for meanwhile loads now. */
void
st_window_start_pending_baseline (StWindow *self)
{
  g_autoptr (GFile) file = g_steal_pointer (&self->pending_baseline);

  if (file != NULL && self->trace != NULL)
    st_window_compare_with (self, file);
}

/* Whether a baseline is open or loading: "Stop Comparing" has something
 * to do. */
gboolean
st_window_is_comparing (StWindow *self)
{
  StSession *session = current_session (self);

  return self->baseline_loader != NULL
         || (self->trace != NULL && session != NULL && st_session_get_baseline (session) != NULL);
}

/* Stops the baseline's load, or closes the baseline. */
void
st_window_stop_comparing (StWindow *self)
{
  StSession *session = current_session (self);

  g_clear_object (&self->pending_baseline);
  forget_baseline_load (self);
  stop_finding_steps (self);
  if (session != NULL)
    st_session_set_baseline (session, NULL);
  st_window_update_actions (self);
}

/* The Compare page shows while a baseline is open. */
static void
on_baseline_changed (StWindow *self)
{
  StSession *session = current_session (self);

  adw_view_stack_page_set_visible (self->compare_stack_page,
                                   session != NULL && st_session_get_baseline (session) != NULL);
  st_window_update_actions (self);
}

void
st_window_init_baseline (StWindow *self)
{
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::baseline",
                                 G_CALLBACK (on_baseline_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session_signals, "bind", G_CALLBACK (on_baseline_changed), self,
                           G_CONNECT_SWAPPED);
}

/* The end of the window: a load under way stops. */
void
st_window_dispose_baseline (StWindow *self)
{
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  if (self->baseline_cancellable != NULL)
    g_cancellable_cancel (self->baseline_cancellable);
  g_clear_object (&self->baseline_cancellable);
  g_clear_object (&self->baseline_loader);
  g_clear_object (&self->pending_baseline);
  stop_finding_steps (self);
}
