#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-format.h"
#include "st-name-summary-item.h"
#include "st-trace-query.h"

struct _StNameSummaryItem
{
  GObject parent_instance;

  char  *name;
  guint  count;
  gint64 total;
  gint64 self_time;
  gint64 min;
  gint64 max;
  double share;
};

G_DEFINE_FINAL_TYPE (StNameSummaryItem, st_name_summary_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
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
average (StNameSummaryItem *self)
{
  return self->count ? self->total / self->count : 0;
}

static void
st_name_summary_item_finalize (GObject *object)
{
  g_free (ST_NAME_SUMMARY_ITEM (object)->name);
  G_OBJECT_CLASS (st_name_summary_item_parent_class)->finalize (object);
}

static void
st_name_summary_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StNameSummaryItem *self = ST_NAME_SUMMARY_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_COUNT: g_value_set_uint (value, self->count); break;
    case PROP_TOTAL: g_value_set_int64 (value, self->total); break;
    case PROP_SELF: g_value_set_int64 (value, self->self_time); break;
    case PROP_AVERAGE: g_value_set_int64 (value, average (self)); break;
    case PROP_MIN: g_value_set_int64 (value, self->min); break;
    case PROP_MAX: g_value_set_int64 (value, self->max); break;
    case PROP_SHARE: g_value_set_double (value, self->share); break;
    case PROP_COUNT_TEXT: g_value_take_string (value, st_format_count (self->count)); break;
    case PROP_TOTAL_TEXT: g_value_take_string (value, st_format_duration (self->total)); break;
    case PROP_SELF_TEXT: g_value_take_string (value, st_format_duration (self->self_time)); break;
    case PROP_AVERAGE_TEXT: g_value_take_string (value, st_format_duration (average (self))); break;
    case PROP_MIN_TEXT: g_value_take_string (value, st_format_duration (self->min)); break;
    case PROP_MAX_TEXT: g_value_take_string (value, st_format_duration (self->max)); break;
    case PROP_SHARE_TEXT:
      g_value_take_string (value, g_strdup_printf ("%.1f %%", self->share * 100));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_name_summary_item_class_init (StNameSummaryItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  const char       *texts[] = { "count-text", "total-text", "self-text", "average-text",
                                "min-text",   "max-text",   "share-text" };

  object_class->finalize = st_name_summary_item_finalize;
  object_class->get_property = st_name_summary_item_get_property;
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, f);
  properties[PROP_COUNT] = g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_TOTAL] = g_param_spec_int64 ("total", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_SELF] = g_param_spec_int64 ("self", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_AVERAGE] = g_param_spec_int64 ("average", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_MIN] = g_param_spec_int64 ("min", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_MAX] = g_param_spec_int64 ("max", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_SHARE] = g_param_spec_double ("share", NULL, NULL, 0, G_MAXDOUBLE, 0, f);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    properties[PROP_COUNT_TEXT + i] = g_param_spec_string (texts[i], NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_name_summary_item_init (StNameSummaryItem *self)
{
}

const char *
st_name_summary_item_get_name (StNameSummaryItem *self)
{
  return self->name;
}

guint
st_name_summary_item_get_count (StNameSummaryItem *self)
{
  return self->count;
}

gint64
st_name_summary_item_get_total (StNameSummaryItem *self)
{
  return self->total;
}

gint64
st_name_summary_item_get_self (StNameSummaryItem *self)
{
  return self->self_time;
}

gint64
st_name_summary_item_get_min (StNameSummaryItem *self)
{
  return self->min;
}

gint64
st_name_summary_item_get_max (StNameSummaryItem *self)
{
  return self->max;
}

double
st_name_summary_item_get_share (StNameSummaryItem *self)
{
  return self->share;
}

static void
add_event (StNameSummaryItem *row, StTrace *trace, StEventRef ref)
{
  gint64 dur = st_event_get_duration (trace, ref);
  gint64 self_time = ref.kind == ST_EVENT_SLICE
                         ? st_trace_get_self_time (trace, (StSliceRef){ ref.track, ref.index })
                         : 0;

  row->min = row->count ? MIN (row->min, dur) : dur;
  row->max = row->count ? MAX (row->max, dur) : dur;
  row->count++;
  row->total += dur;
  row->self_time += self_time;
}

/* One row per name among @selection, in order of total time; *span gets
 * the selected time range (first start to last end) the shares are of. */
GListModel *
st_name_summary_item_new_model (StTrace *trace, GArray *selection, gint64 *span)
{
  GListStore            *store = g_list_store_new (ST_TYPE_NAME_SUMMARY_ITEM);
  g_autoptr (GHashTable) rows = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  gint64                 first = G_MAXINT64, last = G_MININT64;
  GHashTableIter         iter;
  gpointer               value;

  for (guint i = 0; i < selection->len; i++)
    {
      StEventRef         ref = g_array_index (selection, StEventRef, i);
      StStringId         name = st_event_get_name (trace, ref);
      StNameSummaryItem *row = g_hash_table_lookup (rows, GUINT_TO_POINTER (name + 1));

      if (row == NULL)
        {
          row = g_object_new (ST_TYPE_NAME_SUMMARY_ITEM, NULL);
          row->name = g_strdup (st_trace_get_string (trace, name));
          g_hash_table_insert (rows, GUINT_TO_POINTER (name + 1), row);
        }
      add_event (row, trace, ref);
      first = MIN (first, st_event_get_start (trace, ref));
      last = MAX (last, st_event_get_start (trace, ref) + st_event_get_duration (trace, ref));
    }
  *span = selection->len ? last - first : 0;
  g_hash_table_iter_init (&iter, rows);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      StNameSummaryItem *row = value;
      row->share = *span > 0 ? (double)row->total / *span : 0;
      g_list_store_append (store, row);
    }
  return G_LIST_MODEL (store);
}
