#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recommendation-item.h"

#include "st-summary-section.h"

#include <glib/gi18n.h>

struct _StRecommendationItem
{
  GObject parent_instance;

  guint  number; /* from 1 */
  char  *measured;
  char  *cause;
  char  *action;
  char  *rule;
  gint64 start;
  gint64 end;
};

G_DEFINE_FINAL_TYPE (StRecommendationItem, st_recommendation_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NUMBER,
  PROP_MEASURED,
  PROP_CAUSE,
  PROP_ACTION,
  PROP_RULE,
  PROP_RANGE,
  PROP_RANGE_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_recommendation_item_finalize (GObject *object)
{
  StRecommendationItem *self = ST_RECOMMENDATION_ITEM (object);

  g_free (self->measured);
  g_free (self->cause);
  g_free (self->action);
  g_free (self->rule);
  G_OBJECT_CLASS (st_recommendation_item_parent_class)->finalize (object);
}

static void
st_recommendation_item_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  StRecommendationItem *self = ST_RECOMMENDATION_ITEM (object);

  switch (prop_id)
    {
    case PROP_NUMBER: g_value_take_string (value, g_strdup_printf ("%u", self->number)); break;
    case PROP_MEASURED: g_value_set_string (value, self->measured); break;
    case PROP_CAUSE:
      g_value_take_string (value, g_strdup_printf (_ ("Cause: %s"), self->cause));
      break;
    case PROP_ACTION:
      g_value_take_string (value, g_strdup_printf (_ ("Action: %s"), self->action));
      break;
    case PROP_RULE: g_value_set_string (value, self->rule); break;
    case PROP_RANGE:
      g_value_set_variant (value, g_variant_new ("(xx)", self->start, self->end));
      break;
    case PROP_RANGE_TEXT:
      g_value_take_string (value, st_summary_section_format_range (self->start, self->end));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_recommendation_item_class_init (StRecommendationItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_recommendation_item_finalize;
  object_class->get_property = st_recommendation_item_get_property;
  /* texts as the list shows them */
  properties[PROP_NUMBER] = g_param_spec_string ("number", NULL, NULL, NULL, f);
  properties[PROP_MEASURED] = g_param_spec_string ("measured", NULL, NULL, NULL, f);
  properties[PROP_CAUSE] = g_param_spec_string ("cause", NULL, NULL, NULL, f);
  properties[PROP_ACTION] = g_param_spec_string ("action", NULL, NULL, NULL, f);
  properties[PROP_RULE] = g_param_spec_string ("rule", NULL, NULL, NULL, f);
  /* the target of summary.show-range */
  properties[PROP_RANGE]
      = g_param_spec_variant ("range", NULL, NULL, G_VARIANT_TYPE ("(xx)"), NULL, f);
  properties[PROP_RANGE_TEXT] = g_param_spec_string ("range-text", NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_recommendation_item_init (StRecommendationItem *self)
{
}

GListModel *
st_recommendation_item_new_model (StSummary *summary)
{
  GListStore *store = g_list_store_new (ST_TYPE_RECOMMENDATION_ITEM);

  g_return_val_if_fail (summary != NULL, G_LIST_MODEL (store));

  for (guint i = 0; i < st_summary_get_n_recommendations (summary); i++)
    {
      const StRecommendation *r = st_summary_get_recommendation (summary, i);
      StRecommendationItem   *item = g_object_new (ST_TYPE_RECOMMENDATION_ITEM, NULL);

      item->number = i + 1;
      item->measured = g_strdup (r->measured);
      item->cause = g_strdup (r->cause);
      item->action = g_strdup (r->action);
      item->rule = g_strdup (r->rule);
      item->start = r->start_ns;
      item->end = r->end_ns;
      g_list_store_append (store, item);
      g_object_unref (item);
    }
  return G_LIST_MODEL (store);
}
