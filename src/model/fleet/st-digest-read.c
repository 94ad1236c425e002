/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-digest-read.c: a digest read back from its file (docs/digest.md),
 * trusting nothing in it: the file and its inflated text are capped (a
 * gzip bomb stops at the cap), the JSON goes through the one gate that
 * bounds its nesting, and every member is checked for its type and range
 * before it is kept. Each failure is one sentence naming the file and the
 * member. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-digest-private.h"
#include "st-json-doc.h"
#include "st-json-scan.h"
#include "st-small-file.h"
#include "st-time.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* A table ("steps", "collectives"): its columns as JSON nodes, or as
 * read from the text (then @text holds them). */
typedef struct
{
  JsonObject *object;
  GPtrArray  *text; /* StJsonColumn, or NULL */
} Table;

/* One column of a Table, either way. */
typedef struct
{
  JsonArray *array;
  GArray    *cells;
} Column;

typedef struct
{
  const char *name;
  GError    **error;
  guint       row;        /* of the table read, said after its path; G_MAXUINT outside one */
  GPtrArray  *text_steps; /* StJsonColumn: "steps" read from the text, or NULL */
  GPtrArray  *text_collectives;
} Reader;

/* Says that @path of the digest is wrong; FALSE, for returning. */
static gboolean
damaged (Reader *r, const char *path, const char *what)
{
  g_autofree char *where
      = r->row != G_MAXUINT ? g_strdup_printf ("%s[%u]", path, r->row) : g_strdup (path);

  g_set_error (r->error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_INVALID,
               _ ("%s: the digest is damaged: “%s” %s; make it again with “strata-cli digest”"),
               r->name, where, what);
  return FALSE;
}

static gboolean
node_int (Reader *r, JsonNode *node, const char *path, gint64 min, gint64 *out)
{
  if (node == NULL || !st_json_node_get_whole_number (node, out))
    return damaged (r, path, _ ("is not an integer"));
  if (*out < min)
    return damaged (r, path, _ ("is out of range"));
  return TRUE;
}

/* An integer, or -1 for null or a missing member. */
static gboolean
node_int_or_null (Reader *r, JsonNode *node, const char *path, gint64 *out)
{
  *out = -1;
  return node == NULL || JSON_NODE_HOLDS_NULL (node) || node_int (r, node, path, 0, out);
}

static gboolean
node_number_or_null (Reader *r, JsonNode *node, const char *path, double *out)
{
  *out = NAN;
  if (node != NULL && JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (node == NULL || !st_json_node_get_number (node, out) || !isfinite (*out))
    return damaged (r, path, _ ("is not a number"));
  return TRUE;
}

/* A string, or NULL for null when @nullable. */
static gboolean
node_string (Reader *r, JsonNode *node, const char *path, gboolean nullable, char **out)
{
  const char *text = node != NULL ? st_json_node_get_string (node) : NULL;

  *out = NULL;
  if (text != NULL && g_utf8_validate (text, -1, NULL))
    *out = g_strdup (text);
  else if (!(nullable && (node == NULL || JSON_NODE_HOLDS_NULL (node))))
    return damaged (r, path, _ ("is not a string"));
  return TRUE;
}

static JsonNode *
member (JsonObject *object, const char *key)
{
  return object != NULL ? json_object_get_member (object, key) : NULL;
}

static JsonObject *
object_member (Reader *r, JsonObject *object, const char *key)
{
  JsonObject *found = st_json_object_get_object (object, key);

  if (found == NULL)
    damaged (r, key, _ ("is not an object"));
  return found;
}

/* The table @key of @root: read from the text when @text holds it. */
static gboolean
table (Reader *r, JsonObject *root, const char *key, GPtrArray *text, Table *out)
{
  out->text = text;
  out->object = text == NULL ? object_member (r, root, key) : NULL;
  return text != NULL || out->object != NULL;
}

/* The column @key of table @t into @out; with *@length set (not
 * G_MAXUINT), only one of that length: a table has one entry per row. */
static gboolean
column (Reader *r, const Table *t, const char *path, const char *key, guint *length, Column *out)
{
  g_autofree char *where = g_strdup_printf ("%s.%s", path, key);
  guint            n;

  *out = (Column){ NULL, NULL };
  if (t->text == NULL)
    out->array = st_json_object_get_array (t->object, key);
  for (guint i = 0; t->text != NULL && i < t->text->len; i++)
    if (g_str_equal (((StJsonColumn *)g_ptr_array_index (t->text, i))->key, key))
      out->cells = ((StJsonColumn *)g_ptr_array_index (t->text, i))->cells;
  if (out->array == NULL && out->cells == NULL)
    return damaged (r, where, _ ("is not an array"));
  n = out->array != NULL ? json_array_get_length (out->array) : out->cells->len;
  if (*length == G_MAXUINT)
    *length = n;
  else if (n != *length)
    return damaged (r, where, _ ("has another length than its table’s other columns"));
  return TRUE;
}

/* Row @i of @c as node_int () reads a node. */
static gboolean
cell_int (Reader *r, const Column *c, guint i, const char *path, gint64 min, gint64 *out)
{
  const StJsonNumber *cell;

  if (c->array != NULL)
    return node_int (r, json_array_get_element (c->array, i), path, min, out);
  cell = &g_array_index (c->cells, StJsonNumber, i);
  if (cell->kind == ST_JSON_NUMBER_INT)
    *out = cell->whole;
  else if (cell->kind != ST_JSON_NUMBER_DOUBLE || !st_json_double_get_whole (cell->number, out))
    return damaged (r, path, _ ("is not an integer"));
  if (*out < min)
    return damaged (r, path, _ ("is out of range"));
  return TRUE;
}

/* Row @i of @c as node_int_or_null () reads a node. */
static gboolean
cell_int_or_null (Reader *r, const Column *c, guint i, const char *path, gint64 *out)
{
  if (c->array != NULL)
    return node_int_or_null (r, json_array_get_element (c->array, i), path, out);
  *out = -1;
  return g_array_index (c->cells, StJsonNumber, i).kind == ST_JSON_NUMBER_NULL
         || cell_int (r, c, i, path, 0, out);
}

/* Row @i of @c as node_number_or_null () reads a node. */
static gboolean
cell_number_or_null (Reader *r, const Column *c, guint i, const char *path, double *out)
{
  const StJsonNumber *cell;

  if (c->array != NULL)
    return node_number_or_null (r, json_array_get_element (c->array, i), path, out);
  cell = &g_array_index (c->cells, StJsonNumber, i);
  *out = cell->kind == ST_JSON_NUMBER_INT ? (double)cell->whole : cell->number;
  if (cell->kind == ST_JSON_NUMBER_NULL)
    *out = NAN;
  else if (cell->kind == ST_JSON_NUMBER_BEYOND || !isfinite (*out))
    return damaged (r, path, _ ("is not a number"));
  return TRUE;
}

static gboolean
read_strings (Reader *r, JsonArray *array, const char *path, GPtrArray *out)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *where = g_strdup_printf ("%s[%u]", path, i);
      char            *text;

      if (!node_string (r, json_array_get_element (array, i), where, FALSE, &text))
        return FALSE;
      g_ptr_array_add (out, text);
    }
  return array != NULL || damaged (r, path, _ ("is not an array"));
}

/* --- the parts --------------------------------------------------------------------- */

static gboolean
read_file (Reader *r, JsonObject *root, StDigest *d)
{
  JsonObject *file = object_member (r, root, "file");
  JsonObject *clock = file != NULL ? object_member (r, root, "clock") : NULL;
  gint64      size = 0;

  if (clock == NULL || !node_string (r, member (root, "producer"), "producer", FALSE, &d->producer)
      || !node_string (r, member (file, "path"), "file.path", FALSE, &d->path)
      || !node_string (r, member (file, "name"), "file.name", FALSE, &d->name)
      || !node_int (r, member (file, "size"), "file.size", 0, &size)
      || !node_string (r, member (file, "identity"), "file.identity", FALSE, &d->identity)
      || !node_string (r, member (file, "format"), "file.format", FALSE, &d->format)
      || !node_string (r, member (file, "flavor"), "file.flavor", TRUE, &d->flavor)
      || !node_int (r, member (clock, "origin_ns"), "clock.origin_ns", G_MININT64, &d->origin_ns)
      || !node_int (r, member (clock, "end_ns"), "clock.end_ns", 0, &d->end_ns))
    return FALSE;
  d->size = (guint64)size;
  return TRUE;
}

static gboolean
read_metrics (Reader *r, JsonObject *root, StDigest *d)
{
  JsonArray *array = st_json_object_get_array (root, "metrics");

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonObject *o
          = json_node_get_node_type (json_array_get_element (array, i)) == JSON_NODE_OBJECT
                ? json_array_get_object_element (array, i)
                : NULL;
      g_autofree char *where = g_strdup_printf ("metrics[%u]", i);
      StDigestMetric   m = { NULL, ST_UNIT_NONE, FALSE, 0 };

      if (o == NULL)
        return damaged (r, where, _ ("is not an object"));
      if (!_st_digest_unit_from_string (st_json_object_get_string (o, "unit"), &m.unit))
        return damaged (r, where, _ ("has no unit this Strata knows"));
      if (!node_number_or_null (r, member (o, "value"), where, &m.value)
          || !node_string (r, member (o, "id"), where, FALSE, &m.id))
        return FALSE;
      m.present = !isnan (m.value);
      m.value = m.present ? m.value : 0;
      g_array_append_val (d->metrics, m);
    }
  return array != NULL || damaged (r, "metrics", _ ("is not an array"));
}

static gboolean
read_finding (Reader *r, JsonObject *o, const char *where, StDigestFinding *f)
{
  f->operations = g_ptr_array_new_with_free_func (g_free);
  return o != NULL && node_string (r, member (o, "kind"), where, FALSE, &f->kind)
         && node_string (r, member (o, "title"), where, TRUE, &f->title)
         && node_string (r, member (o, "text"), where, FALSE, &f->text)
         && node_string (r, member (o, "action"), where, TRUE, &f->action)
         && node_int (r, member (o, "time_at_stake_ns"), where, 0, &f->time_at_stake_ns)
         && node_int (r, member (o, "start_ns"), where, G_MININT64, &f->start_ns)
         && node_int (r, member (o, "end_ns"), where, G_MININT64, &f->end_ns)
         && read_strings (r, st_json_object_get_array (o, "operations"), where, f->operations);
}

static gboolean
read_findings (Reader *r, JsonObject *root, StDigest *d)
{
  JsonArray *array = st_json_object_get_array (root, "findings");

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode        *node = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("findings[%u]", i);
      StDigestFinding  f = { 0 };
      gboolean         ok;

      ok = read_finding (r, JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL,
                         where, &f);
      g_array_append_val (d->findings, f);
      if (!ok && !JSON_NODE_HOLDS_OBJECT (node))
        damaged (r, where, _ ("is not an object"));
      if (!ok)
        return FALSE;
    }
  return array != NULL || damaged (r, "findings", _ ("is not an array"));
}

/* Row @i of the steps' columns; its place is said only if it is damaged
 * (a digest has thousands of rows). */
static gboolean
read_step (Reader *r, const Column *columns, guint i, StDigestStep *s)
{
  const char *where = "steps";

  if (!cell_int (r, &columns[0], i, where, G_MININT64, &s->number)
      || !cell_int (r, &columns[1], i, where, G_MININT64, &s->start_ns)
      || !cell_int (r, &columns[2], i, where, s->start_ns, &s->end_ns))
    return FALSE;
  s->values[ST_STEP_TIME] = (double)st_time_span (s->start_ns, s->end_ns);
  for (guint m = ST_STEP_BUSY; m < ST_N_STEP_METRICS; m++)
    if (!cell_number_or_null (r, &columns[2 + m], i, where, &s->values[m]))
      return FALSE;
  return TRUE;
}

static gboolean
read_steps (Reader *r, JsonObject *root, StDigest *d)
{
  Table  steps;
  Column columns[2 + ST_N_STEP_METRICS];
  guint  n = G_MAXUINT;

  if (!table (r, root, "steps", r->text_steps, &steps)
      || !column (r, &steps, "steps", "number", &n, &columns[0])
      || !column (r, &steps, "steps", "start_ns", &n, &columns[1])
      || !column (r, &steps, "steps", "end_ns", &n, &columns[2]))
    return FALSE;
  for (guint m = ST_STEP_BUSY; m < ST_N_STEP_METRICS; m++)
    if (!column (r, &steps, "steps", st_step_metric_to_string (m), &n, &columns[2 + m]))
      return FALSE;
  g_array_set_size (d->steps, n);
  for (r->row = 0; r->row < n; r->row++)
    if (!read_step (r, columns, r->row, &g_array_index (d->steps, StDigestStep, r->row)))
      return FALSE;
  r->row = G_MAXUINT;
  return TRUE;
}

static gboolean
read_collective (Reader *r, const Column *columns, guint i, gint64 after, StDigestCollective *c)
{
  const char *where = "collectives";
  gint64      types, launch;

  if (!cell_int (r, &columns[0], i, where, 1, &types)
      || !cell_int_or_null (r, &columns[1], i, where, &launch)
      || !cell_int (r, &columns[2], i, where, after, &c->start_ns)
      || !cell_int (r, &columns[3], i, where, c->start_ns, &c->end_ns))
    return FALSE;
  if (types > ST_COLLECTIVE_ALL)
    return damaged (r, where, _ ("has types this Strata does not know"));
  c->types = (guint)types;
  c->has_launch = launch >= 0;
  c->launch_ns = MAX (launch, 0);
  return TRUE;
}

static gboolean
read_collectives (Reader *r, JsonObject *root, StDigest *d)
{
  static const char *const keys[] = { "types", "launch_ns", "start_ns", "end_ns" };
  Table                    collectives;
  Column                   columns[G_N_ELEMENTS (keys)];
  guint                    n = G_MAXUINT;
  gint64                   after = G_MININT64;

  if (!table (r, root, "collectives", r->text_collectives, &collectives))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    if (!column (r, &collectives, "collectives", keys[k], &n, &columns[k]))
      return FALSE;
  g_array_set_size (d->collectives, n);
  for (r->row = 0; r->row < n; r->row++)
    {
      StDigestCollective *c = &g_array_index (d->collectives, StDigestCollective, r->row);

      /* in order of start: a rank's k-th of a type is counted in that order */
      if (!read_collective (r, columns, r->row, after, c))
        return FALSE;
      after = c->start_ns;
    }
  r->row = G_MAXUINT;
  _st_digest_number_collectives (d->collectives);
  return TRUE;
}

static gboolean
read_operations (Reader *r, JsonObject *operations, const char *key, GArray *out)
{
  JsonArray       *array = st_json_object_get_array (operations, key);
  g_autofree char *path = g_strdup_printf ("operations.%s", key);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode         *node = json_array_get_element (array, i);
      JsonObject       *o = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      g_autofree char  *where = g_strdup_printf ("%s[%u]", path, i);
      StDigestOperation op = { NULL, 0, 0, 0 };
      gint64            count;

      if (o == NULL)
        return damaged (r, where, _ ("is not an object"));
      if (!node_int (r, member (o, "count"), where, 0, &count)
          || !node_int (r, member (o, "total_ns"), where, 0, &op.total_ns)
          || !node_int (r, member (o, "self_ns"), where, 0, &op.self_ns)
          || !node_string (r, member (o, "name"), where, FALSE, &op.name))
        return FALSE;
      op.count = (guint64)count;
      g_array_append_val (out, op);
    }
  return array != NULL || damaged (r, path, _ ("is not an array"));
}

static gboolean
read_track (Reader *r, JsonObject *o, const char *where, StDigestTrack *t)
{
  g_autofree char *busy = NULL;
  gsize            n = 0;

  if (o == NULL)
    return damaged (r, where, _ ("is not an object"));
  if (!node_string (r, member (o, "label"), where, FALSE, &t->label)
      || !node_string (r, member (o, "device"), where, FALSE, &t->device)
      || !node_string (r, member (o, "busy"), where, FALSE, &busy))
    return FALSE;
  /* base64 of ST_DIGEST_BINS bytes is exactly this long: decode no more */
  if (strlen (busy) != (ST_DIGEST_BINS + 2) / 3 * 4)
    return damaged (r, where, _ ("has a strip of another length"));
  t->busy = g_base64_decode (busy, &n);
  if (n != ST_DIGEST_BINS)
    return damaged (r, where, _ ("has a strip of another length"));
  return TRUE;
}

static gboolean
read_tracks (Reader *r, JsonObject *root, StDigest *d)
{
  JsonObject *tracks = object_member (r, root, "tracks");
  JsonArray  *list = st_json_object_get_array (tracks, "list");
  gint64      bins = 0;

  if (tracks == NULL || !node_int (r, member (tracks, "bins"), "tracks.bins", 0, &bins))
    return FALSE;
  if (bins != ST_DIGEST_BINS)
    return damaged (r, "tracks.bins", _ ("is not 512, the bins this Strata reads"));
  if (list == NULL)
    return damaged (r, "tracks.list", _ ("is not an array"));
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode        *node = json_array_get_element (list, i);
      g_autofree char *where = g_strdup_printf ("tracks.list[%u]", i);
      StDigestTrack    t = { NULL, NULL, NULL };
      gboolean         ok;

      ok = read_track (r, JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL, where,
                       &t);
      g_array_append_val (d->tracks, t);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* --- what it ran on ---------------------------------------------------------------- */

static gboolean
read_vendor (Reader *r, JsonObject *o, StEnvironment *env)
{
  g_autofree char *vendor = NULL;

  if (!node_string (r, member (o, "vendor"), "environment.vendor", TRUE, &vendor))
    return FALSE;
  for (StVendor v = ST_VENDOR_NVIDIA; vendor != NULL && st_vendor_to_string (v) != NULL; v++)
    if (g_str_equal (vendor, st_vendor_to_string (v)))
      env->vendor = v;
  return TRUE;
}

/* The versions the digest names; a key this Strata does not know is left
 * out, as a reader leaves out any member it does not know. */
static gboolean
read_versions (Reader *r, JsonObject *o, StEnvironment *env)
{
  JsonObject *versions = object_member (r, o, "versions");

  if (versions == NULL)
    return FALSE;
  for (guint v = 0; v < ST_N_ENV_VERSIONS; v++)
    {
      const char      *key = st_environment_field_to_string (ST_ENV_FIRST_VERSION + v);
      g_autofree char *where = g_strdup_printf ("environment.versions.%s", key);

      if (!node_string (r, member (versions, key), where, TRUE, &env->versions[v]))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_dtypes (Reader *r, JsonObject *o, StEnvironment *env)
{
  g_autoptr (GPtrArray) dtypes = g_ptr_array_new_with_free_func (g_free);

  if (!read_strings (r, st_json_object_get_array (o, "dtypes"), "environment.dtypes", dtypes))
    return FALSE;
  /* the environment's data types are static strings */
  for (guint i = 0; i < dtypes->len; i++)
    g_ptr_array_add (env->dtypes, (gpointer)g_intern_string (g_ptr_array_index (dtypes, i)));
  return TRUE;
}

static gboolean
read_environment (Reader *r, JsonObject *root, StDigest *d)
{
  JsonObject    *o = object_member (r, root, "environment");
  StEnvironment *env;
  gint64         count = 0, graphs = 0, compiled = 0;

  if (o == NULL)
    return FALSE;
  env = d->environment = g_new0 (StEnvironment, 1);
  env->dtypes = g_ptr_array_new ();
  if (!node_string (r, member (o, "trace_type"), "environment.trace_type", TRUE, &env->trace_type)
      || !node_string (r, member (o, "schema_version"), "environment.schema_version", TRUE,
                       &env->schema_version)
      || !node_string (r, member (o, "device_model"), "environment.device_model", TRUE,
                       &env->device_model)
      || !node_string (r, member (o, "device_kind"), "environment.device_kind", TRUE,
                       &env->device_kind)
      || !node_string (r, member (o, "compute_capability"), "environment.compute_capability", TRUE,
                       &env->compute_capability)
      || !node_string (r, member (o, "ranks"), "environment.ranks", TRUE, &env->ranks)
      || !node_string (r, member (o, "backend"), "environment.backend", TRUE, &env->backend)
      || !node_int (r, member (o, "device_count"), "environment.device_count", 0, &count)
      || !node_int_or_null (r, member (o, "memory_bytes"), "environment.memory_bytes",
                            &env->memory_bytes)
      || !node_int_or_null (r, member (o, "multiprocessors"), "environment.multiprocessors",
                            &env->multiprocessors)
      || !node_int_or_null (r, member (o, "world_size"), "environment.world_size", &env->world_size)
      || !node_int_or_null (r, member (o, "rank"), "environment.rank", &d->rank)
      || !node_int (r, member (o, "graph_launches"), "environment.graph_launches", 0, &graphs)
      || !node_int (r, member (o, "compiled_regions"), "environment.compiled_regions", 0, &compiled)
      || !read_vendor (r, o, env) || !read_versions (r, o, env) || !read_dtypes (r, o, env))
    return FALSE;
  env->device_count = (guint)MIN (count, G_MAXUINT);
  env->graph_launches = (guint64)graphs;
  env->compiled_regions = (guint64)compiled;
  return TRUE;
}

/* --- tables read from the text ------------------------------------------------------ */

/* A thousand digests hold millions of numbers in their tables, and a JSON
 * node each would cost most of the reading: a table whose columns are all
 * well-formed arrays of numbers and nulls is read straight from the text,
 * its value blanked to {} for the nodes. Anything else is left to the
 * nodes, which read it, or say what is wrong with it, as before. */

/* Reads the root's "steps" and "collectives" from @text (of @size bytes)
 * where they are tables of numbers, each written once, and blanks
 * them to {} in place: the text keeps its length, so places in errors
 * stay. Leaves everything when a key of the root has an escape. */
static void
take_tables (char *text, gsize size, GPtrArray **steps, GPtrArray **collectives)
{
  const char *end = text + size, *p = st_json_skip_ws (text, end);
  const char *names[] = { "steps", "collectives" };
  GPtrArray **outs[] = { steps, collectives };
  char       *starts[2] = { NULL, NULL }, *stops[2] = { NULL, NULL };
  guint       seen[2] = { 0, 0 };

  if (p >= end || *p != '{')
    return;
  p = st_json_skip_ws (p + 1, end);
  while (p < end && *p == '"')
    {
      const char *key = p + 1, *value;
      guint       flags = 0, match = G_N_ELEMENTS (names);

      if ((p = st_json_skip_string (p, end, &flags)) == NULL || flags != 0)
        return;
      for (guint t = 0; t < G_N_ELEMENTS (names); t++)
        if ((gsize)(p - 1 - key) == strlen (names[t]) && memcmp (key, names[t], p - 1 - key) == 0)
          seen[match = t]++;
      p = st_json_skip_ws (p, end);
      if (p >= end || *p != ':')
        return;
      value = p = st_json_skip_ws (p + 1, end);
      if ((p = st_json_skip_value (p, end)) == NULL)
        return;
      if (match < G_N_ELEMENTS (names))
        {
          starts[match] = (char *)value;
          stops[match] = (char *)p;
        }
      p = st_json_skip_ws (p, end);
      if (p < end && *p == ',')
        p = st_json_skip_ws (p + 1, end);
    }
  for (guint t = 0; t < 2; t++)
    if (seen[t] == 1 && (*outs[t] = st_json_scan_columns (starts[t], stops[t])) != NULL)
      {
        memset (starts[t], ' ', stops[t] - starts[t]);
        memcpy (starts[t], "{}", 2);
      }
}

/* --- the file ---------------------------------------------------------------------- */

/* The text of the gzip stream @data, at most ST_DIGEST_MAX_TEXT_SIZE bytes
 * of it: a bomb stops at the cap. */
static GByteArray *
inflate (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GByteArray)        out = g_byte_array_new ();
  GConverterResult              result = G_CONVERTER_CONVERTED;
  gsize                         in_pos = 0;

  while (result != G_CONVERTER_FINISHED)
    {
      gsize              read = 0, written = 0;
      guint              len = out->len;
      g_autoptr (GError) local = NULL;

      if (len >= ST_DIGEST_MAX_TEXT_SIZE)
        {
          g_set_error (error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_TOO_LARGE,
                       _ ("%s: inflated, the digest is over %u MiB; no digest is that large"), name,
                       (guint)(ST_DIGEST_MAX_TEXT_SIZE >> 20));
          return NULL;
        }
      g_byte_array_set_size (out, len + 256 * 1024);
      result = g_converter_convert (G_CONVERTER (gunzip), data + in_pos, length - in_pos,
                                    out->data + len, 256 * 1024, G_CONVERTER_INPUT_AT_END, &read,
                                    &written, &local);
      g_byte_array_set_size (out, len + written);
      in_pos += read;
      if (result == G_CONVERTER_ERROR)
        {
          g_set_error (error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_CORRUPT,
                       _ ("%s: the digest’s gzip stream is cut short or damaged (%s); make it "
                          "again with “strata-cli digest”"),
                       name, local->message);
          return NULL;
        }
    }
  g_byte_array_append (out, (const guint8 *)"", 1); /* a NUL after the text */
  return g_steal_pointer (&out);
}

static gboolean
read_root (Reader *r, JsonObject *root, StDigest *d)
{
  JsonObject *operations;
  gint64      version = 0;

  if (g_strcmp0 (st_json_object_get_string (root, "format"), ST_DIGEST_FORMAT) != 0)
    {
      g_set_error (r->error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_NOT_DIGEST,
                   _ ("%s: not a Strata digest (it has no “format”: “%s”)"), r->name,
                   ST_DIGEST_FORMAT);
      return FALSE;
    }
  if (!st_json_object_get_int (root, "version", &version) || version != ST_DIGEST_VERSION)
    {
      g_set_error (r->error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_VERSION,
                   _ ("%s: a digest of a version this Strata does not read (it reads version "
                      "%d); make it again with this Strata’s “strata-cli digest”"),
                   r->name, ST_DIGEST_VERSION);
      return FALSE;
    }
  operations = object_member (r, root, "operations");
  return operations != NULL && read_file (r, root, d) && read_environment (r, root, d)
         && read_metrics (r, root, d) && read_findings (r, root, d) && read_steps (r, root, d)
         && read_collectives (r, root, d) && read_operations (r, operations, "kernels", d->kernels)
         && read_operations (r, operations, "host", d->host_ops) && read_tracks (r, root, d)
         && read_strings (r, st_json_object_get_array (root, "problems"), "problems", d->problems);
}

StDigest *
st_digest_read_bytes (const char *data, gsize length, const char *display_name, GError **error)
{
  g_autoptr (GByteArray) text = NULL;
  g_autoptr (GPtrArray)  steps = NULL, collectives = NULL;
  g_autoptr (JsonNode)   node = NULL;
  g_autoptr (StDigest)   digest = NULL;
  g_autoptr (GError)     local = NULL;
  Reader                 r = { display_name, error, G_MAXUINT, NULL, NULL };

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (length < 2 || (guchar)data[0] != 0x1f || (guchar)data[1] != 0x8b)
    {
      g_set_error (error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_NOT_DIGEST,
                   _ ("%s: not a Strata digest (a digest is gzip-compressed JSON; make one with "
                      "“strata-cli digest”)"),
                   display_name);
      return NULL;
    }
  text = inflate (data, length, display_name, error);
  if (text == NULL)
    return NULL;
  take_tables ((char *)text->data, text->len - 1, &steps, &collectives);
  r.text_steps = steps;
  r.text_collectives = collectives;
  node = st_json_doc_parse ((const char *)text->data, text->len - 1, &local);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ST_DIGEST_ERROR, ST_DIGEST_ERROR_NOT_DIGEST,
                   _ ("%s: not a Strata digest (%s)"), display_name,
                   local != NULL ? local->message : _ ("its text is not a JSON object"));
      return NULL;
    }
  digest = _st_digest_new ();
  if (!read_root (&r, json_node_get_object (node), digest))
    return NULL;
  digest->source = g_strdup (display_name);
  return g_steal_pointer (&digest);
}

StDigest *
st_digest_read (GFile *file, const char *display_name, GError **error)
{
  g_autofree char *contents = NULL;
  gsize            length = 0;
  GError          *local = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (!st_small_file_load (file, display_name, ST_DIGEST_MAX_FILE_SIZE, &contents, &length, &local))
    {
      /* too large is the digest's own error: no digest is that large */
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
        {
          local->domain = ST_DIGEST_ERROR;
          local->code = ST_DIGEST_ERROR_TOO_LARGE;
        }
      g_propagate_error (error, local);
      return NULL;
    }
  return st_digest_read_bytes (contents, length, display_name, error);
}
