/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-diff-operation.h"
#include "st-operation-name.h"

struct _StDiffOperation
{
  GObject parent_instance;

  char             *name;
  char             *short_name; /* st_operation_name_shorten () */
  StOperationsTable table;
  StOperationMatch  match;
  double            base_count;
  gint64            base_total;
  gint64            base_mean;
  double            new_count;
  gint64            new_total;
  gint64            new_mean;
  gint64            delta;
  gboolean          has_percent;
  double            percent;
  GStrv             base_names;
  GArray           *ids[ST_N_DIFF_SIDES]; /* StStringId */
};

G_DEFINE_FINAL_TYPE (StDiffOperation, st_diff_operation, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_SHORT_NAME,
  PROP_TABLE,
  PROP_MATCH,
  PROP_BASE_COUNT,
  PROP_BASE_TOTAL,
  PROP_BASE_MEAN,
  PROP_NEW_COUNT,
  PROP_NEW_TOTAL,
  PROP_NEW_MEAN,
  PROP_DELTA,
  PROP_HAS_PERCENT,
  PROP_PERCENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_diff_operation_finalize (GObject *object)
{
  StDiffOperation *self = ST_DIFF_OPERATION (object);

  g_free (self->name);
  g_free (self->short_name);
  g_strfreev (self->base_names);
  for (guint i = 0; i < ST_N_DIFF_SIDES; i++)
    g_clear_pointer (&self->ids[i], g_array_unref);
  G_OBJECT_CLASS (st_diff_operation_parent_class)->finalize (object);
}

static void
st_diff_operation_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StDiffOperation *self = ST_DIFF_OPERATION (object);

  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_SHORT_NAME: g_value_set_string (value, self->short_name); break;
    case PROP_TABLE: g_value_set_int (value, self->table); break;
    case PROP_MATCH: g_value_set_int (value, self->match); break;
    case PROP_BASE_COUNT: g_value_set_double (value, self->base_count); break;
    case PROP_BASE_TOTAL: g_value_set_int64 (value, self->base_total); break;
    case PROP_BASE_MEAN: g_value_set_int64 (value, self->base_mean); break;
    case PROP_NEW_COUNT: g_value_set_double (value, self->new_count); break;
    case PROP_NEW_TOTAL: g_value_set_int64 (value, self->new_total); break;
    case PROP_NEW_MEAN: g_value_set_int64 (value, self->new_mean); break;
    case PROP_DELTA: g_value_set_int64 (value, self->delta); break;
    case PROP_HAS_PERCENT: g_value_set_boolean (value, self->has_percent); break;
    case PROP_PERCENT:
      g_value_set_double (value, self->has_percent ? self->percent : -G_MAXDOUBLE);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
int64_property (const char *name)
{
  return g_param_spec_int64 (name, NULL, NULL, G_MININT64, G_MAXINT64, 0,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
double_property (const char *name)
{
  return g_param_spec_double (name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

static void
st_diff_operation_class_init (StDiffOperationClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_diff_operation_finalize;
  object_class->get_property = st_diff_operation_get_property;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, f);
  properties[PROP_SHORT_NAME] = g_param_spec_string ("short-name", NULL, NULL, NULL, f);
  properties[PROP_TABLE] = g_param_spec_int ("table", NULL, NULL, 0, ST_N_OPERATIONS_TABLES - 1,
                                             ST_OPERATIONS_KERNELS, f);
  properties[PROP_MATCH]
      = g_param_spec_int ("match", NULL, NULL, ST_OPERATION_MATCH_EXACT, ST_OPERATION_MATCH_REMOVED,
                          ST_OPERATION_MATCH_EXACT, f);
  properties[PROP_BASE_COUNT] = double_property ("base-count");
  properties[PROP_BASE_TOTAL] = int64_property ("base-total");
  properties[PROP_BASE_MEAN] = int64_property ("base-mean");
  properties[PROP_NEW_COUNT] = double_property ("new-count");
  properties[PROP_NEW_TOTAL] = int64_property ("new-total");
  properties[PROP_NEW_MEAN] = int64_property ("new-mean");
  properties[PROP_DELTA] = int64_property ("delta");
  properties[PROP_HAS_PERCENT] = g_param_spec_boolean ("has-percent", NULL, NULL, FALSE, f);
  /* -G_MAXDOUBLE without a base total (an added row): it sorts last */
  properties[PROP_PERCENT] = double_property ("percent");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_diff_operation_init (StDiffOperation *self)
{
}

StDiffOperation *
st_diff_operation_new (const StOperationDiffRow *row)
{
  StDiffOperation *self = g_object_new (ST_TYPE_DIFF_OPERATION, NULL);

  self->name = g_strdup (row->name);
  self->short_name = st_operation_name_shorten (row->name, NULL);
  self->table = row->table;
  self->match = row->match;
  self->base_count = row->base_count;
  self->base_total = row->base_total_ns;
  self->base_mean = row->base_mean_ns;
  self->new_count = row->new_count;
  self->new_total = row->new_total_ns;
  self->new_mean = row->new_mean_ns;
  self->delta = row->delta_ns;
  self->has_percent = row->has_delta_percent;
  self->percent = row->delta_percent;
  if (row->base_names != NULL)
    {
      self->base_names = g_new0 (char *, row->base_names->len + 1);
      for (guint i = 0; i < row->base_names->len; i++)
        self->base_names[i] = g_strdup (g_ptr_array_index (row->base_names, i));
    }
  self->ids[ST_DIFF_BASE] = g_array_copy (row->base_ids);
  self->ids[ST_DIFF_NEW] = g_array_copy (row->new_ids);
  return self;
}

GListModel *
st_operation_diff_list_rows (StOperationDiff *diff, StOperationsTable table)
{
  GListStore           *store = g_list_store_new (ST_TYPE_DIFF_OPERATION);
  g_autoptr (GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; diff != NULL && i < st_operation_diff_get_n_rows (diff); i++)
    {
      const StOperationDiffRow *row = st_operation_diff_get_row (diff, i);

      if (row->table == table)
        g_ptr_array_add (objects, st_diff_operation_new (row));
    }
  g_list_store_splice (store, 0, 0, objects->pdata, objects->len);
  return G_LIST_MODEL (store);
}

const char *
st_diff_operation_get_name (StDiffOperation *self)
{
  g_return_val_if_fail (ST_IS_DIFF_OPERATION (self), NULL);
  return self->name;
}

StOperationMatch
st_diff_operation_get_match (StDiffOperation *self)
{
  g_return_val_if_fail (ST_IS_DIFF_OPERATION (self), ST_OPERATION_MATCH_EXACT);
  return self->match;
}

gint64
st_diff_operation_get_delta (StDiffOperation *self)
{
  g_return_val_if_fail (ST_IS_DIFF_OPERATION (self), 0);
  return self->delta;
}

const char *const *
st_diff_operation_get_base_names (StDiffOperation *self)
{
  g_return_val_if_fail (ST_IS_DIFF_OPERATION (self), NULL);
  return (const char *const *)self->base_names;
}

GArray *
st_diff_operation_find_instances (StDiffOperation *self,
                                  StDiffSide       side,
                                  StTrace         *trace,
                                  gint64           start,
                                  gint64           end)
{
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  GArray *ids;

  g_return_val_if_fail (ST_IS_DIFF_OPERATION (self), refs);
  g_return_val_if_fail (side < ST_N_DIFF_SIDES, refs);

  ids = self->ids[side];
  for (guint t = 0; ids->len > 0 && t < st_trace_get_n_tracks (trace); t++)
    {
      const StTrack *track = st_trace_get_track (trace, t);

      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *slice = &track->slices[i];

          if (slice->start >= end || slice->start + slice->dur <= start)
            continue;
          for (guint k = 0; k < ids->len; k++)
            if (slice->name == g_array_index (ids, StStringId, k))
              g_array_append_val (refs, ((StEventRef){ t, i, ST_EVENT_SLICE }));
        }
    }
  return refs;
}
