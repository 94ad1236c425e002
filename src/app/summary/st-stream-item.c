#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-stream-item.h"

#include "st-format.h"

struct _StStreamItem
{
  GObject parent_instance;

  char  *label;
  guint  index; /* the summary's order */
  guint  launches;
  gint64 delays[4]; /* p50, p90, p99, max */
  guint  queue;
};

G_DEFINE_FINAL_TYPE (StStreamItem, st_stream_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_INDEX,
  PROP_LAUNCHES,
  PROP_P50,
  PROP_P90,
  PROP_P99,
  PROP_MAX,
  PROP_QUEUE,
  PROP_LAUNCHES_TEXT,
  PROP_P50_TEXT,
  PROP_P90_TEXT,
  PROP_P99_TEXT,
  PROP_MAX_TEXT,
  PROP_QUEUE_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_stream_item_finalize (GObject *object)
{
  g_free (ST_STREAM_ITEM (object)->label);
  G_OBJECT_CLASS (st_stream_item_parent_class)->finalize (object);
}

static void
st_stream_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StStreamItem *self = ST_STREAM_ITEM (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, self->label); break;
    case PROP_INDEX: g_value_set_uint (value, self->index); break;
    case PROP_LAUNCHES: g_value_set_uint (value, self->launches); break;
    case PROP_P50:
    case PROP_P90:
    case PROP_P99:
    case PROP_MAX: g_value_set_int64 (value, self->delays[prop_id - PROP_P50]); break;
    case PROP_QUEUE: g_value_set_uint (value, self->queue); break;
    case PROP_LAUNCHES_TEXT: g_value_take_string (value, st_format_count (self->launches)); break;
    case PROP_P50_TEXT:
    case PROP_P90_TEXT:
    case PROP_P99_TEXT:
    case PROP_MAX_TEXT:
      g_value_take_string (value, st_format_duration (self->delays[prop_id - PROP_P50_TEXT]));
      break;
    case PROP_QUEUE_TEXT: g_value_take_string (value, st_format_count (self->queue)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_stream_item_class_init (StStreamItemClass *klass)
{
  GObjectClass            *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags        f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char *const delays[] = { "p50", "p90", "p99", "max" };
  static const char *const texts[]
      = { "launches-text", "p50-text", "p90-text", "p99-text", "max-text", "queue-text" };

  object_class->finalize = st_stream_item_finalize;
  object_class->get_property = st_stream_item_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_LAUNCHES] = g_param_spec_uint ("launches", NULL, NULL, 0, G_MAXUINT, 0, f);
  /* a delay is negative where the clocks disagree (docs/metrics.md 10.3) */
  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    properties[PROP_P50 + i]
        = g_param_spec_int64 (delays[i], NULL, NULL, G_MININT64, G_MAXINT64, 0, f);
  properties[PROP_QUEUE] = g_param_spec_uint ("queue", NULL, NULL, 0, G_MAXUINT, 0, f);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    properties[PROP_LAUNCHES_TEXT + i] = g_param_spec_string (texts[i], NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_stream_item_init (StStreamItem *self)
{
}

char *
st_stream_item_dup_title (StTrace *trace, StSummary *summary, const StStreamUsage *usage)
{
  gboolean one_device = TRUE, one_per_file = TRUE;

  for (guint i = 0; i < st_summary_get_n_streams (summary); i++)
    {
      const StStreamUsage *u = st_summary_get_stream (summary, i);

      one_device &= u->device == usage->device;
      for (guint j = 0; j < i; j++)
        one_per_file &= st_summary_get_stream (summary, j)->file != u->file
                        || st_summary_get_stream (summary, j)->device == u->device;
    }
  if (one_device)
    return g_strdup (usage->name);
  if (one_per_file && st_trace_get_n_files (trace) > 1)
    return g_strdup_printf ("%s / %s", st_trace_get_file (trace, usage->file)->label, usage->name);
  return g_strdup (usage->label);
}

GListModel *
st_stream_item_new_model (StTrace *trace, StSummary *summary)
{
  GListStore           *store = g_list_store_new (ST_TYPE_STREAM_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint                 n = summary ? st_summary_get_n_streams (summary) : 0;

  for (guint i = 0; i < n; i++)
    {
      const StStreamUsage *u = st_summary_get_stream (summary, i);
      StStreamItem        *item;

      if (u->launches == 0)
        continue;
      item = g_object_new (ST_TYPE_STREAM_ITEM, NULL);
      item->label = st_stream_item_dup_title (trace, summary, u);
      item->index = i;
      item->launches = u->launches;
      item->delays[0] = u->delay_p50_ns;
      item->delays[1] = u->delay_p90_ns;
      item->delays[2] = u->delay_p99_ns;
      item->delays[3] = u->delay_max_ns;
      item->queue = u->queue_max;
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}
