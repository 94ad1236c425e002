/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-trends-section.h"

#include "st-format.h"
#include "st-job.h"
#include "st-region-trends.h"
#include "st-trends-chart.h"

#include <glib/gi18n.h>

struct _StTrendsSection
{
  GtkWidget parent_instance;

  StSession     *session;
  GSignalGroup  *session_signals;
  GSignalGroup  *region_signals;
  StJob         *job; /* computing the trends */
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

/* What the thread computes. */
typedef struct
{
  StTrace        *trace;
  StRegionTrends *trends;
} Job;

static void
job_free (Job *job)
{
  g_object_unref (job->trace);
  g_clear_pointer (&job->trends, st_region_trends_free);
  g_free (job);
}

static void
on_progress (guint done, guint total, gpointer run)
{
  st_job_report (total > 0 ? (double)done / total : 0, run);
}

static gpointer
compute_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Job *job = data;

  if (!st_region_trends_compute (job->trends, job->trace, on_progress, run, cancellable, error))
    return NULL;
  return g_steal_pointer (&job->trends);
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

/* The computation has run for a while: the spinner, and how far it got
 * (a computation shorter than that shows none). */
static void
on_progress_tick (StTrendsSection *self)
{
  guint            n = (guint)(st_job_get_fraction (self->job) * self->n_regions + 0.5);
  g_autofree char *done = st_format_count (n);
  g_autofree char *total = st_format_count (self->n_regions);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  /* Translators: how many regions of how many the trends have summarised so far */
  text = g_strdup_printf (_ ("Computing the trends: %s of %s regions"), done, total);
  gtk_label_set_text (self->status_label, text);
}

static void
stop_computing (StTrendsSection *self)
{
  st_job_cancel (self->job);
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}

static void
on_computed (gpointer owner, gpointer result, const GError *error)
{
  StTrendsSection *self = owner;
  StRegionTrends  *trends = result;

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
  StRegionMethod method;
  Job           *job;

  stop_computing (self);
  st_trends_chart_set_trends (self->chart, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trends.show-timeline", FALSE);
  self->has_method = self->session != NULL && choose_method (self, &method, &self->n_regions);
  gtk_widget_set_visible (GTK_WIDGET (self), self->has_method);
  if (!self->has_method)
    return;
  self->method = method;
  update_status (self, NULL);
  job = g_new0 (Job, 1);
  job->trace = g_object_ref (st_session_get_trace (self->session));
  job->trends = st_region_trends_new (
      st_region_set_get_array (st_session_get_regions (self->session)), method);
  st_job_start (self->job, compute_thread, job, (GDestroyNotify)job_free, on_computed,
                (GDestroyNotify)st_region_trends_free);
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
                                 !st_job_is_running (self->job)
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
  st_chart_set_session (ST_CHART (self->chart), session);
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
st_trends_section_finalize (GObject *object)
{
  g_object_unref (ST_TRENDS_SECTION (object)->job);
  G_OBJECT_CLASS (st_trends_section_parent_class)->finalize (object);
}

static void
st_trends_section_class_init (StTrendsSectionClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_trends_section_dispose;
  object_class->finalize = st_trends_section_finalize;

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
  self->job = st_job_new (self);
  g_signal_connect_swapped (self->job, "progress", G_CALLBACK (on_progress_tick), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::selected-region",
                                 G_CALLBACK (on_selected_region), self, G_CONNECT_SWAPPED);
  self->region_signals = g_signal_group_new (ST_TYPE_REGION_SET);
  g_signal_group_connect_object (self->region_signals, "items-changed", G_CALLBACK (recompute),
                                 self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trends.show-timeline", FALSE);
}
