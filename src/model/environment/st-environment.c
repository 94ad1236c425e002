/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-environment.c: the metadata read key by key, the devices through
 * their deviceProperties entries (as the FLOP rates find them), then one
 * pass over the host tracks with a flag per name, found once among the
 * trace's strings: graph launches, compiled regions, matrix ops whose
 * data types are read, and launch calls that name their runtime. */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-environment.h"
#include "st-device-peak.h"
#include "st-device-work.h"
#include "st-event-scan.h"
#include "st-operation-name.h"
#include "st-json-doc.h"
#include "st-format.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define MAX_DTYPE_OPS 64 /* matrix ops whose Input type is read */

static const struct
{
  const char *id;
  const char *title;
} fields[ST_N_ENV_FIELDS] = {
  [ST_ENV_TRACE_TYPE] = { "trace_type", N_ ("Trace type") },
  [ST_ENV_SCHEMA_VERSION] = { "schema_version", N_ ("Schema version") },
  [ST_ENV_VENDOR] = { "vendor", N_ ("Vendor") },
  [ST_ENV_DEVICE_MODEL] = { "device_model", N_ ("Device") },
  [ST_ENV_DEVICE_COUNT] = { "device_count", N_ ("Devices with work") },
  [ST_ENV_MEMORY] = { "memory_bytes", N_ ("Device memory") },
  [ST_ENV_COMPUTE_CAPABILITY] = { "compute_capability", N_ ("Compute capability") },
  [ST_ENV_MULTIPROCESSORS] = { "multiprocessors", N_ ("Multiprocessors") },
  [ST_ENV_WORLD_SIZE] = { "world_size", N_ ("World size") },
  [ST_ENV_RANKS] = { "ranks", N_ ("Rank") },
  [ST_ENV_BACKEND] = { "backend", N_ ("Backend") },
  [ST_ENV_CUPTI_VERSION] = { "cupti_version", N_ ("CUPTI") },
  [ST_ENV_CUDA_RUNTIME_VERSION] = { "cuda_runtime_version", N_ ("CUDA runtime") },
  [ST_ENV_CUDA_DRIVER_VERSION] = { "cuda_driver_version", N_ ("CUDA driver") },
  [ST_ENV_HIP_RUNTIME_VERSION] = { "hip_runtime_version", N_ ("HIP runtime") },
  [ST_ENV_HIP_DRIVER_VERSION] = { "hip_driver_version", N_ ("HIP driver") },
  [ST_ENV_HIP_VERSION] = { "hip_version", N_ ("HIP") },
  [ST_ENV_ROCTRACER_VERSION] = { "roctracer_version", N_ ("roctracer") },
  [ST_ENV_NCCL_VERSION] = { "nccl_version", N_ ("NCCL") },
  [ST_ENV_DTYPES] = { "dtypes", N_ ("Data types") },
  [ST_ENV_GRAPH_LAUNCHES] = { "graph_launches", N_ ("Graph launches") },
  [ST_ENV_COMPILED_REGIONS] = { "compiled_regions", N_ ("Compiled regions") },
};

/* --- the metadata ------------------------------------------------------------ */

/* A scalar as its text: a string as it is, a number in decimal. */
static char *
value_text (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return json_node_get_string (node)[0] != '\0' ? g_strdup (json_node_get_string (node)) : NULL;
    case G_TYPE_INT64: return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE: return g_strdup_printf ("%g", json_node_get_double (node));
    default: return NULL;
    }
}

/* A whole number written as a number or as its text; -1 when neither. */
static gint64
value_int (JsonNode *node)
{
  g_autofree char *text = value_text (node);
  gint64           value;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 0, G_MAXINT64, &value, NULL))
    return -1;
  return value;
}

static JsonNode *
metadata (StTrace *trace, const char *key)
{
  return st_trace_dup_file_metadata (trace, 0, key, NULL);
}

static void
read_distributed (StEnvironment *self, StTrace *trace)
{
  g_autoptr (JsonNode) info = metadata (trace, "distributedInfo");
  g_autoptr (GString)  ranks = g_string_new (NULL);
  JsonObject          *o;

  for (guint f = 0; f < st_trace_get_n_files (trace); f++)
    if (st_trace_get_file (trace, f)->rank >= 0)
      g_string_append_printf (ranks, "%s%d", ranks->len > 0 ? ", " : "",
                              st_trace_get_file (trace, f)->rank);
  if (ranks->len > 0)
    self->ranks = g_string_free (g_steal_pointer (&ranks), FALSE);
  if (info == NULL || !JSON_NODE_HOLDS_OBJECT (info))
    return;
  o = json_node_get_object (info);
  self->world_size = value_int (json_object_get_member (o, "world_size"));
  self->backend = value_text (json_object_get_member (o, "backend"));
  self->versions[ST_ENV_NCCL_VERSION - ST_ENV_FIRST_VERSION]
      = value_text (json_object_get_member (o, "nccl_version"));
}

static void
read_metadata (StEnvironment *self, StTrace *trace)
{
  g_autoptr (JsonNode) schema = metadata (trace, "schemaVersion");

  self->trace_type
      = g_strdup_printf ("%s (%s)", st_trace_get_format (trace), st_trace_get_flavor (trace));
  self->schema_version = value_text (schema);
  for (guint v = ST_ENV_FIRST_VERSION; v < ST_ENV_NCCL_VERSION; v++)
    {
      g_autoptr (JsonNode) node = metadata (trace, fields[v].id);

      self->versions[v - ST_ENV_FIRST_VERSION] = value_text (node);
    }
  read_distributed (self, trace);
}

/* --- the devices -------------------------------------------------------------- */

/* "GPU" of "rank 1 / GPU 0" or "GPU 1 (pid 1)": the words before the
 * label's number; NULL for a label with no number ("python3 (pid 9)"). */
static char *
device_kind (const char *label)
{
  const char      *slash = g_strrstr (label, " / ");
  g_autofree char *kind = g_strdup (slash != NULL ? slash + 3 : label);
  char            *pid = g_strrstr (kind, " (pid ");
  gsize            n;

  if (pid != NULL)
    *pid = '\0';
  n = strlen (kind);
  if (n == 0 || !g_ascii_isdigit (kind[n - 1]))
    return NULL;
  while (n > 0 && g_ascii_isdigit (kind[n - 1]))
    n--;
  if (n < 2 || kind[n - 1] != ' ')
    return NULL;
  kind[n - 1] = '\0';
  /* "pid 9": a process known only by its pid says no kind */
  if (g_str_equal (kind, "pid"))
    return NULL;
  return g_steal_pointer (&kind);
}

/* 8.11 vendor rule 1, from a device's name and entry. */
static StVendor
vendor_of_entry (const char *name, JsonObject *entry)
{
  static const char *const nvidia[] = { "NVIDIA", "TESLA", "QUADRO", "GEFORCE", "RTX" };
  static const char *const amd[] = { "AMD", "INSTINCT", "RADEON" };
  g_autofree char         *upper = g_ascii_strup (name != NULL ? name : "", -1);
  gint64                   warp;

  for (guint i = 0; i < G_N_ELEMENTS (nvidia); i++)
    if (strstr (upper, nvidia[i]) != NULL)
      return ST_VENDOR_NVIDIA;
  for (guint i = 0; i < G_N_ELEMENTS (amd); i++)
    if (strstr (upper, amd[i]) != NULL)
      return ST_VENDOR_AMD;
  if (entry == NULL)
    return ST_VENDOR_UNKNOWN;
  warp = st_json_object_get_int_or (entry, "warpSize", 0);
  if (json_object_has_member (entry, "gcnArchName") || warp == 64)
    return ST_VENDOR_AMD;
  return warp == 32 ? ST_VENDOR_NVIDIA : ST_VENDOR_UNKNOWN;
}

/* The first device's entry: its memory, compute capability and SMs. */
static void
read_entry (StEnvironment *self, JsonObject *entry)
{
  gint64 major = st_json_object_get_int_or (entry, "computeMajor", -1);
  gint64 minor = st_json_object_get_int_or (entry, "computeMinor", -1);

  self->memory_bytes = st_json_object_get_int_or (entry, "totalGlobalMem", -1);
  self->multiprocessors = st_json_object_get_int_or (entry, "numSms", -1);
  if (major >= 0 && minor >= 0)
    self->compute_capability
        = g_strdup_printf ("%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT, major, minor);
}

static JsonArray *
properties_of (StTrace *trace, JsonNode **nodes, guint file)
{
  if (nodes[file] == NULL)
    nodes[file] = st_trace_dup_file_metadata (trace, file, "deviceProperties", NULL);
  return nodes[file] != NULL && JSON_NODE_HOLDS_ARRAY (nodes[file])
             ? json_node_get_array (nodes[file])
             : NULL;
}

/* The entry's name; for one without (ROCm may write ""), its architecture
 * and the model 13.4's table knows it by: "gfx942 (MI300X)". */
static char *
model_name (JsonObject *entry, const StDevicePeak *peak)
{
  const char *name = entry != NULL ? st_json_object_get_string_or (entry, "name", "") : "";

  if (peak->name == NULL || peak->name[0] == '\0')
    return NULL;
  if (name[0] == '\0' && peak->model != NULL)
    return g_strdup_printf ("%s (%s)", peak->name, peak->model);
  return g_strdup (peak->name);
}

/* One device: its name among the models, its kind, its vendor. */
static void
read_device (StEnvironment  *self,
             StTrace        *trace,
             const StDevice *device,
             JsonArray      *properties,
             GPtrArray      *models,
             GPtrArray      *table_models)
{
  const StProcess *p = st_trace_get_process (trace, device->process);
  gint64           id = G_MININT64;
  StDevicePeak     peak;
  JsonObject      *entry;
  g_autofree char *model = NULL;

  if (!g_ascii_string_to_signed (st_trace_get_string (trace, p->pid), 10, G_MININT64, G_MAXINT64,
                                 &id, NULL))
    id = G_MININT64;
  st_device_peak_find (properties, id, &peak);
  entry = st_device_peak_find_entry (properties, id);
  model = model_name (entry, &peak);
  if (model != NULL && !g_ptr_array_find_with_equal_func (models, model, g_str_equal, NULL))
    {
      g_ptr_array_add (models, g_steal_pointer (&model));
      g_ptr_array_add (table_models, (gpointer)peak.model);
    }
  if (entry != NULL && st_json_object_get_string_or (entry, "name", "")[0] == '\0')
    self->device_unnamed = TRUE;
  if (entry != NULL && self->memory_bytes < 0 && self->compute_capability == NULL)
    read_entry (self, entry);
  if (self->vendor == ST_VENDOR_UNKNOWN)
    self->vendor = vendor_of_entry (peak.name, entry);
  if (self->device_kind == NULL)
    self->device_kind = device_kind (device->label);
  st_device_peak_clear (&peak);
}

static void
read_devices (StEnvironment *self, StTrace *trace, StDeviceWork *work)
{
  guint                 n_files = st_trace_get_n_files (trace);
  g_autofree JsonNode **nodes = g_new0 (JsonNode *, MAX (n_files, 1));
  g_autoptr (GPtrArray) models = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) table_models = g_ptr_array_new ();

  self->device_count = st_device_work_get_n_devices (work);
  for (guint d = 0; d < self->device_count; d++)
    {
      const StDevice *device = st_device_work_get_device (work, d);

      read_device (self, trace, device, properties_of (trace, nodes, device->file), models,
                   table_models);
    }
  for (guint f = 0; f < n_files; f++)
    g_clear_pointer (&nodes[f], json_node_unref);
  if (models->len == 0)
    return;
  g_ptr_array_add (models, NULL);
  self->device_model = g_strjoinv (" + ", (char **)models->pdata);
  if (!g_ptr_array_find (table_models, NULL, NULL))
    {
      g_ptr_array_add (table_models, NULL);
      self->device_table_model = g_strjoinv (" + ", (char **)table_models->pdata);
    }
}

/* --- the host tracks ------------------------------------------------------------ */

enum
{
  NAME_GRAPH = 1 << 0,
  NAME_COMPILED = 1 << 1,
  NAME_MATRIX = 1 << 2,
  NAME_HIP = 1 << 3,
  NAME_CUDA = 1 << 4,
};

static guint8
name_flags (const char *name)
{
  static const char *const graphs[] = { "cudaGraphLaunch", "cuGraphLaunch", "hipGraphLaunch" };
  static const char *const matrix[]
      = { "aten::mm",     "aten::addmm",  "aten::bmm",        "aten::baddbmm",
          "aten::matmul", "aten::linear", "aten::_scaled_mm", "aten::convolution" };
  guint8 flags = 0;

  for (guint i = 0; i < G_N_ELEMENTS (graphs); i++)
    if (g_str_has_prefix (name, graphs[i]))
      flags |= NAME_GRAPH;
  if (st_operation_name_is_compiled (name, FALSE))
    flags |= NAME_COMPILED;
  for (guint i = 0; i < G_N_ELEMENTS (matrix); i++)
    if (g_str_equal (name, matrix[i]))
      flags |= NAME_MATRIX;
  switch (st_operation_name_runtime_call (name))
    {
    case ST_RUNTIME_CALL_HIP: flags |= NAME_HIP; break;
    case ST_RUNTIME_CALL_CUDA: flags |= NAME_CUDA; break;
    default: break;
    }
  return flags;
}

typedef struct
{
  StEnvironment     *env;
  StTrace           *trace;
  StEventClassifier *classes;
  guint              dtype_ops; /* matrix ops read */
  gboolean           hip_launch;
  gboolean           cuda_launch;
} Walk;

static void
read_dtype (Walk *w, const StSlice *s)
{
  const char *text;
  gsize       length;
  StFlopType  type;
  const char *name;

  w->dtype_ops++;
  if (!st_event_scan_raw (w->trace, s->offset, "args", "Input type", &text, &length))
    return;
  type = st_flop_type_from_input_types (text, length);
  name = st_flop_type_to_string (type);
  if (type != ST_FLOP_UNKNOWN && !g_ptr_array_find (w->env->dtypes, name, NULL))
    g_ptr_array_add (w->env->dtypes, (gpointer)name);
}

static void
visit (Walk *w, const StSlice *s, guint8 flags)
{
  if (flags & NAME_GRAPH)
    w->env->graph_launches++;
  if (flags & NAME_COMPILED)
    w->env->compiled_regions++;
  if ((flags & NAME_MATRIX) && w->dtype_ops < MAX_DTYPE_OPS)
    read_dtype (w, s);
  if ((flags & (NAME_HIP | NAME_CUDA))
      && st_event_classifier_work (w->classes, s) == ST_WORK_LAUNCH)
    {
      w->hip_launch |= (flags & NAME_HIP) != 0;
      w->cuda_launch |= (flags & NAME_CUDA) != 0;
    }
}

static gboolean
walk_host (Walk *w, StDeviceWork *work, GCancellable *cancellable)
{
  guint              n_strings = st_trace_get_n_strings (w->trace);
  g_autofree guint8 *flags = g_new0 (guint8, n_strings + 1);
  guint64            seen = 0;

  for (guint id = 0; id < n_strings; id++)
    flags[id] = name_flags (st_trace_get_string (w->trace, id));
  for (guint t = 0; t < st_trace_get_n_tracks (w->trace); t++)
    {
      const StTrack *track = st_trace_get_track (w->trace, t);

      if (track->kind != ST_TRACK_SLICES || st_device_work_get_track_device (work, t) >= 0)
        continue;
      for (guint i = 0; i < track->n_slices; i++)
        {
          const StSlice *s = &track->slices[i];

          if (++seen % 65536 == 0 && g_cancellable_is_cancelled (cancellable))
            return FALSE;
          if (s->name < n_strings && flags[s->name] != 0)
            visit (w, s, flags[s->name]);
        }
    }
  return TRUE;
}

/* --- the vendor and the whole --------------------------------------------------- */

/* 8.11's vendor rules 2 to 4, when the devices' entries said nothing. */
static StVendor
vendor_otherwise (StEnvironment *self, const Walk *w)
{
  if (self->device_kind != NULL && g_str_equal (self->device_kind, "NeuronCore"))
    return ST_VENDOR_AWS;
  if (self->device_kind != NULL && g_str_equal (self->device_kind, "MTIA"))
    return ST_VENDOR_META;
  for (guint v = ST_ENV_HIP_RUNTIME_VERSION; v <= ST_ENV_ROCTRACER_VERSION; v++)
    if (self->versions[v - ST_ENV_FIRST_VERSION] != NULL)
      return ST_VENDOR_AMD;
  for (guint v = ST_ENV_CUPTI_VERSION; v <= ST_ENV_CUDA_DRIVER_VERSION; v++)
    if (self->versions[v - ST_ENV_FIRST_VERSION] != NULL)
      return ST_VENDOR_NVIDIA;
  if (w->hip_launch)
    return ST_VENDOR_AMD;
  return w->cuda_launch ? ST_VENDOR_NVIDIA : ST_VENDOR_UNKNOWN;
}

StEnvironment *
st_environment_read (StTrace *trace, GCancellable *cancellable)
{
  g_autoptr (StEnvironment) self = g_new0 (StEnvironment, 1);
  StDeviceWork             *work;
  Walk                      w = { 0 };

  g_return_val_if_fail (ST_IS_TRACE (trace), NULL);

  work = st_device_work_ensure (trace, cancellable);
  if (work == NULL)
    return NULL;
  self->memory_bytes = self->multiprocessors = self->world_size = -1;
  self->dtypes = g_ptr_array_new ();
  read_metadata (self, trace);
  read_devices (self, trace, work);
  w = (Walk){ self, trace, st_device_work_get_classifier (work), 0, FALSE, FALSE };
  if (!walk_host (&w, work, cancellable))
    return NULL;
  if (self->vendor == ST_VENDOR_UNKNOWN)
    self->vendor = vendor_otherwise (self, &w);
  return g_steal_pointer (&self);
}

void
st_environment_free (StEnvironment *self)
{
  if (self == NULL)
    return;
  g_free (self->trace_type);
  g_free (self->schema_version);
  g_free (self->device_model);
  g_free (self->device_table_model);
  g_free (self->device_kind);
  g_free (self->compute_capability);
  g_free (self->ranks);
  g_free (self->backend);
  for (guint v = 0; v < ST_N_ENV_VERSIONS; v++)
    g_free (self->versions[v]);
  g_clear_pointer (&self->dtypes, g_ptr_array_unref);
  g_free (self);
}

/* --- as text --------------------------------------------------------------------- */

const char *
st_vendor_to_string (StVendor vendor)
{
  static const char *const names[] = { NULL, "NVIDIA", "AMD", "AWS", "Meta" };

  return (guint)vendor < G_N_ELEMENTS (names) ? names[vendor] : NULL;
}

const char *
st_environment_field_to_string (StEnvironmentField field)
{
  g_return_val_if_fail ((guint)field < ST_N_ENV_FIELDS, NULL);
  return fields[field].id;
}

const char *
st_environment_field_get_title (StEnvironmentField field)
{
  g_return_val_if_fail ((guint)field < ST_N_ENV_FIELDS, NULL);
  return _ (fields[field].title);
}

static char *
count_text (guint64 count)
{
  return count > 0 ? st_format_count (count) : g_strdup (_ ("none"));
}

static char *
number_text (gint64 value)
{
  return value >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, value) : NULL;
}

/* "bf16, fp32"; NULL for none. */
static char *
join_dtypes (GPtrArray *dtypes)
{
  GString *out;

  if (dtypes->len == 0)
    return NULL;
  out = g_string_new (NULL);
  for (guint i = 0; i < dtypes->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            (const char *)g_ptr_array_index (dtypes, i));
  return g_string_free (out, FALSE);
}

char *
st_environment_dup_text (const StEnvironment *self, StEnvironmentField field)
{
  g_return_val_if_fail (self != NULL && (guint)field < ST_N_ENV_FIELDS, NULL);

  if (field >= ST_ENV_FIRST_VERSION && field <= ST_ENV_NCCL_VERSION)
    return g_strdup (self->versions[field - ST_ENV_FIRST_VERSION]);
  switch (field)
    {
    case ST_ENV_TRACE_TYPE: return g_strdup (self->trace_type);
    case ST_ENV_SCHEMA_VERSION: return g_strdup (self->schema_version);
    case ST_ENV_VENDOR: return g_strdup (st_vendor_to_string (self->vendor));
    case ST_ENV_DEVICE_MODEL: return g_strdup (self->device_model);
    case ST_ENV_DEVICE_COUNT: return g_strdup_printf ("%u", self->device_count);
    case ST_ENV_MEMORY:
      return self->memory_bytes >= 0
                 ? g_format_size_full ((guint64)self->memory_bytes, G_FORMAT_SIZE_IEC_UNITS)
                 : NULL;
    case ST_ENV_COMPUTE_CAPABILITY: return g_strdup (self->compute_capability);
    case ST_ENV_MULTIPROCESSORS: return number_text (self->multiprocessors);
    case ST_ENV_WORLD_SIZE: return number_text (self->world_size);
    case ST_ENV_RANKS: return g_strdup (self->ranks);
    case ST_ENV_BACKEND: return g_strdup (self->backend);
    case ST_ENV_DTYPES: return join_dtypes (self->dtypes);
    case ST_ENV_GRAPH_LAUNCHES: return count_text (self->graph_launches);
    case ST_ENV_COMPILED_REGIONS: return count_text (self->compiled_regions);
    default: return NULL;
    }
}

gboolean
st_environment_has (const StEnvironment *self, StEnvironmentField field)
{
  g_autofree char *text = st_environment_dup_text (self, field);

  return text != NULL;
}
