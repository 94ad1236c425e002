/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-fleet"

#include "config.h"

#include "st-fleet-rank-item.h"

#include <math.h>

struct _StFleetRankItem
{
  GObject  parent_instance;
  GObject *owner;
  StFleet *fleet;
  guint    row;
};

G_DEFINE_FINAL_TYPE (StFleetRankItem, st_fleet_rank_item, G_TYPE_OBJECT)

/* The numbers a table sorts by; a number absent is NAN, which a sorter
 * puts last. */
enum
{
  PROP_0,
  PROP_ROW,
  PROP_LABEL,
  PROP_BUSY,
  PROP_COMPUTE,
  PROP_EXPOSED,
  PROP_STEPS,
  PROP_MEDIAN_STEP,
  PROP_SLOWEST_COUNT,
  PROP_CAUSED_WAIT,
  PROP_LINK_EXCESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_fleet_rank_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StFleetRankItem   *self = ST_FLEET_RANK_ITEM (object);
  const StFleetRank *r = st_fleet_get_rank (self->fleet, self->row);

  switch (prop_id)
    {
    case PROP_ROW: g_value_set_uint (value, self->row); break;
    case PROP_LABEL: g_value_set_string (value, r->label); break;
    case PROP_BUSY: g_value_set_double (value, r->device_busy_percent); break;
    case PROP_COMPUTE: g_value_set_double (value, r->compute_time_ns); break;
    case PROP_EXPOSED: g_value_set_double (value, r->exposed_communication_ns); break;
    case PROP_STEPS: g_value_set_uint (value, r->n_steps); break;
    case PROP_MEDIAN_STEP: g_value_set_double (value, r->median_step_ns); break;
    case PROP_SLOWEST_COUNT: g_value_set_uint (value, r->slowest_count); break;
    case PROP_CAUSED_WAIT: g_value_set_int64 (value, r->caused_wait_ns); break;
    case PROP_LINK_EXCESS: g_value_set_int64 (value, r->link_excess_ns); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_fleet_rank_item_finalize (GObject *object)
{
  g_clear_object (&ST_FLEET_RANK_ITEM (object)->owner);
  G_OBJECT_CLASS (st_fleet_rank_item_parent_class)->finalize (object);
}

static GParamSpec *
double_spec (const char *name)
{
  return g_param_spec_double (name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static void
st_fleet_rank_item_class_init (StFleetRankItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags   flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = st_fleet_rank_item_get_property;
  object_class->finalize = st_fleet_rank_item_finalize;
  properties[PROP_ROW] = g_param_spec_uint ("row", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, flags);
  properties[PROP_BUSY] = double_spec ("device-busy-percent");
  properties[PROP_COMPUTE] = double_spec ("compute-time-ns");
  properties[PROP_EXPOSED] = double_spec ("exposed-communication-ns");
  properties[PROP_STEPS] = g_param_spec_uint ("steps", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_MEDIAN_STEP] = double_spec ("median-step-ns");
  properties[PROP_SLOWEST_COUNT]
      = g_param_spec_uint ("slowest-count", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_CAUSED_WAIT]
      = g_param_spec_int64 ("caused-wait-ns", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_LINK_EXCESS]
      = g_param_spec_int64 ("link-excess-ns", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_fleet_rank_item_init (StFleetRankItem *self)
{
}

StFleetRankItem *
st_fleet_rank_item_new (GObject *owner, StFleet *fleet, guint row)
{
  StFleetRankItem *self;

  g_return_val_if_fail (G_IS_OBJECT (owner) && fleet != NULL, NULL);
  g_return_val_if_fail (row < st_fleet_get_n_ranks (fleet), NULL);

  self = g_object_new (ST_TYPE_FLEET_RANK_ITEM, NULL);
  self->owner = g_object_ref (owner);
  self->fleet = fleet;
  self->row = row;
  return self;
}

guint
st_fleet_rank_item_get_row (StFleetRankItem *self)
{
  g_return_val_if_fail (ST_IS_FLEET_RANK_ITEM (self), 0);
  return self->row;
}

const StFleetRank *
st_fleet_rank_item_get_rank (StFleetRankItem *self)
{
  g_return_val_if_fail (ST_IS_FLEET_RANK_ITEM (self), NULL);
  return st_fleet_get_rank (self->fleet, self->row);
}

const char *
st_fleet_rank_item_get_path (StFleetRankItem *self)
{
  g_return_val_if_fail (ST_IS_FLEET_RANK_ITEM (self), NULL);
  return st_fleet_get_digest (self->fleet, self->row)->path;
}
