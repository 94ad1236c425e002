/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-session"

#include "config.h"

#include "st-saved-queries.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#define FORMAT_VERSION 1

struct _StSavedQuery
{
  GObject parent_instance;

  char *name;
  char *sql;
};

G_DEFINE_FINAL_TYPE (StSavedQuery, st_saved_query, G_TYPE_OBJECT)

static void
st_saved_query_finalize (GObject *object)
{
  StSavedQuery *self = ST_SAVED_QUERY (object);

  g_free (self->name);
  g_free (self->sql);
  G_OBJECT_CLASS (st_saved_query_parent_class)->finalize (object);
}

static void
st_saved_query_class_init (StSavedQueryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_saved_query_finalize;
}

static void
st_saved_query_init (StSavedQuery *self)
{
}

StSavedQuery *
st_saved_query_new (const char *name, const char *sql)
{
  StSavedQuery *self = g_object_new (ST_TYPE_SAVED_QUERY, NULL);

  self->name = g_strdup (name);
  self->sql = g_strdup (sql);
  return self;
}

const char *
st_saved_query_get_name (StSavedQuery *self)
{
  g_return_val_if_fail (ST_IS_SAVED_QUERY (self), NULL);
  return self->name;
}

const char *
st_saved_query_get_sql (StSavedQuery *self)
{
  g_return_val_if_fail (ST_IS_SAVED_QUERY (self), NULL);
  return self->sql;
}

struct _StSavedQueries
{
  GObject parent_instance;

  GListStore *list;
  char       *text;
};

G_DEFINE_FINAL_TYPE (StSavedQueries, st_saved_queries, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
changed (StSavedQueries *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

GListModel *
st_saved_queries_get_list (StSavedQueries *self)
{
  g_return_val_if_fail (ST_IS_SAVED_QUERIES (self), NULL);
  return G_LIST_MODEL (self->list);
}

const char *
st_saved_queries_get_text (StSavedQueries *self)
{
  g_return_val_if_fail (ST_IS_SAVED_QUERIES (self), NULL);
  return self->text;
}

void
st_saved_queries_set_text (StSavedQueries *self, const char *text)
{
  g_return_if_fail (ST_IS_SAVED_QUERIES (self));
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text != NULL ? text : "");
  changed (self);
}

guint
st_saved_queries_save (StSavedQueries *self, const char *name, const char *sql)
{
  g_autoptr (StSavedQuery) query = st_saved_query_new (name, sql);
  guint                    n = g_list_model_get_n_items (G_LIST_MODEL (self->list));

  g_return_val_if_fail (ST_IS_SAVED_QUERIES (self), 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (StSavedQuery) old = g_list_model_get_item (G_LIST_MODEL (self->list), i);

      if (g_str_equal (old->name, name))
        {
          g_list_store_splice (self->list, i, 1, (gpointer *)&query, 1);
          changed (self);
          return i;
        }
    }
  g_list_store_append (self->list, query);
  changed (self);
  return n;
}

void
st_saved_queries_insert (StSavedQueries *self, guint position, StSavedQuery *query)
{
  g_return_if_fail (ST_IS_SAVED_QUERIES (self));
  g_list_store_insert (self->list,
                       MIN (position, g_list_model_get_n_items (G_LIST_MODEL (self->list))), query);
  changed (self);
}

StSavedQuery *
st_saved_queries_remove (StSavedQueries *self, guint position)
{
  StSavedQuery *query;

  g_return_val_if_fail (ST_IS_SAVED_QUERIES (self), NULL);
  query = g_list_model_get_item (G_LIST_MODEL (self->list), position);
  if (query == NULL)
    return NULL;
  g_list_store_remove (self->list, position);
  changed (self);
  return query;
}

char *
st_saved_queries_to_json (StSavedQueries *self)
{
  g_autoptr (JsonBuilder)   builder = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode)      root = NULL;
  guint                     n = g_list_model_get_n_items (G_LIST_MODEL (self->list));

  g_return_val_if_fail (ST_IS_SAVED_QUERIES (self), NULL);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "strata-queries");
  json_builder_add_int_value (builder, FORMAT_VERSION);
  json_builder_set_member_name (builder, "text");
  json_builder_add_string_value (builder, self->text);
  json_builder_set_member_name (builder, "saved");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (StSavedQuery) query = g_list_model_get_item (G_LIST_MODEL (self->list), i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, query->name);
      json_builder_set_member_name (builder, "sql");
      json_builder_add_string_value (builder, query->sql);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

/* The saved queries of @array, or NULL when one is not a name and a query. */
static GPtrArray *
read_saved (JsonArray *array)
{
  g_autoptr (GPtrArray) queries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode   *node = json_array_get_element (array, i);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      const char *name
          = object ? json_object_get_string_member_with_default (object, "name", NULL) : NULL;
      const char *sql
          = object ? json_object_get_string_member_with_default (object, "sql", NULL) : NULL;

      if (name == NULL || sql == NULL)
        return NULL;
      g_ptr_array_add (queries, st_saved_query_new (name, sql));
    }
  return g_steal_pointer (&queries);
}

gboolean
st_saved_queries_load_json (StSavedQueries *self, const char *text, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GPtrArray)  queries = NULL;
  JsonObject            *object = NULL;
  JsonNode              *saved = NULL;
  const char            *editor = NULL;

  g_return_val_if_fail (ST_IS_SAVED_QUERIES (self), FALSE);
  if (json_parser_load_from_data (parser, text, -1, NULL)
      && JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    object = json_node_get_object (json_parser_get_root (parser));
  if (object != NULL
      && json_object_get_int_member_with_default (object, "strata-queries", 0) == FORMAT_VERSION)
    {
      editor = json_object_get_string_member_with_default (object, "text", NULL);
      saved = json_object_get_member (object, "saved");
    }
  if (editor == NULL || saved == NULL || !JSON_NODE_HOLDS_ARRAY (saved)
      || (queries = read_saved (json_node_get_array (saved))) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _ ("This is not a file of saved queries."));
      return FALSE;
    }
  g_free (self->text);
  self->text = g_strdup (editor);
  g_list_store_splice (self->list, 0, g_list_model_get_n_items (G_LIST_MODEL (self->list)),
                       queries->pdata, queries->len);
  return TRUE;
}

char *
st_saved_queries_dup_path (const char *sidecar_path)
{
  g_autofree char *stem = g_strdup (sidecar_path);

  if (g_str_has_suffix (stem, ".json"))
    stem[strlen (stem) - strlen (".json")] = '\0';
  return g_strconcat (stem, ".queries.json", NULL);
}

static void
st_saved_queries_finalize (GObject *object)
{
  StSavedQueries *self = ST_SAVED_QUERIES (object);

  g_object_unref (self->list);
  g_free (self->text);
  G_OBJECT_CLASS (st_saved_queries_parent_class)->finalize (object);
}

static void
st_saved_queries_class_init (StSavedQueriesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = st_saved_queries_finalize;

  /* The text or the list was edited: worth writing. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                   NULL, NULL, G_TYPE_NONE, 0);
}

static void
st_saved_queries_init (StSavedQueries *self)
{
  self->list = g_list_store_new (ST_TYPE_SAVED_QUERY);
  self->text = g_strdup ("");
}

StSavedQueries *
st_saved_queries_new (void)
{
  return g_object_new (ST_TYPE_SAVED_QUERIES, NULL);
}
