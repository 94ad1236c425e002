/* strata-cli diff: two profiles compared (docs/metrics.md 8): the base
 * (before a change) and the new profile (after it), per step with
 * --steps when both have steps, else whole or a range of each. Text: a
 * report a person reads top-down; --json: the fields of 8.8. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-time.h"
#include "st-format.h"
#include "st-operation-name.h"
#include "st-profile-diff.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>

#define DIFF_HELP                                                                                 \
  N_ ("Compares NEW with BASE (the profile before a change): the metrics with their difference "  \
      "(new minus base) and whether it is better, where the step time went (compute, exposed "    \
      "communication, exposed memory, idle), the operations matched by name (exactly, or after "  \
      "removing template arguments, addresses and numeric suffixes), the collectives per type, "  \
      "and what got worse, with where to look in NEW. With --steps and ProfilerStep#N scopes in " \
      "both, each side's numbers are means per step, so profiles of different length compare "    \
      "fairly. Times are ns from each trace's start.")

#define TOP_OPERATIONS 15

static const char *const breakdown_keys[ST_N_BREAKDOWN_PARTS] = {
  "step_time", "compute", "exposed_communication", "exposed_memory", "idle",
};

/* --- text ------------------------------------------------------------------- */

static char *
format_percent (gboolean has, double percent)
{
  return has ? g_strdup_printf ("%+.1f%%", percent) : g_strdup ("—");
}

static void
print_header (StProfileDiff *diff)
{
  const char *side_titles[] = { _ ("Base:"), _ ("New:") };
  GPtrArray  *notes = st_profile_diff_get_notes (diff);

  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      gint64 start, end;
      guint  n = st_profile_diff_get_n_steps (diff, s);

      st_profile_diff_get_range (diff, s, &start, &end);
      printf ("%-5s %s  ", side_titles[s],
              st_trace_get_display_name (st_profile_diff_get_trace (diff, s)));
      printf (ngettext ("%u step", "%u steps", n), n);
      printf ("  [%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT ") ns\n", start, end);
    }
  printf ("%s\n", st_profile_diff_get_scope (diff) == ST_DIFF_SCOPE_STEPS
                      ? _ ("Compared per step: each number is a mean over the profile’s steps.")
                      : _ ("Compared as whole ranges."));
  for (guint i = 0; i < notes->len; i++)
    printf ("%s %s\n", _ ("Note:"), (const char *)g_ptr_array_index (notes, i));
}

static void
print_findings (StProfileDiff *diff)
{
  guint n = st_profile_diff_get_n_findings (diff);

  printf ("\n%s\n", _ ("What got worse"));
  if (n == 0)
    printf ("  %s\n", _ ("Nothing got worse by more than the thresholds."));
  for (guint i = 0; i < n; i++)
    {
      const StDiffFinding *f = st_profile_diff_get_finding (diff, i);

      printf ("  %u. %s\n     %s %" G_GINT64_FORMAT " – %" G_GINT64_FORMAT " ns\n", i + 1, f->text,
              _ ("Where in the new profile:"), f->start_ns, f->end_ns);
    }
}

static void
print_breakdown (StProfileDiff *diff)
{
  const char        *titles[] = { _ ("Step time"), _ ("Compute"), _ ("Exposed communication"),
                                  _ ("Exposed memory"), _ ("Idle") };
  const StBreakdown *base = st_profile_diff_get_breakdown (diff, ST_DIFF_BASE);
  const StBreakdown *new_ = st_profile_diff_get_breakdown (diff, ST_DIFF_NEW);

  if (!base->present && !new_->present)
    return;
  printf ("\n%s\n", _ ("Where the step time went"));
  printf ("  %-24s %12s %12s %12s\n", "", _ ("base"), _ ("new"), _ ("Δ"));
  for (guint p = 0; p < ST_N_BREAKDOWN_PARTS; p++)
    {
      g_autofree char *b = base->present ? st_format_duration (base->ns[p]) : g_strdup ("—");
      g_autofree char *n = new_->present ? st_format_duration (new_->ns[p]) : g_strdup ("—");
      g_autofree char *d = base->present && new_->present
                               ? st_format_duration (new_->ns[p] - base->ns[p])
                               : g_strdup ("—");

      printf ("  %-24s %12s %12s %12s\n", titles[p], b, n, d);
    }
}

static char *
format_metric (StMetricUnit unit, gboolean present, double value)
{
  return present ? st_summary_format_value (unit, value) : g_strdup ("—");
}

/* A difference in the metric's unit, signed; percent metrics in points,
 * so it does not read as the relative change beside it. */
static char *
format_delta (StMetricUnit unit, double delta)
{
  g_autofree char *magnitude = NULL;

  if (unit == ST_UNIT_NS)
    return st_format_duration ((gint64)llround (delta));
  if (unit == ST_UNIT_PERCENT)
    return g_strdup_printf (_ ("%+.1f points"), delta);
  magnitude = st_summary_format_value (unit, fabs (delta));
  return g_strdup_printf ("%s%s", delta < 0 ? "−" : "+", magnitude);
}

static void
print_metrics (StProfileDiff *diff)
{
  printf ("\n%s\n", _ ("Metrics"));
  printf ("  %-40s %12s %12s %14s %9s\n", "", _ ("base"), _ ("new"), _ ("Δ"), _ ("Δ %"));
  for (guint i = 0; i < st_profile_diff_get_n_metrics (diff); i++)
    {
      const StMetricDiff *m = st_profile_diff_get_metric (diff, i);
      g_autofree char    *b = format_metric (m->unit, m->present[ST_DIFF_BASE], m->value[0]);
      g_autofree char    *n = format_metric (m->unit, m->present[ST_DIFF_NEW], m->value[1]);
      g_autofree char    *d = m->has_delta ? format_delta (m->unit, m->delta) : g_strdup ("—");
      g_autofree char    *p = format_percent (m->has_delta_percent, m->delta_percent);
      const char         *judged = m->judgement == ST_DIFF_BETTER  ? _ ("better")
                                   : m->judgement == ST_DIFF_WORSE ? _ ("worse")
                                                                   : "";

      printf ("  %-40s %12s %12s %14s %9s  %s\n", m->title, b, n, d, p, judged);
    }
}

static void
print_operations (StProfileDiff *diff)
{
  StOperationDiff *ops = st_profile_diff_get_operations (diff);
  guint            n = st_operation_diff_get_n_rows (ops);

  if (n == 0)
    return;
  printf ("\n%s\n", _ ("Operations (the largest differences first)"));
  printf ("  %-6s %-10s %10s %11s %10s %11s %11s %9s  %s\n", _ ("kind"), _ ("match"),
          _ ("base count"), _ ("base total"), _ ("new count"), _ ("new total"), _ ("Δ"), _ ("Δ %"),
          _ ("name"));
  for (guint i = 0; i < MIN (n, TOP_OPERATIONS); i++)
    {
      const StOperationDiffRow *r = st_operation_diff_get_row (ops, i);
      g_autofree char          *bt = st_format_duration (r->base_total_ns);
      g_autofree char          *nt = st_format_duration (r->new_total_ns);
      g_autofree char          *d = st_format_duration (r->delta_ns);
      g_autofree char          *p = format_percent (r->has_delta_percent, r->delta_percent);
      g_autofree char          *name = st_operation_name_shorten (r->name, NULL);

      printf ("  %-6s %-10s %10.2f %11s %10.2f %11s %11s %9s  %s\n",
              r->table == ST_OPERATIONS_KERNELS ? "kernel" : "host",
              st_operation_match_to_string (r->match), r->base_count, bt, r->new_count, nt, d, p,
              name);
    }
  if (n > TOP_OPERATIONS)
    printf ("  %s\n", _ ("(the others with --json)"));
}

static void
print_collectives (StProfileDiff *diff)
{
  guint n = st_profile_diff_get_n_collectives (diff);

  if (n == 0)
    return;
  printf ("\n%s\n", _ ("Collectives per type"));
  printf ("  %-14s %10s %11s %10s %11s %11s %9s\n", _ ("type"), _ ("base count"), _ ("base total"),
          _ ("new count"), _ ("new total"), _ ("Δ"), _ ("Δ %"));
  for (guint i = 0; i < n; i++)
    {
      const StCollectiveDiff *c = st_profile_diff_get_collective (diff, i);
      g_autofree char        *bt = st_format_duration (c->total_ns[ST_DIFF_BASE]);
      g_autofree char        *nt = st_format_duration (c->total_ns[ST_DIFF_NEW]);
      g_autofree char        *d = st_format_duration (c->delta_ns);
      g_autofree char        *p = format_percent (c->has_delta_percent, c->delta_percent);

      printf ("  %-14s %10.2f %11s %10.2f %11s %11s %9s\n", st_collective_type_get_label (c->type),
              c->count[ST_DIFF_BASE], bt, c->count[ST_DIFF_NEW], nt, d, p);
    }
}

/* --- JSON (docs/metrics.md 8.8) ---------------------------------------------- */

static void
json_metrics (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "metrics");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_metrics (diff); i++)
    {
      const StMetricDiff *m = st_profile_diff_get_metric (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "id", m->id);
      st_cli_add_double_or_null (b, "base", m->present[ST_DIFF_BASE], m->value[ST_DIFF_BASE]);
      st_cli_add_double_or_null (b, "new", m->present[ST_DIFF_NEW], m->value[ST_DIFF_NEW]);
      st_cli_add_double_or_null (b, "delta", m->has_delta, m->delta);
      st_cli_add_double_or_null (b, "delta_percent", m->has_delta_percent, m->delta_percent);
      json_builder_set_member_name (b, "better");
      if (m->judgement == ST_DIFF_UNJUDGED)
        json_builder_add_null_value (b);
      else
        json_builder_add_boolean_value (b, m->judgement == ST_DIFF_BETTER);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_breakdown (JsonBuilder *b, StProfileDiff *diff)
{
  const StBreakdown *base = st_profile_diff_get_breakdown (diff, ST_DIFF_BASE);
  const StBreakdown *new_ = st_profile_diff_get_breakdown (diff, ST_DIFF_NEW);

  json_builder_set_member_name (b, "breakdown");
  json_builder_begin_object (b);
  for (guint p = 0; p < ST_N_BREAKDOWN_PARTS; p++)
    {
      json_builder_set_member_name (b, breakdown_keys[p]);
      json_builder_begin_object (b);
      st_cli_add_int_or_null (b, "base", base->present, base->ns[p]);
      st_cli_add_int_or_null (b, "new", new_->present, new_->ns[p]);
      st_cli_add_int_or_null (b, "delta", base->present && new_->present,
                              st_time_sub_sat (new_->ns[p], base->ns[p]));
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

static void
json_operation (JsonBuilder *b, const StOperationDiffRow *r)
{
  json_builder_begin_object (b);
  st_cli_add_string (b, "name", r->name);
  st_cli_add_string (b, "kind", r->table == ST_OPERATIONS_KERNELS ? "kernel" : "host");
  st_cli_add_double_or_null (b, "base_count", TRUE, r->base_count);
  st_cli_add_int (b, "base_total_ns", r->base_total_ns);
  st_cli_add_double_or_null (b, "new_count", TRUE, r->new_count);
  st_cli_add_int (b, "new_total_ns", r->new_total_ns);
  st_cli_add_int (b, "delta_ns", r->delta_ns);
  st_cli_add_double_or_null (b, "delta_percent", r->has_delta_percent, r->delta_percent);
  st_cli_add_string (b, "match", st_operation_match_to_string (r->match));
  if (r->base_names != NULL)
    {
      json_builder_set_member_name (b, "base_names");
      json_builder_begin_array (b);
      for (guint k = 0; k < r->base_names->len; k++)
        json_builder_add_string_value (b, g_ptr_array_index (r->base_names, k));
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static void
json_operations (JsonBuilder *b, StProfileDiff *diff)
{
  StOperationDiff *ops = st_profile_diff_get_operations (diff);

  json_builder_set_member_name (b, "operations");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_operation_diff_get_n_rows (ops); i++)
    json_operation (b, st_operation_diff_get_row (ops, i));
  json_builder_end_array (b);
}

static void
json_collectives (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "collectives");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_collectives (diff); i++)
    {
      const StCollectiveDiff *c = st_profile_diff_get_collective (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "type", st_collective_type_to_string (c->type));
      st_cli_add_double_or_null (b, "base_count", TRUE, c->count[ST_DIFF_BASE]);
      st_cli_add_int (b, "base_total_ns", c->total_ns[ST_DIFF_BASE]);
      st_cli_add_double_or_null (b, "new_count", TRUE, c->count[ST_DIFF_NEW]);
      st_cli_add_int (b, "new_total_ns", c->total_ns[ST_DIFF_NEW]);
      st_cli_add_int (b, "delta_ns", c->delta_ns);
      st_cli_add_double_or_null (b, "delta_percent", c->has_delta_percent, c->delta_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_findings (JsonBuilder *b, StProfileDiff *diff)
{
  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_profile_diff_get_n_findings (diff); i++)
    {
      const StDiffFinding *f = st_profile_diff_get_finding (diff, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "text", f->text);
      st_cli_add_int (b, "start_ns", f->start_ns);
      st_cli_add_int (b, "end_ns", f->end_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
print_json (StProfileDiff *diff, gboolean steps)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode)    root = NULL;
  GPtrArray              *notes = st_profile_diff_get_notes (diff);

  json_builder_begin_object (b);
  st_cli_add_string (b, "scope",
                     st_profile_diff_get_scope (diff) == ST_DIFF_SCOPE_STEPS ? "steps" : "whole");
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i < notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (notes, i));
  json_builder_end_array (b);
  json_metrics (b, diff);
  json_breakdown (b, diff);
  json_operations (b, diff);
  json_collectives (b, diff);
  json_findings (b, diff);
  if (steps)
    {
      json_builder_set_member_name (b, "steps");
      json_builder_begin_object (b);
      st_cli_add_int (b, "base", st_profile_diff_get_n_steps (diff, ST_DIFF_BASE));
      st_cli_add_int (b, "new", st_profile_diff_get_n_steps (diff, ST_DIFF_NEW));
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  st_cli_print_json (root);
}

/* --- the command -------------------------------------------------------------- */

static int
run (char **files, const StProfileDiffOptions *options, gboolean as_json)
{
  g_autoptr (GError)        error = NULL;
  g_autoptr (StTrace)       base = st_cli_load_trace (files[0], 0, &error);
  g_autoptr (StTrace)       new_ = NULL;
  g_autoptr (StProfileDiff) diff = NULL;

  if (base == NULL)
    return st_cli_file_error (error);
  new_ = st_cli_load_trace (files[1], 0, &error);
  if (new_ == NULL)
    return st_cli_file_error (error);
  diff = st_profile_diff_compute (base, new_, options, NULL, &error);
  if (diff == NULL)
    return st_cli_file_error (error);
  if (as_json)
    {
      print_json (diff, options->scope == ST_DIFF_SCOPE_STEPS);
      return 0;
    }
  print_header (diff);
  print_findings (diff);
  print_breakdown (diff);
  print_metrics (diff);
  print_operations (diff);
  print_collectives (diff);
  return 0;
}

int
st_cli_diff (int argc, char **argv)
{
  StProfileDiffOptions options = { ST_DIFF_SCOPE_WHOLE };
  gboolean             as_json = FALSE, steps = FALSE;
  g_autofree char     *region = NULL;
  g_auto (GStrv)       rest = NULL;
  const GOptionEntry   entries[]
      = { { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_ ("Print JSON instead of text"), NULL },
          { "steps", 0, 0, G_OPTION_ARG_NONE, &steps,
            N_ ("Compare per step (ProfilerStep#N) when both profiles have steps"), NULL },
          { "region", 'r', 0, G_OPTION_ARG_FILENAME, &region,
            N_ ("Compare only this range of each profile (ns from its start)"),
            N_ ("START_NS:END_NS") },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new (N_ ("BASE NEW — what changed from BASE to NEW"));
  g_autoptr (GError) error = NULL;

  g_set_prgname ("strata-cli diff");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _ (DIFF_HELP));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return st_cli_usage_error ("diff", error->message);
  if (rest == NULL || g_strv_length (rest) != 2)
    return st_cli_usage_error ("diff", _ ("give two files: BASE and NEW"));
  if (region != NULL)
    {
      gint64 start, end;

      if (!st_cli_parse_range (region, &start, &end))
        {
          g_autofree char *message = g_strdup_printf (
              _ ("--region “%s” is not START_NS:END_NS with START_NS < END_NS"), region);
          return st_cli_usage_error ("diff", message);
        }
      for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
        {
          options.has_range[s] = TRUE;
          options.start[s] = start;
          options.end[s] = end;
        }
    }
  if (steps)
    options.scope = ST_DIFF_SCOPE_STEPS;
  return run (rest, &options, as_json);
}
