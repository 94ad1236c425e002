#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-collectives-section.h"

#include "st-collective-chart.h"
#include "st-format.h"

#include <glib/gi18n.h>

struct _StCollectivesSection
{
  StSummarySection parent_instance;

  GtkFlowBox        *legend;
  StCollectiveChart *chart;
};

G_DEFINE_FINAL_TYPE (StCollectivesSection, st_collectives_section, ST_TYPE_SUMMARY_SECTION)

enum
{
  PROP_0,
  PROP_BOX_PLOT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_legend_toggled (GtkToggleButton *button, StCollectivesSection *self)
{
  guint series = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "series"));

  st_collective_chart_set_series_visible (self->chart, series,
                                          gtk_toggle_button_get_active (button));
}

/* What a legend entry's tooltip says of its group. */
static char *
group_tooltip (const StCollectiveGroup *group)
{
  g_autofree char *min = st_format_duration (group->min_ns),
                  *median = st_format_duration (group->median_ns);
  g_autofree char *max = st_format_duration (group->max_ns),
                  *count = st_format_count (group->count);

  if (group->n_outliers > 0)
    /* Translators: a collective group's count, min, median, max and outliers */
    return g_strdup_printf (ngettext ("%s operations · min %s · median %s · max %s · %u outlier "
                                      "(> 2× median)\nClick to show or hide",
                                      "%s operations · min %s · median %s · max %s · %u "
                                      "outliers (> 2× median)\nClick to show or hide",
                                      group->n_outliers),
                            count, min, median, max, group->n_outliers);
  return g_strdup_printf (_ ("%s operations · min %s · median %s · max %s\nClick to show or hide"),
                          count, min, median, max);
}

/* A toggle of series @i: its colour and its group's label. */
static GtkWidget *
legend_entry (StCollectivesSection *self, const StCollectiveGroup *group, guint i)
{
  GtkWidget       *button = gtk_toggle_button_new ();
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget       *swatch = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autofree char *swatch_class
      = g_strdup_printf ("series-%u", st_collective_chart_get_series_color (self->chart, i));
  g_autofree char *tip = group_tooltip (group);
  GtkWidget       *label = gtk_label_new (group->label);

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
  return button;
}

static void
st_collectives_section_show (StSummarySection  *section,
                             StTrace           *trace,
                             StSummary *const  *summaries,
                             const char *const *titles,
                             guint              n_summaries)
{
  StCollectivesSection *self = ST_COLLECTIVES_SECTION (section);
  GtkWidget            *child;
  guint                 n;

  st_collective_chart_set_summary (self->chart, trace, summaries[0]);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend))) != NULL)
    gtk_flow_box_remove (self->legend, child);
  n = st_collective_chart_get_n_series (self->chart);
  for (guint i = 0; i < n; i++)
    gtk_flow_box_append (self->legend,
                         legend_entry (self, st_summary_get_collective_group (summaries[0], i), i));
  gtk_widget_set_visible (GTK_WIDGET (self->legend), n > 0);
  if (n == 0)
    st_summary_section_fold (section, trace, summaries[0]);
}

static void
on_instance_activated (StCollectiveChart    *chart,
                       guint                 track,
                       guint                 index,
                       StCollectivesSection *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "summary.show-slice", "(uu)", track, index);
}

static void
st_collectives_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_COLLECTIVES_SECTION);
  G_OBJECT_CLASS (st_collectives_section_parent_class)->dispose (object);
}

static void
st_collectives_section_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StCollectivesSection *self = ST_COLLECTIVES_SECTION (object);

  switch (prop_id)
    {
    case PROP_BOX_PLOT:
      g_value_set_boolean (value, st_collectives_section_get_box_plot (self));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_collectives_section_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  StCollectivesSection *self = ST_COLLECTIVES_SECTION (object);

  switch (prop_id)
    {
    case PROP_BOX_PLOT:
      st_collectives_section_set_box_plot (self, g_value_get_boolean (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_collectives_section_class_init (StCollectivesSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_collectives_section_dispose;
  object_class->get_property = st_collectives_section_get_property;
  object_class->set_property = st_collectives_section_set_property;
  section_class->show = st_collectives_section_show;

  properties[PROP_BOX_PLOT]
      = g_param_spec_boolean ("box-plot", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ST_TYPE_COLLECTIVE_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-collectives-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StCollectivesSection, legend);
  gtk_widget_class_bind_template_child (widget_class, StCollectivesSection, chart);
  gtk_widget_class_bind_template_callback (widget_class, on_instance_activated);
}

static void
st_collectives_section_init (StCollectivesSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

gboolean
st_collectives_section_get_box_plot (StCollectivesSection *self)
{
  g_return_val_if_fail (ST_IS_COLLECTIVES_SECTION (self), FALSE);
  return st_collective_chart_get_box_plot (self->chart);
}

void
st_collectives_section_set_box_plot (StCollectivesSection *self, gboolean box_plot)
{
  g_return_if_fail (ST_IS_COLLECTIVES_SECTION (self));

  box_plot = !!box_plot;
  if (st_collective_chart_get_box_plot (self->chart) == box_plot)
    return;
  st_collective_chart_set_box_plot (self->chart, box_plot);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOX_PLOT]);
}
