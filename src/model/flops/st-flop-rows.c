/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-flop-rows.h"
#include "st-flop-rates-private.h"

/* --- the roofline of a row (docs/metrics.md 13.6) ------------------------------ */

gboolean
st_flop_row_get_rate (const StFlopRow *row, double *flops_per_second)
{
  g_return_val_if_fail (row != NULL, FALSE);
  if (row->device_ns <= 0)
    return FALSE;
  *flops_per_second = row->flops * 1e9 / row->device_ns;
  return TRUE;
}

gboolean
st_flop_row_get_bandwidth (const StFlopRow *row, double *bytes_per_second)
{
  g_return_val_if_fail (row != NULL, FALSE);
  if (row->device_ns <= 0 || !(row->bytes > 0))
    return FALSE;
  *bytes_per_second = row->bytes * 1e9 / row->device_ns;
  return TRUE;
}

gboolean
st_flop_row_get_intensity (const StFlopRow *row, double *flops_per_byte)
{
  g_return_val_if_fail (row != NULL, FALSE);
  if (!(row->bytes > 0))
    return FALSE;
  *flops_per_byte = row->flops / row->bytes;
  return TRUE;
}

gboolean
st_flop_row_get_peak_percent (const StFlopRow *row, double *percent)
{
  g_return_val_if_fail (row != NULL, FALSE);
  if (row->host_timed || row->no_peak || !(row->peak_flops > 0))
    return FALSE;
  *percent = 100 * row->flops / row->peak_flops;
  return TRUE;
}

gboolean
st_flop_row_get_bandwidth_percent (const StFlopRow *row, double *percent)
{
  g_return_val_if_fail (row != NULL, FALSE);
  if (row->host_timed || row->no_bandwidth || !(row->peak_bytes > 0) || !(row->bytes > 0))
    return FALSE;
  *percent = 100 * row->bytes / row->peak_bytes;
  return TRUE;
}

gboolean
st_flop_row_get_ridge (const StFlopRow *row, double *flops_per_byte)
{
  g_return_val_if_fail (row != NULL, FALSE);
  if (row->host_timed || row->no_peak || row->no_bandwidth || !(row->peak_flops > 0)
      || !(row->ridge_bytes > 0))
    return FALSE;
  *flops_per_byte = row->peak_flops / row->ridge_bytes;
  return TRUE;
}

StFlopBound
st_flop_row_get_bound (const StFlopRow *row)
{
  double intensity, ridge;

  g_return_val_if_fail (row != NULL, ST_FLOP_BOUND_UNKNOWN);
  if (row->host_timed || !st_flop_row_get_intensity (row, &intensity))
    return ST_FLOP_BOUND_UNKNOWN;
  /* bytes without FLOPs sit under the bandwidth's roof whatever the ridge */
  if (!(row->flops > 0))
    return ST_FLOP_BOUND_MEMORY;
  if (!st_flop_row_get_ridge (row, &ridge))
    return ST_FLOP_BOUND_UNKNOWN;
  return intensity >= ridge ? ST_FLOP_BOUND_COMPUTE : ST_FLOP_BOUND_MEMORY;
}

gboolean
st_flop_row_get_roof_percent (const StFlopRow *row, double *percent)
{
  switch (st_flop_row_get_bound (row))
    {
    case ST_FLOP_BOUND_COMPUTE: return st_flop_row_get_peak_percent (row, percent);
    case ST_FLOP_BOUND_MEMORY: return st_flop_row_get_bandwidth_percent (row, percent);
    case ST_FLOP_BOUND_UNKNOWN:
    default: return FALSE;
    }
}

const char *
st_flop_bound_to_string (StFlopBound bound)
{
  return bound == ST_FLOP_BOUND_COMPUTE  ? "compute"
         : bound == ST_FLOP_BOUND_MEMORY ? "memory"
                                         : NULL;
}

/* --- a shape as people read it ------------------------------------------------ */

/* The lists of sizes of "[[15360,4096],[4096,24576],[],[]]" that hold
 * any, as "[15360, 4096], [4096, 24576]". */
static void
append_dims (GString *out, const char *dims)
{
  guint    depth = 0;
  gsize    start = 0;
  gboolean first = TRUE;

  for (const char *p = dims; *p != '\0'; p++)
    switch (*p)
      {
      case '[':
        if (++depth == 2)
          {
            start = out->len;
            g_string_append (out, first ? " [" : ", [");
          }
        break;
      case ']':
        if (depth-- != 2)
          break;
        if (out->str[out->len - 1] == '[')
          g_string_truncate (out, start); /* a scalar's [] */
        else
          {
            g_string_append_c (out, ']');
            first = FALSE;
          }
        break;
      case ',':
        if (depth == 2)
          g_string_append (out, ", ");
        break;
      default:
        if (depth == 2)
          g_string_append_c (out, *p);
      }
}

char *
st_flop_shape_dup_label (const StFlopShape *s, StTrace *trace)
{
  GString *out;

  g_return_val_if_fail (s != NULL && ST_IS_TRACE (trace), NULL);
  out = g_string_new (st_trace_get_string (trace, s->name));
  append_dims (out, s->dims);
  g_string_append_printf (out, " %s", st_flop_type_to_string (s->type));
  if (s->params != NULL)
    g_string_append_printf (out, ", %s", s->params);
  return g_string_free (out, FALSE);
}

/* --- the rows of a range ---------------------------------------------------------- */

typedef gint64 ClassTimes[ST_N_KERNEL_CLASSES];

struct _StFlopRowsJob
{
  StFlopOps  *ops;
  guint       n_rows;
  StFlopRow  *rows;         /* per device shape of the ops */
  ClassTimes *row_class_ns; /* per device shape: its time in each kernel class */
  double     *bandwidth;    /* per device shape: its device's bytes/s, 0 unknown */
  StFlopRow   classes[ST_N_KERNEL_CLASSES];
};

typedef StFlopRowsJob Job;

static void
row_init (StFlopRow *row, guint key, gint device)
{
  *row = (StFlopRow){ .key = key,
                      .device = device,
                      .first_ns = G_MAXINT64,
                      .last_ns = G_MININT64,
                      .klass = ST_N_KERNEL_CLASSES };
}

/* The class of most of @times, ST_N_KERNEL_CLASSES when none has any. */
static guint
main_class (const gint64 *times)
{
  guint best = ST_N_KERNEL_CLASSES;

  for (guint k = 0; k < ST_N_KERNEL_CLASSES; k++)
    if (times[k] > 0 && (best == ST_N_KERNEL_CLASSES || times[k] > times[best]))
      best = k;
  return best;
}

static gboolean
row_is_used (const StFlopRow *row)
{
  return row->first_ns != G_MAXINT64;
}

/* Adds a piece's part in the range: @clipped ns [@from, @to), @flops and
 * @bytes, on a device of @peak FLOP/s and @bandwidth bytes/s (0 unknown). */
static void
row_add (StFlopRow *row,
         gint64     from,
         gint64     to,
         double     flops,
         double     bytes,
         double     peak,
         double     bandwidth,
         gboolean   host_timed)
{
  gint64 clipped = MAX (to - from, 0);

  row->flops += flops;
  row->bytes += bytes;
  row->device_ns += clipped;
  row->host_timed |= host_timed;
  row->first_ns = MIN (row->first_ns, from);
  row->last_ns = MAX (row->last_ns, to);
  if (host_timed)
    return;
  /* a piece of no FLOPs has no place under the compute roof */
  if (flops > 0 && peak > 0)
    {
      row->peak_flops += clipped * peak / 1e9;
      row->ridge_bytes += clipped * bandwidth / 1e9;
    }
  else if (flops > 0)
    row->no_peak = TRUE;
  if (bandwidth > 0)
    {
      row->peak_bytes += clipped * bandwidth / 1e9;
      row->roof_ns += bytes / bandwidth * 1e9;
    }
  else
    row->no_bandwidth = TRUE;
}

void
_st_flop_rows_add (StFlopRowsJob *job, const StFlopPart *part)
{
  guint      r = part->piece->row;
  StFlopRow *row = &job->rows[r];
  guint8     klass = part->piece->klass;

  if (part->first)
    row->count++;
  row_add (row, part->from, part->to, part->flops, part->bytes, part->peak, job->bandwidth[r],
           part->op->host_timed);
  if (klass < ST_N_KERNEL_CLASSES)
    {
      row_add (&job->classes[klass], part->from, part->to, part->flops, part->bytes, part->peak,
               job->bandwidth[r], FALSE);
      job->row_class_ns[r][klass] += part->to - part->from;
    }
}

static gint
by_time (gconstpointer pa, gconstpointer pb)
{
  const StFlopRow *a = pa, *b = pb;

  if (a->host_timed != b->host_timed)
    return a->host_timed ? 1 : -1;
  if (a->device_ns != b->device_ns)
    return a->device_ns > b->device_ns ? -1 : 1;
  if (a->flops != b->flops)
    return a->flops > b->flops ? -1 : 1;
  return (a->key > b->key) - (a->key < b->key);
}

/* Per device (the host-timed last), each device's by time. */
static gint
by_device (gconstpointer pa, gconstpointer pb)
{
  const StFlopRow *a = pa, *b = pb;
  guint            da = (guint)a->device, db = (guint)b->device;

  return da != db ? (da < db ? -1 : 1) : by_time (pa, pb);
}

static void
row_sum (StFlopRow *into, const StFlopRow *row)
{
  into->count += row->count;
  into->flops += row->flops;
  into->bytes += row->bytes;
  into->device_ns += row->device_ns;
  into->peak_flops += row->peak_flops;
  into->ridge_bytes += row->ridge_bytes;
  into->peak_bytes += row->peak_bytes;
  into->roof_ns += row->roof_ns;
  into->host_timed |= row->host_timed;
  into->no_peak |= row->no_peak;
  into->no_bandwidth |= row->no_bandwidth;
  into->first_ns = MIN (into->first_ns, row->first_ns);
  into->last_ns = MAX (into->last_ns, row->last_ns);
}

/* The device rows in use, and their sums per shape over the devices. */
static void
fill_shapes (Job *job, StFlopRates *rates)
{
  guint                    n_rows, n_shapes = st_flop_ops_get_n_shapes (job->ops);
  const StFlopDeviceShape *keys = st_flop_ops_get_device_shapes (job->ops, &n_rows);
  g_autofree StFlopRow    *sums = g_new (StFlopRow, MAX (1, n_shapes));
  g_autofree ClassTimes   *sum_class_ns = g_new0 (ClassTimes, MAX (1, n_shapes));

  for (guint s = 0; s < n_shapes; s++)
    row_init (&sums[s], s, -1);
  for (guint r = 0; r < n_rows; r++)
    if (row_is_used (&job->rows[r]))
      {
        job->rows[r].klass = main_class (job->row_class_ns[r]);
        g_array_append_val (rates->device_shapes, job->rows[r]);
        row_sum (&sums[keys[r].shape], &job->rows[r]);
        for (guint k = 0; k < ST_N_KERNEL_CLASSES; k++)
          sum_class_ns[keys[r].shape][k] += job->row_class_ns[r][k];
      }
  for (guint s = 0; s < n_shapes; s++)
    if (row_is_used (&sums[s]))
      {
        sums[s].klass = main_class (sum_class_ns[s]);
        g_array_append_val (rates->shapes, sums[s]);
      }
  g_array_sort (rates->device_shapes, by_device);
  g_array_sort (rates->shapes, by_time);
}

static gint
by_count (gconstpointer pa, gconstpointer pb)
{
  const StFlopNoModelCount *a = pa, *b = pb;

  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return (a->name > b->name) - (a->name < b->name);
}

/* The operators with no model that start in the range, per name. */
static void
fill_no_model (StFlopOps *ops, StFlopRates *rates, gint64 start, gint64 end)
{
  guint                  n, lo = 0, hi;
  const StFlopNoModel   *none = st_flop_ops_get_no_model (ops, &n);
  g_autoptr (GHashTable) slots = g_hash_table_new (NULL, NULL);

  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (none[mid].start < start)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < n && none[i].start < end; i++)
    {
      gpointer           slot = g_hash_table_lookup (slots, GUINT_TO_POINTER (none[i].name + 1));
      StFlopNoModelCount row = { none[i].name, 1 };

      if (slot != NULL)
        g_array_index (rates->no_model, StFlopNoModelCount, GPOINTER_TO_UINT (slot) - 1).count++;
      else
        {
          g_array_append_val (rates->no_model, row);
          g_hash_table_insert (slots, GUINT_TO_POINTER (none[i].name + 1),
                               GUINT_TO_POINTER (rates->no_model->len));
        }
    }
  g_array_sort (rates->no_model, by_count);
}

StFlopRowsJob *
_st_flop_rows_begin (StFlopOps *ops)
{
  Job                     *job = g_new0 (Job, 1);
  const StFlopDeviceShape *keys = st_flop_ops_get_device_shapes (ops, &job->n_rows);

  job->ops = ops;
  job->rows = g_new (StFlopRow, MAX (1, job->n_rows));
  job->row_class_ns = g_new0 (ClassTimes, MAX (1, job->n_rows));
  job->bandwidth = g_new0 (double, MAX (1, job->n_rows));
  for (guint r = 0; r < job->n_rows; r++)
    {
      row_init (&job->rows[r], keys[r].shape, keys[r].device);
      if (keys[r].device >= 0)
        job->bandwidth[r]
            = st_device_peak_get_bandwidth (st_flop_ops_get_peak (ops, keys[r].device));
    }
  for (guint k = 0; k < ST_N_KERNEL_CLASSES; k++)
    row_init (&job->classes[k], k, -1);
  return job;
}

void
_st_flop_rows_finish (StFlopRowsJob *job,
                      StFlopRates   *rates,
                      const gint64  *class_ns,
                      gint64         start,
                      gint64         end)
{
  fill_shapes (job, rates);
  for (guint k = 0; k < ST_N_KERNEL_CLASSES; k++)
    if (row_is_used (&job->classes[k]))
      {
        job->classes[k].kernel_ns = class_ns != NULL ? class_ns[k] : 0;
        g_array_append_val (rates->classes, job->classes[k]);
      }
  fill_no_model (job->ops, rates, start, end);
  g_free (job->rows);
  g_free (job->row_class_ns);
  g_free (job->bandwidth);
  g_free (job);
}

/* --- a shape's instances (docs/metrics.md 13.6) ------------------------------ */

GArray *
st_flop_ops_find_instances (StFlopOps *ops, guint shape, gint64 start, gint64 end)
{
  GArray            *slices = g_array_new (FALSE, FALSE, sizeof (StSliceRef));
  guint              n, n_ops, lo = 0, hi;
  const StFlopPiece *pieces;
  const StFlopOp    *all;
  gint64             from;

  g_return_val_if_fail (ops != NULL, slices);
  pieces = st_flop_ops_get_pieces (ops, &n);
  all = st_flop_ops_get_ops (ops, &n_ops);
  from = start - st_flop_ops_get_longest (ops);
  /* the first piece that may reach into the range, pieces being by start */
  for (hi = n; lo < hi;)
    {
      guint mid = lo + (hi - lo) / 2;

      if (pieces[mid].start < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < n && pieces[i].start < end; i++)
    {
      const StFlopPiece *p = &pieces[i];

      /* an op once: at its first piece in the range */
      if (all[p->op].shape != shape || !_st_flop_piece_in_range (p, start)
          || (p->prev >= 0 && _st_flop_piece_in_range (&pieces[p->prev], start)))
        continue;
      g_array_append_val (slices, all[p->op].slice);
    }
  return slices;
}
