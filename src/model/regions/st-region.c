/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-region.h"
#include "st-region-private.h"

#include <glib/gi18n-lib.h>

struct _StRegion
{
  GObject parent_instance;

  char          *name;
  gint64         start;
  gint64         end;
  StRegionMethod method;
  guint64        id; /* in the regions of StRegionSet; 0 until a set holds it */
};

G_DEFINE_FINAL_TYPE (StRegion, st_region, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_START,
  PROP_END,
  PROP_DURATION,
  PROP_METHOD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Indexed by StRegionMethod: the word in files, and what a person reads. */
static const struct
{
  const char *string;
  const char *label;
} methods[ST_N_REGION_METHODS] = {
  [ST_REGION_MANUAL] = { "manual", N_ ("Added by hand") },
  [ST_REGION_COLLECTIVES] = { "collectives", N_ ("Between collectives") },
  [ST_REGION_HIERARCHY] = { "hierarchy", N_ ("Hierarchy") },
  [ST_REGION_STACK] = { "stack", N_ ("Kernel stack frames") },
};

const char *
st_region_method_to_string (StRegionMethod method)
{
  g_return_val_if_fail ((guint)method < ST_N_REGION_METHODS, NULL);

  return methods[method].string;
}

gboolean
st_region_method_from_string (const char *string, StRegionMethod *out)
{
  g_return_val_if_fail (string != NULL, FALSE);

  for (guint i = 0; i < ST_N_REGION_METHODS; i++)
    if (g_str_equal (string, methods[i].string))
      {
        if (out != NULL)
          *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
st_region_method_get_label (StRegionMethod method)
{
  g_return_val_if_fail ((guint)method < ST_N_REGION_METHODS, NULL);

  return _ (methods[method].label);
}

static void
st_region_finalize (GObject *object)
{
  StRegion *self = ST_REGION (object);

  g_clear_pointer (&self->name, g_free);
  G_OBJECT_CLASS (st_region_parent_class)->finalize (object);
}

static void
st_region_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRegion *self = ST_REGION (object);

  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_START: g_value_set_int64 (value, self->start); break;
    case PROP_END: g_value_set_int64 (value, self->end); break;
    case PROP_DURATION: g_value_set_int64 (value, st_region_get_duration (self)); break;
    case PROP_METHOD: g_value_set_int (value, self->method); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  StRegion *self = ST_REGION (object);

  switch (prop_id)
    {
    case PROP_NAME: self->name = g_value_dup_string (value); break;
    case PROP_START: self->start = g_value_get_int64 (value); break;
    case PROP_END: self->end = g_value_get_int64 (value); break;
    case PROP_METHOD: self->method = g_value_get_int (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_constructed (GObject *object)
{
  StRegion *self = ST_REGION (object);

  G_OBJECT_CLASS (st_region_parent_class)->constructed (object);

  if (self->name == NULL)
    self->name = g_strdup ("");
  if (self->end < self->start)
    {
      g_critical ("A region cannot end (%" G_GINT64_FORMAT ") before it starts (%" G_GINT64_FORMAT
                  ")",
                  self->end, self->start);
      self->end = self->start;
    }
}

static void
st_region_class_init (StRegionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_region_finalize;
  object_class->get_property = st_region_get_property;
  object_class->set_property = st_region_set_property;
  object_class->constructed = st_region_constructed;

  /* Writable only at construction: later renames go through StRegionSet,
   * which notifies this property. */
  properties[PROP_NAME]
      = g_param_spec_string ("name", NULL, NULL, NULL,
                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY
                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_START]
      = g_param_spec_int64 ("start", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_END]
      = g_param_spec_int64 ("end", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DURATION] = g_param_spec_int64 ("duration", NULL, NULL, 0, G_MAXINT64, 0,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_METHOD]
      = g_param_spec_int ("method", NULL, NULL, 0, ST_N_REGION_METHODS - 1, ST_REGION_MANUAL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_region_init (StRegion *self)
{
}

StRegion *
st_region_new (const char *name, gint64 start, gint64 end, StRegionMethod method)
{
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (g_utf8_validate (name, -1, NULL), NULL);
  g_return_val_if_fail (end >= start, NULL);
  g_return_val_if_fail ((guint)method < ST_N_REGION_METHODS, NULL);

  return g_object_new (ST_TYPE_REGION, "name", name, "start", start, "end", end, "method",
                       (int)method, NULL);
}

const char *
st_region_get_name (StRegion *self)
{
  g_return_val_if_fail (ST_IS_REGION (self), NULL);

  return self->name;
}

gint64
st_region_get_start (StRegion *self)
{
  g_return_val_if_fail (ST_IS_REGION (self), 0);

  return self->start;
}

gint64
st_region_get_end (StRegion *self)
{
  g_return_val_if_fail (ST_IS_REGION (self), 0);

  return self->end;
}

/* Saturates for a region that spans more than G_MAXINT64 nanoseconds. */
gint64
st_region_get_duration (StRegion *self)
{
  g_return_val_if_fail (ST_IS_REGION (self), 0);

  return (guint64)self->end - (guint64)self->start > G_MAXINT64
             ? G_MAXINT64
             : (gint64)((guint64)self->end - (guint64)self->start);
}

StRegionMethod
st_region_get_method (StRegion *self)
{
  g_return_val_if_fail (ST_IS_REGION (self), ST_REGION_MANUAL);

  return self->method;
}

void
st_region_set_name (StRegion *self, const char *name)
{
  g_return_if_fail (ST_IS_REGION (self));
  g_return_if_fail (name != NULL);

  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

/* A region of a set: @id is its entry's. */
StRegion *
st_region_new_with_id (const char    *name,
                       gint64         start,
                       gint64         end,
                       StRegionMethod method,
                       guint64        id)
{
  StRegion *self = st_region_new (name, start, end, method);

  self->id = id;
  return self;
}

/* The region's id, given now when it has none. */
guint64
st_region_ensure_id (StRegion *self)
{
  g_return_val_if_fail (ST_IS_REGION (self), 0);

  if (self->id == 0)
    self->id = st_region_array_reserve_ids (1);
  return self->id;
}
