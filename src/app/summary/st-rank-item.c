#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-rank-item.h"

#include "st-format.h"

#include <glib/gi18n.h>

struct _StRankItem
{
  GObject parent_instance;

  char    *label;
  guint    file;
  gboolean has_device;
  double   busy; /* percent */
  gint64   communication;
  gint64   exposed;
  guint    slowest;      /* collectives it was the straggler of */
  guint    matched;      /* collectives matched across ranks in the range */
  guint    no_straggler; /* of those, the ones every rank started within 1 µs */
  gint64   late;         /* summed lateness of those it was the straggler of */
};

G_DEFINE_FINAL_TYPE (StRankItem, st_rank_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_FILE,
  PROP_BUSY,
  PROP_COMMUNICATION,
  PROP_EXPOSED,
  PROP_SLOWEST,
  PROP_BUSY_TEXT,
  PROP_COMMUNICATION_TEXT,
  PROP_EXPOSED_TEXT,
  PROP_SLOWEST_TEXT,
  PROP_SLOWEST_TOOLTIP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_rank_item_finalize (GObject *object)
{
  g_free (ST_RANK_ITEM (object)->label);
  G_OBJECT_CLASS (st_rank_item_parent_class)->finalize (object);
}

static char *
slowest_text (StRankItem *self)
{
  /* Translators: in how many of the collectives matched across ranks this
   * rank was the straggler (started last, 1 µs or more after the first),
   * "3 of 20" */
  return g_strdup_printf (_ ("%u of %u"), self->slowest, self->matched);
}

/* Whether the rank made the others wait, and, when some collectives had
 * no straggler at all, how many: they count for no rank. */
static char *
slowest_tooltip (StRankItem *self)
{
  g_autofree char *late = st_format_duration (self->late);
  g_autofree char *own = NULL;

  if (self->slowest == 0)
    own = g_strdup (_ ("Never the straggler of a collective operation: the other ranks never "
                       "waited 1 µs or more for it"));
  else
    own = g_strdup_printf (ngettext ("The last rank to start %u collective operation: the other "
                                     "ranks waited %s for it in all",
                                     "The last rank to start %u collective operations: the other "
                                     "ranks waited %s for it in all",
                                     self->slowest),
                           self->slowest, late);
  if (self->no_straggler == 0)
    return g_steal_pointer (&own);
  /* Translators: %s is one of the two sentences above */
  return g_strdup_printf (ngettext ("%s. %u collective operation had no straggler: every rank "
                                    "started it within 1 µs of the first",
                                    "%s. %u collective operations had no straggler: every rank "
                                    "started them within 1 µs of the first",
                                    self->no_straggler),
                          own, self->no_straggler);
}

static void
st_rank_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRankItem *self = ST_RANK_ITEM (object);

  switch (prop_id)
    {
    case PROP_LABEL: g_value_set_string (value, self->label); break;
    case PROP_FILE: g_value_set_uint (value, self->file); break;
    case PROP_BUSY: g_value_set_double (value, self->has_device ? self->busy : -1); break;
    case PROP_COMMUNICATION: g_value_set_int64 (value, self->communication); break;
    case PROP_EXPOSED: g_value_set_int64 (value, self->exposed); break;
    case PROP_SLOWEST: g_value_set_uint (value, self->slowest); break;
    case PROP_SLOWEST_TOOLTIP: g_value_take_string (value, slowest_tooltip (self)); break;
    case PROP_BUSY_TEXT:
    case PROP_COMMUNICATION_TEXT:
    case PROP_EXPOSED_TEXT:
    case PROP_SLOWEST_TEXT:
      g_value_take_string (value, st_rank_item_dup_text (self, pspec->name));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_rank_item_class_init (StRankItemClass *klass)
{
  GObjectClass     *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_rank_item_finalize;
  object_class->get_property = st_rank_item_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, f);
  properties[PROP_FILE] = g_param_spec_uint ("file", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_BUSY] = g_param_spec_double ("busy", NULL, NULL, -1, G_MAXDOUBLE, 0, f);
  properties[PROP_COMMUNICATION]
      = g_param_spec_int64 ("communication", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_EXPOSED] = g_param_spec_int64 ("exposed", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_SLOWEST] = g_param_spec_uint ("slowest", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_BUSY_TEXT] = g_param_spec_string ("busy-text", NULL, NULL, NULL, f);
  properties[PROP_COMMUNICATION_TEXT]
      = g_param_spec_string ("communication-text", NULL, NULL, NULL, f);
  properties[PROP_EXPOSED_TEXT] = g_param_spec_string ("exposed-text", NULL, NULL, NULL, f);
  properties[PROP_SLOWEST_TEXT] = g_param_spec_string ("slowest-text", NULL, NULL, NULL, f);
  properties[PROP_SLOWEST_TOOLTIP] = g_param_spec_string ("slowest-tooltip", NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_rank_item_init (StRankItem *self)
{
}

GListModel *
st_rank_item_new_model (StSummary *summary)
{
  GListStore           *store = g_list_store_new (ST_TYPE_RANK_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint                 n = summary ? st_summary_get_n_ranks (summary) : 0;
  guint                 matched = summary ? st_summary_get_n_rank_collectives (summary) : 0;
  guint                 no_straggler = 0;

  for (guint i = 0; i < matched; i++)
    no_straggler += !st_summary_get_rank_collective (summary, i)->has_straggler;
  for (guint i = 0; i < n; i++)
    {
      const StRankUsage *r = st_summary_get_rank (summary, i);
      StRankItem        *item = g_object_new (ST_TYPE_RANK_ITEM, NULL);

      item->label = g_strdup (r->label);
      item->file = r->file;
      item->has_device = r->has_device;
      item->busy = r->device_busy_percent;
      item->communication = r->communication_ns;
      item->exposed = r->exposed_communication_ns;
      item->slowest = r->slowest_count;
      item->late = r->slowest_total_ns;
      item->matched = matched;
      item->no_straggler = no_straggler;
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}

const char *
st_rank_item_get_label (StRankItem *self)
{
  g_return_val_if_fail (ST_IS_RANK_ITEM (self), NULL);
  return self->label;
}

double
st_rank_item_get_busy_percent (StRankItem *self)
{
  g_return_val_if_fail (ST_IS_RANK_ITEM (self), -1);
  return self->has_device ? self->busy : -1;
}

guint
st_rank_item_get_slowest (StRankItem *self)
{
  g_return_val_if_fail (ST_IS_RANK_ITEM (self), 0);
  return self->slowest;
}

/* What the table shows in @column ("busy-text", "communication-text",
 * "exposed-text", "slowest-text"): "—" for device numbers the rank lacks. */
char *
st_rank_item_dup_text (StRankItem *self, const char *column)
{
  g_return_val_if_fail (ST_IS_RANK_ITEM (self), NULL);

  if (g_str_equal (column, "slowest-text"))
    return slowest_text (self);
  if (!self->has_device)
    return g_strdup ("—");
  if (g_str_equal (column, "busy-text"))
    return st_summary_format_value (ST_UNIT_PERCENT, self->busy);
  if (g_str_equal (column, "communication-text"))
    return st_format_duration (self->communication);
  if (g_str_equal (column, "exposed-text"))
    return st_format_duration (self->exposed);
  g_return_val_if_reached (NULL);
}
