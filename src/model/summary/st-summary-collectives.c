/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-summary-collectives.c: collective operations of the range grouped by
 * type and size, with each group's count, min, median, mean and max, and
 * the outliers: instances longer than twice their group's median.
 *
 * The instances are the device's collective kernels (NCCL/RCCL; Neuron
 * collective instructions), or in a GPU profile with no communication
 * kernel anywhere, the host's collective calls (c10d::, nccl: annotations,
 * record_param_comms), the outermost of nested ones. The size is "In msg
 * nelems" × the size of "dtype", or "bytes", from the args.
 *
 * In a profile of several files (one per rank), also each rank's device
 * busy, communication and exposed communication, and the collectives
 * matched across ranks with their straggler, if any rank was late by
 * 1 µs or more (st_summary_ranks(), docs/metrics.md 3.2).
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-json-scan.h"
#include "st-event-scan.h"
#include "st-format.h"
#include "st-shape-model.h"
#include "st-summary-private.h"
#include "st-sort.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* An instance's size and call site (docs/metrics.md 1.6). */
typedef struct
{
  guint64                bytes; /* 0: unknown */
  StCollectiveSizeSource source;
  guint64                elements;
  guint                  element_bytes;
  StStringId             site; /* the call site's name; ST_STRING_NONE: none */
  const char            *type; /* a derived size's input type, into the profile's text */
  gsize                  type_len;
} Site;

typedef struct
{
  StCollectiveInstance inst;
  StCollectiveType     type;
  guint                track;
  Site                 site;
} Found;

/* By size, then the rest of what tells groups apart (3.1). */
static int
site_compare (StTrace *trace, const Site *a, const Site *b)
{
  int c;

  if (a->bytes != b->bytes)
    return a->bytes < b->bytes ? -1 : 1;
  if (a->source != b->source)
    return a->source < b->source ? -1 : 1;
  if (a->elements != b->elements)
    return a->elements < b->elements ? -1 : 1;
  if (a->type_len != b->type_len)
    return a->type_len < b->type_len ? -1 : 1;
  if (a->type_len > 0 && (c = memcmp (a->type, b->type, a->type_len)) != 0)
    return c;
  if (a->site == b->site)
    return 0;
  if (a->site == ST_STRING_NONE || b->site == ST_STRING_NONE)
    return a->site == ST_STRING_NONE ? -1 : 1;
  return st_natural_compare (st_trace_get_string (trace, a->site),
                             st_trace_get_string (trace, b->site));
}

static gboolean
same_group (StTrace *trace, const Found *a, const Found *b)
{
  return a->type == b->type && site_compare (trace, &a->site, &b->site) == 0;
}

/* By type, then size, then call site; then by start. */
static int
compare_found (gconstpointer pa, gconstpointer pb, gpointer trace)
{
  const Found *a = pa, *b = pb;
  int          c;

  if (a->type != b->type)
    return a->type < b->type ? -1 : 1;
  if ((c = site_compare (trace, &a->site, &b->site)) != 0)
    return c;
  return a->inst.start < b->inst.start ? -1 : a->inst.start > b->inst.start;
}

ST_DEFINE_SORT (sort_by_track,
                Found,
                a->track != b->track ? a->track < b->track : a->inst.start < b->inst.start)
ST_DEFINE_SORT (sort_durations, gint64, *a < *b)

/* A size derived from @op's first input (docs/metrics.md 1.6), when its
 * args gave none. */
static void
derive_size (StTrace *trace, const StSlice *op, Site *site)
{
  guint64     elements;
  const char *type;
  gsize       type_len;
  guint       bytes;

  if (!st_collective_read_first_input (trace, op, &elements, &type, &type_len) || elements == 0
      || (bytes = st_shape_type_size (type, type_len)) == 0
      || elements > (guint64)G_MAXINT64 / bytes)
    return;
  site->bytes = elements * bytes;
  site->source = ST_COLLECTIVE_SIZE_DIMS;
  site->elements = elements;
  site->element_bytes = bytes;
  site->type = type;
  site->type_len = type_len;
}

/* The size from @slice's own args. */
static void
args_size (StTrace *trace, const StSlice *slice, Site *site)
{
  site->bytes = st_collective_read_size_parts (trace, slice, &site->elements, &site->element_bytes);
  site->source = site->bytes > 0 ? ST_COLLECTIVE_SIZE_ARGS : ST_COLLECTIVE_SIZE_UNKNOWN;
}

/* A host collective (3.1: in a profile without communication kernels):
 * its own size, its own name for a call site. */
static Found
found_for (StSummaryJob *job, StSliceRef ref, const StSlice *slice, StCollectiveType type)
{
  Found f = { 0 };

  f.inst.start = slice->start;
  f.inst.dur = slice->dur;
  f.inst.slice = ref;
  f.inst.outlier = FALSE;
  f.type = type;
  f.track = ref.track;
  args_size (job->trace, slice, &f.site);
  if (f.site.bytes == 0)
    derive_size (job->trace, slice, &f.site);
  f.site.site = slice->name;
  return f;
}

/* The size and site of each communication kernel and instruction of the
 * trace (docs/metrics.md 1.6), read from the text once and kept with the
 * trace: by slice key (st_summary_slice_key()). */
typedef struct
{
  guint64 *keys;
  Site    *sites;
  guint    n;
} Sizes;

static void
sizes_free (gpointer data)
{
  Sizes *s = data;

  g_free (s->keys);
  g_free (s->sites);
  g_free (s);
}

/* The size from its own args, else from its innermost collective host
 * op's, else derived from its call site's dims. */
static void
read_size (StTrace *trace, StDeviceWork *work, StSliceRef ref, Site *site)
{
  StSliceRef       op, call;
  StCollectiveType type;
  gboolean         has_call = st_device_work_get_collective_site (work, ref, &call, &type);

  *site = (Site){ 0 };
  site->site = ST_STRING_NONE;
  args_size (trace, st_trace_get_slice (trace, ref), site);
  if (site->bytes == 0 && st_device_work_get_host_op (work, ref, &op))
    args_size (trace, st_trace_get_slice (trace, op), site);
  if (!has_call)
    return;
  if (site->bytes == 0)
    derive_size (trace, st_trace_get_slice (trace, call), site);
  site->site = st_trace_get_slice (trace, call)->name;
}

static gpointer
sizes_new (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork      *work = st_device_work_ensure (trace, cancellable);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  Sizes             *s = g_new0 (Sizes, 1);

  for (guint t = 0; work != NULL && t < st_trace_get_n_tracks (trace); t++)
    {
      const StWorkTag *tags = st_device_work_get_tags (work, t);
      const StTrack   *track = st_trace_get_track (trace, t);

      for (guint i = 0; tags != NULL && i < track->n_slices; i++)
        if (tags[i].klass == ST_CLASS_COMMUNICATION
            && st_event_classifier_is_kernel (st_device_work_get_classifier (work),
                                              &track->slices[i]))
          {
            guint64 key = st_summary_slice_key ((StSliceRef){ t, i });

            g_array_append_val (keys, key);
          }
    }
  s->n = keys->len;
  s->keys = (guint64 *)(void *)g_array_free (g_steal_pointer (&keys), FALSE);
  s->sites = g_new (Site, MAX (1, s->n));
  for (guint i = 0; i < s->n && !g_cancellable_is_cancelled (cancellable); i++)
    read_size (trace, work, st_summary_slice_ref (s->keys[i]), &s->sites[i]);
  if (work == NULL || g_cancellable_is_cancelled (cancellable))
    {
      sizes_free (s);
      return NULL;
    }
  return s;
}

/* Every communication kernel of the trace with its size; NULL when the
 * job was cancelled first. */
static Sizes *
ensure_sizes (StSummaryJob *job)
{
  return st_trace_ensure_data (job->trace, "summary-collective-sizes", sizes_new, sizes_free,
                               job->cancellable);
}

/* The communication kernels and instructions (docs/metrics.md 3.1). */
static void
find_device (StSummaryJob *job, GArray *found)
{
  Sizes *sizes = NULL;

  for (guint i = 0; i < job->device->len; i++)
    {
      const StDeviceEvent *ev = &g_array_index (job->device, StDeviceEvent, i);
      StWorkTag            tag = { ST_CLASS_COMMUNICATION, ev->kind };
      const StSlice       *slice = st_trace_get_slice (job->trace, ev->ref);
      guint                k;
      Found                f;

      if (ev->slot != ST_SLOT_COMMUNICATION || !ev->kernel)
        continue;
      if (sizes == NULL && (sizes = ensure_sizes (job)) == NULL)
        return;
      k = st_summary_find_key (sizes->keys, sizes->n, st_summary_slice_key (ev->ref));
      g_assert (k < sizes->n);
      f.inst = (StCollectiveInstance){ slice->start, slice->dur, ev->ref, FALSE };
      f.type = st_work_tag_get_collective (tag);
      f.track = ev->ref.track;
      f.site = sizes->sites[k];
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
host_slice (const StSlice *slice, guint index, gpointer data)
{
  HostFind *h = data;
  Found     f;

  if (!st_event_classifier_is_host_collective (h->job->classes, slice))
    return;
  f = found_for (h->job, (StSliceRef){ h->track, index }, slice,
                 st_device_work_get_op_type (h->job->work, slice));
  g_array_append_val (h->found, f);
}

/* Keeps the outermost of nested host collectives (c10d::allreduce_ around
 * record_param_comms), taking the inner ones' type and size when the outer
 * one lacks them. */
static void
keep_outermost (GArray *found)
{
  Found *f = (Found *)(void *)found->data;
  guint  n = 0;

  sort_by_track (f, found->len, NULL);
  for (guint i = 0; i < found->len; i++)
    {
      Found *outer = n > 0 ? &f[n - 1] : NULL;

      if (outer != NULL && outer->track == f[i].track
          && f[i].inst.start + f[i].inst.dur <= outer->inst.start + outer->inst.dur)
        {
          if (outer->type == ST_COLLECTIVE_OTHER)
            outer->type = f[i].type;
          /* a size from the args before a derived one, before none */
          if ((outer->site.source == ST_COLLECTIVE_SIZE_UNKNOWN && f[i].site.bytes > 0)
              || (outer->site.source == ST_COLLECTIVE_SIZE_DIMS
                  && f[i].site.source == ST_COLLECTIVE_SIZE_ARGS))
            {
              StStringId site = outer->site.site;

              outer->site = f[i].site;
              outer->site.site = site;
            }
          continue;
        }
      f[n++] = f[i];
    }
  g_array_set_size (found, n);
}

/* docs/metrics.md 3.1: the host's collective calls are the instances only
 * in a GPU profile with no communication kernel anywhere. Where the device
 * has them, a range between two collectives holds the host's launch of
 * the next one but none of its communication, and counts no collective. */
static gboolean
counts_host (StSummaryJob *job)
{
  Sizes *sizes;

  if (job->neuron)
    return FALSE;
  sizes = ensure_sizes (job);
  return sizes != NULL && sizes->n == 0;
}

static void
find_host (StSummaryJob *job, GArray *found)
{
  guint n_tracks = st_trace_get_n_tracks (job->trace);

  for (guint t = 0; t < n_tracks; t++)
    {
      HostFind h = { job, found, t };

      if (st_device_work_get_track_device (job->work, t) >= 0)
        continue;
      st_summary_each_slice (job->trace, t, job->start, job->end, host_slice, &h);
    }
  keep_outermost (found);
}

/* A call site's name on one line (3.1). */
static char *
one_line (const char *name)
{
  char *line = g_strdup (name);

  for (char *p = line; *p; p++)
    if (*p == '\n' || *p == '\r' || *p == '\t')
      *p = ' ';
  return g_strstrip (line);
}

/* What tells @f's group apart (3.1), into @g. */
static void
fill_group (StSummaryJob *job, const Found *f, StCollectiveGroup *g)
{
  g->type = f->type;
  g->size_bytes = f->site.bytes;
  g->size_source = f->site.source;
  g->elements = f->site.elements;
  g->element_bytes = f->site.element_bytes;
  if (f->site.source == ST_COLLECTIVE_SIZE_DIMS)
    {
      g_autofree char *type = g_strndup (f->site.type, f->site.type_len);

      g->element_type
          = g_strdup (g_str_has_prefix (type, "c10::") ? type + strlen ("c10::") : type);
    }
  if (f->site.site != ST_STRING_NONE)
    g->call_site = one_line (st_trace_get_string (job->trace, f->site.site));
  g->label = st_collective_group_dup_label (g, NULL);
}

static void
add_group (StSummaryJob *job, const Found *f, guint n)
{
  StSummary         *self = job->summary;
  g_autofree gint64 *durs = g_new (gint64, n);
  StCollectiveGroup  g = { 0 };
  gint64             sum = 0;

  fill_group (job, &f[0], &g);
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
  g.median_ns = n % 2 ? durs[n / 2] : durs[n / 2 - 1] + (durs[n / 2] - durs[n / 2 - 1]) / 2;
  g.mean_ns = sum / n;
  for (guint i = 0; i < n; i++)
    {
      StCollectiveInstance inst = f[i].inst;

      /* docs/metrics.md 3.1: outliers in groups of 3 or more; the worst ratio
       * among groups of known size, which compare like with like */
      inst.outlier = n >= 3 && inst.dur > 2 * g.median_ns;
      g.n_outliers += inst.outlier;
      if (inst.outlier && g.size_bytes > 0
          && (double)inst.dur / g.median_ns > self->worst_collective_ratio)
        {
          self->worst_collective_ratio = (double)inst.dur / g.median_ns;
          self->worst_collective = (StSpan){ inst.start, inst.start + inst.dur };
        }
      g_array_append_val (g.instances, inst);
    }
  g_array_append_val (self->collectives, g);
}

void
st_summary_collectives (StSummaryJob *job)
{
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (Found));
  StMetric          *count = st_summary_lookup_mutable (job->summary, "collective_count");
  Found             *f;
  guint              i = 0;

  find_device (job, found);
  if (found->len == 0 && counts_host (job))
    find_host (job, found);
  if (found->len > 0 || job->has_device)
    st_summary_set_value (count, found->len);
  f = (Found *)(void *)found->data;
  g_qsort_with_data (f, found->len, sizeof (Found), compare_found, job->trace);
  while (i < found->len)
    {
      guint j = i + 1;

      while (j < found->len && same_group (job->trace, &f[j], &f[i]))
        j++;
      add_group (job, &f[i], j - i);
      i = j;
    }
  if (job->summary->worst_collective_ratio > 0)
    st_summary_set_value (st_summary_lookup_mutable (job->summary, "worst_collective_ratio"),
                          job->summary->worst_collective_ratio);
}

/* A group's size as its label says it (3.1). */
static char *
size_text (const StCollectiveGroup *group)
{
  g_autofree char *bytes = NULL, *count = NULL;

  switch (group->size_source)
    {
    case ST_COLLECTIVE_SIZE_ARGS: return st_collective_format_bytes (group->size_bytes);
    case ST_COLLECTIVE_SIZE_DIMS:
      bytes = st_collective_format_bytes (group->size_bytes);
      count = st_format_count (group->elements);
      /* Translators: a collective's size derived from its op's shapes:
       * "≈ 9.8 MiB (2 557 440 × BFloat16, from the op’s dims)" */
      return g_strdup_printf (_ ("≈ %s (%s × %s, from the op’s dims)"), bytes, count,
                              group->element_type);
    default: return g_strdup (_ ("size unknown"));
    }
}

char *
st_collective_group_dup_label (const StCollectiveGroup *group, const StCollectivesCommon *common)
{
  g_autoptr (GString) label = g_string_new (NULL);
  g_autofree char    *size = size_text (group);

  g_return_val_if_fail (group != NULL, NULL);
  if (common == NULL || !common->has_type)
    g_string_append_printf (label, "%s · ", st_collective_type_get_label (group->type));
  g_string_append (label, size);
  if (group->call_site != NULL && (common == NULL || common->call_site == NULL))
    g_string_append_printf (label, " · %s", group->call_site);
  return g_string_free (g_steal_pointer (&label), FALSE);
}

void
st_summary_get_collectives_common (StSummary *self, StCollectivesCommon *common)
{
  guint                    n = st_summary_get_n_collective_groups (self);
  const StCollectiveGroup *first = n > 0 ? st_summary_get_collective_group (self, 0) : NULL;

  g_return_if_fail (common != NULL);
  *common = (StCollectivesCommon){ FALSE, ST_COLLECTIVE_OTHER, NULL };
  if (n < 2)
    return;
  common->has_type = TRUE;
  common->type = first->type;
  common->call_site = first->call_site;
  for (guint i = 1; i < n; i++)
    {
      const StCollectiveGroup *g = st_summary_get_collective_group (self, i);

      common->has_type &= g->type == first->type;
      if (g_strcmp0 (g->call_site, common->call_site) != 0)
        common->call_site = NULL;
    }
}

char *
st_collectives_common_dup_label (const StCollectivesCommon *common)
{
  g_return_val_if_fail (common != NULL, NULL);
  if (common->has_type && common->call_site != NULL)
    return g_strdup_printf ("%s · %s", st_collective_type_get_label (common->type),
                            common->call_site);
  if (common->has_type)
    return g_strdup (st_collective_type_get_label (common->type));
  return g_strdup (common->call_site);
}

/* --- per rank ------------------------------------------------------------------- */

/* One rank's collective, its overlapping neighbours merged in. */
typedef struct
{
  gint64     start;
  gint64     end;
  guint      types;
  guint      file;
  StSliceRef slice;
} RankFound;

ST_DEFINE_SORT (sort_rank_found,
                RankFound,
                a->file != b->file     ? a->file < b->file
                : a->start != b->start ? a->start < b->start
                                       : a->end < b->end)
ST_DEFINE_SORT (sort_rank_collectives,
                StRankCollective,
                a->start_ns != b->start_ns ? a->start_ns < b->start_ns : a->end_ns < b->end_ns)

/* Each rank's row: the mean over its devices' rows (docs/metrics.md 2). */
static void
rank_device (StSummaryJob *job)
{
  StSummary *self = job->summary;

  for (guint f = 0; f < self->ranks->len; f++)
    {
      StRankUsage *r = &g_array_index (self->ranks, StRankUsage, f);
      double       time = 0, busy = 0, busy_pc = 0, comm = 0, exposed = 0;
      guint        n = 0;

      for (guint d = 0; d < self->devices->len; d++)
        {
          const StDeviceUsage *u = &g_array_index (self->devices, StDeviceUsage, d);

          if (u->file != f || u->device_time_ns <= 0)
            continue;
          n++;
          time += u->device_time_ns;
          busy += u->busy_ns;
          busy_pc += u->busy_percent;
          comm += u->communication_ns;
          exposed += u->exposed_communication_ns;
        }
      if (n == 0)
        continue;
      r->has_device = TRUE;
      r->device_time_ns = time / n;
      r->busy_ns = busy / n;
      r->device_busy_percent = busy_pc / n;
      r->communication_ns = comm / n;
      r->exposed_communication_ns = exposed / n;
    }
}

/* Every rank's collectives of the range (the instances of the groups),
 * each rank's overlapping ones merged, by rank then start. */
static GArray *
rank_found (StSummaryJob *job)
{
  StSummary *self = job->summary;
  GArray    *found = g_array_new (FALSE, FALSE, sizeof (RankFound));
  RankFound *f;
  guint      n = 0;

  for (guint g = 0; g < self->collectives->len; g++)
    {
      const StCollectiveGroup *group = &g_array_index (self->collectives, StCollectiveGroup, g);

      for (guint k = 0; k < group->instances->len; k++)
        {
          const StCollectiveInstance *inst
              = &g_array_index (group->instances, StCollectiveInstance, k);
          RankFound rf = { inst->start, inst->start + inst->dur, group->type,
                           st_trace_get_track (job->trace, inst->slice.track)->file, inst->slice };

          g_array_append_val (found, rf);
        }
    }
  f = (RankFound *)(void *)found->data;
  sort_rank_found (f, found->len, NULL);
  for (guint i = 0; i < found->len; i++)
    {
      if (n > 0 && f[n - 1].file == f[i].file && f[i].start < f[n - 1].end)
        {
          f[n - 1].end = MAX (f[n - 1].end, f[i].end);
          f[n - 1].types |= f[i].types;
        }
      else
        f[n++] = f[i];
    }
  g_array_set_size (found, n);
  return found;
}

typedef struct
{
  guint types;
  guint sequence;
} MatchKey;

static guint
match_key_hash (gconstpointer p)
{
  const MatchKey *k = p;
  return k->types * 2654435761u ^ k->sequence;
}

static gboolean
match_key_equal (gconstpointer a, gconstpointer b)
{
  const MatchKey *x = a, *y = b;
  return x->types == y->types && x->sequence == y->sequence;
}

/* Another rank's instance of operation @c, whose last rank so far started
 * at *start and ended at *end. The ranks come in file order, so on a tie
 * of start and end the first file stays (docs/metrics.md 3.2). */
static void
join_operation (StRankCollective *c, gint64 *start, gint64 *end, const RankFound *f)
{
  if (f->start > *start || (f->start == *start && f->end > *end))
    {
      c->slowest_file = f->file;
      c->slice = f->slice;
      *start = f->start;
      *end = f->end;
    }
  c->start_ns = MIN (c->start_ns, f->start);
  c->end_ns = MAX (c->end_ns, f->end);
  c->n_ranks++;
}

/* docs/metrics.md 3.2: a rank that starts within 1 µs of the earliest
 * made nobody wait. */
#define STRAGGLER_MIN_LATE_NS 1000

/* The operations of more than one rank, with the lateness of their
 * stragglers; @slowest_start holds when each last rank started. */
static void
keep_operations (StSummary *self, GArray *all, GArray *slowest_start, GArray *offsets)
{
  for (guint i = 0; i < all->len; i++)
    {
      StRankCollective *c = &g_array_index (all, StRankCollective, i);
      StRankUsage      *slowest;

      if (c->n_ranks < 2)
        continue;
      c->late_ns = g_array_index (slowest_start, gint64, i) - c->start_ns;
      /* Σ (latest − each start) = n × (latest − first) − Σ (each − first),
       * the first found rank's start: differences fit where a sum of
       * starts may not */
      c->waited_ns = (gint64)c->n_ranks * (g_array_index (slowest_start, gint64, i) - c->waited_ns)
                     - g_array_index (offsets, gint64, i);
      c->has_straggler = c->late_ns >= STRAGGLER_MIN_LATE_NS;
      c->label = st_collective_dup_label (c->types, c->sequence);
      if (c->has_straggler)
        {
          slowest = &g_array_index (self->ranks, StRankUsage, c->slowest_file);
          slowest->slowest_count++;
          slowest->slowest_total_ns += c->late_ns;
        }
      g_array_append_val (self->rank_collectives, *c);
    }
  sort_rank_collectives ((StRankCollective *)(void *)self->rank_collectives->data,
                         self->rank_collectives->len, NULL);
}

/* The k-th merged collective with a combination of types on each rank is
 * one operation: its straggler is the rank that started it last. */
static void
rank_match (StSummaryJob *job, GArray *found)
{
  const RankFound       *f = (const RankFound *)(void *)found->data;
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (match_key_hash, match_key_equal, g_free, NULL);
  g_autoptr (GHashTable) matched
      = g_hash_table_new_full (match_key_hash, match_key_equal, g_free, NULL);
  g_autoptr (GArray) all = g_array_new (FALSE, TRUE, sizeof (StRankCollective));
  g_autoptr (GArray) slowest_start = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) slowest_end = g_array_new (FALSE, FALSE, sizeof (gint64));
  /* Σ over the ranks of (their start − the first found one's) */
  g_autoptr (GArray) offsets = g_array_new (FALSE, TRUE, sizeof (gint64));

  for (guint i = 0; i < found->len; i++)
    {
      MatchKey type_key = { f[i].types, f[i].file }, key;
      guint    seq = GPOINTER_TO_UINT (g_hash_table_lookup (seen, &type_key)) + 1;
      gpointer index;

      g_hash_table_replace (seen, g_memdup2 (&type_key, sizeof type_key), GUINT_TO_POINTER (seq));
      key = (MatchKey){ f[i].types, seq };
      if (g_hash_table_lookup_extended (matched, &key, NULL, &index))
        {
          guint m = GPOINTER_TO_UINT (index);

          g_array_index (offsets, gint64, m)
              += f[i].start - g_array_index (all, StRankCollective, m).waited_ns;
          join_operation (&g_array_index (all, StRankCollective, m),
                          &g_array_index (slowest_start, gint64, m),
                          &g_array_index (slowest_end, gint64, m), &f[i]);
        }
      else
        {
          StRankCollective fresh = { 0 };

          fresh.types = f[i].types;
          fresh.sequence = seq;
          fresh.n_ranks = 1;
          fresh.waited_ns = f[i].start; /* the first start, until keep_operations () */
          fresh.start_ns = f[i].start;
          fresh.end_ns = f[i].end;
          fresh.slowest_file = f[i].file;
          fresh.slice = f[i].slice;
          g_hash_table_insert (matched, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (all->len));
          g_array_append_val (all, fresh);
          g_array_append_val (slowest_start, f[i].start);
          g_array_append_val (slowest_end, f[i].end);
          g_array_set_size (offsets, offsets->len + 1);
        }
    }
  keep_operations (job->summary, all, slowest_start, offsets);
}

void
st_summary_ranks (StSummaryJob *job)
{
  guint              n_files = st_trace_get_n_files (job->trace);
  g_autoptr (GArray) found = NULL;

  if (n_files < 2)
    return;
  g_array_set_size (job->summary->ranks, n_files);
  for (guint f = 0; f < n_files; f++)
    {
      StRankUsage *r = &g_array_index (job->summary->ranks, StRankUsage, f);

      r->file = f;
      r->label = st_trace_get_file (job->trace, f)->label;
    }
  rank_device (job);
  found = rank_found (job);
  for (guint i = 0; i < found->len; i++)
    g_array_index (job->summary->ranks, StRankUsage, g_array_index (found, RankFound, i).file)
        .n_collectives++;
  rank_match (job, found);
}

GListModel *
st_summary_list_ranks (StSummary *self)
{
  GListStore           *store = g_list_store_new (ST_TYPE_RANK);
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);
  guint                 n = self != NULL ? st_summary_get_n_ranks (self) : 0;
  guint                 matched = self != NULL ? st_summary_get_n_rank_collectives (self) : 0;
  guint                 no_straggler = 0;

  for (guint i = 0; i < matched; i++)
    no_straggler += !st_summary_get_rank_collective (self, i)->has_straggler;
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (objects, st_rank_new (st_summary_get_rank (self, i), matched, no_straggler));
  g_list_store_splice (store, 0, 0, objects->pdata, objects->len);
  return G_LIST_MODEL (store);
}
