/* st-summary-page-compute.c: the Summary page's computation on a thread:
 * the cards' numbers first, shown as soon as they are in, then the
 * operations tables. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-page-private.h"

#include "st-operations-section.h"

#include <glib/gi18n.h>

/* A computation that takes longer than a frame shows the spinner. */
#define SPINNER_DELAY_MS 16

/* Computing on a thread: the cards' numbers first, then, once they are
 * shown, the operations tables, the longest part of a first summary. */

typedef struct
{
  StTrace       *trace;
  StSummaryParts parts;
  guint          n;
  gint64         starts[ST_SESSION_MAX_COMPARE];
  gint64         ends[ST_SESSION_MAX_COMPARE];
} Job;

static void
job_free (Job *job)
{
  g_object_unref (job->trace);
  g_free (job);
}

static void
compute_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job                  *job = data;
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify)st_summary_free);

  for (guint i = 0; i < job->n; i++)
    {
      GError    *error = NULL;
      StSummary *summary = st_summary_compute_parts (job->trace, job->starts[i], job->ends[i],
                                                     job->parts, cancellable, &error);

      if (summary == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (results, summary);
    }
  g_task_return_pointer (task, g_steal_pointer (&results), (GDestroyNotify)g_ptr_array_unref);
}

static void
set_computing (StSummaryPage *self, gboolean computing)
{
  self->computing = computing;
  g_clear_handle_id (&self->spinner_id, g_source_remove);
  if (!computing)
    {
      gtk_spinner_stop (self->spinner);
      gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
    }
}

static gboolean
show_spinner (gpointer data)
{
  StSummaryPage *self = data;

  self->spinner_id = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  return G_SOURCE_REMOVE;
}

/* The summaries of a task, or NULL when it was replaced by a newer
 * computation, cancelled or failed (the error then said). */
static GPtrArray *
finish_task (StSummaryPage *self, GAsyncResult *result)
{
  g_autoptr (GError) error = NULL;
  GPtrArray         *summaries = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char   *text = NULL;

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_pointer (&summaries, g_ptr_array_unref);
      return NULL; /* replaced by a newer computation */
    }
  if (summaries != NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
      return summaries;
    }
  set_computing (self, FALSE);
  g_clear_object (&self->cancellable);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return NULL;
  text = g_strdup_printf (_ ("Could not summarise this range: %s"), error->message);
  gtk_label_set_text (self->error_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
  return NULL;
}

static void
on_operations_computed (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StSummaryPage) self = user_data;
  g_autoptr (GPtrArray)     tables = finish_task (self, result);

  if (tables == NULL)
    return;
  set_computing (self, FALSE);
  g_clear_object (&self->cancellable);
  for (guint i = 0; i < tables->len && i < self->summaries->len; i++)
    st_summary_take_operations (g_ptr_array_index (self->summaries, i),
                                g_ptr_array_index (tables, i));
  /* a profile without device events opens on its host ops */
  if (self->operations_auto)
    st_summary_page_set_operations (self,
                                    st_summary_get_operations (st_summary_page_first_summary (self),
                                                               ST_OPERATIONS_KERNELS, FALSE)
                                                ->len
                                            > 0
                                        ? "kernels"
                                        : "host");
  st_summary_section_show (ST_SUMMARY_SECTION (self->operations_section), self->trace,
                           (StSummary *const *)self->summaries->pdata,
                           (const char *const *)self->titles->pdata, self->summaries->len);
}

static void start_task (StSummaryPage *self, StSummaryParts parts, GAsyncReadyCallback done);

static void
on_computed (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StSummaryPage) self = user_data;
  GPtrArray                *summaries = finish_task (self, result);

  if (summaries == NULL)
    return;
  g_ptr_array_unref (self->summaries);
  self->summaries = summaries;
  self->numbers = TRUE;
  st_summary_page_show_summaries (self);
  /* Compare shows no operations table */
  if (self->compare && self->summaries->len > 1)
    {
      set_computing (self, FALSE);
      g_clear_object (&self->cancellable);
      return;
    }
  start_task (self, ST_SUMMARY_OPERATIONS, on_operations_computed);
}

void
st_summary_page_cancel_compute (StSummaryPage *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_computing (self, FALSE);
}

static void
add_range (Job *job, StRegion *region, StTrace *trace)
{
  job->starts[job->n] = region ? st_region_get_start (region) : 0;
  job->ends[job->n] = region ? st_region_get_end (region) : st_trace_get_end_ns (trace);
  job->n++;
}

/* Computes @parts of the summaries of the page's ranges (the region, or
 * the picked ones in Compare) on a thread, under the page's cancellable. */
static void
start_task (StSummaryPage *self, StSummaryParts parts, GAsyncReadyCallback done)
{
  g_autoptr (GTask) task = NULL;
  Job              *job = g_new0 (Job, 1);

  job->trace = g_object_ref (self->trace);
  job->parts = parts;
  if (self->compare)
    {
      GPtrArray *picked = st_session_get_compare_regions (self->session);

      for (guint i = 0; i < picked->len; i++)
        add_range (job, g_ptr_array_index (picked, i), self->trace);
    }
  else
    add_range (job, self->region, self->trace);
  task = g_task_new (NULL, self->cancellable, done, g_object_ref (self));
  g_task_set_source_tag (task, start_task);
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, compute_thread);
}

static void
set_titles (StSummaryPage *self)
{
  g_ptr_array_set_size (self->titles, 0);
  if (self->compare)
    {
      GPtrArray *picked = st_session_get_compare_regions (self->session);

      for (guint i = 0; i < picked->len; i++)
        g_ptr_array_add (self->titles,
                         g_strdup (st_region_get_name (g_ptr_array_index (picked, i))));
    }
  else
    g_ptr_array_add (self->titles, g_strdup (self->region ? st_region_get_name (self->region)
                                                          : _ ("Whole profile")));
}

/* Computes what the page shows (the region, or the picked ones in Compare)
 * on a thread, cancelling what was under way. */
void
st_summary_page_request_compute (StSummaryPage *self)
{
  st_summary_page_cancel_compute (self);
  self->numbers = FALSE;
  /* with nothing computed yet the cards would say that there is nothing
   * ("No collective operations in this range"): they wait, hidden, behind
   * the spinner */
  gtk_widget_set_visible (GTK_WIDGET (self->content_stack), self->summaries->len > 0);
  if (self->trace == NULL)
    return;
  set_titles (self);
  self->cancellable = g_cancellable_new ();
  self->computing = TRUE;
  self->spinner_id = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
  start_task (self, ST_SUMMARY_CARDS, on_computed);
}
