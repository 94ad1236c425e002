/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-compare-column-section.h"

#include "st-engines-section.h"
#include "st-memory-breakdown-section.h"
#include "st-recommendation-item.h"
#include "st-recommendation-list.h"

#include <glib/gi18n.h>

struct _StCompareColumnSection
{
  StSummarySection parent_instance;

  GtkButton            *range_button;
  StRecommendationList *recommendations;
  GtkLabel             *engine_title;
  StBarChart           *engine_chart;
  StBarChart           *memory_chart;
};

G_DEFINE_FINAL_TYPE (StCompareColumnSection, st_compare_column_section, ST_TYPE_SUMMARY_SECTION)

/* Shows the first of @summaries, the region named @titles[0]. */
static void
st_compare_column_section_show (StSummarySection  *section,
                                StTrace           *trace,
                                StSummary *const  *summaries,
                                const char *const *titles,
                                guint              n_summaries)
{
  StCompareColumnSection *self = ST_COMPARE_COLUMN_SECTION (section);
  g_autofree char        *range = NULL, *engines = NULL;
  gint64                  start, end;

  st_summary_section_set_title (section, titles[0]);
  st_summary_get_range (summaries[0], &start, &end);
  range = st_summary_section_format_range (start, end);
  gtk_button_set_label (self->range_button, range);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->range_button), "(xx)", start, end);
  engines = st_engines_section_fill_chart (self->engine_chart, summaries[0]);
  gtk_label_set_text (self->engine_title, engines);
  st_memory_breakdown_section_fill_chart (self->memory_chart, summaries[0]);
}

void
st_compare_column_section_show_diagnosis (StCompareColumnSection *self, StDiagnosis *diagnosis)
{
  g_autoptr (GListModel) findings = st_recommendation_item_new_model (diagnosis);

  g_return_if_fail (ST_IS_COMPARE_COLUMN_SECTION (self));
  st_recommendation_list_set_model (self->recommendations, findings);
}

static void
st_compare_column_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_COMPARE_COLUMN_SECTION);
  G_OBJECT_CLASS (st_compare_column_section_parent_class)->dispose (object);
}

static void
st_compare_column_section_class_init (StCompareColumnSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_compare_column_section_dispose;
  section_class->show = st_compare_column_section_show;

  g_type_ensure (ST_TYPE_RECOMMENDATION_LIST);
  g_type_ensure (ST_TYPE_BAR_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-compare-column-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StCompareColumnSection, range_button);
  gtk_widget_class_bind_template_child (widget_class, StCompareColumnSection, recommendations);
  gtk_widget_class_bind_template_child (widget_class, StCompareColumnSection, engine_title);
  gtk_widget_class_bind_template_child (widget_class, StCompareColumnSection, engine_chart);
  gtk_widget_class_bind_template_child (widget_class, StCompareColumnSection, memory_chart);
}

static void
st_compare_column_section_init (StCompareColumnSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  st_bar_chart_set_empty_text (self->memory_chart, _ ("No memory traffic in this range"));
}

GtkWidget *
st_compare_column_section_new (void)
{
  return g_object_new (ST_TYPE_COMPARE_COLUMN_SECTION, NULL);
}
