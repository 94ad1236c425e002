#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-trends-section.h"

#include "st-format.h"
#include "st-region-trends.h"
#include "st-trends-chart.h"

#include <glib/gi18n.h>

/* How often the spinner's label tells how far the computation is; a
 * computation shorter than that shows no spinner. */
#define TICK_MS 100

struct _StTrendsSection
{
  GtkWidget parent_instance;

  StSession     *session;
  GSignalGroup  *session_signals;
  GSignalGroup  *region_signals;
  GCancellable  *cancellable;
  struct Job    *job; /* the computation under way, for its progress */
  guint          tick_id;
  gboolean       has_method;
  StRegionMethod method; /* of the trends shown or computed */
  guint          n_regions;

  StTrendsChart *chart;
  GtkSpinner    *spinner;
  GtkLabel      *status_label;
};

G_DEFINE_FINAL_TYPE (StTrendsSection, st_trends_section, GTK_TYPE_WIDGET)

enum
{
  REGION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the thread computes, shared with the section for its progress. */
typedef struct Job
{
  StTrace        *trace;
  StRegionTrends *trends;
  gint            done; /* atomic */
} Job;

static void
job_clear (Job *job)
{
  g_object_unref (job->trace);
  g_clear_pointer (&job->trends, st_region_trends_free);
}

static void
job_unref (Job *job)
{
  g_atomic_rc_box_release_full (job, (GDestroyNotify)job_clear);
}

static void
on_progress (guint done, guint total, gpointer data)
{
  Job *job = data;

  g_atomic_int_set (&job->done, done);
}

static void
compute_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job    *job = data;
  GError *error = NULL;

  if (!st_region_trends_compute (job->trends, job->trace, on_progress, job, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&job->trends),
                         (GDestroyNotify)st_region_trends_free);
}

/* "24 regions · Hierarchy", and how many are outliers somewhere. */
static void
update_status (StTrendsSection *self, StRegionTrends *trends)
{
  g_autofree char *text = NULL;
  guint            outliers = 0;

  for (guint i = 0; trends != NULL && i < st_region_trends_get_n_points (trends); i++)
    for (StTrendSeries s = 0; s < ST_N_TRENDS; s++)
      if (st_region_trends_is_outlier (trends, s, i))
        {
          outliers++;
          break;
        }
  if (trends != NULL)
    /* Translators: the number of regions, their method, and how many of them are outliers */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u regions · %s · %u outlier",
                                         "%u regions · %s · %u outliers", outliers),
                            self->n_regions, st_region_method_get_label (self->method), outliers);
  else
    /* Translators: the number of regions and their method */
    text = g_strdup_printf (_ ("%u regions · %s"), self->n_regions,
                            st_region_method_get_label (self->method));
  gtk_label_set_text (self->status_label, text);
}

static gboolean
on_tick (gpointer data)
{
  StTrendsSection *self = data;
  g_autofree char *done = st_format_count (g_atomic_int_get (&self->job->done));
  g_autofree char *total = st_format_count (self->n_regions);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  /* Translators: how many regions of how many the trends have summarised so far */
  text = g_strdup_printf (_ ("Computing the trends: %s of %s regions"), done, total);
  gtk_label_set_text (self->status_label, text);
  return G_SOURCE_CONTINUE;
}

static void
stop_computing (StTrendsSection *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->job, job_unref);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}

static void
on_computed (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StTrendsSection) self = user_data;
  g_autoptr (GError)          error = NULL;
  StRegionTrends             *trends = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      /* replaced by a newer computation */
      g_clear_pointer (&trends, st_region_trends_free);
      return;
    }
  stop_computing (self);
  if (trends == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  update_status (self, trends);
  st_trends_chart_set_trends (self->chart, trends);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trends.show-timeline",
                                 st_session_get_selected_region (self->session) != NULL);
}

/* The method of the selected region when it has two regions or more, else
 * the method with the most regions; FALSE when none has two. */
static gboolean
choose_method (StTrendsSection *self, StRegionMethod *method, guint *n_regions)
{
  StRegionArray *regions = st_region_set_get_array (st_session_get_regions (self->session));
  StRegion      *selected = st_session_get_selected_region (self->session);
  guint          counts[ST_N_REGION_METHODS] = { 0 };
  guint          best = 0;

  for (guint i = 0; i < st_region_array_get_length (regions); i++)
    counts[st_region_array_get_method (regions, i)]++;
  for (guint m = 1; m < ST_N_REGION_METHODS; m++)
    if (counts[m] > counts[best])
      best = m;
  if (selected != NULL && counts[st_region_get_method (selected)] >= 2)
    best = st_region_get_method (selected);
  *method = best;
  *n_regions = counts[best];
  return counts[best] >= 2;
}

/* Computes the trends of the regions as they are now on a thread,
 * cancelling what was under way; hides the card without two regions. */
static void
recompute (StTrendsSection *self)
{
  g_autoptr (GTask) task = NULL;
  StRegionMethod    method;
  Job              *job;

  stop_computing (self);
  st_trends_chart_set_trends (self->chart, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trends.show-timeline", FALSE);
  self->has_method = self->session != NULL && choose_method (self, &method, &self->n_regions);
  gtk_widget_set_visible (GTK_WIDGET (self), self->has_method);
  if (!self->has_method)
    return;
  self->method = method;
  update_status (self, NULL);
  job = g_atomic_rc_box_new0 (Job);
  job->trace = g_object_ref (st_session_get_trace (self->session));
  job->trends = st_region_trends_new (
      st_region_set_get_array (st_session_get_regions (self->session)), method);
  self->job = g_atomic_rc_box_acquire (job);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, on_computed, g_object_ref (self));
  g_task_set_source_tag (task, recompute);
  g_task_set_task_data (task, job, (GDestroyNotify)job_unref);
  self->tick_id = g_timeout_add (TICK_MS, on_tick, self);
  g_task_run_in_thread (task, compute_thread);
}

/* Another method's region selected: that method's trends. */
static void
on_selected_region (StTrendsSection *self)
{
  StRegionMethod method;
  guint          n;

  if (self->session == NULL)
    return;
  if (!self->has_method || !choose_method (self, &method, &n) || method != self->method)
    {
      recompute (self);
      return;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trends.show-timeline",
                                 self->cancellable == NULL
                                     && st_session_get_selected_region (self->session) != NULL);
}

static void
on_region_activated (StTrendsChart *chart, StRegion *region, StTrendsSection *self)
{
  g_signal_emit (self, signals[REGION_ACTIVATED], 0, region);
}

void
st_trends_section_set_session (StTrendsSection *self, StSession *session)
{
  g_return_if_fail (ST_IS_TRENDS_SECTION (self));

  if (self->session == session)
    return;
  stop_computing (self);
  g_set_object (&self->session, session);
  st_trends_chart_set_session (self->chart, session);
  g_signal_group_set_target (self->session_signals, session);
  g_signal_group_set_target (self->region_signals,
                             session ? st_session_get_regions (session) : NULL);
  self->has_method = FALSE;
  recompute (self);
}

/* The selected region, or the one the chart's keyboard is on, on the
 * timeline. */
static void
show_timeline_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StTrendsSection *self = ST_TRENDS_SECTION (widget);

  gtk_widget_activate_action (GTK_WIDGET (self->chart), "trends.reveal", NULL);
}

static void
st_trends_section_dispose (GObject *object)
{
  StTrendsSection *self = ST_TRENDS_SECTION (object);
  GtkWidget       *child;

  stop_computing (self);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->region_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_TRENDS_SECTION);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_trends_section_parent_class)->dispose (object);
}

static void
st_trends_section_class_init (StTrendsSectionClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_trends_section_dispose;

  /* A point's region was chosen: the page summarises it. */
  signals[REGION_ACTIVATED]
      = g_signal_new ("region-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, ST_TYPE_REGION);

  g_type_ensure (ST_TYPE_TRENDS_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-trends-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StTrendsSection, chart);
  gtk_widget_class_bind_template_child (widget_class, StTrendsSection, spinner);
  gtk_widget_class_bind_template_child (widget_class, StTrendsSection, status_label);
  gtk_widget_class_bind_template_callback (widget_class, on_region_activated);
  gtk_widget_class_install_action (widget_class, "trends.show-timeline", NULL,
                                   show_timeline_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
st_trends_section_init (StTrendsSection *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::selected-region",
                                 G_CALLBACK (on_selected_region), self, G_CONNECT_SWAPPED);
  self->region_signals = g_signal_group_new (ST_TYPE_REGION_SET);
  g_signal_group_connect_object (self->region_signals, "items-changed", G_CALLBACK (recompute),
                                 self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trends.show-timeline", FALSE);
}
