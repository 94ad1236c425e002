/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-widgets"

#include "config.h"

#include "st-arg-item.h"

#include "st-format.h"

#include <glib/gi18n.h>

/* Arrays and objects longer than this show their first items only. */
#define MAX_CHILDREN 2000

struct _StArgItem
{
  GObject parent_instance;

  char       *key;
  char       *value;
  GListStore *children;
};

G_DEFINE_FINAL_TYPE (StArgItem, st_arg_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KEY,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
st_arg_item_finalize (GObject *object)
{
  StArgItem *self = ST_ARG_ITEM (object);

  g_free (self->key);
  g_free (self->value);
  g_clear_object (&self->children);
  G_OBJECT_CLASS (st_arg_item_parent_class)->finalize (object);
}

static void
st_arg_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  StArgItem *self = ST_ARG_ITEM (object);

  switch (prop_id)
    {
    case PROP_KEY: g_value_set_string (value, self->key); break;
    case PROP_VALUE: g_value_set_string (value, self->value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
st_arg_item_class_init (StArgItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = st_arg_item_finalize;
  object_class->get_property = st_arg_item_get_property;
  properties[PROP_KEY]
      = g_param_spec_string ("key", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE]
      = g_param_spec_string ("value", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
st_arg_item_init (StArgItem *self)
{
}

const char *
st_arg_item_get_key (StArgItem *self)
{
  return self->key;
}

const char *
st_arg_item_get_value (StArgItem *self)
{
  return self->value;
}

GListModel *
st_arg_item_get_children (StArgItem *self)
{
  return self->children ? G_LIST_MODEL (self->children) : NULL;
}

static StArgItem *row_new (const char *key, JsonNode *node);

static void
add_children (StArgItem *self, JsonNode *node)
{
  self->children = g_list_store_new (ST_TYPE_ARG_ITEM);
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char    *key;
      JsonNode      *member;
      guint          n = 0;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &key, &member) && n++ < MAX_CHILDREN)
        {
          g_autoptr (StArgItem) child = row_new (key, member);
          g_list_store_append (self->children, child);
        }
      self->value = g_strdup_printf (
          ngettext ("{%u key}", "{%u keys}", json_object_get_size (json_node_get_object (node))),
          json_object_get_size (json_node_get_object (node)));
      return;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (node)) && i < MAX_CHILDREN; i++)
    {
      g_autofree char      *key = g_strdup_printf ("[%u]", i);
      g_autoptr (StArgItem) child
          = row_new (key, json_array_get_element (json_node_get_array (node), i));
      g_list_store_append (self->children, child);
    }
  self->value = g_strdup_printf (
      ngettext ("[%u item]", "[%u items]", json_array_get_length (json_node_get_array (node))),
      json_array_get_length (json_node_get_array (node)));
}

static StArgItem *
row_new (const char *key, JsonNode *node)
{
  StArgItem *self = g_object_new (ST_TYPE_ARG_ITEM, NULL);

  self->key = g_strdup (key);
  if (JSON_NODE_HOLDS_OBJECT (node) || JSON_NODE_HOLDS_ARRAY (node))
    add_children (self, node);
  else
    self->value = st_format_json_scalar (node);
  return self;
}

/* The top-level keys of @args (an object), or one row for anything else. */
GListModel *
st_arg_item_new_model (JsonNode *args)
{
  GListStore           *store = g_list_store_new (ST_TYPE_ARG_ITEM);
  g_autoptr (StArgItem) root = NULL;

  if (args == NULL)
    return G_LIST_MODEL (store);
  if (!JSON_NODE_HOLDS_OBJECT (args))
    {
      g_autoptr (StArgItem) row = row_new ("args", args);
      g_list_store_append (store, row);
      return G_LIST_MODEL (store);
    }
  root = row_new ("args", args);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (root->children)); i++)
    {
      g_autoptr (GObject) child = g_list_model_get_item (G_LIST_MODEL (root->children), i);
      g_list_store_append (store, child);
    }
  return G_LIST_MODEL (store);
}
