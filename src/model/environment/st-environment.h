/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-environment.h: what a profile ran on (docs/metrics.md 8.11): its
 * devices (model, count, memory, compute capability), vendor, world size
 * and rank, the runtime versions its metadata names, the data types of its
 * first matrix ops, and whether it launched CUDA/HIP graphs or ran compiled
 * regions. Read from the metadata and one pass over the host tracks; a
 * field the profile does not say is unknown, never guessed.
 *
 * Every field also reads as text (st_environment_dup_text), the form the
 * window, `strata-cli diff` and the differences (st-environment-diff.h)
 * share. No GTK; any thread. */
#pragma once

#include "st-trace.h"

G_BEGIN_DECLS

typedef enum
{
  ST_VENDOR_UNKNOWN,
  ST_VENDOR_NVIDIA,
  ST_VENDOR_AMD,
  ST_VENDOR_AWS,  /* Neuron */
  ST_VENDOR_META, /* MTIA */
} StVendor;

/* The fields of 8.11, in the order they are shown. */
typedef enum
{
  ST_ENV_TRACE_TYPE,
  ST_ENV_SCHEMA_VERSION,
  ST_ENV_VENDOR,
  ST_ENV_DEVICE_MODEL,
  ST_ENV_DEVICE_COUNT,
  ST_ENV_MEMORY,
  ST_ENV_COMPUTE_CAPABILITY,
  ST_ENV_MULTIPROCESSORS,
  ST_ENV_WORLD_SIZE,
  ST_ENV_RANKS,
  ST_ENV_BACKEND,
  ST_ENV_CUPTI_VERSION, /* the versions, each as written */
  ST_ENV_CUDA_RUNTIME_VERSION,
  ST_ENV_CUDA_DRIVER_VERSION,
  ST_ENV_HIP_RUNTIME_VERSION,
  ST_ENV_HIP_DRIVER_VERSION,
  ST_ENV_HIP_VERSION,
  ST_ENV_ROCTRACER_VERSION,
  ST_ENV_NCCL_VERSION,
  ST_ENV_DTYPES,
  ST_ENV_GRAPH_LAUNCHES,
  ST_ENV_COMPILED_REGIONS,
  ST_N_ENV_FIELDS
} StEnvironmentField;

#define ST_ENV_FIRST_VERSION ST_ENV_CUPTI_VERSION
#define ST_N_ENV_VERSIONS    (ST_ENV_NCCL_VERSION - ST_ENV_CUPTI_VERSION + 1)

typedef struct
{
  char    *trace_type;     /* "chrome-json (kineto)" */
  char    *schema_version; /* as written; NULL when unknown (so every char* below) */
  StVendor vendor;
  char    *device_model; /* "NVIDIA A100-SXM4-80GB", several joined with " + " */
  /* The models 13.4's peak table finds for the devices ("A100"), joined
   * alike; NULL when it does not know one: what two device models are
   * compared by when an entry has no name of its own. */
  char      *device_table_model;
  gboolean   device_unnamed;     /* an entry's name was empty: its model is its architecture */
  char      *device_kind;        /* "GPU", "NeuronCore", "MTIA" */
  guint      device_count;       /* devices with device work (docs/metrics.md 1.1) */
  gint64     memory_bytes;       /* the first device's totalGlobalMem; -1 when unknown */
  char      *compute_capability; /* "8.0" */
  gint64     multiprocessors;    /* numSms; -1 when unknown */
  gint64     world_size;         /* -1 when unknown */
  char      *ranks;              /* "0", "0, 1" */
  char      *backend;            /* "nccl" */
  char      *versions[ST_N_ENV_VERSIONS]; /* from ST_ENV_FIRST_VERSION on */
  GPtrArray *dtypes;                      /* static strings: "bf16", "fp32", … */
  guint64    graph_launches;
  guint64    compiled_regions;
} StEnvironment;

/* The environment of @trace; NULL when @cancellable was cancelled. */
StEnvironment *st_environment_read (StTrace *trace, GCancellable *cancellable);
void           st_environment_free (StEnvironment *self);

/* "NVIDIA", "AMD", "AWS", "Meta"; NULL when unknown. */
const char *st_vendor_to_string (StVendor vendor);

/* "device_model", …: the keys of `strata-cli diff --json` (a version's is
 * its metadata key: "cuda_runtime_version"). */
const char *st_environment_field_to_string (StEnvironmentField field);
/* "Device", "World size", …, translated. */
const char *st_environment_field_get_title (StEnvironmentField field);
/* The field as people read it ("39.4 GiB", "bf16, fp32", "none"); NULL
 * when unknown. */
char *st_environment_dup_text (const StEnvironment *self, StEnvironmentField field);
/* Whether the profile says the field (a count of graph launches or
 * compiled regions always is: 0 is "none"). */
gboolean st_environment_has (const StEnvironment *self, StEnvironmentField field);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StEnvironment, st_environment_free)

G_END_DECLS
