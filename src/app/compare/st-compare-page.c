/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-compare-page.h"
#include "st-baseline.h"
#include "st-breakdown-bar.h"
#include "st-collective.h"
#include "st-compare-format.h"
#include "st-compare-row-item.h"
#include "st-delta-label.h"
#include "st-finding-item.h"
#include "st-job.h"
#include "st-metric-catalog.h"
#include "st-diff-operation.h"
#include "st-operation-diff-view.h"
#include "st-profile-diff.h"

#include <glib/gi18n.h>

struct _StComparePage
{
  GtkWidget parent_instance;

  StSession     *session;
  GSignalGroup  *session_signals;
  StJob         *job; /* computing the comparison */
  StProfileDiff *diff;
  GListStore    *findings;  /* StFindingItem */
  GListStore    *breakdown; /* StCompareRowItem */
  GListStore    *metrics;
  GListStore    *collectives;
  GListStore    *classes;
  GListStore    *environment;
  gboolean       host_table;

  GtkStack            *compare_stack;
  GtkSpinner          *compare_spinner;
  AdwStatusPage       *compare_error_page;
  GtkLabel            *compare_title_label;
  GtkLabel            *scope_label;
  GtkWidget           *warning_box;
  GtkLabel            *warning_label;
  GtkLabel            *notes_label;
  GtkLabel            *no_findings_label;
  GtkListView         *findings_view;
  GtkWidget           *breakdown_box;
  StBreakdownBar      *base_bar;
  StBreakdownBar      *new_bar;
  GtkColumnView       *breakdown_view;
  GtkWidget           *classes_box;
  GtkColumnView       *classes_view;
  GtkColumnView       *environment_view;
  GtkColumnView       *collectives_view;
  GtkLabel            *no_collectives_label;
  GtkColumnView       *metrics_view;
  StOperationDiffView *operation_diff_view;
};

G_DEFINE_FINAL_TYPE (StComparePage, st_compare_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_TABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static StDeltaJudgement
judgement_of (StDiffJudgement judgement)
{
  return judgement == ST_DIFF_BETTER  ? ST_DELTA_BETTER
         : judgement == ST_DIFF_WORSE ? ST_DELTA_WORSE
                                      : ST_DELTA_UNJUDGED;
}

static StBaseline *
baseline (StComparePage *self)
{
  return self->session != NULL ? st_session_get_baseline (self->session) : NULL;
}

/* "base.json → new.json", and per step how many steps each has. */
static void
show_header (StComparePage *self)
{
  g_autofree char *base = g_file_get_basename (st_baseline_get_file (baseline (self)));
  StTrace         *trace = st_session_get_trace (self->session);
  g_autofree char *title = g_strdup_printf ("%s → %s", base, st_trace_get_display_name (trace));
  g_autofree char *scope = NULL;
  g_autofree char *notes = NULL;
  GPtrArray       *sentences = st_profile_diff_get_notes (self->diff);
  guint            n_base = st_profile_diff_get_n_steps (self->diff, ST_DIFF_BASE);
  guint            n_new = st_profile_diff_get_n_steps (self->diff, ST_DIFF_NEW);

  gtk_label_set_label (self->compare_title_label, title);
  if (st_profile_diff_get_scope (self->diff) == ST_DIFF_SCOPE_STEPS)
    /* Translators: the two numbers are each profile's steps */
    scope = g_strdup_printf (_ ("Per step, the means over each profile’s steps: %u in the "
                                "baseline, %u in the current profile"),
                             n_base, n_new);
  else
    scope = g_strdup (_ ("Whole profiles"));
  gtk_label_set_label (self->scope_label, scope);
  g_ptr_array_add (sentences, NULL);
  notes = g_strjoinv (" ", (char **)sentences->pdata);
  g_ptr_array_remove_index (sentences, sentences->len - 1);
  gtk_label_set_label (self->notes_label, notes);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_label), sentences->len > 0);
  /* docs/metrics.md 8.11: a hardware change is said before any number */
  gtk_label_set_label (self->warning_label, st_profile_diff_get_warning (self->diff));
  gtk_widget_set_visible (self->warning_box, st_profile_diff_get_warning (self->diff) != NULL);
}

static void
fill_findings (StComparePage *self)
{
  guint n = st_profile_diff_get_n_findings (self->diff);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (StFindingItem) item
          = st_finding_item_new (st_profile_diff_get_finding (self->diff, i));

      g_list_store_append (self->findings, item);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->findings_view), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->no_findings_label), n == 0);
}

static void
append_row (GListStore      *store,
            const char      *name,
            const char      *tooltip,
            const char      *base,
            const char      *new_,
            const char      *delta,
            const char      *percent,
            StDeltaJudgement judgement)
{
  g_autoptr (StCompareRowItem) item
      = st_compare_row_item_new (name, tooltip, base, new_, delta, percent, judgement);

  g_list_store_append (store, item);
}

/* A time per step, base → new: lower is better (the same work). */
static void
append_time_row (GListStore *store, const char *name, const char *tooltip, gint64 base, gint64 new_)
{
  gint64           delta = new_ - base;
  g_autofree char *b = st_compare_format_duration (base);
  g_autofree char *n = st_compare_format_duration (new_);
  g_autofree char *d = st_compare_format_delta_duration (delta);
  g_autofree char *p = st_compare_format_percent (base != 0, base != 0 ? 100.0 * delta / base : 0);

  append_row (store, name, tooltip, b, n, d, p,
              delta > 0   ? ST_DELTA_WORSE
              : delta < 0 ? ST_DELTA_BETTER
                          : ST_DELTA_UNJUDGED);
}

/* docs/metrics.md 8.13: the shortest, median and longest step beside the
 * mean, when a side has more than one. */
static void
fill_spread (StComparePage *self)
{
  const StStepTimes *b = st_profile_diff_get_step_times (self->diff, ST_DIFF_BASE);
  const StStepTimes *n = st_profile_diff_get_step_times (self->diff, ST_DIFF_NEW);
  g_autofree char   *tooltip = NULL;

  if (st_profile_diff_get_scope (self->diff) != ST_DIFF_SCOPE_STEPS
      || (b->count < 2 && n->count < 2))
    return;
  /* Translators: the two numbers are each profile's steps */
  tooltip = g_strdup_printf (_ ("Over the %u steps of the baseline and the %u of the current "
                                "profile: a mean hides a slow first step or one long outlier"),
                             b->count, n->count);
  append_time_row (self->breakdown, _ ("Shortest step"), tooltip, b->min_ns, n->min_ns);
  append_time_row (self->breakdown, _ ("Median step"), tooltip, b->median_ns, n->median_ns);
  append_time_row (self->breakdown, _ ("Longest step"), tooltip, b->max_ns, n->max_ns);
}

/* the bar draws the parts after the step time */
G_STATIC_ASSERT (ST_BREAKDOWN_BAR_N_PARTS == ST_N_BREAKDOWN_PARTS - ST_BREAKDOWN_COMPUTE);

/* The parts, base → new, and each side's bar against the longer step. */
static void
fill_breakdown (StComparePage *self)
{
  const char *const names[ST_N_BREAKDOWN_PARTS]
      = { _ ("Step time"),      _ ("Compute"), _ ("Exposed communication"),
          _ ("Exposed memory"), _ ("Idle"),    _ ("Before or after device work") };
  const char *const tooltips[ST_N_BREAKDOWN_PARTS] = {
    NULL,
    NULL,
    NULL,
    NULL,
    _ ("The device idle between its first work in the step and its last: the Idle time of the "
       "metrics"),
    _ ("The step's time before the device's first work in it and after its last: no work, and "
       "not counted in the device time"),
  };
  const StBreakdown *base = st_profile_diff_get_breakdown (self->diff, ST_DIFF_BASE);
  const StBreakdown *new_ = st_profile_diff_get_breakdown (self->diff, ST_DIFF_NEW);
  gint64             scale;

  gtk_widget_set_visible (self->breakdown_box, base->present && new_->present);
  if (!base->present || !new_->present)
    return;
  for (guint i = 0; i < ST_N_BREAKDOWN_PARTS; i++)
    {
      gint64           delta = new_->ns[i] - base->ns[i];
      g_autofree char *b = st_compare_format_duration (base->ns[i]);
      g_autofree char *n = st_compare_format_duration (new_->ns[i]);
      g_autofree char *d = st_compare_format_delta_duration (delta);
      g_autofree char *p = st_compare_format_percent (
          base->ns[i] != 0, base->ns[i] != 0 ? 100.0 * delta / base->ns[i] : 0);
      /* the same work in more time is worse, whichever part grew (8.2:
       * every time lower) */
      StDeltaJudgement j = delta > 0   ? ST_DELTA_WORSE
                           : delta < 0 ? ST_DELTA_BETTER
                                       : ST_DELTA_UNJUDGED;

      append_row (self->breakdown, names[i], tooltips[i], b, n, d, p, j);
    }
  fill_spread (self);
  scale = MAX (base->ns[ST_BREAKDOWN_STEP_TIME], new_->ns[ST_BREAKDOWN_STEP_TIME]);
  st_breakdown_bar_set_parts (self->base_bar, base->ns + ST_BREAKDOWN_COMPUTE, scale);
  st_breakdown_bar_set_parts (self->new_bar, new_->ns + ST_BREAKDOWN_COMPUTE, scale);
}

static void
fill_metrics (StComparePage *self)
{
  for (guint i = 0; i < st_profile_diff_get_n_metrics (self->diff); i++)
    {
      const StMetricDiff *m = st_profile_diff_get_metric (self->diff, i);
      g_autofree char    *b = m->present[ST_DIFF_BASE]
                                  ? st_summary_format_value (m->unit, m->value[ST_DIFF_BASE])
                                  : g_strdup ("—");
      g_autofree char    *n = m->present[ST_DIFF_NEW]
                                  ? st_summary_format_value (m->unit, m->value[ST_DIFF_NEW])
                                  : g_strdup ("—");
      g_autofree char    *d
          = m->has_delta ? st_compare_format_delta_value (m->unit, m->delta) : g_strdup ("—");
      g_autofree char *p = st_compare_format_percent (m->has_delta_percent, m->delta_percent);

      append_row (self->metrics, m->title, st_metric_catalog_get_description (m->id), b, n, d, p,
                  judgement_of (m->judgement));
    }
}

static void
fill_collectives (StComparePage *self)
{
  guint n = st_profile_diff_get_n_collectives (self->diff);

  for (guint i = 0; i < n; i++)
    {
      const StCollectiveDiff *c = st_profile_diff_get_collective (self->diff, i);
      g_autofree char        *bc = st_compare_format_count (c->count[ST_DIFF_BASE]);
      g_autofree char        *nc = st_compare_format_count (c->count[ST_DIFF_NEW]);
      g_autofree char        *bt = st_compare_format_duration (c->total_ns[ST_DIFF_BASE]);
      g_autofree char        *nt = st_compare_format_duration (c->total_ns[ST_DIFF_NEW]);
      /* Translators: a count of collective instances and their time */
      g_autofree char *b = g_strdup_printf (_ ("%s · %s"), bc, bt);
      g_autofree char *nw = g_strdup_printf (_ ("%s · %s"), nc, nt);
      g_autofree char *d = st_compare_format_delta_duration (c->delta_ns);
      g_autofree char *p = st_compare_format_percent (c->has_delta_percent, c->delta_percent);

      append_row (self->collectives, st_collective_type_get_label (c->type), NULL, b, nw, d, p,
                  c->delta_ns > 0   ? ST_DELTA_WORSE
                  : c->delta_ns < 0 ? ST_DELTA_BETTER
                                    : ST_DELTA_UNJUDGED);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->collectives_view), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->no_collectives_label), n == 0);
}

/* docs/metrics.md 8.12: "2.48× slower" (new / base), "1.43× faster"
 * (base / new: the factor the word says). */
static char *
format_ratio (const StClassDiff *c)
{
  if (!c->has_ratio)
    /* Translators: a kernel class only the current profile has */
    return g_strdup (_ ("new"));
  if (c->ratio < 0.01)
    /* a class all but gone: a speed-up past 100× is no number to read */
    return g_strdup (_ (">100× faster"));
  if (c->delta_ns > 0)
    return g_strdup_printf (_ ("%.2f× slower"), c->ratio);
  if (c->delta_ns < 0)
    return g_strdup_printf (_ ("%.2f× faster"), 1 / c->ratio);
  return g_strdup_printf ("%.2f×", c->ratio);
}

static void
fill_classes (StComparePage *self)
{
  guint n = st_profile_diff_get_n_classes (self->diff);

  for (guint i = 0; i < n; i++)
    {
      const StClassDiff *c = st_profile_diff_get_class (self->diff, i);
      g_autofree char   *b = st_compare_format_duration (c->ns[ST_DIFF_BASE]);
      g_autofree char   *nw = st_compare_format_duration (c->ns[ST_DIFF_NEW]);
      g_autofree char   *d = st_compare_format_delta_duration (c->delta_ns);
      g_autofree char   *ratio = format_ratio (c);
      g_autofree char   *bc = st_compare_format_count (c->count[ST_DIFF_BASE]);
      g_autofree char   *nc = st_compare_format_count (c->count[ST_DIFF_NEW]);
      /* Translators: the events of a kernel class per step, base → current */
      g_autofree char *tooltip = g_strdup_printf (_ ("Events per step: %s → %s"), bc, nc);

      append_row (self->classes, _ (st_kernel_class_get_label (c->klass)), tooltip, b, nw, d, ratio,
                  c->delta_ns > 0   ? ST_DELTA_WORSE
                  : c->delta_ns < 0 ? ST_DELTA_BETTER
                                    : ST_DELTA_UNJUDGED);
    }
  gtk_widget_set_visible (self->classes_box, n > 0);
}

/* docs/metrics.md 8.11: the fields either profile says, each difference
 * marked. */
static void
fill_environment (StComparePage *self)
{
  const StEnvironment *base = st_profile_diff_get_environment (self->diff, ST_DIFF_BASE);
  const StEnvironment *new_ = st_profile_diff_get_environment (self->diff, ST_DIFF_NEW);
  GArray              *differences = st_profile_diff_get_environment_differences (self->diff);

  for (guint f = 0; f < ST_N_ENV_FIELDS; f++)
    {
      g_autofree char *b = st_environment_dup_text (base, f);
      g_autofree char *n = st_environment_dup_text (new_, f);
      const char      *mark = "";

      if (b == NULL && n == NULL)
        continue;
      for (guint i = 0; i < differences->len; i++)
        if (g_array_index (differences, StEnvironmentDifference, i).field == f)
          mark = g_array_index (differences, StEnvironmentDifference, i).hardware
                     ? _ ("differs: hardware")
                     : _ ("differs");
      append_row (self->environment, st_environment_field_get_title (f), NULL, b ? b : "—",
                  n ? n : "—", mark, "", ST_DELTA_UNJUDGED);
    }
}

static void
clear (StComparePage *self)
{
  GListStore *stores[] = { self->findings,    self->breakdown, self->metrics,
                           self->collectives, self->classes,   self->environment };

  for (guint i = 0; i < G_N_ELEMENTS (stores); i++)
    g_list_store_remove_all (stores[i]);
  st_operation_diff_view_set_diff (self->operation_diff_view, NULL, NULL, NULL);
  g_clear_pointer (&self->diff, st_profile_diff_free);
}

static void
show_diff (StComparePage *self, StProfileDiff *diff)
{
  clear (self);
  self->diff = diff;
  show_header (self);
  fill_findings (self);
  fill_breakdown (self);
  fill_classes (self);
  fill_environment (self);
  fill_metrics (self);
  fill_collectives (self);
  /* Translators: the two profiles as the operations' tooltips name them,
   * after "in": "Only in the baseline" */
  st_operation_diff_view_set_diff (self->operation_diff_view, st_profile_diff_get_operations (diff),
                                   _ ("the baseline"), _ ("the current profile"));
  gtk_stack_set_visible_child_name (self->compare_stack, "diff");
}

/* Both profiles as a diff compares them, for the thread. */
typedef struct
{
  StTrace *base;
  StTrace *current;
} Pair;

static void
pair_free (Pair *pair)
{
  g_object_unref (pair->base);
  g_object_unref (pair->current);
  g_free (pair);
}

static gpointer
compute_thread (gpointer data, gpointer run, GCancellable *cancellable, GError **error)
{
  Pair *pair = data;

  return st_profile_diff_compute (pair->base, pair->current, NULL, cancellable, error);
}

static void
on_computed (gpointer owner, gpointer result, const GError *error)
{
  StComparePage *self = owner;
  StProfileDiff *diff = result;

  gtk_spinner_stop (self->compare_spinner);
  if (diff == NULL)
    {
      adw_status_page_set_description (self->compare_error_page, error->message);
      gtk_stack_set_visible_child_name (self->compare_stack, "error");
      return;
    }
  show_diff (self, diff);
}

/* The baseline or the profile changed: the comparison shown goes, a new
 * one is computed on a thread. */
static void
recompute (StComparePage *self)
{
  StBaseline *base = baseline (self);
  Pair       *pair;

  st_job_cancel (self->job);
  clear (self);
  if (base == NULL)
    {
      gtk_spinner_stop (self->compare_spinner);
      return;
    }
  pair = g_new0 (Pair, 1);
  pair->base = g_object_ref (st_session_get_trace (st_baseline_get_session (base)));
  pair->current = g_object_ref (st_session_get_trace (self->session));
  gtk_stack_set_visible_child_name (self->compare_stack, "computing");
  gtk_spinner_start (self->compare_spinner);
  st_job_start (self->job, compute_thread, pair, (GDestroyNotify)pair_free, on_computed,
                (GDestroyNotify)st_profile_diff_free);
}

/* Selects the row's instances in @session (one side); the first of them
 * (by start) in *@first, FALSE when there is none. */
static gboolean
select_side (StComparePage   *self,
             StSession       *session,
             StDiffSide       side,
             StDiffOperation *item,
             StEventRef      *first)
{
  StTrace           *trace = st_session_get_trace (session);
  g_autoptr (GArray) refs = NULL;
  gint64             first_start = G_MAXINT64;
  gint64             range_start, range_end;

  st_profile_diff_get_range (self->diff, side, &range_start, &range_end);
  refs = st_diff_operation_find_instances (item, side, trace, range_start, range_end);
  st_session_select_many (session, refs, ST_SELECT_REPLACE);
  for (guint i = 0; i < refs->len; i++)
    {
      StEventRef ref = g_array_index (refs, StEventRef, i);
      gint64     start = st_trace_get_track (trace, ref.track)->slices[ref.index].start;

      if (start < first_start)
        {
          *first = ref;
          first_start = start;
        }
    }
  return refs->len > 0;
}

/* A row: its instances selected in both profiles, both timelines shown
 * and lined up on the first instance of each (st_baseline_reveal). */
static void
on_operation_selected (StComparePage *self, StDiffOperation *item)
{
  StBaseline *base = baseline (self);
  StEventRef  first[ST_N_DIFF_SIDES];
  gboolean    found[ST_N_DIFF_SIDES];

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.show-on-timelines", item != NULL);
  if (item == NULL || base == NULL || self->diff == NULL)
    return;
  found[ST_DIFF_NEW] = select_side (self, self->session, ST_DIFF_NEW, item, &first[ST_DIFF_NEW]);
  found[ST_DIFF_BASE] = select_side (self, st_baseline_get_session (base), ST_DIFF_BASE, item,
                                     &first[ST_DIFF_BASE]);
  st_baseline_reveal (base, found[ST_DIFF_BASE] ? &first[ST_DIFF_BASE] : NULL,
                      found[ST_DIFF_NEW] ? &first[ST_DIFF_NEW] : NULL);
  st_baseline_set_shown (base, TRUE);
}

/* The button, Return or a double click on a row: the timelines, the
 * base's over the current one, each at the row's first instance. */
static void
show_on_timelines_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StComparePage *self = ST_COMPARE_PAGE (widget);
  StBaseline    *base = baseline (self);

  if (base == NULL || st_operation_diff_view_get_selected (self->operation_diff_view) == NULL)
    return;
  st_baseline_set_shown (base, TRUE);
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
}

static void
on_operation_activated (StComparePage *self, StDiffOperation *item)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "compare.show-on-timelines", NULL);
}

/* A finding: the timeline, zoomed to its place, its instance selected. */
static void
on_finding_activated (StComparePage *self, guint position)
{
  g_autoptr (StFindingItem) item = g_list_model_get_item (G_LIST_MODEL (self->findings), position);
  StSliceRef                slice;
  gint64                    start, end, pad;

  if (item == NULL)
    return;
  st_finding_item_get_place (item, &start, &end);
  pad = MAX ((end - start) / 10, 1);
  if (st_finding_item_get_slice (item, &slice))
    st_session_select (self->session, (StEventRef){ slice.track, slice.index, ST_EVENT_SLICE },
                       ST_SELECT_REPLACE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-timeline", NULL);
  st_session_set_range (self->session, start - pad, end + pad);
}

/* The Kernels and Host Ops buttons: "kernels" or "host". */
static void
set_table (StComparePage *self, const char *table)
{
  gboolean host = g_strcmp0 (table, "host") == 0;

  if (host == self->host_table)
    return;
  self->host_table = host;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

/* Ctrl+E: the other table. */
static void
switch_table_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  StComparePage *self = ST_COMPARE_PAGE (widget);

  set_table (self, self->host_table ? "kernels" : "host");
}

static void
on_baseline_changed (StComparePage *self)
{
  recompute (self);
}

static void
st_compare_page_dispose (GObject *object)
{
  StComparePage *self = ST_COMPARE_PAGE (object);

  st_job_cancel (self->job);
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_COMPARE_PAGE);
  G_OBJECT_CLASS (st_compare_page_parent_class)->dispose (object);
}

static void
st_compare_page_finalize (GObject *object)
{
  StComparePage *self = ST_COMPARE_PAGE (object);

  g_object_unref (self->job);
  g_clear_pointer (&self->diff, st_profile_diff_free);
  g_clear_object (&self->findings);
  g_clear_object (&self->breakdown);
  g_clear_object (&self->metrics);
  g_clear_object (&self->collectives);
  g_clear_object (&self->classes);
  g_clear_object (&self->environment);
  G_OBJECT_CLASS (st_compare_page_parent_class)->finalize (object);
}

static void
st_compare_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StComparePage *self = ST_COMPARE_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    case PROP_TABLE: g_value_set_string (value, self->host_table ? "host" : "kernels"); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_compare_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  StComparePage *self = ST_COMPARE_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION: st_compare_page_set_session (self, g_value_get_object (value)); break;
    case PROP_TABLE: set_table (self, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bind_template (GtkWidgetClass *widget_class)
{
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/compare/st-compare-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StComparePage, compare_stack);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, compare_spinner);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, compare_error_page);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, compare_title_label);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, scope_label);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, warning_box);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, warning_label);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, notes_label);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, no_findings_label);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, findings_view);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, breakdown_box);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, base_bar);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, new_bar);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, breakdown_view);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, classes_box);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, classes_view);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, environment_view);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, collectives_view);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, no_collectives_label);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, metrics_view);
  gtk_widget_class_bind_template_child (widget_class, StComparePage, operation_diff_view);
  gtk_widget_class_bind_template_callback (widget_class, on_finding_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_operation_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_operation_activated);
}

static void
st_compare_page_class_init (StComparePageClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = st_compare_page_dispose;
  object_class->finalize = st_compare_page_finalize;
  object_class->get_property = st_compare_page_get_property;
  object_class->set_property = st_compare_page_set_property;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TABLE]
      = g_param_spec_string ("table", NULL, NULL, "kernels",
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_BREAKDOWN_BAR);
  g_type_ensure (ST_TYPE_COMPARE_ROW_ITEM);
  g_type_ensure (ST_TYPE_DELTA_LABEL);
  g_type_ensure (ST_TYPE_FINDING_ITEM);
  g_type_ensure (ST_TYPE_OPERATION_DIFF_VIEW);
  bind_template (widget_class);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_property_action (widget_class, "compare.table", "table");
  gtk_widget_class_install_action (widget_class, "compare.switch-table", NULL, switch_table_action);
  gtk_widget_class_install_action (widget_class, "compare.show-on-timelines", NULL,
                                   show_on_timelines_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "compare.switch-table", NULL);
}

static GListStore *
set_store (GtkColumnView *view, GType type)
{
  GListStore                *store = g_list_store_new (type);
  g_autoptr (GtkNoSelection) model = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (store)));

  gtk_column_view_set_model (view, GTK_SELECTION_MODEL (model));
  return store;
}

static void
st_compare_page_init (StComparePage *self)
{
  g_autoptr (GtkNoSelection) findings = NULL;

  self->job = st_job_new (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->findings = g_list_store_new (ST_TYPE_FINDING_ITEM);
  findings = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->findings)));
  gtk_list_view_set_model (self->findings_view, GTK_SELECTION_MODEL (findings));
  self->breakdown = set_store (self->breakdown_view, ST_TYPE_COMPARE_ROW_ITEM);
  self->metrics = set_store (self->metrics_view, ST_TYPE_COMPARE_ROW_ITEM);
  self->collectives = set_store (self->collectives_view, ST_TYPE_COMPARE_ROW_ITEM);
  self->classes = set_store (self->classes_view, ST_TYPE_COMPARE_ROW_ITEM);
  self->environment = set_store (self->environment_view, ST_TYPE_COMPARE_ROW_ITEM);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.show-on-timelines", FALSE);
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::baseline",
                                 G_CALLBACK (on_baseline_changed), self, G_CONNECT_SWAPPED);
}

GtkWidget *
st_compare_page_new (void)
{
  return g_object_new (ST_TYPE_COMPARE_PAGE, NULL);
}

StSession *
st_compare_page_get_session (StComparePage *self)
{
  g_return_val_if_fail (ST_IS_COMPARE_PAGE (self), NULL);
  return self->session;
}

/* The session of the profile shown; its baseline is what it is compared
 * with. */
void
st_compare_page_set_session (StComparePage *self, StSession *session)
{
  g_return_if_fail (ST_IS_COMPARE_PAGE (self));
  g_return_if_fail (session == NULL || ST_IS_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_signal_group_set_target (self->session_signals, session);
  recompute (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}
