/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-overlap.h"

struct _StOverlap
{
  StTrace     *trace;
  gint64       start;
  gint64       end;
  GArray      *devices; /* StOverlapRow */
  GArray      *ranks;   /* StOverlapRow */
  StOverlapBin bins[ST_OVERLAP_N_BINS];
};

static void
row_clear (gpointer data)
{
  g_free (((StOverlapRow *)data)->label);
}

static gint64
bin_start (StOverlap *self, guint k)
{
  /* docs/metrics.md 11: start + ⌊k × (end − start) / 50⌋, in unsigned
   * arithmetic: end − start may be up to 2^64 − 1 (a range of the whole
   * int64 line), and k × span up to 50 times that, so the quotient is
   * split as ⌊span / 50⌋ k + ⌊(span mod 50) k / 50⌋, which is exact. */
  guint64 span = (guint64)self->end - (guint64)self->start;
  guint64 part = span / ST_OVERLAP_N_BINS * k + span % ST_OVERLAP_N_BINS * k / ST_OVERLAP_N_BINS;

  return (gint64)((guint64)self->start + part);
}

StOverlap *
st_overlap_new (StTrace *trace, gint64 start, gint64 end)
{
  StOverlap *self;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (start <= end, NULL);
  self = g_new0 (StOverlap, 1);
  self->trace = g_object_ref (trace);
  self->start = start;
  self->end = end;
  self->devices = g_array_new (FALSE, TRUE, sizeof (StOverlapRow));
  self->ranks = g_array_new (FALSE, TRUE, sizeof (StOverlapRow));
  g_array_set_clear_func (self->devices, row_clear);
  g_array_set_clear_func (self->ranks, row_clear);
  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    {
      self->bins[k].start = bin_start (self, k);
      self->bins[k].end = bin_start (self, k + 1);
    }
  return self;
}

void
st_overlap_free (StOverlap *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->trace);
  g_array_unref (self->devices);
  g_array_unref (self->ranks);
  g_free (self);
}

/* The bin holding @t, a time inside the range. */
static guint
bin_of (StOverlap *self, gint64 t)
{
  /* a first guess in doubles (the range may be the whole int64 line),
   * made exact by the bins' own bounds below */
  guint64 span = (guint64)self->end - (guint64)self->start;
  guint64 offset = (guint64)t - (guint64)self->start;
  guint   k = span > 0 ? (guint)MIN ((double)offset / (double)span * ST_OVERLAP_N_BINS,
                                     ST_OVERLAP_N_BINS - 1)
                       : 0;

  k = MIN (k, ST_OVERLAP_N_BINS - 1);
  while (k > 0 && self->bins[k].start > t)
    k--;
  while (k + 1 < ST_OVERLAP_N_BINS && self->bins[k].end <= t)
    k++;
  return k;
}

/* Adds [a, b) to the bins it crosses, as communication or overlap. */
static void
add_to_bins (StOverlap *self, gint64 a, gint64 b, gboolean overlapped)
{
  a = MAX (a, self->start);
  b = MIN (b, self->end);
  for (guint k = a < b ? bin_of (self, a) : ST_OVERLAP_N_BINS; k < ST_OVERLAP_N_BINS; k++)
    {
      StOverlapBin *bin = &self->bins[k];
      gint64        part = MIN (b, bin->end) - MAX (a, bin->start);

      if (bin->start >= b)
        break;
      if (part <= 0)
        continue;
      if (overlapped)
        bin->overlapped_ns += part;
      else
        bin->communication_ns += part;
    }
}

void
st_overlap_add_device (StOverlap        *self,
                       const char       *label,
                       guint             file,
                       const StTimeSpan *compute,
                       guint             n_compute,
                       const StTimeSpan *communication,
                       guint             n_communication)
{
  StOverlapRow row = { g_strdup (label), file, 0, 0, FALSE, 0 };
  guint        i = 0, j = 0;

  g_return_if_fail (self != NULL);
  for (guint k = 0; k < n_communication; k++)
    {
      row.communication_ns += communication[k].end - communication[k].begin;
      add_to_bins (self, communication[k].begin, communication[k].end, FALSE);
    }
  /* the intersection of two sets of sorted, disjoint spans */
  while (i < n_communication && j < n_compute)
    {
      gint64 lo = MAX (communication[i].begin, compute[j].begin);
      gint64 hi = MIN (communication[i].end, compute[j].end);

      if (hi > lo)
        {
          row.overlapped_ns += hi - lo;
          add_to_bins (self, lo, hi, TRUE);
        }
      if (communication[i].end < compute[j].end)
        i++;
      else
        j++;
    }
  g_array_append_val (self->devices, row);
}

static void
set_percent (gint64 part, gint64 whole, gboolean *has, double *percent)
{
  *has = whole > 0;
  *percent = whole > 0 ? 100.0 * part / whole : 0;
}

void
st_overlap_finish (StOverlap *self)
{
  guint n_files = st_trace_get_n_files (self->trace);

  g_return_if_fail (self != NULL);
  for (guint i = 0; i < self->devices->len; i++)
    {
      StOverlapRow *r = &g_array_index (self->devices, StOverlapRow, i);

      set_percent (r->overlapped_ns, r->communication_ns, &r->has_percent, &r->overlap_percent);
    }
  for (guint f = 0; n_files > 1 && f < n_files; f++)
    {
      StOverlapRow rank
          = { g_strdup (st_trace_get_file (self->trace, f)->label), f, 0, 0, FALSE, 0 };

      for (guint i = 0; i < self->devices->len; i++)
        {
          const StOverlapRow *r = &g_array_index (self->devices, StOverlapRow, i);

          if (r->file != f)
            continue;
          rank.communication_ns += r->communication_ns;
          rank.overlapped_ns += r->overlapped_ns;
        }
      set_percent (rank.overlapped_ns, rank.communication_ns, &rank.has_percent,
                   &rank.overlap_percent);
      g_array_append_val (self->ranks, rank);
    }
  for (guint k = 0; k < ST_OVERLAP_N_BINS; k++)
    set_percent (self->bins[k].overlapped_ns, self->bins[k].communication_ns,
                 &self->bins[k].has_percent, &self->bins[k].overlap_percent);
}

guint
st_overlap_get_n_devices (StOverlap *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->devices->len;
}

const StOverlapRow *
st_overlap_get_device (StOverlap *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->devices->len, NULL);
  return &g_array_index (self->devices, StOverlapRow, index);
}

guint
st_overlap_get_n_ranks (StOverlap *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->ranks->len;
}

const StOverlapRow *
st_overlap_get_rank (StOverlap *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->ranks->len, NULL);
  return &g_array_index (self->ranks, StOverlapRow, index);
}

const StOverlapBin *
st_overlap_get_bins (StOverlap *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->bins;
}

gboolean
st_overlap_get_mean_percent (StOverlap *self, double *percent)
{
  double sum = 0;
  guint  n = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  for (guint i = 0; i < self->devices->len; i++)
    {
      const StOverlapRow *r = &g_array_index (self->devices, StOverlapRow, i);

      if (r->has_percent)
        {
          sum += r->overlap_percent;
          n++;
        }
    }
  if (n > 0 && percent != NULL)
    *percent = sum / n;
  return n > 0;
}

gboolean
st_overlap_has_communication (StOverlap *self)
{
  return st_overlap_get_mean_percent (self, NULL);
}
