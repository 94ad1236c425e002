/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-shapes.h"
#include "st-cli-common.h"
#include "st-format.h"

#include <glib/gi18n.h>
#include <stdio.h>

/* --- text ------------------------------------------------------------------- */

static char *
percent_text (gboolean present, double value)
{
  return present ? g_strdup_printf ("%.0f%%", value) : g_strdup ("—");
}

/* The columns of a row from its time on: time, rate, bandwidth, FLOPs per
 * byte, bound, share of the roof. */
static char *
row_columns (const StFlopRow *row)
{
  double           v;
  g_autofree char *time = st_format_duration (row->device_ns);
  g_autofree char *rate = row->flops > 0 && st_flop_row_get_rate (row, &v)
                              ? st_flop_rates_format_rate (v)
                              : g_strdup ("—");
  g_autofree char *bandwidth
      = st_flop_row_get_bandwidth (row, &v) ? st_flop_rates_format_bandwidth (v) : g_strdup ("—");
  g_autofree char *intensity
      = st_flop_row_get_intensity (row, &v) ? g_strdup_printf ("%.1f", v) : g_strdup ("—");
  const char      *bound = st_flop_bound_to_string (st_flop_row_get_bound (row));
  gboolean         has_roof = st_flop_row_get_roof_percent (row, &v);
  g_autofree char *roof = percent_text (has_roof, v);

  return g_strdup_printf ("%11s %15s %12s %8s %-7s %5s", time, rate, bandwidth, intensity,
                          bound != NULL ? _ (bound) : "—", roof);
}

static void
print_header (const char *first, const char *last)
{
  printf ("  %7s %11s %15s %12s %8s %-7s %5s  %s\n", first, _ ("time"), _ ("rate"), _ ("bandwidth"),
          _ ("FLOP/B"), _ ("bound"), _ ("roof"), last);
}

void
st_cli_print_shapes (StTrace *trace, const StFlopRates *rates, StStringId only, guint top)
{
  StFlopOps *ops = st_flop_ops_ensure (trace, NULL);
  guint      shown = 0;

  if (ops == NULL || rates->shapes->len == 0)
    return;
  if (top < G_MAXUINT)
    printf (_ ("  Shapes (top %u by device time; roof: the share of the roof that bounds each, "
               "compute or memory)\n"),
            top);
  else
    printf ("  %s\n", _ ("Shapes (by device time; roof: the share of the roof that bounds each, "
                         "compute or memory)"));
  print_header (_ ("count"), _ ("shape"));
  for (guint i = 0; i < rates->shapes->len && shown < top; i++)
    {
      const StFlopRow   *row = &g_array_index (rates->shapes, StFlopRow, i);
      const StFlopShape *shape = st_flop_ops_get_shape (ops, row->key);
      g_autofree char   *columns = NULL, *label = NULL;
      const char        *assumed = st_shape_assumption_get_text (shape->assumed);

      if (only != ST_STRING_NONE && shape->name != only)
        continue;
      columns = row_columns (row);
      label = st_flop_shape_dup_label (st_flop_ops_get_shape (ops, row->key), trace);
      printf ("  %7u %s  %s%s\n", row->count, columns, label,
              row->host_timed ? _ (" (host-timed)") : "");
      if (assumed != NULL)
        printf ("  %7s %s\n", "", assumed);
      shown++;
    }
}

void
st_cli_print_classes (StTrace *trace, const StFlopRates *rates)
{
  if (rates->classes->len > 0)
    {
      printf ("  %s\n", _ ("Kernel classes (the kernels of counted operations; covered: of all "
                           "the class's kernel time)"));
      print_header (_ ("covered"), _ ("class"));
    }
  for (guint i = 0; i < rates->classes->len; i++)
    {
      const StFlopRow *row = &g_array_index (rates->classes, StFlopRow, i);
      g_autofree char *columns = row_columns (row);
      g_autofree char *covered
          = percent_text (row->kernel_ns > 0, 100.0 * row->device_ns / MAX (row->kernel_ns, 1));

      printf ("  %7s %s  %s\n", covered, columns,
              _ (st_kernel_class_get_label ((StKernelClass)row->key)));
    }
  if (rates->no_model->len > 0)
    {
      printf ("  %s", _ ("No model (shapes the models could not read):"));
      for (guint i = 0; i < rates->no_model->len; i++)
        {
          const StFlopNoModelCount *n = &g_array_index (rates->no_model, StFlopNoModelCount, i);

          printf ("%s %s (%u)", i ? "," : "", st_trace_get_string (trace, n->name), n->count);
        }
      printf ("\n");
    }
}

/* --- JSON --------------------------------------------------------------------- */

static void
add_rates (JsonBuilder *b, const StFlopRow *row)
{
  double      v;
  gboolean    has;
  const char *bound = st_flop_bound_to_string (st_flop_row_get_bound (row));

  st_cli_add_double_or_null (b, "flops", TRUE, row->flops);
  st_cli_add_double_or_null (b, "bytes", row->bytes > 0, row->bytes);
  st_cli_add_int (b, "device_ns", row->device_ns);
  has = st_flop_row_get_rate (row, &v);
  st_cli_add_double_or_null (b, "achieved_flops_per_second", has, v);
  has = st_flop_row_get_bandwidth (row, &v);
  st_cli_add_double_or_null (b, "achieved_bytes_per_second", has, v);
  has = st_flop_row_get_intensity (row, &v);
  st_cli_add_double_or_null (b, "intensity", has, v);
  has = st_flop_row_get_ridge (row, &v);
  st_cli_add_double_or_null (b, "ridge", has, v);
  st_cli_add_string_or_null (b, "bound", bound);
  has = st_flop_row_get_peak_percent (row, &v);
  st_cli_add_double_or_null (b, "peak_percent", has, v);
  has = st_flop_row_get_bandwidth_percent (row, &v);
  st_cli_add_double_or_null (b, "bandwidth_percent", has, v);
  has = st_flop_row_get_roof_percent (row, &v);
  st_cli_add_double_or_null (b, "roof_percent", has, v);
}

static void
add_dims (JsonBuilder *b, const char *dims)
{
  g_autoptr (JsonNode) node = dims[0] != '\0' ? json_from_string (dims, NULL) : NULL;

  json_builder_set_member_name (b, "input_dims");
  if (node != NULL)
    json_builder_add_value (b, g_steal_pointer (&node));
  else
    json_builder_add_null_value (b);
}

static void
add_shape (JsonBuilder *b, StTrace *trace, StFlopOps *ops, const StFlopRow *row)
{
  const StFlopShape *shape = st_flop_ops_get_shape (ops, row->key);

  json_builder_begin_object (b);
  st_cli_add_string (b, "name", st_trace_get_string (trace, shape->name));
  add_dims (b, shape->dims);
  st_cli_add_string (b, "dtype", st_flop_type_to_string (shape->type));
  st_cli_add_string (b, "model", st_shape_model_kind_to_string (shape->kind));
  st_cli_add_string_or_null (b, "params", shape->params);
  st_cli_add_string_or_null (b, "assumed", st_shape_assumption_get_text (shape->assumed));
  st_cli_add_int (b, "count", row->count);
  add_rates (b, row);
  json_builder_set_member_name (b, "host_timed");
  json_builder_add_boolean_value (b, row->host_timed);
  json_builder_end_object (b);
}

void
st_cli_json_shapes (JsonBuilder       *b,
                    StTrace           *trace,
                    const StFlopRates *rates,
                    StStringId         only,
                    guint              limit)
{
  StFlopOps *ops = st_flop_ops_ensure (trace, NULL);
  guint      n = 0, matching = 0;

  json_builder_set_member_name (b, "shapes");
  json_builder_begin_array (b);
  for (guint i = 0; ops != NULL && rates != NULL && i < rates->shapes->len; i++)
    {
      const StFlopRow *row = &g_array_index (rates->shapes, StFlopRow, i);

      if (only != ST_STRING_NONE && st_flop_ops_get_shape (ops, row->key)->name != only)
        continue;
      matching++;
      if (n < limit)
        {
          add_shape (b, trace, ops, row);
          n++;
        }
    }
  json_builder_end_array (b);
  if (only == ST_STRING_NONE)
    st_cli_add_int (b, "shapes_omitted", matching - n);
}

void
st_cli_json_classes (JsonBuilder *b, StTrace *trace, const StFlopRates *rates)
{
  json_builder_set_member_name (b, "classes");
  json_builder_begin_array (b);
  for (guint i = 0; i < rates->classes->len; i++)
    {
      const StFlopRow *row = &g_array_index (rates->classes, StFlopRow, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "class", st_kernel_class_to_string ((StKernelClass)row->key));
      add_rates (b, row);
      st_cli_add_int (b, "kernel_ns", row->kernel_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "no_model");
  json_builder_begin_array (b);
  for (guint i = 0; i < rates->no_model->len; i++)
    {
      const StFlopNoModelCount *n = &g_array_index (rates->no_model, StFlopNoModelCount, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "name", st_trace_get_string (trace, n->name));
      st_cli_add_int (b, "count", n->count);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}
