/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-metrics.h"

#include "st-json-doc.h"

#include <glib/gi18n-lib.h>

struct _StNeuronMetrics
{
  GPtrArray  *metrics;  /* StNeuronMetric, in display order */
  GPtrArray  *layers;   /* StNeuronLayer */
  JsonObject *metadata; /* metadata[0], or NULL */
  gboolean    fractions_scaled;
  GPtrArray  *problems; /* sentences: the sections that could not be read */
};

static void
metric_free (gpointer data)
{
  StNeuronMetric *m = data;

  g_free (m->id);
  g_free (m->group_id);
  g_free (m->group_title);
  g_free (m->description);
  g_free (m);
}

static void
layer_free (gpointer data)
{
  StNeuronLayer *l = data;

  g_free (l->name);
  g_hash_table_unref (l->values);
  g_free (l);
}

void
st_neuron_metrics_free (StNeuronMetrics *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->metrics);
  g_ptr_array_unref (self->layers);
  g_clear_pointer (&self->metadata, json_object_unref);
  g_ptr_array_unref (self->problems);
  g_free (self);
}

/* The value of a top-level key; NULL when it is absent, or when it cannot
 * be read, which adds a problem: one bad section is "not in this profile",
 * not a failed summary. */
static JsonNode *
dup_key (StNeuronMetrics *self, StTrace *trace, const char *key)
{
  g_autoptr (GError) error = NULL;
  JsonNode          *node;

  if (st_trace_get_metadata_size (trace, key) == 0)
    return NULL;
  node = st_trace_dup_metadata (trace, key, &error);
  if (node == NULL)
    g_ptr_array_add (self->problems, g_strdup (error->message));
  return node;
}

/* The first object of `[{…}]` (or the object itself). */
static JsonObject *
first_object (JsonNode *node)
{
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      node = json_array_get_length (array) > 0 ? json_array_get_element (array, 0) : NULL;
    }
  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static gboolean
is_percent (const char *id)
{
  return g_str_has_suffix (id, "_percent");
}

/* Fractions unless some "_percent" value is above 1 (see the header). */
static gboolean
stores_fractions (JsonObject *summary)
{
  JsonObjectIter iter;
  const char    *id;
  JsonNode      *node;
  double         v;

  json_object_iter_init (&iter, summary);
  while (json_object_iter_next (&iter, &id, &node))
    if (is_percent (id) && st_json_node_get_number (node, &v) && v > 1.0 + 1e-9)
      return FALSE;
  return TRUE;
}

/* "tensor_engine" → "Tensor engine". */
static char *
humanize (const char *id)
{
  char *title = g_strdup (id);

  g_strdelimit (title, "_", ' ');
  if (*title != '\0')
    *title = g_ascii_toupper (*title);
  return title;
}

static const char *
group_of (JsonObject *groups, const char *id)
{
  JsonObjectIter iter;
  const char    *pattern;
  JsonNode      *node;

  if (groups == NULL)
    return NULL;
  if (json_object_has_member (groups, id))
    return st_json_object_get_string (groups, id);
  json_object_iter_init (&iter, groups);
  while (json_object_iter_next (&iter, &pattern, &node))
    if (strchr (pattern, '*') != NULL && g_pattern_match_simple (pattern, id)
        && st_json_node_get_string (node) != NULL)
      return st_json_node_get_string (node);
  return NULL;
}

/* summary_group_order[0]: group -> order number, title string, or
 * {order, title}; or an array of group ids. */
static void
group_place (JsonNode *order_node, const char *group, int *order, char **title)
{
  JsonObject *order_obj = first_object (order_node);
  JsonNode   *node;

  *order = G_MAXINT;
  *title = NULL;
  if (order_node != NULL && JSON_NODE_HOLDS_ARRAY (order_node) && order_obj == NULL)
    {
      JsonArray *array = json_node_get_array (order_node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        if (g_strcmp0 (st_json_array_get_string (array, i), group) == 0)
          *order = i;
    }
  else if (order_obj != NULL && (node = json_object_get_member (order_obj, group)) != NULL)
    {
      GList *members = json_object_get_members (order_obj);
      int    position = 0;
      double v;

      /* By default, the position of the group among the keys. */
      for (GList *l = members; l != NULL; l = l->next, position++)
        if (strcmp (l->data, group) == 0)
          *order = position;
      g_list_free (members);
      if (st_json_node_get_number (node, &v) && v > G_MININT && v < G_MAXINT)
        *order = (int)v;
      else if (st_json_node_get_string (node) != NULL)
        *title = g_strdup (st_json_node_get_string (node));
      else if (JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *o = json_node_get_object (node);
          if (st_json_object_get_number (o, "order", &v) && v > G_MININT && v < G_MAXINT)
            *order = (int)v;
          *title = g_strdup (st_json_object_get_string (o, "title"));
        }
    }
  if (*title == NULL)
    *title = humanize (group);
}

static char *
description_of (JsonObject *terms, const char *id)
{
  JsonNode *node = terms ? json_object_get_member (terms, id) : NULL;

  if (node == NULL)
    return NULL;
  if (st_json_node_get_string (node) != NULL)
    return g_strdup (st_json_node_get_string (node));
  if (JSON_NODE_HOLDS_OBJECT (node))
    return g_strdup (st_json_object_get_string (json_node_get_object (node), "description"));
  return NULL;
}

static int
compare_metrics (gconstpointer pa, gconstpointer pb)
{
  const StNeuronMetric *a = *(StNeuronMetric *const *)pa;
  const StNeuronMetric *b = *(StNeuronMetric *const *)pb;

  if (a->group_order != b->group_order)
    return a->group_order < b->group_order ? -1 : 1;
  return g_strcmp0 (a->group_id, b->group_id);
}

static void
read_summary (StNeuronMetrics *self,
              JsonObject      *summary,
              JsonObject      *groups,
              JsonNode        *order,
              JsonObject      *terms)
{
  JsonObjectIter iter;
  const char    *id;
  JsonNode      *node;

  self->fractions_scaled = stores_fractions (summary);
  json_object_iter_init (&iter, summary);
  while (json_object_iter_next (&iter, &id, &node))
    {
      StNeuronMetric *m;
      const char     *group;
      double          v;

      if (!st_json_node_get_number (node, &v))
        continue; /* null or text: absent, not 0 */
      m = g_new0 (StNeuronMetric, 1);
      m->id = g_strdup (id);
      m->is_fraction_scaled = self->fractions_scaled && is_percent (id);
      m->value = m->is_fraction_scaled ? v * 100.0 : v;
      group = group_of (groups, id);
      m->group_id = g_strdup (group ? group : "other");
      if (group != NULL)
        group_place (order, group, &m->group_order, &m->group_title);
      else
        {
          m->group_order = G_MAXINT;
          m->group_title = g_strdup (_ ("Other"));
        }
      m->description = description_of (terms, id);
      g_ptr_array_add (self->metrics, m);
    }
  /* A stable sort: metrics keep their file order within a group. */
  g_ptr_array_sort (self->metrics, compare_metrics);
}

static gint64
member_int (JsonObject *o, const char *key)
{
  gint64 v = 0;

  st_json_object_get_int (o, key, &v);
  return v;
}

static void
read_layers (StNeuronMetrics *self, JsonNode *node)
{
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode      *row = json_array_get_element (array, i);
      StNeuronLayer *layer;
      JsonObjectIter iter;
      const char    *id;
      JsonNode      *member;
      JsonObject    *o;

      if (!JSON_NODE_HOLDS_OBJECT (row))
        continue;
      o = json_node_get_object (row);
      layer = g_new0 (StNeuronLayer, 1);
      layer->name = g_strdup (st_json_object_get_string (o, "name"));
      if (layer->name == NULL)
        layer->name = g_strdup ("");
      layer->start_ns = member_int (o, "start");
      layer->end_ns = member_int (o, "end");
      layer->duration_ns = member_int (o, "duration");
      layer->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      json_object_iter_init (&iter, o);
      while (json_object_iter_next (&iter, &id, &member))
        {
          double v;
          if (!st_json_node_get_number (member, &v))
            continue;
          if (self->fractions_scaled && is_percent (id))
            v *= 100.0;
          g_hash_table_insert (layer->values, g_strdup (id), g_memdup2 (&v, sizeof v));
        }
      g_ptr_array_add (self->layers, layer);
    }
}

/* The metrics of @trace; empty when it carries none. A section that
 * cannot be read (nested too deep, not JSON) is left out, and said in
 * st_neuron_metrics_get_problems(). */
StNeuronMetrics *
st_neuron_metrics_new_for_trace (StTrace *trace)
{
  g_autoptr (StNeuronMetrics) self = g_new0 (StNeuronMetrics, 1);
  g_autoptr (JsonNode)        summary = NULL, groups = NULL, order = NULL, terms = NULL;
  g_autoptr (JsonNode)        layers = NULL, metadata = NULL;

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  self->metrics = g_ptr_array_new_with_free_func (metric_free);
  self->layers = g_ptr_array_new_with_free_func (layer_free);
  self->problems = g_ptr_array_new_with_free_func (g_free);
  self->fractions_scaled = TRUE;
  summary = dup_key (self, trace, "summary");
  groups = dup_key (self, trace, "summary_groups");
  order = dup_key (self, trace, "summary_group_order");
  terms = dup_key (self, trace, "terminology");
  layers = dup_key (self, trace, "layer_summary");
  metadata = dup_key (self, trace, "metadata");
  if (first_object (summary) != NULL)
    read_summary (self, first_object (summary), first_object (groups), order, first_object (terms));
  read_layers (self, layers);
  if (first_object (metadata) != NULL)
    self->metadata = json_object_ref (first_object (metadata));
  return g_steal_pointer (&self);
}

/* One sentence per section of the file that could not be read, naming
 * the file, the place and the key. */
GPtrArray *
st_neuron_metrics_get_problems (StNeuronMetrics *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->problems;
}

guint
st_neuron_metrics_get_n_metrics (StNeuronMetrics *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->metrics->len;
}

const StNeuronMetric *
st_neuron_metrics_get_metric (StNeuronMetrics *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->metrics->len, NULL);
  return g_ptr_array_index (self->metrics, index);
}

/* The metric @id, or NULL when the file does not hold it. */
const StNeuronMetric *
st_neuron_metrics_lookup (StNeuronMetrics *self, const char *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  for (guint i = 0; i < self->metrics->len; i++)
    {
      const StNeuronMetric *m = g_ptr_array_index (self->metrics, i);
      if (g_str_equal (m->id, id))
        return m;
    }
  return NULL;
}

/* Whether the file's "_percent" values were read as 0–1 fractions. */
gboolean
st_neuron_metrics_get_fractions_scaled (StNeuronMetrics *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->fractions_scaled;
}

guint
st_neuron_metrics_get_n_layers (StNeuronMetrics *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->layers->len;
}

const StNeuronLayer *
st_neuron_metrics_get_layer (StNeuronMetrics *self, guint index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->layers->len, NULL);
  return g_ptr_array_index (self->layers, index);
}

gboolean
st_neuron_layer_get_value (const StNeuronLayer *layer, const char *id, double *out)
{
  const double *v;

  g_return_val_if_fail (layer != NULL, FALSE);
  v = g_hash_table_lookup (layer->values, id);
  if (v != NULL)
    *out = *v;
  return v != NULL;
}

gboolean
st_neuron_metrics_get_metadata_double (StNeuronMetrics *self, const char *key, double *out)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->metadata != NULL
         && st_json_node_get_number (json_object_get_member (self->metadata, key), out);
}

/* An integer of metadata[0], exact to 64 bits (hardware timestamps). */
gboolean
st_neuron_metrics_get_metadata_int (StNeuronMetrics *self, const char *key, gint64 *out)
{
  JsonNode *node;
  double    v;

  g_return_val_if_fail (self != NULL, FALSE);
  node = self->metadata ? json_object_get_member (self->metadata, key) : NULL;
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *out = json_node_get_int (node);
      return TRUE;
    }
  if (!st_json_node_get_number (node, &v))
    return FALSE;
  *out = (gint64)v;
  return TRUE;
}
