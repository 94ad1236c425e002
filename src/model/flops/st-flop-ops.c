/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-flop-ops.h"
#include "st-event-scan.h"
#include "st-json-scan.h"
#include "st-sort.h"
#include "st-string-table.h"

#include <string.h>

struct _StFlopOps
{
  GArray       *ops; /* StFlopOp */
  guint         n_names;
  GPtrArray    *shapes;        /* StFlopShape, owning dims and params */
  GArray       *device_shapes; /* StFlopDeviceShape */
  GArray       *pieces;        /* StFlopPiece, by start */
  gint64        longest;
  GArray       *no_model; /* StFlopNoModel, by start */
  GArray       *readings; /* Reading: what the models made of each name and args */
  StDevicePeak *peaks;    /* per device of the device work */
  guint         n_devices;
};

/* An operator read, before the nesting of its track is known. */
typedef struct
{
  gint64 start;
  gint64 end;
  guint  index;
  double flops;
  guint  reading;
  guint  shape; /* NO_MODEL: a name with a model that could not read it */
} Candidate;

/* What the model made of one name with one text of shapes: a profile
 * repeats a few shapes many times, and the next operator of the same
 * name and args is the same work. */
typedef struct
{
  double     model_flops;
  double     bytes;
  StFlopType type;
  gboolean   modelled;   /* the model read the shapes */
  guint      shape;      /* its row when the model counted something, else NO_MODEL */
  guint      args_shape; /* the row of an op counted by its flops arg alone; NO_MODEL until one */
} Reading;

/* One of an op's kernels, with its device. */
typedef struct
{
  StFlopPiece piece;
  gint        device;
} Kernel;

#define NO_MODEL G_MAXUINT

ST_DEFINE_SORT (sort_candidates,
                Candidate,
                a->start != b->start ? a->start < b->start : a->end > b->end)
ST_DEFINE_SORT (sort_pieces, StFlopPiece, a->start < b->start)
ST_DEFINE_SORT (sort_no_model, StFlopNoModel, a->start < b->start)

/* A name's operators are read until one carries FLOPs (or, with a model,
 * Input Dims), or PROBE have not: PyTorch writes FLOPs on every operator
 * of a name it counts, and shapes on all of a profile recorded with them
 * (docs/metrics.md 13.1); reading the args of every operator of a large
 * profile without them would cost its first summary a pass over them. */
#define PROBE     32
#define HAS_FLOPS G_MAXUINT

/* st_shape_model_lookup's answer per name, looked up once. */
#define MODEL_UNKNOWN G_MAXUINT

typedef struct
{
  StTrace      *trace;
  StDeviceWork *work;
  StFlopOps    *self;
  StStringId    op_categories[2]; /* cpu_op, and Operator of 2021's Kineto */
  guint        *probes;           /* per name: operators read without work, or HAS_FLOPS */
  guint        *models;           /* per name: its model, 0 none, or MODEL_UNKNOWN */
  GHashTable   *names;            /* name + 1 → name_index + 1 */
  GHashTable   *shape_keys;       /* key text → shape + 1 */
  GHashTable   *device_keys;      /* shape × devices + device + 1 → row + 1 */
  GString      *key;
  GHashTable   *memo;       /* MemoKey → reading + 1 */
  GArray       *candidates; /* Candidate, of every host track, track after track */
  GArray       *outer;      /* Span: the counted ops of the rows read, by start */
  GArray       *kernels;    /* Kernel, of one op */
  guint         last_shape; /* the device shape of the last piece, to look up fewer */
  gint          last_device;
  guint         last_row;
  guint         launch_at; /* collect_kernels' place in the track's launches */
  guint         outer_at;  /* inside_counted's place in outer */
} Build;

static guint
model_of (Build *b, StStringId name)
{
  if (b->models[name] == MODEL_UNKNOWN)
    b->models[name] = st_shape_model_lookup (st_trace_get_string (b->trace, name));
  return b->models[name];
}

/* Whether to read @s's args: an operator whose name has shown work, or has
 * not yet been read PROBE times without. */
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
note_read (Build *b, const StSlice *s, gboolean has_work)
{
  if (b->probes[s->name] != HAS_FLOPS)
    b->probes[s->name] = has_work ? HAS_FLOPS : b->probes[s->name] + 1;
}

/* --- shapes ---------------------------------------------------------------------- */

static void
shape_free (gpointer data)
{
  StFlopShape *shape = data;

  g_free ((char *)shape->dims);
  g_free ((char *)shape->params);
  g_free (shape);
}

static guint
name_index (Build *b, StStringId name)
{
  gpointer index = g_hash_table_lookup (b->names, GUINT_TO_POINTER (name + 1));

  if (index == NULL)
    {
      index = GUINT_TO_POINTER (++b->self->n_names);
      g_hash_table_insert (b->names, GUINT_TO_POINTER (name + 1), index);
    }
  return GPOINTER_TO_UINT (index) - 1;
}

/* The row of @name with @dims (as written), @type and what the model
 * read: one per distinct shape, made on first sight. */
static guint
intern_shape (Build             *b,
              StStringId         name,
              const char        *dims,
              gsize              dims_length,
              StFlopType         type,
              const StShapeWork *work)
{
  gsize        start;
  gpointer     found;
  StFlopShape *shape;

  g_string_printf (b->key, "%u %d %d %d ", name, type, work->kind, work->assumed);
  start = b->key->len;
  for (gsize i = 0; i < dims_length; i++)
    if (!g_ascii_isspace (dims[i]))
      g_string_append_c (b->key, dims[i]);
  g_string_append_printf (b->key, "\037%s", work->params != NULL ? work->params : "");
  if ((found = g_hash_table_lookup (b->shape_keys, b->key->str)) != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  shape = g_new0 (StFlopShape, 1);
  shape->name = name;
  shape->name_index = name_index (b, name);
  shape->dims = g_strndup (b->key->str + start, strcspn (b->key->str + start, "\037"));
  shape->type = type;
  shape->kind = work->kind;
  shape->params = g_strdup (work->params);
  shape->assumed = work->assumed;
  g_ptr_array_add (b->self->shapes, shape);
  g_hash_table_insert (b->shape_keys, g_strdup (b->key->str),
                       GUINT_TO_POINTER (b->self->shapes->len));
  return b->self->shapes->len - 1;
}

static guint
lookup_device_shape (Build *b, guint shape, gint device)
{
  gint64            key = (gint64)shape * (b->self->n_devices + 1) + device + 1;
  gpointer          found = g_hash_table_lookup (b->device_keys, &key);
  StFlopDeviceShape row = { shape, device };

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  g_array_append_val (b->self->device_shapes, row);
  g_hash_table_insert (b->device_keys, g_memdup2 (&key, sizeof key),
                       GUINT_TO_POINTER (b->self->device_shapes->len));
  return b->self->device_shapes->len - 1;
}

static guint
intern_device_shape (Build *b, guint shape, gint device)
{
  if (shape == b->last_shape && device == b->last_device)
    return b->last_row;
  b->last_shape = shape;
  b->last_device = device;
  b->last_row = lookup_device_shape (b, shape, device);
  return b->last_row;
}

/* --- reading an operator ------------------------------------------------------------ */

/* The args' texts: flops, Input type, Input Dims, Concrete Inputs. */
typedef struct
{
  const char *v[4];
  gsize       n[4];
} Texts;

static void
make_reading (Build *b, StStringId name, guint model, const Texts *t)
{
  Reading     r = { 0, 0, ST_FLOP_UNKNOWN, FALSE, NO_MODEL, NO_MODEL };
  StShapeWork work = { ST_SHAPE_MODEL_ARGS };

  r.type = t->v[1] != NULL ? st_flop_type_from_input_types (t->v[1], t->n[1]) : ST_FLOP_UNKNOWN;
  if (model != 0 && t->v[2] != NULL)
    {
      StShapeArgs args = { t->v[2], t->n[2], t->v[1], t->n[1], t->v[3], t->n[3] };

      r.modelled = st_shape_model_compute (model, &args, &work);
    }
  r.model_flops = work.flops;
  r.bytes = work.bytes;
  if (work.flops > 0 || work.bytes > 0)
    r.shape = intern_shape (b, name, t->v[2] != NULL ? t->v[2] : "", t->v[2] != NULL ? t->n[2] : 0,
                            r.type, &work);
  st_shape_work_clear (&work);
  g_array_append_val (b->self->readings, r);
}

/* A reading's key: a name and the texts of Input type, Input Dims and
 * Concrete Inputs as written (NULL: absent). One is looked up per counted
 * op, so its hash is 8 bytes a step, not a byte loop over a built key. */
typedef struct
{
  guint       hash;
  StStringId  name;
  const char *v[3];
  gsize       n[3];
} MemoKey;

static guint
memo_hash (gconstpointer key)
{
  return ((const MemoKey *)key)->hash;
}

static gboolean
memo_equal (gconstpointer a, gconstpointer b)
{
  const MemoKey *x = a, *y = b;

  if (x->hash != y->hash || x->name != y->name)
    return FALSE;
  for (guint k = 0; k < 3; k++)
    if ((x->v[k] == NULL) != (y->v[k] == NULL) || x->n[k] != y->n[k]
        || (x->n[k] > 0 && memcmp (x->v[k], y->v[k], x->n[k]) != 0))
      return FALSE;
  return TRUE;
}

/* A key that owns a copy of its texts, in one block. */
static MemoKey *
memo_key_copy (const MemoKey *key)
{
  MemoKey *copy = g_malloc (sizeof *copy + key->n[0] + key->n[1] + key->n[2]);
  char    *at = (char *)(copy + 1);

  *copy = *key;
  for (guint k = 0; k < 3; k++)
    if (key->v[k] != NULL)
      {
        memcpy (at, key->v[k], key->n[k]);
        copy->v[k] = at;
        at += key->n[k];
      }
  return copy;
}

/* The reading of @name with the args' texts @t, made on first sight. */
static Reading *
reading_of (Build *b, StStringId name, guint model, const Texts *t)
{
  MemoKey  key = { 0, name, { t->v[1], t->v[2], t->v[3] }, { 0, 0, 0 } };
  guint64  h = name;
  gpointer found;

  for (guint k = 0; k < 3; k++)
    {
      key.n[k] = t->v[k + 1] != NULL ? t->n[k + 1] : 0;
      h = h * 31 + (key.v[k] != NULL ? st_hash_bytes (key.v[k], key.n[k]) : 0x1e);
    }
  key.hash = (guint)(h ^ h >> 32);
  if ((found = g_hash_table_lookup (b->memo, &key)) != NULL)
    return &g_array_index (b->self->readings, Reading, GPOINTER_TO_UINT (found) - 1);
  make_reading (b, name, model, t);
  g_hash_table_insert (b->memo, memo_key_copy (&key), GUINT_TO_POINTER (b->self->readings->len));
  return &g_array_index (b->self->readings, Reading, b->self->readings->len - 1);
}

/* @s's work from its args into @c: FALSE when it has none to count, with
 * c->shape NO_MODEL when its name has a model that could not read its
 * shapes. Sets *has_work when the name shows what 13.1's probe looks for. */
static gboolean
read_op (Build *b, const StSlice *s, Candidate *c, gboolean *has_work)
{
  static const char *const keys[]
      = { "flops", "Input type", "Input Dims", "Concrete Inputs", NULL };
  Texts    t;
  guint    model = model_of (b, s->name);
  Reading *r;

  st_event_scan_slice_args (b->trace, s, keys, t.v, t.n);
  if (t.v[0] == NULL || !st_json_parse_double (t.v[0], t.v[0] + t.n[0], &c->flops)
      || !(c->flops > 0))
    c->flops = 0;
  *has_work = c->flops > 0 || (model != 0 && t.v[2] != NULL);
  if (!*has_work)
    return FALSE;
  r = reading_of (b, s->name, model, &t);
  c->reading = r - (Reading *)(void *)b->self->readings->data;
  c->shape = r->shape;
  if (c->flops == 0)
    c->flops = r->model_flops;
  else if (c->shape == NO_MODEL)
    {
      StShapeWork args_only = { ST_SHAPE_MODEL_ARGS };

      if (r->args_shape == NO_MODEL)
        r->args_shape = intern_shape (b, s->name, t.v[2] != NULL ? t.v[2] : "",
                                      t.v[2] != NULL ? t.n[2] : 0, r->type, &args_only);
      c->shape = r->args_shape;
    }
  /* shapes a model could not read: no model (without shapes, nothing) */
  return c->shape != NO_MODEL || (model != 0 && t.v[2] != NULL && !r->modelled);
}

/* --- where an op's work ran ------------------------------------------------------- */

ST_DEFINE_SEARCH_FROM (launches_before, StLaunch, gint64, e->host_start < value)

/* The kernels launched from inside [start, end) of host track @track;
 * b->launch_at is where the last search of the track's launches ended. */
static gint64
collect_kernels (Build *b, guint track, gint64 start, gint64 end)
{
  StLaunchIndex  *launches = st_device_work_get_launches (b->work);
  guint           n, lo;
  const StLaunch *l = st_launch_index_get_launches (launches, track, &n);
  gint64          total = 0;

  g_array_set_size (b->kernels, 0);
  /* the first launch from @start on: the ops come by start */
  lo = b->launch_at = launches_before (l, n, b->launch_at, start);
  for (guint i = lo; i < n && (l[i].host_start < end || l[i].host_start == start); i++)
    {
      const StSlice    *k = st_trace_get_slice (b->trace, l[i].device);
      StDeviceEventKind kind
          = st_event_classifier_device_kind (st_device_work_get_classifier (b->work), k);
      Kernel kernel = { { k->start, k->dur, 0, -1, 0, 0 }, 0 };

      if (kind != ST_DEVICE_EVENT_KERNEL && kind != ST_DEVICE_EVENT_INSTRUCTION
          && kind != ST_DEVICE_EVENT_MTIA)
        continue;
      kernel.device = st_device_work_get_track_device (b->work, l[i].device.track);
      kernel.piece.klass
          = st_work_tag_get_kernel_class (st_device_work_get_tag (b->work, l[i].device));
      g_array_append_val (b->kernels, kernel);
      total += k->dur;
    }
  return total;
}

static void
add_piece (Build *b, StFlopPiece *piece, gint device)
{
  piece->row
      = intern_device_shape (b, g_array_index (b->self->ops, StFlopOp, piece->op).shape, device);
  g_array_append_val (b->self->pieces, *piece);
  b->self->longest = MAX (b->self->longest, piece->dur);
}

/* An op's pieces: its kernels with their shares of its work, or itself. */
static void
add_op (Build *b, guint track, const Candidate *c)
{
  const StSlice *s = &st_trace_get_track (b->trace, track)->slices[c->index];
  StFlopOp       op = { { track, c->index }, c->shape, c->reading, c->flops, 0, FALSE };
  guint          index = b->self->ops->len;

  op.device_ns = collect_kernels (b, track, c->start, c->end);
  op.host_timed = op.device_ns <= 0;
  if (op.host_timed)
    op.device_ns = s->dur;
  g_array_append_val (b->self->ops, op);
  if (op.host_timed)
    {
      StFlopPiece piece = { s->start, s->dur, index, -1, 0, ST_N_KERNEL_CLASSES };

      add_piece (b, &piece, -1);
      return;
    }
  for (guint k = 0; k < b->kernels->len; k++)
    {
      Kernel *kernel = &g_array_index (b->kernels, Kernel, k);

      kernel->piece.op = index;
      add_piece (b, &kernel->piece, kernel->device);
    }
}

/* A counted op inside another of its track is the outer one's work; an
 * operator with no model inside one is too, and hides nothing. */
static void
add_track (Build *b, guint track, Candidate *c, guint n)
{
  gint64 outer_start = 0, outer_end = G_MININT64;

  sort_candidates (c, n, NULL);
  b->launch_at = 0;
  for (guint i = 0; i < n; i++)
    {
      gboolean inside = c[i].start >= outer_start && c[i].end <= outer_end;

      if (c[i].shape == NO_MODEL)
        {
          StFlopNoModel none
              = { c[i].start, st_trace_get_track (b->trace, track)->slices[c[i].index].name };

          if (!inside)
            g_array_append_val (b->self->no_model, none);
          continue;
        }
      if (inside)
        continue;
      outer_start = c[i].start;
      outer_end = c[i].end;
      add_op (b, track, &c[i]);
    }
}

typedef struct
{
  gint64 start;
  gint64 end;
} Span;

ST_DEFINE_SORT (sort_spans, Span, a->start < b->start)
ST_DEFINE_SEARCH_FROM (spans_up_to, Span, gint64, e->start <= value)

/* Whether [start, end) lies inside one of the counted ops of the rows
 * read (b->outer); b->outer_at is where the last search ended, as the
 * slices of a row come by start. One that only partly overlaps another may hide a
 * holder: then the op is read, and add_track () nests it. */
static gboolean
inside_counted (Build *b, gint64 start, gint64 end)
{
  const Span *o = (const Span *)(void *)b->outer->data;
  guint       lo = b->outer_at = spans_up_to (o, b->outer->len, b->outer_at, start);

  return lo > 0 && o[lo - 1].end >= end;
}

/* The counted ops read in a row join those that hold the next rows'. */
static void
add_outer (Build *b, guint from)
{
  for (guint k = from; k < b->candidates->len; k++)
    {
      const Candidate *c = &g_array_index (b->candidates, Candidate, k);
      Span             span = { c->start, c->end };

      if (c->shape != NO_MODEL)
        g_array_append_val (b->outer, span);
    }
  sort_spans ((Span *)(void *)b->outer->data, b->outer->len, NULL);
}

/* The text of the slice this many ahead is asked for: the args of a large
 * profile are far apart and cold, and reading them waits on memory (a
 * third of the build's time without it). */
#define PREFETCH 8

static inline void
prefetch_text (Build *b, const StSlice *s)
{
  gsize       size;
  guint64     bytes;
  const char *text;

  if (!is_candidate (b, s))
    return;
  text = st_trace_get_event_text (b->trace, s->offset, &size, &bytes);
  bytes += s->args_at; /* the scan reads the args alone, where the importer noted them */
  for (guint line = 0; text != NULL && line < 6 && bytes + 64 * line < size; line++)
    __builtin_prefetch (text + bytes + 64 * line);
}

/* A track row by row, its outer slices first: an operator inside a counted
 * op is that op's work (13.1), so its args are not read. Appends to b's. */
static gboolean
scan_track (Build *b, const StTrack *track, guint64 *seen, GCancellable *cancellable)
{
  g_array_set_size (b->outer, 0);
  for (guint row = 0; row < track->n_rows; row++)
    {
      guint from = b->candidates->len;

      b->outer_at = 0;
      for (guint i = track->row_offsets[row]; i < track->row_offsets[row + 1]; i++)
        {
          const StSlice *s = &track->slices[i];
          Candidate      c = { s->start, s->start + s->dur, i };
          gboolean       has_work;

          if (++*seen % 4096 == 0 && g_cancellable_is_cancelled (cancellable))
            return FALSE;
          if (i + PREFETCH < track->row_offsets[row + 1])
            prefetch_text (b, &track->slices[i + PREFETCH]);
          if (!is_candidate (b, s) || inside_counted (b, c.start, c.end))
            continue;
          if (read_op (b, s, &c, &has_work))
            g_array_append_val (b->candidates, c);
          note_read (b, s, has_work);
        }
      add_outer (b, from);
    }
  return TRUE;
}

/* Where a host track's candidates are in Build's (a track with some). */
typedef struct
{
  guint track;
  guint from;
  guint n;
} TrackCandidates;

/* The args of every host track's operators (13.1): they need to know only
 * which tracks are the devices', so they are read while another thread
 * may still be making the device work, which the ops' kernels need. */
static gboolean
scan_tracks (Build *b, GArray *tracks, GCancellable *cancellable)
{
  const guint8 *device_track = st_device_work_get_device_tracks (b->trace, cancellable);
  guint64       seen = 0;

  if (device_track == NULL)
    return FALSE;
  for (guint t = 0; t < st_trace_get_n_tracks (b->trace); t++)
    {
      const StTrack  *track = st_trace_get_track (b->trace, t);
      TrackCandidates span = { t, b->candidates->len, 0 };

      if (track->kind != ST_TRACK_SLICES || device_track[t])
        continue;
      if (!scan_track (b, track, &seen, cancellable))
        return FALSE;
      if ((span.n = b->candidates->len - span.from) > 0)
        g_array_append_val (tracks, span);
    }
  return TRUE;
}

/* docs/metrics.md 13.4: the entry of the device's index, the pid of
 * Kineto's GPU process. */
static void
find_peaks (StFlopOps *self, StTrace *trace, StDeviceWork *work)
{
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
  g_ptr_array_unref (self->shapes);
  g_array_unref (self->device_shapes);
  g_array_unref (self->pieces);
  g_array_unref (self->no_model);
  g_array_unref (self->readings);
  for (guint d = 0; self->peaks != NULL && d < self->n_devices; d++)
    st_device_peak_clear (&self->peaks[d]);
  g_free (self->peaks);
  g_free (self);
}

static StFlopOps *
flop_ops_alloc (void)
{
  StFlopOps *self = g_new0 (StFlopOps, 1);

  self->ops = g_array_new (FALSE, FALSE, sizeof (StFlopOp));
  self->shapes = g_ptr_array_new_with_free_func (shape_free);
  self->device_shapes = g_array_new (FALSE, FALSE, sizeof (StFlopDeviceShape));
  self->pieces = g_array_new (FALSE, FALSE, sizeof (StFlopPiece));
  self->no_model = g_array_new (FALSE, FALSE, sizeof (StFlopNoModel));
  self->readings = g_array_new (FALSE, FALSE, sizeof (Reading));
  return self;
}

static gpointer
flop_ops_new (StTrace *trace, GCancellable *cancellable)
{
  StDeviceWork          *work = NULL;
  g_autoptr (GArray)     tracks = g_array_new (FALSE, FALSE, sizeof (TrackCandidates));
  guint                  n_strings = MAX (1, st_trace_get_n_strings (trace));
  g_autoptr (GArray)     candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr (GArray)     kernels = g_array_new (FALSE, FALSE, sizeof (Kernel));
  g_autofree guint      *probes = g_new0 (guint, n_strings);
  g_autofree guint      *models = g_new (guint, n_strings);
  g_autoptr (GHashTable) names = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) shape_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) device_keys
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GString)    key = g_string_new (NULL);
  g_autoptr (GHashTable) memo = g_hash_table_new_full (memo_hash, memo_equal, g_free, NULL);
  g_autoptr (GArray)     outer = g_array_new (FALSE, FALSE, sizeof (Span));
  Build b = { trace, work, NULL,       { 0 }, probes,  models,    names, shape_keys, device_keys,
              key,   memo, candidates, outer, kernels, G_MAXUINT, 0,     0 };
  StFlopOps *self;

  memset (models, 0xff, n_strings * sizeof (guint));
  b.self = self = flop_ops_alloc ();
  b.op_categories[0] = st_trace_lookup_string (trace, "cpu_op");
  b.op_categories[1] = st_trace_lookup_string (trace, "Operator");
  if (!scan_tracks (&b, tracks, cancellable)
      || (work = b.work = st_device_work_ensure (trace, cancellable)) == NULL)
    {
      flop_ops_free (self);
      return NULL;
    }
  self->n_devices = st_device_work_get_n_devices (work);
  for (guint i = 0; i < tracks->len; i++)
    {
      const TrackCandidates *t = &g_array_index (tracks, TrackCandidates, i);

      add_track (&b, t->track, &g_array_index (candidates, Candidate, t->from), t->n);
    }
  sort_pieces ((StFlopPiece *)(void *)self->pieces->data, self->pieces->len, NULL);
  sort_no_model ((StFlopNoModel *)(void *)self->no_model->data, self->no_model->len, NULL);
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

double
st_flop_ops_get_bytes (StFlopOps *self, const StFlopOp *op)
{
  g_return_val_if_fail (self != NULL && op != NULL, 0);
  return g_array_index (self->readings, Reading, op->reading).bytes;
}

double
st_flop_ops_get_model_flops (StFlopOps *self, const StFlopOp *op)
{
  g_return_val_if_fail (self != NULL && op != NULL, 0);
  return g_array_index (self->readings, Reading, op->reading).model_flops;
}

gint
st_flop_ops_get_piece_device (StFlopOps *self, const StFlopPiece *piece)
{
  g_return_val_if_fail (self != NULL && piece != NULL, -1);
  return g_array_index (self->device_shapes, StFlopDeviceShape, piece->row).device;
}

guint
st_flop_ops_get_n_shapes (StFlopOps *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->shapes->len;
}

const StFlopShape *
st_flop_ops_get_shape (StFlopOps *self, guint shape)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (shape < self->shapes->len, NULL);
  return g_ptr_array_index (self->shapes, shape);
}

const StFlopDeviceShape *
st_flop_ops_get_device_shapes (StFlopOps *self, guint *n_rows)
{
  g_return_val_if_fail (self != NULL, NULL);
  *n_rows = self->device_shapes->len;
  return (const StFlopDeviceShape *)(void *)self->device_shapes->data;
}

const StFlopNoModel *
st_flop_ops_get_no_model (StFlopOps *self, guint *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  *n = self->no_model->len;
  return (const StFlopNoModel *)(void *)self->no_model->data;
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
