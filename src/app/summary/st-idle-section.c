/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-idle-section.h"

#include "st-bar-chart.h"
#include "st-metric-catalog.h"
#include "st-format.h"
#include "st-stream-launches.h"

#include <glib/gi18n.h>

struct _StIdleSection
{
  StSummarySection parent_instance;

  StBarChart        *chart;
  GtkLabel          *note;
  GtkWidget         *launches_heading;
  GtkScrolledWindow *launches_scroller;
  GtkColumnView     *launches_view;
};

G_DEFINE_FINAL_TYPE (StIdleSection, st_idle_section, ST_TYPE_SUMMARY_SECTION)

/* The launches of the streams of one machine are all in view. */
#define NODE_STREAMS 8

/* The streams to draw: the busiest first, at most the catalogue's bars;
 * their indexes in @summary. */
static GArray *
busiest_streams (StSummary *summary)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));
  guint   n = st_summary_get_n_streams (summary);

  for (guint i = 0; i < n; i++)
    {
      gint64 busy = st_summary_get_stream (summary, i)->busy_ns;
      guint  at = order->len;

      /* by busy time, the summary's order among equals */
      while (at > 0
             && st_summary_get_stream (summary, g_array_index (order, guint, at - 1))->busy_ns
                    < busy)
        at--;
      g_array_insert_val (order, at, i);
    }
  g_array_set_size (order, MIN (order->len, ST_METRIC_CATALOG_MAX_ENGINE_BARS));
  return order;
}

/* A bar per stream: its idle time by kind (or whole, when the kinds are
 * not in the profile), out of the range. */
static void
fill_chart (StIdleSection *self, StTrace *trace, StSummary *summary, GArray *order, gboolean kinds)
{
  static const guint kind_colors[ST_N_GAP_KINDS] = { 1, 3, 6 };
  static const guint whole_color[] = { 6 };
  const char *kind_names[ST_N_GAP_KINDS] = { _ ("Host wait"), _ ("Stream wait"), _ ("Other") };
  const char *whole_name[] = { _ ("Idle") };
  guint       n_segments = kinds ? ST_N_GAP_KINDS : 1;
  g_autofree double    *values = g_new0 (double, MAX (1, order->len * n_segments));
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  gint64                start, end;

  st_summary_get_range (summary, &start, &end);
  for (guint b = 0; b < order->len; b++)
    {
      const StStreamUsage *u = st_summary_get_stream (summary, g_array_index (order, guint, b));
      g_autofree char     *share = st_summary_format_value (
              ST_UNIT_PERCENT, end > start ? 100.0 * u->idle_ns / (end - start) : 0);

      for (guint k = 0; k < n_segments; k++)
        values[b * n_segments + k] = kinds ? u->kind_ns[k] : u->idle_ns;
      g_ptr_array_add (labels, st_summary_dup_stream_title (summary, trace, u));
      /* Translators: a stream's idle time as a share of the range */
      g_ptr_array_add (texts, g_strdup_printf (_ ("%s idle"), share));
    }
  st_bar_chart_set_data (self->chart, order->len, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, n_segments,
                         kinds ? kind_names : whole_name, values, MAX (1, end - start),
                         ST_BAR_CHART_DURATION, TRUE);
  st_bar_chart_set_colors (self->chart, kinds ? kind_colors : whole_color);
}

static void
show_launches (StIdleSection *self, StTrace *trace, StSummary *summary)
{
  g_autoptr (GListModel)       items = st_summary_list_streams (summary, trace);
  g_autoptr (GtkSortListModel) sorted = gtk_sort_list_model_new (
      g_object_ref (items), g_object_ref (gtk_column_view_get_sorter (self->launches_view)));
  g_autoptr (GtkNoSelection) selection
      = gtk_no_selection_new (G_LIST_MODEL (g_steal_pointer (&sorted)));
  guint n = g_list_model_get_n_items (items);

  gtk_column_view_set_model (self->launches_view, GTK_SELECTION_MODEL (selection));
  gtk_scrolled_window_set_policy (self->launches_scroller, GTK_POLICY_NEVER,
                                  n <= NODE_STREAMS ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC);
  gtk_widget_set_visible (self->launches_heading, n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->launches_scroller), n > 0);
}

static void
st_idle_section_show (StSummarySection  *section,
                      StTrace           *trace,
                      StSummary *const  *summaries,
                      const char *const *titles,
                      guint              n_summaries)
{
  StIdleSection     *self = ST_IDLE_SECTION (section);
  StSummary         *summary = summaries[0];
  guint              n = st_summary_get_n_streams (summary);
  g_autoptr (GArray) order = busiest_streams (summary);
  gboolean           kinds = n > 0 && st_summary_get_stream (summary, 0)->has_kinds;
  g_autofree char   *title = NULL, *heading = NULL;

  fill_chart (self, trace, summary, order, kinds);
  show_launches (self, trace, summary);
  gtk_label_set_label (self->note, _ ("Launch calls are not in this profile: the idle time is not "
                                      "split by why the streams waited."));
  gtk_widget_set_visible (GTK_WIDGET (self->note), n > 0 && !kinds);
  if (n == 0)
    {
      st_summary_section_set_title (section, _ ("Idle Time"));
      st_summary_section_fold (section, trace, summary);
      return;
    }
  /* every stream's share is of the range, not of device time as Device
   * busy is (docs/metrics.md 2.2): the heading says it once */
  title = n > order->len ? g_strdup_printf (_ ("Idle Time, busiest %u of %u"), order->len, n)
                         : g_strdup (_ ("Idle Time"));
  heading = st_denominator_dup_heading (ST_DENOMINATOR_RANGE, title);
  st_summary_section_set_title (section, heading);
}

/* The texts of the launches table's cells, from the numbers its columns
 * sort by. */
static char *
format_count (GtkListItem *item, guint count)
{
  return st_format_count (count);
}

static char *
format_duration (GtkListItem *item, gint64 ns)
{
  return st_format_duration (ns);
}

static void
st_idle_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_IDLE_SECTION);
  G_OBJECT_CLASS (st_idle_section_parent_class)->dispose (object);
}

static void
st_idle_section_class_init (StIdleSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_idle_section_dispose;
  section_class->show = st_idle_section_show;

  g_type_ensure (ST_TYPE_BAR_CHART);
  g_type_ensure (ST_TYPE_STREAM_LAUNCHES);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-idle-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StIdleSection, chart);
  gtk_widget_class_bind_template_child (widget_class, StIdleSection, note);
  gtk_widget_class_bind_template_child (widget_class, StIdleSection, launches_heading);
  gtk_widget_class_bind_template_child (widget_class, StIdleSection, launches_scroller);
  gtk_widget_class_bind_template_child (widget_class, StIdleSection, launches_view);
  gtk_widget_class_bind_template_callback (widget_class, format_count);
  gtk_widget_class_bind_template_callback (widget_class, format_duration);
}

static void
st_idle_section_init (StIdleSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Translators: what a stream's bar is, in a segment's tooltip */
  st_bar_chart_set_share_text (self->chart, _ ("of its idle time"));
}
