#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-flop-ops.h"
#include "st-event-scan.h"
#include "st-json-scan.h"
#include "st-sort.h"

struct _StFlopOps
{
  GArray       *ops; /* StFlopOp */
  guint         n_names;
  GArray       *pieces; /* StFlopPiece, by start */
  gint64        longest;
  StDevicePeak *peaks; /* per device of the device work */
  guint         n_devices;
};

typedef struct
{
  gint64     start;
  gint64     end;
  guint      index;
  double     flops;
  StFlopType type;
} Candidate;

ST_DEFINE_SORT (sort_candidates,
                Candidate,
                a->start != b->start ? a->start < b->start : a->end > b->end)
ST_DEFINE_SORT (sort_pieces, StFlopPiece, a->start < b->start)

/* A name's operators are read for FLOPs until one carries them, or PROBE
 * have not: PyTorch writes FLOPs on every operator of a name it counts
 * (docs/metrics.md 13.1), and reading the args of every operator of a
 * large profile without them would cost its first summary a pass over
 * them. */
#define PROBE     32
#define HAS_FLOPS G_MAXUINT

typedef struct
{
  StTrace      *trace;
  StDeviceWork *work;
  StFlopOps    *self;
  StStringId    op_categories[2]; /* cpu_op, and Operator of 2021's Kineto */
  guint        *probes;           /* per name: operators read without FLOPs, or HAS_FLOPS */
  GHashTable   *names;            /* name + 1 → name_index + 1 */
  GArray       *candidates;       /* Candidate, of one track */
  GArray       *kernels;          /* StFlopPiece, of one op */
} Build;

/* Whether to read @s's args: an operator whose name has FLOPs, or has not
 * yet been read PROBE times without. */
static gboolean
is_candidate (Build *b, const StSlice *s)
{
  guint read;

  if (s->cat != b->op_categories[0] && s->cat != b->op_categories[1])
    return FALSE;
  read = b->probes[s->name];
  return read == HAS_FLOPS || read < PROBE;
}

static void
note_read (Build *b, const StSlice *s, gboolean has_flops)
{
  if (b->probes[s->name] != HAS_FLOPS)
    b->probes[s->name] = has_flops ? HAS_FLOPS : b->probes[s->name] + 1;
}

static gboolean
read_flops (StTrace *trace, const StSlice *s, double *flops, StFlopType *type)
{
  static const char *const keys[] = { "flops", "Input type", NULL };
  const char              *values[2];
  gsize                    lengths[2];

  st_event_scan_fields (trace, s->offset, "args", keys, values, lengths);
  if (values[0] == NULL || !st_json_parse_double (values[0], values[0] + lengths[0], flops)
      || !(*flops > 0))
    return FALSE;
  *type
      = values[1] != NULL ? st_flop_type_from_input_types (values[1], lengths[1]) : ST_FLOP_UNKNOWN;
  return TRUE;
}

/* The kernels launched from inside [start, end) of host track @track. */
static double
collect_kernels (Build *b, guint track, gint64 start, gint64 end)
{
  StLaunchIndex     *launches = st_device_work_get_launches (b->work);
  StEventClassifier *classes = st_device_work_get_classifier (b->work);
  guint              n, lo = 0, hi;
  const StLaunch    *l = st_launch_index_get_launches (launches, track, &n);
  double             total = 0;

  g_array_set_size (b->kernels, 0);
  hi = n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (l[mid].host_start < start)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < n && (l[i].host_start < end || l[i].host_start == start); i++)
    {
      const StSlice    *k = st_trace_get_slice (b->trace, l[i].device);
      StDeviceEventKind kind = st_event_classifier_device_kind (classes, k);
      StFlopPiece       piece = { k->start, k->dur, 0, 0, 0, -1 };

      if (kind != ST_DEVICE_EVENT_KERNEL && kind != ST_DEVICE_EVENT_INSTRUCTION
          && kind != ST_DEVICE_EVENT_MTIA)
        continue;
      piece.device = st_device_work_get_track_device (b->work, l[i].device.track);
      g_array_append_val (b->kernels, piece);
      total += k->dur;
    }
  return total;
}

/* An op's pieces: its kernels with their shares of its FLOPs, or itself. */
static void
add_op (Build *b, guint track, const Candidate *c)
{
  const StSlice *s = &st_trace_get_track (b->trace, track)->slices[c->index];
  StFlopOp       op = { { track, c->index }, s->name, 0, c->flops, c->type, FALSE };
  double         device_ns = collect_kernels (b, track, c->start, c->end);
  guint          index = b->self->ops->len;
  gpointer       name = g_hash_table_lookup (b->names, GUINT_TO_POINTER (s->name + 1));

  if (name == NULL)
    {
      name = GUINT_TO_POINTER (++b->self->n_names);
      g_hash_table_insert (b->names, GUINT_TO_POINTER (s->name + 1), name);
    }
  op.name_index = GPOINTER_TO_UINT (name) - 1;
  op.host_timed = device_ns <= 0;
  g_array_append_val (b->self->ops, op);
  if (op.host_timed)
    {
      StFlopPiece piece = { s->start, s->dur, c->flops, index, -1, -1 };

      g_array_append_val (b->self->pieces, piece);
      b->self->longest = MAX (b->self->longest, s->dur);
      return;
    }
  for (guint k = 0; k < b->kernels->len; k++)
    {
      StFlopPiece *piece = &g_array_index (b->kernels, StFlopPiece, k);

      piece->flops = c->flops * piece->dur / device_ns;
      piece->op = index;
      g_array_append_val (b->self->pieces, *piece);
      b->self->longest = MAX (b->self->longest, piece->dur);
    }
}

/* A FLOP op inside another of its track is the outer one's work. */
static void
add_track (Build *b, guint track)
{
  Candidate *c = (Candidate *)(void *)b->candidates->data;
  gint64     outer_start = 0, outer_end = G_MININT64;

  sort_candidates (c, b->candidates->len, NULL);
  for (guint i = 0; i < b->candidates->len; i++)
    {
      if (c[i].start >= outer_start && c[i].end <= outer_end)
        continue;
      outer_start = c[i].start;
      outer_end = c[i].end;
      add_op (b, track, &c[i]);
    }
}

static gboolean
scan_tracks (Build *b, GCancellable *cancellable)
{
  guint64 seen = 0;

  for (guint t = 0; t < st_trace_get_n_tracks (b->trace); t++)
    {
      const StTrack *track = st_trace_get_track (b->trace, t);

      if (track->kind != ST_TRACK_SLICES || st_device_work_get_track_device (b->work, t) >= 0)
        continue;
      g_array_set_size (b->candidates, 0);
      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];
          Candidate      c = { s->start, s->start + s->dur, i, 0, ST_FLOP_UNKNOWN };
          gboolean       has;

          if (++seen % 4096 == 0 && g_cancellable_is_cancelled (cancellable))
            return FALSE;
          if (!is_candidate (b, s))
            continue;
          has = read_flops (b->trace, s, &c.flops, &c.type);
          note_read (b, s, has);
          if (has)
            g_array_append_val (b->candidates, c);
        }
      add_track (b, t);
    }
  return TRUE;
}

/* docs/metrics.md 13.4: the entry of the device's index, the pid of
 * Kineto's GPU process. */
static void
find_peaks (StFlopOps *self, StTrace *trace, StDeviceWork *work)
{
  self->n_devices = st_device_work_get_n_devices (work);
  self->peaks = g_new0 (StDevicePeak, MAX (1, self->n_devices));
  for (guint d = 0; d < self->n_devices; d++)
    {
      const StDevice      *device = st_device_work_get_device (work, d);
      const StProcess     *p = st_trace_get_process (trace, device->process);
      g_autoptr (JsonNode) node
          = st_trace_dup_file_metadata (trace, device->file, "deviceProperties", NULL);
      gint64 id = G_MININT64;

      if (!g_ascii_string_to_signed (st_trace_get_string (trace, p->pid), 10, G_MININT64,
                                     G_MAXINT64, &id, NULL))
        id = G_MININT64;
      st_device_peak_find (node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node)
                                                                        : NULL,
                           id, &self->peaks[d]);
    }
}

/* Each piece's previous piece of its op, so that a range counts an op at
 * the first of its pieces it holds. */
static void
link_pieces (StFlopOps *self)
{
  StFlopPiece     *pieces = (StFlopPiece *)(void *)self->pieces->data;
  g_autofree gint *last = g_new (gint, MAX (1, self->ops->len));

  for (guint i = 0; i < self->ops->len; i++)
    last[i] = -1;
  for (guint i = 0; i < self->pieces->len; i++)
    {
      pieces[i].prev = last[pieces[i].op];
      last[pieces[i].op] = (gint)i;
    }
}

static void
flop_ops_free (gpointer data)
{
  StFlopOps *self = data;

  g_array_unref (self->ops);
  g_array_unref (self->pieces);
  for (guint d = 0; d < self->n_devices; d++)
    st_device_peak_clear (&self->peaks[d]);
  g_free (self->peaks);
  g_free (self);
}

static gpointer
flop_ops_new (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork          *work = st_device_work_ensure (trace, cancellable);
  g_autoptr (GArray)     candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr (GArray)     kernels = g_array_new (FALSE, FALSE, sizeof (StFlopPiece));
  g_autofree guint      *probes = g_new0 (guint, MAX (1, st_trace_get_n_strings (trace)));
  g_autoptr (GHashTable) names = g_hash_table_new (NULL, NULL);
  Build                  b = { trace, work, NULL, { 0 }, probes, names, candidates, kernels };
  StFlopOps             *self;

  if (work == NULL)
    return NULL;
  self = g_new0 (StFlopOps, 1);
  self->ops = g_array_new (FALSE, FALSE, sizeof (StFlopOp));
  self->pieces = g_array_new (FALSE, FALSE, sizeof (StFlopPiece));
  b.self = self;
  b.op_categories[0] = st_trace_lookup_string (trace, "cpu_op");
  b.op_categories[1] = st_trace_lookup_string (trace, "Operator");
  if (!scan_tracks (&b, cancellable))
    {
      flop_ops_free (self);
      return NULL;
    }
  sort_pieces ((StFlopPiece *)(void *)self->pieces->data, self->pieces->len, NULL);
  link_pieces (self);
  find_peaks (self, trace, work);
  return self;
}

StFlopOps *
st_flop_ops_ensure (StTrace *trace, GCancellable *cancellable)
{
  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  return st_trace_ensure_data (trace, "flop-ops", flop_ops_new, flop_ops_free, cancellable);
}

const StFlopOp *
st_flop_ops_get_ops (StFlopOps *self, guint *n_ops)
{
  g_return_val_if_fail (self != NULL, NULL);
  *n_ops = self->ops->len;
  return (const StFlopOp *)(void *)self->ops->data;
}

guint
st_flop_ops_get_n_names (StFlopOps *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_names;
}

const StFlopPiece *
st_flop_ops_get_pieces (StFlopOps *self, guint *n_pieces)
{
  g_return_val_if_fail (self != NULL, NULL);
  *n_pieces = self->pieces->len;
  return (const StFlopPiece *)(void *)self->pieces->data;
}

gint64
st_flop_ops_get_longest (StFlopOps *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->longest;
}

const StDevicePeak *
st_flop_ops_get_peak (StFlopOps *self, guint device)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (device < self->n_devices, NULL);
  return &self->peaks[device];
}
