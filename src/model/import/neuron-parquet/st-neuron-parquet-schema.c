/* SPDX-License-Identifier: GPL-3.0-or-later */
/* st-neuron-parquet-schema.c: the tables and fields of schema 7.4.0 of the
 * Profile Parquet Schema Reference, and what a profile of another schema
 * holds that Strata could not read or does not know
 * (docs/formats-neuron-parquet.md, "The schema version").
 */
#define G_LOG_DOMAIN "strata-model"

#include "config.h"

#include "st-neuron-parquet-private.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* Every table of schema 7.4.0 (the transient MemoryBandwidth* types are
 * not written). */
static const char *const known_tables[] = {
  "ActiveTime",
  "AssemblyInstruction",
  "BirInstruction",
  "CcInstruction",
  "CcOp",
  "CcStream",
  "CoreBarriers",
  "CpuUsage",
  "DeviceProfileList",
  "DmaPacket",
  "DmaPacketAggregated",
  "DmaQueuesInfo",
  "DmaUsage",
  "DmaUsageSummary",
  "Error",
  "ExecutionInfo",
  "Flow",
  "FrameworkInstruction",
  "FrameworkNode",
  "HbmUsage",
  "HbmUsageSummaryByType",
  "HloInstruction",
  "HostMemUsage",
  "Instruction",
  "KernelInstructions",
  "KernelIterationVariables",
  "KernelStackFrames",
  "Metadata",
  "NeffHeader",
  "OpcodeSummary",
  "PendingDma",
  "PenguinInstruction",
  "PsumUsage",
  "SbufAllocation",
  "SbufUsage",
  "SchemaFields",
  "SemaphoreUpdate",
  "StackFrame",
  "StackFrameFileLocation",
  "StackFrameFileName",
  "StackFrameFunctionName",
  "Summary",
  "SystemProfileEvents",
  "SystemProfileHbmUsage",
  "SystemProfileMetadata",
  "TensorInfo",
  "Throttle",
  "ThrottleSummary",
  "Warning",
};

/* The tables Strata reads, and for those whose fields it reads by name,
 * every field of 7.4.0: a field beyond these is one it does not know. The
 * Summary, Metadata and usage tables are read whole: their new fields are
 * shown like the others. */
static const char *const instruction_fields[] = {
  "start_ts",
  "end_ts",
  "duration_ns",
  "engine",
  "timeline_track",
  "pcore_idx",
  "opcode",
  "operands",
  "compiler_opcode",
  "compiler_operands",
  "id",
  "pc",
  "compiler_pc",
  "penguin_id",
  "raw_penguin_id",
  "bir_id",
  "raw_bir_id",
  "bir_instruction_name",
  "kernel_instruction_name",
  "crc_in",
  "crc_out",
  "evt_wait_time_ns",
  "hlo_attrs",
  "hlo_name",
  "raw_hlo_id",
  "raw_framework_id",
  "layer",
  "stack_frame_ids",
  "nki_source_location",
  "bir_debug_info_source_location",
  "dma_trigger_start_ts",
  "dma_trigger_end_ts",
  "dma_wait_time_ns",
  "instruction_chain",
  "hbm_read_bytes",
  "hbm_write_bytes",
  "sbuf_read_bytes",
  "sbuf_write_bytes",
  "spill_save_bytes",
  "spill_reload_bytes",
  "psum_read_bytes",
  "psum_write_bytes",
  "psum_read_sbuf_write_bytes",
  "input_queue_bytes",
  "output_queue_bytes",
  "weight_queue_bytes",
  "performance_mode",
  "tensor_instruction_type",
  "tensor_elements",
  "raw_flops",
  "adjusted_flops",
  "tensor_elements_transpose",
  "flops_transpose",
  "adjusted_flops_transpose",
  "scalar_activation_fn",
  NULL,
};

static const char *const dma_packet_fields[] = {
  "start_ts",
  "end_ts",
  "duration_ns",
  "pcore_idx",
  "id",
  "packet_idx",
  "packet_aggregation_id",
  "engine_idx",
  "read_bytes",
  "write_bytes",
  "transfer_bytes",
  "throughput",
  "queue_type",
  "variable",
  "queue_name",
  "queue_idx",
  "crc",
  NULL,
};

static const char *const dma_aggregated_fields[] = {
  "start_ts",
  "end_ts",
  "duration_ns",
  "id",
  "pcore_idx",
  "block_id",
  "queue_idx",
  "queue_name",
  "queue_type",
  "op",
  "variable",
  "read_bytes",
  "write_bytes",
  "transfer_bytes",
  "throughput",
  "source",
  "dest",
  "semaphore_id",
  "modular_flow_function",
  "read_sbuf_partitions",
  "read_num_sbuf_partitions",
  "read_shape",
  "read_offset",
  "read_steps",
  "write_sbuf_partitions",
  "write_num_sbuf_partitions",
  "write_shape",
  "write_offset",
  "write_steps",
  "is_transpose_mode",
  "transpose_element_size",
  "transpose_shape",
  "transpose_from_shape",
  "transpose_to_shape",
  "transpose_unroll_factor",
  "trigger",
  "completion",
  NULL,
};

static const char *const active_time_fields[] = {
  "start_ts", "end_ts", "engine", "pcore_idx", "duration_ns", NULL,
};

static const char *const semaphore_fields[] = {
  "timestamp",
  "id",
  "value",
  "update_source",
  "double_set_or_clear",
  "update_mode",
  "update_operation_type",
  "update_trigger_timing",
  "pcore_idx",
  NULL,
};

static const char *const pending_dma_fields[] = { "timestamp", "value", "pcore_idx", NULL };
static const char *const warning_fields[] = { "message", "category", NULL };
static const char *const schema_fields_fields[] = {
  "table_name",    "table_description", "field_name",   "field_description", "field_example",
  "field_type",    "field_required",    "field_format", "field_unit",        "field_minimum",
  "field_maximum", "field_enum_values", NULL,
};

static const struct
{
  const char        *table;
  const char *const *fields; /* NULL: read whole */
} read_tables[] = {
  { "Instruction", instruction_fields },
  { "DmaPacket", dma_packet_fields },
  { "DmaPacketAggregated", dma_aggregated_fields },
  { "ActiveTime", active_time_fields },
  { "SemaphoreUpdate", semaphore_fields },
  { "PendingDma", pending_dma_fields },
  { "Warning", warning_fields },
  { "SchemaFields", schema_fields_fields },
  { "Summary", NULL },
  { "Metadata", NULL },
  { "DmaUsage", NULL },
  { "HbmUsage", NULL },
  { "SbufUsage", NULL },
  { "PsumUsage", NULL },
};

gboolean
np_table_is_known (const char *table)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_tables); i++)
    if (g_str_equal (known_tables[i], table))
      return TRUE;
  return FALSE;
}

gboolean
np_table_is_read (const char *table)
{
  for (guint i = 0; i < G_N_ELEMENTS (read_tables); i++)
    if (g_str_equal (read_tables[i].table, table))
      return TRUE;
  return FALSE;
}

static gboolean
is_newer (const StNeuronParquet *np)
{
  return np->major > ST_NEURON_PARQUET_SCHEMA_MAJOR
         || (np->major == ST_NEURON_PARQUET_SCHEMA_MAJOR
             && np->minor > ST_NEURON_PARQUET_SCHEMA_MINOR);
}

static void
note (GPtrArray *notes, char *text)
{
  for (guint i = 0; i < notes->len; i++)
    if (g_str_equal (g_ptr_array_index (notes, i), text))
      {
        g_free (text);
        return;
      }
  g_ptr_array_add (notes, text);
}

/* In a profile of a newer schema, notes the fields of the part being read
 * that 7.4.0 does not have. */
void
np_check_fields (NpBatch *b)
{
  const char *const *fields = NULL;

  if (!is_newer (b->np))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (read_tables); i++)
    if (g_str_equal (read_tables[i].table, b->table))
      fields = read_tables[i].fields;
  for (guint c = 0; fields != NULL && c < st_parquet_file_get_n_columns (b->file); c++)
    {
      const char *name = st_parquet_file_get_column (b->file, c)->name;

      if (!g_strv_contains (fields, name))
        note (b->np->unknown_fields, g_strdup_printf ("%s.%s", b->table, name));
    }
}

/* A field Strata needs that the profile lacks or holds as another type. */
void
np_cannot_read (StNeuronParquet *np, const char *table, const char *field, const char *why)
{
  note (np->cannot_read, g_strdup_printf ("%s.%s (%s)", table, field, _ (why)));
}

/* "MAJOR.MINOR.PATCH"; FALSE when @text is not a version. */
gboolean
np_parse_version (StNeuronParquet *np, const char *text, gsize len)
{
  g_autofree char *copy = g_strndup (text, len);
  g_auto (GStrv)   parts = g_strsplit (copy, ".", -1);
  guint64          major, minor;

  if (g_strv_length (parts) < 2 || !g_ascii_string_to_unsigned (parts[0], 10, 0, 9999, &major, NULL)
      || !g_ascii_string_to_unsigned (parts[1], 10, 0, 9999, &minor, NULL))
    return FALSE;
  g_free (np->version);
  np->version = g_steal_pointer (&copy);
  np->major = (gint)major;
  np->minor = (gint)minor;
  return TRUE;
}

static void
append_list (GString *out, const char *heading, GPtrArray *items)
{
  if (items->len == 0)
    return;
  g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", heading);
  for (guint i = 0; i < items->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : " ", (char *)g_ptr_array_index (items, i));
}

/* One warning: the version when it is newer, what could not be read, what
 * Strata does not know. */
void
np_warn_schema (StNeuronParquet *np)
{
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean            newer = is_newer (np);

  if (newer)
    {
      g_string_append_printf (text, _ ("Schema %s is newer than %d.%d.%d, which Strata reads."),
                              np->version, ST_NEURON_PARQUET_SCHEMA_MAJOR,
                              ST_NEURON_PARQUET_SCHEMA_MINOR, ST_NEURON_PARQUET_SCHEMA_PATCH);
      if (np->major > ST_NEURON_PARQUET_SCHEMA_MAJOR)
        g_string_append_printf (text, " %s",
                                _ ("A new major version may have renamed, retyped or removed "
                                   "fields: what Strata read may be incomplete."));
    }
  append_list (text, _ ("Could not read:"), np->cannot_read);
  if (newer)
    {
      append_list (text, _ ("Fields Strata does not know (not shown):"), np->unknown_fields);
      append_list (text, _ ("Tables Strata does not know:"), np->unknown_tables);
    }
  if (text->len > 0)
    st_builder_shard_warn (np->sink.shard, ST_WARNING_SCHEMA, G_MAXUINT64, "%s", text->str);
}
