/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-region-items.h"
#include "st-region-item.h"

struct _StRegionItems
{
  GObject parent_instance;

  StSession    *session;
  StRegionSet  *regions; /* the session's, while it is set */
  GSignalGroup *region_signals;
  GHashTable   *rows;    /* StRegion → Held, for its StRegionItem while one lives */
  gboolean      emptied; /* while a replacement is said as a removal first */
};

static void st_region_items_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (StRegionItems,
                               st_region_items,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      st_region_items_list_model_init))

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A row made and still alive: what its weak reference needs to forget it. */
typedef struct
{
  StRegionItems *self;
  StRegion      *region;
  StRegionItem  *row;
} Held;

static void
on_row_finalized (gpointer data, GObject *where_the_object_was)
{
  Held *held = data;

  g_hash_table_remove (held->self->rows, held->region);
}

static void
forget_rows (StRegionItems *self)
{
  GHashTableIter iter;
  gpointer       held;

  g_hash_table_iter_init (&iter, self->rows);
  while (g_hash_table_iter_next (&iter, NULL, &held))
    g_object_weak_unref (G_OBJECT (((Held *)held)->row), on_row_finalized, held);
  g_hash_table_remove_all (self->rows);
}

static GType
st_region_items_get_item_type (GListModel *model)
{
  return ST_TYPE_REGION_ITEM;
}

static guint
st_region_items_get_n_items (GListModel *model)
{
  StRegionItems *self = ST_REGION_ITEMS (model);

  return self->regions != NULL && !self->emptied ? st_region_set_get_n_regions (self->regions) : 0;
}

static gpointer
st_region_items_get_item (GListModel *model, guint position)
{
  StRegionItems       *self = ST_REGION_ITEMS (model);
  g_autoptr (StRegion) region = NULL;
  StRegionItem        *row;
  Held                *held;

  if (self->regions == NULL || self->emptied
      || (region = g_list_model_get_item (G_LIST_MODEL (self->regions), position)) == NULL)
    return NULL;
  held = g_hash_table_lookup (self->rows, region);
  if (held != NULL)
    return g_object_ref (held->row);
  row = st_region_item_new (region, self->session);
  held = g_new (Held, 1);
  *held = (Held){ self, region, row };
  g_hash_table_insert (self->rows, region, held);
  g_object_weak_ref (G_OBJECT (row), on_row_finalized, held);
  return row;
}

static void
st_region_items_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = st_region_items_get_item_type;
  iface->get_n_items = st_region_items_get_n_items;
  iface->get_item = st_region_items_get_item;
}

/* A replacement of this many regions or more is said as a removal, then an
 * addition. */
#define SPLIT_REPLACEMENT 4096

static void
on_regions_changed (StRegionItems *self, guint position, guint removed, guint added)
{
  /* Every region replaced (a load, a hierarchy run): a selection whose row
   * was among the removed looks for it among every added row, making each
   * (GtkSingleSelection does): a million rows, seconds of a frozen window,
   * for a million regions. Removed first, the selection is simply gone, as
   * its region is. */
  if (position == 0 && removed > 0 && added == st_region_set_get_n_regions (self->regions)
      && removed + added >= SPLIT_REPLACEMENT)
    {
      self->emptied = TRUE;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, 0);
      self->emptied = FALSE;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, added);
      return;
    }
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

StRegionItems *
st_region_items_new (void)
{
  return g_object_new (ST_TYPE_REGION_ITEMS, NULL);
}

StSession *
st_region_items_get_session (StRegionItems *self)
{
  g_return_val_if_fail (ST_IS_REGION_ITEMS (self), NULL);

  return self->session;
}

void
st_region_items_set_session (StRegionItems *self, StSession *session)
{
  guint removed;

  g_return_if_fail (ST_IS_REGION_ITEMS (self));
  g_return_if_fail (session == NULL || ST_IS_SESSION (session));

  if (self->session == session)
    return;
  removed = st_region_items_get_n_items (G_LIST_MODEL (self));
  forget_rows (self);
  g_set_object (&self->session, session);
  self->regions = session != NULL ? st_session_get_regions (session) : NULL;
  g_signal_group_set_target (self->region_signals, self->regions);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed,
                              st_region_items_get_n_items (G_LIST_MODEL (self)));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

static void
st_region_items_dispose (GObject *object)
{
  StRegionItems *self = ST_REGION_ITEMS (object);

  forget_rows (self);
  g_clear_object (&self->region_signals);
  self->regions = NULL;
  g_clear_object (&self->session);
  G_OBJECT_CLASS (st_region_items_parent_class)->dispose (object);
}

static void
st_region_items_finalize (GObject *object)
{
  StRegionItems *self = ST_REGION_ITEMS (object);

  g_clear_pointer (&self->rows, g_hash_table_unref);
  G_OBJECT_CLASS (st_region_items_parent_class)->finalize (object);
}

static void
st_region_items_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StRegionItems *self = ST_REGION_ITEMS (object);

  switch (prop_id)
    {
    case PROP_SESSION: g_value_set_object (value, self->session); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_items_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  StRegionItems *self = ST_REGION_ITEMS (object);

  switch (prop_id)
    {
    case PROP_SESSION: st_region_items_set_session (self, g_value_get_object (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_region_items_class_init (StRegionItemsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = st_region_items_dispose;
  object_class->finalize = st_region_items_finalize;
  object_class->get_property = st_region_items_get_property;
  object_class->set_property = st_region_items_set_property;

  properties[PROP_SESSION]
      = g_param_spec_object ("session", NULL, NULL, ST_TYPE_SESSION,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_region_items_init (StRegionItems *self)
{
  self->rows = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  self->region_signals = g_signal_group_new (ST_TYPE_REGION_SET);
  g_signal_group_connect_swapped (self->region_signals, "items-changed",
                                  G_CALLBACK (on_regions_changed), self);
}
