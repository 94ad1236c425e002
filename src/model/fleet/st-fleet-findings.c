/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-findings.c: the fleet's findings (docs/metrics.md 17.5): the
 * ranks that kept the others waiting, the ranks whose collectives ran long
 * once all had arrived, and the steps that took long on every rank, each
 * when it stands out of its kind (17.4) and is worth 1 % of the fleet's
 * span; by time at stake. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-fleet-private.h"
#include "st-format.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* 17.5: a finding worth less than this is not shown. */
#define MIN_STAKE_NS       1000
#define MIN_STAKE_OF_SPAN  0.01
#define TIME_RESOLUTION_NS 1000.0

static const char *
collective_label (StFleet *self, guint index)
{
  return g_array_index (self->collectives, StFleetCollective, index).label;
}

static void
place_at_collective (StFleet *self, StFleetFinding *f, guint index)
{
  const StFleetCollective *c = &g_array_index (self->collectives, StFleetCollective, index);

  f->start_ns = c->start_ns;
  f->end_ns = c->end_ns;
}

/* What its host did, said from how many of its late collectives it
 * launched late (17.3). */
static const char *
launch_sentence (const StFleetRankDetail *d)
{
  if (d->launch_known == 0)
    return "";
  if (d->launched_late == d->launch_known)
    return _ (" It launched them late on its host: look at what its host did before them.");
  if (d->launched_late == 0)
    return _ (" Its host launched them in time: its device started them late, its stream still "
              "busy with earlier work.");
  return _ (" It launched some of them late on its host and some in time.");
}

static char *
straggler_text (StFleet *self, guint row)
{
  const StFleetRank       *r = &g_array_index (self->ranks, StFleetRank, row);
  const StFleetRankDetail *d = &self->details[row];
  const StFleetCollective *worst
      = &g_array_index (self->collectives, StFleetCollective, d->worst_late);
  g_autofree char *late = st_format_duration (worst->late_ns);
  g_autofree char *wait = st_format_duration (r->caused_wait_ns);

  return g_strdup_printf (
      _ ("%s was the last to arrive at %u of the %u collectives matched across ranks; at its "
         "worst, %s, it was %s late. Each rank it kept waiting waited %s for it in all, on "
         "average.%s"),
      r->label, r->slowest_count, self->collectives->len, worst->label, late, wait,
      launch_sentence (d));
}

static char *
link_text (StFleet *self, guint row)
{
  const StFleetRank       *r = &g_array_index (self->ranks, StFleetRank, row);
  const StFleetRankDetail *d = &self->details[row];
  g_autofree char         *all = st_format_duration (r->link_excess_ns);
  g_autofree char         *worst = st_format_duration (d->worst_link_excess);

  return g_strdup_printf (
      ngettext ("%s’s collectives ran longer than the others’ once every rank had arrived, at %u "
                "collective: %s in all beyond the median rank’s; at its worst, %s, %s longer. Its "
                "link or network card may be slower than the others’.",
                "%s’s collectives ran longer than the others’ once every rank had arrived, at %u "
                "collectives: %s in all beyond the median rank’s; at its worst, %s, %s longer. "
                "Its link or network card may be slower than the others’.",
                d->link_count),
      r->label, d->link_count, all, collective_label (self, d->worst_link), worst);
}

/* The rows or steps whose @values (NAN where absent) stand out high. */
static GArray *
high_outliers (const double *values, guint n, double *median)
{
  GArray            *out = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree double *present = g_new (double, MAX (n, 1));
  guint              k = 0;
  double             spread;

  for (guint i = 0; i < n; i++)
    if (!isnan (values[i]))
      present[k++] = values[i];
  if (!_st_fleet_robust (present, k, TIME_RESOLUTION_NS, median, &spread))
    return out;
  for (guint i = 0; i < n; i++)
    if (!isnan (values[i]) && values[i] - *median > ST_FLEET_OUTLIER_SPREADS * spread)
      g_array_append_val (out, i);
  return out;
}

/* A step's text (17.5): who made it slow — the rank slowest in it, unless
 * the step has ranks enough to tell (17.4) and that one does not stand out
 * among them: then every rank alike, with their times' range. */
static char *
step_text (StFleet *self, guint step, double median)
{
  const StFleetStep *s = &g_array_index (self->steps, StFleetStep, step);
  guint              n = self->ranks->len, slowest = 0, present = 0;
  g_autofree double *values = g_new (double, MAX (n, 1));
  double             least = INFINITY, ranks_median;
  g_autoptr (GArray) standing_out = NULL;
  g_autofree char   *time = st_format_duration ((gint64)s->values[ST_STEP_TIME]);
  g_autofree char   *more = st_format_duration ((gint64)(s->values[ST_STEP_TIME] - median));
  g_autofree char   *usual = st_format_duration ((gint64)median);
  g_autofree char   *worst = NULL, *fastest = NULL;
  g_autofree char   *number = g_strdup_printf ("%" G_GINT64_FORMAT, s->number);
  gboolean           alike;

  for (guint row = 0; row < n; row++)
    {
      values[row] = st_fleet_get_value (self, ST_STEP_TIME, step, row);
      if (isnan (values[row]))
        continue;
      if (present++ == 0 || values[row] > values[slowest])
        slowest = row;
      least = MIN (least, values[row]);
    }
  if (present == 0)
    return g_strdup_printf (_ ("Step %s took %s (the median over its ranks), %s more than the "
                               "median step (%s)."),
                            number, time, more, usual);
  worst = st_format_duration ((gint64)values[slowest]);
  standing_out = high_outliers (values, n, &ranks_median);
  alike = present >= ST_FLEET_MIN_VALUES;
  for (guint i = 0; i < standing_out->len; i++)
    alike = alike && g_array_index (standing_out, guint, i) != slowest;
  if (!alike)
    return g_strdup_printf (_ ("Step %s took %s (the median over its ranks), %s more than the "
                               "median step (%s); slowest in it: %s (%s)."),
                            number, time, more, usual,
                            g_array_index (self->ranks, StFleetRank, slowest).label, worst);
  fastest = st_format_duration ((gint64)least);
  if (g_str_equal (fastest, worst))
    return g_strdup_printf (_ ("Step %s took %s (the median over its ranks), %s more than the "
                               "median step (%s), on every rank alike: the step was slower "
                               "everywhere, not one rank."),
                            number, time, more, usual);
  return g_strdup_printf (_ ("Step %s took %s (the median over its ranks), %s more than the "
                             "median step (%s), on every rank alike (%s to %s): the step was "
                             "slower everywhere, not one rank."),
                          number, time, more, usual, fastest, worst);
}

static void
add_rank_findings (StFleet *self, StFleetFindingKind kind, gint64 least)
{
  guint              n = self->ranks->len;
  g_autofree double *values = g_new (double, MAX (n, 1));
  g_autoptr (GArray) rows = NULL;
  double             median;

  for (guint row = 0; row < n; row++)
    {
      const StFleetRank *r = &g_array_index (self->ranks, StFleetRank, row);

      if (kind == ST_FLEET_FINDING_STRAGGLER)
        values[row] = (double)r->caused_wait_ns;
      else
        values[row] = r->n_collectives > 0 ? (double)r->link_excess_ns : NAN;
    }
  rows = high_outliers (values, n, &median);
  for (guint i = 0; i < rows->len; i++)
    {
      guint          row = g_array_index (rows, guint, i);
      StFleetFinding f = { kind, row, NULL, (gint64)values[row], 0, 0 };

      if (f.time_at_stake_ns < least)
        continue;
      if (kind == ST_FLEET_FINDING_STRAGGLER)
        {
          f.text = straggler_text (self, row);
          place_at_collective (self, &f, self->details[row].worst_late);
        }
      else
        {
          f.text = link_text (self, row);
          place_at_collective (self, &f, self->details[row].worst_link);
        }
      g_array_append_val (self->findings, f);
    }
}

static void
add_step_findings (StFleet *self, gint64 least)
{
  guint              n = self->steps->len;
  g_autofree double *values = g_new (double, MAX (n, 1));
  g_autoptr (GArray) steps = NULL;
  double             median;

  for (guint s = 0; s < n; s++)
    values[s] = g_array_index (self->steps, StFleetStep, s).values[ST_STEP_TIME];
  steps = high_outliers (values, n, &median);
  for (guint i = 0; i < steps->len; i++)
    {
      guint              s = g_array_index (steps, guint, i);
      const StFleetStep *step = &g_array_index (self->steps, StFleetStep, s);
      StFleetFinding     f = { ST_FLEET_FINDING_SLOW_STEP,
                               s,
                               NULL,
                               (gint64)floor (values[s] - median),
                               step->start_ns,
                               step->end_ns };

      if (f.time_at_stake_ns < least)
        continue;
      f.text = step_text (self, s, median);
      g_array_append_val (self->findings, f);
    }
}

ST_DEFINE_SORT (sort_findings,
                StFleetFinding,
                a->time_at_stake_ns != b->time_at_stake_ns
                    ? a->time_at_stake_ns > b->time_at_stake_ns
                : a->kind != b->kind ? a->kind < b->kind
                                     : a->index < b->index)

void
_st_fleet_find_findings (StFleet *self)
{
  gint64 least = MAX (MIN_STAKE_NS, (gint64)(MIN_STAKE_OF_SPAN * (double)self->span_ns));

  add_rank_findings (self, ST_FLEET_FINDING_STRAGGLER, least);
  add_rank_findings (self, ST_FLEET_FINDING_SLOW_LINK, least);
  add_step_findings (self, least);
  sort_findings ((StFleetFinding *)(void *)self->findings->data, self->findings->len, NULL);
}
