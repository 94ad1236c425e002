/* st-summary-page-compute.c: the Summary page's computation on a thread
 * (st-summary-ranges.h): the cards' numbers first, shown as soon as they
 * are in, then the operations tables and, comparing regions, the
 * operations between them. */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-page-private.h"

#include "st-operations-section.h"
#include "st-region-diff-section.h"
#include "st-summary-ranges.h"

#include <glib/gi18n.h>

/* A computation that takes longer than a frame shows the spinner. */
#define SPINNER_DELAY_MS 16

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

/* The summaries and diffs of a task; FALSE when it was replaced by a
 * newer computation, cancelled or failed (the error then said). */
static gboolean
finish_task (StSummaryPage *self,
             GAsyncResult  *result,
             GPtrArray    **summaries,
             GPtrArray    **diagnoses,
             GPtrArray    **diffs)
{
  g_autoptr (GError) error = NULL;
  gboolean done = st_summary_ranges_compute_finish (result, summaries, diagnoses, diffs, &error);
  g_autofree char *text = NULL;

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return FALSE; /* replaced by a newer computation */
  if (done)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
      return TRUE;
    }
  set_computing (self, FALSE);
  g_clear_object (&self->cancellable);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return FALSE;
  text = g_strdup_printf (_ ("Could not summarise this range: %s"), error->message);
  gtk_label_set_text (self->error_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
  return FALSE;
}

static void
on_operations_computed (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StSummaryPage) self = user_data;
  g_autoptr (GPtrArray)     tables = NULL;
  g_autoptr (GPtrArray)     diagnoses = NULL;
  g_autoptr (GPtrArray)     diffs = NULL;

  if (!finish_task (self, result, &tables, &diagnoses, &diffs))
    return;
  set_computing (self, FALSE);
  g_clear_object (&self->cancellable);
  for (guint i = 0; i < tables->len && i < self->summaries->len; i++)
    st_summary_take_operations (g_ptr_array_index (self->summaries, i),
                                g_ptr_array_index (tables, i));
  g_ptr_array_unref (self->diffs);
  self->diffs = g_steal_pointer (&diffs);
  /* a profile without device events opens on its host ops */
  if (self->operations_auto)
    st_summary_page_set_operations (self,
                                    st_summary_get_operations (st_summary_page_first_summary (self),
                                                               ST_OPERATIONS_KERNELS, FALSE)
                                                ->len
                                            > 0
                                        ? "kernels"
                                        : "host");
  if (self->compare && self->summaries->len > 1)
    st_region_diff_section_set_diffs (self->region_diff_section, self->diffs);
  else
    st_summary_section_show (ST_SUMMARY_SECTION (self->operations_section), self->trace,
                             (StSummary *const *)self->summaries->pdata,
                             (const char *const *)self->titles->pdata, self->summaries->len);
}

/* The operations tables of the ranges of the summaries shown, and in
 * Compare the operations between them, on the page's cancellable. */
static void
start_operations (StSummaryPage *self)
{
  StSummaryRanges *ranges
      = st_summary_ranges_new (self->trace, ST_SUMMARY_OPERATIONS, self->compare);

  for (guint i = 0; i < self->summaries->len; i++)
    {
      gint64 start, end;

      st_summary_get_range (g_ptr_array_index (self->summaries, i), &start, &end);
      st_summary_ranges_add (ranges, start, end);
    }
  st_summary_ranges_compute_async (ranges, self->cancellable, on_operations_computed,
                                   g_object_ref (self));
}

static void
on_computed (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StSummaryPage) self = user_data;
  g_autoptr (GPtrArray)     summaries = NULL;
  g_autoptr (GPtrArray)     diagnoses = NULL;
  g_autoptr (GPtrArray)     diffs = NULL;

  if (!finish_task (self, result, &summaries, &diagnoses, &diffs))
    return;
  g_ptr_array_unref (self->summaries);
  self->summaries = g_steal_pointer (&summaries);
  g_ptr_array_unref (self->diagnoses);
  self->diagnoses = g_steal_pointer (&diagnoses);
  /* the diffs come with the operations tables */
  g_ptr_array_set_size (self->diffs, 0);
  self->numbers = TRUE;
  st_summary_page_show_summaries (self);
  start_operations (self);
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
add_range (StSummaryRanges *ranges, GPtrArray *titles, StRegion *region, StTrace *trace)
{
  st_summary_ranges_add (ranges, region ? st_region_get_start (region) : 0,
                         region ? st_region_get_end (region) : st_trace_get_end_ns (trace));
  g_ptr_array_add (titles, g_strdup (region ? st_region_get_name (region) : _ ("Whole profile")));
}

/* Computes what the page shows (the region, or the picked ones in Compare)
 * on a thread, cancelling what was under way: the cards' numbers, then
 * (start_operations) the operations tables. */
void
st_summary_page_request_compute (StSummaryPage *self)
{
  StSummaryRanges *ranges;

  st_summary_page_cancel_compute (self);
  self->numbers = FALSE;
  /* with nothing computed yet the cards would say that there is nothing
   * ("No collective operations in this range"): they wait, hidden, behind
   * the spinner */
  gtk_widget_set_visible (GTK_WIDGET (self->content_stack), self->summaries->len > 0);
  if (self->trace == NULL)
    return;
  ranges = st_summary_ranges_new (self->trace, ST_SUMMARY_CARDS, FALSE);
  g_ptr_array_set_size (self->titles, 0);
  if (self->compare)
    {
      GPtrArray *picked = st_session_get_compare_regions (self->session);

      for (guint i = 0; i < picked->len; i++)
        add_range (ranges, self->titles, g_ptr_array_index (picked, i), self->trace);
    }
  else
    add_range (ranges, self->titles, self->region, self->trace);
  self->cancellable = g_cancellable_new ();
  self->computing = TRUE;
  self->spinner_id = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
  st_summary_ranges_compute_async (ranges, self->cancellable, on_computed, g_object_ref (self));
}
