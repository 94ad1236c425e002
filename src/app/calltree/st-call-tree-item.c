/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata"

#include "config.h"

#include "st-call-tree-item.h"

#include "st-format.h"

#include <glib/gi18n.h>

struct _StCallTreeItem
{
  GObject parent_instance;

  StCallTree *tree;
  guint       node;
};

G_DEFINE_FINAL_TYPE (StCallTreeItem, st_call_tree_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NODE,
  PROP_NAME,
  PROP_THREAD,
  PROP_TOTAL,
  PROP_SELF,
  PROP_COUNT,
  PROP_SHARE,
  PROP_TOTAL_TEXT,
  PROP_SELF_TEXT,
  PROP_COUNT_TEXT,
  PROP_SHARE_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_call_tree_item_finalize (GObject *object)
{
  g_clear_object (&ST_CALL_TREE_ITEM (object)->tree);
  G_OBJECT_CLASS (st_call_tree_item_parent_class)->finalize (object);
}

static void
st_call_tree_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StCallTreeItem   *self = ST_CALL_TREE_ITEM (object);
  const StCallNode *n = st_call_tree_get_node (self->tree, self->node);

  switch (prop_id)
    {
    case PROP_NODE: g_value_set_uint (value, self->node); break;
    case PROP_NAME:
      g_value_take_string (value, st_call_tree_dup_label (self->tree, self->node));
      break;
    case PROP_THREAD:
      g_value_set_boolean (value, st_call_tree_is_thread (self->tree, self->node));
      break;
    case PROP_TOTAL: g_value_set_int64 (value, n->total_ns); break;
    case PROP_SELF: g_value_set_int64 (value, n->self_ns); break;
    case PROP_COUNT: g_value_set_uint64 (value, n->count); break;
    case PROP_SHARE:
      g_value_set_double (value, st_call_tree_get_share (self->tree, self->node));
      break;
    case PROP_TOTAL_TEXT: g_value_take_string (value, st_format_duration (n->total_ns)); break;
    case PROP_SELF_TEXT: g_value_take_string (value, st_format_duration (n->self_ns)); break;
    case PROP_COUNT_TEXT: g_value_take_string (value, st_format_count (n->count)); break;
    case PROP_SHARE_TEXT:
      g_value_take_string (
          value, g_strdup_printf (_ ("%.1f %%"), st_call_tree_get_share (self->tree, self->node)));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_call_tree_item_class_init (StCallTreeItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags   ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = st_call_tree_item_finalize;
  object_class->get_property = st_call_tree_item_get_property;

  properties[PROP_NODE] = g_param_spec_uint ("node", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, ro);
  properties[PROP_THREAD] = g_param_spec_boolean ("thread", NULL, NULL, FALSE, ro);
  properties[PROP_TOTAL] = g_param_spec_int64 ("total", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_SELF] = g_param_spec_int64 ("self", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_COUNT] = g_param_spec_uint64 ("count", NULL, NULL, 0, G_MAXUINT64, 0, ro);
  properties[PROP_SHARE] = g_param_spec_double ("share", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  properties[PROP_TOTAL_TEXT] = g_param_spec_string ("total-text", NULL, NULL, NULL, ro);
  properties[PROP_SELF_TEXT] = g_param_spec_string ("self-text", NULL, NULL, NULL, ro);
  properties[PROP_COUNT_TEXT] = g_param_spec_string ("count-text", NULL, NULL, NULL, ro);
  properties[PROP_SHARE_TEXT] = g_param_spec_string ("share-text", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_call_tree_item_init (StCallTreeItem *self)
{
}

StCallTreeItem *
st_call_tree_item_new (StCallTree *tree, guint node)
{
  StCallTreeItem *self;

  g_return_val_if_fail (ST_IS_CALL_TREE (tree), NULL);
  g_return_val_if_fail (node < st_call_tree_get_n_nodes (tree), NULL);
  self = g_object_new (ST_TYPE_CALL_TREE_ITEM, NULL);
  self->tree = g_object_ref (tree);
  self->node = node;
  return self;
}

StCallTree *
st_call_tree_item_get_tree (StCallTreeItem *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_ITEM (self), NULL);
  return self->tree;
}

guint
st_call_tree_item_get_node (StCallTreeItem *self)
{
  g_return_val_if_fail (ST_IS_CALL_TREE_ITEM (self), ST_CALL_TREE_ROOT);
  return self->node;
}

GListModel *
st_call_tree_item_list_children (StCallTree *tree, guint node)
{
  GListStore           *store = g_list_store_new (ST_TYPE_CALL_TREE_ITEM);
  guint                 n;
  const guint32        *children = st_call_tree_get_children (tree, node, &n);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, st_call_tree_item_new (tree, children[i]));
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}
