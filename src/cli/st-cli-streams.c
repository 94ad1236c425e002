/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-streams.h"

#include "st-cli-common.h"
#include "st-format.h"
#include "st-metric-catalog.h"

#include <glib/gi18n.h>
#include <stdio.h>

/* --- text ------------------------------------------------------------------- */

/* A time and its share of @whole: "12.3 ms (41%)". */
static char *
time_and_share (gint64 ns, gint64 whole)
{
  g_autofree char *t = st_format_duration (ns);
  g_autofree char *p
      = st_summary_format_value (ST_UNIT_PERCENT, whole > 0 ? 100.0 * ns / whole : 0);

  return g_strdup_printf ("%s (%s)", t, p);
}

/* printf pads bytes: @text left in @width characters. */
static void
print_padded (const char *text, int width)
{
  printf ("%-*s", st_cli_field_width (text, width), text);
}

static void
print_stream_idle (const StStreamUsage *u)
{
  g_autofree char *busy = st_format_duration (u->busy_ns);
  g_autofree char *idle = st_format_duration (u->idle_ns);

  printf ("  ");
  print_padded (u->label, 28);
  printf (" %11s %11s", busy, idle);
  if (u->has_kinds)
    for (guint k = 0; k < ST_N_GAP_KINDS; k++)
      {
        g_autofree char *part = time_and_share (u->kind_ns[k], u->idle_ns);

        printf (" %20s", part);
      }
  printf ("\n");
}

static void
print_stream_launches (const StStreamUsage *u)
{
  g_autofree char *p50 = st_format_duration (u->delay_p50_ns);
  g_autofree char *p90 = st_format_duration (u->delay_p90_ns);
  g_autofree char *p99 = st_format_duration (u->delay_p99_ns);
  g_autofree char *max = st_format_duration (u->delay_max_ns);
  g_autofree char *count = st_format_count (u->launches);

  printf ("  ");
  print_padded (u->label, 28);
  if (u->launches == 0)
    printf (" %9s %11s %11s %11s %11s", count, "—", "—", "—", "—");
  else
    printf (" %9s %11s %11s %11s %11s", count, p50, p90, p99, max);
  printf (" %9u\n", u->queue_max);
}

void
st_cli_print_streams (StSummary *summary)
{
  guint    n = st_summary_get_n_streams (summary);
  gboolean kinds = FALSE, queues = FALSE;

  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      kinds |= st_summary_get_stream (summary, i)->has_kinds;
      queues |= st_summary_get_stream (summary, i)->has_queue;
    }
  /* Translators: %s says what a kind's percentage is of: "of stream idle time" */
  printf (_ ("\nIdle time by stream (the gaps between its kernels, by why it waited; %% %s)\n"),
          st_denominator_get_label (ST_DENOMINATOR_STREAM_IDLE));
  printf ("  %-28s %11s %11s", _ ("stream"), _ ("busy"), _ ("idle"));
  if (kinds)
    printf (" %20s %20s %20s", _ ("host wait"), _ ("stream wait"), _ ("other"));
  printf ("\n");
  for (guint i = 0; i < n; i++)
    print_stream_idle (st_summary_get_stream (summary, i));
  if (!kinds)
    printf ("  %s\n", _ ("Launch calls are not in this profile: the idle time cannot be split."));
  if (!queues)
    return;
  printf ("\n%s\n", _ ("Launches by stream (delay: kernel start − launch call start)"));
  printf ("  %-28s %9s %11s %11s %11s %11s %9s\n", _ ("stream"), _ ("launches"), _ ("p50"),
          _ ("p90"), _ ("p99"), _ ("max"), _ ("max queue"));
  for (guint i = 0; i < n; i++)
    print_stream_launches (st_summary_get_stream (summary, i));
}

static void
print_overlap_row (const StOverlapRow *r)
{
  g_autofree char *comm = st_format_duration (r->communication_ns);
  g_autofree char *overlapped = st_format_duration (r->overlapped_ns);
  g_autofree char *percent = r->has_percent
                                 ? st_summary_format_value (ST_UNIT_PERCENT, r->overlap_percent)
                                 : g_strdup ("—");

  printf ("  ");
  print_padded (r->label, 24);
  printf (" %13s %13s %9s\n", comm, overlapped, percent);
}

/* The 50 bins in a line, each a block as high as its share overlapped, a
 * dot where the bin has no communication. */
static void
print_over_time (StOverlap *o)
{
  static const char *const blocks[] = { "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" };
  const StOverlapBin      *bins = st_overlap_get_bins (o);

  printf ("  %s ", _ ("over time:"));
  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    printf ("%s", bins[k].has_percent
                      ? blocks[MIN (7, (guint)(bins[k].overlap_percent / 100.0 * 7.999))]
                      : "·");
  printf ("\n");
}

void
st_cli_print_overlap (StSummary *summary)
{
  StOverlap *o = st_summary_get_overlap (summary);

  if (!st_overlap_has_communication (o))
    return;
  printf ("\n%s\n", _ ("Communication overlapped by compute"));
  printf ("  %-24s %13s %13s %9s\n", _ ("device"), _ ("communication"), _ ("overlapped"),
          _ ("share"));
  for (guint i = 0; i < st_overlap_get_n_devices (o); i++)
    print_overlap_row (st_overlap_get_device (o, i));
  for (guint i = 0; i < st_overlap_get_n_ranks (o); i++)
    print_overlap_row (st_overlap_get_rank (o, i));
  print_over_time (o);
}

/* --- JSON ------------------------------------------------------------------- */

static void
json_stream (JsonBuilder *b, StDeviceWork *work, const StStreamUsage *u)
{
  gboolean launched = u->launches > 0;

  json_builder_begin_object (b);
  st_cli_add_string (b, "label", u->label);
  st_cli_add_string (b, "device", st_device_work_get_device (work, u->device)->label);
  st_cli_add_int (b, "file", u->file);
  st_cli_add_int (b, "busy_ns", u->busy_ns);
  st_cli_add_int (b, "idle_ns", u->idle_ns);
  st_cli_add_int (b, "gaps", u->gaps);
  st_cli_add_int_or_null (b, "host_wait_ns", u->has_kinds, u->kind_ns[ST_GAP_HOST_WAIT]);
  st_cli_add_int_or_null (b, "stream_wait_ns", u->has_kinds, u->kind_ns[ST_GAP_STREAM_WAIT]);
  st_cli_add_int_or_null (b, "other_ns", u->has_kinds, u->kind_ns[ST_GAP_OTHER]);
  st_cli_add_int (b, "launches", u->launches);
  st_cli_add_int_or_null (b, "launch_delay_p50_ns", launched, u->delay_p50_ns);
  st_cli_add_int_or_null (b, "launch_delay_p90_ns", launched, u->delay_p90_ns);
  st_cli_add_int_or_null (b, "launch_delay_p99_ns", launched, u->delay_p99_ns);
  st_cli_add_int_or_null (b, "launch_delay_max_ns", launched, u->delay_max_ns);
  st_cli_add_int_or_null (b, "queue_max", u->has_queue, u->queue_max);
  json_builder_end_object (b);
}

void
st_cli_json_streams (JsonBuilder *b, StTrace *trace, StSummary *summary)
{
  StDeviceWork *work = st_device_work_get (trace);

  json_builder_set_member_name (b, "streams");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_summary_get_n_streams (summary); i++)
    json_stream (b, work, st_summary_get_stream (summary, i));
  json_builder_end_array (b);
}

static void
json_rows (JsonBuilder *b, const char *name, StOverlap *o, gboolean ranks)
{
  guint n = ranks ? st_overlap_get_n_ranks (o) : st_overlap_get_n_devices (o);

  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      const StOverlapRow *r = ranks ? st_overlap_get_rank (o, i) : st_overlap_get_device (o, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", r->label);
      st_cli_add_int (b, "file", r->file);
      st_cli_add_int (b, "communication_ns", r->communication_ns);
      st_cli_add_int (b, "overlapped_ns", r->overlapped_ns);
      st_cli_add_double_or_null (b, "overlap_percent", r->has_percent, r->overlap_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
st_cli_json_overlap (JsonBuilder *b, StSummary *summary)
{
  StOverlap          *o = st_summary_get_overlap (summary);
  const StOverlapBin *bins = st_overlap_get_bins (o);

  json_builder_set_member_name (b, "overlap");
  json_builder_begin_object (b);
  json_rows (b, "devices", o, FALSE);
  if (st_overlap_get_n_ranks (o) > 0)
    json_rows (b, "ranks", o, TRUE);
  json_builder_set_member_name (b, "bins");
  json_builder_begin_array (b);
  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    {
      json_builder_begin_object (b);
      st_cli_add_int (b, "start_ns", bins[k].start);
      st_cli_add_int (b, "end_ns", bins[k].end);
      st_cli_add_int (b, "communication_ns", bins[k].communication_ns);
      st_cli_add_int (b, "overlapped_ns", bins[k].overlapped_ns);
      st_cli_add_double_or_null (b, "overlap_percent", bins[k].has_percent,
                                 bins[k].overlap_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}
