/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-digest.c: a digest as a document: its parts, its names, and its file
 * (docs/digest.md), written as text directly rather than through a JSON
 * tree: a digest is written once per rank of a job of a thousand, and a
 * double as json-glib writes it (1e+20.0) is no JSON. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-digest-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (st - digest - error - quark, st_digest_error)

static const struct
{
  const char  *id;
  const char  *title;
  StMetricUnit unit;
} step_metrics[ST_N_STEP_METRICS] = {
  [ST_STEP_TIME] = { "step_time_ns", N_ ("Step time"), ST_UNIT_NS },
  [ST_STEP_BUSY] = { "device_busy_percent", N_ ("Device busy"), ST_UNIT_PERCENT },
  [ST_STEP_COMPUTE] = { "compute_time_ns", N_ ("Compute"), ST_UNIT_NS },
  [ST_STEP_EXPOSED] = { "exposed_communication_ns", N_ ("Exposed communication"), ST_UNIT_NS },
  [ST_STEP_MEMORY_PEAK] = { "memory_peak_bytes", N_ ("Memory peak"), ST_UNIT_BYTES },
};

const char *
st_step_metric_to_string (StStepMetric metric)
{
  g_return_val_if_fail ((guint)metric < ST_N_STEP_METRICS, NULL);
  return step_metrics[metric].id;
}

const char *
st_step_metric_get_title (StStepMetric metric)
{
  g_return_val_if_fail ((guint)metric < ST_N_STEP_METRICS, NULL);
  return _ (step_metrics[metric].title);
}

StMetricUnit
st_step_metric_get_unit (StStepMetric metric)
{
  g_return_val_if_fail ((guint)metric < ST_N_STEP_METRICS, ST_UNIT_NONE);
  return step_metrics[metric].unit;
}

static const char *const unit_names[] = {
  [ST_UNIT_NONE] = "none",       [ST_UNIT_NS] = "ns",
  [ST_UNIT_PERCENT] = "percent", [ST_UNIT_COUNT] = "count",
  [ST_UNIT_BYTES] = "bytes",     [ST_UNIT_BYTES_PER_SECOND] = "bytes_per_second",
  [ST_UNIT_FLOPS] = "flops",     [ST_UNIT_RATIO] = "ratio",
};

const char *
_st_digest_unit_to_string (StMetricUnit unit)
{
  return (guint)unit < G_N_ELEMENTS (unit_names) ? unit_names[unit] : "none";
}

gboolean
_st_digest_unit_from_string (const char *text, StMetricUnit *unit)
{
  for (guint u = 0; u < G_N_ELEMENTS (unit_names); u++)
    if (g_strcmp0 (text, unit_names[u]) == 0)
      {
        *unit = (StMetricUnit)u;
        return TRUE;
      }
  return FALSE;
}

/* --- the document ---------------------------------------------------------------- */

static void
metric_clear (gpointer data)
{
  g_free (((StDigestMetric *)data)->id);
}

static void
finding_clear (gpointer data)
{
  StDigestFinding *f = data;

  g_free (f->kind);
  g_free (f->title);
  g_free (f->text);
  g_free (f->action);
  g_clear_pointer (&f->operations, g_ptr_array_unref);
}

static void
operation_clear (gpointer data)
{
  g_free (((StDigestOperation *)data)->name);
}

static void
track_clear (gpointer data)
{
  StDigestTrack *t = data;

  g_free (t->label);
  g_free (t->device);
  g_free (t->busy);
}

static GArray *
array_new (gsize size, GDestroyNotify clear)
{
  GArray *array = g_array_new (FALSE, TRUE, size);

  if (clear != NULL)
    g_array_set_clear_func (array, clear);
  return array;
}

StDigest *
_st_digest_new (void)
{
  StDigest *self = g_new0 (StDigest, 1);

  self->rank = -1;
  self->metrics = array_new (sizeof (StDigestMetric), metric_clear);
  self->findings = array_new (sizeof (StDigestFinding), finding_clear);
  self->steps = array_new (sizeof (StDigestStep), NULL);
  self->collectives = array_new (sizeof (StDigestCollective), NULL);
  self->kernels = array_new (sizeof (StDigestOperation), operation_clear);
  self->host_ops = array_new (sizeof (StDigestOperation), operation_clear);
  self->tracks = array_new (sizeof (StDigestTrack), track_clear);
  self->problems = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
st_digest_free (StDigest *self)
{
  if (self == NULL)
    return;
  g_free (self->source);
  g_free (self->producer);
  g_free (self->path);
  g_free (self->name);
  g_free (self->identity);
  g_free (self->format);
  g_free (self->flavor);
  g_clear_pointer (&self->environment, st_environment_free);
  g_array_unref (self->metrics);
  g_array_unref (self->findings);
  g_array_unref (self->steps);
  g_array_unref (self->collectives);
  g_array_unref (self->kernels);
  g_array_unref (self->host_ops);
  g_array_unref (self->tracks);
  g_ptr_array_unref (self->problems);
  g_free (self);
}

const StDigestMetric *
st_digest_lookup_metric (StDigest *self, const char *id)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->metrics->len; i++)
    {
      const StDigestMetric *m = &g_array_index (self->metrics, StDigestMetric, i);

      if (g_strcmp0 (m->id, id) == 0)
        return m;
    }
  return NULL;
}

char *
st_digest_dup_name_for (const char *trace_name)
{
  g_autofree char *stem = NULL;
  gsize            len = strlen (trace_name);

  if (g_str_has_suffix (trace_name, ".gz"))
    len -= 3;
  if (len > 5 && strncmp (trace_name + len - 5, ".json", 5) == 0)
    len -= 5;
  else if (len > 3 && strncmp (trace_name + len - 3, ".pb", 3) == 0)
    len -= 3;
  else if (len > 7 && strncmp (trace_name + len - 7, ".sqlite", 7) == 0)
    len -= 7; /* an Nsight Systems export */
  stem = g_strndup (trace_name, len);
  return g_strconcat (stem, ST_DIGEST_SUFFIX, NULL);
}

/* --- writing ----------------------------------------------------------------------- */

static void
put_string (GString *out, const char *text)
{
  g_autofree char *valid = NULL;

  if (text == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  g_string_append_c (out, '"');
  for (const guchar *c = (const guchar *)text; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_printf (out, "\\%c", *c);
      else if (*c < 0x20)
        g_string_append_printf (out, "\\u%04x", *c);
      else
        g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

static void
put_key (GString *out, const char *key)
{
  if (out->len > 0 && out->str[out->len - 1] != '{' && out->str[out->len - 1] != ',')
    g_string_append_c (out, ',');
  put_string (out, key);
  g_string_append_c (out, ':');
}

/* A number JSON reads back exactly; null when it is not finite. */
static void
put_double (GString *out, double value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    g_string_append (out, "null");
  else
    g_string_append (out, g_ascii_dtostr (number, sizeof number, value));
}

static void
put_member_string (GString *out, const char *key, const char *value)
{
  put_key (out, key);
  put_string (out, value);
}

static void
put_member_int (GString *out, const char *key, gint64 value)
{
  put_key (out, key);
  g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
}

/* @value, or null when it is negative (unknown). */
static void
put_member_known (GString *out, const char *key, gint64 value)
{
  put_key (out, key);
  if (value < 0)
    g_string_append (out, "null");
  else
    g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
}

static void
put_separator (GString *out, guint index)
{
  if (index > 0)
    g_string_append_c (out, ',');
}

static void
put_file (GString *out, StDigest *self)
{
  put_key (out, "file");
  g_string_append_c (out, '{');
  put_member_string (out, "path", self->path);
  put_member_string (out, "name", self->name);
  put_member_int (out, "size", (gint64)self->size);
  put_member_string (out, "identity", self->identity);
  put_member_string (out, "format", self->format);
  put_member_string (out, "flavor", self->flavor);
  g_string_append (out, "},");
  put_key (out, "clock");
  g_string_append_c (out, '{');
  put_member_int (out, "origin_ns", self->origin_ns);
  put_member_int (out, "end_ns", self->end_ns);
  g_string_append_c (out, '}');
}

static void
put_environment (GString *out, StDigest *self)
{
  const StEnvironment *env = self->environment;

  put_key (out, "environment");
  g_string_append_c (out, '{');
  put_member_string (out, "trace_type", env->trace_type);
  put_member_string (out, "schema_version", env->schema_version);
  put_member_string (out, "vendor", st_vendor_to_string (env->vendor));
  put_member_string (out, "device_model", env->device_model);
  put_member_string (out, "device_kind", env->device_kind);
  put_member_int (out, "device_count", env->device_count);
  put_member_known (out, "memory_bytes", env->memory_bytes);
  put_member_string (out, "compute_capability", env->compute_capability);
  put_member_known (out, "multiprocessors", env->multiprocessors);
  put_member_known (out, "world_size", env->world_size);
  put_member_known (out, "rank", self->rank);
  put_member_string (out, "ranks", env->ranks);
  put_member_string (out, "backend", env->backend);
  put_key (out, "versions");
  g_string_append_c (out, '{');
  for (guint v = 0; v < ST_N_ENV_VERSIONS; v++)
    if (env->versions[v] != NULL)
      put_member_string (out, st_environment_field_to_string (ST_ENV_FIRST_VERSION + v),
                         env->versions[v]);
  g_string_append (out, "},");
  put_key (out, "dtypes");
  g_string_append_c (out, '[');
  for (guint i = 0; i < env->dtypes->len; i++)
    {
      put_separator (out, i);
      put_string (out, g_ptr_array_index (env->dtypes, i));
    }
  g_string_append_c (out, ']');
  put_member_int (out, "graph_launches", (gint64)MIN (env->graph_launches, G_MAXINT64));
  put_member_int (out, "compiled_regions", (gint64)MIN (env->compiled_regions, G_MAXINT64));
  g_string_append_c (out, '}');
}

static void
put_metrics (GString *out, StDigest *self)
{
  put_key (out, "metrics");
  g_string_append_c (out, '[');
  for (guint i = 0; i < self->metrics->len; i++)
    {
      const StDigestMetric *m = &g_array_index (self->metrics, StDigestMetric, i);

      put_separator (out, i);
      g_string_append_c (out, '{');
      put_member_string (out, "id", m->id);
      put_key (out, "value");
      put_double (out, m->present ? m->value : NAN);
      put_member_string (out, "unit", _st_digest_unit_to_string (m->unit));
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static void
put_strings (GString *out, const char *key, GPtrArray *strings)
{
  put_key (out, key);
  g_string_append_c (out, '[');
  for (guint i = 0; i < strings->len; i++)
    {
      put_separator (out, i);
      put_string (out, g_ptr_array_index (strings, i));
    }
  g_string_append_c (out, ']');
}

static void
put_findings (GString *out, StDigest *self)
{
  put_key (out, "findings");
  g_string_append_c (out, '[');
  for (guint i = 0; i < self->findings->len; i++)
    {
      const StDigestFinding *f = &g_array_index (self->findings, StDigestFinding, i);

      put_separator (out, i);
      g_string_append_c (out, '{');
      put_member_string (out, "kind", f->kind);
      put_member_string (out, "title", f->title);
      put_member_string (out, "text", f->text);
      put_member_string (out, "action", f->action);
      put_member_int (out, "time_at_stake_ns", f->time_at_stake_ns);
      put_member_int (out, "start_ns", f->start_ns);
      put_member_int (out, "end_ns", f->end_ns);
      put_strings (out, "operations", f->operations);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

/* A column of @array: the gint64 at @offset of each element, or the
 * double there when @as_double (null when NAN). */
static void
put_column (GString *out, const char *key, GArray *array, gsize offset, gboolean as_double)
{
  put_key (out, key);
  g_string_append_c (out, '[');
  for (guint i = 0; i < array->len; i++)
    {
      const char *element = array->data + (gsize)i * g_array_get_element_size (array) + offset;

      put_separator (out, i);
      if (as_double)
        put_double (out, *(const double *)(const void *)element);
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, *(const gint64 *)(const void *)element);
    }
  g_string_append_c (out, ']');
}

static void
put_steps (GString *out, StDigest *self)
{
  put_key (out, "steps");
  g_string_append_c (out, '{');
  put_column (out, "number", self->steps, G_STRUCT_OFFSET (StDigestStep, number), FALSE);
  put_column (out, "start_ns", self->steps, G_STRUCT_OFFSET (StDigestStep, start_ns), FALSE);
  put_column (out, "end_ns", self->steps, G_STRUCT_OFFSET (StDigestStep, end_ns), FALSE);
  for (guint m = ST_STEP_BUSY; m < ST_N_STEP_METRICS; m++)
    put_column (out, st_step_metric_to_string (m), self->steps,
                G_STRUCT_OFFSET (StDigestStep, values) + m * sizeof (double), TRUE);
  g_string_append_c (out, '}');
}

static void
put_collectives (GString *out, StDigest *self)
{
  GArray *all = self->collectives;

  put_key (out, "collectives");
  g_string_append_c (out, '{');
  put_key (out, "types");
  g_string_append_c (out, '[');
  for (guint i = 0; i < all->len; i++)
    {
      put_separator (out, i);
      g_string_append_printf (out, "%u", g_array_index (all, StDigestCollective, i).types);
    }
  g_string_append_c (out, ']');
  put_key (out, "launch_ns");
  g_string_append_c (out, '[');
  for (guint i = 0; i < all->len; i++)
    {
      const StDigestCollective *c = &g_array_index (all, StDigestCollective, i);

      put_separator (out, i);
      if (c->has_launch)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, c->launch_ns);
      else
        g_string_append (out, "null");
    }
  g_string_append_c (out, ']');
  put_column (out, "start_ns", all, G_STRUCT_OFFSET (StDigestCollective, start_ns), FALSE);
  put_column (out, "end_ns", all, G_STRUCT_OFFSET (StDigestCollective, end_ns), FALSE);
  g_string_append_c (out, '}');
}

static void
put_operations (GString *out, const char *key, GArray *ops)
{
  put_key (out, key);
  g_string_append_c (out, '[');
  for (guint i = 0; i < ops->len; i++)
    {
      const StDigestOperation *op = &g_array_index (ops, StDigestOperation, i);

      put_separator (out, i);
      g_string_append_c (out, '{');
      put_member_string (out, "name", op->name);
      put_member_int (out, "count", (gint64)MIN (op->count, G_MAXINT64));
      put_member_int (out, "total_ns", op->total_ns);
      put_member_int (out, "self_ns", op->self_ns);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static void
put_tracks (GString *out, StDigest *self)
{
  put_key (out, "tracks");
  g_string_append_c (out, '{');
  put_member_int (out, "bins", ST_DIGEST_BINS);
  put_key (out, "list");
  g_string_append_c (out, '[');
  for (guint i = 0; i < self->tracks->len; i++)
    {
      const StDigestTrack *t = &g_array_index (self->tracks, StDigestTrack, i);
      g_autofree char     *busy = g_base64_encode (t->busy, ST_DIGEST_BINS);

      put_separator (out, i);
      g_string_append_c (out, '{');
      put_member_string (out, "label", t->label);
      put_member_string (out, "device", t->device);
      put_member_string (out, "busy", busy);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}");
}

static GString *
to_text (StDigest *self)
{
  GString *out = g_string_sized_new (64 * 1024);

  g_string_append_c (out, '{');
  put_member_string (out, "format", ST_DIGEST_FORMAT);
  put_member_int (out, "version", ST_DIGEST_VERSION);
  put_member_string (out, "producer", self->producer);
  g_string_append_c (out, ',');
  put_file (out, self);
  g_string_append_c (out, ',');
  put_environment (out, self);
  g_string_append_c (out, ',');
  put_metrics (out, self);
  g_string_append_c (out, ',');
  put_findings (out, self);
  g_string_append_c (out, ',');
  put_steps (out, self);
  g_string_append_c (out, ',');
  put_collectives (out, self);
  put_key (out, "operations");
  g_string_append_c (out, '{');
  put_operations (out, "kernels", self->kernels);
  put_operations (out, "host", self->host_ops);
  g_string_append (out, "},");
  put_tracks (out, self);
  g_string_append_c (out, ',');
  put_strings (out, "problems", self->problems);
  g_string_append (out, "}\n");
  return out;
}

GBytes *
st_digest_to_bytes (StDigest *self)
{
  g_autoptr (GString)         text = NULL;
  g_autoptr (GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr (GByteArray)      out = g_byte_array_new ();
  GConverterResult            result;
  gsize                       in_pos = 0;

  g_return_val_if_fail (self != NULL && self->environment != NULL, NULL);

  text = to_text (self);
  do
    {
      gsize              read = 0, written = 0;
      guint              len = out->len;
      g_autoptr (GError) error = NULL;

      g_byte_array_set_size (out, len + 64 * 1024);
      result = g_converter_convert (G_CONVERTER (gzip), text->str + in_pos, text->len - in_pos,
                                    out->data + len, 64 * 1024, G_CONVERTER_INPUT_AT_END, &read,
                                    &written, &error);
      /* compressing memory into memory fails only for want of room */
      g_assert (result != G_CONVERTER_ERROR
                || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE));
      g_byte_array_set_size (out, len + written);
      in_pos += read;
    }
  while (result != G_CONVERTER_FINISHED);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
