/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-collectives-section.h"

#include "st-collective-chart.h"
#include "st-format.h"

#include <glib/gi18n.h>

struct _StCollectivesSection
{
  StSummarySection parent_instance;

  GtkLabel          *legend_common;
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

/* An entry stands for a series, or comparing, for a region. */
static void
on_legend_toggled (GtkToggleButton *button, StCollectivesSection *self)
{
  guint    index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "series"));
  gboolean active = gtk_toggle_button_get_active (button);

  if (st_collective_chart_get_n_regions (self->chart) > 1)
    st_collective_chart_set_region_visible (self->chart, index, active);
  else
    st_collective_chart_set_series_visible (self->chart, index, active);
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

/* A toggle of series (or region) @i in colour @color, reading @text,
 * saying @tip, and comparing, @numbers beside @text. */
static GtkWidget *
legend_entry (StCollectivesSection *self,
              guint                 i,
              guint                 color,
              const char           *text,
              const char           *numbers,
              const char           *tip)
{
  GtkWidget       *button = gtk_toggle_button_new ();
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget       *swatch = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autofree char *swatch_class = g_strdup_printf ("series-%u", color);
  GtkWidget       *label = gtk_label_new (text);

  gtk_widget_add_css_class (swatch, "legend-swatch");
  gtk_widget_add_css_class (swatch, swatch_class);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  /* a group's type first, its call site last: both stay */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), label);
  if (numbers != NULL)
    {
      GtkWidget *dim = gtk_label_new (numbers);

      gtk_widget_add_css_class (dim, "dim-label");
      gtk_widget_add_css_class (dim, "numeric");
      gtk_box_append (GTK_BOX (box), dim);
    }
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "legend-entry");
  /* set hidden: on a shown widget GTK asks the display where the pointer
   * is, a round trip to the display server for each entry */
  gtk_widget_set_visible (button, FALSE);
  gtk_widget_set_tooltip_text (button, tip);
  gtk_widget_set_visible (button, TRUE);
  g_object_set_data (G_OBJECT (button), "series", GUINT_TO_POINTER (i));
  g_signal_connect (button, "toggled", G_CALLBACK (on_legend_toggled), self);
  return button;
}

#define LABEL_PART_SEP " · "

/* Whether @label begins with the first @len bytes of @ref, whole parts. */
static gboolean
has_parts_of (const char *label, const char *ref, gsize len)
{
  return strncmp (label, ref, len) == 0
         && (label[len] == '\0' || g_str_has_prefix (label + len, LABEL_PART_SEP));
}

/* The length of the leading parts (" · " between them) of the label of the
 * group with the most, which every group's label begins with; 0 when there
 * are fewer than two groups or nothing is common. A group's label may be
 * those parts alone: "SendRecv · size unknown" beside the same with call
 * sites (docs/metrics.md 3.1). */
static gsize
common_label_parts (StSummary *summary, guint n, const char **ref)
{
  gsize       common = 0;
  const char *sep;

  *ref = NULL;
  if (n < 2)
    return 0;
  for (guint i = 0; i < n; i++)
    {
      const char *label = st_summary_get_collective_group (summary, i)->label;
      if (*ref == NULL || strlen (label) > strlen (*ref))
        *ref = label;
    }
  for (sep = strstr (*ref, LABEL_PART_SEP); sep != NULL;
       sep = strstr (sep + strlen (LABEL_PART_SEP), LABEL_PART_SEP))
    {
      gsize len = (gsize)(sep - *ref);

      for (guint i = 0; i < n; i++)
        if (!has_parts_of (st_summary_get_collective_group (summary, i)->label, *ref, len))
          return common;
      common = len;
    }
  return common;
}

/* What a group's legend entry reads once the common parts are said above. */
static const char *
entry_text (const char *label, gsize common)
{
  if (common == 0)
    return label;
  if (label[common] == '\0')
    return _ ("call site unknown");
  return label + common + strlen (LABEL_PART_SEP);
}

/* A legend entry per group: its label, its numbers in the tooltip. What
 * all the labels begin with is said once above the entries. */
static void
fill_group_legend (StCollectivesSection *self, StSummary *summary)
{
  guint       n = st_collective_chart_get_n_series (self->chart);
  const char *ref;
  gsize       common = common_label_parts (summary, n, &ref);

  if (common > 0)
    {
      g_autofree char *shared = g_strndup (ref, common);
      /* Translators: what the labels of all the collective groups begin with */
      g_autofree char *caption = g_strdup_printf (_ ("Every group: %s"), shared);

      gtk_label_set_label (self->legend_common, caption);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->legend_common), common > 0);
  for (guint i = 0; i < n; i++)
    {
      const StCollectiveGroup *group = st_summary_get_collective_group (summary, i);
      g_autofree char         *numbers = group_tooltip (group);
      /* the label in full above its numbers: the entry may be ellipsized */
      g_autofree char *tip = g_strdup_printf ("%s\n%s", group->label, numbers);

      gtk_flow_box_append (self->legend,
                           legend_entry (self, i,
                                         st_collective_chart_get_series_color (self->chart, i),
                                         entry_text (group->label, common), NULL, tip));
    }
}

/* Comparing, a legend entry per region: its name, and beside it the
 * operations the chart draws for it and its communication time, which
 * are the communication table's numbers for the region (docs/metrics.md
 * 3.1: the same instances). */
static void
fill_region_legend (StCollectivesSection *self,
                    StSummary *const     *summaries,
                    const char *const    *titles,
                    guint                 n_summaries)
{
  for (guint r = 0; r < n_summaries; r++)
    {
      const StMetric  *comm = st_summary_lookup (summaries[r], "communication_time_ns");
      guint            count = st_collective_chart_get_region_count (self->chart, r);
      g_autofree char *n = st_format_count (count);
      g_autofree char *time = comm && comm->present ? st_format_duration (comm->value) : NULL;
      g_autofree char *numbers = NULL, *tip = NULL;

      if (time != NULL)
        /* Translators: a region's collective operations and communication time */
        numbers = g_strdup_printf (ngettext ("%s operation · %s", "%s operations · %s", count), n,
                                   time);
      else
        numbers = g_strdup_printf (ngettext ("%s operation", "%s operations", count), n);
      tip = g_strdup_printf (
          _ ("%s: its collective operations and the time the device spent communicating (the "
             "Communication table's numbers)\nClick to show or hide"),
          titles[r]);
      gtk_flow_box_append (self->legend,
                           legend_entry (self, r,
                                         st_collective_chart_get_region_color (self->chart, r),
                                         titles[r], numbers, tip));
    }
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

  st_collective_chart_set_summaries (self->chart, trace, summaries, titles, n_summaries);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->legend))) != NULL)
    gtk_flow_box_remove (self->legend, child);
  n = st_collective_chart_get_n_series (self->chart);
  gtk_widget_set_visible (GTK_WIDGET (self->legend_common), FALSE);
  if (n_summaries > 1)
    fill_region_legend (self, summaries, titles, n_summaries);
  else
    fill_group_legend (self, summaries[0]);
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
  gtk_widget_class_bind_template_child (widget_class, StCollectivesSection, legend_common);
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
