#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-operation-item.h"

#include "st-format.h"

struct _StOperationItem
{
  GObject parent_instance;

  char  *name;
  char  *track; /* "process / track", or NULL in the per-name table */
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
  PROP_TRACK,
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
  g_free (self->track);
  G_OBJECT_CLASS (st_operation_item_parent_class)->finalize (object);
}

static void
st_operation_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StOperationItem *self = ST_OPERATION_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_TRACK: g_value_set_string (value, self->track); break;
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
      g_value_take_string (value, g_strdup_printf ("%.1f %%", self->share));
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
  properties[PROP_TRACK] = g_param_spec_string ("track", NULL, NULL, NULL, f);
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
track_title (StTrace *trace, guint index)
{
  const StTrack   *track = st_trace_get_track (trace, index);
  g_autofree char *process = NULL;

  if (track->process == ST_NO_PROCESS)
    return g_strdup (st_trace_get_string (trace, track->name));
  process = st_trace_dup_process_title (trace, track->process);
  return g_strdup_printf ("%s / %s", process, st_trace_get_string (trace, track->name));
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
      item->track = row->track != G_MAXUINT ? track_title (trace, row->track) : NULL;
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

const char *
st_operation_item_get_name (StOperationItem *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_ITEM (self), NULL);
  return self->name;
}

const char *
st_operation_item_get_track (StOperationItem *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_ITEM (self), NULL);
  return self->track;
}

guint
st_operation_item_get_count (StOperationItem *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_ITEM (self), 0);
  return self->count;
}

gint64
st_operation_item_get_total (StOperationItem *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_ITEM (self), 0);
  return self->total;
}

double
st_operation_item_get_share (StOperationItem *self)
{
  g_return_val_if_fail (ST_IS_OPERATION_ITEM (self), 0);
  return self->share;
}
