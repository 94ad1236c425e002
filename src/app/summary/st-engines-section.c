/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-engines-section.h"

#include "st-metric-catalog.h"

#include <glib/gi18n.h>

struct _StEnginesSection
{
  StSummarySection parent_instance;

  StBarChart *chart;
};

G_DEFINE_FINAL_TYPE (StEnginesSection, st_engines_section, ST_TYPE_SUMMARY_SECTION)

enum
{
  MODEL,
  TRANSPOSE,
  OTHER,
  NOT_USEFUL,
  THROTTLED,
  ACTIVE,
  N_SEGMENTS
};

/* A bar per engine: the Tensor engine's, then the others' the profile has. */
#define MAX_NEURON_BARS 4

static double
metric_value (StSummary *summary, const char *id, gboolean *present)
{
  const StMetric *m = st_summary_lookup (summary, id);

  *present = m != NULL && m->present;
  return *present ? m->value : 0;
}

/* The Tensor engine's bar: its active time split into the FLOPs of the
 * model, of transposes and the others, active time that does no useful
 * work, and throttling; FALSE when the profile has no such breakdown. */
static gboolean
tensor_segments (StSummary *summary, double *values, double *active)
{
  gboolean has_mfu, has_hfu, has_active, has_hw, has_tr, has_throttled;
  double   mfu = metric_value (summary, "mfu_estimated_percent", &has_mfu);
  double   hfu = metric_value (summary, "hfu_estimated_percent", &has_hfu);
  double   hw = metric_value (summary, "hardware_flops", &has_hw);
  double   tr = metric_value (summary, "transpose_flops", &has_tr);
  double   throttled = metric_value (summary, "throttle_active_percent", &has_throttled);

  *active = metric_value (summary, "tensor_engine_active_time_percent", &has_active);
  if (!has_mfu || !has_hfu || !has_active)
    return FALSE;
  values[MODEL] = mfu;
  values[TRANSPOSE] = has_hw && has_tr && hw > 0 ? hfu * tr / hw : 0;
  values[OTHER] = MAX (0, hfu - values[MODEL] - values[TRANSPOSE]);
  values[NOT_USEFUL] = MAX (0, *active - hfu);
  values[THROTTLED] = has_throttled ? throttled : 0;
  return TRUE;
}

/* The tensor engine's FLOPs as the profile breaks them down, and the other
 * engines' active time, in percent: FALSE when the profile has no
 * breakdown. */
static gboolean
fill_neuron_engines (StBarChart *chart, StSummary *summary)
{
  static const struct
  {
    const char *id;
    const char *label;
  } others[] = {
    { "vector_engine_active_time_percent", N_ ("Vector") },
    { "scalar_engine_active_time_percent", N_ ("Scalar") },
    { "gpsimd_engine_active_time_percent", N_ ("GpSimd") },
  };
  /* useful work blue, overheads warm, waste red; the other engines green */
  static const guint colors[N_SEGMENTS] = { 0, 1, 7, 6, 5, 2 };
  const char        *segments[]
      = { _ ("Model"),     _ ("Transpose"), _ ("Other FLOPs"), _ ("Active, not useful"),
          _ ("Throttled"), _ ("Active") };
  double      values[MAX_NEURON_BARS * N_SEGMENTS] = { 0 }, active;
  const char *labels[MAX_NEURON_BARS];
  char       *texts[MAX_NEURON_BARS] = { NULL };
  guint       n = 1;

  if (!tensor_segments (summary, values, &active))
    return FALSE;
  labels[0] = _ ("Tensor");
  texts[0] = g_strdup_printf (_ ("%.1f %% active"), active);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      gboolean has;
      double   v = metric_value (summary, others[i].id, &has);

      if (!has)
        continue;
      labels[n] = _ (others[i].label);
      values[n * N_SEGMENTS + ACTIVE] = v;
      texts[n] = g_strdup_printf (_ ("%.1f %% active"), v);
      n++;
    }
  st_bar_chart_set_data (chart, n, labels, (const char *const *)texts, N_SEGMENTS, segments, values,
                         100, ST_BAR_CHART_PERCENT, TRUE);
  st_bar_chart_set_colors (chart, colors);
  for (guint i = 0; i < n; i++)
    g_free (texts[i]);
  return TRUE;
}

static guint
class_index (GPtrArray *names, const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return i;
  g_ptr_array_add (names, (gpointer)name);
  return names->len - 1;
}

/* The kernel classes of the first @shown engines, in order of appearance. */
static GPtrArray *
engine_classes (StSummary *summary, guint shown)
{
  GPtrArray *classes = g_ptr_array_new ();

  for (guint e = 0; e < shown; e++)
    {
      const StEngineUsage *u = st_summary_get_engine (summary, e);

      for (guint c = 0; u->classes != NULL && c < u->classes->len; c++)
        class_index (classes, g_array_index (u->classes, StEngineClass, c).name);
    }
  return classes;
}

/* Per engine / stream: its busy time by kernel class, out of the range's
 * device time. */
static void
fill_engines (StBarChart *chart, StSummary *summary, guint shown)
{
  g_autoptr (GPtrArray) classes = engine_classes (summary, shown);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GArray)    values = g_array_new (FALSE, TRUE, sizeof (double));
  double                max = 0;
  gboolean              present;

  g_array_set_size (values, MAX (1, shown * classes->len));
  for (guint e = 0; e < shown; e++)
    {
      const StEngineUsage *u = st_summary_get_engine (summary, e);

      for (guint c = 0; u->classes != NULL && c < u->classes->len; c++)
        {
          const StEngineClass *k = &g_array_index (u->classes, StEngineClass, c);
          g_array_index (values, double, e * classes->len + class_index (classes, k->name))
              += k->busy_ns;
        }
      g_ptr_array_add (labels, u->name);
      g_ptr_array_add (texts, g_strdup_printf (_ ("%.1f %% busy"), u->busy_percent));
      if (u->busy_percent > 0)
        max = MAX (max, u->busy_ns * 100.0 / u->busy_percent);
    }
  if (max <= 0)
    max = metric_value (summary, "device_time_ns", &present);
  st_bar_chart_set_data (chart, shown, (const char *const *)labels->pdata,
                         (const char *const *)texts->pdata, classes->len,
                         (const char *const *)classes->pdata, (double *)values->data, max,
                         ST_BAR_CHART_DURATION, TRUE);
}

char *
st_engines_section_fill_chart (StBarChart *chart, StSummary *summary)
{
  guint            n, shown;
  g_autofree char *title = NULL;

  g_return_val_if_fail (ST_IS_BAR_CHART (chart), NULL);
  g_return_val_if_fail (summary != NULL, NULL);

  if (fill_neuron_engines (chart, summary))
    {
      /* xgettext:no-c-format */
      return g_strdup (_ ("FLOPs Utilisation (% of peak, by engine)"));
    }
  n = st_summary_get_n_engines (summary);
  shown = MIN (n, ST_METRIC_CATALOG_MAX_ENGINE_BARS);
  fill_engines (chart, summary, shown);
  if (n == 0)
    return g_strdup (_ ("Engine / Stream Utilisation"));
  /* each bar's busy share is of its device's time (docs/metrics.md 2.2) */
  title = n > shown
              ? g_strdup_printf (_ ("Engine / Stream Utilisation, busiest %u of %u"), shown, n)
              : g_strdup (_ ("Engine / Stream Utilisation"));
  return st_denominator_dup_heading (ST_DENOMINATOR_DEVICE_TIME, title);
}

static void
st_engines_section_show (StSummarySection  *section,
                         StTrace           *trace,
                         StSummary *const  *summaries,
                         const char *const *titles,
                         guint              n_summaries)
{
  StEnginesSection *self = ST_ENGINES_SECTION (section);
  g_autofree char  *title = st_engines_section_fill_chart (self->chart, summaries[0]);

  st_summary_section_set_title (section, title);
  if (st_bar_chart_get_n_bars (self->chart) == 0)
    st_summary_section_fold (section, trace, summaries[0]);
}

static void
st_engines_section_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_ENGINES_SECTION);
  G_OBJECT_CLASS (st_engines_section_parent_class)->dispose (object);
}

static void
st_engines_section_class_init (StEnginesSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_engines_section_dispose;
  section_class->show = st_engines_section_show;

  g_type_ensure (ST_TYPE_BAR_CHART);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-engines-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StEnginesSection, chart);
}

static void
st_engines_section_init (StEnginesSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
