/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-operation-diff-item.h"
#include "st-compare-format.h"
#include "st-delta-label.h"
#include "st-operation-name.h"

#include <glib/gi18n.h>

enum
{
  TEXT_NAME,
  TEXT_SHORT_NAME,
  TEXT_TOOLTIP,
  TEXT_BASE_COUNT,
  TEXT_BASE_TOTAL,
  TEXT_BASE_MEAN,
  TEXT_NEW_COUNT,
  TEXT_NEW_TOTAL,
  TEXT_NEW_MEAN,
  TEXT_DELTA,
  TEXT_PERCENT,
  TEXT_MATCH,
  TEXT_MATCH_TOOLTIP,
  N_TEXTS
};

struct _StOperationDiffItem
{
  GObject parent_instance;

  char   *texts[N_TEXTS];
  gint64  delta_ns;
  double  delta_percent; /* -G_MAXDOUBLE when absent, so it sorts last */
  gint64  base_total_ns;
  gint64  new_total_ns;
  GArray *ids[ST_N_DIFF_SIDES];
};

G_DEFINE_FINAL_TYPE (StOperationDiffItem, st_operation_diff_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_DELTA_NS = N_TEXTS + 1,
  PROP_DELTA_PERCENT,
  PROP_BASE_TOTAL_NS,
  PROP_NEW_TOTAL_NS,
  PROP_JUDGEMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_operation_diff_item_finalize (GObject *object)
{
  StOperationDiffItem *self = ST_OPERATION_DIFF_ITEM (object);

  for (guint i = 0; i < N_TEXTS; i++)
    g_clear_pointer (&self->texts[i], g_free);
  for (guint i = 0; i < ST_N_DIFF_SIDES; i++)
    g_clear_pointer (&self->ids[i], g_array_unref);
  G_OBJECT_CLASS (st_operation_diff_item_parent_class)->finalize (object);
}

static void
st_operation_diff_item_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StOperationDiffItem *self = ST_OPERATION_DIFF_ITEM (object);

  switch (prop_id)
    {
    case PROP_DELTA_NS: g_value_set_int64 (value, self->delta_ns); break;
    case PROP_DELTA_PERCENT: g_value_set_double (value, self->delta_percent); break;
    case PROP_BASE_TOTAL_NS: g_value_set_int64 (value, self->base_total_ns); break;
    case PROP_NEW_TOTAL_NS: g_value_set_int64 (value, self->new_total_ns); break;
    case PROP_JUDGEMENT:
      /* the same work taking longer is a regression */
      g_value_set_int (value, self->delta_ns > 0   ? ST_DELTA_WORSE
                              : self->delta_ns < 0 ? ST_DELTA_BETTER
                                                   : ST_DELTA_UNJUDGED);
      break;
    default:
      if (prop_id >= 1 && prop_id <= N_TEXTS)
        g_value_set_string (value, self->texts[prop_id - 1]);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_operation_diff_item_class_init (StOperationDiffItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const char *const names[N_TEXTS]
      = { "name",      "short-name", "tooltip",      "base-count", "base-total",
          "base-mean", "new-count",  "new-total",    "new-mean",   "delta",
          "percent",   "match",      "match-tooltip" };
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_operation_diff_item_finalize;
  object_class->get_property = st_operation_diff_item_get_property;

  for (guint i = 0; i < N_TEXTS; i++)
    g_object_class_install_property (object_class, i + 1,
                                     g_param_spec_string (names[i], NULL, NULL, NULL, flags));
  properties[PROP_DELTA_NS]
      = g_param_spec_int64 ("delta-ns", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_DELTA_PERCENT]
      = g_param_spec_double ("delta-percent", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_BASE_TOTAL_NS]
      = g_param_spec_int64 ("base-total-ns", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_NEW_TOTAL_NS]
      = g_param_spec_int64 ("new-total-ns", NULL, NULL, G_MININT64, G_MAXINT64, 0, flags);
  properties[PROP_JUDGEMENT] = g_param_spec_int ("judgement", NULL, NULL, ST_DELTA_UNJUDGED,
                                                 ST_DELTA_WORSE, ST_DELTA_UNJUDGED, flags);
  for (guint i = PROP_DELTA_NS; i < N_PROPS; i++)
    g_object_class_install_property (object_class, i, properties[i]);
}

static void
st_operation_diff_item_init (StOperationDiffItem *self)
{
}

/* "exact", "normalized", "added" or "removed", and what the tooltip says
 * of it: a normalized row lists the base's names. */
static void
describe_match (StOperationDiffItem      *self,
                const StOperationDiffRow *row,
                const char               *base_name,
                const char               *new_name)
{
  g_autoptr (GString) names = g_string_new (NULL);

  self->texts[TEXT_MATCH] = g_strdup (st_operation_match_to_string (row->match));
  switch (row->match)
    {
    case ST_OPERATION_MATCH_EXACT:
      /* Translators: the two sides compared, "the baseline" and "the current profile" */
      self->texts[TEXT_MATCH_TOOLTIP]
          = g_strdup_printf (_ ("The same name in %s and %s"), base_name, new_name);
      break;
    case ST_OPERATION_MATCH_NORMALIZED:
      for (guint i = 0; row->base_names != NULL && i < row->base_names->len; i++)
        g_string_append_printf (names, "\n%s", (char *)g_ptr_array_index (row->base_names, i));
      /* Translators: the side the names are from ("the baseline"), then its names */
      self->texts[TEXT_MATCH_TOOLTIP]
          = g_strdup_printf (_ ("The same name once template arguments, addresses and numeric "
                                "suffixes are left out. Its names in %s:%s"),
                             base_name, names->str);
      break;
    case ST_OPERATION_MATCH_ADDED:
      /* Translators: a side compared, "the current profile" or a region's name */
      self->texts[TEXT_MATCH_TOOLTIP] = g_strdup_printf (_ ("Only in %s"), new_name);
      break;
    default: self->texts[TEXT_MATCH_TOOLTIP] = g_strdup_printf (_ ("Only in %s"), base_name); break;
    }
}

StOperationDiffItem *
st_operation_diff_item_new (const StOperationDiffRow *row,
                            const char               *base_name,
                            const char               *new_name)
{
  StOperationDiffItem *self = g_object_new (ST_TYPE_OPERATION_DIFF_ITEM, NULL);

  self->texts[TEXT_NAME] = g_strdup (row->name);
  /* the Operations table's short form: a kernel's name and template
   * arguments, without its namespaces and parameters; whole in the tooltip */
  self->texts[TEXT_SHORT_NAME] = st_operation_name_shorten (row->name, NULL);
  self->texts[TEXT_TOOLTIP] = g_strdup (row->name);
  self->texts[TEXT_BASE_COUNT] = st_compare_format_count (row->base_count);
  self->texts[TEXT_BASE_TOTAL] = st_compare_format_duration (row->base_total_ns);
  self->texts[TEXT_BASE_MEAN] = st_compare_format_duration (row->base_mean_ns);
  self->texts[TEXT_NEW_COUNT] = st_compare_format_count (row->new_count);
  self->texts[TEXT_NEW_TOTAL] = st_compare_format_duration (row->new_total_ns);
  self->texts[TEXT_NEW_MEAN] = st_compare_format_duration (row->new_mean_ns);
  self->texts[TEXT_DELTA] = st_compare_format_delta_duration (row->delta_ns);
  self->texts[TEXT_PERCENT]
      = st_compare_format_percent (row->has_delta_percent, row->delta_percent);
  describe_match (self, row, base_name, new_name);
  self->delta_ns = row->delta_ns;
  self->delta_percent = row->has_delta_percent ? row->delta_percent : -G_MAXDOUBLE;
  self->base_total_ns = row->base_total_ns;
  self->new_total_ns = row->new_total_ns;
  self->ids[ST_DIFF_BASE] = g_array_copy (row->base_ids);
  self->ids[ST_DIFF_NEW] = g_array_copy (row->new_ids);
  return self;
}

GArray *
st_operation_diff_item_get_ids (StOperationDiffItem *self, StDiffSide side)
{
  g_return_val_if_fail (ST_IS_OPERATION_DIFF_ITEM (self), NULL);
  g_return_val_if_fail (side < ST_N_DIFF_SIDES, NULL);
  return self->ids[side];
}

GArray *
st_operation_diff_item_find_instances (StOperationDiffItem *self,
                                       StDiffSide           side,
                                       StTrace             *trace,
                                       gint64               start,
                                       gint64               end)
{
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (StEventRef));
  GArray *ids;

  g_return_val_if_fail (ST_IS_OPERATION_DIFF_ITEM (self), refs);
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
