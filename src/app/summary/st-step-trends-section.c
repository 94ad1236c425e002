/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-step-trends-section.h"

#include "st-format.h"
#include "st-job.h"
#include "st-step-trends-chart.h"
#include "st-step-trends.h"

#include <glib/gi18n.h>

struct _StStepTrendsSection
{
  GtkWidget parent_instance;

  StSession *session;
  StJob     *job; /* computing the trends */

  StStepTrendsChart *chart;
  GtkSpinner        *spinner;
  GtkLabel          *status_label;
};

G_DEFINE_FINAL_TYPE (StStepTrendsSection, st_step_trends_section, GTK_TYPE_WIDGET)

static void
on_progress (guint done, guint total, gpointer run)
{
  st_job_report (total > 0 ? (double)done / total : 0, run);
}

static gpointer
compute_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  return st_step_trends_compute (data, on_progress, run, cancellable, error);
}

/* ", 5, 9": the steps whose median over the ranks stands out in a series. */
static void
append_outlier_steps (GString *text, StStepTrends *trends)
{
  guint n = 0;

  for (guint i = 0; i < st_step_trends_get_n_steps (trends); i++)
    for (StStepTrendSeries s = 0; s < ST_N_STEP_TRENDS; s++)
      if (st_step_trends_is_outlier_step (trends, s, i))
        {
          g_string_append_printf (text, "%s%" G_GINT64_FORMAT, n++ ? ", " : "",
                                  st_step_trends_get_step_number (trends, i));
          break;
        }
}

/* "rank 3, rank 5": the ranks whose median over their steps stands out. */
static void
append_outlier_ranks (GString *text, StStepTrends *trends)
{
  guint n = 0;

  for (guint r = 0; r < st_step_trends_get_n_ranks (trends); r++)
    for (StStepTrendSeries s = 0; s < ST_N_STEP_TRENDS; s++)
      if (st_step_trends_is_outlier_rank (trends, s, r))
        {
          g_string_append_printf (text, "%s%s", n++ ? ", " : "",
                                  st_step_trends_get_rank_label (trends, r));
          break;
        }
}

/* "10 steps · 8 ranks · 3 outliers · outlier steps 5 · outlier ranks
 * rank 3". */
static void
update_status (StStepTrendsSection *self, StStepTrends *trends)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) steps = g_string_new (NULL);
  g_autoptr (GString) ranks = g_string_new (NULL);
  guint               n_steps = st_step_trends_get_n_steps (trends),
        n_ranks = st_step_trends_get_n_ranks (trends);
  guint outliers = st_step_trends_count_outliers (trends);

  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u step", "%u steps", n_steps),
                          n_steps);
  if (n_ranks > 1)
    g_string_append_printf (
        text, g_dngettext (GETTEXT_PACKAGE, " · %u rank", " · %u ranks", n_ranks), n_ranks);
  if (n_ranks > 1)
    /* Translators: how many points (a rank's value in a step) are outliers */
    g_string_append_printf (
        text,
        g_dngettext (GETTEXT_PACKAGE, " · %u outlier point", " · %u outlier points", outliers),
        outliers);
  else
    /* Translators: how many steps are outliers */
    g_string_append_printf (
        text, g_dngettext (GETTEXT_PACKAGE, " · %u outlier", " · %u outliers", outliers), outliers);
  append_outlier_steps (steps, trends);
  if (steps->len > 0 && n_ranks > 1)
    /* Translators: the numbers of the steps slow on every rank */
    g_string_append_printf (text, _ (" · outlier steps %s"), steps->str);
  append_outlier_ranks (ranks, trends);
  if (ranks->len > 0)
    /* Translators: the labels of the ranks that stand out over all their steps */
    g_string_append_printf (text, _ (" · outlier ranks %s"), ranks->str);
  gtk_label_set_text (self->status_label, text->str);
}

/* The computation has run for a while: the spinner, and how far it got. */
static void
on_progress_tick (StStepTrendsSection *self)
{
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  /* Translators: how far the computation of each rank's steps got */
  text = g_strdup_printf (_ ("Computing each rank's steps: %.0f%%"),
                          100 * st_job_get_fraction (self->job));
  gtk_label_set_text (self->status_label, text);
}

static void
stop_computing (StStepTrendsSection *self)
{
  st_job_cancel (self->job);
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}

/* Shown with two steps or more; a profile without steps hides the card. */
static void
on_computed (gpointer owner, gpointer result, const GError *error)
{
  StStepTrendsSection *self = owner;
  StStepTrends        *trends = result;

  stop_computing (self);
  if (trends == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self), st_step_trends_get_n_steps (trends) >= 2);
  update_status (self, trends);
  st_step_trends_chart_set_trends (self->chart, trends);
}

void
st_step_trends_section_set_session (StStepTrendsSection *self, StSession *session)
{
  g_return_if_fail (ST_IS_STEP_TRENDS_SECTION (self));

  if (self->session == session)
    return;
  stop_computing (self);
  g_set_object (&self->session, session);
  st_chart_set_session (ST_CHART (self->chart), session);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  if (session == NULL)
    return;
  st_job_start (self->job, compute_thread, g_object_ref (st_session_get_trace (session)),
                g_object_unref, on_computed, (GDestroyNotify)st_step_trends_free);
}

static void
st_step_trends_section_dispose (GObject *object)
{
  StStepTrendsSection *self = ST_STEP_TRENDS_SECTION (object);
  GtkWidget           *child;

  stop_computing (self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_STEP_TRENDS_SECTION);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_step_trends_section_parent_class)->dispose (object);
}

static void
st_step_trends_section_finalize (GObject *object)
{
  g_object_unref (ST_STEP_TRENDS_SECTION (object)->job);
  G_OBJECT_CLASS (st_step_trends_section_parent_class)->finalize (object);
}

static void
st_step_trends_section_class_init (StStepTrendsSectionClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_step_trends_section_dispose;
  object_class->finalize = st_step_trends_section_finalize;

  g_type_ensure (ST_TYPE_STEP_TRENDS_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-step-trends-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StStepTrendsSection, chart);
  gtk_widget_class_bind_template_child (widget_class, StStepTrendsSection, spinner);
  gtk_widget_class_bind_template_child (widget_class, StStepTrendsSection, status_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
st_step_trends_section_init (StStepTrendsSection *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  self->job = st_job_new (self);
  g_signal_connect_swapped (self->job, "progress", G_CALLBACK (on_progress_tick), self);
  gtk_widget_init_template (GTK_WIDGET (self));
}
