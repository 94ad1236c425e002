/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-distribution-pane.h"

#include "st-distribution-chart.h"
#include "st-format.h"
#include "st-job.h"
#include "st-name-distribution.h"

#include <glib/gi18n.h>

/* After the visible range last changed, how long the pane waits before it
 * computes the distribution of the new range. */
#define RANGE_DELAY_MS 150

struct _StDistributionPane
{
  GtkWidget parent_instance;

  StSession          *session;
  GSignalGroup       *session_signals;
  char               *name;
  StNameDistribution *distribution; /* shown */
  StJob              *job;          /* the computation of the distribution */
  guint               range_timeout;
  gboolean            selecting; /* the selection changes because of a bin */

  GtkLabel            *title;
  GtkSpinner          *spinner;
  GtkCheckButton      *visible_check;
  GtkDropDown         *grouping_dropdown;
  GtkLabel            *stats_label;
  GtkFlowBox          *stats_grid;
  StDistributionChart *chart;
  GtkLabel            *selection_label;
};

G_DEFINE_FINAL_TYPE (StDistributionPane, st_distribution_pane, GTK_TYPE_WIDGET)

/* What the thread computes. */
typedef struct
{
  StTrace   *trace;
  StStringId name;
  gboolean   has_range;
  StTimeSpan range;
  StGrouping grouping;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_object_unref (job->trace);
  g_free (job);
}

static gpointer
compute_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Job *job = data;

  return st_name_distribution_compute (job->trace, job->name, job->has_range ? &job->range : NULL,
                                       job->grouping, cancellable);
}

static void
clear_stats_grid (StDistributionPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->stats_grid))) != NULL)
    gtk_flow_box_remove (self->stats_grid, child);
}

/* A statistic: its name, dim, over its value. */
static void
add_stat (StDistributionPane *self, const char *key, gint64 ns)
{
  g_autofree char *value = st_format_duration (ns);
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget       *k = gtk_label_new (key), *v = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (k), 0);
  gtk_label_set_xalign (GTK_LABEL (v), 0);
  gtk_label_set_selectable (GTK_LABEL (v), TRUE);
  gtk_widget_add_css_class (k, "dim-label");
  gtk_widget_add_css_class (k, "caption");
  gtk_widget_add_css_class (v, "numeric");
  gtk_widget_add_css_class (v, "heading");
  gtk_box_append (GTK_BOX (box), k);
  gtk_box_append (GTK_BOX (box), v);
  gtk_flow_box_append (self->stats_grid, box);
}

static void
show_stats (StDistributionPane *self)
{
  const StNameDistribution *d = self->distribution;
  g_autofree char          *count = NULL, *total = NULL, *head = NULL;

  clear_stats_grid (self);
  if (d->stats.count == 0)
    {
      gtk_label_set_text (self->stats_label,
                          gtk_check_button_get_active (self->visible_check)
                              ? _ ("No instance in the visible range.")
                              : _ ("No slice has this name: instants have no duration."));
      return;
    }
  count = st_format_count (d->stats.count);
  total = st_format_duration (d->stats.total_ns);
  /* Translators: how many instances, and their summed time */
  head
      = g_markup_printf_escaped (ngettext ("<b>%s</b> instance, <b>%s</b> in all",
                                           "<b>%s</b> instances, <b>%s</b> in all", d->stats.count),
                                 count, total);
  gtk_label_set_markup (self->stats_label, head);
  add_stat (self, _ ("min"), d->stats.min_ns);
  add_stat (self, "p50", d->stats.p50_ns);
  add_stat (self, "p90", d->stats.p90_ns);
  add_stat (self, "p99", d->stats.p99_ns);
  add_stat (self, _ ("mean"), d->stats.mean_ns);
  add_stat (self, _ ("max"), d->stats.max_ns);
}

static void
show_selection (StDistributionPane *self)
{
  const StNameDistribution *d = self->distribution;
  guint                     first, last, n = 0;
  g_autofree char          *lo = NULL, *hi = NULL, *count = NULL, *text = NULL;

  if (d == NULL || d->stats.count == 0)
    {
      gtk_label_set_text (self->selection_label, "");
      return;
    }
  if (!st_distribution_chart_get_selection (self->chart, &first, &last))
    {
      gtk_label_set_text (self->selection_label,
                          _ ("Click a bar, or use the arrow keys, to select its instances"));
      return;
    }
  for (guint b = first; b <= last; b++)
    n += d->bins[b].count;
  lo = st_format_duration (d->bins[first].lo_ns);
  hi = st_format_duration (d->bins[last].hi_ns);
  count = st_format_count (n);
  /* Translators: the durations of the bars selected and how many instances that selects */
  text = g_strdup_printf (
      ngettext ("Selected %s on the timeline: %s – %s", "Selected %s on the timeline: %s – %s", n),
      count, lo, hi);
  gtk_label_set_text (self->selection_label, text);
}

static void
on_computed (gpointer owner, gpointer result, const GError *error)
{
  StDistributionPane *self = owner;
  StNameDistribution *d = result;

  gtk_spinner_stop (self->spinner);
  st_distribution_chart_set_distribution (self->chart, d);
  g_clear_pointer (&self->distribution, st_name_distribution_free);
  self->distribution = d;
  show_stats (self);
  show_selection (self);
}

static void
stop (StDistributionPane *self)
{
  st_job_cancel (self->job);
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  gtk_spinner_stop (self->spinner);
}

/* Computes the distribution of the name shown, as the pane's switches
 * say, on a thread. */
static void
recompute (StDistributionPane *self)
{
  StTrace *trace;
  Job     *job;

  stop (self);
  if (self->session == NULL || self->name == NULL)
    return;
  trace = st_session_get_trace (self->session);
  job = g_new0 (Job, 1);
  job->trace = g_object_ref (trace);
  job->name = st_trace_lookup_string (trace, self->name);
  job->grouping = gtk_drop_down_get_selected (self->grouping_dropdown);
  job->has_range = gtk_check_button_get_active (self->visible_check);
  if (job->has_range)
    st_session_get_range (self->session, &job->range.begin, &job->range.end);
  gtk_spinner_start (self->spinner);
  st_job_start (self->job, compute_thread, job, job_free, on_computed,
                (GDestroyNotify)st_name_distribution_free);
}

static gboolean
range_settled (gpointer data)
{
  StDistributionPane *self = data;

  self->range_timeout = 0;
  recompute (self);
  return G_SOURCE_REMOVE;
}

static void
on_range_changed (StDistributionPane *self)
{
  if (self->name == NULL || !gtk_check_button_get_active (self->visible_check))
    return;
  g_clear_handle_id (&self->range_timeout, g_source_remove);
  self->range_timeout = g_timeout_add (RANGE_DELAY_MS, range_settled, self);
}

/* A selection made elsewhere is no longer the bins'. */
static void
on_selection_changed (StDistributionPane *self)
{
  if (self->selecting)
    return;
  st_distribution_chart_clear_selection (self->chart);
  show_selection (self);
}

/* The instances of the bins selected become the timeline's selection; a
 * single one is brought into view. */
static void
on_bins_selected (StDistributionPane *self, guint first, guint last)
{
  const StNameDistribution *d = self->distribution;
  guint                     from = d->bins[first].first;
  guint                     to = d->bins[last].first + d->bins[last].count;
  g_autoptr (GArray)        refs = g_array_sized_new (FALSE, FALSE, sizeof (StEventRef), to - from);

  for (guint i = from; i < to; i++)
    g_array_append_val (
        refs, ((StEventRef){ d->instances[i].track, d->instances[i].index, ST_EVENT_SLICE }));
  self->selecting = TRUE;
  st_session_select_many (self->session, refs, ST_SELECT_REPLACE);
  if (refs->len == 1)
    st_session_reveal (self->session, g_array_index (refs, StEventRef, 0));
  self->selecting = FALSE;
  show_selection (self);
}

static void
close_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StDistributionPane *self = ST_DISTRIBUTION_PANE (widget);

  stop (self);
  gtk_widget_set_visible (widget, FALSE);
}

void
st_distribution_pane_show_name (StDistributionPane *self, const char *name)
{
  g_return_if_fail (ST_IS_DISTRIBUTION_PANE (self));
  g_return_if_fail (name != NULL);

  g_free (self->name);
  self->name = g_strdup (name);
  gtk_label_set_text (self->title, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title), name);
  st_distribution_chart_set_distribution (self->chart, NULL);
  g_clear_pointer (&self->distribution, st_name_distribution_free);
  gtk_label_set_text (self->stats_label, _ ("Computing…"));
  clear_stats_grid (self);
  gtk_label_set_text (self->selection_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  recompute (self);
}

const char *
st_distribution_pane_get_name (StDistributionPane *self)
{
  g_return_val_if_fail (ST_IS_DISTRIBUTION_PANE (self), NULL);
  return self->name;
}

const StNameDistribution *
st_distribution_pane_get_distribution (StDistributionPane *self)
{
  g_return_val_if_fail (ST_IS_DISTRIBUTION_PANE (self), NULL);
  return self->distribution;
}

gboolean
st_distribution_pane_is_busy (StDistributionPane *self)
{
  g_return_val_if_fail (ST_IS_DISTRIBUTION_PANE (self), FALSE);
  return st_job_is_running (self->job);
}

void
st_distribution_pane_set_session (StDistributionPane *self, StSession *session)
{
  g_return_if_fail (ST_IS_DISTRIBUTION_PANE (self));
  if (!g_set_object (&self->session, session))
    return;
  stop (self);
  g_signal_group_set_target (self->session_signals, session);
  g_clear_pointer (&self->name, g_free);
  st_distribution_chart_set_distribution (self->chart, NULL);
  g_clear_pointer (&self->distribution, st_name_distribution_free);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
st_distribution_pane_dispose (GObject *object)
{
  StDistributionPane *self = ST_DISTRIBUTION_PANE (object);
  GtkWidget          *child;

  stop (self);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  if (self->chart != NULL)
    st_distribution_chart_set_distribution (self->chart, NULL);
  g_clear_pointer (&self->distribution, st_name_distribution_free);
  g_clear_pointer (&self->name, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_DISTRIBUTION_PANE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (st_distribution_pane_parent_class)->dispose (object);
}

static void
st_distribution_pane_finalize (GObject *object)
{
  g_object_unref (ST_DISTRIBUTION_PANE (object)->job);
  G_OBJECT_CLASS (st_distribution_pane_parent_class)->finalize (object);
}

static void
st_distribution_pane_class_init (StDistributionPaneClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_distribution_pane_dispose;
  object_class->finalize = st_distribution_pane_finalize;
  g_type_ensure (ST_TYPE_DISTRIBUTION_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/widgets/distribution/st-distribution-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, title);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, spinner);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, visible_check);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, grouping_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, stats_label);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, stats_grid);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, chart);
  gtk_widget_class_bind_template_child (widget_class, StDistributionPane, selection_label);
  gtk_widget_class_install_action (widget_class, "distribution.close", NULL, close_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "distribution.close", NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "distributionpane");
}

static void
st_distribution_pane_init (StDistributionPane *self)
{
  self->job = st_job_new (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::start",
                                  G_CALLBACK (on_range_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::end",
                                  G_CALLBACK (on_range_changed), self);
  g_signal_group_connect_swapped (self->session_signals, "selection-changed",
                                  G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->chart, "bins-selected", G_CALLBACK (on_bins_selected), self);
  g_signal_connect_swapped (self->visible_check, "toggled", G_CALLBACK (recompute), self);
  g_signal_connect_swapped (self->grouping_dropdown, "notify::selected", G_CALLBACK (recompute),
                            self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
st_distribution_pane_new (void)
{
  return g_object_new (ST_TYPE_DISTRIBUTION_PANE, NULL);
}
