/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-memory-breakdown-section.h"

#include "st-format.h"

#include <glib/gi18n.h>

struct _StMemoryBreakdownSection
{
  StSummarySection parent_instance;

  StBarChart *chart;
};

G_DEFINE_FINAL_TYPE (StMemoryBreakdownSection, st_memory_breakdown_section, ST_TYPE_SUMMARY_SECTION)

void
st_memory_breakdown_section_fill_chart (StBarChart *chart, StSummary *summary)
{
  GArray               *parts = st_summary_get_memory (summary);
  guint                 n = parts ? parts->len : 0;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree double    *values = g_new0 (double, MAX (1, n * n));
  g_autofree guint     *colors = g_new0 (guint, MAX (1, n));
  double                max = 0;

  g_return_if_fail (ST_IS_BAR_CHART (chart));

  /* a part per bar, each its own colour: the segments are the diagonal */
  for (guint i = 0; i < n; i++)
    {
      const StMemoryPart *p = &g_array_index (parts, StMemoryPart, i);
      /* as the Memory table says it: no bar of 0 bytes beside "not in this profile" */
      g_autofree char *size = p->has_bytes ? st_summary_format_value (ST_UNIT_BYTES, p->bytes)
                                           : g_strdup (_ ("not in this profile"));
      g_autofree char *count = st_format_count (p->count);

      g_ptr_array_add (labels, (gpointer)p->name);
      /* Translators: bytes moved, and in how many transfers */
      g_ptr_array_add (texts, p->count > 0 ? g_strdup_printf (_ ("%s · %s×"), size, count)
                                           : g_strdup (size));
      values[i * n + i] = p->bytes;
      max = MAX (max, p->bytes);
      /* what was not used is not a kind of traffic: the neutral colour */
      colors[i] = g_str_equal (p->name, "Unused") ? 6 : i % 6;
    }
  st_bar_chart_set_data (chart, n, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, n, (const char *const *)labels->pdata,
                         values, max, ST_BAR_CHART_BYTES, FALSE);
  st_bar_chart_set_colors (chart, colors);
}

static void
st_memory_breakdown_section_show (StSummarySection  *section,
                                  StTrace           *trace,
                                  StSummary *const  *summaries,
                                  const char *const *titles,
                                  guint              n_summaries)
{
  StMemoryBreakdownSection *self = ST_MEMORY_BREAKDOWN_SECTION (section);

  st_memory_breakdown_section_fill_chart (self->chart, summaries[0]);
  if (st_bar_chart_get_n_bars (self->chart) == 0)
    st_summary_section_fold (section, trace, summaries[0]);
}

static void
st_memory_breakdown_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_MEMORY_BREAKDOWN_SECTION);
  G_OBJECT_CLASS (st_memory_breakdown_section_parent_class)->dispose (object);
}

static void
st_memory_breakdown_section_class_init (StMemoryBreakdownSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_memory_breakdown_section_dispose;
  section_class->show = st_memory_breakdown_section_show;

  g_type_ensure (ST_TYPE_BAR_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-memory-breakdown-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StMemoryBreakdownSection, chart);
}

static void
st_memory_breakdown_section_init (StMemoryBreakdownSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
