/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-fleet-stats.c: the steps matched across ranks by number, the step ×
 * rank matrix kept as each row's cells (a rank's steps, found in its
 * digest: a thousand ranks whose step numbers differ cost their steps, not
 * a product), each step's and each rank's medians, and the ranks and steps
 * that stand out (docs/metrics.md 17.4). */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-fleet-private.h"
#include "st-sort.h"
#include "st-time.h"

#include <math.h>
#include <stdlib.h>

/* --- medians and spreads ----------------------------------------------------------- */

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

double
_st_fleet_median (double *values, guint n)
{
  if (n == 0)
    return NAN;
  qsort (values, n, sizeof (double), compare_doubles);
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

gboolean
_st_fleet_robust (const double *values, guint n, double floor, double *median, double *spread)
{
  g_autofree double *v = NULL;

  if (n < ST_FLEET_MIN_VALUES)
    return FALSE;
  v = g_memdup2 (values, n * sizeof (double));
  *median = _st_fleet_median (v, n);
  for (guint i = 0; i < n; i++)
    v[i] = fabs (v[i] - *median);
  *spread = MAX (MAX (1.4826 * _st_fleet_median (v, n), 0.01 * fabs (*median)), floor);
  return TRUE;
}

double
_st_fleet_metric_floor (StStepMetric metric)
{
  switch (st_step_metric_get_unit (metric))
    {
    case ST_UNIT_PERCENT: return 0.1;
    case ST_UNIT_BYTES: return 1024.0 * 1024.0;
    default: return 1000.0; /* a time: 1 µs */
    }
}

/* --- steps ------------------------------------------------------------------------- */

ST_DEFINE_SORT (sort_numbers, gint64, *a < *b)
ST_DEFINE_SORT (sort_cells,
                StFleetCell,
                a->step != b->step ? a->step < b->step : a->position < b->position)

/* Every step number of the fleet, once each, in order. */
static GArray *
step_numbers (StFleet *self)
{
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint   n = 0;

  for (guint row = 0; row < self->ranks->len; row++)
    {
      GArray *steps = st_fleet_get_digest (self, row)->steps;

      for (guint i = 0; i < steps->len; i++)
        g_array_append_val (numbers, g_array_index (steps, StDigestStep, i).number);
    }
  sort_numbers ((gint64 *)(void *)numbers->data, numbers->len, NULL);
  for (guint i = 0; i < numbers->len; i++)
    if (n == 0 || g_array_index (numbers, gint64, i) != g_array_index (numbers, gint64, n - 1))
      g_array_index (numbers, gint64, n++) = g_array_index (numbers, gint64, i);
  g_array_set_size (numbers, n);
  return numbers;
}

static guint
find_number (GArray *numbers, gint64 number)
{
  return st_sorted_find_int64 ((const gint64 *)(gpointer)numbers->data, numbers->len, number);
}

/* Each row's cells, by step; a number given twice in one digest counts
 * once, its first step. */
static void
add_cells (StFleet *self, GArray *numbers)
{
  self->row_cells = g_new0 (guint, self->ranks->len + 1);
  for (guint row = 0; row < self->ranks->len; row++)
    {
      GArray      *steps = st_fleet_get_digest (self, row)->steps;
      guint        first = self->cells->len, n = first;
      StFleetCell *cells;

      for (guint i = 0; i < steps->len; i++)
        {
          StFleetCell cell
              = { find_number (numbers, g_array_index (steps, StDigestStep, i).number), i };

          g_array_append_val (self->cells, cell);
        }
      cells = (StFleetCell *)(void *)self->cells->data;
      sort_cells (cells + first, steps->len, NULL);
      for (guint i = first; i < self->cells->len; i++)
        if (i == first || cells[i].step != cells[n - 1].step)
          cells[n++] = cells[i];
      g_array_set_size (self->cells, n);
      self->row_cells[row + 1] = n;
    }
}

/* A row that has a step, and where the step lies in its digest. */
typedef struct
{
  guint row;
  guint position;
} StepMember;

/* A step's earliest start, latest end and medians over its rows. */
static void
weigh_step (StFleet *self, StFleetStep *step, const StepMember *members, guint n, double *scratch)
{
  step->start_ns = G_MAXINT64;
  step->end_ns = G_MININT64;
  step->n_ranks = n;
  for (guint i = 0; i < n; i++)
    {
      gint64              shift = g_array_index (self->ranks, StFleetRank, members[i].row).shift_ns;
      StDigest           *d = st_fleet_get_digest (self, members[i].row);
      const StDigestStep *s = &g_array_index (d->steps, StDigestStep, members[i].position);

      step->start_ns = MIN (step->start_ns, st_time_add_sat (s->start_ns, shift));
      step->end_ns = MAX (step->end_ns, st_time_add_sat (s->end_ns, shift));
    }
  for (guint m = 0; m < ST_N_STEP_METRICS; m++)
    {
      guint k = 0;

      for (guint i = 0; i < n; i++)
        {
          StDigest *d = st_fleet_get_digest (self, members[i].row);
          double    v = g_array_index (d->steps, StDigestStep, members[i].position).values[m];

          if (!isnan (v))
            scratch[k++] = v;
        }
      step->values[m] = _st_fleet_median (scratch, k);
    }
}

/* The members of each step together: @offsets[s] is where step s's
 * begin. */
static StepMember *
members_by_step (StFleet *self, guint **offsets)
{
  guint       n_steps = self->steps->len;
  guint      *at = g_new0 (guint, n_steps + 1);
  StepMember *members = g_new (StepMember, MAX (self->cells->len, 1));

  for (guint i = 0; i < self->cells->len; i++)
    at[g_array_index (self->cells, StFleetCell, i).step + 1]++;
  for (guint s = 0; s < n_steps; s++)
    at[s + 1] += at[s];
  *offsets = g_memdup2 (at, (n_steps + 1) * sizeof (guint));
  for (guint row = 0; row < self->ranks->len; row++)
    for (guint i = self->row_cells[row]; i < self->row_cells[row + 1]; i++)
      {
        const StFleetCell *cell = &g_array_index (self->cells, StFleetCell, i);

        members[at[cell->step]++] = (StepMember){ row, cell->position };
      }
  g_free (at);
  return members;
}

/* @row's value of @metric: the median over its steps (17.4). */
static double
row_value (StFleet *self, StStepMetric metric, guint row, double *scratch)
{
  GArray *steps = st_fleet_get_digest (self, row)->steps;
  guint   k = 0;

  for (guint i = self->row_cells[row]; i < self->row_cells[row + 1]; i++)
    {
      guint  position = g_array_index (self->cells, StFleetCell, i).position;
      double v = g_array_index (steps, StDigestStep, position).values[metric];

      if (!isnan (v))
        scratch[k++] = v;
    }
  return _st_fleet_median (scratch, k);
}

void
_st_fleet_match_steps (StFleet *self)
{
  g_autoptr (GArray)     numbers = step_numbers (self);
  g_autofree StepMember *members = NULL;
  g_autofree guint      *offsets = NULL;
  g_autofree double     *scratch = NULL;
  guint                  most = 0;

  add_cells (self, numbers);
  g_array_set_size (self->steps, numbers->len);
  members = members_by_step (self, &offsets);
  scratch = g_new (double, MAX (self->ranks->len, 1));
  for (guint s = 0; s < numbers->len; s++)
    {
      StFleetStep *step = &g_array_index (self->steps, StFleetStep, s);

      step->number = g_array_index (numbers, gint64, s);
      weigh_step (self, step, members + offsets[s], offsets[s + 1] - offsets[s], scratch);
    }
  for (guint row = 0; row < self->ranks->len; row++)
    {
      StFleetRank *r = &g_array_index (self->ranks, StFleetRank, row);

      r->n_steps = self->row_cells[row + 1] - self->row_cells[row];
      most = MAX (most, r->n_steps);
    }
  scratch = g_renew (double, scratch, MAX (most, self->ranks->len));
  for (guint row = 0; row < self->ranks->len; row++)
    g_array_index (self->ranks, StFleetRank, row).median_step_ns
        = row_value (self, ST_STEP_TIME, row, scratch);
}

/* --- outliers ---------------------------------------------------------------------- */

ST_DEFINE_SORT (sort_outliers, StFleetOutlier, fabs (a->score) > fabs (b->score))

/* The outliers of @values (one per row or step, NAN where absent). */
static void
add_outliers (StFleet *self, StStepMetric metric, gboolean of_step, const double *values, guint n)
{
  g_autofree double *present = g_new (double, MAX (n, 1));
  guint              k = 0, first = self->outliers->len;
  double             median, spread;

  for (guint i = 0; i < n; i++)
    if (!isnan (values[i]))
      present[k++] = values[i];
  if (!_st_fleet_robust (present, k, _st_fleet_metric_floor (metric), &median, &spread))
    return;
  for (guint i = 0; i < n; i++)
    if (!isnan (values[i]) && fabs (values[i] - median) > ST_FLEET_OUTLIER_SPREADS * spread)
      {
        StFleetOutlier o
            = { metric, of_step, i, values[i], median, spread, (values[i] - median) / spread };

        g_array_append_val (self->outliers, o);
      }
  sort_outliers ((StFleetOutlier *)(void *)self->outliers->data + first,
                 self->outliers->len - first, NULL);
}

void
_st_fleet_find_outliers (StFleet *self)
{
  guint              n_rows = self->ranks->len, n_steps = self->steps->len;
  g_autofree double *values = g_new (double, MAX (MAX (n_rows, n_steps), 1));
  g_autofree double *scratch = NULL;
  guint              most = 0;

  for (guint row = 0; row < n_rows; row++)
    most = MAX (most, self->row_cells[row + 1] - self->row_cells[row]);
  scratch = g_new (double, MAX (most, 1));
  for (guint m = 0; m < ST_N_STEP_METRICS; m++)
    {
      for (guint row = 0; row < n_rows; row++)
        values[row] = row_value (self, m, row, scratch);
      add_outliers (self, m, FALSE, values, n_rows);
      for (guint s = 0; s < n_steps; s++)
        values[s] = g_array_index (self->steps, StFleetStep, s).values[m];
      add_outliers (self, m, TRUE, values, n_steps);
    }
}
