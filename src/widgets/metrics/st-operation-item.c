#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-operation-item.h"

#include "st-format.h"
#include "st-operation-name.h"

#include <string.h>

struct _StOperationItem
{
  GObject parent_instance;

  char  *name;
  char  *short_name; /* st_operation_name_shorten () */
  gsize  keep_from;  /* where its part that is never cut starts */
  char  *track;      /* "process / track", or NULL in the per-name table */
  char  *track_tail; /* "GPU 0 · stream 7": what tells the track apart */
  guint  count;
  gint64 total;
  gint64 self;
  gint64 min;
  gint64 max;
  double share; /* percent of the table's self time */
};

G_DEFINE_FINAL_TYPE (StOperationItem, st_operation_item, G_TYPE_OBJECT)

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
  PROP_COUNT_TEXT,
  PROP_TOTAL_TEXT,
  PROP_SELF_TEXT,
  PROP_AVERAGE_TEXT,
  PROP_MIN_TEXT,
  PROP_MAX_TEXT,
  PROP_SHARE_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gint64
average (StOperationItem *self)
{
  return self->count ? self->total / self->count : 0;
}

static void
st_operation_item_finalize (GObject *object)
{
  StOperationItem *self = ST_OPERATION_ITEM (object);

  g_free (self->name);
  g_free (self->short_name);
  g_free (self->track);
  g_free (self->track_tail);
  G_OBJECT_CLASS (st_operation_item_parent_class)->finalize (object);
}

static void
st_operation_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StOperationItem *self = ST_OPERATION_ITEM (object);

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
    case PROP_COUNT_TEXT: g_value_take_string (value, st_format_count (self->count)); break;
    case PROP_TOTAL_TEXT: g_value_take_string (value, st_format_duration (self->total)); break;
    case PROP_SELF_TEXT: g_value_take_string (value, st_format_duration (self->self)); break;
    case PROP_AVERAGE_TEXT: g_value_take_string (value, st_format_duration (average (self))); break;
    case PROP_MIN_TEXT: g_value_take_string (value, st_format_duration (self->min)); break;
    case PROP_MAX_TEXT: g_value_take_string (value, st_format_duration (self->max)); break;
    case PROP_SHARE_TEXT:
      g_value_take_string (value, g_strdup_printf ("%.1f%%", self->share));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operation_item_class_init (StOperationItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  const char       *texts[] = { "count-text", "total-text", "self-text", "average-text",
                                "min-text",   "max-text",   "share-text" };

  object_class->finalize = st_operation_item_finalize;
  object_class->get_property = st_operation_item_get_property;
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
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    properties[PROP_COUNT_TEXT + i] = g_param_spec_string (texts[i], NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_operation_item_init (StOperationItem *self)
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

GListModel *
st_operation_item_new_model (StTrace *trace, GArray *rows)
{
  GListStore           *store = g_list_store_new (ST_TYPE_OPERATION_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const StOperationRow *row = &g_array_index (rows, StOperationRow, i);
      StOperationItem      *item = g_object_new (ST_TYPE_OPERATION_ITEM, NULL);

      item->name = g_strdup (st_trace_get_string (trace, row->name));
      item->short_name = st_operation_name_shorten (item->name, &item->keep_from);
      if (row->track != G_MAXUINT)
        {
          const StTrack *track = st_trace_get_track (trace, row->track);

          item->track = track_title (trace, track);
          item->track_tail = track_tail (trace, track);
        }
      item->count = row->count;
      item->total = row->total_ns;
      item->self = row->self_ns;
      item->min = row->min_ns;
      item->max = row->max_ns;
      item->share = row->share_percent;
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}
