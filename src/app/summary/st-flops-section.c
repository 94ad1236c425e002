/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-flops-section.h"

#include "st-bar-chart.h"
#include "st-format.h"
#include "st-metric-catalog.h"

#include <glib/gi18n.h>

struct _StFlopsSection
{
  StSummarySection parent_instance;

  GtkLabel   *headline;
  GtkLabel   *detail;
  GtkLabel   *devices_title;
  StBarChart *devices_chart;
  GtkLabel   *operations_title;
  StBarChart *operations_chart;
};

/* The operations with the most FLOPs that the chart shows. */
#define TOP_OPERATIONS 6

G_DEFINE_FINAL_TYPE (StFlopsSection, st_flops_section, ST_TYPE_SUMMARY_SECTION)

static char *
percent (double v)
{
  return st_summary_format_value (ST_UNIT_PERCENT, v);
}

/* "Achieved 73.7 TFLOP/s · MFU 42.7%", and what they are made of. */
static void
fill_headline (StFlopsSection *self, const StFlopRates *rates)
{
  g_autofree char *rate = NULL, *mfu = NULL, *flops = NULL, *time = NULL, *detail = NULL;
  g_autofree char *headline = NULL, *count = NULL;
  double           achieved, mean;

  rate = st_flop_rates_get_achieved (rates, &achieved) ? st_flop_rates_format_rate (achieved)
                                                       : g_strdup (_ ("not in this range"));
  if (st_flop_rates_get_mfu (rates, &mean))
    {
      g_autofree char *share = percent (mean);

      /* MFU is of the peak (docs/metrics.md 2.2): "42.7% of peak FLOPs" */
      mfu = g_strdup_printf ("%s %s", share, st_denominator_get_label (ST_DENOMINATOR_PEAK_FLOPS));
    }
  else
    mfu = g_strdup (_ ("peak unknown"));
  /* Translators: the FLOP rate achieved, and the Model FLOPs Utilisation */
  headline = g_strdup_printf (_ ("Achieved %s · MFU %s"), rate, mfu);
  gtk_label_set_label (self->headline, headline);
  flops = st_flop_rates_format_flops (rates->flops);
  time = st_format_duration (rates->device_ns);
  count = st_format_count (rates->ops);
  detail = g_strdup_printf (ngettext ("%s in %s of device time, by %s operation",
                                      "%s in %s of device time, by %s operations", rates->ops),
                            flops, time, count);
  if (rates->host_timed_ops > 0)
    {
      g_autofree char *base = g_steal_pointer (&detail);

      detail = g_strdup_printf (ngettext ("%s; %u timed on the host: no kernel known",
                                          "%s; %u timed on the host: no kernel known",
                                          rates->host_timed_ops),
                                base, rates->host_timed_ops);
    }
  gtk_label_set_label (self->detail, detail);
}

/* A bar per device: its MFU, or why it has none. */
static void
fill_devices (StFlopsSection *self, const StFlopRates *rates)
{
  guint                 n = rates->devices->len;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree double    *values = g_new0 (double, MAX (1, n));
  const char           *segment = _ ("MFU");
  double                max = 100;

  for (guint i = 0; i < n; i++)
    {
      const StFlopDevice *d = &g_array_index (rates->devices, StFlopDevice, i);
      g_autofree char    *peak = st_flop_rates_format_rate (d->peak_flops_per_second);
      g_autofree char    *mfu = percent (d->mfu_percent);

      g_ptr_array_add (labels, d->label);
      values[i] = d->has_mfu ? d->mfu_percent : 0;
      max = MAX (max, values[i]);
      g_ptr_array_add (texts, d->has_mfu
                                  /* Translators: MFU, the device, its data type and its peak */
                                  ? g_strdup_printf (_ ("%s of %s %s (%s)"), mfu, d->model,
                                                     st_flop_type_to_string (d->type), peak)
                                  : g_strdup (d->note ? d->note : _ ("no device time")));
    }
  st_bar_chart_set_data (self->devices_chart, n, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, 1, &segment, values, max,
                         ST_BAR_CHART_PERCENT, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->devices_title), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->devices_chart), n > 0);
}

static char *
operation_text (const StFlopOperation *o)
{
  g_autofree char *rate = o->device_ns > 0
                              ? st_flop_rates_format_rate (o->flops * 1e9 / o->device_ns)
                              : g_strdup ("—");
  g_autofree char *share = percent (o->peak_percent);

  if (o->host_timed)
    /* Translators: a FLOP rate measured on the host */
    return g_strdup_printf (_ ("%s, timed on the host"), rate);
  if (!o->has_peak_percent)
    return g_strdup_printf (_ ("%s · peak unknown"), rate);
  /* Translators: a FLOP rate and its share of the device's peak */
  return g_strdup_printf (_ ("%s · %s of peak"), rate, share);
}

/* A bar per operation with the most FLOPs: its share of the peak, a
 * segment per data type; with no peak known at all, its rate. */
static void
fill_operations (StFlopsSection *self, StTrace *trace, const StFlopRates *rates)
{
  guint                 n = MIN (rates->operations->len, TOP_OPERATIONS), n_types = 0;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  const char           *types[ST_N_FLOP_TYPES];
  guint                 segment[ST_N_FLOP_TYPES], colors[ST_N_FLOP_TYPES];
  g_autofree double    *values = g_new0 (double, MAX (1, n * ST_N_FLOP_TYPES));
  gboolean              any_peak = FALSE;
  double                max = 0;

  /* a segment per data type of the operations shown, its colour its own */
  for (guint t = 0; t < ST_N_FLOP_TYPES; t++)
    segment[t] = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      const StFlopOperation *o = &g_array_index (rates->operations, StFlopOperation, i);

      any_peak |= o->has_peak_percent;
      if (segment[o->type] == G_MAXUINT)
        {
          colors[n_types] = o->type;
          types[n_types] = st_flop_type_to_string (o->type);
          segment[o->type] = n_types++;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      const StFlopOperation *o = &g_array_index (rates->operations, StFlopOperation, i);
      double                 v = any_peak ? (o->has_peak_percent ? o->peak_percent : 0)
                                          : (o->device_ns > 0 ? o->flops * 1e9 / o->device_ns : 0);

      g_ptr_array_add (labels, (gpointer)st_trace_get_string (trace, o->name));
      g_ptr_array_add (texts, operation_text (o));
      values[i * n_types + segment[o->type]] = v;
      max = MAX (max, v);
    }
  st_bar_chart_set_data (self->operations_chart, n, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, n_types, types, values,
                         any_peak ? MAX (100, max) : MAX (max, 1),
                         any_peak ? ST_BAR_CHART_PERCENT : ST_BAR_CHART_FLOP_RATE, TRUE);
  st_bar_chart_set_colors (self->operations_chart, colors);
  gtk_label_set_label (self->operations_title,
                       any_peak ? _ ("By operation, the most FLOPs first: share of the peak")
                                : _ ("By operation, the most FLOPs first: FLOP rate"));
}

static void
st_flops_section_show (StSummarySection  *section,
                       StTrace           *trace,
                       StSummary *const  *summaries,
                       const char *const *titles,
                       guint              n_summaries)
{
  StFlopsSection    *self = ST_FLOPS_SECTION (section);
  const StFlopRates *rates = st_summary_get_flops (summaries[0]);

  /* a Neuron profile's FLOPs are its engines' card */
  gtk_widget_set_visible (GTK_WIDGET (self), !st_trace_is_neuron (trace));
  if (rates == NULL || rates->ops == 0)
    {
      st_summary_section_fold (section, trace, summaries[0]);
      return;
    }
  fill_headline (self, rates);
  fill_devices (self, rates);
  fill_operations (self, trace, rates);
}

static void
st_flops_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_FLOPS_SECTION);
  G_OBJECT_CLASS (st_flops_section_parent_class)->dispose (object);
}

static void
st_flops_section_class_init (StFlopsSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_flops_section_dispose;
  section_class->show = st_flops_section_show;

  g_type_ensure (ST_TYPE_BAR_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-flops-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StFlopsSection, headline);
  gtk_widget_class_bind_template_child (widget_class, StFlopsSection, detail);
  gtk_widget_class_bind_template_child (widget_class, StFlopsSection, devices_title);
  gtk_widget_class_bind_template_child (widget_class, StFlopsSection, devices_chart);
  gtk_widget_class_bind_template_child (widget_class, StFlopsSection, operations_title);
  gtk_widget_class_bind_template_child (widget_class, StFlopsSection, operations_chart);
}

static void
st_flops_section_init (StFlopsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
