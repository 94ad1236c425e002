/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-devices-section.h"

#include "st-device-item.h"
#include "st-metric-catalog.h"

#include <glib/gi18n.h>

struct _StDevicesSection
{
  StSummarySection parent_instance;

  GtkScrolledWindow   *devices_scroller;
  GtkColumnView       *devices_view;
  GtkColumnViewColumn *active_column;
};

/* The GPUs of one machine. */
#define NODE_DEVICES 8

G_DEFINE_FINAL_TYPE (StDevicesSection, st_devices_section, ST_TYPE_SUMMARY_SECTION)

static void
st_devices_section_show (StSummarySection  *section,
                         StTrace           *trace,
                         StSummary *const  *summaries,
                         const char *const *titles,
                         guint              n_summaries)
{
  StDevicesSection            *self = ST_DEVICES_SECTION (section);
  g_autoptr (GListModel)       items = st_device_item_new_model (summaries[0]);
  g_autoptr (GtkSortListModel) sorted = gtk_sort_list_model_new (
      g_object_ref (items), g_object_ref (gtk_column_view_get_sorter (self->devices_view)));
  g_autoptr (GtkNoSelection) selection
      = gtk_no_selection_new (G_LIST_MODEL (g_steal_pointer (&sorted)));
  g_autofree char *heading = NULL;
  gboolean         has_active = FALSE;

  /* the profiler's active time is a column where the profile carries it */
  for (guint i = 0; i < st_summary_get_n_devices (summaries[0]); i++)
    has_active |= st_summary_get_device (summaries[0], i)->has_active;
  gtk_column_view_column_set_visible (self->active_column, has_active);
  gtk_column_view_set_model (self->devices_view, GTK_SELECTION_MODEL (selection));
  /* the devices of a node are all in view, never squeezed behind a
   * scrollbar; more scroll within the card */
  gtk_scrolled_window_set_policy (
      self->devices_scroller, GTK_POLICY_NEVER,
      g_list_model_get_n_items (items) <= NODE_DEVICES ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC);
  gtk_widget_set_visible (GTK_WIDGET (self), g_list_model_get_n_items (items) >= 2);
  /* its percentages (busy, active) are of device time (docs/metrics.md 2.2) */
  heading = st_denominator_dup_heading (ST_DENOMINATOR_DEVICE_TIME, _ ("Devices"));
  st_summary_section_set_title (section, heading);
}

static void
st_devices_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_DEVICES_SECTION);
  G_OBJECT_CLASS (st_devices_section_parent_class)->dispose (object);
}

static void
st_devices_section_class_init (StDevicesSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_devices_section_dispose;
  section_class->show = st_devices_section_show;

  g_type_ensure (ST_TYPE_DEVICE_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-devices-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StDevicesSection, devices_scroller);
  gtk_widget_class_bind_template_child (widget_class, StDevicesSection, devices_view);
  gtk_widget_class_bind_template_child (widget_class, StDevicesSection, active_column);
}

static void
st_devices_section_init (StDevicesSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
