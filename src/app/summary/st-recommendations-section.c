/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recommendations-section.h"

#include "st-recommendation-item.h"
#include "st-recommendation-list.h"

#include "st-device-work.h"
#include "st-format.h"

#include <glib/gi18n.h>

struct _StRecommendationsSection
{
  StSummarySection parent_instance;

  StRecommendationList *recommendations;
  GtkLabel             *phases_label;
};

G_DEFINE_FINAL_TYPE (StRecommendationsSection, st_recommendations_section, ST_TYPE_SUMMARY_SECTION)

/* The findings come with the diagnosis, computed with the cards. */
static void
st_recommendations_section_show (StSummarySection  *section,
                                 StTrace           *trace,
                                 StSummary *const  *summaries,
                                 const char *const *titles,
                                 guint              n_summaries)
{
}

/* A device with more phases than this has them said by kind. */
#define MAX_LISTED_PHASES 6

/* "Device-bound 500.0 ms – 1.000 s (500.0 ms)", each phase of the device
 * whose phases are @p[0 … n) in turn; with many, each kind once with how
 * often and how long in all. */
static void
append_device_phases (GString *out, const StPhase *p, guint n)
{
  if (n <= MAX_LISTED_PHASES)
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *range = st_summary_section_format_range (p[i].start, p[i].end);
        g_autofree char *text = g_markup_printf_escaped (
            "%s%s %s", i > 0 ? " · " : "", st_phase_kind_get_title (p[i].kind), range);

        g_string_append (out, text);
      }
  else
    for (guint kind = 0, said = 0; kind < ST_N_PHASE_KINDS; kind++)
      {
        gint64           time = 0;
        guint            count = 0;
        g_autofree char *total = NULL, *text = NULL;

        for (guint i = 0; i < n; i++)
          if (p[i].kind == kind)
            {
              time += p[i].end - p[i].start;
              count++;
            }
        if (count == 0)
          continue;
        total = st_format_duration (time);
        /* Translators: a kind of phase, how many of them, and their time in all */
        text = g_markup_printf_escaped (_ ("%s%s %u×, %s in all"), said++ > 0 ? " · " : "",
                                        st_phase_kind_get_title (kind), count, total);
        g_string_append (out, text);
      }
}

/* Each device's phases on a line, in markup. */
static char *
phases_markup (StTrace *trace, StDiagnosis *diagnosis)
{
  StDeviceWork       *work = st_device_work_get (trace);
  g_autoptr (GString) out = g_string_new (NULL);
  guint               n = st_diagnosis_get_n_phases (diagnosis);

  for (guint i = 0, from = 0; work != NULL && i <= n; i++)
    {
      const StPhase   *first = from < n ? st_diagnosis_get_phase (diagnosis, from) : NULL;
      g_autofree char *label = NULL;

      if (i < n && st_diagnosis_get_phase (diagnosis, i)->device == first->device)
        continue;
      if (first != NULL)
        {
          label = g_markup_escape_text (st_device_work_get_device (work, first->device)->label, -1);
          g_string_append_printf (out, "%s<b>%s</b>: ", out->len > 0 ? "\n" : "", label);
          append_device_phases (out, first, i - from);
        }
      from = i;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
st_recommendations_section_show_diagnosis (StRecommendationsSection *self,
                                           StTrace                  *trace,
                                           StDiagnosis              *diagnosis)
{
  g_autoptr (GListModel) findings = st_recommendation_item_new_model (diagnosis);
  g_autofree char       *phases = phases_markup (trace, diagnosis);

  g_return_if_fail (ST_IS_RECOMMENDATIONS_SECTION (self));
  st_recommendation_list_set_model (self->recommendations, findings);
  gtk_label_set_markup (self->phases_label, phases);
  gtk_widget_set_visible (GTK_WIDGET (self->phases_label), phases[0] != '\0');
}

static void
st_recommendations_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_RECOMMENDATIONS_SECTION);
  G_OBJECT_CLASS (st_recommendations_section_parent_class)->dispose (object);
}

static void
st_recommendations_section_class_init (StRecommendationsSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_recommendations_section_dispose;
  section_class->show = st_recommendations_section_show;

  g_type_ensure (ST_TYPE_RECOMMENDATION_LIST);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-recommendations-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StRecommendationsSection, recommendations);
  gtk_widget_class_bind_template_child (widget_class, StRecommendationsSection, phases_label);
}

static void
st_recommendations_section_init (StRecommendationsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
