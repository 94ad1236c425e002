#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-summary-page.h"

#include "st-bar-chart.h"
#include "st-format.h"
#include "st-metric-catalog.h"
#include "st-operation-item.h"
#include "st-rank-item.h"
#include "st-summary.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* A computation that takes longer than a frame shows the spinner. */
#define SPINNER_DELAY_MS 16

struct _StSummaryPage
{
  GtkWidget parent_instance;

  StSession           *session;
  GSignalGroup        *session_signals;
  StTrace             *trace;
  GActionGroup        *region_actions;
  GListStore          *whole_store; /* the "Whole profile" entry */
  StRegion            *whole;
  GtkFlattenListModel *region_model; /* whole + the session's regions */
  StRegion            *region;       /* shown; NULL: whole profile */
  GPtrArray           *summaries;    /* StSummary: one, or one per compared region */
  GPtrArray           *titles;       /* char *: their column titles */
  GCancellable        *cancellable;
  guint                spinner_id;
  gboolean             computing;
  gboolean             compare;
  gboolean             by_track;
  gboolean             box_plot;

  GtkDropDown         *region_dropdown;
  GtkLabel            *range_label;
  GtkSpinner          *spinner;
  GtkLabel            *error_label;
  GtkLabel            *compare_label;
  GtkToggleButton     *compare_button;
  GtkButton           *pick_button;
  GtkScrolledWindow   *content_scroller;
  GtkStack            *content_stack;
  GtkBox              *recommendations_box;
  GtkColumnView       *operations_view;
  GtkColumnViewColumn *track_column;
  GtkColumnViewColumn *total_column;
  GtkWidget           *ranks_card;
  GtkColumnView       *ranks_view;
  StMetricTable       *compute_table;
  StMetricTable       *memory_table;
  StMetricTable       *communication_table;
  GtkWidget           *communication_card;
  GtkWidget           *profile_card;
  GtkStack            *profile_stack;
  GtkDropDown         *profile_group_dropdown;
  GtkLabel            *engine_title;
  StBarChart          *engine_chart;
  StBarChart          *memory_chart;
  GtkFlowBox          *legend_box;
  StCollectiveChart   *collective_chart;
  StMetricTable       *compare_compute_table;
  StMetricTable       *compare_memory_table;
  StMetricTable       *compare_communication_table;
  GtkBox              *compare_columns;
};

G_DEFINE_FINAL_TYPE (StSummaryPage, st_summary_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_COMPARE,
  PROP_BY_TRACK,
  PROP_BOX_PLOT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void request_compute (StSummaryPage *self);

static StSummary *
first_summary (StSummaryPage *self)
{
  return self->summaries->len > 0 ? g_ptr_array_index (self->summaries, 0) : NULL;
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_BOX (box))
        gtk_box_remove (GTK_BOX (box), child);
      else if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else
        gtk_stack_remove (GTK_STACK (box), child);
    }
}

static char *
format_range (gint64 start, gint64 end)
{
  g_autofree char *s = st_format_duration (start), *e = st_format_duration (end);
  g_autofree char *d = st_format_duration (end - start);

  /* Translators: a time range from the trace start, and its length */
  return g_strdup_printf (_ ("%s – %s (%s)"), s, e, d);
}

/* Recommendations. */

static GtkWidget *
wrapped_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_NONE);
  /* the card's width is the column's, not the longest sentence's */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
range_button (gint64 start, gint64 end)
{
  g_autofree char *text = format_range (start, end);
  GtkWidget       *button = gtk_button_new_with_label (text);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "summary.show-range");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(xx)", start, end);
  gtk_widget_set_tooltip_text (button, _ ("Show this range on the timeline"));
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "link");
  gtk_widget_add_css_class (button, "range-link");
  return button;
}

/* One finding: what was measured, why it happens, what to do, where. */
static GtkWidget *
recommendation_card (const StRecommendation *r, guint rank, gboolean compact)
{
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget       *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *rank_text = g_strdup_printf ("%u", rank);
  GtkWidget       *badge = gtk_label_new (rank_text);
  g_autofree char *cause = g_strdup_printf (_ ("Cause: %s"), r->cause);
  g_autofree char *action = g_strdup_printf (_ ("Action: %s"), r->action);
  GtkWidget       *measured = wrapped_label (r->measured, "recommendation-measured");

  gtk_widget_add_css_class (box, "recommendation");
  gtk_widget_add_css_class (badge, "rank-badge");
  gtk_widget_set_valign (badge, GTK_ALIGN_START);
  gtk_widget_set_hexpand (measured, TRUE);
  gtk_box_append (GTK_BOX (header), badge);
  gtk_box_append (GTK_BOX (header), measured);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), wrapped_label (cause, compact ? "caption" : NULL));
  gtk_box_append (GTK_BOX (box), wrapped_label (action, compact ? "caption" : NULL));
  gtk_box_append (GTK_BOX (box), range_button (r->start_ns, r->end_ns));
  gtk_widget_set_tooltip_text (box, r->rule);
  return box;
}

static void
fill_recommendations (GtkBox *box, StSummary *summary, gboolean compact)
{
  guint n = summary ? st_summary_get_n_recommendations (summary) : 0;

  clear_box (GTK_WIDGET (box));
  for (guint i = 0; i < n; i++)
    gtk_box_append (
        box, recommendation_card (st_summary_get_recommendation (summary, i), i + 1, compact));
  if (n == 0 && summary != NULL)
    gtk_box_append (box, wrapped_label (_ ("No findings: none of the rules fires for this range."),
                                        "dim-label"));
}

/* Metric tables. */

static void
fill_table (StSummaryPage *self, StMetricTable *table, StSummaryTable which)
{
  g_autoptr (GPtrArray) ids = st_metric_catalog_get_table_ids (
      which, (StSummary *const *)self->summaries->pdata, self->summaries->len);

  st_metric_table_set_metrics (table, (const char *const *)ids->pdata, ids->len,
                               (StSummary **)self->summaries->pdata, self->summaries->len,
                               (const char *const *)self->titles->pdata);
}

/* The profile's own metrics not in the main tables, a tab per group. */
static void
fill_profile_groups (StSummaryPage *self)
{
  StSummary             *summary = first_summary (self);
  g_autoptr (GHashTable) groups
      = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();

  clear_box (GTK_WIDGET (self->profile_stack));
  for (guint i = 0; summary != NULL && i < st_summary_get_n_metrics (summary); i++)
    {
      const StMetric *m = st_summary_get_metric (summary, i);
      GPtrArray      *ids;

      if (m->source != ST_METRIC_PROFILE
          || st_metric_catalog_get_table (m) != ST_SUMMARY_TABLE_PROFILE)
        continue;
      ids = g_hash_table_lookup (groups, m->group);
      if (ids == NULL)
        {
          ids = g_ptr_array_new ();
          g_hash_table_insert (groups, m->group, ids);
          g_ptr_array_add (order, (gpointer)m);
        }
      g_ptr_array_add (ids, m->id);
    }
  for (guint g = 0; g < order->len; g++)
    {
      const StMetric  *m = g_ptr_array_index (order, g);
      GPtrArray       *ids = g_hash_table_lookup (groups, m->group);
      GtkWidget       *table = st_metric_table_new ();
      g_autofree char *title
          = g_strdelimit (g_strdup (m->group_title ? m->group_title : m->group), "_", ' ');

      gtk_widget_set_margin_top (table, 4);
      st_metric_table_set_metrics (ST_METRIC_TABLE (table), (const char *const *)ids->pdata,
                                   ids->len, &summary, 1, NULL);
      gtk_stack_add_titled (self->profile_stack, table, m->group, title);
    }
  gtk_widget_set_visible (self->profile_card, order->len > 0);
}

static void
on_profile_group (GtkDropDown *dropdown, GParamSpec *pspec, StSummaryPage *self)
{
  GtkStackPage *page = gtk_drop_down_get_selected_item (dropdown);

  if (page != NULL)
    gtk_stack_set_visible_child (self->profile_stack, gtk_stack_page_get_child (page));
}

/* Charts. */

static double
metric_value (StSummary *summary, const char *id, gboolean *present)
{
  const StMetric *m = st_summary_lookup (summary, id);

  *present = m != NULL && m->present;
  return *present ? m->value : 0;
}

/* The tensor engine's FLOPs as the profile breaks them down, and the other
 * engines' active time, in percent: FALSE when the profile has no
 * breakdown. */
static gboolean
fill_neuron_engines (StBarChart *chart, GtkLabel *title, StSummary *summary)
{
  static const struct
  {
    const char *id;
    const char *label;
  } others[] = {
    { "vector_engine_active_time_percent", N_ ("Vector") },
    { "scalar_engine_active_time_percent", N_ ("Scalar") },
    { "gpsimd_engine_active_time_percent", N_ ("GpSimd") },
  };
  const char *segments[]
      = { _ ("Model"),     _ ("Transpose"), _ ("Other FLOPs"), _ ("Active, not useful"),
          _ ("Throttled"), _ ("Active") };
  enum
  {
    MODEL,
    TRANSPOSE,
    OTHER,
    NOT_USEFUL,
    THROTTLED,
    ACTIVE,
    N_SEG
  };
  double      values[4 * N_SEG] = { 0 };
  const char *labels[4];
  char       *texts[4] = { NULL };
  gboolean    has_mfu, has_hfu, has_active, has, has_hw, has_tr;
  double      mfu = metric_value (summary, "mfu_estimated_percent", &has_mfu);
  double      hfu = metric_value (summary, "hfu_estimated_percent", &has_hfu);
  double      active = metric_value (summary, "tensor_engine_active_time_percent", &has_active);
  double      hw = metric_value (summary, "hardware_flops", &has_hw);
  double      tr = metric_value (summary, "transpose_flops", &has_tr);
  double      throttled = metric_value (summary, "throttle_active_percent", &has);
  guint       n = 1;

  if (!has_mfu || !has_hfu || !has_active)
    return FALSE;
  values[MODEL] = mfu;
  values[TRANSPOSE] = has_hw && has_tr && hw > 0 ? hfu * tr / hw : 0;
  values[OTHER] = MAX (0, hfu - values[MODEL] - values[TRANSPOSE]);
  values[NOT_USEFUL] = MAX (0, active - hfu);
  values[THROTTLED] = has ? throttled : 0;
  labels[0] = _ ("Tensor");
  texts[0] = g_strdup_printf (_ ("%.1f %% active"), active);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      double v = metric_value (summary, others[i].id, &has);

      if (!has)
        continue;
      labels[n] = _ (others[i].label);
      values[n * N_SEG + ACTIVE] = v;
      texts[n] = g_strdup_printf (_ ("%.1f %% active"), v);
      n++;
    }
  /* useful work blue, overheads warm, waste red; the other engines green */
  static const guint colors[N_SEG] = { 0, 1, 7, 6, 5, 2 };

  st_bar_chart_set_data (chart, n, labels, (const char *const *)texts, N_SEG, segments, values, 100,
                         ST_BAR_CHART_PERCENT, TRUE);
  st_bar_chart_set_colors (chart, colors);
  /* xgettext:no-c-format */
  gtk_label_set_text (title, _ ("FLOPs Utilisation (% of peak, by engine)"));
  for (guint i = 0; i < n; i++)
    g_free (texts[i]);
  return TRUE;
}

static guint
class_index (GPtrArray *names, const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return i;
  g_ptr_array_add (names, (gpointer)name);
  return names->len - 1;
}

/* Per engine / stream: its busy time by kernel class, out of the range's
 * device time. */
static void
fill_engines (StBarChart *chart, GtkLabel *title, StSummary *summary)
{
  guint                 n = summary ? st_summary_get_n_engines (summary) : 0;
  guint                 shown = MIN (n, ST_METRIC_CATALOG_MAX_ENGINE_BARS);
  g_autoptr (GPtrArray) classes = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GArray)    values = NULL;
  double                max = 0;
  gboolean              present;

  if (summary != NULL && fill_neuron_engines (chart, title, summary))
    return;
  for (guint e = 0; e < shown; e++)
    {
      const StEngineUsage *u = st_summary_get_engine (summary, e);

      for (guint c = 0; u->classes != NULL && c < u->classes->len; c++)
        class_index (classes, g_array_index (u->classes, StEngineClass, c).name);
    }
  values = g_array_new (FALSE, TRUE, sizeof (double));
  g_array_set_size (values, MAX (1, shown * classes->len));
  for (guint e = 0; e < shown; e++)
    {
      const StEngineUsage *u = st_summary_get_engine (summary, e);

      for (guint c = 0; u->classes != NULL && c < u->classes->len; c++)
        {
          const StEngineClass *k = &g_array_index (u->classes, StEngineClass, c);
          g_array_index (values, double, e * classes->len + class_index (classes, k->name))
              += k->busy_ns;
        }
      g_ptr_array_add (labels, u->name);
      g_ptr_array_add (texts, g_strdup_printf (_ ("%.1f %% busy"), u->busy_percent));
      if (u->busy_percent > 0)
        max = MAX (max, u->busy_ns * 100.0 / u->busy_percent);
    }
  if (summary != NULL && max <= 0)
    max = metric_value (summary, "device_time_ns", &present);
  st_bar_chart_set_data (chart, shown, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, classes->len,
                         (const char *const *)classes->pdata, (double *)values->data, max,
                         ST_BAR_CHART_DURATION, TRUE);
  if (n > shown)
    {
      g_autofree char *text
          = g_strdup_printf (_ ("Engine / Stream Utilisation (busiest %u of %u)"), shown, n);
      gtk_label_set_text (title, text);
    }
  else
    gtk_label_set_text (title, _ ("Engine / Stream Utilisation"));
}

static void
fill_memory (StBarChart *chart, StSummary *summary)
{
  GArray               *parts = summary ? st_summary_get_memory (summary) : NULL;
  guint                 n = parts ? parts->len : 0;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree double    *values = g_new0 (double, MAX (1, n * n));
  g_autofree guint     *colors = g_new0 (guint, MAX (1, n));
  double                max = 0;

  /* a part per bar, each its own colour: the segments are the diagonal */
  for (guint i = 0; i < n; i++)
    {
      const StMemoryPart *p = &g_array_index (parts, StMemoryPart, i);
      g_autofree char    *size = g_format_size (p->bytes);
      g_autofree char    *count = st_format_count (p->count);

      g_ptr_array_add (labels, (gpointer)p->name);
      /* Translators: bytes moved, and in how many transfers */
      g_ptr_array_add (texts, p->count > 0 ? g_strdup_printf (_ ("%s · %s×"), size, count)
                                           : g_strdup (size));
      values[i * n + i] = p->bytes;
      max = MAX (max, p->bytes);
      /* what was not used is not a kind of traffic: the neutral colour */
      colors[i] = g_str_equal (p->name, "Unused") ? 6 : i % 6;
    }
  st_bar_chart_set_data (chart, n, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, n, (const char *const *)labels->pdata,
                         values, max, ST_BAR_CHART_BYTES, FALSE);
  st_bar_chart_set_colors (chart, colors);
}

static void
on_legend_toggled (GtkToggleButton *button, StSummaryPage *self)
{
  guint series = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "series"));

  st_collective_chart_set_series_visible (self->collective_chart, series,
                                          gtk_toggle_button_get_active (button));
}

static void
fill_collectives (StSummaryPage *self, StSummary *summary)
{
  guint n;

  st_collective_chart_set_summary (self->collective_chart, self->trace, summary);
  clear_box (GTK_WIDGET (self->legend_box));
  n = st_collective_chart_get_n_series (self->collective_chart);
  for (guint i = 0; i < n; i++)
    {
      const StCollectiveGroup *group = st_summary_get_collective_group (summary, i);
      GtkWidget               *button = gtk_toggle_button_new ();
      GtkWidget               *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget               *swatch = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      g_autofree char         *swatch_class = g_strdup_printf (
                  "series-%u", st_collective_chart_get_series_color (self->collective_chart, i));
      g_autofree char *min = st_format_duration (group->min_ns),
                      *median = st_format_duration (group->median_ns);
      g_autofree char *max = st_format_duration (group->max_ns),
                      *count = st_format_count (group->count);
      g_autofree char *tip = NULL;
      GtkWidget       *label = gtk_label_new (group->label);

      if (group->n_outliers > 0)
        /* Translators: a collective group's count, min, median, max and outliers */
        tip = g_strdup_printf (ngettext ("%s operations · min %s · median %s · max %s · %u outlier "
                                         "(> 2× median)\nClick to show or hide",
                                         "%s operations · min %s · median %s · max %s · %u "
                                         "outliers (> 2× median)\nClick to show or hide",
                                         group->n_outliers),
                               count, min, median, max, group->n_outliers);
      else
        tip = g_strdup_printf (
            _ ("%s operations · min %s · median %s · max %s\nClick to show or hide"), count, min,
            median, max);
      gtk_widget_add_css_class (swatch, "legend-swatch");
      gtk_widget_add_css_class (swatch, swatch_class);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "legend-entry");
      gtk_widget_set_tooltip_text (button, tip);
      g_object_set_data (G_OBJECT (button), "series", GUINT_TO_POINTER (i));
      g_signal_connect (button, "toggled", G_CALLBACK (on_legend_toggled), self);
      gtk_flow_box_append (self->legend_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->legend_box), n > 0);
}

/* Ranks: a row per file of a profile made of several. */
static void
fill_ranks (StSummaryPage *self, StSummary *summary)
{
  g_autoptr (GListModel) items = st_rank_item_new_model (summary);
  GtkSortListModel      *sorted = gtk_sort_list_model_new (
           g_object_ref (items), g_object_ref (gtk_column_view_get_sorter (self->ranks_view)));
  GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (sorted));

  gtk_column_view_set_model (self->ranks_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_widget_set_visible (self->ranks_card, g_list_model_get_n_items (items) >= 2);
}

static void
fill_operations (StSummaryPage *self)
{
  StSummary             *summary = first_summary (self);
  g_autoptr (GListModel) items = st_operation_item_new_model (
      self->trace, summary ? st_summary_get_operations (summary, self->by_track) : NULL);
  GtkSortListModel *sorted = gtk_sort_list_model_new (
      g_steal_pointer (&items), g_object_ref (gtk_column_view_get_sorter (self->operations_view)));
  GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (sorted));

  gtk_column_view_set_model (self->operations_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_column_view_column_set_visible (self->track_column, self->by_track);
}

/* Compare: a column per region, its findings and its engines. */
static void
fill_compare_columns (StSummaryPage *self)
{
  clear_box (GTK_WIDGET (self->compare_columns));
  for (guint i = 0; i < self->summaries->len; i++)
    {
      StSummary *summary = g_ptr_array_index (self->summaries, i);
      GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *title = gtk_label_new (g_ptr_array_index (self->titles, i));
      GtkWidget *recs = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *engine_title = gtk_label_new (NULL);
      GtkWidget *engines = st_bar_chart_new ();
      GtkWidget *memory_title = gtk_label_new (_ ("Memory Bandwidth Breakdown"));
      GtkWidget *memory = st_bar_chart_new ();
      gint64     start, end;

      gtk_widget_add_css_class (column, "card");
      gtk_widget_add_css_class (column, "summary-card");
      gtk_widget_add_css_class (title, "heading");
      gtk_label_set_xalign (GTK_LABEL (title), 0);
      gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
      gtk_box_append (GTK_BOX (column), title);
      st_summary_get_range (summary, &start, &end);
      gtk_box_append (GTK_BOX (column), range_button (start, end));
      fill_recommendations (GTK_BOX (recs), summary, TRUE);
      gtk_box_append (GTK_BOX (column), recs);
      gtk_widget_add_css_class (engine_title, "heading");
      gtk_widget_set_margin_top (engine_title, 12);
      gtk_label_set_xalign (GTK_LABEL (engine_title), 0);
      gtk_label_set_wrap (GTK_LABEL (engine_title), TRUE);
      fill_engines (ST_BAR_CHART (engines), GTK_LABEL (engine_title), summary);
      gtk_box_append (GTK_BOX (column), engine_title);
      gtk_box_append (GTK_BOX (column), engines);
      gtk_widget_add_css_class (memory_title, "heading");
      gtk_widget_set_margin_top (memory_title, 12);
      gtk_label_set_xalign (GTK_LABEL (memory_title), 0);
      st_bar_chart_set_empty_text (ST_BAR_CHART (memory), _ ("No memory traffic in this range"));
      fill_memory (ST_BAR_CHART (memory), summary);
      gtk_box_append (GTK_BOX (column), memory_title);
      gtk_box_append (GTK_BOX (column), memory);
      gtk_box_append (self->compare_columns, column);
    }
}

static void
update_range_label (StSummaryPage *self)
{
  StSummary       *summary = first_summary (self);
  gint64           start, end;
  g_autofree char *text = NULL;

  if (summary == NULL || self->compare)
    {
      gtk_label_set_text (self->range_label, "");
      return;
    }
  st_summary_get_range (summary, &start, &end);
  text = format_range (start, end);
  gtk_label_set_text (self->range_label, text);
}

static void
show_summaries (StSummaryPage *self)
{
  StSummary *summary = first_summary (self);

  update_range_label (self);
  if (self->compare && self->summaries->len > 1)
    {
      fill_table (self, self->compare_compute_table, ST_SUMMARY_TABLE_COMPUTE);
      fill_table (self, self->compare_memory_table, ST_SUMMARY_TABLE_MEMORY);
      fill_table (self, self->compare_communication_table, ST_SUMMARY_TABLE_COMMUNICATION);
      fill_compare_columns (self);
      gtk_stack_set_visible_child_name (self->content_stack, "compare");
      return;
    }
  fill_recommendations (self->recommendations_box, summary, FALSE);
  fill_table (self, self->compute_table, ST_SUMMARY_TABLE_COMPUTE);
  fill_table (self, self->memory_table, ST_SUMMARY_TABLE_MEMORY);
  fill_table (self, self->communication_table, ST_SUMMARY_TABLE_COMMUNICATION);
  gtk_widget_set_visible (self->communication_card,
                          st_metric_table_get_n_rows (self->communication_table) > 0);
  fill_profile_groups (self);
  fill_engines (self->engine_chart, self->engine_title, summary);
  fill_memory (self->memory_chart, summary);
  fill_collectives (self, summary);
  fill_operations (self);
  fill_ranks (self, summary);
  gtk_stack_set_visible_child_name (self->content_stack, "single");
}

/* Computing on a thread. */

typedef struct
{
  StTrace *trace;
  guint    n;
  gint64   starts[ST_SESSION_MAX_COMPARE];
  gint64   ends[ST_SESSION_MAX_COMPARE];
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
      StSummary *summary
          = st_summary_compute (job->trace, job->starts[i], job->ends[i], cancellable, &error);

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

static void
on_computed (GObject *object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (StSummaryPage) self = user_data;
  g_autoptr (GError)        error = NULL;
  g_autoptr (GPtrArray)     summaries = g_task_propagate_pointer (G_TASK (result), &error);
  GTask                    *task = G_TASK (result);

  if (g_task_get_cancellable (task) != self->cancellable)
    return; /* replaced by a newer computation */
  set_computing (self, FALSE);
  g_clear_object (&self->cancellable);
  if (summaries == NULL)
    {
      g_autofree char *text = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      text = g_strdup_printf (_ ("Could not summarise this range: %s"), error->message);
      gtk_label_set_text (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  g_ptr_array_unref (self->summaries);
  self->summaries = g_steal_pointer (&summaries);
  show_summaries (self);
}

static void
cancel_compute (StSummaryPage *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_computing (self, FALSE);
}

static void
add_range (Job *job, GPtrArray *titles, StRegion *region, StTrace *trace)
{
  job->starts[job->n] = region ? st_region_get_start (region) : 0;
  job->ends[job->n] = region ? st_region_get_end (region) : st_trace_get_end_ns (trace);
  job->n++;
  g_ptr_array_add (titles, g_strdup (region ? st_region_get_name (region) : _ ("Whole profile")));
}

/* Computes what the page shows (the region, or the picked ones in Compare)
 * on a thread, cancelling what was under way. */
static void
request_compute (StSummaryPage *self)
{
  g_autoptr (GTask) task = NULL;
  Job              *job;

  cancel_compute (self);
  if (self->trace == NULL)
    return;
  job = g_new0 (Job, 1);
  job->trace = g_object_ref (self->trace);
  g_ptr_array_set_size (self->titles, 0);
  if (self->compare)
    {
      GPtrArray *picked = st_session_get_compare_regions (self->session);

      for (guint i = 0; i < picked->len; i++)
        add_range (job, self->titles, g_ptr_array_index (picked, i), self->trace);
    }
  else
    add_range (job, self->titles, self->region, self->trace);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, on_computed, g_object_ref (self));
  g_task_set_source_tag (task, request_compute);
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  self->computing = TRUE;
  self->spinner_id = g_timeout_add (SPINNER_DELAY_MS, show_spinner, self);
  g_task_run_in_thread (task, compute_thread);
}

/* The region menu. */

static void
select_region_in_menu (StSummaryPage *self, StRegion *region)
{
  guint position = 0;

  if (region != NULL && self->session != NULL)
    {
      guint i = st_region_set_find (st_session_get_regions (self->session), region);
      if (i != G_MAXUINT)
        position = i + 1;
    }
  gtk_drop_down_set_selected (self->region_dropdown, position);
}

/* "Pick" adds the region shown to the comparison, or drops it. */
static void
update_pick (StSummaryPage *self)
{
  gboolean picked = self->session != NULL && self->region != NULL
                    && st_session_get_compare_index (self->session, self->region) >= 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.pick",
                                 self->region != NULL && !self->compare);
  gtk_button_set_label (self->pick_button, picked ? _ ("Un_pick") : _ ("_Pick"));
  gtk_widget_set_tooltip_text (
      GTK_WIDGET (self->pick_button),
      picked ? _ ("Drop the region shown from the comparison (Ctrl+P)")
             : _ ("Pick the region shown for comparison, up to three (Ctrl+P)"));
}

static void
on_selected_region (GtkDropDown *dropdown, GParamSpec *pspec, StSummaryPage *self)
{
  StRegion *item = gtk_drop_down_get_selected_item (dropdown);
  StRegion *region = item == self->whole ? NULL : item;

  if (self->session == NULL)
    return;
  /* the region shown was deleted: back to the whole profile, not a neighbour */
  if (self->region != NULL && region != NULL
      && st_region_set_find (st_session_get_regions (self->session), self->region) == G_MAXUINT)
    {
      gtk_drop_down_set_selected (dropdown, 0);
      return;
    }
  if (region == self->region)
    return;
  g_set_object (&self->region, region);
  update_pick (self);
  if (!self->compare)
    request_compute (self);
}

static void
update_compare (StSummaryPage *self)
{
  guint            n = self->session ? st_session_get_compare_regions (self->session)->len : 0;
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.compare", n >= 2);
  if (n >= 2)
    {
      g_autoptr (GString) names = g_string_new (NULL);
      GPtrArray          *picked = st_session_get_compare_regions (self->session);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (names, "%s%s", i ? ", " : "",
                                st_region_get_name (g_ptr_array_index (picked, i)));
      /* Translators: the names of the regions picked for comparison */
      text = g_strdup_printf (_ ("Picked: %s"), names->str);
      gtk_label_set_text (self->compare_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->compare_button),
                                   _ ("Show the picked regions side by side (Ctrl+K)"));
    }
  else
    {
      gtk_label_set_text (self->compare_label, "");
      gtk_widget_set_tooltip_text (
          GTK_WIDGET (self->compare_button),
          _ ("Pick two or three regions to compare: click their points in the Region Duration "
             "Distribution chart of the Annotations panel, press C on the timeline, or choose one "
             "above and Pick it"));
    }
  if (n < 2 && self->compare)
    {
      self->compare = FALSE;
      gtk_widget_set_sensitive (GTK_WIDGET (self->region_dropdown), TRUE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.choose-region", TRUE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARE]);
      request_compute (self);
    }
  else if (self->compare)
    request_compute (self);
  update_pick (self);
}

void
st_summary_page_set_session (StSummaryPage *self, StSession *session, GActionGroup *region_actions)
{
  g_autoptr (GListStore) models = NULL;

  g_return_if_fail (ST_IS_SUMMARY_PAGE (self));

  cancel_compute (self);
  g_signal_group_set_target (self->session_signals, session);
  g_set_object (&self->session, session);
  g_clear_object (&self->region);
  g_clear_object (&self->trace);
  g_ptr_array_set_size (self->summaries, 0);
  g_set_object (&self->region_actions, region_actions);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", region_actions);
  self->compare = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->region_dropdown), TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.choose-region", TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARE]);
  models = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (models, self->whole_store);
  if (session != NULL)
    {
      self->trace = g_object_ref (st_session_get_trace (session));
      g_list_store_append (models, st_session_get_regions (session));
    }
  g_clear_object (&self->region_model);
  self->region_model = gtk_flatten_list_model_new (G_LIST_MODEL (g_steal_pointer (&models)));
  gtk_drop_down_set_model (self->region_dropdown, G_LIST_MODEL (self->region_model));
  gtk_drop_down_set_selected (self->region_dropdown, 0);
  update_compare (self);
  request_compute (self);
}

/* Actions. */

static void
pick_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  if (self->session != NULL && self->region != NULL)
    st_session_toggle_compare (self->session, self->region);
}

static void
choose_region_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->region_dropdown));
  g_signal_emit_by_name (self->region_dropdown, "activate");
}

/* The marked or measured range of the timeline becomes a region, shown
 * here at once; with neither, the timeline opens with the Timing tool and
 * the Annotations panel, to measure one. */
static void
add_region_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);

  if (self->session == NULL || self->region_actions == NULL)
    return;
  if (g_action_group_get_action_enabled (self->region_actions, "add"))
    {
      g_action_group_activate_action (self->region_actions, "add", NULL);
      select_region_in_menu (self, st_session_get_selected_region (self->session));
      return;
    }
  st_session_set_tool (self->session, ST_TOOL_TIMING);
  gtk_widget_activate_action (widget, "win.show-annotations", NULL);
}

static void
show_range_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (widget);
  gint64         start, end;

  if (self->session == NULL)
    return;
  g_variant_get (parameter, "(xx)", &start, &end);
  gtk_widget_activate_action (widget, "win.show-timeline", NULL);
  st_session_set_range (self->session, start, end);
}

static void
on_instance_activated (StCollectiveChart *chart, guint track, guint index, StSummaryPage *self)
{
  StEventRef ref = { track, index, ST_EVENT_SLICE };

  if (self->session == NULL)
    return;
  st_session_select (self->session, ref, ST_SELECT_REPLACE);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-timeline", NULL);
  st_session_reveal (self->session, ref);
}

static void
set_compare (StSummaryPage *self, gboolean compare)
{
  if (self->compare == compare)
    return;
  if (compare && (self->session == NULL || st_session_get_compare_regions (self->session)->len < 2))
    return;
  self->compare = compare;
  /* the menu's region is not what Compare shows */
  gtk_widget_set_sensitive (GTK_WIDGET (self->region_dropdown), !compare);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.choose-region", !compare);
  if (!compare)
    {
      /* back to the region of the menu */
      g_ptr_array_set_size (self->summaries, 0);
      gtk_stack_set_visible_child_name (self->content_stack, "single");
    }
  request_compute (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARE]);
}

static void
set_by_track (StSummaryPage *self, gboolean by_track)
{
  if (self->by_track == by_track)
    return;
  self->by_track = by_track;
  if (!self->compare)
    fill_operations (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_TRACK]);
}

static void
set_box_plot (StSummaryPage *self, gboolean box_plot)
{
  if (self->box_plot == box_plot)
    return;
  self->box_plot = box_plot;
  st_collective_chart_set_box_plot (self->collective_chart, box_plot);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOX_PLOT]);
}

/* Operations table columns: a label bound to a text property, sorted by
 * the matching number. */
static GtkColumnViewColumn *
add_column (StSummaryPage *self,
            const char    *title,
            const char    *text_property,
            const char    *sort_property,
            gboolean       numeric,
            gboolean       expand)
{
  g_autofree char *ui = g_strdup_printf (
      "<interface><template class=\"GtkListItem\"><property name=\"child\"><object "
      "class=\"GtkLabel\"><property name=\"xalign\">%s</property><property "
      "name=\"ellipsize\">%s</property><property name=\"width-chars\">%d</property><property "
      "name=\"max-width-chars\">%d</property><binding name=\"label\"><lookup name=\"%s\" "
      "type=\"StOperationItem\"><lookup "
      "name=\"item\">GtkListItem</lookup></lookup></binding><binding name=\"tooltip-text\"><lookup "
      "name=\"%s\" type=\"StOperationItem\"><lookup "
      "name=\"item\">GtkListItem</lookup></lookup></binding>%s</object></property></template></"
      "interface>",
      numeric ? "1" : "0", numeric ? "none" : "middle", numeric ? 0 : 10, numeric ? 12 : 24,
      text_property, text_property, numeric ? "<style><class name=\"numeric\"/></style>" : "");
  g_autoptr (GBytes)  bytes = g_bytes_new (ui, strlen (ui));
  GtkListItemFactory *factory = gtk_builder_list_item_factory_new_from_bytes (NULL, bytes);
  GtkExpression      *expression
      = gtk_property_expression_new (ST_TYPE_OPERATION_ITEM, NULL, sort_property);
  GtkSorter           *sorter = numeric ? GTK_SORTER (gtk_numeric_sorter_new (expression))
                                        : GTK_SORTER (gtk_string_sorter_new (expression));
  GtkColumnViewColumn *column = gtk_column_view_column_new (title, factory);

  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_append_column (self->operations_view, column);
  g_object_unref (sorter);
  g_object_unref (column); /* the view holds it */
  return column;
}

/* Ranks table columns: a label bound to a text property (and a tooltip
 * property), sorted by the matching number (the rank by its file index),
 * aligned right when @numeric. */
static GtkColumnViewColumn *
add_rank_column (StSummaryPage *self,
                 const char    *title,
                 const char    *text_property,
                 const char    *tooltip_property,
                 const char    *sort_property,
                 gboolean       numeric)
{
  g_autofree char *ui = g_strdup_printf (
      "<interface><template class=\"GtkListItem\"><property name=\"child\"><object "
      "class=\"GtkLabel\"><property name=\"xalign\">%s</property><property "
      "name=\"ellipsize\">end</property><binding name=\"label\"><lookup name=\"%s\" "
      "type=\"StRankItem\"><lookup name=\"item\">GtkListItem</lookup></lookup></binding><binding "
      "name=\"tooltip-text\"><lookup name=\"%s\" type=\"StRankItem\"><lookup "
      "name=\"item\">GtkListItem</lookup></lookup></binding>%s</object></property></template></"
      "interface>",
      numeric ? "1" : "0", text_property, tooltip_property,
      numeric ? "<style><class name=\"numeric\"/></style>" : "");
  g_autoptr (GBytes)  bytes = g_bytes_new (ui, strlen (ui));
  GtkListItemFactory *factory = gtk_builder_list_item_factory_new_from_bytes (NULL, bytes);
  GtkExpression *expression = gtk_property_expression_new (ST_TYPE_RANK_ITEM, NULL, sort_property);
  GtkSorter     *sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
  GtkColumnViewColumn *column = gtk_column_view_column_new (title, factory);

  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, !numeric);
  gtk_column_view_append_column (self->ranks_view, column);
  g_object_unref (sorter);
  g_object_unref (column); /* the view holds it */
  return column;
}

static void
build_ranks_view (StSummaryPage *self)
{
  add_rank_column (self, _ ("Rank"), "label", "label", "file", FALSE);
  add_rank_column (self, _ ("Busy"), "busy-text", "busy-text", "busy", TRUE);
  add_rank_column (self, _ ("Comm."), "communication-text", "communication-text", "communication",
                   TRUE);
  add_rank_column (self, _ ("Exposed"), "exposed-text", "exposed-text", "exposed", TRUE);
  add_rank_column (self, _ ("Slowest in"), "slowest-text", "slowest-tooltip", "slowest", TRUE);
}

static void
build_operations_view (StSummaryPage *self)
{
  add_column (self, _ ("Name"), "name", "name", FALSE, TRUE);
  self->track_column = add_column (self, _ ("Track"), "track", "track", FALSE, TRUE);
  add_column (self, _ ("Count"), "count-text", "count", TRUE, FALSE);
  self->total_column = add_column (self, _ ("Total"), "total-text", "total", TRUE, FALSE);
  add_column (self, _ ("Average"), "average-text", "average", TRUE, FALSE);
  add_column (self, _ ("Min"), "min-text", "min", TRUE, FALSE);
  add_column (self, _ ("Max"), "max-text", "max", TRUE, FALSE);
  add_column (self, _ ("Share"), "share-text", "share", TRUE, FALSE);
  gtk_column_view_column_set_visible (self->track_column, FALSE);
  gtk_column_view_sort_by_column (self->operations_view, self->total_column, GTK_SORT_DESCENDING);
}

static void
st_summary_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_COMPARE: g_value_set_boolean (value, self->compare); break;
    case PROP_BY_TRACK: g_value_set_boolean (value, self->by_track); break;
    case PROP_BOX_PLOT: g_value_set_boolean (value, self->box_plot); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_summary_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_COMPARE: set_compare (self, g_value_get_boolean (value)); break;
    case PROP_BY_TRACK: set_by_track (self, g_value_get_boolean (value)); break;
    case PROP_BOX_PLOT: set_box_plot (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_summary_page_dispose (GObject *object)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);
  GtkWidget     *child;

  cancel_compute (self);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->session);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "regions", NULL);
  g_clear_object (&self->region_actions);
  g_clear_object (&self->region);
  g_clear_object (&self->trace);
  gtk_widget_dispose_template (GTK_WIDGET (self), ST_TYPE_SUMMARY_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->region_model);
  g_clear_object (&self->whole_store);
  g_clear_object (&self->whole);
  G_OBJECT_CLASS (st_summary_page_parent_class)->dispose (object);
}

static void
st_summary_page_finalize (GObject *object)
{
  StSummaryPage *self = ST_SUMMARY_PAGE (object);

  g_ptr_array_unref (self->summaries);
  g_ptr_array_unref (self->titles);
  G_OBJECT_CLASS (st_summary_page_parent_class)->finalize (object);
}

static void
st_summary_page_class_init (StSummaryPageClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass   *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_summary_page_dispose;
  object_class->finalize = st_summary_page_finalize;
  object_class->get_property = st_summary_page_get_property;
  object_class->set_property = st_summary_page_set_property;

  properties[PROP_COMPARE] = g_param_spec_boolean ("compare", NULL, NULL, FALSE, rw);
  properties[PROP_BY_TRACK] = g_param_spec_boolean ("by-track", NULL, NULL, FALSE, rw);
  properties[PROP_BOX_PLOT] = g_param_spec_boolean ("box-plot", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_METRIC_TABLE);
  g_type_ensure (ST_TYPE_BAR_CHART);
  g_type_ensure (ST_TYPE_COLLECTIVE_CHART);
  g_type_ensure (ST_TYPE_OPERATION_ITEM);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/strata/Strata/st-summary-page.ui");
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, region_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, range_label);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_label);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_button);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, content_scroller);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, recommendations_box);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, operations_view);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, ranks_card);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, ranks_view);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compute_table);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, memory_table);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, communication_table);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, communication_card);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, profile_card);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, profile_stack);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, profile_group_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, engine_title);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, engine_chart);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, memory_chart);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, legend_box);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, collective_chart);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_compute_table);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_memory_table);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_communication_table);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, compare_columns);
  gtk_widget_class_bind_template_child (widget_class, StSummaryPage, pick_button);

  gtk_widget_class_install_action (widget_class, "summary.choose-region", NULL,
                                   choose_region_action);
  gtk_widget_class_install_action (widget_class, "summary.add-region", NULL, add_region_action);
  gtk_widget_class_install_action (widget_class, "summary.pick", NULL, pick_action);
  gtk_widget_class_install_action (widget_class, "summary.show-range", "(xx)", show_range_action);
  gtk_widget_class_install_property_action (widget_class, "summary.compare", "compare");
  gtk_widget_class_install_property_action (widget_class, "summary.by-track", "by-track");
  gtk_widget_class_install_property_action (widget_class, "summary.box-plot", "box-plot");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "summary.choose-region", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "summary.add-region", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_R, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "summary.add-region", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_k, GDK_CONTROL_MASK, "summary.compare",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "summary.pick",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK,
                                       "summary.box-plot", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "summary.by-track", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, 0, "win.show-help-overlay",
                                       NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "summary");
}

static void
st_summary_page_init (StSummaryPage *self)
{
  const char *factory_ui
      = "<interface><template class=\"GtkListItem\"><property name=\"child\"><object "
        "class=\"GtkLabel\"><property name=\"xalign\">0</property><property "
        "name=\"ellipsize\">end</property><binding name=\"label\"><lookup name=\"name\" "
        "type=\"StRegion\"><lookup "
        "name=\"item\">GtkListItem</lookup></lookup></binding></object></property></template></"
        "interface>";
  g_autoptr (GBytes)             bytes = g_bytes_new_static (factory_ui, strlen (factory_ui));
  g_autoptr (GtkListItemFactory) factory = NULL;
  g_autoptr (GtkSelectionModel)  pages = NULL;
  GtkExpression                 *expression;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)st_summary_free);
  self->titles = g_ptr_array_new_with_free_func (g_free);
  self->whole = st_region_new (_ ("Whole profile"), 0, 0, ST_REGION_MANUAL);
  self->whole_store = g_list_store_new (ST_TYPE_REGION);
  g_list_store_append (self->whole_store, self->whole);
  /* names as they are now: a rename shows at once */
  factory = gtk_builder_list_item_factory_new_from_bytes (NULL, bytes);
  gtk_drop_down_set_factory (self->region_dropdown, factory);
  expression = gtk_property_expression_new (ST_TYPE_REGION, NULL, "name");
  gtk_drop_down_set_expression (self->region_dropdown, expression);
  gtk_expression_unref (expression);
  gtk_drop_down_set_enable_search (self->region_dropdown, TRUE);
  /* the page follows the picks of the session it shows */
  self->session_signals = g_signal_group_new (ST_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "compare-changed",
                                 G_CALLBACK (update_compare), self, G_CONNECT_SWAPPED);
  g_signal_connect (self->region_dropdown, "notify::selected-item", G_CALLBACK (on_selected_region),
                    self);
  g_signal_connect (self->collective_chart, "instance-activated",
                    G_CALLBACK (on_instance_activated), self);
  /* the profile's groups: a menu of the stack's pages */
  expression = gtk_property_expression_new (GTK_TYPE_STACK_PAGE, NULL, "title");
  gtk_drop_down_set_expression (self->profile_group_dropdown, expression);
  gtk_expression_unref (expression);
  pages = gtk_stack_get_pages (self->profile_stack);
  gtk_drop_down_set_model (self->profile_group_dropdown, G_LIST_MODEL (pages));
  g_signal_connect (self->profile_group_dropdown, "notify::selected-item",
                    G_CALLBACK (on_profile_group), self);
  build_operations_view (self);
  build_ranks_view (self);
  st_bar_chart_set_empty_text (self->engine_chart, _ ("No device events in this range"));
  st_bar_chart_set_empty_text (self->memory_chart, _ ("No memory traffic in this range"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.compare", FALSE);
}

GtkWidget *
st_summary_page_new (void)
{
  return g_object_new (ST_TYPE_SUMMARY_PAGE, NULL);
}

gboolean
st_summary_page_is_computing (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), FALSE);
  return self->computing;
}

StRegion *
st_summary_page_get_region (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), NULL);
  return self->region;
}

/* Shows @region (one of the session's, or NULL for the whole profile), as
 * choosing it in the menu does. */
void
st_summary_page_set_region (StSummaryPage *self, StRegion *region)
{
  g_return_if_fail (ST_IS_SUMMARY_PAGE (self));
  select_region_in_menu (self, region);
}

GtkDropDown *
st_summary_page_get_region_menu (StSummaryPage *self)
{
  return self->region_dropdown;
}

StMetricTable *
st_summary_page_get_compute_table (StSummaryPage *self)
{
  return self->compute_table;
}

StMetricTable *
st_summary_page_get_memory_table (StSummaryPage *self)
{
  return self->memory_table;
}

StCollectiveChart *
st_summary_page_get_collective_chart (StSummaryPage *self)
{
  return self->collective_chart;
}

GtkWidget *
st_summary_page_get_legend (StSummaryPage *self)
{
  return GTK_WIDGET (self->legend_box);
}

GtkWidget *
st_summary_page_get_recommendations (StSummaryPage *self)
{
  return GTK_WIDGET (self->recommendations_box);
}

GtkColumnView *
st_summary_page_get_operations (StSummaryPage *self)
{
  return self->operations_view;
}

/* The Ranks card (shown for a profile of several files) and its table of
 * StRankItem. */
GtkWidget *
st_summary_page_get_ranks_card (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), NULL);
  return self->ranks_card;
}

GtkColumnView *
st_summary_page_get_ranks (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), NULL);
  return self->ranks_view;
}

gboolean
st_summary_page_get_compare (StSummaryPage *self)
{
  g_return_val_if_fail (ST_IS_SUMMARY_PAGE (self), FALSE);
  return self->compare;
}

StMetricTable *
st_summary_page_get_compare_table (StSummaryPage *self)
{
  return self->compare_compute_table;
}

/* What holds the page's content: it scrolls only on a screen smaller than
 * the page needs. */
GtkScrolledWindow *
st_summary_page_get_scroller (StSummaryPage *self)
{
  return self->content_scroller;
}
