/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli summary: the Summary page without a window: recommendations,
 * metric tables, collective groups, the top host ops and kernels, for the whole
 * profile or a region (given by its bounds, or by name from a region
 * file); for several files (one per rank) as one profile, a row per rank
 * and the slowest rank of each collective matched across ranks. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-small-file.h"
#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-cli-diagnosis.h"
#include "st-cli-streams.h"
#include "st-cli-summary-usage.h"
#include "st-flop-ops.h"
#include "st-format.h"
#include "st-metric-catalog.h"
#include "st-region-set.h"
#include "st-summary.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#define SUMMARY_HELP                                                                               \
  N_ ("Prints what the Summary page shows for FILE: the recommendations, the metric tables "       \
      "(“not in this profile” for what the profile lacks), the collective operations grouped " \
      "by type and size, the top host ops and the top kernels, the peak memory of each device "    \
      "and the allocation at the peak, and the FLOP rates of the operations that carry FLOPs "     \
      "(from flops arguments or their shapes) with each GPU's Model FLOPs Utilisation, and the "   \
      "rates of each shape and kernel class against the roofline. Several FILEs (one per rank) "   \
      "are one profile: then also a row per rank (device busy, communication, exposed "            \
      "communication, in how many collectives it was the straggler: the last to start, 1 µs or "  \
      "more after the first) and the straggler of each collective matched across ranks. Then "     \
      "each stream's idle time by why it waited (host, another stream or event, other), its "      \
      "launch delays and longest queue, and the communication compute overlaps per device, rank "  \
      "and over time. Times are ns from the trace start.")

#define TOP_OPERATIONS 15
#define TOP_STRAGGLERS 10
/* --json: rows of each operations table, unless --all-operations */
#define JSON_OPERATIONS 500

/* --- text ------------------------------------------------------------------- */

static void
print_metrics (StSummary *summary)
{
  const char *group = NULL;

  for (guint i = 0; i < st_summary_get_n_metrics (summary); i++)
    {
      const StMetric  *m = st_summary_get_metric (summary, i);
      g_autofree char *value = m->present ? st_summary_format_value (m->unit, m->value)
                                          : g_strdup (_ ("not in this profile"));
      /* a percentage says what it is of (docs/metrics.md 2.2) */
      const char *of = m->unit == ST_UNIT_PERCENT && m->present
                           ? st_denominator_get_label (st_metric_catalog_get_denominator (m->id))
                           : NULL;

      if (g_strcmp0 (group, m->group) != 0)
        {
          group = m->group;
          printf ("\n%s\n", m->group_title);
        }
      if (of != NULL)
        printf ("  %-44s %-7s %s\n", m->title, value, of);
      else
        printf ("  %-44s %s\n", m->title, value);
    }
}

static void
print_collectives (StSummary *summary)
{
  guint               n = st_summary_get_n_collective_groups (summary);
  StCollectivesCommon common;
  g_autofree char    *shared = NULL;

  if (n == 0)
    return;
  /* docs/metrics.md 3.1: what every group shares, said once */
  st_summary_get_collectives_common (summary, &common);
  shared = st_collectives_common_dup_label (&common);
  printf ("\n%s\n", _ ("Collective operations"));
  if (shared != NULL)
    /* Translators: what the labels of all the collective groups share */
    printf ("  %s %s\n", _ ("Every group:"), shared);
  printf ("  %7s %11s %11s %11s %11s %9s  %s\n", _ ("count"), _ ("min"), _ ("median"), _ ("mean"),
          _ ("max"), _ ("outliers"), _ ("group"));
  for (guint i = 0; i < n; i++)
    {
      const StCollectiveGroup *g = st_summary_get_collective_group (summary, i);
      g_autofree char         *min = st_format_duration (g->min_ns);
      g_autofree char         *median = st_format_duration (g->median_ns);
      g_autofree char         *mean = st_format_duration (g->mean_ns);
      g_autofree char         *max = st_format_duration (g->max_ns);
      g_autofree char         *label = st_collective_group_dup_label (g, &common);

      printf ("  %7u %11s %11s %11s %11s %9u  %s\n", g->count, min, median, mean, max,
              g->n_outliers, label);
    }
}

/* The top rows of an operations table, each with its share of the table's
 * self time (docs/metrics.md 4). */
static void
print_operations (StTrace *trace, StSummary *summary, StOperationsTable table)
{
  GArray *ops = st_summary_get_operations (summary, table, FALSE);

  if (ops->len == 0)
    return;
  printf ("\n%s\n", table == ST_OPERATIONS_KERNELS ? _ ("Kernels (top 15 by self time)")
                                                   : _ ("Host ops (top 15 by self time)"));
  printf ("  %8s %11s %11s %11s %11s %11s %7s  %s\n", _ ("count"), _ ("total"), _ ("self"),
          _ ("average"), _ ("min"), _ ("max"), _ ("share"), _ ("name"));
  for (guint i = 0; i < MIN (ops->len, TOP_OPERATIONS); i++)
    {
      const StOperationRow *row = &g_array_index (ops, StOperationRow, i);
      g_autofree char      *total = st_format_duration (row->total_ns);
      g_autofree char      *self = st_format_duration (row->self_ns);
      g_autofree char      *avg = st_format_duration (row->total_ns / MAX (1, row->count));
      g_autofree char      *min = st_format_duration (row->min_ns);
      g_autofree char      *max = st_format_duration (row->max_ns);

      printf ("  %8u %11s %11s %11s %11s %11s %6.1f%%  %s\n", row->count, total, self, avg, min,
              max, row->share_percent, st_trace_get_string (trace, row->name));
    }
}

/* A row per device when there are several: the profile's numbers are their
 * means (docs/metrics.md 2). */
static void
print_devices (StSummary *summary)
{
  guint            n = st_summary_get_n_devices (summary);
  g_autofree char *heading = NULL;

  if (n < 2)
    return;
  heading = st_denominator_dup_heading (ST_DENOMINATOR_DEVICE_TIME, _ ("Devices"));
  printf ("\n%s\n", heading);
  printf ("  %-24s %8s %13s %13s %13s %13s\n", _ ("device"), _ ("busy"), _ ("compute"),
          _ ("communication"), _ ("exposed"), _ ("wait"));
  for (guint i = 0; i < n; i++)
    {
      const StDeviceUsage *d = st_summary_get_device (summary, i);
      g_autofree char     *busy = st_summary_format_value (ST_UNIT_PERCENT, d->busy_percent);
      g_autofree char     *compute = st_format_duration (d->compute_ns);
      g_autofree char     *comm = st_format_duration (d->communication_ns);
      g_autofree char     *exposed = st_format_duration (d->exposed_communication_ns);
      g_autofree char     *wait = st_format_duration (d->wait_ns);

      printf ("  %-24s %8s %13s %13s %13s %13s\n", d->label, busy, compute, comm, exposed, wait);
    }
}

/* The collectives matched across ranks, the longest waits first, "—" for
 * those without a straggler (docs/metrics.md 3.2), then how many had none. */
static void
print_stragglers (StTrace *trace, StSummary *summary)
{
  guint             n_matched = st_summary_get_n_rank_collectives (summary), n_none = 0;
  g_autofree guint *order = g_new (guint, MAX (1, n_matched));

  for (guint i = 0; i < n_matched; i++)
    {
      order[i] = i;
      n_none += !st_summary_get_rank_collective (summary, i)->has_straggler;
    }
  for (guint i = 1; i < n_matched; i++)
    for (guint j = i; j > 0
                      && st_summary_get_rank_collective (summary, order[j])->late_ns
                             > st_summary_get_rank_collective (summary, order[j - 1])->late_ns;
         j--)
      {
        guint t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  if (n_matched == 0)
    return;
  printf ("\n%s\n",
          _ ("Straggler per collective (the last to start; — when all started within 1 µs; "
             "the longest waits first)"));
  printf ("  %-28s %12s %-12s %11s\n", _ ("collective"), _ ("start"), _ ("straggler"),
          _ ("late by"));
  for (guint i = 0; i < MIN (n_matched, TOP_STRAGGLERS); i++)
    {
      const StRankCollective *c = st_summary_get_rank_collective (summary, order[i]);
      g_autofree char        *start = st_format_duration (c->start_ns);
      g_autofree char        *late = st_format_duration (c->late_ns);
      const char *who = c->has_straggler ? st_trace_get_file (trace, c->slowest_file)->label : "—";
      int         width = st_cli_field_width (who, 12);

      printf ("  %-28s %12s %-*s %11s\n", c->label, start, width, who, late);
    }
  if (n_matched > TOP_STRAGGLERS)
    printf ("  %s\n", _ ("(the others with --json)"));
  if (n_none > 0)
    printf (ngettext ("%u collective matched across ranks had no straggler: every rank started "
                      "it within 1 µs of the first.\n",
                      "%u collectives matched across ranks had no straggler: every rank started "
                      "them within 1 µs of the first.\n",
                      n_none),
            n_none);
}

static void
print_ranks (StTrace *trace, StSummary *summary)
{
  guint n = st_summary_get_n_ranks (summary),
        n_matched = st_summary_get_n_rank_collectives (summary);
  g_autofree char *heading = NULL;

  if (n == 0)
    return;
  heading = st_denominator_dup_heading (ST_DENOMINATOR_DEVICE_TIME, _ ("Ranks"));
  printf ("\n%s\n", heading);
  printf ("  %-12s %8s %13s %13s %12s  %s\n", _ ("rank"), _ ("busy"), _ ("communication"),
          _ ("exposed"), _ ("slowest in"), _ ("file"));
  for (guint i = 0; i < n; i++)
    {
      const StRankUsage *r = st_summary_get_rank (summary, i);
      g_autofree char   *busy
          = r->has_device ? st_summary_format_value (ST_UNIT_PERCENT, r->device_busy_percent)
                          : g_strdup ("—");
      g_autofree char *comm
          = r->has_device ? st_format_duration (r->communication_ns) : g_strdup ("—");
      g_autofree char *exposed
          = r->has_device ? st_format_duration (r->exposed_communication_ns) : g_strdup ("—");
      g_autofree char *slowest = g_strdup_printf ("%u of %u", r->slowest_count, n_matched);

      printf ("  %-12s %8s %13s %13s %12s  %s\n", r->label, busy, comm, exposed, slowest,
              st_trace_get_file (trace, r->file)->display_name);
    }
  print_stragglers (trace, summary);
}

/* --- JSON ------------------------------------------------------------------- */

static void
json_metrics (JsonBuilder *b, StSummary *summary)
{
  json_builder_set_member_name (b, "metrics");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_summary_get_n_metrics (summary); i++)
    {
      const StMetric *m = st_summary_get_metric (summary, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "id", m->id);
      st_cli_add_string (b, "group", m->group);
      st_cli_add_double_or_null (b, "value", m->present, m->value);
      st_cli_add_string (b, "unit", st_cli_unit_to_string (m->unit));
      st_cli_add_string (b, "source", m->source == ST_METRIC_PROFILE ? "profile" : "derived");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* docs/metrics.md 7: "args", "dims", or NULL for unknown. */
static const char *
size_source_id (StCollectiveSizeSource source)
{
  switch (source)
    {
    case ST_COLLECTIVE_SIZE_ARGS: return "args";
    case ST_COLLECTIVE_SIZE_DIMS: return "dims";
    default: return NULL;
    }
}

/* What every group shares (docs/metrics.md 3.1), each null when not. */
static void
json_collectives_common (JsonBuilder *b, StSummary *summary)
{
  StCollectivesCommon common;

  st_summary_get_collectives_common (summary, &common);
  json_builder_set_member_name (b, "collectives_common");
  json_builder_begin_object (b);
  st_cli_add_string_or_null (b, "type",
                             common.has_type ? st_collective_type_to_string (common.type) : NULL);
  st_cli_add_string_or_null (b, "call_site", common.call_site);
  json_builder_end_object (b);
}

static void
json_collectives (JsonBuilder *b, StSummary *summary)
{
  json_collectives_common (b, summary);
  json_builder_set_member_name (b, "collectives");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_summary_get_n_collective_groups (summary); i++)
    {
      const StCollectiveGroup *g = st_summary_get_collective_group (summary, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "type", st_collective_type_to_string (g->type));
      st_cli_add_int_or_null (b, "size_bytes", g->size_bytes > 0, (gint64)g->size_bytes);
      st_cli_add_string_or_null (b, "size_source", size_source_id (g->size_source));
      st_cli_add_int_or_null (b, "elements", g->elements > 0, (gint64)g->elements);
      st_cli_add_int_or_null (b, "element_bytes", g->element_bytes > 0, (gint64)g->element_bytes);
      st_cli_add_string_or_null (b, "call_site", g->call_site);
      st_cli_add_string (b, "label", g->label);
      st_cli_add_int (b, "count", g->count);
      st_cli_add_int (b, "min_ns", g->min_ns);
      st_cli_add_int (b, "median_ns", g->median_ns);
      st_cli_add_int (b, "mean_ns", g->mean_ns);
      st_cli_add_int (b, "max_ns", g->max_ns);
      st_cli_add_int (b, "outliers", g->n_outliers);
      json_builder_set_member_name (b, "outlier_instances");
      json_builder_begin_array (b);
      for (guint k = 0; k < g->instances->len; k++)
        {
          const StCollectiveInstance *inst = &g_array_index (g->instances, StCollectiveInstance, k);

          if (!inst->outlier)
            continue;
          json_builder_begin_object (b);
          st_cli_add_int (b, "start_ns", inst->start);
          st_cli_add_int (b, "dur_ns", inst->dur);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* docs/metrics.md 7: "operations" (host ops) or "kernels"; a share is null
 * when the table's self times add up to 0. */
static void
json_operations (JsonBuilder      *b,
                 StTrace          *trace,
                 StSummary        *summary,
                 StOperationsTable table,
                 guint             limit)
{
  GArray *ops = st_summary_get_operations (summary, table, FALSE);
  gint64  all_self = 0;
  guint   n = MIN (ops->len, limit);

  for (guint i = 0; i < ops->len; i++)
    all_self += g_array_index (ops, StOperationRow, i).self_ns;

  json_builder_set_member_name (b, table == ST_OPERATIONS_KERNELS ? "kernels" : "operations");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      const StOperationRow *row = &g_array_index (ops, StOperationRow, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "name", st_trace_get_string (trace, row->name));
      st_cli_add_int (b, "count", row->count);
      st_cli_add_int (b, "total_ns", row->total_ns);
      st_cli_add_int (b, "self_ns", row->self_ns);
      st_cli_add_int (b, "min_ns", row->min_ns);
      st_cli_add_int (b, "max_ns", row->max_ns);
      st_cli_add_double_or_null (b, "share_percent", all_self != 0, row->share_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  st_cli_add_int (b, table == ST_OPERATIONS_KERNELS ? "kernels_omitted" : "operations_omitted",
                  ops->len - n);
}

/* docs/metrics.md 7: a row per device. */
static void
json_devices (JsonBuilder *b, StSummary *summary)
{
  json_builder_set_member_name (b, "devices");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_summary_get_n_devices (summary); i++)
    {
      const StDeviceUsage *d = st_summary_get_device (summary, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", d->label);
      st_cli_add_int (b, "file", d->file);
      st_cli_add_int (b, "device_time_ns", d->device_time_ns);
      st_cli_add_int (b, "busy_ns", d->busy_ns);
      st_cli_add_double_or_null (b, "busy_percent", TRUE, d->busy_percent);
      st_cli_add_int (b, "compute_ns", d->compute_ns);
      st_cli_add_int (b, "communication_ns", d->communication_ns);
      st_cli_add_int (b, "exposed_communication_ns", d->exposed_communication_ns);
      st_cli_add_int (b, "memory_ns", d->memory_ns);
      st_cli_add_int (b, "wait_ns", d->wait_ns);
      st_cli_add_int (b, "idle_ns", d->idle_ns);
      if (d->has_active)
        st_cli_add_double_or_null (b, "active_percent", TRUE, d->active_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_ranks (JsonBuilder *b, StTrace *trace, StSummary *summary)
{
  json_builder_set_member_name (b, "ranks");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_summary_get_n_ranks (summary); i++)
    {
      const StRankUsage *r = st_summary_get_rank (summary, i);

      json_builder_begin_object (b);
      st_cli_add_int (b, "file", r->file);
      st_cli_add_string (b, "label", r->label);
      st_cli_add_string (b, "path", st_trace_get_file (trace, r->file)->display_name);
      st_cli_add_double_or_null (b, "device_busy_percent", r->has_device, r->device_busy_percent);
      st_cli_add_int_or_null (b, "communication_time_ns", r->has_device, r->communication_ns);
      st_cli_add_int_or_null (b, "exposed_communication_ns", r->has_device,
                              r->exposed_communication_ns);
      st_cli_add_int (b, "collectives", r->n_collectives);
      st_cli_add_int (b, "slowest_count", r->slowest_count);
      st_cli_add_int (b, "slowest_late_ns", r->slowest_total_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_rank_collectives (JsonBuilder *b, StTrace *trace, StSummary *summary)
{
  json_builder_set_member_name (b, "rank_collectives");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_summary_get_n_rank_collectives (summary); i++)
    {
      const StRankCollective *c = st_summary_get_rank_collective (summary, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", c->label);
      st_cli_add_int (b, "ranks", c->n_ranks);
      st_cli_add_int (b, "start_ns", c->start_ns);
      st_cli_add_int (b, "end_ns", c->end_ns);
      /* docs/metrics.md 7: null without a straggler, late_ns then the spread */
      st_cli_add_int_or_null (b, "slowest_file", c->has_straggler, c->slowest_file);
      st_cli_add_string_or_null (
          b, "slowest_label",
          c->has_straggler ? st_trace_get_file (trace, c->slowest_file)->label : NULL);
      st_cli_add_int (b, "late_ns", c->late_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_json (StTrace     *trace,
            StSummary   *summary,
            StDiagnosis *diagnosis,
            const char  *name,
            guint        limit)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode)    root = NULL;
  gint64                  start, end;

  st_summary_get_range (summary, &start, &end);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "range");
  json_builder_begin_object (b);
  st_cli_add_int (b, "start_ns", start);
  st_cli_add_int (b, "end_ns", end);
  st_cli_add_string_or_null (b, "name", name);
  json_builder_end_object (b);
  json_metrics (b, summary);
  json_collectives (b, summary);
  json_operations (b, trace, summary, ST_OPERATIONS_HOST, limit);
  json_operations (b, trace, summary, ST_OPERATIONS_KERNELS, limit);
  json_devices (b, summary);
  st_cli_json_memory (b, trace, summary);
  st_cli_json_flops (b, trace, summary, limit);
  json_ranks (b, trace, summary);
  json_rank_collectives (b, trace, summary);
  st_cli_json_streams (b, trace, summary);
  st_cli_json_overlap (b, summary);
  st_cli_json_diagnosis (b, trace, diagnosis);
  /* the parts of the file that could not be read, each a sentence */
  st_cli_add_strings (b, "problems", st_summary_get_problems (summary));
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  st_cli_print_json (root);
}

/* --- the range -------------------------------------------------------------- */

/* The region named @name in the region file @path; its name in @found. */
static gboolean
find_region (const char *path, const char *name, gint64 *start, gint64 *end, GError **error)
{
  g_autoptr (GFile)         file = st_file_new_for_arg (path);
  g_autoptr (StRegionArray) regions = st_region_set_read_file (file, NULL, error);

  if (regions == NULL)
    return FALSE;
  for (guint i = 0; i < st_region_array_get_length (regions); i++)
    {
      g_autofree char *region_name = st_region_array_dup_name (regions, i);

      if (g_str_equal (region_name, name))
        {
          *start = st_region_array_get_start (regions, i);
          *end = st_region_array_get_end (regions, i);
          return TRUE;
        }
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _ ("%s has no region named “%s”"),
               path, name);
  return FALSE;
}

typedef struct
{
  gboolean    as_json;
  gboolean    all_operations;
  gboolean    has_range;
  gint64      start;
  gint64      end;
  char       *name;
  char      **files;
  StAlignment alignment;
} SummaryOptions;

/* The range of --region, or of --name in --regions; exit status 0 when it
 * is known (or not asked for). */
static int
choose_range (SummaryOptions *o, const char *region, const char *regions_path)
{
  g_autoptr (GError) error = NULL;

  if ((region != NULL && regions_path != NULL) || (regions_path == NULL) != (o->name == NULL))
    return st_cli_usage_error (
        "summary",
        _ ("give either --region START_NS:END_NS, or --regions REGIONS.json with --name NAME"));
  if (region != NULL && !st_cli_parse_range (region, &o->start, &o->end))
    {
      g_autofree char *message = g_strdup_printf (
          _ ("--region “%s” is not START_NS:END_NS with START_NS < END_NS"), region);
      return st_cli_usage_error ("summary", message);
    }
  if (regions_path != NULL && !find_region (regions_path, o->name, &o->start, &o->end, &error))
    {
      if (error->domain == G_OPTION_ERROR)
        return st_cli_usage_error ("summary", error->message);
      return st_cli_file_error (error);
    }
  o->has_range = region != NULL || regions_path != NULL;
  return 0;
}

typedef struct
{
  StTrace   *trace;
  gint64     start;
  gint64     end;
  StSummary *tables;
  GError    *error;
} TablesJob;

static gpointer
tables_thread (gpointer data)
{
  TablesJob *job = data;

  /* the FLOPs of each operation first: the findings wait for them */
  st_flop_ops_ensure (job->trace, NULL);
  job->tables = st_summary_compute_parts (job->trace, job->start, job->end,
                                          ST_SUMMARY_OPERATIONS | ST_SUMMARY_OPERATIONS_BY_NAME,
                                          NULL, &job->error);
  return NULL;
}

/* The diagnosis of @summary, whose FLOP rates are added once the FLOP
 * ops are known: the phases first, which do not read them. */
static StDiagnosis *
diagnose (StTrace *trace, StSummary *summary, GError **error)
{
  g_autoptr (StDiagnosis) diagnosis = st_diagnosis_cut (trace, summary, NULL, error);

  if (diagnosis == NULL || !st_summary_add_flop_rates (summary, trace, NULL)
      || !st_diagnosis_find (diagnosis, trace, summary, NULL, error))
    return NULL;
  return g_steal_pointer (&diagnosis);
}

/* The summary of [start, end) and its diagnosis, as the window makes them
 * (they share the indexes kept with the trace, made by whichever thread
 * asks first): on a thread of their own the FLOPs of each operation, the
 * longest index, then the operations tables; on this one the cards but
 * their FLOP rates, and the diagnosis, whose phases read no FLOPs. */
static StSummary *
compute (StTrace *trace, gint64 start, gint64 end, StDiagnosis **diagnosis, GError **error)
{
  TablesJob             job = { trace, start, end, NULL, NULL };
  GThread              *thread = g_thread_new ("strata-tables", tables_thread, &job);
  g_autoptr (StSummary) summary = st_summary_compute_parts (
      trace, start, end,
      ST_SUMMARY_CARDS | ST_SUMMARY_LATER_FLOP_RATES | ST_SUMMARY_KEEP_DEVICE_EVENTS, NULL, error);

  if (summary != NULL)
    *diagnosis = diagnose (trace, summary, error);
  g_thread_join (thread);
  if (job.tables == NULL)
    {
      if (summary != NULL && *diagnosis != NULL)
        g_propagate_error (error, g_steal_pointer (&job.error));
      g_clear_error (&job.error);
      return NULL;
    }
  if (summary == NULL || *diagnosis == NULL)
    {
      st_summary_free (job.tables);
      return NULL;
    }
  st_summary_take_operations (summary, job.tables);
  st_summary_free (job.tables);
  return g_steal_pointer (&summary);
}

static int
run (SummaryOptions *o)
{
  g_autoptr (GError)      error = NULL;
  g_autoptr (StTrace)     trace = st_cli_load_profile (o->files, o->alignment, 0, &error);
  g_autoptr (StSummary)   summary = NULL;
  g_autoptr (StDiagnosis) diagnosis = NULL;

  if (trace == NULL)
    return st_cli_file_error (error);
  if (!o->has_range)
    o->end = st_trace_get_end_ns (trace);
  summary = compute (trace, o->start, o->end, &diagnosis, &error);
  if (summary == NULL)
    return st_cli_file_error (error);
  for (guint i = 0; i < st_summary_get_problems (summary)->len; i++)
    fprintf (stderr, _ ("strata-cli: warning: %s\n"),
             (const char *)g_ptr_array_index (st_summary_get_problems (summary), i));
  if (o->as_json)
    {
      print_json (trace, summary, diagnosis,
                  o->name != NULL ? o->name
                  : o->has_range  ? NULL
                                  : _ ("Whole profile"),
                  o->all_operations ? G_MAXUINT : JSON_OPERATIONS);
      return 0;
    }
  printf ("%s  [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") ns%s%s\n\n",
          st_trace_get_display_name (trace), o->start, o->end, o->name ? "  " : "",
          o->name ? o->name : "");
  st_cli_print_diagnosis (trace, diagnosis);
  print_metrics (summary);
  print_collectives (summary);
  print_operations (trace, summary, ST_OPERATIONS_HOST);
  print_operations (trace, summary, ST_OPERATIONS_KERNELS);
  print_devices (summary);
  st_cli_print_memory (trace, summary);
  st_cli_print_flops (trace, summary);
  print_ranks (trace, summary);
  st_cli_print_streams (summary);
  st_cli_print_overlap (summary);
  return 0;
}

int
st_cli_summary (int argc, char **argv)
{
  SummaryOptions     o = { FALSE, FALSE, FALSE, 0, 0, NULL, NULL, ST_ALIGN_CLOCK };
  g_autofree char   *region = NULL, *regions_path = NULL, *name = NULL, *align = NULL;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "region", 'r', 0, G_OPTION_ARG_FILENAME, &region,
            N_ ("Summarise only this range of the trace (ns from its start)"),
            N_ ("START_NS:END_NS") },
          { "regions", 0, 0, G_OPTION_ARG_FILENAME, &regions_path,
            N_ ("A region file (as saved from the Annotations panel or by “strata-cli regions "
                "-o”)"),
            N_ ("REGIONS.json") },
          { "name", 'n', 0, G_OPTION_ARG_FILENAME, &name,
            N_ ("The region of --regions to summarise"), N_ ("NAME") },
          { "json", 0, 0, G_OPTION_ARG_NONE, &o.as_json, N_ ("Print JSON instead of text"), NULL },
          { "all-operations", 0, 0, G_OPTION_ARG_NONE, &o.all_operations,
            N_ ("With --json, every row of the operations tables (default: the first 500)"), NULL },
          st_cli_align_entry (&align),
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("FILE… — the Summary page"));
  g_autoptr (GError)         error = NULL;
  int                        status;

  g_set_prgname ("strata-cli summary");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _ (SUMMARY_HELP));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || g_strv_length (rest) == 0)
    return st_cli_usage_error ("summary", error ? error->message : _ ("give a FILE"));
  if (!st_cli_parse_alignment (align, &o.alignment))
    return st_cli_usage_error ("summary", _ ("--align takes clock or collective"));
  if (name != NULL)
    {
      g_autofree char *raw = g_steal_pointer (&name);

      name = st_cli_text_arg (raw);
      if (name == NULL)
        return st_cli_text_arg_error ("summary", "--name", raw);
    }
  o.name = name;
  o.files = rest;
  status = choose_range (&o, region, regions_path);
  return status != 0 ? status : run (&o);
}
