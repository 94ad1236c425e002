/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-roofline-section.h"

#include "st-flop-shape-item.h"
#include "st-roofline-chart.h"

#include <glib/gi18n.h>

struct _StRooflineSection
{
  StSummarySection parent_instance;

  StRooflineChart *chart;
  GtkLabel        *chart_note;
  GtkColumnView   *shapes_view;

  StFlopOps  *ops; /* the trace's: they live as long as it */
  StTrace    *trace;
  GListModel *items;  /* StFlopShapeItem, the rows' order */
  GArray     *points; /* the item of each point of the chart */
  gint64      start, end;
};

G_DEFINE_FINAL_TYPE (StRooflineSection, st_roofline_section, ST_TYPE_SUMMARY_SECTION)

/* The Engine card's colour of each kernel class (8.12), so that a class
 * reads the same on both: GEMM blue, attention red, elementwise purple,
 * reduce yellow, communication teal, memory orange, other brown. */
static const guint class_colors[ST_N_KERNEL_CLASSES + 1] = { 0, 5, 3, 4, 7, 1, 6, 6 };

/* The device the roofs are drawn from (13.7): the most FLOPs among those
 * with a peak or a bandwidth; NULL when none has. */
static const StFlopDevice *
roof_device (const StFlopRates *rates)
{
  const StFlopDevice *best = NULL;

  for (guint i = 0; i < rates->devices->len; i++)
    {
      const StFlopDevice *d = &g_array_index (rates->devices, StFlopDevice, i);

      if ((d->peak_flops_per_second > 0 || d->peak_bytes_per_second > 0)
          && (best == NULL || d->flops > best->flops))
        best = d;
    }
  return best;
}

/* Why a roof is missing: the device's note, or the first device's when
 * none has a peak. */
static char *
dup_roof_note (const StFlopRates *rates, const StFlopDevice *d)
{
  const StFlopDevice *first
      = rates->devices->len > 0 ? &g_array_index (rates->devices, StFlopDevice, 0) : NULL;

  if (d == NULL)
    return g_strdup (first != NULL && first->note != NULL ? first->note
                                                          : _ ("peak and bandwidth unknown"));
  if (d->peak_flops_per_second <= 0)
    return g_strdup (d->note != NULL ? d->note : _ ("peak unknown"));
  if (d->peak_bytes_per_second <= 0)
    return g_strdup (d->bandwidth_note != NULL ? d->bandwidth_note : _ ("bandwidth unknown"));
  return NULL;
}

static void
set_roofs (StRooflinePlot *plot, GPtrArray *texts, const StFlopRates *rates)
{
  const StFlopDevice *d = roof_device (rates);
  char               *note = dup_roof_note (rates, d);

  if (note != NULL)
    {
      g_ptr_array_add (texts, note);
      plot->note = note;
    }
  if (d == NULL)
    return;
  plot->peak = d->peak_flops_per_second;
  plot->bandwidth = d->peak_bytes_per_second;
  if (plot->peak > 0)
    {
      g_autofree char *rate = st_flop_rates_format_rate (plot->peak);

      /* Translators: the compute roof: the device, the data type and its peak */
      g_ptr_array_add (texts, g_strdup_printf (_ ("%s %s peak %s"), d->model,
                                               st_flop_type_to_string (d->type), rate));
      plot->peak_text = texts->pdata[texts->len - 1];
    }
  if (plot->bandwidth > 0)
    {
      g_ptr_array_add (texts, st_flop_rates_format_bandwidth (plot->bandwidth));
      plot->bandwidth_text = texts->pdata[texts->len - 1];
    }
  if (plot->peak > 0 && plot->bandwidth > 0)
    {
      /* Translators: the ridge point of the roofline, in FLOPs per byte */
      g_ptr_array_add (texts,
                       g_strdup_printf (_ ("ridge %.1f FLOP/B"), plot->peak / plot->bandwidth));
      plot->ridge_text = texts->pdata[texts->len - 1];
    }
}

/* A disc per row with a rate and an intensity (13.7); the others are in
 * the table only, and the note under the chart says how many. */
static void
fill_chart (StRooflineSection *self, const StFlopRates *rates)
{
  guint                 n = g_list_model_get_n_items (self->items), left_out;
  g_autoptr (GArray)    points = g_array_new (FALSE, FALSE, sizeof (StRooflinePoint));
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) tooltips = g_ptr_array_new_with_free_func (g_free);
  StRooflinePlot        plot = { .hover = -1, .selected = -1, .focus = -1 };
  g_autofree char      *note = NULL;

  g_array_set_size (self->points, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (StFlopShapeItem) item = g_list_model_get_item (self->items, i);
      const StFlopRow            *row = st_flop_shape_item_get_row (item);
      const StFlopShape          *shape = st_flop_ops_get_shape (self->ops, row->key);
      StRooflinePoint             p = { 0 };

      if (row->host_timed || !(row->flops > 0) || !st_flop_row_get_rate (row, &p.rate)
          || !st_flop_row_get_intensity (row, &p.intensity))
        continue;
      p.device_ns = row->device_ns;
      p.name = st_trace_get_string (self->trace, shape->name);
      p.color = class_colors[MIN (row->klass, ST_N_KERNEL_CLASSES)];
      g_array_append_val (points, p);
      g_array_append_val (self->points, i);
      g_ptr_array_add (tooltips, st_flop_shape_item_dup_summary (item));
    }
  plot.points = (const StRooflinePoint *)points->data;
  plot.n = points->len;
  plot.x_title = _ ("Arithmetic intensity (FLOP/B)");
  plot.empty_text = _ ("No shape with both FLOPs and bytes in this range");
  set_roofs (&plot, texts, rates);
  st_roofline_chart_set_data (self->chart, &plot, (const char *const *)tooltips->pdata);
  left_out = n - points->len;
  if (left_out > 0)
    note = g_strdup_printf (ngettext ("%u shape without FLOPs, bytes or kernels (a copy, a norm) "
                                      "is in the table only.",
                                      "%u shapes without FLOPs, bytes or kernels (copies, norms) "
                                      "are in the table only.",
                                      left_out),
                            left_out);
  gtk_label_set_label (self->chart_note, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->chart_note), note != NULL);
}

static void
select_shape (StRooflineSection *self, StFlopShapeItem *item)
{
  g_autoptr (GArray) slices = NULL;
  GVariantBuilder    builder;

  if (self->ops == NULL)
    return;
  slices = st_flop_ops_find_instances (self->ops, st_flop_shape_item_get_row (item)->key,
                                       self->start, self->end);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(uu)"));
  for (guint i = 0; i < slices->len; i++)
    {
      StSliceRef ref = g_array_index (slices, StSliceRef, i);

      g_variant_builder_add (&builder, "(uu)", ref.track, ref.index);
    }
  gtk_widget_activate_action_variant (GTK_WIDGET (self), "summary.show-slices",
                                      g_variant_builder_end (&builder));
}

static void
on_point_activated (StRooflineSection *self, guint point)
{
  g_autoptr (StFlopShapeItem) item = NULL;

  if (point >= self->points->len)
    return;
  item = g_list_model_get_item (self->items, g_array_index (self->points, guint, point));
  select_shape (self, item);
}

GListModel *
st_roofline_section_get_shapes (StRooflineSection *self)
{
  g_return_val_if_fail (ST_IS_ROOFLINE_SECTION (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (self->shapes_view));
}

void
st_roofline_section_activate_shape (StRooflineSection *self, guint position)
{
  GListModel                 *model = st_roofline_section_get_shapes (self);
  g_autoptr (StFlopShapeItem) item = NULL;

  if (model == NULL || position >= g_list_model_get_n_items (model))
    return;
  item = g_list_model_get_item (model, position);
  select_shape (self, item);
}

static void
on_row_activated (StRooflineSection *self, guint position)
{
  st_roofline_section_activate_shape (self, position);
}

static void
st_roofline_section_show (StSummarySection  *section,
                          StTrace           *trace,
                          StSummary *const  *summaries,
                          const char *const *titles,
                          guint              n_summaries)
{
  StRooflineSection           *self = ST_ROOFLINE_SECTION (section);
  const StFlopRates           *rates = st_summary_get_flops (summaries[0]);
  g_autoptr (GtkSortListModel) sorted = NULL;
  g_autoptr (GtkNoSelection)   selection = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self), !st_trace_is_neuron (trace));
  g_clear_object (&self->items);
  g_set_object (&self->trace, trace);
  /* made with the summary's FLOP rates: at hand */
  self->ops = rates != NULL ? st_flop_ops_ensure (trace, NULL) : NULL;
  st_summary_get_range (summaries[0], &self->start, &self->end);
  self->items = st_flop_shape_item_new_model (rates, self->ops, trace);
  sorted = gtk_sort_list_model_new (g_object_ref (self->items),
                                    g_object_ref (gtk_column_view_get_sorter (self->shapes_view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (g_steal_pointer (&sorted)));
  gtk_column_view_set_model (self->shapes_view, GTK_SELECTION_MODEL (selection));
  if (g_list_model_get_n_items (self->items) == 0)
    {
      st_summary_section_fold (section, trace, summaries[0]);
      return;
    }
  fill_chart (self, rates);
}

static void
st_roofline_section_dispose (GObject *object)
{
  StRooflineSection *self = ST_ROOFLINE_SECTION (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), ST_TYPE_ROOFLINE_SECTION);
  g_clear_object (&self->items);
  g_clear_object (&self->trace);
  g_clear_pointer (&self->points, g_array_unref);
  G_OBJECT_CLASS (st_roofline_section_parent_class)->dispose (object);
}

static void
st_roofline_section_class_init (StRooflineSectionClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass        *widget_class = GTK_WIDGET_CLASS (klass);
  StSummarySectionClass *section_class = ST_SUMMARY_SECTION_CLASS (klass);

  object_class->dispose = st_roofline_section_dispose;
  section_class->show = st_roofline_section_show;

  g_type_ensure (ST_TYPE_ROOFLINE_CHART);
  g_type_ensure (ST_TYPE_FLOP_SHAPE_ITEM);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/strata/Strata/summary/st-roofline-section.ui");
  gtk_widget_class_bind_template_child (widget_class, StRooflineSection, chart);
  gtk_widget_class_bind_template_child (widget_class, StRooflineSection, chart_note);
  gtk_widget_class_bind_template_child (widget_class, StRooflineSection, shapes_view);
  gtk_widget_class_bind_template_callback (widget_class, on_point_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
}

static void
st_roofline_section_init (StRooflineSection *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_widget_init_template (GTK_WIDGET (self));
}
