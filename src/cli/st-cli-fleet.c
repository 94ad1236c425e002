/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strata-cli fleet: the digests of a job's ranks reduced into one fleet
 * (docs/metrics.md 17): the findings (stragglers, slow links, slow
 * steps), the ranks and steps that stand out, each step's median and
 * slowest rank, the collectives with the longest waits, and a row per
 * rank; --json as 17.6 says. */
#define G_LOG_DOMAIN "strata-cli"

#include "config.h"

#include "st-cli-commands.h"
#include "st-cli-common.h"
#include "st-fleet.h"
#include "st-format.h"
#include "st-profile-loader.h"
#include "st-small-file.h"
#include "st-sort.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define FLEET_HELP                                                                                   \
  N_ ("Reads the digests of a job's ranks (as “strata-cli digest” writes them; a folder: every " \
      "*.stdg in it) and prints what stands out: the stragglers (a rank the others waited for at "   \
      "the collectives matched across ranks), the slow links (a rank whose collectives ran "         \
      "longer once every rank had arrived) and the slow steps, by the time at stake; the ranks "     \
      "and steps more than three robust spreads from the fleet's median; each step's median "        \
      "time and its slowest rank; the collectives with the longest waits; and a row per rank. "      \
      "Times are ns from the fleet's time 0 (docs/metrics.md 17).")

#define TOP_COLLECTIVES 10

/* --- text ------------------------------------------------------------------- */

/* @value of @metric as people read it; "—" when absent. */
static char *
format_value (StStepMetric metric, double value)
{
  if (isnan (value))
    return g_strdup ("—");
  if (st_step_metric_get_unit (metric) == ST_UNIT_NS)
    return st_format_duration ((gint64)value);
  return st_summary_format_value (st_step_metric_get_unit (metric), value);
}

static void
print_findings (StFleet *fleet)
{
  GPtrArray *notes = st_fleet_get_notes (fleet);

  printf ("\n%s\n", _ ("Findings (by time at stake)"));
  if (st_fleet_get_n_findings (fleet) == 0 && st_fleet_compares_ranks (fleet))
    /* xgettext:no-c-format */
    printf ("  %s\n", _ ("No findings: no straggler, slow link or slow step with 1 % of the span "
                         "at stake."));
  for (guint i = 0; i < st_fleet_get_n_findings (fleet); i++)
    {
      const StFleetFinding *f = st_fleet_get_finding (fleet, i);
      g_autofree char      *stake = st_format_duration (f->time_at_stake_ns);

      printf ("  %u. %-10s %10s  %s\n", i + 1, st_fleet_finding_kind_to_string (f->kind), stake,
              f->text);
    }
  for (guint i = 0; i < notes->len; i++)
    printf ("  %s %s\n", _ ("Note:"), (const char *)g_ptr_array_index (notes, i));
}

/* "step 12", as the outliers name a step. */
static char *
step_label (gint64 number)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, number);

  return g_strdup_printf (_ ("step %s"), text);
}

/* The width of a column of rank labels: the longest, from 14 to 48
 * characters (a label by file name is longer than "rank 12"). */
static int
label_width (StFleet *fleet)
{
  glong width = 14;

  for (guint row = 0; row < st_fleet_get_n_ranks (fleet); row++)
    width = MAX (width, g_utf8_strlen (st_fleet_get_rank (fleet, row)->label, -1));
  return (int)MIN (width, 48);
}

static void
print_outliers (StFleet *fleet)
{
  int width = label_width (fleet);

  if (st_fleet_get_n_outliers (fleet) == 0)
    return;
  printf ("\n%s\n", _ ("What stands out (more than 3 robust spreads from the median)"));
  printf ("  %-26s %-*s %12s %12s %8s\n", _ ("metric"),
          st_cli_field_width (_ ("rank or step"), width), _ ("rank or step"), _ ("value"),
          _ ("median"), _ ("score"));
  for (guint i = 0; i < st_fleet_get_n_outliers (fleet); i++)
    {
      const StFleetOutlier *o = st_fleet_get_outlier (fleet, i);
      g_autofree char      *value = format_value (o->metric, o->value);
      g_autofree char      *median = format_value (o->metric, o->median);
      g_autofree char *who = o->of_step ? step_label (st_fleet_get_step (fleet, o->index)->number)
                                        : g_strdup (st_fleet_get_rank (fleet, o->index)->label);

      printf ("  %-26s %-*s %12s %12s %+8.1f\n", st_step_metric_get_title (o->metric),
              st_cli_field_width (who, width), who, value, median, o->score);
    }
}

/* @metric's step × rank matrix, step by step: read rank by rank, each
 * rank's steps together (a thousand ranks' steps read across, step by
 * step, is a cache miss a cell). */
static double *
matrix_of (StFleet *fleet, StStepMetric metric)
{
  guint   n_steps = st_fleet_get_n_steps (fleet), n_ranks = st_fleet_get_n_ranks (fleet);
  double *values = g_new (double, MAX ((gsize)n_steps * n_ranks, 1));

  for (guint row = 0; row < n_ranks; row++)
    for (guint s = 0; s < n_steps; s++)
      values[(gsize)s * n_ranks + row] = st_fleet_get_value (fleet, metric, s, row);
  return values;
}

/* The row slowest in a step, of its @n_ranks @times, or G_MAXUINT. */
static guint
slowest_in (const double *times, guint n_ranks)
{
  guint  slowest = G_MAXUINT;
  double most = -1;

  for (guint row = 0; row < n_ranks; row++)
    {
      double v = times[row];

      if (!isnan (v) && v > most)
        {
          most = v;
          slowest = row;
        }
    }
  return slowest;
}

static void
print_steps (StFleet *fleet)
{
  guint              n_ranks = st_fleet_get_n_ranks (fleet);
  g_autofree double *times = NULL;

  if (st_fleet_get_n_steps (fleet) == 0)
    return;
  times = matrix_of (fleet, ST_STEP_TIME);
  printf ("\n%s\n", _ ("Steps (the median over the ranks)"));
  printf ("  %8s %6s %11s %8s %11s %11s %11s  %s\n", _ ("step"), _ ("ranks"), _ ("time"),
          _ ("busy"), _ ("compute"), _ ("exposed"), _ ("memory"), _ ("slowest rank"));
  for (guint s = 0; s < st_fleet_get_n_steps (fleet); s++)
    {
      const StFleetStep *step = st_fleet_get_step (fleet, s);
      guint              slowest = slowest_in (times + (gsize)s * n_ranks, n_ranks);
      char              *v[ST_N_STEP_METRICS];
      g_autofree char   *worst = NULL;

      for (guint m = 0; m < ST_N_STEP_METRICS; m++)
        v[m] = format_value (m, step->values[m]);
      if (slowest != G_MAXUINT)
        worst = format_value (ST_STEP_TIME, times[(gsize)s * n_ranks + slowest]);
      /* an absent value is "—", three bytes */
      printf ("  %8" G_GINT64_FORMAT " %6u %*s %*s %*s %*s %*s  %s%s%s%s\n", step->number,
              step->n_ranks, st_cli_field_width (v[0], 11), v[0], st_cli_field_width (v[1], 8),
              v[1], st_cli_field_width (v[2], 11), v[2], st_cli_field_width (v[3], 11), v[3],
              st_cli_field_width (v[4], 11), v[4],
              slowest != G_MAXUINT ? st_fleet_get_rank (fleet, slowest)->label : "—",
              worst ? " (" : "", worst ? worst : "", worst ? ")" : "");
      for (guint m = 0; m < ST_N_STEP_METRICS; m++)
        g_free (v[m]);
    }
}

typedef struct
{
  gint64 waited;
  guint  index;
} ByWait;

/* The longest waits first; a tie in time order (the sort is stable). */
ST_DEFINE_SORT (sort_by_wait, ByWait, a->waited > b->waited)

static void
print_collectives (StFleet *fleet)
{
  guint              n = st_fleet_get_n_collectives (fleet);
  g_autofree ByWait *order = g_new (ByWait, MAX (n, 1));

  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    order[i] = (ByWait){ st_fleet_get_collective (fleet, i)->waited_ns, i };
  sort_by_wait (order, n, NULL);
  printf ("\n%s\n", _ ("Collectives with the longest waits (all with --json)"));
  printf ("  %-24s %12s %-*s %11s %11s %11s\n", _ ("collective"), _ ("start"),
          st_cli_field_width (_ ("straggler"), label_width (fleet)), _ ("straggler"), _ ("late by"),
          _ ("waited"), _ ("transfer"));
  for (guint i = 0; i < MIN (n, TOP_COLLECTIVES); i++)
    {
      const StFleetCollective *c = st_fleet_get_collective (fleet, order[i].index);
      g_autofree char         *start = st_format_duration (c->start_ns);
      g_autofree char         *late = st_format_duration (c->late_ns);
      g_autofree char         *waited = st_format_duration (c->waited_ns);
      g_autofree char         *transfer = st_format_duration (c->median_transfer_ns);

      const char *who = c->has_straggler ? st_fleet_get_rank (fleet, c->straggler)->label : "—";

      printf ("  %-24s %12s %-*s %11s %11s %11s\n", c->label, start,
              st_cli_field_width (who, label_width (fleet)), who, late, waited, transfer);
    }
}

static void
print_ranks (StFleet *fleet)
{
  int width = label_width (fleet);

  printf ("\n%s\n", _ ("Ranks (device busy of device time; the median step)"));
  printf ("  %-*s %8s %11s %6s %11s %8s %11s %11s  %s\n", st_cli_field_width (_ ("rank"), width),
          _ ("rank"), _ ("busy"), _ ("step"), _ ("steps"), _ ("collectives"), _ ("last at"),
          _ ("caused wait"), _ ("link excess"), _ ("trace"));
  for (guint row = 0; row < st_fleet_get_n_ranks (fleet); row++)
    {
      const StFleetRank *r = st_fleet_get_rank (fleet, row);
      g_autofree char   *busy = format_value (ST_STEP_BUSY, r->device_busy_percent);
      g_autofree char   *step = format_value (ST_STEP_TIME, r->median_step_ns);
      g_autofree char   *caused = st_format_duration (r->caused_wait_ns);
      g_autofree char   *link = st_format_duration (r->link_excess_ns);

      printf ("  %-*s %*s %*s %6u %11u %8u %11s %11s  %s\n", st_cli_field_width (r->label, width),
              r->label, st_cli_field_width (busy, 8), busy, st_cli_field_width (step, 11), step,
              r->n_steps, r->n_collectives, r->slowest_count, caused, link,
              st_fleet_get_digest (fleet, row)->path);
    }
}

static void
print_text (StFleet *fleet)
{
  guint n_ranks = st_fleet_get_n_ranks (fleet), n_steps = st_fleet_get_n_steps (fleet),
        n_collectives = st_fleet_get_n_collectives (fleet);
  g_autofree char *span = st_format_duration (st_fleet_get_span_ns (fleet));
  g_autofree char *ranks = g_strdup_printf (ngettext ("%u rank", "%u ranks", n_ranks), n_ranks);
  g_autofree char *steps = g_strdup_printf (ngettext ("%u step", "%u steps", n_steps), n_steps);
  g_autofree char *collectives
      = g_strdup_printf (ngettext ("%u collective matched across ranks",
                                   "%u collectives matched across ranks", n_collectives),
                         n_collectives);

  printf (_ ("Fleet: %s, %s, %s; the median span %s\n"), ranks, steps, collectives, span);
  print_findings (fleet);
  print_outliers (fleet);
  print_steps (fleet);
  print_collectives (fleet);
  print_ranks (fleet);
}

/* --- JSON (docs/metrics.md 17.6) ---------------------------------------------- */

static void
add_number (JsonBuilder *b, const char *name, double value)
{
  st_cli_add_double_or_null (b, name, !isnan (value), value);
}

static void
json_ranks (JsonBuilder *b, StFleet *fleet)
{
  json_builder_set_member_name (b, "ranks");
  json_builder_begin_array (b);
  for (guint row = 0; row < st_fleet_get_n_ranks (fleet); row++)
    {
      const StFleetRank *r = st_fleet_get_rank (fleet, row);
      StDigest          *d = st_fleet_get_digest (fleet, row);

      json_builder_begin_object (b);
      st_cli_add_int (b, "row", row);
      st_cli_add_int_or_null (b, "rank", r->rank >= 0, r->rank);
      st_cli_add_string (b, "label", r->label);
      st_cli_add_string (b, "path", d->path);
      st_cli_add_int (b, "digest", r->digest);
      st_cli_add_int (b, "shift_ns", r->shift_ns);
      st_cli_add_int (b, "end_ns", r->end_ns);
      add_number (b, "device_busy_percent", r->device_busy_percent);
      add_number (b, "compute_time_ns", r->compute_time_ns);
      add_number (b, "exposed_communication_ns", r->exposed_communication_ns);
      st_cli_add_int (b, "steps", r->n_steps);
      add_number (b, "median_step_ns", r->median_step_ns);
      st_cli_add_int (b, "collectives", r->n_collectives);
      st_cli_add_int (b, "slowest_count", r->slowest_count);
      st_cli_add_int (b, "slowest_late_ns", r->slowest_late_ns);
      st_cli_add_int (b, "caused_wait_ns", r->caused_wait_ns);
      st_cli_add_int (b, "link_excess_ns", r->link_excess_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_collectives (JsonBuilder *b, StFleet *fleet)
{
  json_builder_set_member_name (b, "collectives");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_fleet_get_n_collectives (fleet); i++)
    {
      const StFleetCollective *c = st_fleet_get_collective (fleet, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "label", c->label);
      st_cli_add_int (b, "types", c->types);
      st_cli_add_int (b, "sequence", c->sequence);
      st_cli_add_int (b, "ranks", c->n_ranks);
      st_cli_add_int (b, "start_ns", c->start_ns);
      st_cli_add_int (b, "end_ns", c->end_ns);
      st_cli_add_int_or_null (b, "straggler", c->has_straggler, c->straggler);
      st_cli_add_int (b, "late_ns", c->late_ns);
      st_cli_add_int (b, "waited_ns", c->waited_ns);
      st_cli_add_int (b, "median_transfer_ns", c->median_transfer_ns);
      json_builder_set_member_name (b, "launched_late");
      if (c->launch == ST_FLEET_LAUNCH_UNKNOWN)
        json_builder_add_null_value (b);
      else
        json_builder_add_boolean_value (b, c->launch == ST_FLEET_LAUNCH_LATE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_steps (JsonBuilder *b, StFleet *fleet)
{
  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint s = 0; s < st_fleet_get_n_steps (fleet); s++)
    {
      const StFleetStep *step = st_fleet_get_step (fleet, s);

      json_builder_begin_object (b);
      st_cli_add_int (b, "number", step->number);
      st_cli_add_int (b, "ranks", step->n_ranks);
      st_cli_add_int (b, "start_ns", step->start_ns);
      st_cli_add_int (b, "end_ns", step->end_ns);
      for (guint m = 0; m < ST_N_STEP_METRICS; m++)
        add_number (b, st_step_metric_to_string (m), step->values[m]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "matrix");
  json_builder_begin_object (b);
  for (guint m = 0; m < ST_N_STEP_METRICS; m++)
    {
      g_autofree double *values = matrix_of (fleet, m);

      json_builder_set_member_name (b, st_step_metric_to_string (m));
      json_builder_begin_array (b);
      for (guint s = 0, at = 0; s < st_fleet_get_n_steps (fleet); s++)
        {
          json_builder_begin_array (b);
          for (guint row = 0; row < st_fleet_get_n_ranks (fleet); row++, at++)
            {
              if (isnan (values[at]))
                json_builder_add_null_value (b);
              else
                json_builder_add_double_value (b, values[at]);
            }
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static void
json_outliers (JsonBuilder *b, StFleet *fleet)
{
  json_builder_set_member_name (b, "outliers");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_fleet_get_n_outliers (fleet); i++)
    {
      const StFleetOutlier *o = st_fleet_get_outlier (fleet, i);

      json_builder_begin_object (b);
      st_cli_add_string (b, "metric", st_step_metric_to_string (o->metric));
      st_cli_add_string (b, "of", o->of_step ? "step" : "rank");
      if (o->of_step)
        st_cli_add_int (b, "number", st_fleet_get_step (fleet, o->index)->number);
      else
        st_cli_add_int (b, "row", o->index);
      add_number (b, "value", o->value);
      add_number (b, "median", o->median);
      add_number (b, "spread", o->spread);
      add_number (b, "score", o->score);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
json_findings (JsonBuilder *b, StFleet *fleet)
{
  GPtrArray *notes = st_fleet_get_notes (fleet);

  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint i = 0; i < st_fleet_get_n_findings (fleet); i++)
    {
      const StFleetFinding *f = st_fleet_get_finding (fleet, i);
      gboolean              step = f->kind == ST_FLEET_FINDING_SLOW_STEP;

      json_builder_begin_object (b);
      st_cli_add_string (b, "kind", st_fleet_finding_kind_to_string (f->kind));
      st_cli_add_string (b, "text", f->text);
      st_cli_add_int (b, "time_at_stake_ns", f->time_at_stake_ns);
      st_cli_add_int (b, "start_ns", f->start_ns);
      st_cli_add_int (b, "end_ns", f->end_ns);
      st_cli_add_int_or_null (b, "row", !step, f->index);
      st_cli_add_int_or_null (b, "number", step,
                              step ? st_fleet_get_step (fleet, f->index)->number : 0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i < notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (notes, i));
  json_builder_end_array (b);
}

static void
print_json (StFleet *fleet)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode)    root = NULL;

  json_builder_begin_object (b);
  st_cli_add_string (b, "alignment", st_alignment_to_string (st_fleet_get_alignment (fleet)));
  st_cli_add_int (b, "span_ns", st_fleet_get_span_ns (fleet));
  json_builder_set_member_name (b, "one_job");
  json_builder_add_boolean_value (b, st_fleet_is_of_one_job (fleet));
  json_ranks (b, fleet);
  json_collectives (b, fleet);
  json_steps (b, fleet);
  json_outliers (b, fleet);
  json_findings (b, fleet);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  st_cli_print_json (root);
}

/* --- the digests ------------------------------------------------------------- */

/* The digests the arguments name: a file each, or a folder's *.stdg
 * (those marked in @found). */
static gboolean
expand (char **args, GPtrArray *files, GPtrArray *names, GArray *found, GError **error)
{
  gboolean yes = TRUE, no = FALSE;

  for (guint i = 0; args[i] != NULL; i++)
    {
      g_autoptr (GFile)     file = st_file_new_for_arg (args[i]);
      g_autoptr (GPtrArray) children = NULL;

      if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
        {
          g_ptr_array_add (files, g_steal_pointer (&file));
          g_ptr_array_add (names, g_strdup (args[i]));
          g_array_append_val (found, no);
          continue;
        }
      children = st_fleet_list_digests (file, error);
      if (children == NULL)
        {
          g_prefix_error (error, "%s: ", args[i]);
          return FALSE;
        }
      for (guint k = 0; k < children->len; k++)
        {
          g_autofree char *base = g_file_get_basename (g_ptr_array_index (children, k));

          g_ptr_array_add (files, g_object_ref (g_ptr_array_index (children, k)));
          g_ptr_array_add (names, g_build_filename (args[i], base, NULL));
          g_array_append_val (found, yes);
        }
    }
  return TRUE;
}

/* docs/metrics.md 17.6: a digest named that cannot be read is an error; of
 * those found in a folder, the ones that cannot be read are left out and
 * said, unless none can be read. */
static GPtrArray *
read_digests (GPtrArray *files, GPtrArray *names, GArray *found, GError **error)
{
  guint                 n = files->len, n_bad = 0, fatal = G_MAXUINT;
  g_autofree StDigest **read = g_new0 (StDigest *, MAX (n, 1));
  g_autofree GError   **errors = g_new0 (GError *, MAX (n, 1));
  g_autoptr (GPtrArray) digests = g_ptr_array_new_with_free_func ((GDestroyNotify)st_digest_free);

  st_fleet_read_each_digest ((GFile *const *)files->pdata, (const char *const *)names->pdata, n,
                             read, errors, NULL);
  for (guint i = 0; i < n; i++)
    if (errors[i] != NULL)
      {
        if (fatal == G_MAXUINT && (!g_array_index (found, gboolean, i) || ++n_bad == n))
          fatal = i;
      }
  if (fatal != G_MAXUINT)
    g_propagate_error (error, g_steal_pointer (&errors[fatal]));
  else if (n_bad > 0)
    fprintf (stderr,
             ngettext ("strata-cli fleet: %u digest of %u could not be read and is left out:\n",
                       "strata-cli fleet: %u digests of %u could not be read and are left out:\n",
                       n_bad),
             n_bad, n);
  for (guint i = 0, said = 0; i < n; i++)
    {
      if (fatal == G_MAXUINT && errors[i] != NULL && said++ < 3)
        fprintf (stderr, "  %s\n", errors[i]->message);
      if (fatal == G_MAXUINT && read[i] != NULL)
        g_ptr_array_add (digests, g_steal_pointer (&read[i]));
      st_digest_free (read[i]);
      g_clear_error (&errors[i]);
    }
  if (fatal == G_MAXUINT && n_bad > 3)
    fprintf (stderr, ngettext ("  and %u more\n", "  and %u more\n", n_bad - 3), n_bad - 3);
  return fatal == G_MAXUINT ? g_steal_pointer (&digests) : NULL;
}

static int
run (char **args, StAlignment alignment, gboolean as_json)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray)    found = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr (GPtrArray) digests = NULL;
  g_autoptr (StFleet)   fleet = NULL;
  g_autoptr (GError)    error = NULL;

  if (!expand (args, files, names, found, &error))
    return st_cli_file_error (error);
  if (files->len == 0)
    return st_cli_usage_error ("fleet", _ ("no digest (*.stdg) in the folders given"));
  digests = read_digests (files, names, found, &error);
  if (digests == NULL)
    return st_cli_file_error (error);
  fleet = st_fleet_new (digests, alignment, NULL);
  if (as_json)
    print_json (fleet);
  else
    print_text (fleet);
  return 0;
}

int
st_cli_fleet (int argc, char **argv)
{
  gboolean           as_json = FALSE;
  g_autofree char   *align = NULL;
  g_auto (GStrv)     rest = NULL;
  const GOptionEntry entries[]
      = { { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_ ("Print JSON instead of text"), NULL },
          { "align", 0, 0, G_OPTION_ARG_FILENAME, &align,
            N_ ("Put the ranks on one time axis by their clocks (the default) or by the end of "
                "their first collective"),
            N_ ("clock|collective") },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, NULL },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new (N_ ("DIGEST…|DIR — the ranks of a job reduced into one fleet"));
  g_autoptr (GError) error = NULL;
  StAlignment        alignment = ST_ALIGN_CLOCK;

  g_set_prgname ("strata-cli fleet");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _ (FLEET_HELP));
  if (!g_option_context_parse (context, &argc, &argv, &error) || rest == NULL
      || g_strv_length (rest) == 0)
    return st_cli_usage_error ("fleet", error ? error->message : _ ("give DIGEST files or a DIR"));
  if (!st_cli_parse_alignment (align, &alignment))
    return st_cli_usage_error ("fleet", _ ("--align takes clock or collective"));
  return run (rest, alignment, as_json);
}
