/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-stream-launches.h"

struct _StStreamLaunches
{
  GObject parent_instance;

  char  *label;
  guint  index; /* the order of the list it is in */
  guint  launches;
  gint64 delays[4]; /* p50, p90, p99, max */
  guint  queue;
};

G_DEFINE_FINAL_TYPE (StStreamLaunches, st_stream_launches, G_TYPE_OBJECT)

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
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_stream_launches_finalize (GObject *object)
{
  g_free (ST_STREAM_LAUNCHES (object)->label);
  G_OBJECT_CLASS (st_stream_launches_parent_class)->finalize (object);
}

static void
st_stream_launches_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StStreamLaunches *self = ST_STREAM_LAUNCHES (object);

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
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_stream_launches_class_init (StStreamLaunchesClass *klass)
{
  GObjectClass            *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags        f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char *const delays[] = { "p50", "p90", "p99", "max" };

  object_class->finalize = st_stream_launches_finalize;
  object_class->get_property = st_stream_launches_get_property;

  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_LAUNCHES] = g_param_spec_uint ("launches", NULL, NULL, 0, G_MAXUINT, 0, f);
  /* a delay is negative where the clocks disagree (docs/metrics.md 10.3) */
  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    properties[PROP_P50 + i]
        = g_param_spec_int64 (delays[i], NULL, NULL, G_MININT64, G_MAXINT64, 0, f);
  properties[PROP_QUEUE] = g_param_spec_uint ("queue", NULL, NULL, 0, G_MAXUINT, 0, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_stream_launches_init (StStreamLaunches *self)
{
}

StStreamLaunches *
st_stream_launches_new (const StStreamUsage *usage, const char *label, guint index)
{
  StStreamLaunches *self = g_object_new (ST_TYPE_STREAM_LAUNCHES, NULL);

  self->label = g_strdup (label);
  self->index = index;
  self->launches = usage->launches;
  self->delays[0] = usage->delay_p50_ns;
  self->delays[1] = usage->delay_p90_ns;
  self->delays[2] = usage->delay_p99_ns;
  self->delays[3] = usage->delay_max_ns;
  self->queue = usage->queue_max;
  return self;
}

const char *
st_stream_launches_get_label (StStreamLaunches *self)
{
  g_return_val_if_fail (ST_IS_STREAM_LAUNCHES (self), NULL);
  return self->label;
}

guint
st_stream_launches_get_launches (StStreamLaunches *self)
{
  g_return_val_if_fail (ST_IS_STREAM_LAUNCHES (self), 0);
  return self->launches;
}

gint64
st_stream_launches_get_delay (StStreamLaunches *self, guint i)
{
  g_return_val_if_fail (ST_IS_STREAM_LAUNCHES (self) && i < G_N_ELEMENTS (self->delays), 0);
  return self->delays[i];
}

guint
st_stream_launches_get_queue (StStreamLaunches *self)
{
  g_return_val_if_fail (ST_IS_STREAM_LAUNCHES (self), 0);
  return self->queue;
}
