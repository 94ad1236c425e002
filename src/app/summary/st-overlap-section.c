/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-overlap-section.h"

#include "st-bar-chart.h"
#include "st-format.h"
#include "st-metric-catalog.h"
#include "st-share-chart.h"

#include <glib/gi18n.h>
#include <math.h>

struct _StOverlapSection
{
  StSummarySection parent_instance;

  StBarChart   *chart;
  StShareChart *over_time;
};

G_DEFINE_FINAL_TYPE (StOverlapSection, st_overlap_section, ST_TYPE_SUMMARY_SECTION)

/* Overlapped green, exposed red, as the timeline's eye expects. */
static const guint colors[] = { 2, 5 };

/* A bar per device (per rank with several files) that communicates: its
 * communication overlapped and exposed. */
static void
fill_chart (StOverlapSection *self, StOverlap *o)
{
  gboolean              ranks = st_overlap_get_n_ranks (o) > 0;
  guint                 n = ranks ? st_overlap_get_n_ranks (o) : st_overlap_get_n_devices (o);
  const char           *segments[] = { _ ("Overlapped"), _ ("Exposed") };
  g_autoptr (GArray)    values = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  double                max = 0;

  for (guint i = 0; i < n && labels->len < ST_METRIC_CATALOG_MAX_ENGINE_BARS; i++)
    {
      const StOverlapRow *r = ranks ? st_overlap_get_rank (o, i) : st_overlap_get_device (o, i);
      double              v[2] = { r->overlapped_ns, r->communication_ns - r->overlapped_ns };
      g_autofree char    *share = NULL;

      if (!r->has_percent)
        continue;
      share = st_summary_format_value (ST_UNIT_PERCENT, r->overlap_percent);
      g_array_append_vals (values, v, 2);
      g_ptr_array_add (labels, r->label);
      /* Translators: a device's share of its communication under compute */
      g_ptr_array_add (texts, g_strdup_printf (_ ("%s overlapped"), share));
      max = MAX (max, r->communication_ns);
    }
  st_bar_chart_set_data (self->chart, labels->len, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, 2, segments, (double *)values->data,
                         MAX (1, max), ST_BAR_CHART_DURATION, TRUE);
  st_bar_chart_set_colors (self->chart, colors);
}

static char *
bin_tooltip (const StOverlapBin *bin)
{
  g_autofree char *range = st_summary_section_format_range (bin->start, bin->end);
  g_autofree char *comm = NULL, *share = NULL;

  if (!bin->has_percent)
    return g_markup_printf_escaped ("<b>%s</b>\n%s", range, _ ("No communication"));
  comm = st_format_duration (bin->communication_ns);
  share = st_summary_format_value (ST_UNIT_PERCENT, bin->overlap_percent);
  /* Translators: the share of a stretch of time's communication that runs under compute */
  return g_markup_printf_escaped (_ ("<b>%s</b>\n%s of %s of communication overlapped"), range,
                                  share, comm);
}

static void
fill_over_time (StOverlapSection *self, StOverlap *o)
{
  const StOverlapBin *bins = st_overlap_get_bins (o);
  StShareBin          share[ST_OVERLAP_N_BINS];
  char               *tooltips[ST_OVERLAP_N_BINS + 1] = { NULL };

  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    {
      share[k] = (StShareBin){ bins[k].start, bins[k].end,
                               bins[k].has_percent ? bins[k].overlap_percent : NAN };
      tooltips[k] = bin_tooltip (&bins[k]);
    }
  /* the second colour of the bars: overlapped */
  st_share_chart_set_bins (self->over_time, share, ST_OVERLAP_N_BINS, (const char *const *)tooltips,
                           colors[0]);
  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    g_free (tooltips[k]);
}

static void
st_overlap_section_show (StSummarySection  *section,
                         StTrace           *trace,
                         StSummary *const  *summaries,
                         const char *const *titles,
                         guint              n_summaries)
{
  StOverlapSection *self = ST_OVERLAP_SECTION (section);
  StOverlap        *o = st_summary_get_overlap (summaries[0]);
  g_autofree char  *heading = NULL;

  fill_chart (self, o);
  fill_over_time (self, o);
  if (!st_overlap_has_communication (o))
    {
      st_summary_section_set_title (section, _ ("Communication Overlap"));
      st_summary_section_fold (section, trace, summaries[0]);
      return;
    }
  /* every share of the card is of communication time (docs/metrics.md 2.2) */
  heading = st_denominator_dup_heading (ST_DENOMINATOR_COMMUNICATION, _ ("Communication Overlap"));
  st_summary_section_set_title (section, heading);
}

static void
st_overlap_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_OVERLAP_SECTION);
  G_OBJECT_CLASS (st_overlap_section_parent_class)->dispose (object);
}

static void
st_overlap_section_class_init (StOverlapSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_overlap_section_dispose;
  section_class->show = st_overlap_section_show;

  g_type_ensure (ST_TYPE_BAR_CHART);
  g_type_ensure (ST_TYPE_SHARE_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-overlap-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StOverlapSection, chart);
  gtk_widget_class_bind_template_child (widget_class, StOverlapSection, over_time);
}

static void
st_overlap_section_init (StOverlapSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Translators: what a device's bar is, in a segment's tooltip */
  st_bar_chart_set_share_text (self->chart, _ ("of its communication"));
}
