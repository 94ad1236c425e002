/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli summary: the diagnosis, findings first (docs/metrics.md 16). */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-diagnosis.h"

#include "st-cli-common.h"
#include "st-device-work.h"
#include "st-format.h"

#include <glib/gi18n.h>
#include <stdio.h>

static void
print_findings (StDiagnosis *diagnosis)
{
  guint n = st_diagnosis_get_n_shown (diagnosis);

  printf ("%s\n", _ ("Performance insights and recommendations"));
  if (n == 0)
    printf ("  %s\n", _ ("Nothing stands out in this range."));
  for (guint i = 0; i < n; i++)
    {
      const StFinding *f = st_diagnosis_get_finding (diagnosis, i);
      g_autofree char *stake = st_format_duration (f->time_at_stake_ns);

      printf ("  %u. %s  [%s]\n", i + 1, f->text, f->id);
      if (f->action != NULL)
        printf ("     %s %s\n", _ ("Action:"), f->action);
      if (f->kind != ST_FINDING_RULE)
        printf ("     %s %s\n", _ ("At stake:"), stake);
      printf ("     %s %" G_GINT64_FORMAT " – %" G_GINT64_FORMAT " ns\n", _ ("Where:"), f->start_ns,
              f->end_ns);
    }
}

static void
print_phases (StTrace *trace, StDiagnosis *diagnosis)
{
  StDeviceWork *work = st_device_work_get (trace);
  guint         n = st_diagnosis_get_n_phases (diagnosis);
  gint          device = -1;

  if (n == 0)
    return;
  printf ("\n%s\n", _ ("Phases"));
  for (guint i = 0; i < n; i++)
    {
      const StPhase   *p = st_diagnosis_get_phase (diagnosis, i);
      gint64           busy = p->compute_ns + p->communication_ns + p->memory_ns;
      g_autofree char *start = st_format_duration (p->start);
      g_autofree char *len = st_format_duration (p->end - p->start);

      if ((gint)p->device != device && work != NULL)
        {
          device = p->device;
          printf ("  %s\n", st_device_work_get_device (work, device)->label);
        }
      printf ("    %-20s %12s  %11s  %s %5.1f %%", st_phase_kind_get_title (p->kind), start, len,
              _ ("busy"), p->end > p->start ? 100.0 * busy / (p->end - p->start) : 0.0);
      if (p->top_class != NULL)
        printf ("  %s %.0f %%", p->top_class, p->top_class_percent);
      printf ("\n");
    }
}

void
st_cli_print_diagnosis (StTrace *trace, StDiagnosis *diagnosis)
{
  print_findings (diagnosis);
  print_phases (trace, diagnosis);
}

static void
add_string_or_null (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static const char *
string_of (StTrace *trace, StStringId id)
{
  return id != ST_STRING_NONE ? st_trace_get_string (trace, id) : NULL;
}

static void
json_phase (JsonBuilder *b, StTrace *trace, const StPhase *p)
{
  StDeviceWork *work = st_device_work_get (trace);
  gint64        busy = p->compute_ns + p->communication_ns + p->memory_ns;

  json_builder_begin_object (b);
  add_string_or_null (b, "device",
                      work != NULL ? st_device_work_get_device (work, p->device)->label : NULL);
  st_cli_add_string (b, "kind", st_phase_kind_to_string (p->kind));
  st_cli_add_int (b, "start_ns", p->start);
  st_cli_add_int (b, "end_ns", p->end);
  st_cli_add_double_or_null (b, "busy_percent", p->end > p->start,
                             100.0 * busy / MAX (1, p->end - p->start));
  st_cli_add_int (b, "compute_ns", p->compute_ns);
  st_cli_add_int (b, "communication_ns", p->communication_ns);
  st_cli_add_int (b, "memory_ns", p->memory_ns);
  st_cli_add_int (b, "host_idle_ns", p->idle_ns[ST_IDLE_HOST]);
  st_cli_add_int (b, "sync_idle_ns", p->idle_ns[ST_IDLE_SYNC]);
  st_cli_add_int (b, "warm_up_idle_ns", p->idle_ns[ST_IDLE_WARM_UP]);
  st_cli_add_int (b, "other_idle_ns", p->idle_ns[ST_IDLE_UNEXPLAINED] + p->idle_ns[ST_IDLE_TRAIL]);
  st_cli_add_int (b, "gaps", p->gaps);
  st_cli_add_int (b, "host_gaps", p->host_gaps);
  st_cli_add_int (b, "launches", p->launches);
  st_cli_add_int_or_null (b, "launch_delay_p50_ns", p->launches > 0, p->delay_p50_ns);
  st_cli_add_int_or_null (b, "queue_max", p->has_queue, p->queue_max);
  add_string_or_null (b, "top_class", p->top_class);
  st_cli_add_double_or_null (b, "top_class_percent", p->top_class != NULL, p->top_class_percent);
  add_string_or_null (b, "top_event", string_of (trace, p->top_event));
  add_string_or_null (b, "host_op", string_of (trace, p->host_op));
  json_builder_end_object (b);
}

static void
json_finding (JsonBuilder *b, const StFinding *f)
{
  json_builder_begin_object (b);
  st_cli_add_string (b, "kind", f->id);
  st_cli_add_string (b, "text", f->text);
  add_string_or_null (b, "action", f->action);
  st_cli_add_int (b, "time_at_stake_ns", f->time_at_stake_ns);
  st_cli_add_int (b, "start_ns", f->start_ns);
  st_cli_add_int (b, "end_ns", f->end_ns);
  json_builder_set_member_name (b, "operations");
  json_builder_begin_array (b);
  for (guint k = 0; k < f->operations->len; k++)
    json_builder_add_string_value (b, g_ptr_array_index (f->operations, k));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* docs/metrics.md 7: a shown finding as a recommendation was. */
static void
json_recommendation (JsonBuilder *b, const StFinding *f)
{
  json_builder_begin_object (b);
  st_cli_add_string (b, "rule", f->id);
  st_cli_add_string (b, "measured", f->text);
  add_string_or_null (b, "action", f->action);
  st_cli_add_int (b, "time_at_stake_ns", f->time_at_stake_ns);
  st_cli_add_int (b, "start_ns", f->start_ns);
  st_cli_add_int (b, "end_ns", f->end_ns);
  json_builder_end_object (b);
}

void
st_cli_json_diagnosis (JsonBuilder *b, StTrace *trace, StDiagnosis *diagnosis)
{
  json_builder_set_member_name (b, "phases");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_diagnosis_get_n_phases (diagnosis); i++)
    json_phase (b, trace, st_diagnosis_get_phase (diagnosis, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_diagnosis_get_n_findings (diagnosis); i++)
    json_finding (b, st_diagnosis_get_finding (diagnosis, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "recommendations");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_diagnosis_get_n_shown (diagnosis); i++)
    json_recommendation (b, st_diagnosis_get_finding (diagnosis, i));
  json_builder_end_array (b);
}
