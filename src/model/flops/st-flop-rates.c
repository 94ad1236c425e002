/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-flop-rates-private.h"
#include "st-format.h"

#include <string.h>

typedef struct
{
  double     flops;
  double     at_peak_ns; /* the time its FLOPs take at peak */
  double     type_flops[ST_N_FLOP_TYPES];
  gboolean   any;
  gboolean   unknown; /* a FLOP without a peak */
  StFlopType unknown_type;
} DeviceAcc;

typedef struct
{
  StFlopOperation row;
  double          type_flops[ST_N_FLOP_TYPES];
  double          capacity; /* the FLOPs its pieces' time holds at peak */
  gboolean        no_peak;
  double          largest; /* FLOPs of its largest op so far */
} NameAcc;

typedef struct
{
  StFlopRates *rates;
  StFlopOps   *ops;
  DeviceAcc   *devices;
  guint        n_devices;
  NameAcc     *names; /* by the ops' name_index */
  gint64       start;
} Job;

static StFlopType
main_type (const double *type_flops)
{
  StFlopType best = ST_FLOP_UNKNOWN;

  for (guint t = 0; t < ST_N_FLOP_TYPES; t++)
    if (type_flops[t] > type_flops[best])
      best = t;
  return best;
}

static void
add_to_device (Job *job, const StFlopPart *part)
{
  DeviceAcc *d = &job->devices[part->device];

  d->any = TRUE;
  d->flops += part->flops;
  d->type_flops[part->shape->type] += part->flops;
  if (part->peak > 0)
    d->at_peak_ns += part->flops / part->peak * 1e9;
  else if (!d->unknown)
    {
      d->unknown = TRUE;
      d->unknown_type = part->shape->type;
    }
}

/* A part of a FLOP op's piece; its op counts at the first of its pieces
 * in the range. */
static void
add_part (Job *job, const StFlopPart *part)
{
  const StFlopOp *op = part->op;
  NameAcc        *acc = &job->names[part->shape->name_index];
  gint64          clipped = part->to - part->from;

  job->rates->flops += part->flops;
  job->rates->device_ns += clipped;
  acc->row.name = part->shape->name;
  acc->row.flops += part->flops;
  acc->row.device_ns += clipped;
  acc->row.host_timed |= op->host_timed;
  acc->type_flops[part->shape->type] += part->flops;
  if (part->first)
    {
      job->rates->ops++;
      job->rates->host_timed_ops += op->host_timed;
      if (acc->row.count++ == 0 || op->flops > acc->largest)
        {
          acc->largest = op->flops;
          acc->row.largest = op->slice;
        }
    }
  if (part->device >= 0 && (guint)part->device < job->n_devices)
    add_to_device (job, part);
  if (part->peak > 0)
    acc->capacity += clipped * part->peak / 1e9;
  else
    acc->no_peak = TRUE;
}

/* The first piece starting at or after @from. */
static guint
first_piece (const StFlopPiece *pieces, guint n, gint64 from)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (pieces[mid].start < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static StFlopPart
part_of (Job *job, const StFlopPiece *pieces, guint i, const StFlopOp *op, gint64 end)
{
  const StFlopPiece *p = &pieces[i];
  StFlopPart         part = { p, op, st_flop_ops_get_shape (job->ops, op->shape),
                              st_flop_ops_get_piece_device (job->ops, p) };
  double             share;

  part.from = MAX (p->start, job->start);
  part.to = MAX (part.from, MIN (p->start + p->dur, end));
  share = p->dur == 0 ? 1 : (double)(part.to - part.from) / p->dur;
  part.flops = p->dur == 0
                   ? st_flop_piece_share (op, p, op->flops)
                   : st_flop_piece_share (op, p, op->flops) * (part.to - part.from) / p->dur;
  part.bytes = st_flop_piece_share (op, p, st_flop_ops_get_bytes (job->ops, op)) * share;
  if (part.device >= 0 && (guint)part.device < job->n_devices)
    part.peak = st_device_peak_get (st_flop_ops_get_peak (job->ops, part.device), part.shape->type);
  part.first = p->prev < 0 || !_st_flop_piece_in_range (&pieces[p->prev], job->start);
  return part;
}

/* Each piece in the range once: 13.3 and 13.4 count those of FLOP ops,
 * 13.6 every one. */
static void
walk_pieces (Job *job, StFlopRowsJob *rows, gint64 start, gint64 end)
{
  guint              n, n_ops;
  const StFlopPiece *pieces = st_flop_ops_get_pieces (job->ops, &n);
  const StFlopOp    *ops = st_flop_ops_get_ops (job->ops, &n_ops);
  gint64             from = start - st_flop_ops_get_longest (job->ops);

  for (guint i = first_piece (pieces, n, from); i < n && pieces[i].start < end; i++)
    {
      const StFlopOp *op = &ops[pieces[i].op];
      StFlopPart      part;

      if (!_st_flop_piece_in_range (&pieces[i], start))
        continue;
      part = part_of (job, pieces, i, op, end);
      _st_flop_rows_add (rows, &part);
      if (op->flops > 0)
        add_part (job, &part);
    }
}

/* The names with work in the range, with their data type and share of
 * the peak. */
static void
fill_operations (Job *job)
{
  for (guint r = 0; r < st_flop_ops_get_n_names (job->ops); r++)
    {
      NameAcc *acc = &job->names[r];

      if (acc->row.count == 0)
        continue;
      acc->row.type = main_type (acc->type_flops);
      acc->row.has_peak_percent = !acc->no_peak && acc->capacity > 0;
      acc->row.peak_percent = acc->row.has_peak_percent ? 100 * acc->row.flops / acc->capacity : 0;
      g_array_append_val (job->rates->operations, acc->row);
    }
}

static void
fill_devices (Job *job, StDeviceWork *work, const gint64 *device_time_ns)
{
  for (guint d = 0; d < job->n_devices; d++)
    {
      const DeviceAcc    *acc = &job->devices[d];
      const StDevicePeak *peak = st_flop_ops_get_peak (job->ops, d);
      const StDevice     *device = st_device_work_get_device (work, d);
      StFlopDevice        row = { 0 };

      if (!acc->any)
        continue;
      row.device = d;
      row.label = g_strdup (device->label);
      row.file = device->file;
      row.flops = acc->flops;
      row.device_time_ns = MAX (0, device_time_ns[d]);
      row.model = peak->model;
      row.peak_name = g_strdup (peak->name != NULL ? peak->name : "");
      row.type = main_type (acc->type_flops);
      row.peak_flops_per_second = st_device_peak_get (peak, row.type);
      row.peak_bytes_per_second = st_device_peak_get_bandwidth (peak);
      row.ridge = st_device_peak_get_ridge (peak, row.type);
      row.bandwidth_note = st_device_peak_dup_bandwidth_note (peak);
      row.has_mfu = !acc->unknown && row.device_time_ns > 0;
      row.mfu_percent = row.has_mfu ? 100 * acc->at_peak_ns / row.device_time_ns : 0;
      if (acc->unknown)
        row.note = st_device_peak_dup_note (peak, acc->unknown_type);
      g_array_append_val (job->rates->devices, row);
    }
}

static int
compare_operations (gconstpointer pa, gconstpointer pb)
{
  const StFlopOperation *a = pa, *b = pb;

  if (a->flops != b->flops)
    return a->flops > b->flops ? -1 : 1;
  return a->name < b->name ? -1 : a->name > b->name;
}

static void
device_clear (gpointer data)
{
  StFlopDevice *d = data;

  g_free (d->label);
  g_free (d->peak_name);
  g_free (d->note);
  g_free (d->bandwidth_note);
}

StFlopRates *
st_flop_rates_compute (StFlopOps    *ops,
                       StDeviceWork *work,
                       const gint64 *device_time_ns,
                       const gint64 *class_ns,
                       gint64        start,
                       gint64        end)
{
  StFlopRates   *rates = g_new0 (StFlopRates, 1);
  Job            job = { rates, ops };
  StFlopRowsJob *rows;

  rates->devices = g_array_new (FALSE, TRUE, sizeof (StFlopDevice));
  g_array_set_clear_func (rates->devices, device_clear);
  rates->operations = g_array_new (FALSE, TRUE, sizeof (StFlopOperation));
  rates->shapes = g_array_new (FALSE, TRUE, sizeof (StFlopRow));
  rates->device_shapes = g_array_new (FALSE, TRUE, sizeof (StFlopRow));
  rates->classes = g_array_new (FALSE, TRUE, sizeof (StFlopRow));
  rates->no_model = g_array_new (FALSE, TRUE, sizeof (StFlopNoModelCount));
  g_return_val_if_fail (ops != NULL && work != NULL, rates);
  job.n_devices = st_device_work_get_n_devices (work);
  job.devices = g_new0 (DeviceAcc, MAX (1, job.n_devices));
  job.names = g_new0 (NameAcc, MAX (1, st_flop_ops_get_n_names (ops)));
  job.start = start;
  rows = _st_flop_rows_begin (ops);
  walk_pieces (&job, rows, start, end);
  fill_operations (&job);
  fill_devices (&job, work, device_time_ns);
  g_array_sort (rates->operations, compare_operations);
  _st_flop_rows_finish (rows, rates, class_ns, start, end);
  g_free (job.devices);
  g_free (job.names);
  return rates;
}

void
st_flop_rates_free (StFlopRates *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->devices, g_array_unref);
  g_clear_pointer (&self->operations, g_array_unref);
  g_clear_pointer (&self->shapes, g_array_unref);
  g_clear_pointer (&self->device_shapes, g_array_unref);
  g_clear_pointer (&self->classes, g_array_unref);
  g_clear_pointer (&self->no_model, g_array_unref);
  g_free (self);
}

gboolean
st_flop_rates_get_achieved (const StFlopRates *self, double *flops_per_second)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (self->device_ns <= 0)
    return FALSE;
  *flops_per_second = self->flops * 1e9 / self->device_ns;
  return TRUE;
}

gboolean
st_flop_rates_get_mfu (const StFlopRates *self, double *percent)
{
  double sum = 0;
  guint  n = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  for (guint i = 0; i < self->devices->len; i++)
    {
      const StFlopDevice *d = &g_array_index (self->devices, StFlopDevice, i);

      if (d->has_mfu)
        {
          sum += d->mfu_percent;
          n++;
        }
    }
  if (n == 0)
    return FALSE;
  *percent = sum / n;
  return TRUE;
}

static char *
with_unit (double value, const char *unit)
{
  g_autofree char *q = st_format_quantity (value);

  /* "142.3 TFLOP/s", "512 FLOP" */
  return g_strdup_printf ("%s%s%s", q, strchr (q, ' ') ? "" : " ", unit);
}

char *
st_flop_rates_format_rate (double flops_per_second)
{
  return with_unit (flops_per_second, "FLOP/s");
}

char *
st_flop_rates_format_flops (double flops)
{
  return with_unit (flops, "FLOP");
}

char *
st_flop_rates_format_bandwidth (double bytes_per_second)
{
  return with_unit (bytes_per_second, "B/s");
}
