/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-device-item.h"

#include "st-format.h"

struct _StDeviceItem
{
  GObject parent_instance;

  char    *label;
  guint    index; /* the summary's order: its processes' */
  double   busy;  /* percent */
  gint64   compute;
  gint64   communication;
  gint64   exposed;
  gint64   memory;
  gint64   wait;
  gboolean has_active;
  double   active; /* percent */
};

/* As the metric tables and strata-cli write a percent. */
static char *
format_percent (double v)
{
  return st_summary_format_value (ST_UNIT_PERCENT, v);
}

G_DEFINE_FINAL_TYPE (StDeviceItem, st_device_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_INDEX,
  PROP_BUSY,
  PROP_COMPUTE,
  PROP_COMMUNICATION,
  PROP_EXPOSED,
  PROP_MEMORY,
  PROP_WAIT,
  PROP_ACTIVE,
  PROP_BUSY_TEXT,
  PROP_COMPUTE_TEXT,
  PROP_COMMUNICATION_TEXT,
  PROP_EXPOSED_TEXT,
  PROP_MEMORY_TEXT,
  PROP_WAIT_TEXT,
  PROP_ACTIVE_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_device_item_finalize (GObject *object)
{
  g_free (ST_DEVICE_ITEM (object)->label);
  G_OBJECT_CLASS (st_device_item_parent_class)->finalize (object);
}

static void
st_device_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StDeviceItem *self = ST_DEVICE_ITEM (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, self->label); break;
    case PROP_INDEX: g_value_set_uint (value, self->index); break;
    case PROP_BUSY: g_value_set_double (value, self->busy); break;
    case PROP_COMPUTE: g_value_set_int64 (value, self->compute); break;
    case PROP_COMMUNICATION: g_value_set_int64 (value, self->communication); break;
    case PROP_EXPOSED: g_value_set_int64 (value, self->exposed); break;
    case PROP_MEMORY: g_value_set_int64 (value, self->memory); break;
    case PROP_WAIT: g_value_set_int64 (value, self->wait); break;
    case PROP_ACTIVE: g_value_set_double (value, self->has_active ? self->active : -1); break;
    case PROP_BUSY_TEXT: g_value_take_string (value, format_percent (self->busy)); break;
    case PROP_COMPUTE_TEXT: g_value_take_string (value, st_format_duration (self->compute)); break;
    case PROP_COMMUNICATION_TEXT:
      g_value_take_string (value, st_format_duration (self->communication));
      break;
    case PROP_EXPOSED_TEXT: g_value_take_string (value, st_format_duration (self->exposed)); break;
    case PROP_MEMORY_TEXT: g_value_take_string (value, st_format_duration (self->memory)); break;
    case PROP_WAIT_TEXT: g_value_take_string (value, st_format_duration (self->wait)); break;
    case PROP_ACTIVE_TEXT:
      g_value_take_string (value,
                           self->has_active ? format_percent (self->active) : g_strdup ("—"));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_device_item_class_init (StDeviceItemClass *klass)
{
  GObjectClass            *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags        f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char *const times[] = { "compute", "communication", "exposed", "memory", "wait" };
  static const char *const texts[]
      = { "busy-text",   "compute-text", "communication-text", "exposed-text",
          "memory-text", "wait-text",    "active-text" };

  object_class->finalize = st_device_item_finalize;
  object_class->get_property = st_device_item_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_BUSY] = g_param_spec_double ("busy", NULL, NULL, 0, G_MAXDOUBLE, 0, f);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    properties[PROP_COMPUTE + i] = g_param_spec_int64 (times[i], NULL, NULL, 0, G_MAXINT64, 0, f);
  /* -1: the profile carries no active time for the device */
  properties[PROP_ACTIVE] = g_param_spec_double ("active", NULL, NULL, -1, G_MAXDOUBLE, 0, f);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    properties[PROP_BUSY_TEXT + i] = g_param_spec_string (texts[i], NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_device_item_init (StDeviceItem *self)
{
}

GListModel *
st_device_item_new_model (StSummary *summary)
{
  GListStore           *store = g_list_store_new (ST_TYPE_DEVICE_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint                 n = summary ? st_summary_get_n_devices (summary) : 0;

  for (guint i = 0; i < n; i++)
    {
      const StDeviceUsage *d = st_summary_get_device (summary, i);
      StDeviceItem        *item = g_object_new (ST_TYPE_DEVICE_ITEM, NULL);

      item->label = g_strdup (d->label);
      item->index = i;
      item->busy = d->busy_percent;
      item->compute = d->compute_ns;
      item->communication = d->communication_ns;
      item->exposed = d->exposed_communication_ns;
      item->memory = d->memory_ns;
      item->wait = d->wait_ns;
      item->has_active = d->has_active;
      item->active = d->active_percent;
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}
