/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-recommendation-item.h"

#include "st-format.h"
#include "st-summary-section.h"

#include <glib/gi18n.h>
#include <string.h>

struct _StRecommendationItem
{
  GObject parent_instance;

  guint  number; /* from 1 */
  char  *measured;
  char  *detail; /* what is at stake */
  char  *action; /* NULL where no fix applies */
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
  PROP_DETAIL,
  PROP_ACTION,
  PROP_HAS_ACTION,
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
  g_free (self->detail);
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
    case PROP_DETAIL: g_value_set_string (value, self->detail); break;
    case PROP_ACTION:
      g_value_take_string (
          value, self->action != NULL ? g_strdup_printf (_ ("Action: %s"), self->action) : NULL);
      break;
    case PROP_HAS_ACTION: g_value_set_boolean (value, self->action != NULL); break;
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
  properties[PROP_DETAIL] = g_param_spec_string ("detail", NULL, NULL, NULL, f);
  properties[PROP_ACTION] = g_param_spec_string ("action", NULL, NULL, NULL, f);
  properties[PROP_HAS_ACTION] = g_param_spec_boolean ("has-action", NULL, NULL, FALSE, f);
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

/* "12.3 ms at stake", or for a rule of the Neuron table, which has none,
 * that it is the table's. */
static char *
detail_of (const StFinding *f)
{
  g_autofree char *stake = NULL;

  if (f->kind == ST_FINDING_RULE)
    return g_strdup (_ ("From Neuron Explorer's rule table"));
  stake = st_format_duration (f->time_at_stake_ns);
  /* Translators: the time a fix of a finding could recover */
  return g_strdup_printf (_ ("At stake: %s"), stake);
}

/* The finding's text in markup, its kind (what it opens with) in bold. */
static char *
measured_markup (const StFinding *f)
{
  if (f->title != NULL && g_str_has_prefix (f->text, f->title))
    {
      g_autofree char *title = g_markup_escape_text (f->title, -1);
      g_autofree char *rest = g_markup_escape_text (f->text + strlen (f->title), -1);

      return g_strdup_printf ("<b>%s</b>%s", title, rest);
    }
  return g_markup_escape_text (f->text, -1);
}

GListModel *
st_recommendation_item_new_model (StDiagnosis *diagnosis)
{
  GListStore *store = g_list_store_new (ST_TYPE_RECOMMENDATION_ITEM);

  g_return_val_if_fail (diagnosis != NULL, G_LIST_MODEL (store));

  for (guint i = 0; i < st_diagnosis_get_n_shown (diagnosis); i++)
    {
      const StFinding      *f = st_diagnosis_get_finding (diagnosis, i);
      StRecommendationItem *item = g_object_new (ST_TYPE_RECOMMENDATION_ITEM, NULL);

      item->number = i + 1;
      item->measured = measured_markup (f);
      item->detail = detail_of (f);
      item->action = g_strdup (f->action);
      item->rule = g_strdup (f->id);
      item->start = f->start_ns;
      item->end = f->end_ns;
      g_list_store_append (store, item);
      g_object_unref (item);
    }
  return G_LIST_MODEL (store);
}
