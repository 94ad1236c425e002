/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-memory-peaks-section.h"

#include "st-memory-peak-item.h"

struct _StMemoryPeaksSection
{
  StSummarySection parent_instance;

  GtkScrolledWindow *scroller;
  GtkColumnView     *view;
};

/* The GPUs of one machine and their host. */
#define NODE_DEVICES 9

G_DEFINE_FINAL_TYPE (StMemoryPeaksSection, st_memory_peaks_section, ST_TYPE_SUMMARY_SECTION)

static void
st_memory_peaks_section_show (StSummarySection  *section,
                              StTrace           *trace,
                              StSummary *const  *summaries,
                              const char *const *titles,
                              guint              n_summaries)
{
  StMemoryPeaksSection        *self = ST_MEMORY_PEAKS_SECTION (section);
  g_autoptr (GListModel)       items = st_memory_peak_item_new_model (trace, summaries[0]);
  g_autoptr (GtkSortListModel) sorted = gtk_sort_list_model_new (
      g_object_ref (items), g_object_ref (gtk_column_view_get_sorter (self->view)));
  g_autoptr (GtkNoSelection) selection
      = gtk_no_selection_new (G_LIST_MODEL (g_steal_pointer (&sorted)));
  guint n = g_list_model_get_n_items (items);

  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  /* a machine's devices are all in view; more scroll within the card */
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER,
                                  n <= NODE_DEVICES ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC);
  if (n == 0)
    st_summary_section_fold (section, trace, summaries[0]);
}

/* A row leads to its allocation at the peak on the timeline. */
static void
on_activate (GtkColumnView *view, guint position, StMemoryPeaksSection *self)
{
  g_autoptr (StMemoryPeakItem) item
      = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (view)), position);
  StEventRef event;

  if (item != NULL && st_memory_peak_item_get_event (item, &event))
    gtk_widget_activate_action (GTK_WIDGET (self), "summary.show-instant", "(uu)", event.track,
                                event.index);
}

static void
st_memory_peaks_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_MEMORY_PEAKS_SECTION);
  G_OBJECT_CLASS (st_memory_peaks_section_parent_class)->dispose (object);
}

static void
st_memory_peaks_section_class_init (StMemoryPeaksSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_memory_peaks_section_dispose;
  section_class->show = st_memory_peaks_section_show;

  g_type_ensure (ST_TYPE_MEMORY_PEAK_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-memory-peaks-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StMemoryPeaksSection, scroller);
  gtk_widget_class_bind_template_child (widget_class, StMemoryPeaksSection, view);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
}

static void
st_memory_peaks_section_init (StMemoryPeaksSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
