#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recommendations-section.h"

#include "st-recommendation-item.h"
#include "st-recommendation-list.h"

struct _StRecommendationsSection
{
  StSummarySection parent_instance;

  StRecommendationList *recommendations;
};

G_DEFINE_FINAL_TYPE (StRecommendationsSection, st_recommendations_section, ST_TYPE_SUMMARY_SECTION)

static void
st_recommendations_section_show (StSummarySection  *section,
                                 StTrace           *trace,
                                 StSummary *const  *summaries,
                                 const char *const *titles,
                                 guint              n_summaries)
{
  StRecommendationsSection *self = ST_RECOMMENDATIONS_SECTION (section);
  g_autoptr (GListModel)    recommendations = st_recommendation_item_new_model (summaries[0]);

  st_recommendation_list_set_model (self->recommendations, recommendations);
}

static void
st_recommendations_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_RECOMMENDATIONS_SECTION);
  G_OBJECT_CLASS (st_recommendations_section_parent_class)->dispose (object);
}

static void
st_recommendations_section_class_init (StRecommendationsSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_recommendations_section_dispose;
  section_class->show = st_recommendations_section_show;

  g_type_ensure (ST_TYPE_RECOMMENDATION_LIST);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-recommendations-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StRecommendationsSection, recommendations);
}

static void
st_recommendations_section_init (StRecommendationsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
