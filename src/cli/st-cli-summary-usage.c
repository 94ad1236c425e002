/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli summary: the peaks of memory and the FLOP rates of the range
 * (docs/metrics.md 12, 13), as the Summary page's Memory and FLOPs cards
 * show them. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-summary-usage.h"
#include "st-cli-common.h"
#include "st-cli-shapes.h"
#include "st-format.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define TOP_FLOP_OPERATIONS 10
#define TOP_SHAPES          10

/* --- text ------------------------------------------------------------------- */

static char *
bytes_text (double bytes)
{
  return st_summary_format_value (ST_UNIT_BYTES, bytes);
}

/* "+18.32 MB in aten::empty" */
static char *
allocation_text (StTrace *trace, const StMemoryPeak *p)
{
  g_autofree char *size = bytes_text (fabs (p->allocated.event_bytes));
  const char      *sign = p->allocated.event_bytes < 0 ? "−" : "+";

  if (!p->has_op)
    return g_strdup_printf ("%s%s", sign, size);
  return g_strdup_printf (_ ("%s%s in %s"), sign, size,
                          st_trace_get_string (trace, st_trace_get_slice (trace, p->op)->name));
}

void
st_cli_print_memory (StTrace *trace, StSummary *summary)
{
  GArray *peaks = st_summary_get_memory_peaks (summary);

  printf ("\n%s\n", _ ("Memory (peaks in the range, from the profile's [memory] events)"));
  if (peaks->len == 0)
    printf ("  %s\n", _ ("not in this profile"));
  for (guint i = 0; i < peaks->len; i++)
    {
      const StMemoryPeak *p = &g_array_index (peaks, StMemoryPeak, i);
      int                 width = st_cli_field_width (p->label, 16);

      if (p->allocated.present)
        {
          g_autofree char *value = bytes_text (p->allocated.bytes);
          g_autofree char *at = st_format_duration (p->allocated.ts);
          g_autofree char *what = allocation_text (trace, p);

          printf ("  %-*s %s %s %s %s (%s)\n", width, p->label,
                  p->allocated_is_change ? _ ("peak allocated change") : _ ("peak allocated"),
                  value, _ ("at"), at, what);
        }
      else
        printf ("  %-*s %s %s\n", width, p->label, _ ("peak allocated"), _ ("not in this profile"));
      if (p->reserved.present)
        {
          g_autofree char *value = bytes_text (p->reserved.bytes);
          g_autofree char *at = st_format_duration (p->reserved.ts);

          printf ("  %-16s %s %s %s %s\n", "", _ ("peak reserved"), value, _ ("at"), at);
        }
      else
        printf ("  %-16s %s %s\n", "", _ ("peak reserved"), _ ("not in this profile"));
    }
}

/* "bandwidth 3.35 TB/s, ridge 295.3 FLOP/B (bf16)" or why it is unknown */
static void
print_roofline (const StFlopDevice *d)
{
  g_autofree char *bandwidth = st_flop_rates_format_bandwidth (d->peak_bytes_per_second);

  if (d->peak_bytes_per_second <= 0)
    printf ("    %-22s %s\n", "",
            d->bandwidth_note ? d->bandwidth_note : _ ("not in this profile"));
  else if (d->ridge > 0)
    printf (_ ("    %-22s bandwidth %s, ridge point %.1f FLOP/B (%s)\n"), "", bandwidth, d->ridge,
            st_flop_type_to_string (d->type));
  else
    printf (_ ("    %-22s bandwidth %s\n"), "", bandwidth);
}

static void
print_mfu (const StFlopRates *rates)
{
  double mfu;

  if (st_flop_rates_get_mfu (rates, &mfu))
    {
      g_autofree char *value = st_summary_format_value (ST_UNIT_PERCENT, mfu);
      printf ("  %-24s %s\n", _ ("MFU (mean over devices)"), value);
    }
  else
    printf ("  %-24s %s\n", _ ("MFU (mean over devices)"), _ ("not in this profile"));
  for (guint i = 0; i < rates->devices->len; i++)
    {
      const StFlopDevice *d = &g_array_index (rates->devices, StFlopDevice, i);
      g_autofree char    *mfu_text = d->has_mfu
                                         ? st_summary_format_value (ST_UNIT_PERCENT, d->mfu_percent)
                                         : g_strdup (d->note ? d->note : _ ("not in this profile"));
      g_autofree char    *peak = st_flop_rates_format_rate (d->peak_flops_per_second);

      if (d->has_mfu)
        printf ("    %-22s %s %s %s %s (%s)\n", d->label, mfu_text, _ ("of"), d->model,
                st_flop_type_to_string (d->type), peak);
      else
        printf ("    %-22s %s\n", d->label, mfu_text);
      print_roofline (d);
    }
}

static void
print_flop_operations (StTrace *trace, const StFlopRates *rates)
{
  printf ("  %s\n", _ ("Operations (top 10 by FLOPs)"));
  printf ("  %8s %14s %12s %16s %8s  %s\n", _ ("count"), _ ("FLOPs"), _ ("time"), _ ("rate"),
          _ ("of peak"), _ ("name"));
  for (guint i = 0; i < MIN (rates->operations->len, TOP_FLOP_OPERATIONS); i++)
    {
      const StFlopOperation *o = &g_array_index (rates->operations, StFlopOperation, i);
      g_autofree char       *flops = st_flop_rates_format_flops (o->flops);
      g_autofree char       *time = st_format_duration (o->device_ns);
      g_autofree char       *rate = o->device_ns > 0
                                        ? st_flop_rates_format_rate (o->flops * 1e9 / o->device_ns)
                                        : g_strdup ("—");
      g_autofree char       *peak = o->has_peak_percent
                                        ? st_summary_format_value (ST_UNIT_PERCENT, o->peak_percent)
                                        : g_strdup ("—");
      g_autofree char       *n = st_format_count (o->count);

      printf ("  %8s %14s %12s %16s %8s  %s%s\n", n, flops, time, rate, peak,
              st_trace_get_string (trace, o->name), o->host_timed ? _ (" (host-timed)") : "");
    }
}

void
st_cli_print_flops (StTrace *trace, StSummary *summary)
{
  const StFlopRates *rates = st_summary_get_flops (summary);
  g_autofree char   *count = NULL;
  double             achieved;

  /* as the window: a Neuron profile's FLOPs are among its own metrics */
  if (st_trace_is_neuron (trace))
    return;
  printf ("\n%s\n", _ ("FLOPs (from flops arguments and the operations' shapes)"));
  if (rates == NULL)
    {
      printf ("  %s\n", _ ("not in this profile"));
      return;
    }
  if (st_flop_rates_get_achieved (rates, &achieved))
    {
      g_autofree char *rate = st_flop_rates_format_rate (achieved);
      g_autofree char *flops = st_flop_rates_format_flops (rates->flops);
      g_autofree char *time = st_format_duration (rates->device_ns);

      /* Translators: a FLOP rate, then the FLOPs and the time they took */
      printf (_ ("  %-24s %s (%s in %s of device time)\n"), _ ("Achieved"), rate, flops, time);
    }
  else
    printf ("  %-24s %s\n", _ ("Achieved"), _ ("none in this range"));
  count = st_format_count (rates->ops);
  printf ("  %-24s %s", _ ("Operations"), count);
  if (rates->host_timed_ops > 0)
    printf (_ (" (%u timed on the host: no kernel known)"), rates->host_timed_ops);
  printf ("\n");
  print_mfu (rates);
  if (rates->operations->len > 0)
    print_flop_operations (trace, rates);
  st_cli_print_shapes (trace, rates, ST_STRING_NONE, TOP_SHAPES);
  st_cli_print_classes (trace, rates);
}

/* --- JSON --------------------------------------------------------------------- */

static void
json_allocation (JsonBuilder *b, StTrace *trace, const StMemoryPeak *p)
{
  const StSlice *op = p->has_op ? st_trace_get_slice (trace, p->op) : NULL;

  json_builder_set_member_name (b, "allocation");
  if (!p->allocated.present)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  st_cli_add_int (b, "ts_ns", p->allocated.ts);
  st_cli_add_double_or_null (b, "bytes", TRUE, p->allocated.event_bytes);
  json_builder_set_member_name (b, "op");
  if (op != NULL)
    json_builder_add_string_value (b, st_trace_get_string (trace, op->name));
  else
    json_builder_add_null_value (b);
  st_cli_add_int_or_null (b, "op_start_ns", op != NULL, op ? op->start : 0);
  st_cli_add_int_or_null (b, "op_end_ns", op != NULL, op ? op->start + op->dur : 0);
  json_builder_end_object (b);
}

void
st_cli_json_memory (JsonBuilder *b, StTrace *trace, StSummary *summary)
{
  GArray           *peaks = st_summary_get_memory_peaks (summary);
  StMemoryTimeline *timeline = st_memory_timeline_ensure (trace, NULL);

  json_builder_set_member_name (b, "memory_peaks");
  json_builder_begin_array (b);
  for (guint i = 0; i < peaks->len; i++)
    {
      const StMemoryPeak   *p = &g_array_index (peaks, StMemoryPeak, i);
      const StMemoryDevice *d = st_memory_timeline_get_device (timeline, p->device);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", p->label);
      st_cli_add_int (b, "file", d->file);
      st_cli_add_int (b, "device_type", d->type);
      st_cli_add_int_or_null (b, "device_id", d->process == G_MAXUINT, d->id);
      json_builder_set_member_name (b, "allocated_is_change");
      json_builder_add_boolean_value (b, p->allocated_is_change);
      st_cli_add_double_or_null (b, "peak_allocated_bytes", p->allocated.present,
                                 p->allocated.bytes);
      st_cli_add_int_or_null (b, "peak_allocated_ns", p->allocated.present, p->allocated.ts);
      json_allocation (b, trace, p);
      st_cli_add_double_or_null (b, "peak_reserved_bytes", p->reserved.present, p->reserved.bytes);
      st_cli_add_int_or_null (b, "peak_reserved_ns", p->reserved.present, p->reserved.ts);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_flop_devices (JsonBuilder *b, const StFlopRates *rates)
{
  json_builder_set_member_name (b, "devices");
  json_builder_begin_array (b);
  for (guint i = 0; i < rates->devices->len; i++)
    {
      const StFlopDevice *d = &g_array_index (rates->devices, StFlopDevice, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", d->label);
      st_cli_add_int (b, "file", d->file);
      st_cli_add_double_or_null (b, "flops", TRUE, d->flops);
      st_cli_add_int (b, "device_time_ns", d->device_time_ns);
      json_builder_set_member_name (b, "peak_name");
      if (d->model != NULL)
        json_builder_add_string_value (b, d->model);
      else
        json_builder_add_null_value (b);
      st_cli_add_string (b, "dtype", st_flop_type_to_string (d->type));
      st_cli_add_double_or_null (b, "peak_flops_per_second", d->peak_flops_per_second > 0,
                                 d->peak_flops_per_second);
      st_cli_add_double_or_null (b, "mfu_percent", d->has_mfu, d->mfu_percent);
      st_cli_add_string_or_null (b, "peak_note", d->note);
      st_cli_add_double_or_null (b, "peak_bytes_per_second", d->peak_bytes_per_second > 0,
                                 d->peak_bytes_per_second);
      st_cli_add_double_or_null (b, "ridge_flops_per_byte", d->ridge > 0, d->ridge);
      st_cli_add_string_or_null (b, "bandwidth_note", d->bandwidth_note);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_flop_operations (JsonBuilder *b, StTrace *trace, const StFlopRates *rates)
{
  json_builder_set_member_name (b, "operations");
  json_builder_begin_array (b);
  for (guint i = 0; i < rates->operations->len; i++)
    {
      const StFlopOperation *o = &g_array_index (rates->operations, StFlopOperation, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "name", st_trace_get_string (trace, o->name));
      st_cli_add_int (b, "count", o->count);
      st_cli_add_double_or_null (b, "flops", TRUE, o->flops);
      st_cli_add_int (b, "device_ns", o->device_ns);
      st_cli_add_double_or_null (b, "achieved_flops_per_second", o->device_ns > 0,
                                 o->device_ns > 0 ? o->flops * 1e9 / o->device_ns : 0);
      st_cli_add_string (b, "dtype", st_flop_type_to_string (o->type));
      st_cli_add_double_or_null (b, "peak_percent", o->has_peak_percent, o->peak_percent);
      json_builder_set_member_name (b, "host_timed");
      json_builder_add_boolean_value (b, o->host_timed);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
st_cli_json_flops (JsonBuilder *b, StTrace *trace, StSummary *summary, guint limit)
{
  const StFlopRates *rates = st_summary_get_flops (summary);
  double             achieved = 0;
  gboolean           has_achieved;

  json_builder_set_member_name (b, "flops");
  if (rates == NULL)
    {
      json_builder_add_null_value (b);
      return;
    }
  has_achieved = st_flop_rates_get_achieved (rates, &achieved);
  json_builder_begin_object (b);
  st_cli_add_int (b, "ops", rates->ops);
  st_cli_add_double_or_null (b, "flops", TRUE, rates->flops);
  st_cli_add_int (b, "device_ns", rates->device_ns);
  st_cli_add_double_or_null (b, "achieved_flops_per_second", has_achieved, achieved);
  st_cli_add_int (b, "host_timed_ops", rates->host_timed_ops);
  json_flop_devices (b, rates);
  json_flop_operations (b, trace, rates);
  st_cli_json_shapes (b, trace, rates, ST_STRING_NONE, limit);
  st_cli_json_classes (b, trace, rates);
  json_builder_end_object (b);
}
