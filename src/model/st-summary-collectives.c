/* st-summary-collectives.c: collective operations of the range grouped by
 * type and size, with each group's count, min, median, mean and max, and
 * the outliers: instances longer than twice their group's median.
 *
 * The instances are the device's collective kernels (NCCL/RCCL; Neuron
 * collective instructions), or when the range has none, the host's
 * collective calls (c10d::, nccl: annotations, record_param_comms), the
 * outermost of nested ones. The size is "In msg nelems" × the size of
 * "dtype", or "bytes", from the args.
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-scan.h"
#include "st-summary-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct
{
  StCollectiveInstance inst;
  StCollectiveType     type;
  guint64              size;
  guint                track;
} Found;

ST_DEFINE_SORT (sort_found, Found,
                a->type != b->type ? a->type < b->type
                : a->size != b->size ? a->size < b->size
                : a->inst.start < b->inst.start)
ST_DEFINE_SORT (sort_by_track, Found,
                a->track != b->track ? a->track < b->track : a->inst.start < b->inst.start)
ST_DEFINE_SORT (sort_durations, gint64, *a < *b)

static guint
dtype_size (const char *p,
            gsize       len)
{
  static const struct
  {
    const char *name;
    guint       size;
  } types[] = {
    { "float", 4 }, { "float32", 4 }, { "f32", 4 }, { "int", 4 }, { "int32", 4 },
    { "uint32", 4 }, { "half", 2 }, { "float16", 2 }, { "f16", 2 }, { "fp16", 2 },
    { "bfloat16", 2 }, { "bf16", 2 }, { "short", 2 }, { "int16", 2 }, { "double", 8 },
    { "float64", 8 }, { "f64", 8 }, { "long", 8 }, { "int64", 8 }, { "uint64", 8 },
    { "byte", 1 }, { "char", 1 }, { "int8", 1 }, { "uint8", 1 }, { "bool", 1 },
    { "complexfloat", 8 }, { "complexdouble", 16 },
  };
  g_autofree char *name = g_ascii_strdown (p, len);

  if (g_str_has_prefix (name, "float8"))
    return 1;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (name, types[i].name))
      return types[i].size;
  return 0;
}

static guint64
size_of (StTrace       *trace,
         const StSlice *slice)
{
  static const char * const keys[] = { "In msg nelems", "dtype", "bytes", NULL };
  const char *values[3];
  gsize lengths[3];
  gint64 nelems, bytes;

  st_summary_scan_fields (trace, slice->offset, "args", keys, values, lengths);
  if (values[0] != NULL && values[1] != NULL &&
      st_json_parse_int64 (values[0], values[0] + lengths[0], &nelems) && nelems > 0)
    {
      guint elem = dtype_size (values[1], lengths[1]);

      if (elem > 0)
        return (guint64) nelems * elem;
    }
  if (values[2] != NULL && st_json_parse_int64 (values[2], values[2] + lengths[2], &bytes) &&
      bytes > 0)
    return (guint64) bytes;
  return 0;
}

static StCollectiveType
type_of (StSummaryJob  *job,
         const StSlice *slice)
{
  guint type = st_event_classifier_collective (job->classes, slice->name);

  return type != 0 ? type : ST_COLLECTIVE_OTHER;
}

static Found
found_for (StSummaryJob  *job,
           StSliceRef     ref,
           const StSlice *slice)
{
  Found f;

  f.inst.start = slice->start;
  f.inst.dur = slice->dur;
  f.inst.slice = ref;
  f.inst.outlier = FALSE;
  f.type = type_of (job, slice);
  f.size = size_of (job->trace, slice);
  f.track = ref.track;
  return f;
}

static void
find_device (StSummaryJob *job,
             GArray       *found)
{
  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);
      Found f;

      if (ev->kind != ST_DEVICE_COLLECTIVE || !ev->kernel)
        continue;
      f = found_for (job, ev->ref, st_trace_get_slice (job->trace, ev->ref));
      g_array_append_val (found, f);
    }
}

typedef struct
{
  StSummaryJob *job;
  GArray       *found;
  guint         track;
} HostFind;

static void
host_slice (const StSlice *slice,
            guint          index,
            gpointer       data)
{
  HostFind *h = data;
  Found f;

  if (!st_event_classifier_is_host_collective (h->job->classes, slice))
    return;
  f = found_for (h->job, (StSliceRef) { h->track, index }, slice);
  g_array_append_val (h->found, f);
}

/* Keeps the outermost of nested host collectives (c10d::allreduce_ around
 * record_param_comms), taking the inner ones' type and size when the outer
 * one lacks them. */
static void
keep_outermost (GArray *found)
{
  Found *f = (Found *) (void *) found->data;
  guint n = 0;

  sort_by_track (f, found->len, NULL);
  for (guint i = 0; i < found->len; i++)
    {
      Found *outer = n > 0 ? &f[n - 1] : NULL;

      if (outer != NULL && outer->track == f[i].track &&
          f[i].inst.start + f[i].inst.dur <= outer->inst.start + outer->inst.dur)
        {
          if (outer->type == ST_COLLECTIVE_OTHER)
            outer->type = f[i].type;
          if (outer->size == 0)
            outer->size = f[i].size;
          continue;
        }
      f[n++] = f[i];
    }
  g_array_set_size (found, n);
}

static void
find_host (StSummaryJob *job,
           GArray       *found)
{
  guint n_tracks = st_trace_get_n_tracks (job->trace);

  for (guint t = 0; t < n_tracks; t++)
    {
      HostFind h = { job, found, t };

      if (job->device_track[t])
        continue;
      st_summary_each_slice (job->trace, t, job->start, job->end, host_slice, &h);
    }
  keep_outermost (found);
}

/* "64 MiB", "1.5 KiB", "100 B". */
static char *
format_size (guint64 bytes)
{
  static const char * const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
  guint u = 0;
  double v = bytes;

  while (v >= 1024 && u + 1 < G_N_ELEMENTS (units))
    {
      v /= 1024;
      u++;
    }
  if (v == (double) (guint64) v)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " %s", (guint64) v, units[u]);
  return g_strdup_printf ("%.1f %s", v, units[u]);
}

static char *
group_label (StCollectiveType type,
             guint64          size)
{
  g_autofree char *s = size > 0 ? format_size (size) : g_strdup (_("size unknown"));

  return g_strdup_printf ("%s · %s", st_collective_type_get_label (type), s);
}

static void
add_group (StSummaryJob *job,
           const Found  *f,
           guint         n)
{
  StSummary *self = job->summary;
  g_autofree gint64 *durs = g_new (gint64, n);
  StCollectiveGroup g = { 0 };
  gint64 sum = 0;

  g.type = f[0].type;
  g.size_bytes = f[0].size;
  g.label = group_label (g.type, g.size_bytes);
  g.count = n;
  g.instances = g_array_sized_new (FALSE, FALSE, sizeof (StCollectiveInstance), n);
  for (guint i = 0; i < n; i++)
    {
      durs[i] = f[i].inst.dur;
      sum += f[i].inst.dur;
    }
  sort_durations (durs, n, NULL);
  g.min_ns = durs[0];
  g.max_ns = durs[n - 1];
  g.median_ns = durs[(n - 1) / 2];
  g.mean_ns = sum / n;
  for (guint i = 0; i < n; i++)
    {
      StCollectiveInstance inst = f[i].inst;

      inst.outlier = inst.dur > 2 * g.median_ns;
      g.n_outliers += inst.outlier;
      if (g.median_ns > 0 && (double) inst.dur / g.median_ns > self->worst_collective_ratio)
        {
          self->worst_collective_ratio = (double) inst.dur / g.median_ns;
          self->worst_collective = (StSpan) { inst.start, inst.start + inst.dur };
        }
      g_array_append_val (g.instances, inst);
    }
  g_array_append_val (self->collectives, g);
}

void
st_summary_collectives (StSummaryJob *job)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (Found));
  StMetric *count = st_summary_lookup_mutable (job->summary, "collective_count");
  Found *f;
  guint i = 0;

  find_device (job, found);
  if (found->len == 0 && !job->neuron)
    find_host (job, found);
  if (found->len > 0 || job->has_device)
    st_summary_set_value (count, found->len);
  f = (Found *) (void *) found->data;
  sort_found (f, found->len, NULL);
  while (i < found->len)
    {
      guint j = i + 1;

      while (j < found->len && f[j].type == f[i].type && f[j].size == f[i].size)
        j++;
      add_group (job, &f[i], j - i);
      i = j;
    }
  if (job->summary->worst_collective_ratio > 0)
    st_summary_set_value (st_summary_lookup_mutable (job->summary, "worst_collective_ratio"),
                          job->summary->worst_collective_ratio);
}
