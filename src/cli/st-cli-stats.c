/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli stats: one operation's distribution (docs/metrics.md 14),
 * computed by the same code as the window's Distribution pane: the
 * statistics, the groups and the bins of its histogram, as text or JSON. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-cli-shapes.h"
#include "st-format.h"
#include "st-name-distribution.h"

#include <glib/gi18n.h>
#include <stdio.h>

#define BAR_WIDTH 40

static void
add_stats (JsonBuilder *b, const StDurationStats *s)
{
  gboolean any = s->count > 0;

  st_cli_add_int (b, "count", s->count);
  st_cli_add_int_or_null (b, "total_ns", any, s->total_ns);
  st_cli_add_int_or_null (b, "min_ns", any, s->min_ns);
  st_cli_add_int_or_null (b, "p50_ns", any, s->p50_ns);
  st_cli_add_int_or_null (b, "p90_ns", any, s->p90_ns);
  st_cli_add_int_or_null (b, "p99_ns", any, s->p99_ns);
  st_cli_add_int_or_null (b, "mean_ns", any, s->mean_ns);
  st_cli_add_int_or_null (b, "max_ns", any, s->max_ns);
}

static void
add_groups (JsonBuilder *b, const StNameDistribution *d)
{
  json_builder_set_member_name (b, "group");
  if (d->grouping == ST_GROUPING_NONE)
    json_builder_add_null_value (b);
  else
    json_builder_add_string_value (b, d->grouping == ST_GROUPING_TRACK ? "track" : "parent");
  json_builder_set_member_name (b, "groups");
  json_builder_begin_array (b);
  for (guint g = 0; g < d->n_groups; g++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      if (d->groups[g].label != NULL)
        json_builder_add_string_value (b, d->groups[g].label);
      else
        json_builder_add_null_value (b);
      add_stats (b, &d->groups[g].stats);
      json_builder_set_member_name (b, "bins");
      json_builder_begin_array (b);
      for (guint k = 0; k < d->n_bins; k++)
        json_builder_add_int_value (b, d->groups[g].bin_counts[k]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The shapes of @name over the range (docs/metrics.md 14.6, 13.6); NULL
 * when no operator of the profile is counted. */
static StFlopRates *
shape_rates (StTrace *trace, const StTimeSpan *range)
{
  StFlopOps         *ops = st_flop_ops_ensure (trace, NULL);
  StDeviceWork      *work = st_device_work_get (trace);
  g_autofree gint64 *no_time = g_new0 (gint64, MAX (1, st_device_work_get_n_devices (work)));
  guint              n_ops;

  if (ops == NULL || st_flop_ops_get_ops (ops, &n_ops) == NULL || n_ops == 0)
    return NULL;
  return st_flop_rates_compute (ops, work, no_time, NULL, range ? range->begin : 0,
                                range ? range->end : st_trace_get_end_ns (trace));
}

static void
print_json (StTrace                  *trace,
            const char               *name,
            const StNameDistribution *d,
            const StTimeSpan         *range,
            const StFlopRates        *rates)
{
  g_autoptr (JsonBuilder) b = json_builder_new_immutable ();
  g_autoptr (JsonNode)    root = NULL;

  json_builder_begin_object (b);
  st_cli_add_string (b, "name", name);
  json_builder_set_member_name (b, "range");
  if (range == NULL)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      st_cli_add_int (b, "start_ns", range->begin);
      st_cli_add_int (b, "end_ns", range->end);
      json_builder_end_object (b);
    }
  add_stats (b, &d->stats);
  st_cli_add_int_or_null (b, "bins_per_decade", d->bins_per_decade > 0, d->bins_per_decade);
  json_builder_set_member_name (b, "bins");
  json_builder_begin_array (b);
  for (guint k = 0; k < d->n_bins; k++)
    {
      json_builder_begin_object (b);
      st_cli_add_int (b, "lo_ns", d->bins[k].lo_ns);
      st_cli_add_int (b, "hi_ns", d->bins[k].hi_ns);
      st_cli_add_int (b, "count", d->bins[k].count);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_groups (b, d);
  st_cli_json_shapes (b, trace, rates, st_trace_lookup_string (trace, name), G_MAXUINT);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  st_cli_print_json (root);
}

/* "min 1.0 µs · p50 2.0 µs · …" */
static char *
format_stats (const StDurationStats *s)
{
  const char *keys[] = { "min", "p50", "p90", "p99", "mean", "max" };
  gint64      values[] = { s->min_ns, s->p50_ns, s->p90_ns, s->p99_ns, s->mean_ns, s->max_ns };
  GString    *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *v = st_format_duration (values[i]);
      g_string_append_printf (out, "%s%s %s", i ? " · " : "", keys[i], v);
    }
  return g_string_free (out, FALSE);
}

static void
print_groups (const StNameDistribution *d)
{
  if (d->n_groups == 0)
    return;
  printf (d->grouping == ST_GROUPING_TRACK ? _ ("\nBy track:\n") : _ ("\nBy parent:\n"));
  for (guint g = 0; g < d->n_groups; g++)
    {
      g_autofree char *count = st_format_count (d->groups[g].stats.count);
      g_autofree char *stats = format_stats (&d->groups[g].stats);

      printf ("  %s  %s\n    %s\n", count,
              d->groups[g].label ? d->groups[g].label : _ ("(no parent)"), stats);
    }
}

static void
print_bins (const StNameDistribution *d)
{
  guint most = 1;

  for (guint k = 0; k < d->n_bins; k++)
    most = MAX (most, d->bins[k].count);
  if (d->bins_per_decade > 0)
    printf (_ ("\nBins (%u per decade):\n"), d->bins_per_decade);
  else
    printf (_ ("\nBins:\n"));
  for (guint k = 0; k < d->n_bins; k++)
    {
      g_autofree char *lo = st_format_duration (d->bins[k].lo_ns);
      g_autofree char *hi = st_format_duration (d->bins[k].hi_ns);
      guint            width = (guint)(((guint64)d->bins[k].count * BAR_WIDTH + most - 1) / most);
      g_autoptr (GString) bar = g_string_new (NULL);

      for (guint i = 0; i < width; i++)
        g_string_append (bar, "\342\226\210"); /* █ */
      printf ("  %10s – %-10s %8u  %s\n", lo, hi, d->bins[k].count, bar->str);
    }
}

static void
print_text (StTrace *trace, const char *name, const StNameDistribution *d, const StFlopRates *rates)
{
  g_autofree char *count = st_format_count (d->stats.count);
  g_autofree char *total = st_format_duration (d->stats.total_ns);
  g_autofree char *stats = format_stats (&d->stats);

  printf ("%s\n", name);
  printf (ngettext ("  %s instance · total %s\n", "  %s instances · total %s\n", d->stats.count),
          count, total);
  printf ("  %s\n", stats);
  print_groups (d);
  print_bins (d);
  if (rates != NULL)
    {
      printf ("\n");
      st_cli_print_shapes (trace, rates, st_trace_lookup_string (trace, name), G_MAXUINT);
    }
}

static gboolean
parse_grouping (const char *text, StGrouping *grouping)
{
  if (text == NULL)
    *grouping = ST_GROUPING_NONE;
  else if (g_str_equal (text, "track"))
    *grouping = ST_GROUPING_TRACK;
  else if (g_str_equal (text, "parent"))
    *grouping = ST_GROUPING_PARENT;
  else
    return FALSE;
  return TRUE;
}

int
st_cli_stats (int argc, char **argv)
{
  gboolean           as_json = FALSE;
  g_autofree char   *region = NULL, *group = NULL;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_ ("Print JSON (docs/metrics.md 14.6)"),
            NULL },
          { "region", 0, 0, G_OPTION_ARG_FILENAME, &region,
            N_ ("Only the slices overlapping this range, in ns from the profile's start"),
            N_ ("START_NS:END_NS") },
          { "group", 0, 0, G_OPTION_ARG_FILENAME, &group,
            N_ ("Also per track, or per parent slice"), N_ ("track|parent") },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (N_ ("FILE NAME — one operation"));
  g_autoptr (GError)         error = NULL;
  g_autoptr (StTrace)        trace = NULL;
  g_autoptr (StNameDistribution) d = NULL;
  g_autoptr (StFlopRates)        rates = NULL;
  StTimeSpan                     range;
  StGrouping                     grouping;
  g_autofree char               *name = NULL;

  g_set_prgname ("strata-cli stats");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (
      context, _ ("How the durations of the slices named exactly NAME spread: count, total, min, "
                  "p50, p90, p99 (nearest rank), mean, max, and a histogram on a log axis; for an "
                  "operation whose FLOPs or bytes are counted, the rate of each of its shapes."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || g_strv_length (rest) != 2)
    return st_cli_usage_error ("stats", error ? error->message : _ ("give FILE and NAME"));
  name = st_cli_text_arg (rest[1]);
  if (name == NULL)
    return st_cli_text_arg_error ("stats", _ ("NAME"), rest[1]);
  if (region != NULL && !st_cli_parse_range (region, &range.begin, &range.end))
    return st_cli_usage_error ("stats", _ ("--region is not START_NS:END_NS with START < END"));
  if (!parse_grouping (group, &grouping))
    return st_cli_usage_error ("stats", _ ("--group is track or parent"));
  trace = st_cli_load_trace (rest[0], 0, &error);
  if (trace == NULL)
    return st_cli_file_error (error);
  d = st_name_distribution_compute (trace, st_trace_lookup_string (trace, name),
                                    region ? &range : NULL, grouping, NULL);
  if (d->stats.count == 0 && region != NULL)
    fprintf (stderr, _ ("strata-cli stats: no slice named “%s” overlaps the range\n"), name);
  else if (d->stats.count == 0)
    fprintf (stderr, _ ("strata-cli stats: no slice is named “%s” in this profile\n"), name);
  if (d->stats.count > 0)
    rates = shape_rates (trace, region ? &range : NULL);
  if (as_json)
    print_json (trace, name, d, region ? &range : NULL, rates);
  else if (d->stats.count > 0)
    print_text (trace, name, d, rates);
  return 0;
}
