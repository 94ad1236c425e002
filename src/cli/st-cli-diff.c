/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli diff: two profiles compared (docs/metrics.md 8): the base
 * (before a change) and the new profile (after it), per step with
 * --steps when both have steps, else whole or a range of each. Text: a
 * report a person reads top-down; --json: the fields of 8.8. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-cli-diff-json.h"
#include "st-time.h"
#include "st-format.h"
#include "st-operation-name.h"
#include "st-profile-diff.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>

#define DIFF_HELP                                                                                  \
  N_ ("Compares NEW with BASE (the profile before a change): what each ran on (devices, vendor, "  \
      "world size, versions, data types), said first when the hardware differs; the metrics "      \
      "with their difference (new minus base) and whether it is better, the step times and "       \
      "where they went (compute, exposed communication, exposed memory, idle), the device time "   \
      "per kernel class (GEMM, attention, elementwise, …), which compares across vendors, the "  \
      "operations matched by name (exactly, or after removing template arguments, addresses "      \
      "and numeric suffixes), the collectives per type, and what got worse, with where to look "   \
      "in NEW. With --steps and ProfilerStep#N scopes in both, each side's numbers are means per " \
      "step, so profiles of different length compare fairly. Times are ns from each trace's "      \
      "start.")

#define TOP_OPERATIONS 15

/* --- text ------------------------------------------------------------------- */

/* One row of a text table: each cell padded to its width in characters,
 * not bytes ("—", "µs", "Δ" and "×" take more bytes than columns); a
 * negative width aligns left, 0 not at all (the last column). */
static void
print_cells (const char *const *cells, const int *widths, guint n)
{
  printf (" ");
  for (guint i = 0; i < n; i++)
    {
      const char *text = cells[i] != NULL ? cells[i] : "";
      glong       pad = ABS (widths[i]) - g_utf8_strlen (text, -1);

      printf (" ");
      for (; widths[i] > 0 && pad > 0; pad--)
        putchar (' ');
      fputs (text, stdout);
      for (; widths[i] < 0 && pad > 0; pad--)
        putchar (' ');
    }
  putchar ('\n');
}

static char *
format_percent (gboolean has, double percent)
{
  return has ? g_strdup_printf ("%s%.1f%%", percent < 0 ? "−" : "+", fabs (percent))
             : g_strdup ("—");
}

/* A count per device or per step: a whole number as one ("1817"), a mean
 * with its two decimals ("302.50"). */
static char *
format_count (double count)
{
  return count == floor (count) && fabs (count) < 1e15 ? g_strdup_printf ("%.0f", count)
                                                       : g_strdup_printf ("%.2f", count);
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
  if (st_profile_diff_get_warning (diff) != NULL)
    printf ("%s %s\n", _ ("Warning:"), st_profile_diff_get_warning (diff));
  printf ("%s\n", st_profile_diff_get_scope (diff) == ST_DIFF_SCOPE_STEPS
                      ? _ ("Compared per step: each number is a mean over the profile’s steps.")
                      : _ ("Compared as whole ranges."));
  for (guint i = 0; i < notes->len; i++)
    printf ("%s %s\n", _ ("Note:"), (const char *)g_ptr_array_index (notes, i));
}

/* The difference of @field, NULL when it does not differ. */
static const StEnvironmentDifference *
difference_of (GArray *differences, StEnvironmentField field)
{
  for (guint i = 0; i < differences->len; i++)
    if (g_array_index (differences, StEnvironmentDifference, i).field == field)
      return &g_array_index (differences, StEnvironmentDifference, i);
  return NULL;
}

/* docs/metrics.md 8.11: the fields either side knows, each difference
 * marked, the hardware's apart. */
static void
print_environment (StProfileDiff *diff)
{
  static const int     widths[] = { -20, -30, -30, 0 };
  const StEnvironment *base = st_profile_diff_get_environment (diff, ST_DIFF_BASE);
  const StEnvironment *new_ = st_profile_diff_get_environment (diff, ST_DIFF_NEW);
  GArray              *differences = st_profile_diff_get_environment_differences (diff);

  printf ("\n%s\n", _ ("What each profile ran on"));
  print_cells ((const char *[]){ "", _ ("base"), _ ("new"), "" }, widths, 4);
  for (guint f = 0; f < ST_N_ENV_FIELDS; f++)
    {
      g_autofree char               *b = st_environment_dup_text (base, f);
      g_autofree char               *n = st_environment_dup_text (new_, f);
      const StEnvironmentDifference *d = difference_of (differences, f);
      const char *mark = d == NULL ? "" : d->hardware ? _ ("differs: hardware") : _ ("differs");

      if (b != NULL || n != NULL)
        print_cells (
            (const char *[]){ st_environment_field_get_title (f), b ? b : "—", n ? n : "—", mark },
            widths, 4);
    }
}

/* docs/metrics.md 8.13: the spread beside the mean. */
static void
print_step_times (StProfileDiff *diff)
{
  static const int widths[] = { -6, 6, 12, 12, 12, 12 };
  const char      *titles[] = { _ ("base"), _ ("new") };

  printf ("\n%s\n", st_profile_diff_get_scope (diff) == ST_DIFF_SCOPE_STEPS
                        ? _ ("Step times")
                        : _ ("Compared ranges"));
  print_cells ((const char *[]){ "", _ ("count"), _ ("min"), _ ("median"), _ ("max"), _ ("mean") },
               widths, 6);
  for (guint s = 0; s < ST_N_DIFF_SIDES; s++)
    {
      const StStepTimes *t = st_profile_diff_get_step_times (diff, s);
      g_autofree char   *count = g_strdup_printf ("%u", t->count);
      g_autofree char   *min = st_format_duration (t->min_ns);
      g_autofree char   *median = st_format_duration (t->median_ns);
      g_autofree char   *max = st_format_duration (t->max_ns);
      g_autofree char   *mean = st_format_duration (t->mean_ns);

      print_cells ((const char *[]){ titles[s], count, min, median, max, mean }, widths, 6);
    }
}

/* docs/metrics.md 8.12: what reads across vendors, where no name does. */
static void
print_classes (StProfileDiff *diff)
{
  static const int widths[] = { -22, 11, 11, 11, 7, -7, 10, 10 };
  guint            n = st_profile_diff_get_n_classes (diff);

  if (n == 0)
    return;
  printf ("\n%s\n", _ ("Device time per kernel class (per device)"));
  print_cells ((const char *[]){ "", _ ("base"), _ ("new"), _ ("Δ"), _ ("ratio"), "",
                                 _ ("base count"), _ ("new count") },
               widths, 8);
  for (guint i = 0; i < n; i++)
    {
      const StClassDiff *c = st_profile_diff_get_class (diff, i);
      g_autofree char   *b = st_format_duration (c->ns[ST_DIFF_BASE]);
      g_autofree char   *nw = st_format_duration (c->ns[ST_DIFF_NEW]);
      g_autofree char   *d = st_format_duration_delta (c->delta_ns);
      g_autofree char   *bc = format_count (c->count[ST_DIFF_BASE]);
      g_autofree char   *nc = format_count (c->count[ST_DIFF_NEW]);
      /* the factor the word says (docs/metrics.md 8.12): new / base when
       * slower, base / new when faster */
      g_autofree char *ratio = !c->has_ratio     ? g_strdup (_ ("new"))
                               : c->ratio < 0.01 ? g_strdup (">100×")
                               : c->delta_ns < 0 ? g_strdup_printf ("%.2f×", 1 / c->ratio)
                                                 : g_strdup_printf ("%.2f×", c->ratio);
      const char *judged = c->delta_ns > 0 ? _ ("slower") : c->delta_ns < 0 ? _ ("faster") : "";

      print_cells ((const char *[]){ _ (st_kernel_class_get_label (c->klass)), b, nw, d, ratio,
                                     judged, bc, nc },
                   widths, 8);
    }
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
  static const int   widths[] = { -28, 12, 12, 12 };
  const char        *titles[] = { _ ("Step time"),      _ ("Compute"), _ ("Exposed communication"),
                                  _ ("Exposed memory"), _ ("Idle"),    _ ("Before or after device work") };
  const StBreakdown *base = st_profile_diff_get_breakdown (diff, ST_DIFF_BASE);
  const StBreakdown *new_ = st_profile_diff_get_breakdown (diff, ST_DIFF_NEW);

  if (!base->present && !new_->present)
    return;
  printf ("\n%s\n", _ ("Where the step time went"));
  print_cells ((const char *[]){ "", _ ("base"), _ ("new"), _ ("Δ") }, widths, 4);
  for (guint p = 0; p < ST_N_BREAKDOWN_PARTS; p++)
    {
      g_autofree char *b = base->present ? st_format_duration (base->ns[p]) : g_strdup ("—");
      g_autofree char *n = new_->present ? st_format_duration (new_->ns[p]) : g_strdup ("—");
      g_autofree char *d = base->present && new_->present
                               ? st_format_duration_delta (new_->ns[p] - base->ns[p])
                               : g_strdup ("—");

      print_cells ((const char *[]){ titles[p], b, n, d }, widths, 4);
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
    return st_format_duration_delta ((gint64)llround (delta));
  if (unit == ST_UNIT_PERCENT)
    return g_strdup_printf (_ ("%s%.1f points"), delta < 0 ? "−" : "+", fabs (delta));
  magnitude = st_summary_format_value (unit, fabs (delta));
  return g_strdup_printf ("%s%s", delta < 0 ? "−" : "+", magnitude);
}

static void
print_metrics (StProfileDiff *diff)
{
  static const int widths[] = { -42, 12, 12, 14, 9, 0 };

  printf ("\n%s\n", _ ("Metrics"));
  print_cells ((const char *[]){ "", _ ("base"), _ ("new"), _ ("Δ"), _ ("Δ %"), "" }, widths, 6);
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

      print_cells ((const char *[]){ m->title, b, n, d, p, judged }, widths, 6);
    }
}

/* Host ops with their self time beside the total: what 8.6 ranks them by. */
static void
print_operations (StProfileDiff *diff)
{
  static const int widths[] = { -6, -10, 10, 11, 10, 11, 11, 11, 9, 0 };
  StOperationDiff *ops = st_profile_diff_get_operations (diff);
  guint            n = st_operation_diff_get_n_rows (ops);

  if (n == 0)
    return;
  printf ("\n%s\n", _ ("Operations (the largest differences first)"));
  print_cells ((const char *[]){ _ ("kind"), _ ("match"), _ ("base count"), _ ("base total"),
                                 _ ("new count"), _ ("new total"), _ ("Δ"), _ ("Δ self"), _ ("Δ %"),
                                 _ ("name") },
               widths, 10);
  for (guint i = 0; i < MIN (n, TOP_OPERATIONS); i++)
    {
      const StOperationDiffRow *r = st_operation_diff_get_row (ops, i);
      gboolean                  kernel = r->table == ST_OPERATIONS_KERNELS;
      g_autofree char          *bc = format_count (r->base_count);
      g_autofree char          *nc = format_count (r->new_count);
      g_autofree char          *bt = st_format_duration (r->base_total_ns);
      g_autofree char          *nt = st_format_duration (r->new_total_ns);
      g_autofree char          *d = st_format_duration_delta (r->delta_ns);
      g_autofree char *ds = kernel ? g_strdup ("") : st_format_duration_delta (r->delta_self_ns);
      g_autofree char *p = format_percent (r->has_delta_percent, r->delta_percent);
      g_autofree char *name = st_operation_name_shorten (r->name, NULL);

      print_cells ((const char *[]){ kernel ? "kernel" : "host",
                                     st_operation_match_to_string (r->match), bc, bt, nc, nt, d, ds,
                                     p, name },
                   widths, 10);
    }
  if (n > TOP_OPERATIONS)
    printf ("  %s\n", _ ("(the others with --json)"));
}

static void
print_collectives (StProfileDiff *diff)
{
  static const int widths[] = { -14, 10, 11, 10, 11, 11, 9 };
  guint            n = st_profile_diff_get_n_collectives (diff);

  if (n == 0)
    return;
  printf ("\n%s\n", _ ("Collectives per type"));
  print_cells ((const char *[]){ _ ("type"), _ ("base count"), _ ("base total"), _ ("new count"),
                                 _ ("new total"), _ ("Δ"), _ ("Δ %") },
               widths, 7);
  for (guint i = 0; i < n; i++)
    {
      const StCollectiveDiff *c = st_profile_diff_get_collective (diff, i);
      g_autofree char        *bc = format_count (c->count[ST_DIFF_BASE]);
      g_autofree char        *nc = format_count (c->count[ST_DIFF_NEW]);
      g_autofree char        *bt = st_format_duration (c->total_ns[ST_DIFF_BASE]);
      g_autofree char        *nt = st_format_duration (c->total_ns[ST_DIFF_NEW]);
      g_autofree char        *d = st_format_duration_delta (c->delta_ns);
      g_autofree char        *p = format_percent (c->has_delta_percent, c->delta_percent);

      print_cells ((const char *[]){ st_collective_type_get_label (c->type), bc, bt, nc, nt, d, p },
                   widths, 7);
    }
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
      st_cli_diff_print_json (diff, options->scope == ST_DIFF_SCOPE_STEPS);
      return 0;
    }
  print_header (diff);
  print_environment (diff);
  print_findings (diff);
  print_step_times (diff);
  print_breakdown (diff);
  print_classes (diff);
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
