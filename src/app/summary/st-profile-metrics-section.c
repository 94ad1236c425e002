/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-profile-metrics-section.h"

#include "st-metric-catalog.h"
#include "st-metric-table.h"

struct _StProfileMetricsSection
{
  StSummarySection parent_instance;

  GtkDropDown *group_dropdown;
  GtkStack    *group_stack;
  GtkLabel    *problems_label;
};

G_DEFINE_FINAL_TYPE (StProfileMetricsSection, st_profile_metrics_section, ST_TYPE_SUMMARY_SECTION)

static void
clear_stack (GtkStack *stack)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (stack))) != NULL)
    gtk_stack_remove (stack, child);
}

/* The ids of the profile's own metrics, per group, and the groups in the
 * profile's order (each by its first metric). */
static GHashTable *
group_metrics (StSummary *summary, GPtrArray *order)
{
  GHashTable *groups
      = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);

  for (guint i = 0; i < st_summary_get_n_metrics (summary); i++)
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
  return groups;
}

/* The sections of the profile's own metrics that could not be read: what
 * they held is missing from the tables, and this says why. */
static void
show_problems (StProfileMetricsSection *self, GPtrArray *problems)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < problems->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "\n" : "",
                            (const char *)g_ptr_array_index (problems, i));
  gtk_label_set_text (self->problems_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_label), problems->len > 0);
}

static void
st_profile_metrics_section_show (StSummarySection  *section,
                                 StTrace           *trace,
                                 StSummary *const  *summaries,
                                 const char *const *titles,
                                 guint              n_summaries)
{
  StProfileMetricsSection *self = ST_PROFILE_METRICS_SECTION (section);
  StSummary               *summary = summaries[0];
  g_autoptr (GPtrArray)    order = g_ptr_array_new ();
  g_autoptr (GHashTable)   groups = group_metrics (summary, order);

  clear_stack (self->group_stack);
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
      gtk_stack_add_titled (self->group_stack, table, m->group, title);
    }
  show_problems (self, st_summary_get_problems (summary));
  gtk_widget_set_visible (GTK_WIDGET (self->group_dropdown), order->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self),
                          order->len > 0 || st_summary_get_problems (summary)->len > 0);
}

static void
on_group_selected (GtkDropDown *dropdown, GParamSpec *pspec, StProfileMetricsSection *self)
{
  GtkStackPage *page = gtk_drop_down_get_selected_item (dropdown);

  if (page != NULL)
    gtk_stack_set_visible_child (self->group_stack, gtk_stack_page_get_child (page));
}

static void
st_profile_metrics_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_PROFILE_METRICS_SECTION);
  G_OBJECT_CLASS (st_profile_metrics_section_parent_class)->dispose (object);
}

static void
st_profile_metrics_section_class_init (StProfileMetricsSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_profile_metrics_section_dispose;
  section_class->show = st_profile_metrics_section_show;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-profile-metrics-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StProfileMetricsSection, group_dropdown);
  gtk_widget_class_bind_template_child (widget_class, StProfileMetricsSection, group_stack);
  gtk_widget_class_bind_template_child (widget_class, StProfileMetricsSection, problems_label);
  gtk_widget_class_bind_template_callback (widget_class, on_group_selected);
}

static void
st_profile_metrics_section_init (StProfileMetricsSection *self)
{
  g_autoptr (GtkSelectionModel) pages = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* the menu lists the stack's pages, a group each */
  pages = gtk_stack_get_pages (self->group_stack);
  gtk_drop_down_set_model (self->group_dropdown, G_LIST_MODEL (pages));
}
