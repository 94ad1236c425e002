/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-operation.h"

#include "st-operation-name.h"
#include "st-trace-query.h"

#include <string.h>

struct _StOperation
{
  GObject parent_instance;

  char  *name;
  char  *short_name; /* st_operation_name_shorten () */
  gsize  keep_from;  /* where its part that is never cut starts */
  char  *track;      /* "process / track", or NULL for every track */
  char  *track_tail; /* "GPU 0 · stream 7": what tells the track apart */
  guint  count;
  gint64 total;
  gint64 self;
  gint64 min;
  gint64 max;
  double share;
};

G_DEFINE_FINAL_TYPE (StOperation, st_operation, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_SHORT_HEAD,
  PROP_SHORT_TAIL,
  PROP_TRACK,
  PROP_TRACK_TAIL,
  PROP_COUNT,
  PROP_TOTAL,
  PROP_SELF,
  PROP_AVERAGE,
  PROP_MIN,
  PROP_MAX,
  PROP_SHARE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gint64
average (StOperation *self)
{
  return self->count ? self->total / self->count : 0;
}

static void
st_operation_finalize (GObject *object)
{
  StOperation *self = ST_OPERATION (object);

  g_free (self->name);
  g_free (self->short_name);
  g_free (self->track);
  g_free (self->track_tail);
  G_OBJECT_CLASS (st_operation_parent_class)->finalize (object);
}

static void
st_operation_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StOperation *self = ST_OPERATION (object);

  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_SHORT_HEAD:
      g_value_take_string (value, g_strndup (self->short_name, self->keep_from));
      break;
    case PROP_SHORT_TAIL: g_value_set_string (value, self->short_name + self->keep_from); break;
    case PROP_TRACK: g_value_set_string (value, self->track); break;
    case PROP_TRACK_TAIL: g_value_set_string (value, self->track_tail); break;
    case PROP_COUNT: g_value_set_uint (value, self->count); break;
    case PROP_TOTAL: g_value_set_int64 (value, self->total); break;
    case PROP_SELF: g_value_set_int64 (value, self->self); break;
    case PROP_AVERAGE: g_value_set_int64 (value, average (self)); break;
    case PROP_MIN: g_value_set_int64 (value, self->min); break;
    case PROP_MAX: g_value_set_int64 (value, self->max); break;
    case PROP_SHARE: g_value_set_double (value, self->share); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operation_class_init (StOperationClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_operation_finalize;
  object_class->get_property = st_operation_get_property;
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, f);
  /* the short form of the name: a head that may be cut at its end, and a
   * tail that never is (a Python frame's function) */
  properties[PROP_SHORT_HEAD] = g_param_spec_string ("short-head", NULL, NULL, NULL, f);
  properties[PROP_SHORT_TAIL] = g_param_spec_string ("short-tail", NULL, NULL, NULL, f);
  properties[PROP_TRACK] = g_param_spec_string ("track", NULL, NULL, NULL, f);
  properties[PROP_TRACK_TAIL] = g_param_spec_string ("track-tail", NULL, NULL, NULL, f);
  properties[PROP_COUNT] = g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_TOTAL] = g_param_spec_int64 ("total", NULL, NULL, 0, G_MAXINT64, 0, f);
  /* children that overlap each other can leave a slice less than no self time */
  properties[PROP_SELF] = g_param_spec_int64 ("self", NULL, NULL, G_MININT64, G_MAXINT64, 0, f);
  properties[PROP_AVERAGE] = g_param_spec_int64 ("average", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_MIN] = g_param_spec_int64 ("min", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_MAX] = g_param_spec_int64 ("max", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_SHARE]
      = g_param_spec_double ("share", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_operation_init (StOperation *self)
{
}

/* "process / track": names alone repeat across ranks and devices. */
static char *
track_title (StTrace *trace, const StTrack *track)
{
  g_autofree char *process = NULL;

  if (track->process == ST_NO_PROCESS)
    return g_strdup (st_trace_get_string (trace, track->name));
  process = st_trace_dup_process_title (trace, track->process);
  return g_strdup_printf ("%s / %s", process, st_trace_get_string (trace, track->name));
}

/* The track's own name without the process name Kineto repeats in it
 * ("thread 25286 (python3)" is "thread 25286"). */
static char *
track_own_name (StTrace *trace, const StTrack *track, const StProcess *process)
{
  const char      *name = st_trace_get_string (trace, track->name);
  g_autofree char *suffix = NULL;

  if (process->name == ST_STRING_EMPTY)
    return g_strdup (name);
  suffix = g_strdup_printf (" (%s)", st_trace_get_string (trace, process->name));
  if (!g_str_has_suffix (name, suffix) || strlen (name) == strlen (suffix))
    return g_strdup (name);
  return g_strndup (name, strlen (name) - strlen (suffix));
}

/* What tells the track apart, most telling last so that a label cut at
 * its start keeps it: its process's label ("GPU 0", "CPU"; its name when
 * it has none), after the rank with several files, then the track's own
 * name: "rank 1 · GPU 0 · stream 7". */
static char *
track_tail (StTrace *trace, const StTrack *track)
{
  const StProcess *process;
  const char      *labels;
  g_autofree char *own = NULL;
  g_autofree char *where = NULL;

  if (track->process == ST_NO_PROCESS)
    return g_strdup (st_trace_get_string (trace, track->name));
  process = st_trace_get_process (trace, track->process);
  own = track_own_name (trace, track, process);
  labels = st_trace_get_string (trace, process->labels);
  if (*labels == '\0')
    where = st_trace_dup_process_title (trace, track->process);
  else if (st_trace_get_n_files (trace) > 1)
    where = g_strdup_printf ("%s \302\267 %s", st_trace_get_file (trace, process->file)->label,
                             labels);
  else
    where = g_strdup (labels);
  return g_strdup_printf ("%s \302\267 %s", where, own);
}

StOperation *
st_operation_new (StTrace   *trace,
                  StStringId name,
                  guint      track,
                  guint      count,
                  gint64     total_ns,
                  gint64     self_ns,
                  gint64     min_ns,
                  gint64     max_ns,
                  double     share)
{
  StOperation *self;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  self = g_object_new (ST_TYPE_OPERATION, NULL);
  self->name = g_strdup (st_trace_get_string (trace, name));
  self->short_name = st_operation_name_shorten (self->name, &self->keep_from);
  if (track != G_MAXUINT)
    {
      self->track = track_title (trace, st_trace_get_track (trace, track));
      self->track_tail = track_tail (trace, st_trace_get_track (trace, track));
    }
  self->count = count;
  self->total = total_ns;
  self->self = self_ns;
  self->min = min_ns;
  self->max = max_ns;
  self->share = share;
  return self;
}

const char *
st_operation_get_name (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), NULL);
  return self->name;
}

guint
st_operation_get_count (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), 0);
  return self->count;
}

gint64
st_operation_get_total (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), 0);
  return self->total;
}

gint64
st_operation_get_self (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), 0);
  return self->self;
}

gint64
st_operation_get_min (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), 0);
  return self->min;
}

gint64
st_operation_get_max (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), 0);
  return self->max;
}

double
st_operation_get_share (StOperation *self)
{
  g_return_val_if_fail (ST_IS_OPERATION (self), 0);
  return self->share;
}

/* One name's sums as the selection adds to them. */
typedef struct
{
  StStringId name;
  guint      count;
  gint64     total;
  gint64     self;
  gint64     min;
  gint64     max;
} Sums;

static void
add_event (Sums *sums, StTrace *trace, StEventRef ref)
{
  gint64 dur = st_event_get_duration (trace, ref);
  gint64 self_time = ref.kind == ST_EVENT_SLICE
                         ? st_trace_get_self_time (trace, (StSliceRef){ ref.track, ref.index })
                         : 0;

  sums->min = sums->count ? MIN (sums->min, dur) : dur;
  sums->max = sums->count ? MAX (sums->max, dur) : dur;
  sums->count++;
  sums->total += dur;
  sums->self += self_time;
}

GListModel *
st_operation_list_selection (StTrace *trace, GArray *selection, gint64 *span)
{
  GListStore            *store;
  g_autoptr (GHashTable) names = NULL;
  gint64                 first = G_MAXINT64, last = G_MININT64;
  GHashTableIter         iter;
  gpointer               value;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);
  g_return_val_if_fail (selection != NULL, NULL);

  store = g_list_store_new (ST_TYPE_OPERATION);
  names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < selection->len; i++)
    {
      StEventRef ref = g_array_index (selection, StEventRef, i);
      StStringId name = st_event_get_name (trace, ref);
      Sums      *sums = g_hash_table_lookup (names, GUINT_TO_POINTER (name + 1));

      if (sums == NULL)
        {
          sums = g_new0 (Sums, 1);
          sums->name = name;
          g_hash_table_insert (names, GUINT_TO_POINTER (name + 1), sums);
        }
      add_event (sums, trace, ref);
      first = MIN (first, st_event_get_start (trace, ref));
      last = MAX (last, st_event_get_start (trace, ref) + st_event_get_duration (trace, ref));
    }
  *span = selection->len ? last - first : 0;
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Sums                   *sums = value;
      double                  share = *span > 0 ? 100.0 * sums->total / *span : 0;
      g_autoptr (StOperation) op
          = st_operation_new (trace, sums->name, G_MAXUINT, sums->count, sums->total, sums->self,
                              sums->min, sums->max, share);

      g_list_store_append (store, op);
    }
  return G_LIST_MODEL (store);
}
