/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-ranks-section.h"

#include "st-format.h"
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
  g_autoptr (GListModel)       items = st_summary_list_ranks (summaries[0]);
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

/* The texts of the table's cells, from the numbers its columns sort by:
 * "—" for device numbers the rank lacks. */
static char *
format_busy (GtkListItem *item, gboolean has_device, double percent)
{
  return has_device ? st_summary_format_value (ST_UNIT_PERCENT, percent) : g_strdup ("—");
}

static char *
format_device_duration (GtkListItem *item, gboolean has_device, gint64 ns)
{
  return has_device ? st_format_duration (ns) : g_strdup ("—");
}

static char *
format_slowest (GtkListItem *item, guint slowest, guint matched)
{
  /* Translators: in how many of the collectives matched across ranks this
   * rank was the straggler (started last, 1 µs or more after the first),
   * "3 of 20" */
  return g_strdup_printf (_ ("%u of %u"), slowest, matched);
}

/* Whether the rank made the others wait, and, when some collectives had
 * no straggler at all, how many: they count for no rank. */
static char *
format_slowest_tooltip (GtkListItem *item, guint slowest, gint64 late_ns, guint no_straggler)
{
  g_autofree char *late = st_format_duration (late_ns);
  g_autofree char *own = NULL;

  if (slowest == 0)
    own = g_strdup (_ ("Never the straggler of a collective operation: the other ranks never "
                       "waited 1 µs or more for it"));
  else
    own = g_strdup_printf (ngettext ("The last rank to start %u collective operation: the other "
                                     "ranks waited %s for it in all",
                                     "The last rank to start %u collective operations: the other "
                                     "ranks waited %s for it in all",
                                     slowest),
                           slowest, late);
  if (no_straggler == 0)
    return g_steal_pointer (&own);
  /* Translators: %s is one of the two sentences above */
  return g_strdup_printf (ngettext ("%s. %u collective operation had no straggler: every rank "
                                    "started it within 1 µs of the first",
                                    "%s. %u collective operations had no straggler: every rank "
                                    "started them within 1 µs of the first",
                                    no_straggler),
                          own, no_straggler);
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

  g_type_ensure (ST_TYPE_RANK);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-ranks-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StRanksSection, ranks_view);
  gtk_widget_class_bind_template_callback (widget_class, format_busy);
  gtk_widget_class_bind_template_callback (widget_class, format_device_duration);
  gtk_widget_class_bind_template_callback (widget_class, format_slowest);
  gtk_widget_class_bind_template_callback (widget_class, format_slowest_tooltip);
}

static void
st_ranks_section_init (StRanksSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
