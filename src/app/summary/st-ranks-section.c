#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-ranks-section.h"

#include "st-rank-item.h"
#include "st-metric-catalog.h"

#include <glib/gi18n.h>

struct _StRanksSection
{
  StSummarySection parent_instance;

  GtkColumnView *ranks_view;
};

G_DEFINE_FINAL_TYPE (StRanksSection, st_ranks_section, ST_TYPE_SUMMARY_SECTION)

static void
st_ranks_section_show (StSummarySection  *section,
                       StTrace           *trace,
                       StSummary *const  *summaries,
                       const char *const *titles,
                       guint              n_summaries)
{
  StRanksSection              *self = ST_RANKS_SECTION (section);
  g_autoptr (GListModel)       items = st_rank_item_new_model (summaries[0]);
  g_autoptr (GtkSortListModel) sorted = gtk_sort_list_model_new (
      g_object_ref (items), g_object_ref (gtk_column_view_get_sorter (self->ranks_view)));
  g_autoptr (GtkNoSelection) selection
      = gtk_no_selection_new (G_LIST_MODEL (g_steal_pointer (&sorted)));
  g_autofree char *heading = NULL;

  gtk_column_view_set_model (self->ranks_view, GTK_SELECTION_MODEL (selection));
  gtk_widget_set_visible (GTK_WIDGET (self), g_list_model_get_n_items (items) >= 2);
  /* its percentages (busy) are of device time (docs/metrics.md 2.2) */
  heading = st_denominator_dup_heading (ST_DENOMINATOR_DEVICE_TIME, _ ("Ranks"));
  st_summary_section_set_title (section, heading);
}

static void
st_ranks_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_RANKS_SECTION);
  G_OBJECT_CLASS (st_ranks_section_parent_class)->dispose (object);
}

static void
st_ranks_section_class_init (StRanksSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_ranks_section_dispose;
  section_class->show = st_ranks_section_show;

  g_type_ensure (ST_TYPE_RANK_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-ranks-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StRanksSection, ranks_view);
}

static void
st_ranks_section_init (StRanksSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
