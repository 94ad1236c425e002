/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-metrics-section.h"

#include "st-metric-table.h"

struct _StMetricsSection
{
  StSummarySection parent_instance;

  StSummaryTable table;
  gboolean       hide_empty;

  StMetricTable *metric_table;
};

G_DEFINE_FINAL_TYPE (StMetricsSection, st_metrics_section, ST_TYPE_SUMMARY_SECTION)

enum
{
  PROP_0,
  PROP_TABLE,
  PROP_HIDE_EMPTY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_metrics_section_show (StSummarySection  *section,
                         StTrace           *trace,
                         StSummary *const  *summaries,
                         const char *const *titles,
                         guint              n_summaries)
{
  StMetricsSection     *self = ST_METRICS_SECTION (section);
  g_autoptr (GPtrArray) ids = st_metric_catalog_get_table_ids (self->table, summaries, n_summaries);

  st_metric_table_set_metrics (self->metric_table, (const char *const *)ids->pdata, ids->len,
                               (StSummary **)summaries, n_summaries, titles);
  if (self->hide_empty)
    gtk_widget_set_visible (GTK_WIDGET (self), ids->len > 0);
}

static void
st_metrics_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_METRICS_SECTION);
  G_OBJECT_CLASS (st_metrics_section_parent_class)->dispose (object);
}

static void
st_metrics_section_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StMetricsSection *self = ST_METRICS_SECTION (object);

  switch (prop_id)
    {
    case PROP_TABLE: g_value_set_enum (value, self->table); break;
    case PROP_HIDE_EMPTY: g_value_set_boolean (value, self->hide_empty); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_metrics_section_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  StMetricsSection *self = ST_METRICS_SECTION (object);

  switch (prop_id)
    {
    case PROP_TABLE: st_metrics_section_set_table (self, g_value_get_enum (value)); break;
    case PROP_HIDE_EMPTY:
      st_metrics_section_set_hide_empty (self, g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_metrics_section_class_init (StMetricsSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);
  const GParamFlags      rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = st_metrics_section_dispose;
  object_class->get_property = st_metrics_section_get_property;
  object_class->set_property = st_metrics_section_set_property;
  section_class->show = st_metrics_section_show;

  properties[PROP_TABLE] = g_param_spec_enum ("table", NULL, NULL, ST_TYPE_SUMMARY_TABLE,
                                              ST_SUMMARY_TABLE_COMPUTE, rw);
  properties[PROP_HIDE_EMPTY] = g_param_spec_boolean ("hide-empty", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_METRIC_TABLE);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-metrics-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StMetricsSection, metric_table);
}

static void
st_metrics_section_init (StMetricsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

StSummaryTable
st_metrics_section_get_table (StMetricsSection *self)
{
  g_return_val_if_fail (ST_IS_METRICS_SECTION (self), ST_SUMMARY_TABLE_COMPUTE);
  return self->table;
}

void
st_metrics_section_set_table (StMetricsSection *self, StSummaryTable table)
{
  g_return_if_fail (ST_IS_METRICS_SECTION (self));

  if (self->table == table)
    return;
  self->table = table;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

gboolean
st_metrics_section_get_hide_empty (StMetricsSection *self)
{
  g_return_val_if_fail (ST_IS_METRICS_SECTION (self), FALSE);
  return self->hide_empty;
}

void
st_metrics_section_set_hide_empty (StMetricsSection *self, gboolean hide_empty)
{
  g_return_if_fail (ST_IS_METRICS_SECTION (self));

  hide_empty = !!hide_empty;
  if (self->hide_empty == hide_empty)
    return;
  self->hide_empty = hide_empty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIDE_EMPTY]);
}
