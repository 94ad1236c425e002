/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-step-trends.c: a rank × step matrix of cells, one summary of the
 * step's range per cell read on the cell's rank's devices alone, then the
 * outliers of docs/metrics.md 17.4 per rank, per step and per rank's
 * median. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-step-trends.h"

#include "st-memory-timeline.h"
#include "st-profile-steps.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

typedef struct
{
  gboolean   has_step;
  StSliceRef slice;
  gint64     start;
  gint64     end;
  double     values[ST_N_STEP_TRENDS];
  guint8     present;      /* a bit per series */
  guint8     outlier;      /* a bit per series */
  gboolean   communicated; /* the rank's devices ran communication in the step */
} Cell;

struct _StStepTrends
{
  GArray    *files;         /* guint: a rank's file */
  GPtrArray *labels;        /* char *: a rank's label */
  GArray    *numbers;       /* gint64: a step's N, in order */
  Cell      *cells;         /* rank-major: n_ranks × n_steps */
  guint8    *step_outliers; /* a bit per series, per step */
  guint8    *rank_outliers; /* a bit per series, per rank */
};

static const struct
{
  const char  *metric;
  StMetricUnit unit;
  double       floor; /* the resolution of 17.4 */
} series_info[ST_N_STEP_TRENDS] = {
  [ST_STEP_TREND_TIME] = { "step_time_ns", ST_UNIT_NS, 1000.0 },
  [ST_STEP_TREND_BUSY] = { "device_busy_percent", ST_UNIT_PERCENT, 0.1 },
  [ST_STEP_TREND_EXPOSED] = { "exposed_communication_ns", ST_UNIT_NS, 1000.0 },
  [ST_STEP_TREND_MEMORY_PEAK] = { "memory_peak_bytes", ST_UNIT_BYTES, 1024.0 * 1024.0 },
};

ST_DEFINE_SORT (sort_doubles, double, *a < *b)

/* The median of @n values, sorting them (17.2: an even count gives the
 * mean of the two middle ones). */
static double
median_in_place (double *v, guint n)
{
  sort_doubles (v, n, NULL);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

gboolean
st_step_trends_robust (const double *values, guint n, double floor, double *median, double *spread)
{
  g_autofree double *v = NULL;

  if (n < ST_STEP_TRENDS_MIN_VALUES)
    return FALSE;
  v = g_memdup2 (values, n * sizeof (double));
  *median = median_in_place (v, n);
  for (guint i = 0; i < n; i++)
    v[i] = fabs (v[i] - *median);
  *spread = MAX (MAX (1.4826 * median_in_place (v, n), 0.01 * fabs (*median)), floor);
  return TRUE;
}

static Cell *
cell_at (const StStepTrends *self, guint rank, guint step)
{
  return &self->cells[(gsize)rank * self->numbers->len + step];
}

/* --- the matrix -------------------------------------------------------------------- */

static guint
find_number (GArray *numbers, gint64 number)
{
  return st_sorted_find_int64 ((const gint64 *)(gpointer)numbers->data, numbers->len, number);
}

ST_DEFINE_SORT (sort_numbers, gint64, *a < *b)

/* The ranks, the steps' numbers and a cell per rank and step; a rank's
 * second step of one number is not matched (17.4 matches by N). */
static void
lay_out (StStepTrends *self, StTrace *trace, GArray *steps)
{
  guint k = 0;

  for (guint i = 0; i < steps->len; i++)
    {
      const StProfileStep *s = &g_array_index (steps, StProfileStep, i);

      if (self->files->len == 0
          || g_array_index (self->files, guint, self->files->len - 1) != s->file)
        {
          g_array_append_val (self->files, s->file);
          g_ptr_array_add (self->labels, g_strdup (st_trace_get_file (trace, s->file)->label));
        }
      g_array_append_val (self->numbers, s->number);
    }
  sort_numbers ((gint64 *)(void *)self->numbers->data, self->numbers->len, NULL);
  for (guint i = 0; i < self->numbers->len; i++)
    {
      gint64 *n = (gint64 *)(void *)self->numbers->data;

      if (k == 0 || n[i] != n[k - 1])
        n[k++] = n[i];
    }
  g_array_set_size (self->numbers, k);
  self->cells = g_new0 (Cell, (gsize)self->files->len * MAX (1, self->numbers->len));
  self->step_outliers = g_new0 (guint8, MAX (1, self->numbers->len));
  self->rank_outliers = g_new0 (guint8, MAX (1, self->files->len));
  for (guint i = 0, rank = 0; i < steps->len; i++)
    {
      const StProfileStep *s = &g_array_index (steps, StProfileStep, i);
      Cell                *c;

      while (g_array_index (self->files, guint, rank) != s->file)
        rank++;
      c = cell_at (self, rank, find_number (self->numbers, s->number));
      if (c->has_step)
        continue;
      *c = (Cell){ TRUE, s->slice, s->span.begin, s->span.end, { 0 }, 0, 0 };
    }
}

static void
set_value (Cell *c, StStepTrendSeries series, double value)
{
  c->values[series] = value;
  c->present |= 1u << series;
}

/* The rank's devices' mean busy and exposed communication, and its largest
 * peak allocated on a device other than the CPU. */
static void
take_values (Cell *c, StSummary *summary, StMemoryTimeline *timeline, guint file)
{
  GArray *peaks = st_summary_get_memory_peaks (summary);
  double  busy = 0, exposed = 0;
  guint   n = 0;

  for (guint d = 0; d < st_summary_get_n_devices (summary); d++)
    {
      const StDeviceUsage *u = st_summary_get_device (summary, d);

      if (u->file != file)
        continue;
      busy += u->busy_percent;
      exposed += (double)u->exposed_communication_ns;
      c->communicated |= u->communication_ns > 0;
      n++;
    }
  if (n > 0)
    {
      set_value (c, ST_STEP_TREND_BUSY, busy / n);
      set_value (c, ST_STEP_TREND_EXPOSED, exposed / n);
    }
  for (guint i = 0; i < peaks->len; i++)
    {
      const StMemoryPeak   *p = &g_array_index (peaks, StMemoryPeak, i);
      const StMemoryDevice *d = st_memory_timeline_get_device (timeline, p->device);

      if (d->file != file || d->type == 0 || !p->allocated.present)
        continue;
      if (!(c->present & (1u << ST_STEP_TREND_MEMORY_PEAK))
          || p->allocated.bytes > c->values[ST_STEP_TREND_MEMORY_PEAK])
        set_value (c, ST_STEP_TREND_MEMORY_PEAK, (double)p->allocated.bytes);
    }
}

/* A rank whose devices ran no communication in any of its steps has no
 * exposed communication to show: "not in this profile", not a row of
 * zeros (docs/metrics.md 9.1). */
static void
drop_silent_communication (StStepTrends *self)
{
  for (guint r = 0; r < self->files->len; r++)
    {
      gboolean communicated = FALSE;

      for (guint s = 0; s < self->numbers->len && !communicated; s++)
        communicated = cell_at (self, r, s)->communicated;
      for (guint s = 0; s < self->numbers->len && !communicated; s++)
        cell_at (self, r, s)->present &= ~(1u << ST_STEP_TREND_EXPOSED);
    }
}

static gboolean
compute_cells (StStepTrends        *self,
               StTrace             *trace,
               StStepTrendsProgress progress,
               gpointer             user_data,
               GCancellable        *cancellable,
               GError             **error)
{
  StMemoryTimeline *timeline = st_memory_timeline_ensure (trace, cancellable);
  guint             total = self->files->len * self->numbers->len, done = 0;

  if (timeline == NULL)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  for (guint r = 0; r < self->files->len; r++)
    for (guint s = 0; s < self->numbers->len; s++)
      {
        Cell                 *c = cell_at (self, r, s);
        g_autoptr (StSummary) summary = NULL;

        done++;
        if (!c->has_step)
          continue;
        set_value (c, ST_STEP_TREND_TIME, (double)(c->end - c->start));
        if (c->end > c->start)
          {
            summary = st_summary_compute_parts (trace, c->start, c->end, ST_SUMMARY_CARDS,
                                                cancellable, error);
            if (summary == NULL)
              return FALSE;
            take_values (c, summary, timeline, g_array_index (self->files, guint, r));
          }
        if (progress != NULL)
          progress (done, total, user_data);
      }
  drop_silent_communication (self);
  return TRUE;
}

/* --- what stands out --------------------------------------------------------------- */

/* The values of the cells @stride apart from @first, @n of them. */
static guint
gather (StStepTrends     *self,
        StStepTrendSeries series,
        guint             first,
        guint             stride,
        guint             n,
        double           *out)
{
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      const Cell *c = &self->cells[first + (gsize)i * stride];

      if (c->present & (1u << series))
        out[k++] = c->values[series];
    }
  return k;
}

/* The outliers among @n values, NAN where absent, as bits of @series in @bits. */
static void
mark_outliers (const double *values, guint n, StStepTrendSeries series, guint8 *bits)
{
  g_autofree double *present = g_new (double, MAX (1, n));
  double             median, spread;
  guint              k = 0;

  for (guint i = 0; i < n; i++)
    if (!isnan (values[i]))
      present[k++] = values[i];
  if (!st_step_trends_robust (present, k, series_info[series].floor, &median, &spread))
    return;
  for (guint i = 0; i < n; i++)
    if (!isnan (values[i]) && fabs (values[i] - median) > ST_STEP_TRENDS_SPREADS * spread)
      bits[i] |= 1u << series;
}

static void
find_outliers (StStepTrends *self, StStepTrendSeries series)
{
  guint              n_ranks = self->files->len, n_steps = self->numbers->len;
  g_autofree double *v = g_new (double, MAX (1, MAX (n_ranks, n_steps)));
  g_autofree double *medians = g_new (double, MAX (1, MAX (n_ranks, n_steps)));
  g_autofree guint8 *bits = g_new0 (guint8, MAX (1, n_steps));

  /* the points: each rank's steps */
  for (guint r = 0; r < n_ranks; r++)
    {
      for (guint s = 0; s < n_steps; s++)
        v[s] = cell_at (self, r, s)->present & (1u << series) ? cell_at (self, r, s)->values[series]
                                                              : NAN;
      memset (bits, 0, n_steps);
      mark_outliers (v, n_steps, series, bits);
      for (guint s = 0; s < n_steps; s++)
        cell_at (self, r, s)->outlier |= bits[s];
    }
  /* the steps: their median over the ranks */
  for (guint s = 0; s < n_steps; s++)
    {
      guint k = gather (self, series, s, n_steps, n_ranks, v);

      medians[s] = k > 0 ? median_in_place (v, k) : NAN;
    }
  mark_outliers (medians, n_steps, series, self->step_outliers);
  /* the ranks: their median over the steps */
  for (guint r = 0; r < n_ranks; r++)
    {
      guint k = gather (self, series, r * n_steps, 1, n_steps, v);

      medians[r] = k > 0 ? median_in_place (v, k) : NAN;
    }
  mark_outliers (medians, n_ranks, series, self->rank_outliers);
}

StStepTrends *
st_step_trends_compute (StTrace             *trace,
                        StStepTrendsProgress progress,
                        gpointer             user_data,
                        GCancellable        *cancellable,
                        GError             **error)
{
  g_autoptr (StStepTrends) self = NULL;
  g_autoptr (GArray)       steps = NULL;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  steps = st_profile_steps_find_per_file (trace, cancellable);
  if (steps == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _ ("Cancelled"));
      return NULL;
    }
  self = g_new0 (StStepTrends, 1);
  self->files = g_array_new (FALSE, FALSE, sizeof (guint));
  self->labels = g_ptr_array_new_with_free_func (g_free);
  self->numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
  lay_out (self, trace, steps);
  if (!compute_cells (self, trace, progress, user_data, cancellable, error))
    return NULL;
  for (guint s = 0; s < ST_N_STEP_TRENDS; s++)
    find_outliers (self, s);
  return g_steal_pointer (&self);
}

void
st_step_trends_free (StStepTrends *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->files);
  g_ptr_array_unref (self->labels);
  g_array_unref (self->numbers);
  g_free (self->cells);
  g_free (self->step_outliers);
  g_free (self->rank_outliers);
  g_free (self);
}

/* --- reading ----------------------------------------------------------------------- */

guint
st_step_trends_get_n_ranks (const StStepTrends *self)
{
  return self->files->len;
}

guint
st_step_trends_get_rank_file (const StStepTrends *self, guint rank)
{
  g_return_val_if_fail (rank < self->files->len, 0);
  return g_array_index (self->files, guint, rank);
}

const char *
st_step_trends_get_rank_label (const StStepTrends *self, guint rank)
{
  g_return_val_if_fail (rank < self->files->len, NULL);
  return g_ptr_array_index (self->labels, rank);
}

guint
st_step_trends_get_n_steps (const StStepTrends *self)
{
  return self->numbers->len;
}

gint64
st_step_trends_get_step_number (const StStepTrends *self, guint step)
{
  g_return_val_if_fail (step < self->numbers->len, 0);
  return g_array_index (self->numbers, gint64, step);
}

static const Cell *
checked_cell (const StStepTrends *self, guint rank, guint step)
{
  g_return_val_if_fail (rank < self->files->len && step < self->numbers->len, NULL);
  return cell_at (self, rank, step);
}

gboolean
st_step_trends_get_span (const StStepTrends *self,
                         guint               rank,
                         guint               step,
                         StSliceRef         *slice,
                         gint64             *start,
                         gint64             *end)
{
  const Cell *c = checked_cell (self, rank, step);

  if (c == NULL || !c->has_step)
    return FALSE;
  *slice = c->slice;
  *start = c->start;
  *end = c->end;
  return TRUE;
}

gboolean
st_step_trends_get_value (const StStepTrends *self,
                          StStepTrendSeries   series,
                          guint               rank,
                          guint               step,
                          double             *value)
{
  const Cell *c = checked_cell (self, rank, step);

  g_return_val_if_fail (series < ST_N_STEP_TRENDS, FALSE);
  if (c == NULL || !(c->present & (1u << series)))
    return FALSE;
  *value = c->values[series];
  return TRUE;
}

gboolean
st_step_trends_is_outlier (const StStepTrends *self,
                           StStepTrendSeries   series,
                           guint               rank,
                           guint               step)
{
  const Cell *c = checked_cell (self, rank, step);

  g_return_val_if_fail (series < ST_N_STEP_TRENDS, FALSE);
  return c != NULL && (c->outlier & (1u << series)) != 0;
}

gboolean
st_step_trends_is_outlier_step (const StStepTrends *self, StStepTrendSeries series, guint step)
{
  g_return_val_if_fail (series < ST_N_STEP_TRENDS && step < self->numbers->len, FALSE);
  return (self->step_outliers[step] & (1u << series)) != 0;
}

gboolean
st_step_trends_is_outlier_rank (const StStepTrends *self, StStepTrendSeries series, guint rank)
{
  g_return_val_if_fail (series < ST_N_STEP_TRENDS && rank < self->files->len, FALSE);
  return (self->rank_outliers[rank] & (1u << series)) != 0;
}

guint
st_step_trends_count_outliers (const StStepTrends *self)
{
  guint n = 0;

  for (gsize i = 0; i < (gsize)self->files->len * self->numbers->len; i++)
    n += self->cells[i].outlier != 0;
  return n;
}

const char *
st_step_trend_series_get_metric (StStepTrendSeries series)
{
  g_return_val_if_fail (series < ST_N_STEP_TRENDS, NULL);
  return series_info[series].metric;
}

StMetricUnit
st_step_trend_series_get_unit (StStepTrendSeries series)
{
  g_return_val_if_fail (series < ST_N_STEP_TRENDS, ST_UNIT_NONE);
  return series_info[series].unit;
}
