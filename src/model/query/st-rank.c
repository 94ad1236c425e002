/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-rank.h"

struct _StRank
{
  GObject parent_instance;

  char    *label;
  guint    file;
  gboolean has_device;
  double   busy; /* percent */
  gint64   communication;
  gint64   exposed;
  guint    slowest;      /* collectives it was the straggler of */
  gint64   late;         /* summed lateness of those */
  guint    matched;      /* collectives matched across ranks in the range */
  guint    no_straggler; /* of those, the ones every rank started within 1 µs */
};

G_DEFINE_FINAL_TYPE (StRank, st_rank, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_FILE,
  PROP_HAS_DEVICE,
  PROP_BUSY,
  PROP_COMMUNICATION,
  PROP_EXPOSED,
  PROP_SLOWEST,
  PROP_LATE,
  PROP_MATCHED,
  PROP_NO_STRAGGLER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_rank_finalize (GObject *object)
{
  g_free (ST_RANK (object)->label);
  G_OBJECT_CLASS (st_rank_parent_class)->finalize (object);
}

static void
st_rank_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRank *self = ST_RANK (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, self->label); break;
    case PROP_FILE: g_value_set_uint (value, self->file); break;
    case PROP_HAS_DEVICE: g_value_set_boolean (value, self->has_device); break;
    case PROP_BUSY: g_value_set_double (value, st_rank_get_busy_percent (self)); break;
    case PROP_COMMUNICATION: g_value_set_int64 (value, self->communication); break;
    case PROP_EXPOSED: g_value_set_int64 (value, self->exposed); break;
    case PROP_SLOWEST: g_value_set_uint (value, self->slowest); break;
    case PROP_LATE: g_value_set_int64 (value, self->late); break;
    case PROP_MATCHED: g_value_set_uint (value, self->matched); break;
    case PROP_NO_STRAGGLER: g_value_set_uint (value, self->no_straggler); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_rank_class_init (StRankClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_rank_finalize;
  object_class->get_property = st_rank_get_property;

  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_FILE] = g_param_spec_uint ("file", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_HAS_DEVICE] = g_param_spec_boolean ("has-device", NULL, NULL, FALSE, f);
  /* -1 without device events: such a rank sorts first */
  properties[PROP_BUSY] = g_param_spec_double ("busy", NULL, NULL, -1, G_MAXDOUBLE, 0, f);
  properties[PROP_COMMUNICATION]
      = g_param_spec_int64 ("communication", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_EXPOSED] = g_param_spec_int64 ("exposed", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_SLOWEST] = g_param_spec_uint ("slowest", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_LATE] = g_param_spec_int64 ("late", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_MATCHED] = g_param_spec_uint ("matched", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_NO_STRAGGLER]
      = g_param_spec_uint ("no-straggler", NULL, NULL, 0, G_MAXUINT, 0, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_rank_init (StRank *self)
{
}

StRank *
st_rank_new (const StRankUsage *usage, guint matched, guint no_straggler)
{
  StRank *self = g_object_new (ST_TYPE_RANK, NULL);

  self->label = g_strdup (usage->label);
  self->file = usage->file;
  self->has_device = usage->has_device;
  self->busy = usage->device_busy_percent;
  self->communication = usage->communication_ns;
  self->exposed = usage->exposed_communication_ns;
  self->slowest = usage->slowest_count;
  self->late = usage->slowest_total_ns;
  self->matched = matched;
  self->no_straggler = no_straggler;
  return self;
}

const char *
st_rank_get_label (StRank *self)
{
  g_return_val_if_fail (ST_IS_RANK (self), NULL);
  return self->label;
}

double
st_rank_get_busy_percent (StRank *self)
{
  g_return_val_if_fail (ST_IS_RANK (self), -1);
  return self->has_device ? self->busy : -1;
}

guint
st_rank_get_slowest (StRank *self)
{
  g_return_val_if_fail (ST_IS_RANK (self), 0);
  return self->slowest;
}
