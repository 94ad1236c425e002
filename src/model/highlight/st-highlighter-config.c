/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-highlighter-config.h"
#include "st-small-file.h"
#include "st-json-doc.h"
#include "st-region-error.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#define MAX_CONFIG_SIZE (1024 * 1024)

StHighlighterConfig *
st_highlighter_config_new (StRegionMethod method)
{
  StHighlighterConfig *self = g_new0 (StHighlighterConfig, 1);

  g_return_val_if_fail (method != ST_REGION_MANUAL, NULL);
  self->method = method;
  self->depth = -1;
  self->bursts = TRUE;
  return self;
}

StHighlighterConfig *
st_highlighter_config_copy (const StHighlighterConfig *self)
{
  StHighlighterConfig *copy = g_memdup2 (self, sizeof *self);

  copy->tracks = g_strdup (self->tracks);
  copy->match = g_strdup (self->match);
  copy->frame = g_strdup (self->frame);
  return copy;
}

void
st_highlighter_config_free (StHighlighterConfig *self)
{
  if (self == NULL)
    return;
  g_free (self->tracks);
  g_free (self->match);
  g_free (self->frame);
  g_free (self);
}

gboolean
st_highlighter_config_is_default (const StHighlighterConfig *self)
{
  return self->tracks == NULL && self->match == NULL && self->types == 0 && self->min_gap_ns == 0
         && self->bursts && !self->include_edges && self->depth < 0
         && self->project == ST_PROJECT_AUTO && self->frame == NULL && self->merge_gap_ns == 0
         && self->min_duration_ns == 0;
}

/* Which keys each method reads, so that a key meant for another method (or
 * misspelt) is refused rather than ignored. */
static gboolean
key_applies (StRegionMethod method, const char *key)
{
  static const char *const common[] = { "version", "method", "tracks", "min_duration_ns", NULL };
  static const char *const collectives[]
      = { "match", "types", "min_gap_ns", "bursts", "include_edges", NULL };
  static const char *const hierarchy[] = { "match", "depth", "project", NULL };
  static const char *const stack[] = { "frame", "merge_gap_ns", NULL };

  if (g_strv_contains (common, key))
    return TRUE;
  switch (method)
    {
    case ST_REGION_COLLECTIVES: return g_strv_contains (collectives, key);
    case ST_REGION_HIERARCHY: return g_strv_contains (hierarchy, key);
    case ST_REGION_STACK: return g_strv_contains (stack, key);
    case ST_REGION_MANUAL:
    default: return FALSE;
    }
}

static gboolean
bad_value (GError **error, const char *name, const char *key, const char *expected)
{
  g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE, _ ("“%s”: “%s” must be %s."),
               name, key, expected);
  return FALSE;
}

static gboolean
read_string (JsonObject *object, const char *key, const char *name, char **out, GError **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return bad_value (error, name, key, _ ("a string"));
  g_free (*out);
  *out = *json_node_get_string (node) ? g_strdup (json_node_get_string (node)) : NULL;
  return TRUE;
}

static gboolean
read_nanoseconds (JsonObject *object,
                  const char *key,
                  const char *name,
                  gint64     *out,
                  GError    **error)
{
  JsonNode *node = json_object_get_member (object, key);
  gint64    value;

  if (node == NULL)
    return TRUE;
  if (!st_json_node_get_whole_number (node, &value) || value < 0)
    return bad_value (error, name, key, _ ("a whole number of nanoseconds, 0 or more"));
  *out = value;
  return TRUE;
}

static gboolean
read_types (JsonObject *object, const char *name, guint *out, GError **error)
{
  JsonNode   *node = json_object_get_member (object, "types");
  const char *expected = _ ("a list of allreduce, allgather, reducescatter, alltoall, broadcast, "
                            "sendrecv, barrier, other");
  JsonArray  *array;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return bad_value (error, name, "types", expected);
  array = json_node_get_array (node);
  *out = 0;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode        *element = json_array_get_element (array, i);
      StCollectiveType type;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING
          || !st_collective_type_from_string (json_node_get_string (element), &type))
        return bad_value (error, name, "types", expected);
      *out |= type;
    }
  return TRUE;
}

static gboolean
read_depth_and_project (JsonObject          *object,
                        const char          *name,
                        StHighlighterConfig *self,
                        GError             **error)
{
  JsonNode        *node = json_object_get_member (object, "depth");
  g_autofree char *project = NULL;

  if (node != NULL)
    {
      gint64 depth;

      if (!st_json_node_get_whole_number (node, &depth) || depth < 0 || depth > 100000)
        return bad_value (error, name, "depth", _ ("a level of the scope tree: 0 or more"));
      self->depth = depth;
    }
  if (!read_string (object, "project", name, &project, error))
    return FALSE;
  if (project == NULL || g_str_equal (project, "auto"))
    self->project = ST_PROJECT_AUTO;
  else if (g_str_equal (project, "host"))
    self->project = ST_PROJECT_HOST;
  else if (g_str_equal (project, "device"))
    self->project = ST_PROJECT_DEVICE;
  else
    return bad_value (error, name, "project", _ ("“host”, “device” or “auto”"));
  return TRUE;
}

static gboolean
read_flag (JsonObject *object, const char *key, const char *name, gboolean *out, GError **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return bad_value (error, name, key, _ ("true or false"));
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
read_header (JsonObject *object, const char *name, StRegionMethod *method, GError **error)
{
  JsonNode *node = json_object_get_member (object, "method");
  gint64    version;

  if (!st_json_node_get_whole_number (json_object_get_member (object, "version"), &version))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not a highlighter configuration: it has no “version” number."),
                   name);
      return FALSE;
    }
  if (version < 1)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”: “version” is not a whole number from 1 up."), name);
      return FALSE;
    }
  if (version > ST_REGION_FILE_VERSION)
    {
      g_autofree char *v = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_NEWER,
                   _ ("“%s” was written by a newer Strata (version %s); this one reads version %d. "
                      "Update Strata to use it."),
                   name, v, ST_REGION_FILE_VERSION);
      return FALSE;
    }
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING
      || !st_region_method_from_string (json_node_get_string (node), method)
      || *method == ST_REGION_MANUAL)
    return bad_value (error, name, "method", _ ("“collectives”, “hierarchy” or “stack”"));
  return TRUE;
}

static gboolean
check_keys (JsonObject *object, const char *name, StRegionMethod method, GError **error)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!key_applies (method, l->data))
      {
        g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_UNKNOWN_KEY,
                     _ ("“%s”: the key “%s” does not apply to the %s method."), name,
                     (const char *)l->data, st_region_method_to_string (method));
        return FALSE;
      }
  return TRUE;
}

static StHighlighterConfig *
config_from_object (JsonObject *object, const char *name, GError **error)
{
  g_autoptr (StHighlighterConfig) self = NULL;
  StRegionMethod                  method;

  if (!read_header (object, name, &method, error) || !check_keys (object, name, method, error))
    return NULL;
  self = st_highlighter_config_new (method);
  if (!read_string (object, "tracks", name, &self->tracks, error)
      || !read_string (object, "match", name, &self->match, error)
      || !read_string (object, "frame", name, &self->frame, error)
      || !read_types (object, name, &self->types, error)
      || !read_nanoseconds (object, "min_gap_ns", name, &self->min_gap_ns, error)
      || !read_nanoseconds (object, "merge_gap_ns", name, &self->merge_gap_ns, error)
      || !read_nanoseconds (object, "min_duration_ns", name, &self->min_duration_ns, error)
      || !read_flag (object, "include_edges", name, &self->include_edges, error)
      || !read_flag (object, "bursts", name, &self->bursts, error)
      || !read_depth_and_project (object, name, self, error))
    return NULL;
  if (self->match != NULL && self->depth >= 0)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_BAD_VALUE,
                   _ ("“%s”: give either “match” or “depth”, not both."), name);
      return NULL;
    }
  return g_steal_pointer (&self);
}

StHighlighterConfig *
st_highlighter_config_parse (const char *data,
                             gssize      length,
                             const char *display_name,
                             GError    **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError)   local_error = NULL;

  if (length < 0)
    length = strlen (data);
  if (length > MAX_CONFIG_SIZE)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is too large to be a highlighter configuration (over 1 MiB)."),
                   display_name);
      return NULL;
    }
  root = st_json_doc_parse (data, length, &local_error);
  if (root == NULL)
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not valid JSON: %s"), display_name, local_error->message);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ST_REGION_ERROR, ST_REGION_ERROR_INVALID,
                   _ ("“%s” is not a highlighter configuration: it should be a JSON object."),
                   display_name);
      return NULL;
    }
  return config_from_object (json_node_get_object (root), display_name, error);
}

StHighlighterConfig *
st_highlighter_config_load (GFile *file, GError **error)
{
  g_autofree char   *name = g_file_get_parse_name (file);
  g_autofree char   *data = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize              length;

  if (!st_small_file_load (file, name, MAX_CONFIG_SIZE, &data, &length, &local_error))
    {
      /* too large says so as any other configuration that size */
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
        return st_highlighter_config_parse ("", MAX_CONFIG_SIZE + 1, name, error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return st_highlighter_config_parse (data, length, name, error);
}

static void
add_string (JsonBuilder *builder, const char *key, const char *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (builder, key);
  json_builder_add_string_value (builder, value);
}

static void
add_nanoseconds (JsonBuilder *builder, const char *key, gint64 value)
{
  if (value == 0)
    return;
  json_builder_set_member_name (builder, key);
  json_builder_add_int_value (builder, value);
}

static void
add_collective_keys (JsonBuilder *builder, const StHighlighterConfig *self)
{
  add_nanoseconds (builder, "min_gap_ns", self->min_gap_ns);
  if (!self->bursts)
    {
      json_builder_set_member_name (builder, "bursts");
      json_builder_add_boolean_value (builder, FALSE);
    }
  if (self->include_edges)
    {
      json_builder_set_member_name (builder, "include_edges");
      json_builder_add_boolean_value (builder, TRUE);
    }
  if (self->types == 0 || self->types == ST_COLLECTIVE_ALL)
    return;
  json_builder_set_member_name (builder, "types");
  json_builder_begin_array (builder);
  for (guint bit = 0; bit < ST_N_COLLECTIVE_TYPES; bit++)
    if (self->types & (1u << bit))
      json_builder_add_string_value (builder, st_collective_type_to_string (1u << bit));
  json_builder_end_array (builder);
}

static void
add_hierarchy_keys (JsonBuilder *builder, const StHighlighterConfig *self)
{
  static const char *const projects[] = { "auto", "host", "device" };

  if (self->depth >= 0)
    {
      json_builder_set_member_name (builder, "depth");
      json_builder_add_int_value (builder, self->depth);
    }
  json_builder_set_member_name (builder, "project");
  json_builder_add_string_value (builder, projects[self->project]);
}

char *
st_highlighter_config_to_json (const StHighlighterConfig *self)
{
  g_autoptr (JsonBuilder)   builder = json_builder_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode)      root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, ST_REGION_FILE_VERSION);
  add_string (builder, "method", st_region_method_to_string (self->method));
  add_string (builder, "tracks", self->tracks);
  if (self->method != ST_REGION_STACK)
    add_string (builder, "match", self->match);
  if (self->method == ST_REGION_COLLECTIVES)
    add_collective_keys (builder, self);
  else if (self->method == ST_REGION_HIERARCHY)
    add_hierarchy_keys (builder, self);
  else
    {
      add_string (builder, "frame", self->frame);
      add_nanoseconds (builder, "merge_gap_ns", self->merge_gap_ns);
    }
  add_nanoseconds (builder, "min_duration_ns", self->min_duration_ns);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

gboolean
st_highlighter_config_save (const StHighlighterConfig *self, GFile *file, GError **error)
{
  g_autofree char *data = st_highlighter_config_to_json (self);

  return st_small_file_replace (file, data, strlen (data), 0666, error);
}
